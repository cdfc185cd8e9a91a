#!/usr/bin/env python3
"""How many taps (and seconds) the scoresheet needs, beside the chalk a slate
needs for the same game. Headless Chromium, Pixel 7 emulation, the CPU slowed
down 4x (as bench/browser.py) to stand in for a mid-range phone.

Scenarios, each entered by taps on the scoresheet (real cards):
  plain hand          nobody knocks: the winner taps "Wins"
  knock, two passes   4 players: a knock, two passes, one hold, "Wins";
                      3 players: a knock, two passes (the knocker wins)
  a full game         4 players, hands drawn from a seeded pub model
                      (knocks, holds, passes), until one player is left
  a series            the preset's 5 games, the next game one tap away

"Taps" are every tap a person makes from the first entry to the end, the
"next hand"/"next game" taps included (listed apart); seconds are wall time
for the same stretch, engine replies included. The slate column counts the
chalk strokes of the same game: 7 per player to start each game, one wiped
per mark lost (a pass, a penalty or the end of a hand).

    python bench/sheet_taps.py [--no-write] [--seed 7]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_support import CHROMIUM_ARGS, build, chromium_path  # noqa: E402
from helpers import app_url, screen, stored, wait_idle, wait_shell_ready  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
THROTTLE = 4
PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]
SECTION = "## Scoresheet taps"


class Counter:
    def __init__(self, page):
        self.page, self.entries, self.moves = page, 0, 0

    def entry(self, seat: int, act: str) -> None:
        self.page.locator(f'[data-action="sheet"][data-seat="{seat}"][data-act="{act}"]').tap()
        self.entries += 1
        wait_idle(self.page)

    def move(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.moves += 1
        wait_idle(self.page)

    @property
    def taps(self) -> int:
        return self.entries + self.moves


def start(page, site, fmt: str = "game", people=PEOPLE) -> None:
    page.goto(app_url(site, seed=1))
    wait_shell_ready(page)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    page.select_option('[data-field="format"]', fmt)
    page.select_option('[data-field="count"]', str(len(people)))
    page.select_option('[data-field="dealer"]', str(len(people)))
    for i, name in enumerate(people):
        page.fill(f'[data-field="name"][data-seat="{i}"]', name)
    page.locator('[data-action="new-game"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'sheet'")
    wait_idle(page)


def marks_left(page) -> int:
    """Every player's marks on the saved sheet: the chalk strokes standing."""
    return sum(p["marks"] for p in stored(page)["state"]["view"]["players"])


def pub_hand(c: Counter, rng: random.Random) -> None:
    """One hand as a pub table might play it: 0–3 knocks, answers mostly
    holds, then whoever takes the last trick."""
    page = c.page
    knocks = rng.choices([0, 1, 2, 3], [40, 35, 20, 5])[0]
    done = 0
    hand_no = stored(page)["state"]["view"]["hand_no"]
    while screen(page) == "sheet":
        state = stored(page)["state"]
        view, legal = state["view"], state["sheet_legal"]
        if view["hand_no"] != hand_no:
            return  # decided: the next hand is already dealt
        if view["response"]:
            seat = view["response"]["to_answer"]
            can_pass = any(a["type"] == "pass" for a in legal[str(seat)])
            c.entry(seat, "pass" if can_pass and rng.random() < 0.25 else "hold")
            continue
        knockers = [int(s) for s, acts in legal.items() if any(a["type"] == "knock" and not a.get("blind") for a in acts)]
        if done < knocks and knockers:
            c.entry(rng.choice(knockers), "knock")
            done += 1
            continue
        winners = [int(s) for s, acts in legal.items() if any(a["type"] == "win" for a in acts)]
        c.entry(rng.choice(winners), "win")


def play_game(c: Counter, rng: random.Random) -> dict:
    """Hands until the game is over; → entries, next-hand taps, hands, slate strokes."""
    page = c.page
    hands = strokes = 0
    n = len(stored(page)["state"]["view"]["players"])
    strokes += 7 * n
    while True:
        before = marks_left(page)
        pub_hand(c, rng)
        hands += 1
        strokes += before - marks_left(page)  # one stroke wiped per mark lost
        if screen(page) == "over":
            return {"hands": hands, "strokes": strokes}
        # A decided hand deals the next by itself: no tap.
        assert screen(page) == "sheet", screen(page)


