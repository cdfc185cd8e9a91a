"""RULES.md rules 4-7: knocking, answers, passers, lead after a pass, dead
cards, blind knocks and looking - both presets, fixed deals."""

from __future__ import annotations

import pytest
from engine_support import (
    BLIND_MAX,
    PRESETS,
    card_tokens,
    hand_losses,
    new_game,
    play,
    play_out,
    refused,
)

from schraem.core.view import view

# Seat 1 holds all hearts and, as forehand (dealer 4), wins every trick.
D4 = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]


def hold_all(game, knocker: int, *, n: int = 4, skip=()):
    seat = knocker
    for _ in range(n - 1):
        seat = seat % n + 1
        if seat not in skip:
            play(game, f"{seat}:hold")


def value(game) -> int:
    return view(game, None)["value"]


# --- rule 4: knocking --------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_knock_raises_by_one_up_to_seven(preset):
    g = new_game(D4, preset)
    play(g, "1:look", "2:look")
    assert value(g) == 1
    for step in range(6):
        knocker = 1 + step % 2
        play(g, f"{knocker}:knock")
        assert value(g) == 2 + step
        assert view(g, None)["last_knocker"] == knocker
        hold_all(g, knocker)
    assert value(g) == 7
    play(g, "3:look")
    refused(g, "1:knock", "knock_max")
    refused(g, "3:knock", "knock_max")
    play_out(g)
    assert hand_losses(g) == [0, 7, 7, 7] and g.marks == [7, 0, 0, 0]


@pytest.mark.parametrize("preset", PRESETS)
def test_anyone_may_knock_at_any_moment_out_of_turn_and_after_playing(preset):
    g = new_game(D4, preset)
    play(g, "3:knock")  # seat 1 is on turn; seat 3 knocks before any card
    assert value(g) == 2
    hold_all(g, 3)
    play(g, "1:play:10H")
    play(g, "1:knock")  # after playing to the current trick
    assert value(g) == 3
    hold_all(g, 1)
    play(g, "2:play:10C")
    play(g, "4:look", "4:knock")  # seat 3 is on turn
    assert value(g) == 4
    hold_all(g, 4)
    play(g, "3:play:10D", "4:play:10S")
    play(g, "1:play:9H", "2:play:9C", "3:play:9D", "4:play:9S")
    play(g, "1:play:8H", "2:play:8C", "3:play:8D", "4:play:8S")
    play(g, "1:play:7H", "2:play:7C", "3:knock")  # in the last trick, before its last card
    assert value(g) == 5
    hold_all(g, 3)
    play(g, "3:play:7D", "4:play:7S")
    assert hand_losses(g) == [0, 5, 5, 5]


@pytest.mark.parametrize("preset", PRESETS)
def test_no_knocking_while_a_knock_is_being_answered(preset):
    g = new_game(D4, preset)
    play(g, "2:knock")
    refused(g, "3:knock", "knock_during_answers")  # the seat due to answer
    refused(g, "4:knock", "knock_during_answers")
    refused(g, "1:knock", "knock_during_answers")
    refused(g, "2:knock")  # the knocker itself
    play(g, "3:hold")
    refused(g, "4:knock", "knock_during_answers")
    refused(g, "1:knock", "knock_during_answers")
    play(g, "4:hold", "1:hold")
    play(g, "3:knock")
    assert value(g) == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_no_knocking_twice_in_succession(preset):
    g = new_game(D4, preset)
    play(g, "1:knock")
    hold_all(g, 1)
    refused(g, "1:knock", "knock_twice")
    # playing cards in between does not count as someone else knocking
    play(g, "1:play:10H", "2:play:10C", "3:play:10D", "4:play:10S")
    refused(g, "1:knock", "knock_twice")
    play(g, "2:knock")
    hold_all(g, 2)
    play(g, "1:knock")
    assert value(g) == 4


