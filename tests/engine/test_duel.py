"""Deal sets (duel.py) and the bridge's review, hint and deal-set commands."""
import json
import re

import pytest

from schraem import duel
from schraem.bridge import Bridge

NAMES = ["Anna", "Computer 2", "Computer 3", "Computer 4"]


def call(bridge, cmd, **args):
    reply = json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["ok"], reply["error"]
    return reply["result"]


def refused(bridge, cmd, **args):
    reply = json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert not reply["ok"]
    return reply["error"]


def play_hand(bridge, state, choose=lambda legal: legal[0], hint=False):
    """Play to the end of the hand: the person takes `choose(legal)`, the
    computer players their own moves."""
    hints = 0
    while not state["hand_over"]:
        if 1 in state["due"]["humans"]:
            if hint and not state["view"]["my_cards"] is None:
                reply = json.loads(bridge.handle(json.dumps({"id": 1, "cmd": "hint", "args": {"viewer": 1}})))
                if reply["ok"]:
                    hints += 1
                    state = reply["result"]
                    assert state["hint"]["decisions"]
            state = call(bridge, "act", viewer=1, action=choose(state["view"]["legal"]))
        else:
            state = call(bridge, "bot_step", viewer=1)
    return state, hints


def test_the_same_word_deals_the_same_cards_and_answers():
    a, b = Bridge(), Bridge()
    sa = call(a, "duel_new", set="2026-11-26", players=NAMES)
    sb = call(b, "duel_new", set="  2026-11-26 ", players=["Bert"] + NAMES[1:])
    assert sa["view"]["my_cards"] == sb["view"]["my_cards"]
    assert sa["duel"] == sb["duel"] == {"set": "2026-11-26", "code": duel.set_code("2026-11-26"), "hands": duel.SET_HANDS, "played": 0, "over": False}
    sa, _ = play_hand(a, sa)
    sb, _ = play_hand(b, sb)
    # Played alike, the computer players answer alike: the same hand.
    assert sa["save"]["record"]["hands"] == sb["save"]["record"]["hands"]
    assert call(a, "next_hand", viewer=1)["view"]["my_cards"] == call(b, "next_hand", viewer=1)["view"]["my_cards"]
    other = call(Bridge(), "duel_new", set="Kegelclub", players=NAMES)
    assert other["view"]["my_cards"] != sa["view"]["my_cards"]
    assert duel.set_word("Kegel  CLUB") == "kegel club"
    assert duel.set_word("Cafe\u0301") == duel.set_word("Café")  # accents typed either way


def test_nothing_of_the_deals_to_come_is_in_a_result():
    b = Bridge()
    state = call(b, "duel_new", set="stammtisch", players=NAMES)
    state, _ = play_hand(b, state)
    result = call(b, "duel_result")
    assert [h["hand"] for h in result["hands"]] == [1]
    text = json.dumps(result)
    assert "seed" not in text and "deal" not in text and "cards" not in text
    # The next deal, once dealt, is not in the result until it is played.
    state = call(b, "next_hand", viewer=1)
    assert [h["hand"] for h in call(b, "duel_result")["hands"]] == [1]
    assert not re.search(r"\b(10|[7-9AKQJ])[CSHD]\b", json.dumps(call(b, "duel_result")))
    # The save holds only the hands dealt so far.
    assert len(state["save"]["record"]["hands"]) == 2


def test_a_set_ends_after_its_deals_and_results_compare_hand_by_hand():
    a, b = Bridge(), Bridge()
    results = []
    for bridge, choose in ((a, lambda legal: legal[0]), (b, lambda legal: legal[-1])):
        state = call(bridge, "duel_new", set="2026-11-26", players=NAMES)
        hints = 0
        while True:
            state, n = play_hand(bridge, state, choose, hint=bridge is a)
            hints += n
            if state["duel"]["over"]:
                break
            state = call(bridge, "next_hand", viewer=1)
        assert refused(bridge, "next_hand", viewer=1)["code"] == "bad_request"
        res = call(bridge, "duel_result")
        assert res["complete"] and res == call(Bridge(), "duel_result", save=state["save"])
        assert sum(h["hints"] for h in res["hands"]) == res["hints"]
        results.append(res)
        # The save loads again as the same set, still played out.
        assert call(Bridge(), "load", save=state["save"], viewer=1)["duel"]["over"]
    assert results[0]["hints"] > 0 and results[1]["hints"] == 0
    cmp = call(a, "duel_compare", mine=results[0], theirs=results[1])
    assert cmp["set"] == "2026-11-26" and cmp["names"] == ["Anna", "Anna"]
    assert cmp["both_played"] == min(len(results[0]["hands"]), len(results[1]["hands"]))
    for row in cmp["hands"][:cmp["both_played"]]:
        x, y = row["mine"]["marks_lost"], row["theirs"]["marks_lost"]
        assert row["ahead"] == (None if x == y else "mine" if x < y else "theirs")
    other = dict(results[1], set="kegelclub", code=duel.set_code("kegelclub"))
    assert "verschiedenen" in refused(a, "duel_compare", mine=results[0], theirs=other)["de"]
    forged = dict(results[1], code="000000")
    assert refused(a, "duel_compare", mine=results[0], theirs=forged)["code"] == "bad_request"


