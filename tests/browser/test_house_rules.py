"""House rules ("So spielen wir"): a set made from the engine's
catalog, a refused combination shown with the engine's reason and never
saved, the set kept durably, chosen on the start form, seen on the rules
page beside the preset's text and carried into the game's record."""

from __future__ import annotations

from helpers import assert_axe_clean, open_app, screen, shot, stored, tap, wait_idle, wait_shell_ready

HOSTILE = "Stammtisch <b>Rengen</b>"


def set_option(page, name: str, value: str) -> None:
    field = page.locator(f'[data-field="house-opt:{name}"]')
    field.fill(value)
    field.press("Enter")
    field.blur()
    wait_idle(page)


def choose_short_games(page, marks: str = "1", name: str = "Kurz") -> None:
    """House rules named `name` on the rules chosen, each player starting
    with `marks` marks, kept and chosen on the start form: with one mark a
    game is about a hand, for tests that play whole games."""
    tap(page, '[data-action="house-open"]')
    page.wait_for_selector(".house-group")
    page.locator('[data-field="house-name"]').fill(name)
    set_option(page, "start_marks", marks)
    tap(page, '[data-action="house-save"]')
    page.wait_for_function("() => document.body.dataset.screen === 'start'")
    page.select_option('[data-field="house-set"]', label=name)


