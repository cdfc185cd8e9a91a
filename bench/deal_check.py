#!/usr/bin/env python3
"""What a guest phone's check of a hand costs (engine/schraem/core/dealcheck.py),
in CPython, against the check it replaced in the same run.

For each preset a hand is played through a host's bridge (tests/engine's
Phones driver: random legal choices, a guest's states collected as the host
sends them); then, per hand, each is timed on a fresh bridge:

  check_record_ms   the old check: the record replayed (transcript and deal)
  check_deal_ms     the whole new check: the record replayed, the hand
                    replayed with the seat's view after every action, and
                    every state the phone was sent compared with it
  ratio             check_deal / check_record (medians)
  states            states the guest was sent in the hand (median)

    python3 bench/deal_check.py [--hands N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_deal_check import GUESTS, Phones  # noqa: E402

from schraem.bridge import Bridge  # noqa: E402
from schraem.core.rules import Rules  # noqa: E402


def timed(cmd: str, args: dict) -> float:
    text = json.dumps({"id": 1, "cmd": cmd, "args": args})
    b = Bridge()
    start = time.perf_counter()
    reply = json.loads(b.handle(text))
    took = (time.perf_counter() - start) * 1000
    assert reply["ok"], reply
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=12, help="hands per preset")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args()
    rows = {}
    for preset in Rules.preset_names():
        old, new, states = [], [], []
        for seed in range(opts.hands):
            phones = Phones(preset, 500 + seed)
            phones.play_hand(events=False)
            seat = GUESTS[seed % 2]
            record = phones.send(seat, "record")["result"]
            mine = [s for s in phones.states[seat] if s["view"]["hand_no"] == 1]
            args = {"record": record, "seat": seat, "hand": 1, "commits": phones.kept[seat][1]["commits"], "states": mine}
            # Interleaved, so both meet the same machine.
            old.append(timed("check_record", {"record": record}))
            new.append(timed("check_deal", args))
            states.append(len(mine))
        rows[preset] = {
            "check_record_ms": round(statistics.median(old), 2),
            "check_deal_ms": round(statistics.median(new), 2),
            "ratio": round(statistics.median(new) / statistics.median(old), 2),
            "states": statistics.median(states),
        }
    if opts.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'preset':26} {'check_record_ms':>16} {'check_deal_ms':>14} {'ratio':>6} {'states':>7}")
    for preset, r in rows.items():
        print(f"{preset:26} {r['check_record_ms']:16} {r['check_deal_ms']:14} {r['ratio']:6} {r['states']:7}")


if __name__ == "__main__":
    main()
