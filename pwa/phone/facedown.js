// A table of phones whose cards are dealt face down (docs/FACE_DOWN.md):
// every phone, the host's too, plays its own seat on its own engine
// (bridge/facedown-engine.js, the `facedown_*` commands in the order
// docs/BRIDGE.md gives) and knows its own cards only; the host's phone also
// plays the computer seats, knowing their cards and no other. The data
// channels of the table of phones (table-link.js) carry the frames: a
// guest's to the host, whose engine relays each in a signed envelope, and
// every envelope to every guest. Each phone stores its save before it sends
// anything (the engine adapter), draws its own seat's view in an ordinary
// Session, and says after every hand what its own check found.
//
// The codes, the join screens and the lines above the table are the table
// of phones' own (phone-host.js, phone-guest.js, phone-table.js); this
// module is what differs once the cards are face down.
import { handKey } from '../bridge/remote-engine.js';
import { createFaceDownEngine } from '../bridge/facedown-engine.js';
import { lastFaceDownKept, writeFaceDownSave } from '../store/facedown-save.js';
import { markKept } from '../store/kept-mark.js';
import { keepFaceDownSeries, keepFaceDownSet, keepGuestGame } from '../context/guard.js';
import { linkError } from './link-trouble.js';
import { refreshList } from '../club/lists.js';
import { app, keepLocalSession, m, phone, viewSeat } from './at-table.js';
import { SeatChannels } from './table-relay.js';

// A frame is a deck of 32 cards at most (about 5 kB); far more is no frame.
const MAX_FRAME = 1_000_000;

/** @param {unknown} data @returns {any} */
function parse(data) {
  if (typeof data !== 'string' || data.length > MAX_FRAME) return null;
  try {
    const msg = JSON.parse(data);
    return msg && typeof msg === 'object' && typeof msg.type === 'string' ? msg : null;
  } catch {
    return null;
  }
}

// Stored as a base plus what each message added (store/facedown-save.js),
// by the engine's worker as it answers; here only where the worker has no
// database. Either way the site is marked as keeping something.
/** @param {any} save */
async function keep(save) {
  const ok = await writeFaceDownSave(save);
  if (ok) markKept();
  return ok;
}

// This phone's own Session steps aside while it sits at the face-down
// table (its game waits in its engine), and a Session of the table's own
// plays the seat; leaving the table puts the own one back (at-table.js).
function tableSession(engine) {
  const own = app.session();
  own.pause();
  keepLocalSession(own);
  const session = app.makeSession(engine);
  app.useSession(session);
  return session;
}

/** @param {{de: string, en: string}} words */
function refused(words) {
  app.onError({ kind: 'IllegalAction', code: 'facedown_refused', ...words });
}

// --- the host ------------------------------------------------------------------

// The table opened on the host's phone: its seat and the computers' drawn,
// kept before any code is shown. → {session, relay} or null (said).
/** @param {{players: any[], rules: string, options: object, stakes?: object, games?: number | null, ticket?: object}} terms */
export async function openFaceDown(terms) {
  const local = app.session().engine;
  /** @type {FaceDownRelay | null} */
  let relay = null;
  const engine = createFaceDownEngine(local, {
    role: 'host', keep, readBack: lastFaceDownKept, onKept: markKept, onFault: faultFound, send: (frames) => relay?.broadcast(frames), onRefused: refused,
  });
  const r = await app.session().serial(() => engine.call('host', terms));
  if (!r.ok) { app.onError(r.error); return null; }
  const session = tableSession(engine);
  relay = new FaceDownRelay(session, engine);
  return { session, relay, engine };
}

