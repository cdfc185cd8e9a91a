"""A Rengen set at a table of phones (docs/PHONE_TABLE.md, docs/RULES.md):
its two games are dealt and played at the full table as a series' are;
the Hängeln between the two games' losers seats two of the table's
players. The phones keep their table seats in every message, the game's
seats are the Hängeln's own (`hangeln_seats` maps them): its two players'
phones deal it (the host's phone for a computer's seat) and play it, each
seeing its own cards only, and check it; every other phone watches the
public view, says in words that the hand is not its to check, and is
refused anything a player does."""

from __future__ import annotations

import json
import random

import pytest
from test_deal_check import Phones, call
from test_table_host import refused

from schraem.bridge import Bridge
from schraem.core.fairdeal import commit_of, host_reveal, new_reveal

HOST, GUESTS, BOT = 1, (2, 4), 3
# The computer plays at random, as the people here do: any two may lose the games.
PLAYERS = [{"name": "Anne"}, {"name": "Bert"}, {"name": "Rechner", "kind": "bot", "level": "random"}, {"name": "Dora"}]
NAMES = [p["name"] for p in PLAYERS]
# One mark each: every game of the set is over after its first hand.
OPTIONS = {"start_marks": 1}


class SetPhones(Phones):
    """The host's bridge and its guests' phones at a Rengen set: as
    test_deal_check's Phones, but every phone speaks for its table seat and
    plays, deals and checks for its seat in the game in play."""

    def __init__(self, seed: int, options: dict = OPTIONS):
        self.rng = random.Random(seed)
        self.b = Bridge()
        call(self.b, "table_new", set=True, players=PLAYERS, rules="rengen", options=options, viewer=HOST, guests=list(GUESTS), seed=seed)
        # The host's phone and its guests' (another after a take-over).
        self.host, self.guests = HOST, GUESTS
        self.tickets = {s: call(self.b, "table_ticket", seat=s) for s in GUESTS}
        # Each finished game's record as the guests were sent it.
        self.finished: dict[int, dict] = {}
        self.states = {s: [] for s in GUESTS}
        self.kept = {s: {} for s in GUESTS}
        self.away: set[int] = set()

    @property
    def pair(self) -> list[int] | None:
        """The Hängeln's two players by their table seats, while it is played."""
        rset = call(self.b, "state", viewer=None)["set"]
        return rset["hangeln_seats"] if rset["in_hangeln"] else None

    def own(self, seat: int) -> int | None:
        """The game's seat the table's `seat` plays (None: it watches)."""
        pair = self.pair
        return seat if pair is None else (pair.index(seat) + 1 if seat in pair else None)

    def deal_step(self) -> bool:
        """Each guest's part of the deal, as its phone does it: awaited by
        its table seat, its number hashed under the seat its state names."""
        if call(self.b, "state", viewer=None)["phone_table"]["deal"] is None:
            return False
        for seat in self.guests:
            deal = self.send(seat, "state")["result"]["deal"]
            if deal is None or seat not in deal["waiting"]:
                continue
            kept = self.kept[seat].get(deal["hand"])
            if deal["phase"] == "commit":
                if kept is None or kept["round"] != deal["round"]:
                    kept = self.kept[seat][deal["hand"]] = {"round": deal["round"], "reveal": new_reveal(), "commits": None}
                commit = commit_of(deal["hand"], deal["seat"], kept["reveal"])
                assert self.send(seat, "commit", hand=deal["hand"], round=deal["round"], commit=commit)["ok"]
            else:
                kept["commits"] = deal["commits"]
                assert self.send(seat, "reveal", hand=deal["hand"], round=deal["round"], reveal=kept["reveal"])["ok"]
        return True

    def play_hand(self, events: bool = False) -> None:
        host_view = self.own(self.host)
        for _ in range(3000):
            g = self.game
            if g.hand_over and self.b.table.host.round is None:
                return
            if self.deal_step():
                continue
            if call(self.b, "bot_step", viewer=host_view)["bot_action"] is not None:
                self.push()
                continue
            due = [s for s in g.due() if s not in self.b.table.bots()]
            seat = self.rng.choice(due)
            table_seat = seat if self.pair is None else self.pair[seat - 1]
            action = self.rng.choice(g.legal_actions(seat)).to_json()
            if table_seat == self.host:
                call(self.b, "act", viewer=host_view, action=action)
                self.push()
            else:
                assert self.send(table_seat, "act", action=action)["ok"]
        raise AssertionError("the hand did not end")

    def verdict(self, seat: int, hand: int, record=None, states=None, commits="kept") -> dict:
        """The guest's check of the hand, for the seat it played in it."""
        record = record if record is not None else self.send(seat, "record")["result"]
        mine = [s for s in self.states[seat] if s["game"] == self.b.table.host.game_no and s["view"]["hand_no"] == hand]
        kept = self.kept[seat].get(hand, {}).get("commits")
        return call(Bridge(), "check_deal", record=record, seat=mine[-1]["view"]["seat"], hand=hand, commits=kept, states=mine)

    def next_game(self) -> dict:
        state = call(self.b, "next_game", viewer=self.host)
        self.push()
        self.kept = {s: {} for s in self.guests}
        return state

    def standin(self, seat: int, on: bool) -> None:
        # Asked from no seat of the game: in the Hängeln the host may watch.
        call(self.b, "table_standin", seat=seat, on=on, viewer=None)
        self.push()


