"""The rules page: the basic game, a section for every rule set in
both languages, opened from the start form at the chosen rule set and from
the table (through the settings); axe-clean."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers import GAME_KEY, assert_axe_clean, open_app, seed_storage, shell_record, wait_shell_ready

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))
from test_table_ux import bot_table_state  # noqa: E402

from schraem.core.rules import Rules  # noqa: E402


def test_every_rule_set_has_its_section_in_both_languages(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    page.select_option('[data-field="rules"]', "tuppen")
    page.locator('[data-action="rules"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'rules'")
    assert page.locator("#rules-heading").inner_text() == "Die Regeln"
    assert "Skatblatt mit 32 Karten" in page.locator(".rules-basic").inner_text()
    for preset in Rules.preset_names():
        section = page.locator(f"#rules-{preset}")
        assert section.count() == 1, preset
        text = section.inner_text()
        assert "Was anders ist" in text and "Was die App entschieden hat" in text, preset
    assert "current" in page.locator("#rules-tuppen").get_attribute("class")
    assert "Lange" in page.locator("#rules-tuppen").inner_text()
    page.locator('[data-action="lang"]').tap()
    assert page.locator("#rules-heading").inner_text() == "The rules"
    for preset in Rules.preset_names():
        text = page.locator(f"#rules-{preset}").inner_text()
        assert "What differs" in text and "What the app decided" in text, preset
    assert "long one" in page.locator("#rules-tuppen").inner_text()
    page.locator('[data-action="rules-close"]').tap()
    assert page.evaluate("() => document.body.dataset.screen") == "start"


def test_the_rules_are_reachable_from_the_table(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    state = bot_table_state("look", preset="marienheide")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    page.locator('header [data-action="settings"]').tap()
    page.locator('[data-action="rules"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'rules'")
    assert "current" in page.locator("#rules-marienheide").get_attribute("class")
    page.locator('[data-action="rules-close"]').tap()
    page.locator('[data-action="settings-close"]').tap()
    assert page.evaluate("() => document.body.dataset.screen") == "table"


def test_axe_on_the_rules_page(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=3)
    page.locator('[data-action="rules"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'rules'")
    assert_axe_clean(page, shared_site, "rules page")
