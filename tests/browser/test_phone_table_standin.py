"""The computer stands in for a guest whose phone went away
(docs/PHONE_TABLE.md): the host taps "Computer spielt für …" on the seat
shown as away, the computer plays that seat at the usual pace (every phone
says so), and the seat is given back when its phone rejoins."""

from __future__ import annotations

from test_phone_table import GUESTS, HOST_STATE, RECEIVED_PROBE, _join
from test_phone_table_rejoin import _actions, _away, _open_table, _play, _rejoin

from helpers import open_app, wait_idle, wait_until


def _seat_actions(host, seat: int) -> int:
    record = host.evaluate(HOST_STATE)["save"]["record"]
    return sum(a["seat"] == seat for hand in record["hands"] for a in hand["actions"])


def test_the_computer_plays_a_dropped_guests_seat_until_it_rejoins(warm_page, shared_site, page_errors):
    host, guests = _open_table(warm_page, shared_site, seed=31)
    for seat in GUESTS:
        _join(guests[seat], host, seat, False, shared_site)
    for page in (host, *guests.values()):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _play(host, guests, lambda: _actions(host) >= 4)

    # Guest 4's phone goes away: the game waits for it, and the host is
    # offered the computer for that seat (only there).
    wait_idle(host)
    kept_context = guests[4].context
    guests[4].close()
    del guests[4]
    _away(host, "4")
    assert host.locator('[data-action="phone-standin"]').count() == 1
    assert guests[2].locator('[data-action="phone-standin"]').count() == 0
    before = _seat_actions(host, 4)
    host.locator('[data-action="phone-standin"][data-seat="4"]').tap()

    # The computer plays seat 4 now; every phone says so.
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.standins === '4'", timeout=30_000)
    guests[2].wait_for_function("() => document.querySelector('.phone-links')?.dataset.standins === '4'", timeout=30_000)
    assert "Der Computer spielt für Platz 4: Hans" in host.locator(".phone-links").inner_text()
    assert "The computer plays for Seat 4: Hans" in guests[2].locator(".phone-links").inner_text()
    assert host.locator('[data-action="phone-standin"]').count() == 0
    _play(host, guests, lambda: _seat_actions(host, 4) > before or host.evaluate(HOST_STATE)["hand_over"])
    assert _seat_actions(host, 4) > before
    assert host.evaluate(HOST_STATE)["save"]["phone"]["standins"] == [4]

    # The phone comes back: its seat is given back to it.
    back = kept_context.new_page()
    try:
        back.add_init_script(RECEIVED_PROBE)
        open_app(back, shared_site)
        back.wait_for_function("() => document.body.dataset.screen === 'phone-join'")
        guests[4] = back
        _rejoin(back, host, 4)
        wait_until(
            host,
            "async () => { const m = await import('./modules.js').then((m) => m.engineClient);"
            " const r = await m.currentEngine().call('state', { viewer: 1 });"
            " return r.result.phone_table.standins.length === 0; }",
            timeout=30_000,
        )
        host.wait_for_function("() => document.body.dataset.screen === 'table'")
        host.wait_for_function("() => !document.querySelector('.phone-links')", timeout=30_000)
        back.wait_for_function("() => !document.querySelector('.phone-links')", timeout=30_000)
        assert 4 not in host.evaluate(HOST_STATE)["due"]["bots"]
        assert not page_errors
    finally:
        back.close()
