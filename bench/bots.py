#!/usr/bin/env python3
"""Bot benchmarks. Standard library only; run from the repository root.

    python bench/bots.py fit [--hands 12000]          strength table (bots/tables.py STRENGTH)
    python bench/bots.py calibrate [--deals 60]       solver calibration (bots/tables.py CALIBRATION)
    python bench/bots.py timing [--positions 200]     strong's per-decision time in CPython
    python bench/bots.py pyodide [--positions 200]    ... inside Pyodide under Node (node_modules/pyodide)
    python bench/bots.py chromium [--throttle 4]      ... inside Pyodide in headless Chromium, CPU throttled
    python bench/bots.py gap [--deals 2000 --samples N --jobs 2]  trick-play gap to an all-seeing bot
    python bench/bots.py matches [--deals N]          the target matches (also: python -m schraem match)
    python bench/bots.py hard [--deals 50 --slowdown 12]  the app's hard level with its cap, as a slow phone runs it

Every run is seeded and prints JSON; bench/RESULTS.md ("Bots") records the
figures and the exact commands.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.bots import LEVELS, STRONG_BUDGET  # noqa: E402
from schraem.bots.bits import FULL, beaters, card_int, card_str, cards_of, mask_of, playable, trick_step  # noqa: E402
from schraem.bots.decider import Budget  # noqa: E402
from schraem.bots.heuristic import by_strength, choose_card, strength_key  # noqa: E402
from schraem.bots.model import Situation  # noqa: E402
from schraem.bots.solver import Solver, order_from  # noqa: E402
from schraem.bots.strong import decide  # noqa: E402
from schraem.cli.match import play_game, rotation, run_match  # noqa: E402
from schraem.core.cards import derive_seed, shuffled_deck  # noqa: E402
from schraem.core.game import Game  # noqa: E402
from schraem.core.rules import Rules  # noqa: E402
from schraem.core.view import view  # noqa: E402


# --- fit: the strength table -----------------------------------------------------
def fit(hands_per_k: int, seed: int) -> dict:
    """Heuristic self-play without knocking: at the start of every trick,
    each player's features and whether they took the last trick."""
    counts: dict = {}
    for k in range(2, 7):
        for h in range(hands_per_k):
            g = Game([f"P{i}" for i in range(k)], options={"knocking": False}, dealer=k)
            pack = shuffled_deck(derive_seed(seed, k, h))
            g.deal(cards=[[str(c) for c in pack[4 * i : 4 * i + 4]] for i in range(k)])
            recs = []
            while not g.hand_over:
                s = g.due()[0]
                v = view(g, s)
                if v["my_cards"] is None:
                    g.apply({"seat": s, "type": "look"})
                    continue
                sit = Situation(v)
                if not sit.trick:
                    for p in range(1, k + 1):
                        hand = [card_int(str(c)) for c in g.hand.cards[p - 1]]  # the seat's own cards
                        unseen = ((1 << 32) - 1) & ~sit.seen
                        for c in hand:
                            unseen &= ~(1 << c)
                        ranked = by_strength(hand, unseen)
                        b1 = beaters(ranked[0], unseen)
                        b2 = beaters(ranked[1], unseen) if len(ranked) > 1 else None
                        recs.append((p, strength_key(k, len(hand), b1, b2, p == s)))
                legal = [card_int(a["card"]) for a in v["legal"] if a["type"] == "play"]
                g.apply({"seat": s, "type": "play", "card": card_str(choose_card(sit, legal))})
            w = g.results[-1].winner + 1
            for p, key in recs:
                a = counts.setdefault(key, [0, 0])
                a[0] += 1
                a[1] += p == w
    return counts


def cmd_fit(args) -> None:
    counts = fit(args.hands, args.seed)
    table = {k: round(v[1] / v[0], 3) for k, v in sorted(counts.items()) if v[0] >= 40}
    print("STRENGTH: dict = {")
    for k, p in table.items():
        print(f"    {k!r}: {p},")
    print("}")


