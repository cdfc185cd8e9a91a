#!/usr/bin/env python3
"""The regulars' history in the engine: how long the move file's
`move` (every entry replayed and scrubbed), the statistics with the
regulars' aliases and a group, and a group's cash book take over a club's
history. Standard library only; the same script runs in CPython and, with
`node bench/pyodide.mjs bench/history.py`, in Pyodide.

    python bench/history.py [--entries 50] [--runs 5]

A history entry is a series of 5 finished games of 4 players (random play,
seeded), played for 10 cents a mark and 50 cents a lost game, kept the way
the app keeps it (its save and its finished records). Prints the median of
`runs` runs per command, in ms, and per entry."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.bridge import Bridge  # noqa: E402
from schraem.cli.simulate import random_game  # noqa: E402

NAMES = ["Hans", "Anne", "Gerda", "Willi"]
STAKES = {"per_mark": 10, "per_lost_game": 50}


def entry(k: int) -> dict:
    records = []
    for g in range(5):
        r = random_game(1000 * k + g, "rheinland", 4).to_record()
        r["players"] = [{"name": n if (k + g) % 3 else n.replace("Hans", "Hnas")} for n in NAMES]
        r["stakes"] = STAKES
        records.append(r)
    save = {"format": "schraem-save/1", "record": records[-1]}
    return {"id": f"e{k}", "kind": "game", "status": "finished", "names": NAMES, "savedAt": k, "save": save, "records": records}


def timed(bridge: Bridge, cmd: str, args: dict) -> float:
    text = json.dumps({"id": 1, "cmd": cmd, "args": args})
    t0 = time.perf_counter()
    reply = json.loads(bridge.handle(text))
    ms = (time.perf_counter() - t0) * 1000
    assert reply["ok"], reply
    return ms


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=50)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    entries = [entry(k) for k in range(a.entries)]
    records = [r for e in entries for r in e["records"]]
    people = [{"name": "Hans", "aliases": ["Hnas"]}, {"name": "Anne"}, {"name": "Gerda"}, {"name": "Willi"}]
    evenings = [{"date": f"2026-{1 + k // 28:02d}-{1 + k % 28:02d}", "records": e["records"]} for k, e in enumerate(entries)]
    b = Bridge()
    moved = json.loads(b.handle(json.dumps({"id": 1, "cmd": "move", "args": {"entries": entries}})))["result"]["entries"]
    cases = {
        "move (out)": ("move", {"entries": entries, "strict": False}),
        "move (in, strict)": ("move", {"entries": moved, "strict": True}),
        "stats (people, group)": ("stats", {"records": records, "people": people, "group": NAMES}),
        "cash_book (group)": ("cash_book", {"evenings": evenings, "people": people, "group": NAMES}),
    }
    timed(b, "stats", {"records": records[:5]})  # warm-up
    runs = {name: [] for name in cases}
    for _ in range(a.runs):
        for name, (cmd, args) in cases.items():
            runs[name].append(timed(b, cmd, args))
    print(
        f"{platform.python_implementation()} {platform.python_version()} ({sys.platform}); {a.entries} entries, {len(records)} games, {a.runs} runs"
    )
    print("| command | ms (median) | ms per entry | runs (ms) |\n| --- | ---: | ---: | --- |")
    for name, ms in runs.items():
        med = statistics.median(ms)
        print(f"| `{name}` | {med:.0f} | {med / a.entries:.1f} | {', '.join(f'{x:.0f}' for x in ms)} |")


if __name__ == "__main__":
    main()
