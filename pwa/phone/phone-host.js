// The host of a table of phones: "Tisch eröffnen" plays the game in this
// phone's own engine and invites a phone per guest seat (an invitation
// each, the guest's answer read back); a seat whose phone is away, or keeps
// the deal waiting, may be played by the computer and is given back once
// the phone is there again. The relay (table-relay.js) carries the game.
import { t } from '../i18n/i18n.js';
import { loadQr, qrSvg } from '../qr/qr.js';
import { carryOnMeta, fileBeforeReplacing, guarded, guestSetId } from '../context/guard.js';
import { canLink, makeOffer, readAnswer, takeAnswer, watchConnect, watchLink } from './table-link.js';
import { withCamera } from './camera-ask.js';
import { tableTerms } from '../evening/evening.js';
import { codeError, linkError, markLink } from './link-trouble.js';
import { TableRelay } from './table-relay.js';
import { app, canTakeOver, dealt, hostView, leavePhoneTable, localSession, m, phone, setPhone, tt, viewSeat } from './at-table.js';
import { faceDownChosen, faceDownGone, openFaceDown, reopenFaceDown } from './facedown.js';
import { watchBackup } from './backup-copy.js';

// How long the host waits for a phone's part of the deal before it may give
// the seat to the computer (the round then starts again without it).
const DEAL_WAIT_MS = 20_000;

// The seats a guest's phone plays: every person's but the host's.
/** @param {{kind?: string}[]} seats @param {number} host @returns {number[]} */
function guestSeats(seats, host) {
  return seats.map((p, i) => (p?.kind === 'human' && i + 1 !== host ? i + 1 : null)).filter((x) => x != null);
}

function hostTable(session, { names, viewer, guests, inGame, takenOver = false, facedown = null }) {
  const table = {
    role: 'host', viewer, names, texts: {}, inGame, takenOver,
    seats: guests.map((seat) => ({ seat, link: null, offer: null, qr: null, status: 'making' })),
    facedown: facedown && { ...facedown, seat: viewer },
    checked: new Set(), verdicts: new Map(),
  };
  table.relay = facedown?.relay ?? new TableRelay(session, { viewer: () => hostView(table), onChange: hostChanged, onLink: hostLink });
  if (facedown) facedown.relay.onLink = hostLink;
  return table;
}

// --- host --------------------------------------------------------------------

export async function openTable() {
  const s = m().setup;
  if (s.mode === 'sheet') { app.onError(linkError('err.sheet')); return; }
  const players = s.seats.map((p, i) => {
    const name = p.name.trim() || t('start.name.default', { seat: i + 1 });
    return p.kind === 'human' ? { name, kind: 'human' } : { name, kind: 'bot', level: p.level };
  });
  const guests = guestSeats(players, 1);
  if (players[0].kind !== 'human' || !guests.length) { app.onError(linkError('err.guests')); return; }
  if (!canLink()) { app.onError(linkError('err.webrtc')); return; }
  // The start form's terms, as for a game on this phone: the house rules,
  // the stakes (an amount that is none is said first), a series' length.
  const { error, rules, options, stakes } = tableTerms(s);
  if (error) { app.onError(error); return; }
  // A Rengen set: its two games at the full table, then the Hängeln on its
  // two players' phones (the engine's `set`).
  const series = s.format === 'series' ? { games: s.seriesGames ?? null } : s.format === 'set' ? { set: true, dealer: s.dealer } : { dealer: s.dealer };
  if (faceDownChosen()) {
    // Face down, a game at a time ("Nochmal" deals the next), a series or a Rengen set, with the stakes chosen.
    await guarded(async () => {
      const opened = await openFaceDown({ players, rules, options, stakes, ...series });
      if (opened) await hostOpened(opened.session, players, guests, opened);
    }, 'game');
    return;
  }
  // The table this phone is at, if any, is asked about and left first.
  await guarded(async () => {
    const session = app.session();
    const r = await session.query('table_new', {
      players, rules, options, stakes, ...series, seed: app.nextSeed(), viewer: 1, guests,
    });
    if (!r.ok) { app.onError(r.error); return; }
    await hostOpened(session, players, guests);
  }, 'game');
}

