"""Random play: complete games with uniformly random legal actions, used by
the CLI, the property tests and the benchmark."""

from __future__ import annotations

import random
import time

from ..core.cards import derive_seed
from ..core.game import Game


def random_game(seed: int, rules: str = "rheinland", players: int = 4, options: dict | None = None, max_hands: int = 10_000) -> Game:
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    game = Game(names, rules, options, dealer=rng.randrange(players) + 1, seed=derive_seed(seed, 1))
    while not game.game_over and len(game.specs) < max_hands:
        hand = game.deal()
        while not hand.over:
            legal = hand.legal_all()
            game.do(rng.choice(legal))  # legal by construction: the trusted path
    return game


def simulate(games: int, seed: int, rules: str = "rheinland", players: int = 4) -> dict:
    start = time.perf_counter()
    hands = actions = 0
    winners = [0] * players
    losers = [0] * players
    for g in range(games):
        game = random_game(derive_seed(seed, g), rules, players)
        hands += len(game.specs)
        actions += sum(len(log) for log in game.logs)
        # Some variants only find a loser (first out, Tuppen, Dedenbach).
        if game.winner is not None:
            winners[game.winner - 1] += 1
        if game.loser is not None:
            losers[game.loser - 1] += 1
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "hands": hands,
        "actions": actions,
        "seconds": round(seconds, 3),
        "rules": rules,
        "players": players,
        "wins_by_seat": winners,
        "losses_by_seat": losers,
        "hands_per_second": round(hands / seconds, 1) if seconds else None,
    }