def test_review_and_hint_through_the_bridge():
    b = Bridge()
    state = call(b, "duel_new", set="review", players=NAMES)
    state, hints = play_hand(b, state, hint=True)
    assert hints > 0
    record = state["save"]["record"]
    assert record["hands"][0]["hints"]
    started = call(b, "review_start", record=record, seat=1, seed=4, samples=16)
    assert started["weighed"] == 0 and started["total"] > 0
    steps = []
    while True:
        step = call(b, "review_step", count=1)
        steps.append(step["weighed"])
        if step["done"]:
            break
    assert steps == list(range(1, started["total"] + 1))
    result = step["result"]
    assert result["hands"][0]["hints"] == len(record["hands"][0]["hints"])
    assert any(e["hinted"] for e in result["hands"][0]["decisions"])
    assert refused(b, "review_step")["code"] == "bad_request"
    # The same again, in steps of eight: the same result.
    call(b, "review_start", record=record, seat=1, seed=4, samples=16)
    while not (step := call(b, "review_step", count=8))["done"]:
        pass
    assert step["result"] == result
    assert call(b, "review_cancel") == {"cancelled": False}
    assert refused(b, "review_start", record={"format": "x"}, seat=1)["code"] == "bad_record"
    assert refused(b, "review_start", record=record, seat=1, samples=0)["code"] == "bad_request"


def test_hints_only_for_a_person_against_the_computer():
    b = Bridge()
    call(b, "new_game", players=[{"name": "A"}, {"name": "B"}], seed=3, viewer=1)
    assert refused(b, "hint", viewer=1)["code"] == "bad_request"
    state = call(b, "new_game", players=[{"name": "A"}, {"name": "B", "kind": "bot", "level": "easy"}], seed=3, viewer=1)
    while 1 not in state["due"]["humans"]:
        state = call(b, "bot_step", viewer=1)
    before = state["save"]
    assert refused(b, "hint", viewer=2)["code"] == "bad_request"
    assert call(b, "state", viewer=1)["save"] == before  # refused: nothing written
    given = call(b, "hint", viewer=1)
    assert given["save"]["record"]["hands"][0]["hints"] == [{"seat": 1, "at": len(before["record"]["hands"][0]["actions"])}]
    # Asking again for the same decision is one hint.
    assert call(b, "hint", viewer=1)["save"]["record"]["hands"][0]["hints"] == given["save"]["record"]["hands"][0]["hints"]


@pytest.mark.parametrize("word", ["", "   ", "x" * 41, 7, None])
def test_bad_set_words_are_refused(word):
    assert refused(Bridge(), "duel_new", set=word, players=NAMES)["code"] == "bad_request"


def test_a_save_of_a_set_is_checked_against_its_game():
    b = Bridge()
    state = call(b, "duel_new", set="kegelclub", players=NAMES)
    save = state["save"]
    assert call(Bridge(), "load", save=save, viewer=1)["duel"]["set"] == "kegelclub"
    # Another word's facts do not fit this game's deals: refused, nothing loaded.
    other = Bridge()
    error = refused(other, "load", save=dict(save, duel={"set": "stammtisch", "hands": duel.SET_HANDS}), viewer=1)
    assert error["kind"] == "CorruptSave"
    assert refused(other, "state", viewer=1)["code"] == "no_game"
    # Other tables carry no set.
    assert call(Bridge(), "new_game", players=[{"name": "A"}, {"name": "B"}], seed=1, viewer=1)["duel"] is None
