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
`easy` (3 samples, no reading of the others' bets), `medium` (12 samples),
`hard` (the strong bot's full budget); `duel` is medium without the clock,
for the deal sets everyone plays alike (review/duel.py). DETERMINISTIC holds every level
without the clock: the match runner uses it, so seeded matches repeat.
"""

from __future__ import annotations

import time

from .decider import Budget
from .heuristic import choose_heuristic
from .simple import choose_random
from .strong import make

# Thinking per decision (deterministic: solved samples, solver nodes).
STRONG_BUDGET = Budget(samples=400, nodes=400000)
APP_BUDGETS = {
    "easy": Budget(samples=3, nodes=3000, inference=False),
    "medium": Budget(samples=12, nodes=15000),
    "hard": STRONG_BUDGET,
}
# The app: the same thinking, but never longer than the wall clock allows
# (150 ms p95 per decision in Pyodide on a phone; the cap leaves room for
# one more sample and the bridge around the decision).
APP_SECONDS = 0.1


def _capped(b: Budget) -> Budget:
    return Budget(
        samples=b.samples, nodes=b.nodes, seconds=APP_SECONDS, clock=time.perf_counter, inference=b.inference, model_cards=b.model_cards
    )


LEVELS = {
    # The app's difficulty levels first (the app falls back to the first).
    **{name: make(_capped(b)) for name, b in APP_BUDGETS.items()},
    # The ladder for tests and matches (deterministic: no clock).
    "random": choose_random,
    "heuristic": choose_heuristic,
    "strong": make(STRONG_BUDGET),
    # The computer players of a deal set (review/duel.py): medium's thinking
    # without the clock, so everyone who plays the set the same way meets
    # the same answers on any phone.
    "duel": make(APP_BUDGETS["medium"]),
}
# What the app offers, easiest first (the bridge accepts every LEVELS key).
APP_LEVELS = tuple(APP_BUDGETS)
# The same levels without the wall clock, for reproducible matches.
DETERMINISTIC = {**LEVELS, **{name: make(b) for name, b in APP_BUDGETS.items()}}


def choose(level: str, view: dict, rng) -> dict | None:
    """The action (JSON) the bot of `level` takes from `view`, or None when it
    does not want to act now."""
    return LEVELS[level](view, rng)
