"""Never lose a game: starting anew or importing while a game runs asks
first and files the running game into history (IndexedDB); history entries
reopen read-only and export; statistics and charts over what is kept; axe
on the history, statistics, tournament and QR screens."""

from __future__ import annotations

import pytest

from club_helpers import FAKE_CAMERA, choose_file, download, enter, finish_fast, read_json
from helpers import assert_axe_clean, message, open_app, screen, start_sheet, stored, tap, wait_idle, wait_shell_ready

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]


@pytest.fixture
def de_page(warm_page):
    return warm_page(locale="de-DE", accept_downloads=True)


def history_entries(page) -> list[dict]:
    """What the app has kept, read straight from its IndexedDB (without
    creating the database when the app has not yet)."""
    return page.evaluate("""async () => {
        if (!(await indexedDB.databases()).some(d => d.name === 'schraem-history')) return [];
        const d = await new Promise((resolve, reject) => {
            const req = indexedDB.open('schraem-history');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
        });
        try {
            if (!d.objectStoreNames.contains('entries')) return [];
            const all = await new Promise((resolve, reject) => {
                const r = d.transaction('entries').objectStore('entries').getAll();
                r.onsuccess = () => resolve(r.result);
                r.onerror = () => reject(r.error);
            });
            return all.sort((a, b) => a.savedAt - b.savedAt).map(e => ({ id: e.id, kind: e.kind, status: e.status,
                names: e.names, records: (e.records || []).length }));
        } finally { d.close(); }
    }""")


def to_start(page):
    if screen(page) != "start":
        tap(page, 'header [data-action="setup"]')


def test_starting_anew_mid_game_asks_and_files_the_game_into_history(de_page, shared_site, tmp_path, page_errors):
    page = de_page
    open_app(page, shared_site, seed=41)
    start_sheet(page, PEOPLE, dealer=4)
    enter(page, 1, "knock")
    enter(page, 2, "pass")
    running = stored(page)["save"]

    # "Spielzettel anlegen" while the game runs: asked first; Back keeps it.
    start_sheet(page, ["Resi", "Jupp", "Trud", "Kätt"], dealer=4, confirm=False)
    assert screen(page) == "confirm"
    assert "Spielrunde läuft (Spiel 1) – Anne, Hubert, Gerda, Hans" in page.locator(".confirm").inner_text()
    tap(page, '[data-action="confirm-no"]')
    assert screen(page) == "start" and stored(page)["save"] == running
    assert history_entries(page) == []

    tap(page, '[data-action="new-game"]')
    assert screen(page) == "confirm"
    tap(page, '[data-action="confirm-yes"]')
    assert screen(page) == "sheet"
    assert [p["name"] for p in stored(page)["state"]["view"]["players"]] == ["Resi", "Jupp", "Trud", "Kätt"]
    entries = history_entries(page)
    assert [(e["kind"], e["status"], e["names"]) for e in entries] == [("game", "interrupted", PEOPLE)]

    # It survives a reload (on disk), and reopens read-only.
    page.reload()
    wait_shell_ready(page)
    to_start(page)
    tap(page, '[data-action="history"]')
    assert screen(page) == "history"
    entry = page.locator(".history-entry")
    assert entry.count() == 1
    assert "Spielrunde · Anne, Hubert, Gerda, Hans" in entry.inner_text() and "abgebrochen" in entry.inner_text()
    tap(page, '[data-action="history-open"]')
    page.wait_for_selector("table.list")
    wait_idle(page)
    assert screen(page) == "list"
    assert "nur zum Ansehen" in page.locator(".spielliste").inner_text()
    assert page.locator('[data-action="fix-open"]').count() == 0
    assert "Anne klopft 2 (passt: Hubert)" in page.locator("tr.hand-detail").first.inner_text()
    tap(page, '[data-action="list-back"]')
    assert screen(page) == "history"
    path = download(page, '[data-action="history-export"]', tmp_path, "kept.json")
    record = read_json(path)
    assert record["format"] == "schraem-record/1" and record["hands"][0]["actions"][:2] == [
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "pass"},
    ]

    # Importing over a running game asks too, and files it.
    tap(page, '[data-action="setup"]')
    tap(page, '[data-action="continue"]')
    enter(page, 1, "knock")
    to_start(page)
    choose_file(page, "import-file", path)
    assert screen(page) == "confirm"
    tap(page, '[data-action="confirm-yes"]')
    assert screen(page) == "sheet" and message(page) == ""
    assert stored(page)["save"]["record"]["hands"][0]["actions"][:2] == record["hands"][0]["actions"][:2]
    assert sorted((e["status"], e["names"][0]) for e in history_entries(page)) == [("interrupted", "Anne"), ("interrupted", "Resi")]
    assert page_errors == []


