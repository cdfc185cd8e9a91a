// The phones of a table connect directly: one WebRTC data channel from the
// host to each guest, on whatever network they share, with no server. The
// signalling is text the players pass themselves (a QR code, or pasted): the
// host's invitation, the guest's answer, each a short code of what the
// other phone needs to reach this one (link-code.js; no STUN, no TURN:
// there is no internet at the pub). docs/PHONE_TABLE.md.
import { ANSWER, CodeError, OFFER, candidatesOf, packCode, readCode } from './link-code.js';

export { ANSWER, OFFER };

// Gathering host candidates takes milliseconds; a network that never
// finishes (no interface up) must not leave the screen waiting forever.
const GATHER_MS = 10_000;

// Where a browser has no WebRTC (some in-app browsers and WebViews) no
// table of phones can be made; the screens say so instead of waiting.
export function canLink() {
  return typeof globalThis.RTCPeerConnection === 'function';
}

function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => { pc.removeEventListener('icegatheringstatechange', done); resolve(); }, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

function opened(channel) {
  if (channel.readyState === 'open') return Promise.resolve(channel);
  return new Promise((resolve, reject) => {
    channel.addEventListener('open', () => resolve(channel), { once: true });
    channel.addEventListener('close', () => reject(new Error('closed')), { once: true });
  });
}

// Host: a connection for one guest seat. → {pc, channel, offer, open}
// label: what the channel is for ('schraem': a seat at a table of phones).
export async function makeOffer(label = 'schraem', { seat = 0 } = {}) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel(label, { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return { pc, channel, offer: packCode(pc.localDescription.sdp, { type: 'offer', seat }), open: opened(channel) };
}

// Host: the guest's answer, read before WebRTC sees it.
// → {seat, key}; throws CodeError ('empty', 'kind', 'damaged', 'newer', 'long').
export async function readAnswer(text) {
  return readCode(text, 'answer');
}

// Host: an answer read by readAnswer, given to the seat's connection.
// → 'taken'; 'same' when this very answer was taken already (a second tap
// on "Verbinden"), 'other' when the invitation has another answer already
// (it fits one answer: the guest needs a new invitation).
export async function takeAnswer(link, answer) {
  if (link.answerKey != null) return link.answerKey === answer.key ? 'same' : 'other';
  try {
    await link.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  } catch {
    if (link.pc.signalingState === 'stable') return 'other';
    throw new CodeError('damaged');
  }
  link.answerKey = answer.key;
  return 'taken';
}

// Guest: the host's invitation pasted or scanned. → {pc, answer, open,
// seat}; throws CodeError when the text is no invitation.
export async function answerOffer(text) {
  const offer = await readCode(text, 'offer');
  const pc = new RTCPeerConnection({ iceServers: [] });
  const open = new Promise((resolve, reject) => {
    pc.addEventListener('datachannel', (e) => opened(e.channel).then(resolve, reject), { once: true });
  });
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
  } catch {
    pc.close();
    throw new CodeError('damaged');
  }
  await gathered(pc);
  return { pc, answer: packCode(pc.localDescription.sdp, { type: 'answer', seat: offer.seat ?? 0 }), open, seat: offer.seat };
}

// Once a phone has both descriptions, the phones find each other within
// a second on a shared network; when nothing has come of it after
// CONNECT_MS, onFail(reasons) tells the screen, which says what to do. The
// connection is left as it is: should it still come up (the other phone
// read the code late), onUp() follows.
export const CONNECT_MS = 15_000;
export function watchConnect(pc, { onFail, onUp, ms = CONNECT_MS }) {
  let failed = false;
  const up = () => pc.connectionState === 'connected';
  const fail = () => {
    if (failed || up() || pc.signalingState === 'closed') return;
    failed = true;
    onFail(linkTrouble(pc));
  };
  const timer = setTimeout(fail, ms);
  const check = () => {
    if (up()) {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      if (failed) onUp?.();
    } else if (pc.connectionState === 'failed') {
      clearTimeout(timer);
      fail();
    }
  };
  pc.addEventListener('connectionstatechange', check);
  return () => { clearTimeout(timer); pc.removeEventListener('connectionstatechange', check); };
}

const hidden = (cands) => cands.length > 0 && cands.every((c) => c.address.endsWith('.local'));
// The widest network an IPv4 address can lie on: a description carries no
// netmask, and a Wi-Fi may be a /16 of 192.168 or a /8 of 10 — two
// addresses in one private block may share one network, so only
// different blocks (or a public address) prove the phones are apart.
const net = (address) => {
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(address);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a === 10) return '10/8';
  if (a === 172 && b >= 16 && b <= 31) return '172.16/12';
  if (a === 192 && b === 168) return '192.168/16';
  if (a === 169 && b === 254) return '169.254/16';
  return address;
};

// What the two descriptions tell about why the phones did not meet:
// 'none-here' (this phone has no network), 'hidden-here' / 'hidden-there'
// (a phone's address is hidden behind a name, as browsers do until the
// camera is allowed), 'apart' (their addresses lie on different networks),
// else 'blocked' (they could see each other's addresses but not reach
// them: a Wi-Fi that keeps devices apart, a firewall).
export function linkTrouble(pc) {
  const here = candidatesOf(pc.localDescription?.sdp ?? '');
  const there = candidatesOf(pc.remoteDescription?.sdp ?? '');
  const out = [];
  if (!here.length) out.push('none-here');
  if (hidden(here)) out.push('hidden-here');
  if (hidden(there)) out.push('hidden-there');
  const nets = (cands) => new Set(cands.map((c) => net(c.address)).filter(Boolean));
  const a = nets(here);
  const b = nets(there);
  if (a.size && b.size && ![...a].some((x) => b.has(x))) out.push('apart');
  if (!out.length) out.push('blocked');
  return out;
}

// A phone that went away (its app closed, its screen locked, out of the
// network) seldom closes the channel: the connection only stops answering.
// → onDown() once, when it failed or stayed disconnected a few seconds
// (a short gap on a Wi-Fi is no drop).
const AWAY_MS = 4_000;
export function watchLink(pc, onDown) {
  let timer = null;
  let down = false;
  const check = () => {
    const state = pc.connectionState;
    clearTimeout(timer);
    if (down) return;
    if (state === 'failed' || state === 'closed') {
      down = true;
      onDown();
    } else if (state === 'disconnected') {
      timer = setTimeout(() => { if (pc.connectionState === 'disconnected' && !down) { down = true; onDown(); } }, AWAY_MS);
    }
  };
  pc.addEventListener('connectionstatechange', check);
}
