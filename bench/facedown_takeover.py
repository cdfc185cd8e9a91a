#!/usr/bin/env python3
"""What "Tisch übernehmen" costs at a face-down table (bridge/facedown_takeover.py),
through each phone's bridge as the shell drives it: four phones (the host's
seat 1 and three guests), a few moves into the first hand the host's phone
is gone; seat 2's phone takes the table over and seats 3 and 4 follow.
Per run: each phone's engine time for the take-over (from `facedown_takeover`
to the welcome taken: where each stands, the new table code), and, as the
baseline in the same run, the same phones' time for the table code's round
at the first join (`facedown_host` to the welcome taken); then the hand
dealt again, until its cards are open on every phone, beside the first
deal of the same run. All phones in one process, one after the other.

    python bench/facedown_takeover.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.bridge import Bridge  # noqa: E402

PLAYERS = [{"name": n, "marks": 12} for n in ("Anne", "Bert", "Carla", "Dieter")]


class Phones:
    def __init__(self) -> None:
        self.bridges = {s: Bridge() for s in (1, 2, 3, 4)}
        self.ms = {s: 0.0 for s in self.bridges}
        self.host, self.guests = 1, [2, 3, 4]

    def call(self, s: int, cmd: str, **args: Any) -> dict[str, Any]:
        t0 = perf_counter()
        reply = json.loads(self.bridges[s].handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
        self.ms[s] += (perf_counter() - t0) * 1000
        assert reply["ok"], (cmd, reply["error"])
        return reply["result"]

    def sent(self, seat: int, frames: list[dict[str, Any]]) -> None:
        queue = [(seat, f) for f in frames]
        while queue:
            sender, frame = queue.pop(0)
            if sender == self.host:
                for g in self.guests:
                    queue += [(g, f) for f in self.call(g, "facedown_receive", frame=frame)["send"]]
            else:
                relayed = self.call(self.host, "facedown_relay", seat=sender, frame=frame)
                queue += [(self.host, f) for f in relayed["send"]]
                if relayed["state"].get("settle"):
                    queue += [(self.host, f) for f in self.call(self.host, "facedown_settle")["send"]]

    def code_round(self, by: int, commit_of, recode: dict | None) -> dict[str, Any]:
        commits = None
        for g in self.guests:
            commits = self.call(by, "facedown_seat", seat=g, commit=commit_of(g))["commits"]
        welcome = None
        for g in self.guests:
            reveal = self.call(g, "facedown_commits", frame=commits)["reveal"]
            welcome = self.call(by, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
        for g in self.guests:
            self.call(g, "facedown_welcome", frame=welcome)
        return welcome

    def clear(self) -> dict[int, float]:
        spent, self.ms = self.ms, {s: 0.0 for s in self.bridges}
        return spent


def run(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    p = Phones()
    p.call(1, "facedown_host", players=PLAYERS, rules="rheinland")
    joined = {g: p.call(g, "facedown_guest", seat=g)["commit"] for g in p.guests}
    p.code_round(1, joined.get, None)
    first_join = p.clear()
    t0 = perf_counter()
    p.sent(1, p.call(1, "facedown_next_hand")["send"])
    first_dealt_ms = (perf_counter() - t0) * 1000
    for _ in range(6):
        offers = [(s, a) for s in (1, 2, 3, 4) for a in p.call(s, "facedown_state")["legal"]]
        if offers:
            s, a = rng.choice(offers)
            p.sent(s, p.call(s, "facedown_act", action=a)["send"])
    p.clear()
    # The host's phone is gone; seat 2's takes the table over, 3 and 4 follow.
    frame = p.call(2, "facedown_takeover")["frame"]
    p.host, p.guests = 2, [3, 4]
    recode = None
    for g in p.guests:
        (taken,) = p.call(g, "facedown_taken", frame=frame)["send"]
        answer = p.call(2, "facedown_follow", seat=g, frame=taken)
        for s, frames in answer["to"].items():
            for f in frames:
                p.call(int(s), "facedown_receive", frame=f)
        recode = answer["send"][0] if answer["send"] else recode
    commits = {g: p.call(g, "facedown_recode", frame=recode)["send"][0]["commit"] for g in p.guests}
    p.code_round(2, commits.get, recode)
    takeover = p.clear()
    t0 = perf_counter()
    p.sent(2, p.call(2, "facedown_next_hand")["send"])
    dealt_ms = (perf_counter() - t0) * 1000
    assert all(p.call(s, "facedown_state")["view"] for s in (2, 3, 4))
    return {"first_join": first_join, "takeover": takeover, "dealt_ms": first_dealt_ms, "dealt_again_ms": dealt_ms}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    runs = [run(seed) for seed in range(args.runs)]
    med = statistics.median
    print(f"CPython {sys.version.split()[0]}, {args.runs} runs, four phones, the host's lost a few moves into hand 1")
    print("phone | first join's code round, median ms | take-over to the welcome taken, median ms | ratio")
    for s in (2, 3, 4):
        join = med(r["first_join"][s] for r in runs)
        took = med(r["takeover"][s] for r in runs)
        print(f"seat {s}{' (new host)' if s == 2 else ''} | {join:.0f} | {took:.0f} | {took / join:.2f}")
    first, again = med(r["dealt_ms"] for r in runs), med(r["dealt_again_ms"] for r in runs)
    print(f"the first hand (four phones) until its cards are open on every phone, median: {first:.0f} ms")
    print(f"the hand dealt again after the take-over (three phones), median: {again:.0f} ms ({again / first:.2f} of the first)")


if __name__ == "__main__":
    main()
