"""schraem.bridge.Bridge().handle(json_text): JSON in, JSON out, never raises;
errors come back as data and leave the state untouched."""

from __future__ import annotations

import json

import pytest
from engine_support import PRESETS, card_tokens, forbidden_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from schraem.bridge import Bridge
from schraem.core.game import Game

SCRIPT = '<script>alert("x")</script>'


def call(bridge: Bridge, cmd, req_id=1, **args):
    text = bridge.handle(json.dumps({"id": req_id, "cmd": cmd, "args": args}))
    reply = json.loads(text)
    assert reply["id"] == req_id
    return reply


def ok(reply) -> dict:
    assert reply["ok"] is True, reply.get("error")
    return reply["result"]


def err(reply, kind, code=None) -> dict:
    assert reply["ok"] is False, reply
    e = reply["error"]
    assert e["kind"] == kind, e
    if code is not None:
        assert e["code"] == code, e
    assert e["de"] and e["en"] and e["de"] != e["en"]
    return e


def state(bridge: Bridge, viewer=None) -> dict:
    return ok(call(bridge, "state", viewer=viewer))


def all_states(bridge: Bridge, n: int) -> str:
    return json.dumps([state(bridge, v) for v in [None] + list(range(1, n + 1))], sort_keys=True)


HUMANS = [{"name": "Hubert"}, {"name": "Gerda"}, {"name": "Hans"}, {"name": "Anne"}]


def new_humans(preset="rheinland", seed=3, players=HUMANS, **extra):
    b = Bridge()
    res = ok(call(b, "new_game", players=players, rules=preset, seed=seed, dealer=len(players), viewer=1, **extra))
    return b, res


def test_hello():
    res = ok(call(Bridge(), "hello"))
    assert {"rheinland", "rengen"} <= set(res["presets"]) and res["version"] and res["bot_levels"]
    # The counts the start form offers for each rule set.
    assert set(res["players"]) == set(res["presets"])
    assert res["players"]["rheinland"] == {"min": 2, "max": 8} and res["players"]["siwwe_schroehm"] == {"min": 4, "max": 4}


def test_a_refused_player_count_names_the_rule_set_as_the_app_shows_it():
    e = err(call(Bridge(), "new_game", players=HUMANS[:3], rules="siwwe_schroehm", viewer=1), "InvalidAction", "bad_players")
    assert "„Dedenbach (klassisch)“ spielen genau 4 Spieler, nicht 3" in e["de"], e
    assert "'Dedenbach (classic)' is played by exactly 4 players, not 3" in e["en"], e
    assert "siwwe_schroehm" not in e["de"] + e["en"]
    e = err(call(Bridge(), "new_game", players=HUMANS[:3], options={"min_players": 4}, viewer=1), "InvalidAction", "bad_players")
    assert "Hausregeln spielen 4 bis 8 Spieler, nicht 3" in e["de"] and "house rules are played by 4 to 8 players" in e["en"], e


def test_no_game_yet():
    b = Bridge()
    for cmd in ("state", "act", "bot_step", "next_hand", "undo"):
        err(call(b, cmd, viewer=1, action={"seat": 1, "type": "look"}), "NoGame", "no_game")
    assert b.table is None


@pytest.mark.parametrize(
    "text, code",
    [
        ("", "request_not_json"),
        ("{", "request_not_json"),
        ("null", "request_shape"),
        ("[1, 2]", "request_shape"),
        ('"act"', "request_shape"),
        ("42", "request_shape"),
        ('{"cmd": 5}', "request_shape"),
        ('{"cmd": "fly"}', "unknown_command"),
        ('{"cmd": "state", "args": [1]}', "request_shape"),
        ('{"cmd": "__init__"}', "unknown_command"),
    ],
)
def test_requests_that_are_not_requests(text, code):
    b, _ = new_humans()
    before = all_states(b, 4)
    reply = json.loads(b.handle(text))
    err(reply, "InvalidAction", code)
    assert all_states(b, 4) == before


def test_handle_never_raises_on_non_text():
    reply = json.loads(Bridge().handle(None))
    assert reply["ok"] is False and reply["error"]["kind"] == "InvalidAction"


