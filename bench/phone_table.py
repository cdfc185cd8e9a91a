#!/usr/bin/env python3
"""Benchmark of a table of phones (docs/PHONE_TABLE.md): four Chromium
contexts (Pixel 7 emulation) on one machine, a host and three guests, joined
by passing the offers and answers as text (no human scanning time), talking
over real RTCPeerConnection data channels on loopback.

  join_ms            from "Tisch eröffnen" until every phone shows the dealt table
  tap_to_all_p50/95  a guest's tap (pointerdown) until every phone has drawn
                     the result (its drawn step shows the new action), the
                     guests' main threads held to a quarter of a core
                     (bench/browser.py slow_main_thread)
  tap_to_host_p50    the same taps until the host alone has drawn them (it
                     stores first, then tells the guests)
  tap_others_p50/95  the same taps until every other phone has drawn them:
                     the tapping guest answers its tap in the same task
                     (pwa/table/instant.js) and draws the host's state over
                     it later, when its busy page gets to the answer
  tap_seen_p50/95    the same taps until the tap's effect is on every
                     screen: the tapping guest's card leaving its hand or
                     button pressed (pwa/table/instant.js; or the host's
                     answer drawn, where that came first), and every other
                     phone's drawing of the host's state
  bytes_per_action   data-channel bytes both ways (guest to host and back)
                     over the hand, per action in it
  offer_chars        the invitation as text, offer_bytes the bytes it codes;
                     qr_version its QR code's version at level M (as shown);
                     against the same phone's description in the old form
                     (the whole SDP deflated, base64): old_offer_chars and
                     its version at L (as it was shown) and at M
  leaks              cards any guest received (messages, page) that its seat
                     may not see, over the whole run (target 0)
  evening            three phones (a host and two guests) play five games of
                     Marienheide in a row with "Nochmal": the taps and pasted
                     codes per person for the whole evening, the connections
                     each phone made, and from "Nochmal" until every phone
                     shows the next game dealt (median of the four)
  router_join_ms     two phones, each its own Chromium in its own network
                     namespace behind a router (tests/browser/netns_phones.py),
                     both people allowing the camera: from the host's
                     "Verbinden" until both show the dealt table, and from
                     "Tisch eröffnen" (camera, invitation, answer pasted at
                     once); against the same on one bridge (medians of 3)

    python3 bench/phone_table.py [--json] [--no-write]
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser import Served, loadavg, served_builds, slow_main_thread  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_phone_table import (  # noqa: E402
    CARD,
    HOST_STATE,
    RECEIVED_PROBE,
    _allowed,
    _fill_setup,
    _guest_view,
    _is_record,
    _step,
    _text_of,
)
from test_phone_table_evening import CONNECTIONS_PROBE, _play_game  # noqa: E402
from test_phone_table_router import DEALT, _join, _open, _phones  # noqa: E402

from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from helpers import app_url, card_names, screen, wait_shell_ready  # noqa: E402
from netns_phones import can_make_namespaces, network  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
NAMES = ["Anne", "Bert", "Clara", "Hans"]
# Every drawn step with the time it was drawn, and every guest tap's time
# and every data-channel message sent (the probe counts those received).
PROBE = (
    RECEIVED_PROBE
    + """
window.__steps = [];
window.__taps = [];
window.__sentBytes = 0;
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) { window.__sentBytes += String(data).length; return send.call(this, data); };
window.__lifts = [];
window.__clicks = [];
for (const type of ['pointerdown', 'touchstart']) document.addEventListener(type, () => window.__taps.push(Date.now()), true);
for (const type of ['pointerup', 'touchend']) document.addEventListener(type, () => window.__lifts.push(Date.now()), true);
document.addEventListener('click', () => window.__clicks.push(Date.now()), true);
new MutationObserver(() => window.__steps.push([Date.now(), document.body.dataset.step || '']))
  .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-step'] });
