// The saved game lives in IndexedDB (database.js). Every accepted state is
// committed durably, and the shell draws the state only after that
// (docs/STORAGE.md). A game is stored as its base save plus an
// append-only log of steps (one action, or one new hand), so an accepted tap
// writes a few hundred bytes, not the whole evening. The screen's last state
// (the "head") is kept beside it, so a reopened app draws the game before
// Python is up.
import { database, get, memory, newId, onConnectionDropped, readAll, request, transaction, write } from './database.js';
import { markKept } from './kept-mark.js';

const FORMAT = 'schraem-shell/1';
// Saves written by this version; a higher number comes from a newer app.
export const STORAGE_VERSION = 1;
const LEGACY_KEY = 'schraem.game';
const LEGACY_BACKUP_KEY = 'schraem.game.backup';
const BACKUPS_KEPT = 5;
const COMPACT_AFTER = 400; // steps; then the base is written afresh
// Where the table as last drawn is kept, and its format (early-paint.js).
const PAINTED_KEY = 'schraem.painted';
const PAINTED_FORMAT = 'schraem-painted/1';

/**
 * A table's state as the engine answers it (engine/schraem/bridge/): the
 * viewer's view, who is due, what is legal, the save to keep. The shell
 * reads it and decides nothing from it.
 * @typedef {Record<string, any>} TableState
 */

/**
 * A game as this phone keeps and draws it: the engine's save, the state
 * without it, whose view is drawn, and who must be handed the phone first.
 * @typedef {object} Game
 * @property {any} save
 * @property {TableState} state
 * @property {number | null} viewer
 * @property {number | null} handoff
 */

/**
 * The engine's save (its record of every hand, the table, a series or a
 * set): kept whole as the base, then grown by steps.
 * @typedef {{format?: string, record: {hands: Hand[]} & Record<string, any>} & Record<string, any>} Save
 */
/** A hand of the record: its deal and the actions taken in it. @typedef {{actions: any[]} & Record<string, any>} Hand */

/**
 * What one accepted state adds to the save: one action in the last hand,
 * or a new hand.
 * @typedef {{op: 'act', action: any} | {op: 'hand', hand: Hand}} Step
 */

/**
 * A saved game as read: the save and the screen's last state beside it.
 * @typedef {Game & {format: string, savedAt: number}} StoredGame
 */

/**
 * What readGame finds.
 * @typedef {{status: 'none'} | {status: 'ok', game: StoredGame} | {status: 'unreadable' | 'newer', raw: string}} ReadGame
 */

// What the last commit wrote, to tell an append from a rewrite.
/** @type {{id: string, seq: number, save: Save, saveKey: string} | null} */
let last = null;
// The screen state last committed (or read), and how many game writes are
// under way: the drawn table is kept only for that state, and never while a
// write could still replace it (writePainted).
/** @type {object | null} */
let lastState = null;
let writing = 0;

// A connection the browser closed may have taken the database with it: the
// next game write is the whole save, not a step onto a base that may no
// longer be there.
onConnectionDropped(() => { if (last) last = { ...last, seq: COMPACT_AFTER }; });

// --- what changed since the last commit ------------------------------------

/** @param {Save} save */
function headerKey(save) {
  const { record, ...rest } = save;
  const { hands, ...header } = record ?? {};
  return JSON.stringify([rest, header]);
}

/** @param {any[]} a @param {any[]} b @param {number} n */
function sameActions(a, b, n) {
  for (let i = 0; i < n; i += 1) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
}

// One step from `prev` to `next`: {op: 'act', action} when one action was
// appended to the last hand, {op: 'hand', hand} when a hand was dealt; null
// when anything else changed (a new game, an undo, a correction).
/** @param {Save | null | undefined} prev @param {Save} next @returns {Step | null} */
export function stepBetween(prev, next) {
  if (!prev || headerKey(prev) !== headerKey(next)) return null;
  const a = prev.record.hands;
  const b = next.record.hands;
  const spec = (/** @type {Hand} */ h) => JSON.stringify({ ...h, actions: undefined });
  if (b.length === a.length && a.length > 0) {
    const pa = a[a.length - 1].actions;
    const pb = b[b.length - 1].actions;
    if (spec(a[a.length - 1]) !== spec(b[b.length - 1]) || pb.length !== pa.length + 1) return null;
    if (!sameActions(pa, pb, pa.length) || !sameActions(a, b, a.length - 1)) return null;
    return { op: 'act', action: pb[pb.length - 1] };
  }
  if (b.length === a.length + 1 && b[b.length - 1].actions.length === 0 && sameActions(a, b, a.length)) {
    return { op: 'hand', hand: b[b.length - 1] };
  }
  return null;
}

