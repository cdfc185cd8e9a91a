"""Exporting while a hand is under way: the app asks first (the hand holds
every player's cards), writes the file without that hand unless the user
insists, and never writes a seed. What the phone itself keeps (the save)
still holds the deal."""

from __future__ import annotations

import json

from helpers import open_app, sheet_tap, start_game, start_sheet, stored, tap, wait_idle
from schraem.core.game import Game


def _mid_hand(page) -> dict:
    """Anne against the computer, hand 1 under way: Anne has played a card."""
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy")], dealer=2)
    tap(page, '[data-action="look"]')
    card = stored(page)["state"]["view"]["my_cards"][0]
    tap(page, f'[data-card="{card}"]')
    wait_idle(page)
    page.locator('header [data-action="setup"]').tap()
    return stored(page)


def _export(page, tmp_path, answer: bool):
    asked = []

    def on_dialog(dialog):
        asked.append((dialog.type, dialog.message))
        dialog.accept() if answer else dialog.dismiss()

    page.once("dialog", on_dialog)
    with page.expect_download() as info:
        page.locator('[data-action="export"]').first.tap()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return json.loads(path.read_text()), asked


def test_the_app_asks_and_leaves_the_running_hand_out_unless_told_otherwise(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", accept_downloads=True)
    open_app(page, shared_site, seed=31, pace="60000")
    saved = _mid_hand(page)
    assert not saved["state"]["hand_over"]
    dealt = saved["save"]["record"]["hands"][0]

    record, asked = _export(page, tmp_path, answer=False)
    assert len(asked) == 1 and asked[0][0] == "confirm"
    assert "Die laufende Hand enthält die Karten aller Spieler" in asked[0][1]
    # Nothing of the hand under way, and no seed that would deal it again.
    assert record["hands"] == [] and "seed" not in json.dumps(record)
    assert Game.from_record(record).hand is None
    page.wait_for_function("() => document.getElementById('announce').textContent.includes('ohne die laufende Hand 1')")
    # The phone's own save is untouched and still holds the deal.
    assert stored(page)["save"]["record"]["hands"][0] == dealt and "seed" in dealt


def test_the_running_hand_is_written_only_when_the_user_insists(warm_page, shared_site, tmp_path):
    page = warm_page(locale="en-GB", accept_downloads=True)
    open_app(page, shared_site, seed=32, pace="60000")
    saved = _mid_hand(page)
    record, asked = _export(page, tmp_path, answer=True)
    assert len(asked) == 1 and "every player’s cards" in asked[0][1]
    assert "seed" not in json.dumps(record)
    game = Game.from_record(record)
    mine = Game.from_record(saved["save"]["record"])
    # The same hand, written as its cards: it replays to the same table.
    assert game.hand.cards == mine.hand.cards and game.to_record()["hands"][0]["actions"] == saved["save"]["record"]["hands"][0]["actions"]


def test_a_scoresheet_hand_hides_no_cards_so_nothing_is_asked(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", accept_downloads=True)
    open_app(page, shared_site, seed=33)
    start_sheet(page, ["Anne", "Hubert", "Gerda"], dealer=3)
    sheet_tap(page, 2, "knock")
    page.locator('header [data-action="setup"]').tap()
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    with page.expect_download() as info:
        page.locator('[data-action="export"]').first.tap()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert asked == [] and "seed" not in record
    assert record["hands"] == [{"deal": None, "actions": [{"seat": 2, "type": "knock"}]}]