@pytest.mark.parametrize("preset", PRESETS)
def test_new_game_state(preset):
    b, res = new_humans(preset)
    v = res["view"]
    assert v["seat"] == 1 and v["rules"] == preset and v["dealer"] == 4 and v["forehand"] == 1
    assert v["my_cards"] is None and [p["name"] for p in v["players"]] == ["Hubert", "Gerda", "Hans", "Anne"]
    assert res["due"] == {"humans": [1], "bots": []}
    assert res["hand_over"] is False and res["game_over"] is False
    save = res["save"]
    assert save["format"] == "schraem-save/1" and save["record"]["format"] == "schraem-record/1"
    assert save["table"]["players"] == [{"kind": "human"}] * 4
    # the save's record replays to the same state
    assert Game.from_record(save["record"]).to_record() == save["record"]
    # nothing secret in any view
    game = b.table.game
    for seat in [None, 1, 2, 3, 4]:
        assert not card_tokens(state(b, seat)["view"]) & forbidden_cards(game, seat)
        assert not card_tokens(state(b, seat)["save"]["table"]) and "seed" in state(b, seat)["save"]["record"]["hands"][0]


def test_script_name_is_kept_verbatim():
    players = [{"name": SCRIPT}, {"name": "  Gerda   Maria "}, {"name": "Hans & <b>"}]
    b, res = new_humans(players=players)
    names = [p["name"] for p in res["view"]["players"]]
    assert names == [SCRIPT, "Gerda Maria", "Hans & <b>"]
    assert res["save"]["record"]["players"][0]["name"] == SCRIPT
    # and survives a save/load round trip
    b2 = Bridge()
    res2 = ok(call(b2, "load", save=res["save"], viewer=1))
    assert res2["view"]["players"][0]["name"] == SCRIPT


@pytest.mark.parametrize("preset", PRESETS)
def test_act_and_errors_as_data_with_state_unchanged(preset):
    b, _ = new_humans(preset)
    res = ok(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1))
    assert res["view"]["my_cards"] is not None and len(res["view"]["my_cards"]) == 4
    before = all_states(b, 4)
    e = err(call(b, "act", action={"seat": 3, "type": "play", "card": "10H"}, viewer=1), "IllegalAction")
    assert e["code"] in ("not_your_turn", "card_not_held")
    err(call(b, "act", action={"seat": 2, "type": "hold"}, viewer=1), "IllegalAction", "no_knock_to_answer")
    err(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1), "IllegalAction", "already_looked")
    err(call(b, "act", action={"seat": 1, "type": "fly"}, viewer=1), "InvalidAction", "bad_action")
    err(call(b, "act", action={"seat": 9, "type": "look"}, viewer=1), "InvalidAction", "bad_seat")
    err(call(b, "act", action="look", viewer=1), "InvalidAction")
    err(call(b, "act", action={"seat": 2, "type": "look"}, viewer=7), "InvalidAction", "bad_seat")
    err(call(b, "state", viewer="1"), "InvalidAction", "bad_seat")
    err(call(b, "next_hand", viewer=1), "IllegalAction")  # the hand is still running
    assert all_states(b, 4) == before
    ok(call(b, "act", action={"seat": 2, "type": "knock"}, viewer=2))
    st_ = state(b, 3)
    assert st_["view"]["response"]["to_answer"] == 3 and st_["due"]["humans"] == [3]


def test_view_legal_does_not_name_unseen_cards():
    b, res = new_humans()
    legal = res["view"]["legal"]
    assert {"seat": 1, "type": "look"} in legal
    assert not [a for a in legal if a["type"] == "play"]
    res = ok(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1))
    plays = sorted(a["card"] for a in res["view"]["legal"] if a["type"] == "play")
    assert plays == sorted(res["view"]["my_cards"])


def test_a_play_without_looking_is_still_accepted():
    b, _ = new_humans()
    card = str(b.table.game.hand.cards[0][0])
    res = ok(call(b, "act", action={"seat": 1, "type": "play", "card": card}, viewer=1))
    assert res["view"]["players"][0]["looked"] is True and len(res["view"]["my_cards"]) == 3


