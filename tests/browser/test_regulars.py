"""The regulars: people saved with a colour, a group with its
usual seats, a typo merged into the right person and a person renamed —
both seen in the group and kept across a reload — and the group's table
started with one tap from the start screen."""

from __future__ import annotations

from helpers import assert_axe_clean, message, open_app, screen, shot, stored, wait_idle, wait_shell_ready


def kept(page) -> dict:
    return page.evaluate("async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('regulars')") or {}


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
    page.locator('[data-action="person-merge-yes"]').tap()
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


def refused_name(page, before: dict) -> str:
    page.wait_for_function("() => !document.getElementById('message').hidden")
    wait_idle(page)
    said = message(page)
    page.evaluate("() => { document.getElementById('message').hidden = true; }")
    assert kept(page) == before
    return said


def test_a_merge_is_asked_first_says_which_name_stays_and_can_be_undone(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, shared_site, seed=6)
    page.locator('[data-action="regulars"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'regulars'")
    for name, colour in (("Hans", "blue"), ("Hnas", "yellow"), ("Anne", "red")):
        add_person(page, name, colour)
    before = kept(page)
    typo, hans = person_id(page, "Hnas"), person_id(page, "Hans")

    # Nobody is chosen beforehand: one tap merges nothing.
    assert page.locator(f'[data-field="person-merge:{typo}"]').input_value() == ""
    page.locator(f'[data-action="person-merge"][data-id="{typo}"]').tap()
    assert refused_name(page, before) == "Bitte erst wählen, mit wem Hnas zusammengeführt wird."

    # Asked first, in words which name stays; "Abbrechen" changes nothing.
    page.select_option(f'[data-field="person-merge:{typo}"]', hans)
    page.locator(f'[data-action="person-merge"][data-id="{typo}"]').tap()
    ask = page.locator(".merge-ask")
    assert ask.locator("p").inner_text().startswith("„Hnas“ mit „Hans“ zusammenführen? „Hans“ bleibt. „Hnas“ verschwindet aus der Liste")
    assert page.locator('[data-action="person-merge-yes"]').inner_text() == "Zusammenführen – Hans bleibt"
    assert kept(page) == before
    box = page.locator('[data-action="person-merge-yes"]').bounding_box()
    assert box["height"] >= 48 and box["x"] + box["width"] <= 360
    shot(page, artifacts, "regulars-merge-ask-360-de.png")
    page.locator('[data-action="person-merge-no"]').tap()
    assert page.locator(".merge-ask").count() == 0 and kept(page) == before

    page.locator(f'[data-action="person-merge"][data-id="{typo}"]').tap()
    page.locator('[data-action="person-merge-yes"]').tap()
    page.wait_for_function("() => document.querySelectorAll('.person').length === 2")
    assert people(page) == ["Hans", "Anne"] and [p["aliases"] for p in kept(page)["people"]] == [["Hnas"], []]
    assert page.locator(".regulars .notice").inner_text().startswith("„Hnas“ ist jetzt „Hans“")
    page.locator('[data-action="regulars-undo"]').tap()
    page.wait_for_function("() => document.querySelectorAll('.person').length === 3")
    assert kept(page) == before and people(page) == ["Hans", "Hnas", "Anne"]
    assert page.locator('[data-action="regulars-undo"]').count() == 0


def test_the_regulars_refuse_the_names_every_table_refuses_and_a_groups_statistics_lead_back(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=7)
    page.locator('[data-action="regulars"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'regulars'")
    add_person(page, "Anne", "red")
    add_person(page, "Hans", "blue")
    before = kept(page)
    for bad, char in (
        ("An\u200bne", "U+200B"),
        ("\u202eennA", "U+202E"),
        ("\u3164", "U+3164"),
        ("\u2800", "U+2800"),
        ("Hans\u034f", "U+034F"),
    ):
        page.fill('[data-field="reg-name"]', bad)
        page.locator('[data-action="person-add"]').tap()
        said = refused_name(page, before)
        assert said == f"Dieser Name geht nicht: der Name enthält ein unsichtbares Zeichen ({char}).", said
    anne = person_id(page, "Anne")
    page.locator(f'[data-field="person-name:{anne}"]').fill("Anne\u3164")
    page.locator(f'[data-action="person-rename"][data-id="{anne}"]').tap()
    assert "U+3164" in refused_name(page, before)
    page.fill('[data-field="reg-group"]', "\u2800")
    for name in ("Anne", "Hans"):
        page.locator(f'[data-field="reg-member:{person_id(page, name)}"]').check()
    page.locator('[data-action="group-add"]').tap()
    assert "U+2800" in refused_name(page, before)
    # A name is kept as a table keeps it: one space between words.
    page.fill('[data-field="reg-group"]', "  Stammtisch   Rengen ")
    page.locator('[data-action="group-add"]').tap()
    page.wait_for_selector(".group")
    assert kept(page)["groups"][0]["name"] == "Stammtisch Rengen"

    # A new person is offered a colour nobody wears yet, not red every time.
    assert page.locator('[data-field="reg-colour"]').input_value() == "green"
    n = page.locator(".person").count()
    page.fill('[data-field="reg-name"]', "Gerda")
    page.locator('[data-action="person-add"]').tap()
    page.wait_for_function("(n) => document.querySelectorAll('.person').length === n", arg=n + 1)
    assert [p["colour"] for p in kept(page)["people"]] == ["red", "blue", "green"]
    assert page.locator('[data-field="reg-colour"]').input_value() == "yellow"

    page.locator('[data-action="group-stats"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'stats'")
    wait_idle(page)
    assert page.locator('#controls [data-action="regulars"]').inner_text() == "Zurück zu den Stammgästen"
    page.locator('#controls [data-action="regulars"]').tap()
    assert screen(page) == "regulars"


def test_a_merge_tapped_while_a_rename_is_saved_keeps_the_rename(warm_page, shared_site):
    """Both changes read the people as stored and write them back: the merge
    waits for the rename, so neither is lost."""
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=6)
    page.locator('[data-action="regulars"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'regulars'")
    for name, colour in (("Hubert", "blue"), ("Gerda", "red"), ("Gerd", "green")):
        add_person(page, name, colour)
    hubert, gerda, gerd = (person_id(page, n) for n in ("Hubert", "Gerda", "Gerd"))
    page.locator(f'[data-field="person-name:{hubert}"]').fill("Hubi")
    page.select_option(f'[data-field="person-merge:{gerd}"]', gerda)
    # The rename, and the merge asked and confirmed, in one go.
    page.evaluate(
        """([hubert, gerd]) => {
      document.querySelector(`[data-action="person-rename"][data-id="${hubert}"]`).click();
      document.querySelector(`[data-action="person-merge"][data-id="${gerd}"]`).click();
      document.querySelector('[data-action="person-merge-yes"]').click();
    }""",
        [hubert, gerd],
    )
    page.wait_for_function("() => document.querySelectorAll('.person').length === 2")
    wait_idle(page)
    page.wait_for_function("() => [...document.querySelectorAll('.person-name bdi')].some((x) => x.textContent === 'Hubi')")
    assert sorted((p["name"], p["aliases"]) for p in kept(page)["people"]) == [("Gerda", ["Gerd"]), ("Hubi", ["Hubert"])]
