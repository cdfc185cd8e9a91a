// A backup kept on another phone at the table, for people who never save
// files: while phones are linked (a table of phones), one sends its move
// file (the same text "Sicherung speichern" writes) to another in one tap;
// that phone asks its holder first, then keeps it in its own storage beside
// its own data (preferences `held-backups` and `held-backup:<phone>`, never
// in its history), one copy per phone, the newer replacing the older. It
// counts as a backup for the sender's reminder only once the other phone
// said it stored it. Given back when the phones meet again — the holder
// sends it, or the owner asks for it — it is read in through the move
// file's own import, with its checks and refusals; a copy that is none is
// refused on arrival (backup-wire.js). The messages go on a data channel of
// their own beside the table's, so nothing of it reaches the game's engine.
import { h } from '../lib/dom.js';
import { both, errorText, getLang, t } from '../i18n/i18n.js';
import { readPreference, writePreferences } from '../store/preferences.js';
import { sendOut } from '../files/outbound.js';
import { stamp } from '../files/share.js';
import { ctx } from '../context/context.js';
import { moveFile } from '../context/rare.js';
import { declareTaps } from '../context/taps.js';
import { declareSettingsSection } from '../pages/settings.js';
import { noteBackup } from '../evening/backup-reminder.js';
import { moveBusy, work } from '../evening/move-section.js';
import { BACKUP_CHANNEL, BACKUP_CHANNEL_ID, gather, heldList, partsOf, readCopy, readMessage } from './backup-wire.js';

const HELD = 'held-backups';
const heldKey = (owner) => `held-backup:${owner}`;
const ID_PREF = 'phone-id';
// A channel's buffer is kept this low while a large copy goes out.
const BUFFER_LOW = 1_000_000;

// The texts are i18n/move.js's, under "copy.".
const tt = (key, vars) => t(`copy.${key}`, vars);

/**
 * @typedef {{key: number, channel: RTCDataChannel, name: () => string, id: string | null,
 *   asked: boolean, asking: boolean, under: any}} Peer
 */
/** @type {Map<number, Peer>} */
const peers = new Map();
let serial = 0;

const state = {
  /** @type {Array<{owner: string, name: string, madeAt: number, keptAt: number, games: number, size: number}>} */
  held: [],
  loaded: false,
  /** @type {Array<{n: number, peer: Peer, kind: 'keep' | 'back', xfer: string, text: string, copy: {madeAt: number, games: number}}>} */
  questions: [],
  /** @type {{peer: Peer, xfer: string, made: any} | null} */
  sending: null,
  msg: null,
  alert: false,
};

function say(key, vars = {}, alert = false) {
  state.msg = both(`copy.${key}`, vars);
  state.alert = alert;
  ctx.app.render();
  ctx.app.announce(errorText(state.msg));
}

