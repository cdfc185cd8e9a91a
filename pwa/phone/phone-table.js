// A table of phones (docs/PHONE_TABLE.md): "Tisch eröffnen" on the host,
// "Am Tisch mitspielen" on every guest. The host plays the game in its own
// engine; a guest plays its seat through a remote engine (remote-engine.js)
// in an ordinary Session, so the table screen is the same on every phone.
// The phones connect by text passed between them (table-link.js): the
// host's invitation per guest seat, the guest's answer. This module only
// wires screens to those pieces; every rule stays in the engine.
import { h } from '../lib/dom.js';
import { errorText, t } from '../i18n/i18n.js';
import { loadQr, qrSvg } from '../qr/qr.js';
import { guarded } from '../app/guard.js';
import { ANSWER, OFFER, answerOffer, canLink, makeOffer, readAnswer, takeAnswer, watchConnect, watchLink } from './table-link.js';
import { withCamera } from './camera-ask.js';
import { codeError, linkError, markLink } from './link-trouble.js';
import { claimLines, countdown, renderJoin, renderOpen, seatLabel, standinButton } from './phone-screens.js';
import { createRemoteEngine } from '../bridge/remote-engine.js';
import { TableRelay } from './table-relay.js';
import { readPreference, writePreference } from '../store/storage.js';
import { scanQr } from '../qr/qr-scan.js';
import { dueBuzz } from '../lib/sound.js';
import { setPhoneRole } from './phone-role.js';
import { declareScreens } from '../app/registry.js';
import {
  LIST_CHANNEL, followSheet, initSheetFollow, leaveSheetFollow, sheetFollowAction, sheetFollowState, sheetShareRow,
} from './sheet-follow.js';

// Where a guest keeps its seat, its secret and its deal numbers (IndexedDB,
// beside the game): a reload or a dropped channel does not lose the seat.
const KEPT = 'phone-guest';

// The texts are i18n-phone.js's, under "phone.".
const tt = (key, vars) => t(`phone.${key}`, vars);

// How long the host waits for a phone's part of the deal before it may give
// the seat to the computer (the round then starts again without it).
const DEAL_WAIT_MS = 20_000;

let app = null;
// role: 'host' | 'guest'; see openTable and joinTable.
let phone = null;
let localSession = null;

// The screens (phone-role.js) leave out what this phone may not do there.
function setPhone(table) {
  phone = table;
  setPhoneRole(table?.role);
}

export function initPhoneTable(ctx) {
  app = ctx;
  initSheetFollow(ctx);
  // Typed and pasted text survives the screen being drawn again.
  document.addEventListener('input', (event) => {
    const key = event.target?.dataset?.phoneText;
    if (key && phone) phone.texts[key] = event.target.value;
  });
  // A guest phone that was at a table (reloaded, or closed and opened
  // again) goes back to it: its seat waits for it on the host.
  readPreference(KEPT).then((kept) => {
    if (phone || !kept || !Number.isInteger(kept.seat) || typeof kept.secret !== 'string') return;
    setPhone(guestTable(kept));
    m().route = 'phone-join';
    app.render();
  });
}

function guestTable(kept = null) {
  return { role: 'guest', texts: {}, status: null, inGame: false, kept, down: [] };
}

function hostTable(session, { names, viewer, guests, inGame }) {
  return {
    role: 'host', viewer, names, texts: {}, inGame,
    seats: guests.map((seat) => ({ seat, link: null, offer: null, qr: null, status: 'making' })),
    relay: new TableRelay(session, { viewer, onChange: hostChanged, onLink: hostLink }),
  };
}

const m = () => app.model;

function dealt(state) {
  return state?.view?.hand_no >= 1 && state.deal == null && state.phone_table?.deal == null;
}

// --- host --------------------------------------------------------------------

