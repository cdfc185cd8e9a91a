"""The scoresheet as the club's slate: a whole real-card game entered by taps
(knocks, passes, a penalty, the hammer) with every mark checked against the
rules worked out by hand, a series with the next game one tap away, a past
hand corrected from the Spielliste after seeing what changes downstream,
the card picker of the variants, and axe on every new screen."""

from __future__ import annotations

import pytest

from club_helpers import badges, choose_format, enter, finish_fast, list_marks, open_list, penalty, result_losses, sheet_marks
from helpers import assert_axe_clean, message, open_app, screen, shot, start_sheet, stored, tap, wait_idle

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]


@pytest.fixture
def de_page(warm_page):
    return warm_page(locale="de-DE")


@pytest.fixture
def axe_page(warm_page):
    # Blocking the service worker lets axe be served from the app's origin.
    return warm_page(locale="de-DE", service_workers="block")


def next_hand(page):
    """A decided scoresheet hand deals the next one by itself: no tap, the
    next sheet is on screen with the decided hand folded on top."""
    assert screen(page) == "sheet"
    assert page.locator(".last-hand").count() == 1


def test_a_whole_real_card_game_by_taps_with_every_mark_checked(de_page, shared_site, artifacts, page_errors):
    """Anne, Hubert and Gerda; Gerda deals first. The marks after every entry
    follow RULES.md: a passer loses the old value at once, a renege costs the
    value of the moment, a player on 1 mark is knocked to 2 automatically."""
    page = de_page
    open_app(page, shared_site, seed=11)
    start_sheet(page, ["Anne", "Hubert", "Gerda"], dealer=3)
    assert sheet_marks(page) == [7, 7, 7]

    # Hand 1: Anne knocks, Hubert passes (loses 1 at once), Gerda holds and
    # knocks to 3, Anne holds and takes the last trick: Gerda loses 3.
    enter(page, 1, "knock")
    enter(page, 2, "pass")
    assert sheet_marks(page) == [7, 6, 7]
    assert badges(page, 2) == ["gepasst"]
    enter(page, 3, "hold")
    enter(page, 3, "knock")
    assert page.locator(".sheet-head .value").inner_text() == "Es geht um 3"
    enter(page, 1, "hold")
    enter(page, 1, "win")
    assert screen(page) == "sheet"
    assert result_losses(page) == ["0", "−1", "−3"]
    assert sheet_marks(page, ".results tbody tr") == [7, 6, 4]

    # Hand 2 (Anne deals): nobody knocks, Hubert wins; the others lose 1.
    next_hand(page)
    assert "Anne gibt" in page.locator(".sheet-head").inner_text()
    enter(page, 2, "win")
    assert result_losses(page) == ["−1", "0", "−1"]
    assert sheet_marks(page, ".results tbody tr") == [6, 6, 3]

    # Hand 3 (Hubert deals): Gerda knocks blind, all hold; Hubert knocks to
    # 3, all hold; Gerda is caught reneging (loses 3: out of the game); Anne
    # knocks to 4, Hubert passes (loses 3) and Anne wins.
    next_hand(page)
    enter(page, 3, "knock-blind")
    enter(page, 1, "hold")
    enter(page, 2, "hold")
    enter(page, 2, "knock")
    enter(page, 3, "hold")
    enter(page, 1, "hold")
    penalty(page, 3, "renege")
    assert sheet_marks(page) == [6, 6, 0]
    # A penalty shows as a penalty, never as a pass.
    assert badges(page, 3) == ["Strafe: nicht bedient", "raus"]
    assert "gepasst" not in page.locator('.sheet-seat[data-seat="3"]').inner_text()
    assert "Strafe: Gerda hat nicht bedient." in page.locator(".log").inner_text()
    enter(page, 1, "knock")
    enter(page, 2, "pass")
    assert screen(page) == "sheet"
    assert result_losses(page) == ["0", "−3", "−3"]
    assert sheet_marks(page, ".results tbody tr") == [6, 3, 0]

    # Hand 4 (Anne deals): Anne knocks, Hubert holds, Anne wins: Hubert 1.
    next_hand(page)
    enter(page, 1, "knock")
    enter(page, 2, "hold")
    enter(page, 1, "win")
    assert sheet_marks(page, ".results tbody tr") == [6, 1]  # Gerda, out before, shows no chalk

    # Hand 5: Hubert is on the hammer: knocked to 2 by itself, Anne answers.
    next_hand(page)
    assert page.locator(".sheet-head .value").inner_text() == "Es geht um 2"
    assert "Hammer" in badges(page, 2)
    assert "Hubert sitzt auf dem Hammer: automatisch 2." in page.locator(".log").inner_text()
    assert page.locator(".status").inner_text() == "Anne ist dran: halten oder passen?"
    shot(page, artifacts, "club-sheet-hammer.png")
    enter(page, 1, "hold")
    enter(page, 2, "win")
    assert result_losses(page) == ["−2", "0", "–"]
    assert sheet_marks(page, ".results tbody tr") == [4, 1]

    # Hand 6 (Hubert deals): the hammer again; Anne holds, knocks to 3, and
    # Hubert passes: his last mark goes, Anne wins the game with 4 + 7.
    next_hand(page)
    enter(page, 1, "hold")
    enter(page, 1, "knock")
    enter(page, 2, "pass")
    assert screen(page) == "over"
    assert page.locator(".game-over h2").inner_text() == "Anne gewinnt die Spielrunde!"
    assert page.locator(".big-score").inner_text() == "11"
    assert stored(page)["state"]["view"]["scores"] == [11, 0, 0]
    page.wait_for_selector(".kept")  # filed into history, confirmed on disk
    shot(page, artifacts, "club-sheet-over.png")

    # The Spielliste of that game: one line per hand, the marks after each.
    open_list(page)
    assert list_marks(page, 1, 1) == ["7", "6", "4"]
    assert list_marks(page, 1, 3) == ["6", "3", "0"]
    assert list_marks(page, 1, 6) == ["4", "0", "0"]
    details = page.locator("tr.hand-detail .events").all_inner_texts()
    assert details[2].startswith("Gerda klopft blind 2 (hält: Anne, Hubert) · Hubert klopft 3 (hält: Gerda, Anne)")
    assert "Strafe Gerda: Nicht bedient" in details[2] and "Anne klopft 4 (passt: Hubert)" in details[2]
    assert "Hubert Hammer 2" in details[4]
    assert page.locator("tr.game-foot").inner_text().split()[-3:] == ["11", "0", "0"]
    assert page.locator(".chart-svg").count() == 1
    assert page_errors == []


