"""Rule options that cannot work are refused before a game starts: every
whole-number option has a range, and combinations that cannot be dealt or
never end are refused with a plain message. Every set that is accepted deals
and its random games end."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from engine_support import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from schraem.cli.simulate import random_game
from schraem.core.errors import InvalidAction
from schraem.core.option_words import LABELS
from schraem.core.rule_catalog import catalog
from schraem.core.rules import CHOICE_VALUES, Rules

PRESETS = Rules.preset_names()
# A game that needs more hands than this has not ended: with 8 players on
# 99 marks the longest honest game loses at least one mark a hand.
MAX_HANDS = 3000

# Each option that is one of named values, with them (the editor's list
# is checked against them below).
CHOICES = CHOICE_VALUES
OPTIONS = {f.name: f for f in fields(Rules) if f.name != "preset"}


def plain(e: InvalidAction) -> None:
    """A message a player can read: both languages, no Python in it."""
    assert e.kind == "InvalidAction"
    assert e.de and e.en and e.de != e.en
    for text in (e.de, e.en):
        assert "Error" not in text and "Traceback" not in text and "{" not in text, text


def refused(preset, options) -> InvalidAction:
    with pytest.raises(InvalidAction) as info:
        Rules.make(preset, options)
    plain(info.value)
    return info.value


def test_every_whole_number_option_has_a_range():
    ints = {name for name, f in OPTIONS.items() if isinstance(getattr(Rules(), name), int) and not isinstance(getattr(Rules(), name), bool)}
    assert ints == set(Rules.RANGES)
    for preset in PRESETS:
        Rules.make(preset).validate()  # the presets themselves stay within them


@pytest.mark.parametrize(
    "options, option",
    [
        ({"blind_max": -5}, "blind_max"),
        ({"hammer_marks": 1000}, "hammer_marks"),
        ({"win_bonus": 10**30}, "win_bonus"),
        ({"start_marks": 0}, "start_marks"),
        ({"pass_loss": -1}, "pass_loss"),
        ({"series_games": 0}, "series_games"),
        ({"tournament_series": 100}, "tournament_series"),
        ({"discard": -1}, "discard"),
    ],
)
def test_out_of_range_values_are_refused(options, option):
    e = refused("rheinland", options)
    assert e.code == "option_range" and option in e.en and option in e.de


@pytest.mark.parametrize("options", [{"win_bonus": 1e30}, {"win_bonus": 7.0}, {"win_bonus": "7"}, {"hammer": 1}, {"game_end": 3}])
def test_values_of_the_wrong_kind_are_refused(options):
    assert refused("rheinland", options).code == "option_type"


def test_the_deadlocking_discard_is_refused():
    # Five players, eight cards asked for but only six fit the pack each:
    # discarding seven would leave a hand nobody can finish.
    e = refused("rheinland", {"max_players": 5, "cards_per_hand": 8, "discard": 7, "cards_fit_pack": True})
    assert e.code == "options_clash" and "5 players" in e.en and "6 cards" in e.en
    e = refused("rheinland", {"cards_per_hand": 8, "discard": 7, "cards_fit_pack": True})
    assert "8 players" in e.en and "4 cards" in e.en
    Rules.make("rheinland", {"max_players": 5, "cards_per_hand": 8, "discard": 5, "cards_fit_pack": True})


@pytest.mark.parametrize(
    "preset, options, words",
    [
        ("siwwe_schroehm_newcomer", {"discard": 4, "playoff_cards": 4}, "play-off"),
        ("tuppen", {"discard": 2, "long_one_deal": "1-1"}, "long one"),
        ("rheinland", {"hangeln_cards": 2, "hangeln_discard": 2}, "Hängeln"),
        ("rheinland", {"min_players": 5, "max_players": 4}, "'Fewest players' (5) is greater than 'Most players' (4)"),
        ("rheinland", {"start_value": 3, "max_value": 2}, "'A hand starts at the value' (3) is greater than 'Highest value' (2)"),
        ("rheinland", {"hammer_start_value": 9}, "'Once someone is on the hammer, every hand starts at (0 = off)' must be 0 or between"),
        ("rheinland", {"cards_per_hand": 5}, "32 cards"),
        ("rheinland", {"long_one_deal": "9" * 5000}, "'The long one is dealt (packets)'"),
    ],
)
def test_combinations_that_cannot_work_are_refused(preset, options, words):
    e = refused(preset, options)
    assert e.code == "options_clash" and words in e.en, e.en
    assert len(e.en) < 400  # a long value is quoted shortened
    # Named in the editor's words, never by an option's code.
    # (an option spelt as one plain word, like "discard", is a word too)
    for name in (n for n in LABELS if "_" in n):
        assert not re.search(rf"\b{name}\b", e.en + e.de), (name, e.en, e.de)
    for name in options:
        de, en = LABELS[name]
        assert f"'{en}'" in e.en and f"„{de}“" in e.de, (name, e.en, e.de)


def test_a_value_out_of_range_is_named_in_words_and_by_its_code():
    e = refused("rheinland", {"start_marks": 0})
    assert "„Schräm zu Beginn“ (start_marks)" in e.de and "'Marks at the start' (start_marks)" in e.en


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_a_choice_refused_lists_the_choices_in_the_editors_words(name):
    e = refused("rheinland", {name: "sudden_death"})
    assert e.code == "option_choice"
    # The words the editor's list shows for each value (the catalog's), in
    # the list's order, each with the code a record spells.
    shown = next(o for g in catalog(Rules.make("rheinland"))["groups"] for o in g["options"] if o["name"] == name)
    assert [c["value"] for c in shown["choices"]] == list(CHOICES[name])
    de, en = LABELS[name]
    assert e.de == (
        f"Die Regeloption „{de}“ ({name}) kennt nur: "
        + ", ".join(f"„{c['de']}“ ({c['value']})" for c in shown["choices"])
        + " – nicht „sudden_death“."
    )
    assert e.en == (
        f"The rule option '{en}' ({name}) is one of: "
        + ", ".join(f"'{c['en']}' ({c['value']})" for c in shown["choices"])
        + " – not 'sudden_death'."
    )


def test_a_choice_refusal_reads_in_words_not_a_list_of_codes():
    e = refused("rheinland", {"knock_limit": "always"})
    assert "„bis zu den eigenen Schräm“ (marks), „bis eins über die eigenen Schräm“ (marks_plus_one), „ohne Grenze“ (none)" in e.de
    assert "'up to your own marks' (marks), 'up to one above your own marks' (marks_plus_one), 'no limit' (none)" in e.en
    assert "marks, marks_plus_one, none" not in e.de + e.en
    # A long value sent is quoted shortened.
    e = refused("rheinland", {"game_end": "x" * 5000})
    assert "„xxxxxxxxxxxxxxxxxxxx…“" in e.de and len(e.de) < 600


@pytest.mark.parametrize(
    "options, name, kind",
    [
        ({"hammer": 1}, "hammer", "true or false"),
        ({"start_marks": "5"}, "start_marks", "a whole number"),
        ({"long_one_deal": 323}, "long_one_deal", "text"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_in_words(options, name, kind):
    e = refused("rheinland", options)
    de, en = LABELS[name]
    assert e.en == f"The rule option '{en}' ({name}) must be {kind}."
    assert e.de.startswith(f"Die Regeloption „{de}“ ({name}) muss ")


def _value(name: str):
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return st.booleans() | st.sampled_from([0, 1, None, "true"])
    if isinstance(default, int):
        low, high = Rules.RANGES[name]
        return st.one_of(
            st.integers(low, high),
            st.integers(low, high),
            st.integers(low - 3, high + 3),
            st.sampled_from([10**30, -(10**6), 2.0, "4", None, True]),
        )
    if name in CHOICES:
        return st.sampled_from(CHOICES[name]) | st.sampled_from(["", "clockwise ", "x"])
    return st.sampled_from(TEXT_VALUES.get(name, [default, "", "x"]))


# Values to try for each option written as free text, good and bad.
TEXT_VALUES = {"long_one_deal": ["3-2-3", "4-4", "2", "8-8", "8-9", "0-2", "-", "3--2", "a-b", "1-" * 16 + "1", ""]}


def test_every_text_option_has_values_to_try():
    text = sorted(o["name"] for g in catalog(Rules())["groups"] for o in g["options"] if o["kind"] == "text")
    missing = [name for name in text if name not in TEXT_VALUES]
    assert missing == [], (
        f"add good and bad values of {missing} to TEXT_VALUES in tests/engine/test_option_limits.py "
        "(or, for an option that is one of named values, the values to CHOICE_VALUES in core/rules.py)"
    )


CARD_OPTIONS = ["max_players", "game_end", "playoff_cards", "long_one_deal", "four_courts", "hangeln_cards"]


@st.composite
def option_sets(draw):
    """Any options at all, or (half the time) the ones that decide how many
    cards are dealt and kept, drawn together and mostly in range: that is
    where sets that deal but cannot be played hide."""
    preset = draw(st.sampled_from(PRESETS))
    if draw(st.booleans()):
        names = draw(st.lists(st.sampled_from(sorted(OPTIONS) + ["preset", "bogus"]), max_size=6, unique=True))
        options = {name: draw(_value(name)) if name in OPTIONS else draw(st.sampled_from(["rengen", 1])) for name in names}
    else:
        options = {"cards_per_hand": draw(st.integers(1, 16)), "discard": draw(st.integers(0, 15)), "cards_fit_pack": draw(st.booleans())}
        for name in draw(st.lists(st.sampled_from(CARD_OPTIONS), max_size=3, unique=True)):
            options[name] = draw(_value(name))
    return preset, options


@settings(max_examples=scaled(150))
@given(case=option_sets(), seed=st.integers(0, 2**32), data=st.data())
def test_accepted_option_sets_deal_and_end_refused_ones_say_why(case, seed, data):
    preset, options = case
    try:
        rules = Rules.make(preset, options)
    except InvalidAction as e:
        plain(e)
        return
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    game = random_game(seed, preset, players, options, max_hands=MAX_HANDS)
    assert game.specs, "no hand was dealt"
    assert game.game_over, f"{len(game.specs)} hands and the game goes on"


def test_a_player_who_leaves_before_discarding_does_not_hold_up_the_hand():
    # The first set the property test found: seat 3 passed on a knock with
    # its discard still owed, and the hand waited for it forever.
    game = random_game(3, "wipperfuerth", 4, {"cards_per_hand": 4, "discard": 1}, max_hands=MAX_HANDS)
    assert game.game_over
