"""A table of phones on a real network (netns_phones.py,
docs/PHONE_TABLE.md "Phones on a real network"): the host and one guest,
each its own Chromium in its own network namespace, with Chromium's hiding
of local addresses left on and a fake camera whose permission a person
grants or refuses when the app asks (a hook on getUserMedia).

- Behind a router, both refuse: within 25 s both phones say that they
  cannot reach each other and why; once the camera is allowed, the new try
  deals.
- The control, both on one bridge (one subnet, names looked up by
  multicast), both refusing the camera: dealt.
- Behind a router, where neither phone can look up the other's `.local`
  name: both people allow the camera when asked, and the table is dealt;
  two games in a row: "Nochmal" deals the second game over the connection
  made for the first, with no new code."""

from __future__ import annotations

import math
import time

import pytest
from test_phone_table import _fill_setup, _text_of
from test_phone_table_evening import _play_game

from helpers import open_app, until_link_failed
from netns_phones import can_make_namespaces, is_hidden, is_raw, network

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]
DEALT = "() => document.body.dataset.screen === 'table'"


@pytest.fixture(scope="module")
def namespaces():
    why_not = can_make_namespaces()
    if why_not:
        pytest.skip(why_not)


def _phones(net, playwright, camera: str, clock: bool = False):
    host = net.phone("a", playwright, locale="de-DE")
    guest = net.phone("b", playwright, locale="en-GB")
    host.camera = guest.camera = camera
    if clock:
        for phone in (host, guest):
            phone.page.clock.install()
    open_app(host.page, host, seed=41)
    open_app(guest.page, guest)
    return host, guest


def _join(host, guest, offer: str) -> float:
    """The guest answers `offer`, the host reads the answer: → the time of
    the host's "Verbinden"."""
    guest.page.fill('[data-phone-text="offer"]', offer)
    guest.page.locator('[data-action="phone-join-offer"]').tap()
    answer = _text_of(guest.page, "answer")
    host.page.fill('[data-phone-text="answer-2"]', answer)
    host.page.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    return time.monotonic()


def _open(host, guest) -> str:
    _fill_setup(host.page, PLAYERS, dealer="1")
    host.page.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host.page, "offer-2")
    guest.page.locator('[data-action="phone-join"]').tap()
    return offer


def _addresses(phone) -> list[str]:
    return [c["address"] for c in phone.candidates()]


def test_behind_a_router_phones_that_refuse_the_camera_say_so_and_a_new_try_deals(namespaces, dist, playwright):
    with network("router", dist) as net:
        host, guest = _phones(net, playwright, "block", clock=True)
        offer = _open(host, guest)
        assert host.page.locator('.camera-note[data-camera="blocked"]').count() == 1
        connect = _join(host, guest, offer)
        assert guest.page.locator('.camera-note[data-camera="blocked"]').count() == 1
        for phone in (host, guest):
            until_link_failed(phone.page, max(1, math.ceil(25 - (time.monotonic() - connect))))
            assert all(is_hidden(a) for a in _addresses(phone))
        print(f"router, camera refused: both failed {time.monotonic() - connect:.1f} s after Verbinden (their clocks moved on)")
        alert = host.page.locator('.phone-seat[data-seat="2"] .link-trouble[role="alert"]')
        assert alert.get_attribute("data-reasons") == "hidden-here hidden-there"
        assert "Dieses Handy hat seine Adresse verborgen" in alert.inner_text()
        guest_alert = guest.page.locator('.link-trouble[role="alert"]')
        assert "hid its address" in guest_alert.inner_text() and "same Wi-Fi" in guest_alert.inner_text()

        # Both allow the camera now and try again: a new invitation, a new
        # answer, and the table is dealt.
        host.camera = guest.camera = "allow"
        host.page.locator('[data-action="phone-retry"][data-seat="2"]').tap()
        guest.page.locator('[data-action="phone-retry"]').tap()
        fresh = host.page.wait_for_function(
            "(old) => { const v = document.querySelector('[data-phone-text=\"offer-2\"]')?.value ?? '';"
            " return v.length > 100 && v !== old && v; }",
            arg=offer,
            timeout=30_000,
        ).json_value()
        connect = _join(host, guest, fresh)
        for phone in (host, guest):
            phone.page.wait_for_function(DEALT, timeout=30_000)
            assert phone.page.evaluate("() => document.documentElement.dataset.link") == "connected"
        print(f"router, after the new try: dealt {time.monotonic() - connect:.2f} s after Verbinden")
        assert host.page.locator(".link-trouble").count() == 0
        assert (host.camera_asked, guest.camera_asked) == (2, 2)


def test_on_one_bridge_phones_are_dealt_without_the_camera(namespaces, dist, playwright):
    with network("bridge", dist) as net:
        host, guest = _phones(net, playwright, "block")
        offer = _open(host, guest)
        connect = _join(host, guest, offer)
        for phone in (host, guest):
            phone.page.wait_for_function(DEALT, timeout=30_000)
        print(f"bridge, camera refused: dealt {time.monotonic() - connect:.2f} s after Verbinden")
        for phone in (host, guest):
            addresses = _addresses(phone)
            assert addresses and all(is_hidden(a) for a in addresses), addresses
            assert phone.camera_asked == 1


def test_behind_a_router_phones_that_allow_the_camera_are_dealt_and_two_games_in_a_row_need_no_new_code(namespaces, dist, playwright):
    with network("router", dist) as net:
        host, guest = _phones(net, playwright, "allow")
        host.page.select_option('[data-field="rules"]', "marienheide")
        _fill_setup(host.page, [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")], dealer="1")
        host.page.locator('[data-action="phone-open"]').tap()
        offer = _text_of(host.page, "offer-2")
        guest.page.locator('[data-action="phone-join"]').tap()
        # The tap asked; the invitation carries the phone's real address.
        assert host.camera_asked == 1 and host.camera_allowed()
        connect = _join(host, guest, offer)
        for phone in (host, guest):
            phone.page.wait_for_function(DEALT, timeout=30_000)
        print(f"router, camera allowed: dealt {time.monotonic() - connect:.2f} s after Verbinden")
        assert guest.camera_asked == 1
        for phone in (host, guest):
            addresses = _addresses(phone)
            assert phone.address in addresses and all(is_raw(a) for a in addresses), addresses
            assert phone.page.evaluate("() => document.documentElement.dataset.link") == "connected"
        _play_game(host.page, {2: guest.page}, 1)
        host.page.wait_for_function("() => document.body.dataset.screen === 'over'")
        host.page.locator('[data-action="rematch"]').tap()
        started = time.monotonic()
        for phone in (host, guest):
            phone.page.wait_for_function(DEALT, timeout=30_000)
        print(f"router, Nochmal: the next game dealt on both phones {time.monotonic() - started:.2f} s after the tap")
        # One connection each, made for the first game, carries the second.
        for phone in (host, guest):
            peers = phone.ice()
            assert len(peers) == 1 and peers[0]["connectionState"] == "connected", peers
        assert host.camera_asked == guest.camera_asked == 1
