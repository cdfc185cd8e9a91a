"""A guest's phone buzzes when its seat becomes due at a table of phones
(docs/PHONE_TABLE.md): its turn, or a knock it must answer — once each time,
and only where the settings allow vibration."""

from __future__ import annotations

import json
import time

from test_phone_table import GUESTS, HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join, _states, _step

from helpers import open_app, screen, wait_idle, wait_until

BUZZ_PROBE = """
window.__buzz = [];
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true,
  value(pattern) { window.__buzz.push(JSON.stringify(pattern)); return true; },
});
"""
DUE_BUZZ = json.dumps([90, 70, 90, 70, 90], separators=(",", ":"))


def _due_episodes(states: list[dict], seat: int) -> int:
    """How often the seat became due (or its due changed from its turn to
    a knock to answer) in the states the guest was sent."""
    count, was = 0, ""
    for st in states:
        due = not st["hand_over"] and seat in st["due"]["humans"]
        resp = st["view"].get("response") or {}
        now = f'{st["view"]["hand_no"]}:{"answer" if resp.get("to_answer") == seat else "turn"}' if due else ""
        count += bool(now and now != was)
        was = now
    return count


def test_a_guest_phone_buzzes_when_due_where_vibration_is_allowed(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guests = {2: warm_page(locale="en-GB", service_workers="block"), 4: warm_page(locale="en-US", service_workers="block")}
    for guest in guests.values():
        guest.add_init_script(RECEIVED_PROBE)
        guest.add_init_script(BUZZ_PROBE)
    open_app(host, shared_site, seed=43)
    for guest in guests.values():
        open_app(guest, shared_site)
    # Guest 4 turned vibration off in its settings.
    guests[4].locator('[data-action="settings"]').first.tap()
    guests[4].locator('[data-setting="vibrate"]').uncheck()
    wait_until(guests[4], "async () => (await import('./modules.js').then((m) => m.settings)).settings.vibrate === false")
    guests[4].locator('[data-action="settings-close"]').tap()
    _fill_setup(host)
    host.locator('[data-action="phone-open"]').tap()
    for seat in GUESTS:
        _join(guests[seat], host, seat, False, shared_site)
    phones = (host, *guests.values())
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    deadline = time.monotonic() + 300
    answered = False
    while not all(screen(p) == "result" for p in phones):
        assert time.monotonic() < deadline, [screen(p) for p in phones]
        wait_idle(host)
        tapped = False
        for seat, guest in guests.items():
            view = _guest_view(guest)
            answered = answered or bool(view and (view.get("response") or {}).get("to_answer") == seat)
            tapped = _step(guest, view, knock=True) or tapped
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(150 if tapped else 100)
    assert answered  # a guest had a knock to answer in this hand
    wait_idle(host)
    host.wait_for_timeout(500)

    buzzes = guests[2].evaluate("() => window.__buzz.slice()")
    due = buzzes.count(DUE_BUZZ)
    assert due >= 2 and due == _due_episodes(_states(guests[2]), 2), (buzzes, _due_episodes(_states(guests[2]), 2))
    assert guests[4].evaluate("() => window.__buzz.length") == 0
    assert not page_errors
