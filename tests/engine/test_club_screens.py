"""The facts the club screens read from the engine: every game's list at
once (also of kept files, leaving the table alone), a past hand entered
again step by step, the card templates of a scoresheet's turn-up and
challenge, how a penalised seat and a hammer start value show, and the
draw seed on a ticket."""

from __future__ import annotations

import csv
import io
import json

from schraem.bridge import Bridge

PLAYERS = [{"name": n} for n in ("Hubert", "Gerda", "Hans", "Anne")]


def call(bridge: Bridge, cmd: str, **args) -> dict:
    return json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def ok(bridge: Bridge, cmd: str, **args) -> dict:
    reply = call(bridge, cmd, **args)
    assert reply["ok"], reply
    return reply["result"]


def act(bridge: Bridge, seat: int, typ: str, **extra) -> dict:
    return ok(bridge, "act", action={"seat": seat, "type": typ, **extra}, viewer=None)


def finish_game(bridge: Bridge, winner: int) -> dict:
    state = ok(bridge, "state", viewer=None)
    while not state["game_over"]:
        if state["hand_over"]:
            state = ok(bridge, "next_hand", viewer=None)
        elif state["view"]["due"]:
            state = act(bridge, state["view"]["due"][0], "hold")
        else:
            state = act(bridge, winner, "win")
    return state


def test_hello_names_each_presets_series_and_tournament_length():
    club = ok(Bridge(), "hello")["club"]
    assert club["rheinland"] == {"series_games": 5, "tournament_series": 5}
    assert club["rengen"]["tournament_series"] == 4


def test_lists_of_the_table_and_of_a_kept_save_agree():
    b = Bridge()
    ok(b, "new_series", players=PLAYERS, real_cards=True, games=2, viewer=None)
    finish_game(b, 2)
    ok(b, "next_game", viewer=None)
    act(b, 1, "knock")
    here = ok(b, "lists")
    assert [x["game"] for x in here["lists"]] == [1, 2]
    assert here["series"]["number"] == 2 and "record" not in here  # files leave only through `export`
    assert here["lists"][0]["list"]["lines"][0]["real"] is True
    assert here["lists"][0]["list"]["lines"][0]["dealer"] == 4
    rows = list(csv.reader(io.StringIO(here["csv"])))
    assert rows[0][:3] == ["Spielrunde", "Spiel", "Geber"]
    assert {r[0] for r in rows[1:]} == {"1", "2"}
    save = ok(b, "state", viewer=None)["save"]
    other = Bridge()
    kept = ok(other, "lists", of=json.loads(json.dumps(save)))
    assert kept["lists"] == here["lists"] and kept["csv"] == here["csv"]
    assert not call(other, "state", viewer=None)["ok"]  # the kept file did not become the table
    exported = ok(b, "export", of=save)["file"]
    assert exported["format"] == "schraem-series/1"
    again = ok(other, "lists", of=exported)
    assert [x["list"] for x in again["lists"]] == [x["list"] for x in here["lists"]]


def test_lists_of_refuses_what_does_not_replay():
    b = Bridge()
    ok(b, "new_game", players=PLAYERS, real_cards=True, viewer=None)
    record = act(b, 1, "knock")["save"]["record"]
    record["hands"][0]["actions"].append({"seat": 1, "type": "knock"})
    refused = call(b, "lists", of=record)
    assert not refused["ok"] and refused["error"]["kind"] == "CorruptSave"
    assert "hand 1" in refused["error"]["en"]
    assert not call(b, "lists", of={"format": "nope"})["ok"]


