"""A tournament across phones without a server: 8 players, 2 tables, 2
series of one game each. The organiser's phone draws the seats (seed shown),
hands out tickets (file and QR code), plays one table itself, and brings the
other table's finished series in from a file and from a scanned QR sequence;
the same file twice, a tampered file and a result of another tournament are
refused with the engine's reason. The printed Spielliste is rendered and
looked at."""

from __future__ import annotations

import json

from club_helpers import FAKE_CAMERA, choose_file, codes_for, download, finish_fast, open_list, read_json
from helpers import message, open_app, screen, shot, stored, tap, wait_idle, wait_shell_ready

NAMES = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"]

# The words (and marks drawn by CSS, the dealer's G and the winner's star)
# under `selector` whose colour has less than 4.5:1 contrast on white paper.
FAINT_ON_PAPER = """(selector) => {
  const lum = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const faint = (colour) => 1.05 / (lum(colour) + 0.05) < 4.5;
  const found = [];
  for (const el of document.querySelectorAll(`${selector} *`)) {
    if (!el.getClientRects().length) continue;
    const words = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (words && faint(getComputedStyle(el).color)) found.push(el.textContent.trim().slice(0, 40));
    for (const pseudo of ['::before', '::after']) {
      const st = getComputedStyle(el, pseudo);
      if (st.content && !['none', 'normal'].includes(st.content) && faint(st.color)) found.push(`${pseudo} ${st.content}`);
    }
  }
  return found;
}"""


def create_tournament(page, *, seed: int, games: int = 1, series: int = 2, names: list[str] = NAMES):
    tap(page, '[data-action="tournament"]')
    assert screen(page) == "tournament-setup"
    page.fill('[data-field="t-names"]', "\n".join(names))
    page.locator('[data-field="t-names"]').dispatch_event("change")
    page.select_option('[data-field="t-games"]', str(games))
    page.select_option('[data-field="t-series"]', str(series))
    page.fill('[data-field="t-seed"]', str(seed))
    page.locator('[data-field="t-seed"]').dispatch_event("change")
    tap(page, '[data-action="t-create"]')
    assert screen(page) == "tournament"


def table_players(page, series: int, table: int) -> list[str]:
    return page.locator(f'.t-table[data-series="{series}"][data-table="{table}"] .seat-order bdi').all_inner_texts()


def play_ticket_from_file(page, ticket_path):
    """A table's phone: load the ticket, enter the series, save the result."""
    if screen(page) != "start":
        tap(page, 'header [data-action="setup"]')
    choose_file(page, "ticket-file", ticket_path)
    if screen(page) == "confirm":
        tap(page, '[data-action="confirm-yes"]')
    assert screen(page) == "sheet"
    finish_fast(page)
    assert screen(page) == "over"


