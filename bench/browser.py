#!/usr/bin/env python3
"""Browser benchmark of the phone app: headless Chromium, Pixel 7 emulation,
the site served by `build.py serve`'s own server (brotli, ETags) from
127.0.0.1.

Per run, each start in a fresh browser context (empty caches, no service worker):
  bare page        a page whose worker only calls Pyodide's plain
                   `loadPyodide()` (stock standard library, no snapshot), served
                   the same way: first visit and reload. It is the yardstick:
                   the machine is shared, so ratios within a run say more than
                   absolute times.
  first visit      first paint, start screen drawn, engine ready, bytes sent by
                   the server (as transferred: brotli where the browser asks for it)
  taps             tap-to-screen latency of card plays and knocks (input event
                   to the frame showing the tap's effect, and to the frame after
                   the engine's saved answer is drawn), over a few hands at full
                   speed and a few with the main thread slowed down (CDP
                   Emulation.setCPUThrottlingRate) to stand in for a mid-range phone
  reload           first paint, saved game drawn, engine ready (service worker
                   cache, memory snapshot)
  offline reload   the same with the network off and the server stopped

Medians over the runs (taps: p50/p95 over every tap of every run) are
written into the "Browser" section of bench/RESULTS.md.

With --engines, instead: the engine column. Per run and engine (Chromium,
Firefox ESR, WebKitGTK, interleaved, each in a fresh profile, the drivers of
tests/browser/engines.py): engine ready on the first visit and on the
reload from the memory snapshot, with the ratio to Chromium's in the same
run; written into the "Browser engines" section.

    python bench/browser.py [--runs 5] [--throttle 1] [--tap-throttle 4] [--no-write]
    python bench/browser.py --engines [--runs 5] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_support import CHROMIUM_ARGS, build, chromium_path  # noqa: E402
from helpers import app_url, play_step, screen, start_game, stored, wait_shell_ready  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
PLAYERS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]
TIMINGS = """async () => {
  const paint = performance.getEntriesByName('first-paint')[0];
  const mark = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
  const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
  const engine = currentEngine();
  return { first_paint: paint ? paint.startTime : null, saved_drawn: mark('schraem:saved-drawn'),
           shell_drawn: mark('schraem:shell-drawn'), engine_ready: mark('schraem:engine-ready'),
           worker: engine && engine.timings };
}"""
SNAPSHOT_STORED = """async () => {
  const cache = await caches.open('schraem-snapshot');
  const keys = await cache.keys();
  return keys.length === 1 && !!(await cache.match(keys[0]));
}"""

# The yardstick: Pyodide as it comes, started in a module worker like the app's.
BARE_HTML = """<!doctype html>
<meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = () => {
  performance.mark("bare:ready");
  document.documentElement.dataset.engine = "ready";
};
</script>
"""
BARE_WORKER = """const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("1 + 1"));
"""


def bare_site(pyodide_dir: Path, into: Path) -> Path:
    into.mkdir(parents=True)
    (into / "index.html").write_text(BARE_HTML)
    (into / "bare-worker.js").write_text(BARE_WORKER)
    (into / "pyodide").mkdir()
    for name in build.PYODIDE_FILES:
        shutil.copyfile(pyodide_dir / name, into / "pyodide" / name)
    (into / "pyodide" / "pyodide-lock.json").write_bytes(build.trimmed_lock(pyodide_dir / "pyodide-lock.json"))
    files = sorted(p.relative_to(into).as_posix() for p in into.rglob("*") if p.is_file())
    build.compress(into, files, quiet=True)
    return into


class _SiteLike:
    def __init__(self, server):
        self.server = server

    @property
    def url(self):
        return self.server.url


class Served:
    """A directory on a fixed port that can stop and come back (same origin,
    same service worker), counting the body bytes it sends."""

    def __init__(self, root: Path):
        self.root, self.port = root, 0
        self.server = None
        self.start()

    def start(self):
        self.server = build.serve(self.root, self.port)
        self.port = self.server.server_address[1]

    def stop(self):
        self.server.shutdown()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def take_sent(self) -> int:
        total = sum(self.server.sent.values())
        self.server.sent.clear()
        return total

    def take_responses(self) -> tuple[int, int]:
        """Full responses and 304s sent since the last call."""
        with self.server.hits_lock:
            counts = sum(self.server.hits.values()), sum(self.server.revalidated.values())
            self.server.hits.clear()
            self.server.revalidated.clear()
        return counts


def build_at(rev: str, into: Path) -> Path:
    """The site as it was at `rev`, built from a worktree of this checkout."""
    import subprocess

    tree = into / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True, capture_output=True)
    try:
        return build.build(into / "dist", root=tree, pyodide_dir=build.ensure_pyodide(ROOT), quiet=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False, capture_output=True)


def served_builds(work: Path, against: str | None) -> tuple[Served, Served | None]:
    """The app as it is, built and served, and with `against` (a git
    revision) the app as it was then: a bench's two builds in one run."""
    now = Served(build.build(work / "dist", quiet=True))
    return now, (Served(build_at(against, work / "before")) if against else None)


