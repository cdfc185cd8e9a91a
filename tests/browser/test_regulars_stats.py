"""Statistics of the regulars: a typo merged into a person and
the person renamed count as one person in the statistics; a group shows
only its people's games, a period only its games, and computer players
stand apart."""

from __future__ import annotations

import sys
from pathlib import Path

from test_move_file import kept, play_evening
from test_regulars import add_person, person_id

from browser_support import wait_engine_ready
from helpers import NAMES_CUT, assert_axe_clean, open_app, screen, shot, wait_idle, wait_until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_bridge_club import ok  # noqa: E402

from schraem.bridge import Bridge  # noqa: E402


def figures(page) -> dict:
    page.wait_for_selector(".stats-table")
    wait_idle(page)
    return {c.get_attribute("data-name"): int(c.inner_text()) for c in page.locator('.stats-table td[data-col="games"]').all()}


def open_stats(page) -> dict:
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="stats"]').tap()
    return figures(page)


def choose(page, field: str, value: str) -> dict:
    page.evaluate("() => { document.querySelector('.stats-table')?.remove(); }")
    page.select_option(f'[data-field="{field}"]', value)
    return figures(page)


def test_a_renamed_and_merged_person_counts_once_in_the_statistics(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site, seed=21)
    play_evening(page, ["Hans", "Anne"], 1)
    play_evening(page, ["Hnas", "Anne"], 2)
    play_evening(page, ["Anne", "Willi"], 1)  # not the group's
    wait_until(page, "async () => (await (await import('./modules.js').then((m) => m.history)).entries()).length === 3")
    # The first evening was last year.
    page.evaluate("""async () => {
      const h = await import('./modules.js').then((m) => m.history);
      const list = await h.entries();
      const first = list[list.length - 1];
      await h.keepAll([{ ...first, savedAt: new Date(new Date().getFullYear() - 1, 5, 1).getTime() }]);
    }""")
    assert open_stats(page) == {"Anne": 3, "Hans": 1, "Hnas": 1, "Willi": 1}

    page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="regulars"]').tap()
    for name, colour in (("Hans", "blue"), ("Anne", "red"), ("Hnas", "yellow")):
        add_person(page, name, colour)
    typo, hans = person_id(page, "Hnas"), person_id(page, "Hans")
    page.select_option(f'[data-field="person-merge:{typo}"]', hans)
    page.locator(f'[data-action="person-merge"][data-id="{typo}"]').tap()
    page.locator('[data-action="person-merge-yes"]').tap()
    page.wait_for_function("() => document.querySelectorAll('.person').length === 2")
    page.locator(f'[data-field="person-name:{hans}"]').fill("Hans P.")
    page.locator(f'[data-action="person-rename"][data-id="{hans}"]').tap()
    page.wait_for_function("() => document.querySelector('.person').textContent.includes('Hans P.')")
    page.fill('[data-field="reg-group"]', "Stammtisch")
    for name in ("Hans P.", "Anne"):
        page.locator(f'[data-field="reg-member:{person_id(page, name)}"]').check()
    page.locator('[data-action="group-add"]').tap()
    page.wait_for_selector(".group")
    # The group's row with its four taps fits the narrowest phone.
    page.set_viewport_size({"width": 320, "height": 640})
    page.locator(".group").scroll_into_view_if_needed()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    shot(page, artifacts, "regulars-group-320-de.png")
    page.set_viewport_size({"width": 412, "height": 915})

    # One person under the new name, both evenings together.
    assert open_stats(page) == {"Anne": 3, "Hans P.": 2, "Willi": 1}
    assert page.locator('.stats-table td[data-col="wins"][data-name="Hans P."]').inner_text() == "1"
    assert choose(page, "stats-period", "year") == {"Anne": 2, "Hans P.": 1, "Willi": 1}
    assert choose(page, "stats-period", "all") == {"Anne": 3, "Hans P.": 2, "Willi": 1}
    group = page.evaluate(
        "async () => (await (await import('./modules.js').then((m) => m.preferences)).readPreference('regulars')).groups[0].id"
    )
    assert choose(page, "stats-group", group) == {"Anne": 2, "Hans P.": 2}
    # The group's own statistics, one tap from its row.
    assert choose(page, "stats-group", "") == {"Anne": 3, "Hans P.": 2, "Willi": 1}
    page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="regulars"]').tap()
    page.locator(f'[data-action="group-stats"][data-id="{group}"]').tap()
    assert figures(page) == {"Anne": 2, "Hans P.": 2}
    assert page.locator('[data-field="stats-group"]').input_value() == group
    shot(page, artifacts, "stats-regulars-360-de.png")
    assert_axe_clean(page, shared_site, "statistics of the regulars")
    assert len(kept(page)) == 3


