"""Random play: complete games with uniformly random legal actions, used by
the CLI, the property tests and the benchmarks; and a tournament table's
series entered at random on its scoresheet, as its result file."""

from __future__ import annotations

import random
import time

from ..club import club
from ..club.transfer import table_result
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


def sheet_result(ticket: dict, rng: random.Random) -> dict:
    """A ticket's series entered on a scoresheet, every hand won by a seat
    that may win it, drawn by `rng` (a knock that must be answered first,
    a hammer's, is held): the table's result file, as its phone sends it."""
    series = club.new_series([{"name": n} for n in ticket["players"]], ticket["rules"], ticket["options"], None, None, 1, ticket)
    while not series.over:
        game = series.new_game()
        game.deal(real=True)
        while not game.game_over:
            if game.hand_over:
                game.deal(real=True)
                continue
            wins = [a for s in range(1, game.n + 1) for a in game.legal_actions(s) if a.type == "win"]
            holds = [a for s in game.due() for a in game.legal_actions(s) if a.type == "hold"]
            game.apply(rng.choice(wins) if wins else holds[0])
    return table_result(ticket, series)
