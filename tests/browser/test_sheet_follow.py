"""The Spielliste of a scoresheet table (real cards) followed live by the
other phones (docs/PHONE_TABLE.md): the phone keeping the sheet invites a
phone by the table-of-phones invitation, over a real data channel; the
following phone sees every entry arrive in its Spielliste and can change
nothing (no entry or correction buttons, and what it sends is not read)."""

from __future__ import annotations

from test_phone_table_reach import CAMERA

from helpers import open_app, sheet_tap, start_sheet, stored, wait_idle

PEOPLE = ["Anne", "Hubert", "Gerda", "Hans"]
# Every data channel the page listens on, so the test can send on it.
CHANNELS = """
window.__channels = new Set();
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (...args) { window.__channels.add(this); return add.apply(this, args); };
"""


def _lines(page) -> int:
    return page.locator(".sheet-follow table.list tbody tr:not(.game-head):not(.start-row)").count()


def test_a_phone_follows_the_spielliste_live_and_cannot_edit_it(warm_page, shared_site, page_errors):
    keeper = warm_page(locale="de-DE", service_workers="block")
    follower = warm_page(locale="en-GB", service_workers="block")
    follower.add_init_script(CHANNELS)
    keeper.add_init_script(CAMERA)
    open_app(keeper, shared_site, seed=5)
    open_app(follower, shared_site)
    start_sheet(keeper, PEOPLE, dealer=4)

    # The keeper offers the list; the other phone joins as for a table of phones.
    keeper.locator('[data-action="sheet-share"]').tap()
    keeper.wait_for_function("() => (document.querySelector('[data-sheet-text=\"offer\"]')?.value ?? '').length > 100", timeout=30_000)
    offer = keeper.locator('[data-sheet-text="offer"]').input_value()
    # The invitation was made while the camera ran, as a table's are.
    events = keeper.evaluate("() => window.__events")
    assert events[0] == "camera" and events.index("camera") < events.index("connection"), events
    follower.locator('[data-action="phone-join"]').tap()
    follower.fill('[data-phone-text="offer"]', offer)
    follower.locator('[data-action="phone-join-offer"]').tap()
    follower.wait_for_function("() => (document.querySelector('[data-phone-text=\"answer\"]')?.value ?? '').length > 100", timeout=30_000)
    keeper.fill('[data-sheet-text="answer"]', follower.locator('[data-phone-text="answer"]').input_value())
    keeper.locator('[data-action="sheet-share-connect"]').tap()
    keeper.wait_for_selector('[data-followers="1"]', timeout=30_000)
    follower.wait_for_function(
        "() => document.body.dataset.screen === 'sheet-follow' && document.querySelector('.sheet-follow table.list')", timeout=30_000
    )
    assert "Read-only" in follower.locator(".sheet-follow").inner_text()
    # A new invitation waits for the next phone.
    keeper.wait_for_function(
        "(old) => { const v = document.querySelector('[data-sheet-text=\"offer\"]')?.value ?? ''; return v.length > 100 && v !== old; }",
        arg=offer,
        timeout=30_000,
    )
    keeper.locator('[data-action="sheet-share-back"]').tap()
    assert "1 Handys lesen" in keeper.locator(".sheet-share").inner_text()

    # A hand entered on the keeper's phone: Anne knocks, Hubert passes,
    # Gerda and Hans hold, Hans wins. The follower's list shows it.
    before = _lines(follower)
    sheet_tap(keeper, 1, "knock")
    sheet_tap(keeper, 2, "pass")
    sheet_tap(keeper, 3, "hold")
    sheet_tap(keeper, 4, "hold")
    sheet_tap(keeper, 4, "win")
    wait_idle(keeper)
    follower.wait_for_function(
        "(n) => document.querySelectorAll('.sheet-follow table.list tbody tr:not(.game-head):not(.start-row)').length > n",
        arg=before,
        timeout=30_000,
    )
    text = follower.locator(".sheet-follow").inner_text()
    assert "Anne" in text and "Hans" in text

    # Read-only: nothing to enter or correct, and a message it sends anyway
    # changes nothing on the keeper's phone.
    for selector in ('[data-action="sheet"]', '[data-action^="list-fix"]', '[data-action="fix"]', '[data-action="undo"]'):
        assert follower.locator(selector).count() == 0, selector
    saved = stored(keeper)["save"]
    sent = follower.evaluate("""async () => {
      const ch = [...(window.__channels ?? [])].find((c) => c.readyState === 'open');
      if (!ch) return false;
      ch.send(JSON.stringify({ id: 1, cmd: 'act', args: { action: { seat: 1, type: 'win' } } }));
      ch.send('{"type":"list","patch":{"s":{"lists":[]}}}');
      return true;
    }""")
    assert sent
    keeper.wait_for_timeout(1_000)
    wait_idle(keeper)
    assert stored(keeper)["save"] == saved
    assert not page_errors