@pytest.mark.parametrize("preset", PRESETS)
def test_knocking_limited_by_own_marks(preset):
    g = new_game(D4, preset, marks=[3, 7, 7, 7])
    play(g, "1:look", "2:knock")
    hold_all(g, 2)
    play(g, "1:knock")  # to 3 with 3 marks: allowed
    hold_all(g, 1)
    play(g, "3:look", "3:knock")
    hold_all(g, 3)
    assert value(g) == 4
    play(g, "4:look", "4:knock")
    hold_all(g, 4)
    refused(g, "1:knock", "knock_marks")  # to 5 with 3 marks
    g2 = new_game(D4, preset, marks=[3, 7, 7, 7])
    play(g2, "1:look", "2:knock")
    hold_all(g2, 2)
    play(g2, "3:knock")
    hold_all(g2, 3)
    refused(g2, "1:knock", "knock_marks")  # to 4 with 3 marks


@pytest.mark.parametrize("preset", PRESETS)
def test_two_marks_may_knock_to_three_blind(preset):
    g = new_game(D4, preset, marks=[2, 7, 7, 7])
    play(g, "2:knock")
    hold_all(g, 2)
    play(g, "1:knock")  # blind, 2 marks, to 3: allowed in both presets
    assert value(g) == 3
    hold_all(g, 1)
    play(g, "3:look", "3:knock")
    hold_all(g, 3)
    play(g, "1:look")
    refused(g, "1:knock", "knock_marks")  # to 5: no exception beyond 3


def test_rheinland_two_marks_may_knock_to_three_after_looking():
    g = new_game(D4, "rheinland", marks=[2, 7, 7, 7])
    play(g, "2:knock")
    hold_all(g, 2)
    play(g, "1:look", "1:knock")
    assert value(g) == 3


def test_rengen_two_marks_knock_to_three_only_blind():
    g = new_game(D4, "rengen", marks=[2, 7, 7, 7])
    play(g, "2:knock")
    hold_all(g, 2)
    play(g, "1:look")
    refused(g, "1:knock", "knock_marks")
    # playing a card is looking too
    g = new_game(D4, "rengen", marks=[2, 7, 7, 7])
    play(g, "1:play:10H", "2:knock")
    hold_all(g, 2)
    refused(g, "1:knock", "knock_marks")


@pytest.mark.parametrize("preset", PRESETS)
def test_exception_is_only_for_two_marks(preset):
    # one mark, hand already at 2 (no hammer then): no knock to 3, even blind
    g = new_game(D4, preset, marks=[1, 7, 7, 7], options={"start_value": 2})
    refused(g, "1:knock", "knock_marks")
    g = new_game(D4, preset, marks=[3, 7, 7, 7], options={"start_value": 3})
    play(g, "1:look")
    refused(g, "1:knock", "knock_marks")  # three marks may not knock to 4


# --- rule 5: answers ---------------------------------------------------------

D5 = D4 + [["AH", "KH", "QH", "JH"]]


@pytest.mark.parametrize("preset", PRESETS)
def test_answers_go_clockwise_from_the_knocker(preset):
    g = new_game(D5, preset)
    play(g, "3:knock")
    r = view(g, None)["response"]
    assert r["knocker"] == 3 and r["to_answer"] == 4 and r["value"] == 2
    assert g.due() == [4]
    refused(g, "5:hold", "not_your_answer")
    refused(g, "1:pass", "not_your_answer")
    refused(g, "3:hold", "not_your_answer")  # the knocker does not answer
    refused(g, "1:play:10H", "answer_first")  # play waits for the answers
    play(g, "4:hold")
    assert view(g, None)["response"]["to_answer"] == 5
    play(g, "5:hold")
    assert view(g, None)["response"]["to_answer"] == 1
    play(g, "1:pass")
    assert view(g, None)["response"]["to_answer"] == 2
    play(g, "2:hold")
    v = view(g, None)
    assert v["response"] is None
    assert [(e["seat"], e["type"]) for e in v["log"]] == [(3, "knock"), (4, "hold"), (5, "hold"), (1, "pass"), (2, "hold")]
    # the next knock skips the passer
    play(g, "5:knock")
    assert view(g, None)["response"]["to_answer"] == 2
    play(g, "2:hold", "3:hold")
    assert view(g, None)["response"]["to_answer"] == 4
    refused(g, "1:hold", "not_in_hand")
    play(g, "4:hold")
    assert view(g, None)["response"] is None