def test_statistics_and_charts_over_the_history(de_page, shared_site, artifacts, page_errors):
    page = de_page
    open_app(page, shared_site, seed=42)
    for _ in range(2):
        to_start(page)
        start_sheet(page, ["Anne", "Hubert"], dealer=2)
        finish_fast(page)
        page.wait_for_selector(".kept")
    kept = history_entries(page)
    assert [(e["kind"], e["status"], e["records"]) for e in kept] == [("game", "finished", 1)] * 2
    to_start(page)
    tap(page, '[data-action="stats"]')
    page.wait_for_selector(".stats-table")
    wait_idle(page)
    rows = {}
    for cell in page.locator(".stats-table tbody td").all():
        rows.setdefault(cell.get_attribute("data-name"), {})[cell.get_attribute("data-col")] = cell.inner_text()
    assert set(rows) == {"Anne", "Hubert"}
    assert rows["Anne"]["games"] == "2" and rows["Hubert"]["games"] == "2"
    assert int(rows["Anne"]["wins"]) + int(rows["Hubert"]["wins"]) == 2
    # finish_fast knocks every hand up to 7: every knock is counted.
    assert int(rows["Anne"]["knocks"]) + int(rows["Hubert"]["knocks"]) >= 12
    assert page.locator(".stats .chart-svg").count() == 2
    page.screenshot(path=artifacts / "club-stats.png", full_page=True)
    # The marks chart of a game: one line per player.
    tap(page, '[data-action="history"]')
    page.locator('[data-action="history-open"]').first.tap()
    page.wait_for_selector(".chart-svg")
    assert page.locator(".chart-svg polyline").count() == 2
    assert page_errors == []


@pytest.fixture
def axe_page(warm_page):
    page = warm_page(locale="de-DE", service_workers="block")
    page.add_init_script(FAKE_CAMERA)
    return page


def test_axe_on_history_statistics_and_tournament_screens(axe_page, shared_site):
    page = axe_page
    open_app(page, shared_site, seed=43)
    tap(page, '[data-action="history"]')
    assert_axe_clean(page, shared_site, "history, empty")
    tap(page, '[data-action="setup"]')
    start_sheet(page, ["Anne", "Hubert"], dealer=2)
    finish_fast(page)
    page.wait_for_selector(".kept")
    assert_axe_clean(page, shared_site, "game over, kept")
    to_start(page)
    tap(page, '[data-action="history"]')
    assert_axe_clean(page, shared_site, "history")
    tap(page, '[data-action="history-open"]')
    page.wait_for_selector("table.list")
    assert_axe_clean(page, shared_site, "read-only list")
    tap(page, '[data-action="list-back"]')
    tap(page, '[data-action="stats"]')
    page.wait_for_selector(".stats-table")
    assert_axe_clean(page, shared_site, "statistics")
    tap(page, '[data-action="history"]')
    tap(page, '[data-action="setup"]')
    tap(page, '[data-action="tournament"]')
    assert_axe_clean(page, shared_site, "tournament setup")
    page.fill('[data-field="t-names"]', "A\nB\nC\nD\nE")
    page.locator('[data-field="t-names"]').dispatch_event("change")
    tap(page, '[data-action="t-create"]')
    assert screen(page) == "tournament"
    assert_axe_clean(page, shared_site, "tournament")
    tap(page, '[data-action="t-ticket"][data-series="1"][data-table="1"]')
    assert screen(page) == "qr"
    assert_axe_clean(page, shared_site, "ticket QR")
    tap(page, '[data-action="qr-done"]')
    tap(page, '[data-action="t-scan"]')
    assert screen(page) == "scan"
    assert_axe_clean(page, shared_site, "scanner")
    tap(page, '[data-action="scan-cancel"]')
    assert screen(page) == "tournament"
    page.locator('[data-action="lang"]').tap()
    assert_axe_clean(page, shared_site, "tournament, English")
    tap(page, '[data-action="t-new"]')
    tap(page, '[data-action="t-create"]')
    assert screen(page) == "confirm-tournament"  # the running one is not finished
    assert_axe_clean(page, shared_site, "confirm replacing a running tournament")
    tap(page, '[data-action="confirm-no"]')
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    tap(page, '.history-entry[data-kind="tournament"] [data-action="history-open"]')
    assert screen(page) == "tournament-view"
    assert page.locator('[data-action="t-ticket"]').count() == 0  # read-only
    assert_axe_clean(page, shared_site, "tournament from the history, English")


def test_a_table_identity_left_behind_by_a_crash_never_files_over_an_earlier_table(de_page, shared_site):
    """Killed between starting a table and storing its identity, the phone
    may still name the table before the running one; the running table must
    still get its own history entry."""
    page = de_page
    open_app(page, shared_site, seed=45)
    start_sheet(page, PEOPLE, dealer=4)
    finish_fast(page)
    earlier = page.evaluate("async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('table')")
    assert [e["names"] for e in history_entries(page)] == [PEOPLE]

    others = ["Resi", "Jupp", "Trud", "Kätt"]
    start_sheet(page, others, dealer=4)
    enter(page, 1, "knock")
    # What a crash right after the start could leave: the earlier table's id.
    page.evaluate("async (meta) => (await import('./modules.js').then((m) => m.preferences)).writePreference('table', meta)", earlier)
    page.reload()
    wait_shell_ready(page)
    finish_fast(page)
    wait_idle(page)
    kept = history_entries(page)
    assert sorted(tuple(e["names"]) for e in kept) == sorted([tuple(PEOPLE), tuple(others)])
    assert all(e["status"] == "finished" and e["records"] == 1 for e in kept)