// The host's phone back at its face-down table after its page was closed or
// reloaded: the table as its save left it, made the phone's table by `seat`
// (phone-host.js), its state drawn again. The hand goes on where it stood:
// each guest's phone comes back with a new code, says where it stands, and
// is sent the envelopes it missed.
// With `takeOver`, a guest's save: this phone takes the table over (the
// host's phone being gone) before it is seated as the host; a refusal
// seats nothing (→ false, said).
/** @param {any} save @param {(opened: {session: any, relay: FaceDownRelay, engine: any, state: any}) => void} seat @param {boolean} [takeOver] */
export async function reopenFaceDown(save, seat, takeOver = false) {
  const local = app.session().engine;
  /** @type {FaceDownRelay | null} */
  let relay = null;
  const engine = createFaceDownEngine(local, {
    role: 'host', keep, readBack: lastFaceDownKept, onKept: markKept, onFault: faultFound, send: (frames) => relay?.broadcast(frames), onRefused: refused,
  });
  let r = await app.session().serial(() => engine.call('load', { save }));
  if (r.ok && takeOver) r = await app.session().serial(() => engine.call('takeover'));
  if (!r.ok) { app.onError(r.error); return false; }
  const session = tableSession(engine);
  relay = new FaceDownRelay(session, engine);
  seat({ session, relay, engine, state: r.result.state });
  await session.serial(() => show(r.result.state));
  // Closed after it sent a guest's message on and before its own seats took
  // it: they take it now (the guests get what they say with the envelopes
  // they ask for again).
  if (r.result.settle) relay.settleSoon();
  return true;
}

// The host's end of the guests' channels at a face-down table: the same
// face as table-relay.js's TableRelay (attach, drop, links, close), so the
// host's codes and lines work as at any table of phones. It decides
// nothing: each guest's frame goes to the engine as it came, under the
// channel's seat, and what the engine gives to send goes to every guest.
export class FaceDownRelay extends SeatChannels {
  /** @param {import('../bridge/session.js').Session} session @param {import('../bridge/facedown-engine.js').FaceDownEngine} engine */
  constructor(session, engine) {
    super();
    this.session = session;
    this.engine = engine;
    this.settling = false; // a `settle` queued behind the frames that came
  }

  /** @param {number} seat @param {RTCDataChannel} channel */
  attach(seat, channel) {
    const old = this.channels.get(seat);
    this.channels.set(seat, channel);
    if (old && old !== channel) old.close();
    channel.addEventListener('message', (event) => {
      if (this.channels.get(seat) === channel) this.take(seat, event.data);
    });
    channel.addEventListener('close', () => {
      if (this.channels.get(seat) !== channel) return;
      this.channels.delete(seat);
      this.onLink(seat, false);
    });
    // The first word on the channel: this seat, at a face-down table.
    this.send(seat, { type: 'facedown', seat });
    this.onLink(seat, true);
    return Promise.resolve(true);
  }

  /** @param {number} seat @param {unknown} data */
  take(seat, data) {
    const msg = parse(data);
    if (!msg) return;
    const { session, engine } = this;
    session.serial(async () => {
      if (msg.type === 'commit') {
        // A guest's commitment to its long-term key (the table code's
        // round); with every guest's in, every seat's goes to all.
        const r = await engine.call('seat', { seat, commit: msg.commit });
        if (r.ok && r.result.commits) this.broadcast([r.result.commits]);
        else if (!r.ok) app.onError(r.error);
      } else if (msg.type === 'reveal') {
        // A guest's key and nonce, checked against its commitment; with
        // every guest's in, the welcome goes to all and the first hand is
        // dealt.
        const r = await engine.call('reveal', { seat, identity: msg.identity, nonce: msg.nonce });
        if (!r.ok) { app.onError(r.error); return; }
        if (!r.result.welcome) return;
        this.broadcast([r.result.welcome]);
        await dealWelcomed(engine, r.result);
      } else if (msg.type === 'taken') {
        // A guest follows this phone, which takes the table over: it gets
        // the old host's envelopes it lacks (and gives those it had beyond
        // this phone's); with every guest's phone at the same place, the
        // new table code's round goes to all.
        const r = await engine.call('follow', { seat, frame: msg });
        if (!r.ok) { app.onError(r.error); return; }
        for (const [to, frames] of Object.entries(r.result.to ?? {})) for (const frame of frames) this.send(Number(to), frame);
        await show(r.result.state);
      } else if (msg.type === 'back') {
        // A guest back on a new channel: the hand's envelopes from where
        // it stands, to it alone.
        const r = await engine.call('resend', { from: msg.from, waits: msg.waits === true });
        for (const frame of r.ok ? r.result.send : []) this.send(seat, frame);
      } else if (msg.type === 'msg') {
        const r = await engine.call('relay', { seat, frame: msg });
        if (!r.ok) return;
        // Sent on to every guest before this phone's own seats took it (a
        // request answered, a pass made: tens of milliseconds the others
        // need not wait for): they take it after any guest's frame that
        // came meanwhile has gone on too.
        if (r.result.settle) this.settleSoon();
        else await show(r.result.state);
      }
    });
  }