@pytest.mark.parametrize("preset", PRESETS)
def test_hold_or_pass_only_answer_a_knock(preset):
    g = new_game(D4, preset)
    refused(g, "2:hold", "no_knock_to_answer")


@pytest.mark.parametrize("preset", PRESETS)
def test_passer_loses_the_old_value(preset):
    g = new_game(D4, preset)
    play(g, "1:knock")
    hold_all(g, 1)
    play(g, "2:knock")  # 2 -> 3
    play(g, "3:pass", "4:hold", "1:hold")
    v = view(g, None)
    assert v["players"][2]["in_hand"] is False and v["players"][2]["passed"] is True
    refused(g, "3:knock", "not_in_hand")
    play_out(g)
    assert g.results[-1].winner == 0
    assert hand_losses(g) == [0, 3, 2, 3]
    assert g.marks == [7, 4, 5, 4]


@pytest.mark.parametrize("preset", PRESETS)
def test_everyone_passes_knocker_wins_at_once_without_showing_cards(preset):
    g = new_game(D4, preset)
    play(g, "3:look", "2:look", "2:knock", "3:pass", "4:pass")
    assert not g.hand_over
    res = play(g, "1:pass")
    assert res is not None and g.hand_over
    assert res.winner == 1 and res.reason == "others_passed"
    assert list(res.losses) == [1, 0, 1, 1] and g.marks == [6, 7, 6, 6]
    for seat in (None, 1, 3, 4):
        assert not card_tokens(view(g, seat)) & set(D4[1]), "the knocker's cards were shown"
    assert view(g, 2)["my_cards"] == D4[1]
    # the knocker deals next
    g.deal(cards=D4)
    v = view(g, None)
    assert v["dealer"] == 2 and v["forehand"] == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_last_player_left_wins_at_once(preset):
    g = new_game(D4[:3], preset)
    play(g, "1:knock", "2:hold", "3:pass")
    assert not g.hand_over
    play(g, "1:play:10H")
    res = play(g, "2:knock", "1:pass")  # seat 1 was the only one left beside 2
    assert res is not None and res.winner == 1 and res.reason == "others_passed"
    assert list(res.losses) == [2, 0, 1]
    assert g.marks == [5, 7, 6]


# --- rule 6: lead after a pass, dead cards ------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_lead_goes_clockwise_when_the_leader_passed(preset):
    g = new_game(D4, preset)
    play(g, "3:knock", "4:hold", "1:pass", "2:hold")
    assert view(g, None)["turn"] == 2
    refused(g, "1:play:10H", "not_in_hand")
    refused(g, "3:play:10D", "not_your_turn")
    play(g, "2:play:10C", "3:play:10D", "4:play:10S")
    assert view(g, None)["tricks"][0]["winner"] == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_lead_skips_every_passer_clockwise(preset):
    g = new_game(D4, preset)
    play(g, "3:knock", "4:hold", "1:pass", "2:pass")
    assert view(g, None)["turn"] == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_lead_after_a_trick_winner_passes(preset):
    cards = [["9H", "9C", "8C", "7C"], ["10H", "10C", "8D", "7D"], ["AH", "9D", "10S", "9S"], ["KH", "JD", "8S", "7S"]]
    g = new_game(cards, preset)
    play(g, "1:play:9H", "2:play:10H", "3:play:AH", "4:play:KH")
    assert view(g, None)["turn"] == 2
    play(g, "3:knock", "4:hold", "1:hold", "2:pass")
    assert view(g, None)["turn"] == 3


DEAD = [["10H", "9C", "8C", "7C"], ["8H", "10S", "9S", "8S"], ["9H", "10D", "9D", "8D"], ["JH", "7S", "7D", "AC"]]