def keep_finished_game(page, players: list[dict]) -> None:
    """A game played to its end by the engine (each person's seat takes its
    first legal action that is no knock), kept in the history as the app
    keeps it."""
    b = Bridge()
    state = ok(b, "new_game", players=players, seed=3, viewer=None)
    while not state["game_over"]:
        if state["hand_over"]:
            state = ok(b, "next_hand", viewer=None)
        elif state["due"]["humans"]:
            seat = state["due"]["humans"][0]
            state = ok(b, "act", action=next(a for a in ok(b, "state", viewer=seat)["view"]["legal"] if a["type"] != "knock"), viewer=None)
        else:
            state = ok(b, "bot_step", viewer=None)
    page.evaluate(
        """async ([save, names]) => {
      const h = await import('./modules.js').then((m) => m.history);
      await h.keep({ id: 'kept-game', kind: 'game', status: 'finished', names, rules: 'rheinland',
                     save, records: [save.record] });
    }""",
        [state["save"], [p["name"] for p in players]],
    )


def test_computer_players_stand_apart_in_the_statistics(warm_page, shared_site):
    page = warm_page(locale="en-GB", service_workers="block")
    open_app(page, shared_site, seed=22)
    wait_engine_ready(page)
    keep_finished_game(page, [{"name": "Anne", "kind": "bot", "level": "easy"}, {"name": "Anne"}])
    assert open_stats(page) == {"Anne": 1, "Anne (Computer)": 1}
    assert page.locator(".stats-computers").inner_text() == "Computer players"
    heads = page.locator('.stats-computers + .list-scroll th.player')
    assert heads.evaluate_all("(hs) => hs.map((h) => h.textContent)") == ["Anne (Computer)"]
    assert heads.locator("bdi").all_inner_texts() == ["Anne"]


def test_long_names_are_shown_whole_in_the_statistics(warm_page, shared_site, artifacts):
    """On the narrowest phone a name in a column head breaks only between
    its words or after a hyphen, and is never cut off: the table scrolls
    sideways in its region instead."""
    page = warm_page(locale="de-DE", service_workers="block")
    page.set_viewport_size({"width": 320, "height": 568})
    open_app(page, shared_site, seed=23)
    wait_engine_ready(page)
    names = ["Maximilian-Alexander", "Anne", "Marie Luise", "Hildegard"]
    keep_finished_game(page, [{"name": n} for n in names])
    assert sorted(open_stats(page)) == sorted(names)
    assert page.evaluate(NAMES_CUT, ".stats-table th.player bdi") == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    shot(page, artifacts, "stats-long-names-320-de.png")


def test_the_computer_players_columns_fit_a_360_px_phone(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, shared_site, seed=24)
    wait_engine_ready(page)
    bots = ["Hans", "Hubert", "Gerda"]
    keep_finished_game(page, [{"name": "Anne"}, *({"name": n, "kind": "bot", "level": "easy"} for n in bots)])
    assert sorted(open_stats(page)) == ["Anne", *sorted(f"{n} (Computer)" for n in bots)]
    region = page.locator(".stats-computers + .list-scroll")
    region.scroll_into_view_if_needed()
    shot(page, artifacts, "stats-computers-360-de.png")
    assert region.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), "the computers' table scrolls sideways"
    right = region.bounding_box()["x"] + region.bounding_box()["width"]
    for head in region.locator("th.player").all():
        box = head.bounding_box()
        assert box["x"] + box["width"] <= right + 1, head.inner_text()
    assert sorted(region.locator("th.player bdi").all_inner_texts()) == sorted(bots)
    # A screen reader still hears that they are computers.
    assert sorted(region.locator("th.player").evaluate_all("(hs) => hs.map((h) => h.textContent)")) == sorted(
        f"{n} (Computer)" for n in bots
    )
    assert page.evaluate(NAMES_CUT, ".stats-table th.player bdi") == []
