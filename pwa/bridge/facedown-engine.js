// A phone's own engine at a table whose cards are dealt face down
// (docs/FACE_DOWN.md, the `facedown_*` commands of docs/BRIDGE.md). It has
// the face of engine-client.js — `call(cmd, args)` resolves with {ok,
// result} or {ok: false, error} and never rejects — so a Session plays this
// phone's seat, and the table screens draw it, exactly as at any table.
//
// Every phone, the host's too, runs its own seat in its own worker and
// knows its own cards only. What the engine answers is kept before
// anything else happens: the table's save (it holds the hand's secrets and
// every message this phone said) is stored durably by the worker before it
// answers (bridge/worker.js; `onKept` then), or here by `keep(save)` where
// the worker did not, and only once that has committed are the frames it
// gave handed to `send` (the data channels). A save the browser refuses is
// never sent from: the engine goes back to the save kept before, and the
// person is told; that the last save stays only where it was read back
// (`readBack`).
//
// The Session gets a table state with no save of its own (`save: null`):
// the save is this phone's secret, kept here, never filed or exported as a
// game. Between two hands, while the next is dealt and no card of it is
// open yet, the last hand's view stays in sight with its verdict.
import { both } from '../i18n/i18n.js';
import { notStored } from './session.js';
import { saveFacts } from '../store/facedown-save.js';

/** @typedef {import('./engine-client.js').Engine} Engine */
/** @typedef {import('./engine-client.js').EngineError} EngineError */
/** @typedef {import('./engine-client.js').Reply} Reply */

/**
 * The engine of a face-down table, as a Session and the table's flows see it.
 * @typedef {Engine & {
 *   role: 'host' | 'guest', last: () => any, kept: () => any, facts: () => KeptFacts | null, back: () => {type: 'back', from: number, waits?: true},
 *   forget: () => Promise<Reply>,
 * }} FaceDownEngine
 */

/**
 * What the screens read of the save last kept at every drawing: a few of
 * its fields, not the whole (which is read, from its text, only where a
 * table is reopened or taken over).
 * @typedef {{taking?: any, game?: number, welcomed?: boolean, role?: string, seats?: any[], seat?: number}} KeptFacts
 */

// The Session's commands and the table's own, as the bridge names them.
/** @type {Record<string, string>} */
const COMMANDS = {
  host: 'facedown_host', guest: 'facedown_guest', seat: 'facedown_seat', commits: 'facedown_commits', reveal: 'facedown_reveal',
  welcome: 'facedown_welcome', ahead: 'facedown_ahead',
  state: 'facedown_state', act: 'facedown_act', bot_step: 'facedown_bot_step', next_hand: 'facedown_next_hand',
  relay: 'facedown_relay', settle: 'facedown_settle', receive: 'facedown_receive', resend: 'facedown_resend', unrelayed: 'facedown_unrelayed',
  load: 'facedown_load',
  deal: 'facedown_next_hand', gone: 'facedown_gone', rematch: 'facedown_again', next_game: 'facedown_again', again: 'facedown_again',
  lists: 'facedown_lists', export: 'facedown_export',
  // A tournament's table: the result for the organiser, from the games this phone checked.
  table_result: 'facedown_result',
  // Between games a seat goes to a new phone, or a guest's whose phone left to
  // the computer; every guest commits again for a new table code.
  table_phone_seat: 'facedown_phone_seat', table_computer_seat: 'facedown_computer_seat', recode: 'facedown_recode',
  // The host's phone gone: a guest's takes the table over, and every other guest's follows it.
  takeover: 'facedown_takeover', taken: 'facedown_taken', follow: 'facedown_follow', keep_out: 'facedown_keep_out',
};
// The commands whose frames go out once their save is kept.
const SENDING = new Set([
  'act', 'bot_step', 'next_hand', 'deal', 'relay', 'settle', 'receive', 'gone', 'rematch', 'next_game', 'again', 'table_phone_seat', 'table_computer_seat', 'recode',
  'taken', 'follow', 'ahead',
]);
// The frames whose save may wait for the next one's (see call).
const LAZY = new Set(['receive']);
// The commands a Session sends, answered with a table state.
// "Nochmal" on the host deals the next game to the same phones, and so
// do a series' next game and "Noch eine Serie" (the engine makes it the
// series' next, or another series' first).
const SESSION = new Set(['state', 'act', 'bot_step', 'next_hand', 'rematch', 'next_game', 'again', 'table_phone_seat', 'table_computer_seat']);
// The host's next deal: tapped again while the phones deal (or while this
// phone still checks the last hand), it changes nothing.
const NEXT = new Set(['next_hand', 'rematch', 'next_game', 'again']);
// What reads a kept file (a history entry's list or file) is this phone's
// own engine's, the table's or not.
const KEPT_FILE = new Set(['lists', 'export']);

