"""The view's `previous_result`: the hand before the current one, exactly as
its own `hand_result` showed it when it was decided (the scoresheet deals on
at once and keeps it in sight)."""

from __future__ import annotations

import random

import pytest

from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_previous_result_is_the_decided_hands_result(preset):
    rng = random.Random(preset)
    game = Game(["A", "B", "C", "D"], preset, dealer=4, seed=rng.randrange(10**6))
    game.deal()
    assert view(game, 1)["previous_result"] is None
    shown = None
    for _ in range(2000):
        if game.game_over:
            break
        if game.hand_over:
            shown = view(game, None)["hand_result"]
            game.deal()
            assert view(game, 1)["previous_result"] == shown
            assert view(game, None)["previous_result"] == shown
            continue
        if shown is not None:
            assert view(game, 2)["previous_result"] == shown  # until the next hand is decided
        legal = [a for s in range(1, 5) for a in game.legal_actions(s)]
        game.apply(rng.choice(legal))
    assert shown is not None


def test_the_view_says_whether_the_hand_is_knocked():
    plain = Game(["A", "B", "C", "D"], "rheinland", dealer=4, seed=1)
    plain.deal()
    assert view(plain, 1)["knocking"] is True
    halves = Game(["A", "B", "C", "D"], "siwwe_schroehm_newcomer", dealer=4, seed=1)
    halves.deal()
    assert view(halves, 1)["knocking"] is False and not any(a.type == "knock" for a in halves.legal_actions(1))
    assert view(Game(["A", "B"], "rheinland", dealer=1, seed=1), 1)["knocking"] is False  # nothing dealt yet


def test_a_result_says_what_came_off_each_sheet():
    """`marks_lost` is what each seat had taken off in the hand: what it
    owed (`losses`), but never more than it had. Played at random in every
    preset from few marks, so that seats owe more than they have."""
    capped = 0
    for preset in Rules.preset_names():
        rng = random.Random(f"lost {preset}")
        players = [{"name": n, "marks": m} for n, m in zip("ABCD", (2, 1, 2, 1))]
        game = Game(players, preset, dealer=4, seed=rng.randrange(10**6))
        game.deal()
        for _ in range(2000):
            if game.hand_over:
                res = view(game, None)["hand_result"]
                before = list(game.hand.marks)
                assert res["marks_lost"] == [b - a for b, a in zip(before, res["marks_after"])], preset
                assert res["marks_lost"] == [min(b, owed) for b, owed in zip(before, res["losses"])], preset
                capped += any(owed > lost for owed, lost in zip(res["losses"], res["marks_lost"]))
                if game.game_over:
                    break
                game.deal()
                assert view(game, 1)["previous_result"] == res
                continue
            legal = [a for s in range(1, 5) for a in game.legal_actions(s)]
            game.apply(rng.choice(legal))
    assert capped > 0
