// The invitation and the answer of a table of phones as short codes that a
// phone camera reads off a screen in a dim pub (docs/PHONE_TABLE.md, "The
// codes"). A description carries only what the other phone's WebRTC needs
// to reach this one: the ICE user fragment and password, the DTLS
// fingerprint, the data channel's parameters and this phone's UDP
// addresses, packed as bytes and base64url-coded. The receiving phone
// builds a description from them for its remote side; nobody's local
// description is ever changed.
//
//   byte 0      format version (1)
//   byte 1      bit 0: answer; bits 1-2: DTLS setup (actpass, active,
//               passive); bits 3-4: fingerprint hash (sha-256, -384, -512)
//   byte 2      the seat (0: none)
//   ufrag, pwd  a length byte (high bit: hex digits packed as bytes), then
//               the characters
//   fingerprint 32, 48 or 64 bytes
//   mid         a length byte, then the characters
//   sctp-port, max-message-size   unsigned LEB128
//   candidates  a count, then each: kind (4: IPv4, 6: IPv6, 0x6d: an mDNS
//               name <uuid>.local as 16 bytes), the address, the port (2)
//
// A code of the first app versions (the whole description, deflated) is
// recognised and the person told to update the other phone.
import { fromBase64 } from '../lib/bytes.js';

export const OFFER = 'SCHRAEM-OFFER:';
export const ANSWER = 'SCHRAEM-ANSWER:';
const VERSION = 1;
const SETUPS = ['actpass', 'active', 'passive'];
const HASHES = [['sha-256', 32], ['sha-384', 48], ['sha-512', 64]];
const KIND_IPV4 = 4;
const KIND_IPV6 = 6;
const KIND_MDNS = 0x6d;
// A code is under 300 characters, one of the first versions under 2 kB:
// anything longer is not ours.
const MAX_TEXT = 4_000;
const MAX_CANDIDATES = 16;
// The first versions' codes: standard base64 of a deflated description.
const OLD_CODE = /^[A-Za-z0-9+/]{400,}={0,2}$/;

// Why a text is not a description, for the screens' words.
export class CodeError extends Error {
  constructor(why) {
    super(why);
    this.why = why; // 'empty' | 'kind' | 'damaged' | 'newer' | 'older' | 'long'
  }
}

function b64url(bytes) {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  } catch {
    return null;
  }
}

// --- reading a browser's own description ------------------------------------

