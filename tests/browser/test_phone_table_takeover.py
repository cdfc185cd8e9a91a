"""Seats change between games (docs/PHONE_TABLE.md): a new phone takes the
computer's seat with one code, and a guest gone between games is offered
to the computer while the next game is dealt.
(The host's phone gone for good mid-game, and a guest carrying the series
on: test_phone_table_evening.py.)"""

from __future__ import annotations

from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join
from test_phone_table_evening import KEPT_GAMES, _play_game

from helpers import open_app


def host_and_two_guests(warm_page, shared_site, seed: int):
    """Three phones with the app open: the host (German, its deals from
    `seed`), Bert and Carl (English), the guests' received messages probed."""
    host = warm_page(locale="de-DE", service_workers="block")
    bert = warm_page(locale="en-GB", service_workers="block")
    carl = warm_page(locale="en-US", service_workers="block")
    for guest in (bert, carl):
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=seed)
    for guest in (bert, carl):
        open_app(guest, shared_site)
    return host, bert, carl


def test_between_games_a_new_phone_takes_the_computers_seat_and_a_guest_gone_is_offered_to_the_computer(
    warm_page, shared_site, page_errors
):
    host, bert, carl = host_and_two_guests(warm_page, shared_site, 39)
    host.select_option('[data-field="rules"]', "marienheide")
    _fill_setup(host, [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")], dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    _join(bert, host, 2, False, shared_site)
    for page in (host, bert):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _play_game(host, {2: bert}, 1)

    # Between games Carl comes with a phone and takes the computer's seat
    # under his name: its code only, shown at once; the host is back at
    # the game by itself.
    host.wait_for_function("() => document.body.dataset.screen === 'over'")
    host.fill('[data-phone-text="seat-name-3"]', "Carl")
    host.locator('[data-action="phone-seat"][data-seat="3"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    host.wait_for_selector("[data-phone-text='offer-3']")
    assert host.locator("[data-phone-text^='offer-']").count() == 1
    _join(carl, host, 3, False, shared_site)
    host.wait_for_function("() => document.body.dataset.screen === 'over'", timeout=30_000)
    assert host.locator('[data-action="phone-seat"]').count() == 0
    carl.wait_for_function("() => document.body.dataset.screen === 'over'", timeout=30_000)

    # Bert's phone is gone when the host deals the next game: the deal
    # waits for it, and the host may give the seat to the computer there.
    bert.close()
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
    host.locator('[data-action="rematch"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'phone-deal'")
    assert "Spielrunde 2" in host.locator("#phone-deal-heading").inner_text()
    host.locator('[data-action="phone-standin"][data-seat="2"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=30_000)
    state = host.evaluate(HOST_STATE)
    assert state["phone_table"]["game"] == 2 and state["phone_table"]["standins"] == [2]
    # Carl's phone deals with the host's; his seat is a person's now, and
    # the first game stays the computer's in every phone's history.
    assert [e["seat"] for e in state["save"]["record"]["hands"][0]["fair"]] == [1, 3]
    assert state["save"]["table"]["players"][2] == {"kind": "human"} and state["view"]["players"][2]["name"] == "Carl"
    carl.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=30_000)
    assert _guest_view(carl)["seat"] == 3
    assert carl.evaluate(KEPT_GAMES) == []
    assert not page_errors
