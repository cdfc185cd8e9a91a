"""Every file the engine writes for leaving the phone
(`export` of the table in play, of a kept save, series, set, tournament,
ticket or table result) holds no seed and no card of a hand still being
played: none of a running hand's cards can be rebuilt from it with the
engine, unless the person insisted."""

from __future__ import annotations

import json

import pytest
from test_club_input_checks import call, ok

from schraem.bridge import Bridge
from schraem.core.errors import RecordError
from schraem.core.game import Game

BOTS = [
    {"name": "Anne"},
    {"name": "Hubert", "kind": "bot", "level": "easy"},
    {"name": "Gerda", "kind": "bot", "level": "easy"},
    {"name": "Hans", "kind": "bot", "level": "easy"},
]


def seeds(value, path="") -> list[str]:
    """Where a file holds a seed (the tournament's draw seed, printed on
    every list, deals no card and is allowed)."""
    if isinstance(value, dict):
        found = [f"{path}/{k}" for k in value if k == "seed" and not (path == "" and value.get("format") == "schraem-tournament/1")]
        return found + [p for k, v in value.items() for p in seeds(v, f"{path}/{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in seeds(v, f"{path}/{i}")]
    return []


def records(value) -> list[dict]:
    """Every game record inside a file."""
    if isinstance(value, dict):
        if value.get("format") == "schraem-record/1":
            return [value]
        return [r for v in value.values() for r in records(v)]
    if isinstance(value, list):
        return [r for v in value for r in records(v)]
    return []


def rebuilt_hidden_cards(file, hidden: list[list[str]]) -> bool:
    """Whether replaying the file's games with the engine deals any of the
    cards hidden from the viewer in the hand under way."""
    wanted = {c for cards in hidden for c in cards}
    for rec in records(file):
        try:
            game = Game.from_record(rec)
        except RecordError:  # a damaged file: its running hand must hold no cards at all
            last = rec["hands"][-1] if rec.get("hands") else {}
            if last.get("deal") is not None or last.get("stock") or "seed" in last:
                return True
            continue
        if game.hand is not None and not game.hand_over and game.hand.cards is not None:
            if wanted & {str(c) for cards in game.hand.cards for c in cards}:
                return True
    return False


def mid_hand(cmd: str, **extra) -> tuple[Bridge, list[list[str]]]:
    b = Bridge()
    state = ok(b, cmd, players=BOTS if cmd != "new_set" else BOTS[:3], seed=11, viewer=1, **extra)
    state = ok(b, "act", action={"seat": 1, "type": "look"}, viewer=1)
    game = Game.from_record(state["save"]["record"])
    assert game.hand is not None and not game.hand_over
    hidden = [[str(c) for c in cards] for s, cards in enumerate(game.hand.cards, 1) if s != 1]
    return b, hidden


@pytest.mark.parametrize("cmd,extra", [("new_game", {}), ("new_series", {"games": 2}), ("new_set", {"rules": "rengen"})])
def test_no_export_of_a_running_table_rebuilds_a_hidden_card(cmd, extra):
    b, hidden = mid_hand(cmd, **extra)
    save = ok(b, "state", viewer=1)["save"]
    assert rebuilt_hidden_cards(save, hidden)  # what the phone keeps does: it never leaves
    files = [ok(b, "export")["record"], ok(b, "export", of=save)["file"], ok(b, "export", damaged=save)["file"]]
    for file in files:
        assert seeds(file) == [], file
        assert not rebuilt_hidden_cards(file, hidden)
    asked = ok(b, "export", of=save)
    assert asked["left_out_hand"] == 1 and asked["left_out_game"] == 1 and not asked["includes_hidden_cards"]
    insisted = ok(b, "export", of=save, include_current_hand=True)
    assert insisted["includes_hidden_cards"] and seeds(insisted["file"]) == []
    assert rebuilt_hidden_cards(insisted["file"], hidden)


def test_the_organisers_files_hold_no_table_seed():
    b = Bridge()
    facts = ok(b, "tournament", op="new", players=["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"], seed=9)
    ticket = ok(b, "tournament", op="ticket", series=1, table=1)["ticket"]
    assert seeds(ticket) == []
    table = Bridge()
    ok(table, "new_series", players=[{"name": n} for n in ticket["players"]], real_cards=True, ticket=ticket, viewer=None, seed=5)
    state = ok(table, "state", viewer=None)
    while not state["series"]["over"]:
        if state["game_over"]:
            state = ok(table, "next_game", viewer=None)
        elif state["hand_over"]:
            state = ok(table, "next_hand", viewer=None)
        elif state["view"]["due"]:
            state = ok(table, "act", action={"seat": state["view"]["due"][0], "type": "hold"}, viewer=None)
        else:
            state = ok(table, "act", action={"seat": 1, "type": "win"}, viewer=None)
    assert any("seed" in r for r in records(state["save"]))  # the table's phone deals from its own seed ...
    result = ok(table, "table_result")
    assert seeds(result) == []  # ... which the result does not carry
    assert ok(b, "tournament", op="import", result=json.loads(json.dumps(result)))["tables"][0][0]["over"]
    tournament = ok(b, "tournament", op="state")["tournament"]
    for file in (ok(b, "export", of=tournament)["file"], ok(b, "export", of=ticket)["file"], ok(b, "export", of=result)["file"]):
        assert seeds(file) == [], file
    assert ok(b, "export", of=tournament)["file"]["seed"] == facts["seed"]  # the draw seed, shown on every list


def test_a_file_that_is_no_club_file_is_refused_in_plain_words():
    b = Bridge()
    for of in (None, 3, {"format": "x"}, {"format": "schraem-table/1"}, {"format": "schraem-tournament/1", "players": 4}):
        reply = call(b, "export", of=of)
        assert not reply["ok"] and reply["error"]["kind"] == "CorruptSave", reply
