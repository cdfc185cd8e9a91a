"""Deal sets (duel.py) and the bridge's review, hint and deal-set commands."""

import json
import re

import pytest

from schraem.bridge import Bridge
from schraem.core.rules import PRESETS
from schraem.review import duel

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
            if hint and state["view"]["my_cards"] is not None:
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
    assert (
        sa["duel"]
        == sb["duel"]
        == {
            "set": "2026-11-26",
            "rules": "rheinland",
            "code": duel.set_code("2026-11-26"),
            "hands": duel.SET_HANDS,
            "played": 0,
            "over": False,
            "qr": "SCHRAEM-DUEL:2026-11-26",
        }
    )
    # Today's set is the one every app version deals: its seed and check
    # number are those of the first sets (eight Rhineland deals, nothing chosen).
    assert sa["save"]["record"]["seed"] == 4523038723439945 and sa["duel"]["code"] == "789992"
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
        # Played out, the state carries the person's total as the result has it.
        assert state["duel"]["total"] == {
            "hands": len(res["hands"]),
            "marks_lost": res["marks_lost"],
            "hints": res["hints"],
            **res["finish"],
        }
        # The save loads again as the same set, still played out.
        loaded = call(Bridge(), "load", save=state["save"], viewer=1)["duel"]
        assert loaded["over"] and loaded["total"] == state["duel"]["total"]
    assert results[0]["hints"] > 0 and results[1]["hints"] == 0
    cmp = call(a, "duel_compare", mine=results[0], theirs=results[1])
    assert cmp["set"] == "2026-11-26" and cmp["names"] == ["Anna", "Anna"]
    assert cmp["both_played"] == min(len(results[0]["hands"]), len(results[1]["hands"]))
    for row in cmp["hands"][: cmp["both_played"]]:
        x, y = row["mine"]["marks_lost"], row["theirs"]["marks_lost"]
        assert row["ahead"] == (None if x == y else "mine" if x < y else "theirs")
    other = sealed(dict(results[1], set="kegelclub", code=duel.set_code("kegelclub")))
    assert "verschiedenen" in refused(a, "duel_compare", mine=results[0], theirs=other)["de"]
    forged = dict(results[1], code="000000")
    assert refused(a, "duel_compare", mine=results[0], theirs=forged)["code"] == "bad_request"


def sealed(res: dict) -> dict:
    """A result changed and written again with its checksum, as an app would write it."""
    return {**res, "check": duel.seal(res)}


def test_a_result_changed_after_it_was_written_is_refused():
    b = Bridge()
    play_hand(b, call(b, "duel_new", set="stammtisch", rules="rheinland", hands=4, players=NAMES))
    mine = call(b, "duel_result")
    assert call(Bridge(), "duel_compare", mine=mine, theirs=json.loads(json.dumps(mine)))["both_played"] == 1
    # One digit of a hand's marks changed in the file: not what the app wrote.
    hand = mine["hands"][0]
    edited = {**mine, "hands": [{**hand, "marks_lost": (hand["marks_lost"] + 1) % 10}]}
    error = refused(Bridge(), "duel_compare", mine=mine, theirs=edited)
    assert "verändert" in error["de"] and "changed" in error["en"]
    for changed in ({**mine, "name": "Bert"}, {**mine, "finish": {**mine["finish"], "place": 1 + mine["finish"]["place"] % 4}}):
        assert "Prüfsumme" in refused(Bridge(), "duel_compare", mine=mine, theirs=changed)["de"]
    unsealed = {k: v for k, v in mine.items() if k != "check"}
    assert "keine Prüfsumme" in refused(Bridge(), "duel_compare", mine=mine, theirs=unsealed)["de"]
    assert "keine Prüfsumme" in refused(Bridge(), "duel_compare", mine=unsealed, theirs=mine)["de"]
    # The same in its QR code; an older app's code (no checksum) is named as such.
    body = json.loads(call(b, "duel_code")["text"].removeprefix(duel.CODE_PREFIX))
    body[7][0] = (body[7][0] + 1) % 10
    code = duel.CODE_PREFIX + json.dumps(body)
    assert "verändert" in refused(Bridge(), "duel_compare", mine=mine, theirs=code)["de"]
    older = duel.CODE_PREFIX + json.dumps(body[:8])
    assert "älteren App" in refused(Bridge(), "duel_compare", mine=mine, theirs=older)["de"]


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
    # A save from before sets had a preset (no "rules") is a Rhineland set.
    assert save["duel"] == {"set": "kegelclub", "rules": "rheinland", "hands": duel.SET_HANDS}
    assert call(Bridge(), "load", save=dict(save, duel={"set": "kegelclub", "hands": 8}), viewer=1)["duel"]["rules"] == "rheinland"
    # Another preset or count under the same word is another set.
    error = refused(other, "load", save=dict(save, duel={"set": "kegelclub", "rules": "tuppen", "hands": 8}), viewer=1)
    assert error["kind"] == "CorruptSave"
    error = refused(other, "load", save=dict(save, duel={"set": "kegelclub", "rules": "rheinland", "hands": 12}), viewer=1)
    assert error["kind"] == "CorruptSave"
    assert refused(other, "state", viewer=1)["code"] == "no_game"
    # Other tables carry no set.
    assert call(Bridge(), "new_game", players=[{"name": "A"}, {"name": "B"}], seed=1, viewer=1)["duel"] is None


