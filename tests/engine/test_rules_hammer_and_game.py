"""RULES.md rules 8-10: the hammer, end of hand, elimination, end of game;
both presets, fixed deals."""

from __future__ import annotations

import pytest
from engine_support import PRESETS, hand_losses, new_game, play, play_out, refused

from schraem.core.errors import IllegalAction, InvalidAction
from schraem.core.view import view

D4 = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]


# --- rule 8: hammer ----------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_is_knocked_to_two_automatically_and_blind(preset):
    g = new_game(D4, preset, marks=[7, 7, 1, 7])
    v = view(g, None)
    assert v["value"] == 2 and v["last_knocker"] == 3
    assert v["response"]["knocker"] == 3 and v["response"]["to_answer"] == 4
    assert v["log"] == [{"seat": 3, "type": "knock", "value": 2, "auto": True}]
    assert v["players"][2]["looked"] is False and v["players"][2]["hammer"] is True
    assert g.to_record()["hands"][0]["actions"] == []  # automatic: not written
    refused(g, "1:play:10H", "answer_first")  # before play: the others answer first
    refused(g, "1:hold", "not_your_answer")
    play(g, "4:pass", "1:hold", "2:hold")
    refused(g, "3:knock", "knock_twice")  # counts as the last knocker
    play(g, "1:knock", "2:hold", "3:hold")  # seat 4 has passed: not asked
    play(g, "3:look")
    refused(g, "3:knock", "knock_marks")  # to 4 with 1 mark: no
    play_out(g)
    assert hand_losses(g) == [0, 3, 3, 1]  # seat 4 passed on the hammer: 1
    assert g.marks == [7, 4, 0, 6]


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_first_such_player_clockwise_from_forehand(preset):
    # dealer 2: forehand 3, so seat 4 is the first hammer clockwise, not seat 2
    g = new_game(D4, preset, marks=[7, 1, 7, 1], dealer=2)
    v = view(g, None)
    assert v["forehand"] == 3
    assert v["last_knocker"] == 4 and v["response"]["knocker"] == 4
    assert v["response"]["to_answer"] == 1
    play(g, "1:hold")
    assert view(g, None)["response"]["to_answer"] == 2  # the other hammer answers
    play(g, "2:hold", "3:hold")
    assert view(g, None)["value"] == 2 and len(view(g, None)["log"]) == 4


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_is_the_forehand_itself(preset):
    g = new_game(D4, preset, marks=[1, 7, 1, 7], dealer=4)
    assert view(g, None)["last_knocker"] == 1
    assert view(g, None)["response"]["to_answer"] == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_exceeds_marks_and_wins_when_all_pass(preset):
    g = new_game(D4[:3], preset, marks=[7, 1, 7], dealer=3)
    assert view(g, None)["response"]["to_answer"] == 3
    play(g, "3:pass")
    res = play(g, "1:pass")
    assert res.winner == 1 and res.reason == "others_passed"
    assert g.marks == [6, 1, 6]


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_loses_the_knocked_value_when_it_loses(preset):
    # the hammer's knock may exceed its marks; losing costs 2, clamped at 0
    g = new_game(D4, preset, marks=[7, 1, 7, 7])
    play(g, "3:hold", "4:hold", "1:hold")
    play_out(g)
    assert hand_losses(g) == [0, 2, 2, 2] and g.marks == [7, 0, 5, 5]


@pytest.mark.parametrize("preset", PRESETS)
def test_no_hammer_knock_when_value_is_already_two(preset):
    g = new_game(D4, preset, marks=[7, 1, 7, 7], options={"start_value": 2})
    v = view(g, None)
    assert v["value"] == 2 and v["response"] is None and v["last_knocker"] is None and v["log"] == []
    assert g.due() == [1]
    refused(g, "2:knock", "knock_marks")
    play(g, "1:knock")  # the hammer did not knock: seat 1 knocks as usual
    assert view(g, None)["value"] == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_hammer_on_a_scoresheet_hand(preset):
    from engine_support import real_game

    g = real_game(4, preset, marks=[7, 1, 7, 7])
    v = view(g, None)
    assert v["value"] == 2 and v["last_knocker"] == 2 and v["response"]["to_answer"] == 3
    play(g, "3:hold", "4:pass", "1:hold", "1:win")
    assert hand_losses(g) == [0, 2, 2, 1]
    assert g.to_record()["hands"][0] == {
        "deal": None,
        "actions": [{"seat": 3, "type": "hold"}, {"seat": 4, "type": "pass"}, {"seat": 1, "type": "hold"}, {"seat": 1, "type": "win"}],
    }