def _play_games(phones: SetPhones, games=(1, 2)) -> None:
    """The set's two games (or its first, and the second dealt), every hand
    checked by both guests, each next game dealt to the same phones with
    their tickets; each finished game's record kept as the guests keep it."""
    for game in games:
        while True:
            phones.play_hand()
            for seat in GUESTS:
                assert phones.verdict(seat, len(phones.game.specs))["fair"] is True
            if phones.game.game_over:
                break
            call(phones.b, "next_hand", viewer=HOST)
            phones.push()
        phones.finished[game] = phones.send(GUESTS[0], "record")["result"]
        if game == 1:
            state = phones.next_game()
            assert state["phone_table"]["game"] == 2 and state["set"]["games"][0]["over"]
            assert state["phone_table"]["deal"]["waiting"] == list(GUESTS)


def _to_the_hangeln(want) -> tuple[SetPhones, dict]:
    """A set played to its Hängeln, again until its two players are `want`
    (a set whose two games one player lost has none: played again too)."""
    for seed in range(200):
        phones = SetPhones(seed)
        _play_games(phones)
        rset = call(phones.b, "state", viewer=HOST)["set"]
        if rset["hangeln_seats"] is not None and want(rset["hangeln_seats"]):
            phones.states = {s: [] for s in GUESTS}
            return phones, phones.next_game()
    raise AssertionError("no such Hängeln in 200 sets")


