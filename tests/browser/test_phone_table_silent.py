"""A phone that committed but never shows its number does not freeze the
table (docs/PHONE_TABLE.md, "The restart rule"): the host sees a countdown,
then may give the seat to the computer; the round is given up and dealt
again without that phone, every phone says why, and the record keeps the
round given up."""

from __future__ import annotations

from test_phone_table import HOST_STATE
from test_phone_table_exchange import two_phones

from helpers import on_the_clock_until, shot, wait_until

# The guest's phone loses its number once: its first reveal never leaves it.
SILENT_ONCE = """
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (!window.__silenced && typeof data === 'string' && data.includes('"cmd":"reveal"')) {
    window.__silenced = true;
    return undefined;
  }
  return send.call(this, data);
};
"""


def test_a_phone_silent_after_its_commit_is_given_to_the_computer_and_the_deal_starts_again(
    warm_page, new_context, shared_site, page_errors, artifacts
):
    host, guest = two_phones(warm_page, shared_site, 43, guest_script=SILENT_ONCE, new_context=new_context)
    guest.wait_for_function("() => window.__silenced === true", timeout=30_000)

    # The host counts down on its screen of codes, then offers the computer.
    host.wait_for_selector(".phone-deal-wait", timeout=30_000)
    assert "Warte auf die Zahl von Platz 2: Bert" in host.locator(".phone-deal-wait").inner_text()
    shot(host, artifacts, "phone-table-deal-wait.png")
    assert host.locator('[data-action="phone-standin"]').count() == 0
    # The host's clock is moved on over the countdown (20 s).
    on_the_clock_until(host, """() => !!document.querySelector('[data-action="phone-standin"][data-seat="2"]')""", 40)
    host.locator('[data-action="phone-standin"][data-seat="2"]').tap()

    # Dealt again without that phone's number; every phone says why.
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    host.wait_for_selector('.phone-restart[data-hand="1"]', timeout=30_000)
    assert "Neue Runde beim Geben von Spiel 1: Platz 2: Bert" in host.locator(".phone-restart").inner_text()
    guest.wait_for_selector('.phone-restart[data-hand="1"]', timeout=30_000)
    assert "New round while dealing hand 1: Seat 2: Bert" in guest.locator(".phone-restart").inner_text()
    # Why the deal started again stands above the table, on the narrowest phones too.
    for page, lang in ((host, "de"), (guest, "en")):
        for width, height in ((360, 640), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            shot(page, artifacts, f"phone-table-restart-{lang}-{width}.png")
    record = host.evaluate(HOST_STATE)["save"]["record"]
    hand = record["hands"][0]
    assert [r["left"] for r in hand["fair_restarts"]] == [[2]]
    assert [e["seat"] for e in hand["fair_restarts"][0]["commits"]] == [1, 2]
    assert [e["seat"] for e in hand["fair"]] == [1]
    # The phone is connected: once the cards are dealt its seat is its own again.
    wait_until(
        host,
        "async () => { const m = await import('./modules.js').then((m) => m.engineClient);"
        " const r = await m.currentEngine().call('state', { viewer: 1 });"
        " return r.result.phone_table.standins.length === 0; }",
        timeout=30_000,
    )
    assert not page_errors
