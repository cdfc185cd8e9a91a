#!/usr/bin/env python3
"""Engine speed: complete random-play hands per second and microseconds per
step (legal_actions for every seat + one of them taken), measured by the
same code in CPython and in Pyodide under Node, on both paths: the
validating one the bridge uses for a tap (`Game.apply`) and the trusted one
bots and simulations use for an action the engine itself listed
(`Game.do`).

    python bench/engine.py [--hands 500] [--runs 5] [--write]

--write puts the figures into bench/RESULTS.md (section "Engine" only).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "bench"))  # inside Pyodide too, where the script's folder is not on the path

from interpreters import in_pyodide, machine, write_section  # noqa: E402

from schraem.cli.simulate import random_game  # noqa: E402
from schraem.core.game import Game  # noqa: E402

PLAYERS = 4
RULES = "rheinland"


# apply / do: every seat's `legal_actions` asked one by one, then the
# validating or the trusted path; all: `all_legal_actions` (every seat in
# one call, what the engine's own random playouts use) and the trusted path.
PATHS = ("apply", "do", "all")


def play_hands(count: int, seed: int, path: str = "apply") -> dict:
    """Deal and finish `count` hands with uniformly random legal actions of
    any seat (out-of-turn knocks included), taking each through `path`.
    No timer inside a step (a clock read costs as much as a small engine
    call): a step's time is the hand's time less its deal's."""
    rng = random.Random(seed)
    pick = rng.random  # the random player is not the engine: cheap, not `rng.choice`
    seats = range(1, PLAYERS + 1)
    hands = steps = 0
    deal_time = 0.0
    game = None
    start = perf_counter()
    while hands < count:
        if game is None or game.game_over:
            game = Game([f"P{i}" for i in seats], RULES, dealer=rng.randrange(PLAYERS) + 1, seed=rng.randrange(2**31))
        t0 = perf_counter()
        game.deal()
        deal_time += perf_counter() - t0
        if path == "all":
            take, all_legal = game.do, game.all_legal_actions
            while not game.hand_over:
                legal = all_legal()
                take(legal[int(pick() * len(legal))])
                steps += 1
        else:
            take, legal_actions = getattr(game, path), game.legal_actions
            while not game.hand_over:
                legal = [a for seat in seats for a in legal_actions(seat)]
                take(legal[int(pick() * len(legal))])
                steps += 1
        hands += 1
    seconds = perf_counter() - start
    return {
        "hands": hands,
        "steps": steps,
        "seconds": seconds,
        "hands_per_s": hands / seconds,
        "us_per_step": (seconds - deal_time) / steps * 1e6,
        "us_per_deal": deal_time / hands * 1e6,
    }


def replays(games: int, runs: int) -> dict:
    """A take-back (`Game.undo`) replays the game's record less its last
    action: ms per replay of a whole finished game (4 players, `RULES`),
    validating every action as a record from outside is (`from_record`)
    and on the trusted path undo takes for the engine's own record
    (`trusted=True`), alternating; medians over the runs."""
    records = [random_game(seed, RULES, players=PLAYERS).to_record() for seed in range(games)]
    times: dict[str, list[float]] = {"checked": [], "trusted": []}
    for _ in range(runs):
        for name, trusted in (("checked", False), ("trusted", True)):
            start = perf_counter()
            for rec in records:
                Game.from_record(rec, trusted=trusted)
            times[name].append((perf_counter() - start) / games * 1000)
    actions = statistics.mean(sum(len(h["actions"]) for h in rec["hands"]) for rec in records)
    return {"actions": actions, **{name: statistics.median(ts) for name, ts in times.items()}}