const when = (ms) => new Date(ms).toLocaleString(getLang() === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium', timeStyle: 'short' });

let loading = null;
function loadHeld() {
  loading ??= readPreference(HELD).then((stored) => {
    state.held = heldList(stored);
    state.loaded = true;
    loading = null;
    ctx.app.render();
  });
  return loading;
}

// This phone's own id, which another phone keeps its copy under: random,
// kept with its data (a phone whose data was wiped is a new phone, and its
// old copy is given back by the holder's choice).
let ownId = null;
async function myId() {
  if (ownId) return ownId;
  const stored = await readPreference(ID_PREF);
  if (typeof stored === 'string' && /^[0-9a-f]{32}$/.test(stored)) { ownId = stored; return ownId; }
  ownId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  await writePreferences({ [ID_PREF]: ownId });
  return ownId;
}

const newXfer = () => `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;

function send(peer, msg) {
  if (peer.channel.readyState !== 'open') return false;
  peer.channel.send(JSON.stringify(msg));
  return true;
}

// A copy in parts, waiting while the channel's buffer is full.
async function sendCopy(peer, xfer, kind, text) {
  const channel = peer.channel;
  channel.bufferedAmountLowThreshold = BUFFER_LOW / 4;
  for (const part of partsOf(text, xfer, kind)) {
    if (channel.bufferedAmount > BUFFER_LOW) {
      await new Promise((resolve) => {
        const go = () => { channel.removeEventListener('bufferedamountlow', go); channel.removeEventListener('close', go); resolve(); };
        channel.addEventListener('bufferedamountlow', go);
        channel.addEventListener('close', go);
      });
    }
    if (!send(peer, part)) return false;
  }
  return true;
}

// A phone linked at the table (phone-host.js for each guest, phone-guest.js
// for the host): `name()` is its person's name as this phone knows it.
export function watchBackup(pc, name) {
  let channel;
  try {
    channel = pc.createDataChannel(BACKUP_CHANNEL, { negotiated: true, id: BACKUP_CHANNEL_ID, ordered: true });
  } catch {
    return; // a browser without it plays on; only the copy at the table is missing
  }
  /** @type {Peer} */
  const peer = { key: ++serial, channel, name, id: null, asked: false, asking: false, under: null };
  channel.addEventListener('open', async () => {
    peers.set(peer.key, peer);
    if (!state.loaded) await loadHeld();
    send(peer, { type: 'hello', id: await myId() });
  });
  channel.addEventListener('message', (event) => { heard(peer, event.data); });
  channel.addEventListener('close', () => {
    peers.delete(peer.key);
    state.questions = state.questions.filter((q) => q.peer !== peer);
    if (state.sending?.peer === peer) state.sending = null;
    ctx.app.render();
  });
}

async function heard(peer, data) {
  const msg = readMessage(data);
  if (!msg) return; // none of ours: not read
  const name = peer.name();
  switch (msg.type) {
    case 'hello':
      peer.id = msg.id;
      ctx.app.render();
      return;
    case 'copy': {
      const r = gather(peer.under, msg);
      peer.under = r.under ?? null;
      if (r.error) { refuse(peer, msg.xfer, r.error); return; }
      if (r.done) await arrived(peer, r.done);
      return;
    }
    case 'stored': {
      if (state.sending?.peer !== peer || state.sending.xfer !== msg.xfer) return;
      const { made } = state.sending;
      state.sending = null;
      // Only now is it a backup: the other phone has it on its disk.
      await noteBackup(made.started, made.history);
      say('kept', { name });
      return;
    }
    case 'declined': case 'refused':
      if (state.sending?.peer !== peer || state.sending.xfer !== msg.xfer) return;
      state.sending = null;
      if (msg.type === 'declined') say('declined', { name }, true);
      else say('notKeptThere', { name, why: both(`copy.why.${msg.reason}`) }, true);
      return;
    case 'ask': {
      const mine = state.held.find((e) => e.owner === peer.id);
      if (mine) { await giveBack(peer, mine.owner); return; }
      if (!state.held.length) { send(peer, { type: 'none' }); return; }
      // Not under this phone's id (its data was wiped): its person says which.
      peer.asking = true;
      say('asking', { name });
      return;
    }
    case 'none':
      if (!peer.asked) return;
      peer.asked = false;
      say('none', { name }, true);
      return;
    default:
  }
}

function refuse(peer, xfer, reason) {
  send(peer, { type: 'refused', xfer, reason });
  say('refusedHere', { name: peer.name(), why: both(`copy.why.${reason}`) }, true);
}

async function arrived(peer, { xfer, kind, text }) {
  const r = readCopy(text);
  if (r.error) { refuse(peer, xfer, r.error); return; }
  if (!await moveFile().then((f) => f.checksumHolds(r.copy.raw), () => false)) { refuse(peer, xfer, 'tampered'); return; }
  if (kind === 'keep' && !peer.id) { refuse(peer, xfer, 'broken'); return; }
  if (kind === 'back' && peer.asked) {
    // This phone asked for it: read in at once, as a chosen file is.
    peer.asked = false;
    readIn(peer, text);
    return;
  }
  if (state.questions.some((q) => q.peer === peer && q.kind === kind)) { refuse(peer, xfer, 'busy'); return; }
  state.questions.push({ n: ++serial, peer, kind, xfer, text, copy: { madeAt: r.copy.madeAt, games: r.copy.games } });
  ctx.app.render();
  ctx.app.announce(tt(kind === 'keep' ? 'ask.keep' : 'ask.back', questionVars(state.questions.at(-1))));
}

function readIn(peer, text) {
  say('reading', { name: peer.name() });
  work(() => moveFile().then((f) => f.importMoveText(text)));
}

const questionVars = (q) => ({ name: q.peer.name(), when: when(q.copy.madeAt), n: q.copy.games });

// --- what this phone's person taps --------------------------------------------

async function sendMine(peer) {
  if (state.sending || moveBusy()) return;
  await work(async () => {
    const made = await (await moveFile()).makeMove();
    if (!made || !peers.has(peer.key)) return;
    const xfer = newXfer();
    state.sending = { peer, xfer, made };
    say('sending', { name: peer.name() });
    if (!await sendCopy(peer, xfer, 'keep', made.text)) {
      state.sending = null;
      say('lost', { name: peer.name() }, true);
      return;
    }
    say('sent', { name: peer.name() });
  });
}

async function giveBack(peer, owner) {
  const text = await readPreference(heldKey(owner));
  if (typeof text !== 'string') { say('gone', {}, true); return; }
  peer.asking = false;
  if (!await sendCopy(peer, newXfer(), 'back', text)) { say('lost', { name: peer.name() }, true); return; }
  say('given', { name: peer.name() });
}

async function answer(n, yes) {
  const q = state.questions.find((x) => x.n === n);
  if (!q) return;
  state.questions = state.questions.filter((x) => x !== q);
  const name = q.peer.name();
  if (!yes) {
    if (q.kind === 'keep') send(q.peer, { type: 'declined', xfer: q.xfer });
    ctx.app.render();
    return;
  }
  if (q.kind === 'back') { readIn(q.peer, q.text); return; }
  // Kept beside this phone's own data, in one transaction with the list.
  await loadHeld();
  const entry = { owner: q.peer.id, name, madeAt: q.copy.madeAt, keptAt: Date.now(), games: q.copy.games, size: q.text.length };
  const list = [...state.held.filter((e) => e.owner !== entry.owner), entry];
  if (!await writePreferences({ [HELD]: list, [heldKey(entry.owner)]: q.text })) {
    send(q.peer, { type: 'refused', xfer: q.xfer, reason: 'storage' });
    say('notKept', { name }, true);
    return;
  }
  state.held = list;
  send(q.peer, { type: 'stored', xfer: q.xfer });
  say('holding', { name });
}

async function saveHeld(owner) {
  const e = state.held.find((x) => x.owner === owner);
  const text = e && await readPreference(heldKey(owner));
  if (typeof text !== 'string') { say('gone', {}, true); return; }
  await sendOut(`schraem-sicherung-${stamp(new Date(e.madeAt))}.json`, text);
}

async function deleteHeld(owner) {
  await loadHeld();
  const list = state.held.filter((e) => e.owner !== owner);
  if (!await writePreferences({ [HELD]: list, [heldKey(owner)]: null })) { say('notDeleted', {}, true); return; }
  state.held = list;
  ctx.app.render();
}

// --- drawn ------------------------------------------------------------------

const linked = () => [...peers.values()].filter((p) => p.id && p.channel.readyState === 'open');
const peerOf = (target) => peers.get(Number(target.dataset.peer));

// The questions another phone's copy asks (keep it; read it in), and a
// phone asking for its copy: over the table (phone-table.js) and in the
// settings.
export function backupQuestions() {
  const asking = linked().filter((p) => p.asking);
  if (!state.questions.length && !asking.length) return null;
  return h('div', { class: 'copy-questions' },
    state.questions.map((q) => h('div', { class: 'copy-question notice', role: 'alert', dataset: { kind: q.kind } },
      h('p', { text: tt(q.kind === 'keep' ? 'ask.keep' : 'ask.back', questionVars(q)) }),
      h('div', { class: 'tool-row wrap' },
        h('button', { type: 'button', class: 'primary', dataset: { action: 'copy-yes', n: q.n }, text: tt(q.kind === 'keep' ? 'yes.keep' : 'yes.back') }),
        h('button', { type: 'button', class: 'secondary', dataset: { action: 'copy-no', n: q.n }, text: tt('no') })))),
    asking.map((p) => h('p', { class: 'copy-asking notice', role: 'status', text: tt('asking', { name: p.name() }) })));
}

function renderCopies() {
  if (!state.loaded) loadHeld();
  const here = linked();
  if (!here.length && !state.held.length && !state.msg) return null;
  const busy = moveBusy() || Boolean(state.sending);
  return h('section', { class: 'backup-copies', 'aria-labelledby': 'copies-h' },
    h('h3', { id: 'copies-h', text: tt('heading') }),
    h('p', { class: 'note', text: tt('hint') }),
    backupQuestions(),
    here.length ? h('div', { class: 'tool-row wrap' }, here.map((p) => [
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'copy-send', peer: p.key }, disabled: busy, text: tt('send', { name: p.name() }) }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'copy-ask', peer: p.key }, disabled: busy, text: tt('askFor', { name: p.name() }) }),
    ])) : null,
    state.held.length ? [
      h('h4', { text: tt('held') }),
      h('ul', { class: 'held-copies' }, state.held.map((e) => h('li', { dataset: { owner: e.owner } },
        h('p', { text: tt('held.line', { name: e.name, when: when(e.madeAt), n: e.games }) }),
        h('div', { class: 'tool-row wrap' },
          here.map((p) => h('button', { type: 'button', class: p.id === e.owner || p.asking ? 'primary' : 'secondary',
            dataset: { action: 'copy-give', owner: e.owner, peer: p.key }, text: tt('give', { name: p.name() }) })),
          h('button', { type: 'button', class: 'secondary', dataset: { action: 'copy-file', owner: e.owner }, text: tt('file') }),
          h('button', { type: 'button', class: 'secondary', dataset: { action: 'copy-delete', owner: e.owner }, text: tt('delete') }))))),
    ] : null,
    state.msg ? h('p', { class: state.alert ? 'copy-msg house-refused' : 'copy-msg notice', role: state.alert ? 'alert' : 'status', text: errorText(state.msg) }) : null);
}

declareSettingsSection(renderCopies);

declareTaps('backup at the table', {
  'copy-send': (target) => { const p = peerOf(target); if (p) sendMine(p); },
  'copy-ask': (target) => {
    const p = peerOf(target);
    if (p && send(p, { type: 'ask' })) { p.asked = true; say('askedFor', { name: p.name() }); }
  },
  'copy-yes': (target) => answer(Number(target.dataset.n), true),
  'copy-no': (target) => answer(Number(target.dataset.n), false),
  'copy-give': (target) => { const p = peerOf(target); if (p) giveBack(p, target.dataset.owner); },
  'copy-file': (target) => saveHeld(target.dataset.owner),
  'copy-delete': (target) => deleteHeld(target.dataset.owner),
});
