// The Spielliste of a scoresheet table (real cards) followed live on the
// other players' phones, read-only, as the tournament order asks: "Alle
// Spieler am Tisch haben die Einträge laufend zu prüfen." The phone keeping
// the sheet invites any number of phones (the same invitation and answer as
// a table of phones, table-link.js, on a channel of its own kind); after
// every stored entry it sends each of them the engine's Spielliste (what
// changed since the last one, state-patch.js). It reads nothing they send:
// a following phone can look, never enter or change anything.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { loadQr, qrSvg } from '../qr/qr.js';
import { renderList } from '../club/spielliste.js';
import { isSheet } from '../bridge/session.js';
import { canLink, makeOffer, readAnswer, takeAnswer, watchConnect, watchLink } from './table-link.js';
import { withCamera } from './camera-ask.js';
import { CONNECT_SECONDS, cameraNote, codeError, linkError, markLink, networkNote, troubleAlert } from './link-trouble.js';
import { apply, diff, isEmpty } from '../bridge/state-patch.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';

// The data channel's label: a guest that joins by such an invitation
// follows a Spielliste instead of playing a seat.
export const LIST_CHANNEL = 'schraem-list';
const MAX_MESSAGE = 1_000_000;

// The texts are i18n/phone.js's, under "phone.sheet.".
const tt = (key, vars) => t(`phone.sheet.${key}`, vars);

let app = null;
// The phone keeping the sheet: its followers' channels and the invitation
// for the next one.
let keeper = null;
// A phone following another's sheet: the last Spielliste it was sent.
let follower = null;

const m = () => app.model;

export function initSheetFollow(ctx) {
  app = ctx;
  document.addEventListener('input', (event) => {
    if (event.target?.dataset?.sheetText === 'answer' && keeper) keeper.answer = event.target.value;
  });
}

// What a follower is sent: the lists to draw, nothing else of the engine's
// answer (no record, no file).
function listOf(result) {
  return { lists: result.lists, series: result.series ?? null, set: result.set ?? null };
}

// --- the phone keeping the sheet -----------------------------------------

async function openFollowers() {
  if (!canLink()) { app.onError(linkError('err.webrtc')); return; }
  keeper ??= { channels: new Map(), sent: new Map(), invite: null, answer: '' };
  m().route = 'sheet-share';
  app.render();
  if (!keeper.invite) invite(keeper);
}

// Each invitation is made while the camera runs, as a table's are
// (camera-ask.js).
async function invite(k) {
  k.invite = { offer: null };
  k.camera = 'asking';
  markLink('waiting');
  app.render();
  const link = await withCamera((camera) => {
    k.camera = camera;
    return makeOffer(LIST_CHANNEL);
  });
  if (keeper !== k) { link.pc.close(); return; }
  await loadQr().catch(() => {});
  let qr = null;
  try { qr = qrSvg(link.offer, tt('invite'), 'M'); } catch { qr = null; }
  k.invite = { link, offer: link.offer, qr };
  link.open.then((channel) => {
    if (keeper !== k) return;
    k.channels.set(channel, link.pc);
    const gone = () => { k.channels.delete(channel); k.sent.delete(channel); if (keeper === k) app.render(); };
    channel.addEventListener('close', gone);
    watchLink(link.pc, () => { channel.close(); gone(); });
    k.answer = '';
    markLink('connected');
    invite(k);
    // The list as stored now, in line with the Session's own calls.
    app.session().query('lists', {}).then((r) => { if (r.ok) send(k, channel, listOf(r.result)); });
  }, () => {});
  app.render();
}

function send(k, channel, list) {
  if (channel.readyState !== 'open') return;
  const last = k.sent.get(channel);
  const patch = last ? diff(last, list) : null;
  if (patch && isEmpty(patch)) return;
  channel.send(JSON.stringify(patch ? { type: 'list', patch } : { type: 'list', list }));
  k.sent.set(channel, list);
}

// Every state the Session stored (app/state.js onState, through phone-table.js):
// within the Session's turn, so the engine holds just what was stored.
export function sheetFollowState(game) {
  const k = keeper;
  if (!k?.channels.size || !isSheet(game?.state)) return;
  app.session().engine.call('lists', {}).then((r) => {
    if (!r?.ok || keeper !== k) return;
    const list = listOf(r.result);
    for (const channel of k.channels.keys()) send(k, channel, list);
  });
}

// The way to share, under the scoresheet's banner.
export function sheetShareRow() {
  if (!app) return null; // the saved screen is drawn before the modules are set up
  const g = m().game;
  if (m().route !== 'game' || !isSheet(g?.state) || follower) return null;
  const n = keeper?.channels.size ?? 0;
  return h('div', { class: 'sheet-share tool-row wrap' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'sheet-share' }, text: tt('share') }),
    n ? h('p', { role: 'status', dataset: { followers: n }, text: tt('share.count', { n }) }) : null);
}