def play_set(bridge, state, choose=lambda legal: legal[0]):
    while True:
        state, _ = play_hand(bridge, state, choose)
        if state["duel"]["over"]:
            return state
        state = call(bridge, "next_hand", viewer=1)


def test_a_chosen_preset_and_count_of_deals_is_a_set_of_its_own():
    a, b = Bridge(), Bridge()
    sa = call(a, "duel_new", set="Kegelclub", rules="tuppen", hands=4, players=NAMES)
    sb = call(b, "duel_new", set="kegelclub", rules="tuppen", hands=4, players=["Bert"] + NAMES[1:])
    assert sa["view"]["my_cards"] == sb["view"]["my_cards"] and sa["view"]["rules"] == "tuppen"
    assert sa["duel"]["hands"] == 4 and sa["duel"]["rules"] == "tuppen"
    assert sa["duel"]["qr"] == "SCHRAEM-DUEL/tuppen/4:kegelclub"
    assert sa["save"]["duel"] == {"set": "kegelclub", "rules": "tuppen", "hands": 4}
    # The set's QR text starts the same set on another phone; checked first,
    # it is the same set.
    assert call(Bridge(), "duel_set", scanned=sa["duel"]["qr"]) == {
        "set": "kegelclub",
        "rules": "tuppen",
        "hands": 4,
        "code": sa["duel"]["code"],
        "qr": sa["duel"]["qr"],
    }
    sc = call(Bridge(), "duel_new", scanned=sa["duel"]["qr"], players=NAMES)
    assert sc["view"]["my_cards"] == sa["view"]["my_cards"] and sc["duel"] == sa["duel"]
    # The same word under another preset or count deals other cards, with
    # another check number.
    seeds = {
        call(Bridge(), "duel_new", set="kegelclub", rules=r, hands=n, players=NAMES)["save"]["record"]["seed"]
        for r, n in (("tuppen", 4), ("tuppen", 8), ("rheinland", 4), ("rheinland", 8), ("sebbe_schroehm", 4))
    }
    assert len(seeds) == 5
    codes = {duel.set_code("kegelclub", r, n) for r, n in (("tuppen", 4), ("tuppen", 8), ("rheinland", 4), ("rheinland", 8))}
    assert len(codes) == 4
    # Played alike, the same deals and answers hand after hand; the set
    # ends after its four deals.
    sa, sb = play_set(a, sa), play_set(b, sb)
    assert sa["save"]["record"]["hands"] == sb["save"]["record"]["hands"]
    assert len(sa["save"]["record"]["hands"]) <= 4
    assert refused(a, "next_hand", viewer=1)["code"] == "bad_request"
    res = call(a, "duel_result")
    assert res["rules"] == "tuppen" and res["hands_in_set"] == 4 and res["complete"]
    assert call(Bridge(), "load", save=sa["save"], viewer=1)["duel"] == sa["duel"]


def test_a_result_of_another_preset_or_count_is_refused_in_comparison():
    results = {}
    for rules, hands in (("rheinland", 4), ("rengen", 4), ("rheinland", 8)):
        b = Bridge()
        state = call(b, "duel_new", set="stammtisch", rules=rules, hands=hands, players=NAMES)
        play_hand(b, state)
        results[rules, hands] = call(b, "duel_result")
    mine = results["rheinland", 4]
    assert call(Bridge(), "duel_compare", mine=mine, theirs=mine)["both_played"] == 1
    for other in (results["rengen", 4], results["rheinland", 8]):
        error = refused(Bridge(), "duel_compare", mine=mine, theirs=other)
        assert "verschiedenen Karten" in error["de"] and "different deal sets" in error["en"]
    # A result made to look like the other set's fails its check number.
    forged = dict(results["rengen", 4], rules="rheinland")
    assert "Prüfzahl" in refused(Bridge(), "duel_compare", mine=mine, theirs=forged)["de"]


