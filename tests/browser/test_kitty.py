"""The kitty: stakes typed in euros on the start form (an amount
that is none said in plain words, a stake the rules cannot pay refused with
the engine's reason, nothing started), each finished game of a series
showing who pays whom from the engine's money, and the evening's
settlement screen equal to the engine's books over the same records."""

from __future__ import annotations

from test_club_series import finish_with

from club_helpers import choose_format
from helpers import assert_axe_clean, engine_message, engine_state, message, open_app, screen, shot, start_sheet, stored, tap, wait_idle

PEOPLE = ["Hans", "Anne", "Gerda"]


def euros_de(cents: int) -> str:
    sign = "−" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100},{abs(cents) % 100:02d} €"


def euros_en(cents: int) -> str:
    sign = "−" if cents < 0 else ""
    return f"{sign}€{abs(cents) // 100}.{abs(cents) % 100:02d}"


def stake(page, name: str, value: str) -> None:
    field = page.locator(f'[data-field="kitty:{name}"]')
    field.fill(value)
    field.dispatch_event("change")


def refused_start(page) -> str:
    page.locator('[data-action="new-game"]').tap()
    page.wait_for_function("() => !document.getElementById('message').hidden")
    wait_idle(page)
    assert screen(page) == "start" and stored(page) is None
    return message(page)


def test_a_money_evening_of_a_series_with_its_settlement(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=7)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    choose_format(page, "series", 2)
    page.locator(".kitty-form summary").tap()
    assert_axe_clean(page, shared_site, "start form with the kitty")

    stake(page, "per_mark", "zehn")
    assert "„zehn“ ist kein Betrag (pro Schräm)" in refused_start(page)
    stake(page, "per_mark", "0,10")
    stake(page, "per_knolle", "0.20")
    said = refused_start(page)
    assert said == engine_message("bad_stakes", "de", field="pro Knolle", why="Knollen gibt es nur in Sebbe Schröhm"), said
    stake(page, "per_knolle", "")
    stake(page, "per_lost_game", "0.5")
    page.locator('[data-field="kitty:loser_round"]').check()
    start_sheet(page, PEOPLE)
    assert stored(page)["save"]["record"]["stakes"] == {"per_mark": 10, "per_lost_game": 50, "loser_round": True}

    finish_with(page, 2)
    money = stored(page)["state"]["money"]
    assert money["payments"], money
    lines = page.locator(".kitty-payments li").all_inner_texts()
    assert len(lines) == len(money["payments"])
    for line, p in zip(lines, money["payments"]):
        who = f"{PEOPLE[p['payer'] - 1]} zahlt " + (
            f"{PEOPLE[p['payee'] - 1]} {euros_de(p['cents'])}" if p["payee"] else f"{euros_de(p['cents'])} in die Kasse"
        )
        assert line.startswith(who), (line, who)
    assert any(line.startswith("Hans zahlt Anne ") for line in lines), lines
    if money["rounds"]:
        assert page.locator(".kitty-rounds li").all_inner_texts() == [f"{PEOPLE[s - 1]} gibt eine Runde aus" for s in money["rounds"]]
    page.locator(".kitty-game").scroll_into_view_if_needed()
    shot(page, artifacts, "kitty-over-360-de.png")

    tap(page, '[data-action="next-game"]')
    finish_with(page, 1)
    save = stored(page)["save"]
    records = [*save["series"]["finished"], save["record"]]
    books = engine_state("books", {"records": records})
    assert books["transfers"] and len(books["transfers"]) <= len(PEOPLE)

    tap(page, '[data-action="kitty-books"]')
    page.wait_for_selector(".kitty-transfers li")
    assert page.locator("#kitty-books-h").inner_text() == "Abrechnung"
    expected = [
        f"{x['payer']} zahlt {x['payee']} {euros_de(x['cents'])}"
        if x["payee"]
        else f"{x['payer']} zahlt {euros_de(x['cents'])} in die Kasse"
        for x in books["transfers"]
    ]
    assert page.locator(".kitty-transfers li").all_inner_texts() == expected
    cells = dict(zip(page.locator(".kitty-balances th").all_inner_texts(), page.locator(".kitty-balances td").all_inner_texts()))
    assert cells == {n: ("+" if c > 0 else "") + euros_de(c) for n, c in books["balances"].items()}
    if books["pot"]:
        assert page.locator(".kitty-books .kitty-pot").inner_text() == f"In der Kasse: {euros_de(books['pot'])}"
    shot(page, artifacts, "kitty-books-360-de.png")
    assert_axe_clean(page, shared_site, "settlement")
    page.set_viewport_size({"width": 320, "height": 568})
    page.locator(".kitty-transfers").scroll_into_view_if_needed()
    shot(page, artifacts, "kitty-books-320-de.png")
    page.locator('[data-action="lang"]').tap()
    assert page.locator(".kitty-transfers li").all_inner_texts() == [
        f"{x['payer']} pays {x['payee']} {euros_en(x['cents'])}" if x["payee"] else f"{x['payer']} pays {euros_en(x['cents'])} into the pot"
        for x in books["transfers"]
    ]
    shot(page, artifacts, "kitty-books-320-en.png")
    tap(page, '[data-action="kitty-close"]')
    assert screen(page) == "over"
    page.locator(".kitty-game").scroll_into_view_if_needed()
    shot(page, artifacts, "kitty-over-320-en.png")


