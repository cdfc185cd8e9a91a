// One game on this phone: talks to the engine, persists every accepted
// state before it is drawn, paces the computer players and decides when the
// phone must change hands. It knows no rule: "who must act" comes from the
// engine's `due`, "what is allowed" from its `legal` and its errors.
import { lastKept, writeGame } from '../store/storage.js';
import { isWriter } from '../store/tabs.js';
import { both } from '../i18n/i18n.js';

/** @typedef {import('./engine-client.js').Engine} Engine */
/** @typedef {import('./engine-client.js').EngineError} EngineError */
/** @typedef {import('./engine-client.js').Reply} Reply */

/** @typedef {import('../store/storage.js').TableState} TableState */
/** @typedef {import('../store/storage.js').Game} Game */

/**
 * What an accepted state says about how it came (app/state.js reads it).
 * @typedef {object} StateInfo
 * @property {boolean} [fresh] a new table: drawn afresh, not against the last state
 * @property {boolean} [loaded] the stored game, loaded at the start
 * @property {boolean | null} [stored] on disk (true), or not this tab's to store (null)
 * @property {number | string} [by] the seat that acted, or 'undo'
 * @property {boolean} [undo]
 * @property {boolean} [imported]
 * @property {boolean} [settled] a scoresheet hand decided: the next is dealt at once
 * @property {boolean} [corrected]
 * @property {number} [forced] the seat whose only card was played for it
 * @property {unknown} [bot] what a computer player did
 */

/**
 * @typedef {object} SessionHooks
 * @property {number} pace ms between two computer moves
 * @property {number} [trickPause] ms a finished trick stays in sight
 * @property {(game: Game, previous: Game | null, info: StateInfo) => void} onState
 * @property {(error: EngineError | null | undefined, info?: StateInfo) => void} onError
 * @property {(busy: {engine: boolean, bots: boolean}) => void} [onBusy]
 */

/** @param {any} save @returns {number[]} */
export function humanSeats(save) {
  return (save?.table?.players ?? [])
    .map((/** @type {{kind: string}} */ p, /** @type {number} */ i) => (p.kind === 'human' ? i + 1 : null))
    .filter((/** @type {number | null} */ s) => s != null);
}

// With two or more humans on one phone, the phone goes to the human who must
// act next, and nobody's hand is drawn until that person says they hold it.
// Bots act first while the current holder (or nobody) watches.
/** @param {TableState} state @param {number | null} viewer @returns {number | null} */
function handoffFor(state, viewer) {
  // A scoresheet hides nothing: the phone lies on the table for everyone.
  if (isSheet(state)) return null;
  // At a table of phones everyone holds their own (phone-table.js).
  if (state.phone_table || state.save == null) return null;
  if (humanSeats(state.save).length < 2 || state.hand_over) return null;
  if (state.due.bots.length) return null;
  // A person whose last card can only be played needs no phone: it is played
  // for them (Session.forcedStep).
  const next = state.due.humans.find((/** @type {number} */ s) => !(state.forced ?? []).includes(s));
  return next != null && next !== viewer ? next : null;
}

// A table played with real cards, where the phone only keeps the scoresheet.
/** @param {TableState | null | undefined} state */
export function isSheet(state) {
  return state?.sheet_legal != null;
}

// A write the browser refused, in words: "the last saved position stays"
// only when it was read back (`kept`), else that it may be lost, or
// nothing of it when nothing was kept before.
/** @param {'kept' | 'lost' | 'none'} kept @returns {EngineError} */
export function notStored(kept) {
  const key = kept === 'kept' ? 'storage.failed' : kept === 'lost' ? 'storage.failedLost' : 'storage.failedNew';
  return { kind: 'StorageFailed', code: key, ...both(key) };
}

export class Session {
  /** @param {Engine} engine @param {SessionHooks} hooks */
  constructor(engine, { pace, trickPause = pace, onState, onError, onBusy = () => {} }) {
    this.engine = engine;
    this.pace = pace;
    // How long a finished trick stays before the computers play on (a tap
    // on the felt goes on at once: hurry).
    this.trickPause = trickPause;
    /** @type {string | null} */
    this.trickShown = null; // the finished trick already held: "hand:tricks"
    this.holding = false;
    this.onState = onState;
    this.onError = onError;
    this.onBusy = onBusy;
    this.inflight = 0;
    /** @type {Game | null} */
    this.game = null;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.botTimer = null;
    this.stalled = false;
    this.paused = false;
  }