def test_a_hangeln_between_a_guest_and_the_computer_is_dealt_by_that_guest_and_the_host_and_watched_by_the_rest():
    phones, state = _to_the_hangeln(lambda pair: BOT in pair and HOST not in pair)
    pair = state["set"]["hangeln_seats"]
    player = next(s for s in pair if s != BOT)
    watcher = next(s for s in GUESTS if s != player)
    assert state["set"]["in_hangeln"] and state["phone_table"]["game"] == 3
    # The host's phone watches too: the public view, its phone's seats the table's.
    assert state["view"]["seat"] is None and state["view"]["my_cards"] is None and state["refusals"] == {}
    assert state["phone_table"]["names"] == NAMES and state["phone_table"]["guests"] == list(GUESTS)
    assert [p["name"] for p in state["view"]["players"]] == [NAMES[s - 1] for s in pair]
    # The guest who plays and the host's phone (for the computer) deal it.
    deal = state["phone_table"]["deal"]
    assert deal["hand"] == 1 and deal["waiting"] == [player]
    for seat in GUESTS:
        guest = phones.send(seat, "state")["result"]
        assert guest["seat"] == seat and guest["set"]["hangeln_seats"] == pair and guest["names"] == NAMES
        assert guest["view"]["seat"] == phones.own(seat) and len(guest["view"]["players"]) == 2
        assert ("seat" in guest["deal"]) == (seat == player)
    assert phones.send(player, "state")["result"]["deal"]["seat"] == pair.index(player) + 1

    # A phone that watches may not deal, play, or claim a false deal.
    watched = refused(phones.send(watcher, "commit", hand=1, round=0, commit="0" * 64), "hangeln_watch")
    assert watched["de"] == f"{NAMES[watcher - 1]} spielt beim Hängeln nicht mit: dieses Handy sieht nur zu."
    assert watched["en"] == f"{NAMES[watcher - 1]} does not play in the Hängeln: this phone only watches."
    before = json.dumps(call(phones.b, "state", viewer=None)["save"], sort_keys=True)

    # The host reloads mid-deal: the seat map and the round come back from its save.
    phones.deal_step()
    save = call(phones.b, "state", viewer=None)["save"]
    phones.b = Bridge()
    again = call(phones.b, "load", save=json.loads(json.dumps(save)), viewer=None)
    assert again["phone_table"]["deal"]["phase"] == "reveal" and again["set"]["hangeln_seats"] == pair
    assert before != json.dumps(save, sort_keys=True)  # the player's commit is in
    phones.play_hand()

    record = phones.send(player, "record")["result"]
    fair = record["hands"][0]["fair"]
    key = phones.b.table.host.key
    # Seat 1 and 2 of the Hängeln: the guest's number and the host's for the computer.
    assert [e["seat"] for e in fair] == [1, 2]
    assert fair[pair.index(BOT)]["reveal"] == host_reveal(key, 1, 0)
    assert [p.get("kind", "human") for p in record["players"]] == ["bot" if s == BOT else "human" for s in pair]
    assert phones.verdict(player, 1)["fair"] is True
    # Every message the watching guest got in the Hängeln: the public view, no cards.
    seen = phones.states[watcher]
    assert seen and all(s["view"]["seat"] is None and s["view"]["my_cards"] is None and s["refusals"] == {} for s in seen)
    assert all(s["set"]["hangeln_seats"] == pair and "seat" not in (s["deal"] or {}) for s in seen)
    # Its check says the hand is not its to check, in both languages.
    said = call(Bridge(), "check_deal", record=record, seat=None, hand=1, commits=None, states=seen)
    assert said["fair"] is None and said["watched"] is True
    assert "nicht von diesem Handy zu prüfen" in said["why"]["de"] and "not this phone's to check" in said["why"]["en"]
    # The set is decided: every phone is told who lost it.
    over = call(phones.b, "state", viewer=None)
    assert over["set"]["over"] and over["set"]["loser"] in pair and over["game_over"]
    for seat in GUESTS:
        assert phones.send(seat, "state")["result"]["set"] == over["set"]
    # No next game of a set decided (another set comes with `again`: test_table_again.py).
    assert not json.loads(phones.b.handle(json.dumps({"id": 1, "cmd": "next_game", "args": {"viewer": None}})))["ok"]