window.__shown = [];
new MutationObserver((records) => {
  if (records.some((r) => r.target.classList?.contains('leaving') || r.target.classList?.contains('pending')))
    window.__shown.push(Date.now());
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
"""
)

# An invitation made as the app makes one, coded both ways: the old form
# (the whole description, deflated) and the app's code (link-code.js), each
# with its QR version (the app's own encoder).
OLD_FORM = """async () => {
  const { toBase64, pipe } = await import('./modules.js').then((m) => m.bytes);
  const { default: qrcode } = await import('./vendor/qrcode.mjs');
  const pc = new RTCPeerConnection({ iceServers: [] });
  pc.createDataChannel('schraem', { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((r) => { const f = () => pc.iceGatheringState === 'complete' && r(); pc.onicegatheringstatechange = f; f(); setTimeout(r, 5000); });
  const old = 'SCHRAEM-OFFER:' + toBase64(await pipe(new TextEncoder().encode(pc.localDescription.sdp), new CompressionStream('deflate-raw')));
  pc.close();
  const version = (level) => { const q = qrcode(0, level); q.addData(old); q.make(); return (q.getModuleCount() - 17) / 4; };
  return { chars: old.length, l: version('L'), m: version('M') };
}"""


def log_len(step: str) -> tuple[int, int] | None:
    parts = step.split(":")
    return (int(parts[0]), int(parts[1])) if len(parts) > 2 and parts[0].isdigit() else None


# When the tapping phone first showed the tap's effect: `window.__shown`
# (PROBE) holds when a card was marked leaving its hand or a button pressed
# as pending (pwa/table/instant.js), timed as the drawn steps are.
SHOWN_AT = """(since) => {
  const shown = window.__shown.filter((t) => t >= since);
  return shown.length ? Math.min(...shown) : null;
}"""


# Waits until a page has drawn the log's step [hand, length] (or, with
# `over`, the hand's end): told by the page when its body's step changes,
# not asked every frame. Playwright's wait_for_function asks in every
# animation frame, which keeps the page drawing frames while it waits: on
# a machine whose two cores carry four phones, that took the time of the
# very taps being measured.
# `%s`: whether it is reached, from `s` (the step split at ':') and the
# page's arguments ([ms, ...args]).
BODY_SAYS = """([ms, ...args]) => new Promise((resolve) => {
  const reached = () => { const s = (document.body.dataset.step || '').split(':'); return %s; };
  if (reached()) { resolve(true); return; }
  const seen = new MutationObserver(() => { if (reached()) { seen.disconnect(); clearTimeout(late); resolve(true); } });
  const late = setTimeout(() => { seen.disconnect(); resolve(false); }, ms);
  seen.observe(document.body, { attributes: true, attributeFilter: ['data-step', 'data-screen'] });
})"""
STEP_REACHED = BODY_SAYS % "Number(s[0]) > args[0] || (Number(s[0]) === args[0] && Number(s[1]) >= args[1]) || (args[2] && s[2] === '1')"


def wait_for_step(page, target, timeout_ms: int, over: bool = False) -> None:
    """Until `page` has drawn the log's step `target` (STEP_REACHED); a
    PlaywrightTimeout if it has not within `timeout_ms`."""
    if not page.evaluate(STEP_REACHED, [timeout_ms, target[0], target[1], over]):
        raise PlaywrightTimeout(f"step {list(target)} not drawn within {timeout_ms} ms")


def reach(tapped: int, tapper: int, drawn: list, own: int | None) -> tuple[int, int]:
    """A tap at `tapped` by phone `tapper`, drawn by each phone at `drawn`,
    its effect first shown on the tapping phone at `own` (SHOWN_AT; None:
    when it drew it): ms until every other phone had drawn it, and until
    its effect was on every screen."""
    others = max(d for i, d in enumerate(drawn) if i != tapper)
    shown = drawn[tapper] if own is None else min(own, drawn[tapper])
    return others - tapped, max(others, shown) - tapped


def drawn_at(page, target: tuple[int, int]) -> int | None:
    for t, step in page.evaluate("() => window.__steps"):
        got = log_len(step)
        if got is not None and got >= target:
            return t
    return None


def leaks_of(guest, allowed: set[str]) -> int:
    leaked = set()
    for msg in guest.evaluate("() => window.__received.slice()"):
        if not _is_record(msg):
            leaked |= set(CARD.findall(msg)) - allowed
    dom = guest.content()
    for card in {f"{r}{s}" for r in ("10", "9", "8", "7", "A", "K", "Q", "J") for s in "CSHD"} - allowed:
        if f'data-card="{card}"' in dom or any(name in dom for name in card_names(card)):
            leaked.add(card)
    return len(leaked)


def open_phones(pw, browser, site: Served, n: int, probe: str, seed: int) -> list:
    """`n` phones (Pixel 7 contexts) with the app started, each with `probe`:
    the host first (German, dealing from `seed`), then the guests."""
    device = pw.devices["Pixel 7"]
    pages = []
    for i in range(n):
        ctx = browser.new_context(**device, locale="de-DE" if i == 0 else "en-GB", service_workers="block")
        ctx.set_default_timeout(180_000)
        page = ctx.new_page()
        page.add_init_script(probe)
        page.goto(app_url(site, seed=seed) if i == 0 else app_url(site))
        wait_shell_ready(page)
        pages.append(page)
    return pages


def join_all(host, guests: dict) -> None:
    """Every guest pastes the host's invitation for its seat, the host its answer."""
    for seat, guest in guests.items():
        offer = _text_of(host, f"offer-{seat}")
        guest.locator('[data-action="phone-join"]').tap()
        guest.fill('[data-phone-text="offer"]', offer)
        guest.locator('[data-action="phone-join-offer"]').tap()
        host.fill(f'[data-phone-text="answer-{seat}"]', _text_of(guest, "answer"))
        host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()


def percentiles(samples: list[float]) -> tuple[int | None, int | None]:
    """p50 and p95 of `samples`, in whole ms (None where there are none)."""
    ordered = sorted(samples)
    if not ordered:
        return None, None
    return round(statistics.median(ordered)), round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))])


