"""A table of phones for the whole evening (docs/PHONE_TABLE.md): once a
game is over the host deals the next one to the same phones — every seat
keeps its secret, so no phone joins again — from a new key, since the
finished game's record shows every number the old key gave. A guest still
checking the last hand of the game before asks for that game by number.
A rematch while a game runs, or a record of a game the host no longer
has, is refused and changes nothing."""

from __future__ import annotations

import json

from test_deal_check import GUESTS, HOST, PLAYERS, Phones, call
from test_table_host import CARD, refused

from schraem.bridge import Bridge
from schraem.core.fairdeal import host_reveal
from schraem.core.game import Game


def ask(bridge: Bridge, cmd: str, args: dict) -> dict:
    """The bridge's reply to one request, refused or not."""
    return json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def _play_game(phones: Phones) -> None:
    """The game to its end, every hand checked by every guest."""
    for _ in range(60):
        phones.play_hand(events=False)
        hand = len(phones.game.specs)
        for seat in GUESTS:
            assert phones.verdict(seat, hand)["fair"] is True
        if phones.game.game_over:
            return
        call(phones.b, "next_hand", viewer=HOST)
        phones.push()
    raise AssertionError("the game did not end")


def _next_game(phones: Phones, seed: int) -> dict:
    """The host's "Nochmal"; each guest keeps its deals per game, so it
    starts the new game with none (remote-engine.js keys them by game)."""
    state = call(phones.b, "rematch", seed=seed, viewer=HOST)
    phones.push()
    phones.kept = {s: {} for s in GUESTS}
    return state


def test_the_next_game_is_dealt_to_the_same_phones_from_a_new_key():
    phones = Phones("rheinland", 7)
    tickets = dict(phones.tickets)
    _play_game(phones)
    host = phones.b.table.host
    first_key, first_record = host.key, phones.send(2, "record")["result"]
    last_hand = len(first_record["hands"])
    states_of_game_1 = {s: list(phones.states[s]) for s in GUESTS}
    commits_of_last_hand = {s: phones.kept[s][last_hand]["commits"] for s in GUESTS}

    state = _next_game(phones, seed=99)
    facts = state["phone_table"]
    assert facts["game"] == 2 and facts["deal"]["hand"] == 1 and facts["deal"]["phase"] == "commit"
    assert state["view"]["hand_no"] == 0 and not state["game_over"]
    host = phones.b.table.host
    assert host.key != first_key and host.secrets == {s: t["secret"] for s, t in tickets.items()}
    # Every guest is told the new game, and deals it with its old ticket.
    for seat in GUESTS:
        assert phones.states[seat][-1]["game"] == 2
    # A guest checking the last hand of the first game asks for it by number.
    for seat in GUESTS:
        assert phones.send(seat, "record", game=1)["result"] == first_record
        verdict = phones.verdict(seat, last_hand, record=first_record, states=states_of_game_1[seat], commits=commits_of_last_hand[seat])
        assert verdict["fair"] is True, verdict

    phones.states = {s: [] for s in GUESTS}
    _play_game(phones)
    second = phones.send(2, "record", game=2)["result"]
    assert phones.send(4, "record")["result"] == second
    # The host's number for hand 1 is not the one the first record showed.
    own = [e["reveal"] for r in (first_record, second) for e in r["hands"][0]["fair"] if e["seat"] == HOST]
    assert own[0] != own[1] and own[1] == host_reveal(host.key, 1, 0)
    assert [e["seat"] for e in second["hands"][0]["fair"]] == [HOST, *GUESTS]


def test_the_game_number_survives_the_hosts_reload_and_the_old_game_is_said_to_be_gone():
    phones = Phones("rheinland", 8)
    _play_game(phones)
    _next_game(phones, seed=5)
    save = call(phones.b, "state", viewer=HOST)["save"]
    assert save["phone"]["game"] == 2
    phones.b = Bridge()
    call(phones.b, "load", save=json.loads(json.dumps(save)), viewer=HOST)
    assert call(phones.b, "state", viewer=HOST)["phone_table"]["game"] == 2
    phones.deal_step()
    phones.deal_step()
    assert phones.game.specs and phones.b.table.host.round is None  # dealt with the old tickets
    # The game before is not in the save: asked for, the host says so.
    reply = phones.send(2, "record", game=1)
    assert refused(reply, "deal_phase")["en"].endswith("this phone no longer has game 1 (it plays game 2).")
    for game in (0, 3, "1", None):
        assert phones.send(2, "record", game=game)["ok"] is False


