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
3. `open`: a seat asks for its cards, blinded (r·C1 for each place, one r
   per request, with a proof that they are multiples of its places' C1 by
   one factor); `shares`: every other phone answers with x_i·(r·C1) and one
   proof for the lot. Only the holder can unblind, and only the holder has
   its own share, so no other phone, the relaying host included, can open
   the card.
4. `play`: a card made public travels with its place; `show`: every phone
   sends its share of that place with a proof, and every phone opens it.
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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..crypto import (
    ORDER,
    BaseTable,
    Ciphertext,
    Element,
    EqualLogsProof,
    InvalidEncoding,
    InvalidProof,
    InvalidScalar,
    KeyProof,
    base_multiple,
    decode_scalar,
    encode_scalar,
    multiscalar,
    prove_equal_logs,
    prove_key,
    verify_equal_logs,
    verify_key,
)
from .cards import DECK
from .deal import Setup, deal_order
from .facedown_deck import (
    LABEL,
    blinding,
    card_point,
    cards_by_encoding,
    commit_of,
    composite,
    deck_pass,
    digest,
    initial_deck,
    initial_spelling,
    int_bytes,
)

FORMAT = "schraem-facedown/1"
Message = dict[str, Any]


class BadMessage(ValueError):
    """A message that is not one of the protocol's, or not well formed."""


def open_request(deck: Sequence[Ciphertext], places: Sequence[int], r: int, context: bytes, seat: int, number: int) -> Message:
    """Seat `seat`'s request `number` for the shares of `places`: each C1
    blinded by r, with R = r·G and one proof that log_G(R) is the factor of
    every blinded point (so nobody answers for a card not the seat's)."""
    c1s = [deck[p].c1 for p in places]
    points = [r * c for c in c1s]
    encodings = [e for c, b in zip(c1s, points) for e in (c.encode(), b.encode())]
    ctx = _ctx(context, "open", seat, number)
    m, _ = composite(b"open", ctx, list(zip(c1s, points)), encodings)
    blind = base_multiple(r)
    _, proof = prove_equal_logs(r, m, ctx, blind)
    return {
        "kind": "open",
        "seat": seat,
        "request": number,
        "places": list(places),
        "blind": blind.encode().hex(),
        "points": [encodings[2 * j + 1].hex() for j in range(len(places))],
        "proof": proof.encode().hex(),
    }


# --- the hand's shape ------------------------------------------------------


@dataclass(frozen=True)
class HandPlan:
    """What every phone knows before the hand: the table and hand (bound into
    every proof), the seats, the cards in the initial deck's order, and which
    places of the final deck each seat is dealt (as `deal_pack` deals) and
    which are the stock, top first."""

    table: str
    hand: int
    seats: int
    cards: tuple[str, ...]
    dealt: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]

    @classmethod
    def for_setup(cls, table: str, hand: int, setup: Setup, forehand: int) -> HandPlan:
        """The plan of a hand the engine would deal with `setup` from
        `forehand` (0-based): the same places go to the same seats."""
        cards = tuple(str(c) for c in DECK)
        dealt, stock = deal_order(range(len(cards)), list(setup.dealt), forehand, setup.cards, setup.packets)
        return cls(table, hand, len(setup.dealt), cards, tuple(tuple(h) for h in dealt), tuple(stock))

    @property
    def context(self) -> bytes:
        return digest(LABEL, b"hand", self.table.encode(), int_bytes(self.hand), int_bytes(self.seats))


def _ctx(plan_context: bytes, what: str, *numbers: int) -> bytes:
    return plan_context + what.encode() + b"".join(int_bytes(k) for k in numbers)


# --- reading messages ------------------------------------------------------


def _element(value: object) -> tuple[Element, bytes]:
    try:
        data = bytes.fromhex(value) if isinstance(value, str) else b""
        return Element.decode(data), data
    except (ValueError, InvalidEncoding) as e:
        raise BadMessage("not an element") from e


def _scalar(value: object) -> int:
    try:
        return decode_scalar(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidScalar) as e:
        raise BadMessage("not a scalar") from e


def _key_proof(value: object) -> KeyProof:
    try:
        return KeyProof.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidProof, InvalidEncoding, InvalidScalar) as e:
        raise BadMessage("not a key proof") from e


def _logs_proof(value: object) -> EqualLogsProof:
    try:
        return EqualLogsProof.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidProof, InvalidEncoding, InvalidScalar) as e:
        raise BadMessage("not a proof") from e