# --- calibrate: what a perfect-information "can force" is worth ------------------
def cmd_calibrate(args) -> None:
    """Card play only (knocking off, one hand per deal, 2..6 players): the
    strong bot, uncalibrated, against heuristic players. At each of its card
    decisions: the share of sampled deals in which it can force the last
    trick, and whether it took the hand. Least squares per (players, cards
    left): P(win) = a * forced + c * (1 - forced)."""
    from schraem.bots import tables

    saved = dict(tables.CALIBRATION)
    tables.CALIBRATION.clear()
    budget = Budget(samples=STRONG_BUDGET.samples, nodes=STRONG_BUDGET.nodes)
    rules = Rules.make("rheinland", {"knocking": False})
    data = []
    try:
        for k in range(2, 7):
            tables.CALIBRATION[k] = (1.0, 0.0)
        for k in range(2, 7):
            for d in range(args.deals):
                g = Game([f"P{i}" for i in range(k)], rules, dealer=k)
                pack = shuffled_deck(derive_seed(args.seed, k, d))
                g.deal(cards=[[str(c) for c in pack[4 * i : 4 * i + 4]] for i in range(k)])
                me = d % k + 1
                recs = []
                step = 0
                while not g.hand_over:
                    s = g.due()[0]
                    v = view(g, s)
                    rng = random.Random(derive_seed(args.seed, k, d, step))
                    if s == me:
                        rep = {}
                        a = decide(v, rng, budget, rep)
                        if rep.get("kind") == "play" and rep.get("samples"):
                            recs.append((len(v["my_cards"]), rep["p"]))
                    else:
                        a = LEVELS["heuristic"](v, rng)
                    g.apply(a)
                    step += 1
                won = 1 if g.results[-1].winner == me - 1 else 0
                data += [(k, r, p, won) for r, p in recs]
    finally:
        tables.CALIBRATION.clear()
        tables.CALIBRATION.update(saved)
    out = {}
    for k in range(2, 7):
        rows = [(p, y) for kk, _r, p, y in data if kk == k]
        n = len(rows)
        if n < 20:
            continue
        mp = sum(p for p, _ in rows) / n
        my = sum(y for _, y in rows) / n
        var = sum((p - mp) ** 2 for p, _ in rows)
        slope = sum((p - mp) * (y - my) for p, y in rows) / var if var else 0.0
        c = my - slope * mp
        out[k] = {
            "n": n,
            "a": round(min(1.0, c + slope), 3),
            "c": round(max(0.0, c), 3),
            "mean_forced": round(mp, 3),
            "win_rate": round(my, 3),
        }
    print(json.dumps(out, indent=1))


# --- timing -------------------------------------------------------------------------
def positions(count: int, seed: int) -> list[dict]:
    """Views where a strong bot searches, from seeded games of strong
    against heuristic bots at 2, 3 and 4 seats: a card, a knock or an
    answer when due, and also a knock before looking (due to play, cards
    unseen) and a knock out of turn (not due, a hand the quick estimate
    rates high enough to search)."""
    from schraem.bots.heuristic import my_chance
    from schraem.bots.strong import INTERJECT_MIN_CHANCE

    out: list[dict] = []

    def grab(kind, v, action, dt):
        if kind != "strong":
            return
        knock = any(a["type"] == "knock" for a in v["legal"])
        due = v.get("turn") == v["seat"] or (v.get("response") or {}).get("to_answer") == v["seat"]
        if v.get("my_cards") is None:
            if knock and v.get("turn") == v["seat"] and not v.get("response"):
                out.append(v)  # a blind knock weighed
            return
        if due:
            if sum(1 for a in v["legal"] if a["type"] in ("play", "hold", "knock")) >= 2:
                out.append(v)
        elif knock and my_chance(Situation(v)) >= INTERJECT_MIN_CHANCE:
            out.append(v)  # a knock out of turn weighed

    rules = Rules.make("rheinland")
    tables_ = [["strong", "heuristic"], ["strong", "heuristic", "heuristic"], ["strong", "heuristic", "heuristic", "heuristic"]]
    d = 0
    while len(out) < count:
        kinds = tables_[d % 3]
        play_game(kinds, seed, d, d % len(kinds), rules, on_decision=grab)
        d += 1
    rng = random.Random(seed)
    rng.shuffle(out)
    return out[:count]


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return None
    i = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[i]


