"""Cards as small ints and hands as bit masks: the inner representation the
bots compute with, defined once for the solver, the heuristic and strong
bots, the player model and the tests.

A card is an int 0..31, suit * 8 + strength (suits C S H D, strength 0 for
the ten, 7 for the jack), so within a suit a LOWER number is a HIGHER card;
a set of cards is a 32-bit mask. Seats are 0-based here.
"""

from __future__ import annotations

from ..core.cards import RANKS, SUITS

_INDEX = {r + s: si * 8 + ri for si, s in enumerate(SUITS) for ri, r in enumerate(RANKS)}
_NAMES = {v: k for k, v in _INDEX.items()}
FULL = (1 << 32) - 1
SUIT_MASK = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_BITS8 = [tuple(i for i in range(8) if m >> i & 1) for m in range(256)]


def card_int(text: str) -> int:
    return _INDEX[text.strip().upper()]


def card_str(c: int) -> str:
    return _NAMES[c]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards in a mask, highest first within each suit, suits C S H D."""
    out: list[int] = []
    base = 0
    while mask:
        low = mask & 0xFF
        if low:
            out.extend(base + i for i in _BITS8[low])
        mask >>= 8
        base += 8
    return out


def popcount(x: int) -> int:
    return x.bit_count()


def playable(hand: int, led: int) -> int:
    """The cards of `hand` that may be played to a trick led in suit `led`
    (-1: nothing led yet): the led suit if the hand holds it, else any."""
    if led >= 0:
        follow = hand & SUIT_MASK[led]
        if follow:
            return follow
    return hand


def beats(c: int, led: int, wc: int) -> bool:
    """Whether card c, played by a seat still in the hand, takes over a
    trick led in suit `led` that the live card wc wins so far (-1: no live
    card yet, e.g. a passer's dead card was led: the first live card takes
    it whatever its suit; only the led suit beats it later)."""
    return wc < 0 or (c >> 3 == led and (wc >> 3 != led or c < wc))


# TAKE[led][wc + 1]: the mask of the cards that take over a trick led in
# suit `led` and won so far by wc (-1: no live card), for searches that test
# a bit instead of calling `beats` for every card.
TAKE = tuple(tuple(mask_of(c for c in range(32) if beats(c, led, wc)) for wc in range(-1, 32)) for led in range(4))


def trick_step(led: int, wp: int, wc: int, m: int, c: int) -> tuple[int, int, int]:
    """The trick state (led suit, winning player, winning card; -1: none)
    after player m, still in the hand, plays card c."""
    if led < 0:
        return c >> 3, m, c
    if beats(c, led, wc):
        return led, m, c
    return led, wp, wc


def trick_winner(trick) -> tuple[int, int] | None:
    """(seat, card) winning a trick so far, from its (seat, card, dead)
    plays (a dead card, a passer's, fixes the led suit but never wins), or
    None when no live card lies in it."""
    if not trick:
        return None
    led = trick[0][1] >> 3
    best = None
    for p, c, dead in trick:
        if not dead and beats(c, led, -1 if best is None else best[1]):
            best = (p, c)
    return best


def beaters(c: int, unseen: int) -> int:
    """How many of the `unseen` cards beat c in its suit."""
    return popcount(unseen & SUIT_MASK[c >> 3] & ((1 << c) - 1))
