"""RULES.md: Rengen's free pass, penalties and scoresheet hands (deal: null),
and the worked example (Hubert, Gerda, Hans, Anne) as a dealt record replay
and as a scoresheet record."""

from __future__ import annotations

import json

import pytest
from engine_support import BLIND_MAX, PRESETS, hand_losses, new_game, play, play_out, real_game, refused

from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

D4 = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]


def test_presets_differ_exactly_where_rules_md_says():
    rh, re_ = Rules.make("rheinland"), Rules.make("rengen")
    assert rh.blind_max == 4 and re_.blind_max == 3
    assert rh.free_pass is False and re_.free_pass is True
    assert rh.start_marks == re_.start_marks == 7 and rh.start_value == re_.start_value == 1
    assert rh.max_value == re_.max_value == 7
    assert rh.min_players == re_.min_players == 2


# --- Rengen: free pass -------------------------------------------------------


def test_rengen_free_pass_at_any_time_loses_current_value():
    g = new_game(D4, "rengen")
    play(g, "3:pass")  # before any card, out of turn, value 1
    assert view(g, None)["players"][2]["in_hand"] is False
    play(g, "1:knock", "2:hold", "4:hold")  # seat 3 is not asked any more
    play(g, "1:play:10H")
    play(g, "4:pass")  # out of turn, mid-trick, value 2
    play(g, "2:play:10C")  # the trick is complete: seats 3 and 4 are out
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 1 and v["turn"] == 1
    play_out(g)
    assert hand_losses(g) == [0, 2, 1, 2]
    assert g.marks == [7, 5, 6, 5]


def test_rheinland_has_no_free_pass():
    g = new_game(D4, "rheinland")
    refused(g, "3:pass", "pass_needs_knock")
    play(g, "1:play:10H")
    refused(g, "4:pass", "pass_needs_knock")


def test_rengen_free_pass_by_the_leader_moves_the_lead():
    g = new_game(D4, "rengen")
    play(g, "1:pass")
    assert view(g, None)["turn"] == 2


def test_rengen_free_pass_leaving_one_player_ends_the_hand():
    g = new_game(D4[:2], "rengen", dealer=2)
    res = play(g, "1:knock", "2:hold", "2:pass")
    assert res.winner == 0 and res.reason == "others_passed"
    assert list(res.losses) == [0, 2]


def test_rengen_free_pass_only_by_the_seat_due_while_a_knock_is_answered():
    g = new_game(D4, "rengen")
    play(g, "1:knock")
    refused(g, "3:pass", "not_your_answer")
    play(g, "2:pass")  # the seat due answers: loses the old value
    play(g, "3:hold", "4:hold")
    play(g, "3:pass")  # now free again: the current value
    play_out(g)
    assert hand_losses(g) == [0, 1, 2, 2]


# --- scoresheet hands and penalties -------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_scoresheet_hand_closes_with_win(preset):
    g = real_game(4, preset)
    v = view(g, 1)
    assert v["real_cards"] is True and v["my_cards"] is None and v["turn"] is None
    play(g, "1:knock", "2:hold", "3:pass")
    refused(g, "4:win", "win_during_answers")
    play(g, "4:hold")
    refused(g, "3:win", "not_in_hand")
    res = play(g, "4:win")
    assert res.winner == 3 and res.reason == "declared"
    assert list(res.losses) == [2, 2, 1, 0] and g.marks == [5, 5, 6, 7]
    refused(g, "1:win", "hand_over")
    g.deal(real=True)
    assert view(g, None)["dealer"] == 4


@pytest.mark.parametrize("preset", PRESETS)
def test_scoresheet_refuses_cards(preset):
    g = real_game(4, preset)
    refused(g, "1:play:10H", "not_real_cards")
    refused(g, "1:look", "not_real_cards")


@pytest.mark.parametrize("preset", PRESETS)
def test_penalty_renege_loses_value_when_noticed_and_is_out(preset):
    g = real_game(4, preset)
    play(g, "1:knock", "2:hold", "3:hold", "4:hold")
    play(g, "2:penalty:renege")
    assert view(g, None)["players"][1]["in_hand"] is False
    play(g, "3:knock", "4:hold", "1:hold")  # seat 2 is not asked
    refused(g, "2:knock", "not_in_hand")
    play(g, "1:win")
    assert hand_losses(g) == [0, 2, 3, 3]