def _finish_hand(b: Bridge, viewer=1, limit=400):
    for _ in range(limit):
        s = state(b, viewer)
        if s["hand_over"]:
            return s
        if s["due"]["bots"]:
            s = ok(call(b, "bot_step", viewer=viewer))
            assert s["bot_action"] is not None
            continue
        seat = s["due"]["humans"][0]
        v = state(b, seat)["view"]
        legal = v["legal"]
        if v["response"] is not None:
            act = next(a for a in legal if a["type"] == "hold")
        else:
            act = next((a for a in legal if a["type"] == "play"), None) or next(a for a in legal if a["type"] == "look")
        ok(call(b, "act", action=act, viewer=viewer))
    raise AssertionError("hand did not end")


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_next_hand_and_winner_deals(preset):
    players = [
        {"name": "Me"},
        {"name": "R", "kind": "bot", "level": "random"},
        {"name": "H", "kind": "bot", "level": "heuristic"},
        {"name": "R2", "kind": "bot", "level": "random"},
    ]
    b = Bridge()
    ok(call(b, "new_game", players=players, rules=preset, seed=11, dealer=4, viewer=1))
    for hand_no in range(1, 4):
        s = _finish_hand(b)
        v = s["view"]
        assert v["hand_no"] == hand_no and v["hand_result"] is not None
        winner = v["hand_result"]["winner"]
        # no bot acts once the hand is over; next_hand deals, the winner deals
        s2 = ok(call(b, "bot_step", viewer=1))
        assert s2["bot_action"] is None
        if s["game_over"]:
            break
        s = ok(call(b, "next_hand", viewer=1))
        assert s["view"]["hand_no"] == hand_no + 1 and s["view"]["dealer"] == winner
    # the save replays to exactly the same marks
    rec = state(b)["save"]["record"]
    assert Game.from_record(rec).marks == b.table.game.marks


def test_bad_bot_level_and_bad_players():
    b = Bridge()
    for players in (
        [{"name": "A"}, {"name": "B", "kind": "bot", "level": "genius"}],
        [{"name": "A"}, {"name": "B", "kind": "alien"}],
        [{"name": "A"}],
        "AB",
        [1, 2],
        [{"name": ""}, {"name": "B"}],
    ):
        err(call(b, "new_game", players=players), "InvalidAction")
    assert b.table is None


def test_undo_takes_back_the_last_human_action():
    b, start = new_humans()
    before = all_states(b, 4)
    err(call(b, "undo", viewer=1), "IllegalAction", "nothing_to_undo")
    assert all_states(b, 4) == before
    ok(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1))
    ok(call(b, "act", action={"seat": 3, "type": "knock"}, viewer=1))
    mid = all_states(b, 4)
    ok(call(b, "act", action={"seat": 4, "type": "pass"}, viewer=1))
    # People passing the phone: only whoever made the last move (and holds
    # the phone) takes it back.
    err(call(b, "undo", viewer=1), "IllegalAction", "undo_not_yours")
    res = ok(call(b, "undo", viewer=4))
    assert all_states(b, 4) == mid
    assert res["view"]["response"]["to_answer"] == 4
    ok(call(b, "undo", viewer=3))
    ok(call(b, "undo", viewer=1))
    assert all_states(b, 4) == before


def test_undo_also_takes_back_bot_actions_after_it():
    players = [{"name": "Me"}, {"name": "Bot", "kind": "bot", "level": "random"}]
    b = Bridge()
    ok(call(b, "new_game", players=players, seed=5, dealer=1, viewer=1))  # bot is forehand
    for _ in range(50):
        s = ok(call(b, "bot_step", viewer=1))
        if s["due"]["humans"]:
            break
    before_me = all_states(b, 2)
    v = state(b, 1)["view"]
    act = next(a for a in v["legal"] if a["type"] in ("look", "hold"))
    ok(call(b, "act", action=act, viewer=1))
    for _ in range(5):
        ok(call(b, "bot_step", viewer=1))
    ok(call(b, "undo", viewer=1))
    assert all_states(b, 2) == before_me


@pytest.mark.parametrize("preset", PRESETS)
def test_save_load_round_trip(preset):
    b, _ = new_humans(preset)
    for a in ({"seat": 1, "type": "look"}, {"seat": 2, "type": "knock"}, {"seat": 3, "type": "hold"}):
        ok(call(b, "act", action=a, viewer=1))
    save = state(b)["save"]
    text = json.dumps(save)
    b2 = Bridge()
    ok(call(b2, "load", save=json.loads(text), viewer=2))
    assert all_states(b2, 4) == all_states(b, 4)
    # both go on identically
    a = {"seat": 4, "type": "hold"}
    assert ok(call(b, "act", action=a, viewer=4)) == ok(call(b2, "act", action=a, viewer=4))


