"""A phone's engine in a face-down hand (core/facedown_completion.py): a
place opened with another card than the completion held there has the two
unseen cards swap places, and the hand is then what dealing the new
completion and taking every action again gives, seen from every seat."""

from __future__ import annotations

import random

import pytest

from schraem.core.facedown_completion import swap_opened, take_trusting
from schraem.core.facedown_game import deal_of, plan_for
from schraem.core.game import Game
from schraem.core.view import view

NAMES = ["Anne", "Bernd", "Carla", "Dora"]


def dealt(record: dict, plan, order: list[str], actions: list[dict]) -> Game:
    game = Game.from_record(record)
    hands, stock = deal_of(plan, order)
    game.deal(cards=hands, stock=stock)
    for a in actions:
        take_trusting(game, a)  # (following suit, say, hangs on unseen cards)
    return game


@pytest.mark.parametrize("rules", ["rheinland", "rengen", "marienheide", "siwwe_schroehm", "tuppen"])
@pytest.mark.parametrize("seed", range(12))
def test_two_unseen_cards_swapped_are_the_hand_dealt_again(rules: str, seed: int) -> None:
    rng = random.Random(seed)
    n = 4 if rules == "siwwe_schroehm" else 3 + seed % 2
    record = Game(NAMES[:n], rules, seed=seed).to_record()
    plan = plan_for(Game.from_record(record), "table")
    completion = list(plan.cards)
    rng.shuffle(completion)
    game = dealt(record, plan, completion, [])
    actions: list[dict] = []
    for _ in range(rng.randrange(12)):
        legal = [a for s in range(1, n + 1) for a in game.legal_actions(s)]
        if game.hand_over or not legal:
            break
        a = rng.choice(legal)
        game.apply(a.to_json())
        actions.append(a.to_json())
    played = {a["card"] for a in actions if a["type"] == "play"}
    known = {p: c for p, c in enumerate(completion) if c in played}
    # More places open (a card played, a hand looked at: up to a hand's
    # cards at once), each with a card the completion holds at an unseen
    # place, none with the card it holds there.
    dealt_places = [p for places in plan.dealt[: plan.game_seats] for p in places if p not in known]
    opened = rng.sample(dealt_places, rng.randint(1, min(4, len(dealt_places))))
    cards = rng.sample([c for p, c in enumerate(completion) if p not in known], len(opened))
    if any(completion[p] == c for p, c in zip(opened, cards)):
        cards = cards[1:] + cards[:1]
    known.update(zip(opened, cards))
    order = list(completion)
    assert swap_opened(game, order, known)
    assert all(order[p] == c for p, c in known.items()) and sorted(order) == sorted(completion)
    again = dealt(record, plan, order, actions)
    for seat in range(1, n + 1):
        assert view(game, seat) == view(again, seat), seat
    assert game.hand is not None and again.hand is not None
    assert [[str(c) for c in cards] for cards in game.hand.cards or []] == [[str(c) for c in cards] for cards in again.hand.cards or []]
    assert [str(c) for c in game.hand.stock or []] == [str(c) for c in again.hand.stock or []]


@pytest.mark.parametrize("rules", ["wipperfuerth", "siwwe_stroeoem", "sebbe_schroehm"])
def test_where_a_hand_keeps_facts_of_its_unseen_cards_nothing_is_swapped(rules: str) -> None:
    record = Game(NAMES[:3], rules, seed=3).to_record()
    plan = plan_for(Game.from_record(record), "table")
    completion = list(plan.cards)
    game = dealt(record, plan, completion, [])
    place = plan.dealt[0][0]
    known = {place: completion[-1]}
    order = list(completion)
    assert not swap_opened(game, order, known) and order == completion