async function openTable() {
  const s = m().setup;
  if (s.mode === 'sheet') { app.onError(linkError('err.sheet')); return; }
  const players = s.seats.map((p, i) => {
    const name = p.name.trim() || t('start.name.default', { seat: i + 1 });
    return p.kind === 'human' ? { name, kind: 'human' } : { name, kind: 'bot', level: p.level };
  });
  const guests = players.map((p, i) => (p.kind === 'human' && i > 0 ? i + 1 : null)).filter((x) => x != null);
  if (players[0].kind !== 'human' || !guests.length) { app.onError(linkError('err.guests')); return; }
  if (!canLink()) { app.onError(linkError('err.webrtc')); return; }
  await guarded(async () => {
    leavePhoneTable();
    const session = app.session();
    const r = await session.query('table_new', {
      players, rules: s.rules, options: {}, dealer: s.dealer, seed: app.nextSeed(), viewer: 1, guests,
    });
    if (!r.ok) { app.onError(r.error); return; }
    setPhone(hostTable(session, { names: players.map((p) => p.name), viewer: 1, guests, inGame: false }));
    m().game = null;
    m().route = 'phone-open';
    app.render();
    await loadQr().catch(() => {});
    await inviteSeats(phone, phone.seats);
  }, 'game');
}

// Invitations for `entries`, made while the camera runs (camera-ask.js):
// on the tap that opened the table, a reconnect code, a new try, a reload.
async function inviteSeats(table, entries) {
  table.camera = 'asking';
  hostMark(table);
  app.render();
  await withCamera(async (camera) => {
    if (phone !== table) return;
    table.camera = camera;
    await Promise.all(entries.map((entry) => invite(entry, table)));
  });
  if (phone !== table) return;
  hostMark(table);
  app.render();
}

async function invite(entry, table) {
  const link = await makeOffer('schraem', { seat: entry.seat });
  if (phone !== table) { link.pc.close(); return; }
  // A seat that dropped stays shown as away until its phone is back.
  Object.assign(entry, { link, offer: link.offer, failure: null, status: entry.status === 'dropped' ? 'dropped' : 'waiting' });
  try { entry.qr = qrSvg(link.offer, tt('open.invite', { name: table.names[entry.seat - 1] }), 'M'); } catch { entry.qr = null; }
  link.open.then((channel) => {
    if (phone !== table) return;
    table.relay.attach(entry.seat, channel);
    watchLink(link.pc, () => table.relay.drop(entry.seat, channel));
  }, () => {});
  app.render();
}

// The guest's answer, read before WebRTC sees it. An answer carries its
// seat: pasted into another seat's box, it still goes to its own.
async function connect(seat) {
  const table = phone;
  let entry = table?.seats.find((e) => e.seat === seat);
  if (!entry?.link) return;
  let answer;
  try {
    answer = await readAnswer(table.texts[`answer-${seat}`]);
  } catch (error) {
    app.onError(codeError(error, 'answer'));
    return;
  }
  entry = table.seats.find((e) => e.seat === answer.seat && e.link) ?? entry;
  const link = entry.link;
  const name = table.names[entry.seat - 1];
  let taken;
  try {
    taken = await takeAnswer(link, answer);
  } catch (error) {
    app.onError(codeError(error, 'answer'));
    return;
  }
  if (phone !== table || entry.link !== link) return;
  if (taken === 'same') { app.announce(tt('open.same', { name })); return; }
  if (taken === 'other') { app.onError(linkError('err.answered', { name })); return; }
  if (entry.status === 'waiting') entry.status = 'connecting';
  app.announce(tt('open.connecting', { name }));
  watchConnect(link.pc, {
    onFail: (reasons) => {
      if (phone !== table || entry.link !== link) return;
      entry.failure = reasons;
      hostMark(table);
      app.render();
    },
  });
  app.render();
}

// A new invitation for a seat whose phone could not be reached.
function retrySeat(seat) {
  const table = phone;
  const entry = table?.role === 'host' ? table.seats.find((e) => e.seat === seat) : null;
  if (!entry || entry.status === 'connected' || entry.status === 'making') return;
  entry.link?.pc.close();
  Object.assign(entry, { link: null, offer: null, qr: null, failure: null, status: entry.status === 'dropped' ? 'dropped' : 'making' });
  table.texts[`answer-${seat}`] = '';
  inviteSeats(table, [entry]);
}

function hostMark(table) {
  const seats = table.seats;
  markLink(seats.some((e) => e.failure) ? 'failed' : seats.every((e) => e.status === 'connected') ? 'connected' : 'waiting');
}