def loadavg() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0]) if Path("/proc/loadavg").exists() else os.getloadavg()[0]


def throttle(context, page, rate: float):
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


# Chromium's CPU throttling (CDP) slows a page's main thread by making it
# spin: an idle page throttled 4x burns three quarters of a core (measured:
# 0% unthrottled, 78% throttled). Three throttled guests then burn more than
# this machine's two cores, and every figure of a table of phones measures
# the spinning. A main thread held to 1/rate of a core by the kernel (a cgroup
# CPU quota on that thread alone) is as slow and leaves the rest to the others.
CPU_CGROUP = Path("/sys/fs/cgroup/cpu")


class MainThreadQuota:
    """A page's main thread held to 1/rate of a core: the thread found by
    the CPU time a short busy loop in the page adds to it, moved into a
    cgroup (v1) of its own with that quota. `release()` lifts it."""

    def __init__(self, page, rate: float) -> None:
        self.tid = _main_thread_of(page)
        steps, free = _ten_ms_task(page)
        self.group = CPU_CGROUP / f"schraem-bench-{os.getpid()}-{self.tid}"
        self.group.mkdir(exist_ok=True)
        # A short period: a tap's work of a few ms must be slowed too, not run
        # at full speed on a quota not yet spent (1 ms is the kernel's least
        # quota). With 1 ms in 5 ms for a rate of 4, a 10 ms task took 4.6x
        # as long on a quiet machine (CDP throttling: 4.2x; 1 ms in 4 ms:
        # 3.3x), more or less beside other work. The period is set by the
        # measured slowdown (`factor`) until it lands within a tenth below
        # or a fifth above `rate`, four tries at most: grown only, it left
        # guests held anywhere from 4x to 7.4x, one bench run unlike the next.
        (self.group / "cpu.cfs_quota_us").write_text("1000")
        (self.group / "tasks").write_text(str(self.tid))
        period = 1250 * rate
        for _ in range(4):
            (self.group / "cpu.cfs_period_us").write_text(str(round(period)))
            self.factor = _task_ms(page, steps) / free
            if 0.9 * rate <= self.factor <= 1.2 * rate:
                break
            # (A period no shorter than the quota: a whole core at most.)
            period = max(1000.0, period * rate / self.factor)

    def release(self) -> None:
        try:
            (CPU_CGROUP / "tasks").write_text(str(self.tid))
        except OSError:
            pass  # the page is gone, and its thread with it
        try:
            self.group.rmdir()
        except OSError:
            pass


