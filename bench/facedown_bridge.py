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

The frames go in the order they would arrive if every phone had a CPU of
its own and the channels took no time: each call starts when its frame
arrives and its phone is free, and takes the time it took here. From those
times, the hand's *critical path*: "next hand" until every phone shows its
cards, and a tap until every phone has the action in its log (p50 / p95):
what the engine and the protocol leave of the table's goals once the
phones' drawing and the network are taken away; and each command on a
tap's way, the median of its calls (a frame relayed or taken by the kind
of message it carries). Between two moves, while
people think, every phone works ahead as its shell has it do when its
engine is idle (`facedown_ahead`): in its time, not in the critical path.

With `--against REV` the engine of that commit plays the same number of
hands in the same run, alternating with this one: the baseline. In
CPython, then inside Pyodide under Node (bench/pyodide.mjs).

    python bench/facedown_bridge.py [--hands 4] [--against REV] [--cpython-only]
"""

from __future__ import annotations

import argparse
import heapq
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
from phone_caches import own_caches  # noqa: E402

PLAYERS = [{"name": n, "marks": 12} for n in ("Anne", "Bert", "Carla", "Dieter")]


def play(engine: str, hands: int, seed: int, rules: str = "rheinland") -> list[dict[str, Any]]:
    """`hands` hands at four phones with the engine under `engine`:
    per hand and phone {seat, ms, calls, chars}, and per hand {deal_ms,
    taps_ms} (the critical path, above)."""
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

    took = [0.0]  # the last call's time, in ms
    timed: dict[str, list[float]] = {}  # each call's ms, by `command_name`

    def call(s: int, cmd: str, **args: Any) -> dict[str, Any]:
        text = json.dumps({"id": 1, "cmd": cmd, "args": args})
        own(s)
        t0 = perf_counter()
        answer = phones[s].handle(text)
        reply = json.loads(answer)
        took[0] = (perf_counter() - t0) * 1000
        timed.setdefault(command_name(cmd, args), []).append(took[0])
        spent[s][0] += took[0] / 1000
        spent[s][1] += 1
        spent[s][2] += len(answer)
        if not reply["ok"]:
            raise SystemExit(f"bench: seat {s} {cmd} refused: {reply['error']}")
        result: dict[str, Any] = reply["result"]
        return result

    works_ahead = [True]

    def idle() -> None:
        """The phones between two moves, while people think: each works
        ahead as its shell asks when its engine is idle (`facedown_ahead`;
        an engine without it, not), what it shows ahead delivered, until
        no phone shows more. In each phone's time, not in the critical path."""
        showing = True
        while showing and works_ahead[0]:
            showing = False
            for s in phones:
                while works_ahead[0]:
                    own(s)
                    t0 = perf_counter()
                    answer = phones[s].handle(json.dumps({"id": 1, "cmd": "facedown_ahead", "args": {}}))
                    reply = json.loads(answer)
                    spent[s][0] += perf_counter() - t0
                    timed.setdefault("ahead", []).append((perf_counter() - t0) * 1000)
                    spent[s][1] += 1
                    spent[s][2] += len(answer)
                    if not reply["ok"] and reply["error"].get("code") == "unknown_command":
                        works_ahead[0] = False
                    if not reply["ok"]:
                        break
                    if reply["result"].get("send"):
                        showing = True
                        sent(s, reply["result"]["send"], 0.0, lambda _s, _state: False)
                    if not reply["result"]["more"]:
                        break

    def sent(seat: int, frames: list[dict[str, Any]], at: float, done: Any) -> float:
        """The frames `seat` sent at `at` (ms), and all they set off, each
        taken when it arrives and its phone is free (the host relays a
        guest's frame to every guest). → when `done(seat, state)` first
        held on every phone (a phone for which it held before: `at`)."""
        free = {s: at for s in phones}
        held: dict[int, float] = {}
        events: list[tuple[float, int, int, int, str]] = []
        order = 0

        def out(sender: int, when: float, frames: list[dict[str, Any]]) -> None:
            nonlocal order
            for f in frames:
                text = json.dumps(f)
                for to in (2, 3, 4) if sender == 1 else (1,):
                    order += 1
                    heapq.heappush(events, (when, order, to, sender, text))

        out(seat, at, frames)
        unsettled = False
        while events:
            arrives, _, to, sender, text = heapq.heappop(events)
            start = max(free[to], arrives)
            if to == 1 and not text:
                # The host's own seats take what it sent on, once no guest's
                # frame waits (as pwa/phone/facedown.js queues it).
                if not unsettled:
                    continue
                result = call(1, "facedown_settle")
            elif to == 1:
                result = call(1, "facedown_relay", seat=sender, frame=json.loads(text))
            else:
                result = call(to, "facedown_receive", frame=json.loads(text))
            free[to] = start + took[0]
            if to not in held and done(to, result["state"]):
                held[to] = free[to]
            out(to, free[to], result["send"])
            if to == 1:
                unsettled = bool(result["state"].get("settle"))
                if unsettled:
                    order += 1
                    heapq.heappush(events, (free[1], order, 1, 1, ""))
        return max(held.get(s, at) for s in phones)

    call(1, "facedown_host", players=PLAYERS, rules=rules)
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
        hand = opened["state"]["hand"]

        def dealt(s: int, state: dict[str, Any], hand: int = hand) -> bool:
            # Its own cards open: the table of the new hand is drawn (the
            # cards face down until the person looks).
            return state.get("hand") == hand and state.get("phase") == "playing"

        deal_ms = sent(1, opened["send"], took[0], dealt)
        idle()
        taps: list[float] = []
        for _ in range(400):
            offers = [(s, a) for s in phones for a in call(s, "facedown_state")["legal"]]
            if not offers:
                break
            s, a = rng.choice(offers)
            seen = len(call(s, "facedown_state")["view"]["log"])

            def logged(_: int, state: dict[str, Any], seen: int = seen) -> bool:
                view = state.get("view")
                return bool(view and len(view["log"]) > seen)

            acted = call(s, "facedown_act", action=a)
            taps.append(sent(s, acted["send"], took[0], logged))
            idle()
        out += [{"seat": s, "ms": v[0] * 1000, "calls": v[1], "chars": v[2]} for s, v in spent.items()]
        out.append({"seat": 0, "deal_ms": deal_ms, "taps_ms": taps})
    out.append({"seat": -1, "commands": timed})
    for name, f in kept.items():
        setattr(secrets, name, f)
    sys.path.remove(engine)
    for name in [m for m in sys.modules if m == "schraem" or m.startswith("schraem.")]:
        del sys.modules[name]
    return out


