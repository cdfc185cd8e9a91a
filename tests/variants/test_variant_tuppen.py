"""Tuppen: as the Rhineland Championship, but the first player out has lost;
when two or more are one mark from out they play short long ones (4 cards,
the winner drops out) and the last two a long one (8 cards, dealt 3-2-3)
whose loser is the overall loser."""

from __future__ import annotations

from variant_support import SUITED4, answer_all, dealt, finish, new_game, refused, replay_equal

from schraem.core.cards import shuffled_deck
from schraem.core.deal import deal_pack
from schraem.core.rules import Rules
from schraem.core.view import view

HEARTS, SPADES = ["10H", "9H", "8H", "7H", "AH", "KH", "QH", "JH"], ["10S", "9S", "8S", "7S", "AS", "KS", "QS", "JS"]
THREE = [["10H", "9H", "8H", "7H"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]


def test_preset_options():
    r = Rules.make("tuppen")
    base = Rules.make("rheinland")
    assert r.game_end == "long_ones" and r.long_one_packets() == (3, 2, 3)
    assert {k: v for k, v in vars(r).items() if getattr(base, k) != v} == {
        "preset": "tuppen",
        "game_end": "long_ones",
        "first_dealer_next_game": "loser",
    }


def test_first_player_out_alone_is_the_overall_loser():
    g = dealt("tuppen", SUITED4, marks=[7, 1, 7, 7])
    answer_all(g)
    finish(g)
    assert g.marks == [7, 0, 5, 5]
    assert g.game_over and g.loser == 2 and g.winner is None and g.scores == [0, -1, 0, 0]


def test_two_one_mark_from_out_play_the_long_one():
    g = dealt("tuppen", THREE, marks=[7, 2, 2], dealer=3)
    finish(g)  # seat 1's hearts win
    assert g.marks == [7, 1, 1] and not g.game_over
    assert g.end.group == [1, 2]
    assert view(g, None)["phase"]["group"] == [2, 3]
    hand = g.deal(cards=[[], SPADES, HEARTS])  # seat 1 (the winner) deals
    assert hand.setup.kind == "long_one" and hand.value == 1 and not hand.knocking
    assert hand.forehand == 1 and hand.responders == []  # no hammer knock either
    refused(g, "2:knock", "no_knocking")
    finish(g)  # seat 2 leads spades and takes every trick
    assert g.results[-1].losses == (0, 0, 0) and g.marks == [7, 1, 1]
    assert g.game_over and g.loser == 3 and g.scores == [0, 0, -1]
    replay_equal(g)


def test_three_on_the_last_mark_play_a_short_long_one_first():
    g = dealt("tuppen", SUITED4[:3] + [[]], marks=[1, 1, 1, 5], dealer=4)
    hand = g.hand
    assert hand.setup.kind == "short_long_one" and hand.dealt == [True, True, True, False]
    assert [len(c) for c in hand.cards] == [4, 4, 4, 0] and hand.value == 1 and hand.responders == []
    finish(g)  # seat 1 wins and drops out of the endgame
    assert g.end.group == [1, 2] and not g.game_over
    hand = g.deal(cards=[[], HEARTS, SPADES, []])
    assert hand.setup.kind == "long_one" and hand.forehand == 1
    finish(g)
    assert g.loser == 3


def test_two_out_in_the_same_hand_play_it_out():
    g = dealt("tuppen", THREE, marks=[7, 1, 2], dealer=3)
    answer_all(g)  # the hammer (seat 2) knocked to 2
    finish(g)
    assert g.marks == [7, 0, 0] and not g.game_over and g.end.group == [1, 2]
    g.deal(cards=[[], HEARTS, SPADES])
    finish(g)  # seat 2 (forehand) takes every heart trick
    assert g.loser == 3


def test_the_long_one_is_dealt_three_two_three_from_a_seed():
    g = new_game("tuppen", 3, marks=[1, 1, 7], dealer=3)
    hand = g.deal(seed=99)
    pack = shuffled_deck(99)
    assert hand.cards[0] == pack[0:3] + pack[6:8] + pack[10:13]
    assert hand.cards[1] == pack[3:6] + pack[8:10] + pack[13:16]
    assert hand.cards[2] == []
    assert (hand.cards, hand.stock) == deal_pack(99, [True, True, False], 0, 8, (3, 2, 3))