@pytest.mark.parametrize(
    "rules,hands",
    [("siwwe_schroehm_newcomer", 8), ("skat", 8), ("rheinland", 0), ("rheinland", 17), ("rheinland", "8"), ("rheinland", True)],
)
def test_sets_of_unknown_presets_or_counts_are_refused(rules, hands):
    b = Bridge()
    assert refused(b, "duel_new", set="x", rules=rules, hands=hands, players=NAMES)["code"] == "bad_request"
    assert refused(b, "state", viewer=1)["code"] == "no_game"


@pytest.mark.parametrize(
    "text",
    [
        "SCHRAEM-OFFER:abc",
        "SCHRAEM-DUEL",
        "SCHRAEM-DUEL/tuppen:x",
        "SCHRAEM-DUEL/tuppen/99:x",
        "SCHRAEM-DUEL/skat/8:x",
        "SCHRAEM-DUEL:",
        "https://example.org",
    ],
)
def test_foreign_or_damaged_set_codes_are_refused(text):
    b = Bridge()
    state = call(b, "new_game", players=[{"name": "A"}, {"name": "B"}], seed=3, viewer=1)
    assert refused(b, "duel_set", scanned=text)["code"] == "bad_request"
    assert refused(b, "duel_new", scanned=text, players=NAMES)["code"] == "bad_request"
    assert call(b, "state", viewer=1)["save"] == state["save"]


def test_a_result_as_one_small_qr_code_compares_like_the_file():
    a, b = Bridge(), Bridge()
    play_set(a, call(a, "duel_new", set="stammtisch 25", rules="rheinland", hands=12, players=NAMES))
    sb = play_set(
        b, call(b, "duel_new", set="stammtisch 25", rules="rheinland", hands=12, players=["Bert"] + NAMES[1:]), lambda legal: legal[-1]
    )
    mine, theirs = call(a, "duel_result"), call(b, "duel_result")
    text = call(b, "duel_code")["text"]
    assert text.startswith("SCHRAEM-DR1:") and len(text.encode()) <= 200, text
    assert "seed" not in text and not re.search(r"\b(10|[7-9AKQJ])[CSHD]\b", text)
    assert call(Bridge(), "duel_code", save=sb["save"])["text"] == text
    assert duel.unpack(text) == {k: v for k, v in theirs.items() if k not in ("marks_lost", "hints")}
    by_code = call(a, "duel_compare", mine=mine, theirs=text)
    assert by_code == call(a, "duel_compare", mine=mine, theirs=theirs)
    assert by_code["names"] == ["Anna", "Bert"] and by_code["both_played"] == len(mine["hands"])
    # Foreign, damaged and other sets' codes are refused in plain words.
    other = Bridge()
    play_hand(other, call(other, "duel_new", set="kegelclub", players=NAMES))
    bad = {
        "SCHRAEM-OFFER:xyz": "kein Ergebnis",
        text[:-5]: "beschädigt",
        text.replace('"stammtisch 25"', '"stammtisch 26"'): "Prüfzahl",
        text.replace("[", "{", 1): "beschädigt",
        text.replace('"Bert"', "7"): "der Name fehlt",
        call(other, "duel_code")["text"]: "verschiedenen Karten",
    }
    for code, words in bad.items():
        error = refused(a, "duel_compare", mine=mine, theirs=code)
        assert words in error["de"], (code, error)
        assert error["en"] and error["code"] == "bad_request"


def test_a_knolle_set_counts_the_knollen_a_hand_cost():
    b = Bridge()
    state = call(b, "duel_new", set="knollen", rules="sebbe_schroehm", hands=12, players=NAMES)
    state = play_set(b, state, lambda legal: next((a for a in legal if a.get("type") == "knock"), legal[0]))
    res = call(b, "duel_result")
    assert res["rules"] == "sebbe_schroehm" and all(h["marks_lost"] >= 0 for h in res["hands"])
    me = state["view"]["players"][0]
    start = PRESETS["sebbe_schroehm"].start_marks
    # This play runs out of marks and on into Knollen: both are counted.
    assert me["knollen"] > 0
    assert res["marks_lost"] == start - res["finish"]["marks"] + me["knollen"]