@pytest.mark.parametrize("preset", PRESETS)
def test_passers_card_cannot_win_highest_remaining_of_led_suit_wins(preset):
    g = new_game(DEAD, preset)
    play(g, "1:play:10H", "2:play:8H", "3:knock", "4:hold", "1:pass", "2:hold")
    trick = view(g, None)["trick"]
    assert trick == [{"seat": 1, "card": "10H", "dead": True}, {"seat": 2, "card": "8H", "dead": False}]
    assert view(g, None)["turn"] == 3
    play(g, "3:play:9H", "4:play:JH")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 3  # 9H, not the passer's 10H
    assert v["turn"] == 3


NOFOLLOW = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]


@pytest.mark.parametrize("preset", PRESETS)
def test_passers_card_cannot_win_earliest_remaining_when_none_followed(preset):
    g = new_game(NOFOLLOW, preset)
    play(g, "1:play:10H", "2:play:7C", "3:play:10S", "4:knock", "1:pass", "2:hold", "3:hold")
    play(g, "4:play:10D")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 2  # 7C was the earliest card of those still in
    assert v["turn"] == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_passers_card_cannot_win_a_late_low_follower_wins(preset):
    cards = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10S", "9S", "8S", "7S"], ["JH", "9D", "8D", "7D"]]
    g = new_game(cards, preset)
    play(g, "1:play:10H", "2:play:10C", "3:play:10S", "4:knock", "1:pass", "2:hold", "3:hold")
    refused(g, "4:play:9D", "must_follow")  # the dead 10H still sets the suit
    play(g, "4:play:JH")
    assert view(g, None)["tricks"][0]["winner"] == 4


@pytest.mark.parametrize("preset", PRESETS)
def test_trick_completed_by_a_pass_waits_for_the_answers(preset):
    g = new_game(D4, preset)
    play(g, "1:play:10H", "2:play:10C", "3:play:10D", "1:knock")
    play(g, "2:hold", "3:hold", "4:pass")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 1 and v["turn"] == 1 and v["trick"] == []


# --- rule 7: blind knocks and looking ---------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_blind_knocks_only_up_to_the_limit(preset):
    limit = BLIND_MAX[preset]
    g = new_game(D4, preset)
    seat = 1
    while value(g) < limit:
        play(g, f"{seat}:knock")
        hold_all(g, seat)
        seat = seat % 4 + 1
    assert value(g) == limit
    refused(g, f"{seat}:knock", "knock_blind")
    play(g, f"{seat}:look", f"{seat}:knock")
    assert value(g) == limit + 1


@pytest.mark.parametrize("preset", PRESETS)
def test_look_is_an_action_of_its_own(preset):
    g = new_game(D4, preset)
    assert view(g, 2)["my_cards"] is None
    assert {"seat": 2, "type": "look"} in view(g, 2)["legal"]
    play(g, "2:look")  # out of turn
    assert view(g, 2)["my_cards"] == D4[1]
    assert view(g, 1)["players"][1]["looked"] is True  # everyone sees you pick them up
    assert view(g, 1)["my_cards"] is None
    refused(g, "2:look", "already_looked")
    assert {"seat": 2, "type": "look"} not in view(g, 2)["legal"]
    # a responder may look before answering, and others may look meanwhile
    play(g, "1:knock", "2:hold", "3:look", "4:look", "3:hold", "4:hold")


@pytest.mark.parametrize("preset", PRESETS)
def test_playing_a_card_implies_looking(preset):
    limit = BLIND_MAX[preset]
    g = new_game(D4, preset)
    play(g, "1:play:10H")
    v = view(g, 1)
    assert v["players"][0]["looked"] is True and v["my_cards"] == ["9H", "8H", "7H"]
    refused(g, "1:look", "already_looked")
    for seat in range(2, limit + 1):  # seats 2.. knock blind up to the limit
        play(g, f"{seat}:knock")
        hold_all(g, seat)
    assert value(g) == limit and view(g, None)["last_knocker"] == limit
    # a seat that has not looked is stopped by the blind limit, seat 1 is not
    refused(g, "2:knock", "knock_blind")
    play(g, "1:knock")
    assert value(g) == limit + 1