def _series_two_hands(page):
    """A series of 2 games on the scoresheet; two hands of game 1 entered."""
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    choose_format(page, "series", 2)
    start_sheet(page, PEOPLE, dealer=4)
    assert page.locator(".club-banner").inner_text() == "Serie: Spielrunde 1 von 2"
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
        enter(page, seat, act)
    next_hand(page)
    for seat, act in ((1, "knock"), (2, "hold"), (3, "hold"), (4, "hold"), (3, "win")):
        enter(page, seat, act)
    assert sheet_marks(page, ".results tbody tr") == [3, 4, 5, 5]


def test_a_past_hand_corrected_after_the_downstream_confirmation(de_page, shared_site, artifacts, page_errors):
    page = de_page
    open_app(page, shared_site, seed=12)
    _series_two_hands(page)
    open_list(page)
    assert list_marks(page, 1, 1) == ["5", "6", "5", "7"]
    assert list_marks(page, 1, 2) == ["3", "4", "5", "5"]
    shot(page, artifacts, "club-list.png")

    # Hubert did not pass in hand 1, he held: enter the hand again.
    tap(page, '[data-action="fix-open"][data-game="1"][data-hand="1"]')
    assert screen(page) == "fix"
    assert "Bisher: Anne klopft 2 (hält: Gerda, Hans; passt: Hubert)" in page.locator(".fix").inner_text()
    assert page.locator('[data-action="fix-preview"]').is_disabled()  # the hand is not complete yet
    assert sheet_marks(page) == [7, 7, 7, 7]
    enter(page, 1, "knock")
    enter(page, 2, "pass")
    assert sheet_marks(page) == [7, 6, 7, 7]  # the editor counts like the sheet
    tap(page, '[data-action="fix-undo"]')
    assert sheet_marks(page) == [7, 7, 7, 7]
    for seat, act in ((2, "hold"), (3, "hold"), (4, "hold"), (4, "win")):
        enter(page, seat, act)
    tap(page, '[data-action="fix-preview"]')
    # What changes downstream, before anything is changed.
    rows = page.locator(".changes tbody tr").all_inner_texts()
    assert [r.split() for r in rows] == [["1", "1", "Hubert", "6", "→", "5"], ["1", "2", "Hubert", "4", "→", "3"]]
    assert stored(page)["save"]["record"]["hands"][0]["actions"][1] == {"seat": 2, "type": "pass"}
    shot(page, artifacts, "club-fix-preview.png")
    tap(page, '[data-action="fix-confirm"]')
    page.wait_for_selector("table.list")
    wait_idle(page)
    assert list_marks(page, 1, 1) == ["5", "5", "5", "7"]
    assert list_marks(page, 1, 2) == ["3", "3", "5", "5"]
    assert stored(page)["save"]["record"]["hands"][0]["actions"][1] == {"seat": 2, "type": "hold"}

    # A correction that makes a later hand illegal is refused with the
    # engine's reason, and nothing changes: the hand knocked up to 7 ends
    # the game at once, yet hand 2 was played.
    before = stored(page)["save"]
    tap(page, '[data-action="fix-open"][data-game="1"][data-hand="1"]')
    order = [1, 2, 3, 4]
    for value in range(2, 8):
        knocker = order[(value - 2) % 4]
        enter(page, knocker, "knock")
        for k in range(1, 4):
            enter(page, order[(order.index(knocker) + k) % 4], "hold")
    enter(page, 2, "win")
    tap(page, '[data-action="fix-preview"]')
    assert message(page) == (
        "Diese Korrektur geht nicht – Spielrunde 1, Spiel 2: Die Spielrunde ist vorbei. Spielrunde 1, "
        "Spiel 2 wurde gespielt, wie es vorher stand: ändere Spiel 1 der Spielrunde 1 so, dass "
        "Spielrunde 1, Spiel 2 noch dazu passt, oder lass es, wie es war."
    )
    assert page.locator(".fix-preview").count() == 0
    tap(page, '[data-action="fix-cancel"]')
    assert stored(page)["save"] == before

    # Back at the table; the series' next game is one tap away once game 1 ends.
    tap(page, '[data-action="list-back"]')
    assert screen(page) == "sheet"
    next_hand(page)
    finish_fast(page)
    assert screen(page) == "over"
    assert "Serie nach Spielrunde 1 von 2" in page.locator(".series-totals caption").inner_text()
    winner = stored(page)["state"]["view"]["winner"]
    tap(page, '[data-action="next-game"]')
    assert screen(page) == "sheet"
    assert page.locator(".club-banner").inner_text() == "Serie: Spielrunde 2 von 2"
    assert stored(page)["state"]["view"]["dealer"] == winner  # the winner deals the next game
    assert page_errors == []


