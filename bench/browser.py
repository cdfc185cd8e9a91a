#!/usr/bin/env python3
"""Browser benchmark of the phone app: headless Chromium, Pixel 7 emulation,
the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate) to stand in for
a mid-range phone.

Per run, in a fresh browser context (empty cache, no service worker):
  first visit      first paint, start screen drawn, engine ready, bytes sent by the server
  taps             tap-to-screen latency of card plays and knocks (input event
                   to the frame after the new state is drawn), over a few hands
  reload           first paint, saved game drawn, engine ready (service worker cache)
  offline reload   the same with the network off and the server stopped

Medians over the runs (taps: p50/p95 over every tap of every run) are
written into the "Browser" section of bench/RESULTS.md.

    python bench/browser.py [--runs 5] [--no-write]
"""
from __future__ import annotations

import argparse
import http.server
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_support import CHROMIUM_ARGS, build, chromium_path  # noqa: E402
from helpers import app_url, play_step, screen, start_game, stored, wait_shell_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
THROTTLE = 4
PLAYERS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]
TIMINGS = """() => {
  const paint = performance.getEntriesByName('first-paint')[0];
  const mark = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
  return { first_paint: paint ? paint.startTime : null, saved_drawn: mark('schraem:saved-drawn'),
           shell_drawn: mark('schraem:shell-drawn'), engine_ready: mark('schraem:engine-ready') };
}"""


class _HTTPServer(http.server.ThreadingHTTPServer):
    allow_reuse_address = True  # back on the same port (same origin, same service worker)
    daemon_threads = True


class CountingServer:
    """dist/ on 127.0.0.1 like build.py serves it, counting the body bytes it
    sends, and able to stop and come back on the same port."""

    def __init__(self, dist: Path):
        self.dist, self.port, self.sent, self.httpd = dist, 0, 0, None
        self.lock = threading.Lock()
        self.start()

    def start(self):
        counter = self

        # Its own handler (not build.py's) so the count does not depend on
        # that server's internals; same MIME types and cache header.
        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = build._Handler.extensions_map

            def end_headers(self):
                self.send_header("Cache-Control", "no-cache")
                super().end_headers()

            def copyfile(self, source, outputfile):
                size = os.fstat(source.fileno()).st_size
                with counter.lock:
                    counter.sent += size
                super().copyfile(source, outputfile)

            def log_message(self, *args):
                pass

        def factory(*a, **kw):
            return Handler(*a, directory=str(self.dist), **kw)

        self.httpd = _HTTPServer(("127.0.0.1", self.port), factory)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"


class _SiteLike:
    def __init__(self, server):
        self.server = server

    @property
    def url(self):
        return self.server.url


def throttle(context, page):
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return cdp


def one_run(pw, browser, server) -> dict:
    out = {}
    context = browser.new_context(**pw.devices["Pixel 7"], locale="de-DE")
    context.set_default_timeout(180_000)
    page = context.new_page()
    throttle(context, page)
    site = _SiteLike(server)

    server.sent = 0
    page.goto(app_url(site, seed=int(time.time()) % 100000))
    wait_shell_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    # Let the service worker finish precaching before counting the bytes.
    page.wait_for_function("async () => { const r = await navigator.serviceWorker.ready; return !!r.active; }")
    page.wait_for_timeout(500)
    out["first"] = page.evaluate(TIMINGS)
    out["first_bytes"] = server.sent

    # Taps: a few hands at the fast pace, every accepted card play and knock.
    start_game(page, PLAYERS, dealer=4)
    hands = 0
    for _ in range(400):
        step = play_step(page, knock=True)
        if step == "next-hand":
            hands += 1
        if hands >= 3 or step == "over":
            break
    out["taps"] = page.evaluate("""() => ({
        play: performance.getEntriesByName('schraem:tap-play').map(e => e.duration),
        knock: performance.getEntriesByName('schraem:tap-knock').map(e => e.duration) })""")
    # Leave a position in the middle of a hand for the reloads.
    if screen(page) == "result":
        play_step(page)
    assert stored(page) is not None

    page.reload()
    wait_shell_ready(page)
    out["reload"] = page.evaluate(TIMINGS)

    context.set_offline(True)
    server.stop()
    try:
        page.reload()
        wait_shell_ready(page)
        out["offline"] = page.evaluate(TIMINGS)
    finally:
        context.set_offline(False)
        server.start()
    context.close()
    return out


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


def summarize(runs, browser_version, load: tuple[float, float]) -> str:
    rows = []
    for key, label, drawn in (("first", "first visit (empty cache)", "shell_drawn"),
                              ("reload", "reload (service worker cache)", "saved_drawn"),
                              ("offline", "offline reload (no network, server stopped)", "saved_drawn")):
        rows.append(f"| {label} | {ms(median([r[key]['first_paint'] for r in runs]))} "
                    f"| {ms(median([r[key][drawn] for r in runs]))} "
                    f"| {ms(median([r[key]['engine_ready'] for r in runs]))} |")
    plays = [d for r in runs for d in r["taps"]["play"]]
    knocks = [d for r in runs for d in r["taps"]["knock"]]
    mb = median([r["first_bytes"] for r in runs]) / 1e6
    return "\n".join([
        "## Browser",
        "",
        f"`python bench/browser.py --runs {len(runs)}` — headless Chromium {browser_version}, Pixel 7 emulation, "
        f"CPU throttled {THROTTLE}x (CDP `Emulation.setCPUThrottlingRate`), {os.cpu_count()}-core "
        f"{platform.machine()} machine, site served from 127.0.0.1 (no network latency). "
        f"Medians over {len(runs)} runs, each in a fresh context. "
        f"Load average {load[0]:.1f} before, {load[1]:.1f} after (other work on the machine slows every figure).",
        "",
        "| load | first paint | game drawn (start screen / saved game) | engine ready |",
        "| --- | --- | --- | --- |",
        *rows,
        "",
        "The saved game is drawn from localStorage before Python is up; taps wait for \"engine ready\".",
        "",
        "| tap → new state on screen | samples | p50 | p95 |",
        "| --- | --- | --- | --- |",
        f"| play a card | {len(plays)} | {ms(percentile(plays, 0.5))} | {ms(percentile(plays, 0.95))} |",
        f"| knock | {len(knocks)} | {ms(percentile(knocks, 0.5))} | {ms(percentile(knocks, 0.95))} |",
        "",
        "Latency is measured in the page from the tap's input event to the frame after the engine's "
        "reply is saved and drawn (`schraem:tap-*` user-timing measures).",
        "",
        f"First visit downloads {mb:.1f} MB (response bodies counted at the server, including the service "
        "worker's precache; no compression, as `build.py serve` sends none).",
        "",
    ])


def write_section(section: str) -> None:
    text = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n\n"
    start = text.find("## Browser")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        nxt = text.find("\n## ", start + 1)
        text = text[:start] + section + (text[nxt + 1:] if nxt >= 0 else "")
    RESULTS.write_text(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    args = parser.parse_args(argv)
    dist = build.build(Path(tempfile.mkdtemp(prefix="schraem-bench-")) / "dist", quiet=True)
    server = CountingServer(dist)
    load_before = os.getloadavg()[0]
    runs = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for i in range(args.runs):
                t0 = time.time()
                runs.append(one_run(pw, browser, server))
                print(f"run {i + 1}/{args.runs}: {time.time() - t0:.0f} s {json.dumps(runs[-1])}", flush=True)
            version = browser.version
            browser.close()
    finally:
        server.stop()
    section = summarize(runs, version, (load_before, os.getloadavg()[0]))
    print(section)
    if not args.no_write:
        write_section(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
