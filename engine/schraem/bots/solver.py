"""Exact card play for one fully known deal ("double dummy"), for the
objective of this game: only the LAST trick counts.

Inner representation: a card is an int 0..31 (suit * 8 + strength; strength
0 is the ten, 7 the jack, so a LOWER number is a HIGHER card, as
`Card.index`), a hand is a 32-bit mask. Only the players still in the hand
take part, numbered 0..k-1 clockwise. Cards a passer left in the current
trick are "dead": they fix the led suit if they were led but never win.

The question asked is whether the `root` player can force the last trick
when everyone sees every card. That is a two-sided game (root against the
rest), so it needs no more: an opponent who can win himself takes the root's
win away just as surely as one who spoils it. The answer is a boolean, which
makes alpha-beta trivial (stop at the first move that decides the node), and
a memo keyed by the whole position is shared by all samples of a decision.
Cards that are adjacent among the cards still in play are interchangeable:
only one of them is searched.
"""
from __future__ import annotations

SUIT_MASK = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_BITS8 = [tuple(i for i in range(8) if m >> i & 1) for m in range(256)]


def cards_of(mask: int) -> list[int]:
    """The cards in a mask, highest first within each suit, suits C S H D."""
    out = []
    base = 0
    while mask:
        low = mask & 0xFF
        if low:
            out.extend(base + i for i in _BITS8[low])
        mask >>= 8
        base += 8
    return out


def trick_step(led: int, wp: int, wc: int, m: int, c: int) -> tuple[int, int, int]:
    """The trick state after player m (alive) plays card c."""
    if led < 0:
        return c >> 3, m, c
    if wp < 0:
        return led, m, c
    if (c >> 3) == led and ((wc >> 3) != led or c < wc):
        return led, m, c
    return led, wp, wc


class OutOfBudget(Exception):
    """Raised inside a search when its node budget is spent."""


class Solver:
    """Positions among k players with `root` asking. One Solver serves all
    samples of one decision (the memo holds whole positions)."""

    __slots__ = ("k", "root", "memo", "nodes", "limit", "clock", "deadline")

    def __init__(self, k: int, root: int, limit: int | None = None):
        self.k = k
        self.root = root
        self.memo: dict = {}
        self.nodes = 0
        self.limit = limit
        # Wall clock: with a deadline, checked every 256 nodes (anytime use).
        self.clock = None
        self.deadline = None

    # A position: hands (tuple of masks), movers (players still to play in
    # this trick, in order), led suit (-1 before the first card), wp / wc:
    # the alive player and card winning the trick so far (-1: none yet).
    def wins(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int) -> bool:
        if not movers:
            hw = hands[wp]
            if not hw:
                return wp == self.root
            if not hw & (hw - 1):
                return self._last(hands, wp)
            k = self.k
            return self.wins(hands, tuple((wp + i) % k for i in range(k)), -1, -1, -1)
        key = (hands, movers[0], led, wp, wc)
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget()
        if self.deadline is not None and not self.nodes & 255 and self.clock() >= self.deadline:
            raise OutOfBudget()
        m = movers[0]
        rest = movers[1:]
        is_root = m == self.root
        h = hands[m]
        cand = h
        if led >= 0:
            follow = h & SUIT_MASK[led]
            if follow:
                cand = follow
        others = 0
        for o in hands:
            others |= o
        others ^= h
        if wc >= 0:
            others |= 1 << wc
        prev = -1
        res = not is_root
        x = cand
        while x:
            low = x & -x
            x ^= low
            c = low.bit_length() - 1
            if prev >= 0 and (c >> 3) == (prev >> 3) and not (others & ((1 << c) - (1 << (prev + 1)))):
                prev = c
                continue  # the same card as the last one searched, for everyone
            prev = c
            if led < 0:
                nl, nwp, nwc = c >> 3, m, c
            elif wp < 0:
                nl, nwp, nwc = led, m, c
            elif (c >> 3) == led and ((wc >> 3) != led or c < wc):
                nl, nwp, nwc = led, m, c
            else:
                nl, nwp, nwc = led, wp, wc
            if self.wins(hands[:m] + (h ^ low,) + hands[m + 1:], rest, nl, nwp, nwc) == is_root:
                res = is_root
                break
        memo[key] = res
        return res

    def _last(self, hands: tuple, leader: int) -> bool:
        """Everyone holds one card: the highest card of the leader's suit wins."""
        best = hands[leader].bit_length() - 1
        bw = leader
        mask = SUIT_MASK[best >> 3]
        for i, o in enumerate(hands):
            if i != leader and o & mask:
                c = o.bit_length() - 1
                if c < best:
                    best, bw = c, i
        return bw == self.root

    def root_moves(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int, cards=None) -> dict[int, bool]:
        """For the root, who must be movers[0]: card -> can it still force the
        last trick after playing that card. `cards` limits the cards tried."""
        m = movers[0]
        h = hands[m]
        cand = h
        if led >= 0 and h & SUIT_MASK[led]:
            cand = h & SUIT_MASK[led]
        rest = movers[1:]
        out = {}
        for c in (cards_of(cand) if cards is None else cards):
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            out[c] = self.wins(hands[:m] + (h & ~(1 << c),) + hands[m + 1:], rest, nl, nwp, nwc)
        return out