def test_variant_entries_that_name_cards_use_the_card_picker(de_page, shared_site, artifacts):
    page = de_page
    open_app(page, shared_site, seed=13)
    start_sheet(page, PEOPLE, rules="wipperfuerth", dealer=4)
    enter(page, 2, "exchange")
    # Anne turns up one of Hubert's discards: a court, then a numeral.
    page.locator('[data-action="pick-open"][data-seat="1"]').tap()
    assert page.locator(".picker-cards .pick").count() == 32
    page.locator('[data-action="pick-card"][data-value="KH"]').tap()
    assert page.locator('[data-action="pick-card"][data-value="KH"]').get_attribute("aria-pressed") == "true"
    shot(page, artifacts, "club-picker.png")
    tap(page, '[data-action="pick-done"]')
    assert stored(page)["save"]["record"]["hands"][0]["actions"][-1] == {"seat": 1, "type": "turn", "target": 2, "card": "KH"}
    page.locator('[data-action="pick-open"][data-seat="3"]').tap()
    assert page.locator('[data-action="pick-card"][data-value="KH"]').count() == 0  # already turned up
    page.locator('[data-action="pick-card"][data-value="7D"]').tap()
    tap(page, '[data-action="pick-done"]')
    assert "+1 Strafe" in badges(page, 2)
    assert page.locator('[data-action="pick-open"]').count() == 0  # the check is over

    # The Eifel challenge lists the four uncovered cards.
    tap(page, 'header [data-action="setup"]')
    start_sheet(page, PEOPLE, rules="siwwe_stroeoem", dealer=4, confirm=False)
    tap(page, '[data-action="confirm-yes"]')
    enter(page, 3, "exchange")
    page.locator('[data-action="pick-open"][data-seat="4"]').tap()
    for card in ("AH", "KH", "QS", "7D"):
        page.locator(f'[data-action="pick-card"][data-value="{card}"]').tap()
    assert page.locator(".picker-count").inner_text() == "4 von 4 gewählt"
    assert page.locator('[data-action="pick-card"][data-value="JD"]').is_disabled()
    tap(page, '[data-action="pick-done"]')
    assert stored(page)["save"]["record"]["hands"][0]["actions"][-1] == {
        "seat": 4,
        "type": "challenge",
        "target": 3,
        "cards": ["AH", "KH", "QS", "7D"],
    }
    assert badges(page, 3)[0] == "Strafe: Anzweifeln"


