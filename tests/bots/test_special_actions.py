"""The bots use each rule set's own special actions on purpose —
four courts exchanged (and, where only a challenge exposes it, bluffed),
challenged, turned up; pretty ones asked for — and never learn what an
opponent laid down face down."""

import random
from collections import Counter

import pytest

from schraem.bots import LEVELS
from schraem.bots.bits import card_int
from schraem.bots.common import bluff_chance, bluff_pays, challenge_chance, genuine_chance
from schraem.bots.decider import Budget, Decider
from schraem.bots.heuristic import my_chance
from schraem.bots.model import Situation
from schraem.cli.match import play_game
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

WEAK = ["7C", "7S", "7H", "7D"]  # the heuristic rates it hopeless (0.045 with four players)


def four(preset, deal, marks=None, dealer=4):
    players = [{"name": n} if marks is None else {"name": n, "marks": marks} for n in "abcd"]
    game = Game(players, preset, dealer=dealer)
    game.deal(cards=deal)
    return game


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_challenges_an_exchange_only_when_its_own_cards_make_four_courts_unlikely(level):
    for mine, challenges in ((["AC", "KS", "QC", "7D"], True), (["10C", "9S", "8C", "7D"], False)):
        game = four("siwwe_stroeoem", [["10H", "9H", "8H", "7H"], mine, ["AD", "KD", "QD", "JD"], ["10D", "9D", "8D", "JC"]])
        game.apply({"seat": 1, "type": "exchange"})  # announced, unseen: a bluff
        game.apply({"seat": 2, "type": "look"})
        v = view(game, 2)
        assert {"seat": 2, "type": "challenge", "target": 1} in v["legal"]
        assert (bluff_chance(v) > 0.5) is challenges
        action = LEVELS[level](v, random.Random(3))
        assert (action == {"seat": 2, "type": "challenge", "target": 1}) is challenges, (mine, action)


def test_the_chance_of_a_genuine_four_courts_falls_with_the_courts_i_hold():
    assert genuine_chance({"my_cards": ["10C", "9C", "8C", "7C"]}) > genuine_chance({"my_cards": ["AC", "KC", "QC", "7C"]})
    # Courts turned up face are gone as well.
    v = {"my_cards": ["10C", "9C", "8C", "7C"], "exchanges": [{"turned": [{"card": "AS"}, {"card": "KS"}]}]}
    assert genuine_chance(v) < genuine_chance({"my_cards": ["10C", "9C", "8C", "7C"]})


def hopeless_heads_up_at_three():
    """Siwwe Strööm, two players: the hammer (6 points) plays for 2, seat 1
    holds unseen, looks at four sevens and knocks to 3; seat 2 holds."""
    game = Game([{"name": "a"}, {"name": "b", "marks": 1}], "siwwe_stroeoem", dealer=2)
    game.deal(cards=[WEAK, ["10C", "10S", "10H", "10D"]])
    for a in (
        {"seat": 1, "type": "hold"},
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "look"},
        {"seat": 2, "type": "hold"},
    ):
        game.apply(a)
    return game


def test_bluffs_an_exchange_only_where_it_pays_and_then_not_always():
    """Only a challenge exposes the exchange here; a caught bluff costs 2.
    Heads-up at 3 with a hopeless hand the bluff is worth it (about 1.7
    marks expected to lose against 2.1 for keeping the hand) and is made
    about half the time; at a table of four at 1 it never is (three
    possible challengers, caught four times in five)."""
    answers = Counter()
    for seed in range(40):
        game = hopeless_heads_up_at_three()
        v = view(game, 1)
        assert {"seat": 1, "type": "exchange"} in v["legal"] and v["value"] == 3
        sit = Situation(v)
        assert bluff_pays(v, sit, my_chance(sit))
        answers[LEVELS["strong"](v, random.Random(seed))["type"]] += 1
    assert answers["exchange"] > 0 and sum(answers.values()) > answers["exchange"], answers
    for seed in range(20):
        game = four("siwwe_stroeoem", [WEAK, ["10C", "10S", "10H", "10D"], ["AD", "KD", "QD", "AC"], ["9C", "9S", "9H", "AH"]])
        game.apply({"seat": 1, "type": "look"})
        v = view(game, 1)
        assert not bluff_pays(v, Situation(v), my_chance(Situation(v)))
        assert LEVELS["strong"](v, random.Random(seed))["type"] != "exchange"
    assert challenge_chance({"my_cards": WEAK}, 3) > 0.75


