"""Seats that change hands between the games of a series at a table of
phones (docs/PHONE_TABLE.md): a guest's phone leaves and its seat goes to
the computer or to a new phone, a computer's seat to a new phone, each
under its new person's name from the next game on. The series goes on by
seat (its totals and first dealers are the seat's), every game keeps the
names of those who played it, the list says who took which seat when,
the host's save and a guest's read of the lists agree, and the statistics
credit each game to whoever played it. Inside a Rengen set no seat
changes hands: each game's loser plays the Hängeln in person."""

from __future__ import annotations

import copy
import json
import random

import pytest
from test_club_evening import play_series
from test_deal_check import HOST, PLAYERS, Phones, call
from test_table_host import refused
from test_table_rengen import SetPhones

from schraem.bridge import Bridge
from schraem.club.tournament import Tournament
from schraem.club.transfer import check_ticket, import_table_result, table_result, table_ticket
from schraem.core.errors import RecordError

# One mark each: a game is over after its first hand or two.
OPTIONS = {"start_marks": 1}


def ask(bridge: Bridge, cmd: str, args: dict) -> dict:
    return json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def _series(seed: int, games: int) -> Phones:
    phones = Phones("rheinland", seed)
    phones.b = Bridge()
    call(phones.b, "table_new", players=PLAYERS, options=OPTIONS, viewer=HOST, guests=[2, 4], seed=seed, games=games)
    phones.tickets = {s: call(phones.b, "table_ticket", seat=s) for s in (2, 4)}
    return phones


def _play_game(phones: Phones) -> None:
    for _ in range(40):
        phones.play_hand(events=False)
        if phones.game.game_over:
            return
        call(phones.b, "next_hand", viewer=HOST)
        phones.push()
    raise AssertionError("the game did not end")


def _saved(phones: Phones) -> str:
    return json.dumps(call(phones.b, "state", viewer=HOST)["save"], sort_keys=True)


def test_between_games_of_a_series_seats_change_hands_and_each_game_is_credited_to_whoever_played_it():
    phones = _series(41, 3)
    # Not while a game runs: nothing changes.
    before = _saved(phones)
    for cmd in ("table_phone_seat", "table_computer_seat"):
        reply = ask(phones.b, cmd, {"seat": 2, "viewer": HOST})
        assert refused(reply, "deal_phase")["en"].endswith("a seat changes between games."), cmd
    assert _saved(phones) == before
    _play_game(phones)
    old_dora = dict(phones.tickets[4])
    first = phones.send(2, "record")["result"]  # each guest keeps each finished game of the series

    # The host's seat is no one's to take; the computer takes a guest's seat
    # only, and a name already at the table is refused: nothing changes.
    unchanged = _saved(phones)
    for seat in (1, 5, 0, "2", None):
        assert ask(phones.b, "table_phone_seat", {"seat": seat, "viewer": HOST})["ok"] is False, seat
    for seat in (1, 3, 5):
        assert ask(phones.b, "table_computer_seat", {"seat": seat, "viewer": HOST})["ok"] is False, seat
    for name in ("Anne", "Bert", " ", 7):
        assert ask(phones.b, "table_phone_seat", {"seat": 4, "name": name, "viewer": HOST})["ok"] is False, name
    assert _saved(phones) == unchanged

    # Bert's phone leaves: the computer plays his seat on under his name.
    # Dora's phone leaves and Erna comes with a new one; Carl takes the
    # computer's seat. Erna's ticket is new: Dora's phone cannot come back.
    call(phones.b, "table_computer_seat", seat=2, viewer=HOST)
    state = call(phones.b, "table_phone_seat", seat=4, name="Erna", viewer=HOST)
    assert state["phone_table"]["joining"] == [4] and state["phone_table"]["leaving"] == [2]
    state = call(phones.b, "table_phone_seat", seat=3, name="Carl", viewer=HOST)
    assert _saved(phones) != unchanged
    phones.tickets[4] = call(phones.b, "table_ticket", seat=4)
    phones.tickets[3] = call(phones.b, "table_ticket", seat=3)
    assert phones.tickets[4]["secret"] != old_dora["secret"]
    msg = {"id": 1, "seat": 4, "secret": old_dora["secret"], "cmd": "state", "args": {}}
    assert refused(call(phones.b, "guest", seat=4, text=json.dumps(msg))["reply"], "guest_unknown")
    # The new phone is told the finished game is not its own (another played it).
    assert phones.send(4, "state")["result"]["joining"] is True
    assert ask(phones.b, "table_ticket", {"seat": 2})["ok"] is False  # Bert's seat has no phone now
    # Kept in the host's save, read back as it was; damaged parts refused.
    save = call(phones.b, "state", viewer=HOST)["save"]
    assert save["phone"]["leaving"] == {"2": None} and save["phone"]["joining"] == {"3": "Carl", "4": "Erna"}
    assert call(Bridge(), "load", save=json.loads(json.dumps(save)), viewer=HOST)["phone_table"]["leaving"] == [2]
    for part, damage in (
        ("leaving", {"1": None}),
        ("leaving", {"4": None}),
        ("leaving", {"2": 7}),
        ("joining", {"1": None}),
        ("leaving", [2]),
    ):
        bad = json.loads(json.dumps(save))
        bad["phone"][part] = damage
        reply = ask(Bridge(), "load", {"save": bad, "viewer": HOST})
        assert reply["ok"] is False and reply["error"]["kind"] == "CorruptSave", (part, damage)

    # The next game of the series: the new names at their seats, the
    # computer at Bert's, and the phones at the table deal it.
    state = call(phones.b, "next_game", viewer=HOST)
    phones.kept = {s: {} for s in (3, 4)}
    phones.states = {s: [] for s in (3, 4)}
    phones.push()
    assert phones.game.names == ["Anne", "Bert", "Carl", "Erna"]
    assert [p["kind"] for p in state["save"]["table"]["players"]] == ["human", "bot", "human", "human"]
    assert state["phone_table"]["guests"] == [3, 4] and state["phone_table"]["deal"]["waiting"] == [3, 4]
    changes = [
        {"game": 2, "seat": 2, "name": "Bert", "was": "Bert", "computer": True},
        {"game": 2, "seat": 3, "name": "Carl", "was": "Rechner", "computer": False},
        {"game": 2, "seat": 4, "name": "Erna", "was": "Dora", "computer": False},
    ]
    assert state["series"]["changes"] == changes
    _play_game(phones)
    assert [e["seat"] for e in phones.game.specs[0]["fair"]] == [1, 3, 4]

    # The seat's standing goes on: its total is the sum of its games.
    host = call(phones.b, "state", viewer=HOST)
    games = host["series"]["games"]
    assert host["series"]["totals"] == [games[0]["scores"][i] + games[1]["scores"][i] for i in range(4)]
    # Every phone reads the same list: the seats' changes, each game under its players.
    lists = phones.send(4, "lists")["result"]
    assert lists == call(phones.b, "lists") and lists["series"]["changes"] == changes
    assert phones.send(3, "state")["result"]["series"]["changes"] == changes
    heads = [entry["list"]["players"] for entry in lists["lists"]]
    assert heads == [["Anne", "Bert", "Rechner", "Dora"], ["Anne", "Bert", "Carl", "Erna"]]

    # The host's save keeps who sat where in each finished game; reloaded,
    # the series says the same.
    save = host["save"]
    assert [p["kind"] for p in save["series"]["finished"][0]["players"]] == ["human", "human", "bot", "human"]
    again = Bridge()
    assert call(again, "load", save=json.loads(json.dumps(save)), viewer=HOST)["series"] == host["series"]
    # The statistics credit each game to whoever played it: Dora and Erna
    # one game each, Bert only the first (the computer played the second),
    # Carl the second, and the computer is no person.
    records = [
        *save["series"]["finished"],
        dict(save["record"], players=[dict(p, **s) for p, s in zip(save["record"]["players"], save["table"]["players"])]),
    ]
    stats = call(Bridge(), "stats", records=records)
    assert {n: stats[n]["games"] for n in ("Anne", "Bert", "Carl", "Dora", "Erna")} == {
        "Anne": 2,
        "Bert": 1,
        "Carl": 1,
        "Dora": 1,
        "Erna": 1,
    }
    assert "Rechner" not in stats
    # Erna's phone carries the series on when the host's is gone after game
    # 2: the games it kept say who sat where, and the changes are the same.
    second = phones.send(4, "record")["result"]
    series = {"length": 3, "finished": [first]}
    taken = call(Bridge(), "table_takeover", record=second, viewer=4, guests=[1, 3], **{"from": 1}, series=series, seed=5)
    assert taken["series"]["number"] == 3 and taken["series"]["changes"] == changes
    # The series as a file says the same after its round trip.
    exported = call(Bridge(), "export", of=save)["file"]
    assert exported["format"] == "schraem-series/1"
    assert call(Bridge(), "lists", of=exported)["series"]["changes"] == changes