def open_editor(page) -> None:
    page.locator('[data-action="house-open"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'house'")
    page.wait_for_selector(".house-group")
    wait_idle(page)


def kept_sets(page) -> list[dict]:
    return page.evaluate("async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('house-rules')") or []


def test_a_house_rule_set_is_made_chosen_and_seen_on_the_rules_page(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    # The sources' formats are offered ready.
    offered = page.eval_on_selector_all('[data-field="house-set"] option', "els => els.map(e => e.textContent)")
    assert any("Marienheide: 5 Punkte" in o for o in offered), offered

    open_editor(page)
    assert page.locator(".house-group legend").first.inner_text() == "Tisch und Karten"
    page.locator('[data-field="house-name"]').fill(HOSTILE)
    page.select_option('[data-field="house-preset"]', "rengen")
    wait_idle(page)
    page.wait_for_selector('[data-field="house-opt:start_marks"]')
    set_option(page, "start_marks", "5")
    assert page.locator(".house-opt.changed").count() == 1
    assert "Regelwerk: 7" in page.locator(".house-opt.changed").inner_text()

    # Two options that cannot be played together: the engine's reason, no save.
    set_option(page, "min_players", "5")
    set_option(page, "max_players", "3")
    refusal = page.locator(".house-refused").inner_text()
    # Named in the words the editor shows for each option, not by its code.
    assert (
        "Diese Regeln gehen nicht zusammen: „Mindestens so viele Spieler“ (5) ist größer als „Höchstens so viele Spieler“ (3)" in refusal
    ), refusal
    assert "min_players" not in refusal and "max_players" not in refusal, refusal
    editor = page.locator(".house-group").first.inner_text()
    assert "Mindestens so viele Spieler" in editor and "Höchstens so viele Spieler" in editor
    assert page.locator('[data-action="house-save"]').is_disabled()
    assert kept_sets(page) == []
    set_option(page, "max_players", "8")
    set_option(page, "min_players", "2")
    assert page.locator(".house-refused").count() == 0
    assert not page.locator('[data-action="house-save"]').is_disabled()

    page.locator('[data-action="house-save"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'start'")
    kept = kept_sets(page)
    assert [(s["name"], s["rules"], s["options"]) for s in kept] == [(HOSTILE, "rengen", {"start_marks": 5})]

    # Kept across a reload, and still the one chosen.
    page.reload()
    wait_shell_ready(page)
    chosen = page.eval_on_selector('[data-field="house-set"]', "s => s.selectedOptions[0].textContent")
    assert chosen == HOSTILE  # shown literally, never parsed
    assert page.eval_on_selector('[data-field="rules"]', "s => s.value") == "rengen"

    page.locator('[data-action="rules"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'rules'")
    page.wait_for_selector("#rules-rengen .rules-house")
    house = page.locator("#rules-rengen .rules-house").inner_text()
    assert HOSTILE in house and "Schräm zu Beginn: 5" in house and "Regelwerk: 7" in house, house
    assert page.locator("#rules-rengen .rules-house b").count() == 0
    page.locator('[data-action="lang"]').tap()
    assert "Marks at the start: 5" in page.locator("#rules-rengen .rules-house").inner_text()
    page.locator('[data-action="lang"]').tap()
    page.locator('[data-action="rules-close"]').tap()

    # A game started from the set plays its rules: they are in its record.
    page.locator('[data-action="new-game"]').tap()
    page.wait_for_function("() => ['table', 'pass'].includes(document.body.dataset.screen)")
    wait_idle(page)
    record = stored(page)["save"]["record"]
    assert record["rules"] == "rengen" and record["options"] == {"start_marks": 5}


def test_a_refused_name_or_write_keeps_no_house_rules_and_says_so(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    open_editor(page)
    # The people's and groups' rule for names: no right-to-left, invisible or blank-looking characters.
    for bad, code in (("\u202eDonnerstag", "U+202E"), ("Donners\u200btag", "U+200B"), ("\u3164", "U+3164")):
        page.locator('[data-field="house-name"]').fill(bad)
        page.locator('[data-action="house-save"]').tap()
        page.wait_for_function("code => document.getElementById('message').textContent.includes(code)", arg=code)
        assert "unsichtbares Zeichen" in page.locator("#message").inner_text()
        assert screen(page) == "house" and kept_sets(page) == []
    page.locator('[data-field="house-name"]').fill("Donnerstag")
    # The browser refuses every write from now on (quota, private mode).
    page.evaluate("""() => { IDBObjectStore.prototype.put = function () { throw new DOMException('full', 'QuotaExceededError'); }; }""")
    page.locator('[data-action="house-save"]').tap()
    page.wait_for_function(
        "() => !document.getElementById('message').hidden && !/U\\+3164/.test(document.getElementById('message').textContent)"
    )
    assert "nicht gespeichert" in page.locator("#message").inner_text()
    assert screen(page) == "house"
    assert kept_sets(page) == []
    page.locator('[data-action="house-close"]').tap()
    names = page.eval_on_selector_all('[data-field="house-set"] option', "els => els.map(e => e.textContent)")
    assert "Donnerstag" not in names


def test_the_house_rules_screen_on_small_phones(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    for width, height in ((360, 780), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        open_app(page, shared_site, seed=3)
        if page.evaluate("() => document.documentElement.lang") != "de":
            page.locator('[data-action="lang"]').tap()
        page.select_option('[data-field="house-set"]', "ready:marienheide_wuerfel")
        shot(page, artifacts, f"house-start-{width}-de.png")
        open_editor(page)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, artifacts, f"house-editor-{width}-de.png")
        assert_axe_clean(page, shared_site, f"house rules {width}")
        page.locator('[data-action="lang"]').tap()
        shot(page, artifacts, f"house-editor-{width}-en.png")
        page.locator('[data-field="house-opt:game_end"]').scroll_into_view_if_needed()
        shot(page, artifacts, f"house-editor-{width}-en-lower.png")


def test_a_tournament_started_from_a_ready_format_carries_its_options(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    page.locator('[data-action="tournament"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'tournament-setup'")
    page.select_option('[data-field="t-house"]', "ready:enzyklopaedie_turnier")
    # The format's own games and series are the form's defaults.
    assert page.eval_on_selector('[data-field="t-games"]', "s => s.value") == "10"
    assert page.eval_on_selector('[data-field="t-series"]', "s => s.value") == "3"
    names = page.locator('[data-field="t-names"]')
    names.fill("\n".join(f"Spieler {i}" for i in range(1, 13)))
    names.dispatch_event("change")
    page.locator('[data-action="t-create"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'tournament'")
    wait_idle(page)
    kept = page.evaluate(
        "async () => (await (await import('./modules.js').then((m) => m.history)).entries()).filter(e => e.kind === 'tournament')"
    )
    assert kept[0]["facts"]["tournament"]["options"] == {"start_marks": 5, "series_games": 10, "tournament_series": 3}
    assert kept[0]["facts"]["tournament"]["rules"] == "rheinland"
    # Its title (a sentence, longer than a name of our own) goes with it to every ticket.
    title = "Turnier: 3 oder 4 am Tisch, 10 Spielrunden mit 5 Schräm, 3 Tische, Punkte addiert"
    assert kept[0]["facts"]["tournament"]["house"] == title
    assert page.locator(".tournament .t-house").inner_text() == f"Gespielt nach den Hausregeln „{title}“"


def test_a_clash_is_said_where_the_rule_was_changed_and_beside_the_greyed_save(warm_page, shared_site):
    """On a 360 x 640 phone the form is long: the reason a change is refused
    stands under that rule, in sight, and the greyed "Speichern" says why."""
    page = warm_page(locale="de-DE")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, shared_site, seed=5)
    open_editor(page)
    set_option(page, "max_value", "5")
    set_option(page, "start_value", "6")
    row = page.locator('.house-opt:has([data-field="house-opt:start_value"])')
    refusal = row.locator(".house-refused")
    assert refusal.count() == 1 and "Höchster Wert" in refusal.inner_text(), page.locator(".house-refused").all_inner_texts()
    assert page.locator(".house-refused").count() == 1
    box = refusal.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 640, box
    assert page.locator('[data-action="house-save"]').is_disabled()
    blocked = page.locator(".house-blocked")
    assert "Speichern geht erst" in blocked.inner_text() and blocked.is_visible()
    set_option(page, "start_value", "1")
    assert page.locator(".house-refused").count() == 0 and page.locator(".house-blocked").count() == 0
