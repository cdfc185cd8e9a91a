"""Computer opponents. Every bot sees only its seat's view (schraem.view): a
bot is a function (view: dict, rng) -> action dict or None (None: it does not
want to act now), and nothing else reaches it.

The ladder, weakest first:
- `random`: any legal action (for tests).
- `heuristic`: sensible card play, bets from hand strength and the marks.
- `strong`: samples the hidden cards, solves each sample's card play exactly
  and bets by the game equity of each option (deterministic budget).

App difficulty levels (APP_LEVELS, what the app offers) are the strong bot
with less or more thinking, capped by the wall clock on the phone:
`easy`, `medium`, `hard`.
"""
from __future__ import annotations

import time

from .heuristic import choose_heuristic
from .simple import choose_easy, choose_random
from .strong import Budget, make

# Deterministic budgets (samples per decision, solver nodes per decision).
STRONG_BUDGET = Budget(samples=40, nodes=60000)
# The app: the same thinking, but never longer than the wall clock allows
# (150 ms p95 per decision on a phone; the cap leaves room for the rest).
APP_SECONDS = 0.12

LEVELS = {
    "random": choose_random,
    "heuristic": choose_heuristic,
    "strong": make(STRONG_BUDGET),
    "easy": make(Budget(samples=4, nodes=4000, inference=False, seconds=APP_SECONDS, clock=time.perf_counter)),
    "medium": make(Budget(samples=12, nodes=15000, seconds=APP_SECONDS, clock=time.perf_counter)),
    "hard": make(Budget(samples=40, nodes=60000, seconds=APP_SECONDS, clock=time.perf_counter)),
    "simple": choose_easy,
}
# What the app offers, easiest first (the bridge accepts every LEVELS key).
APP_LEVELS = ("easy", "medium", "hard")


def choose(level: str, view: dict, rng) -> dict | None:
    """The action (JSON) the bot of `level` takes from `view`, or None when it
    does not want to act now."""
    return LEVELS[level](view, rng)
