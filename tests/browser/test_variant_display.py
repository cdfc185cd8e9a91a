"""The regional variants as the table chalks them: points counted up, the
Roman XII crossed out, Knollen, the loser of loser-only formats, and readable
names for every preset in both languages."""

from __future__ import annotations

import json

import pytest

from helpers import assert_axe_clean, open_app, screen, sheet_tap, shot, start_sheet, stored, tap, wait_idle

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]


def _import_record(page, tmp_path, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        page.locator('[data-action="import"]').tap()
    chooser.value.set_files(str(path))
    page.wait_for_function("() => document.body.dataset.screen !== 'start'")
    wait_idle(page)
    if screen(page) == "confirm":  # a game still runs: filed into history first
        page.locator('[data-action="confirm-yes"]').tap()
        page.wait_for_function("() => document.body.dataset.screen !== 'confirm'")
        wait_idle(page)


def _chalk(page, seat, where=".sheet-seat"):
    return page.locator(f'{where}[data-seat="{seat}"] .chalk').first


def test_every_preset_has_a_readable_name_in_both_languages(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site)
    presets = page.eval_on_selector_all('[data-field="rules"] option', "os => os.map(o => [o.value, o.textContent])")
    assert len(presets) == 9
    de = dict(presets)
    for value, text in presets:
        assert text and text != value and "_" not in text, (value, text)
    assert de["sebbe_schroehm"] == "Sebbe Schröhm" and de["siwwe_stroeoem"] == "Eifel (Sibbeschröm)"
    page.locator('[data-action="lang"]').tap()
    en = dict(page.eval_on_selector_all('[data-field="rules"] option', "os => os.map(o => [o.value, o.textContent])"))
    assert en["rheinland"] == "Rhineland (championship)" and en["siwwe_schroehm_newcomer"] == "Dedenbach (newcomers)"
    assert all(text != value and "_" not in text for value, text in en.items())


def test_points_are_counted_up_in_the_eifel(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=31)
    start_sheet(page, PEOPLE, rules="siwwe_stroeoem", dealer=4)
    assert _chalk(page, 1).get_attribute("aria-label") == "0 Punkte – bei 7 ist man raus"
    assert "0 Punkte" in _chalk(page, 1).inner_text()
    sheet_tap(page, 1, "knock")
    for seat in (2, 3, 4):
        sheet_tap(page, seat, "hold")
    sheet_tap(page, 2, "win")
    assert screen(page) == "sheet"  # the next hand is dealt; this one's result on top
    page.locator(".last-hand summary").tap()
    head = page.locator(".results thead").inner_text()
    assert "Punkte dazu" in head and "Punkte danach" in head
    assert page.locator(".results tbody .lost").all_inner_texts() == ["+2", "0", "+2", "+2"]
    assert page.locator(".results").inner_text().count("2 Punkte") == 3
    assert _chalk(page, 1, ".results tr").locator(".strokes").inner_text() == "//"
    assert _chalk(page, 1).get_attribute("aria-label") == "2 Punkte – bei 7 ist man raus"
    assert _chalk(page, 2).locator(".unit").inner_text() == "0 Punkte"
    shot(page, artifacts, "scoresheet-count-up.png")


def test_sebbe_schroehm_crosses_out_a_roman_twelve_and_counts_knollen(warm_page, shared_site, tmp_path, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=32)
    start_sheet(page, PEOPLE, rules="sebbe_schroehm", dealer=4)
    roman = _chalk(page, 1)
    assert "roman" in roman.get_attribute("class")
    assert roman.get_attribute("aria-label") == "Römische Zwölf, 0 von 7 Strichen durchgestrichen: noch 7 Schräm"
    assert roman.locator("line.cross").count() == 0 and roman.locator("line.stroke").count() == 6
    sheet_tap(page, 2, "win")  # the hand was worth 1: everyone else loses 1
    roman = _chalk(page, 1)
    assert roman.get_attribute("aria-label") == "Römische Zwölf, 1 von 7 Strichen durchgestrichen: noch 6 Schräm"
    assert roman.locator("line.cross").count() == 1
    assert _chalk(page, 2).locator("line.cross").count() == 0

    # Knollen: Anne on her last mark loses a hand worth 2.
    record = {
        "format": "schraem-record/1",
        "rules": "sebbe_schroehm",
        "options": {},
        "players": [{"name": "Anne", "marks": 1}, {"name": "Hubert"}, {"name": "Gerda", "marks": 3}, {"name": "Hans"}],
        "dealer": 4,
        "hands": [{"deal": None, "actions": [{"seat": 2, "type": "win"}]}],
    }
    page.locator('header [data-action="setup"]').tap()
    _import_record(page, tmp_path, record)
    assert screen(page) == "sheet"
    view = stored(page)["state"]["view"]
    assert view["players"][0]["knollen"] == 1 and view["players"][0]["marks"] == 0
    anne = page.locator('.sheet-seat[data-seat="1"]')
    assert anne.locator(".badge.knollen").inner_text() == "1 Knolle"
    assert _chalk(page, 1).locator("line.cross").count() == 7
    # A Knolle player at 0 is still in: no "out", and entries are offered.
    assert "out" not in anne.get_attribute("class")
    assert anne.locator('[data-action="sheet"]').count() > 0
    shot(page, artifacts, "scoresheet-roman-xii.png")
    assert_axe_clean(page, shared_site, "Sebbe Schröhm scoresheet with Knollen")


def test_a_loser_only_format_names_the_loser(warm_page, shared_site, tmp_path, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=33)
    # Dedenbach classic: Anne stands on 6 points (poor, the hammer knocks to 2
    # for her); Hubert wins, Anne reaches 8 and has lost the game.
    record = {
        "format": "schraem-record/1",
        "rules": "siwwe_schroehm",
        "options": {},
        "players": [{"name": "Anne", "marks": 1}, {"name": "Hubert"}, {"name": "Gerda"}, {"name": "Hans"}],
        "dealer": 4,
        "hands": [
            {
                "deal": None,
                "actions": [
                    {"seat": 2, "type": "hold"},
                    {"seat": 3, "type": "hold"},
                    {"seat": 4, "type": "hold"},
                    {"seat": 2, "type": "win"},
                ],
            }
        ],
    }
    _import_record(page, tmp_path, record)
    assert screen(page) == "over"
    view = stored(page)["state"]["view"]
    assert view["loser"] == 1 and view["winner"] is None
    assert page.locator(".game-over h2").inner_text() == "Anne verliert die Spielrunde."
    loser_row = page.locator('.game-over .scores tr[data-seat="1"]')
    assert "loser" in loser_row.get_attribute("class") and "verliert" in loser_row.inner_text()
    assert page.locator(".final-score").count() == 0
    # Points counted up on the last hand's table too.
    assert page.locator(".results tbody .lost").first.inner_text() == "+2"
    shot(page, artifacts, "scoresheet-loser.png")
    assert_axe_clean(page, shared_site, "loser-only game over")
    # Its history entry has a result line too, though the game has no winner.
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    summary = page.locator('.history-entry[data-kind="game"] .summary').first
    assert summary.inner_text() == "Anne verliert die Spielrunde"
    tap(page, 'header [data-action="lang"]')
    assert summary.inner_text() == "Anne loses the game"


@pytest.mark.parametrize("rules, cls", [("wipperfuerth", "matches"), ("marienheide", "die")])
def test_matches_and_die(warm_page, shared_site, rules, cls):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=34)
    start_sheet(page, PEOPLE, rules=rules, dealer=4)
    chalk = _chalk(page, 1)
    assert cls in chalk.get_attribute("class")
    marks = stored(page)["state"]["view"]["players"][0]["marks"]
    if cls == "matches":
        assert chalk.locator(".match").count() == marks == 7
        assert chalk.get_attribute("aria-label") == "7 Streichhölzer"
    else:
        assert chalk.locator(".pip.on").count() == marks == 5
        assert chalk.get_attribute("aria-label") == "Würfel: 5 Schräm"
