#!/usr/bin/env python3
"""The first paint of a saved game, this tree against an earlier commit.

Both builds are served side by side (each on its own origin, so each has its
own service worker, precache and memory snapshot); in each, a game is started
and left in the middle of a hand, then the two pages are reloaded in turn,
`--runs` times. After each reload it reads, in milliseconds from navigation
start: when the saved table was put in the page (early-paint.js's
`schraem:saved-painted` mark where the build has it, else the shell's
`schraem:saved-drawn`), the browser's first paint, and from these "on
screen": the first paint if the table was in the page by then, else the
moment it was put in (the frame after it follows within a frame's time).
The shell's own `schraem:saved-drawn` (the table live, taking taps) is
reported beside it. Interleaving puts both builds through the same machine
load; the ratios are the medians' (this tree ÷ the other). Headless
Chromium as a Pixel 7.

    python bench/first_paint.py --against 0e29936 --runs 11
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

from browser import PLAYERS, SNAPSHOT_STORED, Served, _SiteLike, loadavg  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from helpers import app_url, play_step, start_game, wait_shell_ready  # noqa: E402

TIMES = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const live = at('schraem:saved-drawn');
  const put = at('schraem:saved-painted') ?? live;
  const paint = at('first-paint');
  return { put, live, paint, on_screen: paint != null && paint >= put ? paint : put };
}"""
# Long enough for the page to keep its drawn table again (painted.js waits
# for renders to pause) before the next reload.
SETTLE_S = 1.0
KEYS = ("on_screen", "put", "live", "paint")


def build_tree(tree: Path, into: Path) -> Path:
    """`tree`'s own build.py builds `tree`'s site: an older commit is built
    the way it was built then."""
    spec = importlib.util.spec_from_file_location(f"build_{abs(hash(tree))}", tree / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    site = module.build(into, quiet=True)
    if not (site / "modules.js").exists():
        handles_for_unbundled(site)
    return site


def handles_for_unbundled(site: Path) -> None:
    """A build from before the shell was bundled has no modules.js, through
    which this tree's test helpers reach the page's modules: one is written
    over its modules as they are (the page's own scripts and the workers
    left out)."""
    html = (site / "index.html").read_text()
    skip = set(re.findall(r'<script[^>]*\ssrc="([^"]+)"', html)) | {"worker.js", "service-worker.js"}
    lines = []
    for path in sorted(site.glob("*.js")):
        if path.name not in skip:
            name = re.sub(r"[-.]+(.)", lambda m: m.group(1).upper(), path.stem)
            lines.append(f"export * as {name} from './{path.name}';")
    (site / "modules.js").write_text("\n".join(lines) + "\n")


def checkout(rev: str, into: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(into), rev], check=True)
    # The older tree finds Pyodide and the vendored files where this one keeps them.
    (into / "node_modules").symlink_to(ROOT / "node_modules")
    return into


def mid_hand(pw, browser, app: Served):
    context = browser.new_context(**pw.devices["Pixel 7"], locale="de-DE")
    context.set_default_timeout(180_000)
    page = context.new_page()
    page.goto(app_url(_SiteLike(app), seed=123))
    wait_shell_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    page.wait_for_function(SNAPSHOT_STORED, timeout=120_000, polling=200)
    start_game(page, PLAYERS, dealer=4)
    for _ in range(3):
        play_step(page)
    return page


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the commit to compare with (e.g. the last release)")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="schraem-first-paint-"))
    other = None
    try:
        other = checkout(args.against, work / "other")
        sites = {"this tree": Served(build_tree(ROOT, work / "this-dist")), args.against: Served(build_tree(other, work / "other-dist"))}
        load_before = loadavg()
        drawn: dict[str, list[dict]] = {name: [] for name in sites}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            pages = {name: mid_hand(pw, browser, app) for name, app in sites.items()}
            for i in range(args.runs):
                # The order turned each run: neither build always goes first.
                names = list(pages) if i % 2 == 0 else list(pages)[::-1]
                for name in names:
                    pages[name].reload()
                    wait_shell_ready(pages[name])
                    drawn[name].append(pages[name].evaluate(TIMES))
                    pages[name].wait_for_timeout(SETTLE_S * 1000)
            version = browser.version
            browser.close()
        for app in sites.values():
            app.stop()
        medians = {name: {k: statistics.median(r[k] for r in rows) for k in KEYS} for name, rows in drawn.items()}
        print(
            f"saved game after a reload (ms from navigation), Chromium {version}, {args.runs} reloads each, "
            f"{os.cpu_count()}-core {platform.machine()}, load average {load_before:.1f} before, {loadavg():.1f} after"
        )
        print(f"  {'':>12}  {'on screen':>9} {'in page':>8} {'live':>6} {'first paint':>11}")
        for name in drawn:
            m = medians[name]
            print(
                f"  {name:>12}: {m['on_screen']:9.0f} {m['put']:8.0f} {m['live']:6.0f} {m['paint']:11.0f}"
                f"   on screen {[round(r['on_screen']) for r in drawn[name]]}"
            )
        ours, theirs = medians["this tree"], medians[args.against]
        print(
            f"  ratio this tree / {args.against}: on screen {ours['on_screen'] / theirs['on_screen']:.2f}, "
            f"live {ours['live'] / theirs['live']:.2f}"
        )
    finally:
        if other is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