def tap_figures(
    samples: list[float],
    host_samples: list[float],
    sent: int,
    actions: int,
    others: list[float] | None = None,
    seen: list[float] | None = None,
) -> dict:
    """What a table's taps came to: a tap until every phone drew it (p50,
    p95), until every phone but the tapping one did (p50, p95), until its
    effect was on every screen (p50, p95) and until the host drew it (p50),
    and the bytes both ways per action."""
    all_p50, all_p95 = percentiles(samples)
    others_p50, others_p95 = percentiles(others or [])
    seen_p50, seen_p95 = percentiles(seen or [])
    return {
        "tap_seen_p50_ms": seen_p50,
        "tap_seen_p95_ms": seen_p95,
        "tap_to_all_p50_ms": all_p50,
        "tap_to_all_p95_ms": all_p95,
        "tap_others_p50_ms": others_p50,
        "tap_others_p95_ms": others_p95,
        "taps": len(samples),
        "tap_to_host_p50_ms": round(statistics.median(host_samples)) if host_samples else None,
        "bytes_per_action": round(sent / actions) if actions else None,
        "actions": actions,
    }


def run(pw, browser, site: Served, people: int = 4) -> dict:
    """One hand of `people` people, each on a phone (the host and the
    guests), every guest's tap timed."""
    pages = open_phones(pw, browser, site, people, PROBE, 41)
    host, guests = pages[0], dict(zip(range(2, people + 1), pages[1:]))
    host.select_option('[data-field="count"]', str(people))
    for i, name in enumerate(NAMES[:people]):
        host.fill(f'[data-field="name"][data-seat="{i}"]', name)
        host.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        host.select_option(f'[data-field="who"][data-seat="{i}"]', "human")

    t0 = time.monotonic()
    host.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host, "offer-2")
    # The codes leave the host's screen once their phones joined.
    size = int(host.evaluate("() => document.querySelector('.phone-seat svg.qr').getAttribute('viewBox')").split()[2])
    join_all(host, guests)
    for page in pages:
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
    join_ms = (time.monotonic() - t0) * 1000
    qr_version = (size - 8 - 17) // 4  # modules = 17 + 4 x version, plus 4 of quiet zone each side
    old = host.evaluate(OLD_FORM)

    slowed = [slow_main_thread(g.context, g, 4) for g in guests.values()]
    sent_before = sum(g.evaluate("() => window.__sentBytes") for g in guests.values())
    got_before = sum(sum(len(m) for m in g.evaluate("() => window.__received")) for g in guests.values())
    samples = []
    host_samples = []  # the same taps until the host alone had drawn them
    others_samples = []  # the same taps until every phone but the tapping one had drawn them
    seen_samples = []  # the same taps until their effect was on every screen
    lift_samples = []  # the finger's lift, after the touch
    clicks = 0  # taps the browser made a click of (acted on at the lift, none should be)
    lifted_seen_samples = []  # from the finger's lift until the effect was on every screen
    deadline = time.monotonic() + 600
    while not all(screen(p) == "result" for p in pages) and time.monotonic() < deadline:
        tapped = False
        for guest in guests.values():
            view = _guest_view(guest)
            before = log_len(guest.evaluate("() => document.body.dataset.step || ''"))
            taps = len(guest.evaluate("() => window.__taps"))
            if before and _step(guest, view, knock=True):
                tapped = True
                target = (before[0], before[1] + 1)
                try:
                    for p in pages:
                        wait_for_step(p, target, 10_000)
                except Exception as e:  # the tap came too late (the table moved on): no sample
                    print("no sample:", site.root, str(e)[:200], file=sys.stderr)
                    continue
                tap_at = guest.evaluate("() => window.__taps")[taps:]
                drawn = [drawn_at(p, target) for p in pages]
                if tap_at and all(d is not None for d in drawn):
                    samples.append(max(drawn) - tap_at[0])
                    host_samples.append(drawn[0] - tap_at[0])
                    others, seen = reach(tap_at[0], pages.index(guest), drawn, guest.evaluate(SHOWN_AT, tap_at[0]))
                    others_samples.append(others)
                    seen_samples.append(seen)
                    lift = guest.evaluate("(since) => window.__lifts.find((t) => t >= since) ?? null", tap_at[0])
                    click = guest.evaluate("(since) => window.__clicks.find((t) => t >= since) ?? null", tap_at[0])
                    clicks += click is not None
                    if lift is not None:
                        lift_samples.append(lift - tap_at[0])
                        lifted_seen_samples.append(seen + tap_at[0] - lift)
                else:
                    print("no sample:", tap_at, drawn, file=sys.stderr)
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(100 if tapped else 60)
    for slow in slowed:
        slow.release()
    record = host.evaluate(HOST_STATE)["save"]["record"]
    actions = len(record["hands"][0]["actions"])
    sent = sum(g.evaluate("() => window.__sentBytes") for g in guests.values()) - sent_before
    got = sum(sum(len(m) for m in g.evaluate("() => window.__received")) for g in guests.values()) - got_before
    leaks = 0
    for seat, guest in guests.items():
        own, played = _allowed(record, seat)
        leaks += leaks_of(guest, own | played)
    for p in pages:
        p.context.close()
    samples.sort()
    return {
        "people": people,
        "join_ms": round(join_ms),
        **tap_figures(samples, host_samples, sent + got, actions, others_samples, seen_samples),
        "tap_lift_p50_ms": percentiles(lift_samples)[0],
        "tap_clicks": clicks,
        "tap_seen_from_lift_p50_ms": percentiles(lifted_seen_samples)[0],
        "tap_seen_from_lift_p95_ms": percentiles(lifted_seen_samples)[1],
        # Every sample, for pooling several runs (--json).
        "samples_ms": {"all": samples, "others": others_samples, "seen": seen_samples},
        "guests_slowed": [round(slow.factor, 1) for slow in slowed],
        "offer_chars": len(offer),
        "offer_bytes": len(base64.urlsafe_b64decode(offer.split(":", 1)[1] + "=" * (-len(offer.split(":", 1)[1]) % 4))),
        "qr_version": qr_version,
        "old_offer_chars": old["chars"],
        "old_qr_version_l": old["l"],
        "old_qr_version_m": old["m"],
        "leaks": leaks,
    }