def measure(hands: int, runs: int) -> dict:
    for path in PATHS:
        play_hands(max(20, hands // 10), seed=0, path=path)  # warm-up: imports, caches
    out = {
        "python": platform.python_version(),
        "implementation": "Pyodide" if sys.platform == "emscripten" else platform.python_implementation(),
        "runs": runs,
        "hands_per_run": hands,
    }
    # The paths alternate within each run, so load on the machine falls on both alike.
    results = {path: [] for path in PATHS}
    for run in range(runs):
        for path in PATHS:
            results[path].append(play_hands(hands, seed=run + 1, path=path))
    out["replay"] = replays(20, runs)
    for path, rs in results.items():
        out[path] = {
            "steps_per_hand": statistics.median(r["steps"] / r["hands"] for r in rs),
            "hands_per_s": statistics.median(r["hands_per_s"] for r in rs),
            "us_per_step": statistics.median(r["us_per_step"] for r in rs),
            "us_per_deal": statistics.median(r["us_per_deal"] for r in rs),
            "hands_per_s_all": [round(r["hands_per_s"], 1) for r in rs],
        }
    return out


def report(cp: dict, py: dict) -> str:
    rows = [
        "| interpreter | path | hands/s (median) | µs per step (median) | µs per deal (median) | steps per hand |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for name, res in ((f"CPython {cp['python']}", cp), (f"Pyodide ({py['python']}, Node)", py)):
        for path in PATHS:
            r = res[path]
            rows.append(
                f"| {name} | `{path}` | {r['hands_per_s']:.0f} | {r['us_per_step']:.1f} | {r['us_per_deal']:.1f} | {r['steps_per_hand']:.1f} |"
            )
    for path in PATHS:
        ratio_h = cp[path]["hands_per_s"] / py[path]["hands_per_s"]
        ratio_s = py[path]["us_per_step"] / cp[path]["us_per_step"]
        rows.append(f"| **Pyodide / CPython** | `{path}` | **{ratio_h:.2f}× slower** | **{ratio_s:.2f}× the time** | | |")
    for name, res in (("CPython", cp), ("Pyodide", py)):
        rows.append(f"| **`do` / `apply`**, {name} | | **{res['do']['hands_per_s'] / res['apply']['hands_per_s']:.2f}×** | | | |")
        rows.append(f"| **`all` / `apply`**, {name} | | **{res['all']['hands_per_s'] / res['apply']['hands_per_s']:.2f}×** | | | |")
    rows += [
        "",
        f"A take-back replays the game (`Game.undo`): ms per replay of a whole finished game ({cp['replay']['actions']:.0f} actions on average, 20 games)",
        "",
        "| interpreter | every action checked (`from_record`) | trusted (`undo`'s) | trusted / checked |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, res in ((f"CPython {cp['python']}", cp), (f"Pyodide ({py['python']}, Node)", py)):
        r = res["replay"]
        rows.append(f"| {name} | {r['checked']:.2f} | {r['trusted']:.2f} | {r['trusted'] / r['checked']:.2f} |")
    return "\n".join(rows)


def section(cp: dict, py: dict) -> str:
    return f"""## Engine

`python bench/engine.py --write` — random play through the public API:
`Game.legal_actions` for every seat, then a uniformly random legal action
(out-of-turn knocks included) taken through the validating `Game.apply` (what
the bridge does with a tap) or the trusted `Game.do` (what bots and
simulations do with an action the engine listed), or, as `all`, every seat's
actions listed in one `Game.all_legal_actions` call and taken through
`Game.do` (what the engine's own random playouts do); 4 players, `{RULES}`. One
step = the legal actions of all four seats + the random pick + one action (no
clock read inside a step: a step's time is the hands' time less the deals');
a hand includes its deal. Median of {cp['runs']} runs × {cp['hands_per_run']} hands each per path, the paths alternating
within a run, after a warm-up; the same code runs in both interpreters
(mounted into Pyodide with `mountNodeFS`).

{report(cp, py)}

Runs (hands/s): CPython `apply` {cp['apply']['hands_per_s_all']}, `do` {cp['do']['hands_per_s_all']}, `all` {cp['all']['hands_per_s_all']};
Pyodide `apply` {py['apply']['hands_per_s_all']}, `do` {py['do']['hands_per_s_all']}, `all` {py['all']['hands_per_s_all']}.
Pyodide start-up under Node (`loadPyodide`, not counted above): {py['load_s']} s.

Machine: {machine()}.
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # one interpreter, JSON out
    args = parser.parse_args(argv)
    if args.inner:
        print(json.dumps(measure(args.hands, args.runs)))
        return 0
    print(f"CPython: {args.runs} runs × {args.hands} hands …", flush=True)
    cp = measure(args.hands, args.runs)
    print("Pyodide under Node: the same …", flush=True)
    py = in_pyodide("bench/engine.py", "--hands", str(args.hands), "--runs", str(args.runs))
    print(report(cp, py))
    print(f"loadPyodide under Node: {py['load_s']} s")
    if args.write:
        print(f"wrote {write_section('Engine', section(cp, py))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
