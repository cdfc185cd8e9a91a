"""Game records leave and enter the phone as files: export downloads the
current record (a Blob, nothing sent anywhere) that replays in the engine and
restores the game on another phone; a broken file is refused with the
engine's words (which hand, which action, which rule) and the game on the
phone stays exactly as it was."""

from __future__ import annotations

import json
import re

import pytest

from helpers import (
    assert_axe_clean,
    lang,
    message,
    open_app,
    screen,
    sheet_entries,
    sheet_tap,
    start_game,
    start_sheet,
    stored,
    tap,
    wait_idle,
)
from schraem.core.errors import RecordError
from schraem.core.game import Game

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]
FILE_NAME = re.compile(r"schraem-[a-z_]+-\d{4}-\d\d-\d\d-\d{4}\.json")


def _raw_save(page) -> str:
    return json.dumps(stored(page), sort_keys=True)


def _export(page, tmp_path):
    with page.expect_download() as info:
        page.locator('[data-action="export"]').first.tap()
    download = info.value
    assert FILE_NAME.fullmatch(download.suggested_filename), download.suggested_filename
    assert download.url.startswith("blob:")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return path


def _import(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator('[data-action="import"]').tap()
    chooser.value.set_files(str(path))


def _sheet_game(page):
    """Hand 1: Anne knocks, Hubert passes, Hans wins. Hand 2: Gerda knocked."""
    start_sheet(page, PEOPLE, dealer=4)
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
        sheet_tap(page, seat, act)
    sheet_tap(page, 3, "knock")


def test_export_replays_and_import_restores_it_on_another_phone(warm_page, shared_site, tmp_path, request_log):
    page = warm_page(locale="de-DE")  # contexts accept downloads by default
    open_app(page, shared_site, seed=21)
    _sheet_game(page)
    saved = stored(page)
    marks = [p["marks"] for p in saved["state"]["view"]["players"]]
    assert marks == [5, 6, 5, 7]

    page.locator('header [data-action="setup"]').tap()
    path = _export(page, tmp_path)
    record = json.loads(path.read_text())
    # The saved record but for its seed (a seed would tell later deals; a
    # scoresheet's hand under way hides no cards, so it stays), with who sat
    # where: people at every seat of a scoresheet.
    expected = {k: v for k, v in saved["save"]["record"].items() if k != "seed"}
    expected["players"] = [dict(p, kind="human") for p in expected["players"]]
    assert record == expected
    # The file is a game record the engine replays to the same marks.
    game = Game.from_record(record)
    assert record["format"] == "schraem-record/1"
    assert list(game.marks) == [7 - 2, 7 - 1, 7 - 2, 7]
    assert len(record["hands"]) == 2 and record["hands"][1]["actions"] == [{"seat": 3, "type": "knock"}]
    assert request_log.foreign(shared_site.origin) == []

    # A fresh phone: nothing saved, the file chosen on the start screen.
    other = warm_page(locale="de-AT")  # a second phone: another warm context
    open_app(other, shared_site, seed=22)
    assert screen(other) == "start" and stored(other) is None
    _import(other, path)
    other.wait_for_function("() => document.body.dataset.screen === 'sheet'")
    wait_idle(other)
    restored = stored(other)
    assert restored["save"]["record"] == dict(record, players=[{"name": p["name"]} for p in record["players"]])
    assert restored["save"]["table"]["real_cards"] is True
    assert [p["marks"] for p in restored["state"]["view"]["players"]] == marks
    assert other.locator('.sheet-seat[data-seat="1"] .chalk').inner_text() == "/////"
    assert "Gerda hat zuletzt geklopft" in other.locator(".sheet-head").inner_text()
    # It goes on there: Hans answers Gerda's knock.
    assert sheet_entries(other, 4) == ["hold", "pass"]
    sheet_tap(other, 4, "hold")
    assert stored(other)["save"]["record"]["hands"][1]["actions"][-1] == {"seat": 4, "type": "hold"}


def test_a_game_against_the_computer_imports_with_its_computer_player(warm_page, shared_site, tmp_path):
    """The import used to make every seat a person and ask
    to pass the phone to the computer's seat."""
    page = warm_page(locale="de-DE")  # contexts accept downloads by default
    open_app(page, shared_site, seed=23, pace="60000")
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy")], dealer=2)
    tap(page, '[data-action="look"]')
    card = stored(page)["state"]["view"]["my_cards"][0]
    tap(page, f'[data-card="{card}"]')
    saved = stored(page)
    page.locator('header [data-action="setup"]').tap()
    # The hand is under way: the app asks, and only this "yes" writes it
    # (tests/browser/test_export_secrets.py: what a "no" writes).
    page.once("dialog", lambda d: d.accept())
    path = _export(page, tmp_path)
    record = json.loads(path.read_text())
    assert "seed" not in record and len(record["hands"]) == len(saved["save"]["record"]["hands"])
    assert Game.from_record(record).to_record()["hands"][-1]["actions"] == saved["save"]["record"]["hands"][-1]["actions"]
    assert str(Game.from_record(record).hand.log[-1][0].card) == card

    other = warm_page(locale="de-AT")  # a second phone: another warm context
    assert [(p["name"], p["kind"], p.get("level")) for p in record["players"]] == [("Anne", "human", None), ("Hubert", "bot", "easy")]
    open_app(other, shared_site, seed=24, pace="60000")
    _import(other, path)
    # Hubert is still the computer: nobody is asked to pass him the phone,
    # and Anne sees her table.
    other.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(other)
    restored = stored(other)
    assert restored["save"]["record"]["hands"] == record["hands"]
    assert [p["kind"] for p in restored["save"]["table"]["players"]] == ["human", "bot"]
    assert restored["handoff"] is None and restored["viewer"] == 1
    assert restored["state"]["due"]["bots"] == [2]


def _broken_record():
    """Anne knocks twice in a row while the others still owe an answer."""
    record = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "options": {},
        "players": [{"name": n} for n in PEOPLE],
        "dealer": 4,
        "hands": [{"deal": None, "actions": [{"seat": 1, "type": "knock"}, {"seat": 2, "type": "hold"}, {"seat": 2, "type": "knock"}]}],
    }
    with pytest.raises(RecordError) as refused:
        Game.from_record(record)
    return record, refused.value


