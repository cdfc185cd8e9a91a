"""The saved table is on screen before the shell's modules are in:
early-paint.js shows the markup painted.js kept of the last drawn table,
inert, until app.js draws the game live. Here app.js never arrives, so
whatever is on screen came from early-paint.js alone."""

from __future__ import annotations

import json

from helpers import open_app, screen, start_game, start_sheet, stored, tap, wait_shell_ready

PAINTED = "schraem.painted"
ONE_PERSON = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]
TWO_PEOPLE = [("Anne", "human"), ("Hubert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]


def kept(page) -> dict | None:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{PAINTED}'))")


def wait_kept(page) -> dict:
    page.wait_for_function(f"() => localStorage.getItem('{PAINTED}') !== null")
    return kept(page)


def table_text(page) -> dict:
    return {sel: page.locator(sel).inner_text() for sel in ("#screen", "#controls")} | {
        "cards": page.eval_on_selector_all("#screen [data-card]", "els => els.map(e => e.dataset.card)")
    }


def without_the_shell(page) -> None:
    """Reload with app.js refused: only the classic scripts run."""
    page.route("**/app.js", lambda route: route.abort())
    page.reload(wait_until="domcontentloaded")


def test_the_saved_table_is_drawn_before_the_shell_and_handed_over_to_it(warm_page, shared_site):
    # The smallest phone: the table's upper part is scrolled to keep the trick in sight.
    page = warm_page(locale="de-DE", service_workers="block")
    page.set_viewport_size({"width": 320, "height": 568})
    open_app(page, shared_site, seed=21, pace="60000")
    start_game(page, ONE_PERSON, dealer=4)
    tap(page, '[data-action="look"]')
    card = stored(page)["state"]["view"]["my_cards"][0]
    tap(page, f'[data-card="{card}"]')
    record = wait_kept(page)
    assert record["format"] == "schraem-painted/1" and record["screen"] == "table"
    live = table_text(page)
    step = page.evaluate("() => document.body.dataset.step")
    scrolled = page.evaluate("() => document.querySelector('#screen .table-top').scrollTop")
    assert scrolled > 0

    without_the_shell(page)
    page.wait_for_function("() => document.body.dataset.painted === 'early'")
    assert table_text(page) == live
    assert screen(page) == "table"
    # The trick kept in sight as it was (the upper part scrolled alike).
    page.wait_for_function("(y) => document.querySelector('#screen .table-top').scrollTop === y", arg=scrolled)
    # Seen, not yet usable: nothing on it takes a tap until the shell is in.
    assert page.evaluate("() => document.getElementById('screen').inert && document.getElementById('controls').inert")
    assert page.evaluate("() => performance.getEntriesByName('schraem:saved-painted').length") == 1

    page.unroute("**/app.js")
    page.reload()
    wait_shell_ready(page)
    assert page.evaluate("() => document.body.dataset.step") == step
    assert page.evaluate(
        "() => !('painted' in document.body.dataset) && !document.getElementById('screen').inert"
        " && !document.getElementById('controls').inert"
    )
    assert table_text(page) == live


def test_every_move_forgets_the_kept_table_until_it_is_drawn_again(warm_page, shared_site):
    """The kept markup is never of another position than the saved one: a
    write of the game forgets it before anything is committed."""
    page = warm_page(locale="en-GB", service_workers="block")
    open_app(page, shared_site, seed=22, pace="60000")
    start_game(page, ONE_PERSON, dealer=4)
    first = wait_kept(page)
    # Read as each write of the game commits, before the new state is drawn.
    page.evaluate(f"""() => {{ window.__seen = []; addEventListener('schraem:stored',
        () => window.__seen.push(localStorage.getItem('{PAINTED}'))); }}""")
    tap(page, '[data-action="look"]')
    assert page.evaluate("() => window.__seen") == [None]
    second = wait_kept(page)
    assert second["main"] != first["main"]
    assert second["lang"] == "en"


def test_the_scoresheet_is_kept_but_a_phone_passed_between_people_is_not(warm_page, shared_site):
    sheet = warm_page(locale="de-DE", service_workers="block")
    open_app(sheet, shared_site, seed=23)
    start_sheet(sheet, ["Anne", "Hubert", "Gerda"])
    assert wait_kept(sheet)["screen"] == "sheet"

    shared = warm_page(locale="de-AT", service_workers="block")
    open_app(shared, shared_site, seed=24, pace="60000")
    start_game(shared, TWO_PEOPLE, dealer=4)
    if screen(shared) == "pass":
        tap(shared, '[data-action="take-phone"]')
    tap(shared, '[data-action="look"]')
    assert screen(shared) == "table" and shared.locator("#screen [data-card]").count() > 0
    # Longer than the pause after which a drawn table is kept.
    shared.wait_for_timeout(1500)
    assert kept(shared) is None


def test_a_tampered_kept_table_shows_no_script_and_a_foreign_one_nothing(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=25)
    evil = {
        "format": "schraem-painted/1",
        "screen": "table",
        "title": "Schräm",
        "lang": "de",
        "contrast": "normal",
        "tools": [
            {"action": "list", "html": '<img src="x" onerror="window.__pwned = 1">Liste', "hidden": False, "label": None, "lang": None}
        ],
        "main": '<p class="evil" onclick="window.__pwned = 2">Tisch</p><script>window.__pwned = 3</script>'
        '<img src="x" onerror="window.__pwned = 4"><a href="javascript:window.__pwned = 5">x</a>'
        '<iframe srcdoc="<script>parent.__pwned = 6</script>"></iframe>',
        "controls": "<button>Klopfen</button>",
        "id": "x",
    }
    page.evaluate("(v) => localStorage.setItem('schraem.painted', v)", json.dumps(evil))
    without_the_shell(page)
    page.wait_for_function("() => document.body.dataset.painted === 'early'")
    page.wait_for_timeout(300)  # for an image error handler, had one survived
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#screen .evil").inner_text() == "Tisch"
    assert (
        page.evaluate("""() => document.querySelectorAll('#screen script, #screen iframe, [onerror], [onclick],'
        + ' [href^="javascript:"]').length""")
        == 0
    )

    for foreign in ({**evil, "format": "schraem-painted/0"}, {**evil, "screen": "settings"}, {**evil, "main": 7}, "[1, 2]", "{"):
        page.evaluate("(v) => localStorage.setItem('schraem.painted', v)", foreign if isinstance(foreign, str) else json.dumps(foreign))
        page.reload(wait_until="domcontentloaded")
        page.wait_for_function("() => document.readyState === 'complete'")
        assert page.evaluate("() => [document.body.dataset.screen, 'painted' in document.body.dataset]") == ["loading", False], foreign