def test_no_next_game_while_one_runs_and_a_damaged_game_number_is_refused():
    phones = Phones("rheinland", 9)
    phones.play_hand(events=False)
    before = json.dumps(call(phones.b, "state", viewer=HOST)["save"], sort_keys=True)
    reply = ask(phones.b, "rematch", {"seed": 3, "viewer": HOST})
    assert refused(reply, "bad_request")["en"].endswith("the game is still running.")
    save = call(phones.b, "state", viewer=HOST)["save"]
    assert json.dumps(save, sort_keys=True) == before
    for damage in (0, -1, 1000, "2", True, 2.5):
        bad = json.loads(before)
        bad["phone"]["game"] = damage
        reply = ask(Bridge(), "load", {"save": bad, "viewer": HOST})
        assert reply["ok"] is False and reply["error"]["kind"] == "CorruptSave", (damage, reply)


def test_a_series_with_stakes_at_a_table_of_phones_goes_on_with_the_same_phones_and_every_guest_reads_its_list():
    phones = Phones("rheinland", 12)
    phones.b = Bridge()
    stakes = {"per_mark": 10}
    call(phones.b, "table_new", players=PLAYERS, viewer=HOST, guests=list(GUESTS), seed=12, games=2, stakes=stakes)
    phones.tickets = {s: call(phones.b, "table_ticket", seat=s) for s in GUESTS}
    _play_game(phones)
    for seat in GUESTS:
        state = phones.send(seat, "state")["result"]
        assert state["series"]["number"] == 1 and state["series"]["length"] == 2
        assert state["stakes"] == stakes and state["money"] is not None and sum(state["money"]["net"]) == 0
        # The Spielliste is the host's, word for word, and holds no card.
        lists = phones.send(seat, "lists")["result"]
        assert lists == call(phones.b, "lists")
        assert not CARD.search(json.dumps(lists))
    state = call(phones.b, "next_game", viewer=HOST)
    phones.push()
    phones.kept = {s: {} for s in GUESTS}
    assert state["phone_table"]["game"] == 2 and state["series"]["number"] == 2 and state["phone_table"]["deal"]["hand"] == 1
    phones.states = {s: [] for s in GUESTS}
    _play_game(phones)
    assert call(phones.b, "state", viewer=HOST)["series"]["over"]
    for seat in GUESTS:
        lists = phones.send(seat, "lists")["result"]
        assert [entry["game"] for entry in lists["lists"]] == [1, 2] and lists["series"]["over"]
    # Full: no third game, and the table is as it was.
    reply = ask(phones.b, "next_game", {"viewer": HOST})
    assert reply["ok"] is False and call(phones.b, "state", viewer=HOST)["phone_table"]["game"] == 2