function hostLink(seat, up) {
  const table = phone;
  const entry = table?.seats.find((e) => e.seat === seat);
  if (!entry) return;
  if (up) {
    Object.assign(entry, { status: 'connected', offer: null, qr: null, failure: null });
    table.texts[`answer-${seat}`] = '';
    giveBack(table);
  } else {
    // The seat's rejoin code: a new invitation for the same seat.
    entry.link?.pc.close();
    Object.assign(entry, { status: 'dropped', link: null, offer: null, qr: null, failure: null });
    inviteSeats(table, [entry]);
  }
  table.relay.links(awaySeats(table));
  hostMark(table);
  app.render();
}

function awaySeats(table) {
  return table.seats.filter((e) => e.status !== 'connected').map((e) => e.seat);
}

// The computer plays a seat whose phone is away, or whose phone kept the
// deal waiting, at the host's word (a deal under way then starts again
// without it), and gives it back once the phone is connected and no deal
// is under way.
async function standIn(seat) {
  const table = phone;
  if (table?.role !== 'host') return;
  const silent = silentSeats(table, m().game?.state);
  if (!awaySeats(table).includes(seat) && !(silent.left === 0 && silent.seats.includes(seat))) return;
  const r = await app.session().tableCommand('table_standin', { seat, on: true, viewer: table.viewer });
  if (!r.ok && r.error) app.onError(r.error);
  // The first hand dealt this way (its round started again without the
  // seat) opens the table on the host as a guest's last number does.
  if (r.ok && phone === table && !table.inGame && dealt(r.result)) {
    table.inGame = true;
    m().route = 'game';
    app.render();
  }
}

function giveBack(table) {
  const facts = m().game?.state?.phone_table;
  if (facts?.deal) return;
  const standins = facts?.standins ?? [];
  const back = standins.filter((seat) => !awaySeats(table).includes(seat));
  if (!back.length || table.givingBack) return;
  table.givingBack = true;
  app.session().tableCommand('table_standin', { seat: back[0], on: false, viewer: table.viewer })
    .finally(() => { table.givingBack = false; });
}

// A guest's message moved the game or the deal: stored first (the host's
// Session commit, within the relay's turn of the Session), then the host's
// own screen follows and every guest gets its state (phoneTableState).
// → false when it could not be stored.
async function hostChanged(seat, state) {
  const table = phone;
  if (table?.role !== 'host' || !state) return true;
  const fresh = !table.inGame && dealt(state);
  if (fresh) table.inGame = true;
  const game = await app.session().commit(state, table.viewer, fresh ? { fresh: true } : {});
  if (!game && fresh) table.inGame = false;
  return game != null;
}

// Every state the host's Session accepts (app.js onState). A phone table
// loaded from this phone's storage (the host reloaded) is opened again:
// its seats wait for their phones, each with a new code.
export function phoneTableState(game, info = {}) {
  sheetFollowState(game);
  const facts = game?.state?.phone_table;
  if (!phone && facts && info.loaded) {
    resumeHost(game, facts);
    return;
  }
  // Every accepted state reaches every guest (the deal's steps too).
  if (phone?.role !== 'host') return;
  phone.relay.pushAll({ stored: true });
  if (facts?.standins?.length) queueMicrotask(() => { if (phone?.role === 'host') giveBack(phone); });
}

// The screen a stored game opens on before the engine is up: a phone table
// still dealing its first hand has no table to draw (its codes follow once
// the engine has loaded it: resumeHost).
export function savedRoute(game) {
  return game?.state?.phone_table && !dealt(game.state) ? 'start' : 'game';
}

function resumeHost(game, facts) {
  const table = hostTable(app.session(), {
    names: game.state.view.players.map((p) => p.name), viewer: facts.host, guests: facts.guests, inGame: dealt(game.state),
  });
  for (const e of table.seats) e.status = 'dropped';
  setPhone(table);
  if (!table.inGame) m().route = 'phone-open';
  loadQr().catch(() => {}).then(() => {
    if (phone === table) inviteSeats(table, table.seats);
  });
}

// --- guest -------------------------------------------------------------------

