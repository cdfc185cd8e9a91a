// A guest at a table of phones: "Am Tisch mitspielen" answers the host's
// invitation and plays its seat through a remote engine
// (remote-engine.js) in an ordinary Session; after each hand its own engine
// checks the deal. A guest that drops keeps its seat and its secret, and
// goes back to the table with a new invitation.
import { errorText } from '../i18n/i18n.js';
import { loadQr, qrSvg } from '../qr/qr.js';
import { createRemoteEngine, handKey } from '../bridge/remote-engine.js';
import { keepGuestGame, keepGuestSet } from '../context/guard.js';
import { refreshList } from '../club/lists.js';
import { writePreference } from '../store/preferences.js';
import { dueBuzz } from '../table/sound.js';
import { answerOffer, watchConnect, watchLink } from './table-link.js';
import { withCamera } from './camera-ask.js';
import { codeError, linkError, markLink } from './link-trouble.js';
import { LIST_CHANNEL, followSheet } from './sheet-follow.js';
import { KEPT, KEPT_TABLE, app, dealt, keepLocalSession, localSession, m, phone, tt, viewSeat } from './at-table.js';
import { joinFaceDown } from './facedown.js';
import { watchBackup } from './backup-copy.js';

export function guestTable(kept = null) {
  return { role: 'guest', texts: {}, status: null, inGame: false, kept, down: [] };
}

// --- guest -------------------------------------------------------------------

export async function joinTable() {
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
  watchBackup(link.pc, hostName);
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
  // The host's first word tells a face-down table from the other kind.
  const first = await firstMessage(channel);
  if (phone !== table || table.link !== link) return;
  const facedown = parseFirst(first);
  if (facedown) {
    joinFaceDown(table, channel, facedown.seat, { onClose: () => faceDownDropped(table) });
    watchLink(link.pc, () => faceDownDropped(table));
    app.render();
    return;
  }
  // The seat this phone plays at this table, if it is back at it; a seat it
  // left is only brought along (its deal numbers, if the code is for it).
  const seat = table.kept && !table.kept.left ? table.kept.seat : null;
  const remote = createRemoteEngine(channel, {
    first,
    onState: guestState,
    onProblem: (e) => app.onError(e),
    kept: table.kept,
    onKeep: (kept) => {
      // A code for another seat is refused below, and a phone that left
      // keeps what it kept then: neither replaces this phone's own seat.
      if (phone !== table || (seat != null && kept.seat !== seat)) return Promise.resolve();
      table.kept = kept;
      return writePreference(KEPT, kept);
    },
    onLinks: (down) => { if (phone === table) { table.down = down; app.render(); } },
    onClose: () => guestDropped(table, remote),
    onEnded: () => {
      if (phone !== table || table.remote !== remote) return;
      // Nothing to come back to: a reload no longer takes this phone there.
      table.ended = true;
      if (table.kept) writePreference(KEPT, { ...table.kept, left: true }).catch(() => {});
    },
    onSeen: (state) => {
      if (phone !== table || !table.remote) return;
      if (state.hand_over && state.view?.hand_no >= 1) checkDeal(table, state);
      buzzWhenDue(table, state);
    },
  });
  watchLink(link.pc, () => guestDropped(table, remote));
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
  keepLocalSession(localSession ?? app.session());
  // A phone back at its table goes on in the Session it had.
  if (table.session) table.session.engine = remote;
  else table.session = app.makeSession(remote);
  app.useSession(table.session);
  table.inGame = false; // the state that follows is drawn afresh
  app.render();
  const r = await remote.call('state');
  if (r.ok) guestState(r.result);
}

// The host's person, for the backup one phone keeps for the other
// (backup-copy.js): by the table's names as this phone was sent them.
function hostName() {
  const state = m().game?.state;
  const names = state?.names ?? state?.view?.players?.map((p) => p.name) ?? [];
  return names[(state?.host ?? 1) - 1] ?? tt('backup.host');
}

// The channel's first message (null if it closes first).
function firstMessage(channel) {
  return new Promise((resolve) => {
    const took = (event) => { channel.removeEventListener('close', gone); resolve(event.data); };
    const gone = () => { channel.removeEventListener('message', took); resolve(null); };
    channel.addEventListener('message', took, { once: true });
    channel.addEventListener('close', gone, { once: true });
  });
}

// {seat} when the host's first word is a seat at a face-down table.
function parseFirst(data) {
  try {
    const msg = typeof data === 'string' ? JSON.parse(data) : null;
    return msg?.type === 'facedown' && Number.isInteger(msg.seat) ? { seat: msg.seat } : null;
  } catch {
    return null;
  }
}

// A face-down table's channel closed: the seat waits on the host, and the
// host's new code for it brings this phone back (facedown.js).
function faceDownDropped(table) {
  if (phone !== table || table.status === 'dropped') return;
  table.link?.pc.close();
  Object.assign(table, { status: 'dropped', link: null, answer: null, qr: null });
  table.texts.offer = '';
  markLink('waiting');
  if (table.ended) app.announce(tt('links.ended'));
  else app.onError(linkError('links.lost'));
  app.render();
}

function keepTableRecord(table) {
  if (!table.kept) return;
  writePreference(KEPT_TABLE, {
    seat: table.seat, secret: table.kept.secret, lastRecord: table.lastRecord, lastGame: table.lastGame,
    series: table.series, set: table.set, hostSeat: table.hostSeat, finished: [...(table.finished ?? new Map())],
  }).catch(() => {});
}