def _renderer_main_threads() -> dict[int, float]:
    """Every Chromium renderer's main thread (its process id) and the CPU
    seconds that thread alone has used: the process's own figure counts
    its workers too, and a phone whose engine worker was busy while
    another page looped was taken for that page (its main thread then
    held to the quota, and the looping page's not at all)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            stat = Path(f"/proc/{pid}/task/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        out[int(pid)] = (int(fields[11]) + int(fields[12])) / tick
    return out


def _task_ms(page, iterations: int) -> float:
    """The median time of a task of `iterations` loop steps, each after a
    pause, as taps come."""
    return float(
        page.evaluate(
            """async (n) => { const out = [];
              for (let k = 0; k < 9; k++) {
                await new Promise((r) => setTimeout(r, 30));
                const t = performance.now(); let x = 0; for (let i = 0; i < n; i++) x += i % 7;
                out.push(performance.now() - t);
              }
              return out.sort((a, b) => a - b)[4]; }""",
            iterations,
        )
    )


def _ten_ms_task(page) -> tuple[int, float]:
    """The loop steps of a task of about 10 ms at full speed on this
    machine, and its time: a task much shorter than the kernel's tick
    outruns a quota (it ends before the kernel looks), so on a fast
    machine a fixed count measured no slowdown and the period was grown
    until the page ran 30 to 90 times slower."""
    steps = 3_000_000
    free = _task_ms(page, steps)
    steps = max(steps, round(steps * 10 / max(free, 0.1)))
    return steps, _task_ms(page, steps)


def _main_thread_of(page) -> int:
    before = _renderer_main_threads()
    page.evaluate("() => { const t = performance.now(); while (performance.now() - t < 400) {} }")
    after = _renderer_main_threads()
    return max(after, key=lambda pid: after[pid] - before.get(pid, after[pid]))


def slow_main_thread(context, page, rate: float):
    """The page's main thread `rate` times slower for a table of phones: by
    a kernel quota where this machine lets us (root, cgroup v1), else by
    CDP throttling, said to spin (the figures then count it). → an object
    with `release()`."""
    if os.geteuid() == 0 and (CPU_CGROUP / "tasks").exists():
        try:
            return MainThreadQuota(page, rate)
        except OSError as e:
            print(f"bench: no CPU quota ({e}); CDP throttling instead, which spins", file=sys.stderr)
    return Throttled(context, page, rate)


class Throttled:
    """A page's main thread slowed by CDP throttling (which spins);
    `release()` lifts it."""

    def __init__(self, context, page, rate: float) -> None:
        self.factor = rate
        self.cdp = throttle(context, page, rate)

    def release(self) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})


def bare_run(pw, browser, bare: Served, rate: float) -> dict:
    context = browser.new_context(**pw.devices["Pixel 7"])
    context.set_default_timeout(180_000)
    page = context.new_page()
    throttle(context, page, rate)
    ready = "() => performance.getEntriesByName('bare:ready')[0].startTime"
    out = {}
    bare.take_sent()
    page.goto(bare.url)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    out["first"], out["first_bytes"] = page.evaluate(ready), bare.take_sent()
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    out["reload"] = page.evaluate(ready)
    context.close()
    return out


def app_run(pw, browser, app: Served, rate: float, tap_rate: float) -> dict:
    out = {"load": loadavg()}
    context = browser.new_context(**pw.devices["Pixel 7"], locale="de-DE")
    context.set_default_timeout(180_000)
    page = context.new_page()
    cdp = throttle(context, page, rate)
    site = _SiteLike(app)

    app.take_sent()
    app.take_responses()
    page.goto(app_url(site, seed=int(time.time()) % 100000))
    wait_shell_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    out["first"] = page.evaluate(TIMINGS)
    # Controlled means installed: the precache is complete, its bytes counted.
    page.wait_for_timeout(500)
    out["first_bytes"] = app.take_sent()
    out["first_responses"] = app.take_responses()
    page.wait_for_function(SNAPSHOT_STORED, timeout=60_000, polling=200)

    # Taps: a few hands at the fast pace, every accepted card play and knock,
    # first at full speed, then with the main thread slowed down.
    start_game(page, PLAYERS, dealer=4)
    out["taps"] = {}
    for key, tap_throttle, hand_count in (("full", 1, 3), ("throttled", tap_rate, 5)):
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": tap_throttle})
        page.evaluate("() => performance.clearMeasures()")
        hands = 0
        for _ in range(400):
            step = play_step(page, knock=True)
            if step == "next-hand":
                hands += 1
            if hands >= hand_count or step == "over":
                break
        if screen(page) == "over":
            start_game(page, PLAYERS, dealer=4)
        out["taps"][key] = page.evaluate(TAPS)
    # Leave a position in the middle of a hand for the reloads.
    if screen(page) == "result":
        play_step(page)
    assert stored(page) is not None
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    page.reload()
    wait_shell_ready(page)
    out["reload"] = page.evaluate(TIMINGS)

    context.set_offline(True)
    app.stop()
    try:
        page.reload()
        wait_shell_ready(page)
        out["offline"] = page.evaluate(TIMINGS)
    finally:
        context.set_offline(False)
        app.start()
    context.close()
    return out


# Per kind of tap: shown = the tap's effect first on screen (from the last
# state at once, else with the engine's answer); saved = the engine's answer,
# saved, drawn.
TAPS = """() => Object.fromEntries(['play', 'knock'].flatMap((k) => [
  [k, performance.getEntriesByName('schraem:tap-' + k).map((e) => e.duration)],
  [k + '-saved', performance.getEntriesByName('schraem:tap-' + k + '-saved').map((e) => e.duration)]]))"""


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def percentile(values, q):
    values = sorted(values)
    if not values:
        return None
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def ms(v):
    return "–" if v is None else f"{v:,.0f} ms"


def mb(v):
    return "–" if v is None else f"{v / 1e6:.2f} MB"


def summarize(apps, bares, browser_version, load: tuple[float, float], rate: float, tap_rate: float) -> str:
    rows = []
    ratio = {}
    for key, label, drawn, bare_key in (
        ("first", "first visit (empty cache)", "shell_drawn", "first"),
        ("reload", "reload (service worker cache, snapshot)", "saved_drawn", "reload"),
        ("offline", "offline reload (no network, server stopped)", "saved_drawn", "reload"),
    ):
        ready = median([r[key]["engine_ready"] for r in apps])
        bare = median([b[bare_key] for b in bares])
        # Per run, then the median: both pages ran back to back under the same load.
        ratio[key] = median([r[key]["engine_ready"] / b[bare_key] for r, b in zip(apps, bares)])
        kinds = sorted({r[key]["worker"]["boot"] for r in apps})
        rows.append(
            f"| {label} | {ms(median([r[key]['first_paint'] for r in apps]))} "
            f"| {ms(median([r[key][drawn] for r in apps]))} | {ms(ready)} | {'/'.join(kinds)} "
            f"| {ms(bare)} ({bare_key}) | {ratio[key]:.2f}× |"
        )
    tap_rows = []
    for key, label in (("full", "not throttled"), ("throttled", f"CPU throttled {tap_rate:g}x")):
        for kind, what in (("play", "play a card"), ("knock", "knock")):
            for stage, when in (("", "effect shown"), ("-saved", "engine's answer saved and drawn")):
                d = [x for r in apps for x in r["taps"][key][kind + stage]]
                tap_rows.append(f"| {what}, {when} | {label} | {len(d)} | {ms(percentile(d, 0.5))} | {ms(percentile(d, 0.95))} |")
    snapshot = median([r["first"]["worker"]["snapshot"] for r in apps])
    app_bytes = median([r["first_bytes"] for r in apps])
    full = median([r["first_responses"][0] for r in apps])
    revalidated = median([r["first_responses"][1] for r in apps])
    bare_bytes = median([b["first_bytes"] for b in bares])
    loads = [r["load"] for r in apps]
    throttled = "not throttled" if rate == 1 else f"CPU throttled {rate:g}x"
    offline_ready = median([r["offline"]["engine_ready"] for r in apps])
    drawn = median([r[k]["saved_drawn"] for r in apps for k in ("reload", "offline")])
    return "\n".join(
        [
            "## Browser",
            "",
            f"`python bench/browser.py --runs {len(apps)} --throttle {rate:g} --tap-throttle {tap_rate:g}` — "
            f"headless Chromium {browser_version}, Pixel 7 emulation, {throttled} for the starts, "
            f"{os.cpu_count()}-core {platform.machine()} machine, site served by `build.py serve`'s server from "
            f"127.0.0.1 (no network latency, brotli). Medians over {len(apps)} runs, each start in a fresh context. "
            f"Load average (`/proc/loadavg`, 1 min) {load[0]:.1f} before, {load[1]:.1f} after, "
            f"{min(loads):.1f}–{max(loads):.1f} at the start of each run: the machine is shared, "
            "so the ratio to the bare page, measured in the same run, is the steadier figure.",
            "",
            "| start | first paint | game drawn (start screen / saved game) | engine ready | engine start "
            "| bare `loadPyodide` page | ready ÷ bare |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            "\"Engine ready\" is the shell's `schraem:engine-ready` mark (from navigation start): Python is up and "
            "a saved game is loaded into it, so taps work. The bare page is Pyodide as it comes (stock standard "
            "library, no snapshot), started the same way in a module worker; it cannot start offline, so the "
            "offline reload is set against its (online) reload.",
            "",
            f"Targets: offline reload ready {ms(offline_ready)} (≤ 1,000 ms) and {ratio['offline']:.2f}× the bare page "
            f"(≤ 0.3×); first visit {mb(app_bytes)} transferred (≤ 3.9 MB); saved game drawn {ms(drawn)} (≤ 150 ms).",
            "",
            f"First visit transfers {mb(app_bytes)} in {full + revalidated:.0f} responses, {revalidated:.0f} of them "
            f"304s (response bodies as sent by the server, the service worker's precache included: it takes what the "
            f"page and the engine worker already fetched from the HTTP cache without asking, the content-hashed "
            f"chunks by their names, the other files by their digests); the bare "
            f"page alone transfers {mb(bare_bytes)}. The memory snapshot the first start stores in Cache Storage "
            f"(and every later start restores) is {mb(snapshot)}.",
            "",
            "| tap → frame | main thread | samples | p50 | p95 |",
            "| --- | --- | --- | --- | --- |",
            *tap_rows,
            "",
            "Latency is measured in the page from the tap's input event to the frame after the result is in "
            "the DOM (`schraem:tap-*` user-timing measures): \"effect shown\" is the card leaving the hand or the "
            "knock pressed and sounding, drawn at once from the last state (pwa/table/instant.js), or with the engine's "
            "answer when a tap came while another answer was on its way; \"saved and drawn\" is the frame after "
            "the engine's answer is durably saved and drawn over it. Throttling slows the page's main thread "
            "only (Chromium does not throttle dedicated workers), so the engine's own time is not scaled.",
            "",
        ]
    )


ENGINE_READY = """() => { const e = performance.getEntriesByName('schraem:engine-ready')[0];
  return e ? e.startTime : null; }"""
ENGINE_SPLIT = """async () => { const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
  const t = currentEngine().timings; return { boot: t.boot, pyodide: t.pyodide, engine: t.engine }; }"""


def engine_run(engine: str, playwright, app: Served, profile: Path) -> dict:
    """First visit and snapshot reload in one engine: engine ready (ms from
    navigation) and the worker's split (Python up, engine imported)."""
    from engines import launch

    browser = launch(engine, profile, playwright)
    out = {}
    try:
        for key in ("first", "reload"):
            if key == "first":
                browser.goto(app.url)
            else:
                browser.wait_for(SNAPSHOT_STORED, timeout=120)
                browser.reload()
            browser.wait_for(ENGINE_READY, timeout=300)
            out[key] = {"ready": browser.evaluate(ENGINE_READY), **browser.evaluate(ENGINE_SPLIT)}
    finally:
        browser.close()
    return out


