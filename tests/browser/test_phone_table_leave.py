"""Leaving a table of phones is asked first (docs/PHONE_TABLE.md): "Neues
Spiel" → "Spiel starten" mid-hand says what happens to the other phones
(on the host the table ends for everyone, on a guest the others play on),
and "Abbrechen" changes nothing on any phone. A guest that leaves keeps its
seat's secret and comes back to its seat with the host's code for it; a
host that ends the table tells every guest so."""

from __future__ import annotations

from test_phone_table import HOST_STATE
from test_phone_table_exchange import two_phones
from test_phone_table_rejoin import _away, _play, _rejoin

from helpers import wait_idle

KEPT = "async () => (await import('./modules.js').then((m) => m.preferences)).readPreference('phone-guest')"


def _at_table(*pages) -> None:
    for page in pages:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)


def _connected(host, guest) -> None:
    """Both phones at the table, the guest's seat on no phone away or lost."""
    _at_table(host, guest)
    assert guest.evaluate("() => document.documentElement.dataset.link") == "connected"
    for page in (host, guest):
        assert page.evaluate("() => document.querySelector('.phone-links')?.dataset.down ?? ''") == ""
        assert page.locator('.phone-links[data-lost="yes"]').count() == 0


def _ask(page, way: str = "new-game") -> str:
    """The question after "Neues Spiel" from the table, then `way` on the
    start form ("Spiel starten" unless given)."""
    page.locator('header [data-action="setup"]').tap()
    page.locator(f'[data-action="{way}"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'confirm'")
    return page.locator("section.confirm").inner_text()


def _cancel(host, guest, page, before: dict) -> None:
    """ "Abbrechen" on `page`: both phones as they were."""
    page.locator('[data-action="confirm-no"]').tap()
    _connected(host, guest)
    _same_game(before, host.evaluate(HOST_STATE)["save"]["record"])


def _same_game(before: dict, after: dict) -> None:
    """The same table: its deal and every action before, perhaps more since."""
    assert after["players"] == before["players"] and len(after["hands"]) == len(before["hands"])
    old, new = before["hands"][-1], after["hands"][-1]
    assert new["fair"] == old["fair"] and new["actions"][: len(old["actions"])] == old["actions"]


def _phone_moves(host) -> int:
    return sum(a["seat"] in (1, 2) for a in host.evaluate(HOST_STATE)["save"]["record"]["hands"][-1]["actions"])


def test_leaving_a_table_of_phones_is_asked_and_cancelling_changes_nothing(warm_page, shared_site, page_errors):
    host, guest = two_phones(warm_page, shared_site, 47)
    _connected(host, guest)
    wait_idle(host)

    # The host: the table would end for everyone. "Abbrechen" leaves it as
    # it was; opening a table again is asked the same way.
    before = host.evaluate(HOST_STATE)["save"]["record"]
    assert "Der Tisch endet für alle" in _ask(host)
    assert host.locator('[data-action="confirm-no"]').inner_text() == "Abbrechen"
    _cancel(host, guest, host, before)
    assert "Der Tisch endet für alle" in _ask(host, "phone-open")
    _cancel(host, guest, host, before)

    # The guest: the others would play on. "Cancel" leaves both phones as
    # they were; joining another table is asked the same way.
    text = _ask(guest)
    assert "The other phones play on without you" in text and "code" in text
    assert guest.locator('[data-action="confirm-no"]').inner_text() == "Cancel"
    _cancel(host, guest, guest, before)
    assert "The other phones play on without you" in _ask(guest, "phone-join")
    _cancel(host, guest, guest, before)

    # A phone's move still goes through.
    moves = _phone_moves(host)
    _play(host, {2: guest}, lambda: _phone_moves(host) > moves)

    # The guest leaves: the host shows its seat as away, and the guest keeps
    # its seat's secret, so the host's code for the seat brings it back.
    _ask(guest)
    guest.locator('[data-action="confirm-yes"]').tap()
    guest.wait_for_function("() => !['confirm', 'start'].includes(document.body.dataset.screen)")
    _away(host, "2")
    kept = guest.evaluate(KEPT)
    assert kept["seat"] == 2 and kept["secret"] and kept["left"] is True
    guest.locator('header [data-action="setup"]').tap()
    guest.locator('[data-action="phone-join"]').tap()
    guest.wait_for_function("() => document.body.dataset.screen === 'phone-join'")
    _rejoin(guest, host, 2)
    host.wait_for_function("() => document.body.dataset.screen === 'table'")
    _connected(host, guest)
    back = guest.evaluate(KEPT)
    assert (back["seat"], back["secret"]) == (2, kept["secret"]) and "left" not in back

    # The host ends the table: the guest is told so in words, offered no
    # code to wait for, and starts a game of its own without a question.
    _ask(host)
    host.locator('[data-action="confirm-yes"]').tap()
    guest.wait_for_selector(".phone-ended")
    assert guest.locator(".phone-ended").inner_text() == 'The host has ended the table. "New game" goes on from here.'
    assert guest.locator('[data-action="phone-rejoin"]').count() == 0
    assert guest.evaluate(KEPT)["left"] is True
    guest.locator('header [data-action="setup"]').tap()
    guest.locator('[data-action="new-game"]').tap()
    guest.wait_for_function("() => ['pass', 'table'].includes(document.body.dataset.screen)")
    assert not page_errors
