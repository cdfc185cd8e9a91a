// Reading a QR code with the phone's camera (the join screens of a table of
// phones, deal sets; qr.js's Scanner for the club's codes decodes alike). The browser's own BarcodeDetector where it has one; elsewhere
// (Firefox, Safari, desktop Chromium) jsQR, shipped in vendor/ and loaded
// only now, so it costs nothing until a phone scans. The camera is shown in
// a layer of its own, outside the screens the app redraws, and stopped as
// soon as a code is read or the scan is cancelled.
import { h } from '../lib/dom.js';

// jsQR takes ~70 ms a frame on a phone: a few tries a second are plenty.
const FRAME_MS = 200;

async function nativeDetector() {
  if (!('BarcodeDetector' in self)) return null;
  try {
    if (!(await self.BarcodeDetector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new self.BarcodeDetector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrDecoder() {
  // The UMD bundle puts jsQR on `self` when imported as a module.
  await import('../vendor/jsQR.js');
  const jsQR = self.jsQR;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth;
    const hgt = video.videoHeight;
    if (!w || !hgt) return null;
    canvas.width = w;
    canvas.height = hgt;
    ctx.drawImage(video, 0, 0, w, hgt);
    return jsQR(ctx.getImageData(0, 0, w, hgt).data, w, hgt, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

// → decode(video): the text of a QR code in the video's frame, or null.
// The browser's own detector where it reads QR codes, else jsQR.
export async function frameDecoder() {
  return (await nativeDetector()) ?? jsqrDecoder();
}

// → the first text read that `accept(text)` takes, or null when cancelled.
// Throws when there is no camera or it is not allowed.
// labels: {title, cancel}, in the phone's language.
export async function scanQr({ accept, labels }) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  const video = h('video', { muted: true, playsinline: true, autoplay: true });
  video.muted = true;
  video.setAttribute('playsinline', '');
  video.srcObject = stream;
  let cancel;
  const cancelled = new Promise((resolve) => { cancel = () => resolve(null); });
  // Answered here, not by a part of the shell (context/taps.js): the scan
  // is this call's, over whatever screen is drawn.
  const button = h('button', { type: 'button', class: 'secondary', text: labels.cancel });
  button.addEventListener('click', () => cancel());
  const layer = h('div', { class: 'qr-scan', role: 'dialog', 'aria-label': labels.title, dataset: { scanning: 'yes' } },
    h('p', { role: 'status', text: labels.title }), video, button);
  document.body.append(layer);
  try {
    await video.play().catch(() => {});
    const decode = await frameDecoder();
    let done = false;
    cancelled.then(() => { done = true; });
    const read = (async () => {
      while (!done) {
        let text = null;
        try { text = await decode(video); } catch { text = null; }
        if (text && accept(text)) return text;
        await new Promise((resolve) => { setTimeout(resolve, FRAME_MS); });
      }
      return null;
    })();
    return await Promise.race([read, cancelled]);
  } finally {
    cancel();
    for (const track of stream.getTracks()) track.stop();
    layer.remove();
  }
}