def test_a_past_hand_is_entered_again_step_by_step():
    b = Bridge()
    ok(b, "new_game", players=PLAYERS, real_cards=True, dealer=4, viewer=None)
    for seat, typ in ((1, "knock"), (2, "hold"), (3, "hold"), (4, "hold"), (1, "win")):
        act(b, seat, typ)
    ok(b, "next_hand", viewer=None)
    act(b, 2, "knock")
    before = ok(b, "state", viewer=None)
    d = ok(b, "correct_draft", hand=1, actions=[])
    assert d["view"]["hand_no"] == 1 and not d["hand_over"]
    assert [p["marks"] for p in d["view"]["players"]] == [7, 7, 7, 7]
    assert {a["type"] for a in d["sheet_legal"]["1"]} >= {"knock", "win"}
    # The hand as it was entered, each action with its line of the log.
    assert [x["action"] for x in d["as_was"]] == [
        {"seat": s, "type": typ} for s, typ in ((1, "knock"), (2, "hold"), (3, "hold"), (4, "hold"), (1, "win"))
    ]
    assert [(x["log"]["seat"], x["log"]["type"]) for x in d["as_was"]] == [(x["action"]["seat"], x["action"]["type"]) for x in d["as_was"]]
    assert d["as_was"][0]["log"]["value"] == 2
    d = ok(b, "correct_draft", hand=1, actions=[{"seat": 1, "type": "knock"}, {"seat": 2, "type": "pass"}])
    assert "as_was" not in d
    assert d["view"]["players"][1]["marks"] == 6  # the passer's loss at once
    assert d["view"]["response"]["to_answer"] == 3
    assert {a["type"] for a in d["sheet_legal"]["3"]} >= {"hold", "pass"}
    bad = call(b, "correct_draft", hand=1, actions=[{"seat": 1, "type": "knock"}, {"seat": 4, "type": "hold"}])
    assert not bad["ok"] and "hand 1" in bad["error"]["en"]
    assert ok(b, "state", viewer=None) == before  # drafts change nothing


def test_a_dealt_hand_is_not_entered_on_the_sheet():
    b = Bridge()
    ok(b, "new_game", players=[{"name": "A"}, {"name": "B"}], seed=3, viewer=1)
    refused = call(b, "correct_draft", hand=1, actions=[])
    assert not refused["ok"] and refused["error"]["code"] == "bad_request"


def test_turn_up_and_challenge_are_offered_as_card_templates():
    b = Bridge()
    state = ok(b, "new_game", players=PLAYERS, rules="wipperfuerth", real_cards=True, viewer=None)
    assert state["sheet_cards"] == {"1": [], "2": [], "3": [], "4": []}
    state = act(b, 2, "exchange")
    turns = state["sheet_cards"]["1"]
    assert [(t["type"], t["target"], t["count"]) for t in turns] == [("turn", 2, 1)]
    assert len(turns[0]["choices"]) == 32 and state["sheet_cards"]["2"] == []
    state = act(b, 1, "turn", target=2, card="KH")
    assert "KH" not in state["sheet_cards"]["3"][0]["choices"]
    state = act(b, 3, "turn", target=2, card="7D")  # a numeral: the exchanger pays, the check is over
    assert state["sheet_cards"]["1"] == [] and state["view"]["players"][1]["penalty_marks"] == 1

    e = Bridge()
    ok(e, "new_game", players=PLAYERS, rules="siwwe_stroeoem", real_cards=True, viewer=None)
    state = act(e, 3, "exchange")
    ch = state["sheet_cards"]["4"]
    assert [(t["type"], t["target"], t["count"]) for t in ch] == [("challenge", 3, 4)]
    state = act(e, 4, "challenge", target=3, cards=["AH", "KH", "QS", "7D"])  # a numeral: the challenger was right
    assert state["view"]["players"][2]["penalty"] == "challenge"
    assert state["sheet_cards"]["4"] == []


def test_a_penalty_is_not_a_pass_and_the_start_value_is_shown():
    b = Bridge()
    ok(b, "new_game", players=PLAYERS, real_cards=True, viewer=None)
    act(b, 1, "knock")
    state = act(b, 2, "pass")
    assert state["view"]["players"][1]["penalty"] is None and state["view"]["players"][1]["passed"]
    for seat in (3, 4):
        state = act(b, seat, "hold")
    state = act(b, 3, "penalty", kind="renege")
    p = state["view"]["players"][2]
    assert p["penalty"] == "renege" and p["marks"] == 5 and not p["in_hand"]
    assert state["view"]["start_value"] == 1

    h = Bridge()
    two = [{"name": "A", "marks": 1}, {"name": "B"}]
    state = ok(h, "new_game", players=two, rules="sebbe_schroehm", real_cards=True, viewer=None)
    assert state["view"]["start_value"] == 2 and state["view"]["value"] == 2


def test_a_ticket_carries_the_draw_seed():
    org = Bridge()
    ok(org, "tournament", op="new", players=[f"P{i}" for i in range(1, 9)], seed=77)
    ticket = ok(org, "tournament", op="ticket", series=1, table=2)["ticket"]
    assert ticket["draw_seed"] == 77
    table = Bridge()
    state = ok(table, "new_series", players=[{"name": n} for n in ticket["players"]], real_cards=True, ticket=ticket, viewer=None)
    assert state["save"]["series"]["ticket"]["draw_seed"] == 77