@pytest.mark.parametrize("preset", PRESETS)
def test_penalty_lead_out_of_turn_loses_one(preset):
    g = real_game(4, preset)
    play(g, "1:knock", "2:hold", "3:hold", "4:hold", "2:knock", "3:hold", "4:hold", "1:hold")
    play(g, "3:penalty:lead_out_of_turn")
    play(g, "4:win")
    assert hand_losses(g) == [3, 3, 1, 0]


@pytest.mark.parametrize("preset", PRESETS)
def test_penalty_leaving_one_player_ends_the_hand(preset):
    g = real_game(3, preset)
    play(g, "1:penalty:renege")
    res = play(g, "2:penalty:lead_out_of_turn")
    assert res.winner == 2 and res.reason == "others_passed"
    assert list(res.losses) == [1, 1, 0]


@pytest.mark.parametrize("preset", PRESETS)
def test_misdeal_voids_the_hand_and_the_same_dealer_deals_again(preset):
    g = real_game(4, preset, dealer=2)
    play(g, "1:knock", "2:hold", "3:pass", "4:hold")
    res = play(g, "4:penalty:misdeal")
    assert res.winner is None and res.reason == "void"
    assert g.marks == [7, 7, 7, 7] and list(res.losses) == [0, 0, 0, 0]
    assert g.hand_over and not g.game_over
    g.deal(cards=D4)
    v = view(g, None)
    assert v["dealer"] == 2 and v["forehand"] == 3 and v["turn"] == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_penalties_and_win_are_scoresheet_only(preset):
    g = new_game(D4, preset)
    for kind in ("renege", "lead_out_of_turn", "misdeal"):
        refused(g, f"2:penalty:{kind}", "penalty_real_only")
    refused(g, "1:win", "win_real_only")


@pytest.mark.parametrize("preset", PRESETS)
def test_scoresheet_blind_knocks_obey_the_blind_limit(preset):
    limit = BLIND_MAX[preset]
    g = real_game(4, preset)
    seat = 1
    while view(g, None)["value"] < limit:
        play(g, f"{seat}:knock:blind")
        for k in range(1, 4):
            play(g, f"{(seat + k - 1) % 4 + 1}:hold")
        seat = seat % 4 + 1
    refused(g, f"{seat}:knock:blind", "knock_blind")
    play(g, f"{seat}:knock")  # seen
    assert view(g, None)["value"] == limit + 1
    assert g.to_record()["hands"][0]["actions"][0] == {"seat": 1, "type": "knock", "blind": True}


@pytest.mark.parametrize("preset", PRESETS)
def test_scoresheet_knock_limits(preset):
    g = real_game(4, preset, marks=[2, 7, 7, 7])
    play(g, "2:knock", "3:hold", "4:hold", "1:hold")
    play(g, "1:knock:blind")  # 2 marks, blind, to 3: both presets
    g = real_game(4, preset, marks=[2, 7, 7, 7])
    play(g, "2:knock", "3:hold", "4:hold", "1:hold")
    if preset == "rengen":
        refused(g, "1:knock", "knock_marks")  # seen: not in Rengen
    else:
        play(g, "1:knock")
    refused(g, "2:knock", "knock_twice" if preset == "rengen" else "knock_during_answers")


def test_blind_flag_is_refused_on_a_dealt_hand():
    from schraem.core.errors import InvalidAction

    g = new_game(D4)
    refused(g, "1:knock:blind", exc=InvalidAction)


# --- the worked example ------------------------------------------------------

