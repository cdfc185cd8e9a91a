"""People, not names: history entries can be deleted (asked
first, brought back with one tap), and the statistics keep a computer player
apart from a person of the same name."""

from __future__ import annotations

from test_club_history import history_entries

from helpers import open_app, screen, start_game, tap, wait_idle

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


def finished_game(seed: int) -> dict:
    """Anne against the computer Hubert, played to the end by the engine."""
    from helpers import engine_table

    call = engine_table()
    st = call(
        "new_game",
        players=[{"name": "Anne"}, {"name": "Hubert", "kind": "bot", "level": "easy"}],
        rules="rheinland",
        seed=seed,
        dealer=2,
        viewer=1,
    )
    for _ in range(2000):
        if st["game_over"]:
            return st["save"]
        if st["hand_over"]:
            st = call("next_hand", viewer=1)
        elif st["due"]["bots"]:
            st = call("bot_step", viewer=1)
        else:
            legal = st["view"]["legal"]
            a = next(x for x in legal if x["type"] in ("look", "hold", "play"))
            st = call("act", action=a, viewer=1)
    raise AssertionError("the game did not end")


def kept_game(entry_id: str, save: dict) -> dict:
    """The history entry of Anne and Hubert's finished game."""
    return {
        "id": entry_id,
        "kind": "game",
        "status": "finished",
        "names": ["Anne", "Hubert"],
        "rules": "rheinland",
        "summary": "",
        "save": save,
        "records": [save["record"]],
    }


def test_statistics_keep_the_computer_apart_from_a_person_of_the_same_name(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=66, pace="60000")
    save = finished_game(5)
    # Another evening, Hubert a person this time.
    people = finished_game(6)["record"]
    kept = [
        kept_game("g1", save),
        kept_game("g2", {**save, "record": people, "table": {**save["table"], "players": [{"kind": "human"}] * 2}}),
    ]
    page.evaluate(
        "async (entries) => { const m = await import('./modules.js').then((m) => m.history); for (const e of entries) await m.keep(e); }",
        kept,
    )
    tap(page, '[data-action="stats"]')
    page.wait_for_selector(".stats-table")
    wait_idle(page)
    rows = {c.get_attribute("data-name"): c.inner_text() for c in page.locator('.stats-table td[data-col="games"]').all()}
    assert rows == {"Anne": "2", "Hubert": "1", "Hubert (Computer)": "1"}
    # A computer's column shows its name; "(Computer)" is there for the ear.
    heads = [" ".join(h.split()) for h in page.locator(".stats-table thead th.player").all_text_contents()]
    assert sorted(heads) == ["Anne", "Hubert", "Hubert (Computer)"]


def test_axe_on_the_way_back_and_the_statistics(warm_page, shared_site):
    from helpers import assert_axe_clean

    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=67, pace="60000")
    save = finished_game(5)
    entry = kept_game("g1", save)
    page.evaluate("async (e) => (await import('./modules.js').then((m) => m.history)).keep(e)", entry)
    tap(page, '[data-action="history"]')
    page.once("dialog", lambda d: d.accept())
    page.locator('[data-action="history-delete"]').tap()
    page.wait_for_selector('[data-action="history-restore"]')
    assert_axe_clean(page, shared_site, "history, an entry to bring back")
    tap(page, '[data-action="history-restore"]')
    page.wait_for_selector('[data-action="history-delete"]')
    tap(page, '#controls [data-action="stats"]')
    page.wait_for_selector(".stats-table")
    wait_idle(page)
    assert_axe_clean(page, shared_site, "statistics")
