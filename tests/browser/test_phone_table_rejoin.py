"""A table of phones loses nothing when a phone goes away (docs/PHONE_TABLE.md):
a guest whose app is closed mid-hand is shown as away on every phone, the
game waits for it, and it comes back to its own seat (kept on its own phone)
with the host's new code for that seat; the host reloaded mid-hand comes
back with every action, and the guests rejoin it. No guest ever receives or
shows a card its seat may not see, and each still checks the deal."""

from __future__ import annotations

import time

from test_phone_table import (
    HOST_STATE,
    IN_SIGHT,
    RECEIVED_PROBE,
    _allowed,
    _assert_no_leak,
    _fill_setup,
    _guest_view,
    _join,
    _step,
    _text_of,
)
from test_phone_table_reach import CAMERA

from helpers import open_app, read_at_size, screen, stored, wait_idle


def _actions(page) -> int:
    record = page.evaluate(HOST_STATE)["save"]["record"]
    return len(record["hands"][-1]["actions"])


def _play(host, guests: dict, until) -> None:
    """Taps for every phone's own seat until `until()` holds."""
    deadline = time.monotonic() + 300
    while not until():
        assert time.monotonic() < deadline, [screen(p) for p in (host, *guests.values())]
        wait_idle(host)
        tapped = False
        for guest in guests.values():
            tapped = _step(guest, _guest_view(guest), knock=True) or tapped
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(150 if tapped else 100)


def _rejoin(guest, host, seat: int) -> None:
    """The host shows its codes; the guest, told its link is lost, pastes
    the new code for its seat; the host pastes the answer."""
    if screen(host) != "phone-open":
        host.locator('[data-action="phone-codes"]').tap()
    offer = _text_of(host, f"offer-{seat}")
    if screen(guest) != "phone-join":
        guest.locator('[data-action="phone-rejoin"]').tap()
    guest.fill('[data-phone-text="offer"]', offer)
    guest.locator('[data-action="phone-join-offer"]').tap()
    answer = _text_of(guest, "answer")
    host.fill(f'[data-phone-text="answer-{seat}"]', answer)
    host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()
    # Connected, the seat says so; with every phone back the host is at its table.
    host.wait_for_function(
        f"() => document.body.dataset.screen === 'table'"
        f" || Boolean(document.querySelector('.phone-seat[data-seat=\"{seat}\"][data-link=\"connected\"]'))"
    )
    guest.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)


def _rejoin_before_deal(guest, host, seat: int) -> None:
    guest.fill('[data-phone-text="offer"]', _text_of(host, f"offer-{seat}"))
    guest.locator('[data-action="phone-join-offer"]').tap()
    host.fill(f'[data-phone-text="answer-{seat}"]', _text_of(guest, "answer"))
    host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()
    host.wait_for_selector(f'.phone-seat[data-seat="{seat}"][data-link="connected"]')


def _away(page, seats: str) -> None:
    page.wait_for_function(f"() => document.querySelector('.phone-links')?.dataset.down === '{seats}'", timeout=30_000)


def _open_table(warm_page, shared_site, seed: int):
    """A German host with the table opened and English guests for seats 2
    and 4, loaded but not joined: → (host, {seat: guest page})."""
    host = warm_page(locale="de-DE", service_workers="block")
    guests = {2: warm_page(locale="en-GB", service_workers="block"), 4: warm_page(locale="en-US", service_workers="block")}
    for guest in guests.values():
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=seed)
    for guest in guests.values():
        open_app(guest, shared_site)
    _fill_setup(host)
    host.locator('[data-action="phone-open"]').tap()
    return host, guests


