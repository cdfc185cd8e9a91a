"""Bots only ever choose legal actions: many seeded games of every preset,
at every table size the preset allows, with bots of every level mixed."""

import random

import pytest

from schraem.bots import LEVELS
from schraem.cli.match import play_game
from schraem.core.cards import derive_seed
from schraem.core.rules import Rules

PRESETS = Rules.preset_names()


def checked(fn, kind, calls):
    """Wrap a bot: every action it returns must be in its view's legal list."""

    def bot(view, rng):
        action = fn(view, rng)
        calls[kind] = calls.get(kind, 0) + 1
        if action is not None:
            assert action in view["legal"], (kind, action, view["legal"])
        return action

    bot.out_of_turn = getattr(fn, "out_of_turn", False)
    return bot


def run_games(preset, games, kinds_pool, seed, bots):
    rules = Rules.make(preset)
    rng = random.Random(seed)
    calls = {}
    wrapped = {k: checked(fn, k, calls) for k, fn in bots.items()}
    for g in range(games):
        n = rng.randint(rules.min_players, min(rules.max_players, 8))
        kinds = [rng.choice(kinds_pool) for _ in range(n)]
        game = play_game(kinds, derive_seed(seed, g), g, rng.randrange(n), rules, bots=wrapped)
        assert game.game_over
        # The record replays: every action was legal when taken.
        assert game.replay().to_record() == game.to_record()
    return calls


@pytest.mark.parametrize("preset", PRESETS)
def test_random_and_heuristic_always_legal(preset, scale):
    bots = {"random": LEVELS["random"], "heuristic": LEVELS["heuristic"]}
    calls = run_games(preset, scale(60), ["random", "heuristic"], 11, bots)
    assert calls.get("heuristic", 0) > 0 and calls.get("random", 0) > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_strong_always_legal(preset, quick_strong, scale):
    bots = {"random": LEVELS["random"], "heuristic": LEVELS["heuristic"], "strong": quick_strong}
    calls = run_games(preset, scale(6), ["strong", "heuristic", "random"], 23, bots)
    assert calls.get("strong", 0) > 0


def test_app_levels_always_legal(scale):
    from schraem.bots import APP_LEVELS

    bots = {k: LEVELS[k] for k in APP_LEVELS}
    bots["random"] = LEVELS["random"]
    calls = run_games("rheinland", scale(3), list(APP_LEVELS) + ["random"], 5, bots)
    assert set(APP_LEVELS) <= set(calls)


def test_not_due_bots_do_not_have_to_act():
    """Asked out of turn, a bot may pass up the chance (None) or act legally."""
    from schraem.core.game import Game
    from schraem.core.view import view

    game = Game(["a", "b", "c", "d"], seed=3)
    game.deal()
    due = game.due()[0]
    for seat in range(1, 5):
        if seat == due:
            continue
        for level in ("heuristic", "strong", "easy"):
            a = LEVELS[level](view(game, seat), random.Random(1))
            assert a is None or a in view(game, seat)["legal"]
