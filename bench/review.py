#!/usr/bin/env python3
"""The game review's benchmark. Standard library only; run from
the repository root.

    python bench/review.py [--games 12 --hands 10 --seed 25 --preset rheinland]
    python bench/review.py --browser [--throttle 4 --hands 10 --runs 3 --preset rheinland]

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
Under a four-courts preset (`--preset wipperfuerth`, `siwwe_stroeoem`,
`sebbe_schroehm`) the bots not due are asked before each move whether they
want to exchange, challenge or turn (as the match runner asks them), and the
review's `exchange`, `challenge` and `turn` decisions are counted as well:
their time per weighing on its own (`court_ms_per_decision`) and their
agreement in the tables above.
With --browser: the app itself (dist/ built by build.py, its own server,
headless Chromium as a Pixel 7, the CPU throttled through the DevTools
protocol): a finished `--hands`-hand game against three computer players
is stored, the review is tapped, and the time until its result is drawn is
measured — the worker weighing every decision, one request each, the page
drawing the progress bar between them.
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
from schraem.cli.match import play_hand  # noqa: E402
from schraem.core.cards import derive_seed  # noqa: E402
from schraem.core.game import Game  # noqa: E402
from schraem.core.view import view  # noqa: E402
from schraem.review.courts import KINDS as COURT_KINDS  # noqa: E402
from schraem.review.review import NOISE, REVIEW_BUDGET, Review  # noqa: E402


def bot_game(seed: int, hands: int, marks: int | None = None, preset: str = "rheinland") -> dict:
    bot = make(REVIEW_BUDGET)
    game = Game([{"name": f"P{i}", **({"marks": marks} if marks else {})} for i in range(1, 5)], preset, seed=seed)
    courts = game.rules.four_courts != "none"
    for _ in range(hands):
        if game.game_over:
            break
        game.deal()
        if courts:
            # Exchanges and checks are made by bots not due: ask everyone.
            h = len(game.specs)
            play_hand(game, ["strong"] * 4, {"strong": bot}, {"strong"}, lambda step, s, out, h=h: derive_seed(seed, h, step, s, int(out)))
            continue
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


def browser(args) -> dict:
    """The review of a finished game in the app, CPU throttled."""
    import importlib.util
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    from schraem.bridge import Bridge

    spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    record = bot_game(args.seed, args.hands, marks=15, preset=args.preset)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "medium"}] * 3
    save = {"format": "schraem-save/1", "record": record, "table": {"players": seats, "seed": args.seed}}
    reply = json.loads(Bridge().handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": save, "viewer": 1}})))
    state = {k: v for k, v in reply["result"].items() if k != "save"}
    shell = json.dumps(
        {"format": "schraem-shell/1", "savedAt": 0, "save": reply["result"]["save"], "state": state, "viewer": 1, "handoff": None}
    )
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        dist = build.build(Path(tmp) / "dist", quiet=True)
        server = build.serve(dist, 0)
        url = f"http://127.0.0.1:{server.server_address[1]}/?pace=fast"
        try:
            with sync_playwright() as p:
                exe = shutil.which("chromium") or shutil.which("chromium-browser")
                b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
                for _ in range(args.runs):
                    ctx = b.new_context(**p.devices["Pixel 7"])
                    page = ctx.new_page()
                    page.goto(url)
                    page.evaluate("(v) => localStorage.setItem('schraem.game', v)", shell)
                    page.reload()
                    page.wait_for_function("() => document.documentElement.dataset.shell === 'ready'", timeout=300_000)
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    page.locator('[data-action="review-open"]').first.tap()
                    start = time.perf_counter()
                    page.wait_for_selector(".review-total", timeout=600_000)
                    took = time.perf_counter() - start
                    total = page.evaluate("() => document.querySelectorAll('.review-decision').length")
                    runs.append({"seconds": round(took, 2), "decisions": total})
                    ctx.close()
                version = b.version
                b.close()
        finally:
            server.shutdown()
    secs = [r["seconds"] for r in runs]
    per = [1000 * r["seconds"] / max(1, r["decisions"]) for r in runs]
    return {
        "runtime": f"the app in headless Chromium {version}",
        "preset": args.preset,
        "cpu_throttling": args.throttle,
        "hands": len(record["hands"]),
        "runs": runs,
        "s_per_game_median": round(statistics.median(secs), 2),
        "ms_per_decision_median": round(statistics.median(per), 1),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--preset", default="rheinland")
    args = ap.parse_args()
    if args.browser:
        print(json.dumps(browser(args), indent=1))
        return
    steps, per_game, court_steps = [], [], []
    agree = {"self": {}, "review": {}, "marks": {}}
    decisions = 0
    for g in range(args.games):
        record = bot_game(args.seed + g, args.hands, preset=args.preset)
        r = Review(record, 1, seed=1000 + g)
        start = time.perf_counter()
        while not r.finished:
            t = time.perf_counter()
            made = r.step()
            steps.append(time.perf_counter() - t)
            if any(e["kind"] in COURT_KINDS for e in made):
                court_steps.append(steps[-1])
        per_game.append(time.perf_counter() - start)
        runs = (
            ("marks", r.result(), NOISE),
            ("review", Review(record, 1, seed=2000 + g, unit="equity").run(), 0.01),
            ("self", Review(record, 1, seed=3000 + g, unit="equity", sure_holds=False).run(), 0.01),
        )
        for unit, result, near in runs:
            for hand in result["hands"]:
                for e in hand["decisions"]:
                    k = agree[unit].setdefault(e["kind"], [0, 0, 0])
                    k[0] += e["chosen"] == e["best"] or e["cost"] < 1e-9
                    k[1] += e["cost"] < near
                    k[2] += 1
                    decisions += unit == "marks"
    out = {
        "python": sys.version.split()[0],
        "preset": args.preset,
        "games": args.games,
        "hands_per_game": args.hands,
        "samples": REVIEW_BUDGET.samples,
        "decisions": decisions,
        "steps": len(steps),
        "ms_per_decision": {
            "p50": round(1000 * statistics.median(steps), 1),
            "p95": round(1000 * pct(steps, 0.95), 1),
            "max": round(1000 * max(steps), 1),
        },
        "s_per_game": {"median": round(statistics.median(per_game), 2), "max": round(max(per_game), 2)},
        "court_ms_per_decision": {
            "n": len(court_steps),
            **(
                {"p50": round(1000 * statistics.median(court_steps), 1), "p95": round(1000 * pct(court_steps, 0.95), 1)}
                if court_steps
                else {}
            ),
        },
        "agreement": {
            unit: {
                "all": share(kinds.values(), 0),
                "all_near": share(kinds.values(), 1),
                **{k: {"agree": share([v], 0), "near": share([v], 1), "n": v[2]} for k, v in sorted(kinds.items())},
            }
            for unit, kinds in agree.items()
        },
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
