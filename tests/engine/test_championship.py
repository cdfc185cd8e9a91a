"""A championship on one organiser's phone (docs/CLUB.md): 300 players at
75 tables, five series, each table's ticket played on a scoresheet and its
result read back in any order; a player who withdraws keeps their Schräm
and sits at no later table, which then seats three where the count is no
multiple of four. The standings are the direct sum of every table's
series, ties decided by the recorded lot."""

from __future__ import annotations

import json
import random

import pytest

from schraem.bridge import Bridge
from schraem.cli.simulate import sheet_result
from schraem.club.tournament import Tournament, split_short, split_tables
from schraem.club.transfer import import_table_result, table_ticket
from schraem.core.errors import InvalidAction, RecordError

NAMES = [f"Spieler {i:03d}" for i in range(1, 301)]
# Short games so 375 tables play in seconds: one game a series, three
# marks each, every hand won by a seat drawn at random.
OPTIONS = {"series_games": 1, "start_marks": 3}


def _played(ticket: dict, rng: random.Random) -> dict:
    return json.loads(json.dumps(sheet_result(ticket, rng)))


def test_a_championship_of_300_players_over_five_series_with_a_withdrawal():
    rng = random.Random(300)
    t = Tournament(NAMES, "rheinland", OPTIONS, 2026)
    t.start_series()
    results: dict[str, int] = {n: 0 for n in NAMES}
    per_series: dict[str, list] = {n: [] for n in NAMES}
    for number in range(1, t.series_count + 1):
        if number > 1:
            t.start_series()
        tables = t.series[number - 1]
        sizes = sorted(len(s.names) for s in tables)
        # Series 3 on: the player who withdrew sits nowhere, and one table seats three.
        assert sizes == ([4] * 75 if number < 3 else [3] + [4] * 74), (number, sizes[:3])
        order = list(range(1, len(tables) + 1))
        rng.shuffle(order)
        for k in order:
            result = _played(table_ticket(t, number, k), rng)
            import_table_result(t, result)
            for name, total in zip(t.series[number - 1][k - 1].names, result["totals"]):
                results[name] += total
                per_series[name].append(total)
        for name in NAMES:
            if len(per_series[name]) < number:
                per_series[name].append(None)  # withdrawn: sat at no table
        if number == 2:
            # Between series 2 and 3: not before every table is in, not twice.
            t.withdraw("Spieler 007")
            assert "Spieler 007" not in {n for s in t.draw(3) for n in (t.names[i] for i in s)}
            with pytest.raises(InvalidAction):
                t.withdraw("Spieler 007")
    standings = t.standings()
    assert {r["name"]: r["total"] for r in standings} == results
    # Each player's series: the points at their table, series by series.
    assert {r["name"]: r["series"] for r in standings} == per_series
    assert all(r["total"] == sum(p for p in r["series"] if p is not None) for r in standings)
    assert [r["rank"] for r in standings] == list(range(1, 301))
    # Ties by the recorded lot: equal totals in lot order (and 300 players
    # of short games tie often).
    for a, b in zip(standings, standings[1:]):
        assert (a["total"], -a["lot"]) > (b["total"], -b["lot"])
    assert sum(a["total"] == b["total"] for a, b in zip(standings, standings[1:])) > 10
    withdrawn = next(r for r in standings if r["name"] == "Spieler 007")
    assert withdrawn["withdrawn"] == 3 and withdrawn["total"] == results["Spieler 007"]
    assert withdrawn["series"][2:] == [None, None, None] and None not in withdrawn["series"][:2]
    # The whole championship saved and read back is the same tournament.
    saved = json.loads(json.dumps(t.to_json()))
    again = Tournament.from_json(saved)
    assert again.standings() == standings and again.withdrawn == {"Spieler 007": 3}
    assert len(json.dumps(saved)) < 2_000_000


def test_ties_are_decided_by_the_lot_the_seed_draws():
    """Before any table hands in, all 300 tie at nothing: the lot alone
    ranks them, the same for the same seed, another for another."""
    t = Tournament(NAMES, "rheinland", OPTIONS, 2026)
    t.start_series()
    standings = t.standings()
    assert {r["total"] for r in standings} == {0} and [r["rank"] for r in standings] == list(range(1, 301))
    assert [r["lot"] for r in standings] == list(range(300))
    same = Tournament(NAMES, "rheinland", OPTIONS, 2026).standings()
    other = Tournament(NAMES, "rheinland", OPTIONS, 2027).standings()
    assert [r["name"] for r in same] == [r["name"] for r in standings] != [r["name"] for r in other]


