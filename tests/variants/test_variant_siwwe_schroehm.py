"""Dedenbach Siwwe Schröhm, classic: four players, marks counted up, poor at
6, knocking without blind knocks and without a score limit; the first
player to 7 has lost and ends the game."""

from __future__ import annotations

import pytest
from variant_support import SUITED4, act, answer_all, dealt, finish, new_game, refused, replay_equal

from schraem.core.errors import IllegalAction, InvalidAction
from schraem.core.rules import Rules
from schraem.core.view import view


def test_preset_options():
    r = Rules.make("siwwe_schroehm")
    assert (r.min_players, r.max_players, r.cards_per_hand, r.start_marks) == (4, 4, 4, 7)
    assert r.count_up and r.knock_limit == "none" and r.blind_max <= r.start_value
    assert r.hammer and r.hammer_marks == 1 and r.game_end == "first_out"


@pytest.mark.parametrize("n", [2, 3, 5])
def test_four_players_only(n):
    with pytest.raises(InvalidAction):
        new_game("siwwe_schroehm", n)


def test_no_blind_knocks_and_no_score_limit():
    g = dealt("siwwe_schroehm", SUITED4, marks=[2, 7, 7, 7])
    refused(g, "1:knock", "knock_blind")
    act(g, "1:look", "2:look", "3:look", "4:look")
    act(g, "2:knock")
    answer_all(g)
    act(g, "3:knock")
    answer_all(g)
    act(g, "1:knock")
    answer_all(g)  # 2 marks (5 points) knocks to 4
    act(g, "4:knock")
    answer_all(g)
    act(g, "1:knock")
    answer_all(g)
    assert g.hand.value == 6


def test_poor_at_six_is_knocked_to_two():
    g = dealt("siwwe_schroehm", SUITED4, marks=[7, 1, 7, 7])
    assert g.hand.value == 2 and g.hand.last_knocker == 1
    assert view(g, 1)["count_up"] is True


def test_first_to_seven_loses_and_ends_the_game():
    g = dealt("siwwe_schroehm", SUITED4, marks=[7, 1, 7, 7])
    answer_all(g)
    finish(g)  # seat 1's clubs win, the poor seat 2 reaches 7 points
    assert g.marks == [7, 0, 5, 5]
    assert g.game_over and g.loser == 2 and g.winner is None
    assert g.scores == [0, -1, 0, 0]
    with pytest.raises(IllegalAction):
        g.deal(cards=SUITED4)
    replay_equal(g)


def test_two_reaching_seven_together_the_one_furthest_over_has_lost():
    g = dealt("siwwe_schroehm", SUITED4, marks=[7, 2, 1, 7])
    answer_all(g)
    finish(g)
    assert g.marks == [7, 0, 0, 5]
    assert g.loser == 3  # 1 mark losing 2 goes further over than 2 losing 2
