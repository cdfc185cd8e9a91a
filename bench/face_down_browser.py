#!/usr/bin/env python3
"""Benchmark of a table of four phones with the cards face down
(docs/FACE_DOWN.md, docs/PHONE_TABLE.md): the ordinary table's bench
(bench/phone_table.py: four Chromium contexts with Pixel 7 emulation, the
codes passed as text, real data channels on loopback) with the start form's
"Karten verdeckt auf jedem Handy" ticked, four people, Rheinland. Every
phone deals and plays its own seat in its own worker.

  join_ms              from "Tisch eröffnen" until every phone shows its cards
  next_hand_ms         the host's "next hand" (or "Nochmal" at a game's end)
                       until every phone shows the next hand's table, median
                       and slowest over the hands after the first
  tap_to_all_p50/95    a guest's tap until every phone has drawn it, the
                       guests' main threads held to a quarter of a core
                       from the join on (a kernel CPU quota on that thread,
                       bench/browser.py slow_main_thread; their workers run free)
  tap_others_p50/95    the same taps until every phone but the tapping one
                       has drawn them
  tap_seen_p50/95      the same taps until their effect was on every screen:
                       the tapping phone shows its card leaving its hand at
                       once, before its move comes back in the host's order
                       (as bench/phone_table.py measures the ordinary table)
  tap_to_host_p50      the same taps until the host alone has drawn them
  worker_ms            each phone's engine time (its worker busy with a
                       request: from the later of the request and the last
                       reply until its reply), per hand and per "next hand",
                       the busiest commands named; and as each worker
                       timed its engine itself (the page's clock also
                       counts its wait until its main thread reads a reply)
  bytes_per_action     data-channel bytes both ways, all guests, per action
  --think MS           each guest's person waits that long before each tap
                       (0: taps as soon as its phone offers one, a table of
                       robots; a person thinks a second or more, and the
                       phones work ahead meanwhile)
  tap_stages           where a tap's time went, p50 / p95 of each step and
                       the step that took longest in the slowest tenth of
                       the taps: the tapping phone's engine (its move, kept
                       on disk), the way to the host, the host's engine
                       (relayed, kept), the way to the other guests, their
                       engines (taken, kept), and each phone's drawing
  baseline             the ordinary table's hand measured in the same run
                       (bench/phone_table.py's run), for the ratio

    python3 bench/face_down_browser.py [--hands 4] [--against REV] [--think MS]

It prints its table and, on the last line, its figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser import Served, loadavg, served_builds, slow_main_thread  # noqa: E402
from phone_table import BODY_SAYS, PROBE, SHOWN_AT, join_all, log_len, open_phones, percentiles, reach, tap_figures, wait_for_step  # noqa: E402
from phone_table import run as ordinary_run  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_phone_table import _step  # noqa: E402
from test_phone_table_facedown import STATE  # noqa: E402

from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from helpers import screen  # noqa: E402

HEADING = "## Face-down table of phones in the browser"
PLAYERS = ["Anne", "Bert", "Clara", "Hans"]
# Every request to the page's engine worker and when its reply came: the
# worker answers one at a time, in order, so a request's engine time is
# from the later of its posting and the reply before until its reply.
WORKER_PROBE = """
window.__engine = [];
const Made = window.Worker;
window.Worker = function (url, options) {
  const w = new Made(url, options);
  const posted = new Map();
  const post = w.postMessage.bind(w);
  w.postMessage = (msg, ...rest) => {
    if (msg && msg.id != null && msg.cmd) posted.set(msg.id, [msg.cmd, Date.now()]);
    return post(msg, ...rest);
  };
  w.addEventListener('message', (e) => {
    const got = e.data && posted.get(e.data.id);
    if (!got) return;
    posted.delete(e.data.id);
    window.__engine.push([got[0], got[1], Date.now(), e.data.took ?? null]);
  });
  return w;
};
window.Worker.prototype = Made.prototype;
// The page's own share: every IndexedDB write (a readwrite transaction,
// from its start to its commit) and every long task of the main thread.
window.__saves = [];
const transaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (names, mode, ...rest) {
  const tx = transaction.call(this, names, mode, ...rest);
  if (mode === 'readwrite') {
    const t = Date.now();
    tx.addEventListener('complete', () => window.__saves.push([t, Date.now()]));
  }
  return tx;
};
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([performance.timeOrigin + e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });
"""
# What this phone shows: the screen, and its view's hand and game.
SHOWN = """async () => {
  const s = (await import('./modules.js')).model.model.game?.state;
  return s ? [document.body.dataset.screen, s.facedown?.game ?? 1, s.view?.hand_no ?? 0, s.hand_over ? 1 : 0,
              (s.view?.my_cards ?? []).length, (s.view?.legal ?? []).length] : [document.body.dataset.screen, 0, 0, 1, 0, 0];
}"""


# A tap's way to every phone, in the order it goes (tap_stages).
STAGES = (
    ("tap until the phone's engine was asked", "ask"),
    ("its engine waited for work under way", "queued"),
    ("its engine (the move, kept on disk)", "act"),
    ("… of which the engine itself", "act_engine"),
    ("until the host's engine was asked (sent, carried, read)", "to_host"),
    ("the host's engine waited", "host_queued"),
    ("the host's engine (relayed, kept)", "relay"),
    ("… of which the engine itself", "relay_engine"),
    ("until the host drew it", "host_drawn"),
    ("until the slowest other guest's engine was asked", "to_guests"),
    ("their engines waited (the slowest)", "guests_queued"),
    ("their engines (taken, kept; the slowest)", "receive"),
    ("… of which the engine itself (the slowest)", "receive_engine"),
    ("until the slowest other guest drew it", "guests_drawn"),
    ("until the tapping phone's engine was asked to take it back", "to_own"),
    ("its engine waited", "own_queued"),
    ("its engine (taken, kept)", "own_receive"),
    ("until the tapping phone drew it", "own_drawn"),
)


def first_call(calls: list, cmd: str, since: float):
    """The first request `cmd` posted at or after `since`: when, when the
    worker took it up (the reply before it, or its posting), its reply, and
    the engine's own time on it; or None."""
    last = 0.0
    for name, posted, replied, took in sorted(calls, key=lambda c: c[2]):
        if name == cmd and posted >= since:
            return posted, max(posted, last), replied, took or 0
        last = replied
    return None


