"""The state's `refusals`: the engine's reason for each tap the table shows
its viewer, so the shell answers a refused tap at once. Each must be
exactly what `act` would answer, and every tap not listed must be legal."""

from __future__ import annotations

import json
import random

import pytest

from schraem.bridge import Bridge
from schraem.core.rules import Rules

PLAYERS = [{"name": n} for n in ("Hubert", "Gerda", "Hans", "Anne")]


def call(b: Bridge, cmd, **args) -> dict:
    return json.loads(b.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def taps(view: dict) -> list[dict]:
    """What the table screen lets the viewer tap, as actions."""
    seat = view["seat"]
    out = [{"seat": seat, "type": "knock"}]
    if view["my_cards"] is None:
        out.append({"seat": seat, "type": "look"})
    else:
        types = {a["type"] for a in view["legal"]}
        card_type = "discard" if "discard" in types and "play" not in types else "play"
        out += [{"seat": seat, "type": card_type, "card": c} for c in view["my_cards"]]
    return out


def key(a: dict) -> str:
    return a["type"] if "card" not in a else f"{a['type']}:{a['card']}"


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_refusals_are_the_engines_answers(preset):
    rng = random.Random(preset)
    checked = 0
    for game in range(3):
        b = Bridge()
        res = call(b, "new_game", players=PLAYERS, rules=preset, seed=rng.randrange(10**6), dealer=4, viewer=1)
        assert res["ok"], res
        for _ in range(60):
            st = res["result"]
            if st["game_over"]:
                break
            if st["hand_over"]:
                res = call(b, "next_hand", viewer=1)
                continue
            due = st["due"]["humans"][0] if st["due"]["humans"] else rng.randrange(1, 5)
            for viewer in range(1, 5):
                s = call(b, "state", viewer=viewer)["result"]
                view = s["view"]
                if not any(p["seat"] == viewer and p["in_hand"] for p in view["players"]) or view["my_cards"] == []:
                    continue
                legal = [key(a) for a in view["legal"]]
                for a in taps(view):
                    k = key(a)
                    if k in legal:
                        assert k not in s["refusals"]
                        continue
                    answer = call(b, "act", action=a, viewer=viewer)
                    assert not answer["ok"], (preset, a)
                    assert s["refusals"].get(k) == answer["error"], (preset, a)
                    checked += 1
            legal = call(b, "state", viewer=due)["result"]["view"]["legal"]
            if not legal:
                break
            res = call(b, "act", action=rng.choice(legal), viewer=due)
            assert res["ok"], res
    assert checked > 20


def test_no_refusals_on_a_scoresheet_or_for_the_public_view():
    b = Bridge()
    st = call(b, "new_game", players=PLAYERS, rules="rheinland", seed=5, dealer=4, viewer=1, real_cards=True)["result"]
    assert st["refusals"] == {}
    b = Bridge()
    call(b, "new_game", players=PLAYERS, rules="rheinland", seed=5, dealer=4, viewer=1)
    assert call(b, "state", viewer=None)["result"]["refusals"] == {}


def test_pass_and_play_undo_takes_back_only_the_holders_own_move():
    b = Bridge()
    players = [
        {"name": "Anne"},
        {"name": "Hubert", "kind": "bot", "level": "easy"},
        {"name": "Bert"},
        {"name": "Gerda", "kind": "bot", "level": "easy"},
    ]
    assert call(b, "new_game", players=players, rules="rheinland", seed=5, dealer=4, viewer=1)["ok"]
    assert call(b, "act", action={"seat": 3, "type": "look"}, viewer=3)["ok"]
    assert call(b, "act", action={"seat": 1, "type": "look"}, viewer=1)["ok"]
    before = call(b, "state", viewer=3)["result"]
    # Bert holds the phone now: Anne's look is not his to take back...
    refused = call(b, "undo", viewer=3)
    assert not refused["ok"] and refused["error"]["code"] == "undo_not_yours"
    assert "Bert" not in refused["error"]["de"] and "Anne" in refused["error"]["de"] and "Anne" in refused["error"]["en"]
    assert call(b, "state", viewer=3)["result"] == before
    # ...his own last move is.
    b2 = Bridge()
    call(b2, "new_game", players=players, rules="rheinland", seed=5, dealer=4, viewer=1)
    call(b2, "act", action={"seat": 3, "type": "look"}, viewer=3)
    call(b2, "act", action={"seat": 1, "type": "look"}, viewer=1)
    taken = call(b2, "undo", viewer=1)
    assert taken["ok"] and taken["result"]["save"]["record"]["hands"][0]["actions"] == [{"seat": 3, "type": "look"}]


def test_refusals_name_the_players_in_both_languages():
    b = Bridge()
    call(b, "new_game", players=PLAYERS, rules="rheinland", seed=5, dealer=1, viewer=1)
    assert call(b, "act", action={"seat": 1, "type": "knock"}, viewer=1)["ok"]
    e = call(b, "act", action={"seat": 3, "type": "hold"}, viewer=3)["error"]
    assert e["code"] == "not_your_answer"
    assert "Gerda" in e["de"] and "Hans" in e["de"] and "Platz" not in e["de"]
    assert "Gerda" in e["en"] and "Hans" in e["en"] and "seat" not in e["en"].lower()


def test_a_persons_forced_last_card_is_played_without_handing_over_the_phone():
    """`forced` lists people (not the viewer) due with their last card and no
    other legal action; `forced_step` plays it. It tells nothing hidden."""
    players = [{"name": "Anne"}, {"name": "Bert"}, {"name": "Hubert", "kind": "bot", "level": "easy"}]
    seen = 0
    for seed in range(40):
        b = Bridge()
        st = call(b, "new_game", players=players, rules="rheinland", seed=seed, dealer=3, viewer=1)["result"]
        rng = random.Random(seed)
        for _ in range(200):
            if st["hand_over"] or st["game_over"]:
                break
            for s in st["forced"]:
                game = b.table.game
                assert s != 1 and len(game.hand.cards[s - 1]) == 1 and len(game.legal_actions(s)) == 1
            if st["forced"]:
                seen += 1
                before = len(b.table.game.hand.log)
                st = call(b, "forced_step", viewer=1)["result"]
                assert len(b.table.game.hand.log) == before + 1 and b.table.game.hand.log[-1][0].type == "play"
                continue
            if st["due"]["bots"]:
                st = call(b, "bot_step", viewer=1)["result"]
                continue
            due = st["due"]["humans"][0]
            view = call(b, "state", viewer=due)["result"]["view"]
            # Knock when it is the last trick, so the next person may be left with only a card to play.
            legal = view["legal"]
            knock = [a for a in legal if a["type"] == "knock"]
            pick = (
                knock[0]
                if knock and view["players"][due - 1]["cards_left"] == 1 and rng.random() < 0.7
                else next((a for a in legal if a["type"] in ("hold", "play", "look")), legal[0])
            )
            st = call(b, "act", action=pick, viewer=1)["result"]
            for s in st["forced"]:
                assert s != 1
    assert seen > 0
    refused = call(Bridge(), "forced_step", viewer=1)
    assert not refused["ok"]
