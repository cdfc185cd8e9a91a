"""Undo on the phone's own table: the last tap is taken back by the engine
(and saved before it is drawn); with nothing left to take back the engine's
message is shown."""

from __future__ import annotations

from helpers import message, open_app, screen, shot, start_game, stored, tap

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]


def test_undo_takes_back_taps_on_the_table(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE")
    # Slow computers: nothing moves but Anne's taps.
    open_app(page, shared_site, seed=41, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)  # Anne leads
    undo = page.locator('#controls [data-action="undo"]')
    assert undo.inner_text().split() == ["↶", "Zurücknehmen"]
    box = undo.bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48

    tap(page, '[data-action="look"]')
    tap(page, '[data-action="knock"]')
    view = stored(page)["state"]["view"]
    assert view["value"] == 2 and view["response"]["knocker"] == 1
    shot(page, artifacts, "table-undo.png")

    tap(page, '#controls [data-action="undo"]')
    assert screen(page) == "table"
    save = stored(page)
    assert save["save"]["record"]["hands"][0]["actions"] == [{"seat": 1, "type": "look"}]
    assert save["state"]["view"]["value"] == 1 and save["state"]["view"]["response"] is None
    assert page.locator(".value").inner_text() == "Es geht um 1"
    assert page.locator("button[data-card]").count() == 4  # still looked

    tap(page, '#controls [data-action="undo"]')
    assert stored(page)["save"]["record"]["hands"][0]["actions"] == []
    assert page.locator("button[data-card]").count() == 0
    assert page.locator('[data-action="look"]').count() == 1

    tap(page, '#controls [data-action="undo"]')
    assert message(page) == "Es gibt nichts zurückzunehmen."
    page.locator('[data-action="lang"]').tap()
    assert message(page) == "There is nothing to take back."
    # The next accepted tap clears it.
    tap(page, '[data-action="look"]')
    assert message(page) == ""


PASSING = [("Anne", "human"), ("Hubert", "bot:easy"), ("Bert", "human"), ("Gerda", "bot:easy")]


def test_after_the_phone_changed_hands_undo_never_takes_back_the_previous_players_card(warm_page, shared_site):
    """Bert, handed the phone, tapped "Zurücknehmen" and
    took back Anne's card (revealing it). Only the holder's own move may be
    taken back."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=43)
    start_game(page, PASSING, dealer=4)  # Anne leads
    if screen(page) == "pass":
        tap(page, '[data-action="take-phone"]')
    tap(page, '[data-action="look"]')
    view = stored(page)["state"]["view"]
    card = next(a["card"] for a in view["legal"] if a["type"] == "play")
    tap(page, f'[data-card="{card}"]')
    assert screen(page) == "pass" and stored(page)["handoff"] == 3
    tap(page, '[data-action="take-phone"]')
    before = stored(page)

    tap(page, '#controls [data-action="undo"]')
    assert message(page) == "Zurücknehmen kann man nur den eigenen letzten Zug – zuletzt hat Anne gespielt."
    after = stored(page)
    assert after["save"] == before["save"] and after["viewer"] == 3
    assert page.locator(f'[data-card="{card}"]').count() == 0 or card in [
        c["card"] for c in after["state"]["view"]["trick"]
    ]  # Anne's card is on the table, not back in a hand