TIMING_SNIPPET = r'''
import json, random, time
from schraem.bots import LEVELS
def _one(views, i, level):
    LEVELS[level](views[i], random.Random(i))
def _warm(views, levels, count=10):
    """Untimed decisions first: the first calls pay for imports and caches."""
    for level in levels:
        for i in range(min(count, len(views))):
            _one(views, i, level)
def _stats(ts):
    ts = sorted(ts)
    q = lambda p: ts[min(len(ts) - 1, int(round(p * (len(ts) - 1))))]
    return {"p50_ms": round(q(0.5), 1), "p95_ms": round(q(0.95), 1), "p99_ms": round(q(0.99), 1), "max_ms": round(ts[-1], 1),
            "mean_ms": round(sum(ts) / len(ts), 1)}
def _time(views, levels):
    # Levels interleaved per position, so a change in machine load hits all alike.
    _warm(views, levels)
    wall = {lv: [] for lv in levels}
    cpu = {lv: [] for lv in levels}
    for i in range(len(views)):
        for level in levels:
            c0, t0 = time.process_time(), time.perf_counter()
            _one(views, i, level)
            wall[level].append(1000 * (time.perf_counter() - t0))
            cpu[level].append(1000 * (time.process_time() - c0))
    return {lv: {"decisions": len(views), "wall": _stats(wall[lv]), "cpu": _stats(cpu[lv])} for lv in levels}
'''


def load_note() -> str:
    try:
        return "load average %.2f %.2f %.2f on %d CPUs" % (*os.getloadavg(), os.cpu_count())
    except OSError:
        return ""


def cmd_timing(args) -> None:
    views = positions(args.positions, args.seed)
    ns: dict = {}
    exec(TIMING_SNIPPET, ns)
    res = ns["_time"](views, args.levels.split(","))
    print(
        json.dumps(
            {
                "runtime": f"CPython {sys.version.split()[0]}",
                "positions": len(views),
                "seed": args.seed,
                "levels": res,
                "machine": load_note(),
            },
            indent=1,
        )
    )


NODE_RUNNER = r'''
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
// The engine package, as the app ships it, into the Pyodide file system.
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    if (name === "__pycache__") continue;
    const s = src + "/" + name, d = dst + "/" + name;
    if (fs.statSync(s).isDirectory()) copy(s, d);
    else if (name.endsWith(".py")) py.FS.writeFile(d, fs.readFileSync(s));
  }
}
copy("%(engine)s/schraem", "/engine/schraem");
py.runPython("import sys; sys.path.insert(0, '/engine')");
py.globals.set("VIEWS_JSON", fs.readFileSync("%(views)s", "utf8"));
py.runPython(%(snippet)s);
py.runPython("VIEWS = json.loads(VIEWS_JSON)");
const one = py.runPython("lambda i, level: _one(VIEWS, i, level)");
const stats = (xs) => {
  xs = [...xs].sort((a, b) => a - b);
  const q = (p) => xs[Math.min(xs.length - 1, Math.round(p * (xs.length - 1)))];
  const r = (x) => Math.round(x * 10) / 10;
  return { p50_ms: r(q(0.5)), p95_ms: r(q(0.95)), p99_ms: r(q(0.99)), max_ms: r(xs[xs.length - 1]), mean_ms: r(xs.reduce((a, b) => a + b, 0) / xs.length) };
};
const n = py.runPython("len(VIEWS)");
py.runPython(`_warm(VIEWS, ${JSON.stringify(%(levels)s)})`);
const levels = {}, wall = {}, cpu = {};
for (const level of %(levels)s) { wall[level] = []; cpu[level] = []; }
for (let i = 0; i < n; i++) {
  for (const level of %(levels)s) {  // interleaved: load changes hit all levels alike
    const c0 = process.cpuUsage(), t0 = performance.now();
    one(i, level);
    wall[level].push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu[level].push((c.user + c.system) / 1000);
  }
}
for (const level of %(levels)s) levels[level] = { decisions: n, wall: stats(wall[level]), cpu: stats(cpu[level]) };
console.log(JSON.stringify({ runtime: "Pyodide " + py.runPython("sys.version.split()[0]"), levels }));
'''


def cmd_pyodide(args) -> None:
    pyodide = ROOT / "node_modules" / "pyodide"
    node = shutil.which("node")
    if node is None or not (pyodide / "pyodide.mjs").exists():
        print(json.dumps({"skipped": "node or node_modules/pyodide missing"}))
        return
    views = positions(args.positions, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        vpath = Path(tmp) / "views.json"
        vpath.write_text(json.dumps(views))
        script = Path(tmp) / "run.mjs"
        script.write_text(
            NODE_RUNNER
            % {
                "pyodide": pyodide.as_posix(),
                "engine": (ROOT / "engine").as_posix(),
                "views": vpath.as_posix(),
                "snippet": json.dumps(TIMING_SNIPPET),
                "levels": json.dumps(args.levels.split(",")),
            }
        )
        t0 = time.perf_counter()
        proc = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=3600)
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            sys.exit(1)
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        res.update(
            positions=len(views),
            seed=args.seed,
            node=subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip(),
            seconds=round(time.perf_counter() - t0, 1),
            machine=load_note(),
        )
        print(json.dumps(res, indent=1))


