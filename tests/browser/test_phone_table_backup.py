"""A backup kept on another phone at the table (docs/STORAGE.md, "A backup
people make"): a guest with an evening sends its backup to the host in one
tap; the host is asked first and keeps it apart from its own history,
through a reload; only then does the guest's reminder count it. The
guest's data is wiped as a browser does; linked again, it asks for its
backup, the host gives it back, and the move file's import restores the
history on the guest."""

from __future__ import annotations

import json
from pathlib import Path

from test_move_file import kept, play_evening, pref
from test_phone_table import _fill_setup, _join
from test_phone_table_exchange import PLAYERS

from helpers import open_app, wait_shell_ready

DELETE_DATABASES = """() => Promise.all(['schraem', 'schraem-history'].map((n) => new Promise((ok) => {
  const r = indexedDB.deleteDatabase(n); r.onsuccess = r.onerror = r.onblocked = ok; })))"""


def _settings(page) -> None:
    if page.evaluate("() => document.body.dataset.screen") != "settings":
        page.locator('header [data-action="settings"]').tap()
    page.wait_for_selector(".move-file")


def test_a_backup_kept_on_another_phone_comes_back_after_a_wipe(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guest = warm_page(locale="en-GB", service_workers="block")
    open_app(guest, shared_site, seed=71)
    play_evening(guest, ["Bert", "Cora", "Dirk"], 1)
    history = kept(guest)
    assert history and pref(guest, "backup") is None
    guest.locator('header [data-action="setup"]').tap()
    guest.wait_for_function("() => document.body.dataset.screen === 'start'")

    open_app(host, shared_site, seed=72)
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    _join(guest, host, 2, False, shared_site)
    guest.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # One tap on the guest, from the settings where the backup is offered.
    _settings(guest)
    send = guest.locator('[data-action="copy-send"]')
    send.wait_for()
    assert send.inner_text() == "Send backup to Anne"
    send.tap()
    # The host is asked first, over its table.
    question = host.locator('.copy-question[data-kind="keep"]')
    question.wait_for(timeout=60_000)
    assert "Bert möchte eine Sicherung auf deinem Handy ablegen" in question.inner_text()
    assert pref(guest, "backup") is None  # not a backup until the host has it
    question.locator('[data-action="copy-yes"]').tap()
    guest.wait_for_function("() => document.querySelector('.copy-msg')?.textContent.includes('Anne has kept your backup')")
    assert pref(guest, "backup")["at"] > 0

    # Kept on the host across a reload, beside its own data, not in its history.
    host.reload()
    wait_shell_ready(host)
    held = pref(host, "held-backups")
    assert [e["name"] for e in held] == ["Bert"] and held[0]["games"] == 1
    assert not {e["id"] for e in kept(host)} & {e["id"] for e in history}
    _settings(host)
    line = host.locator(".held-copies li")
    assert "Bert" in line.inner_text() and "Spiele: 1" in line.inner_text()
    host.locator('[data-action="settings-close"]').tap()

    # The guest's data wiped as a browser does (its hint outside the
    # database stays); the start says so.
    guest.goto(shared_site.url + "manifest.json")
    guest.evaluate(DELETE_DATABASES)
    open_app(guest, shared_site)
    assert guest.locator(".wiped").count() == 1 and kept(guest) == []

    # Linked again (a new phone at its seat), it asks for its backup.
    host.locator('[data-action="phone-codes"]').tap()
    _join(guest, host, 2, False, shared_site)
    guest.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _settings(guest)
    guest.locator('[data-action="copy-ask"]').tap()
    # A wiped phone is a new phone to the host: its person gives it back.
    host.locator(".copy-asking").wait_for(timeout=30_000)
    _settings(host)
    host.locator('.held-copies [data-action="copy-give"]').tap()
    guest.wait_for_function("() => document.querySelector('.move-msg')?.textContent.includes('Taken in')", timeout=60_000)
    assert [e["id"] for e in kept(guest)] == [e["id"] for e in history]
    # The move file, still at the table, is written by the guest's own
    # engine: the host's would refuse it ("only the phone that opened the table").
    with guest.expect_download() as info:
        guest.locator('[data-action="move-export"]').tap()
    written = json.loads(Path(info.value.path()).read_text())
    assert [e["id"] for e in written["data"]["history"]] == [e["id"] for e in history]
    assert not page_errors
