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

With --browser, instead: the organiser's phone. Chromium (the launcher of
the other browser benches, Pixel 7 emulation, the main thread throttled
4x over CDP as bench/phone_table.py throttles a guest) creates a
300-player tournament of five series by its form, then reads every result
of series 1 in as a file ("Ergebnis einlesen"), one after another in
random order; series 2 to 4 go straight into the page's engine (untimed,
the last of each read in as a file, so the app keeps it); of series 5,
where the screen holds 375 tables, --late results are read in as files.

  import_ms    from the chosen file's change event until the frame that
               shows the table handed in is painted, p50 / p95; split into
               the engine's answer (the worker's round trip), the writes
               (every read-write transaction until it committed) and the
               rest: reading the file, the redraw and its frame
  draw_ms      "Serie k auslosen": from the tap until the frame that shows
               the new series' tables is painted, series 2 to 5
  redraw_ms    the baseline: the same screen drawn again without a change
               (the app's render, until its frame is painted), median of 9
  save         what one step writes: the history entry and the preference
               as JSON, read back after the last step; the transactions
               and puts per result read in

--against REV builds the app as it was at REV (a git worktree) and runs
the same steps on it in the same run, interleaved with this checkout's,
for a before and after; --write puts the figures into the subsection "The
organiser's phone" of bench/RESULTS.md's championship section.

    python bench/tournament.py [--players 300] [--write]
    python bench/tournament.py --browser [--against REV] [--late 25] [--runs 1] [--write]
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
{kept_phone()}"""


def kept_phone() -> str:
    """The organiser's phone as bench/RESULTS.md has it (the --browser
    part's figures stay when the engine's are written again)."""
    import re

    path = ROOT / "bench" / "RESULTS.md"
    found = re.search(rf"^{re.escape(PHONE)}\n.*?(?=^## |^### |\Z)", path.read_text(), re.S | re.M) if path.exists() else None
    return "\n" + found.group(0).rstrip() + "\n" if found else ""


# --- the organiser's phone, in the browser -----------------------------------

HEADING = "A championship on one phone"
PHONE = "### The organiser's phone"
THROTTLE = 4
SERIES = 5

# Every read-write transaction with the time it was opened and committed
# and its puts; every frame's start, so a step is seen drawn on the first
# frame that shows it and painted once that frame's work is done; the taps.
PROBE = """
window.__bench = { tx: [], q: [], taps: [], steps: [], pending: null };
const openTx = IDBDatabase.prototype.transaction;
const txOf = new WeakMap();
IDBDatabase.prototype.transaction = function (stores, mode, options) {
  const tx = openTx.call(this, stores, mode, options);
  if (mode === 'readwrite') {
    const rec = { db: this.name, stores: [].concat(stores), t0: performance.now(), t1: null, puts: 0 };
    window.__bench.tx.push(rec);
    txOf.set(tx, rec);
    tx.addEventListener('complete', () => { rec.t1 = performance.now(); });
  }
  return tx;
};
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  const rec = txOf.get(this.transaction);
  if (rec) rec.puts += 1;
  return put.apply(this, args);
};
for (const type of ['pointerdown', 'touchstart']) document.addEventListener(type, () => window.__bench.taps.push(performance.now()), true);
document.addEventListener('change', (e) => {
  const b = window.__bench;
  if (e.target?.dataset?.import === 'result' && b.pending && b.pending.t0 == null) b.pending.t0 = performance.now();
}, true);
const frame = () => {
  const b = window.__bench;
  const p = b.pending;
  if (p && p.t0 != null && p.drawn == null && document.querySelectorAll(p.shows).length >= p.count) {
    p.drawn = performance.now();
    setTimeout(() => { p.painted = performance.now(); b.steps.push(p); b.pending = null; });
  }
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""

# The engine's answers timed where the organiser's steps ask them.
TIME_QUERIES = """async () => {
  const s = (await import('./modules.js')).context.session();
  if (s.__timed) return;
  const query = s.query;
  s.query = function (cmd, args) {
    const t0 = performance.now();
    return query.call(this, cmd, args).then((r) => { window.__bench.q.push({ op: args?.op, t0, t1: performance.now() }); return r; });
  };
  s.__timed = true;
}"""

# A step about to be made: done once `shows` matches `count` elements.
EXPECT = "([shows, count, t0]) => { window.__bench.pending = { shows, count, t0: t0 ? performance.now() : null }; }"

# The screen drawn again as it is: the app's render until its frame is painted.
REDRAW = """async () => {
  const { render } = (await import('./modules.js')).context;
  const t0 = performance.now();
  render();
  const js = performance.now() - t0;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  return [js, performance.now() - t0];
}"""


# What a step leaves on the phone: the tournament's history entry and the
# preference, as JSON.
KEPT = """async (id) => {
  const get = (name, store, key) => new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction(store, 'readonly').objectStore(store).get(key);
      req.onsuccess = () => { resolve(req.result ?? null); open.result.close(); };
      req.onerror = () => reject(req.error);
    };
  });
  const entry = await get('schraem-history', 'entries', `tournament-${id}`);
  const pref = await get('schraem', 'meta', 'pref:tournament');
  const size = (x) => (x == null ? 0 : new TextEncoder().encode(JSON.stringify(x)).length);
  return {
    entry: size(entry), tournament: size(entry?.facts?.tournament), records: size(entry?.records),
    screen: size(entry?.facts) - size(entry?.facts?.tournament), pref: size(pref),
  };
}"""


def series_results(names: list[str], seed: int, rng: random.Random) -> list[list[dict]]:
    """Every table's result of every series, as the tables' phones send
    them: the tournament the app draws from the same names, rules and seed."""
    from schraem.club.tournament import Tournament
    from schraem.club.transfer import import_table_result, table_ticket

    t = Tournament(names, "rheinland", {"series_games": 1}, seed)
    out = []
    for number in range(1, t.series_count + 1):
        t.start_series()
        out.append([json.loads(json.dumps(sheet_result(table_ticket(t, number, k), rng))) for k in range(1, len(t.series[-1]) + 1)])
        for result in out[-1]:
            import_table_result(t, result)
    return out


def phone_run(pw, browser, site, names: list[str], late: int, seed: int) -> dict:
    """One organiser's phone through the steps the docstring names."""
    from browser import throttle
    from test_club_championship import ENGINE_IMPORTS, IMPORT
    from test_club_tournament import create_tournament

    from helpers import app_url, tap, wait_idle, wait_shell_ready

    rng = random.Random(seed)
    results = series_results(names, seed, rng)
    ctx = browser.new_context(**pw.devices["Pixel 7"], locale="de-DE", service_workers="block")
    ctx.set_default_timeout(300_000)
    page = ctx.new_page()
    page.add_init_script(PROBE)
    page.goto(app_url(site, seed=seed))
    wait_shell_ready(page)
    create_tournament(page, seed=seed, names=names, series=SERIES)
    tid = page.evaluate("async () => (await import('./modules.js')).context.c().tournament.id")
    page.evaluate(TIME_QUERIES)
    cdp = throttle(ctx, page, THROTTLE)

    def imported(result: dict) -> dict:
        """A result read in as the organiser does: the file chosen."""
        page.evaluate("() => { window.__bench.tx = []; window.__bench.q = []; }")
        shows = f'.t-table[data-series="{result["series"]}"][data-table="{result["table"]}"].done'
        page.evaluate(EXPECT, [shows, 1, False])
        page.set_input_files(
            "#t-import-file",
            files=[
                {
                    "name": f"ergebnis-s{result['series']}-t{result['table']}.json",
                    "mimeType": "application/json",
                    "buffer": json.dumps(result).encode(),
                }
            ],
        )
        page.wait_for_function("() => window.__bench.pending === null")
        wait_idle(page)
        return step_figures(page)

    def drawn(number: int, tables: int) -> float:
        """ "Serie k auslosen" tapped: until its tables are painted."""
        page.evaluate("() => { window.__bench.taps = []; }")
        page.evaluate(EXPECT, [f'.t-table[data-series="{number}"]', tables, True])
        tap(page, '[data-action="t-next"]')
        page.wait_for_function("() => window.__bench.pending === null")
        step = page.evaluate("() => window.__bench.steps.at(-1)")
        return step["painted"] - page.evaluate("() => window.__bench.taps[0]")

    redraw = [page.evaluate(REDRAW) for _ in range(9)]
    first = results[0][:]
    rng.shuffle(first)
    early = [imported(r) for r in first]
    draws = []
    for number in range(2, SERIES + 1):
        draws.append(drawn(number, len(results[number - 1])))
        if number == SERIES:
            break
        batch = results[number - 1][:]
        rng.shuffle(batch)
        page.evaluate(ENGINE_IMPORTS, batch[:-1])
        page.evaluate(IMPORT, batch[-1])
        wait_idle(page)
    last = results[SERIES - 1][:]
    rng.shuffle(last)
    redraw_late = [page.evaluate(REDRAW) for _ in range(9)]
    late_steps = [imported(r) for r in last[:late]]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    kept = page.evaluate(KEPT, tid)
    ctx.close()
    return {
        "players": len(names),
        "tables": len(results[0]),
        "early": early,
        "late": late_steps,
        "draws": draws,
        "redraw": redraw,
        "redraw_late": redraw_late,
        "kept": kept,
    }


def step_figures(page) -> dict:
    """The last step's times: the whole, the engine's answer, the writes."""
    b = page.evaluate("() => ({ step: window.__bench.steps.at(-1), q: window.__bench.q, tx: window.__bench.tx })")
    step, q, tx = b["step"], b["q"], [x for x in b["tx"] if x["t1"] is not None]
    engine = sum(x["t1"] - x["t0"] for x in q)
    writes = (max(x["t1"] for x in tx) - min(x["t0"] for x in tx)) if tx else 0.0
    total = step["painted"] - step["t0"]
    return {
        "total": total,
        "engine": engine,
        "writes": writes,
        "rest": total - engine - writes,
        "transactions": len(tx),
        "puts": sum(x["puts"] for x in tx),
    }


def q(xs: list[float], k: int) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(k / 100 * (len(xs) - 1)))]


