"""The text notation of actions (schraem/core/actions.py): `str(action)` writes
it, `Action.parse` reads it, and the two are inverse — for every well-formed
action and every text that parses. Malformed text is an InvalidAction with a
plain message."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schraem.core.actions import PENALTY_KINDS, Action
from schraem.core.cards import DECK
from schraem.core.errors import InvalidAction

# Every shape of the notation, with the JSON it stands for.
EXAMPLES = [
    ("2:look", {"seat": 2, "type": "look"}),
    ("2:knock", {"seat": 2, "type": "knock"}),
    ("2:knock:blind", {"seat": 2, "type": "knock", "blind": True}),
    ("3:hold", {"seat": 3, "type": "hold"}),
    ("3:pass", {"seat": 3, "type": "pass"}),
    ("1:play:10H", {"seat": 1, "type": "play", "card": "10H"}),
    ("1:discard:QS", {"seat": 1, "type": "discard", "card": "QS"}),
    ("3:penalty:renege", {"seat": 3, "type": "penalty", "kind": "renege"}),
    ("3:penalty:lead_out_of_turn", {"seat": 3, "type": "penalty", "kind": "lead_out_of_turn"}),
    ("1:penalty:misdeal", {"seat": 1, "type": "penalty", "kind": "misdeal"}),
    ("4:win", {"seat": 4, "type": "win"}),
    ("2:exchange", {"seat": 2, "type": "exchange"}),
    ("3:turn:2#1", {"seat": 3, "type": "turn", "target": 2, "index": 1}),
    ("3:turn:2:7D", {"seat": 3, "type": "turn", "target": 2, "card": "7D"}),
    ("4:challenge:2", {"seat": 4, "type": "challenge", "target": 2}),
    ("4:challenge:2:AH,KH,QS,JD", {"seat": 4, "type": "challenge", "target": 2, "cards": ["AH", "KH", "QS", "JD"]}),
    ("4:challenge:2:", {"seat": 4, "type": "challenge", "target": 2, "cards": []}),
    ("1:redeal", {"seat": 1, "type": "redeal"}),
    ("12:agree", {"seat": 12, "type": "agree"}),
    ("3:refuse", {"seat": 3, "type": "refuse"}),
]


@pytest.mark.parametrize("text,obj", EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_examples_read_and_write_both_ways(text, obj):
    a = Action.parse(text)
    assert a.to_json() == obj
    assert Action.from_json(obj) == a
    assert str(a) == text


MALFORMED = [
    "",
    "knock",
    "2",
    "2:",
    ":knock",
    "0:knock",
    "02:knock",
    "+2:knock",
    " 2:knock",
    "2:knock ",
    "2 knock",
    "2:Knock",
    "2:shout",
    "2:knock:",
    "2:knock:seen",
    "2:hold:blind",
    "1:play",
    "1:play:",
    "1:play:10h",
    "1:play:11H",
    "1:play:10H:9H",
    "1:discard: QS",
    "3:penalty",
    "3:penalty:cheat",
    "3:turn",
    "3:turn:2",
    "3:turn:2#",
    "3:turn:#1",
    "3:turn:2#0",
    "3:turn:2#01",
    "3:turn:0#1",
    "3:turn:2:1",
    "3:turn:2:7D:8D",
    "3:turn:2#1:7D",
    "4:challenge",
    "4:challenge:x",
    "4:challenge:2:AH,",
    "4:challenge:2:AH;KH",
    "4:challenge:2:AH:KH",
    "1:play:10H\n",
    "１:knock",
]


@pytest.mark.parametrize("text", MALFORMED, ids=[repr(t) for t in MALFORMED])
def test_malformed_text_is_an_invalid_action_with_a_plain_message(text):
    with pytest.raises(InvalidAction) as info:
        Action.parse(text)
    err = info.value
    assert err.code == "bad_action" and err.de and err.en and "{" not in err.de + err.en


def test_only_text_is_parsed():
    for value in (None, 2, {"seat": 2, "type": "knock"}, b"2:knock"):
        with pytest.raises(InvalidAction):
            Action.parse(value)


SEATS = st.integers(1, 12)
CARDS = st.sampled_from(DECK)
PLAIN = ("look", "hold", "pass", "win", "exchange", "redeal", "agree", "refuse")

# Every well-formed action: the shapes Action.from_json accepts.
ACTIONS = st.one_of(
    st.builds(Action, SEATS, st.sampled_from(PLAIN)),
    st.builds(lambda s, b: Action(s, "knock", blind=b), SEATS, st.booleans()),
    st.builds(Action, SEATS, st.sampled_from(("play", "discard")), CARDS),
    st.builds(lambda s, k: Action(s, "penalty", kind=k), SEATS, st.sampled_from(PENALTY_KINDS)),
    st.builds(lambda s, t, i: Action(s, "turn", target=t, index=i), SEATS, SEATS, st.integers(1, 200)),
    st.builds(lambda s, t, c: Action(s, "turn", c, target=t), SEATS, SEATS, CARDS),
    st.builds(lambda s, t: Action(s, "challenge", target=t), SEATS, SEATS),
    st.builds(lambda s, t, cs: Action(s, "challenge", target=t, cards=tuple(cs)), SEATS, SEATS, st.lists(CARDS, max_size=6)),
)


@given(ACTIONS)
def test_every_action_reads_back_from_its_text(a):
    text = str(a)
    assert Action.parse(text) == a
    assert str(Action.parse(text)) == text
    assert Action.from_json(a.to_json()) == a  # the JSON spelling agrees


ALPHABET = "0123456789:#,ACDHJKQS abcdefghiklmnoprstuvwy_"


def _mutate(text: str, pos: int, char: str, how: int) -> str:
    pos %= len(text) + 1
    if how == 0:
        return text[:pos] + char + text[pos:]
    if how == 1:
        return text[:pos] + text[pos + 1 :]
    return text[:pos] + char + text[pos + 1 :]


TEXTS = st.one_of(
    st.text(ALPHABET, max_size=30),
    st.builds(_mutate, ACTIONS.map(str), st.integers(0, 40), st.sampled_from(ALPHABET), st.integers(0, 2)),
)


@given(TEXTS)
def test_any_text_either_parses_to_itself_or_is_invalid(text):
    try:
        a = Action.parse(text)
    except InvalidAction as err:
        assert err.code == "bad_action" and "{" not in err.en
        return
    assert str(a) == text
    assert Action.from_json(a.to_json()) == a
