"""History entries can be deleted (issue 20): asked first, and brought back
with one tap."""
from __future__ import annotations

from helpers import open_app, screen, start_game, tap, wait_idle
from test_club_history import history_entries

PEOPLE_AND_BOTS = [("Anne", "human"), ("Hubert", "bot:easy")]


def test_a_history_entry_is_deleted_only_when_confirmed_and_can_be_brought_back(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=65, pace="60000")
    start_game(page, PEOPLE_AND_BOTS, dealer=2)
    tap(page, '[data-action="look"]')
    start_game(page, [("Resi", "human"), ("Jupp", "bot:easy")], dealer=2)  # files Anne's game into history
    kept = history_entries(page)
    assert [e["names"] for e in kept] == [["Anne", "Hubert"]]
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    assert screen(page) == "history"
    delete = page.locator('[data-action="history-delete"]')
    assert delete.count() == 1
    # Asked first: "no" keeps it.
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    delete.tap()
    wait_idle(page)
    assert asked and "Anne, Hubert" in asked[0] and "löschen" in asked[0]
    assert len(history_entries(page)) == 1
    # "Yes" deletes it, and the way back is right there.
    page.once("dialog", lambda d: d.accept())
    delete.tap()
    page.wait_for_selector('[data-action="history-restore"]')
    assert history_entries(page) == []
    assert page.locator('[data-action="history-delete"]').count() == 0
    assert "Gelöscht" in page.locator(".notice.restore").inner_text()
    tap(page, '[data-action="history-restore"]')
    page.wait_for_selector('[data-action="history-delete"]')
    assert [(e["id"], e["names"]) for e in history_entries(page)] == [(kept[0]["id"], ["Anne", "Hubert"])]
    assert page.locator('[data-action="history-restore"]').count() == 0