def summary(runs: list[dict]) -> dict:
    def steps(part: str) -> list[dict]:
        return [s for r in runs for s in r[part]]

    out = {}
    for part in ("early", "late"):
        xs = steps(part)
        out[part] = {
            key: (statistics.median(s[key] for s in xs), q([s[key] for s in xs], 95)) for key in ("total", "engine", "writes", "rest")
        }
        out[part]["n"] = len(xs)
        out[part]["transactions"] = statistics.median(s["transactions"] for s in xs)
        out[part]["puts"] = statistics.median(s["puts"] for s in xs)
    draws = [d for r in runs for d in r["draws"]]
    out["draw"] = (statistics.median(draws), max(draws))
    for part in ("redraw", "redraw_late"):
        xs = [x for r in runs for x in r[part]]
        out[part] = (statistics.median(x[0] for x in xs), statistics.median(x[1] for x in xs))
    out["kept"] = runs[-1]["kept"]
    out["players"], out["tables"] = runs[-1]["players"], runs[-1]["tables"]
    return out


def phone_rows(now: dict, before: dict | None) -> str:
    cols = ["this version"] + (["before", "before / now"] if before else [])
    rows = [
        f"| on the organiser's phone ({now['players']} players, CPU {THROTTLE}× slower) | {' | '.join(cols)} |",
        "| --- |" + " ---: |" * len(cols),
    ]

    def row(what: str, get, unit: str = "ms") -> None:
        cells = [f"{get(now):.0f} {unit}"]
        if before:
            cells += [f"{get(before):.0f} {unit}", f"{get(before) / get(now):.1f}" if get(now) else "–"]
        rows.append(f"| {what} | {' | '.join(cells)} |")

    for part, what in (
        ("early", f"series 1 ({now['tables']} tables on screen)"),
        ("late", f"series {SERIES} ({now['tables'] * SERIES} tables on screen)"),
    ):
        n = now[part]["n"]
        for key, label in (
            ("total", "a result read in"),
            ("engine", "… of it the engine's answer"),
            ("writes", "… the writes"),
            ("rest", "… the file, the redraw, its frame"),
        ):
            for i, p in ((0, "p50"), (1, "p95")):
                row(f"{label}, {what}, {p} of {n}", lambda x, part=part, key=key, i=i: x[part][key][i])
        counts = [f"{x[part]['transactions']:.0f} / {x[part]['puts']:.0f}" for x in (now, before) if x]
        rows.append(f"| read-write transactions / puts per result, {what} | {' | '.join(counts)} |{' |' if before else ''}")
    row("a series drawn, tap to painted, median of series 2–5", lambda x: x["draw"][0])
    row("a series drawn, slowest", lambda x: x["draw"][1])
    row("the screen drawn again unchanged, series 1 (baseline)", lambda x: x["redraw"][1])
    row("the screen drawn again unchanged, series 5 (baseline)", lambda x: x["redraw_late"][1])
    row("the history entry, after the last step", lambda x: x["kept"]["entry"] / 1000, "kB")
    prefs = [f"{x['kept']['pref']} bytes" for x in (now, before) if x]
    rows.append(f"| the preference `tournament` | {' | '.join(prefs)} |{' |' if before else ''}")
    return "\n".join(rows)


