"""The money after a move: an evening's Abrechnung and a group's
Kassenbuch read to the cent on the old phone and again on a fresh phone
that took its move file in, with a regular renamed (Hubert → Hubi, while a
computer still bears the name Hubert, as the start form names seat 2) and
a typo merged (Gerd into Gerda), both done on the regulars' screen; the
kept review comes along with its game; a file whose settings carry junk
under a checksum made to fit is refused with nothing changed, and so is
one with a name the app would not take (a person's earlier name, a house
rule set's name)."""

from __future__ import annotations

import json
import re
import time

from test_move_file import export_move, kept, pref, read_in, seed_prefs, snapshot

from browser_support import wait_engine_ready
from helpers import open_app, screen, wait_idle, wait_shell_ready
from schraem.bots.decider import Budget
from schraem.bridge import Bridge
from schraem.review.review import Review

STAKES = {"per_mark": 10, "per_lost_game": 50}
REGULARS = {
    "people": [
        {"id": "p-hub", "name": "Hubert", "colour": "blue", "aliases": []},
        {"id": "p-ger", "name": "Gerda", "colour": "green", "aliases": []},
        {"id": "p-gerd", "name": "Gerd", "colour": "red", "aliases": []},
        {"id": "p-anne", "name": "Anne", "colour": "yellow", "aliases": []},
    ],
    "groups": [{"id": "g-1", "name": "Stammtisch", "members": ["p-hub", "p-ger", "p-anne"], "house": None}],
}


def _evening_end(now: int) -> int:
    """When the test's games end: now, except from 4 to 7 in the morning
    (UTC), when it is 3 in the morning. The evening's settlement takes the
    last twelve hours, and the cash book's evening ends at 6 in the morning
    on the phone's clock: games ending now would lie on two evenings on
    the Berlin phone (UTC+1, +2 in summer) or the UTC one within an hour
    after that."""
    day = now // 86_400 * 86_400
    return day + 3 * 3_600 if 4 <= (now - day) // 3_600 < 7 else now


EVENING = _evening_end(int(time.time()))


def finished_entry(entry_id: str, players: list[dict], seed: int, minutes_before: int) -> dict:
    """A game on dealt cards played to its end for STAKES, filed as the app
    files it: the people's seats played by the engine's computer, then
    written back as people's seats."""
    b = Bridge()
    state = b_call(
        b, "new_game", players=[{"name": p["name"], "kind": "bot", "level": "easy"} for p in players], seed=seed, stakes=STAKES, viewer=None
    )
    while not state["game_over"]:
        state = b_call(b, "next_hand", viewer=None) if state["hand_over"] else b_call(b, "bot_step", viewer=None)
    assert state["money"]["payments"]
    save = {
        **state["save"],
        "table": {
            **state["save"]["table"],
            "players": [{"kind": "bot", "level": "easy"} if p.get("kind") == "bot" else {"kind": "human"} for p in players],
        },
    }
    return {
        "id": entry_id,
        "kind": "game",
        "status": "finished",
        "names": [p["name"] for p in players],
        "rules": "rheinland",
        "summary": "",
        "savedAt": (EVENING - minutes_before * 60) * 1000,
        "save": save,
        "records": [save["record"]],
    }


