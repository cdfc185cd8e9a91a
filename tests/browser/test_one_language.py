"""Words in the language the phone shows, and the app's own name: a game's
line in the history, kept while the app spoke German, reads in English once
the phone is switched; one mark is "1 mark", not "1 marks"; the start
screen's header names the app from 360 px on."""

from __future__ import annotations

import re

from club_helpers import play_sheet_to_the_end
from helpers import open_app, start_sheet, stored, tap


def _win_with_one_mark_left(page) -> None:
    """On a two-player scoresheet: Hubert wins six hands of value 1 (Anne
    keeps 1 mark), then Anne knocks the hand up to 7, Hubert holds, and
    Anne wins it."""
    won = [0]

    def entry(state):
        legal, view = state["sheet_legal"], state["view"]
        if won[0] < 6:
            won[0] += 1
            return 2, "win"
        if view["response"]:
            return view["response"]["to_answer"], "hold"
        if view["value"] < 7 and any(a["type"] == "knock" and not a.get("blind") for a in legal.get("1", [])):
            return 1, "knock"
        return 1, "win"

    play_sheet_to_the_end(page, entry, steps=200)


def test_the_history_line_follows_the_language_and_one_mark_is_singular(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=7)
    start_sheet(page, ["Anne", "Hubert"], dealer=2)
    _win_with_one_mark_left(page)
    assert stored(page)["state"]["view"]["winner"] == 1
    assert "Anne hat noch 1 Schräm und bekommt" in page.locator("#screen").inner_text()
    assert page.locator("#announce").text_content().strip()  # the hand's end, said in German
    tap(page, 'header [data-action="lang"]')
    assert "Anne has 1 mark left and scores" in page.locator("#screen").inner_text()
    # Nothing said in German stays in the live region for a screen reader.
    assert page.locator("#announce").text_content() == ""
    # Nor "1 marks" in what is shown or read out (Anne's strokes: 1 mark).
    said = page.evaluate(
        "() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ')"
    )
    assert "1 mark" in said and not re.search(r"\b1 marks\b", said), said

    # Filed in English now, read in German, and back.
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    summary = page.locator(".history-entry .summary").first
    assert summary.inner_text().startswith("Anne wins ("), summary.inner_text()
    tap(page, 'header [data-action="lang"]')
    assert summary.inner_text().startswith("Anne gewinnt ("), summary.inner_text()


def test_the_start_screen_names_the_app_in_its_header(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site)
    for width, named in ((320, True), (360, True), (412, True)):
        page.set_viewport_size({"width": width, "height": 700})
        name = page.locator("header .brand-name")
        box = name.bounding_box()
        assert (box["width"] > 20) is named, (width, box)
        if named:
            assert name.inner_text() == "Schräm" and box["x"] + box["width"] <= width
        assert page.evaluate("() => document.documentElement.scrollWidth") == width