// What keepTableRecord stored for this seat, put back on a guest that
// reloaded (nothing if it is another seat's or another table's).
export function restoreTableRecord(table, stored) {
  const kept = table.kept;
  if (!kept || !stored || stored.seat !== kept.seat || stored.secret !== kept.secret || !stored.lastRecord) return;
  Object.assign(table, {
    seat: kept.seat, lastRecord: stored.lastRecord, lastGame: stored.lastGame, series: stored.series ?? null, set: stored.set ?? null,
    hostSeat: stored.hostSeat, finished: new Map(Array.isArray(stored.finished) ? stored.finished : []),
  });
}

// The phone may lie face down while others play: it buzzes once each time
// its seat becomes due (its turn, or a knock it must answer).
function buzzWhenDue(table, state) {
  const seat = viewSeat(state);
  const due = !state.hand_over && state.due?.humans?.includes(seat);
  const now = due ? `${state.view?.hand_no}:${state.view?.response?.to_answer === seat ? 'answer' : 'turn'}` : '';
  if (now && now !== table.due) dueBuzz();
  table.due = now;
}

// A guest whose phones did not meet reads a new invitation for its seat.
export function retryGuest(table) {
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
  // Cut off while the next game was being dealt: back to the last game,
  // where the way back to the table (or to carry it on) is offered.
  if (m().route === 'phone-deal') m().route = 'game';
  if (table.ended) app.announce(tt('links.ended'));
  else app.onError(linkError('links.lost'));
  app.render();
}

function guestState(state) {
  const table = phone;
  if (table?.role !== 'guest' || !table.session) return;
  const s = table.session;
  if (table.inGame && (state.game ?? 1) !== table.game) {
    // The host dealt the next game: the last one stays drawn until the
    // phones have dealt this one between them.
    table.inGame = false;
    m().route = 'phone-deal';
    app.render();
  }
  // Seen from this phone's seat in the game: in a set's Hängeln its
  // player's seat there, or none where it watches.
  if (!table.inGame) {
    if (!dealt(state)) return;
    table.inGame = true;
    table.game = state.game ?? 1;
    s.serial(() => s.commit(state, viewSeat(state), { fresh: true }));
    return;
  }
  s.pushed(state, viewSeat(state));
  // The Spielliste on screen grows with each hand, as on the host.
  if (state.hand_over && m().route === 'list') refreshList();
}

// After a hand the guest asks the host for the finished hands and its own
// engine checks the hand (`check_deal`): the transcript against the commits
// this phone kept, and the hand replayed from the record against every state
// this phone was sent. The shell compares nothing itself.
async function checkDeal(table, state) {
  const game = state.game ?? 1;
  const hand = state.view.hand_no;
  const key = handKey(game, hand);
  if (table.checked.has(key)) return;
  table.checked.add(key);
  // By number: the host may have dealt the next game meanwhile.
  const r = await table.remote.call('record', { game });
  // Cut off meanwhile: asked again with the state the phone gets back.
  if (!r.ok && r.error?.code === 'table_lost') { table.checked.delete(key); return; }
  // The seat this phone played in that game (null: it watched a set's
  // Hängeln, which the engine then says is not its to check).
  const seat = viewSeat(state);
  // A phone that took a seat between games: the game before was the
  // computer's or another person's, nothing of it for this phone to check
  // or keep.
  if (r.ok && seat != null && (state.joining || r.result.players?.[seat - 1]?.kind === 'bot')) return;
  // A record the host refuses or never sends, or one this phone's engine
  // cannot read, is said as such: a check never ends without a word.
  const own = r.ok ? await localSession.engine.call('check_deal', {
    record: r.result, seat, hand, commits: table.remote.rounds.get(key)?.commits ?? null, states: table.remote.statesOf(key),
  }) : r;
  if (phone !== table) return;
  // The finished hands of the newest game, kept to carry the table on if
  // the host's phone is gone (phone-host.js takeOver): a Rengen set's
  // Hängeln (one hand) is carried on from the end of its second game, and
  // a set decided not at all. By number: a check may end after the next
  // game was dealt.
  if (r.ok && game >= (table.lastGame ?? 0) && !state.set?.in_hangeln) {
    Object.assign(table, { lastRecord: r.result, lastGame: game, series: state.series ?? null, hostSeat: state.host ?? table.hostSeat });
  }
  if (r.ok) table.set = state.set ?? null;
  // A series goes on from its finished games too, each kept as it ends.
  if (r.ok && state.game_over) (table.finished ??= new Map()).set(game, r.result);
  if (r.ok) keepTableRecord(table);
  // The game's last hand: the whole game goes into this phone's history; a
  // Rengen set's games go in as the set, growing game by game.
  if (r.ok && state.game_over) {
    const kept = state.set ? keepGuestSet([...table.finished.entries()], state) : keepGuestGame(r.result, state);
    kept.catch(() => app.onError(linkError('err.history')));
  }
  const { fair, why, watched = false } = own.ok ? own.result : { fair: null, why: own.error };
  table.verdicts.set(key, { fair, why, watched });
  document.documentElement.dataset.fairDeal = `${key}:${watched ? 'watched' : fair === true ? 'checked' : fair === false ? 'false' : 'unknown'}`;
  if (fair === false) {
    app.onError(linkError('err.unfair', { hand, why }));
    // Every phone at the table is told, through the host (whose engine
    // notes the claim and sends it to all); this phone says it in any case.
    // The reply's state is this phone's newest (the host pushes no copy).
    table.remote.call('dispute', { hand, why }).then((d) => { if (d.ok && phone === table) guestState(d.result); });
  } else {
    app.announce(fair ? tt('deal.checked', { hand }) : tt(watched ? 'deal.watched' : 'deal.unknown', { hand, why: errorText(why) }));
  }
  app.render();
}
