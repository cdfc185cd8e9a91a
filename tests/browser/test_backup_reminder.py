"""A backup people actually make: after 10 tables kept since the last
backup, or 7 days after it with a new one, the start screen offers the move
file in one tap with the reason in one line; "Später" hides it until the
next table is kept; writing the file is the backup."""

from __future__ import annotations

import json

from test_move_file import kept, play_evening, pref, seed_prefs

from helpers import assert_axe_clean, open_app, screen, tap, wait_shell_ready, wait_until

DAY_MS = 86_400_000

# Copies of the one real game under other ids (`ago`: how long before now,
# in ms, each was kept), written as the move file writes entries: the history's
# index counts them like games played.
COPIES = """async ([ids, ago]) => {
  const history = (await import('./modules.js')).history;
  const [base] = (await history.entries()).filter((e) => !e.id.includes('-copy-'));
  await history.keepAll(ids.map((id, i) => ({ ...base, id: `${base.id}-copy-${id}`, savedAt: Date.now() - ago[i] })));
}"""


def copies(page, ids: list[int], ago: list[int] | None = None) -> None:
    page.evaluate(COPIES, [ids, ago or [0] * len(ids)])


def test_the_start_offers_a_backup_after_ten_games_or_seven_days(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=71)
    play_evening(page, ["Anne", "Bert", "Carl", "Dora"], winner=1)
    page.locator('header [data-action="setup"]').tap()
    offer = page.locator("#controls .backup-offer")
    page.wait_for_timeout(200)
    assert offer.count() == 0, "one game kept: no backup due yet"

    copies(page, list(range(1, 10)))
    offer.wait_for(state="visible")
    assert "10 Spiele sind seit der letzten Sicherung nur auf diesem Handy" in offer.inner_text()
    assert offer.locator('[data-action="backup-save"]').inner_text() == "Sicherung speichern"
    assert offer.locator('[data-action="backup-later"]').get_attribute("aria-label") == "Später"
    assert_axe_clean(page, shared_site, "the backup offer")

    # "Später": gone, also after a reload, until the next game is kept.
    tap(page, '[data-action="backup-later"]')
    assert offer.count() == 0
    wait_until(page, "async () => Number.isFinite((await (await import('./modules.js')).preferences.readPreference('backup'))?.later)")
    page.reload()
    wait_shell_ready(page)
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()
    page.wait_for_selector("#controls [data-action='new-game']")
    page.wait_for_timeout(300)  # read after the start
    assert offer.count() == 0
    copies(page, [10])
    offer.wait_for(state="visible")
    assert "11 Spiele" in offer.inner_text()

    # One tap writes the move file with every game; that is the backup.
    with page.expect_download() as info:
        tap(page, '[data-action="backup-save"]')
    path = tmp_path / "backup.json"
    info.value.save_as(path)
    moved = json.loads(path.read_text())
    assert moved["format"] == "schraem-move/1" and len(moved["data"]["history"]) == len(kept(page)) == 11
    page.wait_for_selector("#controls .backup-offer", state="detached")
    assert (pref(page, "backup") or {}).get("at", 0) > 0

    # Seven days after the last backup, with one game kept since: due again.
    seed_prefs(page, {"backup": {"at": page.evaluate("Date.now()") - 8 * DAY_MS}})
    copies(page, list(range(1, 11)), [9 * DAY_MS] * 10)  # before that backup
    copies(page, [11], [3_600_000])
    offer.wait_for(state="visible")
    assert "Letzte Sicherung vor 8 Tagen" in offer.inner_text()
    tap(page, '[data-action="lang"]')
    assert "Last backup 8 days ago" in offer.inner_text()
    assert offer.locator('[data-action="backup-save"]').inner_text() == "Save a backup"

    # Games, not entries: two series of 9 and 3 games are 12 games since
    # that backup, 14 with the game played and the copy above, in four
    # entries.
    tap(page, '[data-action="lang"]')
    tables(page, [("series-late", "running", 9), ("series-done", "finished", 3)])
    page.wait_for_function("() => document.querySelector('#controls .backup-offer')?.textContent.includes('14 Spiele')")
    # Backed up with the first series still running: the nine games it held
    # are in the backup, and its tenth is one game to back up, not ten.
    with page.expect_download():
        tap(page, '[data-action="backup-save"]')
    page.wait_for_selector("#controls .backup-offer", state="detached")
    assert pref(page, "backup")["games"] == {"series-late": 9}
    tables(page, [("series-late", "running", 10)] + [(f"game-late-{k}", "finished", 1) for k in range(8)])
    page.wait_for_timeout(300)
    assert offer.count() == 0, "9 games since the backup"
    tables(page, [("game-late-8", "finished", 1)])
    offer.wait_for(state="visible")
    assert "10 Spiele sind seit der letzten Sicherung" in offer.inner_text()


# Entries of `games` games each (`id`, `status`, `games`) kept now, made
# from the one real game.
TABLES = """async (tables) => {
  const history = (await import('./modules.js')).history;
  const [base] = (await history.entries()).filter((e) => e.kind === 'game' && !e.id.includes('-copy-') && !e.id.includes('-late'));
  await history.keepAll(tables.map(([id, status, games]) => ({ ...base, id, status, kind: id.startsWith('series') ? 'series' : 'game',
    records: Array.from({ length: games }, () => base.records[0]), savedAt: Date.now() })));
}"""


def tables(page, rows: list[tuple[str, str, int]]) -> None:
    page.evaluate(TABLES, rows)
