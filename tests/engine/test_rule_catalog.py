"""The house-rules editor's facts (rule_catalog.py): every option in words,
grouped, with the range the engine enforces; a changed option reported as
a house rule; refused combinations with the engine's reason; the ready
house rule sets of the sources."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest
from engine_support import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from schraem.bridge import Bridge
from schraem.cli.simulate import random_game
from schraem.core import rule_catalog
from schraem.core.errors import InvalidAction
from schraem.core.game import Game
from schraem.core.rule_catalog import catalog, check_options_declared, house_rules
from schraem.core.rules import Rules


def call(cmd, **args):
    return json.loads(Bridge().handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_every_option_is_in_one_group_with_words_in_both_languages(preset):
    cat = catalog(Rules.make(preset))
    listed = [o for g in cat["groups"] for o in g["options"]]
    names = [o["name"] for o in listed]
    assert sorted(names) == sorted(f.name for f in fields(Rules) if f.name != "preset")
    assert len(set(names)) == len(names)
    base = Rules.make(preset)
    for o in listed:
        assert o["de"] and o["en"] and o["de"] != o["en"] or o["name"] == "hammer"
        assert o["value"] == o["preset"] == getattr(base, o["name"])
        if o["kind"] == "number":
            assert (o["low"], o["high"]) == Rules.RANGES[o["name"]]
        if o["kind"] == "choice":
            assert o["value"] in [c["value"] for c in o["choices"]]
            assert all(c["de"] and c["en"] for c in o["choices"])


def test_an_option_missing_from_a_place_is_named_with_where_to_add_it(monkeypatch):
    check_options_declared()
    groups = tuple((gid, title, tuple(n for n in names if n != "pass_loss")) for gid, title, names in rule_catalog.GROUPS)
    monkeypatch.setattr(rule_catalog, "GROUPS", groups)
    monkeypatch.setattr(rule_catalog, "LABELS", {n: w for n, w in rule_catalog.LABELS.items() if n != "pass_loss"})
    words = {**rule_catalog.CHOICE_WORDS, "game_end": {v: w for v, w in rule_catalog.CHOICE_WORDS["game_end"].items() if v != "knolle"}}
    monkeypatch.setattr(rule_catalog, "CHOICE_WORDS", words)
    with pytest.raises(RuntimeError) as info:
        check_options_declared()
    said = str(info.value)
    assert "'pass_loss'" in said and "GROUPS in core/rule_catalog.py" in said and "LABELS in core/option_words.py" in said
    assert "'game_end'" in said and "['knolle']" in said and "CHOICE_WORDS in core/option_words.py" in said


def test_a_house_rule_is_reported_beside_the_preset_value():
    cat = call("rule_catalog", rules="rheinland", options={"start_marks": 5, "knock_limit": "none"})["result"]
    by_name = {o["name"]: o for g in cat["groups"] for o in g["options"]}
    assert cat["options"] == {"start_marks": 5, "knock_limit": "none"}
    assert by_name["start_marks"]["value"] == 5 and by_name["start_marks"]["preset"] == 7


@pytest.mark.parametrize(
    "options,code,words",
    [
        ({"start_value": 5, "max_value": 3}, "options_clash", "„Ein Spiel beginnt mit dem Wert“ (5) ist größer als „Höchster Wert“ (3)"),
        ({"start_marks": 0}, "option_range", "zwischen 1 und 99"),
        ({"game_end": "sudden_death"}, "option_choice", "„wenn nur noch einer Schräm hat“ (last_standing)"),
        ({"cards_per_hand": 9}, "options_clash", "mehr als 32 Karten"),
    ],
)
def test_combinations_that_cannot_be_played_are_refused_with_the_reason(options, code, words):
    reply = call("rule_catalog", rules="rheinland", options=options)
    assert not reply["ok"] and reply["error"]["code"] == code and words in reply["error"]["de"]


def test_the_sources_formats_are_ready_house_rules():
    sets = {h["id"]: h for h in call("hello")["result"]["house_rules"]}
    assert Rules.make(sets["enzyklopaedie_turnier"]["rules"], sets["enzyklopaedie_turnier"]["options"]).start_marks == 5
    assert Rules.make("rengen").tournament_series == 4 and sets["rengen_turnier"]["rules"] == "rengen"
    assert Rules.make("marienheide").marks_display == "die"
    for h in house_rules():
        game = random_game(1, h["rules"], 4, h["options"])
        assert game.game_over and game.rules.overrides() == h["options"]


def _random_options():
    names = {o["name"]: o for g in catalog(Rules.make("rheinland"))["groups"] for o in g["options"]}

    def value(o):
        if o["kind"] == "flag":
            return st.booleans()
        if o["kind"] == "number":
            return st.integers(o["low"], o["high"])
        if o["kind"] == "choice":
            return st.sampled_from([c["value"] for c in o["choices"]])
        return st.sampled_from(["3-2-3", "4-4", "2-2-2-2", "9-9"])

    return st.fixed_dictionaries({}, optional={n: value(o) for n, o in names.items()})


@settings(max_examples=scaled(60), deadline=None)
@given(preset=st.sampled_from(Rules.preset_names()), options=_random_options(), seed=st.integers(0, 1000))
def test_every_accepted_option_set_deals_and_ends_and_every_refused_one_names_the_rule(preset, options, seed):
    # Few options at a time, as a table changes them.
    options = dict(list(options.items())[:4])
    try:
        rules = Rules.make(preset, options)
    except InvalidAction as e:
        assert e.code in ("option_range", "option_choice", "options_clash", "option_type")
        assert e.de and e.en
        return
    players = max(rules.min_players, min(4, rules.max_players))
    game = random_game(seed, preset, players, options)
    assert game.game_over
    assert Game.from_record(game.to_record()).outcome == game.outcome