def test_load_replaces_the_running_table():
    b1, _ = new_humans(seed=1)
    b2, _ = new_humans(seed=2)
    save2 = state(b2)["save"]
    ok(call(b1, "load", save=save2, viewer=None))
    assert all_states(b1, 4) == all_states(b2, 4)


def _corruptions(save):
    def edit(f):
        s = json.loads(json.dumps(save))
        f(s)
        return s

    yield "not an object", [1, 2]
    yield "no save", None
    yield "wrong format", edit(lambda s: s.update(format="schraem-save/0"))
    yield "no table", edit(lambda s: s.pop("table"))
    yield "no record", edit(lambda s: s.pop("record"))
    yield "record not a record", edit(lambda s: s.update(record="hello"))
    yield "illegal action", edit(lambda s: s["record"]["hands"][0]["actions"].append({"seat": 2, "type": "hold"}))
    yield "unknown card", edit(lambda s: s["record"]["hands"][0]["actions"].append({"seat": 1, "type": "play", "card": "ZZ"}))
    yield "too few table seats", edit(lambda s: s["table"]["players"].pop())
    yield "bad bot level", edit(lambda s: s["table"]["players"].__setitem__(1, {"kind": "bot", "level": "genius"}))
    yield "bad seat kind", edit(lambda s: s["table"]["players"].__setitem__(1, {"kind": "ghost"}))
    yield "hands not a list", edit(lambda s: s["record"].update(hands={"a": 1}))
    yield "unknown rules", edit(lambda s: s["record"].update(rules="atlantis"))


def test_corrupt_saves_are_refused_and_change_nothing():
    b, _ = new_humans()
    ok(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1))
    good = state(b)["save"]
    before = all_states(b, 4)
    for name, bad in _corruptions(good):
        e = err(call(b, "load", save=bad, viewer=1), "CorruptSave")
        assert e["code"], name
        assert all_states(b, 4) == before, name
    # a broken record names the hand and the action
    bad = json.loads(json.dumps(good))
    bad["record"]["hands"][0]["actions"].append({"seat": 2, "type": "hold"})
    e = err(call(b, "load", save=bad), "CorruptSave", "no_knock_to_answer")
    assert "hand 1, action 2" in e["en"]  # the appended hold is the second action


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["", "look", "knock", "10H", "x", "rheinland", "bot", "random"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                ["seat", "type", "card", "name", "kind", "level", "players", "action", "viewer", "save", "seed", "rules", "blind"]
            ),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(derandomize=True, database=None)
@given(cmd=st.sampled_from(["act", "state", "new_game", "load", "bot_step", "next_hand", "undo", "hello", "nope"]), args=JSON)
def test_bridge_answers_any_request_as_data(cmd, args):
    b, _ = new_humans()
    before = all_states(b, 4)
    text = b.handle(json.dumps({"id": "x", "cmd": cmd, "args": args}))
    reply = json.loads(text)
    assert reply["id"] == "x" and isinstance(reply["ok"], bool)
    if not reply["ok"]:
        assert reply["error"]["kind"] in ("InvalidAction", "IllegalAction", "CorruptSave", "NoGame"), reply
        assert all_states(b, 4) == before


@pytest.mark.parametrize(
    "args",
    [
        {"players": [{"name": "A"}, {"name": "B", "kind": "bot", "level": []}]},
        {"players": [{"name": "A"}, {"name": "B", "kind": "bot", "level": {"x": 1}}]},
        {"players": [{"name": "A"}, {"name": "B"}], "rules": []},
        {"players": [{"name": "A"}, {"name": "B"}], "rules": {"preset": "rengen"}},
    ],
)
def test_unhashable_values_are_invalid_not_internal_errors(args):
    b = Bridge()
    text = b.handle(json.dumps({"id": 1, "cmd": "new_game", "args": args}))
    err(json.loads(text), "InvalidAction")
    assert b.table is None


def test_record_with_unhashable_rules_is_a_record_error():
    from schraem.core.errors import RecordError

    rec = {"format": "schraem-record/1", "rules": ["rheinland"], "players": [{"name": "A"}, {"name": "B"}], "dealer": 1, "hands": []}
    with pytest.raises(RecordError):
        Game.from_record(rec)
