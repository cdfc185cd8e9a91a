"""Scoresheet mode: a table that plays with real cards while the phone keeps
the chalk. Entries are tapped per seat (exactly what the engine lists in
sheet_legal), every entry is saved before it is drawn and survives a reload,
and the last entry can be taken back."""

from __future__ import annotations

import pytest

from helpers import (
    app_url,
    assert_axe_clean,
    message,
    open_app,
    screen,
    sheet_button,
    sheet_entries,
    sheet_tap,
    shot,
    start_sheet,
    stored,
    tap,
    wait_idle,
    wait_shell_ready,
    wait_until,
)

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]


@pytest.fixture
def de_page(warm_page):
    return warm_page(locale="de-DE")


def chalk_of(page, seat: int, where: str = ".sheet-seat") -> str:
    """The strokes drawn for `seat` (its marks, as chalk)."""
    return page.locator(f'{where}[data-seat="{seat}"] .chalk').first.inner_text()


def marks_label(page, seat: int, where: str = ".sheet-seat") -> str:
    return page.locator(f'{where}[data-seat="{seat}"] .chalk').first.get_attribute("aria-label")


def test_a_scoresheet_hand_entered_by_tapping(de_page, shared_site, artifacts, page_errors):
    page = de_page
    open_app(page, shared_site, seed=1)
    start_sheet(page, PEOPLE, dealer=4)
    assert screen(page) == "sheet"
    save = stored(page)
    assert save["save"]["table"]["real_cards"] is True
    assert [p["kind"] for p in save["save"]["table"]["players"]] == ["human"] * 4
    assert save["save"]["record"]["hands"][0]["deal"] is None  # real cards: nothing dealt on the phone
    assert page.locator("[data-card]").count() == 0
    for seat in range(1, 5):
        assert chalk_of(page, seat) == "///////"
    assert page.locator(".sheet-head .value").inner_text() == "Es geht um 1"

    # Every seat gets exactly the entries the engine lists; penalties wait
    # behind their own button.
    legal = save["state"]["sheet_legal"]
    assert sheet_entries(page, 1) == ["knock", "knock-blind", "win"]
    assert {a["type"] for a in legal["1"]} == {"knock", "win", "penalty"}
    assert page.locator('[data-act^="penalty-"]').count() == 0
    for seat in range(1, 5):
        box = sheet_button(page, seat, "knock").bounding_box()
        assert box["width"] >= 48 and box["height"] >= 48

    # Anne knocks; Hubert passes, Gerda and Hans hold; Hans wins the hand.
    sheet_tap(page, 1, "knock")
    assert page.locator(".sheet-head .value").inner_text() == "Es geht um 2"
    assert "Anne hat zuletzt geklopft" in page.locator(".sheet-head").inner_text()
    assert "Hubert ist dran: halten oder passen?" == page.locator(".status").inner_text()
    assert "active" in page.locator('.sheet-seat[data-seat="2"]').get_attribute("class")
    assert sheet_entries(page, 2) == ["hold", "pass"]
    assert sheet_entries(page, 3) == [] and sheet_entries(page, 1) == []  # only the one due answers
    page.locator('[data-action="penalty-menu"][data-seat="3"]').tap()
    assert sheet_entries(page, 3) == ["penalty-renege", "penalty-lead_out_of_turn", "penalty-misdeal"]
    shot(page, artifacts, "scoresheet-answer.png")
    page.locator('[data-action="penalty-close"][data-seat="3"]').tap()
    assert sheet_entries(page, 3) == []

    sheet_tap(page, 2, "pass")
    hubert = page.locator('.sheet-seat[data-seat="2"]')
    assert "passed" in hubert.get_attribute("class") and "gepasst" in hubert.inner_text()
    sheet_tap(page, 3, "hold")
    sheet_tap(page, 4, "hold")
    shot(page, artifacts, "scoresheet.png")
    assert "Hans hält." in page.locator(".log").inner_text()
    sheet_tap(page, 4, "win")

    # The winning entry deals the next hand at once (the cards are already
    # being shuffled at the table); the decided hand stays on top, folded.
    assert screen(page) == "sheet"
    last = page.locator(".last-hand")
    assert "Spiel 1:" in last.inner_text() and "Hans gewinnt Spiel 1" in last.inner_text()
    last.locator("summary").tap()
    rows = last.locator(".results tbody tr")
    assert rows.locator(".lost").all_inner_texts() == ["−2", "−1", "−2", "0"]
    assert [chalk_of(page, s, ".last-hand .results tr") for s in range(1, 5)] == ["/////", "//////", "/////", "///////"]
    shot(page, artifacts, "scoresheet-result.png")
    record = stored(page)["save"]["record"]
    assert record["hands"][0]["actions"] == [
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "hold"},
        {"seat": 4, "type": "hold"},
        {"seat": 4, "type": "win"},
    ]
    assert len(record["hands"]) == 2 and record["hands"][1]["actions"] == []

    # The next hand: the winner deals, the chalk carries over.
    assert page.locator("#sheet-heading").inner_text() == "Spielzettel · Spiel 2"
    assert "Hans gibt" in page.locator(".sheet-head").inner_text()
    assert [chalk_of(page, s) for s in range(1, 5)] == ["/////", "//////", "/////", "///////"]
    assert marks_label(page, 1) == "5 Schräm"
    assert page_errors == []


