"""A Rengen set played for something: `new_set` takes stakes
like a single game and a series, both games of the set are played for
them (the Hängeln between the two losers for nothing), a reload keeps
them, the books add the set's games up, and a stake the rules cannot pay
is refused before the set starts."""

from __future__ import annotations

import copy
import json

from test_bridge_club import PLAYERS, call, finish_game, ok

from schraem.bridge import Bridge
from schraem.club.series import RengenSet
from schraem.core.game import Game

STAKES = {"per_mark": 10, "per_lost_game": 50, "loser_round": True}


def test_a_rengen_set_is_played_for_its_stakes_game_by_game():
    b = Bridge()
    state = ok(b, "new_set", players=PLAYERS, real_cards=True, stakes=STAKES, viewer=None)
    assert state["stakes"] == STAKES and state["save"]["record"]["stakes"] == STAKES
    state = finish_game(b, 1)
    first = state["save"]["record"]
    money = state["money"]
    loser = Game.from_record(first).outcome.loser
    assert money["pot"] == 50 and money["rounds"] == [loser] and sum(money["net"]) + money["pot"] == 0
    assert money["net"][0] > 0  # Hubert took every hand
    state = ok(b, "next_game", viewer=None)
    assert state["stakes"] == STAKES
    # A reload keeps what the set is played for.
    again = Bridge()
    reloaded = ok(again, "load", save=json.loads(json.dumps(state["save"])), viewer=None)
    assert reloaded["stakes"] == STAKES
    state = finish_game(again, 2)
    second = state["save"]["record"]
    assert state["money"]["net"][1] > 0
    books = ok(again, "books", records=[first, second])
    assert books["pot"] == 100 and sum(books["balances"].values()) + books["pot"] == 0
    # The Hängeln is one hand between the two losers, played for nothing.
    state = ok(again, "next_game", viewer=None)
    assert state["set"]["in_hangeln"] and state["stakes"] == {}


def test_a_set_is_refused_a_stake_its_rules_cannot_pay_and_a_set_file_with_mixed_stakes():
    b = Bridge()
    refused = call(b, "new_set", players=PLAYERS, real_cards=True, stakes={"per_knolle": 10}, viewer=None)
    assert not refused["ok"] and refused["error"]["code"] == "bad_stakes" and "pro Knolle" in refused["error"]["de"]
    assert not call(b, "state", viewer=None)["ok"]  # nothing started
    ok(b, "new_set", players=PLAYERS, real_cards=True, stakes=STAKES, viewer=None)
    finish_game(b, 1)
    ok(b, "next_game", viewer=None)
    finish_game(b, 1)
    out = ok(b, "export", of=ok(b, "state", viewer=None)["save"])["file"]
    assert [g["stakes"] for g in out["games"]] == [STAKES, STAKES]
    assert RengenSet.from_json(out).stakes.to_json() == STAKES
    mixed = copy.deepcopy(out)
    mixed["games"][1]["stakes"] = {"per_mark": 20}
    reply = call(b, "lists", of=mixed)
    assert not reply["ok"] and "other stakes" in reply["error"]["en"]