function attribute(sdp, name) {
  const line = sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${name}:`));
  return line ? line.slice(name.length + 3).trim() : null;
}

// The UDP host candidates of a description: {kind, address, port}.
export function candidatesOf(sdp) {
  const out = [];
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ \d+ (\S+) \d+ (\S+) (\d+) typ (\S+)/i.exec(line);
    if (!m || m[1].toLowerCase() !== 'udp' || m[4] !== 'host') continue;
    out.push({ address: m[2], port: Number(m[3]) });
  }
  return out;
}

// → the essentials of a description, as packCode takes them.
export function essentials(sdp) {
  const fp = attribute(sdp, 'fingerprint')?.split(/\s+/) ?? [];
  return {
    ufrag: attribute(sdp, 'ice-ufrag'),
    pwd: attribute(sdp, 'ice-pwd'),
    hash: fp[0]?.toLowerCase() ?? null,
    fingerprint: fp[1] ?? null,
    setup: attribute(sdp, 'setup'),
    mid: attribute(sdp, 'mid') ?? '0',
    sctpPort: Number(attribute(sdp, 'sctp-port') ?? 5000),
    maxMessageSize: Number(attribute(sdp, 'max-message-size') ?? 0),
    candidates: candidatesOf(sdp),
  };
}

// --- bytes -----------------------------------------------------------------------

class Writer {
  constructor() { this.bytes = []; }

  byte(b) { this.bytes.push(b & 0xff); }

  varint(n) {
    let v = Math.max(0, Math.floor(n));
    do {
      const low = v % 128;
      v = Math.floor(v / 128);
      this.byte(v ? low | 0x80 : low);
    } while (v);
  }

  text(s) {
    if (s.length > 127) throw new Error('too long');
    for (const c of s) if (c.charCodeAt(0) > 126) throw new Error('not ascii');
    if (/^([0-9a-f]{2}){1,63}$/.test(s)) {
      this.byte(0x80 | (s.length / 2));
      for (let i = 0; i < s.length; i += 2) this.byte(parseInt(s.slice(i, i + 2), 16));
    } else {
      this.byte(s.length);
      for (const c of s) this.byte(c.charCodeAt(0));
    }
  }
}

class Reader {
  constructor(bytes) { this.bytes = bytes; this.at = 0; }

  byte() {
    if (this.at >= this.bytes.length) throw new CodeError('damaged');
    return this.bytes[this.at++];
  }

  take(n) {
    if (this.at + n > this.bytes.length) throw new CodeError('damaged');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  varint() {
    let v = 0;
    for (let shift = 1; ; shift *= 128) {
      if (shift > 2 ** 35) throw new CodeError('damaged');
      const b = this.byte();
      v += (b & 0x7f) * shift;
      if (!(b & 0x80)) return v;
    }
  }

  text() {
    const head = this.byte();
    const n = head & 0x7f;
    const raw = this.take(n);
    if (head & 0x80) return [...raw].map((b) => b.toString(16).padStart(2, '0')).join('');
    const s = String.fromCharCode(...raw);
    if (!/^[\x21-\x7e]*$/.test(s)) throw new CodeError('damaged');
    return s;
  }
}

function uuidBytes(name) {
  const hex = name.slice(0, -'.local'.length).replace(/-/g, '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function uuidName(bytes) {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

function ipv6Bytes(address) {
  const [head, tail] = address.split('::');
  const part = (s) => (s ? s.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}

function writeCandidate(w, { address, port }) {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/i.test(address)) {
    w.byte(KIND_MDNS);
    for (const b of uuidBytes(address.toLowerCase())) w.byte(b);
  } else if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    w.byte(KIND_IPV4);
    for (const part of address.split('.')) w.byte(Number(part));
  } else {
    const bytes = address.includes(':') ? ipv6Bytes(address) : null;
    if (!bytes) return false; // a name of another kind: not carried
    w.byte(KIND_IPV6);
    for (const b of bytes) w.byte(b);
  }
  w.byte(port >> 8);
  w.byte(port);
  return true;
}

function readCandidate(r) {
  const kind = r.byte();
  let address;
  if (kind === KIND_IPV4) address = [...r.take(4)].join('.');
  else if (kind === KIND_IPV6) address = ipv6Text(r.take(16));
  else if (kind === KIND_MDNS) address = uuidName(r.take(16));
  else throw new CodeError('damaged');
  const [hi, lo] = r.take(2);
  return { address, port: (hi << 8) | lo };
}

// --- the codes ------------------------------------------------------------------

// A browser's own description → the code for the other phone.
// type: 'offer' | 'answer'; seat: the guest seat it is for (0: none).
export function packCode(sdp, { type, seat = 0 }) {
  const e = essentials(sdp);
  const hash = HASHES.findIndex(([name]) => name === e.hash);
  const setup = SETUPS.indexOf(e.setup ?? 'actpass');
  if (!e.ufrag || !e.pwd || hash < 0 || setup < 0) throw new Error('a description without ICE or DTLS parameters');
  const w = new Writer();
  w.byte(VERSION);
  w.byte((type === 'answer' ? 1 : 0) | (setup << 1) | (hash << 3));
  w.byte(seat);
  w.text(e.ufrag);
  w.text(e.pwd);
  const fp = e.fingerprint.split(':').map((x) => parseInt(x, 16));
  if (fp.length !== HASHES[hash][1] || fp.some((b) => !(b >= 0 && b <= 255))) throw new Error('a fingerprint of another length');
  for (const b of fp) w.byte(b);
  w.text(e.mid);
  w.varint(e.sctpPort);
  w.varint(e.maxMessageSize);
  const count = w.bytes.length;
  w.byte(0);
  let n = 0;
  for (const c of e.candidates) if (n < MAX_CANDIDATES && writeCandidate(w, c)) n += 1;
  w.bytes[count] = n;
  return (type === 'answer' ? ANSWER : OFFER) + b64url(w.bytes);
}

function unpackBytes(bytes) {
  const r = new Reader(bytes);
  const version = r.byte();
  if (version !== VERSION) throw new CodeError(version > VERSION && version < 16 ? 'newer' : 'damaged');
  const flags = r.byte();
  if (flags & ~0x1f || ((flags >> 1) & 3) > 2 || ((flags >> 3) & 3) > 2) throw new CodeError('damaged');
  const [hash, size] = HASHES[(flags >> 3) & 3];
  const out = {
    type: flags & 1 ? 'answer' : 'offer',
    setup: SETUPS[(flags >> 1) & 3],
    seat: r.byte(),
    ufrag: r.text(),
    pwd: r.text(),
    hash,
  };
  out.fingerprint = [...r.take(size)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  out.mid = r.text();
  out.sctpPort = r.varint();
  out.maxMessageSize = r.varint();
  const n = r.byte();
  if (n > MAX_CANDIDATES) throw new CodeError('damaged');
  out.candidates = Array.from({ length: n }, () => readCandidate(r));
  if (r.at !== bytes.length || !out.ufrag || !out.pwd || !out.mid) throw new CodeError('damaged');
  return out;
}

// A description for the remote side, from a code's essentials.
export function buildSdp(e) {
  const session = String(Math.floor(Math.random() * 2 ** 52));
  const lines = [
    'v=0', `o=- ${session} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', `a=group:BUNDLE ${e.mid}`, 'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
    // The order the phone listed them in is its own preference.
    ...e.candidates.map((c, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i * 256} ${c.address} ${c.port} typ host`),
    'a=end-of-candidates',
    `a=ice-ufrag:${e.ufrag}`, `a=ice-pwd:${e.pwd}`, `a=fingerprint:${e.hash} ${e.fingerprint}`,
    `a=setup:${e.setup}`, `a=mid:${e.mid}`, `a=sctp-port:${e.sctpPort || 5000}`,
    ...(e.maxMessageSize ? [`a=max-message-size:${e.maxMessageSize}`] : []),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// A text passed from the other phone → {type, seat, sdp, key}: the
// description to set as the remote one, and `key` the code's contents
// (the same code typed twice, or scanned and pasted, has the same key).
// Throws CodeError naming what is wrong; nothing reaches WebRTC before.
export function readCode(text, type) {
  const body = String(text ?? '').replace(/\s+/g, '');
  if (!body) throw new CodeError('empty');
  if (body.length > MAX_TEXT) throw new CodeError('long');
  const prefix = type === 'answer' ? ANSWER : OFFER;
  if (!body.startsWith(prefix)) throw new CodeError(body.startsWith(type === 'answer' ? OFFER : ANSWER) ? 'kind' : 'damaged');
  const rest = body.slice(prefix.length);
  const bytes = fromB64url(rest);
  if (bytes) {
    try {
      const e = unpackBytes(bytes);
      if (e.type !== type) throw new CodeError('kind');
      return { type, seat: e.seat || null, sdp: buildSdp(e), key: rest };
    } catch (error) {
      if (error.why !== 'damaged') throw error;
    }
  }
  throw new CodeError(OLD_CODE.test(rest) ? 'older' : 'damaged');
}
