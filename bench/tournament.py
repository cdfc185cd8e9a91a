#!/usr/bin/env python3
"""A championship on one organiser's phone: 300 players, 75 tables, five
series, driven through the bridge exactly as the app's worker does (a JSON
request in, a JSON reply out: the organiser's screen and what changed in
the tournament), in CPython and in Pyodide under Node (bench/pyodide.mjs,
the same code).

  draw_ms      "Serie k auslosen" (op start_series), per series
  ticket_ms    one table's ticket (op ticket), p50 / p95 over 375
  import_ms    one table's result read in (op import), p50 / p95 over 375,
               in random order
  state_ms     the baseline: the screen with the whole tournament (op
               state), what every step answered before steps answered
               only what changed
  reply_bytes  the largest reply of a step (the screen and a patch)
  whole_bytes  the screen with the whole tournament (op state)
  save_bytes   the tournament as saved after the last import (JSON)

The tables' results are played beforehand (short games on the scoresheet,
untimed). Goal: every step ≤ 100 ms in Pyodide, the save ≤ 2 MB.

    python bench/tournament.py [--players 300] [--write]
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
from datetime import date
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "bench"))  # inside Pyodide too, where the script's folder is not on the path

from interpreters import both  # noqa: E402

from schraem.bridge import Bridge  # noqa: E402
from schraem.cli.simulate import sheet_result  # noqa: E402

OPTIONS = {"series_games": 1, "start_marks": 3}


def measure(players: int) -> dict:
    rng = random.Random(players)
    b = Bridge()

    def ask(args: dict) -> tuple[float, dict]:
        text = json.dumps({"id": 1, "cmd": "tournament", "args": args})
        t0 = perf_counter()
        reply = json.loads(b.handle(text))
        ms = (perf_counter() - t0) * 1000
        assert reply["ok"], reply
        return ms, reply["result"]

    names = [f"Spieler {i:03d}" for i in range(1, players + 1)]
    new_ms, facts = ask({"op": "new", "players": names, "options": OPTIONS, "seed": 2026})
    draws, tickets, imports, states = [new_ms], [], [], []
    reply_bytes = 0
    for number in range(1, facts["series_count"] + 1):
        if number > 1:
            ms, facts = ask({"op": "start_series"})
            draws.append(ms)
        results = []
        for k in range(1, len(facts["tables"][number - 1]) + 1):
            ms, got = ask({"op": "ticket", "series": number, "table": k})
            tickets.append(ms)
            results.append(json.loads(json.dumps(sheet_result(got["ticket"], rng))))
        rng.shuffle(results)
        for result in results:
            ms, facts = ask({"op": "import", "result": result})
            imports.append(ms)
            reply_bytes = max(reply_bytes, len(json.dumps(facts)))
        states.append(ask({"op": "state"})[0])
    whole = ask({"op": "state"})[1]
    save = json.dumps(whole["tournament"])

    def p(xs: list[float], q: float) -> float:
        return statistics.quantiles(xs, n=100)[int(q) - 1] if len(xs) > 1 else xs[0]

    return {
        "python": sys.version.split()[0],
        "players": players,
        "tables": len(facts["tables"][0]),
        "draw_ms": statistics.median(draws),
        "draw_max_ms": max(draws),
        "ticket_p50": statistics.median(tickets),
        "ticket_p95": p(tickets, 95),
        "import_p50": statistics.median(imports),
        "import_p95": p(imports, 95),
        "state_ms": statistics.median(states),
        "reply_bytes": reply_bytes,
        "whole_bytes": len(json.dumps(whole)),
        "save_bytes": len(save.encode()),
    }


STEPS = ("draw_max_ms", "ticket_p95", "import_p95")


def margin(py: dict) -> str:
    """The slowest step in Pyodide against the 100 ms goal."""
    worst = max(py[k] for k in STEPS)
    return f"The slowest step in Pyodide took {worst:.1f} ms: {100 / worst:.1f}× inside the goal of 100 ms."


def report(cp: dict, py: dict) -> str:
    rows = [
        f"| step ({cp['players']} players, {cp['tables']} tables a series) | CPython {cp['python']} | Pyodide ({py['python']}) | × the whole answer (Pyodide) |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, what in (
        ("draw_ms", "a series drawn (median of 5)"),
        ("draw_max_ms", "a series drawn (slowest)"),
        ("ticket_p50", "a table's ticket, p50"),
        ("ticket_p95", "a table's ticket, p95"),
        ("import_p50", "a result read in, p50"),
        ("import_p95", "a result read in, p95"),
        ("state_ms", "the screen with the whole tournament (baseline)"),
    ):
        rows.append(f"| {what} | {cp[key]:.1f} ms | {py[key]:.1f} ms | {py[key] / py['state_ms']:.2f} |")
    for key, what in (
        ("reply_bytes", "a step's reply (the screen and what changed), largest"),
        ("whole_bytes", "the screen with the whole tournament"),
        ("save_bytes", "the tournament saved"),
    ):
        rows.append(f"| {what} | {cp[key] / 1000:.0f} kB | {py[key] / 1000:.0f} kB | |")
    return "\n".join(rows) + "\n\n" + margin(py)


def section(cp: dict, py: dict) -> str:
    load = f" (load average {os.getloadavg()[0]:.1f})" if hasattr(os, "getloadavg") else ""
    return f"""## A championship on one phone

`python bench/tournament.py --write` — {cp['players']} players, five series,
every table's ticket and result through the bridge as the app's worker
sends them, results read in random order. A step answers the organiser's
screen and what changed in the tournament (a patch the shell applies to
the tournament it saved last); the baseline, measured in the same run, is
the screen with the whole tournament (`state`), which every step answered
before. Measured {date.today().isoformat()}{load}. Goal: every step ≤ 100 ms in
Pyodide, the save ≤ 2 MB.

{report(cp, py)}
"""


def main(argv: list[str] | None = None) -> int:
    return both(__doc__ or "", "bench/tournament.py", "players", 300, measure, report, section, "A championship on one phone", argv)


if __name__ == "__main__":
    sys.exit(main())
