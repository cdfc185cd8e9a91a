"""The table survives its host (docs/PHONE_TABLE.md): the host's browser is
killed for good mid-game; a guest carries the table on from the last hand
it checked ("Tisch übernehmen"), the other guest joins it with one code,
the computer takes the old host's seat, the hand that was in play is dealt
again, and the finished hand is the old host's, card for card."""

from __future__ import annotations

from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _join, _text_of
from test_phone_table_evening import DRAWN, _play_game

from helpers import open_app, screen

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Hans", "human")]


def test_a_guest_takes_the_table_over_when_the_hosts_browser_is_gone(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    bert = warm_page(locale="en-GB", service_workers="block")
    hans = warm_page(locale="en-US", service_workers="block")
    for guest in (bert, hans):
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=37)
    for guest in (bert, hans):
        open_app(guest, shared_site)
    host.select_option('[data-field="rules"]', "marienheide")
    _fill_setup(host, PLAYERS, dealer="3")
    host.locator('[data-action="phone-open"]').tap()
    _join(bert, host, 2, False, shared_site)
    _join(hans, host, 3, False, shared_site)
    for page in (host, bert, hans):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # Hand 1 to its end (each guest checks it), hand 2 dealt.
    _play_game(host, {2: bert, 3: hans}, 1, hands=1)
    before = host.evaluate(HOST_STATE)["save"]["record"]["hands"][0]
    host.locator('[data-action="next-hand"]').tap()
    for page in (host, bert, hans):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # The host's browser is gone for good: both guests are cut off.
    host.close()
    for guest in (bert, hans):
        guest.wait_for_selector('.phone-links[data-lost="yes"]', timeout=30_000)
    assert hans.locator('[data-action="phone-takeover"]').count() == 1

    # Bert carries the table on: codes for Anne's seat and for Hans.
    bert.locator('[data-action="phone-takeover"]').tap()
    bert.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    offer = _text_of(bert, "offer-3")
    # Hans joins the new host with one code.
    hans.locator('[data-action="phone-rejoin"]').tap()
    hans.fill('[data-phone-text="offer"]', offer)
    hans.locator('[data-action="phone-join-offer"]').tap()
    bert.fill('[data-phone-text="answer-3"]', _text_of(hans, "answer"))
    bert.locator('[data-action="phone-answer"][data-seat="3"]').tap()
    bert.wait_for_selector('.phone-seat[data-seat="3"][data-link="connected"]')
    # Anne's phone is not coming back: the computer plays her seat.
    bert.locator('[data-action="phone-standin"][data-seat="1"]').tap()
    for page in (bert, hans):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # Every phone says who took over and which hand is dealt again.
    for page in (bert, hans):
        page.wait_for_selector(".phone-taken-over")
        said = page.locator(".phone-taken-over").inner_text()
        assert said == "Seat 2: Bert took the table over from Seat 1: Anne: hand 2 is dealt again.", said
    state = bert.evaluate(HOST_STATE)
    hands = state["save"]["record"]["hands"]
    assert (hands[0]["actions"], hands[0]["fair"]) == (before["actions"], before["fair"])
    assert [e["seat"] for e in hands[1]["fair"]] == [2, 3] and state["view"]["hand_no"] == 2

    # The hand dealt again is played to its end; Hans checks it against Bert.
    _play_game(bert, {3: hans}, 1, hands=2)
    assert screen(hans) in ("result", "over") and hans.evaluate(DRAWN)["view"]["hand_no"] == 2
    assert not page_errors


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
