"""Every illegal action is refused with IllegalAction (code = the rule) and
leaves the state unchanged (record and every seat's view compared); malformed
actions raise InvalidAction; messages exist in German and English."""

from __future__ import annotations

import os
import re
import string

import pytest
from engine_support import PRESETS, action, new_game, play, play_out, real_game, refused

import schraem
from schraem.core.errors import MESSAGES, IllegalAction, InvalidAction, NoGame, RecordError, SchraemError
from schraem.core.game import Game

D4 = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]
FOLLOW = [["10H", "9C", "8C", "7C"], ["9H", "10C", "8D", "7D"], ["10D", "9D", "10S", "9S"], ["KH", "JD", "8S", "7S"]]


def test_error_classes_are_value_errors():
    for cls in (IllegalAction, InvalidAction, RecordError, NoGame):
        assert issubclass(cls, SchraemError) and issubclass(cls, ValueError)
    assert not issubclass(IllegalAction, InvalidAction) and not issubclass(InvalidAction, IllegalAction)
    assert RecordError("bad_record", detail="x").to_json()["kind"] == "CorruptSave"


def _fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_message_exists_in_german_and_english():
    assert MESSAGES
    for code, pair in MESSAGES.items():
        assert isinstance(pair, tuple) and len(pair) == 2, code
        de, en = pair
        assert de.strip() and en.strip() and de != en, code
        assert _fields(de) == _fields(en), code


def _engine_sources():
    root = os.path.dirname(schraem.__file__)
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                    yield f, fh.read()


def test_every_error_code_raised_by_the_engine_has_both_messages():
    pattern = re.compile(r"\b(?:IllegalAction|InvalidAction|RecordError|NoGame|SchraemError)\(\s*\"(\w+)\"")
    found = {}
    for name, text in _engine_sources():
        for m in pattern.finditer(text):
            found.setdefault(m.group(1), name)
    assert "knock_twice" in found and "bad_action" in found  # the scan works
    missing = {code: where for code, where in found.items() if code not in MESSAGES}
    assert not missing, f"give each code its German and English message in MESSAGES, engine/schraem/core/errors.py: {missing}"


def _fmt_ok(err: SchraemError):
    assert err.de and err.en and err.de != err.en
    for text in (err.de, err.en, str(err)):
        assert "{" not in text and "}" not in text, text
    j = err.to_json()
    assert set(j) >= {"kind", "code", "de", "en"} and j["code"] == err.code


# Each case: (preset or None for both, setup(preset) -> game, action, code)
def _d4(p):
    return new_game(D4, p)


def _knocked(p):
    g = new_game(D4, p)
    play(g, "2:knock")
    return g


def _held(p):
    g = new_game(D4, p)
    play(g, "2:knock", "3:hold", "4:hold", "1:hold")
    return g


def _follow(p):
    g = new_game(FOLLOW, p)
    play(g, "1:play:10H")
    return g


def _passed(p):
    g = new_game(D4, p)
    play(g, "2:knock", "3:pass", "4:hold", "1:hold")
    return g


def _at_seven(p):
    g = new_game(D4, p)
    play(g, "1:look", "2:look")
    for step in range(6):
        k = 1 + step % 2
        play(g, f"{k}:knock", *[f"{(k + i - 1) % 4 + 1}:hold" for i in range(1, 4)])
    return g


def _blind_limit(p):
    g = new_game(D4, p)
    limit = 4 if p == "rheinland" else 3
    seat = 1
    while g.hand.value < limit:
        play(g, f"{seat}:knock", *[f"{(seat + i - 1) % 4 + 1}:hold" for i in range(1, 4)])
        seat += 1
    return g


def _three_marks_at_three(p):
    g = new_game(D4, p, marks=[3, 7, 7, 7])
    play(g, "1:look", "2:knock", "3:hold", "4:hold", "1:hold", "3:knock", "4:hold", "1:hold", "2:hold")
    return g