def test_axe_on_the_list_and_correction_screens(axe_page, shared_site):
    page = axe_page
    open_app(page, shared_site, seed=14)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    choose_format(page, "series", 2)
    assert_axe_clean(page, shared_site, "start with series fields and the club section")
    _series_two_hands(page)
    open_list(page)
    assert_axe_clean(page, shared_site, "Spielliste")
    tap(page, '[data-action="fix-open"][data-game="1"][data-hand="2"]')
    assert_axe_clean(page, shared_site, "correction editor")
    enter(page, 1, "knock")
    page.locator('[data-action="penalty-menu"][data-seat="3"]').tap()
    assert_axe_clean(page, shared_site, "correction editor, answers and penalty menu")
    page.locator('[data-action="penalty-close"][data-seat="3"]').tap()
    for seat, act in ((2, "pass"), (3, "hold"), (4, "hold"), (3, "win")):
        enter(page, seat, act)
    tap(page, '[data-action="fix-preview"]')
    assert_axe_clean(page, shared_site, "correction preview")
    tap(page, '[data-action="fix-edit"]')
    tap(page, '[data-action="fix-cancel"]')
    assert screen(page) == "list"
    page.locator('[data-action="lang"]').tap()
    assert_axe_clean(page, shared_site, "Spielliste, English")
    tap(page, '[data-action="list-back"]')
    start_sheet(page, PEOPLE, rules="wipperfuerth", dealer=4, confirm=False)
    assert screen(page) == "confirm"
    assert_axe_clean(page, shared_site, "confirm before replacing a running series")
    tap(page, '[data-action="confirm-yes"]')
    enter(page, 2, "exchange")
    page.locator('[data-action="pick-open"][data-seat="1"]').tap()
    assert_axe_clean(page, shared_site, "card picker")


def test_one_changed_entry_is_said_in_the_singular(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=13)
    said = page.evaluate("""async () => {
      const { renderChanges, changesText } = await import('./modules.js').then((m) => m.spielliste);
      const i18n = await import('./modules.js').then((m) => m.i18n);
      const change = { game: 1, hand: 1, name: 'Hubert', before: 6, after: 5 };
      const out = {};
      for (const lang of ['de', 'en']) {
        i18n.setLang(lang);
        out[lang] = [renderChanges([change]).querySelector('caption').textContent,
                     renderChanges([change, { ...change, hand: 2 }]).querySelector('caption').textContent,
                     changesText('fix.done', 1), changesText('fix.done', 2)];
      }
      i18n.setLang('de');
      return out;
    }""")
    assert said == {
        "de": ["1 Eintrag ändert sich", "2 Einträge ändern sich", "Korrigiert: 1 Eintrag geändert.", "Korrigiert: 2 Einträge geändert."],
        "en": ["1 entry changes", "2 entries change", "Corrected: 1 entry changed.", "Corrected: 2 entries changed."],
    }


def test_a_correction_starts_from_the_hand_as_it_was(de_page, shared_site):
    """One answer wrong: a tap on it keeps what came before, and only the
    rest is entered anew (five taps, not the whole hand)."""
    page = de_page
    open_app(page, shared_site, seed=13)
    start_sheet(page, PEOPLE, dealer=4)
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
        enter(page, seat, act)
    open_list(page)
    tap(page, '[data-action="fix-open"][data-game="1"][data-hand="1"]')
    entries = page.locator('.fix-as-was [data-action="fix-from"]')
    assert entries.all_inner_texts() == [
        "Anne klopft auf 2.",
        "Hubert passt.",
        "Gerda hält.",
        "Hans hält.",
        "Hans hat den letzten Stich und gewinnt.",
    ]
    entries.nth(1).tap()  # Hubert did not pass
    wait_idle(page)
    assert "Anne klopft auf 2." in page.locator(".fix-now").inner_text() and "Hubert" not in page.locator(".fix-now").inner_text()
    for seat, act in ((2, "hold"), (3, "hold"), (4, "hold"), (4, "win")):
        enter(page, seat, act)
    tap(page, '[data-action="fix-preview"]')
    rows = page.locator(".changes tbody tr").all_inner_texts()
    assert [r.split() for r in rows] == [["1", "1", "Hubert", "6", "→", "5"]]