// A tournament's table (its ticket loaded, nothing entered yet) plays its
// series at a table of phones instead of on paper: the ticket's players in
// its order, this phone at the first seat; the result goes back as any
// table's. With "Karten verdeckt" ticked the cards are dealt face down, and
// every phone checks every hand (the engine checks the ticket either way).
export async function openTicketTable() {
  const ticket = m().game?.save?.series?.ticket;
  if (!ticket || phone) return;
  if (!canLink()) { app.onError(linkError('err.webrtc')); return; }
  const players = ticket.players.map((name) => ({ name, kind: 'human' }));
  const guests = players.map((_, i) => i + 1).slice(1);
  if (m().setup.faceDown) {
    const opened = await openFaceDown({ players, rules: ticket.rules, options: ticket.options ?? {}, ticket });
    if (!opened) return;
    m().setup.mode = 'phone';
    await hostOpened(opened.session, players, guests, opened);
    return;
  }
  const session = app.session();
  const r = await session.query('table_new', {
    players, rules: ticket.rules, options: ticket.options ?? {}, ticket, seed: app.nextSeed(), viewer: 1, guests,
  });
  if (!r.ok) { app.onError(r.error); return; }
  m().setup.mode = 'phone';
  await hostOpened(session, players, guests);
}

async function hostOpened(session, players, guests, facedown = null) {
  setPhone(hostTable(session, { names: players.map((p) => p.name), viewer: 1, guests, inGame: false, facedown }));
  m().game = null;
  m().route = 'phone-open';
  app.render();
  await loadQr().catch(() => {});
  await inviteSeats(phone, phone.seats);
}

// The host's phone is gone: this guest carries the table on from the last
// finished hand it checked (the engine's table_takeover), and invites every
// other person's phone, the old host's seat too (its phone may come back,
// or the computer plays it). The hand that was in play is dealt again (a
// game over is followed by the next); a series or a Rengen set goes on
// with the finished games this phone kept.
export async function takeOver() {
  const was = phone;
  if (!canTakeOver(was) || was.status === 'connected' || was.status === 'making') return;
  if (was.facedown || was.resume) { await takeOverFaceDown(was); return; }
  const { lastRecord: record, lastGame: game = 1, seat, hostSeat } = was;
  const guests = record.players.map((p, i) => (p.kind !== 'bot' && i + 1 !== seat ? i + 1 : null)).filter((x) => x != null);
  // This phone's own engine, idle while it is a guest; a refusal leaves it,
  // and this phone's place at the table, as they were. Its own game there
  // (one it left to join) goes into its history first.
  const session = localSession ?? app.session();
  if (session.game && !(await fileBeforeReplacing(session.game))) return;
  const kept = was.set ? setKept(was, game) : seriesKept(was, game);
  const r = await session.query('table_takeover', {
    record, viewer: seat, guests, from: hostSeat, game, ...kept, seed: app.nextSeed(),
  });
  if (phone !== was) return;
  if (!r.ok) { app.onError(r.error); app.render(); return; }
  leavePhoneTable();
  const names = record.players.map((p) => p.name);
  // The set goes on in the history entry this phone kept of it as a guest,
  // under the table's names (the Hängeln's state names only its two).
  if (kept.set) carryOnMeta({ id: guestSetId(kept.set.finished[0] ?? record), kind: 'set', names, seed: r.result.save.table.seed });
  setPhone(hostTable(session, { names, viewer: seat, guests, inGame: false, takenOver: true }));
  // Until the first state is drawn, this phone's commands are seen from its
  // seat in the game: in the Hängeln its player's there, or none.
  phone.view = viewSeat(r.result);
  m().game = null;
  m().route = 'phone-open';
  app.render();
  await loadQr().catch(() => {});
  await inviteSeats(phone, phone.seats);
}

// Face down, every phone holds what it checked and the old host's log as
// far as it got (bridge/facedown_takeover.py): this phone's engine takes
// the table over from its own save, and it is seated as the host with a
// code for every other person's phone; each follows with one code each
// way, the phones bring each other to the same place of the old host's
// log, make a new table code (the old host's seats now this phone's
// computers) and the table goes on where every phone checked it. A
// refusal leaves this phone a guest of its table, as it was.
async function takeOverFaceDown(was) {
  const save = was.facedown?.engine.kept() ?? was.resume?.save;
  if (!save?.welcomed || save.role !== 'guest') return;
  const seated = app.session();
  if (localSession) app.useSession(localSession);
  const done = await resumeFaceDownHost(save, was);
  if (!done && phone === was) {
    app.useSession(seated);
    app.render();
  } else if (done) {
    // The codes first: every other phone follows with one.
    m().route = 'phone-open';
    app.render();
  }
}