def test_a_rengen_set_changes_no_seat_between_its_games():
    phones = SetPhones(43)
    phones.play_hand(events=False)
    state = call(phones.b, "state", viewer=None)
    assert state["game_over"] and not state["set"]["over"]
    before = json.dumps(state["save"], sort_keys=True)
    for cmd, args in (
        ("table_phone_seat", {"seat": 3}),
        ("table_phone_seat", {"seat": 2, "name": "Erna"}),
        ("table_computer_seat", {"seat": 2}),
    ):
        reply = ask(phones.b, cmd, {**args, "viewer": None})
        words = refused(reply, "bad_request")
        assert "loses a game plays the Hängeln in person" in words["en"] and "spielt selbst das Hängeln" in words["de"], cmd
    assert json.dumps(call(phones.b, "state", viewer=None)["save"], sort_keys=True) == before


def test_a_tournament_table_whose_seat_another_person_took_is_refused_by_the_organiser():
    organiser = Tournament([f"P{i}" for i in range(1, 9)], "rheinland", {"series_games": 2}, seed=6)
    organiser.start_series()
    ticket = table_ticket(organiser, 1, 1)
    series = check_ticket(json.loads(json.dumps(ticket)))
    series.seed = 6
    result = json.loads(json.dumps(table_result(ticket, play_series(series, random.Random(6)))))
    renamed = copy.deepcopy(result)
    renamed["result"]["games"][1]["players"][1]["name"] = "Zora"
    before = organiser.to_json()
    with pytest.raises(RecordError) as e:
        import_table_result(organiser, renamed)
    assert "differ from the draw" in e.value.en and organiser.to_json() == before
    # The computer at a drawn seat keeps its name, as a stand-in does: accepted.
    for k, kind in ((0, "human"), (1, "bot")):
        for p in result["result"]["games"][k]["players"]:
            p.update(kind="human")
        result["result"]["games"][k]["players"][1].update({"kind": kind, "level": "easy"} if kind == "bot" else {})
    import_table_result(organiser, result)
    assert organiser.series[0][0].changes() == [
        {"game": 2, "seat": 2, "name": ticket["players"][1], "was": ticket["players"][1], "computer": True}
    ]
