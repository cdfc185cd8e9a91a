"""What the phones of a hand dealt face down say to each other, as data
(core/facedown.py is a phone's side of it): the hand's plan that every
phone knows before it, the proof contexts, the readers that turn a relayed
JSON field into an element, a scalar, a proof or a number in range (or
refuse it as `BadMessage`), and a phone's word on the hand (`Verdict`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..crypto import (
    Ciphertext,
    Element,
    EqualLogsProof,
    InvalidEncoding,
    InvalidProof,
    InvalidScalar,
    KeyProof,
    base_multiple,
    decode_hints,
    decode_scalar,
    prove_equal_logs,
    take_hints,
)
from .cards import DECK
from .deal import Setup, deal_order
from .facedown_deck import LABEL, composite_base, digest, int_bytes

FORMAT = "schraem-facedown/1"
Message = dict[str, Any]


class BadMessage(ValueError):
    """A message that is not one of the protocol's, or not well formed."""


@dataclass
class Request:
    """A seat's request for the shares of its places, as read: blinded (its
    R = r·G, the points r·C1 and their proof), or of the sealed form
    (core/facedown_open.py: no R, no proof, the points the C1 themselves)."""

    seat: int
    number: int
    places: list[int]
    blind: Element | None
    points: list[Element]
    encodings: list[bytes]  # the places' C1 and the points, as the composite takes them
    proof: EqualLogsProof | None


@dataclass
class Answer:
    """A phone's shares for a request, as read."""

    seat: int
    holder: int
    number: int
    shares: list[Element]
    encodings: list[bytes]
    proof: EqualLogsProof


def open_request(deck: Sequence[Ciphertext], places: Sequence[int], r: int, context: bytes, seat: int, number: int) -> Message:
    """Seat `seat`'s request `number` for the shares of `places`: each C1
    blinded by r, with R = r·G and one proof that log_G(R) is the factor of
    every blinded point (so nobody answers for a card not the seat's)."""
    c1s = [deck[p].c1 for p in places]
    points = [r * c for c in c1s]
    encodings = [e for c, b in zip(c1s, points) for e in (c.encode(), b.encode())]
    ctx = context_for(context, "open", seat, number)
    m = composite_base(b"open", ctx, c1s, encodings)
    blind = base_multiple(r)
    _, proof = prove_equal_logs(r, m, ctx, blind)
    return with_hints(
        {
            "kind": "open",
            "seat": seat,
            "request": number,
            "places": list(places),
            "blind": blind.encode().hex(),
            "points": [encodings[2 * j + 1].hex() for j in range(len(places))],
            "proof": proof.encode().hex(),
        }
    )


# --- the hand's shape ------------------------------------------------------


@dataclass(frozen=True)
class HandPlan:
    """What every phone knows before the hand: the table and hand (bound into
    every proof), the seats, the cards in the initial deck's order, and which
    places of the final deck each seat is dealt (as `deal_pack` deals) and
    which are the stock, top first.

    `seats` are the phones that deal (each keys, shuffles, opens); the
    game's seats are the first `players` of them (0: all). A phone after
    them watches a hand it does not play (a Rengen set's Hängeln, two of
    the table's players): it deals as any, is dealt no card (its `dealt`
    is empty), sees what is played and checks the hand after it."""

    table: str
    hand: int
    seats: int
    cards: tuple[str, ...]
    dealt: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    players: int = 0

    @classmethod
    def for_setup(cls, table: str, hand: int, setup: Setup, forehand: int, phones: int | None = None) -> HandPlan:
        """The plan of a hand the engine would deal with `setup` from
        `forehand` (0-based): the same places go to the same seats. With
        `phones` more than the game's seats, the phones after them watch."""
        cards = tuple(str(c) for c in DECK)
        dealt, stock = deal_order(range(len(cards)), list(setup.dealt), forehand, setup.cards, setup.packets)
        n = len(setup.dealt)
        watchers = 0 if phones is None else phones - n
        if watchers < 0:
            raise ValueError(f"{phones} phones cannot deal a hand of {n} seats")
        hands = tuple(tuple(h) for h in dealt) + ((),) * watchers
        return cls(table, hand, n + watchers, cards, hands, tuple(stock), n if watchers else 0)

    @property
    def game_seats(self) -> int:
        """The seats of the game (the phones that play it)."""
        return self.players or self.seats

    @property
    def context(self) -> bytes:
        parts = [LABEL, b"hand", self.table.encode(), int_bytes(self.hand), int_bytes(self.seats)]
        if self.players:
            parts.append(int_bytes(self.players))  # a hand with phones that watch binds how many play, too
        return digest(*parts)


def context_for(plan_context: bytes, what: str, *numbers: int) -> bytes:
    return plan_context + what.encode() + b"".join(int_bytes(k) for k in numbers)


# --- reading messages ------------------------------------------------------


def read_element(value: object) -> tuple[Element, bytes]:
    try:
        data = bytes.fromhex(value) if isinstance(value, str) else b""
        return Element.decode(data), data
    except (ValueError, InvalidEncoding) as e:
        raise BadMessage("not an element") from e


def read_scalar(value: object) -> int:
    try:
        return decode_scalar(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidScalar) as e:
        raise BadMessage("not a scalar") from e