  settleSoon() {
    if (this.settling) return;
    this.settling = true;
    this.session.serial(async () => {
      this.settling = false;
      const r = await this.engine.call('settle');
      if (r.ok) await show(r.result.state);
      else if (r.error) app.onError(r.error);
    });
  }

  /** @param {any[]} frames */
  broadcast(frames) {
    for (const seat of this.channels.keys()) for (const frame of frames) this.send(seat, frame);
  }

  /** @param {number[]} down */
  links(down) {
    for (const seat of this.channels.keys()) this.send(seat, { type: 'links', down });
  }

  // Every guest hears the table's envelopes as they come: nothing to push.
  pushAll() {}

  close(ended = false) {
    for (const ch of this.channels.values()) {
      if (ended && ch.readyState === 'open') ch.send(JSON.stringify({ type: 'ended' }));
      ch.close();
    }
    this.channels.clear();
  }
}

// Once every phone's key is in, the host's phone deals: the first hand,
// or after seats changed hands the game the welcome names (the next
// game "Nochmal" deals, or after a take-over the hand where the table
// goes on).
/** @param {import('../bridge/facedown-engine.js').FaceDownEngine} engine @param {{welcome: any, state?: any}} result */
async function dealWelcomed(engine, result) {
  const game = result.state?.facedown?.game ?? engine.facts()?.game ?? 1;
  const d = await engine.call(result.welcome.game > game ? 'again' : 'deal');
  if (!d.ok) app.onError(d.error);
  // ("Nochmal" answers the table state itself, as for a Session.)
  else await show(d.result.state ?? d.result);
}

// --- a guest -------------------------------------------------------------------