def test_tables_of_three_where_the_count_is_no_multiple_of_four():
    assert split_short(300) == [4] * 75 and split_short(299) == [4] * 74 + [3]
    assert split_short(10) == [4, 3, 3] and split_short(9) == [3, 3, 3] and split_short(7) == [4, 3]
    assert split_short(5) == split_tables(5) == [5]
    # A tournament saved before keeps its tables (9 players: 5 + 4).
    old = Tournament([f"P{i}" for i in range(9)], split="even")
    saved = old.to_json()
    assert "tables" not in saved and [len(s) for s in Tournament.from_json(saved).draw(1)] == [5, 4]
    assert [len(s) for s in Tournament([f"P{i}" for i in range(9)]).draw(1)] == [3, 3, 3]


def test_the_players_limit_is_named_and_a_damaged_withdrawal_is_refused():
    reply = json.loads(
        Bridge().handle(json.dumps({"id": 1, "cmd": "tournament", "args": {"op": "new", "players": [f"P{i}" for i in range(401)]}}))
    )
    assert reply["ok"] is False and "400" in reply["error"]["en"], reply
    assert len(Tournament([f"P{i}" for i in range(400)]).draw(1)) == 100
    t = Tournament([f"P{i}" for i in range(8)], "rheinland", {"series_games": 1})
    t.start_series()
    with pytest.raises(InvalidAction):
        t.withdraw("P1")  # the series is still being played
    saved = t.to_json()
    for damage in ({"Nobody": 2}, {"P1": 1}, {"P1": 9}, ["P1"]):
        with pytest.raises(RecordError):
            Tournament.from_json({**saved, "withdrawn": damage})


def test_every_ticket_of_a_series_at_once_is_each_tables_own():
    b = Bridge()
    b.handle(json.dumps({"id": 1, "cmd": "tournament", "args": {"op": "new", "players": NAMES[:11], "seed": 9}}))
    reply = json.loads(b.handle(json.dumps({"id": 2, "cmd": "tournament", "args": {"op": "tickets", "series": 1}})))
    tickets = reply["result"]["tickets"]
    assert set(reply["result"]) == {"tickets"} and [len(x["players"]) for x in tickets] == [4, 4, 3]
    for k, ticket in enumerate(tickets, 1):
        one = json.loads(b.handle(json.dumps({"id": 3, "cmd": "tournament", "args": {"op": "ticket", "series": 1, "table": k}})))
        assert one["result"]["ticket"] == ticket
    for series in (0, 2, "1"):
        refused = json.loads(b.handle(json.dumps({"id": 4, "cmd": "tournament", "args": {"op": "tickets", "series": series}})))
        assert refused["ok"] is False, series


def _apply(a, patch):
    """A patch applied as the shell applies it (pwa/bridge/state-patch.js)."""
    out = list(a) if isinstance(a, list) else dict(a)
    for k, v in patch.get("s", {}).items():
        out[int(k) if isinstance(out, list) else k] = v
    for k, v in patch.get("p", {}).items():
        i = int(k) if isinstance(out, list) else k
        out[i] = _apply(a[i], v)
    for k, v in patch.get("a", {}).items():
        out[k] = a[k] + v
    return out


def test_each_step_answers_the_screen_and_what_changed_not_the_whole_tournament():
    """300 players: each step's reply carries the screen and a patch; the
    tournament kept on the phone, patched step by step, is the engine's
    own to the byte, and a series not yet handed in shows as None."""
    rng = random.Random(48)
    b = Bridge()

    def ask(**args) -> dict:
        reply = json.loads(b.handle(json.dumps({"id": 1, "cmd": "tournament", "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    facts = ask(op="new", players=NAMES, options={**OPTIONS, "tournament_series": 3}, seed=7)
    kept = facts.pop("tournament")
    for number in (1, 2, 3):
        if number > 1:
            step = ask(op="start_series")
            kept = _apply(kept, step.pop("patch"))
            assert all(r["series"][-1] is None for r in step["standings"])
        order = list(range(1, 76))
        rng.shuffle(order)
        left = order.pop() if number == 3 else None  # a table still playing
        for k in order:
            ticket = ask(op="ticket", series=number, table=k)
            assert set(ticket) == {"ticket"}
            step = ask(op="import", result=_played(ticket["ticket"], rng))
            assert "tournament" not in step and len(json.dumps(step)) < 80_000
            kept = _apply(kept, step.pop("patch"))
        if number == 1:
            step = ask(op="withdraw", name="Spieler 100")
            kept = _apply(kept, step.pop("patch"))
        whole = ask(op="state")
        assert json.dumps(kept) == json.dumps(whole.pop("tournament"))
        assert whole == step
    assert Tournament.from_json(kept).standings() == step["standings"]
    playing = set(step["tables"][2][left - 1]["players"])
    for r in step["standings"]:
        assert (r["series"][2] is None) == (r["name"] in playing or r["name"] == "Spieler 100"), r
