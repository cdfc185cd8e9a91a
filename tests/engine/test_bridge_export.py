"""`export`: the game as a record file for another phone. A hand still being
played is left out unless asked for (its deal is everyone's cards), no seed
is written (a seed tells every later deal, and a hand's seed gives the game's
away), and the finished hands stay exact: the same cards, the same stock,
the same actions."""

from __future__ import annotations

import json
import random

import pytest

from schraem.bridge import Bridge
from schraem.bridge.table import Table
from schraem.core.game import Game
from schraem.core.rules import Rules

HUMANS = [{"name": "Hubert"}, {"name": "Gerda"}, {"name": "Hans"}, {"name": "Anne"}]


def call(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"id": 8, "cmd": cmd, "args": args})))
    assert reply["id"] == 8
    return reply


def ok(reply) -> dict:
    assert reply["ok"] is True, reply.get("error")
    return reply["result"]


def play(game: Game, rng: random.Random, actions: int) -> None:
    """Random legal actions, dealing on between hands."""
    for _ in range(actions):
        if game.game_over:
            return
        if game.hand_over:
            game.deal()
            continue
        legal = [a for s in range(1, game.n + 1) for a in game.legal_actions(s)]
        game.apply(rng.choice(legal))


def mid_hand(preset: str = "rheinland", players: int = 4, seed: int = 3, hands: int = 2) -> Bridge:
    """A bridge whose game has `hands` finished hands and one under way,
    with actions written in it."""
    b = Bridge()
    ok(
        call(
            b,
            "new_game",
            players=HUMANS[:players] if players <= 4 else [{"name": f"P{i}"} for i in range(players)],
            rules=preset,
            seed=seed,
            dealer=1,
            viewer=None,
        )
    )
    game, rng = b.table.game, random.Random(seed)
    while len(game.results) < hands and not game.game_over:
        play(game, rng, 1)
    if game.hand_over and not game.game_over:
        game.deal()
    for _ in range(200):
        legal = [a for s in range(1, game.n + 1) for a in game.legal_actions(s) if a.type != "pass"]
        if game.logs[-1] or not legal:
            break
        game.apply(rng.choice(legal))
    return b


def dealt(game: Game) -> list[tuple]:
    """Every hand's cards and stock as dealt, by replaying the record."""
    rec = game.to_record()
    out = []
    replay = Game.from_record(dict(rec, hands=[]))
    for h in rec["hands"]:
        hand = replay.deal(cards=h.get("deal"), seed=h.get("seed"), real="deal" in h and h["deal"] is None, stock=h.get("stock"))
        out.append(
            (
                None if hand.cards is None else [[str(c) for c in cs] for cs in hand.cards],
                None if hand.stock is None else [str(c) for c in hand.stock],
            )
        )
        for a in h["actions"]:
            replay.apply(a)
    return out


def seeds_in(obj) -> list:
    text = json.dumps(obj)
    return [k for k in ('"seed"',) if k in text]


def test_an_export_during_a_hand_leaves_it_out_and_says_so():
    b = mid_hand()
    game = b.table.game
    before = json.dumps(b.table.save(), sort_keys=True)
    res = ok(call(b, "export"))
    rec = res["record"]
    assert res["left_out_hand"] == 3 and res["hands"] == 2 and res["includes_hidden_cards"] is False
    assert len(rec["hands"]) == 2 and not seeds_in(rec)
    # the finished hands are exact: same cards, same stock, same actions, same marks
    again = Game.from_record(rec)
    assert dealt(again) == dealt(game)[:2]
    assert [h["actions"] for h in rec["hands"]] == [h["actions"] for h in game.to_record()["hands"][:2]]
    assert again.marks == [m for m in game.results[-1].marks_after]
    # exporting changes nothing, and the save (what the app keeps) keeps the deal
    assert json.dumps(b.table.save(), sort_keys=True) == before
    assert "seed" in b.table.save()["record"]["hands"][2]


def test_the_export_tells_nothing_about_the_hand_left_out():
    # Two games with the same finished hands but other cards in the hand
    # under way write the same file.
    b = mid_hand()
    game = b.table.game
    written = ok(call(b, "export"))["record"]
    other = Game.from_record(written)
    other.deal(seed=999)
    assert dealt(other)[2] != dealt(game)[2]
    b2 = Bridge()
    b2.table = Table(other, [{"kind": "human"}] * other.n, 0)
    assert ok(call(b2, "export"))["record"] == written