# What a person does with codes: a tap on any of the table of phones'
# buttons (open, join, answer, connect, scan, retry) and a code pasted.
CODE_PROBE = (
    CONNECTIONS_PROBE
    + """
window.__codeTaps = 0;
window.__pastes = 0;
document.addEventListener('click', (e) => { if (e.target.closest?.('[data-action^="phone-"]')) window.__codeTaps += 1; }, true);
document.addEventListener('input', (e) => { if (e.target.dataset?.phoneText) window.__pastes += 1; }, true);
"""
)
EVENING = [("Anne", "human"), ("Bert", "human"), ("Hans", "human")]


def evening(pw, browser, site: Served, games: int = 5) -> dict:
    """Three phones, `games` games in a row: what each person did with
    codes, the connections made, and "Nochmal" until every phone is dealt."""
    pages = open_phones(pw, browser, site, 3, CODE_PROBE, 43)
    host, guests = pages[0], dict(zip((2, 3), pages[1:]))
    host.select_option('[data-field="rules"]', "marienheide")
    _fill_setup(host, EVENING, dealer=None)
    host.locator('[data-action="phone-open"]').tap()
    join_all(host, guests)
    for page in pages:
        page.wait_for_function(DEALT)
    joined = [(p.evaluate("() => window.__codeTaps"), p.evaluate("() => window.__pastes")) for p in pages]
    t0 = time.monotonic()
    hands, next_game = 0, []
    for game in range(1, games + 1):
        _play_game(host, guests, game)
        hands += host.evaluate("async () => (await import('./modules.js')).model.model.game.state.view.hand_no")
        if game == games:
            break
        host.wait_for_function("() => document.body.dataset.screen === 'over'")
        tapped = time.monotonic()
        host.locator('[data-action="rematch"]').tap()
        for page in pages:
            page.wait_for_function(DEALT)
        next_game.append((time.monotonic() - tapped) * 1000)
    whole = time.monotonic() - t0
    after = [(p.evaluate("() => window.__codeTaps"), p.evaluate("() => window.__pastes")) for p in pages]
    connections = [p.evaluate("() => window.__connections") for p in pages]
    for p in pages:
        p.context.close()
    return {
        "games": games,
        "hands": hands,
        "minutes": round(whole / 60, 1),
        "join": {"host": joined[0], "guest": joined[1]},
        "later": [(a[0] - j[0], a[1] - j[1]) for a, j in zip(after, joined)],
        "connections": connections,
        "next_game_ms_p50": round(statistics.median(next_game)),
        "next_game_ms_max": round(max(next_game)),
    }