async function joinTable() {
  const table = phone;
  const offer = table.texts.offer;
  Object.assign(table, { status: 'making', camera: 'asking', failure: null });
  markLink('waiting');
  app.render();
  // The camera runs while the answer gathers this phone's addresses.
  let link;
  try {
    link = await withCamera((camera) => {
      table.camera = camera;
      return answerOffer(offer);
    });
  } catch (error) {
    if (phone !== table) return;
    table.status = null;
    app.onError(codeError(error, 'offer'));
    app.render();
    return;
  }
  if (phone !== table) { link.pc.close(); return; }
  Object.assign(table, { link, answer: link.answer, status: 'answer' });
  await loadQr().catch(() => {});
  try { table.qr = qrSvg(link.answer, tt('join.answer.label'), 'M'); } catch { table.qr = null; }
  // The host reads the answer now; if the phones have not met after a
  // while, this phone says so (the connection stays open for a late read).
  watchConnect(link.pc, {
    onFail: (reasons) => {
      if (phone !== table || table.link !== link) return;
      table.failure = reasons;
      markLink('failed');
      app.render();
    },
    onUp: () => {
      if (phone !== table || table.link !== link) return;
      table.failure = null;
      app.render();
    },
  });
  app.render();
  let channel;
  try {
    channel = await link.open;
  } catch {
    if (phone === table && table.link === link) app.onError(linkError('err.link'));
    return;
  }
  if (phone !== table || table.link !== link) return;
  markLink('connected');
  if (channel.label === LIST_CHANNEL) {
    // A scoresheet's invitation: this phone follows its Spielliste.
    table.status = 'following';
    followSheet(channel, link.pc);
    return;
  }
  const remote = createRemoteEngine(channel, {
    onState: guestState,
    onProblem: (e) => app.onError(e),
    kept: table.kept,
    onKeep: (kept) => { if (phone === table) table.kept = kept; return writePreference(KEPT, kept); },
    onLinks: (down) => { if (phone === table) { table.down = down; app.render(); } },
    onClose: () => guestDropped(table, remote),
    onSeen: (state) => {
      if (phone !== table || !table.remote) return;
      if (state.hand_over && state.view?.hand_no >= 1) checkDeal(table, state.view.hand_no);
      buzzWhenDue(table, state);
    },
  });
  watchLink(link.pc, () => guestDropped(table, remote));
  const seat = table.kept?.seat;
  const ticket = await remote.ready;
  if (seat != null && ticket.result.seat !== seat) {
    // Another seat's code: this phone keeps its own seat.
    link.pc.close();
    Object.assign(table, { answer: null, link: null, status: null });
    app.onError(linkError('err.seat', { seat, other: ticket.result.seat }));
    app.render();
    return;
  }
  Object.assign(table, {
    remote, checked: table.checked ?? new Set(), verdicts: table.verdicts ?? new Map(), seat: remote.seat, status: 'connected', down: [],
  });
  localSession = localSession ?? app.session();
  // A phone back at its table goes on in the Session it had.
  if (table.session) table.session.engine = remote;
  else table.session = app.makeSession(remote);
  app.useSession(table.session);
  table.inGame = false; // the state that follows is drawn afresh
  app.render();
  const r = await remote.call('state');
  if (r.ok) guestState(r.result);
}

// The phone may lie face down while others play: it buzzes once each time
// its seat becomes due (its turn, or a knock it must answer).
function buzzWhenDue(table, state) {
  const seat = table.remote.seat;
  const due = !state.hand_over && state.due?.humans?.includes(seat);
  const now = due ? `${state.view?.hand_no}:${state.view?.response?.to_answer === seat ? 'answer' : 'turn'}` : '';
  if (now && now !== table.due) dueBuzz();
  table.due = now;
}

// A guest whose phones did not meet reads a new invitation for its seat.
function retryGuest(table) {
  if (table?.role !== 'guest' || table.status === 'connected' || table.status === 'making') return;
  table.link?.pc.close();
  Object.assign(table, { status: null, link: null, answer: null, qr: null, failure: null, retried: true });
  table.texts.offer = '';
  markLink('waiting');
  app.render();
}

function guestDropped(table, remote) {
  if (phone !== table || table.remote !== remote || table.status === 'dropped') return;
  table.link?.pc.close();
  Object.assign(table, { status: 'dropped', link: null, answer: null, qr: null });
  table.texts.offer = '';
  markLink('waiting');
  app.onError(linkError('links.lost'));
  app.render();
}

function guestState(state) {
  const table = phone;
  if (table?.role !== 'guest' || !table.session) return;
  const s = table.session;
  if (!table.inGame) {
    if (!dealt(state)) return;
    table.inGame = true;
    s.serial(() => s.commit(state, table.seat, { fresh: true }));
    return;
  }
  s.serial(() => s.commit(state, table.seat, {}));
}

