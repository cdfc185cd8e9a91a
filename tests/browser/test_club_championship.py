"""A championship on the organiser's phone (docs/CLUB.md): 300 names pasted,
75 tables drawn; the tables still missing at a glance, a player found by
name (table, seat, his points and rank), every ticket of the series on one
screen and six to an A4 page, every result read in (in random order) until
none is missing, each read in kept in one write and drawn over the screen
as it stood (the same screen as one drawn anew) and drawn once, each player's points
series by series on a 320 px phone; the browser killed while a result is
read in, with every result shown as accepted there when it opens again;
and, in a small tournament, a player who stops between two series keeps
their points and sits out the next draw."""

from __future__ import annotations

import difflib
import json
import os
import random
import shutil
import time

import pytest
from test_club_tournament import create_tournament

from helpers import app_url, kill_browser, launch_profile, open_app, screen, tap, wait_shell_ready
from schraem.cli.simulate import sheet_result
from schraem.club.tournament import Tournament
from schraem.club.transfer import import_table_result, table_ticket

NAMES = [f"Spieler {i:03d}" for i in range(1, 301)]
IMPORT = "async (result) => (await import('./modules.js')).organiser.importResult(result)"
ENGINE_IMPORTS = """async (results) => {
  const session = (await import('./modules.js')).context.session();
  for (const result of results) {
    const r = await session.query('tournament', { op: 'import', result });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}"""


def _results_of(
    names: list[str], seed: int, rng: random.Random, series: int = 1, withdrawn: dict[int, str] | None = None
) -> list[list[dict]]:
    """Every table's result of each of the first `series` series, made on
    other phones (the same tournament built from the same names, rules and
    seed; `withdrawn`: who stops after which series)."""
    t = Tournament(names, "rheinland", {"series_games": 1, "tournament_series": 2}, seed)
    out = []
    for number in range(1, series + 1):
        if (withdrawn or {}).get(number - 1):
            t.withdraw(withdrawn[number - 1])
        t.start_series()
        out.append([json.loads(json.dumps(sheet_result(table_ticket(t, number, k), rng))) for k in range(1, len(t.series[-1]) + 1)])
        for result in out[-1]:
            import_table_result(t, result)
    return out


# The screen as the steps left it, and the same screen drawn anew: another
# screen in between, and the language turned there and back, so that no
# part is kept from before (chart ids count up at every drawing).
DRAWN_AS_NEW = """async () => {
  const { context, i18n } = await import('./modules.js');
  const seen = () => document.getElementById('screen').innerHTML.replace(/chart-\\d+/g, 'chart');
  const patched = seen();
  const route = context.m().route;
  const lang = i18n.getLang();
  context.go('start');
  i18n.setLang(lang === 'de' ? 'en' : 'de');
  context.go(route);
  context.go('start');
  i18n.setLang(lang);
  context.go(route);
  return [patched, seen()];
}"""


def assert_drawn_as_new(page) -> None:
    patched, fresh = page.evaluate(DRAWN_AS_NEW)
    lines = [x.replace("><", ">\n<").splitlines() for x in (patched, fresh)]
    assert patched == fresh, "\n".join(list(difflib.unified_diff(*lines, "as drawn over", "drawn anew", lineterm="", n=2))[:40])


# The read-write transactions the page opens from now on, counted.
COUNT_WRITES = """() => {
  window.__writes = [];
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    if (mode === 'readwrite') window.__writes.push([this.name, [].concat(stores)]);
    return open.call(this, stores, mode, options);
  };
}"""
# The app's drawings from now on, counted.
COUNT_RENDERS = """async () => {
  const app = (await import('./modules.js')).context.ctx.app;
  const render = app.render;
  window.__renders = 0;
  app.render = function (...args) { window.__renders += 1; return render.apply(this, args); };
}"""
# The elements the page builds from now on, counted.
COUNT_BUILT = """() => {
  const make = Document.prototype.createElement;
  window.__built = 0;
  Document.prototype.createElement = function (...args) { window.__built += 1; return make.apply(this, args); };
}"""
KEPT = """async (id) => ({
  entry: await (await import('./modules.js')).history.entry(`tournament-${id}`),
  pref: await (await import('./modules.js')).preferences.readPreference('tournament'),
})"""


