"""The club evening through the bridge: a series at a scoresheet table, its
Spielliste and a correction, a save with the series that loads again, and
a tournament whose table result travels from one phone's bridge to the
organiser's."""

from __future__ import annotations

import json

from schraem.bridge import Bridge
from schraem.core.game import Game

PLAYERS = [{"name": n} for n in ("Hubert", "Gerda", "Hans", "Anne")]


def call(bridge: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["id"] == 1
    return reply


def ok(bridge: Bridge, cmd: str, **args) -> dict:
    reply = call(bridge, cmd, **args)
    assert reply["ok"], reply
    return reply["result"]


def finish_game(bridge: Bridge, winner: int) -> dict:
    """Enter hands on the sheet until the game is over: `winner` takes
    every hand, hammer knocks are held."""
    state = ok(bridge, "state", viewer=None)
    while not state["game_over"]:
        if state["hand_over"]:
            state = ok(bridge, "next_hand", viewer=None)
        elif state["view"]["due"]:
            state = ok(bridge, "act", action={"seat": state["view"]["due"][0], "type": "hold"}, viewer=None)
        else:
            state = ok(bridge, "act", action={"seat": winner, "type": "win"}, viewer=None)
    return state


def test_a_series_on_the_scoresheet_chains_its_games_and_totals():
    b = Bridge()
    state = ok(b, "new_series", players=PLAYERS, real_cards=True, games=2, viewer=None)
    assert state["series"]["number"] == 1 and state["series"]["length"] == 2
    assert state["view"]["dealer"] == 4  # seat 4 deals the first hand of a series
    state = finish_game(b, 2)
    assert state["series"]["totals"][1] == 14  # 7 marks left + 7 for the win
    refused = call(b, "next_hand", viewer=None)
    assert not refused["ok"]
    state = ok(b, "next_game", viewer=None)
    assert state["series"]["number"] == 2 and state["view"]["dealer"] == 2  # the winner deals
    state = finish_game(b, 3)
    assert state["series"]["over"] and state["series"]["totals"] == [0, 14, 14, 0]
    assert not call(b, "next_game", viewer=None)["ok"]
    lst = ok(b, "spielliste", game=1)
    assert lst["game"] == 1 and lst["list"]["lines"][0]["dealer"] == 4
    assert lst["csv"].startswith("Spiel,Geber,Wert")
    both = ok(b, "lists")
    assert both["csv"].startswith("Spielrunde,Spiel,Geber,Wert") and both["csv_en"].startswith("Game,Hand,Dealer,Value")
    # The same rows, only the words differ.
    assert len(both["csv"].splitlines()) == len(both["csv_en"].splitlines())


def test_a_series_save_loads_again_with_its_finished_games():
    b = Bridge()
    ok(b, "new_series", players=PLAYERS, real_cards=True, games=3, viewer=None)
    finish_game(b, 1)
    state = ok(b, "next_game", viewer=None)
    ok(b, "act", action={"seat": 1, "type": "knock"}, viewer=None)
    save = ok(b, "state", viewer=None)["save"]
    again = Bridge()
    loaded = ok(again, "load", save=json.loads(json.dumps(save)), viewer=None)
    assert loaded["series"] == ok(b, "state", viewer=None)["series"]
    assert loaded["save"] == save
    assert state["series"]["number"] == 2


def test_correcting_a_past_hand_previews_then_commits():
    b = Bridge()
    ok(b, "new_series", players=PLAYERS, real_cards=True, games=2, viewer=None)
    ok(b, "act", action={"seat": 1, "type": "knock"}, viewer=None)
    for seat in (2, 3, 4):
        ok(b, "act", action={"seat": seat, "type": "hold"}, viewer=None)
    ok(b, "act", action={"seat": 1, "type": "win"}, viewer=None)
    ok(b, "next_hand", viewer=None)
    ok(b, "act", action={"seat": 2, "type": "win"}, viewer=None)
    before = ok(b, "state", viewer=None)
    fixed = [
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "hold"},
        {"seat": 3, "type": "pass"},
        {"seat": 4, "type": "hold"},
        {"seat": 1, "type": "win"},
    ]
    preview = ok(b, "correct", hand=1, actions=fixed)
    assert preview["preview"] and {"hand": 1, "seat": 3, "name": "Hans", "before": 5, "after": 6, "game": 1} in preview["changes"]
    assert ok(b, "state", viewer=None) == before  # a preview changes nothing
    state = ok(b, "correct", hand=1, actions=fixed, confirm=True, viewer=None)
    assert state["view"]["players"][2]["marks"] == 5 and state["changes"] == preview["changes"]
    bad = call(b, "correct", hand=1, actions=[{"seat": 9, "type": "win"}], confirm=True)
    assert not bad["ok"] and "hand 1" in bad["error"]["en"]
    assert ok(b, "state", viewer=None)["save"] == state["save"]