def measure(page, site, scenario: str, seed: int) -> dict:
    rng = random.Random(seed)
    start(page, site, "series" if scenario == "series" else "game", PEOPLE[:3] if scenario == "knock2_3p" else PEOPLE)
    c = Counter(page)
    t0 = time.perf_counter()
    info = {"hands": 0, "strokes": 0}
    before = marks_left(page)
    if scenario == "plain":
        c.entry(1, "win")
        info = {"hands": 1, "strokes": before - marks_left(page)}
    elif scenario == "knock2":
        # Hans deals; Anne knocks, Hubert and Gerda pass, Hans holds and wins.
        for seat, act in ((1, "knock"), (2, "pass"), (3, "pass"), (4, "hold"), (4, "win")):
            c.entry(seat, act)
        info = {"hands": 1, "strokes": before - marks_left(page)}
    elif scenario == "knock2_3p":
        # Gerda deals; Anne knocks, Hubert and Gerda pass: Anne wins at once.
        for seat, act in ((1, "knock"), (2, "pass"), (3, "pass")):
            c.entry(seat, act)
        info = {"hands": 1, "strokes": before - marks_left(page)}
    elif scenario == "game":
        info = play_game(c, rng)
    else:
        while True:
            g = play_game(c, rng)
            info["hands"] += g["hands"]
            info["strokes"] += g["strokes"]
            if stored(page)["state"]["series"]["over"]:
                break
            c.move('[data-action="next-game"]')
    seconds = time.perf_counter() - t0
    taps = page.evaluate(
        "() => performance.getEntriesByType('measure').filter(m => m.name.startsWith('schraem:tap-sheet') && !m.name.endsWith('-saved')).map(m => m.duration)"
    )
    return {"entries": c.entries, "moves": c.moves, "taps": c.taps, "seconds": seconds, "latency": taps, **info}


def write(rows: dict, env: str) -> None:
    lat = [x for r in rows.values() for x in r["latency"]]
    lines = [
        SECTION,
        "",
        "`python bench/sheet_taps.py` — the scoresheet entered by taps (real cards), " + env,
        "",
        "| what | taps (entries + next game) | seconds | hands | chalk strokes on a slate |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    names = {
        "plain": "a plain hand (nobody knocks)",
        "knock2": "a hand with one knock and two passes (4 players)",
        "knock2_3p": "a hand with one knock and two passes (3 players: the knocker wins at once)",
        "game": "a full 4-player game (seeded pub model)",
        "series": "a series (5 games, 4 players)",
    }
    for key, r in rows.items():
        lines.append(f"| {names[key]} | {r['taps']} ({r['entries']} + {r['moves']}) | {r['seconds']:.1f} | {r['hands']} | {r['strokes']} |")
    if lat:
        q = statistics.quantiles(lat, n=20)
        lines += [
            "",
            f"Tap → new state on screen for scoresheet entries: p50 {statistics.median(lat):.0f} ms, "
            f"p95 {q[18]:.0f} ms over {len(lat)} taps (`schraem:tap-sheet-*` user-timing measures).",
        ]
    lines += [
        "",
        "Targets: a plain hand ≤ 2 taps, a hand with one knock and two passes ≤ 5 taps. An entry that decides "
        "a hand deals the next one at once (the decided hand stays folded on top of the new sheet, and undo "
        "takes both back), so a hand costs exactly its entries: \"wins\" alone for a plain hand; knock, pass, "
        "pass, hold, wins with 4 players (the fourth player's hold and the winner are facts the sheet cannot "
        "guess); knock, pass, pass with 3. Only a new game in a series takes a tap of its own. A slate needs 7 strokes per "
        "player before each game and wipes one per mark lost; the phone needs one tap per thing that happened "
        "(a knock, an answer, the winner) and counts the marks itself.",
        "",
    ]
    text = RESULTS.read_text()
    block = "\n".join(lines)
    if SECTION in text:
        i = text.index(SECTION)
        j = text.find("\n## ", i + len(SECTION))
        text = text[:i] + block + ("\n" + text[j + 1 :] if j != -1 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    RESULTS.write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = build.build(Path(tmp) / "dist", quiet=True)
        server = build.serve(dist, 0)
        site = type("S", (), {"url": server.url})()
        rows = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            for scenario in ("plain", "knock2", "knock2_3p", "game", "series"):
                ctx = browser.new_context(**p.devices["Pixel 7"], locale="de-DE", service_workers="block")
                page = ctx.new_page()
                cdp = ctx.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                rows[scenario] = measure(page, site, scenario, args.seed)
                r = rows[scenario]
                print(
                    f"{scenario:7} taps {r['taps']:4} ({r['entries']} + {r['moves']})  {r['seconds']:6.1f} s  hands {r['hands']:3}  slate {r['strokes']}",
                    flush=True,
                )
                ctx.close()
            version = browser.version
            browser.close()
        server.shutdown()
    load = " ".join(f"{x:.1f}" for x in __import__("os").getloadavg())
    env = f"headless Chromium {version}, Pixel 7 emulation, CPU throttled {THROTTLE}x, {platform.machine()}, load average {load}."
    if not args.no_write:
        write(rows, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