def engines_main(runs: int, write: bool) -> int:
    from engines import ENGINES, missing

    absent = {e: missing(e) for e in ENGINES if missing(e)}
    if absent:
        sys.exit(f"cannot compare engines: {absent}")
    work = Path(tempfile.mkdtemp(prefix="schraem-bench-"))
    app = Served(build.build(work / "dist", quiet=True))
    load_before = loadavg()
    results: list[dict] = []
    try:
        with sync_playwright() as pw:
            for i in range(runs):
                one = {}
                # Interleaved, the order turned each run: no engine always
                # meets the machine in the same state.
                order = ENGINES[i % 3 :] + ENGINES[: i % 3]
                for engine in order:
                    one[engine] = engine_run(engine, pw, app, work / f"profile-{i}-{engine}")
                results.append(one)
                print(f"run {i + 1}/{runs}: {json.dumps(one)}", flush=True)
    finally:
        app.stop()
        shutil.rmtree(work, ignore_errors=True)
    section = engines_summary(results, (load_before, loadavg()))
    print(section)
    if write:
        write_section(section, "## Browser engines")
    return 0


def engines_summary(results: list[dict], load: tuple[float, float]) -> str:
    from engines import ENGINES

    rows = []
    for key, label in (("first", "first visit (empty profile)"), ("reload", "reload (memory snapshot)")):
        for engine in ENGINES:
            ready = median([r[engine][key]["ready"] for r in results])
            ratio = median([r[engine][key]["ready"] / r["chromium"][key]["ready"] for r in results])
            python = median([r[engine][key]["pyodide"] for r in results])
            imported = median([r[engine][key]["engine"] for r in results])
            rows.append(f"| {label} | {engine} | {ms(ready)} | {ratio:.2f}× | {ms(python)} | {ms(imported)} |")
    return "\n".join(
        [
            "## Browser engines",
            "",
            f"`python bench/browser.py --engines --runs {len(results)}` — Chromium (headless, Pixel 7 emulation), "
            "Firefox ESR (headless, puppeteer-core over WebDriver BiDi) and WebKitGTK (MiniBrowser under "
            "WebKitWebDriver on Xvfb, 447 px wide at the least), interleaved in each run, each start in a fresh "
            f"profile; site served by `build.py serve`'s server from 127.0.0.1; {os.cpu_count()}-core "
            f"{platform.machine()} machine, load average {load[0]:.1f} before, {load[1]:.1f} after. Medians over "
            f"{len(results)} runs; the ratio is per run, to Chromium's start in the same run, then the median.",
            "",
            "| start | engine | engine ready | ÷ Chromium | Python up (worker) | engine imported after |",
            "| --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            "\"Engine ready\" is the shell's `schraem:engine-ready` mark (from navigation start); the worker's "
            "split: from the worker's start until Pyodide is up (a fresh start, or the snapshot restored), then "
            "until the engine is imported and answers. Targets: WebKit's first visit at most 1.5× Chromium's, "
            "its snapshot reload under 1,000 ms.",
            "",
        ]
    )


