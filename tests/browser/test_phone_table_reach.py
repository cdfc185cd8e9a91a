"""Phones that may not find each other (docs/PHONE_TABLE.md, "When the
phones cannot reach each other"), on one machine's loopback; the same
across a router is test_phone_table_router.py.

- The camera is asked before any connection exists, on the host's
  "Tisch eröffnen" and on the guest's "Antwort erstellen", and runs until
  the connection has gathered its addresses; a camera refused is said on
  screen and joining goes on with pasting.
- A connection that has not come up within 15 s says so on both phones
  (html[data-link="failed"], an alert with what was seen and what to do);
  "Verbinden" tapped again with the same answer is no "wrong answer"; one
  tap makes a new invitation for the seat, and with it the table is dealt.
- A browser without RTCPeerConnection is told so on every button that
  would make a connection, and nothing hangs."""

from __future__ import annotations

from test_phone_table import _fill_setup, _text_of

from helpers import assert_axe_clean, open_app, screen, shot, start_sheet, until_link_failed

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]

# The person's answer to the camera question (window.__camera: 'allow' or
# 'block'), a camera made of a canvas, and the order of what the page did:
# the camera asked, a connection made, its gathering complete, the camera
# stopped.
CAMERA = """
window.__events = [];
window.__camera = 'allow';
navigator.mediaDevices.getUserMedia = async () => {
  window.__events.push('camera');
  if (window.__camera !== 'allow') throw new DOMException('Permission denied', 'NotAllowedError');
  const canvas = document.createElement('canvas');
  const stream = canvas.captureStream(1);
  for (const track of stream.getTracks()) {
    const stop = track.stop.bind(track);
    track.stop = () => { window.__events.push('camera-stop'); stop(); };
  }
  return stream;
};
const Native = RTCPeerConnection;
window.RTCPeerConnection = function (...args) {
  const pc = new Native(...args);
  window.__events.push('connection');
  pc.addEventListener('icegatheringstatechange', () => { if (pc.iceGatheringState === 'complete') window.__events.push('gathered'); });
  return pc;
};
window.RTCPeerConnection.prototype = Native.prototype;
"""
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection; delete window.RTCDataChannel;"
# Two connections in one page that meet only through the codes, as two
# phones do: the browser's own offer and answer packed, read back, set as
# the other side's remote description; → whether the channel opened, and
# the essentials of each description before and after.
ROUND_TRIP = """async () => {
  const { packCode, readCode, essentials } = await import('./modules.js').then((m) => m.linkCode);
  const gathered = (pc) => new Promise((r) => { const f = () => pc.iceGatheringState === 'complete' && r(); pc.onicegatheringstatechange = f; f(); });
  const a = new RTCPeerConnection({ iceServers: [] });
  const channel = a.createDataChannel('schraem', { ordered: true });
  await a.setLocalDescription(await a.createOffer());
  await gathered(a);
  const offer = packCode(a.localDescription.sdp, { type: 'offer', seat: 2 });
  const b = new RTCPeerConnection({ iceServers: [] });
  const got = new Promise((r) => { b.ondatachannel = (e) => { e.channel.onmessage = (m) => r(m.data); }; });
  const readOffer = await readCode(offer, 'offer');
  await b.setRemoteDescription({ type: 'offer', sdp: readOffer.sdp });
  await b.setLocalDescription(await b.createAnswer());
  await gathered(b);
  const answer = packCode(b.localDescription.sdp, { type: 'answer', seat: readOffer.seat });
  const readAnswer = await readCode(answer, 'answer');
  await a.setRemoteDescription({ type: 'answer', sdp: readAnswer.sdp });
  await new Promise((r) => { if (channel.readyState === 'open') r(); channel.onopen = r; });
  channel.send('Tuppen');
  const message = await Promise.race([got, new Promise((r) => setTimeout(() => r(null), 10000))]);
  const pairs = [[a.localDescription.sdp, readOffer.sdp], [b.localDescription.sdp, readAnswer.sdp]]
    .map(([own, built]) => [essentials(own), essentials(built)]);
  a.close(); b.close();
  return { message, seat: readAnswer.seat, lengths: [offer.length, answer.length], pairs };
}"""


