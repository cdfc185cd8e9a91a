"""The bots knock out of turn and before looking when it pays, and
the strong bot's betting is mixed where its options are close, so it cannot
be read off its hand."""

import random
from collections import Counter

from schraem.bots import LEVELS, strong
from schraem.bots.decider import Budget
from schraem.bots.model import Situation
from schraem.cli.match import play_game
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view


def test_heuristic_knocks_out_of_turn_only_with_a_hand_well_above_its_bar():
    """Every seat not due, cards seen, a knock allowed, at every state of
    seeded heuristic games: it knocks exactly when its chance clears the
    knocking bar by the out-of-turn margin, and both happen."""
    from schraem.bots.heuristic import INTERJECT_MARGIN, my_chance, wants_knock

    answers = Counter()
    for seed in range(60):
        game = Game(["a", "b", "c", "d"], seed=seed, dealer=4)
        rng = random.Random(seed)
        game.deal()
        while not game.hand_over:
            due = game.due()[0]
            for seat in range(1, 5):
                v = view(game, seat)
                if seat == due or v["my_cards"] is None or {"seat": seat, "type": "knock"} not in v["legal"]:
                    continue
                action = LEVELS["heuristic"](v, rng)
                sit = Situation(v)
                assert (action == {"seat": seat, "type": "knock"}) is wants_knock(sit, margin=INTERJECT_MARGIN), (action, my_chance(sit))
                answers[action is not None] += 1
            game.apply(LEVELS["heuristic"](view(game, due), rng))
    assert answers[True] > 0 and answers[False] > 10 * answers[True], answers


def test_a_bot_that_has_not_looked_does_not_knock_out_of_turn():
    game = Game([{"name": "a"}, {"name": "b"}], options={"cards_per_hand": 1}, dealer=2)
    game.deal(cards=[["8C"], ["10H"]])
    for level in ("heuristic", "strong"):
        assert LEVELS[level](view(game, 2), random.Random(1)) is None


def test_bets_out_of_turn_and_blind_happen_in_play_and_are_legal(quick_strong):
    """Seeded rheinland games, strong against heuristic bots: every kind of
    knock occurs, each one legal where it was made (apply validates it)."""
    seen = Counter()

    def note(kind, v, action, seconds):
        if action is None or action["type"] != "knock":
            return
        assert action in v["legal"]
        if v["turn"] != v["seat"]:
            seen[kind, "out of turn"] += 1
        elif v["my_cards"] is None:
            seen[kind, "blind"] += 1
        else:
            seen[kind, "seen"] += 1

    rules = Rules.make("rheinland")
    bots = {"strong": quick_strong, "heuristic": LEVELS["heuristic"]}
    for deal_set in range(12):
        for r in range(4):
            play_game(["strong", "heuristic", "heuristic", "heuristic"], 7, deal_set, r, rules, bots=bots, on_decision=note)
    assert seen["strong", "out of turn"] > 0, seen
    assert seen["strong", "blind"] > 0, seen
    assert seen["heuristic", "out of turn"] > 0, seen
    assert seen["strong", "seen"] > seen["strong", "blind"], seen


class _Rng:
    def __init__(self, u):
        self.u = u

    def random(self):
        return self.u


class _Dec:
    def __init__(self, u):
        self.rng = _Rng(u)


def test_betting_is_mixed_near_indifference_and_firm_far_from_it():
    # The same equity gain gives different answers for different draws near
    # zero, and the same answer for every draw far from it.
    assert strong._mixed(_Dec(0.3), 0.0) and not strong._mixed(_Dec(0.7), 0.0)
    assert strong._mixed(_Dec(0.3), -0.005) and not strong._mixed(_Dec(0.5), -0.005)
    assert all(strong._mixed(_Dec(u / 10), 0.2) for u in range(10))
    assert not any(strong._mixed(_Dec(u / 10), -0.2) for u in range(1, 10))


def test_the_strong_bot_sometimes_knocks_the_same_hand_and_sometimes_not():
    """A hand near the knocking bar, decided with many seeds: both answers
    occur (an opponent cannot read the hand off the bet)."""
    found = False
    for seed in range(40):
        game = Game(["a", "b", "c", "d"], seed=seed, dealer=4)
        game.deal()
        game.apply({"seat": 1, "type": "look"})
        v = view(game, 1)
        report = {}
        strong.decide(v, random.Random(0), Budget(samples=20, nodes=20000), report)
        if "e_knock" not in report or report["e_knock"] is None:
            continue
        if abs(report["e_knock"] - report["e_stay"]) < strong.MIX / 2:
            answers = {strong.decide(v, random.Random(k), Budget(samples=20, nodes=20000))["type"] for k in range(30)}
            assert answers == {"knock", "play"}, answers
            found = True
            break
    assert found, "no hand near the knocking bar in 40 deals"


def test_situation_of_an_unseen_hand_samples_my_cards_too():
    game = Game(["a", "b", "c", "d"], seed=3, dealer=4)
    game.deal()
    sit = Situation(view(game, 1))
    assert sit.my_cards is None and sit.hidden_count(0) == 4