/** @param {string} code @param {string} key @returns {EngineError} */
function problem(code, key) {
  return { kind: 'IllegalAction', code, ...both(key) };
}

/**
 * @param {Engine} local this phone's own engine (its worker)
 * @param {{
 *   role: 'host' | 'guest', keep: (save: any) => Promise<boolean>, readBack?: () => Promise<'kept' | 'lost' | 'none'>, send: (frames: any[]) => void,
 *   onRefused?: (words: {de: string, en: string}) => void, onKept?: () => void, onFault?: (state: any) => void,
 * }} hooks
 * @returns {FaceDownEngine}
 */
export function createFaceDownEngine(local, { role, keep, readBack = async () => 'none', send, onRefused = () => {}, onKept = () => {}, onFault = () => {} }) {
  // The save last stored: as the engine gave it, or as its text (read
  // into a save the first time one asks for the whole), and its facts.
  /** @type {any} */
  let kept = null;
  /** @type {string | null} */
  let keptText = null;
  /** @type {KeptFacts | null} */
  let facts = null;
  const keptSave = () => {
    if (kept == null && keptText != null) kept = JSON.parse(keptText);
    return kept;
  };
  /** @param {any} save @param {string | null} text @param {KeptFacts} known */
  const stored = (save, text, known) => {
    kept = save;
    keptText = text;
    facts = known;
    bots = new Set((known.seats ?? []).map((/** @type {{kind: string}} */ k, /** @type {number} */ i) => (k?.kind === 'bot' ? i + 1 : 0)).filter(Boolean));
  };
  /** @type {any} */
  let last = null; // the table state last answered
  // The last state with a view (cards), for between two hands: its view,
  // the table's game it belongs to, what that game cost whom once over,
  // where its series or Rengen set stood.
  /** @type {any} */
  let lastShown = null;
  /** @type {Set<number>} */
  let bots = new Set();
  let refusedSeen = 0;
  let received = 0; // envelopes of the hand this phone's engine has taken
  let waits = false; // a guest that showed its key and waits for the host's welcome

  // While nothing else is asked of it, the engine works ahead
  // (`facedown_ahead`), one piece a request: the proofs of the shares of
  // the card played last (it opened on their sum), its share of each card
  // of the seat due to play (the other seats' shown together once all are
  // made, kept and sent like any message, so that the card opens with its
  // play), or the check of the shares the others showed ahead. A frame
  // that comes meanwhile waits for one share at most.
  let busy = 0;
  let asked = 0; // requests made, to see one came while working ahead
  let ahead = false; // a request ahead is queued or under way
  const workAhead = () => {
    // (Only while a hand is played: its cards open, not yet over.)
    if (busy > 0 || ahead || left || last?.facedown.phase !== 'playing' || last.hand_over) return;
    ahead = true;
    setTimeout(async () => {
      const before = asked;
      let more = false;
      if (busy === 0 && !left) {
        busy += 1;
        try {
          const r = await answer('ahead', {});
          more = r.ok && r.result?.more === true;
          // The proofs of the card played last named a phone: said at once.
          if (r.ok && r.result?.fault && r.result.state) onFault(r.result.state);
        } finally {
          busy -= 1;
        }
      }
      ahead = false;
      // (A request that came meanwhile may have left more to do.)
      if (more || asked !== before) workAhead();
    }, 0);
  };

  /** @param {string} cmd @param {Record<string, any>} [args] @returns {Promise<Reply>} */
  async function call(cmd, args = {}) {
    busy += 1;
    asked += 1;
    try {
      return await answer(cmd, args);
    } finally {
      busy -= 1;
      workAhead();
    }
  }

  /** @param {string} cmd @param {Record<string, any>} args @returns {Promise<Reply>} */
  async function answer(cmd, args) {
    if (KEPT_FILE.has(cmd) && (args.of != null || 'damaged' in args)) return local.call(cmd, args);
    // The organiser's tournament is this phone's own engine's: a result
    // read in here goes into it as from any table.
    if (cmd === 'tournament') return local.call(cmd, args);
    const name = COMMANDS[cmd];
    if (!name) return { ok: false, error: problem('facedown_only', 'phone.facedown.notHere') };
    // The table left: a call still queued (a computer's step, a frame that
    // came late) writes nothing and says nothing.
    if (left) return { ok: false, error: null };
    // A save read back with a step missing (store/facedown-save.js) is
    // never loaded: the hand cannot go on from part of what was said.
    if (cmd === 'load' && args.save?.damaged) return { ok: false, error: { kind: 'InvalidAction', code: 'bad_request', ...both('phone.facedown.damaged') } };
    if (NEXT.has(cmd) && role === 'host' && last && !last.facedown.dealReady) return { ok: true, result: structuredClone(last) };
    // The computer players play on the host's phone only.
    // A computer player acts here when the hand waits for it: each step
    // costs the engine a save, and the Session asks after every change.
    if (cmd === 'bot_step' && (role !== 'host' || !last?.due.bots.length)) {
      return last ? { ok: true, result: { ...structuredClone(last), bot_action: null } } : { ok: false, error: problem('deal_phase', 'phone.facedown.dealing') };
    }
    const lazy = Boolean(args.more && LAZY.has(cmd));
    const r = await local.call(name, argsOf(cmd, args), { keep: 'facedown', lazy });
    if (!r.ok) return r;
    const result = r.result;
    // A save loaded (a reload, a table reopened) is what this phone has on
    // disk: should the engine's first save after it be refused, the engine
    // goes back to it.
    if (cmd === 'load' && !kept && !keptText) stored(args.save, null, saveFacts(args.save));
    // An envelope that says nothing, with more waiting behind it: its save
    // is kept with theirs (the next save holds all of it), and nothing of
    // it is drawn before it is kept. Lost unkept, it comes again: the host
    // sends a phone the envelopes it has not taken (`facedown_resend`).
    if (lazy && !result?.send?.length) {
      received = result.state?.received ?? received;
      waits = result.state?.waits ?? waits;
      return { ok: true, result: { ...result, state: null, unkept: true } };
    }
    if (result?.kept) {
      stored(null, result.kept.text, result.kept.facts);
      delete result.kept;
      onKept();
    } else if (result?.save || result?.notKept) {
      // Refused by the browser (in the worker, or here): nothing of it
      // leaves this phone, and the engine goes back to what is kept. The
      // worker reads back only what it wrote itself.
      if (result.notKept || !(await keep(result.save))) {
        if (keptSave()) await local.call('facedown_load', { save: keptSave() });
        return { ok: false, error: notStored(result.notKept && result.notKept !== 'none' ? result.notKept : await readBack()) };
      }
      stored(result.save, null, saveFacts(result.save));
    }
    if (SENDING.has(cmd) && result?.send?.length) send(result.send);
    const fd = cmd === 'state' ? result : result?.state;
    if (!fd) return { ok: true, result };
    received = fd.received ?? 0;
    waits = fd.waits === true;
    const state = tableState(fd);
    // What the relay refused of this phone's moves, said once each.
    const refused = fd.refused ?? [];
    if (refused.length < refusedSeen) refusedSeen = 0;
    for (const words of refused.slice(refusedSeen)) onRefused({ de: words.de, en: words.en });
    refusedSeen = refused.length;
    // The table's own commands answer what the bridge answered, the state
    // made a table state; the Session's answer the table state itself.
    // (`settle`: the host sent a guest's message on before its own seats
    // took it, and asks to be called with `settle` for that.)
    if (!SESSION.has(cmd)) return { ok: true, result: { ...result, state, settle: fd.settle === true } };
    if (!state) return { ok: false, error: problem('deal_phase', 'phone.facedown.dealing') };
    if (cmd === 'bot_step') return { ok: true, result: { ...state, bot_action: result.bot_action ?? null } };
    return { ok: true, result: state };
  }

  // The face-down state as a table state: this seat's view (its legal moves
  // those its own engine offers now), who is due, and the table's word on
  // each hand (`facedown`). Null while nothing of any hand is open.
  /** @param {any} fd */
  function tableState(fd) {
    let view = fd.view;
    let handOver = fd.hand_over;
    if (view) {
      lastShown = fd;
    } else if (lastShown?.view.hand_result != null) {
      view = lastShown.view;
      handOver = true;
    } else if (lastShown) {
      // A hand left unfinished (a table taken over deals it again): the
      // table as it stood, but none of its cards in hand and nobody's turn.
      view = { ...lastShown.view, my_cards: [], turn: null, response: null, legal: [] };
      handOver = false;
    }
    if (!view) {
      last = null;
      return null;
    }
    const due = handOver ? [] : (fd.due ?? []);
    // A seat whose phone is gone for good is played on by the host's phone
    // as a computer player (the dropout rule), unless the hand is void or
    // that phone only watched a set's Hängeln.
    const computers = fd.gone && !fd.gone.void && !fd.gone.watched ? new Set([...bots, fd.gone.seat]) : bots;
    // In a Rengen set's Hängeln the view's seats are its two players', not
    // the table's: a computer whose turn it is there is found by its table
    // seat (else its turn would never be played).
    const pair = fd.set?.in_hangeln ? fd.set.hangeln_seats : null;
    const atTable = (/** @type {number} */ s) => pair?.[s - 1] ?? s;
    // A fault this phone found in the hand under way: its engine takes no
    // more of its taps there, and its table says so (table.js).
    const stopped = !handOver && fd.verdict?.status === 'fault';
    last = {
      save: null,
      view: { ...view, legal: handOver || stopped ? [] : fd.legal, ...(stopped ? { stopped: true } : {}) },
      due: { humans: due.filter((/** @type {number} */ s) => !computers.has(atTable(s))), bots: due.filter((/** @type {number} */ s) => computers.has(atTable(s))) },
      hand_over: handOver,
      game_over: Boolean(view.game_over),
      // The kitty as at any table: the stakes, and the money of the game in sight.
      stakes: fd.stakes ?? {},
      money: lastShown.money ?? null,
      // A series as the club's screens read it (its totals, the next game's
      // button): of the game in sight, from the games this phone checked.
      series: lastShown.series ?? null,
      // A Rengen set likewise: its games' losers, the Hängeln's two, the set's loser.
      set: lastShown.set ?? null,
      refusals: {},
      forced: [],
      // `game`: the table's game under way; `shown`, the one whose view is drawn
      // (the last game's result stays in sight while the next is dealt).
      facedown: {
        // Not how many envelopes this phone took (kept above for `back`): a
        // state drawn again only because it counted one more (most of a
        // deal's messages change nothing on screen) is not drawn again.
        role, seat: fd.seat, game: fd.game ?? 1, shown: lastShown.game ?? 1, hand: fd.hand, phase: fd.phase, verdict: fd.verdict, verdicts: fd.verdicts ?? [],
        gone: fd.gone ?? null, left: fd.left ?? [], filed: fd.filed ?? null, code: fd.code ?? null,
        // Faults other phones found in this hand and said (each stopped there).
        reports: fd.reports ?? [],
        // A tournament's table: its ticket (the banner, the result for the organiser).
        ticket: fd.ticket ?? null,
        // The computer seats (a seat that may go to a new phone between games),
        // and the seats whose new phone is awaited.
        computers: [...bots], joining: fd.joining ?? [],
        // The table's players by its seats (a set's everyone, also in its Hängeln).
        names: fd.names ?? null,
        // A hand void before its deal, which the host's phone deals again.
        redeal: Boolean(fd.redeal),
        // The host's next deal is taken now (its button waits while the phones deal).
        dealReady: Boolean(fd.deal_ready),
        // After a guest's phone carried the table on: its seat, and what every phone says of it.
        host: fd.host ?? 1, taken: fd.taken ?? null,
      },
    };
    return last;
  }

  // What a guest back on a new channel tells the host: where it stands in
  // the hand, and whether it waits for the welcome (the host then sends it
  // again, with the hand it opened).
  const back = () => ({ type: /** @type {'back'} */ ('back'), from: received + 1, ...(waits ? { waits: /** @type {true} */ (true) } : {}) });
  // The table left: the worker forgets the save once it has written every
  // one asked before (the page forgets what it kept itself).
  let left = false;
  const forget = () => {
    left = true;
    return local.call('facedown_forget', {}, { keep: 'forget' });
  };
  return { call, ready: local.ready, role, last: () => last, kept: keptSave, facts: () => facts, back, forget, sendsOnAnswer: true };
}

/** @param {string} cmd @param {Record<string, any>} args */
function argsOf(cmd, args) {
  if (cmd === 'act') return { action: args.action };
  if (cmd === 'table_phone_seat' || cmd === 'table_computer_seat') return { seat: args.seat, ...(args.name != null ? { name: args.name } : {}) };
  if (['state', 'bot_step', 'next_hand', 'deal', 'rematch', 'next_game', 'again', 'lists', 'export', 'table_result'].includes(cmd)) return {};
  const { more: _more, ...rest } = args;
  return rest;
}