function renderShare() {
  const inv = keeper.invite;
  return h('section', { class: 'phone-open', 'aria-labelledby': 'sheet-share-heading' },
    h('h2', { id: 'sheet-share-heading', text: tt('heading') }),
    h('p', { text: tt('body') }),
    networkNote(),
    cameraNote(keeper.camera),
    keeper.channels.size ? h('p', { role: 'status', dataset: { followers: keeper.channels.size }, text: tt('share.count', { n: keeper.channels.size }) }) : null,
    inv?.failure ? troubleAlert({
      head: tt('fail', { seconds: CONNECT_SECONDS }), reasons: inv.failure, retry: { action: 'sheet-share-retry' }, retryText: t('phone.fail.retry.host'),
      camera: keeper.camera,
    }) : null,
    inv?.offer ? [
      inv.qr ? h('div', { class: 'qr-box' }, inv.qr) : null,
      h('label', { class: 'field' }, h('span', { text: tt('invite') }),
        h('textarea', { rows: 4, readonly: true, spellcheck: 'false', dataset: { sheetText: 'offer' }, value: inv.offer })),
      h('label', { class: 'field' }, h('span', { text: tt('answer') }),
        h('textarea', { rows: 4, spellcheck: 'false', autocomplete: 'off', dataset: { sheetText: 'answer' }, value: keeper.answer })),
      h('button', { type: 'button', class: 'primary', dataset: { action: 'sheet-share-connect' }, text: t('phone.open.connect') }),
    ] : h('p', { role: 'status', text: tt('making') }));
}

async function connect() {
  const k = keeper;
  const inv = k?.invite;
  if (!inv?.link) return;
  let taken;
  try {
    taken = await takeAnswer(inv.link, await readAnswer(k.answer));
  } catch (error) {
    app.onError(codeError(error, 'answer'));
    return;
  }
  if (taken === 'other') { app.onError(linkError('sheet.answered')); return; }
  if (taken === 'same') return;
  watchConnect(inv.link.pc, {
    onFail: (reasons) => {
      if (keeper !== k || k.invite !== inv) return;
      inv.failure = reasons;
      markLink('failed');
      app.render();
    },
  });
}

// --- a phone following the sheet ------------------------------------------

// The guest's channel opened by a Spielliste invitation (phone-table.js).
export function followSheet(channel, pc) {
  const f = { channel, pc, list: null, lost: false };
  follower = f;
  channel.addEventListener('message', (event) => {
    if (follower !== f || typeof event.data !== 'string' || event.data.length > MAX_MESSAGE) return;
    let msg;
    try {
      msg = JSON.parse(event.data);
      if (msg?.type !== 'list') return;
      f.list = msg.list && typeof msg.list === 'object' ? msg.list : apply(f.list, msg.patch);
      if (!Array.isArray(f.list.lists)) throw new Error('no lists');
    } catch {
      channel.close(); // a list that does not fit: the keeper's new invitation starts afresh
      return;
    }
    app.render();
  });
  const lost = () => { if (follower === f && !f.lost) { f.lost = true; app.render(); } };
  channel.addEventListener('close', lost);
  watchLink(pc, lost);
  m().route = 'sheet-follow';
  app.render();
}

export function leaveSheetFollow() {
  follower?.pc.close();
  follower = null;
}

function renderFollow() {
  const f = follower;
  return h('section', { class: 'sheet-follow', 'aria-labelledby': 'sheet-follow-heading' },
    h('h2', { id: 'sheet-follow-heading', text: tt('follow.heading') }),
    h('p', { class: 'note', role: 'status', dataset: { link: f.lost ? 'lost' : 'connected' }, text: tt(f.lost ? 'follow.lost' : 'follow.note') }),
    f.list ? renderList(f.list, { readOnly: true, ready: false, meta: { title: t('list.heading'), lines: [] } })
      : h('p', { role: 'status', text: tt('follow.waiting') }));
}

declareScreens('followed Spielliste', {
  'sheet-share': () => (keeper ? [renderShare(), [h('button', { type: 'button', class: 'secondary', dataset: { action: 'sheet-share-back' }, text: tt('back') })]] : null),
  // Leaving is the table of phones' way back (phone-table.js).
  'sheet-follow': () => (follower ? [renderFollow(), [h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-back' }, text: t('phone.back') })]] : null),
});

declareTaps('followed Spielliste', {
  'sheet-share': () => openFollowers(),
  'sheet-share-connect': () => connect(),
  'sheet-share-retry': () => {
    if (keeper?.invite?.link) {
      keeper.invite.link.pc.close();
      keeper.answer = '';
      invite(keeper);
    }
  },
  'sheet-share-back': () => {
    m().route = 'game';
    app.render();
  },
});