def _over(p):
    g = new_game(D4, p)
    play_out(g)
    return g


def _game_over(p):
    g = new_game(D4[:2], p, marks=[1, 1], dealer=2)
    play(g, "2:pass")
    assert g.game_over
    return g


def _real(p):
    return real_game(4, p)


def _real_knocked(p):
    g = real_game(4, p)
    play(g, "1:knock")
    return g


def _no_hand(p):
    return Game(["A", "B"], p)


ILLEGAL = [
    (_d4, "2:play:10C", "not_your_turn"),
    (_d4, "1:play:10C", "card_not_held"),
    (_d4, "2:hold", "no_knock_to_answer"),
    (_d4, "1:win", "win_real_only"),
    (_d4, "1:penalty:renege", "penalty_real_only"),
    (_d4, "1:penalty:misdeal", "penalty_real_only"),
    (_knocked, "3:knock", "knock_during_answers"),
    (_knocked, "4:hold", "not_your_answer"),
    (_knocked, "2:hold", "not_your_answer"),
    (_knocked, "1:play:10H", "answer_first"),
    (_held, "2:knock", "knock_twice"),
    (_follow, "2:play:10C", "must_follow"),
    (_follow, "3:play:10D", "not_your_turn"),
    (_passed, "3:knock", "not_in_hand"),
    (_passed, "3:look", "not_in_hand"),
    (_passed, "3:pass", "not_in_hand"),
    (_passed, "3:play:10D", "not_in_hand"),
    (_at_seven, "3:knock", "knock_max"),
    (_blind_limit, "4:knock", "knock_blind"),
    (_three_marks_at_three, "1:knock", "knock_marks"),
    (_over, "2:knock", "hand_over"),
    (_over, "2:look", "hand_over"),
    (_game_over, "1:knock", "game_over"),
    (_real, "1:play:10H", "not_real_cards"),
    (_real, "1:look", "not_real_cards"),
    (_real, "1:hold", "no_knock_to_answer"),
    (_real_knocked, "4:win", "win_during_answers"),
    (_real_knocked, "3:hold", "not_your_answer"),
    (_real_knocked, "3:knock:blind", "knock_during_answers"),
    (_no_hand, "1:knock", "no_hand"),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("setup,act,code", ILLEGAL, ids=[f"{s.__name__}-{a}-{c}" for s, a, c in ILLEGAL])
def test_illegal_action_refused_state_unchanged(preset, setup, act, code):
    g = setup(preset)
    err = refused(g, act, code)
    assert isinstance(err, IllegalAction) and err.kind == "IllegalAction"
    _fmt_ok(err)
    # game.check refuses the same way without applying
    with pytest.raises(IllegalAction) as e2:
        g.check(action(act))
    assert e2.value.code == code


def test_rheinland_pass_without_knock():
    err = refused(new_game(D4, "rheinland"), "2:pass", "pass_needs_knock")
    _fmt_ok(err)


MALFORMED = [
    "knock",
    None,
    3,
    [],
    {"type": "knock"},
    {"seat": 0, "type": "knock"},
    {"seat": -1, "type": "knock"},
    {"seat": "1", "type": "knock"},
    {"seat": True, "type": "knock"},
    {"seat": 1.0, "type": "knock"},
    {"seat": 5, "type": "knock"},
    {"seat": 1},
    {"seat": 1, "type": "shout"},
    {"seat": 1, "type": None},
    {"seat": 1, "type": "play"},
    {"seat": 1, "type": "play", "card": "11H"},
    {"seat": 1, "type": "play", "card": 10},
    {"seat": 1, "type": "play", "card": ""},
    {"seat": 1, "type": "play", "card": "10X"},
    {"seat": 1, "type": "knock", "card": "10H"},
    {"seat": 1, "type": "knock", "blind": "yes"},
    {"seat": 1, "type": "hold", "extra": 1},
    {"seat": 1, "type": "penalty", "kind": "cheat"},
    {"seat": 1, "type": "penalty"},
    {"seat": 1, "type": "knock", "blind": True},
]


# Actions read from JSON are kept by (seat, type, card) and handed out again:
# an object that only compares equal to one read before (True == 1, an extra
# field, a card that is no text) is still read in full and refused.
LOOK_ALIKES = [
    ({"seat": 1, "type": "knock"}, {"seat": True, "type": "knock"}),
    ({"seat": 1, "type": "knock"}, {"seat": 1, "type": "knock", "card": None}),
    ({"seat": 1, "type": "knock"}, {"seat": 1, "type": "knock", "extra": None}),
    ({"seat": 1, "type": "play", "card": "10H"}, {"seat": True, "type": "play", "card": "10H"}),
    ({"seat": 1, "type": "play", "card": "10H"}, {"seat": 1, "type": "play", "card": "10H", "blind": False}),
    ({"seat": 1, "type": "knock", "blind": True}, {"seat": 1, "type": "knock", "blind": 1}),
]


@pytest.mark.parametrize("good,bad", LOOK_ALIKES, ids=[repr(b) for _, b in LOOK_ALIKES])
def test_an_action_read_before_lets_no_look_alike_in(good, bad):
    from schraem.core.actions import Action

    assert Action.from_json(good) == Action.from_json(dict(good))
    with pytest.raises(InvalidAction):
        Action.from_json(bad)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bad", MALFORMED, ids=[repr(b) for b in MALFORMED])
def test_malformed_action_is_invalid_and_changes_nothing(preset, bad):
    g = new_game(D4, preset)
    play(g, "1:play:10H")
    err = refused(g, bad, exc=InvalidAction, raw=True)
    assert err.kind == "InvalidAction"
    _fmt_ok(err)


@pytest.mark.parametrize("preset", PRESETS)
def test_malformed_scoresheet_actions(preset):
    g = real_game(4, preset)
    for bad in (
        {"seat": 1, "type": "penalty", "kind": "sleeping"},
        {"seat": 1, "type": "knock", "blind": 1},
        {"seat": 9, "type": "win"},
        {"seat": 1, "type": "win", "card": "10H"},
    ):
        _fmt_ok(refused(g, bad, exc=InvalidAction))


def test_german_and_english_texts_of_a_rule_error():
    g = new_game(D4)
    play(g, "2:knock", "3:hold", "4:hold", "1:hold")
    err = refused(g, "2:knock", "knock_twice")
    assert "klopf" in err.de.lower() and "knock" in err.en.lower()
    g = new_game(FOLLOW)
    play(g, "1:play:10H")
    err = refused(g, "2:play:10C", "must_follow")
    assert "♥" in err.de and "♥" in err.en and "Farbe" in err.de and "suit" in err.en


def test_bad_setup_is_invalid():
    for players in (
        [],
        ["A"],
        "AB",
        [{"name": ""}, {"name": "B"}],
        [{"name": "A", "marks": -1}, "B"],
        [{"name": "A", "marks": 0}, {"name": "B", "marks": 0}],
        [{"name": "A", "colour": 1}, "B"],
    ):
        with pytest.raises(InvalidAction):
            Game(players)
    with pytest.raises(InvalidAction):
        Game(["A", "B"], "nowhere")
    with pytest.raises(InvalidAction):
        Game(["A", "B"], options={"blind_max": "four"})
    with pytest.raises(InvalidAction):
        Game(["A", "B"], options={"no_such_rule": 1})
    with pytest.raises(InvalidAction):
        Game(["A", "B"], dealer=3)
    with pytest.raises(InvalidAction):
        Game([{"name": "A", "marks": 0}, "B", "C"], dealer=1)  # a dealer with no marks


def test_legal_actions_rejects_bad_seats():
    g = new_game(D4)
    for bad in (0, 5, "1", True, None):
        with pytest.raises(InvalidAction):
            g.legal_actions(bad)
