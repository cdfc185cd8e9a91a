"""The regulars (issue 24): people saved with a colour, a group with its
usual seats, a typo merged into the right person and a person renamed —
both seen in the group and kept across a reload — and the group's table
started with one tap from the start screen."""
from __future__ import annotations

from helpers import assert_axe_clean, open_app, screen, shot, stored, wait_idle, wait_shell_ready


def kept(page) -> dict:
    return page.evaluate("async () => (await import('./storage.js')).readPreference('regulars')") or {}


def person_id(page, name: str) -> str:
    return next(p["id"] for p in kept(page)["people"] if p["name"] == name)


def add_person(page, name: str, colour: str) -> None:
    n = page.locator(".person").count()
    page.fill('[data-field="reg-name"]', name)
    page.select_option('[data-field="reg-colour"]', colour)
    page.locator('[data-action="person-add"]').tap()
    page.wait_for_function("(n) => document.querySelectorAll('.person').length === n", arg=n + 1)


def people(page) -> list[str]:
    return page.locator(".person .person-name bdi").all_inner_texts()


def test_a_person_is_renamed_and_merged_and_the_group_starts_with_one_tap(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=5)
    page.locator('[data-action="regulars"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'regulars'")
    for name, colour in (("Hans", "blue"), ("Anne", "red"), ("Gerda", "green"), ("Hnas", "yellow")):
        add_person(page, name, colour)
    page.fill('[data-field="reg-group"]', "Stammtisch Rengen")
    for name in ("Anne", "Hnas", "Gerda"):  # the order they usually sit in
        page.locator(f'[data-field="reg-member:{person_id(page, name)}"]').check()
    page.locator('[data-action="group-add"]').tap()
    page.wait_for_selector(".group")
    assert page.locator(".group-name").inner_text() == "Stammtisch Rengen: Anne, Hnas, Gerda"

    # The typo goes into Hans: one person, in the group once, the typo kept as an alias.
    typo, hans = person_id(page, "Hnas"), person_id(page, "Hans")
    page.select_option(f'[data-field="person-merge:{typo}"]', hans)
    page.locator(f'[data-action="person-merge"][data-id="{typo}"]').tap()
    page.wait_for_function("() => document.querySelectorAll('.person').length === 3")
    assert people(page) == ["Hans", "Anne", "Gerda"]
    assert "auch: Hnas" in page.locator(".person").first.inner_text()
    assert page.locator(".group-name").inner_text() == "Stammtisch Rengen: Anne, Hans, Gerda"

    field = page.locator(f'[data-field="person-name:{hans}"]')
    field.fill("Hans P.")
    page.locator(f'[data-action="person-rename"][data-id="{hans}"]').tap()
    page.wait_for_function("() => document.querySelector('.group-name').textContent.includes('Hans P.')")
    assert kept(page)["groups"][0]["members"] == [person_id(page, "Anne"), hans, person_id(page, "Gerda")]
    shot(page, artifacts, "regulars-360-de.png")
    assert_axe_clean(page, shared_site, "regulars")
    page.set_viewport_size({"width": 320, "height": 568})
    page.locator('[data-action="lang"]').tap()
    shot(page, artifacts, "regulars-320-en.png")
    page.locator('[data-action="lang"]').tap()

    # Kept across a reload; one tap on the start screen deals the group's table.
    page.reload()
    wait_shell_ready(page)
    assert page.locator('[data-action="group-start"]').inner_text() == "▶ Stammtisch Rengen"
    shot(page, artifacts, "regulars-start-320-de.png")
    page.locator('[data-action="group-start"]').tap()
    page.wait_for_function("() => document.body.dataset.screen !== 'start'")
    wait_idle(page)
    assert screen(page) == "pass"  # three people at one phone: it goes to the first due
    record = stored(page)["save"]["record"]
    assert [p["name"] for p in record["players"]] == ["Anne", "Hans P.", "Gerda"]
    assert all(p.get("kind", "human") == "human" for p in record["players"])  # nobody is a computer
