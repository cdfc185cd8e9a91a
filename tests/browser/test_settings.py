"""Settings: sound, vibration (never on a refusal unless asked),
the computer players' pace, the double-tap knock, high-contrast cards, the
double-tap explained once; all kept across a reload."""

from __future__ import annotations

from test_table_ux import bot_table_state

from helpers import (
    FEEDBACK_PROBE,
    GAME_KEY,
    assert_axe_clean,
    message,
    open_app,
    screen,
    seed_storage,
    shell_record,
    stored,
    wait_idle,
    wait_preference,
    wait_shell_ready,
)


def open_settings(page):
    page.locator('header [data-action="settings"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'settings'")


def test_settings_are_kept_across_a_reload_and_applied(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=5)
    open_settings(page)
    assert page.locator("#settings-heading").inner_text() == "Einstellungen"
    page.locator('[data-setting="sound"]').uncheck()
    page.locator('[data-setting="contrast"]').check()
    page.locator('[data-setting="doubleTapKnock"]').uncheck()
    page.locator('[data-setting="pace"][value="slow"]').check()
    wait_idle(page)
    assert page.evaluate("() => document.documentElement.dataset.contrast") == "high"
    wait_preference(page, "settings", "pace", "slow")
    page.reload()
    wait_shell_ready(page)
    assert page.evaluate("() => document.documentElement.dataset.contrast") == "high"
    open_settings(page)
    assert not page.locator('[data-setting="sound"]').is_checked()
    assert page.locator('[data-setting="vibrate"]').is_checked()
    assert not page.locator('[data-setting="doubleTapKnock"]').is_checked()
    assert page.locator('[data-setting="pace"][value="slow"]').is_checked()
    page.locator('[data-action="settings-close"]').tap()
    assert screen(page) == "start"


def test_sound_vibration_and_the_double_tap_follow_the_settings(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script(FEEDBACK_PROBE)
    state = bot_table_state("look")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    # Explained once, on the first table.
    assert "Zweimal schnell auf den grünen Tisch tippen klopft" in message(page)
    # A refused tap is told, not buzzed (unless asked for).
    card = next(c for c in state["view"]["my_cards"] if f"play:{c}" in state["refusals"]) if state["refusals"] else None
    if card:
        page.locator(f'[data-card="{card}"]').tap()
        assert message(page)
        assert page.evaluate("() => window.__feedback.vibrate") == []
    # Sound off: a knock vibrates but does not sound.
    open_settings(page)
    page.locator('[data-setting="sound"]').uncheck()
    page.locator('[data-setting="doubleTapKnock"]').uncheck()
    page.locator('[data-action="settings-close"]').tap()
    assert screen(page) == "table"
    before = stored(page)["save"]
    page.locator("#table .centre").dblclick()  # switched off: no knock
    wait_idle(page)
    assert stored(page)["save"] == before
    page.locator('[data-action="knock"]').tap()
    wait_idle(page)
    feedback = page.evaluate("() => window.__feedback")
    assert feedback["vibrate"] and feedback["oscillators"] == 0
    assert stored(page)["state"]["view"]["last_knocker"] == 1


def test_the_double_tap_hint_is_shown_only_once(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    state = bot_table_state("look")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert "Zweimal schnell" in message(page)
    wait_preference(page, "hints", "doubleTap", True)
    page.reload()
    wait_shell_ready(page)
    assert message(page) == ""


def test_axe_on_the_settings_screen(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=5)
    open_settings(page)
    assert_axe_clean(page, shared_site, "settings")


def test_about_lists_every_shipped_package_with_its_licence_text(warm_page, shared_site):
    # No service worker, so axe can be served from the app's own origin.
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=5)
    open_settings(page)
    page.locator('[data-action="about"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'about' && document.querySelector('.about .notices')")
    text = page.locator(".about").inner_text()
    assert "Über Schräm" in text and "MIT-Lizenz" in text
    assert "Pyodide 314.0.7" in text and "MPL-2.0" in text
    assert "QR Code Generator for JavaScript 2.0.4" in text and "Kazuhiko Arase" in text
    assert "CPython" in text and "PSF-2.0" in text
    pyodide = page.locator(".about .notices > .third-party", has_text="Pyodide 314.0.7").locator(":scope > .licence-text")
    pyodide.locator("summary").tap()
    assert "Mozilla Public License" in pyodide.locator("pre").inner_text()
    assert_axe_clean(page, shared_site, "about")
    # Long legal lines wrap: the screen never scrolls sideways on a phone.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.locator('[data-action="about-close"]').tap()
    assert screen(page) == "settings"