def across_router(pw, dist: Path, runs: int = 3) -> dict | None:
    """The join of two phones behind a router and, as the baseline, on one
    bridge; None where namespaces cannot be made (not root)."""
    if can_make_namespaces():
        return None
    out = {}
    for kind in ("bridge", "router"):
        connect, whole, chars = [], [], []
        for _ in range(runs):
            with network(kind, dist) as net:
                host, guest = _phones(net, pw, "allow")
                t0 = time.monotonic()
                offer = _open(host, guest)
                t1 = _join(host, guest, offer)
                for phone in (host, guest):
                    phone.page.wait_for_function(DEALT, timeout=30_000)
                done = time.monotonic()
                connect.append((done - t1) * 1000)
                whole.append((done - t0) * 1000)
                chars.append(len(offer))
        out[kind] = {
            "connect_ms": round(statistics.median(connect)),
            "open_to_dealt_ms": round(statistics.median(whole)),
            "offer_chars": round(statistics.median(chars)),
        }
    return out


def section(out: dict, browser_version: str, load: tuple[float, float]) -> str:
    n = out.get("people", 4)
    words = {3: ("three", "two"), 4: ("four", "three")}[n]
    return (
        f"""## Table of phones

`python3 bench/phone_table.py` — {browser_version}, headless, {words[0]} contexts (Pixel 7 emulation) on one machine over loopback, one hand of {words[0]} people (host and {words[1]} guests), guests' main threads held to a quarter of a core each (a kernel CPU quota on that thread, a 10 ms task measured {' / '.join(f'{x}x' for x in out.get('guests_slowed', []))} slower; CDP throttling spins and would burn the machine's cores). Load average {load[0]:.1f} before, {load[1]:.1f} after (2 cores shared with other work).

| figure | value |
| --- | ---: |
| join: open the table, {words[1]} guests join by pasted text, every phone shows the dealt table | {out['join_ms']} ms |
| a guest's tap until every phone has drawn it, p50 / p95 ({out['taps']} taps) | {out['tap_to_all_p50_ms']} / {out['tap_to_all_p95_ms']} ms |
| the same taps until the host alone has drawn them (stored first), p50 | {out['tap_to_host_p50_ms']} ms |
| the same taps until every other phone has drawn them (the tapping guest answers its tap in the same task, and draws the host's state over it later), p50 / p95 | {out['tap_others_p50_ms']} / {out['tap_others_p95_ms']} ms |
| the same taps until their effect is on every screen (the tapping guest's own answer to the tap, every other phone's drawing of the host's state), p50 / p95 | {out['tap_seen_p50_ms']} / {out['tap_seen_p95_ms']} ms |
| within a tap: the touch until the finger's lift reaches the page, p50; taps the browser made a click of after their lift | {out.get('tap_lift_p50_ms')} ms; {out.get('tap_clicks')} |
| the finger's lift until the tap's effect is on every screen, p50 / p95 | {out.get('tap_seen_from_lift_p50_ms')} / {out.get('tap_seen_from_lift_p95_ms')} ms |
{before_rows(out)}| data-channel bytes per action (both ways, all guests; {out['actions']} actions) | {out['bytes_per_action']} |
| invitation as text / bytes it codes / QR code at level M | {out['offer_chars']} characters / {out['offer_bytes']} bytes / version {out['qr_version']} |
| the same phone's description in the old form (whole SDP deflated): text / QR at L / at M | {out['old_offer_chars']} characters / version {out['old_qr_version_l']} / version {out['old_qr_version_m']} |
| cards a guest received or showed that its seat may not see | {out['leaks']} |
"""
        + evening_rows(out.get("evening"))
        + (router_rows(out["router"]) if "router" in out else "")
    )