// After a hand the guest asks the host for the finished hands and its own
// engine checks the hand (`check_deal`): the transcript against the commits
// this phone kept, and the hand replayed from the record against every state
// this phone was sent. The shell compares nothing itself.
async function checkDeal(table, hand) {
  if (table.checked.has(hand)) return;
  table.checked.add(hand);
  const r = await table.remote.call('record');
  if (!r.ok) { table.checked.delete(hand); return; }
  const own = await localSession.engine.call('check_deal', {
    record: r.result, seat: table.seat, hand, commits: table.remote.rounds.get(hand)?.commits ?? null, states: table.remote.statesOf(hand),
  });
  if (phone !== table || !own.ok) return;
  const { fair, why } = own.result;
  table.verdicts.set(hand, own.result);
  document.documentElement.dataset.fairDeal = `${hand}:${fair === true ? 'checked' : fair === false ? 'false' : 'unknown'}`;
  if (fair === false) {
    app.onError(linkError('err.unfair', { hand, why }));
    // Every phone at the table is told, through the host (whose engine
    // notes the claim and sends it to all); this phone says it in any case.
    // The reply's state is this phone's newest (the host pushes no copy).
    table.remote.call('dispute', { hand, why }).then((d) => { if (d.ok && phone === table) guestState(d.result); });
  } else {
    app.announce(fair ? tt('deal.checked', { hand }) : tt('deal.unknown', { hand, why: errorText(why) }));
  }
  app.render();
}

// Leaving the table (a new game on this phone, or back): channels closed,
// and a guest's Session is this phone's own again.
export function leavePhoneTable() {
  leaveSheetFollow();
  if (!phone) return;
  if (phone.role === 'guest' && phone.status !== 'following') writePreference(KEPT, null);
  phone.relay?.close();
  phone.link?.pc.close();
  for (const e of phone.seats ?? []) e.link?.pc.close();
  setPhone(null);
  markLink(null);
  if (localSession) {
    app.useSession(localSession);
    localSession = null;
  }
}

// --- screens -----------------------------------------------------------------

// The camera reads the other phone's code into `key`'s box, and the step
// that box is for goes on by itself (the guest answers, the host connects).
async function scan(key) {
  const table = phone;
  if (!table || table.scanning) return;
  table.scanning = true;
  const prefix = key === 'offer' ? OFFER : ANSWER;
  let text = null;
  try {
    text = await scanQr({ accept: (t) => t.startsWith(prefix), labels: { title: tt('scan.title'), cancel: tt('scan.cancel') } });
  } catch {
    app.onError(linkError('err.camera'));
  } finally {
    table.scanning = false;
  }
  if (text == null || phone !== table) return;
  table.texts[key] = text;
  app.render();
  if (key === 'offer') {
    if (table.status !== 'making') joinTable();
  } else {
    connect(Number(key.slice('answer-'.length)));
  }
}

declareScreens('phone table', {
  'phone-open': () => phoneScreen('phone-open'),
  'phone-join': () => phoneScreen('phone-join'),
});

function phoneScreen(name) {
  if (!phone) return null;
  // At a table already in play, the way back is to it; leaving is the
  // start screen's new game.
  const playing = phone.role === 'host' ? phone.inGame : Boolean(phone.session);
  const back = playing
    ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-table' }, text: tt('to.table') })
    : h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-back' }, text: tt('back') });
  return [name === 'phone-open' ? renderOpen(phone, dealWaitParts(phone, phone.names)) : renderJoin(phone), [back]];
}

// The seats the deal under way waits for although their phones are
// connected (a phone that lost its number, or never sends it), on the host:
// after DEAL_WAIT_MS, counted down on screen, the computer may take them.
function silentSeats(table, state) {
  const deal = state?.phone_table?.deal;
  if (table.role !== 'host' || !deal) { table.dealWait = null; return { seats: [], left: 0 }; }
  const seats = deal.waiting.filter((seat) => seat !== table.viewer && !awaySeats(table).includes(seat));
  const key = `${deal.hand}:${deal.round}:${deal.phase}:${seats.join(' ')}`;
  if (!seats.length) { table.dealWait = null; return { seats, left: 0 }; }
  if (table.dealWait?.key !== key) table.dealWait = { key, since: Date.now() };
  const left = Math.max(0, Math.ceil((table.dealWait.since + DEAL_WAIT_MS - Date.now()) / 1000));
  // The countdown is drawn again each second while it runs.
  if (left > 0 && !table.dealTick) table.dealTick = setTimeout(() => { table.dealTick = null; if (phone === table) app.render(); }, 1000);
  return { seats, left };
}