def test_the_hand_under_way_only_when_asked_for():
    b = mid_hand()
    game = b.table.game
    res = ok(call(b, "export", include_current_hand=True))
    assert res["left_out_hand"] is None and res["includes_hidden_cards"] is True and res["hands"] == 3
    assert not seeds_in(res["record"])
    again = Game.from_record(res["record"])
    assert dealt(again) == dealt(game)
    assert again.hand.cards == game.hand.cards and again.hand.log == game.hand.log


def test_between_hands_nothing_is_left_out_and_no_seed_tells_the_next_deal():
    b = mid_hand(hands=2)
    game = b.table.game
    rng = random.Random(1)
    while not game.hand_over:
        play(game, rng, 1)
    res = ok(call(b, "export"))
    assert res["left_out_hand"] is None and res["includes_hidden_cards"] is False
    assert res["hands"] == len(game.specs) and not seeds_in(res["record"])
    assert dealt(Game.from_record(res["record"])) == dealt(game)


def test_an_exported_record_is_imported_and_dealt_on():
    b = mid_hand()
    rec = ok(call(b, "export"))["record"]
    other = Bridge()
    state = ok(call(other, "import", record=rec, seed=77, viewer=None))
    assert state["view"]["hand_no"] == 3 and not state["hand_over"]


def test_a_scoresheet_hand_under_way_is_kept_it_hides_no_cards():
    b = Bridge()
    ok(call(b, "new_game", players=HUMANS, seed=3, dealer=4, viewer=None, real_cards=True))
    ok(call(b, "act", action={"seat": 2, "type": "knock"}, viewer=None))
    res = ok(call(b, "export"))
    assert res["left_out_hand"] is None and res["includes_hidden_cards"] is False
    assert res["record"]["hands"] == [{"deal": None, "actions": [{"seat": 2, "type": "knock"}]}]


def test_export_refuses_what_it_does_not_understand():
    assert call(Bridge(), "export")["error"]["kind"] == "NoGame"
    b = mid_hand()
    e = call(b, "export", include_current_hand="yes")["error"]
    assert e["code"] == "bad_flag" and "include_current_hand" in e["en"]


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_every_preset_exports_its_finished_hands_exactly(preset):
    rules = Rules.make(preset)
    b = mid_hand(preset, players=rules.min_players + (1 if rules.max_players > rules.min_players else 0), seed=11, hands=3)
    game = b.table.game
    res = ok(call(b, "export"))
    finished = len(game.specs) - (0 if game.hand_over else 1)
    assert res["hands"] == finished and not seeds_in(res["record"])
    again = Game.from_record(res["record"])
    assert dealt(again) == dealt(game)[:finished]
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results[:finished]]


def test_who_sat_where_travels_with_the_export_and_the_import():
    players = [{"name": "Anne"}, {"name": "Hubert", "kind": "bot", "level": "hard"}, {"name": "Gerda", "kind": "bot", "level": "easy"}]
    b = Bridge()
    ok(call(b, "new_game", players=players, rules="rheinland", seed=4, dealer=3, viewer=1))
    record = ok(call(b, "export"))["record"]
    assert [(p["kind"], p.get("level")) for p in record["players"]] == [("human", None), ("bot", "hard"), ("bot", "easy")]
    assert Game.from_record(record).names == ["Anne", "Hubert", "Gerda"]  # the CLI reads it too
    other = Bridge()
    state = ok(call(other, "import", record=record, seed=9, viewer=1))
    assert state["save"]["table"]["players"] == [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "easy"}]
    # A record that does not say has people everywhere, as before.
    bare = dict(record, players=[{"name": p["name"]} for p in record["players"]])
    assert ok(call(Bridge(), "import", record=bare, seed=9, viewer=None))["save"]["table"]["players"] == [{"kind": "human"}] * 3


@pytest.mark.parametrize(
    "player", [{"name": "X", "kind": "robot"}, {"name": "X", "kind": "bot", "level": "godlike"}, {"name": "X", "level": 3}]
)
def test_an_import_naming_an_unknown_seat_kind_is_refused_with_nothing_changed(player):
    b = Bridge()
    ok(call(b, "new_game", players=HUMANS, rules="rheinland", seed=4, dealer=4, viewer=1))
    before = ok(call(b, "state", viewer=1))
    record = {"format": "schraem-record/1", "rules": "rheinland", "players": [player, {"name": "Y"}], "dealer": 1, "hands": []}
    reply = call(b, "import", record=record, seed=1, viewer=None)
    assert not reply["ok"] and reply["error"]["de"] and reply["error"]["en"]
    assert ok(call(b, "state", viewer=1)) == before