// The series a guest carries on: the games before `game`, as the host sent
// them when each ended. A phone that missed one (it joined after a reload)
// carries on the game in play as a single game.
function seriesKept(table, game) {
  if (!table.series) return {};
  const finished = [];
  for (let k = 1; k < game; k++) {
    const record = table.finished?.get(k);
    if (!record) return {};
    finished.push(record);
  }
  return { series: { length: table.series.length, finished } };
}

// The Rengen set a guest carries on: its first game, as the host sent it
// when it ended, while the second is played or once it is over (its
// Hängeln). A phone that missed it carries on the game in play as a single game.
function setKept(table, game) {
  const first = table.finished?.get(1);
  return game === 1 ? { set: { finished: [] } } : first ? { set: { finished: [first] } } : {};
}

// Between games a seat changes hands (the engine's table_phone_seat and
// table_computer_seat; the finished game stays as it was played): a
// computer's seat, or a guest's whose phone left, goes to a new phone, its
// code shown at once so the phone joins before the next game is dealt; or
// a guest's seat whose phone left goes to the computer. A name typed for
// the seat (not the seat's own) is who plays there from the next game on.
export async function phoneSeat(seat) {
  const table = phone;
  const old = table?.role === 'host' ? table.seats.find((e) => e.seat === seat) : null;
  if (table?.role !== 'host' || old?.status === 'connected') return;
  const named = typedName(table, seat);
  const r = await app.session().tableCommand('table_phone_seat', { seat, viewer: hostView(table), ...named });
  if (!r.ok) { if (r.error) app.onError(r.error); return; }
  if (phone !== table) return;
  // The phone that left loses its code: the seat's secret is new.
  old?.link?.pc.close();
  const entry = old ?? { seat };
  Object.assign(entry, { link: null, offer: null, qr: null, failure: null, status: 'making' });
  if (!old) table.seats = [...table.seats, entry].sort((a, b) => a.seat - b.seat);
  table.texts[`answer-${seat}`] = '';
  renamed(table, seat, named);
  m().route = 'phone-open';
  app.render();
  await loadQr().catch(() => {});
  await inviteSeats(table, [entry]);
}

export async function computerSeat(seat) {
  const table = phone;
  const old = table?.role === 'host' ? table.seats.find((e) => e.seat === seat) : null;
  if (!old || old.status === 'connected') return;
  const named = typedName(table, seat);
  const r = await app.session().tableCommand('table_computer_seat', { seat, viewer: hostView(table), ...named });
  if (!r.ok) { if (r.error) app.onError(r.error); return; }
  if (phone !== table) return;
  // No phone is awaited there any more: its code goes, and nobody is told it is away.
  old.link?.pc.close();
  table.seats = table.seats.filter((e) => e !== old);
  renamed(table, seat, named);
  table.relay.links(awaySeats(table));
  hostMark(table);
  app.render();
}

function typedName(table, seat) {
  const typed = table.texts[`seat-name-${seat}`]?.trim();
  return typed && typed !== table.names[seat - 1] ? { name: typed } : {};
}

