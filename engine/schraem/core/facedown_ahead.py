"""The cards made public at a face-down table (core/facedown.py `Phone`):
each phone's shares of the cards of the seat due to play, worked out while
the people think and the other seats' shown ahead in one message, so that
a card played opens on every phone with its `play`; and a card played
opened on the sum of its shares, the proof of its holder's share checked
with the phone's next request, before it takes or says anything more, the
others' only where it does not open as named (docs/FACE_DOWN.md, "The
messages, in order")."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..crypto import Ciphertext, Element, EqualLogsProof, verify_equal_logs
from .facedown_deck import c1_encoding, card_point, cards_by_encoding, composite, digest, paired_with_c1
from .facedown_wire import (
    BadMessage,
    Fault,
    HandPlan,
    Message,
    Verdict,
    context_for,
    fault,
    read_element,
    read_list,
    read_logs_proof,
    read_places,
    with_hints,
)

# The composite of a `shows`: its weights are hashed under this kind.
SHOWS = b"shows"


def shows_context(plan_context: bytes, seat: int, places: Sequence[int]) -> bytes:
    return context_for(plan_context, "shows", seat, *places)


@dataclass(eq=False)
class Shown:
    """One phone's shares of several cards shown ahead in one message
    (`shows`) and the one proof for them all: the batched Chaum–Pedersen
    proof of RFC 9497 §2.2.1 over the places' C1 and the shares, as the
    answers to a request carry theirs. A proof a share cost a phone twice
    the multiplications to make. Checked once, for every place it holds
    (`held`), where a card of it does not open as named."""

    seat: int
    places: list[int]
    shares: list[Element]
    encodings: list[bytes]  # each share as it travelled
    proof: EqualLogsProof
    said: str  # the proof as it travelled
    # The composite's kind and context: a `shows`' own, or those of the
    # sealed answer whose key was shown (core/facedown_open.py).
    kind: bytes = SHOWS
    context: bytes | None = None
    held: bool | None = None

    def valid(self, key: Element, deck: Sequence[Ciphertext], spelled: bytes, plan_context: bytes) -> bool:
        """Whether its proof holds for the places of `deck` (`spelled`: the
        deck as it travelled, whose C1 the weights are hashed over)."""
        if self.held is None:
            context = self.context_in(plan_context)
            encodings = paired_with_c1(spelled, self.places, self.encodings)
            m, z = composite(self.kind, context, [(deck[p].c1, s) for p, s in zip(self.places, self.shares)], encodings)
            self.held = verify_equal_logs(key, m, z, self.proof, context)
        return self.held

    def context_in(self, plan_context: bytes) -> bytes:
        return shows_context(plan_context, self.seat, self.places) if self.context is None else self.context

    def memo(self, spelled: bytes, plan_context: bytes) -> bytes:
        """Everything its check reads: the phones simulated in one process
        check it once (core/facedown.py `shared`)."""
        c1s = (c1_encoding(spelled, p) for p in self.places)
        head = (plan_context, self.kind, self.context_in(plan_context), str(self.seat).encode(), self.said.encode())
        return digest(*head, *self.encodings, *c1s)


# What proves a share of a card made public: its own proof, or its `shows`' one.
ShareProof = EqualLogsProof | Shown


def read_shows(msg: Message, sender: int, size: int) -> list[tuple[int, Element, ShareProof]]:
    """A `shows` as read: each place, its share and the proof that covers
    it (one for them all; a save from before that holds one a share)."""
    places = read_places(msg.get("places"), size)
    read = [read_element(v) for v in read_list(msg.get("shares"), len(places))]
    shares = [share for share, _ in read]
    if "proofs" in msg:
        return list(zip(places, shares, [read_logs_proof(v) for v in read_list(msg.get("proofs"), len(places))]))
    shown = Shown(sender, places, shares, [e for _, e in read], read_logs_proof(msg.get("proof")), str(msg.get("proof")))
    return [(place, share, shown) for place, share in zip(places, shares)]


@dataclass
class Play:
    """A card made public: played by its holder, or uncovered by the rules
    (a discard turned up or challenged under four courts: `uncovered`, its
    card known only once every share is in)."""

    seat: int
    place: int
    card: str
    uncovered: bool = False
    shows: dict[int, tuple[Element, ShareProof]] = field(default_factory=dict)


class PublicCards:
    """A phone's side of the cards made public: what `Phone` keeps of them
    and its arithmetic (its share, its checks of the others') it supplies."""

    plan: HandPlan
    seat: int
    spelled: dict[int, bytes]
    owner: dict[int, int]
    draws: list[tuple[int, list[int]]]
    plays: list[Play]
    cards: dict[int, str]
    seen: dict[int, str]
    faults: list[Verdict]
    early: dict[int, dict[int, tuple[Element, ShareProof]]]
    unchecked: list[Play]
    hosted: set[int]
    _shown: set[int]
    _ahead: dict[int, tuple[str, str]]

    def _share_of(self, place: int) -> tuple[str, str]:
        raise NotImplementedError

    def _bare_share(self, place: int) -> str:
        raise NotImplementedError

    def _shows_proof(self, places: Sequence[int], shares: Sequence[str]) -> str:
        raise NotImplementedError

    def _made_shows(self, shares: Sequence[str], proof: str) -> None:
        raise NotImplementedError

    def _said_share(self, place: int) -> tuple[str, str]:
        raise NotImplementedError

    def _check_shares(self, place: int, shows: dict[int, tuple[Element, ShareProof]], de: str, en: str) -> None:
        raise NotImplementedError

    def _note(self, verdict: Verdict) -> None:
        raise NotImplementedError

    def final_deck(self) -> list[Ciphertext]:
        raise NotImplementedError

    def show_ahead(self, seats: Collection[int]) -> list[Message] | None:
        """Work out its share of one card of `seats` not yet public, with its
        proof: every phone waits for every share of a card played before it
        can open it, so each works them out while the people think. Once it
        has them all, it sends its shares of the other seats' cards in one
        message (`shows`), so that each card opens with its play; its share
        of its own card it keeps until it plays it (with the others' shown,
        its own would open the card for everyone), in memory only (a reload
        works it out again). → the message to send (none while it works
        them out), or None: nothing left to do (or the deck not dealt yet)."""
        if len(self.spelled) < self.plan.seats:
            return None
        due = self._due(seats)
        keyed = self._shown_by_key(seats, due)
        if keyed is not None:
            return [keyed]
        place = next((p for p in due if p not in self._ahead), None)
        if place is not None:
            # (Its own card's share with its proof, for its play; the others'
            # bare: one proof goes with them all.)
            self._ahead[place] = self._share_of(place) if self.owner.get(place) == self.seat else (self._bare_share(place), "")
            return []
        ready = [p for p in due if self.owner.get(p) != self.seat]
        return [self.show_early(ready)] if ready else None

    def _shown_by_key(self, seats: Collection[int], due: Sequence[int]) -> Message | None:
        """Shares of `due` this phone can show with no work (none here;
        `Openings`: those its sealed answer carried, by that answer's key)."""
        return None

    def _due(self, seats: Collection[int]) -> list[int]:
        """The places of `seats` not public yet whose share this phone has not said."""
        public = {p.place for p in self.plays}
        return [
            p
            for s in sorted(seats)
            for p in self.holding(s)
            if p not in public and p not in self._shown and self.seat not in self.early.get(p, {})
        ]

    def show_early(self, places: Sequence[int], said: Message | None = None) -> Message:
        """Its shares of other seats' cards not public yet, sent ahead in one
        message with one proof for them all (`said`: that message as it was
        said before a reload, said again)."""
        if said is not None and "proofs" in said:
            # (Said by the app before the one proof: a proof a share.)
            self._ahead.update({p: (str(a), str(b)) for p, a, b in zip(places, said["shares"], said["proofs"])})
            made = [self._said_share(p) for p in places]
            return with_hints(
                {
                    "kind": "shows",
                    "seat": self.seat,
                    "places": list(places),
                    "shares": [a for a, _ in made],
                    "proofs": [b for _, b in made],
                }
            )
        if said is not None:
            shares, proof = [str(a) for a in said["shares"]], str(said["proof"])
        else:
            shares = [ahead[0] if (ahead := self._ahead.get(p)) else self._bare_share(p) for p in places]
            proof = self._shows_proof(places, shares)
        for p in places:
            self._ahead.pop(p, None)
        self._shown.update(places)
        self._made_shows(shares, proof)
        return with_hints({"kind": "shows", "seat": self.seat, "places": list(places), "shares": shares, "proof": proof})

    def holding(self, seat: int) -> list[int]:
        """The places `seat` holds in its hand, as far as every phone knows:
        those it was dealt, or those it drew last (the exchange takes a
        whole new hand from the stock)."""
        drawn = [taken for s, taken in self.draws if s == seat]
        return list(drawn[-1]) if drawn else list(self.plan.dealt[seat - 1]) if seat <= len(self.plan.dealt) else []

    def _on_show(self, place: int, share: Element, proof: ShareProof, sender: int) -> None:
        play = next((p for p in self.plays if p.place == place), None)
        if play is None:
            # Ahead of the play: only another phone's share of a seat's card
            # (its holder's own would open it to every phone).
            owner = self.owner.get(place)
            early = self.early.setdefault(place, {})
            if owner is None or owner == sender or sender in early:
                raise BadMessage("a share for no card played")
            early[sender] = (share, proof)
            return
        if sender in play.shows:
            raise BadMessage("a share for no card played")
        play.shows[sender] = (share, proof)
        self._complete(play)

    def _complete(self, play: Play) -> None:
        """Open a card made public once every phone's share of it is in. A
        card played opens when its shares add up to the card named; the
        proof of its holder's share is checked next, before this phone
        takes or says anything more (`check_opened`): the card is on every
        screen one proof check sooner. The others' shares are not checked
        one by one while the hand runs: only the holder knows the card, so
        a wrong share of another phone opens no card, let alone the one
        named (with chance 32/ℓ), and then every proof is checked at once,
        to name whose share is wrong before the player is named. Every
        share is checked after the hand against its phone's secret."""
        if len(play.shows) < self.plan.seats or play.place in self.seen:
            return
        total = Element.identity()
        for s, _ in play.shows.values():
            total = total + s
        point = self.final_deck()[play.place].c2 - total
        if play.uncovered:
            self._check_shows(play, every=True)
            card = cards_by_encoding(self.plan.cards).get(point.encode())
            if card is None:
                raise Fault(
                    Verdict.unchecked(
                        "eine aufgedeckte Karte ließ sich nicht öffnen; das Mischen wird nach dem Spiel geprüft",
                        "a card uncovered would not open; the shuffles are checked after the hand",
                    )
                )
            play.card = card
        elif point != card_point(play.card) or self._lies_elsewhere(play):
            # (A card this phone knows at another place opened here: a share
            # steered by a phone the holder told its card. Every share says whose.)
            self._check_shows(play, every=True)
            raise fault(
                play.seat,
                f"hat {play.card} gespielt, aber an seiner Stelle liegt eine andere Karte",
                f"played {play.card}, but another card lies at its place",
            )
        else:
            self.unchecked.append(play)
        self.seen[play.place] = play.card

    def _lies_elsewhere(self, play: Play) -> bool:
        """Whether the card named lies at another place this phone knows:
        one of its own, or one played before."""
        return any(c == play.card and p != play.place for known in (self.cards, self.seen) for p, c in known.items())

    def check_every_share(self) -> None:
        """Every share of every card made public checked, at once: another
        phone said it found a fault, and this phone does not take its
        word (a card may have opened here as another by a share steered
        for its holder, which only a phone that knows that card can tell)."""
        self._check_plays([play for play in self.plays if play.place in self.seen], every=True)

    def check_opened(self) -> bool:
        """The proofs of the holders' shares of the cards opened since the
        last time (`_complete`); a wrong one names its holder, as a fault
        of this hand. → whether there was any to check."""
        if not self.unchecked:
            return False
        plays, self.unchecked = self.unchecked, []
        self._check_plays(plays)
        return True

    def _check_plays(self, plays: list[Play], every: bool = False) -> None:
        """`_check_shows` of each; the first wrong share found is a fault of this hand."""
        try:
            for play in plays:
                self._check_shows(play, every)
        except Fault as f:
            self._note(f.verdict)

    def _check_shows(self, play: Play, every: bool = False) -> None:
        """The proof of the holder's share of a card made public, the one
        share that could steer its card to another (its holder knows the
        card), and where the host's phone plays the holder, the shares of
        every seat that phone plays; with `every`, the proofs of all its
        shares, together."""
        device = self.hosted if play.seat in self.hosted else {play.seat}
        todo = play.shows if every else {s: v for s, v in play.shows.items() if s in device}
        self._check_shares(play.place, todo, f"die gespielte {play.card}", f"the {play.card} played")
