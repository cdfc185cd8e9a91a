"""Marienheide: 2-5 players on 5 marks, knock up to marks + 1, the loser of
a game deals the next one, and the lead after a passer on lead goes to the
highest card of the trick (clubs > spades > hearts > diamonds)."""

from __future__ import annotations

import random

import pytest
from variant_support import SUITED4, act, answer_all, dealt, finish, new_game, play_random, refused

from schraem.club.series import Series
from schraem.core.errors import InvalidAction
from schraem.core.rules import Rules

LEAD = [["10H", "9H", "8H", "7H"], ["7S", "10D", "9D", "8D"], ["JC", "10S", "9S", "8S"]]


def test_preset_options():
    r = Rules.make("marienheide")
    assert (r.min_players, r.max_players, r.start_marks, r.cards_per_hand) == (2, 5, 5, 4)
    assert r.knock_limit == "marks_plus_one" and r.first_dealer_next_game == "loser"
    assert r.lead_after_pass == "highest_card" and r.marks_display == "die"
    assert r.four_courts == "none" and r.game_end == "last_standing"


def test_two_to_five_players_on_five_marks():
    with pytest.raises(InvalidAction):
        new_game("marienheide", 6)
    with pytest.raises(InvalidAction):
        new_game("marienheide", 1)
    g = new_game("marienheide", 5)
    assert g.marks == [5] * 5


def test_knock_up_to_marks_plus_one():
    g = dealt("marienheide", SUITED4, marks=[2, 5, 5, 5])
    act(g, "1:look", "2:look", "3:look", "4:look")
    act(g, "2:knock")
    answer_all(g)
    act(g, "1:knock")
    answer_all(g)  # 2 marks: to 3
    act(g, "3:knock")
    answer_all(g)
    refused(g, "1:knock", "knock_marks")  # to 5 with 2 marks


def _lead_after_leader_passes(preset):
    g = dealt(preset, LEAD, dealer=3)
    act(g, "1:play:10H", "2:play:7S", "3:play:JC")  # seat 1 takes it and is on lead
    assert g.hand.leader == 0
    act(g, "2:knock", "3:hold", "1:pass")
    return g


def test_passer_on_lead_gives_the_lead_to_the_highest_card_clubs_first():
    g = _lead_after_leader_passes("marienheide")
    # JC (the lowest club) beats 7S: for this purpose the suits rank first
    assert g.hand.to_play() == 2
    assert g.results == [] and g.hand.losses[0] == 1
    finish(g)
    # clockwise (the Rhineland Championship) it would be seat 2
    r = _lead_after_leader_passes("rheinland")
    assert r.hand.to_play() == 1


def test_passer_on_lead_before_any_trick_passes_the_lead_clockwise():
    g = dealt("marienheide", LEAD, dealer=3)
    act(g, "2:knock", "3:hold", "1:pass")
    assert g.hand.to_play() == 1


def test_loser_of_a_game_deals_the_first_hand_of_the_next():
    series = Series(["A", "B", "C", "D"], "marienheide", first_dealer=4, seed=7)
    rng = random.Random(3)
    first = play_random(series.new_game(), rng)
    assert first.loser == first.first_eliminated() is not None
    assert series.next_dealer() == first.loser
    second = series.new_game()
    assert second.first_dealer + 1 == first.loser