# Each plays sets until its Hängeln comes up: Pyodide runs the first test's.
@pytest.mark.cpython_only
def test_a_hangeln_between_two_guests_is_dealt_by_their_phones_alone_and_the_computer_stands_in_for_one_that_leaves():
    phones, state = _to_the_hangeln(lambda pair: sorted(pair) == list(GUESTS))
    pair = state["set"]["hangeln_seats"]
    assert state["view"]["seat"] is None and state["phone_table"]["deal"]["waiting"] == sorted(pair)
    # The host's phone has no number in it: its players' phones deal it.
    save = call(phones.b, "state", viewer=None)["save"]
    assert save["phone"]["round"]["commits"] == {} and save["phone"]["round"]["reveals"] == {}
    # Each plays only its own seat of the Hängeln.
    first, second = pair
    reply = phones.send(first, "act", action={"seat": 2, "type": "look"})
    assert refused(reply, "guest_not_your_seat")["en"] == f"This phone plays only for {NAMES[first - 1]}."
    # Seat `second`'s phone commits, then is gone: the computer stands in,
    # the round starts again, and the host's phone deals for that seat.
    hand = 1
    reveal = new_reveal()
    assert phones.send(second, "commit", hand=hand, round=0, commit=commit_of(hand, 2, reveal))["ok"]
    phones.standin(second, True)
    deal = call(phones.b, "state", viewer=None)["phone_table"]["deal"]
    assert deal["round"] == 1 and deal["restarts"] == [{"left": [second]}] and deal["waiting"] == [first]
    phones.play_hand()
    spec = phones.game.specs[0]
    assert [e["seat"] for e in spec["fair"]] == [1, 2] and spec["fair"][1]["reveal"] == host_reveal(phones.b.table.host.key, 1, 1)
    assert spec["fair_restarts"][0]["left"] == [2] and spec["fair_restarts"][0]["commits"][0]["seat"] == 2
    # Every phone names the seat that left by its table seat.
    assert call(phones.b, "state", viewer=None)["phone_table"]["restarts"] == [{"hand": 1, "left": [second]}]
    assert phones.verdict(first, 1)["fair"] is True
    assert call(phones.b, "state", viewer=None)["set"]["over"]


# Each plays sets until its Hängeln comes up: Pyodide runs the first test's.
@pytest.mark.cpython_only
def test_a_hangeln_the_host_plays_is_seen_from_its_seat_there_and_a_rengen_set_is_refused_as_a_series():
    phones, state = _to_the_hangeln(lambda pair: HOST in pair and any(s in GUESTS for s in pair))
    pair = state["set"]["hangeln_seats"]
    mine = pair.index(HOST) + 1
    guest = next(s for s in pair if s != HOST)
    watcher = next(s for s in GUESTS if s != guest)
    # The next_game reply is the host's own view, from its seat in the Hängeln.
    assert state["view"]["seat"] == mine
    phones.play_hand()
    assert state["phone_table"]["deal"]["waiting"] == [guest]
    hands = call(phones.b, "state", viewer=mine)
    assert hands["view"]["seat"] == mine and [e["seat"] for e in phones.game.specs[0]["fair"]] == [1, 2]
    assert phones.verdict(guest, 1)["fair"] is True
    assert all(s["view"]["my_cards"] is None for s in phones.states[watcher])
    # A set opens with its own terms only.
    for args in ({"set": "yes"}, {"set": True, "games": 2}):
        reply = json.loads(
            Bridge().handle(
                json.dumps({"id": 1, "cmd": "table_new", "args": {"players": PLAYERS, "viewer": HOST, "guests": list(GUESTS), **args}})
            )
        )
        assert reply["ok"] is False and reply["error"]["kind"] == "InvalidAction", args


def _take_over(phones: SetPhones, by: int, record: dict, finished: list, game: int) -> tuple[SetPhones, dict]:
    """The host's phone is gone: the guest at `by` carries the set on from
    what it kept (the last finished hand's record and the set's finished
    game before it), the other guest joins it with its new ticket, and the
    computer plays the old host's seat. → the new table's phones, and the
    new host's first state."""
    new = Bridge()
    others = [s for s in (HOST, *GUESTS) if s != by]
    args = {"record": record, "viewer": by, "guests": others, "from": HOST, "game": game, "set": {"finished": finished}, "seed": 31}
    state = call(new, "table_takeover", **args)
    taken = object.__new__(SetPhones)
    taken.rng, taken.b, taken.host, taken.guests = random.Random(by), new, by, tuple(s for s in GUESTS if s != by)
    taken.tickets = {s: call(new, "table_ticket", seat=s) for s in taken.guests}
    taken.states, taken.kept, taken.away, taken.finished = {s: [] for s in others}, {s: {} for s in others}, {HOST}, {}
    taken.standin(HOST, True)
    return taken, state


