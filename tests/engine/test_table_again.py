"""Another series, or another Rengen set, at the same table of phones once
one is over (docs/PHONE_TABLE.md, `again` in docs/BRIDGE.md): the same
phones at the same seats, no code, the players' names and rules, its
first hand dealt by the last game's winner; a seat whose phone left after
the last game is played on by the computer (or a new phone) from the
first game on. Asked while a series or set runs, at a tournament's table
or at a table with neither, `again` is refused and nothing changes."""

from __future__ import annotations

import json

from test_deal_check import GUESTS, HOST, call
from test_table_host import refused
from test_table_rengen import BOT, NAMES, SetPhones, _play_games
from test_table_seat_change import _play_game, _saved, _series, ask

from schraem.bridge import Bridge
from schraem.club.tournament import Tournament
from schraem.club.transfer import table_ticket


def test_another_series_at_the_same_phones_with_a_seat_the_computer_took_after_the_last_game():
    phones = _series(61, 1)
    # Not while the series runs, nor a rematch of one: nothing changes.
    before = _saved(phones)
    words = refused(ask(phones.b, "again", {"seed": 5, "viewer": HOST}), "bad_request")
    assert words["en"].endswith("play it to its end first: the next game comes first.")
    assert _saved(phones) == before
    _play_game(phones)
    over = call(phones.b, "state", viewer=HOST)
    assert over["series"]["over"]
    assert ask(phones.b, "rematch", {"seed": 5, "viewer": HOST})["ok"] is False
    dealer = phones.game.next_game_dealer()
    first = phones.send(2, "record")["result"]

    # Dora's phone left after the series: the computer plays her seat in the next.
    call(phones.b, "table_computer_seat", seat=4, viewer=HOST)
    state = call(phones.b, "again", seed=5, viewer=HOST)
    phones.kept = {s: {} for s in GUESTS}
    phones.states = {s: [] for s in GUESTS}
    phones.push()
    series = state["series"]
    assert series["number"] == 1 and series["length"] == 1 and series["totals"] == [0, 0, 0, 0] and not series["over"]
    assert state["phone_table"]["game"] == 2 and state["phone_table"]["guests"] == [2]
    assert state["phone_table"]["deal"]["waiting"] == [2]
    assert [p["name"] for p in state["view"]["players"]] == ["Anne", "Bert", "Rechner", "Dora"]
    assert [p["kind"] for p in state["save"]["table"]["players"]] == ["human", "human", "bot", "bot"]
    assert phones.b.table.series.first_dealer == dealer
    # Bert's phone still reads the series before, to file it; Dora's has no seat.
    assert phones.send(2, "record", game=1)["result"] == first
    assert ask(phones.b, "table_ticket", {"seat": 4})["ok"] is False
    # Kept in the host's save: a reload has the new series.
    save = json.loads(json.dumps(state["save"]))
    assert call(Bridge(), "load", save=save, viewer=HOST)["series"] == series

    # Played to its end by the phones at the table: a one-game series again.
    _play_game(phones)
    assert call(phones.b, "state", viewer=HOST)["series"]["over"]
    assert phones.verdict(2, len(phones.game.specs))["fair"] is True
    assert len(call(phones.b, "lists")["series"]["games"]) == 1


def test_another_rengen_set_at_the_same_phones_with_a_new_phone_at_the_computers_seat():
    phones = SetPhones(7)
    _play_games(phones)
    if not call(phones.b, "state", viewer=None)["set"]["over"]:
        phones.states = {s: [] for s in GUESTS}
        phones.next_game()  # the Hängeln between the two games' losers
        phones.play_hand()
    decided = call(phones.b, "state", viewer=None)
    assert decided["set"]["over"] and decided["game_over"]
    dealer = phones.b.table.rset.games[-1].winner
    game_no = decided["phone_table"]["game"]
    # A set is played through by the same people: no seat changes while it runs.
    # Once it is decided, Carl's phone may take the computer's seat for the next.
    call(phones.b, "table_phone_seat", seat=BOT, name="Carl", viewer=None)
    phones.tickets[BOT] = call(phones.b, "table_ticket", seat=BOT)
    state = call(phones.b, "again", seed=9, viewer=HOST)
    phones.guests = (2, 3, 4)
    phones.states = {s: [] for s in phones.guests}
    phones.kept = {s: {} for s in phones.guests}
    phones.push()
    assert state["set"] == {
        **state["set"],
        "games": [{"winner": None, "loser": None, "over": False}],
        "hangeln_seats": None,
        "in_hangeln": False,
        "loser": None,
        "over": False,
    }
    assert state["phone_table"]["game"] == game_no + 1 and state["phone_table"]["names"] == ["Anne", "Bert", "Carl", "Dora"]
    assert state["phone_table"]["deal"]["waiting"] == [2, 3, 4]
    assert state["view"]["seat"] == HOST and [p["name"] for p in state["view"]["players"]] == ["Anne", "Bert", "Carl", "Dora"]
    assert phones.b.table.rset.dealer == dealer and phones.b.table.host.seat_map is None
    for seat in (2, 3, 4):
        guest = phones.send(seat, "state")["result"]
        assert guest["seat"] == seat and guest["view"]["seat"] == seat and guest["set"] == state["set"]
    # While the new set runs: neither another set nor a seat change.
    assert ask(phones.b, "again", {"seed": 9, "viewer": HOST})["ok"] is False
    words = refused(ask(phones.b, "table_computer_seat", {"seat": 2, "viewer": HOST}), "bad_request")
    assert words["en"].endswith("whoever loses a game plays the Hängeln in person.")
    # Its first hand is dealt and checked by every phone at the table.
    phones.play_hand()
    for seat in (2, 3, 4):
        assert phones.verdict(seat, 1)["fair"] is True
    assert NAMES[BOT - 1] not in [p["name"] for p in call(phones.b, "state", viewer=HOST)["view"]["players"]]


def test_again_is_refused_at_a_table_with_no_series_or_set_and_at_a_tournaments_table():
    bridge = Bridge()
    call(bridge, "new_game", players=[{"name": "A"}, {"name": "B"}], seed=1)
    words = refused(ask(bridge, "again", {"seed": 2}), "bad_request")
    assert words["de"].endswith("an diesem Tisch läuft keine Serie und kein Satz.")
    # A tournament's table plays the series its ticket says, and no other.
    organiser = Tournament([f"P{i}" for i in range(1, 9)], "rheinland", {"series_games": 2}, seed=6)
    organiser.start_series()
    ticket = json.loads(json.dumps(table_ticket(organiser, 1, 1)))
    call(bridge, "new_series", players=[{"name": n} for n in ticket["players"]], ticket=ticket, seed=6)
    before = json.dumps(call(bridge, "state")["save"], sort_keys=True)
    words = refused(ask(bridge, "again", {"seed": 2}), "bad_request")
    assert words["en"].endswith("a tournament's table plays the series its ticket says.")
    assert json.dumps(call(bridge, "state")["save"], sort_keys=True) == before
