"""A host's phone whose app was changed, at a face-down table: it passes a
guest an envelope whose log it altered (here the guest's page alters it as
it arrives, as such a host would send it). The guest's engine names the
host at once, and the guest's table says so in words there and then, in
the middle of the hand, the hand not over: not a table that takes no more
taps and says nothing (docs/FACE_DOWN.md, "never nothing"). Its status
line says the phone plays no more in the hand, nothing in its hand or
under its thumb can be tapped, and the line fits the narrowest phone.
The guest says it to the host's phone too, which shows it and plays the
hand on without the guest."""

from __future__ import annotations

import re

from test_phone_table import _step
from test_phone_table_facedown import _view, face_down_pair

from helpers import open_app, screen

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")]

# Once `window.__alterLog` is set, the next envelope this page's channel
# brings has the last digit of its log's hash changed before the app reads
# it: what a host that altered the log would send.
ALTER_PROBE = """
window.__alterLog = false;
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, ...rest) {
  if (type !== 'message') return listen.call(this, type, fn, ...rest);
  return listen.call(this, type, function (event) {
    let frame = null;
    try { frame = typeof event.data === 'string' ? JSON.parse(event.data) : null; } catch { frame = null; }
    if (!window.__alterLog || frame?.type !== 'env' || typeof frame.env?.chain !== 'string') return fn.call(this, event);
    window.__alterLog = false;
    const chain = frame.env.chain;
    frame.env.chain = chain.slice(0, -1) + (chain.endsWith('0') ? '1' : '0');
    return fn.call(this, new MessageEvent('message', { data: JSON.stringify(frame) }));
  }, ...rest);
};
"""
FAULT = "() => document.querySelector('.phone-verdict[data-fair=\"false\"]')?.textContent ?? null"


def test_a_log_the_host_altered_is_named_on_the_guests_table_at_once(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guest = warm_page(locale="en-GB", service_workers="block")
    guest.add_init_script(ALTER_PROBE)
    open_app(host, shared_site, seed=41)
    open_app(guest, shared_site)
    face_down_pair(host, guest, PLAYERS)

    # A few moves in, the next envelope the guest is sent comes altered.
    moves = 0
    for _ in range(200):
        moves += _step(host, _view(host)) + _step(guest, _view(guest))
        if moves >= 2:
            break
        host.wait_for_timeout(80)
    guest.evaluate("() => { window.__alterLog = true; }")
    for _ in range(300):
        if guest.evaluate(FAULT) is not None or not guest.evaluate("() => window.__alterLog"):
            break
        _step(host, _view(host))
        host.wait_for_timeout(80)
    guest.wait_for_function(FAULT, timeout=30_000)

    words = guest.evaluate(FAULT)
    assert re.fullmatch(r"✗ Hand 1 does not add up: .*Anne.* as the relay altered the log at message \d+", words), words
    state = guest.evaluate("async () => (await import('./modules.js')).model.model.game.state")
    assert screen(guest) == "table" and not state["hand_over"], "said in the middle of the hand, on the table"
    assert state["view"]["legal"] == [] and guest.locator("#table .card.legal").count() == 0
    # Its table says it plays no more, and offers nothing to tap in the hand.
    assert guest.locator("#table .status").inner_text() == "This phone plays no more in this hand: it found a fault (above)."
    assert guest.locator("#table .hand button:not([disabled]), #controls button.big:not([disabled])").count() == 0
    # Under the thumb, drawn as not offered (outlined), not as busy.
    assert guest.locator("#controls button.big:not(.not-now)").count() == 0
    # The line fits the narrowest phone: the guest's hand stays in sight under it.
    guest.set_viewport_size({"width": 320, "height": 568})
    fits = guest.evaluate(
        """() => { const line = document.querySelector('.phone-verdict').getBoundingClientRect();
          const hand = document.querySelector('#table .hand')?.getBoundingClientRect();
          return line.right <= innerWidth + 0.5 && document.documentElement.scrollWidth <= innerWidth
            && hand != null && hand.bottom <= innerHeight + 0.5 && hand.top >= line.bottom - 0.5; }"""
    )
    assert fits

    # The guest said it to the host's phone, which shows it in the guest's
    # words (it cannot check them) and may go on without it: the hand is
    # played to its end, the computer playing Bert's seat, and checked.
    report = host.locator(".phone-report")
    report.locator("summary").wait_for(timeout=30_000)
    assert report.locator("summary").inner_text() == "Bert meldet einen Fehler"
    report.locator("summary").tap()
    assert re.fullmatch(
        r"Platz 1 \(Anne\): hat als Vermittler den Verlauf bei Nachricht \d+ verändert\. Das Handy von Bert spielt in diesem "
        r"Spiel nicht weiter\. Dieses Handy kann den Fehler nicht prüfen: Es hat selbst keinen gesehen\.",
        report.locator("p").inner_text(),
    ), report.locator("p").inner_text()
    host.locator('[data-action="phone-standin"][data-seat="2"]').tap()
    host.locator(".phone-gone").wait_for(timeout=30_000)
    for _ in range(300):
        if host.locator('.phone-verdict[data-fair="true"]').count():
            break
        _step(host, _view(host))
        host.wait_for_timeout(80)
    assert host.locator(".phone-verdict").inner_text() == "✓ Spiel 1 geprüft"
    assert host.locator(".phone-report summary").count() == 1