// The host's first word said this channel is a seat at a face-down table:
// this phone joins with a long-term key of its own, first sending only a
// commitment to it (kept before it is sent) and the key once it holds
// every seat's commitment; or, back at its table on a new channel, it says
// where it stands.
/** @param {any} table @param {RTCDataChannel} channel @param {number} seat @param {{onClose: () => void}} hooks */
export function joinFaceDown(table, channel, seat, { onClose }) {
  const send = (/** @type {any[]} */ frames) => {
    for (const frame of frames) if (channel.readyState === 'open') channel.send(JSON.stringify(frame));
  };
  let fd = table.facedown;
  if (!fd && table.resume?.seat === seat) {
    // Back after a reload: the seat as its save left it; what it said that
    // the host had not relayed goes again, and the host sends what it missed.
    fd = guestSeat(seat, send);
    const { save } = table.resume;
    const { engine } = fd;
    fd.session.serial(async () => {
      const r = await engine.call('load', { save });
      if (!r.ok) { app.onError(r.error); return; }
      send(r.result.send);
      send([engine.back()]);
      await show(r.result.state);
    });
  } else if (!fd || fd.seat !== seat) {
    fd = guestSeat(seat, send);
    const { engine } = fd;
    fd.session.serial(async () => {
      const r = await engine.call('guest', { seat });
      if (!r.ok) { app.onError(r.error); return; }
      send([{ type: 'commit', commit: r.result.commit }]);
    });
  } else {
    // Back at its table on a new channel (its host's phone perhaps
    // reloaded): the table drawn again from the state it holds.
    // What it said that the old channel may have lost (the host's page
    // reloading before it relayed it) goes again first.
    fd.to = send;
    fd.session.serial(async () => {
      const r = await fd.engine.call('unrelayed');
      if (r.ok) send(r.result.send);
      send([fd.engine.back()]);
      table.inGame = false;
      fd.shown = null;
      await show(fd.engine.last());
    });
  }
  Object.assign(table, {
    facedown: fd, seat, session: fd.session, status: 'connected', down: [],
    checked: table.checked ?? new Set(), verdicts: table.verdicts ?? new Map(),
  });
  channel.addEventListener('message', (event) => {
    if (phone !== table || fd.to !== send) return;
    const msg = parse(event.data);
    if (!msg) return;
    if (msg.type === 'links' && Array.isArray(msg.down)) {
      table.down = msg.down.filter(Number.isInteger);
      app.render();
    } else if (msg.type === 'ended') {
      table.ended = true;
    } else if (msg.type === 'takeover') {
      // The host's phone is gone and another guest's carries the table on:
      // this phone follows it, saying where it stands in the old host's log
      // (sent once kept).
      fd.session.serial(async () => {
        const r = await fd.engine.call('taken', { frame: msg });
        if (!r.ok) app.onError(r.error);
        else await show(r.result.state);
      });
    } else if (msg.type === 'recode') {
      // A seat goes to a new phone before the next game: this phone commits
      // to its key again for the new table code (sent once kept).
      fd.session.serial(async () => {
        const r = await fd.engine.call('recode', { frame: msg });
        if (!r.ok) app.onError(r.error);
      });
    } else if (msg.type === 'commits') {
      // Every seat's commitment: only now does this phone show its key.
      fd.session.serial(async () => {
        const r = await fd.engine.call('commits', { frame: msg });
        if (!r.ok) app.onError(r.error);
        else send([r.result.reveal]);
      });
    } else if (msg.type === 'welcome' || msg.type === 'env') {
      fd.waiting = (fd.waiting ?? 0) + 1;
      fd.session.serial(async () => {
        const r = await fd.engine.call(msg.type === 'welcome' ? 'welcome' : 'receive', { frame: msg, more: fd.waiting > 1 });
        // An envelope this phone cannot take yet (one missing between) is
        // asked for again; any other refusal is the host's, said in words.
        if (!r.ok && r.error?.code === 'deal_phase' && msg.type === 'env') {
          send([fd.engine.back()]);
        } else if (!r.ok) app.onError(r.error);
        else await show(r.result.state);
      }).finally(() => { fd.waiting -= 1; });
    }
  });
  channel.addEventListener('close', () => { if (fd.to === send) onClose(); });
}

// A guest's seat at the table: its engine and Session; `to` is the channel
// it sends on, a new one after a drop.
/** @param {number} seat @param {(frames: any[]) => void} send */
function guestSeat(seat, send) {
  /** @type {any} */
  const fd = { seat, to: send };
  fd.engine = createFaceDownEngine(app.session().engine, {
    role: 'guest', keep, readBack: lastFaceDownKept, onKept: markKept, onFault: faultFound, send: (frames) => fd.to(frames), onRefused: refused,
  });
  fd.session = tableSession(fd.engine);
  return fd;
}

// The host's word that a guest's phone is gone for good in this hand (the
// dropout rule, docs/FACE_DOWN.md): after the deal at three seats or more
// the host's phone plays that seat on, else the hand is void; the engine
// decides which, and every phone says who left and when.
/** @param {number} seat */
export function faceDownGone(seat) {
  const table = phone;
  const fd = table?.facedown;
  if (table?.role !== 'host' || !fd) return;
  return fd.session.serial(async () => {
    const r = await fd.engine.call('gone', { seat });
    if (!r.ok) { app.onError(r.error); return; }
    await show(r.result.state);
  });
}

// The host's "Neu geben" after a hand void before its deal: the same hand
// dealt again to the phones still there, a fresh round in which every phone
// draws new secrets (the engine refuses it for any other hand).
export function faceDownRedeal() {
  const table = phone;
  const fd = table?.facedown;
  if (table?.role !== 'host' || !fd) return;
  return fd.session.serial(async () => {
    const r = await fd.engine.call('deal');
    if (!r.ok) { app.onError(r.error); return; }
    await show(r.result.state);
  });
}

