"""A group's cash book: the group's games played for money,
evening by evening, in the group's screen — the stakes, each person's
balance, the pot carried on and who pays whom, equal to the engine's sums
over the same records; a game of other people is not in it."""

from __future__ import annotations

from test_club_series import finish_with
from test_kitty import _csv_rows, euros_de, stake
from test_move_file import kept, seed_prefs

from club_helpers import choose_format, download
from helpers import assert_axe_clean, engine_state, open_app, screen, shot, start_sheet, stored, wait_idle, wait_shell_ready, wait_until

PEOPLE = {
    "people": [
        {"id": "p-hans", "name": "Hans", "colour": "blue", "aliases": ["Hnas"]},
        {"id": "p-anne", "name": "Anne", "colour": "red", "aliases": []},
    ],
    "groups": [{"id": "g-1", "name": "Stammtisch Rengen", "members": ["p-anne", "p-hans"], "house": None}],
}


def money_game(page, names, winner: int) -> None:
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    if page.locator(".kitty-form").get_attribute("open") is None:
        page.locator(".kitty-form summary").tap()
    stake(page, "per_mark", "0,10")
    stake(page, "per_lost_game", "0,50")
    start_sheet(page, names)
    finish_with(page, winner)


def test_the_groups_cash_book_shows_each_evening_of_its_money(warm_page, shared_site, artifacts, tmp_path):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=31)
    seed_prefs(page, {"regulars": PEOPLE})
    page.reload()
    wait_shell_ready(page)
    money_game(page, ["Hans", "Anne"], 2)
    money_game(page, ["Hnas", "Anne"], 1)  # the typo is Hans
    money_game(page, ["Hans", "Willi"], 1)  # not the group's game
    wait_until(page, "async () => (await (await import('./modules.js').then((m) => m.history)).entries()).length === 3")
    records = [e["records"][0] for e in sorted(kept(page), key=lambda e: e["savedAt"])]
    group_records = records[:2]

    page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="regulars"]').tap()
    page.locator('[data-action="cash-book"][data-id="g-1"]').tap()
    page.wait_for_selector(".cash-evening")
    wait_idle(page)
    assert page.locator(".cash-evening").count() == 1
    book = engine_state(
        "cash_book",
        {
            "evenings": [{"date": "d", "records": group_records}],
            "people": [{"name": "Hans", "aliases": ["Hnas"]}, {"name": "Anne", "aliases": []}],
            "group": ["Anne", "Hans"],
        },
    )
    ev = book["evenings"][0]
    assert ev["games"] == 2 and set(ev["balances"]) == {"Hans", "Anne"}
    shown = {r.locator("th").inner_text(): r.locator("td").inner_text() for r in page.locator(".cash-evening .kitty-balances tr").all()}
    assert shown == {n: (f"+{euros_de(c)}" if c > 0 else euros_de(c)) for n, c in ev["balances"].items()}
    assert page.locator(".cash-evening .note:not(.kitty-pot-rule)").inner_text() == "Spielrunden um etwas: 2"
    assert page.locator(".cash-stakes li").all_inner_texts() == ["0,10 € pro Schräm · 0,50 € pro verlorener Spielrunde"]
    assert page.locator(".cash-total").inner_text() == f"In der Kasse insgesamt: {euros_de(book['pot_total'])}"
    transfers = page.locator(".cash-evening .kitty-transfers li").all_inner_texts()
    assert len(transfers) == len(ev["transfers"]) and transfers, transfers
    assert "Willi" not in page.locator(".cash-book").inner_text()
    shot(page, artifacts, "cash-book-360-de.png")
    assert_axe_clean(page, shared_site, "cash book")
    rows = _csv_rows(download(page, '[data-action="cash-csv"]', tmp_path))
    assert rows[0] == ["Abend", "Art", "Wer", "An", "Betrag (€)", "Runden"]
    assert {r[2]: r[4] for r in rows if r[1] == "Saldo"} == {
        n: f"{'-' if c < 0 else ''}{abs(c) // 100},{abs(c) % 100:02d}" for n, c in ev["balances"].items()
    }
    assert rows[-1][1:] == ["Kasse insgesamt", "", "", euros_de(book["pot_total"]).removesuffix(" €"), ""]
    page.locator('[data-action="regulars"]').tap()
    assert screen(page) == "regulars"


def test_a_pub_evening_runs_past_midnight_a_game_kept_twice_counts_once_and_periods_start_in_the_calendar(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=32)
    got = page.evaluate("""async () => {
      const { eveningOf, evenings } = await import('./modules.js').then((m) => m.cashBook);
      const at = (d, h, min = 0) => new Date(2026, 10, d, h, min).getTime();
      const rec = (n) => ({ players: [{ name: n }, { name: 'Anne' }], hands: [] });
      const entry = (id, savedAt, records) => ({ id, kind: 'game', status: 'finished', names: ['x'], savedAt, save: {}, records });
      return {
        late: eveningOf(at(27, 1, 30)), early: eveningOf(at(27, 6, 30)), evening: eveningOf(at(26, 21)),
        grouped: evenings([entry('b', at(27, 2), [rec('Hans'), rec('Gerda')]), entry('a', at(26, 20), [rec('Hans')]),
                           entry('c', at(28, 20), [rec('Willi')]), { id: 'broken' }]),
      };
    }""")
    starts = page.evaluate("""async () => {
      const { periodStart } = await import('./modules.js').then((m) => m.statsScope);
      const now = new Date(2026, 10, 26, 22, 15);
      const iso = (ms) => { const d = new Date(ms); return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()]; };
      return Object.fromEntries(['evening', 'month', 'year', 'all'].map((p) => [p, periodStart(p, now) === 0 ? 0 : iso(periodStart(p, now))]));
    }""")
    assert starts == {"evening": [2026, 11, 26, 10, 15], "month": [2026, 11, 1, 0, 0], "year": [2026, 1, 1, 0, 0], "all": 0}
    assert got["late"] == "2026-11-26" and got["evening"] == "2026-11-26" and got["early"] == "2026-11-27"
    assert [(e["date"], [r["players"][0]["name"] for r in e["records"]]) for e in got["grouped"]] == [
        ("2026-11-26", ["Hans", "Gerda"]),
        ("2026-11-28", ["Willi"]),
    ]


def test_a_rengen_set_started_from_the_form_is_played_for_the_stakes(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=33)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    choose_format(page, "set")
    page.locator(".kitty-form summary").tap()
    stake(page, "per_mark", "0,10")
    stake(page, "per_lost_game", "1")
    start_sheet(page, ["Hans", "Anne", "Gerda"], rules="rengen")
    save = stored(page)["save"]
    assert "set" in save and save["record"]["stakes"] == {"per_mark": 10, "per_lost_game": 100}
    finish_with(page, 2)
    assert page.locator(".kitty-payments li").count() > 0
