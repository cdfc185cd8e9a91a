"""A first evening at the table: names typed in turn are all kept, every
seat is in sight at the deal, a player who is out is told why, and a duel
leaves nothing behind for the next ordinary game."""

from __future__ import annotations

from helpers import (
    GAME_KEY,
    engine_table,
    open_app,
    play_step,
    read_at_size,
    screen,
    seed_storage,
    shell_record,
    shot,
    start_game,
    stored,
    tap,
    wait_idle,
    wait_shell_ready,
    wait_until,
)

NAMES = ["Marlene", "Theo", "Fränzi", "Konrad"]


def _names(page) -> list[str]:
    return [page.locator(f'[data-field="name"][data-seat="{i}"]').input_value() for i in range(4)]


def _focused_name_seat(page):
    return page.evaluate(
        "() => { const a = document.activeElement; return a && a.dataset.field === 'name' ? Number(a.dataset.seat) : null; }"
    )


def test_typing_four_names_in_turn_with_the_keyboard_only(warm_page, shared_site):
    """Each name is typed over the one shown, then Tab (past the seat's
    person-or-computer choice) to the next: all four are kept, on screen and
    in the remembered form, and the dealer list names them."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, pace="60000")
    page.locator('[data-field="name"][data-seat="0"]').focus()
    for i, name in enumerate(NAMES):
        assert _focused_name_seat(page) == i, f"the field of seat {i + 1} has no focus before its name"
        page.keyboard.press("Control+A")
        page.keyboard.type(name)
        page.keyboard.press("Tab")  # the seat's choice: person or computer
        page.keyboard.press("Tab")
    assert _names(page) == NAMES
    kept = "async () => ((await (await import('./modules.js').then((m) => m.preferences)).readPreference('setup'))?.seats ?? []).map((s) => s.name)"
    wait_until(page, f"async (names) => JSON.stringify(await ({kept})()) === JSON.stringify(names)", arg=NAMES)
    dealer = page.locator('[data-field="dealer"] option').all_inner_texts()
    assert dealer == [f"{i + 1}: {n}" for i, n in enumerate(NAMES)]


def test_typing_four_names_by_tapping_each_field_in_turn(warm_page, shared_site):
    """As on a phone: a tap on the next field while the last one is being
    edited moves the keyboard there, and what is typed lands in it."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, pace="60000")
    for i, name in enumerate(NAMES):
        page.locator(f'[data-field="name"][data-seat="{i}"]').tap()
        assert _focused_name_seat(page) == i, f"a tap on seat {i + 1}'s name did not focus it"
        page.keyboard.press("Control+A")
        page.keyboard.type(name)
    page.locator("#start-heading").tap()  # the last field left
    assert _names(page) == NAMES
    page.locator('[data-action="new-game"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert [n.strip() for n in page.locator("#table .seat-name > bdi").all_inner_texts()] == NAMES
    assert screen(page) == "table"


# Every seat's box (name, marks, cards left, words such as "gibt") inside
# the visible part of the table's scrolling top, and its name and marks the
# topmost thing where they are drawn (not under the header or the tip).
SEATS_IN_SIGHT = """() => {
  const top = document.querySelector('#table .table-top').getBoundingClientRect();
  const header = document.querySelector('header').getBoundingClientRect();
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return r.top >= Math.max(top.top, header.bottom) - 0.5 && r.bottom <= Math.min(top.bottom, innerHeight) + 0.5
      && hit !== null && el.closest('.seat').contains(hit);
  };
  return [...document.querySelectorAll('#table .seat')].map((seat) => ({
    name: seat.querySelector('.seat-name bdi').textContent,
    box: seat.getBoundingClientRect().top >= top.top - 0.5 && seat.getBoundingClientRect().bottom <= top.bottom + 0.5,
    nameSeen: seen(seat.querySelector('.seat-name')), marksSeen: seen(seat.querySelector('.chalk')),
    dealer: [...seat.querySelectorAll('.badge')].some((b) => b.textContent === 'gibt'),
  }));
}"""


# The status line whole in the visible part of the table's top, above the
# hand: its first and its last line the topmost thing where they are drawn.
STATUS_IN_SIGHT = """() => {
  const top = document.querySelector('#table .table-top').getBoundingClientRect();
  const status = document.querySelector('#table .status');
  const r = status.getBoundingClientRect();
  const lines = [r.top + 6, r.bottom - 6].map((y) => document.elementFromPoint(r.left + 8, y));
  return { text: status.textContent, lines: Math.round(r.height / parseFloat(getComputedStyle(status).lineHeight)),
    inside: r.top >= top.top - 0.5 && r.bottom <= Math.min(top.bottom, innerHeight) + 0.5,
    seen: lines.every((hit) => hit !== null && status.contains(hit)) };
}"""


def test_every_seats_name_and_marks_are_on_screen_at_the_deal(warm_page, shared_site, artifacts):
    """A game dealt at each phone size, the smallest first (the first
    game, with the tip about knocking under the hand): before anyone plays,
    the whole of every seat is in sight, the dealer's word included; and
    wherever the seats leave room for it (from 360×640 on, and at 412×839,
    where its second line was under the hand) the whole status line too."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=71, pace="60000")
    for width, height in [(320, 568), (360, 640), (412, 915)]:
        page.set_viewport_size({"width": width, "height": height})
        start_game(page, [("Anne-Kathrin", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], dealer=4)
        assert screen(page) == "table"
        shot(page, artifacts, f"deal-{width}x{height}.png")
        seats = page.evaluate(SEATS_IN_SIGHT)
        assert [s["name"] for s in seats] == ["Anne-Kathrin", "Hubert", "Gerda", "Hans"]
        assert [s for s in seats if not (s["box"] and s["nameSeen"] and s["marksSeen"])] == [], f"at {width}x{height}"
        assert [s["dealer"] for s in seats] == [False, False, False, True]
        sizes = [(w, 839) for w in (320, 360, 390, 412, 430)] + ([(width, height)] if width > 320 else [])
        for w, h in sizes:
            status = read_at_size(page, w, h, STATUS_IN_SIGHT)
            assert status["inside"] and status["seen"], f"dealt at {width}x{height}, seen at {w}x{h}: {status}"
            assert [s for s in read_at_size(page, w, h, SEATS_IN_SIGHT) if not (s["nameSeen"] and s["marksSeen"])] == [], (w, h)
    assert status["text"] == "Du bist dran: sieh dir zuerst deine Karten an." and status["lines"] == 2


def _played_until(marks: list[int], stop):
    """Anne (a person) against three computers from the given marks, seed 0:
    she looks, knocks and holds whenever she may and plays her first card,
    until `stop(state, call)` returns something."""
    call = engine_table()
    players = [{"name": "Anne", "marks": marks[0]}] + [
        {"name": n, "kind": "bot", "level": "easy", "marks": m} for n, m in zip(("Hubert", "Gerda", "Hans"), marks[1:])
    ]
    st = call("new_game", players=players, rules="rheinland", seed=0, dealer=4, viewer=1)
    for _ in range(300):
        found = stop(st, call)
        if found is not None:
            return found
        assert not st["game_over"], "the game ended before the position looked for"
        if st["hand_over"]:
            st = call("next_hand", viewer=1)
        elif st["due"]["bots"]:
            st = call("bot_step", viewer=1)
        else:
            legal = st["view"]["legal"]
            pick = (
                next((a for a in legal if a["type"] == "look"), None)
                or next((a for a in legal if a["type"] in ("knock", "hold")), None)
                or next(a for a in legal if a["type"] == "play")
            )
            st = call("act", action=pick, viewer=1)
    raise AssertionError("position not reached")


def _result_rows(page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => [...document.querySelectorAll('table.results:not(.scores) tbody tr')]"
            ".map((r) => [r.querySelector('th').textContent, r.querySelector('td.lost').textContent])"
        )
    )


def test_an_out_players_status(warm_page, shared_site):
    """Anne, on her last mark, holds a knock to 4 and loses: 1 mark comes off
    her sheet, not 4, and at the next hand (nobody has knocked) she is told
    she has no marks left and is out of the game, not that she passed."""

    def anne_out(st, call):
        res = st["view"]["hand_result"]
        if st["hand_over"] and st["view"]["players"][0]["out"]:
            assert res["losses"][0] > 1
            return st
        return None

    state = _played_until([1, 7, 7, 7], anne_out)
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert screen(page) == "result"
    assert _result_rows(page)["Anne"] == "−1"
    tap(page, '[data-action="next-hand"]')
    assert screen(page) == "table"
    view = page.evaluate("async () => (await (await import('./modules.js').then((m) => m.storage)).readGame()).game.state.view")
    assert not any(e["type"] == "knock" for e in view["log"])
    said = "Du hast keine Schräm mehr: Du bist aus der Spielrunde raus und schaust zu."
    assert page.locator("#table .status").inner_text() == said
    assert page.locator("#table .hand-note").inner_text() == said
    assert "gepasst" not in page.locator("#table").inner_text()
    page.locator('[data-action="lang"]').tap()
    assert page.locator("#table .status").inner_text() == "You have no marks left: you are out of the game and watch."


def test_the_game_over_list_shows_what_came_off_each_sheet(warm_page, shared_site):
    """Everyone on their last mark; the hand that ends the game is worth 2:
    the three who lost it each lose their 1 mark, not 2."""
    state = _played_until([1, 1, 1, 1], lambda st, call: st if st["game_over"] else None)
    res = state["view"]["hand_result"]
    assert res["value"] == 2 and res["losses"] == [2, 2, 2, 0]
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert screen(page) == "over"
    assert _result_rows(page) == {"Anne": "−1", "Hubert": "−1", "Gerda": "−1", "Hans": "0"}


TABLE = [("Resi", "human"), ("Jupp", "bot:hard"), ("Trud", "bot:easy"), ("Kätt", "bot:medium")]


def _form(page) -> list[tuple[str, str]]:
    return [
        (
            page.locator(f'[data-field="name"][data-seat="{i}"]').input_value(),
            page.locator(f'[data-field="who"][data-seat="{i}"]').input_value(),
        )
        for i in range(4)
    ]


def test_a_duel_followed_by_an_ordinary_game(warm_page, shared_site):
    """The table is set up on the form, then a deal set of four is played
    out in between: its last screen and its history line give the person's
    total; the start form then offers neither the finished set to go on with
    nor the set's computer players, and the table set up before it starts."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=81)
    for i, (name, who) in enumerate(TABLE):
        page.fill(f'[data-field="name"][data-seat="{i}"]', name)
        page.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        page.select_option(f'[data-field="who"][data-seat="{i}"]', who)
    page.fill("#duel-word", "Kegelclub")
    page.select_option("#duel-hands", "4")
    page.locator('[data-action="duel-start"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)
    for _ in range(400):
        if (stored(page)["state"]["duel"] or {}).get("over"):
            break
        if play_step(page) == "wait":
            page.wait_for_timeout(100)
    else:
        raise AssertionError("the deal set was never played out")
    wait_idle(page)
    assert screen(page) in ("result", "over")

    # The last screen: the person's total, as the engine reckons the result.
    total = engine_table()("duel_result", save=stored(page)["save"])
    said = (
        f"Dein Ergebnis: {total['marks_lost']} Schräm verloren in {len(total['hands'])} Spielen, "
        f"Platz {total['finish']['place']} von 4, {total['hints']}-mal Rat geholt."
    )
    assert page.locator("#screen .duel-result").inner_text() == said
    top = page.locator("#screen .duel-result").bounding_box()
    assert top["y"] + top["height"] <= page.viewport_size["height"], "the total is at the top of the screen"

    tap(page, '[data-action="setup"]')
    assert screen(page) == "start"
    # Nothing to go on with, and the form as the table left it.
    assert page.locator('[data-action="continue"]').count() == 0
    assert _form(page) == TABLE
    assert "duel" not in page.locator("#setup").inner_text()

    # The set in the history, with its result line.
    tap(page, '[data-action="history"]')
    entry = page.locator(".history-entry")
    assert entry.count() == 1
    assert (
        f"Duell-Karten „kegelclub“: Resi {total['marks_lost']} Schräm verloren in {len(total['hands'])} Spielen, "
        f"Platz {total['finish']['place']} von 4"
    ) in entry.inner_text()
    tap(page, '#controls [data-action="setup"]')
    assert screen(page) == "start"

    # The next ordinary game: the table set up before the set, no question asked.
    tap(page, '[data-action="new-game"]')
    page.wait_for_function("() => document.body.dataset.screen !== 'start'")
    wait_idle(page)
    assert screen(page) == "table"
    game = stored(page)
    assert "duel" not in game["save"]
    seats = zip(game["state"]["view"]["players"], game["save"]["table"]["players"])
    assert [(v["name"], p["kind"], p.get("level")) for v, p in seats] == [
        ("Resi", "human", None),
        ("Jupp", "bot", "hard"),
        ("Trud", "bot", "easy"),
        ("Kätt", "bot", "medium"),
    ]