def _csv_rows(path) -> list[list[str]]:
    import csv
    import io

    text = path.read_text(encoding="utf-8")
    assert text.startswith("\ufeff"), text[:20]
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";" if ";" in text.splitlines()[0] else ","))


def test_the_kitty_stays_open_fits_the_over_screen_and_saves_the_settlement_as_csv(warm_page, shared_site, tmp_path):
    from club_helpers import download

    page = warm_page(locale="de-DE", service_workers="block")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, shared_site, seed=8)
    # An open section with nothing typed yet stays open when a seat changes hands.
    page.locator(".kitty-form summary").tap()
    for who in ("bot:easy", "human"):
        page.select_option('[data-field="who"][data-seat="1"]', who)
        wait_idle(page)
        assert page.locator(".kitty-form").get_attribute("open") is not None, who
    page.locator(".kitty-form summary").tap()
    page.select_option('[data-field="who"][data-seat="1"]', "bot:easy")
    wait_idle(page)
    assert page.locator(".kitty-form").get_attribute("open") is None

    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    page.locator(".kitty-form summary").tap()
    stake(page, "per_mark", "0,10")
    stake(page, "per_lost_game", "0,50")
    start_sheet(page, PEOPLE)
    finish_with(page, 2)
    # The four buttons leave the screen to the result: a fifth of it at most.
    box = page.locator("#controls").bounding_box()
    assert box["height"] <= 0.2 * 640, box
    for action in ("undo", "export", "setup", "rematch"):
        b = page.locator(f'#controls [data-action="{action}"]').bounding_box()
        assert b["height"] >= 48 and b["width"] >= 48 and b["y"] + b["height"] <= 640, (action, b)

    record = stored(page)["save"]["record"]
    books = engine_state("books", {"records": [record]})
    tap(page, '.kitty-game [data-action="kitty-books"]')
    page.wait_for_selector(".kitty-transfers li")
    if books["pot"]:
        assert page.locator(".kitty-pot-rule").inner_text().startswith("In die Kasse zahlt zuerst, wer sie verloren hat (")
    rows = _csv_rows(download(page, '[data-action="kitty-csv"]', tmp_path))
    assert rows[0] == ["Art", "Wer", "An", "Betrag (€)", "Runden"]
    shown = dict(zip(page.locator(".kitty-balances th").all_inner_texts(), page.locator(".kitty-balances td").all_inner_texts()))
    assert {r[1]: r[3] for r in rows if r[0] == "Saldo"} == {
        n: v.replace("+", "").replace("−", "-").replace(" €", "") for n, v in shown.items()
    }
    assert [(r[1], r[2]) for r in rows if r[0] == "Zahlung"] == [(x["payer"], x["payee"] or "Kasse") for x in books["transfers"]]
    page.locator('[data-action="lang"]').tap()
    rows = _csv_rows(download(page, '[data-action="kitty-csv"]', tmp_path, "en.csv"))
    assert rows[0] == ["Line", "Who", "To", "Amount (€)", "Rounds"]
    assert {r[0] for r in rows[1:]} <= {"Balance", "Pot", "Transfer"}
