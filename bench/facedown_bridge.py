#!/usr/bin/env python3
"""What a face-down hand costs each phone's engine through its bridge, as
the shell drives it (bridge/facedown_commands.py): four phones (the host's
seat 1 and three guests), each its own `Bridge`, every request and answer
JSON text through `handle()` as the worker passes it, the frames carried
between them as the data channels would. Per phone and hand: the time of
all its engine calls from "next hand" to its check after the hand, the
number of calls, and the characters of its answers (each carries the
phone's save, which the shell stores before it sends). bench/face_down.py
measures the protocol alone, without the bridge.

With `--against REV` the engine of that commit plays the same number of
hands in the same run, alternating with this one: the baseline. In
CPython, then inside Pyodide under Node (bench/pyodide.mjs).

    python bench/facedown_bridge.py [--hands 4] [--against REV] [--cpython-only]
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import secrets
import statistics
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path
from time import perf_counter
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))  # inside Pyodide too, where the script's folder is not on the path

from interpreters import in_pyodide  # noqa: E402

PLAYERS = [{"name": n, "marks": 12} for n in ("Anne", "Bert", "Carla", "Dieter")]


def play(engine: str, hands: int, seed: int) -> list[dict[str, Any]]:
    """`hands` hands at four phones with the engine under `engine`:
    per hand and phone {seat, ms, calls, chars}."""
    sys.path.insert(0, engine)
    from schraem.bridge import Bridge

    rng = random.Random(seed)
    # Every secret drawn from `rng`: both engines deal the same cards and play the same hands.
    drawn = {"randbelow": rng.randrange, "randbits": rng.getrandbits, "token_bytes": lambda n=32: rng.randbytes(n)}
    drawn["token_hex"] = lambda n=32: rng.randbytes(n).hex()
    kept = {name: getattr(secrets, name) for name in drawn}
    for name, f in drawn.items():
        setattr(secrets, name, f)
    phones = {s: Bridge() for s in (1, 2, 3, 4)}
    spent: dict[int, list[float]] = {s: [0.0, 0, 0] for s in phones}
    own = own_caches(phones)

    def call(s: int, cmd: str, **args: Any) -> dict[str, Any]:
        text = json.dumps({"id": 1, "cmd": cmd, "args": args})
        own(s)
        t0 = perf_counter()
        answer = phones[s].handle(text)
        reply = json.loads(answer)
        spent[s][0] += perf_counter() - t0
        spent[s][1] += 1
        spent[s][2] += len(answer)
        if not reply["ok"]:
            raise SystemExit(f"bench: seat {s} {cmd} refused: {reply['error']}")
        result: dict[str, Any] = reply["result"]
        return result

    def sent(seat: int, frames: list[dict[str, Any]]) -> None:
        queue = [(seat, f) for f in frames]
        while queue:
            sender, frame = queue.pop(0)
            text = json.dumps(frame)
            if sender == 1:
                for g in (2, 3, 4):
                    queue += [(g, f) for f in call(g, "facedown_receive", frame=json.loads(text))["send"]]
            else:
                queue += [(1, f) for f in call(1, "facedown_relay", seat=sender, frame=json.loads(text))["send"]]

    call(1, "facedown_host", players=PLAYERS, rules="rheinland")
    commits = None
    for g in (2, 3, 4):
        commits = call(1, "facedown_seat", seat=g, commit=call(g, "facedown_guest", seat=g)["commit"])["commits"]
    welcome = None
    for g in (2, 3, 4):
        reveal = call(g, "facedown_commits", frame=commits)["reveal"]
        welcome = call(1, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    for g in (2, 3, 4):
        call(g, "facedown_welcome", frame=welcome)

    out: list[dict[str, Any]] = []
    for _ in range(hands):
        for s in spent:
            spent[s] = [0.0, 0, 0]
        over = call(1, "facedown_state")["game_over"]
        opened = call(1, "facedown_again" if over else "facedown_next_hand")
        sent(1, opened["send"])
        for _ in range(400):
            offers = [(s, a) for s in phones for a in call(s, "facedown_state")["legal"]]
            if not offers:
                break
            s, a = rng.choice(offers)
            sent(s, call(s, "facedown_act", action=a)["send"])
        out += [{"seat": s, "ms": v[0] * 1000, "calls": v[1], "chars": v[2]} for s, v in spent.items()]
    for name, f in kept.items():
        setattr(secrets, name, f)
    sys.path.remove(engine)
    for name in [m for m in sys.modules if m == "schraem" or m.startswith("schraem.")]:
        del sys.modules[name]
    return out


def own_caches(phones: dict[int, Any]) -> Any:
    """→ own(seat), which puts that phone's own caches in place: what the
    engine keeps per process (the check after a hand by its messages' hash,
    the points of bytes decoded) each real phone has for itself, and four
    phones in one process would share it (a guest then checking a hand the
    host checked first for free, or taking another phone's shares as its
    own). Only the caches the engine has; the cards' points, made once a
    process, stay shared."""
    from schraem.core import facedown, facedown_check, facedown_deck
    from schraem.crypto import ristretto

    kept: dict[int, dict[str, Any]] = {}
    for s in phones:
        # (The proofs checked and the shares made: an engine without them has none to keep.)
        kept[s] = {"CHECKED": {}, "TABLE_CACHE": {}, "VERIFIED": {}, "MADE": {}}
        if hasattr(ristretto, "_decoded"):
            kept[s]["_decoded"] = functools.lru_cache(maxsize=4096)(ristretto._decoded.__wrapped__)

    def own(seat: int) -> None:
        facedown_check.CHECKED = kept[seat]["CHECKED"]
        facedown_deck.TABLE_CACHE = kept[seat]["TABLE_CACHE"]  # the hand's key's table, each phone's
        for name in ("VERIFIED", "MADE"):
            if hasattr(facedown, name):
                setattr(facedown, name, kept[seat][name])
        if "_decoded" in kept[seat]:
            ristretto._decoded = kept[seat]["_decoded"]

    return own


def engine_at(rev: str) -> Path:
    """engine/ as commit `rev` has it, under build/ (mounted in Pyodide too)."""
    where = ROOT / "build" / "bench-engine" / rev
    if not (where / "engine").is_dir():
        where.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", rev, "engine"], cwd=ROOT, capture_output=True, check=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(where, filter="data")
    return where / "engine"


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    host = [r for r in rows if r["seat"] == 1]
    guests = [r for r in rows if r["seat"] != 1]
    med = statistics.median
    return {
        "host_ms": med(r["ms"] for r in host),
        "guest_ms": med(r["ms"] for r in guests),
        "host_calls": med(r["calls"] for r in host),
        "guest_calls": med(r["calls"] for r in guests),
        "host_chars": med(r["chars"] for r in host),
        "guest_chars": med(r["chars"] for r in guests),
    }


def measure(engines: dict[str, str], hands: int) -> dict[str, Any]:
    """Each engine plays a game of `hands` hands, twice, in turn."""
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in engines}
    for run in range(2):
        for name, path in engines.items():
            rows[name] += play(path, hands, seed=run)
    return {name: summary(r) for name, r in rows.items()}


def report(where: str, figures: dict[str, Any]) -> None:
    print(f"\n{where}: per phone and hand, median (host / guests)")
    base = figures.get("baseline")
    for name, f in figures.items():
        line = (
            f"  {name:9} engine {f['host_ms']:7.0f} / {f['guest_ms']:7.0f} ms, "
            f"{f['host_calls']:.0f} / {f['guest_calls']:.0f} calls, "
            f"{f['host_chars'] / 1000:8.0f} / {f['guest_chars'] / 1000:8.0f} kB answered"
        )
        if base is not None and name != "baseline":
            line += f"; ÷ baseline {f['host_ms'] / base['host_ms']:.2f} / {f['guest_ms'] / base['guest_ms']:.2f}"
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--against", help="a commit whose engine is the baseline")
    ap.add_argument("--cpython-only", action="store_true")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # inside Pyodide: figures out as JSON
    ap.add_argument("--engines", help=argparse.SUPPRESS)  # inside Pyodide: the engines' folders, as JSON
    a = ap.parse_args()
    if a.inner:
        print(json.dumps(measure(json.loads(a.engines), a.hands)))
        return
    engines = {"now": str(ROOT / "engine")}
    if a.against:
        engines["baseline"] = str(engine_at(a.against))
    report("CPython", measure(engines, a.hands))
    if a.cpython_only:
        return
    inside = {k: "/repo/" + str(Path(v).relative_to(ROOT)) for k, v in engines.items()}
    figures = in_pyodide("bench/facedown_bridge.py", "--hands", str(a.hands), "--engines", json.dumps(inside))
    figures.pop("load_s", None)
    report("Pyodide (Node)", figures)


if __name__ == "__main__":
    main()
