"""Series and sets at one table: a series played on the phone against the
computer (the next game one tap away, dealt by the winner), a Rengen set on
the scoresheet that goes to the Hängeln between the two game losers, and a
hammer start value shown on the sheet."""

from __future__ import annotations

import json

import pytest

from club_helpers import choose_format, enter, open_list
from helpers import open_app, play_until_over, screen, start_game, start_sheet, stored, tap, wait_idle

PEOPLE = ["Hubert", "Gerda", "Hans", "Anne"]


@pytest.fixture
def de_page(warm_page):
    return warm_page(locale="de-DE")


def finish_with(page, winner: int) -> None:
    """`winner` takes every hand; a hammer's knock is held."""
    for _ in range(200):
        wait_idle(page)
        if screen(page) == "over":
            return
        if screen(page) == "result":
            tap(page, '[data-action="next-hand"]')
            continue
        view = stored(page)["state"]["view"]
        if view["response"]:
            enter(page, view["response"]["to_answer"], "hold")
        else:
            enter(page, winner, "win")
    raise AssertionError("the game did not end")


def test_a_series_on_the_phone_against_the_computer(de_page, shared_site, page_errors):
    page = de_page
    open_app(page, shared_site, seed=51)
    choose_format(page, "series", 2)
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy")], dealer=2)
    assert page.locator(".club-banner").inner_text() == "Serie: Spielrunde 1 von 2"
    play_until_over(page)
    state = stored(page)["state"]
    winner = state["view"]["winner"]
    assert state["series"]["number"] == 1 and not state["series"]["over"]
    totals = page.locator(".series-totals td").all_inner_texts()
    assert [int(x) for x in totals] == state["series"]["totals"] and sum(map(int, totals)) > 0
    tap(page, '[data-action="next-game"]')
    assert screen(page) in ("table", "result")
    state = stored(page)["state"]
    assert state["series"]["number"] == 2 and state["view"]["hand_no"] == 1
    assert stored(page)["save"]["record"]["dealer"] == winner  # the winner deals the next game
    play_until_over(page)
    state = stored(page)["state"]
    assert state["series"]["over"]
    assert page.locator(".series-totals caption").inner_text() == "Serie beendet: Punkte"
    assert page.locator('[data-action="next-game"]').count() == 0
    # The series' winner is the headline, the last game's a line under it;
    # no "once more" the engine would refuse for a series, a new table instead.
    names = [p["name"] for p in state["view"]["players"]]
    won = [names[s - 1] for s in state["series"]["winners"]]
    assert won and all(state["series"]["totals"][names.index(n)] == max(state["series"]["totals"]) for n in won)
    heading = page.locator("#over-heading").inner_text()
    assert heading == (f"{won[0]} gewinnt die Serie!" if len(won) == 1 else f"{', '.join(won)} gewinnen die Serie gemeinsam!")
    last = names[state["view"]["winner"] - 1]
    assert page.locator(".game-over .last-game").inner_text() == f"Die letzte Spielrunde gewann {last}."
    assert page.locator('[data-action="rematch"]').count() == 0
    assert page.locator('#controls [data-action="setup"]').inner_text() == "Neues Spiel"
    open_list(page)
    assert page.locator("tr.game-head").count() == 2
    assert page.locator('[data-action="fix-open"]').count() == 0  # dealt hands are not re-entered on the sheet
    assert page.locator("tfoot td").all_inner_texts() == [str(x) for x in state["series"]["totals"]]
    # Another series with the same players: its first hand dealt by the last
    # game's winner, seen from Anne's seat; the finished one stays filed.
    tap(page, '[data-action="list-back"]')
    assert page.locator('[data-action="again"]').inner_text() == "Noch eine Serie"
    tap(page, '[data-action="again"]')
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    again = stored(page)
    filed = "async () => (await (await import('./modules.js')).history.entries()).filter((e) => e.kind === 'series' && e.status === 'finished').length"
    assert page.evaluate(filed) == 1
    assert again["state"]["series"]["number"] == 1 and again["state"]["series"]["totals"] == [0, 0]
    assert again["state"]["view"]["seat"] == 1 and again["save"]["record"]["dealer"] == state["view"]["winner"]
    assert page_errors == []


def test_a_rengen_set_goes_to_the_hangeln(de_page, shared_site, page_errors):
    page = de_page
    open_app(page, shared_site, seed=52)
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    choose_format(page, "set")
    assert page.locator('[data-field="rules"]').input_value() == "rengen"
    start_sheet(page, PEOPLE, dealer=1)
    assert page.locator(".club-banner").inner_text() == "Satz: Spielrunde 1 von 2"
    finish_with(page, 1)  # Hubert beats everyone: Gerda is first out
    assert "Der Satz ist noch offen." in page.locator(".set-line").inner_text()
    tap(page, '[data-action="next-game"]')
    assert page.locator(".club-banner").inner_text() == "Satz: Spielrunde 2 von 2"
    assert stored(page)["state"]["view"]["dealer"] == 1  # game 1's winner deals game 2
    finish_with(page, 2)  # Gerda wins: Hans goes out first
    assert page.locator(".set-line").inner_text() == "Hängeln: Gerda gegen Hans."
    assert page.locator('[data-action="next-game"]').inner_text() == "Zum Hängeln"
    tap(page, '[data-action="next-game"]')
    assert screen(page) == "sheet"
    assert page.locator(".club-banner").inner_text() == "Hängeln: Gerda gegen Hans – wer verliert, verliert den Satz"
    assert page.locator(".sheet-seat").count() == 2
    enter(page, 1, "win")  # Gerda takes the last trick of the Hängeln
    assert screen(page) == "over"
    assert page.locator(".set-line").inner_text() == "Hans verliert den Satz."
    open_list(page)
    assert page.locator("table.list").count() == 2  # the set's two games, then the Hängeln of two players
    assert "Hängeln" in page.locator("table.list").nth(1).inner_text()
    # Another set with the same people at the whole table: its first game
    # dealt by the second game's winner (Gerda), the set before filed.
    tap(page, '[data-action="list-back"]')
    assert page.locator('[data-action="again"]').inner_text() == "Noch ein Satz"
    tap(page, '[data-action="again"]')
    assert screen(page) == "sheet" and page.locator(".sheet-seat").count() == len(PEOPLE)
    assert page.locator(".club-banner").inner_text() == "Satz: Spielrunde 1 von 2"
    assert stored(page)["state"]["view"]["dealer"] == 2
    assert page_errors == []


def test_a_hammer_start_value_is_shown_on_the_sheet(de_page, shared_site, tmp_path):
    page = de_page
    open_app(page, shared_site, seed=53)
    record = {
        "format": "schraem-record/1",
        "rules": "sebbe_schroehm",
        "options": {},
        "players": [{"name": "Anne", "marks": 1}, {"name": "Hubert"}, {"name": "Gerda"}],
        "dealer": 3,
        "hands": [{"deal": None, "actions": [{"seat": 1, "type": "win"}]}],
    }
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("() => document.body.dataset.screen === 'sheet'")
    wait_idle(page)
    assert page.locator(".start-value").inner_text() == "Das Spiel beginnt bei 2."
    assert page.locator(".sheet-head .value").inner_text() == "Es geht um 2"