def phone_section(now: dict, before: dict | None, rev: str | None, version: str, load: tuple[float, float]) -> str:
    against = f" --against {rev}" if rev else ""
    k = now["kept"]
    return f"""{PHONE}

`python bench/tournament.py --browser{against} --write` — {version}, headless, Pixel 7
emulation, the main thread throttled {THROTTLE}× (CDP). A {now['players']}-player tournament of five series
created by its form; every result of series 1 read in as a file, one after another in random
order; series 2 to 4 into the page's engine (the last of each as a file); {now['late']['n']} of
series 5 as files, with {now['tables'] * SERIES} tables on the screen. A result read in runs from the file's change
event until the frame that shows its table handed in is painted; the baseline is the same
screen drawn again without a change. {"Before: the app as it was at " + rev + ", the same steps in the same run. " if rev else ""}Load average
{load[0]:.1f} before, {load[1]:.1f} after (2 cores shared with other work). Measured {date.today().isoformat()}.

{phone_rows(now, before)}

The history entry after the last step holds the tournament ({k['tournament'] / 1000:.0f} kB), the screen's
facts ({k['screen'] / 1000:.0f} kB) and the games kept for the statistics ({k['records'] / 1000:.0f} kB).
"""


def write_phone(text: str) -> Path:
    """The subsection `PHONE` of the championship section replaced by `text`
    (added at the section's end where there is none)."""
    import re

    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text()
    mine = re.compile(rf"^{re.escape(PHONE)}\n.*?(?=^## |^### |\Z)", re.S | re.M)
    if mine.search(old):
        new = mine.sub(lambda _: text + "\n", old)
    else:
        end = re.compile(rf"^## {re.escape(HEADING)}\n.*?(?=^## |\Z)", re.S | re.M).search(old)
        new = old[: end.end()].rstrip() + "\n\n" + text + "\n" + old[end.end() :] if end else old.rstrip() + "\n\n" + text
    path.write_text(new.rstrip() + "\n")
    return path


