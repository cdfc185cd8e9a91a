"""`rematch`: the next game at the same table, dealt first by the last
game's winner (or its loser where the preset says so)."""

from __future__ import annotations

import json
import random

import pytest

from schraem.bridge import Bridge

PLAYERS = [
    {"name": "Anne"},
    {"name": "Hubert", "kind": "bot", "level": "easy"},
    {"name": "Gerda", "kind": "bot", "level": "medium"},
    {"name": "Hans", "kind": "bot", "level": "easy"},
]


def call(b: Bridge, cmd, **args) -> dict:
    return json.loads(b.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def play_out(b: Bridge, rng: random.Random) -> dict:
    st = call(b, "state", viewer=1)["result"]
    for _ in range(5000):
        if st["game_over"]:
            return st
        if st["hand_over"]:
            st = call(b, "next_hand", viewer=1)["result"]
        elif st["due"]["bots"] or not st["view"]["legal"]:
            st = call(b, "bot_step", viewer=1)["result"]
        else:
            st = call(b, "act", action=rng.choice(st["view"]["legal"]), viewer=1)["result"]
    raise AssertionError("game not over")


@pytest.mark.parametrize("preset,who", [("rheinland", "winner"), ("tuppen", "loser"), ("siwwe_schroehm", "loser")])
def test_rematch_keeps_the_table_and_the_right_player_deals(preset, who):
    b = Bridge()
    assert call(b, "new_game", players=PLAYERS, rules=preset, seed=11, dealer=4, viewer=1)["ok"]
    refused = call(b, "rematch", seed=12, viewer=1)
    assert not refused["ok"] and refused["error"]["code"] == "bad_request"  # not over yet
    over = play_out(b, random.Random(preset))
    view = over["view"]
    expected = view[who] or view["winner"] or view["loser"]
    assert view["next_game_dealer"] == expected is not None
    new = call(b, "rematch", seed=12, viewer=1)["result"]
    assert new["save"]["table"]["players"] == over["save"]["table"]["players"]
    assert new["save"]["record"]["dealer"] == expected
    assert [p["name"] for p in new["view"]["players"]] == [p["name"] for p in PLAYERS]
    assert new["save"]["record"]["rules"] == preset and new["view"]["hand_no"] == 1 and not new["game_over"]
    assert all(p["marks"] == p["marks_before_hand"] for p in new["view"]["players"])
