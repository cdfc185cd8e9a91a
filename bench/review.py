#!/usr/bin/env python3
"""The game review's benchmark (issue 25). Standard library only; run from
the repository root.

    python bench/review.py [--games 12 --hands 10 --seed 25]

Plays seeded games of four strong bots thinking with the review's own
budget (no clock), then reviews seat 1 of each game:
- time per decision (one `Review.step`, marks), p50 and p95, and per game;
- agreement: how often the bot's own choice is the review's best choice,
  by kind of decision, three ways: `self` — the review with the bot's own
  player model, in its own unit (equity), another seed: only the sampling
  noise differs; `review` — the review's model (the others hold whenever
  they force the last trick), in equity; `marks` — the app's review.
  `near` also counts a choice within the noise of the best (0.01 equity,
  review.NOISE marks): the bot mixes its bets where they are that close.
Prints JSON; bench/RESULTS.md ("Game review") records the figures.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.bots.strong import make  # noqa: E402
from schraem.game import Game  # noqa: E402
from schraem.review import NOISE, REVIEW_BUDGET, Review  # noqa: E402
from schraem.view import view  # noqa: E402


def bot_game(seed: int, hands: int) -> dict:
    bot = make(REVIEW_BUDGET)
    game = Game([f"P{i}" for i in range(1, 5)], seed=seed)
    for _ in range(hands):
        if game.game_over:
            break
        game.deal()
        while not game.hand_over:
            for s in game.due():
                a = bot(view(game, s), random.Random(seed * 7919 + len(game.specs) * 101 + len(game.logs[-1])))
                if a is not None:
                    game.apply(a)
                    break
    return game.to_record()


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def share(counts, i: int) -> float:
    counts = list(counts)
    return round(sum(c[i] for c in counts) / max(1, sum(c[2] for c in counts)), 3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args()
    steps, per_game = [], []
    agree = {"self": {}, "review": {}, "marks": {}}
    decisions = 0
    for g in range(args.games):
        record = bot_game(args.seed + g, args.hands)
        r = Review(record, 1, seed=1000 + g)
        start = time.perf_counter()
        while not r.finished:
            t = time.perf_counter()
            r.step()
            steps.append(time.perf_counter() - t)
        per_game.append(time.perf_counter() - start)
        runs = (("marks", r.result(), NOISE), ("review", Review(record, 1, seed=2000 + g, unit="equity").run(), 0.01),
                ("self", Review(record, 1, seed=3000 + g, unit="equity", sure_holds=False).run(), 0.01))
        for unit, result, near in runs:
            for hand in result["hands"]:
                for e in hand["decisions"]:
                    k = agree[unit].setdefault(e["kind"], [0, 0, 0])
                    k[0] += e["chosen"] == e["best"] or e["cost"] < 1e-9
                    k[1] += e["cost"] < near
                    k[2] += 1
                    decisions += unit == "marks"
    out = {
        "python": sys.version.split()[0], "games": args.games, "hands_per_game": args.hands, "samples": REVIEW_BUDGET.samples,
        "decisions": decisions, "steps": len(steps),
        "ms_per_decision": {"p50": round(1000 * statistics.median(steps), 1), "p95": round(1000 * pct(steps, 0.95), 1),
                            "max": round(1000 * max(steps), 1)},
        "s_per_game": {"median": round(statistics.median(per_game), 2), "max": round(max(per_game), 2)},
        "agreement": {unit: {"all": share(kinds.values(), 0), "all_near": share(kinds.values(), 1),
                             **{k: {"agree": share([v], 0), "near": share([v], 1), "n": v[2]} for k, v in sorted(kinds.items())}}
                      for unit, kinds in agree.items()},
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