/** @param {Save} save @param {Step} step */
function applyStep(save, step) {
  const hands = save.record.hands;
  if (step?.op === 'act' && hands.length) hands[hands.length - 1].actions.push(step.action);
  else if (step?.op === 'hand') hands.push(step.hand);
  else throw new Error('unknown step');
}

// --- reading -----------------------------------------------------------------

/** @param {any} save @returns {number | null} */
function knownSave(save) {
  const m = /^schraem-save\/(\d+)$/.exec(save?.format ?? '');
  return m ? Number(m[1]) : null;
}

// → {status: 'none'} | {status: 'ok', game} | {status: 'unreadable', raw}
//   | {status: 'newer', raw}: saved by a newer version of the app.
// Never throws: whatever the database holds (a pointer that is no key, a
// value of the wrong shape) is a damaged save, shown with its backups.
/** @returns {Promise<ReadGame>} */
export async function readGame() {
  try {
    await migrateLegacy();
  } catch { /* the old entry stays where it was, for the next start */ }
  let stored;
  try {
    if (!await database()) return memory.game ? { status: 'ok', game: structuredClone(memory.game) } : { status: 'none' };
    stored = await readCurrent();
  } catch {
    return { status: 'none' }; // a database that cannot be read: nothing kept
  }
  if (stored.id == null) return { status: 'none' };
  try {
    if (stored.failed) throw stored.failed;
    return gameFrom(stored);
  } catch {
    return { status: 'unreadable', raw: textOf({ current: stored.id }) };
  }
}

// The current game's pointer and everything it points to (base, head,
// steps) in one transaction: the first paint of a saved game waits for
// these reads, and every further transaction is another round trip. The
// follow-up requests are made in the pointer's success event, while the
// transaction is certainly still active. → {id, base, head, keys, values}, or
// {id, failed} when the pointer is no key the stores can look up.
/** @returns {Promise<Record<string, any>>} */
async function readCurrent() {
  const tx = await transaction(['meta', 'bases', 'heads', 'steps'], 'readonly');
  return new Promise((resolve, reject) => {
    /** @type {Record<string, any>} */
    const out = {};
    const pointer = tx.objectStore('meta').get('current');
    pointer.onsuccess = () => {
      out.id = pointer.result;
      if (out.id == null) return;
      try {
        const range = IDBKeyRange.bound([out.id, 0], [out.id, Infinity]);
        const steps = tx.objectStore('steps');
        const asks = {
          base: tx.objectStore('bases').get(out.id), head: tx.objectStore('heads').get(out.id),
          keys: steps.getAllKeys(range), values: steps.getAll(range),
        };
        for (const [name, req] of Object.entries(asks)) req.onsuccess = () => { out[name] = /** @type {IDBRequest} */ (req).result; };
      } catch (err) {
        out.failed = err; // a pointer that is no valid key: a damaged save
      }
    };
    tx.oncomplete = () => resolve(out);
    // Once the pointer is read, a failing read is a damaged save (shown
    // with its backups), never "nothing saved" (which a new game would
    // overwrite).
    tx.onabort = () => {
      if (out.id == null) reject(tx.error || new Error('aborted'));
      else resolve({ id: out.id, failed: tx.error || new Error('aborted') });
    };
  });
}

/** @param {unknown} value @returns {string} */
function textOf(value) {
  try { return JSON.stringify(value) ?? String(value); } catch { return String(value); }
}

// The saved steps are numbered 1, 2, 3 … in the order they were taken: a
// gap or a step out of place is a damaged log, never replayed without it.
/** @param {[any, any][]} steps */
function stepsInOrder(steps) {
  return steps.every(([key], i) => Array.isArray(key) && key[1] === i + 1);
}