def browser_main(argv: list[str]) -> int:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--against", help="a git revision: the app as it was then, measured in the same run")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--late", type=int, default=25, help="results of series 5 read in")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser import loadavg, served_builds
    from playwright.sync_api import sync_playwright

    from browser_support import CHROMIUM_ARGS, chromium_path

    work = Path(tempfile.mkdtemp(prefix="schraem-bench-tournament-"))
    now, before = served_builds(work, args.against)
    sites = {"now": now, **({"before": before} if before is not None else {})}
    names = [f"Spieler {i:03d}" for i in range(1, args.players + 1)]
    load_before = loadavg()
    runs: dict[str, list[dict]] = {k: [] for k in sites}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            version = f"Chromium {browser.version}"
            for i in range(args.runs):
                # Interleaved, the order turned each run: a machine busier
                # for a while weighs on both.
                for key in sorted(sites, reverse=i % 2 == 1):
                    print(f"run {i + 1}: {key} …", flush=True)
                    runs[key].append(phone_run(pw, browser, sites[key], names, args.late, 2026 + i))
            browser.close()
    finally:
        for s in sites.values():
            s.stop()
    now = summary(runs["now"])
    before = summary(runs["before"]) if "before" in runs else None
    text = phone_section(now, before, args.against, version, (load_before, loadavg()))
    print(text)
    print(json.dumps({"now": now, "before": before}))
    if args.write:
        print(f"wrote {write_phone(text)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--browser" in argv:
        return browser_main(argv)
    return both(__doc__ or "", "bench/tournament.py", "players", 300, measure, report, section, HEADING, argv)


if __name__ == "__main__":
    sys.exit(main())