def check_round_trip(result: dict) -> None:
    """What ROUND_TRIP returned: the channel carried a message, and each
    rebuilt description has the browser's own ICE and DTLS parameters and
    UDP addresses."""
    assert result["message"] == "Tuppen" and result["seat"] == 2, result
    for own, built in result["pairs"]:
        for key in ("ufrag", "pwd", "hash", "setup", "mid", "sctpPort", "maxMessageSize", "candidates"):
            assert built[key] == own[key], (key, own, built)
        assert built["fingerprint"] == own["fingerprint"].upper()
    assert max(result["lengths"]) < 250, result["lengths"]


def _two_phones(warm_page, shared_site, seed: int, new_context=None):
    """A German host and an English guest, each with the camera hook: →
    (host, guest). With `new_context`, each in a context of its own with a
    clock a test may move on (a clock is the whole context's, so not in a
    warm context other tests go on using)."""
    if new_context is None:
        host = warm_page(locale="de-DE", service_workers="block")
        guest = warm_page(locale="en-GB", service_workers="block")
    else:
        host, guest = (new_context(locale=locale, service_workers="block").new_page() for locale in ("de-DE", "en-GB"))
    for page in (host, guest):
        page.add_init_script(CAMERA)
        if new_context is not None:
            page.clock.install()
    open_app(host, shared_site, seed=seed)
    open_app(guest, shared_site)
    return host, guest


def _events(page) -> list[str]:
    return page.evaluate("() => window.__events.slice()")


def _message(page) -> str:
    return page.evaluate("() => document.getElementById('message')?.textContent ?? ''")


def test_two_connections_meet_through_the_codes_alone(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    open_app(page, shared_site)
    check_round_trip(page.evaluate(ROUND_TRIP))


def test_the_camera_is_asked_before_any_connection_and_a_refusal_is_said(warm_page, shared_site, page_errors):
    host, guest = _two_phones(warm_page, shared_site, 3)
    guest.evaluate("() => { window.__camera = 'block'; }")

    # Why the camera is asked stands above the button that asks.
    assert "Kamera" in host.locator(".phone-start").inner_text()
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host, "offer-2")
    host.wait_for_function("() => window.__events.includes('camera-stop')")
    events = _events(host)
    assert events[0] == "camera" and "connection" in events, events
    # The camera runs until the invitation has gathered its addresses.
    assert events.index("gathered") < events.index("camera-stop"), events
    assert "WLAN" in host.locator(".phone-network").inner_text() and "Hotspot" in host.locator(".phone-network").inner_text()

    # The guest refuses the camera: told so, and the answer is made anyway.
    guest.locator('[data-action="phone-join"]').tap()
    assert "Wi-Fi" in guest.locator(".phone-network").inner_text()
    guest.fill('[data-phone-text="offer"]', offer)
    guest.locator('[data-action="phone-join-offer"]').tap()
    answer = _text_of(guest, "answer")
    events = _events(guest)
    assert events[0] == "camera" and events.index("camera") < events.index("connection"), events
    note = guest.locator('.camera-note[data-camera="blocked"]')
    assert "not allowed" in note.inner_text() and "Pasting the texts still works" in note.inner_text()

    host.fill('[data-phone-text="answer-2"]', answer)
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    assert host.evaluate("() => document.documentElement.dataset.link") == "connected"
    assert guest.evaluate("() => document.documentElement.dataset.link") == "connected"
    assert not page_errors