/** @param {Record<string, any>} stored @returns {ReadGame} */
function gameFrom({ id, base, head, keys, values }) {
  /** @type {[any, Step][]} */
  const steps = keys.map((/** @type {any} */ k, /** @type {number} */ i) => [k, values[i]]);
  const raw = typeof base?.raw === 'string' ? base.raw : textOf({ base, head, steps: steps.map(([, s]) => s) });
  if (base?.version > STORAGE_VERSION || (knownSave(base?.save) ?? 0) > 1) return { status: 'newer', raw };
  try {
    if (!base || base.format !== FORMAT || !head?.state?.view || knownSave(base.save) !== 1) throw new Error('shape');
    if (!stepsInOrder(steps)) throw new Error('gap');
    // The head names the step it was drawn after: a head ahead of the
    // steps is a screen whose last action was lost at the end of the log
    // (a gap in the middle is found above). Heads from before carry none.
    const seq = steps.length ? steps[steps.length - 1][0][1] : 0;
    if (head.seq !== undefined && head.seq !== seq) throw new Error('head ahead of its steps');
    const save = structuredClone(base.save);
    for (const [, step] of steps) applyStep(save, step);
    last = { id, seq, save, saveKey: headerKey(save) };
    const game = { format: FORMAT, savedAt: head.savedAt, save, state: head.state, viewer: head.viewer, handoff: head.handoff };
    lastState = head.state;
    return { status: 'ok', game };
  } catch {
    return { status: 'unreadable', raw };
  }
}

// --- writing -----------------------------------------------------------------

// Commits `game` ({save, state, viewer, handoff}) durably; resolves true
// once it is on disk, false when the browser refused (quota, private mode).
/** @param {Game} game @returns {Promise<boolean>} */
export async function writeGame({ save, state, viewer, handoff }) {
  const { save: _dropped, ...rest } = state;
  const head = { savedAt: Date.now(), state: rest, viewer, handoff };
  const step = last && last.seq < COMPACT_AFTER ? stepBetween(last.save, save) : null;
  writing += 1;
  forgetPainted();
  try {
    if (!await database()) {
      memory.game = structuredClone({ format: FORMAT, ...head, save, state: rest });
      dispatchEvent(new CustomEvent('schraem:stored', { detail: { save, state } }));
      return true;
    }
    if (step && last) {
      const { id } = last;
      const seq = last.seq + 1;
      await write(['heads', 'steps'], (tx) => {
        tx.objectStore('steps').put(step, [id, seq]);
        tx.objectStore('heads').put({ ...head, seq }, id);
      });
      last = { id, seq, save: structuredClone(save), saveKey: last.saveKey };
    } else {
      const old = last?.id;
      const id = newId();
      await write(['meta', 'bases', 'heads', 'steps'], (tx) => {
        tx.objectStore('bases').put({ format: FORMAT, version: STORAGE_VERSION, save }, id);
        tx.objectStore('heads').put({ ...head, seq: 0 }, id);
        tx.objectStore('meta').put(id, 'current');
        if (old != null) {
          tx.objectStore('bases').delete(old);
          tx.objectStore('heads').delete(old);
          tx.objectStore('steps').delete(IDBKeyRange.bound([old, 0], [old, Infinity]));
        }
      });
      last = { id, seq: 0, save: structuredClone(save), saveKey: headerKey(save) };
    }
    lastState = state;
    dispatchEvent(new CustomEvent('schraem:stored', { detail: { save, state } }));
    markKept();
    return true;
  } catch {
    return false;
  } finally {
    writing -= 1;
  }
}

// After a refused write: whether the game last committed was read back
// from the database as it was written (its pointer, and its head at the
// last step). → 'kept' (read back), 'lost' (not there, or not readable) or
// 'none' (this page has stored no game yet): the shell says "the last saved
// position stays" only for 'kept'.
/** @returns {Promise<'kept' | 'lost' | 'none'>} */
export async function lastKept() {
  if (!last) return 'none';
  const { id, seq } = last;
  try {
    const tx = await transaction(['meta', 'heads'], 'readonly');
    const [current, head] = await Promise.all([request(tx.objectStore('meta').get('current')), request(tx.objectStore('heads').get(id))]);
    return current === id && head?.seq === seq ? 'kept' : 'lost';
  } catch {
    return 'lost';
  }
}

// Forgets the current game (after the player chose to start fresh from a
// damaged save, which is in the backups by then).
export async function clearGame() {
  last = null;
  lastState = null;
  forgetPainted();
  try {
    if (!await database()) { memory.game = null; return true; }
    const id = await get('meta', 'current');
    await write(['meta', 'bases', 'heads', 'steps'], (tx) => {
      tx.objectStore('meta').delete('current');
      if (id == null) return;
      try {
        tx.objectStore('bases').delete(id);
        tx.objectStore('heads').delete(id);
        tx.objectStore('steps').delete(IDBKeyRange.bound([id, 0], [id, Infinity]));
      } catch { /* a damaged pointer names no game: forgetting it is enough */ }
    });
    return true;
  } catch {
    return false;
  }
}

// --- backups of saves that would not load ------------------------------------

