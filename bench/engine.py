#!/usr/bin/env python3
"""Engine speed: complete random-play hands per second and microseconds per
step (legal_actions for every seat + apply of one of them), measured by the
same code in CPython and in Pyodide under Node.

    python bench/engine.py [--hands 500] [--runs 5] [--write]

--write puts the figures into bench/RESULTS.md (section "Engine" only).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.game import Game  # noqa: E402

PLAYERS = 4
RULES = "rheinland"


def play_hands(count: int, seed: int) -> dict:
    """Deal and finish `count` hands with uniformly random legal actions of
    any seat (out-of-turn knocks included), through the public, validating
    API the bridge uses."""
    rng = random.Random(seed)
    hands = steps = 0
    step_time = 0.0
    game = None
    start = perf_counter()
    while hands < count:
        if game is None or game.game_over:
            game = Game([f"P{i}" for i in range(1, PLAYERS + 1)], RULES,
                        dealer=rng.randrange(PLAYERS) + 1, seed=rng.randrange(2**31))
        game.deal()
        while not game.hand_over:
            t0 = perf_counter()
            legal = [a for seat in range(1, PLAYERS + 1) for a in game.legal_actions(seat)]
            t1 = perf_counter()
            action = rng.choice(legal)  # the random player is not the engine: not timed
            t2 = perf_counter()
            game.apply(action)
            step_time += (t1 - t0) + (perf_counter() - t2)
            steps += 1
        hands += 1
    seconds = perf_counter() - start
    return {"hands": hands, "steps": steps, "seconds": seconds,
            "hands_per_s": hands / seconds, "us_per_step": step_time / steps * 1e6}


def measure(hands: int, runs: int) -> dict:
    play_hands(max(20, hands // 10), seed=0)  # warm-up: imports, caches
    results = [play_hands(hands, seed=run + 1) for run in range(runs)]
    return {
        "python": platform.python_version(),
        "implementation": "Pyodide" if sys.platform == "emscripten" else platform.python_implementation(),
        "runs": runs, "hands_per_run": hands,
        "steps_per_hand": statistics.median(r["steps"] / r["hands"] for r in results),
        "hands_per_s": statistics.median(r["hands_per_s"] for r in results),
        "us_per_step": statistics.median(r["us_per_step"] for r in results),
        "hands_per_s_all": [round(r["hands_per_s"], 1) for r in results],
    }


def in_pyodide(hands: int, runs: int) -> dict:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench: Node.js is needed for the Pyodide figures")
    proc = subprocess.run([node, str(ROOT / "bench" / "pyodide.mjs"), "bench/engine.py", "--inner",
                           "--hands", str(hands), "--runs", str(runs)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"bench: Pyodide run failed\n{proc.stdout}\n{proc.stderr}")
    lines = proc.stdout.splitlines()
    result = json.loads(next(ln for ln in reversed(lines) if ln.startswith("{")))
    load = re.search(r"loadPyodide under Node: ([\d.]+) s", proc.stdout)
    result["load_s"] = float(load.group(1)) if load else None
    return result


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text()).group(1)
    except (OSError, AttributeError):
        pass
    try:
        mem = int(re.search(r"MemTotal:\s*(\d+)", Path("/proc/meminfo").read_text()).group(1)) / 2**20
        mem_s = f", {mem:.0f} GiB RAM"
    except (OSError, AttributeError):
        mem_s = ""
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    # The load average tells a reader whether other jobs shared the cores.
    load = f"; load average {os.getloadavg()[0]:.1f} when measured" if hasattr(os, "getloadavg") else ""
    return f"{cpu}, {os.cpu_count()} cores{mem_s}; {platform.platform()}; Node {node}{load}"


def report(cp: dict, py: dict) -> str:
    ratio_h = cp["hands_per_s"] / py["hands_per_s"]
    ratio_s = py["us_per_step"] / cp["us_per_step"]
    rows = [
        "| interpreter | hands/s (median) | µs per step (median) | steps per hand |",
        "| --- | ---: | ---: | ---: |",
        f"| CPython {cp['python']} | {cp['hands_per_s']:.0f} | {cp['us_per_step']:.1f} | {cp['steps_per_hand']:.1f} |",
        f"| Pyodide ({py['python']}, Node) | {py['hands_per_s']:.0f} | {py['us_per_step']:.1f} | {py['steps_per_hand']:.1f} |",
        f"| **Pyodide / CPython** | **{ratio_h:.2f}× slower** | **{ratio_s:.2f}× the time** | |",
    ]
    return "\n".join(rows)


def section(cp: dict, py: dict) -> str:
    return f"""## Engine

`python bench/engine.py --write` — random play through the public API
(`Game.legal_actions` for every seat, then `Game.apply` of a uniformly random
legal action, out-of-turn knocks included), 4 players, `{RULES}`. One step =
`legal_actions` for all four seats + one `apply`; a hand includes its deal.
Median of {cp['runs']} runs × {cp['hands_per_run']} hands each, after a warm-up run; the same
code runs in both interpreters (mounted into Pyodide with `mountNodeFS`).

{report(cp, py)}

Runs (hands/s): CPython {cp['hands_per_s_all']}, Pyodide {py['hands_per_s_all']}.
Pyodide start-up under Node (`loadPyodide`, not counted above): {py['load_s']} s.

Machine: {machine()}.
"""


def write_results(text: str) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text() if path.exists() else "# Benchmarks\n"
    # Replace only our own section: up to the next "## " heading or the end.
    pattern = re.compile(r"^## Engine\n.*?(?=^## |\Z)", re.S | re.M)
    new = pattern.sub(lambda _: text + "\n", old) if pattern.search(old) else old.rstrip() + "\n\n" + text
    path.write_text(new.rstrip() + "\n")
    return path


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
    py = in_pyodide(args.hands, args.runs)
    print(report(cp, py))
    print(f"loadPyodide under Node: {py['load_s']} s")
    if args.write:
        print(f"wrote {write_results(section(cp, py))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
