"""`Hand.legal` generates legal actions directly, per action type. The
oracle here is how it used to work: build every candidate and keep those
`check` accepts. Over seeded random games of every preset (and a few option
sets that reach discards, free passes and the variants' corners), for every
seat after every action, both lists must be equal — the same actions in the
same order, since bots and seeded games depend on the order."""

from __future__ import annotations

import random

import pytest
from engine_support import scaled

from schraem.core.actions import Action
from schraem.core.cards import derive_seed
from schraem.core.errors import IllegalAction
from schraem.core.game import Game
from schraem.core.rules import Rules

TARGET_INDEXES = range(1, 9)  # more than any exchange lays away


def candidates(hand, s: int) -> list[Action]:
    """Every action seat `s` (0-based) might take, in the order `legal`
    lists them; `check` sorts out which are allowed now."""
    seat = s + 1
    if not hand.in_hand[s]:
        return [Action(seat, "penalty", kind="misdeal")] if hand.real else []
    if hand.real:
        out = [Action(seat, "knock"), Action(seat, "knock", blind=True), Action(seat, "hold"), Action(seat, "pass"), Action(seat, "win")]
        out += [Action(seat, "penalty", kind=k) for k in ("renege", "lead_out_of_turn", "misdeal")]
    else:
        out = [Action(seat, "look"), Action(seat, "knock"), Action(seat, "hold"), Action(seat, "pass")]
    out.append(Action(seat, "exchange"))
    if not hand.real:  # a scoresheet's turns and challenges carry what the table saw
        for t in range(1, hand.n + 1):
            out += [Action(seat, "turn", target=t, index=k) for k in TARGET_INDEXES]
            out.append(Action(seat, "challenge", target=t))
    out += [Action(seat, "redeal"), Action(seat, "agree"), Action(seat, "refuse")]
    if not hand.real:
        out += [Action(seat, "play", c) for c in hand.cards[s]]
        out += [Action(seat, "discard", c) for c in hand.cards[s]]
    return out


def accepted(hand, s: int) -> list[Action]:
    """The old `Hand.legal`: candidates filtered by raising and catching."""
    if hand.over or not hand.dealt[s]:
        return []
    out = []
    for a in candidates(hand, s):
        try:
            hand.check(a)
        except IllegalAction:
            continue
        out.append(a)
    return out


def assert_legal_matches(hand) -> int:
    listed = 0
    for s in range(hand.n):
        legal = hand.legal(s)
        assert legal == accepted(hand, s), (s + 1, legal)
        for a in legal:
            hand.check(a)  # must not raise
        listed += len(legal)
    return listed


def play_and_compare(preset: str, options: dict | None, seed: int, real_every: int = 3) -> int:
    """A seeded random game (every `real_every`-th hand on the scoresheet),
    comparing at every state; returns how many legal actions were seen."""
    rules = Rules.make(preset, options)
    rng = random.Random(seed)
    n = rng.randint(rules.min_players, min(rules.max_players, 6))
    game = Game([f"P{i}" for i in range(1, n + 1)], preset, options, dealer=rng.randrange(n) + 1, seed=derive_seed(seed, 1))
    seen = 0
    while not game.game_over and len(game.specs) < 40:
        hand = game.deal(real=len(game.specs) % real_every == real_every - 1)
        for _ in range(500):
            seen += assert_legal_matches(hand)
            if hand.over:
                break
            game.do(rng.choice([a for s in range(hand.n) for a in hand.legal(s)]))
        assert hand.over, "the hand did not end"
    return seen


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_legal_is_what_check_accepts_in_every_preset(preset):
    seen = sum(play_and_compare(preset, None, seed) for seed in range(scaled(12, 2)))
    assert seen > 0


OPTION_SETS = [
    ("rheinland", {"four_courts": "turn", "hammer_answer_unseen": True, "pretty_ones": True}),
    ("rengen", {"discard": 1, "cards_per_hand": 5, "max_players": 6}),
    ("marienheide", {"four_courts": "challenge", "pretty_ones": True, "free_pass": True}),
    ("tuppen", {"four_courts": "exchange", "knock_by": "lead", "holder_may_knock": True}),
]


@pytest.mark.parametrize("preset,options", OPTION_SETS, ids=[p for p, _ in OPTION_SETS])
def test_legal_is_what_check_accepts_with_more_options(preset, options):
    seen = sum(play_and_compare(preset, options, seed) for seed in range(scaled(8, 2)))
    assert seen > 0


def test_a_decided_hand_lists_nothing_and_refuses_everything():
    game = Game(["A", "B", "C"], seed=5)
    hand = game.deal()
    rng = random.Random(3)
    while not hand.over:
        game.do(rng.choice([a for s in range(hand.n) for a in hand.legal(s)]))
    for s in range(hand.n):
        assert hand.legal(s) == []
        for a in candidates(hand, s):
            with pytest.raises(IllegalAction):
                hand.check(a)


def test_while_a_fresh_deal_is_asked_on_the_scoresheet():
    # Everyone on the hammer (Wipperfürth pretty ones): the hammer's knock,
    # answered, then seat 1 asks for a fresh deal.
    game = Game([{"name": n, "marks": 1} for n in "ABC"], "wipperfuerth", dealer=3)
    hand = game.deal(real=True)
    for text in ("2:hold", "3:hold", "1:redeal"):
        assert_legal_matches(hand)
        game.apply(Action.parse(text))
    assert_legal_matches(hand)
    # Only the answer, and a misdeal (which voids any hand), are open.
    assert [str(a) for a in hand.legal(1)] == ["2:penalty:misdeal", "2:agree", "2:refuse"]
    assert [str(a) for a in hand.legal(2)] == ["3:penalty:misdeal"]
