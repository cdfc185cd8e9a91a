"""Knocks from several phones at once at a table of phones (docs/PHONE_TABLE.md): a host and three guests, joined over real data
channels. Right after the deal anyone may knock out of turn (blind, up to
4, docs/RULES.md rule 4 and 7), so two guests tap their knock at the same
instant; later the host and a guest do. While a knock is answered nobody
may knock, so the host's engine takes the one that reaches it first and
refuses the other in plain words. Every phone then shows the same log in
the same order and the same value, nothing lost or doubled, through the
holds, a pass and the whole hand."""

from __future__ import annotations

import time

import test_phone_table
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join, _received, _states, _step

from helpers import open_app, screen, wait_idle

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Carla", "human"), ("Hans", "human")]
GUESTS = {2: "en-GB", 3: "en-IE", 4: "en-US"}
REFUSED = {"en": "Everyone must first answer the knock", "de": "Erst müssen alle auf das Klopfen antworten"}

# On the host: while window.__held is a list, every message a guest sends
# waits in it in the order it arrived, as behind a busy main thread; then
# __release() hands them to the app in that order. So two guests' knocks are
# both at the host before it takes either.
HOLD_PROBE = """
window.__held = null;
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, ...rest) {
  if (type !== 'message') return add.call(this, type, fn, ...rest);
  return add.call(this, type, (e) => (window.__held ? window.__held.push(() => fn.call(this, e)) : fn.call(this, e)), ...rest);
};
window.__release = () => { const held = window.__held; window.__held = null; held.forEach((f) => f()); };
"""

# Taps the knock button at an agreed moment of the machine's clock (shared
# by every page), so the phones' knocks leave together.
KNOCK_AT = """(at) => new Promise((resolve) => setTimeout(() => {
  document.querySelector('[data-action="knock"]').click();
  resolve();
}, Math.max(0, at - Date.now())))"""


def _view(page, host) -> dict | None:
    return host.evaluate(HOST_STATE)["view"] if page is host else _guest_view(page)


def _knocks(host) -> list[int]:
    record = host.evaluate(HOST_STATE)["save"]["record"]
    return [a["seat"] for a in record["hands"][0]["actions"] if a["type"] == "knock"]