def test_a_broken_record_is_refused_and_the_game_kept(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=25)
    start_sheet(page, PEOPLE, dealer=4)
    sheet_tap(page, 1, "knock")
    before = _raw_save(page)
    drawn = page.locator("#sheet").inner_text()

    record, error = _broken_record()
    assert error.de.startswith("Spiel 1, Aktion 3: ")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record))
    page.locator('header [data-action="setup"]').tap()
    _import(page, path)
    page.wait_for_function("() => !document.getElementById('message').hidden")
    wait_idle(page)
    shown = message(page)
    assert shown == f"Spielbericht abgelehnt – {error.de} Das laufende Spiel bleibt, wie es war."
    assert "Spiel 1, Aktion 3" in shown and "antworten" in shown  # which hand, which action, which rule
    assert screen(page) == "start"
    assert _raw_save(page) == before
    page.locator('[data-action="lang"]').tap()
    assert lang(page) == "en" and message(page).startswith(f"Game record refused – {error.en}")
    assert "hand 1, action 3" in message(page)
    page.locator('[data-action="lang"]').tap()

    # Not JSON at all.
    junk = tmp_path / "notes.json"
    junk.write_text("Anne 5, Hubert 6 {")
    _import(page, junk)
    page.wait_for_function("() => document.getElementById('message').textContent.includes('JSON')")
    assert message(page) == "Diese Datei ist kein Spielbericht: Sie enthält kein gültiges JSON. Das laufende Spiel bleibt, wie es war."
    assert _raw_save(page) == before

    # The game on the phone (and in the engine) is the one from before.
    tap(page, '[data-action="continue"]')
    assert screen(page) == "sheet" and message(page) == ""
    assert page.locator("#sheet").inner_text() == drawn
    sheet_tap(page, 2, "hold")
    assert stored(page)["save"]["record"]["hands"][0]["actions"] == [{"seat": 1, "type": "knock"}, {"seat": 2, "type": "hold"}]


def test_axe_on_the_refused_import(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=26)
    record, _ = _broken_record()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record))
    _import(page, path)
    page.wait_for_function("() => !document.getElementById('message').hidden")
    assert_axe_clean(page, shared_site, "start with a refused import")