def test_a_tournament_table_result_travels_to_the_organiser():
    organiser = Bridge()
    names = [f"P{i}" for i in range(1, 9)]
    t = ok(organiser, "tournament", op="new", players=names, options={"series_games": 1}, seed=12)
    assert len(t["tables"][0]) == 2 and t["series_count"] == 5
    ticket = ok(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    table = Bridge()
    ok(table, "new_series", players=[{"name": n} for n in ticket["players"]], real_cards=True, ticket=ticket, viewer=None)
    finish_game(table, 4)
    result = ok(table, "table_result")
    t = ok(organiser, "tournament", op="import", result=json.loads(json.dumps(result)))
    assert t["tables"][0][0]["over"] and t["standings"][0]["name"] == ticket["players"][3]
    again = call(organiser, "tournament", op="import", result=result)
    assert not again["ok"] and again["error"]["code"] == "duplicate_series"
    # A step answers what changed, not the whole tournament: `state` does.
    whole = ok(organiser, "tournament", op="state")["tournament"]
    assert "tournament" not in t and t["patch"] == {"p": {"series": {"p": {"0": {"s": {"0": whole["series"][0][0]}}}}}}
    reloaded = Bridge()
    assert ok(reloaded, "tournament", op="load", tournament=whole)["standings"] == t["standings"]


HOUSE = "Stammtisch <b>Rengen</b>"


def test_a_tournament_of_house_rules_hands_their_name_and_options_to_every_table():
    organiser = Bridge()
    names = [f"P{i}" for i in range(1, 9)]
    options = {"start_marks": 5, "knock_limit": "none", "series_games": 1}
    t = ok(organiser, "tournament", op="new", players=names, rules="rengen", options=options, seed=12, house=HOUSE)
    assert t["house"] == HOUSE and t["tournament"]["house"] == HOUSE
    ticket = ok(organiser, "tournament", op="ticket", series=1, table=2)["ticket"]
    assert ticket["house"] == HOUSE and ticket["rules"] == "rengen" and ticket["options"] == options
    # The file that leaves the phone keeps the name (only seeds are dropped).
    assert ok(organiser, "export", of=ticket)["file"]["house"] == HOUSE

    # The table's phone: told the name before it starts, and plays the options.
    table = Bridge()
    ticket = json.loads(json.dumps(ticket))
    assert ok(table, "check_ticket", ticket=ticket)["house"] == HOUSE
    state = ok(
        table,
        "new_series",
        players=[{"name": n} for n in ticket["players"]],
        rules="rengen",
        options=ticket["options"],
        real_cards=True,
        ticket=ticket,
        viewer=None,
    )
    assert state["save"]["record"]["options"] == options and state["view"]["rules"] == "rengen"
    assert all(p["marks"] == 5 for p in state["view"]["players"])
    assert state["save"]["series"]["ticket"]["house"] == HOUSE
    again = ok(Bridge(), "load", save=json.loads(json.dumps(state["save"])), viewer=None)
    assert again["save"]["series"]["ticket"]["house"] == HOUSE

    # The organiser's tournament keeps it across a reload; a tournament
    # without house rules has none, and its tickets say none.
    assert ok(Bridge(), "tournament", op="load", tournament=t["tournament"])["house"] == HOUSE
    plain = ok(Bridge(), "tournament", op="new", players=names, seed=12)
    assert plain["house"] is None and "house" not in plain["tournament"]
    assert ok(Bridge(), "check_ticket", ticket={k: v for k, v in ticket.items() if k != "house"})["house"] is None


def test_every_ready_formats_title_names_a_tournament():
    names = [f"P{i}" for i in range(1, 9)]
    for h in ok(Bridge(), "hello")["house_rules"]:
        for title in (h["de"], h["en"]):
            b = Bridge()
            ok(b, "tournament", op="new", players=names, rules=h["rules"], options=h["options"], seed=1, house=title)
            assert ok(b, "tournament", op="ticket", series=1, table=1)["ticket"]["house"] == title


def test_a_house_rules_name_that_is_no_name_is_refused():
    names = [f"P{i}" for i in range(1, 9)]
    for bad in ("", "   ", "x" * 101, "Stamm\u200btisch", 7, ["Rengen"]):
        refused = call(Bridge(), "tournament", op="new", players=names, seed=1, house=bad)
        assert not refused["ok"] and refused["error"]["code"] == "bad_field", bad
        assert "house rules' name" in refused["error"]["en"] and "Name der Hausregeln" in refused["error"]["de"]
    organiser = Bridge()
    ok(organiser, "tournament", op="new", players=names, seed=1, house="Rengen")
    ticket = ok(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    refused = call(Bridge(), "check_ticket", ticket=dict(ticket, house="\u0007"))
    assert not refused["ok"] and "house rules' name" in refused["error"]["en"]
    assert ok(Bridge(), "check_ticket", ticket=dict(ticket, house="x" * 100))["house"] == "x" * 100


def test_statistics_from_history_records():
    b = Bridge()
    ok(b, "new_series", players=PLAYERS, real_cards=True, games=2, viewer=None)
    record = finish_game(b, 3)["save"]["record"]
    ok(b, "next_game", viewer=None)
    second = finish_game(b, 4)["save"]["record"]
    stats = ok(b, "stats", records=[record, second])
    assert stats["Anne"]["wins"] == stats["Hans"]["wins"] == 1 and stats["Hubert"]["games"] == 2
    # The same game kept twice is one game played.
    assert ok(b, "stats", records=[record, second, record]) == stats
    assert not call(b, "stats", records=[{"format": "nope"}])["ok"]


def test_two_scoresheet_games_entered_alike_count_twice_and_a_copy_without_its_seed_once():
    """Real cards: no card in the record tells two games apart, their seeds
    do. The organiser's copy of a table's game (and a move file) keeps no
    seed: it is the game counted already."""
    b = Bridge()
    games = []
    for seed in (5, 6):
        ok(b, "new_game", players=PLAYERS, real_cards=True, seed=seed, dealer=4, viewer=None)
        games.append(finish_game(b, 3)["save"]["record"])
    assert games[0] != games[1] and {k: v for k, v in games[0].items() if k != "seed"} == {k: v for k, v in games[1].items() if k != "seed"}
    twice = ok(b, "stats", records=games)
    assert twice["Hans"]["games"] == twice["Hans"]["wins"] == 2
    copy = {k: v for k, v in games[0].items() if k != "seed"}
    assert ok(b, "stats", records=[*games, copy]) == ok(b, "stats", records=[copy, *games]) == twice
    assert ok(b, "stats", records=[games[0], copy])["Hans"]["games"] == 1


def test_a_rengen_set_goes_to_the_hangeln_and_survives_a_reload():
    b = Bridge()
    state = ok(b, "new_set", players=PLAYERS, real_cards=True, viewer=None)
    assert state["set"]["games"][0]["over"] is False and state["view"]["rules"] == "rengen"
    state = finish_game(b, 1)  # Hubert beats everyone: Gerda is first out
    assert state["set"]["games"][0]["loser"] == 2
    state = ok(b, "next_game", viewer=None)
    assert state["view"]["dealer"] == 1  # game 1's winner deals game 2
    state = finish_game(b, 2)  # now Gerda wins: the others go out together, Hans first (after the dealer)
    assert state["set"]["hangeln_seats"] == [2, 3] and state["set"]["loser"] is None
    state = ok(b, "next_game", viewer=None)
    assert state["set"]["in_hangeln"] and [p["name"] for p in state["view"]["players"]] == ["Gerda", "Hans"]
    again = Bridge()
    reloaded = ok(again, "load", save=json.loads(json.dumps(state["save"])), viewer=None)
    assert reloaded["set"] == state["set"]
    state = ok(again, "act", action={"seat": 1, "type": "win"}, viewer=None)  # Gerda wins the Hängeln
    assert state["set"]["loser"] == 3 and state["set"]["over"]
    assert not call(again, "next_game", viewer=None)["ok"]


def test_the_kitty_through_the_bridge_rematch_series_and_books():
    b = Bridge()
    refused = call(b, "new_game", players=PLAYERS, real_cards=True, stakes={"per_knolle": 10}, viewer=None)
    assert not refused["ok"] and refused["error"]["code"] == "bad_stakes" and "pro Knolle" in refused["error"]["de"]
    stakes = {"per_mark": 10, "per_lost_game": 50, "loser_round": True}
    state = ok(b, "new_game", players=PLAYERS, real_cards=True, stakes=stakes, viewer=None)
    assert state["stakes"] == stakes and state["money"] is None
    state = finish_game(b, 2)
    money = state["money"]
    # Gerda took every hand: the three others paid her all 7 marks, the
    # first out paid the pot for the lost game and owes the round.
    record = state["save"]["record"]
    loser = Game.from_record(record).outcome.loser
    assert money["net"][1] == 3 * 70 and money["pot"] == 50 and money["rounds"] == [loser]
    assert sum(money["net"]) + money["pot"] == 0
    assert record["stakes"] == stakes
    again = ok(b, "rematch", seed=2, viewer=None)
    assert again["stakes"] == stakes
    second = finish_game(b, 2)["save"]["record"]  # the same hands, the next dealer: another game
    books = ok(b, "books", records=[record, second, record])
    assert books["balances"]["Gerda"] == 420 and books["pot"] == 100
    assert books["rounds"] == {state["save"]["record"]["players"][loser - 1]["name"]: 2}
    assert sum(t["cents"] for t in books["transfers"] if t["payee"] is None) == 100
    assert not call(b, "books", records=[record | {"stakes": {"per_mark": -1}}])["ok"]

    series = Bridge()
    ok(series, "new_series", players=PLAYERS, real_cards=True, games=2, stakes=stakes, viewer=None)
    finish_game(series, 3)
    assert ok(series, "next_game", viewer=None)["stakes"] == stakes
