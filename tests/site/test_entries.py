"""The games a history entry gives the statistics, the kitty and the move
file (pwa/store/entries.js, pure) run under Node: a tournament kept once,
its games read from its tables' series; an entry kept before, with its
games under `records` as well, read as written; a game kept twice counted
once; and how many games an entry holds, as the players count them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


ENTRIES = (ROOT / "pwa" / "store" / "entries.js").as_uri()


@pytest.fixture
def entries_js(node_json):
    """entries_js(call, entries) → `call` on the entries (`list`), with the module as `entries`."""
    return lambda call, entries: node_json(
        f"import * as entries from {json.dumps(ENTRIES)};const list = {json.dumps(entries)};console.log(JSON.stringify({call}));"
    )


@pytest.fixture
def kept_records(entries_js):
    return lambda entries: entries_js("entries.keptRecords(list)", entries)


@pytest.fixture
def games_in(entries_js):
    """What the reminder to write a backup counts of each entry."""
    return lambda entries: entries_js("list.map(entries.gamesIn)", entries)


def game(n: int, names: list[str]) -> dict:
    return {"n": n, "players": [{"name": x} for x in names]}


A = ["Anne", "Hubert", "Gerda", "Hans"]
B = ["Resi", "Jupp", "Trud", "Kätt"]
SERIES = [
    [{"games": [game(1, A), game(2, A)]}, {"games": [game(3, B)]}],
    [None, {"games": [game(4, A + B[:1])]}],  # a table not handed in yet
]


def tournament(**extra) -> dict:
    return {
        "id": "tournament-t1",
        "kind": "tournament",
        "status": "running",
        "savedAt": 2,
        "names": A + B,
        "facts": {"id": "t1", "tournament": {"series": SERIES}, "standings": [], "tables": []},
        **extra,
    }


def series_entry(records: list[dict]) -> dict:
    return {"id": "s1", "kind": "series", "status": "finished", "savedAt": 1, "names": A, "save": {"format": "x"}, "records": records}


def test_a_tournament_kept_once_gives_its_tables_games(kept_records):
    assert [r["n"] for r in kept_records([tournament()])] == [1, 2, 3, 4]


def test_a_tournament_kept_with_its_games_listed_is_read_as_written(kept_records):
    assert [r["n"] for r in kept_records([tournament(records=[game(9, A)])])] == [9]
    assert kept_records([tournament(records=[])]) == []


def test_a_game_the_organisers_table_kept_too_counts_once(kept_records):
    # The organiser's phone played table 1 of series 1: its series entry
    # holds the same games, word for word.
    got = kept_records([series_entry([game(1, A), game(2, A)]), tournament()])
    assert sorted(r["n"] for r in got) == [1, 2, 3, 4]


def test_a_damaged_tournament_gives_none(kept_records):
    broken = tournament()
    broken["facts"]["tournament"]["series"] = "nonsense"
    assert kept_records([broken]) == []


def test_an_entry_holds_as_many_games_as_were_played_in_it(games_in):
    one = {
        "id": "g1",
        "kind": "game",
        "status": "finished",
        "savedAt": 1,
        "names": A,
        "save": {"record": game(1, A)},
        "records": [game(1, A)],
    }
    # A series of three, between its games and filed in the fourth's middle.
    between = series_entry([game(1, A), game(2, A), game(3, A)]) | {"status": "running", "save": {"record": game(3, A)}}
    filed = between | {"status": "interrupted", "save": {"record": game(4, A)}}
    # A game filed unfinished: its hands are kept, a game to back up.
    unfinished = one | {"status": "interrupted", "records": []}
    rengen = series_entry([game(1, A), game(2, A)]) | {"kind": "set"}
    damaged = one | {"names": []}
    got = games_in([one, between, filed, unfinished, rengen, tournament(), damaged])
    assert got == [1, 3, 4, 1, 2, 4, 0]