def tap_stage(tapped: float, tapper: int, calls: list, drawn: list) -> dict | None:
    """One tap's steps (ms): `calls` each phone's engine requests, `drawn`
    when each phone drew the tap (the host first); None where a step is
    not found (a tap the host's engine took without a relay, say)."""
    act = first_call(calls[tapper], "facedown_act", tapped)
    relay = act and first_call(calls[0], "facedown_relay", act[2] - 1)
    if not relay:
        return None
    others = [i for i in range(1, len(calls)) if i != tapper]
    takes = [first_call(calls[i], "facedown_receive", relay[2] - 1) for i in others]
    own = first_call(calls[tapper], "facedown_receive", relay[2] - 1)
    if not all(takes) or not own:
        return None
    return {
        "ask": act[0] - tapped,
        "queued": act[1] - act[0],
        "act": act[2] - act[1],
        "act_engine": act[3],
        "to_host": relay[0] - act[2],
        "host_queued": relay[1] - relay[0],
        "relay": relay[2] - relay[1],
        "relay_engine": relay[3],
        "host_drawn": drawn[0] - relay[2],
        "to_guests": max(t[0] for t in takes) - relay[2],
        "guests_queued": max(t[1] - t[0] for t in takes),
        "receive": max(t[2] - t[1] for t in takes),
        "receive_engine": max(t[3] for t in takes),
        "guests_drawn": max(drawn[i] - t[2] for i, t in zip(others, takes)),
        "to_own": own[0] - relay[2],
        "own_queued": own[1] - own[0],
        "own_receive": own[2] - own[1],
        "own_drawn": drawn[tapper] - own[2],
        "all": max(drawn) - tapped,
    }