def _hand_two_mid_answer(page):
    """Hand 1 done (Hans won), hand 2: Gerda knocked blind, Hans held, Anne
    is to answer."""
    start_sheet(page, PEOPLE, dealer=4)
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
        sheet_tap(page, seat, act)
    sheet_tap(page, 3, "knock-blind")
    sheet_tap(page, 4, "hold")
    assert sheet_entries(page, 1) == ["hold", "pass"]


# Holds every message of the engine worker until the test calls
# window.__releaseEngine(): the shell meanwhile has only what it drew from
# storage.
HOLD_ENGINE = """(() => {
  const held = [];
  let holding = true;
  window.__releaseEngine = () => { holding = false; for (const [fn, e] of held.splice(0)) fn(e); };
  const Real = window.Worker;
  window.Worker = class extends Real {
    addEventListener(type, fn, ...rest) {
      if (type !== 'message') return super.addEventListener(type, fn, ...rest);
      return super.addEventListener(type, (e) => (holding ? held.push([fn, e]) : fn(e)), ...rest);
    }
  };
})();"""


def test_reload_mid_scoresheet_restores_it(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=2)
    _hand_two_mid_answer(page)
    before = stored(page)
    drawn = page.locator("#sheet").inner_text()
    assert "Gerda klopft blind auf 2." in drawn

    # The engine's messages are held back after the reload, so the sheet is
    # surely drawn before the engine is up (a warm engine may beat the
    # first check otherwise).
    page.add_init_script(HOLD_ENGINE)
    page.reload()
    page.wait_for_selector("#sheet")
    # Drawn from storage before the engine is up, taps held back until then.
    early = page.evaluate("""() => ({
        engine: document.documentElement.dataset.engine,
        enabled: [...document.querySelectorAll('#sheet button, #controls button')].filter(b => !b.disabled).length })""")
    assert early["engine"] != "ready" and early["enabled"] == 0
    page.evaluate("() => window.__releaseEngine()")
    wait_shell_ready(page)
    assert screen(page) == "sheet"
    assert stored(page)["save"] == before["save"]
    assert page.locator("#sheet").inner_text().replace("Engine startet – gleich kannst du tippen.", "") == drawn.replace(
        "Engine startet – gleich kannst du tippen.", ""
    )
    assert [chalk_of(page, s) for s in range(1, 5)] == ["/////", "//////", "/////", "///////"]

    # And the hand goes on from there.
    sheet_tap(page, 1, "hold")
    record = stored(page)["save"]["record"]
    assert record["hands"][1]["actions"][:3] == [
        {"seat": 3, "type": "knock", "blind": True},
        {"seat": 4, "type": "hold"},
        {"seat": 1, "type": "hold"},
    ]


