// A guest phone's engine: the host's engine, over the data channel. It has
// the face of engine-client.js — `call(cmd, args)` resolves with
// {ok, result} or {ok: false, error} and never rejects — so a Session plays
// the guest's seat exactly as it plays a local one. The host answers with
// this seat's view only (engine/schraem/bridge/table_host.py).
//
// The guest also does its part of every deal: it commits to a random number
// of its own, checks its commit is among those the host lists, and then
// reveals the number (engine/schraem/core/fairdeal.py); a round the host gave up
// (a phone left it) is answered with a fresh number. It keeps every state
// it is sent per hand, for its own engine's check of that hand
// (`check_deal`). The host's shell decides nothing here either: the guest's
// messages are the engine's commands.
//
// The host sends a state whole once per channel, then as patches against
// the last one (state-patch.js); a patch that does not fit ends the channel,
// and the phone reconnects as after any drop, to a whole state again.
import { both } from '../i18n/i18n.js';
import { apply } from './state-patch.js';

/** @typedef {import('./engine-client.js').Engine} Engine */
/** @typedef {import('./engine-client.js').EngineError} EngineError */
/** @typedef {import('./engine-client.js').Reply} Reply */

/**
 * This phone's part of one hand's deal: the round its number is for, the
 * number (revealed later), its commit, and the commits the host listed.
 * @typedef {{round: number, reveal: string, commit: string, commits?: {seat: number, commit: string}[] | null}} Round
 */

/**
 * What a guest keeps at its table (IndexedDB): its seat, its secret and its
 * deal numbers, by game and hand ("2:1": the first hand of the table's second
 * game); `left` once it left that table (phone/at-table.js).
 * @typedef {{seat: number, secret: string, rounds: Record<string, Round>, left?: boolean}} Kept
 */

/**
 * The host's engine as a guest's Session sees it: an Engine, and this
 * phone's seat and deal.
 * @typedef {Engine & {
 *   rounds: Map<string, Round>, readonly seat: number | null, statesOf: (key: string) => any[], last: () => any,
 * }} RemoteEngine
 */

// A table of phones plays one game after another with the same phones, and
// numbers its hands within each game: a hand is known by both.
/** @param {number | undefined} game @param {number} hand */
export function handKey(game, hand) {
  return `${game ?? 1}:${hand}`;
}

const REPLY_MS = 20_000;
// A reply is a view of a few kilobytes; far more is not the host's.
const MAX_MESSAGE = 1_000_000;

/** @param {string} code @param {string} key @returns {EngineError} */
function problem(code, key) {
  return { kind: 'EngineUnavailable', code, ...both(key) };
}

const LOST = problem('table_lost', 'phone.remote.lost');
const COMMIT_MISSING = problem('commit_missing', 'phone.remote.commitMissing');