def _until(check, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def _same_table(host, phones: dict) -> dict:
    """Until every phone has the host's log and value (each guest from what
    the host sent it, each page from what it draws); → the host's view."""

    def agreed() -> bool:
        wait_idle(host)
        view = host.evaluate(HOST_STATE)["view"]
        for seat, page in phones.items():
            other = _view(page, host)
            if other is None or other["log"] != view["log"] or other["value"] != view["value"]:
                return False
            if screen(page) == "table" and page.locator("#table .value").inner_text().split()[-1] != str(view["value"]):
                return False
        return True

    _until(agreed, "the phones never agreed on the log and the value")
    return host.evaluate(HOST_STATE)["view"]


def _knock_together(host, pages: dict, phones: dict, hold: bool = False) -> int:
    """The phones in `pages` (seat -> page) tap their knock at one instant
    (with `hold`, the host takes none of them before all have arrived);
    → the seat whose knock the host took. The others were refused, each
    told why in its own language."""
    before = _knocks(host)
    if hold:
        host.evaluate("() => { window.__held = []; }")
    at = host.evaluate("() => Date.now()") + 700
    for page in pages.values():
        page.evaluate(f"(at) => {{ ({KNOCK_AT})(at); }}", at)
    if hold:
        host.wait_for_function("(n) => window.__held.length >= n", arg=len(pages), timeout=60_000)
        host.evaluate("() => window.__release()")
    _until(lambda: len(_knocks(host)) > len(before), "no knock reached the host")
    view = _same_table(host, phones)
    taken = _knocks(host)[len(before) :]
    assert len(taken) == 1 and taken[0] in pages, taken
    assert view["response"] and view["response"]["knocker"] == taken[0]
    for seat, page in pages.items():
        if seat == taken[0]:
            continue
        lang = "de" if page is host else "en"
        page.wait_for_function(
            "(text) => document.getElementById('message')?.textContent.includes(text)", arg=REFUSED[lang], timeout=30_000
        )
    return taken[0]


def _answer(host, phones: dict, passer: int | None = None) -> None:
    """Every seat still in answers the knock: `passer` passes, the others
    hold."""
    deadline = time.monotonic() + 120
    while (response := host.evaluate(HOST_STATE)["view"]["response"]) is not None:
        assert time.monotonic() < deadline, response
        seat = response["to_answer"]
        page = phones[seat]
        view = _view(page, host)
        if view and (view.get("response") or {}).get("to_answer") == seat and screen(page) == "table":
            action = "pass" if seat == passer else "hold"
            try:
                page.locator(f'[data-action="{action}"]').first.tap(timeout=3_000)
            except PlaywrightTimeout:  # the screen was redrawn meanwhile: look again
                pass
        wait_idle(host)
        host.wait_for_timeout(150)


def test_knocks_from_several_phones_at_once_are_ordered_alike_on_every_phone(warm_page, shared_site, page_errors, monkeypatch):
    monkeypatch.setattr(test_phone_table, "PLAYERS", PLAYERS)
    host = warm_page(locale="de-DE", service_workers="block")
    host.add_init_script(HOLD_PROBE)
    guests = {seat: warm_page(locale=locale, service_workers="block") for seat, locale in GUESTS.items()}
    for guest in guests.values():
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=47)
    for guest in guests.values():
        open_app(guest, shared_site)
    _fill_setup(host)  # seat 4 deals: the host's seat 1 leads
    host.locator('[data-action="phone-open"]').tap()
    for seat, guest in guests.items():
        _join(guest, host, seat, False, shared_site)
    phones = {1: host, **guests}
    for page in phones.values():
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # Dealt, nobody has knocked nor looked: guests 2 and 4 knock at once.
    view = _same_table(host, phones)
    assert view["log"] == [] and view["value"] == 1
    for seat in (2, 4):
        _until(
            lambda seat=seat: any(a["type"] == "knock" for a in (_guest_view(guests[seat]) or {"legal": []})["legal"]),
            f"seat {seat} was never offered a knock",
        )
    first = _knock_together(host, {2: guests[2], 4: guests[4]}, phones, hold=True)
    other = 6 - first
    # The host had both: the later one was refused there, and that phone
    # says why next to the knock that came first.
    refusals = [m for m in _received(guests[other]) if m.get("type") == "reply" and m.get("ok") is False]
    assert [m["error"]["code"] for m in refusals] == ["knock_during_answers"], refusals

    # Guest 3 passes, the others hold; then the host and the refused guest,
    # neither of whom made the last knock, knock together, as they come.
    _answer(host, phones, passer=3)
    view = _same_table(host, phones)
    assert view["value"] == 2 and [e["type"] for e in view["log"]].count("pass") == 1
    second = _knock_together(host, {1: host, other: guests[other]}, phones)
    _answer(host, phones)
    view = _same_table(host, phones)
    assert view["value"] == 3

    # The hand is played out; every phone ends on the same log.
    deadline = time.monotonic() + 300
    while not all(screen(p) == "result" for p in phones.values()):
        assert time.monotonic() < deadline, [screen(p) for p in phones.values()]
        wait_idle(host)
        tapped = False
        for seat, guest in guests.items():
            tapped = _step(guest, _guest_view(guest)) or tapped
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(150 if tapped else 100)
    view = _same_table(host, phones)
    record = host.evaluate(HOST_STATE)["save"]["record"]
    actions = record["hands"][0]["actions"]
    assert [a["seat"] for a in actions if a["type"] == "knock"] == [first, second]
    assert [e["seat"] for e in view["log"] if e["type"] == "knock"] == [first, second]
    # Nothing lost or doubled: the log is the record, and each guest saw it
    # grow by whole steps, never reordered nor taken back.
    assert [(e["seat"], e["type"], e.get("card")) for e in view["log"]] == [(a["seat"], a["type"], a.get("card")) for a in actions]
    for seat, guest in guests.items():
        logs = [st["view"]["log"] for st in _states(guest) if st["view"]["hand_no"] == 1]
        assert all(b[: len(a)] == a for a, b in zip(logs, logs[1:])), seat
        assert logs[-1] == view["log"]
    assert not page_errors