def read_key_proof(value: object) -> KeyProof:
    try:
        return KeyProof.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidProof, InvalidEncoding, InvalidScalar) as e:
        raise BadMessage("not a key proof") from e


def read_logs_proof(value: object) -> EqualLogsProof:
    try:
        return EqualLogsProof.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except (ValueError, InvalidProof, InvalidEncoding, InvalidScalar) as e:
        raise BadMessage("not a proof") from e


def read_whole(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadMessage("not a number in range")
    return value


def read_places(value: object, size: int) -> list[int]:
    if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
        raise BadMessage("not a list of different places")
    return [read_whole(p, 0, size - 1) for p in value]


def read_list(value: object, length: int) -> list[object]:
    if not isinstance(value, list) or len(value) != length:
        raise BadMessage("a list of the wrong length")
    return value


# --- decode hints ----------------------------------------------------------
#
# The messages that carry elements carry their decode hints too
# (crypto/hints.py): "hints", one hex string, 32 bytes
# for each element of the fields below, in this order, each field's in the
# order they stand (a ciphertext's C1 then C2, a proof's two commitments).
# A phone takes them before it reads the message; a hint missing or wrong
# leaves its element to be decoded in full, so a hint is never a fault and
# never changes what a message says. A hint is a function of the element's
# bytes alone (anyone can work it out): it tells nobody anything.
HINTED_KINDS = ("shuffle", "open", "shares", "play", "show", "shows")
HINTED_FIELDS = ("deck", "blind", "points", "shares", "share", "proof", "proofs")


def _elements_in(value: object) -> list[bytes]:
    """The elements a field spells: 32 bytes an element, 64 a ciphertext,
    96 an equal-logs proof (its scalar not an element)."""
    if isinstance(value, list):
        return [e for v in value for e in _elements_in(v)]
    if not isinstance(value, str) or len(value) not in (64, 128, 192):
        return []
    try:
        data = bytes.fromhex(value)
    except ValueError:
        return []
    return [data[i : i + 32] for i in range(0, min(len(data), 64), 32)]


def elements_of(msg: Message) -> list[bytes]:
    """The elements of a message, in the order of its hints."""
    if msg.get("kind") not in HINTED_KINDS:
        return []
    return [e for name in HINTED_FIELDS for e in _elements_in(msg.get(name))]


def with_hints(msg: Message) -> Message:
    """The message with the decode hints of the elements this phone made."""
    elements = elements_of(msg)
    return {**msg, "hints": decode_hints(elements).hex()} if elements else msg


def take_message_hints(msg: object) -> None:
    """Decode a received message's elements with their hints, ahead of its reading."""
    if not isinstance(msg, dict) or not isinstance(hints := msg.get("hints"), str):
        return
    elements = elements_of(msg)
    try:
        data = bytes.fromhex(hints[: 64 * len(elements)])
    except ValueError:
        return
    take_hints(elements, data)


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
    def differs(cls, de: str, en: str) -> Verdict:
        """What this phone was shown is not the hand the check replays,
        and no seat's move explains it."""
        return cls("fault", None, f"nicht wie gezeigt – {de}", f"not as shown – {en}")

    @classmethod
    def void(cls, seat: int, de: str, en: str) -> Verdict:
        """The hand does not count: `seat` left it, and how and when."""
        return cls("void", seat, f"Spiel ungültig – {de}", f"hand void – {en}")

    @classmethod
    def unchecked(cls, de: str, en: str) -> Verdict:
        return cls("unchecked", None, f"nicht geprüft – {de}", f"not checked – {en}")

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "seat": self.seat, "de": self.de, "en": self.en}

    def renamed(self, who: Callable[[int], tuple[int, str] | None]) -> Verdict:
        """The same word with every phone it names named by `who` (see `renamed`)."""
        seat = self.seat
        if seat is not None:
            seat = (who(seat) or (seat,))[0]
        return Verdict(self.status, seat, renamed(self.de, who), renamed(self.en, who))


# How the protocol's words name a phone: "Platz N" / "seat N", N its place
# among the hand's phones (a game's seat is the phone of that place), and
# the player's name after it where the words give one ("Platz 3 (Carla)").
PHONE = re.compile(r"\b(Platz|[Ss]eat) (\d+)\b(?: \([^()]*\))?")


def renamed(words: str, who: Callable[[int], tuple[int, str] | None]) -> str:
    """`words` with each phone they name as `who` names it (a table seat and
    its player: the same number, or another where the hand's phones are not
    the table's seats, a Rengen set's Hängeln); a place `who` does not know
    stays as it is."""

    def one(m: re.Match[str]) -> str:
        found = who(int(m.group(2)))
        if found is None:
            return m.group(0)
        # Words that go on with the player's name ("Platz 2: Bernd hat …") name them once.
        if words.startswith(f": {found[1]} ", m.end()):
            return f"{m.group(1)} {found[0]}"
        return f"{m.group(1)} {found[0]} ({found[1]})"

    return PHONE.sub(one, words)


class Fault(Exception):
    """Raised inside a check to stop at the first fault."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.en)
        self.verdict = verdict


def fault(seat: int, de: str, en: str) -> Fault:
    return Fault(Verdict.fault(seat, de, en))
