"""What a hand's outcome is worth in the game: a player's chance to be the
last one with marks, estimated as their share of all marks left (the
Malmuth-Harville estimate of winning a freeze-out; exact for two players of
equal skill). Marks are never won, only lost, so a hand is worth playing
when it makes the others lose more than it is likely to cost you.
"""
from __future__ import annotations


def share(marks, me: int) -> float:
    total = 0
    for m in marks:
        if m > 0:
            total += m
    mine = marks[me]
    if mine <= 0 or total <= 0:
        return 0.0
    return mine / total


def after_hand(marks, committed, alive, winner: int, value: int) -> list[int]:
    """Marks once the hand ends with `winner` taking it at `value`: passers
    lose what they committed, everyone else still in loses the value."""
    out = []
    for i, m in enumerate(marks):
        if m <= 0:
            out.append(0)
        elif i == winner:
            out.append(m)
        elif not alive[i]:
            out.append(max(0, m - committed[i]))
        else:
            out.append(max(0, m - value))
    return out


def outcome(marks, committed, alive, winner: int, value: int, me: int) -> float:
    return share(after_hand(marks, committed, alive, winner, value), me)


def expected_others(marks, committed, alive, value: int, me: int, weights=None) -> float:
    """My equity when somebody other than me (still in) takes the hand:
    averaged over them, uniformly or by `weights` (seat -> weight)."""
    others = [i for i, a in enumerate(alive) if a and i != me]
    if not others:
        return outcome(marks, committed, alive, me, value, me)
    tot = 0.0
    wsum = 0.0
    for w in others:
        k = 1.0 if weights is None else weights.get(w, 0.0)
        if k <= 0:
            continue
        tot += k * outcome(marks, committed, alive, w, value, me)
        wsum += k
    if wsum <= 0:
        return sum(outcome(marks, committed, alive, w, value, me) for w in others) / len(others)
    return tot / wsum
