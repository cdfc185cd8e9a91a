#!/usr/bin/env python3
"""What a face-down table's save costs each phone to keep
(pwa/store/facedown-save.js, docs/STORAGE.md).

One hand at four phones, each with its own bridge (the engine's tests'
harness, tests/engine/test_facedown_bridge.py), every save each phone's
engine answers kept in order, as the shell keeps it before it sends. Then,
in headless Chromium (Debian's), per phone, the same saves written to a
fresh IndexedDB with strict durability, twice: whole, each under one key
(as the app kept them before), and as the store keeps them now (the
hand's head and the step since the last write, the table's part when it
changed, in one transaction). The bytes are those of the values put (as
JSON, counted apart from the time); the time is each write's, from the call to its
commit on disk (a browser profile on disk, one per phone and way). Medians;
the whole write is the baseline of the same run.

    python bench/facedown_save.py [--rules rheinland] [--runs 3] [--throttle 4]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests" / "engine"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402
from test_facedown_bridge import Table  # noqa: E402

from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402

PLAYERS = [{"name": n} for n in ("Anne", "Bert", "Carla", "Dieter")]

# Writes `saves` one after the other, each awaited (as the shell awaits it
# before sending), counting what is put: `whole` as one value under one key,
# else through the store. → [{ms, bytes}] per write.
WRITE = """async ([saves, whole]) => {
  const store = await import('./store/facedown-save.js');
  const prefs = await import('./store/preferences.js');
  let bytes = 0;
  let counting = 0; // the time spent counting bytes, taken off the write's
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    const t = performance.now();
    bytes += JSON.stringify(value).length;
    counting += performance.now() - t;
    return put.call(this, value, key);
  };
  const out = [];
  try {
    for (const save of saves) {
      bytes = 0;
      counting = 0;
      const t0 = performance.now();
      const ok = whole ? await prefs.writePreference('facedown-bench', save) : await store.writeFaceDownSave(save);
      if (!ok) throw new Error('refused');
      out.push({ ms: performance.now() - t0 - counting, bytes });
    }
    if (!whole) {
      const back = await store.readFaceDownSave();
      if (JSON.stringify(back) !== JSON.stringify(saves[saves.length - 1])) throw new Error('read back differs');
    }
  } finally {
    IDBObjectStore.prototype.put = put;
  }
  return out;
}"""


def saves_of_a_hand(rules: str, seed: int) -> dict[int, list[dict[str, Any]]]:
    kept: dict[int, list[dict[str, Any]]] = {}

    class Kept(Table):
        def call(self, phone: int, cmd: str, **args: Any) -> dict[str, Any]:
            result = super().call(phone, cmd, **args)
            if "save" in result:
                kept.setdefault(phone, []).append(result["save"])
            return result

    t = Kept(rules, seed, players=PLAYERS, marks=3)
    for s in kept:  # the table's joining, before the hand: not counted
        kept[s] = kept[s][-1:]
    t.deal()
    t.play_hand()
    return kept


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="rheinland")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--throttle", type=float, default=1, help="CPU slowed down this many times (CDP), for a mid-range phone")
    a = ap.parse_args()
    saves = saves_of_a_hand(a.rules, 7)
    pwa = ROOT / "pwa"
    figures: dict[str, dict[int, list[dict[str, float]]]] = {"whole": {}, "steps": {}}
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="fdsave.") as profiles:
        for run in range(a.runs):
            for way in ("whole", "steps") if run % 2 == 0 else ("steps", "whole"):
                for phone, kept in saves.items():
                    # A profile on disk: IndexedDB's strict commits go to the disk, as on a phone.
                    ctx = pw.chromium.launch_persistent_context(
                        str(Path(profiles) / f"{run}-{way}-{phone}"), executable_path=chromium_path(full=True), args=CHROMIUM_ARGS
                    )
                    page = ctx.new_page()
                    if a.throttle > 1:
                        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": a.throttle})
                    page.route(
                        "http://bench.test/**",
                        lambda route: route.fulfill(
                            path=str(pwa / route.request.url.removeprefix("http://bench.test/"))
                            if route.request.url.endswith(".js")
                            else None,
                            body=None if route.request.url.endswith(".js") else "<!doctype html><title>bench</title>",
                            content_type="text/javascript" if route.request.url.endswith(".js") else "text/html",
                        ),
                    )
                    page.goto("http://bench.test/index.html")
                    figures[way].setdefault(phone, []).extend(page.evaluate(WRITE, [kept, way == "whole"]))
                    ctx.close()
    print(f"{a.rules}, 4 phones, one hand; {a.runs} runs; CPU throttled {a.throttle}×; load average {os.getloadavg()[0]:.1f}")
    print(
        "| phone | saves kept | bytes written, whole | as steps | ratio | median write, whole / as steps, bytes"
        " | largest write in the hand's second half, bytes | median write ms, whole | as steps | ratio |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for phone in saves:
        n = len(saves[phone])
        w = figures["whole"][phone][:n]
        s = figures["steps"][phone][:n]
        bw, bs = sum(x["bytes"] for x in w), sum(x["bytes"] for x in s)
        tw = statistics.median(x["ms"] for x in figures["whole"][phone])
        ts = statistics.median(x["ms"] for x in figures["steps"][phone])
        mw, ms = statistics.median(x["bytes"] for x in w), statistics.median(x["bytes"] for x in s)
        big = max(x["bytes"] for x in s[n // 2 :])
        print(
            f"| {phone} | {n} | {bw:,} | {bs:,} | {bs / bw:.3f} | {mw:,.0f} / {ms:,.0f} | {big:,} | {tw:.1f} | {ts:.1f} | {ts / tw:.2f} |"
        )
    print(f"Machine: {platform.platform()}; Python {platform.python_version()}")


if __name__ == "__main__":
    main()
