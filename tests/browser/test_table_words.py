"""Words and small things at the table: a series dealt first as the
tournament order says, the start form keeping the people of the last
table, German numbers with a comma, a hand's winner not called the game's."""

from __future__ import annotations

import re

from test_variant_display import _import_record

from club_helpers import choose_format
from helpers import open_app, play_step, screen, start_game, stored, tap


def test_a_series_is_first_dealt_by_seat_four_whatever_the_form_said(warm_page, shared_site):
    """A series started with seat 3 dealing because the dealer field kept an
    earlier game's value; the tournament order says seat 4 deals first."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=61, pace="60000")
    page.select_option('[data-field="dealer"]', "3")
    choose_format(page, "series", 2)
    assert page.locator('[data-field="dealer"]').count() == 0
    assert "Platz 4 gibt zuerst" in page.locator("#screen").inner_text()
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")])
    assert stored(page)["save"]["record"]["dealer"] == 4


def test_the_start_form_keeps_the_people_of_the_last_table(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=62, pace="60000")
    record = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "dealer": 2,
        "hands": [],
        "players": [{"name": "Resi"}, {"name": "Jupp", "kind": "bot", "level": "hard"}],
    }
    _import_record(page, tmp_path, record)
    tap(page, 'header [data-action="setup"]')
    assert screen(page) == "start"
    assert page.locator('[data-field="count"]').input_value() == "2"
    assert [page.locator(f'[data-field="name"][data-seat="{i}"]').input_value() for i in range(2)] == ["Resi", "Jupp"]
    assert [page.locator(f'[data-field="who"][data-seat="{i}"]').input_value() for i in range(2)] == ["human", "bot:hard"]


def test_numbers_are_written_as_the_language_writes_them(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=63)
    fmt = "async (n) => (await import('./modules.js').then((m) => m.i18n)).formatNumber(n)"
    assert page.evaluate(fmt, 5.55) == "5,55"
    # One point, one mark: the lines about a hand's worth say it singular.
    one = """async () => { const { tn } = await import('./modules.js').then((m) => m.i18n);
      return [tn('stakes.answer.points', 1, { pass: 1, hold: 2 }), tn('result.value.points', 1, { value: 1 }), tn('stakes.answer', 1, { pass: 1, hold: 2 })]; }"""
    assert page.evaluate(one)[:2] == ["Passen: 1 Punkt gegen dich. Halten: es geht um 2.", "Es ging um 1 Punkt."]
    page.locator('[data-action="lang"]').tap()
    assert page.evaluate(fmt, 5.55) == "5.55"
    assert page.evaluate(one) == [
        "Passing: 1 point against you. Holding: the hand is worth 2.",
        "The hand was worth 1 point.",
        "Passing costs you 1 mark. Holding: the hand is worth 2.",
    ]


def test_the_spielliste_csv_uses_the_separator_of_the_language(warm_page, shared_site):
    """German spreadsheet programs split at semicolons; the sheet starts with
    everyone's marks at the start; its headings are in the phone's language."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=64, pace="60000")
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], dealer=4)
    tap(page, 'header [data-action="list"]')
    page.wait_for_selector("table.list")
    with page.expect_download() as download:
        page.locator('[data-action="list-csv"]').tap()
    rows = open(download.value.path(), encoding="utf-8-sig").read().splitlines()
    assert download.value.suggested_filename.startswith("schraem-liste-rheinland-")
    assert rows[0] == "Spielrunde;Spiel;Geber;Wert;Geklopft;Gehalten;Gepasst;Strafen;Gewinner;Anne;Hubert;Gerda;Hans"
    assert rows[1] == "1;Start;;;;;;;;7;7;7;7"
    page.locator('[data-action="lang"]').tap()
    with page.expect_download() as download:
        page.locator('[data-action="list-csv"]').tap()
    rows = open(download.value.path(), encoding="utf-8-sig").read().splitlines()
    # In English the headings are English too, and so are the file's name
    # and the list's date, though the browser speaks German.
    assert rows[0] == "Game,Hand,Dealer,Value,Knocked,Held,Passed,Penalties,Winner,Anne,Hubert,Gerda,Hans"
    assert rows[1] == "1,Start,,,,,,,,7,7,7,7"
    assert download.value.suggested_filename.startswith("schraem-list-rheinland-")
    as_of = " ".join(page.locator(".list-meta").all_inner_texts())
    assert re.search(r"As of \d{1,2} [A-Z][a-z]{2,3} \d{4}", as_of), as_of


def test_what_a_rule_set_does_not_play_is_not_offered_in_words(warm_page, shared_site):
    """Dedenbach's newcomers knock never and count no marks; its classic
    game knocks, but never blind: no hint says otherwise, and a hand that
    cost nothing shows no value and no table of zeros."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=65, pace="fast")
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], rules="rheinland", dealer=4)
    assert page.locator(".look-hint").count() == 1  # blind knocks are the Rhineland's
    start_game(
        page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], rules="siwwe_schroehm", dealer=4
    )
    assert page.locator('[data-action="look"]').count() == 1 and page.locator(".look-hint").count() == 0
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy")], rules="siwwe_schroehm_newcomer", dealer=3)
    assert page.locator('[data-action="look"]').count() == 1 and page.locator(".look-hint").count() == 0
    for _ in range(200):
        if screen(page) in ("result", "over"):
            break
        play_step(page)
    assert screen(page) == "result", screen(page)
    shown = page.locator("#screen").inner_text()
    assert "Es ging um" not in shown and page.locator("table.results").count() == 0, shown
