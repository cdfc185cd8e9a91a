"""The benchmarks' fair best policy against the heuristic's card play
(bench/bots.py plan_against, behind `presets.py --ceiling P --plan`), against
plain backtracking over the root's policies."""

import sys
from pathlib import Path

import pytest
from test_solver import face_up, positions_to_move

from schraem.bots.bits import cards_of, mask_of, playable, trick_step
from schraem.bots.heuristic import reply_card
from schraem.bots.solver import Solver, order_from

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bots import plan_against, plan_root  # noqa: E402


def brute_plan(deals, movers, led, wp, wc, root, k, played, reply):
    """The most deals the root can win with ONE policy: a card for each
    sequence of cards it has seen played, the same in every deal. Plain
    backtracking over policies, deal after deal (nothing shared with the
    solver's grouping)."""

    def step(i, hands, movers, led, wp, wc, played, seen, policy):
        if i == len(deals):
            return 0
        if not movers:
            if not hands[wp]:
                return (wp == root) + start(i + 1, policy)
            return step(i, hands, order_from(k, wp), -1, -1, -1, played, seen, policy)
        m = movers[0]
        h = hands[m]
        legal = playable(h, led)
        if m != root:
            choices = [reply(h, legal, ((1 << 32) - 1) & ~played & ~h, led, wc, len(movers) - 1 if led >= 0 else 0)]
        elif seen in policy:
            choices = [policy[seen]]
        else:
            choices = cards_of(legal)
        best = 0
        for c in choices:
            p = policy if m != root or seen in policy else {**policy, seen: c}
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            child = hands[:m] + (h & ~(1 << c),) + hands[m + 1 :]
            best = max(best, step(i, child, movers[1:], nl, nwp, nwc, played | 1 << c, seen + (c,), p))
        return best

    def start(i, policy):
        if i == len(deals):
            return 0
        return step(i, deals[i], movers, led, wp, wc, played, (), policy)

    return start(0, {})


@pytest.mark.parametrize("k,cards", [(3, 3), (4, 3), (4, 2), (3, 4)])
def test_a_plan_against_the_model_is_one_policy_for_deals_it_cannot_tell_apart(k, cards):
    """plan_against equals backtracking over the root's policies; with one
    deal it is wins_against, and over several it never exceeds what seeing
    every card would win (and falls short of it somewhere: that is strategy
    fusion, which the plan must not count)."""
    fused_more = 0
    for rng, (hands, movers, led, wp, wc) in positions_to_move(311 * k + cards, k, cards, 25):
        root = movers[0]
        played = face_up(rng, hands, 10)
        # Deals the root cannot tell apart: the others' cards shuffled among them.
        pool = [c for s, h in enumerate(hands) if s != root for c in cards_of(h)]
        deals = []
        for _ in range(4):
            rng.shuffle(pool)
            d, at = list(hands), 0
            for s in range(k):
                if s != root:
                    n = bin(hands[s]).count("1")
                    d[s] = mask_of(pool[at : at + n])
                    at += n
            deals.append(tuple(d))
        got = plan_against(Solver(k, root), deals, movers, led, wp, wc, played, reply_card)
        assert got == brute_plan(deals, movers, led, wp, wc, root, k, played, reply_card)
        fused = sum(Solver(k, root).wins_against(d, movers, led, wp, wc, played, reply_card) for d in deals)
        assert got <= fused
        fused_more += got < fused
        assert plan_against(Solver(k, root), deals[:1], movers, led, wp, wc, played, reply_card) == Solver(k, root).wins_against(
            deals[0], movers, led, wp, wc, played, reply_card
        )
        by_card = plan_root(Solver(k, root), deals, movers, led, wp, wc, played, reply_card, cards_of(playable(hands[root], led)))
        assert max(by_card.values()) == got
    assert fused_more > 0