def test_phones_that_do_not_meet_say_so_within_seconds_and_a_new_try_deals(warm_page, new_context, shared_site, page_errors, artifacts):
    host, lost = _two_phones(warm_page, shared_site, 4, new_context)
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host, "offer-2")
    assert len(offer) < 200

    # The guest answers; the host never reads it: the guest says so.
    lost.locator('[data-action="phone-join"]').tap()
    lost.fill('[data-phone-text="offer"]', offer)
    lost.locator('[data-action="phone-join-offer"]').tap()
    answer = _text_of(lost, "answer")
    until_link_failed(lost, 25)
    alert = lost.locator('.link-trouble[role="alert"]')
    assert "No connection with the host" in alert.inner_text() and "hotspot" in alert.inner_text()
    lost.locator('[data-action="phone-retry"]').tap()
    assert "new invitation" in lost.locator(".phone-join").inner_text()
    assert lost.locator('[data-phone-text="offer"]').input_value() == ""
    lost.close()

    # The host reads an answer whose phone is gone: within 15 s both the
    # mark and the words, and a second "Verbinden" is not called wrong.
    host.fill('[data-phone-text="answer-2"]', answer)
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    host.wait_for_timeout(300)
    assert "keine Antwort" not in _message(host)
    until_link_failed(host, 25)
    alert = host.locator('.phone-seat[data-seat="2"] .link-trouble[role="alert"]')
    text = alert.inner_text()
    assert_axe_clean(host, shared_site, "phones that did not meet")
    for width in (360, 320):
        host.set_viewport_size({"width": width, "height": 640})
        alert.scroll_into_view_if_needed()
        shot(host, artifacts, f"phone-table-no-link-{width}.png")
        box = host.locator('[data-action="phone-retry"][data-seat="2"]').bounding_box()
        assert box["width"] <= width and box["height"] >= 44, box
    # The camera was allowed: the advice does not ask for it again; and the
    # spent codes are gone, so nobody scans them again.
    assert "Keine Verbindung mit Bert" in text and "Hotspot" in text and "die Kamera erlauben" not in text
    assert host.locator('.phone-seat[data-seat="2"] [data-phone-text], .phone-seat[data-seat="2"] svg.qr').count() == 0

    # One tap: a new invitation for the seat, and with it the table is dealt.
    host.locator('[data-action="phone-retry"][data-seat="2"]').tap()
    host.wait_for_function(
        "(old) => { const v = document.querySelector('[data-phone-text=\"offer-2\"]')?.value ?? ''; return v.length > 100 && v !== old; }",
        arg=offer,
        timeout=30_000,
    )
    assert host.locator(".link-trouble").count() == 0
    assert _events(host).count("camera") == 2
    fresh = host.locator('[data-phone-text="offer-2"]').input_value()
    guest = warm_page(locale="en-GB", service_workers="block")
    open_app(guest, shared_site)
    guest.locator('[data-action="phone-join"]').tap()
    guest.fill('[data-phone-text="offer"]', fresh)
    guest.locator('[data-action="phone-join-offer"]').tap()
    host.fill('[data-phone-text="answer-2"]', _text_of(guest, "answer"))
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    assert host.evaluate("() => document.documentElement.dataset.link") == "connected"
    assert not page_errors


def test_a_browser_without_webrtc_says_so_on_every_button_that_would_connect(warm_page, shared_site, page_errors):
    page = warm_page(locale="de-DE", service_workers="block")
    page.add_init_script(NO_WEBRTC)
    open_app(page, shared_site, seed=5)
    assert page.evaluate("() => typeof RTCPeerConnection") == "undefined"
    _fill_setup(page, PLAYERS, dealer="1")
    page.locator('[data-action="phone-open"]').tap()
    page.wait_for_function("() => document.getElementById('message')?.textContent.includes('WebRTC')")
    assert screen(page) == "start" and "Chrome, Firefox, Safari" in _message(page)
    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    page.locator('[data-action="phone-join"]').tap()
    page.wait_for_function("() => document.getElementById('message')?.textContent.includes('WebRTC')")
    assert screen(page) == "start"

    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    start_sheet(page, ["Anne", "Hubert", "Gerda", "Hans"], dealer=4)
    page.locator('[data-action="sheet-share"]').tap()
    page.wait_for_function("() => document.getElementById('message')?.textContent.includes('WebRTC')")
    assert screen(page) != "sheet-share"
    assert not page_errors