def test_a_guest_carries_the_table_on_from_the_last_finished_hand_when_the_host_is_gone():
    phones = Phones("rheinland", 21)
    phones.play_hand(events=False)
    call(phones.b, "next_hand", viewer=HOST)
    phones.push()
    record = phones.send(2, "record")["result"]  # what seat 2 kept after hand 1
    # The host's phone is gone mid-deal of hand 2; seat 2 takes over.
    new = Bridge()
    state = call(new, "table_takeover", record=record, viewer=2, guests=[1, 4], **{"from": 1}, seed=77)
    facts = state["phone_table"]
    assert facts["host"] == 2 and facts["taken_over"] == {"hand": 2, "seat": 1}
    assert facts["deal"]["hand"] == 2 and facts["deal"]["waiting"] == [1, 4]
    # The finished hand is the old host's, card for card and number for number.
    before = call(phones.b, "state", viewer=HOST)["save"]["record"]["hands"][0]
    after = state["save"]["record"]["hands"]
    assert len(after) == 1 and (after[0]["actions"], after[0]["fair"]) == (before["actions"], before["fair"])
    # The old host's seat goes to the computer; seat 4 joins the new host.
    call(new, "table_standin", seat=1, on=True, viewer=2)
    ticket = call(new, "table_ticket", seat=4)
    msg = {"id": 1, "seat": 4, "secret": ticket["secret"], "cmd": "state", "args": {}}
    guest = call(new, "guest", seat=4, text=json.dumps(msg))["reply"]["result"]
    assert guest["taken_over"] == {"hand": 2, "seat": 1} and guest["host"] == 2
    # Kept in the new host's save, refused when damaged.
    save = call(new, "state", viewer=2)["save"]
    assert save["phone"]["taken_over"] == {"hand": 2, "seat": 1}
    for damage in ({"hand": 2}, {"hand": 0, "seat": 1}, {"hand": 2, "seat": 9}, "2"):
        bad = json.loads(json.dumps(save))
        bad["phone"]["taken_over"] = damage
        reply = ask(Bridge(), "load", {"save": bad, "viewer": 2})
        assert reply["ok"] is False and reply["error"]["kind"] == "CorruptSave", damage
    # No take-over of a hand in play, of a game over, or without the old host's seat.
    for args in (
        {"record": record, "viewer": 2, "guests": [1, 4]},
        {"record": record, "viewer": 2, "guests": [4], "from": 1},
        {"record": record, "viewer": 3, "guests": [1, 4], "from": 1},
    ):
        reply = ask(Bridge(), "table_takeover", args)
        assert reply["ok"] is False, args


def _series_phones(seed: int, games: int) -> Phones:
    phones = Phones("rheinland", seed)
    phones.b = Bridge()
    call(phones.b, "table_new", players=PLAYERS, viewer=HOST, guests=list(GUESTS), seed=seed, games=games)
    phones.tickets = {s: call(phones.b, "table_ticket", seat=s) for s in GUESTS}
    return phones


def _next_in_series(phones: Phones) -> None:
    call(phones.b, "next_game", viewer=HOST)
    phones.push()
    phones.kept = {s: {} for s in GUESTS}
    phones.states = {s: [] for s in GUESTS}


def test_a_series_taken_over_mid_game_goes_on_with_its_finished_games_and_its_spielliste():
    phones = _series_phones(23, 3)
    _play_game(phones)
    first = phones.send(2, "record")["result"]  # seat 2 keeps each finished game
    _next_in_series(phones)
    phones.play_hand(events=False)
    call(phones.b, "next_hand", viewer=HOST)
    phones.push()
    record = phones.send(2, "record")["result"]
    lists_before = phones.send(2, "lists")["result"]

    new = Bridge()
    series = {"length": 3, "finished": [first]}
    state = call(new, "table_takeover", record=record, viewer=2, guests=[1, 4], **{"from": 1}, game=2, series=series, seed=5)
    facts = state["phone_table"]
    assert facts["game"] == 2 and facts["taken_over"] == {"hand": 2, "seat": 1} and facts["deal"]["hand"] == 2
    assert state["series"]["number"] == 2 and state["series"]["length"] == 3
    # The Spielliste is the one the guests read before the loss.
    assert call(new, "lists") == lists_before
    # The new host's save is a series with the first game finished in it.
    save = call(new, "state", viewer=2)["save"]
    assert save["series"]["finished"][0]["hands"] == first["hands"] and save["phone"]["game"] == 2

    # A series' game number is its count of games; a damaged series is refused.
    for bad in (
        {"series": {"length": 3, "finished": [record]}},  # a game not over
        {"series": {"length": 1, "finished": [first]}},  # longer than it says
        {"series": {"length": 3, "finished": [first], "seed": 1}},
        {"series": [first]},
        {"series": series, "game": 1},
        {"game": 0},
        {"game": "2"},
    ):
        args = {"record": record, "viewer": 2, "guests": [1, 4], "from": 1, "seed": 5, **bad}
        reply = ask(Bridge(), "table_takeover", args)
        assert reply["ok"] is False and reply["error"]["kind"] != "InternalError", (bad, reply)


