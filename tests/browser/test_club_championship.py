"""A championship on the organiser's phone (docs/CLUB.md): 300 names pasted,
75 tables drawn; the tables still missing at a glance, a player found by
name (table, seat and rank), every ticket of the series on one screen and
six to an A4 page, every result read in (in random order) until none is
missing; and, in a small tournament, a player who stops between
two series keeps their points and sits out the next draw."""

from __future__ import annotations

import json
import random

from test_club_tournament import create_tournament

from helpers import open_app, tap
from schraem.cli.simulate import sheet_result
from schraem.club.series import Tournament
from schraem.club.transfer import table_ticket

NAMES = [f"Spieler {i:03d}" for i in range(1, 301)]
IMPORT = "async (result) => (await import('./modules.js')).organiser.importResult(result)"
ENGINE_IMPORTS = """async (results) => {
  const session = (await import('./modules.js')).context.session();
  for (const result of results) {
    const r = await session.query('tournament', { op: 'import', result });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}"""


def _results_of(names: list[str], seed: int, rng: random.Random) -> list[dict]:
    """Every table's result of series 1, made on other phones (the same
    tournament built from the same names, rules and seed)."""
    t = Tournament(names, "rheinland", {"series_games": 1, "tournament_series": 2}, seed)
    t.start_series()
    return [json.loads(json.dumps(sheet_result(table_ticket(t, 1, k), rng))) for k in range(1, len(t.series[0]) + 1)]


def test_a_championship_of_300_players_on_the_organisers_phone(warm_page, shared_site, page_errors):
    org = warm_page(locale="de-DE")
    open_app(org, shared_site, seed=51)
    create_tournament(org, seed=2026, names=NAMES)
    assert org.locator('.t-table[data-series="1"]').count() == 75
    missing = org.locator(".t-missing")
    assert missing.inner_text().startswith("Serie 1: 0 von 75 Tischen abgegeben – es fehlen Tisch 1, 2, 3,")

    # "Wo sitzt Spieler 123?": the table and seat the draw gave him.
    org.fill('[data-field="t-find"]', "spieler 123")
    found = org.locator('.t-found li[data-name="Spieler 123"]').inner_text()
    table = org.locator('.t-table[data-series="1"]').filter(has=org.locator("bdi", has_text="Spieler 123"))
    k = table.get_attribute("data-table")
    seated = table.locator(".seat-order bdi").all_inner_texts()
    seat = seated.index("Spieler 123") + 1
    assert f"Serie 1: Tisch {k}, Platz {seat}" in found and "Rang " in found, found

    # Every ticket of the series on one screen, six to an A4 page on paper.
    tap(org, '[data-action="t-tickets"][data-series="1"]')
    cards = org.locator(".ticket-card")
    assert cards.count() == 75 and org.locator(".ticket-card svg.qr").count() >= 75
    assert cards.nth(int(k) - 1).locator("bdi").all_inner_texts() == seated
    org.emulate_media(media="print")
    org.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    boxes = [cards.nth(i).bounding_box() for i in range(6)]
    assert org.locator(".topbar").is_hidden() and org.locator("#controls").is_hidden()
    assert len({round(b["x"]) for b in boxes}) == 2 and len({round(b["y"]) for b in boxes}) == 3, boxes
    assert all(b["width"] < 794 / 2 and b["height"] < 1123 / 3 for b in boxes), boxes
    org.emulate_media(media="screen")
    org.set_viewport_size({"width": 412, "height": 839})
    tap(org, '[data-action="tournament"]')

    # Every table's result comes in, in any order, until none is missing:
    # all but one straight into the page's engine (what each import costs
    # on screen is bench/tournament.py's), the last as the organiser reads it.
    rng = random.Random(7)
    results = _results_of(NAMES, 2026, rng)
    rng.shuffle(results)
    org.evaluate(ENGINE_IMPORTS, results[:-1])
    org.evaluate(IMPORT, results[-1])
    assert missing.inner_text() == "Serie 1: alle 75 Tische abgegeben."
    assert org.locator('.t-table[data-series="1"].done').count() == 75
    assert not page_errors


def test_a_player_who_stops_keeps_the_points_and_sits_out_the_next_draw(warm_page, shared_site, page_errors):
    names = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"]
    org = warm_page(locale="en-GB")
    open_app(org, shared_site, seed=52)
    create_tournament(org, seed=77, names=names)
    assert org.locator(".t-withdraw").count() == 0  # not while series 1 is played
    for result in _results_of(names, 77, random.Random(3)):
        org.evaluate(IMPORT, result)
    org.select_option('[data-field="t-withdraw"]', "Gerda")
    tap(org, '[data-action="t-withdraw"]')
    assert "Gerda stops" in org.locator(".tournament .notice").first.inner_text()
    row = org.locator('.standings tr[data-name="Gerda"]')
    assert "out from series 2" in row.inner_text()
    tap(org, '[data-action="t-next"]')
    series2 = [org.locator(f'.t-table[data-series="2"][data-table="{k}"] .seat-order bdi').all_inner_texts() for k in (1, 2)]
    assert sorted(len(s) for s in series2) == [3, 4] and "Gerda" not in sum(series2, [])
    org.fill('[data-field="t-find"]', "Gerda")
    assert "series 2: stopped" in org.locator('.t-found li[data-name="Gerda"]').inner_text()
    assert not page_errors
