"""A first evening at the table: names typed in turn are all kept, every
seat is in sight at the deal, a player who is out is told why, and a duel
leaves nothing behind for the next ordinary game."""
from __future__ import annotations

from helpers import open_app, screen, shot, start_game

NAMES = ["Marlene", "Theo", "Fränzi", "Konrad"]


def _names(page) -> list[str]:
    return [page.locator(f'[data-field="name"][data-seat="{i}"]').input_value() for i in range(4)]


def _focused_name_seat(page):
    return page.evaluate("() => { const a = document.activeElement;"
                         " return a && a.dataset.field === 'name' ? Number(a.dataset.seat) : null; }")


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
    kept = "async () => ((await (await import('./storage.js')).readPreference('setup'))?.seats ?? []).map((s) => s.name)"
    page.wait_for_function(f"async (names) => JSON.stringify(await ({kept})()) === JSON.stringify(names)", arg=NAMES)
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


def test_every_seats_name_and_marks_are_on_screen_at_the_deal(warm_page, shared_site, artifacts):
    """A game dealt at each phone size, the smallest first (the first
    game, with the tip about knocking under the hand): before anyone plays,
    the whole of every seat is in sight, the dealer's word included."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=71, pace="60000")
    for width, height in [(320, 568), (360, 640), (412, 915)]:
        page.set_viewport_size({"width": width, "height": height})
        start_game(page, [("Anne-Kathrin", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")],
                   dealer=4)
        assert screen(page) == "table"
        shot(page, artifacts, f"deal-{width}x{height}.png")
        seats = page.evaluate(SEATS_IN_SIGHT)
        assert [s["name"] for s in seats] == ["Anne-Kathrin", "Hubert", "Gerda", "Hans"]
        assert [s for s in seats if not (s["box"] and s["nameSeen"] and s["marksSeen"])] == [], f"at {width}x{height}"
        assert [s["dealer"] for s in seats] == [False, False, False, True]

