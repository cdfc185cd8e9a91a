"""Exact card play for one fully known deal ("double dummy"), for the
objective of this game: only the LAST trick counts.

Inner representation (bits.py): a card is an int 0..31 (suit * 8 +
strength; a LOWER number is a HIGHER card), a hand is a 32-bit mask. Only
the players still in the hand take part, numbered 0..k-1 clockwise. Cards a passer left in the current
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

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

from .bits import FULL, TAKE, cards_of, playable, trick_step


class OutOfBudget(Exception):
    """Raised inside a search when its node budget is spent."""


class Solver:
    """Positions among k players with `root` asking. One Solver serves all
    samples of one decision (the memo holds whole positions)."""

    __slots__ = ("k", "root", "memo", "reply_memo", "nodes", "limit", "clock", "deadline")

    def __init__(self, k: int, root: int, limit: int | None = None):
        self.k = k
        self.root = root
        self.memo: dict = {}
        self.reply_memo: dict = {}
        self.nodes = 0
        self.limit = limit
        # Wall clock: with a deadline, checked every 256 nodes (anytime use).
        self.clock: Callable[[], float] = time.perf_counter  # read only with a deadline
        self.deadline: float | None = None

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
        cand = playable(h, led)
        others = 0
        for o in hands:
            others |= o
        others ^= h
        if wc >= 0:
            others |= 1 << wc
        take = TAKE[led][wc + 1] if led >= 0 else 0
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
            elif low & take:
                nl, nwp, nwc = led, m, c
            else:
                nl, nwp, nwc = led, wp, wc
            if self.wins(hands[:m] + (h ^ low,) + hands[m + 1 :], rest, nl, nwp, nwc) == is_root:
                res = is_root
                break
        memo[key] = res
        return res

    def _spend(self) -> None:
        """Count a node; OutOfBudget when the node limit or the deadline is reached."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget()
        if self.deadline is not None and not self.nodes & 255 and self.clock() >= self.deadline:
            raise OutOfBudget()

    def _last(self, hands: tuple, leader: int) -> bool:
        """Everyone holds one card: the highest card of the leader's suit wins."""
        best = hands[leader].bit_length() - 1
        led = best >> 3
        bw = leader
        for i, o in enumerate(hands):
            if i != leader and o & TAKE[led][best + 1]:
                best, bw = o.bit_length() - 1, i
        return bw == self.root

    def wins_against(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int, played: int, reply) -> bool:
        """Whether the root takes the last trick when everyone else plays as
        `reply` says (the player model's card play) and the root sees every
        card. `played`: every card face up on the table (what the others
        cannot see besides their own hands is everything else).
        reply(hand, legal, unseen, led, wc, movers_left) -> card, all masks
        and ints of the inner representation; it must be deterministic.
        The memo is its own (the answer depends on `played` too). Its budget
        checks are those of `wins`, in a call: this search branches on the
        root's cards only and is far from the hot path `wins` is."""
        if not movers:
            if hands[wp] & (hands[wp] - 1):
                return self.wins_against(hands, order_from(self.k, wp), -1, -1, -1, played, reply)
            return wp == self.root if not hands[wp] else self._last(hands, wp)
        key = (hands, movers[0], led, wp, wc, played)
        got = self.reply_memo.get(key)
        if got is not None:
            return got
        self._spend()
        m = movers[0]
        rest = movers[1:]
        h = hands[m]
        cand = playable(h, led)
        choices: list[int] | tuple[int]
        if m == self.root:
            choices = cards_of(cand)
        else:
            choices = (reply(h, cand, FULL & ~played & ~h, led, wc, len(rest) if led >= 0 else 0),)
        res = False
        for c in choices:
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            if self.wins_against(hands[:m] + (h & ~(1 << c),) + hands[m + 1 :], rest, nl, nwp, nwc, played | 1 << c, reply):
                res = True
                break
        self.reply_memo[key] = res
        return res

    def root_moves(self, hands: tuple, movers: tuple, led: int, wp: int, wc: int, cards=None) -> dict[int, bool]:
        """For the root, who must be movers[0]: card -> can it still force the
        last trick after playing that card. `cards` limits the cards tried."""
        m = movers[0]
        h = hands[m]
        cand = playable(h, led)
        rest = movers[1:]
        out = {}
        for c in cards_of(cand) if cards is None else cards:
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            out[c] = self.wins(hands[:m] + (h & ~(1 << c),) + hands[m + 1 :], rest, nl, nwp, nwc)
        return out


def order_from(k: int, start: int) -> tuple:
    return tuple((start + i) % k for i in range(k))
