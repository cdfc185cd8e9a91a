"""The club's QR scanner (qr.js Scanner: tickets and tournament results)
reads codes where the browser has no BarcodeDetector, with the shipped jsQR
as the table of phones does (qr-scan.js): a camera that films the app's own
code, drawn on a canvas, is read by headless Chromium, which has no
BarcodeDetector."""

from __future__ import annotations

from helpers import open_app, screen

# A camera filming whatever window.__film(text) drew: the app's own QR
# drawing on a white canvas, repainted so the stream keeps sending frames.
CANVAS_CAMERA = """
(() => {
  let canvas = null;
  const film = () => {
    if (!canvas) { canvas = document.createElement('canvas'); canvas.width = canvas.height = 480; }
    return canvas;
  };
  window.__film = async (text) => {
    const { loadQr, qrSvg } = await import('./modules.js').then((m) => m.qr);
    await loadQr();
    const svg = qrSvg(text, 'code');
    svg.setAttribute('width', 400);
    svg.setAttribute('height', 400);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const ctx = film().getContext('2d');
    setInterval(() => {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 480, 480);
      ctx.drawImage(img, 40, 40, 400, 400);
    }, 100);
  };
  navigator.mediaDevices.getUserMedia = async () => film().captureStream(10);
})();
"""

READ = """async () => {
  const { Scanner } = await import('./modules.js').then((m) => m.qr);
  const video = document.createElement('video');
  const got = [];
  const scanner = new Scanner(video, (text) => got.push(text));
  await scanner.start();
  for (let i = 0; i < 100 && !got.length; i += 1) await new Promise((r) => { setTimeout(r, 100); });
  scanner.stop();
  return { got, native: 'BarcodeDetector' in self, jsqr: typeof self.jsQR };
}"""


def test_the_club_scanner_reads_codes_without_a_barcode_detector(warm_page, shared_site, page_errors):
    page = warm_page(locale="de-DE", service_workers="block")
    page.add_init_script(CANVAS_CAMERA)
    open_app(page, shared_site)
    assert screen(page) == "start"
    # The ticket's scan is offered wherever there is a camera.
    assert page.locator('[data-action="ticket-scan"]').count() == 1
    page.evaluate("(t) => window.__film(t)", "SCHRAEM:1/1:0badc0de:j:eyJhIjoxfQ==")
    read = page.evaluate(READ)
    assert read["native"] is False and read["jsqr"] == "function"
    assert read["got"] and read["got"][0] == "SCHRAEM:1/1:0badc0de:j:eyJhIjoxfQ=="
    assert not page_errors