// The first deal's wait on the host's screen of codes, as above the table.
function dealWaitParts(table, names) {
  const silent = silentSeats(table, m().game?.state);
  if (!silent.seats.length) return null;
  return silent.left > 0 ? countdown(silent, names) : silent.seats.map((seat) => standinButton(seat, names));
}

// Above the table on every phone: who is away (the game waits for them),
// on the host the way to their codes, on a guest cut off the way back; why
// a deal started again; every claim of a false deal.
export function phoneBanner() {
  const table = phone;
  if (!table) return sheetShareRow();
  if (m().route !== 'game') return null;
  const state = m().game?.state;
  const names = state?.view?.players?.map((p) => p.name) ?? [];
  const label = (seats) => seatLabel(seats, names);
  const lost = table.role === 'guest' && table.status === 'dropped';
  const facts = table.role === 'host' ? state?.phone_table : state;
  const standins = facts?.standins ?? [];
  const down = table.role === 'host' ? (table.inGame ? awaySeats(table) : []) : (lost ? [] : table.down ?? []);
  const waiting = down.filter((seat) => !standins.includes(seat));
  const disputes = facts?.disputes ?? [];
  const restarts = facts?.restarts ?? [];
  const silent = silentSeats(table, state);
  if (!lost && !down.length && !standins.length && !disputes.length && !restarts.length && !silent.seats.length) return null;
  const offer = [...waiting, ...(silent.left > 0 ? [] : silent.seats.filter((seat) => !waiting.includes(seat)))];
  return h('div', { class: 'phone-links', dataset: { down: down.join(' '), lost: lost ? 'yes' : 'no', standins: standins.join(' ') } },
    claimLines(table, disputes, names),
    restarts.map((r) => h('p', { role: 'status', class: 'phone-restart', dataset: { hand: r.hand }, text: tt('deal.restart', { hand: r.hand, names: label(r.left) }) })),
    lost || waiting.length ? h('p', { role: 'status', text: lost ? tt('links.lost') : tt('links.down', { names: label(waiting) }) }) : null,
    silent.left > 0 ? countdown(silent, names) : null,
    standins.length ? h('p', { role: 'status', class: 'phone-standins', text: tt('links.standin', { names: label(standins) }) }) : null,
    table.role === 'host' ? [
      offer.map((seat) => standinButton(seat, names)),
      down.length ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-codes' }, text: tt('links.codes') }) : null,
    ] : lost ? h('button', { type: 'button', class: 'primary', dataset: { action: 'phone-rejoin' }, text: tt('links.rejoin') }) : null);
}

// → true when the tap was this module's.
export function phoneAction(action, target) {
  switch (action) {
    case 'phone-open':
      if (m().ready) openTable();
      return true;
    case 'phone-join':
      if (!m().ready) return true;
      if (!canLink()) { app.onError(linkError('err.webrtc')); return true; }
      leavePhoneTable();
      setPhone(guestTable());
      m().route = 'phone-join';
      app.render();
      return true;
    case 'phone-join-offer':
      if (phone?.role === 'guest' && phone.status !== 'making') joinTable();
      return true;
    case 'phone-answer':
      connect(Number(target.dataset.seat));
      return true;
    case 'phone-retry':
      if (phone?.role === 'host') retrySeat(Number(target.dataset.seat));
      else retryGuest(phone);
      return true;
    case 'phone-scan':
      scan(target.dataset.key);
      return true;
    case 'phone-standin':
      standIn(Number(target.dataset.seat));
      return true;
    case 'phone-codes':
      if (phone?.role === 'host') { m().route = 'phone-open'; app.render(); }
      return true;
    case 'phone-rejoin':
      if (phone?.role === 'guest') { m().route = 'phone-join'; app.render(); }
      return true;
    case 'phone-table':
      m().route = 'game';
      app.render();
      return true;
    case 'phone-back':
      leavePhoneTable();
      m().route = 'start';
      app.render();
      return true;
    default:
      return sheetFollowAction(action);
  }
}
