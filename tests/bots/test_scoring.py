"""The strong bot values a hand's outcome under the preset's own
scoring (first out, Knolle, Sebbe's pass and raiser losses), read from the
rules the view states, options included."""

import random

import pytest

from schraem.bots import equity
from schraem.bots.equity import Scoring
from schraem.bots.model import Situation
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

ALIVE4 = [True, True, True, True]
NONE4 = [0, 0, 0, 0]


def test_last_standing_is_the_share_of_marks_left():
    sc = Scoring.of(Rules.make("rheinland"))
    marks = [7, 5, 3, 1]
    # Seat 0 wins at 2: the others lose 2 each, seat 3 goes out.
    assert sc.after_hand(marks, NONE4, ALIVE4, 0, 2) == [7, 3, 1, 0]
    assert sc.outcome(marks, NONE4, ALIVE4, 0, 2, 0) == pytest.approx(7 / 11)
    assert sc.outcome(marks, NONE4, ALIVE4, 0, 2, 0) == equity.outcome(marks, NONE4, ALIVE4, 0, 2, 0)


def test_first_out_values_not_being_the_loser():
    sc = Scoring.of(Rules.make("siwwe_schroehm"))
    assert sc.game_end == "first_out"
    marks = [2, 5, 5, 5]
    # I go out: the game is lost; someone else goes out: it is won.
    assert sc.outcome(marks, NONE4, ALIVE4, 1, 2, 0) == 0.0
    assert sc.outcome([5, 2, 5, 5], NONE4, ALIVE4, 0, 2, 0) == 1.0
    # Nobody out: fewer marks, a larger chance of being out first.
    low = sc.outcome([6, 6, 6, 6], NONE4, ALIVE4, 1, 1, 0)
    lower = sc.outcome([6, 6, 6, 6], NONE4, ALIVE4, 1, 3, 0)
    assert 0 < lower < low < 1
    # Under a last-standing valuation losing 3 of 6 would matter far less
    # than here, where it makes me the likely loser.
    assert lower < 0.75


def test_sebbe_pass_and_raiser_losses():
    sc = Scoring.of(Rules.make("sebbe_schroehm"))
    assert sc.pass_cost(2) == 1 and Scoring.of(Rules.make("rheinland")).pass_cost(2) == 2
    marks = [7, 7, 7, 7]
    # Seat 1 raised to 3 and seat 2, a holder, won: the raiser loses 1.
    assert sc.losses(marks, NONE4, ALIVE4, 2, 3, raiser=1) == [3, 1, 0, 3]
    assert Scoring.of(Rules.make("rheinland")).losses(marks, NONE4, ALIVE4, 2, 3, raiser=1) == [3, 3, 0, 3]


def test_knolle_counts_knollen_not_marks():
    sc = Scoring.of(Rules.make("sebbe_schroehm"))
    assert sc.knolle
    marks = [1, 1, 3, 3]
    # Losing 3 from 1 mark is 2 Knollen for me: worse than the others'
    # Knollen, which the final's winner (maybe me) collects.
    mine_lost = sc.outcome(marks, NONE4, ALIVE4, 2, 3, 0)
    others_lost = sc.outcome(marks, NONE4, ALIVE4, 0, 3, 0)
    assert others_lost > mine_lost
    # A player at 0 still loses (Knollen); under last standing it would not count.
    at_zero = [0, 4, 4, 4]
    assert sc.losses(at_zero, NONE4, ALIVE4, 1, 2) == [2, 0, 2, 2]
    assert sc.outcome(at_zero, NONE4, ALIVE4, 1, 2, 0) < sc.outcome(at_zero, NONE4, ALIVE4, 0, 2, 0)


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_the_situation_reads_the_rules_played_options_included(preset):
    rules = Rules.make(preset)
    other = "highest_card" if rules.lead_after_pass != "highest_card" else "clockwise"
    game = Game(["a", "b", "c", "d"], preset, {"lead_after_pass": other}, seed=5, dealer=4)
    game.deal()
    sit = Situation(view(game, 1))
    assert sit.rules.preset == preset and sit.lead_rule == other
    assert sit.scoring.game_end == rules.game_end and sit.scoring.pass_loss == rules.pass_loss


def test_strong_passes_cheaper_under_sebbe_pass_loss():
    """Facing a knock to 3, a passer loses 1 in Sebbe but 2 under the
    Rhineland rules: with the same middling hand the Sebbe bot passes at
    least as often."""
    from schraem.bots.decider import Budget
    from schraem.bots.strong import decide

    passes = {"rheinland": 0, "sebbe_schroehm": 0}
    for preset in passes:
        for seed in range(12):
            game = Game(
                ["a", "b"],
                preset,
                {"four_courts": "none", "hammer_start_value": 0, "knock_by": "anyone"} if preset == "sebbe_schroehm" else {},
                seed=seed,
                dealer=2,
            )
            game.deal()
            game.apply({"seat": 1, "type": "look"})
            game.apply({"seat": 1, "type": "knock"})
            game.apply({"seat": 2, "type": "look"})
            game.apply({"seat": 2, "type": "hold"})
            game.apply({"seat": 2, "type": "knock"})  # 3: seat 1 answers
            game.apply({"seat": 1, "type": "look"}) if {"seat": 1, "type": "look"} in game.legal_actions(1) else None
            a = decide(view(game, 1), random.Random(seed), Budget(samples=10, nodes=10000))
            passes[preset] += a["type"] == "pass"
    assert passes["sebbe_schroehm"] > passes["rheinland"], passes