# The commands of a tap's way, as `command_name` names them: the tapping
# phone's, the host's relaying it and its own seats taking it, the other
# phones' taking it (a card played, any other action), and the work ahead.
TAP_COMMANDS = ("act", "relay play", "relay act", "settle", "receive play", "receive act", "ahead")


def command_name(cmd: str, args: dict[str, Any]) -> str:
    """A call's name for the figures: the command without its prefix, a
    frame relayed or taken with the kind of message it carries."""
    name = cmd.removeprefix("facedown_")
    frame = args.get("frame")
    if name in ("relay", "receive") and isinstance(frame, dict):
        msg = frame.get("msg") if name == "relay" else (frame.get("env") or {}).get("msg")
        name += f" {(msg or {}).get('kind')}"
    return name


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
    guests = [r for r in rows if r["seat"] > 1]
    deals = [r["deal_ms"] for r in rows if r["seat"] == 0]
    taps = sorted(t for r in rows if r["seat"] == 0 for t in r["taps_ms"])
    med = statistics.median
    timed: dict[str, list[float]] = {}
    for r in rows:
        for name, ms in r.get("commands", {}).items():
            timed.setdefault(name, []).extend(ms)
    return {
        "commands": {name: [med(ms), len(ms)] for name, ms in timed.items()},
        "deal_ms": med(deals),
        "deal_max_ms": max(deals),
        "tap_p50_ms": taps[len(taps) // 2],
        "tap_p95_ms": taps[min(len(taps) - 1, round(0.95 * (len(taps) - 1)))],
        "host_ms": med(r["ms"] for r in host),
        "guest_ms": med(r["ms"] for r in guests),
        "host_calls": med(r["calls"] for r in host),
        "guest_calls": med(r["calls"] for r in guests),
        "host_chars": med(r["chars"] for r in host),
        "guest_chars": med(r["chars"] for r in guests),
    }


def measure(engines: dict[str, str], hands: int, rules: str = "rheinland") -> dict[str, Any]:
    """Each engine plays a game of `hands` hands, twice, in turn."""
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in engines}
    for run in range(2):
        for name, path in engines.items():
            rows[name] += play(path, hands, seed=run, rules=rules)
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
        line = (
            f"  {'':9} critical path: next hand until every phone shows its cards {f['deal_ms']:5.0f} ms"
            f" (slowest {f['deal_max_ms']:.0f}), a tap until every phone logged it {f['tap_p50_ms']:.0f} / {f['tap_p95_ms']:.0f} ms"
        )
        if base is not None and name != "baseline":
            line += f"; ÷ baseline {f['deal_ms'] / base['deal_ms']:.2f}, {f['tap_p95_ms'] / base['tap_p95_ms']:.2f}"
        print(line)
        parts = []
        for cmd in TAP_COMMANDS:
            if cmd in f["commands"]:
                ms, n = f["commands"][cmd]
                was = "" if base is None or name == "baseline" or cmd not in base["commands"] else f" ({ms / base['commands'][cmd][0]:.2f})"
                parts.append(f"{cmd} {ms:.1f}{was}")
        print(f"  {'':9} a tap's commands, median ms a call (÷ baseline): " + ", ".join(parts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--against", help="a commit whose engine is the baseline")
    ap.add_argument("--rules", default="rheinland", help="the preset the four phones play")
    ap.add_argument("--cpython-only", action="store_true")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # inside Pyodide: figures out as JSON
    ap.add_argument("--engines", help=argparse.SUPPRESS)  # inside Pyodide: the engines' folders, as JSON
    a = ap.parse_args()
    if a.inner:
        print(json.dumps(measure(json.loads(a.engines), a.hands, a.rules)))
        return
    engines = {"now": str(ROOT / "engine")}
    if a.against:
        engines["baseline"] = str(engine_at(a.against))
    report("CPython", measure(engines, a.hands, a.rules))
    if a.cpython_only:
        return
    inside = {k: "/repo/" + str(Path(v).relative_to(ROOT)) for k, v in engines.items()}
    figures = in_pyodide("bench/facedown_bridge.py", "--hands", str(a.hands), "--rules", a.rules, "--engines", json.dumps(inside))
    figures.pop("load_s", None)
    report("Pyodide (Node)", figures)


if __name__ == "__main__":
    main()