def _points(results: list[dict], name: str) -> int:
    """A player's points in the series these results are of."""
    return next(r["totals"][i] for r in results for i, p in enumerate(r["result"]["games"][0]["players"]) if p["name"] == name)


def _table_of(results: list[dict], name: str) -> int:
    """The table a player sat at in the series these results are of."""
    return next(r["table"] for r in results for p in r["result"]["games"][0]["players"] if p["name"] == name)


def _rank(page, name: str) -> str:
    return page.locator(f'.standings tr[data-name="{name}"] td').first.inner_text()


# The standings of a worst case at 320 px: five series of three-digit
# points, a name of 40 characters, a player who stopped.
WORST_CASE = """async () => {
  const { standingsTable } = (await import('./modules.js')).tournament;
  const standings = [
    { name: 'Maximiliane Josephine Überlingen-Käßmann', total: 512, lot: 299, rank: 300, withdrawn: null, series: [105, 99, 111, 98, 99] },
    { name: 'Jupp', total: 222, lot: 3, rank: 2, withdrawn: 4, series: [101, 121, 0, null, null] },
  ];
  const table = standingsTable({ standings });
  document.querySelector('.tournament').append(table);
  const points = table.querySelector('tbody .t-points');
  const out = {
    right: table.getBoundingClientRect().right, width: document.documentElement.clientWidth,
    scroll: document.documentElement.scrollWidth, font: parseFloat(getComputedStyle(points).fontSize),
    seen: points.textContent,
  };
  table.remove();
  return out;
}"""


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
    results = _results_of(NAMES, 2026, rng)[0]
    rng.shuffle(results)
    org.evaluate(ENGINE_IMPORTS, results[:-2])
    org.evaluate(IMPORT, results[-2])
    # The last one read in is drawn over the screen as it stood (the
    # standings, every row but those of the table's players, whose ranks
    # are written into them, and the other tables' cards are the same
    # nodes), drawn once (the backup reminder, on the start screen only,
    # draws nothing here), and kept in one write: the tournament once, in
    # its history entry.
    org.evaluate("() => { for (const el of document.querySelectorAll('.standings, .t-table')) el.__before = true; }")
    org.evaluate("() => { for (const tr of document.querySelectorAll('.standings tbody tr')) tr.__name = tr.dataset.name; }")
    org.evaluate(COUNT_WRITES)
    org.evaluate(COUNT_RENDERS)
    org.evaluate(COUNT_BUILT)
    org.evaluate(IMPORT, results[-1])
    assert org.evaluate("() => window.__writes") == [["schraem-history", ["entries"]]]
    assert org.evaluate("() => [...document.querySelectorAll('.standings, .t-table')].every((el) => el.__before)")
    # Each player's row is the one drawn for him before, but for the
    # table's players: built anew, not 300 rows and 75 cards.
    seated_last = {p["name"] for p in results[-1]["result"]["games"][0]["players"]}
    moved = org.evaluate(
        "() => [...document.querySelectorAll('.standings tbody tr')].filter((tr) => tr.__name !== tr.dataset.name).map((tr) => tr.dataset.name)"
    )
    assert set(moved) <= seated_last, moved
    assert org.evaluate("() => window.__built") < 400
    org.wait_for_timeout(1000)  # the history read again for the reminder would have come back
    assert org.evaluate("() => window.__renders") == 1
    # The chart: the 20 leaders, not 300 bars.
    assert org.locator(".tournament .chart figcaption").inner_text() == "Turnier: Punkte der ersten 20"
    assert org.locator(".tournament .chart-svg > g").count() == 20
    tid = org.evaluate("async () => (await import('./modules.js')).context.c().tournament.id")
    kept = org.evaluate(KEPT, tid)
    assert "records" not in kept["entry"] and len(kept["entry"]["facts"]["tournament"]["series"][0]) == 75
    assert kept["pref"] == {"id": tid}
    assert missing.inner_text() == "Serie 1: alle 75 Tische abgegeben."
    assert org.locator('.t-table[data-series="1"].done').count() == 75
    assert_drawn_as_new(org)

    # Each player's series under the name: the points his table handed in.
    points = org.locator('.standings tr[data-name="Spieler 123"] .t-points')
    assert points.get_attribute("data-points") == str(_points(results, "Spieler 123"))
    assert points.locator(".sr-only").text_content() == f"Serie 1: {_points(results, 'Spieler 123')}"
    assert org.locator(".standings thead .t-points").inner_text() == "Punkte je Serie"
    # The finder gives them too, beside his table and seat.
    org.fill('[data-field="t-find"]', "spieler 123")
    found = org.locator('.t-found li[data-name="Spieler 123"]').inner_text()
    assert f"Serie 1: Tisch {k}, Platz {seat}, Punkte: {_points(results, 'Spieler 123')}" in found, found
    # A 320 px phone: the standings fit across, five series and a long name too.
    org.set_viewport_size({"width": 320, "height": 640})
    assert org.evaluate("() => document.documentElement.scrollWidth") <= 320
    worst = org.evaluate(WORST_CASE)
    assert worst["right"] <= worst["width"] == 320 and worst["scroll"] <= 320 and worst["font"] >= 12, worst
    assert worst["seen"].startswith("105 · 99 · 111 · 98 · 99"), worst
    org.set_viewport_size({"width": 412, "height": 839})
    assert not page_errors


