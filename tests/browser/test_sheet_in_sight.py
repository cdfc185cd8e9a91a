"""The scoresheet on a 360 × 640 phone keeps what was just decided in
sight: the result line of a hand won by a seat low on the sheet, and the
changes a correction would make, which sit below the hand being entered
again."""

from __future__ import annotations

from club_helpers import enter, open_list
from helpers import open_app, start_sheet, tap, wait_idle

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]
IN_SIGHT = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const view = document.getElementById('screen').getBoundingClientRect();
  return box.top >= view.top - 1 && Math.min(box.bottom, box.top + 60) <= view.bottom + 1;
}"""


def _phone(warm_page, shared_site, seed: int, people=PEOPLE):
    page = warm_page(locale="de-DE")
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, shared_site, seed=seed)
    start_sheet(page, people, dealer=len(people))
    return page


def _to_bottom(page) -> None:
    page.evaluate("() => { const s = document.getElementById('screen'); s.scrollTop = s.scrollHeight; }")


def test_the_result_of_a_hand_won_low_on_the_sheet_is_in_sight(warm_page, shared_site):
    page = _phone(warm_page, shared_site, 21)
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold")):
        enter(page, seat, act)
    _to_bottom(page)
    assert page.evaluate("() => document.getElementById('screen').scrollTop") > 0, "the sheet fits: nothing to scroll"
    enter(page, 4, "win")
    page.wait_for_selector(".last-hand")
    wait_idle(page)
    assert page.evaluate(IN_SIGHT, ".last-hand"), "the hand's result is scrolled out of sight"


def test_a_corrections_changes_are_shown_not_left_under_the_buttons(warm_page, shared_site):
    # Three hands after the one corrected: each changes a mark of Hubert's.
    page = _phone(warm_page, shared_site, 22)
    for _ in range(3):
        for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold"), (4, "win")):
            enter(page, seat, act)
    open_list(page)
    tap(page, '[data-action="fix-open"][data-game="1"][data-hand="1"]')
    for seat, act in ((1, "knock"), (2, "hold"), (3, "hold"), (4, "hold"), (4, "win")):
        enter(page, seat, act)
    tap(page, '[data-action="fix-preview"]')
    page.wait_for_selector(".fix-preview")
    wait_idle(page)
    rows = page.evaluate("""() => { const view = document.getElementById('screen').getBoundingClientRect();
      return [...document.querySelectorAll('.changes tbody tr')].map((r) => r.getBoundingClientRect().bottom <= view.bottom + 1); }""")
    assert len(rows) == 3 and all(rows), rows