def test_undo_takes_back_a_scoresheet_entry(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=3)
    start_sheet(page, PEOPLE, dealer=4)
    # Nothing entered yet: the engine says so.
    tap(page, '#controls [data-action="undo"]')
    assert message(page) == "Es gibt nichts zurückzunehmen."
    assert stored(page)["save"]["record"]["hands"][0]["actions"] == []

    sheet_tap(page, 1, "knock")
    assert message(page) == ""
    sheet_tap(page, 2, "hold")
    tap(page, '#controls [data-action="undo"]')
    view = stored(page)["state"]["view"]
    assert stored(page)["save"]["record"]["hands"][0]["actions"] == [{"seat": 1, "type": "knock"}]
    assert view["response"]["to_answer"] == 2
    assert sheet_entries(page, 2) == ["hold", "pass"]

    # A wrong "wins" is taken back from the next hand's sheet, and the hand
    # it dealt with it.
    for seat, act in ((2, "hold"), (3, "hold"), (4, "hold"), (2, "win")):
        sheet_tap(page, seat, act)
    assert screen(page) == "sheet" and stored(page)["state"]["view"]["hand_no"] == 2
    tap(page, '#controls [data-action="undo"]')
    assert screen(page) == "sheet"
    record = stored(page)["save"]["record"]
    assert len(record["hands"]) == 1 and record["hands"][0]["actions"][-1] == {"seat": 4, "type": "hold"}
    assert page.locator(".last-hand").count() == 0
    sheet_tap(page, 3, "win")
    assert "Gerda gewinnt Spiel" in page.locator(".last-hand summary").inner_text()


def test_penalties_are_entered_behind_the_penalty_menu(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=4)
    start_sheet(page, PEOPLE, dealer=4)
    sheet_tap(page, 1, "knock")
    for seat in (2, 3, 4):
        sheet_tap(page, seat, "hold")
    toggle = page.locator('[data-action="penalty-menu"][data-seat="2"]')
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true"
    sheet_tap(page, 2, "penalty-renege")
    assert "Strafe: Hubert hat nicht bedient." in page.locator(".log").inner_text()
    assert page.locator('[data-act^="penalty-"]').count() == 0  # the menu closes after an entry
    assert "out" not in page.locator('.sheet-seat[data-seat="2"]').get_attribute("class")
    sheet_tap(page, 1, "win")
    page.locator(".last-hand summary").tap()
    assert page.locator(".last-hand .results tbody tr .lost").all_inner_texts() == ["0", "−2", "−2", "−2"]

    # A misdeal voids the hand.
    page.locator('[data-action="penalty-menu"][data-seat="3"]').tap()
    sheet_tap(page, 3, "penalty-misdeal")
    assert screen(page) == "sheet" and stored(page)["state"]["view"]["hand_no"] == 3
    page.locator(".last-hand summary").tap()
    assert "Vergeben" in page.locator(".last-hand .reason").inner_text()
    assert page.locator(".last-hand .results tbody tr .lost").all_inner_texts() == ["0", "0", "0", "0"]


def test_a_scoresheet_game_to_the_end(de_page, shared_site, artifacts):
    page = de_page
    open_app(page, shared_site, seed=5)
    start_sheet(page, ["Anne", "Hubert"], dealer=2)
    # Anne knocks and Hubert holds each hand until Hubert is out.
    for _ in range(20):
        if screen(page) == "over":
            break
        view = stored(page)["state"]["view"]
        if view["response"]:
            sheet_tap(page, view["response"]["to_answer"], "hold")
        elif "knock" in sheet_entries(page, 1) and view["value"] < 3:
            sheet_tap(page, 1, "knock")
        else:
            sheet_tap(page, 1, "win")
    assert screen(page) == "over"
    view = stored(page)["state"]["view"]
    assert view["winner"] == 1
    score = view["scores"][0]
    assert page.locator(".game-over h2").inner_text() == "Anne gewinnt die Spielrunde!"
    assert str(score) in page.locator(".final-score").inner_text()
    assert page.locator(".big-score").inner_text() == str(score)
    shot(page, artifacts, "scoresheet-over.png")
    # The last entry can still be taken back, and the record exported.
    assert page.locator('#controls [data-action="undo"]').count() == 1
    assert page.locator('#controls [data-action="export"]').count() == 1
    tap(page, '#controls [data-action="undo"]')
    assert screen(page) == "sheet"