// Keeps `raw` (the damaged save as text) among the last few backups, so a
// second damaged save never overwrites the first.
/** @param {string | null | undefined} raw @param {string} [reason] */
export async function backupGame(raw, reason = 'unreadable') {
  if (raw == null) return false;
  try {
    if (!await database()) {
      if (!memory.backups.some((b) => b.raw === raw)) memory.backups = [...memory.backups, { key: memory.backups.length + 1, keptAt: Date.now(), reason, raw }].slice(-BACKUPS_KEPT);
      return true;
    }
    const kept = await readAll('backups');
    if (kept.some(([, b]) => b.raw === raw)) return true;
    await write(['backups'], (tx) => {
      const store = tx.objectStore('backups');
      store.add({ keptAt: Date.now(), reason, raw });
      for (const [key] of kept.slice(0, Math.max(0, kept.length + 1 - BACKUPS_KEPT))) store.delete(key);
    });
    return true;
  } catch {
    return false;
  }
}

// → [{key, keptAt, reason, raw}], newest first.
/** @returns {Promise<{key: IDBValidKey, keptAt: number, reason: string, raw: string}[]>} */
export async function readBackups() {
  try {
    if (!await database()) return [...memory.backups].reverse();
    return (await readAll('backups')).map(([key, b]) => ({ key, ...b })).reverse();
  } catch {
    return [];
  }
}

// --- the one-time move from localStorage --------------------------------------

/** @type {Promise<void> | null} */
let migrated = null;

// Saves of earlier versions lived in localStorage. They are copied into
// IndexedDB once; the old entry is removed only after that commit, and a
// damaged one is kept as a backup (and left where it was).
function migrateLegacy() {
  if (!migrated) migrated = migrate();
  return migrated;
}

async function migrate() {
  // Without a database the old entry stays where it is, for a browser that has one.
  if (!await database()) return;
  let raw;
  let backup;
  try {
    raw = localStorage.getItem(LEGACY_KEY);
    backup = localStorage.getItem(LEGACY_BACKUP_KEY);
  } catch {
    return;
  }
  if (backup != null) {
    try { await backupGame(JSON.parse(backup).raw ?? backup, 'earlier version'); } catch { await backupGame(backup, 'earlier version'); }
    localStorage.removeItem(LEGACY_BACKUP_KEY);
  }
  if (raw == null) return;
  if ((await get('meta', 'current')) != null) {
    localStorage.removeItem(LEGACY_KEY); // already moved by another tab
    return;
  }
  let game = null;
  try { game = JSON.parse(raw); } catch { /* kept as a backup below */ }
  if (game && game.format === FORMAT && game.save && game.state?.view) {
    last = null;
    if (await writeGame({ save: game.save, state: game.state, viewer: game.viewer, handoff: game.handoff })) {
      localStorage.removeItem(LEGACY_KEY);
    }
    return;
  }
  // Unreadable: the shell shows the damaged-save screen from the backup.
  await backupGame(raw, 'unreadable');
  const id = newId();
  await write(['meta', 'bases', 'heads'], (tx) => {
    tx.objectStore('bases').put({ format: 'unreadable', version: STORAGE_VERSION, raw }, id);
    tx.objectStore('heads').put({ savedAt: Date.now() }, id);
    tx.objectStore('meta').put(id, 'current');
  });
  forgetPainted();
  localStorage.removeItem(LEGACY_KEY);
}

// --- the table as last drawn ---------------------------------------------------
// The saved table's markup, kept so that early-paint.js can show it before
// the shell's modules are in (docs/STORAGE.md). It is a copy of a screen,
// never the game: the game is in IndexedDB, and losing this costs only the
// early paint. It sits in localStorage because that is read at once, while
// an IndexedDB read waits behind the shell's loading; localStorage reaches
// the disk late, so after a crash it may show the position before the last
// move for the moment until the shell draws the saved one. It is only ever
// made of the state last committed, while no game write is under way, and
// every write of the game forgets it first.
function forgetPainted() {
  try { localStorage.removeItem(PAINTED_KEY); } catch { /* no storage here: nothing kept */ }
}

// `capture()` → the record (early-paint.js reads its fields), or null.
// → true once it is kept.
/** @param {object} state @param {() => object | null} capture @returns {boolean} */
export function writePainted(state, capture) {
  if (writing !== 0 || last == null || state !== lastState) return false;
  const record = capture();
  if (!record) return false;
  try {
    localStorage.setItem(PAINTED_KEY, JSON.stringify({ ...record, format: PAINTED_FORMAT }));
    return true;
  } catch {
    return false; // full or refused: the next start draws the table a little later
  }
}