def test_the_heuristic_yardstick_never_bluffs():
    for seed in range(20):
        game = hopeless_heads_up_at_three()
        assert LEVELS["heuristic"](view(game, 1), random.Random(seed))["type"] != "exchange"


def test_never_bluffs_where_the_discards_are_turned_up():
    for seed in range(20):
        game = four("wipperfuerth", [WEAK, ["10C", "10S", "10H", "10D"], ["AD", "KD", "QD", "AC"], ["9C", "9S", "9H", "AH"]])
        game.apply({"seat": 1, "type": "look"})
        assert LEVELS["strong"](view(game, 1), random.Random(seed))["type"] != "exchange"


def test_exchanges_a_real_four_courts_and_turns_an_exchange_up():
    game = four("wipperfuerth", [["AC", "KS", "QH", "JD"], WEAK, ["10C", "10S", "10H", "10D"], ["9C", "9S", "9H", "9D"]])
    game.apply({"seat": 1, "type": "look"})
    assert LEVELS["strong"](view(game, 1), random.Random(1)) == {"seat": 1, "type": "exchange"}
    game.apply({"seat": 1, "type": "exchange"})
    game.apply({"seat": 2, "type": "look"})
    a = LEVELS["heuristic"](view(game, 2), random.Random(1))
    assert a["type"] == "turn" and a["target"] == 1


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_asks_for_pretty_ones_with_a_weak_hand_and_not_with_a_strong_one(level):
    for seat, asks in ((2, True), (1, False)):
        game = four(
            "wipperfuerth",
            [["10C", "10S", "10H", "9C"], ["7C", "7S", "7H", "JD"], ["9S", "8S", "AH", "KD"], ["8C", "8H", "8D", "JC"]],
            marks=1,
        )
        # Everyone on the hammer: the hammer's knock is answered first.
        while game.hand.responders:
            s = game.hand.responders[0] + 1
            if {"seat": s, "type": "look"} in view(game, s)["legal"]:
                game.apply({"seat": s, "type": "look"})
            game.apply({"seat": s, "type": "hold"})
        if {"seat": seat, "type": "look"} in view(game, seat)["legal"]:
            game.apply({"seat": seat, "type": "look"})
        v = view(game, seat)
        assert {"seat": seat, "type": "redeal"} in v["legal"]
        action = LEVELS[level](v, random.Random(2))
        assert (action == {"seat": seat, "type": "redeal"}) is asks, (seat, action)


def test_own_discards_are_never_dealt_to_the_others_in_the_strong_bots_samples():
    game = four("siwwe_stroeoem", [["AC", "KS", "QH", "JD"], WEAK, ["10C", "10S", "10H", "10D"], ["9C", "9S", "9H", "8D"]])
    game.apply({"seat": 1, "type": "look"})
    game.apply({"seat": 1, "type": "exchange"})
    sit = Situation(view(game, 1))
    gone = sum(1 << card_int(c) for c in ["AC", "KS", "QH", "JD"])
    assert sit.out_of_play == gone and not sit.unseen() & gone
    dec = Decider(sit, random.Random(1), Budget(samples=30))
    for d in dec.deals():
        for s, m in d.items():
            assert not m & gone


@pytest.mark.parametrize("preset", ["wipperfuerth", "siwwe_stroeoem", "sebbe_schroehm"])
def test_special_actions_happen_in_play_and_are_legal(preset, quick_strong):
    """Seeded games of strong and heuristic bots: the rule set's special
    actions are taken (each one checked legal where it was made), and a
    bot's view never holds an opponent's face-down discards."""
    taken = Counter()

    def note(kind, v, action, seconds):
        for e in v.get("exchanges") or []:
            if e["seat"] != v["seat"]:
                assert "discards" not in e  # face down: only their owner sees them
        if action is not None:
            assert action in v["legal"]
            taken[action["type"]] += 1

    rules = Rules.make(preset)
    bots = {"strong": quick_strong, "heuristic": LEVELS["heuristic"]}
    for deal_set in range(8):
        for r in range(4):
            play_game(["strong", "heuristic", "heuristic", "heuristic"], 11, deal_set, r, rules, bots=bots, on_decision=note)
    assert taken["exchange"] > 0, taken
    if preset == "wipperfuerth":
        assert taken["turn"] > 0 and taken["redeal"] > 0, taken
    if preset == "sebbe_schroehm":
        assert taken["knock"] > 0, taken  # raises on lead, re-raises by a holder