# --- accessibility -------------------------------------------------------


@pytest.fixture
def axe_page(warm_page):
    # Blocking the service worker lets axe be served from the app's origin.
    return warm_page(locale="de-DE", service_workers="block")


def test_axe_on_the_scoresheet_screens(axe_page, shared_site):
    page = axe_page
    open_app(page, shared_site, seed=6)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    assert page.locator('[data-action="mode"][data-mode="sheet"]').get_attribute("aria-pressed") == "true"
    assert_axe_clean(page, shared_site, "start, scoresheet mode")
    start_sheet(page, PEOPLE, dealer=4)
    assert_axe_clean(page, shared_site, "scoresheet")
    sheet_tap(page, 1, "knock")
    page.locator('[data-action="penalty-menu"][data-seat="3"]').tap()
    assert_axe_clean(page, shared_site, "scoresheet, answer and penalty menu")
    for seat, act in ((2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
        sheet_tap(page, seat, act)
    page.locator(".last-hand summary").tap()
    assert_axe_clean(page, shared_site, "scoresheet, the last hand's result open")
    page.locator('[data-action="lang"]').tap()
    assert_axe_clean(page, shared_site, "scoresheet, English")
    sheet_tap(page, 2, "knock-blind")
    page.locator('[data-action="penalty-menu"][data-seat="1"]').tap()
    assert_axe_clean(page, shared_site, "scoresheet, English, answer and penalty menu")
    page.locator('header [data-action="setup"]').tap()
    assert page.locator('[data-action="export"]').count() == 1
    assert_axe_clean(page, shared_site, "start with a game record section, English")


def test_the_scoresheet_keeps_working_in_english(warm_page, shared_site):
    page = warm_page(locale="en-GB")
    open_app(page, shared_site, seed=7)
    assert page.locator('[data-action="mode"][data-mode="sheet"]').inner_text().startswith("Scoresheet – real cards")
    start_sheet(page, PEOPLE, dealer=4)
    assert page.locator('[data-action="new-game"]').count() == 0
    assert sheet_button(page, 1, "knock").inner_text() == "Knocks"
    assert sheet_button(page, 1, "knock").get_attribute("aria-label") == "Anne knocks"
    assert sheet_button(page, 1, "win").inner_text() == "Wins"
    sheet_tap(page, 1, "knock-blind")
    assert page.locator(".status").inner_text() == "Hubert to answer: hold or pass?"
    assert "Anne knocks blind to 2." in page.locator(".log").inner_text()


def test_a_saved_scoresheet_is_offered_on_the_start_screen(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=8, pace="60000")
    start_sheet(page, PEOPLE, dealer=4)
    sheet_tap(page, 1, "knock")
    page.locator('header [data-action="setup"]').tap()
    assert "gespeicherten Spielzettel" in page.locator(".saved-game").inner_text()
    assert page.locator('[data-action="mode"][data-mode="sheet"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-action="continue"]')
    assert screen(page) == "sheet"
    assert stored(page)["save"]["record"]["hands"][0]["actions"] == [{"seat": 1, "type": "knock"}]
    # A fresh visit goes straight back to the scoresheet.
    page.goto(app_url(shared_site))
    wait_shell_ready(page)
    assert screen(page) == "sheet"
    assert stored(page)["state"]["sheet_legal"]
    wait_idle(page)


def test_a_finished_games_time_stays_when_the_next_game_starts(warm_page, shared_site):
    from test_club_series import finish_with

    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=17)
    start_sheet(page, ["Anne", "Hubert", "Gerda"])
    finish_with(page, 2)
    entries = "async () => (await (await import('./modules.js').then((m) => m.history)).entries()).map((e) => [e.id, e.status, e.savedAt])"
    wait_until(page, f"async () => (await ({entries})()).some((e) => e[1] === 'finished')")
    ((first, _, at),) = page.evaluate(entries)
    page.wait_for_timeout(30)
    start_sheet(page, ["Anne", "Hubert", "Gerda", "Hans"])  # the start form files the finished game again
    kept = {i: (status, t) for i, status, t in page.evaluate(entries)}
    assert kept[first] == ("finished", at), kept
