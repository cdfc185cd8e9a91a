"""A face-down table whose host's phone is gone for good (docs/PHONE_TABLE.md,
"Tisch übernehmen" face down): Anne's phone hosts Bert's and Carla's; a few
moves into the hand Anne's page is closed. Both guests are told their link
is lost and offered "Take over the table" (Carla's on its join screen,
its app opened again meanwhile), and both tap it; Carla's phone keeps out
after all ("Don't take over after all") and is a guest again.
Bert's phone shows a code for Carla's seat only (Anne's seat goes to the
computer on Bert's phone), and Carla's follows with one code each way. The two phones bring
each other to the same place of Anne's log, make a new table code (the same
on both, not the old one), say who took the table over from whom, and the
hand is dealt again, played to its end and checked on both phones."""

from __future__ import annotations

from test_house_rules import choose_short_games
from test_phone_table import RECEIVED_PROBE, _fill_setup, _join
from test_phone_table_facedown import STATE, _code, _play_hand, _play_moves
from test_phone_table_rejoin import _rejoin

from helpers import open_app

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Carla", "human")]


def test_a_guest_takes_a_face_down_table_over_when_the_hosts_phone_is_gone(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    bert = warm_page(locale="en-GB", service_workers="block")
    carla = warm_page(locale="en-US", service_workers="block")
    for guest in (bert, carla):
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=37)
    for guest in (bert, carla):
        open_app(guest, shared_site)
    choose_short_games(host, marks="2")
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-field="phone-facedown"]').check()
    host.locator('[data-action="phone-open"]').tap()
    _join(bert, host, 2, False, shared_site)
    _join(carla, host, 3, False, shared_site)
    phones = {1: host, 2: bert, 3: carla}
    for page in phones.values():
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    old_code = _code(bert)
    _play_moves(phones, 2)

    # Anne's phone is gone for good: both guests are told, and offered to
    # carry the table on; Carla's app, opened again meanwhile, offers it on
    # its join screen, from its save.
    host.close()
    for guest in (bert, carla):
        guest.wait_for_selector('.phone-links[data-lost="yes"] [data-action="phone-takeover"]', timeout=30_000)
    carla.reload()
    carla.wait_for_function("() => document.body.dataset.screen === 'phone-join'", timeout=60_000)
    # Both tap it: each would wait for the other. Carla's phone keeps out after
    # all, and is a guest again, on the screen for Bert's code for her seat.
    for guest in (bert, carla):
        guest.locator('[data-action="phone-takeover"]').tap()
    # Bert's phone is the host: a code for Carla's seat, none for Anne's (the computer's now).
    for guest in (bert, carla):
        guest.wait_for_function("() => document.body.dataset.screen === 'phone-open'", timeout=60_000)
    bert.wait_for_selector('.phone-seat[data-seat="3"]')
    assert bert.locator(".phone-seat").count() == 1
    assert bert.locator("h2#phone-open-heading").inner_text() == "Take over the table"
    carla.locator('[data-action="phone-keep-out"]').tap()
    carla.wait_for_function("() => document.body.dataset.screen === 'phone-join'", timeout=30_000)
    _rejoin(carla, bert, 3)
    phones = {2: bert, 3: carla}
    for page in phones.values():
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        page.wait_for_selector(".phone-taken-over", timeout=60_000)
        line = page.locator(".phone-taken-over").inner_text()
        assert line == "Seat 2: Bert took the table over from Seat 1: Anne: hand 1 is dealt again.", line
    # A new table code of the new keys, the same on both phones.
    codes = {_code(page) for page in phones.values()}
    assert len(codes) == 1 and old_code not in codes, (codes, old_code)

    # The hand dealt again, played to its end, and checked on both phones;
    # Anne's seat is the computer's on Bert's phone.
    _play_hand(phones, 120)
    for page in phones.values():
        verdict = '.phone-verdict[data-game="1"][data-hand="1"]'
        page.wait_for_function(f"() => document.querySelector('{verdict}')?.dataset.fair === 'true'", timeout=60_000)
    states = [page.evaluate(STATE) for page in phones.values()]
    assert states[0]["facedown"]["host"] == states[1]["facedown"]["host"] == 2
    assert states[0]["facedown"]["computers"] == [1]
    assert not page_errors