def _hands(record: dict) -> list:
    return [(h["actions"], h["fair"]) for h in record["hands"]]


# Each plays sets until its case comes up: Pyodide runs the first test's.
@pytest.mark.cpython_only
def test_a_set_taken_over_in_its_second_game_goes_on_from_the_last_finished_hand_with_its_first_game_and_its_spielliste():
    # Two marks each: a second game with a hand finished and more to come.
    for seed in range(100):
        phones = SetPhones(seed, options={"start_marks": 2})
        _play_games(phones, games=(1,))
        phones.states = {s: [] for s in GUESTS}
        phones.play_hand()
        if not phones.game.game_over:
            break
    else:
        raise AssertionError("no second game outlasted its first hand")
    first = phones.finished[1]
    call(phones.b, "next_hand", viewer=HOST)
    phones.push()
    record = phones.send(2, "record")["result"]  # what seat 2 kept after hand 1 of game 2
    lists_before = phones.send(4, "lists")["result"]

    taken, state = _take_over(phones, 2, record, [first], game=2)
    facts = state["phone_table"]
    assert facts["host"] == 2 and facts["game"] == 2 and facts["taken_over"] == {"hand": 2, "seat": HOST}
    assert facts["deal"]["hand"] == 2 and facts["names"] == NAMES and state["view"]["seat"] == 2
    assert state["set"]["games"][0]["over"] and len(state["set"]["games"]) == 2 and not state["set"]["in_hangeln"]
    # The set's first game and the finished hand are the old host's, and so is its Spielliste.
    assert call(taken.b, "lists") == lists_before
    save = call(taken.b, "state", viewer=2)["save"]
    assert save["set"]["finished"][0]["hands"] == first["hands"] and _hands(save["record"])[:1] == _hands(record)
    assert taken.send(4, "state")["result"]["taken_over"] == {"hand": 2, "seat": HOST}
    # The game goes on to its end, every hand dealt by the phones at the table and checked.
    while True:
        taken.play_hand()
        hand = len(taken.game.specs)
        assert [e["seat"] for e in taken.game.specs[-1]["fair"]] == [2, 4]
        assert taken.verdict(4, hand)["fair"] is True
        if taken.game.game_over:
            break
        call(taken.b, "next_hand", viewer=2)
        taken.push()
    after = call(taken.b, "state", viewer=2)["set"]
    assert after["games"][1]["over"] and (after["over"] or after["hangeln_seats"] is not None)

    # Taken over between its games, the set deals its second game.
    state = call(Bridge(), "table_takeover", record=first, viewer=4, guests=[1, 2], **{"from": 1}, set={"finished": []}, seed=3)
    assert state["phone_table"]["game"] == 2 and len(state["set"]["games"]) == 2 and state["view"]["hand_no"] == 0
    assert state["phone_table"]["taken_over"] == {"hand": 1, "seat": 1}
    # A damaged set, or one beside a series, is refused in words.
    for bad in (
        {"set": {"finished": [first, record]}},
        {"set": {"finished": [record]}},  # a game not over
        {"set": {"finished": [first], "seed": 1}},
        {"set": [first]},
        {"set": {"finished": [first]}, "series": {"length": 2, "finished": [first]}},
        {"set": {"finished": [first]}, "game": 3},
    ):
        args = {"record": record, "viewer": 2, "guests": [1, 4], "from": 1, "seed": 5, **bad}
        reply = ask(args)
        assert reply["ok"] is False and reply["error"]["kind"] == "InvalidAction", (bad, reply)