// --- every phone -----------------------------------------------------------------

// A fault this phone's engine found while working ahead (the proofs of the
// card played last, which opened on the sum of its shares): drawn at once,
// as any state.
/** @param {any} state */
function faultFound(state) {
  const fd = phone?.facedown;
  if (fd) fd.session.serial(() => show(state));
}

// A state this phone's engine answered, drawn when it differs from the one
// on screen (most envelopes change nothing this seat sees). The first with
// cards opens the table.
/** @param {any} state */
async function show(state) {
  const table = phone;
  const fd = table?.facedown;
  if (!fd || !state) return;
  if (keyOf(state) === fd.shown) {
    // Nothing to draw; a computer player that could not act while cards
    // were being opened may act now.
    if (fd.session.stalled) {
      fd.session.stalled = false;
      fd.session.scheduleBots();
    }
    return;
  }
  const fresh = !table.inGame;
  table.inGame = true;
  // The seat the view is this phone's: its table seat, or in a Rengen set's
  // Hängeln its player's seat there (none where the phone watches).
  await fd.session.commit(state, viewSeat(state), fresh ? { fresh: true } : {});
}

/** @param {any} state */
function keyOf(state) {
  return JSON.stringify({ ...state, save: undefined });
}

// Every state this phone's Session accepts (phone-table.js): the hand's
// word in the table's verdicts, which the line on the result screen reads
// (phone-screens.js verdictLine), and on <html> for whoever reads the page.
/** @param {any} table @param {any} state */
export function faceDownState(table, state) {
  const fd = table.facedown;
  fd.shown = keyOf(state);
  const facts = state.facedown;
  const game = facts?.game ?? 1;
  for (const v of facts?.verdicts ?? []) table.verdicts.set(handKey(game, v.hand), verdictOf(v));
  // A fault seen during the hand is said at once.
  if (facts?.verdict?.status === 'fault') table.verdicts.set(handKey(game, facts.verdict.hand), verdictOf(facts.verdict));
  if (facts?.filed) fileGame(table, facts.filed, state);
  // The Spielliste on screen grows with each hand this phone checked.
  const checked = facts?.verdicts?.length ?? 0;
  if (checked !== fd.listed) {
    fd.listed = checked;
    if (m().route === 'list') refreshList();
  }
  const hand = state.view?.hand_no;
  if (!state.hand_over || !hand) return;
  const key = handKey(facts?.shown ?? game, hand);
  table.checked.add(key);
  const verdict = table.verdicts.get(key);
  const word = { true: 'checked', false: 'false', null: 'unknown' }[String(verdict?.fair)] ?? 'checking';
  document.documentElement.dataset.fairDeal = `${key}:${word}`;
}

// A game over and checked on this phone goes into its own history, once:
// the record every phone replayed alike, under an id every phone gives it
// (the table's and the game's), so the entries agree across the phones. A
// series is one entry, the table's, filed again as each of its games ends;
// so is a Rengen set.
/** @param {any} table @param {{id: string, game: number, record: any, series?: any, set?: any, save?: any}} filed @param {any} state */
function fileGame(table, filed, state) {
  table.filed ??= new Set();
  const key = `${filed.id}:${filed.game}`;
  if (table.filed.has(key)) return;
  table.filed.add(key);
  const kept = filed.set ? keepFaceDownSet(/** @type {any} */ (filed))
    : filed.series ? keepFaceDownSeries(filed) : keepGuestGame(filed.record, state, filed.id);
  kept.catch(() => {
    table.filed.delete(key);
    app.onError(linkError('err.history'));
  });
}

// The engine's word on a hand, in the shape the line on the result screen
// reads: checked, a fault (its words), or not checked (why, in words).
/** @param {{status: string, de: string, en: string}} v */
function verdictOf(v) {
  const fair = v.status === 'checked' ? true : v.status === 'fault' ? false : null;
  return { fair, why: { de: v.de, en: v.en }, facedown: v.status };
}

// Whether the start form opens a face-down table.
export function faceDownChosen() {
  return Boolean(m().setup.faceDown);
}