def test_a_table_taken_over_between_games_deals_the_next_game():
    phones = _series_phones(24, 2)
    _play_game(phones)
    first = phones.send(2, "record")["result"]
    # The host's phone is gone at the over screen: the series' next game.
    new = Bridge()
    state = call(new, "table_takeover", record=first, viewer=2, guests=[1, 4], **{"from": 1}, series={"length": 2, "finished": []}, seed=6)
    assert state["phone_table"]["game"] == 2 and state["series"]["number"] == 2
    assert state["phone_table"]["taken_over"] == {"hand": 1, "seat": 1} and state["phone_table"]["deal"]["hand"] == 1
    assert new.table.game.first_dealer + 1 == Game.from_record(first).next_game_dealer()
    # A single game over: the same players' next game, as "Nochmal" deals it.
    single = Phones("rheinland", 25)
    _play_game(single)
    done = single.send(4, "record")["result"]
    state = call(Bridge(), "table_takeover", record=done, viewer=4, guests=[1, 2], **{"from": 1}, game=3, seed=7)
    assert state["phone_table"]["game"] == 4 and state["series"] is None and state["view"]["hand_no"] == 0
    # A series over is not taken over.
    _next_in_series(phones)
    _play_game(phones)
    last = phones.send(2, "record")["result"]
    args = {"record": last, "viewer": 2, "guests": [1, 4], "from": 1, "series": {"length": 2, "finished": [first]}, "seed": 8}
    reply = ask(Bridge(), "table_takeover", args)
    assert refused(reply, "bad_request")["en"].endswith("the series is over.")


def test_between_games_a_new_phone_takes_the_computers_seat_with_one_ticket():
    phones = Phones("rheinland", 26)
    phones.play_hand(events=False)
    # Not while a game runs, and only a computer's seat.
    before = json.dumps(call(phones.b, "state", viewer=HOST)["save"], sort_keys=True)
    reply = ask(phones.b, "table_phone_seat", {"seat": 3, "viewer": HOST})
    assert refused(reply, "deal_phase")["en"].endswith("a seat changes between games.")
    assert json.dumps(call(phones.b, "state", viewer=HOST)["save"], sort_keys=True) == before
    call(phones.b, "next_hand", viewer=HOST)
    phones.push()
    _play_game(phones)
    for seat in (1, 5, "3", None):
        reply = ask(phones.b, "table_phone_seat", {"seat": seat, "viewer": HOST})
        assert reply["ok"] is False, seat

    # A name its person plays under: not one already at the table.
    for name in ("Anne", " ", 7):
        assert ask(phones.b, "table_phone_seat", {"seat": 3, "name": name, "viewer": HOST})["ok"] is False, name
    state = call(phones.b, "table_phone_seat", seat=3, name="  Carl ", viewer=HOST)
    assert state["phone_table"]["joining"] == [3] and state["phone_table"]["guests"] == [2, 3, 4]
    # The new phone joins at once with its ticket, and sees the game over.
    phones.tickets[3] = call(phones.b, "table_ticket", seat=3)
    phones.states[3], phones.kept[3] = [], {}
    assert phones.send(3, "state")["result"]["game_over"]
    # Kept in the host's save; a damaged list is refused.
    save = call(phones.b, "state", viewer=HOST)["save"]
    assert save["phone"]["joining"] == {"3": "Carl"} and save["table"]["players"][2]["kind"] == "bot"
    call(Bridge(), "load", save=json.loads(json.dumps(save)), viewer=HOST)
    for damage in ([3], {"1": None}, {"5": None}, {"x": None}, {"3": 7}, "3"):
        bad = json.loads(json.dumps(save))
        bad["phone"]["joining"] = damage
        reply = ask(Bridge(), "load", {"save": bad, "viewer": HOST})
        assert reply["ok"] is False and reply["error"]["kind"] == "CorruptSave", damage

    # The next game: a person at seat 3, dealt by four phones; the finished
    # game's record still says the computer played it.
    state = _next_game(phones, seed=31)
    phones.kept[3] = {}
    assert state["phone_table"]["joining"] == [] and state["phone_table"]["deal"]["waiting"] == [2, 3, 4]
    assert state["save"]["table"]["players"][2] == {"kind": "human"} and 3 not in phones.b.table.bots()
    assert phones.game.names == ["Anne", "Bert", "Carl", "Dora"]
    assert phones.send(2, "record", game=1)["result"]["players"][2]["kind"] == "bot"
    phones.states = {s: [] for s in (2, 3, 4)}
    phones.play_hand(events=False)
    assert [e["seat"] for e in phones.game.specs[0]["fair"]] == [1, 2, 3, 4]
    assert any(a["seat"] == 3 for a in phones.send(3, "record")["result"]["hands"][0]["actions"])