def _whole(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadMessage("not a number in range")
    return value


def _places(value: object, size: int) -> list[int]:
    if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
        raise BadMessage("not a list of different places")
    return [_whole(p, 0, size - 1) for p in value]


def _list(value: object, length: int) -> list[object]:
    if not isinstance(value, list) or len(value) != length:
        raise BadMessage("a list of the wrong length")
    return value


# --- what a phone concludes ------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A phone's word on a hand: "checked", "fault" (the first, and whose)
    or "unchecked" (and why), in German and English."""

    status: str
    seat: int | None
    de: str
    en: str

    @classmethod
    def checked(cls) -> Verdict:
        return cls("checked", None, "geprüft", "checked")

    @classmethod
    def fault(cls, seat: int, de: str, en: str) -> Verdict:
        return cls("fault", seat, f"Platz {seat}: {de}", f"seat {seat}: {en}")

    @classmethod
    def unchecked(cls, de: str, en: str) -> Verdict:
        return cls("unchecked", None, f"nicht geprüft – {de}", f"not checked – {en}")

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "seat": self.seat, "de": self.de, "en": self.en}


class _Fault(Exception):
    """Raised inside a check to stop at the first fault."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.en)
        self.verdict = verdict


def _fault(seat: int, de: str, en: str) -> _Fault:
    return _Fault(Verdict.fault(seat, de, en))


# --- a phone ---------------------------------------------------------------


@dataclass
class _Request:
    seat: int
    number: int
    places: list[int]
    blind: Element
    points: list[Element]
    encodings: list[bytes]  # the places' C1 and the blinded points, as the composite takes them
    proof: EqualLogsProof


@dataclass
class _Answer:
    seat: int
    holder: int
    number: int
    shares: list[Element]
    encodings: list[bytes]
    proof: EqualLogsProof


@dataclass
class _Play:
    seat: int
    place: int
    card: str
    shows: dict[int, tuple[Element, EqualLogsProof]] = field(default_factory=dict)


class Phone:
    """One seat's phone for one hand. `start()` gives its first message;
    `receive(message)` takes every message the relay brings (its own too)
    and gives the messages it answers with. It keeps its secret key, its
    seed and its blinding factors, and learns its own cards (`cards`) and
    the cards played, nothing else."""

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
        self.requests: dict[tuple[int, int], _Request] = {}
        self.answers: dict[tuple[int, int, int], _Answer] = {}
        self.plays: list[_Play] = []
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
        self._tables: dict[int, BaseTable] = {}

    # -- what it sends ------------------------------------------------------

    def commitment(self) -> str:
        return commit_of(self.seed, self.context, self.seat)

    def key_proof(self) -> KeyProof:
        return prove_key(self.secret, _ctx(self.context, "key", self.seat), self.public)

    def start(self) -> list[Message]:
        return [
            {
                "kind": "key",
                "seat": self.seat,
                "key": self.public.encode().hex(),
                "proof": self.key_proof().encode().hex(),
                "commit": self.commitment(),
            }
        ]

    def shuffle_seed(self) -> bytes:
        return self.seed

    def _shuffle(self, deck: list[Ciphertext], spelled: bytes) -> Message:
        out = deck_pass(deck, spelled, self.joint_key().encode(), self.shuffle_seed(), self.context, self.seat)
        return {"kind": "shuffle", "seat": self.seat, "deck": [c.encode().hex() for c in out]}

    def request(self, places: Sequence[int]) -> Message:
        """Ask the others for the shares of `places` (its own), blinded."""
        number = len(self.blinds) + 1
        r = self.blinds[number] = self.blinding(number)
        return open_request(self.final_deck(), places, r, self.context, self.seat, number)

    def blinding(self, number: int) -> int:
        return blinding(self.seed, self.context, self.seat, number)

    def share(self, point: Element) -> Element:
        return self.secret * point

    def _answer(self, req: _Request) -> Message:
        shares = [self.share(b) for b in req.points]
        encodings = [e for b, s in zip(req.encodings[1::2], shares) for e in (b, s.encode())]
        ctx = _ctx(self.context, "shares", self.seat, req.seat, req.number)
        m, _ = composite(b"shares", ctx, list(zip(req.points, shares)), encodings)
        _, proof = prove_equal_logs(self.secret, m, ctx, self.public)
        return {
            "kind": "shares",
            "seat": self.seat,
            "for": req.seat,
            "request": req.number,
            "shares": [encodings[2 * j + 1].hex() for j in range(len(shares))],
            "proof": proof.encode().hex(),
        }

    def play(self, place: int) -> list[Message]:
        """Make its card at `place` public."""
        card = self.cards.get(place)
        if card is None:
            raise ValueError(f"place {place} is not a card of seat {self.seat}")
        self._playing.add(place)
        return [{"kind": "play", "seat": self.seat, "place": place, "card": card}]

    def draw(self, count: int) -> list[Message]:
        """Take the next `count` places of the stock (the engine's exchange)."""
        return [{"kind": "draw", "seat": self.seat, "count": count}]

    def _show(self, place: int) -> Message:
        c1 = self.final_deck()[place].c1
        share, proof = prove_equal_logs(self.secret, c1, _ctx(self.context, "show", self.seat, place), self.public)
        return {"kind": "show", "seat": self.seat, "place": place, "share": share.encode().hex(), "proof": proof.encode().hex()}

    def reveal(self) -> list[Message]:
        """After the hand: its secret key and its seed."""
        return [{"kind": "reveal", "seat": self.seat, "secret": encode_scalar(self.secret).hex(), "seed": self.seed.hex()}]

    # -- what it receives ---------------------------------------------------

    def receive(self, message: Message) -> list[Message]:
        """Take one relayed message; answer with messages. A message that is
        malformed or breaks the protocol is a fault of its sender."""
        sender = message.get("seat") if isinstance(message, dict) else None
        if isinstance(sender, bool) or not isinstance(sender, int) or not 1 <= sender <= self.plan.seats:
            return []  # no seat to name; the relay's fault, seen when answers stay away
        try:
            return self._receive(message, sender)
        except BadMessage as e:
            self._note(Verdict.fault(sender, f"hat eine unlesbare Nachricht geschickt ({e})", f"sent a malformed message ({e})"))
        except _Fault as f:
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
            key, _ = _element(msg.get("key"))
            proof = _key_proof(msg.get("proof"))
            commit = msg.get("commit")
            if not isinstance(commit, str) or len(commit) != 64:
                raise BadMessage("not a commitment")
            self.keys[sender] = (key, proof, commit)
            if sender != self.seat and not verify_key(key, proof, _ctx(self.context, "key", sender)):
                raise _fault(sender, "sein Schlüssel kommt ohne gültigen Beweis", "its key comes without a valid proof")
            if len(self.keys) == n and self.seat == 1:
                return [self._shuffle(initial_deck(self.plan.cards, self.joint_key()), initial_spelling(self.plan.cards))]
            return []
        if kind == "shuffle":
            if len(self.keys) < n or sender in self.spelled or sender != len(self.spelled) + 1:
                raise BadMessage("a shuffle out of turn")
            texts = _list(msg.get("deck"), len(self.plan.cards))
            if not all(isinstance(c, str) and len(c) == 128 for c in texts):
                raise BadMessage("not a deck")
            try:
                self.spelled[sender] = b"".join(bytes.fromhex(str(c)) for c in texts)
            except ValueError as e:
                raise BadMessage("not a deck") from e
            # A pass is read (each element decoded, which costs) only where
            # it is needed: the one to shuffle next, the last, the check.
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
            count = _whole(msg.get("count"), 1, len(self.plan.cards))
            if count > len(self.stock):
                raise _fault(sender, "will mehr Karten ziehen, als der Stock hat", "wants to draw more cards than the stock holds")
            taken, self.stock = self.stock[:count], self.stock[count:]
            for p in taken:
                self.owner[p] = sender
            self.draws.append((sender, taken))
            return [self.request(taken)] if sender == self.seat else []
        if kind == "play":
            place = _whole(msg.get("place"), 0, len(self.plan.cards) - 1)
            card = msg.get("card")
            if card not in self.plan.cards:
                raise BadMessage("not a card")
            if self.owner.get(place) != sender or any(p.place == place for p in self.plays):
                self.plays.append(_Play(sender, place, str(card)))
                raise _fault(
                    sender,
                    f"spielt {card} von einer Stelle, die ihm nicht gegeben ist",
                    f"plays {card} from a place it was not dealt",
                )
            self.plays.append(_Play(sender, place, str(card)))
            if sender == self.seat and place not in self._playing:
                # Messages are not signed yet: a card "played" in its name
                # that it did not play would open its card to the relay.
                raise _Fault(
                    Verdict.unchecked(
                        "eine Karte wurde in meinem Namen gespielt, die ich nicht gespielt habe",
                        "a card was played in my name that I did not play",
                    )
                )
            return [self._show(place)]
        if kind == "show":
            self._on_show(msg, sender)
            return []
        if kind == "reveal":
            if sender in self.reveals:
                raise BadMessage("a second reveal")
            secret = _scalar(msg.get("secret"))
            seed = msg.get("seed")
            if not isinstance(seed, str) or len(seed) != 64:
                raise BadMessage("not a seed")
            self.reveals[sender] = (secret, bytes.fromhex(seed))
            return []
        raise BadMessage("an unknown kind of message")

    def _on_request(self, msg: Message, sender: int) -> list[Message]:
        number = _whole(msg.get("request"), 1, 64)
        places = _places(msg.get("places"), len(self.plan.cards))
        blind, _ = _element(msg.get("blind"))
        pts = [_element(v) for v in _list(msg.get("points"), len(places))]
        proof = _logs_proof(msg.get("proof"))
        if (sender, number) in self.requests or len(self.spelled) < self.plan.seats:
            raise BadMessage("a request out of turn")
        final = self.spelled[self.plan.seats]
        encodings = [e for p, (_, enc) in zip(places, pts) for e in (final[64 * p : 64 * p + 32], enc)]
        req = _Request(sender, number, places, blind, [e for e, _ in pts], encodings, proof)
        self.requests[(sender, number)] = req
        if any(self.owner.get(p) != sender for p in places):
            raise _fault(sender, "verlangt Karten, die ihm nicht gegeben sind", "asks for cards it was not dealt")
        if sender == self.seat:
            return []
        if not self._request_valid(req):
            raise _fault(sender, "verlangt verdeckt andere Karten als die eigenen", "asks, blinded, for other cards than its own")
        return [self._answer(req)]

    def _request_valid(self, req: _Request) -> bool:
        deck = self.final_deck()
        ctx = _ctx(self.context, "open", req.seat, req.number)
        m, z = composite(b"open", ctx, [(deck[p].c1, b) for p, b in zip(req.places, req.points)], req.encodings)
        return verify_equal_logs(req.blind, m, z, req.proof, ctx)

    def _on_answer(self, msg: Message, sender: int) -> None:
        holder = _whole(msg.get("for"), 1, self.plan.seats)
        number = _whole(msg.get("request"), 1, 64)
        req = self.requests.get((holder, number))
        if req is None or sender == holder or (sender, holder, number) in self.answers:
            raise BadMessage("shares for no request")
        shares = [_element(v) for v in _list(msg.get("shares"), len(req.places))]
        encodings = [e for b, (_, enc) in zip(req.encodings[1::2], shares) for e in (b, enc)]
        self.answers[(sender, holder, number)] = _Answer(
            sender, holder, number, [s for s, _ in shares], encodings, _logs_proof(msg.get("proof"))
        )
        if holder == self.seat and sum(1 for k in self.answers if k[1:] == (holder, number)) == self.plan.seats - 1:
            self._open(req)

    def _answer_valid(self, a: _Answer, req: _Request) -> bool:
        ctx = _ctx(self.context, "shares", a.seat, a.holder, a.number)
        m, z = composite(b"shares", ctx, list(zip(req.points, a.shares)), a.encodings)
        return verify_equal_logs(self.keys[a.seat][0], m, z, a.proof, ctx)

    def _open(self, req: _Request) -> None:
        """Unblind and decode its own cards. The proofs of the shares are
        checked only when a card does not come out: a wrong share turns the
        card into a random element, which is no card but with chance 32/ℓ,
        and the proofs then say whose share it was."""
        answers = [a for k, a in self.answers.items() if k[1:] == (self.seat, req.number)]
        r_inv = pow(self.blinds[req.number], -1, ORDER)
        deck = self.final_deck()
        lookup = cards_by_encoding(self.plan.cards)
        opened: dict[int, str] = {}
        for j, p in enumerate(req.places):
            others = Element.identity()
            for a in answers:
                others = others + a.shares[j]
            point = deck[p].c2 - multiscalar([(r_inv, others), (self.secret, deck[p].c1)])
            card = lookup.get(point.encode())
            if card is None or card in self.cards.values() or card in opened.values():
                for a in sorted(answers, key=lambda a: a.seat):
                    if not self._answer_valid(a, req):
                        raise _fault(a.seat, "hat einen falschen Anteil für meine Karten geschickt", "sent a wrong share for my cards")
                raise _Fault(
                    Verdict.unchecked(
                        "eine eigene Karte ließ sich nicht öffnen; das Mischen wird nach dem Spiel geprüft",
                        "a card of mine would not open; the shuffles are checked after the hand",
                    )
                )
            opened[p] = card
        self.cards.update(opened)

    def _on_show(self, msg: Message, sender: int) -> None:
        place = _whole(msg.get("place"), 0, len(self.plan.cards) - 1)
        share, _ = _element(msg.get("share"))
        proof = _logs_proof(msg.get("proof"))
        play = next((p for p in self.plays if p.place == place), None)
        if play is None or sender in play.shows:
            raise BadMessage("a share for no card played")
        play.shows[sender] = (share, proof)
        c1 = self.final_deck()[place].c1
        if sender != self.seat and not verify_equal_logs(
            self._key_table(sender), c1, share, proof, _ctx(self.context, "show", sender, place)
        ):
            raise _fault(
                sender,
                f"hat einen falschen Anteil für die gespielte {play.card} geschickt",
                f"sent a wrong share for the {play.card} played",
            )
        if len(play.shows) == self.plan.seats:
            total = Element.identity()
            for s, _ in play.shows.values():
                total = total + s
            if self.final_deck()[place].c2 - total != card_point(play.card):
                raise _fault(
                    play.seat,
                    f"hat {play.card} gespielt, aber an seiner Stelle liegt eine andere Karte",
                    f"played {play.card}, but another card lies at its place",
                )
            self.seen[place] = play.card

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

    def _key_table(self, seat: int) -> BaseTable:
        """A table for another phone's key, built at the first card played:
        every card played checks a proof against every key."""
        table = self._tables.get(seat)
        if table is None:
            table = self._tables[seat] = BaseTable(self.keys[seat][0])
        return table

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
                raise _fault(seat, "hat ein Blatt weitergegeben, das keines ist", "passed on a deck that is not one") from e
        return deck

    def places(self) -> list[int]:
        """The places this seat holds: dealt, then drawn."""
        return [p for p, s in self.owner.items() if s == self.seat]

    # -- after the hand -----------------------------------------------------

    def check(self) -> Verdict:
        """The first fault this phone saw during the hand, or else what the
        check after the hand finds (`check_hand`)."""
        named = next((v for v in self.faults if v.status == "fault"), None)
        if named is not None:
            return named
        after = check_hand(self)
        # A card that would not open says only that something is wrong; the
        # check after the hand says who.
        return self.faults[0] if self.faults and after.status != "fault" else after


def check_hand(phone: Phone) -> Verdict:
    """Everything a phone was shown, recomputed from the revealed keys and
    seeds: every key against its proof and its secret, every seed against its
    commitment, every shuffle, every blinded request, every share, every card
    played against its place and its holder. The first fault in that order,
    or "unchecked" with the reason when something is missing."""
    try:
        _check(phone)
    except _Fault as f:
        return f.verdict
    return Verdict.checked()


def _check(ph: Phone) -> None:
    plan, ctx, n = ph.plan, ph.context, ph.plan.seats
    for s in range(1, n + 1):
        if s not in ph.keys:
            raise _Fault(Verdict.unchecked(f"von Platz {s} kam kein Schlüssel", f"no key came from seat {s}"))
    for s in range(1, n + 1):
        key, proof, commit = ph.keys[s]
        if not verify_key(key, proof, _ctx(ctx, "key", s)):
            raise _fault(s, "sein Schlüssel kommt ohne gültigen Beweis", "its key comes without a valid proof")
    for s in range(1, n + 1):
        if s not in ph.reveals:
            raise _Fault(Verdict.unchecked(f"Platz {s} hat sein Geheimnis nicht gezeigt", f"seat {s} has not shown its secret"))
        key, _, commit = ph.keys[s]
        secret, seed = ph.reveals[s]
        if base_multiple(secret) != key:
            raise _fault(s, "sein gezeigtes Geheimnis passt nicht zu seinem Schlüssel", "the secret it showed does not match its key")
        if commit_of(seed, ctx, s) != commit:
            raise _fault(s, "sein gezeigter Startwert passt nicht zu seiner Zusage", "the seed it showed does not match its commitment")
    for s in range(1, n + 1):
        if s not in ph.spelled:
            raise _Fault(Verdict.unchecked(f"Platz {s} hat nicht gemischt", f"seat {s} has not shuffled"))
    joint = ph.joint_key().encode()
    deck, spelled = initial_deck(plan.cards, ph.joint_key()), initial_spelling(plan.cards)
    for s in range(1, n + 1):
        if deck_pass(deck, spelled, joint, ph.reveals[s][1], ctx, s) != ph.deck(s):
            raise _fault(s, "hat nicht mit dem Zufall gemischt, den es zugesagt hat", "did not shuffle with the randomness it committed to")
        deck, spelled = ph.deck(s), ph.spelled[s]
    owner = {p: s for s, places in enumerate(plan.dealt, 1) for p in places}
    for s, taken in ph.draws:
        owner.update((p, s) for p in taken)
    secrets_ = {s: ph.reveals[s][0] for s in ph.reveals}
    for (s, number), req in sorted(ph.requests.items()):
        if any(owner.get(p) != s for p in req.places):
            raise _fault(s, "verlangt Karten, die ihm nicht gegeben sind", "asks for cards it was not dealt")
        r = blinding(ph.reveals[s][1], ctx, s, number)
        rctx = _ctx(ctx, "open", s, number)
        m, z = composite(b"open", rctx, [(deck[p].c1, b) for p, b in zip(req.places, req.points)], req.encodings)
        if base_multiple(r) != req.blind or r * m != z:
            raise _fault(s, "verlangt verdeckt andere Karten als die eigenen", "asks, blinded, for other cards than its own")
    # Each seat's shares, every request at once: one composite per seat,
    # and per answer only when that fails, to say which.
    for s in range(1, n + 1):
        mine = [a for k, a in sorted(ph.answers.items()) if k[0] == s]
        if not mine:
            continue
        pairs = [(b, d) for a in mine for b, d in zip(ph.requests[(a.holder, a.number)].points, a.shares)]
        encodings = [e for a in mine for e in a.encodings]
        m, z = composite(b"check shares", _ctx(ctx, "check", s), pairs, encodings)
        if secrets_[s] * m != z:
            holder = next(
                a.holder for a in mine if any(secrets_[s] * b != d for b, d in zip(ph.requests[(a.holder, a.number)].points, a.shares))
            )
            raise _fault(
                s,
                f"hat einen falschen Anteil für die Karten von Platz {holder} geschickt",
                f"sent a wrong share for the cards of seat {holder}",
            )
    for (s, number), req in sorted(ph.requests.items()):
        for t in range(1, n + 1):
            if t != s and (t, s, number) not in ph.answers:
                raise _Fault(
                    Verdict.unchecked(
                        f"Platz {t} hat die Karten von Platz {s} nicht geöffnet", f"seat {t} did not open the cards of seat {s}"
                    )
                )
    x = sum(secrets_.values()) % ORDER
    for play in ph.plays:
        if owner.get(play.place) != play.seat:
            raise _fault(
                play.seat,
                f"spielt {play.card} von einer Stelle, die ihm nicht gegeben ist",
                f"plays {play.card} from a place it was not dealt",
            )
        c = deck[play.place]
        if c.c2 - x * c.c1 != card_point(play.card):
            raise _fault(
                play.seat,
                f"hat {play.card} gespielt, aber an seiner Stelle liegt eine andere Karte",
                f"played {play.card}, but another card lies at its place",
            )
        for t, (share, _) in sorted(play.shows.items()):
            if secrets_[t] * c.c1 != share:
                raise _fault(
                    t,
                    f"hat einen falschen Anteil für die gespielte {play.card} geschickt",
                    f"sent a wrong share for the {play.card} played",
                )
        if len(play.shows) < n:
            raise _Fault(
                Verdict.unchecked(
                    f"die gespielte {play.card} wurde nicht von allen geöffnet", f"the {play.card} played was not opened by all"
                )
            )


# --- the relay ---------------------------------------------------------------


class Relay:
    """The host's relay: every message goes, as JSON text, to every phone
    (the sender's too, so each phone's record is whole), and is recorded. It
    holds no secret of its own; the host's phone is one of the phones."""

    def __init__(self, phones: Sequence[Phone]) -> None:
        self.phones = list(phones)
        self.log: list[str] = []
        self._queue: list[str] = []

    def post(self, messages: Sequence[Message]) -> None:
        self._queue.extend(json.dumps(m, separators=(",", ":")) for m in messages)

    def run(self) -> None:
        """Deliver until nothing more is said."""
        while self._queue:
            text = self._queue.pop(0)
            self.log.append(text)
            for phone in self.phones:
                self.post(phone.receive(json.loads(text)))

    def say(self, messages: Sequence[Message]) -> None:
        self.post(messages)
        self.run()
