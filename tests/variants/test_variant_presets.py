"""Every regional preset: valid options, complete random games that end,
records that replay, views that hide what they must, legal actions that are
legal, and the command-line simulator."""

from __future__ import annotations

import json

import pytest
from variant_support import assert_no_leak, replay_equal

from schraem import cli
from schraem.cli.simulate import random_game, simulate
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

VARIANTS = ("wipperfuerth", "marienheide", "siwwe_stroeoem", "sebbe_schroehm", "siwwe_schroehm", "siwwe_schroehm_newcomer", "tuppen")


def sizes(preset):
    r = Rules.make(preset)
    return list(range(r.min_players, r.max_players + 1))


def test_every_variant_is_registered_and_valid():
    assert set(VARIANTS) <= set(Rules.preset_names())
    for name in VARIANTS:
        r = Rules.make(name)
        assert r.preset == name and r.overrides() == {}
        r.validate()
        assert Rules.make(name, {"start_marks": 5}).overrides() == ({"start_marks": 5} if r.start_marks != 5 else {})


def test_options_are_checked():
    from schraem.core.errors import InvalidAction

    for bad in (
        {"four_courts": "maybe"},
        {"game_end": "never"},
        {"knock_by": "dealer"},
        {"long_one_deal": "3-x"},
        {"hammer_start_value": 9},
        {"marks_display": "chalk"},
        {"playoff_cards": 0},
    ):
        with pytest.raises(InvalidAction):
            Rules.make("rheinland", bad)


@pytest.mark.parametrize("preset", VARIANTS)
def test_random_games_end_and_replay(preset):
    for players in sizes(preset):
        for seed in range(6):
            game = random_game(seed * 101 + players, preset, players)
            assert game.game_over
            assert game.winner is not None or game.loser is not None
            scores = game.scores
            assert len(scores) == players
            replay_equal(game)
            marks = list(game.start_marks)
            for res in game.results:
                assert all(0 <= a <= b for a, b in zip(res.marks_after, marks))
                marks = list(res.marks_after)


def _deep(game):
    """Replay `game` action by action: at every state no view leaks, every
    legal action passes the check, and undo gives back the state before."""
    rec = game.to_record()
    g = Game(rec["players"], rec["rules"], rec["options"], dealer=rec["dealer"])
    for spec in rec["hands"]:
        g.deal(seed=spec["seed"])
        for a in spec["actions"]:
            assert_no_leak(g)
            for seat in range(1, g.n + 1):
                for legal in g.legal_actions(seat):
                    g.check(legal.to_json())
            for seat in [None] + list(range(1, g.n + 1)):
                json.dumps(view(g, seat))
            g.apply(a)
        assert_no_leak(g)
    assert g.game_over and g.to_record()["hands"] == rec["hands"]


@pytest.mark.parametrize("preset", VARIANTS)
def test_every_state_of_a_random_game(preset):
    players = sizes(preset)
    for seed in range(2):
        _deep(random_game(500 + seed, preset, players[seed * (len(players) - 1)]))


@pytest.mark.parametrize("preset", VARIANTS)
def test_undo_replays_the_state_before(preset):
    game = random_game(77, preset, sizes(preset)[-1])
    total = sum(len(log) for log in game.logs)
    for k in (1, 2, total // 2):
        undone = game.undo(k)
        assert sum(len(log) for log in undone.logs) == total - k


@pytest.mark.parametrize("preset", VARIANTS)
def test_command_line_simulate(preset, capsys):
    assert cli.main(["simulate", "--rules", preset, "--games", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == preset and out["games"] == 3
    assert sum(out["wins_by_seat"]) + sum(out["losses_by_seat"]) >= 3


def test_simulate_counts_losers_where_there_is_no_winner():
    out = simulate(5, 1, "tuppen", 4)
    assert sum(out["wins_by_seat"]) == 0 and sum(out["losses_by_seat"]) == 5


def test_new_actions_are_refused_where_the_variant_is_off():
    from variant_support import SUITED4, dealt, refused

    g = dealt("rheinland", SUITED4)
    refused(g, "1:exchange", "exchange_not_allowed")
    refused(g, "2:turn:1#1", "turn_not_allowed")
    refused(g, "2:challenge:1", "challenge_not_allowed")
    refused(g, "1:redeal", "redeal_not_allowed")
    refused(g, "1:agree", "no_redeal_question")
    refused(g, "1:refuse", "no_redeal_question")


def test_malformed_variant_actions_and_stocks():
    from variant_support import SUITED4, new_game

    from schraem.core.actions import Action
    from schraem.core.errors import InvalidAction, RecordError

    for bad in (
        {"seat": 1, "type": "turn", "target": 2},
        {"seat": 1, "type": "turn", "target": 2, "index": 1, "card": "7H"},
        {"seat": 1, "type": "turn", "index": 1},
        {"seat": 1, "type": "turn", "target": 0, "index": 1},
        {"seat": 1, "type": "challenge"},
        {"seat": 1, "type": "challenge", "target": 2, "cards": "AH"},
        {"seat": 1, "type": "exchange", "card": "AH"},
        {"seat": 1, "type": "redeal", "target": 2},
    ):
        with pytest.raises(InvalidAction):
            Action.from_json(bad)
    a = Action.from_json({"seat": 3, "type": "turn", "target": 2, "index": 4})
    assert a.to_json() == {"seat": 3, "type": "turn", "target": 2, "index": 4} and str(a) == "3:turn:2#4"
    g = new_game("wipperfuerth", 4)
    with pytest.raises(InvalidAction):
        g.deal(cards=SUITED4, stock=["10C"])  # dealt already
    with pytest.raises(InvalidAction):
        g.deal(cards=SUITED4, stock=["AH", "AH"])
    with pytest.raises(InvalidAction):
        g.deal(seed=1, stock=["AH"])
    rec = {
        "format": "schraem-record/1",
        "rules": "wipperfuerth",
        "players": ["A", "B"],
        "dealer": 2,
        "hands": [{"seed": 3, "stock": ["AH"], "actions": []}],
    }
    with pytest.raises(RecordError):
        Game.from_record(rec)


def test_view_fields_of_the_variants():
    from variant_support import SUITED4, dealt

    v = view(dealt("tuppen", SUITED4), 2)
    for key in ("marks_display", "hammer_announced", "game_end", "phase", "hand_kind", "exchanges", "stock_left", "redeal", "loser"):
        assert key in v
    assert v["hand_kind"] == "normal" and v["stock_left"] == 16 and v["phase"] is None
    assert all(p["knollen"] == 0 for p in v["players"])