def _standings(page) -> dict[str, list[str]]:
    """Every player's points per series as the screen shows them."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.standings tbody tr')]"
        ".map((tr) => [tr.dataset.name, tr.querySelector('.t-points').dataset.points.split(' ')]))"
    )


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the browser process through /proc (Linux)")
def test_a_kill_while_a_result_is_read_in_loses_none_shown_as_accepted(playwright, shared_site, visited_profile, tmp_path):
    """300 players in series 2: results read in one after another, the
    browser killed while the next is read in. Opened again, every result
    the screen had accepted is there, and the tournament loads whole."""
    profile = tmp_path / "profile"
    shutil.copytree(visited_profile, profile, symlinks=True)
    ctx = launch_profile(playwright, profile)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    open_app(page, shared_site, seed=53)
    create_tournament(page, seed=2027, names=NAMES)
    rng = random.Random(11)
    first, second = _results_of(NAMES, 2027, rng, series=2)
    rng.shuffle(second)
    # Series 1 in and series 2 drawn; then most of series 2 straight into
    # the engine, and the organiser reads the rest in, one after another.
    page.evaluate(ENGINE_IMPORTS, first[:-1])
    page.evaluate(IMPORT, first[-1])
    tap(page, '[data-action="t-next"]')
    page.evaluate(ENGINE_IMPORTS, second[:60])
    for result in second[60:65]:
        page.evaluate(IMPORT, result)
    missing = page.locator(".t-missing").get_attribute("data-missing")
    assert len(missing.split()) == 10, missing
    shown = _standings(page)
    page.evaluate("(r) => { import('./modules.js').then((m) => m.organiser.importResult(r)); }", second[65])
    time.sleep(0.15)
    kill_browser(ctx, profile)

    again = launch_profile(playwright, profile)
    try:
        page = again.pages[0] if again.pages else again.new_page()
        page.goto(app_url(shared_site))
        wait_shell_ready(page)
        tap(page, '[data-action="tournament"]')
        assert screen(page) == "tournament" and page.locator(".tournament .notice:not(.t-missing)").count() == 0
        late = str(second[65]["table"])
        now = page.locator(".t-missing").get_attribute("data-missing")
        assert now in (missing, " ".join(k for k in missing.split() if k != late)), (missing, now, late)
        assert page.locator('.t-table[data-series="1"].done').count() == 75
        after = _standings(page)
        # Every player's points shown before, series 1 and 2, are still his.
        for name, points in shown.items():
            assert after[name][0] == points[0] and points[1] in ("-", after[name][1]), (name, points, after[name])
    finally:
        again.close()


def test_a_player_who_stops_keeps_the_points_and_sits_out_the_next_draw(warm_page, shared_site, page_errors):
    names = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"]
    org = warm_page(locale="en-GB")
    open_app(org, shared_site, seed=52)
    create_tournament(org, seed=77, names=names)
    assert org.locator(".t-withdraw").count() == 0  # not while series 1 is played
    first = _results_of(names, 77, random.Random(3))[0]
    for result in first:
        org.evaluate(IMPORT, result)
    assert_drawn_as_new(org)
    org.select_option('[data-field="t-withdraw"]', "Gerda")
    tap(org, '[data-action="t-withdraw"]')
    assert "Gerda stops" in org.locator(".tournament .notice").first.inner_text()
    assert_drawn_as_new(org)
    row = org.locator('.standings tr[data-name="Gerda"]')
    assert "out from series 2" in row.inner_text()
    gerda = _points(first, "Gerda")
    assert row.locator(".t-points").get_attribute("data-points") == str(gerda)
    tap(org, '[data-action="t-next"]')
    series2 = [org.locator(f'.t-table[data-series="2"][data-table="{k}"] .seat-order bdi').all_inner_texts() for k in (1, 2)]
    assert sorted(len(s) for s in series2) == [3, 4] and "Gerda" not in sum(series2, [])
    org.fill('[data-field="t-find"]', "Gerda")
    gerda_found = org.locator('.t-found li[data-name="Gerda"]').inner_text()
    assert (
        f"series 1: table {_table_of(first, 'Gerda')}" in gerda_found
        and f"points: {_points(first, 'Gerda')} · series 2: stopped" in gerda_found
    )
    org.fill('[data-field="t-find"]', "Anne")
    anne_found = org.locator('.t-found li[data-name="Anne"]').inner_text()
    assert f"points: {_points(first, 'Anne')} · series 2: table " in anne_found and anne_found.endswith(
        f"not handed in yet · rank {_rank(org, 'Anne')} ({_points(first, 'Anne')} points)"
    ), anne_found
    assert_drawn_as_new(org)
    # Drawn in the other language over the screen as it stood: no word of
    # the one before is left.
    tap(org, '[data-action="lang"]')
    assert "Serie 2: Tisch " in org.locator('.t-found li[data-name="Anne"]').inner_text()
    assert_drawn_as_new(org)
    tap(org, '[data-action="lang"]')
    # Her series: the points of the first, the second sat out; a player of
    # series 2 has not handed in yet.
    assert row.locator(".t-points").get_attribute("data-points") == f"{gerda} -"
    assert row.locator(".t-points .sr-only").text_content() == f"series 1: {gerda}, series 2: did not play"
    anne = org.locator('.standings tr[data-name="Anne"] .t-points .sr-only').text_content()
    assert anne == f"series 1: {_points(first, 'Anne')}, series 2: not handed in yet"
    # Anne's table of series 2 hands in: the finder gives her points there.
    second = _results_of(names, 77, random.Random(3), series=2, withdrawn={1: "Gerda"})[1]
    org.evaluate(IMPORT, next(r for r in second if r["table"] == _table_of(second, "Anne")))
    assert_drawn_as_new(org)
    anne_found = org.locator('.t-found li[data-name="Anne"]').inner_text()
    assert f"series 2: table {_table_of(second, 'Anne')}" in anne_found and f"points: {_points(second, 'Anne')} · rank" in anne_found
    assert not page_errors
