"""Dealing face down at a table of phones: every phone shuffles, no phone
sees a card it was not dealt, and every phone checks the hand after it.

The protocol around the standard pieces of `schraem.crypto` (ElGamal under
a joint key, re-randomising, decryption shares, Schnorr and Chaum–Pedersen
proofs); docs/FACE_DOWN.md says what each phone sends, to whom and when,
and what each can and cannot learn. In short, per hand:

1. `key`: each phone's public key with a Schnorr proof bound to the table,
   the hand and the seat, and a hash commitment to its shuffle seed. The
   table's key is the sum of the keys.
2. `shuffle`: in seat order, each phone re-randomises and permutes the whole
   deck, with the randomness and the permutation its committed seed gives.
3. `open`: a seat asks for its cards; `shares`: every other phone answers
   with its shares x_i·C1 and one proof for the lot, sealed to the holder
   by a key from x_i·X_h (core/facedown_open.py; at a table where a phone
   does not speak that form, and in hands kept from before it, the request
   is blinded, r·C1 with a proof, and answered x_i·(r·C1) in the clear).
   Only the holder can read them, and only the holder has its own share,
   so no other phone, the relaying host included, can open the card.
4. `play`: a card made public travels with its place and its holder's
   share; `shows`: every other phone's shares of the due seat's places,
   sent ahead with one proof for them all while the seat is due to play
   (or, where they went sealed, the key of that answer)
   (`show`: one place's, with its proof, on the play where none went
   ahead), and every phone opens it once the last share is in.
   `draw`: a seat takes the next places of the stock (then asks for them).
5. `reveal`: after the hand, every phone shows its secret key and its seed,
   and every phone's `check` recomputes the whole hand from the commitments.

Messages are JSON objects (elements and scalars as hex), relayed by the
host, which records them (`Relay`). A phone answers a message with
messages, and names the first fault it sees, in German and English.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence

from ..crypto import (
    ORDER,
    Ciphertext,
    Element,
    EqualLogsProof,
    InvalidEncoding,
    KeyProof,
    base_multiple,
    encode_scalar,
    prove_equal_logs,
    prove_key,
    verify_equal_logs,
    verify_equal_logs_batch,
    verify_key,
    verify_keys,
)
from .facedown_ahead import SHOWS, Play, ShareProof, Shown, read_shows, shows_context
from .facedown_deck import (
    LABEL,
    commit_of,
    composite,
    composite_base,
    deck_pass,
    digest,
    initial_deck,
    initial_spelling,
    paired_with_c1,
    rerandomisers,
)
from .facedown_open import Openings
from .facedown_seal import SEALED
from .facedown_wire import (
    Answer,
    BadMessage,
    Fault,
    HandPlan,
    Message,
    Request,
    Verdict,
    context_for,
    fault,
    read_element,
    read_key_proof,
    read_list,
    read_logs_proof,
    read_places,
    read_scalar,
    read_whole,
    take_message_hints,
    with_hints,
)

# --- a phone ---------------------------------------------------------------


# Proofs checked, by a hash of everything a check reads: the phones simulated
# in one process check each once, as each real phone does (as the deck
# passes and key tables are shared, facedown_deck.py).
VERIFIED: dict[bytes, bool] = {}


# The shares of cards made public that this phone made itself, for any of
# its seats (the host's phone plays its person's seat and the computers'):
# a phone does not check its own work, and so the host's seats check the
# same shares of the others, once (`shared`).
MADE: dict[bytes, None] = {}


def _made(seat: int, share: str, proof: str) -> bytes:
    """The seat is in it: another seat's copy of a share made here is checked."""
    return digest(LABEL, b"made", str(seat).encode(), share.encode(), proof.encode())


def _remember(made: bytes) -> None:
    if len(MADE) >= 256:
        MADE.pop(next(iter(MADE)))
    MADE[made] = None


def shared(memo: bytes, check: Callable[[], bool]) -> bool:
    found = VERIFIED.get(memo)
    if found is None:
        found = check()
        if len(VERIFIED) >= 256:
            VERIFIED.pop(next(iter(VERIFIED)))
        VERIFIED[memo] = found
    return found


