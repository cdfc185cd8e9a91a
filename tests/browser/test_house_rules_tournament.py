"""House rules on every phone: a named house rule set made on
one phone, chosen on the start form and for a tournament, seen on the
rules page beside the preset's text; the tournament's table ticket loaded
on a second phone (its own storage) plays those rules and says their name:
in the banner over the sheet, on its rules page, and after a reload."""

from __future__ import annotations

from test_house_rules import HOSTILE, set_option

from club_helpers import choose_file, download, read_json, sheet_marks
from helpers import open_app, screen, stored, tap, wait_idle, wait_shell_ready

NAMES = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"]
SET_OPTIONS = {"start_marks": 5, "knock_limit": "none"}


def make_house_rules(page) -> None:
    """On the start form: So spielen wir → Rengen, 5 marks, knocking without
    a limit, saved under a name (the engine checks every change)."""
    tap(page, '[data-action="house-open"]')
    page.wait_for_selector(".house-group")
    wait_idle(page)
    page.locator('[data-field="house-name"]').fill(HOSTILE)
    page.select_option('[data-field="house-preset"]', "rengen")
    wait_idle(page)
    page.wait_for_selector('[data-field="house-opt:start_marks"]')
    set_option(page, "start_marks", "5")
    page.select_option('[data-field="house-opt:knock_limit"]', "none")
    wait_idle(page)
    assert page.locator(".house-opt.changed").count() == 2
    assert page.locator(".house-refused").count() == 0
    tap(page, '[data-action="house-save"]')
    page.wait_for_function("() => document.body.dataset.screen === 'start'")


def house_on_rules_page(page) -> str:
    page.wait_for_selector("#rules-rengen .rules-house")
    wait_idle(page)
    return page.locator("#rules-rengen .rules-house").inner_text()


def open_rules_from_table(page) -> str:
    tap(page, 'header [data-action="settings"]')
    tap(page, '[data-action="rules"]')
    assert screen(page) == "rules"
    return house_on_rules_page(page)


def test_house_rules_travel_in_a_tournament_ticket_to_a_second_phone(warm_page, shared_site, tmp_path, page_errors):
    org = warm_page(locale="de-DE", accept_downloads=True)
    # A second phone: another warm context (the same language).
    table = warm_page(locale="de-AT", accept_downloads=True)
    open_app(org, shared_site, seed=31)
    open_app(table, shared_site, seed=32)

    # Phone A: the house rule set, made and chosen on the start form.
    make_house_rules(org)
    kept = org.evaluate("async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('house-rules')")
    assert [(s["name"], s["rules"], s["options"]) for s in kept] == [(HOSTILE, "rengen", SET_OPTIONS)]
    key = f"own:{kept[0]['id']}"
    assert org.eval_on_selector('[data-field="house-set"]', "s => s.value") == key

    # Seen on the rules page, in the preset's section beside its text.
    tap(org, '[data-action="rules"]')
    house = house_on_rules_page(org)
    assert HOSTILE in house and "Schräm zu Beginn: 5" in house and "Wie hoch darf man klopfen: ohne Grenze" in house, house
    assert org.locator("#rules-rengen .rules-house b").count() == 0
    tap(org, '[data-action="rules-close"]')

    # Chosen for a tournament: the organiser's form takes its rule set.
    tap(org, '[data-action="tournament"]')
    assert screen(org) == "tournament-setup"
    org.select_option('[data-field="t-house"]', key)
    wait_idle(org)
    assert org.eval_on_selector('[data-field="t-rules"]', "s => s.value") == "rengen"
    org.fill('[data-field="t-names"]', "\n".join(NAMES))
    org.locator('[data-field="t-names"]').dispatch_event("change")
    org.select_option('[data-field="t-games"]', "1")
    org.select_option('[data-field="t-series"]', "1")
    org.fill('[data-field="t-seed"]', "2424")
    org.locator('[data-field="t-seed"]').dispatch_event("change")
    tap(org, '[data-action="t-create"]')
    assert screen(org) == "tournament"
    assert org.locator(".tournament .t-house").inner_text() == f"Gespielt nach den Hausregeln „{HOSTILE}“"
    facts = org.evaluate(
        "async () => (await (await import('./modules.js').then((m) => m.history)).entries()).filter(e => e.kind === 'tournament')"
    )[0]["facts"]
    assert facts["tournament"]["house"] == HOSTILE and facts["tournament"]["rules"] == "rengen"
    options = facts["tournament"]["options"]
    assert options == {**SET_OPTIONS, "series_games": 1, "tournament_series": 1}

    # The table's ticket leaves phone A as a file (the QR codes hold the same).
    tap(org, '[data-action="t-ticket"][data-series="1"][data-table="1"]')
    assert screen(org) == "qr"
    ticket_path = download(org, '[data-action="qr-file"]', tmp_path, "ticket-s1-t1.json")
    ticket = read_json(ticket_path)
    assert ticket["house"] == HOSTILE and ticket["rules"] == "rengen" and ticket["options"] == options
    tap(org, '[data-action="qr-done"]')

    # Phone B knows nothing of these house rules: nothing kept, none to choose.
    assert table.evaluate("async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('house-rules')") in (
        None,
        [],
    )
    choose_file(table, "ticket-file", ticket_path)
    if screen(table) == "confirm":
        tap(table, '[data-action="confirm-yes"]')
    assert screen(table) == "sheet"

    # It plays the house rules: the options are its game's, 5 marks each.
    save = stored(table)["save"]
    assert save["record"]["rules"] == "rengen" and save["record"]["options"] == options
    assert save["series"]["ticket"]["house"] == HOSTILE
    assert sheet_marks(table) == [5, 5, 5, 5]
    # And says whose rules they are, as text.
    banner = table.locator(".club-banner").inner_text()
    assert banner.startswith("Turnier · Serie 1 · Tisch 1") and f"Hausregeln „{HOSTILE}“" in banner, banner
    assert table.locator(".club-banner b").count() == 0

    # Its rules page names them beside the rule set's text, in both languages.
    house = open_rules_from_table(table)
    assert f"Hausregeln des Turniers: {HOSTILE}" in house, house
    assert "Schräm zu Beginn: 5 (Regelwerk: 7)" in house and "Wie hoch darf man klopfen: ohne Grenze" in house, house
    assert "Spielrunden pro Serie: 1" in house, house
    tap(table, '[data-action="lang"]')
    house = table.locator("#rules-rengen .rules-house").inner_text()
    assert f"House rules of the tournament: {HOSTILE}" in house and "Marks at the start: 5" in house, house
    assert "How high you may knock: no limit" in house, house
    tap(table, '[data-action="lang"]')
    tap(table, '[data-action="rules-close"]')

    # Still so after a reload: the name is kept with the table's save.
    table.reload()
    wait_shell_ready(table)
    assert screen(table) == "sheet"
    assert f"Hausregeln „{HOSTILE}“" in table.locator(".club-banner").inner_text()
    assert sheet_marks(table) == [5, 5, 5, 5]
    assert page_errors == []