def stage_figures(stages: list[dict]) -> dict:
    """p50 / p95 of each step over the taps, and how often each was the
    longest step of a tap in the slowest tenth."""
    if not stages:
        return {}
    out = {key: list(percentiles([s[key] for s in stages])) for _, key in STAGES}
    slow = sorted(stages, key=lambda s: -s["all"])[: max(1, len(stages) // 10)]
    steps = [key for _, key in STAGES if not key.endswith("_engine")]
    worst: dict = defaultdict(int)
    for s in slow:
        worst[max(steps, key=lambda k: s[k])] += 1
    out["slowest_tenth"] = {"taps": len(slow), "all_ms": [round(s["all"]) for s in slow], "longest": dict(worst)}
    return out


def busy(calls: list, start: float, end: float) -> tuple[float, dict]:
    """The worker's time on the requests answered within [start, end], in
    all and per command (ms)."""
    total, per = 0.0, defaultdict(float)
    last = 0
    for cmd, posted, replied, _ in sorted(calls, key=lambda c: c[2]):
        took = replied - max(posted, last)
        last = replied
        if start <= replied <= end:
            total += took
            per[cmd] += took
    return total, per


def in_worker(calls: list, start: float, end: float) -> float:
    """The engine's own time in the worker (what it reports with each reply)
    on the requests answered within [start, end], ms: the page's clock
    above also counts the wait until the page's busy main thread reads
    each reply."""
    return sum(took or 0 for _, _, replied, took in calls if start <= replied <= end)


def page_share(page, start: float, end: float) -> list:
    """This phone's draws, saves (how many, ms from start to commit) and
    long tasks (ms) within [start, end]."""
    steps = [t for t, _ in page.evaluate("() => window.__steps") if start <= t <= end]
    saves = [b - a for a, b in page.evaluate("() => window.__saves") if start <= b <= end]
    long = [d for t, d in page.evaluate("() => window.__long") if start <= t <= end]
    return [len(steps), len(saves), sum(saves), sum(long)]


def shown(page) -> tuple:
    return tuple(page.evaluate(SHOWN))


def open_face_down(pw, browser, site: Served) -> tuple:
    pages = open_phones(pw, browser, site, 4, PROBE + WORKER_PROBE, 47)
    host, guests = pages[0], dict(zip((2, 3, 4), pages[1:]))
    host.select_option('[data-field="rules"]', "rheinland")
    host.select_option('[data-field="count"]', "4")
    for i, name in enumerate(PLAYERS):
        host.fill(f'[data-field="name"][data-seat="{i}"]', name)
        host.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        host.select_option(f'[data-field="who"][data-seat="{i}"]', "human")
    host.locator('[data-field="phone-facedown"]').check()
    t0 = time.monotonic()
    host.locator('[data-action="phone-open"]').tap()
    join_all(host, guests)
    for page in pages:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=240_000)
    return pages, host, guests, (time.monotonic() - t0) * 1000


# A hand's table shown, not over: the next hand's.
NEW_HAND_SHOWN = BODY_SAYS % "document.body.dataset.screen === 'table' && s[2] === '0' && s[0] !== ''"
# The hand's verdict on this phone's result screen, once its check is done.
CHECKED = "() => !!document.querySelector('.phone-verdict[data-fair]:not([data-fair=\"checking\"])')"


def play_hand(
    pages,
    host,
    guests,
    samples: list,
    host_samples: list,
    within_s: float = 600,
    think_ms: int = 0,
    sampled: list | None = None,
) -> None:
    """Every phone taps for its own seat until every phone shows the hand's
    result; each guest tap sampled until every phone (and the host) drew it,
    its person having thought `think_ms` first, and added to `sampled` as
    (when, the tapping phone's index, when each phone drew it, when the
    tapping phone first showed its effect or None): for tap_stage and
    bench/phone_table.py's figures."""
    deadline = time.monotonic() + within_s
    while not all(screen(p) in ("result", "over") for p in pages):
        assert time.monotonic() < deadline, [shown(p) for p in pages]
        tapped = False
        for guest in guests.values():
            state = guest.evaluate(STATE)
            view = state["view"] if state else None
            before = log_len(guest.evaluate("() => document.body.dataset.step || ''"))
            taps = len(guest.evaluate("() => window.__taps"))
            if think_ms and before and view and view.get("legal"):
                guest.wait_for_timeout(think_ms)
            if not (before and _step(guest, view, knock=True)):
                continue
            tapped = True
            target = [before[0], before[1] + 1]
            try:
                for p in pages:
                    wait_for_step(p, target, 20_000, over=True)
            except PlaywrightTimeout as e:
                print("no sample:", str(e)[:200], file=sys.stderr)
                continue
            tap_at = guest.evaluate("() => window.__taps")[taps:]
            drawn = [first_step(p, tap_at[0] if tap_at else 0, lambda s: reached(s, target)) for p in pages]
            if tap_at and all(d is not None for d in drawn):
                samples.append(max(drawn) - tap_at[0])
                host_samples.append(drawn[0] - tap_at[0])
                if sampled is not None:
                    sampled.append((tap_at[0], pages.index(guest), drawn, guest.evaluate(SHOWN_AT, tap_at[0])))
        state = host.evaluate(STATE)
        tapped = _step(host, state["view"] if state else None) or tapped
        host.wait_for_timeout(100 if tapped else 60)


def reached(step: str, target: list) -> bool:
    got = log_len(step)
    return got is not None and (tuple(got) >= tuple(target) or step.split(":")[2] == "1")


def first_step(page, since: int, test) -> int | None:
    for t, step in page.evaluate("() => window.__steps"):
        if t >= since and test(step):
            return t
    return None


def next_hand(pages, host) -> tuple[float, int]:
    """The host's next hand (or "Nochmal" once the game is over), tapped as
    soon as it is offered; → ms until every phone shows the new hand's
    table, and the time it was tapped (ms since the epoch, the pages' clock)."""
    over = screen(host) == "over"
    action = "rematch" if over else "next-hand"
    host.wait_for_function(f"() => document.querySelector('[data-action=\"{action}\"]')?.disabled === false", timeout=120_000)
    tapped = host.evaluate(f"() => {{ const t = Date.now(); document.querySelector('[data-action=\"{action}\"]').click(); return t; }}")
    drawn = []
    for page in pages:
        # (Told when the page's step changes, as `wait_for_step`.)
        if not page.evaluate(NEW_HAND_SHOWN, [240_000]):
            raise PlaywrightTimeout("the next hand was not shown within 240 s")
        drawn.append(first_step(page, tapped, lambda s: s.split(":")[2] == "0"))
    return max(d for d in drawn if d is not None) - tapped, tapped


def run_face_down(pw, browser, site: Served, hands: int, think_ms: int = 0) -> dict:
    pages, host, guests, join_ms = open_face_down(pw, browser, site)
    slowed = [slow_main_thread(g.context, g, 4) for g in guests.values()]
    samples: list = []
    host_samples: list = []
    stages: list = []  # each guest tap's steps (tap_stage)
    others: list = []  # each guest tap until every other phone drew it
    seen: list = []  # … until its effect was on every screen
    nexts: list = []
    hand_worker: list = []  # per hand, each phone's engine ms (the deal and the play)
    next_worker: list = []  # per "next hand", each phone's engine ms until its table showed
    hand_inner: list = []  # the same two, as each worker timed its engine itself
    next_inner: list = []
    per_cmd: dict = defaultdict(list)
    hand_page: list = []  # per hand, each phone's draws, saves (count, ms) and long tasks (ms)
    sent_before = sum(g.evaluate("() => window.__sentBytes") for g in guests.values())
    got_before = sum(sum(len(m) for m in g.evaluate("() => window.__received")) for g in guests.values())
    actions = 0
    start = 0
    for hand in range(hands):
        if hand:
            ms, start = next_hand(pages, host)
            nexts.append(ms)
            calls = [p.evaluate("() => window.__engine") for p in pages]
            next_worker.append([round(busy(c, start, start + ms)[0]) for c in calls])
            next_inner.append([round(in_worker(c, start, start + ms)) for c in calls])
        sampled: list = []
        play_hand(pages, host, guests, samples, host_samples, think_ms=think_ms, sampled=sampled)
        # Every phone's own word on the hand, not "being checked" (a
        # verdict line while the check runs carries data-fair="checking"):
        # the next hand is tapped once every phone has checked this one.
        for p in pages:
            p.wait_for_function(CHECKED, timeout=120_000)
        end = max(p.evaluate("() => Date.now()") for p in pages)
        calls = [p.evaluate("() => window.__engine") for p in pages]
        for tapped, tapper, drawn, own in sampled:
            other, effect = reach(tapped, tapper, drawn, own)
            others.append(other)
            seen.append(effect)
            step = tap_stage(tapped, tapper, calls, drawn)
            if step:
                stages.append(step)
        took = [busy(c, start, end) for c in calls]
        hand_worker.append([round(t) for t, _ in took])
        hand_inner.append([round(in_worker(c, start, end)) for c in calls])
        hand_page.append([page_share(p, start, end) for p in pages])
        for i, (_, per) in enumerate(took):
            for cmd, ms in per.items():
                per_cmd[(i, cmd)].append(ms)
        state = host.evaluate(STATE)
        actions += len(state["view"]["log"])
        start = end
    sent = sum(g.evaluate("() => window.__sentBytes") for g in guests.values()) - sent_before
    got = sum(sum(len(m) for m in g.evaluate("() => window.__received")) for g in guests.values()) - got_before
    for slow in slowed:
        slow.release()
    for p in pages:
        p.context.close()
    samples.sort()
    cmds = {}
    for (i, cmd), ms in per_cmd.items():
        cmds.setdefault(i, {})[cmd] = round(statistics.median(ms))
    return {
        "join_ms": round(join_ms),
        "next_hand_ms_p50": round(statistics.median(nexts)) if nexts else None,
        "next_hand_ms_max": round(max(nexts)) if nexts else None,
        "next_hands": len(nexts),
        "next_worker_ms": [round(statistics.median(col)) for col in zip(*next_worker)] if next_worker else None,
        "hand_worker_ms": [round(statistics.median(col)) for col in zip(*hand_worker)],
        "next_inner_ms": [round(statistics.median(col)) for col in zip(*next_inner)] if next_inner else None,
        "hand_inner_ms": [round(statistics.median(col)) for col in zip(*hand_inner)],
        "page": [[round(statistics.median(h[i][k] for h in hand_page)) for k in range(4)] for i in range(4)],
        "commands_ms": {i: dict(sorted(c.items(), key=lambda kv: -kv[1])[:4]) for i, c in sorted(cmds.items())},
        **tap_figures(samples, host_samples, sent + got, actions, others=others, seen=seen),
        "tap_stages": stage_figures(stages),
        "guests_slowed": [round(slow.factor, 1) for slow in slowed],
        "hands": hands,
    }


def section(out: dict, version: str, load: tuple[float, float]) -> str:
    base = out["ordinary"]
    ratio = out["tap_to_all_p95_ms"] / base["tap_to_all_p95_ms"] if base.get("tap_to_all_p95_ms") else float("nan")
    who = ["host", "guest 2", "guest 3", "guest 4"]
    worker = " / ".join(f"{ms}" for ms in out["hand_worker_ms"])
    nworker = " / ".join(f"{ms}" for ms in out["next_worker_ms"] or [])
    inner = " / ".join(f"{ms}" for ms in out["hand_inner_ms"])
    ninner = " / ".join(f"{ms}" for ms in out["next_inner_ms"] or [])
    cmds = "; ".join(
        f"{who[int(i)]}: " + ", ".join(f"{c.removeprefix('facedown_')} {ms}" for c, ms in c2.items())
        for i, c2 in out["commands_ms"].items()
    )
    pages = "; ".join(" / ".join(str(x) for x in row) for row in out["page"])
    before = ""
    if out.get("before"):
        b = out["before"]
        before = (
            f"| the same at `{b['rev']}` (measured first in the same run): next hand median / slowest;"
            f" tap p50 / p95 | {b['next_hand_ms_p50']} / {b['next_hand_ms_max']} ms;"
            f" {b['tap_to_all_p50_ms']} / {b['tap_to_all_p95_ms']} ms |\n"
        )
    stages = out.get("tap_stages") or {}
    steps = "".join(f"| {label} | {stages[key][0]} / {stages[key][1]} ms |\n" for label, key in STAGES if key in stages)
    if stages:
        slow = stages["slowest_tenth"]
        longest = ", ".join(f"{key} {n}" for key, n in sorted(slow["longest"].items(), key=lambda kv: -kv[1]))
        steps = (
            "\nA guest's tap, step by step (p50 / p95 of each over the taps; the slowest"
            f" {slow['taps']} taps, {', '.join(str(ms) for ms in slow['all_ms'])} ms, were longest in: {longest}):\n\n"
            "| step | p50 / p95 |\n| --- | ---: |\n" + steps
        )
    thought = f", each guest's person thinking {out['think_ms']} ms before each tap" if out.get("think_ms") else ""
    return f"""{HEADING}

`python3 bench/face_down_browser.py` — {version}, headless, four contexts (Pixel 7 emulation) on one machine over loopback, Rheinland, four people (host and three guests, each its own engine), {out['hands']} hands{thought}; the guests' main threads held to a quarter of a core each from the join on (a kernel CPU quota on that thread, a 10 ms task measured {' / '.join(f'{x}x' for x in out['guests_slowed'])} slower; CDP throttling spins and would burn the machine's cores; their workers run free). Load average {load[0]:.1f} before, {load[1]:.1f} after (2 cores shared with other work). Goals: next hand ≤ 1.5 s, tap p95 ≤ 100 ms.

| figure | value |
| --- | ---: |
| join: "Tisch eröffnen", three guests join by pasted text, every phone shows its cards | {out['join_ms']} ms |
| "next hand" (or "Nochmal") until every phone shows the new hand's table, median / slowest of {out['next_hands']} | {out['next_hand_ms_p50']} / {out['next_hand_ms_max']} ms |
| each phone's engine time within that, median (host / guests), as the page saw it; in the worker itself | {nworker} ms; {ninner} ms |
| a guest's tap until every phone has drawn it, p50 / p95 ({out['taps']} taps) | {out['tap_to_all_p50_ms']} / {out['tap_to_all_p95_ms']} ms |
| the same taps until every phone but the tapping one has drawn them, p50 / p95 | {out['tap_others_p50_ms']} / {out['tap_others_p95_ms']} ms |
| the same taps until their effect is on every screen (the tapping phone shows its card leaving at once), p50 / p95 | {out['tap_seen_p50_ms']} / {out['tap_seen_p95_ms']} ms |
| the same taps until the host has drawn them, p50 | {out['tap_to_host_p50_ms']} ms |
| the ordinary table's hand in the same run, p50 / p95 ({base['taps']} taps): every phone drew it; its effect on every screen | {base['tap_to_all_p50_ms']} / {base['tap_to_all_p95_ms']} ms; {base['tap_seen_p50_ms']} / {base['tap_seen_p95_ms']} ms |
| p95 face down ÷ p95 of the ordinary table | {ratio:.1f} |
{before}| each phone's engine time per hand, deal to check, median (host / guests), as the page saw it; in the worker itself | {worker} ms; {inner} ms |
| its busiest commands per hand, median ms | {cmds} |
| each phone's page per hand: draws / saves / ms saving / ms of long tasks (host; guests) | {pages} |
| data-channel bytes per action (both ways, all guests; {out['actions']} actions) | {out['bytes_per_action']} (ordinary table: {base['bytes_per_action']}) |
{steps}"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4, help="hands played (the first after the join)")
    parser.add_argument("--against", help="a git revision: the same table with the app as it was then, in the same run")
    parser.add_argument("--think", type=int, default=0, help="ms each guest's person thinks before each tap")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="schraem-bench-facedown-"))
    site, before_site = served_builds(work, args.against)
    load_before = loadavg()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            before = run_face_down(pw, browser, before_site, args.hands, args.think) if before_site is not None else None
            out = run_face_down(pw, browser, site, args.hands, args.think)
            out["think_ms"] = args.think
            out["ordinary"] = ordinary_run(pw, browser, site)
            if before is not None:
                out["before"] = {"rev": args.against, **before}
            version = f"Chromium {browser.version}"
            browser.close()
    finally:
        site.stop()
        if before_site is not None:
            before_site.stop()
    text = section(out, version, (load_before, loadavg()))
    print(text)
    # The figures of one run, for bench/RESULTS.md's section (written by
    # hand from several runs: this machine's load moves one run's figures).
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