def test_a_guests_kept_game_counts_in_its_regulars_statistics_and_kitty():
    """What a guest files (the host's `record`, who sat where on it) is what
    its own statistics and kitty count: a regular named as a seat's person
    (or by an earlier name) gets the game, the computer its own row."""
    phones = Phones("rheinland", 27)
    phones.b = Bridge()
    call(phones.b, "table_new", players=PLAYERS, viewer=HOST, guests=list(GUESTS), seed=27, stakes={"per_mark": 10})
    phones.tickets = {s: call(phones.b, "table_ticket", seat=s) for s in GUESTS}
    _play_game(phones)
    record = phones.send(2, "record")["result"]
    people = [{"name": "Bert", "aliases": []}, {"name": "Doro", "aliases": ["Dora"]}]
    stats = call(Bridge(), "stats", records=[record], people=people)
    game = phones.game
    assert stats["Bert"]["games"] == stats["Doro"]["games"] == 1 and "Dora" not in stats
    assert stats["Bert"]["wins"] == (game.winner == 2) and stats["Rechner (Computer)"]["computer"]
    books = call(Bridge(), "books", records=[record], people=people)
    assert set(books["balances"]) >= {"Bert", "Doro"} and "Dora" not in books["balances"], books


def test_a_tournament_tables_series_played_at_a_table_of_phones_goes_back_as_its_result():
    """A ticket's table plays its series on the phones (every card dealt by
    them): the result the host sends back is read by the organiser as any
    table's, checked hand by hand."""
    organiser = Bridge()
    names = ["Anne", "Bert", "Cora", "Dora", "Emil", "Fritz", "Gerd", "Hein"]
    call(organiser, "tournament", op="new", players=names, rules="marienheide", options={"series_games": 2}, seed=5)
    ticket = call(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    phones = Phones("rheinland", 28)
    phones.b = Bridge()
    players = [{"name": name} for name in ticket["players"]]
    state = call(phones.b, "table_new", players=players, rules=ticket["rules"], viewer=1, guests=[2, 3, 4], seed=28, ticket=ticket)
    assert state["save"]["series"]["ticket"] == ticket and state["series"]["length"] == ticket["games"]
    phones.tickets = {s: call(phones.b, "table_ticket", seat=s) for s in (2, 3, 4)}
    phones.states, phones.kept = {s: [] for s in (2, 3, 4)}, {s: {} for s in (2, 3, 4)}
    for game in range(1, ticket["games"] + 1):
        if game > 1:
            call(phones.b, "next_game", viewer=HOST)
            phones.push()
            phones.kept, phones.states = {s: {} for s in (2, 3, 4)}, {s: [] for s in (2, 3, 4)}
        _play_game(phones)
    result = call(phones.b, "table_result")
    assert all(e["seat"] in (1, 2, 3, 4) for g in result["result"]["games"] for h in g["hands"] for e in h["fair"])
    facts = call(organiser, "tournament", op="import", result=result)
    table = facts["tables"][0][0]
    assert table["over"] and table["totals"] == result["totals"] and table["players"] == ticket["players"]
    # The ticket's players sit as it says, or the table does not open.
    swapped = [players[1], players[0], *players[2:]]
    args = {"players": swapped, "rules": ticket["rules"], "viewer": 1, "guests": [2, 3, 4], "ticket": ticket}
    reply = ask(Bridge(), "table_new", args)
    assert reply["ok"] is False