def read_hex(value: object) -> bytes:
    return value.encode() if isinstance(value, str) else b""


class Phone(Openings):
    """One seat's phone for one hand. `start()` gives its first message;
    `receive(message)` takes every message the relay brings (its own too)
    and gives the messages it answers with. It keeps its secret key, its
    seed and its blinding factors, and learns its own cards (`cards`) and
    the cards played, nothing else."""

    # The protocol's form it says it speaks with its key (facedown_open.py).
    form = SEALED

    def __init__(self, plan: HandPlan, seat: int, secret: int | None = None, seed: bytes | None = None) -> None:
        if not 1 <= seat <= plan.seats:
            raise ValueError(f"no seat {seat} at a table of {plan.seats}")
        self.plan = plan
        self.seat = seat
        self.secret = 1 + secrets.randbelow(ORDER - 1) if secret is None else secret
        self.seed = secrets.token_bytes(32) if seed is None else seed
        self.public = base_multiple(self.secret)
        self.context = plan.context
        # What it has received, kept for the check after the hand.
        self.keys: dict[int, tuple[Element, KeyProof, str]] = {}
        self.spelled: dict[int, bytes] = {}  # each pass as it travelled
        self._decks: dict[int, list[Ciphertext]] = {}  # the passes read so far
        self._own_pass: tuple[bytes, list[Ciphertext]] | None = None  # its pass as it sent it
        self.requests: dict[tuple[int, int], Request] = {}
        self.answers: dict[tuple[int, int, int], Answer] = {}
        self.forms: dict[int, int] = {}
        self.sealed: dict[tuple[int, int, int], bytes] = {}
        self._dhs: dict[int, Element] = {}
        self._own_shares: dict[int, Element] = {}
        self.plays: list[Play] = []
        self.reveals: dict[int, tuple[int, bytes]] = {}
        self.owner: dict[int, int] = {p: s for s, places in enumerate(plan.dealt, 1) for p in places}
        self.stock = list(plan.stock)
        self.draws: list[tuple[int, list[int]]] = []
        self.faults: list[Verdict] = []
        self.cards: dict[int, str] = {}  # place → card, its own
        self.seen: dict[int, str] = {}  # place → card, played
        self.blinds: dict[int, int] = {}  # request number → r, its own
        self._joint: Element | None = None
        self._playing: set[int] = set()  # the places it chose to play
        self._ahead: dict[int, tuple[str, str]] = {}  # its own place → its share and proof, made ahead (`show_ahead`)
        # Shares of places not public yet, shown ahead by the other phones
        # (never by the holder): place → seat → share and proof.
        self.early: dict[int, dict[int, tuple[Element, ShareProof]]] = {}
        self._shown: set[int] = set()  # the places it said its share of (ahead, with its play, on a play)
        # Cards played that opened (their shares add up to the card named)
        # and whose holder's proof this phone checks next (`check_opened`).
        self.unchecked: list[Play] = []
        self.chain = digest(LABEL, b"log", self.context)
        # Played for a phone lost for good (facedown_dropout.py), by the
        # phones still there: the lost phone's own messages come back to it.
        self.standing_in = False
        # The phones whose messages one device makes: the host's own, the
        # computers' and a lost seat's it plays on (set by `Seat`). That
        # device knows all their cards, so a card of one of them has the
        # shares of all of them checked at once.
        self.hosted: set[int] = set()

    # -- what it sends ------------------------------------------------------

    def commitment(self) -> str:
        return commit_of(self.seed, self.context, self.seat)

    def key_proof(self) -> KeyProof:
        return prove_key(self.secret, context_for(self.context, "key", self.seat), self.public)

    def start(self) -> list[Message]:
        return [
            {
                "kind": "key",
                "seat": self.seat,
                "key": self.public.encode().hex(),
                "proof": self.key_proof().encode().hex(),
                "commit": self.commitment(),
                "form": self.form,
            }
        ]

    def shuffle_seed(self) -> bytes:
        return self.seed

    def _shuffle(self, deck: list[Ciphertext], spelled: bytes) -> Message:
        out = deck_pass(deck, spelled, self.joint_key().encode(), self.shuffle_seed(), self.context, self.seat)
        self._own_pass = (b"".join(c.encode() for c in out), out)
        return with_hints({"kind": "shuffle", "seat": self.seat, "deck": [c.encode().hex() for c in out]})

    def play(self, place: int) -> list[Message]:
        """Make its card at `place` public, with its own share of it: the
        others' shares are in already where they were shown ahead, and
        every phone then opens the card with the play."""
        card = self.cards.get(place)
        if card is None:
            raise ValueError(f"place {place} is not a card of seat {self.seat}")
        self._playing.add(place)
        share, proof = self._said_share(place)
        return [with_hints({"kind": "play", "seat": self.seat, "place": place, "card": card, "share": share, "proof": proof})]

    def draw(self, count: int) -> list[Message]:
        """Take the next `count` places of the stock (the engine's exchange)."""
        return [{"kind": "draw", "seat": self.seat, "count": count}]

    def take(self, seat: int, count: int) -> list[int]:
        """The stock's next `count` places become `seat`'s (a `draw`, or an
        exchange the game relays)."""
        if count > len(self.stock):
            raise fault(seat, "will mehr Karten ziehen, als der Stock hat", "wants to draw more cards than the stock holds")
        taken, self.stock = self.stock[:count], self.stock[count:]
        for p in taken:
            self.owner[p] = seat
        self.draws.append((seat, taken))
        return taken

    def uncover(self, place: int) -> list[Message]:
        """Open `place`, another seat's, for all, as the rules ask (a discard
        turned up or challenged): every phone sends its share (unless it
        showed it ahead), and the card is known once every share is in."""
        owner = self.owner.get(place)
        if owner is None or any(p.place == place for p in self.plays):
            raise ValueError(f"place {place} cannot be uncovered")
        play = Play(owner, place, "", uncovered=True, shows=self.early.pop(place, {}))
        self.plays.append(play)
        out = [] if place in self._shown else [self._show(place)]
        self._complete(play)
        return out

    def _share_of(self, place: int) -> tuple[str, str]:
        c1 = self.final_deck()[place].c1
        ctx = context_for(self.context, "show", self.seat, place)
        share, proof = prove_equal_logs(self.secret, c1, ctx, self.public, self._own_shares.get(place))
        return share.encode().hex(), proof.encode().hex()

    def _bare_share(self, place: int) -> str:
        return self.share(self.final_deck()[place].c1).encode().hex()

    def _shows_proof(self, places: Sequence[int], shares: Sequence[str]) -> str:
        """The one proof of a `shows` (`Shown`): over the composite of the
        places' C1, its secret times which the proof computes itself."""
        ctx, final = shows_context(self.context, self.seat, places), self.spelled[self.plan.seats]
        encodings = paired_with_c1(final, places, [bytes.fromhex(s) for s in shares])
        m = composite_base(SHOWS, ctx, [self.final_deck()[p].c1 for p in places], encodings)
        return prove_equal_logs(self.secret, m, ctx, self.public)[1].encode().hex()

    def _made_shows(self, shares: Sequence[str], proof: str) -> None:
        _remember(_made(self.seat, "".join(shares), proof))

    def _show(self, place: int) -> Message:
        shown, proven = self._said_share(place)
        return with_hints({"kind": "show", "seat": self.seat, "place": place, "share": shown, "proof": proven})

    def _said_share(self, place: int) -> tuple[str, str]:
        """Its share of `place` and its proof, as it says them (made ahead,
        or now); a phone does not check its own (`MADE`)."""
        made = self._ahead.pop(place, None)
        # (A share made bare for a `shows` that did not go out has its proof made now.)
        shown, proven = made if made is not None and made[1] else self._share_of(place)
        self._shown.add(place)
        _remember(_made(self.seat, shown, proven))
        return shown, proven

    def reveal(self) -> list[Message]:
        """After the hand: its secret key and its seed."""
        return [{"kind": "reveal", "seat": self.seat, "secret": encode_scalar(self.secret).hex(), "seed": self.seed.hex()}]

    # -- what it receives ---------------------------------------------------

    def receive(self, message: Message) -> list[Message]:
        """Take one relayed message; answer with messages. A message that is
        malformed or breaks the protocol is a fault of its sender."""
        # The running hash of everything received, in order: the same on
        # every phone that was relayed the same messages.
        self.chain = digest(self.chain, json.dumps(message, sort_keys=True, separators=(",", ":")).encode())
        self.check_opened()  # (nothing taken on a card whose proofs were not checked)
        take_message_hints(message)
        sender = message.get("seat") if isinstance(message, dict) else None
        if isinstance(sender, bool) or not isinstance(sender, int) or not 1 <= sender <= self.plan.seats:
            return []  # no seat to name; the relay's fault, seen when answers stay away
        try:
            return self._receive(message, sender)
        except BadMessage as e:
            self._note(Verdict.fault(sender, f"hat eine unlesbare Nachricht geschickt ({e})", f"sent a malformed message ({e})"))
        except Fault as f:
            self._note(f.verdict)
        return []

    def _note(self, verdict: Verdict) -> None:
        self.faults.append(verdict)

    def _receive(self, msg: Message, sender: int) -> list[Message]:
        kind = msg.get("kind")
        n = self.plan.seats
        if kind == "key":
            if sender in self.keys:
                raise BadMessage("a second key")
            key, _ = read_element(msg.get("key"))
            proof = read_key_proof(msg.get("proof"))
            commit = msg.get("commit")
            if not isinstance(commit, str) or len(commit) != 64:
                raise BadMessage("not a commitment")
            self.keys[sender] = (key, proof, commit)
            form = msg.get("form")
            self.forms[sender] = form if isinstance(form, int) and not isinstance(form, bool) else 1
            if len(self.keys) < n:
                return []
            self._check_keys()
            if self.seat == 1:
                return [self._shuffle(initial_deck(self.plan.cards, self.joint_key()), initial_spelling(self.plan.cards))]
            # Its pass's re-randomisers now, while the phones before it
            # shuffle: its pass, when its turn comes, is then additions.
            rerandomisers(self.joint_key().encode(), self.shuffle_seed(), self.context, self.seat, len(self.plan.cards))
            return []
        if kind == "shuffle":
            if len(self.keys) < n or sender in self.spelled or sender != len(self.spelled) + 1:
                raise BadMessage("a shuffle out of turn")
            texts = read_list(msg.get("deck"), len(self.plan.cards))
            if not all(isinstance(c, str) and len(c) == 128 for c in texts):
                raise BadMessage("not a deck")
            try:
                self.spelled[sender] = b"".join(bytes.fromhex(str(c)) for c in texts)
            except ValueError as e:
                raise BadMessage("not a deck") from e
            # A pass is read (each element decoded, which costs) only where
            # it is needed: the one to shuffle next, the last, the check.
            # Its own pass, relayed back as it was sent, it holds already.
            if sender == self.seat and self._own_pass is not None and self._own_pass[0] == self.spelled[sender]:
                self._decks[sender] = self._own_pass[1]
            if sender + 1 == self.seat:
                return [self._shuffle(self.deck(sender), self.spelled[sender])]
            if sender == n and self.plan.dealt[self.seat - 1]:
                return [self.request(self.plan.dealt[self.seat - 1])]
            return []
        if kind == "open":
            return self._on_request(msg, sender)
        if kind == "shares":
            self._on_answer(msg, sender)
            return []
        if kind == "draw":
            taken = self.take(sender, read_whole(msg.get("count"), 1, len(self.plan.cards)))
            return [self.request(taken)] if sender == self.seat else []
        if kind == "play":
            place = read_whole(msg.get("place"), 0, len(self.plan.cards) - 1)
            card = msg.get("card")
            if card not in self.plan.cards:
                raise BadMessage("not a card")
            # Its holder's share comes with it (a save from before that
            # change has it follow in a `show`).
            own = None if msg.get("share") is None else (read_element(msg.get("share"))[0], read_logs_proof(msg.get("proof")))
            if self.owner.get(place) != sender or any(p.place == place for p in self.plays):
                self.plays.append(Play(sender, place, str(card)))
                raise fault(
                    sender,
                    f"spielt {card} von einer Stelle, die ihm nicht gegeben ist",
                    f"plays {card} from a place it was not dealt",
                )
            play = Play(sender, place, str(card), shows=self.early.pop(place, {}))
            if own is not None:
                play.shows[sender] = own
            self.plays.append(play)
            if sender == self.seat and place not in self._playing and not self.standing_in:
                # A card "played" in its name that it did not play would
                # open its card to the relay (signed messages catch it after
                # the hand; this phone does not wait for that).
                raise Fault(
                    Verdict.unchecked(
                        "eine Karte wurde in meinem Namen gespielt, die ich nicht gespielt habe",
                        "a card was played in my name that I did not play",
                    )
                )
            # Its share goes out now unless it went ahead or with the play.
            # A play without its holder's share (a save from before that
            # change, played again word for word) has its holder show it
            # now, as it did then.
            shown = (place in self._shown and own is not None) or self.seat in play.shows
            out = [] if shown else [self._show(place)]
            self._complete(play)
            return out
        if kind == "show":
            place = read_whole(msg.get("place"), 0, len(self.plan.cards) - 1)
            self._on_show(place, read_element(msg.get("share"))[0], read_logs_proof(msg.get("proof")), sender)
            return []
        if kind == "shows" and "key" in msg:
            self._on_unseal(msg, sender)
            return []
        if kind == "shows":
            for place, share, its_proof in read_shows(msg, sender, len(self.plan.cards)):
                self._on_show(place, share, its_proof, sender)
            return []
        if kind == "reveal":
            if sender in self.reveals:
                raise BadMessage("a second reveal")
            secret = read_scalar(msg.get("secret"))
            seed = msg.get("seed")
            if not isinstance(seed, str) or len(seed) != 64:
                raise BadMessage("not a seed")
            self.reveals[sender] = (secret, bytes.fromhex(seed))
            return []
        raise BadMessage("an unknown kind of message")

    def _on_request(self, msg: Message, sender: int) -> list[Message]:
        number = read_whole(msg.get("request"), 1, 64)
        places = read_places(msg.get("places"), len(self.plan.cards))
        if (sender, number) in self.requests or len(self.spelled) < self.plan.seats:
            raise BadMessage("a request out of turn")
        if "blind" in msg:
            blind, _ = read_element(msg.get("blind"))
            pts = [read_element(v) for v in read_list(msg.get("points"), len(places))]
            encodings = paired_with_c1(self.spelled[self.plan.seats], places, [enc for _, enc in pts])
            req = Request(sender, number, places, blind, [e for e, _ in pts], encodings, read_logs_proof(msg.get("proof")))
        else:
            req = self.sealed_request(sender, number, places)
        self.requests[(sender, number)] = req
        if any(self.owner.get(p) != sender for p in places):
            raise fault(sender, "verlangt Karten, die ihm nicht gegeben sind", "asks for cards it was not dealt")
        if sender == self.seat:
            return []
        if req.blind is not None and not self._request_valid(req):
            raise fault(sender, "verlangt verdeckt andere Karten als die eigenen", "asks, blinded, for other cards than its own")
        return [self._answer(req)]

    def _request_valid(self, req: Request) -> bool:
        blind, proof = req.blind, req.proof
        assert blind is not None and proof is not None  # (only a blinded request has these to check)
        deck = self.final_deck()
        ctx = context_for(self.context, "open", req.seat, req.number)
        m, z = composite(b"open", ctx, [(deck[p].c1, b) for p, b in zip(req.places, req.points)], req.encodings)
        memo = digest(ctx, blind.encode(), proof.encode(), *req.encodings)
        return shared(memo, lambda: verify_equal_logs(blind, m, z, proof, ctx))

    def _check_keys(self) -> None:
        """The others' proofs of their keys, checked together once the last
        key is in (nothing uses the table's key before): one batch check,
        and each alone only where it fails, to name the phone."""
        items = [
            (s, (key, context_for(self.context, "key", s), proof)) for s, (key, proof, _) in sorted(self.keys.items()) if s != self.seat
        ]
        if verify_keys([it for _, it in items]):
            return
        for s, (key, ctx, proof) in items:
            if not verify_key(key, proof, ctx):
                raise fault(s, "sein Schlüssel kommt ohne gültigen Beweis", "its key comes without a valid proof")

    def _check_shares(self, place: int, shows: dict[int, tuple[Element, ShareProof]], de: str, en: str) -> None:
        """One batch check of the proofs of shares of `place`, a third of
        the time of one check each; where it fails, each is checked alone
        to name the phone whose share is wrong. A phone's own are not
        checked (`MADE`)."""
        c1 = self.final_deck()[place].c1
        for s, (_, shown) in sorted(shows.items()):
            if s != self.seat and isinstance(shown, Shown) and not self._shown_valid(shown):
                raise fault(s, f"hat einen falschen Anteil für {de} geschickt", f"sent a wrong share for {en}")
        items = [
            (s, (self.keys[s][0], c1, share, proof, context_for(self.context, "show", s, place)))
            for s, (share, proof) in sorted(shows.items())
            if s != self.seat and isinstance(proof, EqualLogsProof) and _made(s, share.encode().hex(), proof.encode().hex()) not in MADE
        ]
        if not items:
            return
        memo = digest(
            self.context,
            str(place).encode(),
            c1.encode(),
            *(b"".join((self.keys[s][0].encode(), it[2].encode(), it[3].encode())) for s, it in items),
        )
        if shared(memo, lambda: verify_equal_logs_batch([it for _, it in items])):
            return
        for s, it in items:
            if not verify_equal_logs(*it):
                raise fault(s, f"hat einen falschen Anteil für {de} geschickt", f"sent a wrong share for {en}")

    def _shown_valid(self, shown: Shown) -> bool:
        """A `shows`' one proof, checked once (and not where this phone made it)."""
        if shown.held is None:
            spelled, key = self.spelled[self.plan.seats], self.keys[shown.seat][0]
            mine = _made(shown.seat, b"".join(shown.encodings).hex(), shown.said) in MADE
            shown.held = mine or shared(
                shown.memo(spelled, self.context), lambda: shown.valid(key, self.final_deck(), spelled, self.context)
            )
        return shown.held

    # -- the state it builds ------------------------------------------------

    def joint_key(self) -> Element:
        if self._joint is None:
            if len(self.keys) < self.plan.seats:
                raise BadMessage("not every key is in")
            total = Element.identity()
            for s in range(1, self.plan.seats + 1):
                total = total + self.keys[s][0]
            self._joint = total
        return self._joint

    def final_deck(self) -> list[Ciphertext]:
        return self.deck(self.plan.seats)

    def deck(self, seat: int) -> list[Ciphertext]:
        """The deck as seat `seat` passed it on, read once."""
        deck = self._decks.get(seat)
        if deck is None:
            spelled = self.spelled.get(seat)
            if spelled is None:
                raise BadMessage("the deck is not shuffled yet")
            try:
                deck = self._decks[seat] = [Ciphertext.decode(spelled[i : i + 64]) for i in range(0, len(spelled), 64)]
            except InvalidEncoding as e:
                raise fault(seat, "hat ein Blatt weitergegeben, das keines ist", "passed on a deck that is not one") from e
        return deck

    def places(self) -> list[int]:
        """The places this seat holds: dealt, then drawn."""
        return [p for p, s in self.owner.items() if s == self.seat]