def b_call(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


def cents(text: str) -> int:
    """ "+2,50 €", "−0,40 €" → cents."""
    sign = -1 if text.startswith("−") else 1
    return sign * int(re.sub(r"\D", "", text))


def to_start(page) -> None:
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()


def abrechnung(page) -> dict[str, int]:
    to_start(page)
    if page.locator(".kitty-form").get_attribute("open") is None:
        page.locator(".kitty-form summary").tap()
    page.locator('.kitty-form [data-action="kitty-books"]').tap()
    page.wait_for_selector(".kitty-balances")
    wait_idle(page)
    shown = {
        th: cents(td)
        for th, td in zip(page.locator(".kitty-balances th").all_inner_texts(), page.locator(".kitty-balances td").all_inner_texts())
    }
    pot = page.locator(".kitty-books .kitty-pot")
    return {**shown, "(Kasse)": cents(pot.inner_text()) if pot.count() else 0}


def kassenbuch(page) -> dict[str, int]:
    to_start(page)
    page.locator('[data-action="regulars"]').tap()
    page.locator('[data-action="cash-book"][data-id="g-1"]').tap()
    page.wait_for_selector(".cash-evening")
    wait_idle(page)
    rows = page.locator(".cash-evening .kitty-balances tr").all()
    return {r.locator("th").inner_text(): cents(r.locator("td").inner_text()) for r in rows}


def test_the_abrechnung_and_kassenbuch_are_the_same_to_the_cent_after_a_move(warm_page, shared_site, tmp_path):
    entries = [
        finished_entry("e-1", [{"name": "Hubert"}, {"name": "Gerda"}, {"name": "Anne"}], 71, 50),
        finished_entry("e-2", [{"name": "Hubert"}, {"name": "Gerd"}, {"name": "Anne"}], 74, 40),
        finished_entry(
            "e-3",
            [{"name": "Hubi"}, {"name": "Hubert", "kind": "bot", "level": "easy"}, {"name": "Gerda", "kind": "bot", "level": "easy"}],
            80,
            30,
        ),
    ]
    review = Review(entries[2]["save"]["record"], 1, budget=Budget(samples=2, nodes=500)).run()
    entries[2]["review"] = review
    a = warm_page(locale="de-DE", service_workers="block", timezone_id="UTC")
    open_app(a, shared_site, seed=41)
    seed_prefs(a, {"regulars": REGULARS})
    a.evaluate("async (list) => (await import('./modules.js').then((m) => m.history)).keepAll(list)", entries)
    a.reload()
    wait_shell_ready(a)
    # Hubert is renamed Hubi, the typo Gerd merged into Gerda, on the regulars' screen
    # (once the engine is up: its arrival draws the screen afresh, typed text and choices too).
    wait_engine_ready(a)
    to_start(a)
    a.locator('[data-action="regulars"]').tap()
    a.locator('[data-field="person-name:p-hub"]').fill("Hubi")
    a.locator('[data-action="person-rename"][data-id="p-hub"]').tap()
    a.wait_for_function("() => [...document.querySelectorAll('.person-name bdi')].some((x) => x.textContent === 'Hubi')")
    a.select_option('[data-field="person-merge:p-gerd"]', "p-ger")
    a.locator('[data-action="person-merge"][data-id="p-gerd"]').tap()
    a.locator('[data-action="person-merge-yes"]').tap()
    a.wait_for_function("() => document.querySelectorAll('.person').length === 3")
    assert [(p["name"], p["aliases"]) for p in pref(a, "regulars")["people"]] == [("Hubi", ["Hubert"]), ("Gerda", ["Gerd"]), ("Anne", [])]

    books_a = abrechnung(a)
    # The computer that bears Hubert's old name keeps its own account; the person is one.
    assert set(books_a) == {"Hubi", "Hubert (Computer)", "Gerda", "Gerda (Computer)", "Anne", "(Kasse)"}, books_a
    assert sum(books_a.values()) == 0
    cash_a = kassenbuch(a)
    # The group's games, a member alone with computers counted too, as the
    # settlement counts them: the same accounts.
    assert set(cash_a) == set(books_a) - {"(Kasse)"}, cash_a
    moved = export_move(a, tmp_path, "a.json")
    assert '"seed"' not in moved.read_text()

    b = warm_page(locale="de-DE", service_workers="block", timezone_id="Europe/Berlin")
    open_app(b, shared_site, seed=42)
    assert read_in(b, moved).startswith("Übernommen – in den Verlauf: 3, Personen: 3,")
    assert abrechnung(b) == books_a
    assert kassenbuch(b) == cash_a

    # The reviewed game keeps its review and its button on the new phone.
    to_start(b)
    b.locator('[data-action="history"]').first.tap()
    row = b.locator('.history-entry[data-id="e-3"]')
    row.wait_for()
    assert row.locator(".review-summary").inner_text().startswith("Analysiert")
    row.locator('[data-action="review-open"]').tap()
    b.wait_for_selector(".review-total")
    assert b.locator(".review-hand").count() == len(review["hands"])
    assert b.locator(".review-progress").count() == 0  # shown as kept, not weighed again


def test_a_move_file_with_junk_in_its_settings_is_refused_with_nothing_changed(warm_page, shared_site, tmp_path):
    a = warm_page(locale="de-DE", service_workers="block")
    open_app(a, shared_site, seed=43)
    seed_prefs(a, {"regulars": REGULARS, "settings": {"sound": False, "pace": "slow"}})
    a.reload()
    wait_shell_ready(a)
    file = json.loads(export_move(a, tmp_path, "a.json").read_text())
    b = warm_page(locale="de-DE", service_workers="block", timezone_id="Europe/Berlin")
    open_app(b, shared_site, seed=44)
    before = snapshot(b)

    def fitted(data: dict, name: str):
        check = b.evaluate(
            """async (data) => {
          const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(data))));
          return Array.from(d, (x) => x.toString(16).padStart(2, '0')).join('');
        }""",
            data,
        )
        path = tmp_path / name
        path.write_text(json.dumps({**file, "data": data, "check": check}))
        return path

    junk = "x" * 100_000
    cases = {
        "settings": ({**file["data"], "settings": {**file["data"]["settings"], "junk": "x" * 6_000_000}}, "der Teil mit den Einstellungen"),
        "alias": ({**file["data"], "people": [{**file["data"]["people"][0], "aliases": [junk]}]}, "die Liste der Personen"),
        "pace": ({**file["data"], "settings": {"pace": junk}}, "der Teil mit den Einstellungen"),
        "group": ({**file["data"], "groups": [{**file["data"]["groups"][0], "name": junk}]}, "die Liste der Stammtische"),
        "house": (
            {**file["data"], "house": [{"id": "h", "name": "Rengen", "rules": "rengen", "options": {"x": junk}}]},
            "die Liste der Hausregeln",
        ),
        "part": ({**file["data"], "extra": junk}, "der Inhalt"),
    }
    # (Each refusal reads unlike the one before, so each is seen to arrive.)
    for name, (data, part) in cases.items():
        said = read_in(b, fitted(data, f"{name}.json"))
        assert said == f"In der Umzugsdatei ist {part} beschädigt – nichts wurde geändert.", (name, said)
        assert snapshot(b) == before, name
    # A name the regulars' screen would refuse: a zero-width space, a blank-looking one.
    for name, bad in (("zw", "An\u200bne"), ("blank", "\u3164")):
        data = {**file["data"], "people": [{**file["data"]["people"][0], "aliases": [bad]}]}
        said = read_in(b, fitted(data, f"{name}.json"))
        assert said.startswith("Die Umzugsdatei wurde abgelehnt – nichts wurde geändert:"), (name, said)
        assert snapshot(b) == before, name
    # The house rules' form refuses such names too, so a set named with a
    # right-to-left mark or only a zero-width space is no set a phone wrote.
    for name, bad, char in (("rtl", "Haus\u202eregeln", "U+202E"), ("zw-set", "\u200b", "U+200B")):
        data = {**file["data"], "house": [{"id": "h", "name": bad, "rules": "rengen", "options": {}}]}
        said = read_in(b, fitted(data, f"{name}.json"))
        assert said.startswith("Die Umzugsdatei wurde abgelehnt – nichts wurde geändert:"), (name, said)
        assert char in said, (name, said)
        assert snapshot(b) == before, name
    assert read_in(b, fitted(file["data"], "good.json")).startswith("Übernommen")
    assert pref(b, "settings") == {"sound": False, "pace": "slow"}
    assert not kept(b)