def test_a_guest_closed_and_the_host_reloaded_mid_hand_lose_nothing(warm_page, shared_site, page_errors):
    host, guests = _open_table(warm_page, shared_site, seed=29)
    for seat, guest in guests.items():
        _join(guest, host, seat, False, shared_site)
    for page in (host, *guests.values()):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _play(host, guests, lambda: _actions(host) >= 6)

    # Guest 4's app is closed mid-hand: every phone says seat 4 is away.
    wait_idle(host)
    kept_context = guests[4].context
    guests[4].close()
    _away(host, "4")
    _away(guests[2], "4")
    assert "Getrennt: Platz 4: Hans" in host.locator(".phone-links").inner_text()
    # One short line and its two buttons side by side: every seat and the
    # hand's value above the trick stay in sight at 360×640.
    size = host.viewport_size
    assert read_at_size(host, 360, 640, IN_SIGHT, ".phone-links button, .seat-name, .centre .value-line")
    host.set_viewport_size(size)
    assert "Disconnected: Seat 4: Hans" in guests[2].locator(".phone-links").inner_text()

    # Opened again on the same phone, the app goes back to seat 4 (kept on
    # the phone) and asks for the host's new code for it.
    back = kept_context.new_page()
    try:
        back.add_init_script(RECEIVED_PROBE)
        open_app(back, shared_site)
        back.wait_for_function("() => document.body.dataset.screen === 'phone-join'")
        assert "You play seat 4" in back.locator(".phone-join").inner_text()
        guests[4] = back
        _rejoin(back, host, 4)
        # Every phone back: the host's screen goes back to the table by itself.
        host.wait_for_function("() => document.body.dataset.screen === 'table'")
        first = _guest_view(back)
        assert first["seat"] == 4 and first["hand_no"] == 1
        assert len(first["log"]) == len(host.evaluate(HOST_STATE)["view"]["log"])
        host.wait_for_function("() => !document.querySelector('.phone-links')")
        _play(host, guests, lambda: _actions(host) >= 10)

        # The host reloads mid-hand: every action it answered was stored
        # first, and it comes back with all of them.
        wait_idle(host)
        before = host.evaluate(HOST_STATE)["save"]["record"]
        assert stored(host)["save"]["record"] == before
        seen_by_guests = max(len(_guest_view(g)["log"]) for g in guests.values())
        host.reload()
        host.wait_for_function("() => document.documentElement.dataset.shell === 'ready'", timeout=120_000)
        assert host.evaluate(HOST_STATE)["save"]["record"] == before
        assert len(host.evaluate(HOST_STATE)["view"]["log"]) >= seen_by_guests
        assert screen(host) == "table"
        _away(host, "2 4")
        for guest in guests.values():
            guest.wait_for_selector('.phone-links[data-lost="yes"]')
        for seat, guest in guests.items():
            _rejoin(guest, host, seat)
        host.wait_for_function("() => document.body.dataset.screen === 'table'")
        _play(host, guests, lambda: all(screen(p) == "result" for p in (host, *guests.values())))

        record = host.evaluate(HOST_STATE)["save"]["record"]
        assert record["hands"][0]["actions"][: len(before["hands"][0]["actions"])] == before["hands"][0]["actions"]
        for seat, guest in guests.items():
            assert any(a["seat"] == seat and a["type"] == "play" for a in record["hands"][0]["actions"])
            # The guest's numbers for the deal were kept on its phone through
            # the close and the host's reload: it still checks the deal.
            guest.wait_for_function("() => document.documentElement.dataset.fairDeal === '1:1:checked'", timeout=30_000)
            own, played = _allowed(record, seat)
            _assert_no_leak(guest, own | played)
        assert not page_errors
    finally:
        back.close()


def test_a_host_reloaded_before_the_first_deal_keeps_its_round(warm_page, shared_site, page_errors):
    """One guest has committed to its number, the other has not joined yet:
    the host reloads, comes back to its codes (not to a table with no hand,
    nor to a damaged save) with its own number and the guest's commit, and
    the phones deal from them."""
    host, guests = _open_table(warm_page, shared_site, seed=37)
    _join(guests[2], host, 2, False, shared_site)
    deadline = time.monotonic() + 60
    while "2" not in (((stored(host) or {}).get("save", {}).get("phone") or {}).get("round") or {}).get("commits", {}):
        assert time.monotonic() < deadline, "guest 2's commit was never stored"
        host.wait_for_timeout(100)
    kept = stored(host)["save"]["phone"]
    assert kept["round"]["hand"] == 1 and sorted(kept["round"]["commits"]) == ["1", "2"]
    host.add_init_script(CAMERA)
    host.reload()
    host.wait_for_function("() => document.documentElement.dataset.shell === 'ready'", timeout=120_000)
    host.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    assert stored(host)["save"]["phone"] == kept
    # The new codes after the reload are made while the camera runs, too.
    host.wait_for_function("() => window.__events.includes('camera-stop')", timeout=30_000)
    events = host.evaluate("() => window.__events")
    assert events[0] == "camera" and events.index("gathered") < events.index("camera-stop"), events
    # Guest 2, still on its join screen, is asked for the host's new code.
    guests[2].wait_for_selector('[data-phone-text="offer"]')
    assert "You play seat 2" in guests[2].locator(".phone-join").inner_text()
    _rejoin_before_deal(guests[2], host, 2)
    _join(guests[4], host, 4, False, shared_site)
    for page in (host, *guests.values()):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    fair = host.evaluate(HOST_STATE)["save"]["record"]["hands"][0]["fair"]
    commits = {e["seat"]: e["commit"] for e in fair}
    assert commits[1] == kept["round"]["commits"]["1"] and commits[2] == kept["round"]["commits"]["2"]
    assert not page_errors