  // The computers wait while the player is away from the table (setup screen).
  pause() {
    this.paused = true;
    this.cancelBots();
  }

  resume() {
    this.paused = false;
    this.stalled = false;
    this.scheduleBots();
  }

  // Engine calls run one after another, so replies (and the saves written
  // from them) can never arrive out of order.
  /**
   * @template T
   * @param {() => Promise<T> | T} fn
   * @returns {Promise<T>}
   */
  serial(fn) {
    this.inflight += 1;
    this.busyChanged();
    const run = this.queue.then(fn, fn).finally(() => {
      this.inflight -= 1;
      this.busyChanged();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  // For the status attributes on <html>: an engine call under way, and a
  // computer player waiting for its turn.
  busyChanged() {
    this.onBusy({ engine: this.inflight > 0, bots: this.botTimer != null });
  }

  /** @param {string} cmd @param {object} [args] @returns {Promise<Reply>} */
  async call(cmd, args) {
    const reply = await this.engine.call(cmd, args);
    if (reply?.error?.code === 'timeout' && this.game) {
      // The engine may still have done what it was asked: put it back on
      // the saved game, so it and the screen agree again.
      await this.engine.call('load', { save: this.game.save, viewer: this.game.viewer });
    }
    if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
    return { ok: false, error: { kind: 'InternalError', code: 'bad_reply', ...both('engine.badReply') } };
  }

  /** @param {Game} game */
  adopt(game) {
    this.game = game;
  }

  // Every accepted state goes through here: on disk first (a strict
  // IndexedDB commit, awaited), drawn second. A tab that is not the writer
  // (another tab took over) stores nothing and is not told it failed
  // (stored: null). A write the browser refuses is never drawn: the engine
  // goes back to the last stored game, the screen keeps what it showed, the
  // person is told, and the computer players wait for the next tap.
  // → the game drawn, or null when it could not be stored.
  /** @param {TableState} state @param {number | null} viewer @param {StateInfo} [info] @returns {Promise<Game | null>} */
  async commit(state, viewer, info = {}) {
    const handoff = handoffFor(state, viewer);
    const { save, ...rest } = state;
    const game = { save, state: rest, viewer, handoff };
    // A guest phone at a table of phones has no save (the host keeps the
    // game, docs/PHONE_TABLE.md): nothing to keep is not a failed write.
    const stored = save == null ? true : isWriter() ? await writeGame(game) : null;
    if (stored === false) {
      if (this.game) await this.engine.call('load', { save: this.game.save, viewer: this.game.viewer });
      this.stalled = true;
      this.onError(notStored(await lastKept()));
      return null;
    }
    const previous = info.fresh ? null : this.game;
    this.game = game;
    this.stalled = false;
    // A new game is drawn: whoever paused the computers on the start form
    // is at a table again (a table of phones deals its first hand here, with
    // no newGame to say so).
    if (info.fresh) this.paused = false;
    this.onState(game, previous, { ...info, stored });
    this.scheduleBots();
    return game;
  }

  // A state another phone's move brought (a table's host pushes it), drawn
  // in the Session's turn. A push that came while this phone's own move
  // was under way is older than the host's answer to that move, which the
  // move draws first: drawn after it, the screen went back (the look
  // offered again, the host saying it was taken) and stayed so. So a state
  // is drawn only while it is the newest the engine has had; a newer one
  // is drawn by its own turn.
  /** @param {TableState} state @param {number | null} viewer @param {StateInfo} [info] */
  pushed(state, viewer, info = {}) {
    return this.serial(async () => {
      if (this.engine.last && this.engine.last() !== state) return null;
      return this.commit(state, viewer, info);
    });
  }

  /** @param {{viewer: number | null} & Record<string, any>} args */
  async newGame(args) {
    this.cancelBots();
    this.paused = false;
    return this.serial(async () => {
      const r = await this.call('new_game', args);
      if (!r.ok) { this.onError(r.error); return false; }
      return Boolean(await this.commit(r.result, args.viewer, { fresh: true }));
    });
  }

  // → {ok: true} | {ok: false, error}; a CorruptSave is the caller's to show.
  /** @param {Game} game @returns {Promise<Reply>} */
  async load(game) {
    this.cancelBots();
    return this.serial(async () => {
      const r = await this.call('load', { save: game.save, viewer: game.viewer });
      if (!r.ok) return r;
      this.game = game;
      await this.commit(r.result, game.viewer, { loaded: true });
      return { ok: true };
    });
  }

  // `onAnswer` runs once the engine has taken the action, before its state is drawn.
  /** @param {string} type @param {object} [extra] @param {StateInfo} [info] @param {() => void} [onAnswer] @returns {Promise<boolean>} */
  act(type, extra = {}, info = {}, onAnswer = () => {}) {
    const viewer = this.game?.viewer;
    if (viewer == null || this.game?.handoff != null) return Promise.resolve(false);
    this.cancelBots();
    return this.serial(async () => {
      const r = await this.call('act', { action: { seat: viewer, type, ...extra }, viewer });
      if (!r.ok) {
        // A table's host refused on a state sent after this phone tapped
        // (remote-engine.js): drawn before the reason, which would otherwise
        // be taken for the old position's and wiped when the new one comes.
        if (r.state) await this.commit(r.state, viewer);
        this.onError(r.error, info);
        this.scheduleBots();
        return false;
      }
      onAnswer();
      return Boolean(await this.commit(r.result, viewer, { ...info, by: viewer }));
    });
  }

  // Scoresheet entries: any seat's action, exactly as the engine listed it
  // in sheet_legal, with the public view (nobody's cards to hide).
  // An entry that decides a hand (not the game) deals the next one at once:
  // with real cards the table is already shuffling, and the hand's result
  // stays on the new sheet (the view's previous_result). Both states are saved, in order, before
  // anything is drawn; undo takes back the entry and the fresh hand with it.
  /** @param {{seat: number, type: string}} action one of the state's sheet_legal @param {StateInfo} [info] @returns {Promise<boolean>} */
  sheetAct(action, info = {}) {
    if (!this.game || !isSheet(this.game.state)) return Promise.resolve(false);
    return this.serial(async () => {
      const viewer = /** @type {Game} */ (this.game).viewer;
      const r = await this.call('act', { action, viewer });
      if (!r.ok) { this.onError(r.error, info); return false; }
      const settled = r.result.hand_over && !r.result.game_over;
      if (!await this.commit(r.result, viewer, { ...info, by: action.seat, settled })) return false;
      if (!settled) return true;
      const n = await this.call('next_hand', { viewer });
      if (!n.ok) { this.onError(n.error); return true; }
      await this.commit(n.result, viewer, { ...info, by: action.seat });
      return true;
    });
  }

  // Takes back the last action a person entered (the engine decides which);
  // "nothing to take back" comes back as the engine's error.
  undo() {
    if (!this.game) return Promise.resolve(false);
    this.cancelBots();
    return this.serial(async () => {
      const viewer = /** @type {Game} */ (this.game).viewer;
      const r = await this.call('undo', { viewer });
      if (!r.ok) {
        this.onError(r.error);
        this.scheduleBots();
        return false;
      }
      await this.commit(r.result, viewer, { by: 'undo', undo: true });
      return true;
    });
  }

  // Takes over a game record. A refused record leaves the engine's game and
  // the saved one exactly as they were: nothing is committed.
  // → {ok: true} | {ok: false, error}
  /** @param {{viewer: number | null} & Record<string, any>} args @returns {Promise<Reply>} */
  async importRecord(args) {
    this.cancelBots();
    return this.serial(async () => {
      const r = await this.call('import', args);
      if (!r.ok) return r;
      this.paused = false;
      if (!await this.commit(r.result, args.viewer, { fresh: true, imported: true })) return { ok: false, error: null };
      return { ok: true };
    });
  }

  // A club command that answers with a table state (new_series, new_set,
  // next_game, a confirmed correction): saved and drawn like any state.
  // A refusal is returned, not shown: the caller knows what was asked.
  // → {ok: true, result} | {ok: false, error}
  /** @param {string} cmd @param {{viewer?: number | null} & Record<string, any>} args @param {StateInfo} [info] @returns {Promise<Reply>} */
  tableCommand(cmd, args, info = {}) {
    this.cancelBots();
    return this.serial(async () => {
      const r = await this.call(cmd, args);
      if (!r.ok) { this.scheduleBots(); return r; }
      this.paused = false;
      // At a table of phones the state answered may be seen from another
      // seat than asked (a set's Hängeln seats two of the players): the
      // engine's view says whose it is.
      const viewer = r.result?.phone_table && r.result.view ? r.result.view.seat ?? null : args.viewer ?? null;
      if (!await this.commit(r.result, viewer, info)) return { ok: false, error: null };
      return { ok: true, result: r.result };
    });
  }

  // A command that only reads (lists, a correction's preview, statistics,
  // the organiser's tournament), in line with the table's own calls.
  /** @param {string} cmd @param {object} [args] @returns {Promise<Reply>} */
  query(cmd, args = {}) {
    return this.serial(() => this.call(cmd, args));
  }

  nextHand() {
    this.cancelBots();
    return this.serial(async () => {
      const viewer = /** @type {Game} */ (this.game).viewer;
      const r = await this.call('next_hand', { viewer });
      if (!r.ok) { this.onError(r.error); return false; }
      await this.commit(r.result, viewer);
      return true;
    });
  }

  takePhone() {
    const seat = this.game?.handoff;
    if (seat == null) return Promise.resolve(false);
    return this.serial(async () => {
      const r = await this.call('state', { viewer: seat });
      if (!r.ok) { this.onError(r.error); return false; }
      await this.commit(r.result, seat);
      return true;
    });
  }

  cancelBots() {
    clearTimeout(this.botTimer ?? undefined);
    this.botTimer = null;
    this.busyChanged();
  }

  // One bot action per tick, slow enough for the table to follow. While a
  // human is due the bots still get one chance to knock out of turn, as
  // players at a real table would.
  scheduleBots() {
    this.cancelBots();
    // A guest's computer players act on the host's phone, their moves come
    // pushed: a step here would only copy the last state and find none.
    if (this.engine.botsElsewhere) return;
    const g = this.game;
    if (!g || g.handoff != null || g.state.hand_over || this.stalled || this.paused || isSheet(g.state)) return;
    if (!g.state.due.bots.length && !g.state.due.humans.length) return;
    const forced = (g.state.forced ?? []).length > 0 && !g.state.due.bots.length;
    // A trick just finished stays in sight before the next card covers it.
    const v = g.state.view;
    const finished = v.trick.length === 0 && v.tricks.length > 0 ? `${v.hand_no}:${v.tricks.length}` : null;
    this.holding = finished != null && finished !== this.trickShown && this.trickPause > this.pace;
    if (finished != null) this.trickShown = finished;
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      this.holding = false;
      this.serial(() => (forced ? this.forcedStep() : this.botStep()));
    }, this.holding ? this.trickPause : this.pace);
    this.busyChanged();
  }

  // The person tapped the felt: a trick held in sight may go.
  hurry() {
    if (!this.holding) return;
    this.holding = false;
    this.scheduleBots();
  }

  async forcedStep() {
    const g = this.game;
    if (!g || g.state.hand_over) return;
    const r = await this.call('forced_step', { viewer: g.viewer });
    if (!r.ok) { this.stalled = true; return; }
    const { forced_seat: seat, ...state } = r.result;
    await this.commit(state, g.viewer, { forced: seat });
  }

  async botStep() {
    const g = this.game;
    if (!g || g.handoff != null || g.state.hand_over) return;
    const r = await this.call('bot_step', { viewer: g.viewer });
    if (!r.ok) { this.onError(r.error); return; }
    const { bot_action: action, ...state } = r.result;
    // A bot that declines to act must not spin the loop; a human tap or a
    // reload starts it again.
    if (action == null) { this.stalled = true; return; }
    await this.commit(state, g.viewer, { bot: action });
  }
}