/** @param {Uint8Array} bytes */
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** @param {string} text */
async function sha256(text) {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

// Same text as fairdeal.commit_of: hand and seat are hashed in.
/** @param {number} hand @param {number} seat @param {string} reveal */
export function commitText(hand, seat, reveal) {
  return `schraem-fair/1|commit|${hand}|${seat}|${reveal}`;
}

// channel: an open RTCDataChannel to the host. onState(state): a new state
// the host sent (after someone else's move, or a deal step of this phone).
// onProblem(error): something this phone must tell its player.
// kept: what this phone stored at this table before (a reload, a dropped
// channel): its seat, secret and its deal numbers; used only if the host's
// ticket is for the same seat with the same secret (the same table).
// onKeep(kept): store it durably; awaited before this phone commits to a
// number, so a reload between commit and reveal cannot lose the number.
// onLinks(down): the seats whose phones are away. onClose(): the channel
// to the host closed; onEnded(): the host ended the table (its channel
// closes next). onSeen(state): every state this phone is given,
// pushed or in a reply to its own request (the host does not push again a
// state a reply already brought). first: the channel's first message,
// already read (to tell this table from a face-down one, facedown.js).
/**
 * @param {RTCDataChannel} channel
 * @param {{
 *   onState?: (state: any) => void, onProblem?: (error: EngineError | null | undefined) => void, kept?: Kept | null,
 *   onKeep?: (kept: Kept) => Promise<unknown>, onLinks?: (down: number[]) => void, onClose?: () => void, onEnded?: () => void, onSeen?: (state: any) => void,
 *   first?: string | null,
 * }} [hooks]
 * @returns {RemoteEngine}
 */
export function createRemoteEngine(channel, {
  onState = () => {}, onProblem = () => {}, kept = null, onKeep = async () => {}, onLinks = () => {}, onClose = () => {}, onEnded = () => {},
  onSeen = () => {}, first = null,
} = {}) {
  /** @type {Map<number, (reply: Reply) => void>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {{seat: number, secret: string} | null} */
  let ticket = null;
  /** @type {any} */
  let last = null;
  // The last state the host sent over this channel, as sent: its patches
  // apply to it. Nothing else holds it, so nothing can change it meanwhile.
  /** @type {any} */
  let base = null;
  /** @type {(reply: Reply) => void} */
  let settleReady = () => {};
  /** @type {Promise<Reply>} */
  const ready = new Promise((resolve) => { settleReady = resolve; });
  // Per hand (handKey): the deal's round this phone's number is for, the
  // number, its commit, and the commits the host listed before this phone
  // revealed (kept to check the transcript after the hand).
  /** @type {Map<string, Round>} */
  const rounds = new Map();
  // Per hand (handKey): every state this phone was sent in it, in order
  // (check_deal compares each with the hand replayed from the host's record).
  /** @type {Map<string, any[]>} */
  const shown = new Map();
  // Deal steps sent over this channel ("hand:commit"): a state pushed twice
  // must not send them twice; a new channel sends again what the host still
  // waits for.
  /** @type {Set<string>} */
  const sent = new Set();
  /** @type {RemoteEngine} */
  const engine = {
    call, ready, rounds, botsElsewhere: true, get seat() { return ticket?.seat ?? null; }, statesOf: (key) => [...(shown.get(key) ?? [])], last: () => last,
  };

  function keep() {
    if (!ticket) return Promise.resolve();
    return onKeep({ seat: ticket.seat, secret: ticket.secret, rounds: Object.fromEntries(rounds) });
  }

  /** @param {string} cmd @param {object} [args] @returns {Promise<Reply>} */
  function send(cmd, args = {}) {
    const id = nextId++;
    return new Promise((resolve) => {
      if (!ticket || channel.readyState !== 'open') {
        resolve({ id, ok: false, error: LOST });
        return;
      }
      pending.set(id, resolve);
      channel.send(JSON.stringify({ id, seat: ticket.seat, secret: ticket.secret, cmd, args }));
      setTimeout(() => { if (pending.delete(id)) resolve({ id, ok: false, error: LOST }); }, REPLY_MS);
    });
  }

  /** @param {any} state */
  function took(state) {
    last = state;
    const hand = state?.view?.hand_no;
    if (Number.isInteger(hand) && hand >= 1) {
      const key = handKey(state.game, hand);
      const states = shown.get(key) ?? [];
      if (!shown.has(key)) shown.set(key, states);
      states.push(state);
      // Two hands back is checked by now: a long evening keeps no more.
      for (const old of [...shown.keys()].slice(0, -2)) shown.delete(old);
    }
    takePart(state);
    onSeen(state);
  }

  // Session's commands, as the guest messages the host accepts. Whatever
  // else a Session asks (next_hand, undo…) goes as it is: the host's engine
  // refuses it in its own words.
  /** @param {string} cmd @param {{action?: object, hand?: number, why?: unknown, game?: number}} [args] @returns {Promise<Reply>} */
  async function call(cmd, args = {}) {
    // The host's computer players act on the host, and every change reaches
    // this phone as a pushed state: the Session's computer step needs no
    // question to the host (one per guest after every move would queue in
    // front of the next player's move there).
    if (cmd === 'bot_step' && last) return { id: 0, ok: true, result: { ...structuredClone(last), bot_action: null } };
    let reply;
    const before = last;
    if (cmd === 'act') reply = await send('act', { action: args.action });
    else if (cmd === 'state' || cmd === 'bot_step') reply = await send('state');
    else if (cmd === 'dispute') reply = await send('dispute', { hand: args.hand, why: args.why ?? null });
    else if (cmd === 'record' && args.game != null) reply = await send('record', { game: args.game });
    else reply = await send(cmd);
    // The finished hands and the Spielliste are no state of this seat's.
    if (reply.ok && cmd !== 'record' && cmd !== 'lists') took(reply.result);
    // The host refused on its newest state: when another phone's move was
    // pushed meanwhile, the refusal comes with it, so the Session draws it
    // first and the reason is read against it (two knocks at once: "answer
    // the knock first" next to the knock that came first). With none pushed,
    // the host's state is asked for: a refusal means this phone's screen is
    // not the host's table, and a screen left behind ("already looked",
    // with the look still offered) would wait for ever.
    if (!reply.ok && cmd === 'act' && reply.error !== LOST && last === before) {
      const fresh = await send('state');
      if (fresh.ok) took(fresh.result);
    }
    if (!reply.ok && cmd === 'act' && last !== before && last) return { ...reply, state: structuredClone(last) };
    // The host's computer players act on the host: here, none ever does.
    if (reply.ok && cmd === 'bot_step') return { ...reply, result: { ...reply.result, bot_action: null } };
    return reply;
  }

  /** @param {any} state */
  async function takePart(state) {
    /** @type {{hand: number, round?: number, phase: string, waiting?: number[], seat?: number, commits?: {seat: number, commit: string}[]} | undefined} */
    const deal = state?.deal;
    // Awaited by its table seat; its number is hashed under the game's seat
    // the host names (in a set's Hängeln its player's seat there).
    if (!deal || ticket == null || !deal.waiting?.includes(ticket.seat)) return;
    const seat = deal.seat ?? ticket.seat;
    const attempt = deal.round ?? 0;
    const key = handKey(state.game, deal.hand);
    let round = rounds.get(key);
    if (round?.round !== attempt) {
      // A number this phone never committed to is never revealed; a round
      // started again gets a fresh number (the old one may have been shown).
      if (deal.phase !== 'commit') return;
      const reveal = hex(crypto.getRandomValues(new Uint8Array(32)));
      const fresh = { round: attempt, reveal, commit: await sha256(commitText(deal.hand, seat, reveal)), commits: round?.commits ?? null };
      if (rounds.get(key)?.round === attempt) return; // another state got here first
      rounds.set(key, fresh);
      // The numbers of games and hands long over are no longer checked.
      for (const old of [...rounds.keys()].slice(0, -3)) rounds.delete(old);
      round = fresh;
    }
    const step = `${key}:${attempt}:${deal.phase}`;
    if (sent.has(step)) return;
    sent.add(step);
    let reply = null;
    if (deal.phase === 'commit') {
      await keep();
      reply = await send('commit', { hand: deal.hand, round: attempt, commit: round.commit });
    } else if (deal.phase === 'reveal') {
      const mine = deal.commits?.find((c) => c.seat === seat);
      if (!mine || mine.commit !== round.commit) {
        onProblem(COMMIT_MISSING);
        return;
      }
      round.commits = deal.commits;
      await keep();
      reply = await send('reveal', { hand: deal.hand, round: attempt, reveal: round.reveal });
    }
    if (reply?.ok) {
      took(reply.result);
      onState(reply.result);
    } else if (reply) {
      onProblem(reply.error);
    }
  }

  channel.addEventListener('message', (event) => take(event.data));
  if (first != null) take(first);

  /** @param {unknown} data */
  function take(data) {
    if (typeof data !== 'string' || data.length > MAX_MESSAGE) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'ticket' && !ticket && Number.isInteger(msg.seat) && typeof msg.secret === 'string') {
      ticket = { seat: msg.seat, secret: msg.secret };
      const same = kept != null && kept.seat === msg.seat && kept.secret === msg.secret && kept.rounds && typeof kept.rounds === 'object';
      if (same) for (const [key, round] of Object.entries(kept.rounds)) rounds.set(key.includes(':') ? key : handKey(1, Number(key)), round);
      keep().finally(() => settleReady({ ok: true, result: { seat: msg.seat, again: same } }));
    } else if (msg.type === 'ended') {
      onEnded();
    } else if (msg.type === 'links' && Array.isArray(msg.down)) {
      onLinks(msg.down.filter(Number.isInteger));
    } else if (msg.type === 'reply') {
      const resolve = pending.get(msg.id);
      const state = msg.ok === true ? received(msg) : undefined;
      if (state === null || !resolve) return;
      pending.delete(msg.id);
      resolve({ id: msg.id, ok: msg.ok === true, result: state ?? msg.result, error: msg.error });
    } else if (msg.type === 'state') {
      const state = received(msg);
      if (!state) return;
      took(state);
      onState(state);
    }
  }

  // → the state a message brings (whole or patched onto the last one, a
  // copy of its own for the Session), undefined when it brings none, null
  // when its patch does not fit: the channel is closed then.
  /** @param {{state?: unknown, patch?: unknown}} msg @returns {any} */
  function received(msg) {
    let state;
    try {
      if (msg.state && typeof msg.state === 'object') state = msg.state;
      else if (msg.patch && typeof msg.patch === 'object' && base) state = apply(base, msg.patch);
      else if (msg.patch) throw new Error('no base');
      else return undefined;
    } catch {
      channel.close();
      return null;
    }
    base = state;
    return structuredClone(state);
  }
  channel.addEventListener('close', () => {
    for (const [id, resolve] of pending) resolve({ id, ok: false, error: LOST });
    pending.clear();
    onClose();
  });

  return engine;
}
