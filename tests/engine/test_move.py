"""The move file's history (move.py): every entry leaves without a seed and
without the cards of the hand under way at the table in play, keeps who was a computer, scrubs to
itself (so a file imported twice adds nothing), and an entry that does not
replay is left out on the way out but refuses the whole file on the way in."""

from __future__ import annotations

import copy
import json
import random

from test_bridge_club import PLAYERS, call, finish_game, ok

from schraem.bridge import Bridge
from schraem.cli.simulate import sheet_result

BOTS = [{"name": "Hubert"}, {"name": "Gerda", "kind": "bot", "level": "easy"}, {"name": "Hans", "kind": "bot", "level": "easy"}]


def seeds_in(obj) -> int:
    if isinstance(obj, dict):
        return ("seed" in obj) + sum(seeds_in(v) for v in obj.values())
    if isinstance(obj, list):
        return sum(seeds_in(v) for v in obj)
    return 0


def series_entry() -> dict:
    b = Bridge()
    ok(b, "new_series", players=PLAYERS, real_cards=True, games=2, viewer=None)
    finish_game(b, 2)
    state = ok(b, "next_game", viewer=None)
    finished = state["save"]["series"]["finished"]
    return {
        "id": "s1",
        "kind": "series",
        "status": "running",
        "names": [p["name"] for p in PLAYERS],
        "savedAt": 1,
        "save": state["save"],
        "records": finished,
    }


def running_entry() -> dict:
    """A filed-away game against the computer, its second hand under way."""
    b = Bridge()
    state = ok(b, "new_game", players=BOTS, seed=77, viewer=1)
    while state["view"]["hand_no"] < 2 and not state["game_over"]:
        step = ok(b, "bot_step", viewer=1)
        if step["bot_action"] is None:
            state = (
                ok(b, "act", action=step["view"]["legal"][0] if step["view"]["legal"] else {}, viewer=1)
                if not step["hand_over"]
                else ok(b, "next_hand", viewer=1)
            )
        else:
            state = step
    assert not state["hand_over"]
    return {
        "id": "g1",
        "kind": "game",
        "status": "interrupted",
        "names": ["Hubert", "Gerda", "Hans"],
        "savedAt": 2,
        "save": state["save"],
        "records": [],
    }


def finished_bot_record() -> dict:
    b = Bridge()
    state = ok(b, "new_game", players=[{"name": "Anne", "kind": "bot", "level": "easy"}, *BOTS[1:]], seed=5, viewer=None)
    while not state["game_over"]:
        state = ok(b, "next_hand", viewer=None) if state["hand_over"] else ok(b, "bot_step", viewer=None)
    record = copy.deepcopy(state["save"]["record"])
    for p in record["players"]:
        p.update(kind="bot", level="easy")
    return record


def test_entries_leave_without_seeds_or_the_hand_under_way_and_scrub_to_themselves():
    b = Bridge()
    entries = [
        series_entry(),
        running_entry(),
        {
            "id": "g2",
            "kind": "game",
            "status": "finished",
            "names": ["Anne", "Gerda", "Hans"],
            "savedAt": 3,
            "save": {"format": "schraem-save/1", "record": finished_bot_record()},
            "records": [finished_bot_record()],
        },
    ]
    assert seeds_in(entries) > 0
    out = ok(b, "move", entries=entries)
    assert out["left_out"] == 0 and len(out["entries"]) == 3
    assert seeds_in(out["entries"]) == 0
    running = out["entries"][1]
    # Filed away by another table, it is never played on: its last hand moves too.
    hands = entries[1]["save"]["record"]["hands"]
    assert [h["actions"] for h in running["save"]["record"]["hands"]] == [h["actions"] for h in hands] and len(hands) == 2
    # The table still in play keeps the hand under way on this phone.
    in_play = ok(b, "move", entries=[{**entries[1], "status": "running"}])["entries"][0]
    assert len(in_play["save"]["record"]["hands"]) == 1
    # A game's save stays a save, with who sat where (for the review on the other phone), without the table's seed.
    assert running["save"]["table"] == {"players": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}
    # Who was a computer travels with each record.
    assert [p.get("kind") for p in out["entries"][2]["records"][0]["players"]] == ["bot", "bot", "bot"]
    # The same file in again: nothing changes.
    again = ok(b, "move", entries=out["entries"], strict=True)
    assert json.dumps(again["entries"], sort_keys=True) == json.dumps(out["entries"], sort_keys=True)
    # The statistics are the same from the moved records as from the kept ones.
    kept = ok(b, "stats", records=entries[2]["records"])
    moved = ok(b, "stats", records=out["entries"][2]["records"])
    assert kept == moved and "Anne (Computer)" in moved