CHROMIUM_PAGE = """<!doctype html><meta charset="utf-8"><title>bot timing</title>
<script type="module">
const mode = new URLSearchParams(location.search).get("mode") || "worker";
const src = `
const base = new URL("./", self.location.href).href;
let py;
async function boot() {
  const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
  py = await loadPyodide({ indexURL: base + "pyodide/" });
  const zip = await (await fetch(base + "engine.zip")).arrayBuffer();
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: "/engine" });
  py.runPython("import sys; sys.path.insert(0, '/engine')");
  py.globals.set("VIEWS_JSON", await (await fetch(base + "views.json")).text());
  py.runPython(await (await fetch(base + "snippet.py")).text());
  py.runPython("VIEWS = json.loads(VIEWS_JSON)");
}
function spin1() { const t0 = performance.now(); let x = 0; for (let i = 0; i < 2e7; i++) x += i % 7; return performance.now() - t0 + (x < 0 ? 1 : 0); }
function spin() { return Math.min(spin1(), spin1(), spin1()); }
async function run(levels) {
  const one = py.runPython("lambda i, level: _one(VIEWS, i, level)");
  const n = py.runPython("len(VIEWS)");
  const out = { spin_ms: spin() };
  py.runPython("_warm(VIEWS, " + JSON.stringify(levels) + ")");
  for (const level of levels) out[level] = [];
  for (let i = 0; i < n; i++) {
    for (const level of levels) { const t0 = performance.now(); one(i, level); out[level].push(performance.now() - t0); }
  }
  return out;
}
self.onmessage = async (e) => {
  if (e.data.cmd === "boot") { await boot(); spin(); postMessage({ ok: true, spin_ms: spin() }); }
  else postMessage(await run(e.data.levels));
};`;
let call;
if (mode === "worker") {
  const w = new Worker(URL.createObjectURL(new Blob([src.replace("self.location.href", JSON.stringify(location.href))], { type: "text/javascript" })), { type: "module" });
  call = (msg) => new Promise((res) => { w.onmessage = (e) => res(e.data); w.postMessage(msg); });
} else {
  // main thread: the same code, messages replaced by calls
  const mod = {}; const post = (m) => mod.res(m);
  const f = new Function("self", "postMessage", "return (async () => {" + src.replace("self.location.href", JSON.stringify(location.href)).replace(/await import\\(/g, "await import(") + "})()");
  const fake = { set onmessage(h) { mod.h = h; } };
  await f(fake, post);
  call = (msg) => new Promise((res) => { mod.res = res; mod.h({ data: msg }); });
}
window.bench = { call };
window.benchReady = true;
</script>"""


