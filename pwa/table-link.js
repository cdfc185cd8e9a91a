// The phones of a table connect directly: one WebRTC data channel from the
// host to each guest, on whatever network they share, with no server. The
// signalling is text the players pass themselves (pasted, or shown as a QR
// code): the host's offer, the guest's answer. Both are a data-channel-only
// description with every local candidate in it (no STUN, no TURN: there is
// no internet at the pub), deflated and base64-coded (docs/PHONE_TABLE.md).
import { fromBase64, pipe, toBase64 } from './bytes.js';

const OFFER = 'SCHRAEM-OFFER:';
const ANSWER = 'SCHRAEM-ANSWER:';
// Gathering host candidates takes milliseconds; a network that never
// finishes (no interface up) must not leave the screen waiting forever.
const GATHER_MS = 10_000;
// A pasted text is a few hundred characters; anything far longer is not ours.
const MAX_TEXT = 20_000;

async function pack(prefix, sdp) {
  return prefix + toBase64(await pipe(new TextEncoder().encode(sdp), new CompressionStream('deflate-raw')));
}

// → the SDP, or null when the text is not a description of this kind.
async function unpack(prefix, text) {
  const body = String(text ?? '').replace(/\s+/g, '');
  if (!body.startsWith(prefix) || body.length > MAX_TEXT) return null;
  try {
    const sdp = new TextDecoder().decode(await pipe(fromBase64(body.slice(prefix.length)), new DecompressionStream('deflate-raw')));
    return sdp.startsWith('v=0') ? sdp : null;
  } catch {
    return null;
  }
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
export async function makeOffer(label = 'schraem') {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel(label, { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return { pc, channel, offer: await pack(OFFER, pc.localDescription.sdp), open: opened(channel) };
}

// Host: the guest's answer pasted. → true, or false when it is no answer.
export async function takeAnswer(pc, text) {
  const sdp = await unpack(ANSWER, text);
  if (!sdp) return false;
  try {
    await pc.setRemoteDescription({ type: 'answer', sdp });
    return true;
  } catch {
    return false;
  }
}

// Guest: the host's offer pasted. → {pc, answer, open: Promise<channel>},
// or null when the text is no offer.
export async function answerOffer(text) {
  const sdp = await unpack(OFFER, text);
  if (!sdp) return null;
  const pc = new RTCPeerConnection({ iceServers: [] });
  const open = new Promise((resolve, reject) => {
    pc.addEventListener('datachannel', (e) => opened(e.channel).then(resolve, reject), { once: true });
  });
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
  } catch {
    pc.close();
    return null;
  }
  await gathered(pc);
  return { pc, answer: await pack(ANSWER, pc.localDescription.sdp), open };
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
