"""Cards of the 32-card French-suited Skat pack, in Siebenschräm order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from .errors import InvalidAction

if TYPE_CHECKING:
    from collections.abc import Sequence

# High to low inside a suit: the tens are the highest cards, the jacks the lowest.
RANKS = ("10", "9", "8", "7", "A", "K", "Q", "J")
SUITS = ("C", "S", "H", "D")
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
COURT_RANKS = frozenset("AKQJ")

T = TypeVar("T")


@dataclass(frozen=True, order=False, slots=True)
class Card:
    """A card; `strength` is 0 for the ten and 7 for the jack (lower wins)."""

    strength: int
    suit: str

    @property
    def rank(self) -> str:
        return RANKS[self.strength]

    @property
    def is_court(self) -> bool:
        return self.rank in COURT_RANKS

    @classmethod
    def parse(cls, text: object) -> "Card":
        if not isinstance(text, str):
            raise InvalidAction("bad_card", card=repr(text))
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise InvalidAction("bad_card", card=text)
        return card

    def __str__(self) -> str:
        # Not through `rank`: a record, a view and every log line write each
        # card, and the property's call was half the cost of writing one.
        return RANKS[self.strength] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(s, suit) for suit in SUITS for s in range(8))
_BY_TEXT = {str(c): c for c in DECK}


def parse_cards(texts: object) -> list[Card]:
    if not isinstance(texts, (list, tuple)):
        raise InvalidAction("bad_card_list", value=repr(texts))
    return [Card.parse(t) for t in texts]


class SplitMix64:
    """A tiny PRNG defined here, so a seed deals the same cards in every
    Python (CPython, Pyodide) and could be reimplemented in any language."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int):
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        # Rejection sampling keeps the shuffle exactly uniform.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


_TOP = 1 << 64
# Rejection limits of `SplitMix64.below` for every n a pack needs, worked
# out once: two big-int operations fewer in each step of every deal.
_LIMITS = tuple(_TOP - (_TOP % n) if n else 0 for n in range(65))


def seeded_shuffle(items: Sequence[T], seed: int) -> list[T]:
    """Fisher–Yates with SplitMix64: the same order for a seed everywhere.
    `SplitMix64.next` and `below` are inlined: every deal runs this loop,
    and method calls made it a fifth of a random-play hand's time."""
    mask, golden = SplitMix64.MASK, 0x9E3779B97F4A7C15
    out = list(items)
    limits = _LIMITS if len(out) < len(_LIMITS) else tuple(_TOP - (_TOP % n) if n else 0 for n in range(len(out) + 1))
    state = seed & mask
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            state = (state + golden) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            x = z ^ (z >> 31)
            if x < limits[n]:  # rejection sampling keeps it exactly uniform
                break
        j = x % n
        out[i], out[j] = out[j], out[i]
    return out


def shuffled_deck(seed: int) -> list[Card]:
    return seeded_shuffle(DECK, seed)


def derive_seed(seed: int, *parts: int) -> int:
    """A new seed from a seed and counters (hand number, series, ...)."""
    rng = SplitMix64(seed)
    value = rng.next()
    for p in parts:
        value = SplitMix64(value ^ (p * 0xD1B54A32D192ED03 & SplitMix64.MASK)).next()
    return value & ((1 << 53) - 1)  # stays exact as a JSON number in JS