class _HandOnly(Exception):
    """--hand-only: the hand's figures are all that is measured."""


def before_rows(out: dict) -> str:
    b = out.get("before")
    if not b:
        return ""
    ratio = out["tap_to_all_p95_ms"] / b["tap_to_all_p95_ms"] if b.get("tap_to_all_p95_ms") else float("nan")
    return (
        f"| the same hand's taps, the app at `{b['rev']}` (measured first in the same run), p50 / p95 ({b['taps']} taps)"
        f" | {b['tap_to_all_p50_ms']} / {b['tap_to_all_p95_ms']} ms |\n"
        f"| the same at `{b['rev']}`: until every other phone drew them / until their effect was on every screen, p50 / p95"
        f" | {b['tap_others_p50_ms']} / {b['tap_others_p95_ms']} ms; {b['tap_seen_p50_ms']} / {b['tap_seen_p95_ms']} ms |\n"
        f"| p95 now ÷ p95 at `{b['rev']}` | {ratio:.2f} |\n"
    )


def evening_rows(e: dict | None) -> str:
    if not e:
        return ""
    later = ", ".join(f"{t} taps / {p} pastes" for t, p in e["later"])
    return f"""
An evening: three phones (host and two guests, unthrottled), {e['games']} games of Marienheide in a row ({e['hands']} hands, {e['minutes']} min at the test's tapping pace), each game after the first dealt by "Nochmal" on the host:

| figure | value |
| --- | ---: |
| joining, the host: taps on the table's buttons / codes pasted | {e['join']['host'][0]} / {e['join']['host'][1]} |
| joining, each guest: taps / codes pasted | {e['join']['guest'][0]} / {e['join']['guest'][1]} |
| after the join, for the rest of the evening (host, guest, guest) | {later} |
| connections each phone made (host, guest, guest) | {", ".join(map(str, e['connections']))} |
| "Nochmal" until every phone shows the next game dealt, median / slowest of {e['games'] - 1} | {e['next_game_ms_p50']} / {e['next_game_ms_max']} ms |
"""


