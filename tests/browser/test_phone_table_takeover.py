"""The table survives a phone that is gone (docs/PHONE_TABLE.md): a guest
gone between games is offered to the computer while the next game is dealt.
(The host's phone gone for good mid-game, and a guest carrying the series
on: test_phone_table_evening.py.)"""

from __future__ import annotations

from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _join
from test_phone_table_evening import _play_game

from helpers import open_app


def test_a_guest_gone_between_games_is_offered_to_the_computer_while_the_next_game_is_dealt(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    bert = warm_page(locale="en-GB", service_workers="block")
    bert.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=39)
    open_app(bert, shared_site)
    host.select_option('[data-field="rules"]', "marienheide")
    _fill_setup(host, [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")], dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    _join(bert, host, 2, False, shared_site)
    for page in (host, bert):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _play_game(host, {2: bert}, 1)

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
    assert [e["seat"] for e in state["save"]["record"]["hands"][0]["fair"]] == [1]
    assert not page_errors