def cmd_chromium(args) -> None:
    """Headless Chromium (Playwright), CPU throttled through the DevTools
    protocol; Pyodide in a module Worker (as the app's engine) or on the
    main thread. Wall-clock time per decision, from performance.now()."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(json.dumps({"skipped": "playwright is not installed"}))
        return
    import importlib.util

    spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    views = positions(args.positions, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        (site / "pyodide").mkdir()
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
            src = ROOT / "node_modules" / "pyodide" / name
            if src.exists():
                shutil.copy(src, site / "pyodide" / name)
        (site / "engine.zip").write_bytes(build.engine_zip(ROOT / "engine" / "schraem"))
        (site / "views.json").write_text(json.dumps(views))
        (site / "snippet.py").write_text(TIMING_SNIPPET)
        (site / "bench.html").write_text(CHROMIUM_PAGE)
        server = build.serve(site, 0)
        url = f"http://127.0.0.1:{server.server_address[1]}/bench.html?mode={args.mode}"
        levels = args.levels.split(",")
        try:
            with sync_playwright() as p:
                exe = shutil.which("chromium") or shutil.which("chromium-browser")
                browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page()
                page.goto(url)
                page.wait_for_function("window.benchReady === true", timeout=120_000)
                boot = page.evaluate("bench.call({cmd: 'boot'})")
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                res = page.evaluate("(levels) => bench.call({cmd: 'run', levels})", levels)
                version = browser.version
                browser.close()
        finally:
            server.shutdown()

    def stats(ts):
        ts = sorted(ts)
        q = lambda x: ts[min(len(ts) - 1, int(round(x * (len(ts) - 1))))]  # noqa: E731
        return {
            "p50_ms": round(q(0.5), 1),
            "p95_ms": round(q(0.95), 1),
            "p99_ms": round(q(0.99), 1),
            "max_ms": round(ts[-1], 1),
            "mean_ms": round(sum(ts) / len(ts), 1),
            "share_over_100ms": round(sum(1 for t in ts if t > 100) / len(ts), 3),
        }

    out = {
        "runtime": f"Pyodide in headless Chromium {version}",
        "mode": args.mode,
        "cpu_throttling": args.throttle,
        "positions": len(views),
        "seed": args.seed,
        "spin_ms_unthrottled": round(boot["spin_ms"], 1),
        "spin_ms_throttled": round(res["spin_ms"], 1),
        "levels": {lv: {"decisions": len(res[lv]), "wall": stats(res[lv])} for lv in levels},
        "machine": load_note(),
    }
    print(json.dumps(out, indent=1))


# --- gap: card play against an all-seeing bot ------------------------------------------
class AllSeeing:
    """Card play that cheats: it reads the true deal of the game being
    played and solves it exactly with the bots' own solver; every other
    decision (bets, exchanges) is the heuristic's. It exists only in the
    benchmarks, as the ceiling of card play. Use it inside `with watching()`,
    which lets it see the game the match runner is playing."""

    current: dict = {}

    def __init__(self, reply: bool = False):
        # reply: among cards that cannot force the last trick against any
        # defence, prefer one that wins against the heuristic card play the
        # table actually has (the best reply to it, every card known).
        self.reply = reply

    def __call__(self, v, rng):
        game = self.current.get("game")
        legal = [a for a in v["legal"] if a["type"] == "play"]
        if game is None or v["my_cards"] is None or not legal or v.get("turn") != v["seat"] or v.get("response"):
            return LEVELS["heuristic"](v, rng)
        hand = game.hand
        seats = tuple(i for i in range(hand.n) if hand.in_hand[i])
        idx = {s: i for i, s in enumerate(seats)}
        masks = tuple(mask_of(card_int(str(c)) for c in hand.cards[s]) for s in seats)
        sit = Situation(v)
        led = wp = wc = -1
        for p, c, dead in sit.trick:
            if dead or p not in idx:
                led = c >> 3 if led < 0 else led
            else:
                led, wp, wc = trick_step(led, wp, wc, idx[p], c)
        movers = tuple(idx[s] for s in sit.movers())
        solver = Solver(len(seats), idx[v["seat"] - 1])
        res = solver.root_moves(masks, movers, led, wp, wc)
        cards = [card_int(a["card"]) for a in legal]
        pref = choose_card(sit, cards)
        model = {}
        if self.reply and len(cards) > 1:
            from schraem.bots.heuristic import reply_card
            from schraem.bots.strong import after_play

            model = {c: res[c] or solver.wins_against(*after_play(masks, movers, led, wp, wc, c, sit.seen), reply_card) for c in cards}
        best = max(cards, key=lambda c: (res.get(c, False), model.get(c, False), c == pref))
        return {"seat": v["seat"], "type": "play", "card": card_str(best)}


class SeesAfterFirstChoice:
    """An upper bound on any card player that does not see hidden cards:
    in every hand it plays as the strong bot (bets too) up to and including
    its first card with a real choice, and it makes that choice by the
    best expected outcome of seeing everything afterwards (over the strong
    bot's sampled deals, each card scored by the all-seeing best reply to
    the heuristic's card play). From then on it plays that hand as
    AllSeeing(reply=True). No player who must choose its first card
    without seeing the others' cards can do better in expectation. Only in
    the benchmarks, inside `with watching()`."""

    def __init__(self, budget: Budget = STRONG_BUDGET):
        self.budget = budget
        self.cheat = AllSeeing(reply=True)
        self.chosen: dict = {}  # id(hand) -> hand (kept alive so the id is not reused)

    def __call__(self, v, rng):
        game = AllSeeing.current.get("game")
        hand = None if game is None else game.hand
        if hand is not None and self.chosen.get(id(hand)) is hand:
            return self.cheat(v, rng)
        legal = [a for a in v["legal"] if a["type"] == "play"]
        if v["my_cards"] is None or len(legal) < 2 or v.get("turn") != v["seat"] or v.get("response"):
            return decide(v, rng, self.budget)
        report: dict = {}
        b = self.budget
        # Every card scored by the all-seeing reply, whatever the hand's size.
        a = decide(v, rng, Budget(b.samples, b.nodes, b.seconds, b.clock, b.inference, model_cards=len(v["my_cards"])), report)
        if a is None or a["type"] != "play":
            return a  # a knock first: the card is still to be chosen, unseen
        if hand is not None:
            self.chosen[id(hand)] = hand
        model = report.get("model")
        if not model:
            return a
        best = max(model, key=lambda c: (model[c], c == a["card"]))
        return {**a, "card": best}


def plan_against(solver, deals: list, movers: tuple, led: int, wp: int, wc: int, played: int, reply) -> int:
    """How many of `deals` (hands tuples that differ only in the cards the
    root cannot see; the rest of the position is common to them) the root
    takes the last trick in, when everyone else plays as `reply` says and
    the root plays the best policy it can follow WITHOUT seeing their cards:
    one card for all deals it cannot yet tell apart. The model is
    deterministic, so the deals part ways only by the cards the others play,
    and the root chooses per group of deals that showed it the same cards.
    Solver.wins_against instead lets the root play each deal with its cards
    known (strategy fusion): that is the all-seeing reply, this is a policy
    a player could really follow."""
    if not deals:
        return 0
    if not movers:
        hw = deals[0][wp]
        if not hw:
            return len(deals) if wp == solver.root else 0
        if not hw & (hw - 1):
            return sum(1 for hands in deals if solver._last(hands, wp))
        return plan_against(solver, deals, order_from(solver.k, wp), -1, -1, -1, played, reply)
    m = movers[0]
    rest = movers[1:]
    if m == solver.root:
        best = 0
        for c in cards_of(playable(deals[0][m], led)):
            best = max(best, _plan_after(solver, deals, m, c, rest, led, wp, wc, played, reply))
            if best == len(deals):
                break
        return best
    groups: dict = {}
    movers_left = len(rest) if led >= 0 else 0
    for hands in deals:
        h = hands[m]
        c = reply(h, playable(h, led), FULL & ~played & ~h, led, wc, movers_left)
        groups.setdefault(c, []).append(hands)
    return sum(_plan_after(solver, g, m, c, rest, led, wp, wc, played, reply) for c, g in groups.items())


def plan_root(solver, deals: list, movers: tuple, led: int, wp: int, wc: int, played: int, reply, cards) -> dict:
    """plan_against after each of the root's `cards` (the root is movers[0]): card -> deals won."""
    return {c: _plan_after(solver, deals, movers[0], c, movers[1:], led, wp, wc, played, reply) for c in cards}


def _plan_after(solver, deals, m, c, rest, led, wp, wc, played, reply) -> int:
    low = 1 << c
    nl, nwp, nwc = trick_step(led, wp, wc, m, c)
    after = [hands[:m] + (hands[m] & ~low,) + hands[m + 1 :] for hands in deals]
    return plan_against(solver, after, rest, nl, nwp, nwc, played | low, reply)


class PlansAgainstModel:
    """The strong bot, except that every card with a real choice is the one
    whose best honest policy against the heuristic's card play (plan_root
    over the strong bot's sampled deals) wins the most deals; ties: the
    strong bot's card. It sees nothing hidden: an estimate of the most a
    fair player can get out of knowing how these opponents play. Only in
    the benchmarks (it is slower than the strong bot and gained nothing)."""

    def __init__(self, budget: Budget = STRONG_BUDGET):
        self.budget = budget

    def __call__(self, v, rng):
        from schraem.bots.decider import Decider
        from schraem.bots.strong import as_it_stands

        a = decide(v, rng, self.budget)
        legal = [card_int(x["card"]) for x in v["legal"] if x["type"] == "play"]
        if a is None or a["type"] != "play" or len(legal) < 2:
            return a
        sit = Situation(v)
        dec = Decider(sit, random.Random(rng.random()), self.budget)
        alive = as_it_stands(sit)[0]
        planned, pos = [], None
        for d in dec.deals():
            seats, hands, movers, led, wp, wc = dec.position(d, alive)
            planned.append(hands)
            pos = (seats, movers, led, wp, wc)
        if not planned:
            return a
        seats, movers, led, wp, wc = pos
        solver = Solver(len(seats), seats.index(sit.me))
        got = plan_root(solver, planned, movers, led, wp, wc, sit.seen, dec.reply, legal)
        strong_card = card_int(a["card"])
        best = max(legal, key=lambda c: (got[c], c == strong_card))
        return {**a, "card": card_str(best)}


class watching:
    """Within this block the match runner's `view` also tells AllSeeing
    which game it is looking at."""

    def __enter__(self):
        import schraem.cli.match as match

        self.match, self.real_view = match, match.view

        def tracking_view(game, seat):
            AllSeeing.current["game"] = game
            return self.real_view(game, seat)

        match.view = tracking_view
        return self

    def __exit__(self, *exc):
        self.match.view = self.real_view
        AllSeeing.current.clear()


def _gap_deals(job: tuple) -> list[float]:
    """One kind's share of the last tricks won on some deals of the gap run,
    each deal played with the tested seat in every position (a process of
    its own with --jobs)."""
    kind, seed, samples, deals = job
    rules = Rules.make("rheinland", {"knocking": False})
    budget = Budget(samples=samples, nodes=1000 * samples)
    fn = {"heuristic": LEVELS["heuristic"], "strong": lambda v, rng: decide(v, rng, budget), "cheat": AllSeeing()}[kind]
    current = AllSeeing.current
    per_deal = []
    with watching():
        for d in deals:
            w_d = 0
            for r in range(4):
                g = Game([f"P{i}" for i in range(4)], rules, dealer=4)
                pack = shuffled_deck(derive_seed(seed, d))
                g.deal(cards=[[str(c) for c in pack[4 * i : 4 * i + 4]] for i in range(4)])
                seat_kinds = rotation(["test", "heuristic", "heuristic", "heuristic"], r)
                step = 0
                while not g.hand_over:
                    s = g.due()[0]
                    current["game"] = g
                    v = view(g, s)
                    rng = random.Random(derive_seed(seed, d, r, step))
                    g.apply(fn(v, rng) if seat_kinds[s - 1] == "test" else LEVELS["heuristic"](v, rng))
                    step += 1
                w_d += g.results[-1].winner == seat_kinds.index("test")
            per_deal.append(w_d / 4)
    return per_deal


def cmd_gap(args) -> None:
    """Card play only: 4 players, knocking off, one hand per deal; the seat
    under test plays with heuristic, strong or all-seeing (cheating: solves
    the true deal) card play against three heuristic players, every deal in
    every seat. Gap closed = (strong - heuristic) / (cheat - heuristic).
    Every decision is seeded by deal, seat and step, so --jobs only splits
    the deals: the figures are the same."""
    import multiprocessing

    results = {}
    per_kind = {}
    jobs = max(1, args.jobs)
    started = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        for kind in ("heuristic", "strong", "cheat"):
            parts = pool.map(_gap_deals, [(kind, args.seed, args.samples, range(j, args.deals, jobs)) for j in range(jobs)])
            per_deal = [0.0] * args.deals
            for j, part in enumerate(parts):
                per_deal[j::jobs] = part
            m = statistics.mean(per_deal)
            half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
            wins = round(4 * sum(per_deal))
            results[kind] = {
                "hands": 4 * args.deals,
                "wins": wins,
                "win_rate": round(m, 4),
                "ci95": [round(m - half, 4), round(m + half, 4)],
            }
            per_kind[kind] = per_deal
    h, s, c = (results[k]["win_rate"] for k in ("heuristic", "strong", "cheat"))
    results["gap_closed"] = round((s - h) / (c - h), 3) if c != h else None
    # Bootstrap over deals (seeded) for an interval of the share closed.
    rng = random.Random(args.seed)
    n = args.deals
    shares = []
    for _ in range(2000):
        idx = [rng.randrange(n) for _ in range(n)]
        hb, sb, cb = (sum(per_kind[k][i] for i in idx) / n for k in ("heuristic", "strong", "cheat"))
        if cb != hb:
            shares.append((sb - hb) / (cb - hb))
    shares.sort()
    if shares:
        results["gap_closed_ci95"] = [round(shares[int(0.025 * len(shares))], 3), round(shares[int(0.975 * len(shares)) - 1], 3)]
    results.update(
        deals=args.deals,
        seed=args.seed,
        samples=args.samples,
        seconds=round(time.perf_counter() - started),
        note="4 players, no knocking, one hand per deal, each deal in every seat; fair share 0.25",
    )
    print(json.dumps(results, indent=1))


# --- hard: the app level with its wall-clock cap ----------------------------------------
def cmd_hard(args) -> None:
    """The app's `hard` level as a phone runs it: the strong bot's budget
    with the app's wall-clock cap, against three heuristic bots on
    duplicate deals. A phone runs the same decision `--slowdown` times
    slower than this CPython (default 12: the strong bot's p50 on the main
    thread of a 4×-throttled Chromium, 77 ms, against its CPU time here,
    6.5 ms; "Time per decision"), so the cap is divided by it here.
    Sequential, on an otherwise idle machine: the clock decides."""
    from schraem.bots import APP_SECONDS
    from schraem.cli.match import run_with_bots

    cap = APP_SECONDS / args.slowdown
    budget = Budget(samples=STRONG_BUDGET.samples, nodes=STRONG_BUDGET.nodes, seconds=cap, clock=time.perf_counter)
    cut = {"decisions": 0, "short": 0}
    times = []

    def hard(v, rng):
        report = {}
        t0 = time.perf_counter()
        action = decide(v, rng, budget, report)
        times.append(time.perf_counter() - t0)
        if "samples" in report:
            cut["decisions"] += 1
            cut["short"] += report["samples"] < budget.samples
        return action

    hard.out_of_turn = True
    kinds = ["hard", "heuristic", "heuristic", "heuristic"]
    bots = {"hard": hard, "heuristic": LEVELS["heuristic"]}
    out = run_with_bots(kinds, args.deals, args.seed, args.rules, bots)
    b = out["bots"]["hard"]
    print(
        json.dumps(
            {
                "rules": args.rules,
                "games": out["games"],
                "slowdown": args.slowdown,
                "cap_ms_here": round(cap * 1000, 2),
                "hard": {k: b[k] for k in ("finish", "finish_rate", "finish_ci95", "fair_share", "net_marks_per_hand")},
                "decisions_searched": cut["decisions"],
                "stopped_by_cap": cut["short"],
                "decision_ms_here": {"p50": round(pct(times, 0.5) * 1000, 2), "p95": round(pct(times, 0.95) * 1000, 2)},
                "seconds": out["seconds"],
                "machine": load_note(),
            },
            indent=1,
        )
    )


# --- matches -----------------------------------------------------------------------------
TARGETS = [
    ("strong vs 3 heuristic", "strong,heuristic,heuristic,heuristic"),
    ("heuristic vs 3 random", "heuristic,random,random,random"),
    ("strong vs heuristic (2 players)", "strong,heuristic"),
]


def cmd_matches(args) -> None:
    out = []
    for name, seats in TARGETS:
        if args.only and args.only not in seats:
            continue
        res = run_match(seats.split(","), args.deals, args.seed, jobs=args.jobs)
        res["name"] = name
        res["command"] = f"python -m schraem match --seats {seats} --games {args.deals} --seed {args.seed}"
        out.append(res)
        print(json.dumps(res), flush=True)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--hands", type=int, default=12000)
    f.add_argument("--seed", type=int, default=7)
    f.set_defaults(func=cmd_fit)
    c = sub.add_parser("calibrate")
    c.add_argument("--deals", type=int, default=600)
    c.add_argument("--seed", type=int, default=5)
    c.set_defaults(func=cmd_calibrate)
    for name, func in (("timing", cmd_timing), ("pyodide", cmd_pyodide)):
        t = sub.add_parser(name)
        t.add_argument("--positions", type=int, default=200)
        t.add_argument("--seed", type=int, default=2)
        t.add_argument("--levels", default="strong,hard,medium,easy,heuristic")
        t.set_defaults(func=func)
    ch = sub.add_parser("chromium")
    ch.add_argument("--positions", type=int, default=200)
    ch.add_argument("--seed", type=int, default=2)
    ch.add_argument("--levels", default="strong,hard,medium,easy")
    ch.add_argument("--throttle", type=float, default=4)
    ch.add_argument("--mode", choices=("worker", "main"), default="worker")
    ch.set_defaults(func=cmd_chromium)
    g = sub.add_parser("gap")
    g.add_argument("--deals", type=int, default=2000)
    g.add_argument("--seed", type=int, default=11)
    g.add_argument(
        "--samples", type=int, default=STRONG_BUDGET.samples, help="the strong bot's samples per decision (nodes: 1,000 per sample)"
    )
    g.add_argument("--jobs", type=int, default=1, help="processes; the deals are split, the figures stay the same")
    g.set_defaults(func=cmd_gap)
    hd = sub.add_parser("hard")
    hd.add_argument("--deals", type=int, default=50)
    hd.add_argument("--seed", type=int, default=7)
    hd.add_argument("--slowdown", type=float, default=12)
    hd.add_argument("--rules", default="rheinland")
    hd.set_defaults(func=cmd_hard)
    m = sub.add_parser("matches")
    m.add_argument("--deals", type=int, default=100)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("--only", default="")
    m.set_defaults(func=cmd_matches)
    args = p.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