PLAYERS = [{"name": "Hubert", "marks": 6}, {"name": "Gerda", "marks": 6}, {"name": "Hans", "marks": 6}, {"name": "Anne", "marks": 6}]
EXAMPLE_DEAL = [["AC", "KC", "QC", "JC"], ["10H", "9H", "8H", "7H"], ["10D", "9D", "8D", "7D"], ["10C", "9C", "8C", "7C"]]
TO_THREE = [  # Anne knocks to 2, Gerda to 3, everybody holds
    {"seat": 4, "type": "knock"},
    {"seat": 1, "type": "hold"},
    {"seat": 2, "type": "hold"},
    {"seat": 3, "type": "hold"},
    {"seat": 2, "type": "knock"},
    {"seat": 3, "type": "hold"},
    {"seat": 4, "type": "hold"},
    {"seat": 1, "type": "hold"},
]
HUBERT_KNOCKS = [  # Hubert knocks to 4; Gerda and Hans pass, Anne holds
    {"seat": 1, "type": "look"},
    {"seat": 1, "type": "knock"},
    {"seat": 2, "type": "pass"},
    {"seat": 3, "type": "pass"},
    {"seat": 4, "type": "hold"},
]
PLAY = [
    {"seat": 1, "type": "play", "card": "AC"},
    {"seat": 4, "type": "play", "card": "10C"},
    {"seat": 4, "type": "play", "card": "9C"},
    {"seat": 1, "type": "play", "card": "KC"},
    {"seat": 4, "type": "play", "card": "8C"},
    {"seat": 1, "type": "play", "card": "QC"},
    {"seat": 4, "type": "play", "card": "7C"},
    {"seat": 1, "type": "play", "card": "JC"},
]
RESULT = [2, 3, 3, 6]  # Hubert 2, Gerda 3, Hans 3, Anne 6


def _record(preset, hand, options=None):
    return {"format": "schraem-record/1", "rules": preset, "options": options or {}, "players": PLAYERS, "dealer": 4, "hands": [hand]}


@pytest.mark.parametrize("preset", PRESETS)
def test_worked_example_dealt_record_replay(preset):
    rec = _record(preset, {"deal": EXAMPLE_DEAL, "actions": TO_THREE + HUBERT_KNOCKS + PLAY})
    g = Game.from_record(json.loads(json.dumps(rec)))
    assert g.marks == RESULT
    res = g.results[0]
    assert res.winner == 3 and res.value == 4 and list(res.losses) == [4, 3, 3, 0]
    assert g.to_record() == rec


@pytest.mark.parametrize("preset", PRESETS)
def test_worked_example_step_by_step(preset):
    g = new_game(EXAMPLE_DEAL, preset, players=["Hubert", "Gerda", "Hans", "Anne"], marks=[6, 6, 6, 6])
    for a in TO_THREE:
        g.apply(a)
    assert view(g, None)["value"] == 3
    for a in HUBERT_KNOCKS:
        g.apply(a)
    v = view(g, None)
    assert v["value"] == 4 and [p["in_hand"] for p in v["players"]] == [True, False, False, True]
    for a in PLAY:
        g.apply(a)
    assert g.marks == RESULT


@pytest.mark.parametrize("preset", PRESETS)
def test_worked_example_scoresheet_record(preset):
    actions = TO_THREE + [a for a in HUBERT_KNOCKS if a["type"] != "look"] + [{"seat": 4, "type": "win"}]
    rec = _record(preset, {"deal": None, "actions": actions})
    g = Game.from_record(json.loads(json.dumps(rec)))
    assert g.marks == RESULT
    assert g.to_record() == rec


@pytest.mark.parametrize("preset", PRESETS)
def test_worked_example_scoresheet_from_value_three(preset):
    actions = [
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "pass"},
        {"seat": 4, "type": "hold"},
        {"seat": 4, "type": "win"},
    ]
    rec = _record(preset, {"deal": None, "actions": actions}, options={"start_value": 3})
    g = Game.from_record(rec)
    assert g.marks == RESULT
    assert g.to_record() == rec


@pytest.mark.parametrize("preset", PRESETS)
def test_misdeal_may_be_reported_by_anyone_dealt_in_even_a_passer(preset):
    g = real_game(4, preset)
    play(g, "1:knock", "2:pass", "3:hold", "4:hold")
    assert [a.to_json() for a in g.legal_actions(2)] == [{"seat": 2, "type": "penalty", "kind": "misdeal"}]
    refused(g, "2:penalty:renege", "not_in_hand")
    res = play(g, "2:penalty:misdeal")
    assert res.reason == "void" and g.marks == [7, 7, 7, 7]