class ModelSolver:
    """The same positions, but the others play a known policy (the player
    model): `policy(hand, legal, unseen, led, wc, movers_left) -> card`,
    cards as sorted int lists, `unseen` from that player's seat. Only the
    root chooses, so this is a one-player search: can the root take the last
    trick against players who play like that? `seen` is the mask of cards
    face up before the search starts; `full` the mask of all cards."""

    __slots__ = ("k", "root", "policy", "memo", "nodes", "limit", "seen", "full", "clock", "deadline")

    def __init__(self, k: int, root: int, policy, seen: int, full: int = (1 << 32) - 1, limit: int | None = None):
        self.k = k
        self.root = root
        self.policy = policy
        self.seen = seen
        self.full = full
        self.memo: dict = {}
        self.nodes = 0
        self.limit = limit
        self.clock = None
        self.deadline = None

    def wins(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int, played: int) -> bool:
        """`played`: cards played since the search started (face up now)."""
        if not movers:
            hw = hands[wp]
            if not hw:
                return wp == self.root
            k = self.k
            return self.wins(hands, tuple((wp + i) % k for i in range(k)), -1, -1, -1, played)
        key = (hands, movers[0], led, wp, wc, played)
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget()
        if self.deadline is not None and not self.nodes & 255 and self.clock() >= self.deadline:
            raise OutOfBudget()
        m = movers[0]
        rest = movers[1:]
        h = hands[m]
        cand = h
        if led >= 0:
            follow = h & SUIT_MASK[led]
            if follow:
                cand = follow
        if m == self.root:
            cards = cards_of(cand)
        else:
            unseen = self.full & ~h & ~self.seen & ~played
            cards = [self.policy(cards_of(h), cards_of(cand), unseen, led, wc if wp >= 0 else -1, len(rest))]
        res = False
        for c in cards:
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            if self.wins(hands[:m] + (h & ~(1 << c),) + hands[m + 1:], rest, nl, nwp, nwc, played | (1 << c)):
                res = True
                break
        memo[key] = res
        return res

    def root_moves(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int, cards) -> dict[int, bool]:
        m = movers[0]
        h = hands[m]
        out = {}
        for c in cards:
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            out[c] = self.wins(hands[:m] + (h & ~(1 << c),) + hands[m + 1:], movers[1:], nl, nwp, nwc, 1 << c)
        return out


def order_from(k: int, start: int) -> tuple:
    return tuple((start + i) % k for i in range(k))