function renamed(table, seat, named) {
  if (named.name) table.names = table.names.map((name, i) => (i + 1 === seat ? named.name : name));
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
  // Left meanwhile (the table ended, a take-over given up): its channel never opens.
  if (phone !== table) { link.open.catch(() => {}); link.pc.close(); return; }
  // Beside the table's channel, one for a backup kept on the other phone.
  watchBackup(link.pc, () => table.names[entry.seat - 1]);
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
export async function connect(seat) {
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
export function retrySeat(seat) {
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
  // The codes were shown for the phones that were away: once every one is
  // back, the host's screen goes back to the table by itself.
  if (up && table.inGame && m().route === 'phone-open' && !awaySeats(table).length) m().route = 'game';
  app.render();
}

export function awaySeats(table) {
  return table.seats.filter((e) => e.status !== 'connected').map((e) => e.seat);
}

// The computer plays a seat whose phone is away, or whose phone kept the
// deal waiting, at the host's word (a deal under way then starts again
// without it), and gives it back once the phone is connected and no deal
// is under way.
export async function standIn(seat) {
  const table = phone;
  if (table?.role !== 'host') return;
  // Face down, a phone away is gone for good for the rest of the hand;
  // while the table is taken over, its seat goes to the computer.
  if (table.facedown?.engine.facts()?.taking) { await computerSeat(seat); return; }
  if (table.facedown) {
    // (Or a phone that stopped: it reported a fault in the hand.)
    const stopped = (m().game?.state?.facedown?.reports ?? []).map((r) => r.seat);
    if (awaySeats(table).includes(seat) || stopped.includes(seat)) await faceDownGone(seat);
    return;
  }
  const silent = silentSeats(table, m().game?.state);
  if (!awaySeats(table).includes(seat) && !(silent.left === 0 && silent.seats.includes(seat))) return;
  const r = await app.session().tableCommand('table_standin', { seat, on: true, viewer: hostView(table) });
  if (!r.ok && r.error) app.onError(r.error);
  // The first hand dealt this way (its round started again without the
  // seat) opens the table on the host as a guest's last number does.
  if (r.ok && phone === table && !table.inGame && dealt(r.result)) {
    table.inGame = true;
    m().route = 'game';
    app.render();
  }
}

export function giveBack(table) {
  const facts = m().game?.state?.phone_table;
  if (facts?.deal) return;
  const standins = facts?.standins ?? [];
  const back = standins.filter((seat) => !awaySeats(table).includes(seat));
  if (!back.length || table.givingBack) return;
  table.givingBack = true;
  app.session().tableCommand('table_standin', { seat: back[0], on: false, viewer: hostView(table) })
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
  // Seen from the host's seat in the game (in the Hängeln perhaps none).
  const game = await app.session().commit(state, viewSeat(state), fresh ? { fresh: true } : {});
  if (!game && fresh) table.inGame = false;
  return game != null;
}

export function resumeHost(game, facts) {
  const table = hostTable(app.session(), {
    names: facts.names ?? game.state.view.players.map((p) => p.name), viewer: facts.host, guests: facts.guests, inGame: dealt(game.state),
  });
  for (const e of table.seats) e.status = 'dropped';
  table.reopened = true;
  setPhone(table);
  if (!table.inGame) m().route = 'phone-open';
  loadQr().catch(() => {}).then(() => {
    if (phone === table) inviteSeats(table, table.seats);
  });
}

// The host's phone back at its face-down table (its page closed or
// reloaded, its save kept): every guest's seat waits for its phone with a
// new code, as after the host's reload at any table (resumeHost).
// With `guest`, the guest's table this phone takes over (takeOverFaceDown):
// left once the engine has taken it over, its save kept.
/** @param {any} save @param {any} [guest] */
export function resumeFaceDownHost(save, guest = null) {
  return reopenFaceDown(save, (opened) => {
    const kept = opened.engine.kept() ?? save;
    // While a table is taken over, the seats given to the computer await no phone.
    const computers = kept.taking?.computers ?? [];
    const guests = guestSeats(kept.seats, kept.seat).filter((seat) => !computers.includes(seat));
    // The table's names: after a set's Hängeln its view seats only two.
    const names = opened.state?.facedown?.names ?? opened.state?.view?.players?.map((/** @type {{name: string}} */ p) => p.name) ?? [];
    guest?.link?.pc.close();
    const table = hostTable(opened.session, {
      names, viewer: kept.seat, guests, inGame: false, facedown: opened, takenOver: Boolean(kept.taking || kept.taken),
    });
    for (const e of table.seats) e.status = 'dropped';
    table.reopened = !guest;
    setPhone(table);
    // Closed while its first hand was dealt (nothing of it to show yet): its
    // codes, for the guests to come back to, as at any table reopened.
    if (!opened.state) m().route = 'phone-open';
    loadQr().catch(() => {}).then(() => {
      if (phone === table) inviteSeats(table, table.seats);
    });
  }, Boolean(guest));
}

// The seats the deal under way waits for although their phones are
// connected (a phone that lost its number, or never sends it), on the host:
// after DEAL_WAIT_MS, counted down on screen, the computer may take them.
export function silentSeats(table, state) {
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
