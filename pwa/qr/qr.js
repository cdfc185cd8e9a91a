// QR codes for tickets and table results, phone to phone without a network.
// Encoding is qrcode-generator (MIT, shipped in vendor/); the app draws the
// modules as SVG itself (no inline styles, so the CSP stays strict). A text
// too long for one comfortable code is split into a numbered sequence:
//   SCHRAEM:<k>/<n>:<id>:<enc>:<data>
// <id> ties the parts of one sequence together, <enc> is "z" (deflate-raw,
// base64) or "j" (plain JSON, base64) where the browser cannot compress.
import { svg } from '../lib/dom.js';
import { fromBase64, pipe, toBase64 } from '../lib/bytes.js';
import { frameDecoder } from './qr-scan.js';

// Loaded on first use, so the library costs nothing at start-up.
let qrcode = null;
export async function loadQr() {
  if (!qrcode) qrcode = (await import('../vendor/qrcode.mjs')).default;
}

const PREFIX = 'SCHRAEM';
// Characters per code: small enough for a phone camera to read off a screen.
export const CHUNK = 700;
// Beyond this many codes scanning is slower than passing a file.
export const MAX_CODES = 12;

function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// → the texts of the codes, in order.
export async function encodeCodes(data) {
  const raw = new TextEncoder().encode(JSON.stringify(data));
  let enc = 'j';
  let body = raw;
  if (typeof CompressionStream === 'function') {
    try { body = await pipe(raw, new CompressionStream('deflate-raw')); enc = 'z'; } catch { body = raw; }
  }
  const text = toBase64(body);
  const id = fnv(text);
  const n = Math.max(1, Math.ceil(text.length / CHUNK));
  return Array.from({ length: n }, (_, k) => `${PREFIX}:${k + 1}/${n}:${id}:${enc}:${text.slice(k * CHUNK, (k + 1) * CHUNK)}`);
}

export function parseCode(text) {
  const m = /^SCHRAEM:(\d+)\/(\d+):([0-9a-f]{8}):([zj]):([A-Za-z0-9+/=]*)$/.exec(String(text).trim());
  if (!m) return null;
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (!(k >= 1 && k <= n && n <= 999)) return null;
  return { k, n, id: m[3], enc: m[4], data: m[5] };
}

// Collects the parts of one sequence, in any order; a code of another
// sequence starts over (the player scanned a different phone).
export class Collector {
  constructor() { this.reset(); }

  reset() {
    this.id = null;
    this.n = 0;
    this.parts = new Map();
  }

  // → true when this code was new
  add(text) {
    const c = parseCode(text);
    if (!c) return false;
    if (c.id !== this.id || c.n !== this.n) {
      this.reset();
      this.id = c.id;
      this.n = c.n;
      this.enc = c.enc;
    }
    if (this.parts.has(c.k)) return false;
    this.parts.set(c.k, c.data);
    return true;
  }

  get complete() { return this.n > 0 && this.parts.size === this.n; }

  async data() {
    const text = Array.from({ length: this.n }, (_, k) => this.parts.get(k + 1)).join('');
    if (fnv(text) !== this.id) throw new Error('the codes do not fit together');
    let bytes = fromBase64(text);
    if (this.enc === 'z') bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
    return JSON.parse(new TextDecoder().decode(bytes));
  }
}

// One code as an SVG image, quiet zone included (after loadQr()). level:
// the error correction; the short codes of a table of phones take M, which
// a camera still reads with a part of the screen in glare.
export function qrSvg(text, label, level = 'L') {
  const q = qrcode(0, level);
  q.addData(text);
  q.make();
  const m = q.getModuleCount();
  let d = '';
  for (let r = 0; r < m; r += 1) {
    for (let c = 0; c < m; c += 1) if (q.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  const size = m + 8;
  return svg('svg', { class: 'qr', viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' },
    svg('rect', { width: size, height: size, fill: '#ffffff' }),
    svg('path', { d, fill: '#000000' }));
}

// Any camera will do: where the browser has no BarcodeDetector (Firefox,
// Safari, desktop Chromium) the shipped jsQR reads the frames (qr-scan.js).
export function canScan() {
  return Boolean(navigator.mediaDevices?.getUserMedia);
}

// The camera behind a <video>, each code read handed to onText (a
// numbered sequence is read a code at a time).
export class Scanner {
  constructor(video, onText) {
    this.video = video;
    this.onText = onText;
    this.stream = null;
    this.timer = null;
  }

  async start() {
    this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    this.video.srcObject = this.stream;
    this.video.muted = true;
    this.video.setAttribute('playsinline', '');
    await this.video.play().catch(() => {});
    const decode = await frameDecoder();
    const tick = async () => {
      if (!this.stream) return;
      try {
        const text = await decode(this.video);
        if (text) this.onText(text);
      } catch { /* a frame the decoder could not read */ }
      if (this.stream) this.timer = setTimeout(tick, 200);
    };
    tick();
  }

  stop() {
    clearTimeout(this.timer);
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    if (this.video) this.video.srcObject = null;
  }
}