def router_rows(r: dict | None) -> str:
    if not r:
        return "\nAcross a router: not measured (network namespaces need root).\n"
    b, x = r["bridge"], r["router"]
    return f"""
Two phones, each its own Chromium in its own network namespace, both people allowing the camera when asked (medians of 3 joins each; the bridge is the baseline, one subnet):

| join of two phones | one bridge | behind a router | router / bridge |
| --- | ---: | ---: | ---: |
| host's "Verbinden" until both show the dealt table | {b['connect_ms']} ms | {x['connect_ms']} ms | {x['connect_ms'] / max(1, b['connect_ms']):.2f} |
| "Tisch eröffnen" (camera, invitation, answer made and pasted at once) until dealt | {b['open_to_dealt_ms']} ms | {x['open_to_dealt_ms']} ms | {x['open_to_dealt_ms'] / max(1, b['open_to_dealt_ms']):.2f} |
| invitation with the camera allowed (raw addresses) | {b['offer_chars']} characters | {x['offer_chars']} characters | |
"""


def write_section(text: str) -> None:
    old = RESULTS.read_text()
    start = old.find("## Table of phones")
    if start < 0:
        RESULTS.write_text(old.rstrip("\n") + "\n\n" + text)
    else:
        # The section ends at the next heading of any level: its own rows
        # have none, and a subsection after it belongs to another bench.
        nxt = old.find("\n#", start + 1)
        RESULTS.write_text(old[:start] + text + (old[nxt + 1 :] if nxt >= 0 else ""))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="end with one JSON object on the last line")
    parser.add_argument("--no-write", action="store_true", help="leave bench/RESULTS.md alone")
    parser.add_argument("--against", help="a git revision: the same hand's taps with the app as it was then, in the same run")
    parser.add_argument("--hand-only", action="store_true", help="only the hand's taps (no evening, no router); printed, not written")
    parser.add_argument(
        "--people", type=int, choices=(3, 4), default=4, help="with --hand-only: phones at the table (three: the evening's table)"
    )
    args = parser.parse_args(argv)
    if args.hand_only:
        args.no_write = True
    work = Path(tempfile.mkdtemp(prefix="schraem-bench-phones-"))
    site, before_site = served_builds(work, args.against)
    dist = site.root
    load_before = loadavg()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(full=True), args=CHROMIUM_ARGS)
            if before_site is not None:
                # The app as it was first, then as it is: the same hand, the same taps.
                before = run(pw, browser, before_site, args.people if args.hand_only else 4)
            out = run(pw, browser, site, args.people if args.hand_only else 4)
            if before_site is not None:
                out["before"] = {"rev": args.against, **before}
            if args.hand_only:
                version = f"Chromium {browser.version}"
                browser.close()
                raise _HandOnly
            out["evening"] = evening(pw, browser, site)
            version = f"Chromium {browser.version}"
            browser.close()
            out["router"] = across_router(pw, dist)
    except _HandOnly:
        pass
    finally:
        site.stop()
        if before_site is not None:
            before_site.stop()
    text = section(out, version, (load_before, loadavg()))
    if not args.no_write:
        write_section(text)
    print(text)
    if args.json:
        print(
            json.dumps(
                {
                    k: out.get(k)
                    for k in (
                        "people",
                        "join_ms",
                        "tap_to_all_p50_ms",
                        "tap_to_all_p95_ms",
                        "tap_others_p50_ms",
                        "tap_others_p95_ms",
                        "tap_seen_p50_ms",
                        "tap_seen_p95_ms",
                        "samples_ms",
                        "before",
                        "bytes_per_action",
                        "offer_chars",
                        "offer_bytes",
                        "qr_version",
                        "old_offer_chars",
                        "old_qr_version_l",
                        "old_qr_version_m",
                        "leaks",
                        "evening",
                        "router",
                    )
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