def test_a_damaged_entry_is_left_out_going_out_and_refuses_the_file_coming_in():
    b = Bridge()
    good = series_entry()
    bad = copy.deepcopy(good)
    bad["id"] = "s2"
    bad["records"][0]["hands"][0]["actions"][0]["seat"] = 9
    out = ok(b, "move", entries=[good, bad])
    assert out["left_out"] == 1 and [e["id"] for e in out["entries"]] == ["s1"]
    refused = call(b, "move", entries=[good, bad], strict=True)
    assert not refused["ok"] and refused["error"]["kind"] == "CorruptSave"
    assert "Verlaufseintrag 2" in refused["error"]["de"] and "history entry 2" in refused["error"]["en"]
    # A long history is sent in parts: the refusal names the file's entry.
    later = call(b, "move", entries=[bad], strict=True, offset=40)
    assert "Verlaufseintrag 41" in later["error"]["de"] and "history entry 41" in later["error"]["en"]
    assert not call(b, "move", entries=[good], offset=-1)["ok"]
    assert not call(b, "move", entries="no", strict=True)["ok"]
    assert not call(b, "move", entries=[], strict="yes")["ok"]


def test_a_tournament_entry_moves_and_loads_on_the_other_phone():
    organiser = Bridge()
    names = [f"P{i}" for i in range(1, 9)]
    t = ok(organiser, "tournament", op="new", players=names, options={"series_games": 1}, seed=12)
    ticket = ok(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    table = Bridge()
    ok(table, "new_series", players=[{"name": n} for n in ticket["players"]], real_cards=True, ticket=ticket, viewer=None)
    finish_game(table, 4)
    ok(organiser, "tournament", op="import", result=ok(table, "table_result"))
    t = ok(organiser, "tournament", op="state")
    entry = {
        "id": "t1",
        "kind": "tournament",
        "status": "running",
        "names": names,
        "savedAt": 4,
        "facts": {k: t[k] for k in ("tournament", "id", "standings", "tables")},
        "records": [],
    }
    out = ok(Bridge(), "move", entries=[entry], strict=True)["entries"][0]
    assert out["facts"]["id"] == t["id"] and out["facts"]["standings"] == t["standings"]
    # Standings written into the facts by hand do not travel: the engine's own from the tournament do.
    forged = {**entry, "facts": {**entry["facts"], "standings": [{"rank": 1, "name": "x" * 100_000}], "junk": "x" * 100_000}}
    assert ok(Bridge(), "move", entries=[forged], strict=True)["entries"][0] == out
    other = Bridge()
    assert ok(other, "tournament", op="load", tournament=out["facts"]["tournament"])["standings"] == t["standings"]
    assert ok(Bridge(), "move", entries=[out], strict=True)["entries"][0] == out


def mid_hand_entry(status: str = "running") -> dict:
    """A game against the computer whose person (seat 1) has acted in its
    second hand, which is still under way: the table in play, filed with
    its review ("running"), or a table filed away ("interrupted")."""
    b = Bridge()
    state = ok(b, "new_game", players=BOTS, seed=74, viewer=1)
    while True:
        hands = state["save"]["record"]["hands"]
        if len(hands) >= 2 and sum(a["seat"] == 1 for a in hands[-1]["actions"]) >= 2 and not state["hand_over"]:
            break
        step = ok(b, "bot_step", viewer=1)
        if step["bot_action"] is None:
            legal = step["view"]["legal"]
            stay = next((a for a in legal if a["type"] != "pass"), legal[0]) if legal else {}  # a person who stays in
            state = ok(b, "act", action=stay, viewer=1) if not step["hand_over"] else ok(b, "next_hand", viewer=1)
        else:
            state = step
        assert not state["game_over"]
    return {
        "id": "g3",
        "kind": "game",
        "status": status,
        "names": ["Hubert", "Gerda", "Hans"],
        "savedAt": 5,
        "save": state["save"],
        "records": [],
    }


def reviewed(entry: dict) -> dict:
    """The entry with the review the app keeps of its person's game (seat 1), the hand under way included."""
    from schraem.bots.decider import Budget
    from schraem.review.review import Review

    review = Review(entry["save"]["record"], 1, budget=Budget(samples=2, nodes=500)).run()
    assert review["hands"][-1]["finished"] is False and any(e["my_cards"] for e in review["hands"][-1]["decisions"])
    return {**entry, "review": review}


def test_a_review_leaves_only_with_the_hands_that_leave():
    entry = reviewed(mid_hand_entry())
    under_way = entry["review"]["hands"][-1]
    out = ok(Bridge(), "move", entries=[entry])["entries"][0]
    review = out["review"]
    assert len(review["hands"]) == len(out["save"]["record"]["hands"]) == 1
    assert review["hands"] == entry["review"]["hands"][:1] and review["complete"] is True
    assert review["cost"] == round(sum(e["cost"] for e in review["hands"][0]["decisions"]), 3)
    assert all(w["hand"] == 1 for w in review["worst"])
    # Nothing of the hand under way leaves: not the seat's cards, not the words on it.
    cards = [e["my_cards"] for e in under_way["decisions"] if e["my_cards"]]
    assert cards and not any(json.dumps(c) in json.dumps(out) for c in cards)
    assert all(e["hand"] == 1 for hd in review["hands"] for e in hd["decisions"])
    assert seeds_in(out) == 0
    assert ok(Bridge(), "move", entries=[out], strict=True)["entries"][0] == out  # the same file in again


def test_an_interrupted_game_moves_with_its_last_hand_and_its_whole_review():
    entry = reviewed(mid_hand_entry("interrupted"))
    out = ok(Bridge(), "move", entries=[entry])["entries"][0]
    assert out["review"] == {k: v for k, v in entry["review"].items() if k != "seed"}
    assert len(out["save"]["record"]["hands"]) == 2 and out["save"]["record"]["hands"][-1]["actions"]
    assert seeds_in(out) == 0
    assert ok(Bridge(), "move", entries=[out], strict=True)["entries"][0] == out


def test_an_entry_coming_in_holds_only_the_fields_and_sizes_the_app_writes():
    b = Bridge()
    good = ok(b, "move", entries=[reviewed(mid_hand_entry())])["entries"][0]
    junk = "x" * 600_000
    # The line in both languages, as the app keeps it, comes in as it is.
    both = {**good, "summary": {"de": "Anne gewinnt (9 Punkte)", "en": "Anne wins (9 points)"}}
    assert ok(b, "move", entries=[both], strict=True)["entries"][0]["summary"] == both["summary"]
    for bad in (
        {**good, "extra": junk},
        {**good, "summary": junk},
        {**good, "names": [junk]},
        {**good, "status": junk},
        {**good, "summary": {"de": "x", "en": junk}},
        {**good, "summary": {"de": "x", "fr": "y"}},
        {**good, "summary": ["x"]},
        {**good, "review": {**good["review"], "notes": junk}},
        {**good, "review": {**good["review"], "format": "x"}},
        {**good, "save": {**good["save"], "table": {"players": [{"kind": "alien"}] * 3}}},
        {**good, "savedAt": "now"},
    ):
        refused = call(b, "move", entries=[bad], strict=True)
        assert not refused["ok"] and "Verlaufseintrag 1" in refused["error"]["de"], list(bad)
    # Going out, a field the app does not know stays behind; the entry still moves.
    out = ok(b, "move", entries=[{**good, "extra": junk}])
    assert out["left_out"] == 0 and "extra" not in out["entries"][0]


def tournament_evening() -> tuple[dict, dict]:
    """One phone's history after a tournament round: the table it played
    (a series of one game for 10 cents a mark, dealt by the app, one seat a
    computer) and the
    organiser's tournament with that table's result read in."""
    organiser = Bridge()
    names = [f"P{i}" for i in range(1, 9)]
    ok(organiser, "tournament", op="new", players=names, options={"series_games": 1}, seed=12)
    ticket = ok(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    players = [{"name": n, **({"kind": "bot", "level": "easy"} if k == 0 else {})} for k, n in enumerate(ticket["players"])]
    table = Bridge()
    state = ok(table, "new_series", players=players, seed=31, ticket=ticket, stakes={"per_mark": 10}, viewer=None)
    while not state["game_over"]:
        if state["hand_over"]:
            state = ok(table, "next_hand", viewer=None)
            continue
        state = ok(table, "bot_step", viewer=None)
        if state["bot_action"] is None:  # a person's turn: the first thing they may do
            seat = state["view"]["due"][0]
            state = ok(table, "act", action=ok(table, "state", viewer=seat)["view"]["legal"][0], viewer=None)
    # The records as the app keeps them: who sat where from the table's seats.
    records = [
        dict(r, players=[dict(p, **q) for p, q in zip(r["players"], state["save"]["table"]["players"])]) for r in [state["save"]["record"]]
    ]
    entry = {
        "id": "series-1",
        "kind": "series",
        "status": "finished",
        "names": ticket["players"],
        "savedAt": 1,
        "save": state["save"],
        "records": records,
    }
    ok(organiser, "tournament", op="import", result=ok(table, "table_result"))
    facts = ok(organiser, "tournament", op="state")  # the screen and the tournament, as the organiser's phone keeps them
    kept = {
        "id": f"tournament-{facts['id']}",
        "kind": "tournament",
        "status": "running",
        "names": names,
        "savedAt": 2,
        "facts": facts,
        "records": [g for tables in facts["tournament"]["series"] for s in tables if s for g in s["games"]],
    }
    return entry, kept


def test_a_tournament_counts_once_and_the_statistics_are_the_same_after_a_move():
    b = Bridge()
    entry, tournament = tournament_evening()
    assert tournament["records"] and tournament["records"] != entry["records"]  # the table's copy keeps its seeds
    table_only = ok(b, "stats", records=entry["records"])
    assert all(row["games"] == 1 for row in table_only.values()) and sum(row["wins"] for row in table_only.values()) == 1
    both = ok(b, "stats", records=entry["records"] + tournament["records"])
    assert both == table_only
    assert ok(b, "stats", records=tournament["records"] + entry["records"]) == table_only  # the computer kept apart whichever comes first
    moved = ok(b, "move", entries=[entry, tournament])["entries"]
    assert ok(b, "stats", records=[r for e in moved for r in e["records"]]) == table_only


def test_money_counts_a_game_once_though_a_move_wrote_it_anew():
    b = Bridge()
    players = [{"name": n, "kind": "bot", "level": "easy"} for n in ("Anne", "Gerda", "Hans")]
    state = ok(b, "new_game", players=players, seed=8, stakes={"per_mark": 10}, viewer=None)
    while not state["game_over"]:
        state = ok(b, "next_hand", viewer=None) if state["hand_over"] else ok(b, "bot_step", viewer=None)
    record = state["save"]["record"]
    entry = {"id": "g", "kind": "game", "status": "finished", "names": ["Anne", "Gerda", "Hans"], "savedAt": 1}
    moved = ok(b, "move", entries=[{**entry, "save": state["save"], "records": [record]}])["entries"][0]["records"][0]
    assert moved != record and seeds_in(moved) == 0
    books = ok(b, "books", records=[record])
    assert books["balances"] and ok(b, "books", records=[record, moved]) == books
    book = ok(b, "cash_book", evenings=[{"date": "1", "records": [record]}, {"date": "2", "records": [moved]}])
    assert [e["date"] for e in book["evenings"]] == ["1"] and book["pot_total"] == books["pot"]


def test_a_championship_of_300_players_moves_whole():
    """The Rhineland championship's entry (300 names, five series of 75
    tables, more games than any other entry may hold) leaves the phone in
    the move file, not left out of it, and comes in whole on the other
    phone; past a tournament's 400 players it is refused."""
    names = [f"Spieler {i:03d}" for i in range(1, 301)]
    organiser = Bridge()
    rng = random.Random(300)
    # Three games a series, each of one mark: 1,125 games, quickly played.
    ok(organiser, "tournament", op="new", players=names, options={"series_games": 3, "start_marks": 1}, seed=2026)
    for number in range(1, 6):
        if number > 1:
            ok(organiser, "tournament", op="start_series")
        for k in range(1, 76):
            ticket = ok(organiser, "tournament", op="ticket", series=number, table=k)["ticket"]
            ok(organiser, "tournament", op="import", result=json.loads(json.dumps(sheet_result(ticket, rng))))
    t = ok(organiser, "tournament", op="state")
    records = [g for tables in t["tournament"]["series"] for s in tables for g in s["games"]]
    assert t["over"] and len(records) == 5 * 75 * 3
    entry = {
        "id": f"tournament-{t['id']}",
        "kind": "tournament",
        "status": "finished",
        "names": names,
        "savedAt": 4,
        "facts": t,
        "records": records,
    }
    going = ok(Bridge(), "move", entries=[entry], strict=False)
    assert going["left_out"] == 0 and len(going["entries"]) == 1
    out = ok(Bridge(), "move", entries=going["entries"], strict=True)["entries"][0]
    assert out["names"] == names and len(out["records"]) == len(records) and out["facts"]["standings"] == t["standings"]
    refused = call(Bridge(), "move", entries=[{**entry, "names": [*names, *(f"Gast {i}" for i in range(101))]}], strict=True)
    assert refused["ok"] is False and "history entry 1" in refused["error"]["en"] and "400" in refused["error"]["en"], refused
