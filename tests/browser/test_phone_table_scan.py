"""A guest joins a table of phones by scanning the host's QR code with its
camera (docs/PHONE_TABLE.md): Chromium's fake camera plays a video made
from the host's code, the shipped decoder (jsQR: headless Chromium has no
BarcodeDetector) reads the invitation, and the phones connect and deal."""

from __future__ import annotations

import base64

from test_phone_table import HOST_STATE, RECEIVED_PROBE, _allowed, _assert_no_leak, _guest_view, _text_of

from browser_support import TEST_CHROMIUM_ARGS, chromium_path
from helpers import open_app

SIDE = 720  # the video's width and height (even, for 4:2:0)

# The host's code as the camera would see it on a white screen: gray
# levels of a SIDE x SIDE frame, base64.
# `selector` names the code's <svg> (a seat's invitation, a deal set's result).
QR_PIXELS = """async ([selector, side]) => {
  const svg = document.querySelector(selector).cloneNode(true);
  // An image needs a size of its own (the page sizes the code by CSS).
  svg.setAttribute('width', side);
  svg.setAttribute('height', side);
  const text = new XMLSerializer().serializeToString(svg);
  const img = new Image();
  // A data: URL: the app's CSP allows no blob: images.
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, side, side);
  const m = side / 12;
  ctx.drawImage(img, m, m, side - 2 * m, side - 2 * m);
  const rgba = ctx.getImageData(0, 0, side, side).data;
  let out = '';
  for (let i = 0; i < rgba.length; i += 4) out += String.fromCharCode(Math.round((rgba[i] + rgba[i + 1] + rgba[i + 2]) / 3));
  return btoa(out);
}"""


def camera_phone(playwright, video, locale: str):
    """A Chromium whose camera plays `video` (a fake device, allowed
    without asking) and a phone-sized page in it → (browser, page)."""
    camera = playwright.chromium.launch(
        executable_path=chromium_path(),
        args=[
            *TEST_CHROMIUM_ARGS,
            "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video.resolve()}",
        ],
    )
    ctx = camera.new_context(
        locale=locale,
        service_workers="block",
        permissions=["camera"],
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    return camera, ctx.new_page()


def _y4m(gray: bytes, path) -> None:
    """A few identical frames of 4:2:0 video: the gray levels as luma, no colour."""
    chroma = bytes([128]) * ((SIDE // 2) * (SIDE // 2) * 2)
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(10):
            f.write(b"FRAME\n" + gray + chroma)


def test_a_guest_joins_by_scanning_the_hosts_code_with_its_camera(warm_page, shared_site, playwright, tmp_path, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    open_app(host, shared_site, seed=31)
    host.select_option('[data-field="count"]', "4")
    for i, (name, who) in enumerate([("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]):
        host.fill(f'[data-field="name"][data-seat="{i}"]', name)
        host.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        host.select_option(f'[data-field="who"][data-seat="{i}"]', who)
    host.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host, "offer-2")
    video = tmp_path / "host-qr.y4m"
    _y4m(base64.b64decode(host.evaluate(QR_PIXELS, ['.phone-seat[data-seat="2"] svg.qr', SIDE])), video)

    camera, guest = camera_phone(playwright, video, "en-GB")
    try:
        guest.add_init_script(RECEIVED_PROBE)
        errors = []
        guest.on("pageerror", lambda e: errors.append(str(e)))
        fetched = []
        guest.on("request", lambda r: fetched.append(r.url))
        open_app(guest, shared_site)
        guest.wait_for_function("() => document.documentElement.dataset.shell === 'ready'", timeout=180_000)
        # Nothing of the decoder is fetched before a scan.
        assert not any("jsQR" in u for u in fetched)
        assert guest.evaluate("() => 'BarcodeDetector' in self") is False  # so the shipped decoder reads it

        guest.locator('[data-action="phone-join"]').tap()
        guest.locator('[data-action="phone-scan"][data-key="offer"]').tap()
        answer = _text_of(guest, "answer", timeout=60_000)
        assert answer.startswith("SCHRAEM-ANSWER:")
        assert any(u.endswith("/vendor/jsQR.js") for u in fetched)
        assert guest.evaluate("() => typeof self.jsQR") == "function"
        assert not guest.locator(".qr-scan").count()  # the camera is put away
        assert guest.evaluate("() => document.querySelector('[data-phone-text=\"offer\"]')") is None

        host.fill('[data-phone-text="answer-2"]', answer)
        host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
        for page in (host, guest):
            page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        view = _guest_view(guest)
        assert view["seat"] == 2 and view["hand_no"] == 1
        record = host.evaluate(HOST_STATE)["save"]["record"]
        assert [e["seat"] for e in record["hands"][0]["fair"]] == [1, 2]
        # The offer read by the camera was the host's, character for character:
        # the guest's answer fits it, and the phones dealt together.
        assert offer.startswith("SCHRAEM-OFFER:")
        own, played = _allowed(record, 2)
        _assert_no_leak(guest, lambda: own | _allowed(host.evaluate(HOST_STATE)["save"]["record"], 2)[1])
        assert not errors and not page_errors
    finally:
        camera.close()
