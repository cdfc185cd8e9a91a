"""Eifel Siwwe Strööm / Sibbeschröm: points counted up to 7, the hammer's
opponents answer before looking (a passer takes 1 point), and an unseen
four-courts exchange that anyone may challenge."""

from __future__ import annotations

from variant_support import SUITED4, act, assert_no_leak, dealt, finish, new_game, refused, replay_equal

from schraem.core.rules import Rules
from schraem.core.view import view

COURTS2 = [["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "JD"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]
BLUFF2 = [["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "7D"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "JD"]]


def test_preset_options():
    r = Rules.make("siwwe_stroeoem")
    assert r.count_up and r.start_marks == 7 and r.hammer and r.hammer_marks == 1
    assert r.hammer_answer_unseen and r.four_courts == "challenge" and r.challenge_penalty == 2
    assert r.game_end == "last_standing"


def test_points_count_up_in_the_view():
    g = dealt("siwwe_stroeoem", SUITED4)
    v = view(g, 1)
    assert v["count_up"] is True and v["start_marks"] == 7
    assert [p["marks"] for p in v["players"]] == [7, 7, 7, 7]  # 0 points against each


def test_at_six_points_every_hand_is_played_for_two():
    g = dealt("siwwe_stroeoem", SUITED4, marks=[7, 1, 7, 7])
    hand = g.hand
    assert hand.value == 2 and hand.responders == [2, 3, 0]
    # answered before looking: "they lay the cards down before the deal"
    refused(g, "3:look", "hammer_answer_unseen")
    act(g, "3:pass")  # lays the cards down: takes 1 point
    assert hand.losses[2] == 1
    act(g, "4:hold", "4:look")  # answered: may look now
    refused(g, "1:look", "hammer_answer_unseen")
    act(g, "1:hold", "1:look")
    finish(g)
    res = g.results[-1]
    assert res.value == 2 and res.losses == (0, 2, 1, 2)  # seat 1's clubs win


def test_right_challenge_puts_the_exchanger_out_with_two():
    g = dealt("siwwe_stroeoem", BLUFF2)
    act(g, "2:exchange")  # unseen: nobody knows it held a 7
    assert_no_leak(g)
    act(g, "3:challenge:2")
    hand = g.hand
    assert not hand.in_hand[1] and hand.losses[1] == 2
    assert view(g, None)["exchanges"][0]["challenge"] == {"seat": 3, "right": True, "cards": ["AH", "KH", "QS", "7D"]}
    refused(g, "4:challenge:2", "challenge_not_allowed")  # out of the hand already
    finish(g)
    assert g.results[-1].losses == (0, 2, 1, 1)
    replay_equal(g)


def test_wrong_challenge_puts_the_challenger_out_with_two():
    g = dealt("siwwe_stroeoem", COURTS2)
    act(g, "2:exchange", "3:challenge:2")
    hand = g.hand
    assert hand.in_hand[1] and not hand.in_hand[2] and hand.losses[2] == 2
    refused(g, "4:challenge:2", "challenge_once")
    finish(g)
    assert g.results[-1].losses == (0, 1, 2, 1)
    replay_equal(g)


def test_challenge_rules():
    g = dealt("siwwe_stroeoem", COURTS2)
    refused(g, "3:challenge:2", "challenge_not_allowed")  # nothing exchanged
    act(g, "2:exchange")
    refused(g, "2:challenge:2", "challenge_not_allowed")  # not your own
    refused(g, "3:turn:2#1", "turn_not_allowed")  # no turning in the Eifel
    act(g, "1:knock")
    refused(g, "3:challenge:2", "answer_first")


def test_challenge_leaving_one_player_ends_the_hand():
    g = dealt("siwwe_stroeoem", [["AH", "KH", "QS", "7D"], ["10S", "9S", "8S", "7S"]])
    act(g, "1:exchange")
    res = act(g, "2:challenge:1")
    assert res.winner == 1 and res.reason == "others_passed" and res.losses == (2, 0)
    assert g.marks == [5, 7]


def test_scoresheet_challenge_names_the_uncovered_cards():
    g = new_game("siwwe_stroeoem", 4)
    g.deal(real=True)
    act(g, "2:exchange", "3:challenge:2:AH,KH,QS,JD")  # all courts: wrong
    assert not g.hand.in_hand[2]
    act(g, "1:win")
    assert g.marks == [7, 6, 5, 6]
    replay_equal(g)