def ask(args: dict) -> dict:
    return json.loads(Bridge().handle(json.dumps({"id": 1, "cmd": "table_takeover", "args": args})))


# Each plays sets until its Hängeln comes up: Pyodide runs the first test's.
@pytest.mark.cpython_only
def test_a_set_taken_over_in_its_hangeln_by_a_player_or_a_watcher_deals_the_hangeln_again_and_is_decided():
    phones, state = _to_the_hangeln(lambda pair: HOST in pair and any(s in GUESTS for s in pair))
    pair = state["set"]["hangeln_seats"]
    player = next(s for s in pair if s != HOST)
    watcher = next(s for s in GUESTS if s != player)
    first, second = phones.finished[1], phones.finished[2]
    lists_before = phones.send(watcher, "lists")["result"]
    # The Hängeln is one hand: what carries it on is the end of game 2.
    for by in (player, watcher):
        taken, state = _take_over(phones, by, second, [first], game=2)
        facts = state["phone_table"]
        assert facts["game"] == 3 and facts["taken_over"] == {"hand": 1, "seat": HOST} and facts["host"] == by
        assert state["set"]["in_hangeln"] and state["set"]["hangeln_seats"] == pair and facts["names"] == NAMES
        # The new host sees the Hängeln from its player's seat there, or watches it.
        assert state["view"]["seat"] == (pair.index(by) + 1 if by == player else None)
        assert (state["view"]["my_cards"] is None) and len(state["view"]["players"]) == 2
        # The set's two games are listed as before (the Hängeln may be dealt by now).
        lists = call(taken.b, "lists")
        assert lists["lists"][:2] == lists_before["lists"][:2] and lists["set"] == lists_before["set"]
        save = call(taken.b, "state", viewer=None)["save"]
        assert [r["hands"] for r in save["set"]["finished"]] == [first["hands"], second["hands"]]
        # Its save carries it on after a reload.
        again = call(Bridge(), "load", save=json.loads(json.dumps(save)), viewer=None)
        assert again["phone_table"]["taken_over"] == facts["taken_over"] and again["set"]["hangeln_seats"] == pair
        other = next(s for s in GUESTS if s != by)
        guest = taken.send(other, "state")["result"]
        assert guest["taken_over"] == facts["taken_over"] and guest["view"]["seat"] == (None if other == watcher else pair.index(other) + 1)
        taken.play_hand()
        # Dealt by the player's phone and, for the computer at the old host's
        # seat, the new host's where it does not play.
        assert [e["seat"] for e in taken.game.specs[0]["fair"]] == ([pair.index(by) + 1] if by == player else [1, 2])
        over = call(taken.b, "state", viewer=None)
        assert over["set"]["over"] and over["set"]["loser"] in pair and over["game_over"]
        assert taken.send(other, "state")["result"]["set"] == over["set"]
        if other == player:
            assert taken.verdict(player, 1)["fair"] is True
        else:
            seen = taken.states[watcher]
            assert seen and all(s["view"]["my_cards"] is None for s in seen)
        # The Hängeln's record names its two players, who sat where as they did.
        record = taken.send(other, "record")["result"]
        assert [p["name"] for p in record["players"]] == [NAMES[s - 1] for s in pair]


# Each plays sets until its case comes up: Pyodide runs the first test's.
@pytest.mark.cpython_only
def test_a_set_one_player_lost_both_games_of_is_decided_and_not_taken_over():
    for seed in range(200):
        phones = SetPhones(seed)
        _play_games(phones)
        if call(phones.b, "state", viewer=None)["set"]["over"]:
            break
    else:
        raise AssertionError("no set decided by its games in 200")
    args = {"record": phones.finished[2], "viewer": 2, "guests": [1, 4], "from": 1, "set": {"finished": [phones.finished[1]]}, "seed": 5}
    assert refused(ask(args), "bad_request")["en"].endswith("the set is decided.")