def write_section(section: str, heading: str = "## Browser") -> None:
    text = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n\n"
    start = text.find(heading + "\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        nxt = text.find("\n## ", start + 1)
        text = text[:start] + section + (text[nxt + 1 :] if nxt >= 0 else "")
    RESULTS.write_text(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=1, help="CPU slowdown for the starts (1: none)")
    parser.add_argument("--tap-throttle", type=float, default=4, help="CPU slowdown while tapping")
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    parser.add_argument("--engines", action="store_true", help="Chromium, Firefox and WebKit starts instead")
    args = parser.parse_args(argv)
    if args.engines:
        return engines_main(args.runs, not args.no_write)
    work = Path(tempfile.mkdtemp(prefix="schraem-bench-"))
    dist = build.build(work / "dist", quiet=True)
    bare_dir = bare_site(build.ensure_pyodide(ROOT), work / "bare")
    app, bare = Served(dist), Served(bare_dir)
    load_before = loadavg()
    apps, bares = [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            for i in range(args.runs):
                t0 = time.time()
                bares.append(bare_run(pw, browser, bare, args.throttle))
                apps.append(app_run(pw, browser, app, args.throttle, args.tap_throttle))
                print(
                    f"run {i + 1}/{args.runs}: {time.time() - t0:.0f} s bare {json.dumps(bares[-1])} app {json.dumps(apps[-1])}", flush=True
                )
            version = browser.version
            browser.close()
    finally:
        app.stop()
        bare.stop()
        shutil.rmtree(work, ignore_errors=True)
    section = summarize(apps, bares, version, (load_before, loadavg()), args.throttle, args.tap_throttle)
    print(section)
    if not args.no_write:
        write_section(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
