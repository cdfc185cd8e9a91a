#!/usr/bin/env python3
"""The host's engine per tap at a table of phones: a guest's move relayed
to the host's engine as the shell relays it (`guest` with the host's
`viewer`), which answers the guest, and makes the host's own state and
every guest's for the fan-out in the same call. Milliseconds per move that
changed the game, in CPython and inside Pyodide under Node: four people,
the host and three guests, Rheinland, whole hands, each guest's first
offered action that is not a knock.

    python bench/table_host.py [--hands 6] [--write]

--write puts the figures into bench/RESULTS.md (section "The host's engine per tap").
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "bench"))

from interpreters import both, machine  # noqa: E402

from schraem.bridge import Bridge  # noqa: E402
from schraem.core.fairdeal import commit_of, new_reveal  # noqa: E402

PEOPLE = [{"name": n, "kind": "human"} for n in ("Anne", "Bert", "Carla", "Dora")]
GUESTS = (2, 3, 4)


def _call(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"id": 0, "cmd": cmd, "args": args})))
    if not reply["ok"]:
        raise SystemExit(f"bench: {cmd} refused: {reply['error']}")
    return reply["result"]


def one_hand(seed: int, times: list[float]) -> None:
    b = Bridge()
    _call(b, "table_new", players=PEOPLE, rules="rheinland", viewer=1, guests=list(GUESTS), seed=1000 + seed, dealer=4)
    tickets = {s: _call(b, "table_ticket", seat=s) for s in GUESTS}
    ids = iter(range(1, 10_000))

    def send(seat: int, cmd: str, timed: bool = False, **args) -> dict:
        text = json.dumps({"id": next(ids), "seat": seat, "secret": tickets[seat]["secret"], "cmd": cmd, "args": args})
        start = perf_counter()
        out = _call(b, "guest", seat=seat, text=text, viewer=1)
        if timed and out["changed"]:
            times.append((perf_counter() - start) * 1000)
        return out["reply"]

    hand = _call(b, "state", viewer=1)["phone_table"]["deal"]["hand"]
    reveals = {s: new_reveal() for s in GUESTS}
    for s in GUESTS:
        send(s, "commit", round=0, hand=hand, commit=commit_of(hand, s, reveals[s]))
    for s in GUESTS:
        send(s, "reveal", round=0, hand=hand, reveal=reveals[s])
    game = b.table.game
    for _ in range(200):
        if game.hand_over:
            return
        seat = game.due()[0]
        if seat == 1:
            _call(b, "act", viewer=1, action=_call(b, "state", viewer=1)["view"]["legal"][0])
            continue
        legal = send(seat, "state")["result"]["view"]["legal"]
        send(seat, "act", timed=True, action=next((a for a in legal if a["type"] != "knock"), legal[0]))


def measure(hands: int) -> dict:
    one_hand(0, [])  # warm-up: imports, caches
    times: list[float] = []
    for seed in range(1, hands + 1):
        one_hand(seed, times)
    times.sort()
    return {
        "python": sys.version.split()[0],
        "moves": len(times),
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
    }


def report(cp: dict, py: dict) -> str:
    rows = ["| interpreter | moves | ms per move, p50 | p95 |", "| --- | ---: | ---: | ---: |"]
    for name, r in ((f"CPython {cp['python']}", cp), (f"Pyodide ({py['python']}, Node)", py)):
        rows.append(f"| {name} | {r['moves']} | {r['p50']:.2f} | {r['p95']:.2f} |")
    return "\n".join(rows)


def section(cp: dict, py: dict) -> str:
    return f"""## The host's engine per tap

`python bench/table_host.py --write` — a guest's move at a table of phones,
relayed to the host's engine as the shell relays it (`guest` with the
host's `viewer`: the guest's answer, the host's own state and every
guest's for the fan-out, in one call); four people, the host and three
guests, Rheinland, {cp['moves']} moves over whole hands; the same code in
both interpreters.

{report(cp, py)}

Machine: {machine()}.
"""


if __name__ == "__main__":
    sys.exit(both(__doc__ or "", "bench/table_host.py", "hands", 6, measure, report, section, "The host's engine per tap"))