# --- rule 9: end of hand, clamp, elimination ----------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_end_of_hand_losses_clamp_at_zero_and_elimination(preset):
    g = new_game(D4, preset, marks=[7, 2, 7, 7])
    play(g, "3:knock", "4:hold", "1:hold", "2:hold")
    play(g, "4:knock", "1:hold", "2:hold", "3:hold")
    play_out(g)
    res = g.results[-1]
    assert res.winner == 0 and res.value == 3
    assert list(res.losses) == [0, 3, 3, 3]
    assert list(res.marks_after) == [7, 0, 4, 4]  # never below 0
    assert res.to_json()["eliminated"] == [2]
    v = view(g, None)
    assert v["players"][1]["out"] is True and v["players"][1]["marks"] == 0
    assert not g.game_over
    # next hand: winner (seat 1) deals; seat 2 is skipped in dealing and turns
    with pytest.raises(InvalidAction):
        g.deal(cards=D4)
    g.deal(cards=[D4[0], [], D4[2], D4[3]])
    v = view(g, None)
    assert v["dealer"] == 1 and v["forehand"] == 3 and v["turn"] == 3
    assert v["players"][1]["in_hand"] is False
    refused(g, "2:knock", "not_in_hand")
    refused(g, "2:look", "not_in_hand")
    play(g, "3:play:10D")
    assert g.due() == [4]
    play(g, "4:play:10S")
    assert g.due() == [1]
    play(g, "1:play:10H")
    assert view(g, None)["tricks"][0]["winner"] == 3
    play(g, "1:knock")
    assert view(g, None)["response"]["to_answer"] == 3  # seat 2 is skipped in answers


@pytest.mark.parametrize("preset", PRESETS)
def test_game_ends_when_one_player_has_marks(preset):
    g = new_game(D4[:3], preset, marks=[2, 2, 4], dealer=3)
    play(g, "3:knock", "1:hold", "2:hold")
    play_out(g)
    assert g.marks == [2, 0, 2]
    assert not g.game_over and g.winner is None and g.scores is None
    # seat 1 won and deals; seat 2 is out, so seat 3 is forehand
    g.deal(cards=[["10C", "9C", "8C", "7C"], [], ["10H", "9H", "8H", "7H"]])
    assert view(g, None)["turn"] == 3
    play(g, "1:knock", "3:hold")
    play_out(g)
    assert g.marks == [0, 0, 2]
    assert g.game_over and g.winner == 3
    assert g.scores == [0, 0, 9]  # marks + 7, others 0
    v = view(g, 1)
    assert v["game_over"] is True and v["winner"] == 3 and v["scores"] == [0, 0, 9]
    with pytest.raises(IllegalAction) as e:
        g.deal(cards=[["10C", "9C", "8C", "7C"], [], ["10H", "9H", "8H", "7H"]])
    assert e.value.code == "game_over"
    refused(g, "3:knock", "game_over")


@pytest.mark.parametrize("preset", PRESETS)
def test_two_player_game_over_score(preset):
    g = new_game(D4[:2], preset, marks=[2, 2], dealer=2)
    play(g, "1:knock", "2:hold")
    play_out(g)
    assert g.game_over and g.winner == 1 and g.scores == [9, 0] and g.marks == [2, 0]


@pytest.mark.parametrize("preset", PRESETS)
def test_winner_deals_next_hand(preset):
    g = new_game(D4, preset)
    play(g, "3:knock", "4:pass", "1:pass", "2:pass")
    assert g.results[-1].winner == 2
    g.deal(cards=D4)
    v = view(g, None)
    assert v["dealer"] == 3 and v["forehand"] == 4 and v["turn"] == 4
    assert v["hand_no"] == 2 and v["value"] == 1 and v["last_knocker"] is None
    # and again from a seed
    play(g, "4:knock", "1:pass", "2:pass", "3:pass")
    g.deal(seed=5)
    assert view(g, None)["dealer"] == 4 and view(g, None)["forehand"] == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_cannot_deal_while_a_hand_is_running(preset):
    g = new_game(D4, preset)
    with pytest.raises(IllegalAction):
        g.deal(cards=D4)
    assert len(g.specs) == 1