def test_a_tournament_on_two_phones(warm_page, shared_site, artifacts, tmp_path, page_errors):
    org = warm_page(locale="de-DE", accept_downloads=True)
    # A second phone: another warm context (the same language).
    table = warm_page(locale="de-AT", accept_downloads=True)
    table.add_init_script(FAKE_CAMERA)
    open_app(org, shared_site, seed=21)
    open_app(table, shared_site, seed=22)

    create_tournament(org, seed=4242)
    assert "Auslosung mit Startwert 4242" in org.locator(".tournament").inner_text()
    assert org.locator(".t-series").count() == 1
    drawn = [table_players(org, 1, 1), table_players(org, 1, 2)]
    assert sorted(drawn[0] + drawn[1]) == sorted(NAMES) and len(drawn[0]) == 4
    assert "gibt zuerst, führt die Liste" in org.locator('.t-table[data-table="1"] .seat-order li').nth(3).inner_text()

    # Series 1, table 1 on the table's phone: the ticket travels as a file.
    tap(org, '[data-action="t-ticket"][data-series="1"][data-table="1"]')
    assert screen(org) == "qr" and org.locator("svg.qr").count() == 1
    ticket_path = download(org, '[data-action="qr-file"]', tmp_path, "ticket-s1-t1.json")
    ticket = read_json(ticket_path)
    assert ticket["players"] == drawn[0] and ticket["draw_seed"] == 4242
    tap(org, '[data-action="qr-done"]')
    play_ticket_from_file(table, ticket_path)
    save = stored(table)["save"]
    assert save["series"]["ticket"]["table"] == 1
    assert save["record"]["dealer"] == 4  # seat 4 deals the first hand of a series

    # The printed Spielliste of that table: A4, signature lines, the draw seed.
    open_list(table)
    text = table.locator(".spielliste").inner_text()
    assert "Turnier" in text and "Serie 1 · Tisch 1" in text
    table.emulate_media(media="print")
    assert table.locator(".signatures").is_visible()
    assert table.locator(".topbar").is_hidden() and table.locator("#controls").is_hidden()
    assert table.locator(".signature").count() == 4
    assert "Auslosung: Startwert 4242" in table.locator(".spielliste").inner_text()
    assert table.evaluate(FAINT_ON_PAPER, ".spielliste") == [], "words of the printed Spielliste too faint on white paper"
    table.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    table.screenshot(path=artifacts / "club-spielliste-print.png", full_page=True)
    table.emulate_media(media="screen")
    table.set_viewport_size({"width": 412, "height": 839})
    tap(table, '[data-action="list-back"]')
    assert screen(table) == "over"

    tap(table, '[data-action="send-result"]')
    assert screen(table) == "qr"
    assert "Code 1 von" in table.locator(".qr-count").inner_text()
    result_path = download(table, '[data-action="qr-file"]', tmp_path, "result-s1-t1.json")
    result = read_json(result_path)
    assert result["format"] == "schraem-table-series/1" and result["series"] == 1 and result["table"] == 1

    # A file that is no JSON is called no table result, not a game record.
    cut_path = tmp_path / "cut.json"
    cut_path.write_text(json.dumps(result)[:300])
    choose_file(org, "t-import-file", cut_path)
    assert message(org).startswith("Diese Datei ist kein Tisch-Ergebnis: Sie enthält kein gültiges JSON.")
    # A tampered result is refused naming the game and hand; nothing changes.
    bad = json.loads(json.dumps(result))
    bad["marks"][0][0][0] += 1
    bad_path = tmp_path / "tampered.json"
    bad_path.write_text(json.dumps(bad))
    choose_file(org, "t-import-file", bad_path)
    assert "Die Serie ist verändert worden: Spielrunde 1, Spiel 1" in message(org)
    assert org.locator('.t-table[data-series="1"][data-table="1"] .badge').first.inner_text() == "offen"

    # The real file counts; the same file twice is refused.
    choose_file(org, "t-import-file", result_path)
    assert message(org) == ""
    assert "Serie 1, Tisch 1 eingelesen." in org.locator(".tournament .notice:not(.t-missing)").inner_text()
    assert org.locator('.t-table[data-series="1"][data-table="1"] .badge').first.inner_text() == "eingelesen"
    choose_file(org, "t-import-file", result_path)
    assert message(org) == "Serie 1, Tisch 1 ist schon eingelesen."

    # Series 1, table 2 on the organiser's own phone.
    tap(org, '[data-action="t-play"][data-series="1"][data-table="2"]')
    assert screen(org) == "sheet"
    assert org.locator(".club-banner").inner_text().startswith("Turnier · Serie 1 · Tisch 2")
    finish_fast(org)
    tap(org, '[data-action="result-here"]')
    assert screen(org) == "tournament"
    assert "Serie 1, Tisch 2 eingelesen." in org.locator(".tournament .notice:not(.t-missing)").inner_text()

    # Series 2: drawn anew from the same seed.
    tap(org, '[data-action="t-next"]')
    assert org.locator(".t-series").count() == 2
    drawn2 = [table_players(org, 2, 1), table_players(org, 2, 2)]
    assert drawn2 != drawn
    # Table 1 by QR this time: the ticket scanned off the organiser's screen.
    tap(org, '[data-action="t-ticket"][data-series="2"][data-table="1"]')
    ticket2 = read_json(download(org, '[data-action="qr-file"]', tmp_path, "ticket-s2-t1.json"))
    tap(org, '[data-action="qr-done"]')
    tap(table, 'header [data-action="setup"]')
    tap(table, '[data-action="ticket-scan"]')
    assert screen(table) == "scan"
    table.evaluate("(codes) => window.__qr.push(...codes)", codes_for(org, ticket2))
    table.wait_for_function("() => document.body.dataset.screen !== 'scan'")
    wait_idle(table)
    if screen(table) == "confirm":
        tap(table, '[data-action="confirm-yes"]')  # series 1 is over: it is asked only when one runs
    assert screen(table) == "sheet"
    assert stored(table)["save"]["series"]["ticket"]["series"] == 2
    finish_fast(table)
    tap(table, '[data-action="send-result"]')
    result2 = read_json(download(table, '[data-action="qr-file"]', tmp_path, "result-s2-t1.json"))
    # The result comes in by camera on the organiser's phone (a numbered sequence).
    codes = codes_for(table, result2)
    org.add_init_script(FAKE_CAMERA)
    org.reload()
    wait_shell_ready(org)
    if screen(org) != "start":
        tap(org, 'header [data-action="setup"]')
    tap(org, '[data-action="tournament"]')
    assert screen(org) == "tournament"  # the tournament survived the reload
    tap(org, '[data-action="t-scan"]')
    assert screen(org) == "scan"
    org.evaluate("(codes) => window.__qr.push(...codes.slice().reverse(), codes[0])", codes)
    org.wait_for_function("() => document.body.dataset.screen === 'tournament'")
    wait_idle(org)
    assert "Serie 2, Tisch 1 eingelesen." in org.locator(".tournament .notice:not(.t-missing)").inner_text()

    # A series of another tournament is refused.
    other = json.loads(json.dumps(result))
    other["tournament"] = "0" * 16
    other_path = tmp_path / "other.json"
    other_path.write_text(json.dumps(other))
    choose_file(org, "t-import-file", other_path)
    assert message(org) == "Diese Serie gehört zu einem anderen Turnier."

    tap(org, '[data-action="t-play"][data-series="2"][data-table="2"]')
    finish_fast(org)
    tap(org, '[data-action="result-here"]')

    # Final standings: every player's total is the sum of their tables'
    # series totals, ranked best first.
    # series totals, ranked best first; under each name, those series.
    expected = {n: 0 for n in NAMES}
    per_series = {n: ["-", "-"] for n in NAMES}
    for card in org.locator(".t-table").all():
        names = card.locator(".seat-order bdi").all_inner_texts()
        totals = [int(x.rsplit(" ", 1)[1]) for x in card.locator(".totals").inner_text().split(" · ")]
        for n, v in zip(names, totals):
            expected[n] += v
            per_series[n][int(card.get_attribute("data-series")) - 1] = str(v)
    rows = org.locator(".standings tbody tr").all()
    assert len(rows) == 8
    shown = [(r.locator("th bdi").inner_text(), int(r.locator("td").nth(1).inner_text())) for r in rows]
    assert dict(shown) == expected and sum(expected.values()) > 0
    assert {r.locator("th bdi").inner_text(): r.locator(".t-points").get_attribute("data-points").split() for r in rows} == per_series
    assert [int(r.locator("td").first.inner_text()) for r in rows] == list(range(1, 9))
    assert [v for _, v in shown] == sorted(expected.values(), reverse=True)
    assert org.locator(".tournament .chart-svg").count() == 1
    assert org.locator('[data-action="t-next"]').count() == 0  # both series are played
    # Over: named by its people, its winner said, no result left to bring in.
    assert org.locator("#t-view-heading").inner_text() == "Turnier mit 8 Spielern"
    assert org.locator(".tournament .t-over").inner_text() == f"Das Turnier ist beendet: {shown[0][0]} gewinnt."
    assert org.locator('[data-action="t-import"], [data-action="t-scan"]').count() == 0
    shot(org, artifacts, "club-tournament.png")

    # The finished tournament is in the history, read-only, with every table's list.
    tap(org, '[data-action="setup"]')
    tap(org, '[data-action="history"]')
    entry = org.locator('.history-entry[data-kind="tournament"]')
    assert "fertig" in entry.inner_text()
    entry.locator('[data-action="history-open"]').tap()
    wait_idle(org)
    assert screen(org) == "tournament-view"
    assert org.locator(".standings tbody tr").first.locator("th bdi").inner_text() == shown[0][0]
    tap(org, '[data-action="t-list"][data-series="2"][data-table="1"]')
    org.wait_for_selector("table.list")
    assert org.locator(".spielliste h2").inner_text() == "Spielliste · Serie 2 · Tisch 1"
    assert org.locator('[data-action="fix-open"]').count() == 0
    tap(org, '[data-action="list-back"]')
    assert screen(org) == "tournament-view"
    # The statistics count every game of the tournament once, read from
    # the tournament kept in history; the tables this phone played are
    # kept there and in their own entries.
    tap(org, '[data-action="history"]')
    tap(org, '[data-action="stats"]')
    org.wait_for_selector(".stats-table")
    games = {n: org.locator(f'.stats-table td[data-col="games"][data-name="{n}"]').inner_text() for n in NAMES}
    assert games == {n: "2" for n in NAMES}, games
    assert page_errors == []


def test_a_ticket_or_a_deal_sets_result_that_is_no_json_is_named_for_what_was_chosen(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=47)
    cut = tmp_path / "cut.json"
    cut.write_text('{"format": "schraem-table/1", "players": [')
    choose_file(page, "ticket-file", cut)
    assert message(page) == "Diese Datei ist kein Turnier-Ticket: Sie enthält kein gültiges JSON."
    assert screen(page) == "start"
    said = page.evaluate("""async () => {
      const { duel } = await import('./modules.js');
      await duel.compareWith(new File(['{"format": "schraem-duel/1", "hands": ['], 'duell.json'));
      return document.getElementById('message').textContent;
    }""")
    assert said.startswith("Vergleich nicht möglich – diese Datei ist kein Ergebnis von Duell-Karten"), said
    assert "Spielbericht" not in said
