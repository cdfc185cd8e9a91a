// A face-down table's save on this phone (phone/facedown.js), kept as the
// ordinary game is (storage.js): a base plus numbered steps, each step what
// one message added. Every message makes the engine answer its whole save,
// about 100 kB late in a hand, most of it the hand's envelopes and each
// seat's journal and messages, which within a round only grow. Writing it
// whole after every message would put megabytes on disk per hand, each
// write in the way of the next frame; a step holds only what was appended
// since the last write, and beside it, in one strict transaction
// (docs/STORAGE.md), the rest of the hand (its number, secrets, what the
// relay holds back: under a kB). The table's part of the save (its keys,
// the games before and after, the verdicts, the games filed, growing over
// an evening) is written only when it changed, at a hand's end mostly.
//
// In IndexedDB, "meta": "pref:facedown-table" the head {format, id, steps,
// hand: the save's hand with its growing lists left empty}, and
// "facedown-table:table" {id, save: the save without its hand}; "steps"
// ["facedown-table", n]: the base (0) and the steps (1, 2 …), {at, add}, the
// lists' lengths before and what was appended to each. A round of its own
// (a new hand, a hand dealt again, the next game: new secrets), a list that
// did not only grow, or a head this page (or its worker) did not write last
// starts a new base.
import { database, done, memory, newId, request, transaction } from './database.js';

const NAME = 'facedown-table';
const HEAD = `pref:${NAME}`;
const TABLE = `${NAME}:table`;
const FORMAT = 'schraem-facedown-store/1';
const COMPACT_AFTER = 400; // steps; then the base is written afresh
const STEPS = () => IDBKeyRange.bound([NAME, 0], [NAME, Infinity]);

/** The lists of a hand's save that only grow within its round. @typedef {{envelopes: any[], seats: Record<string, {journal: any[], sent: any[]}>}} Lists */
/** What a step holds: the lists' lengths before it and what it appends. @typedef {{at: Lengths, add: Lists}} Step */
/** @typedef {{envelopes: number, seats: Record<string, {journal: number, sent: number}>}} Lengths */

// What this page wrote last: the head's id and step, the save it holds,
// and the table's part of it as written (to tell whether it changed).
/** @type {{id: string, steps: number, save: any, table: string} | null} */
let last = null;

// The save's hand without its growing lists (the head's), those lists, and
// the rest of the save (the table's part).
/** @param {any} save @returns {{hand: any, lists: Lists, table: any}} */
function split(save) {
  const { hand, ...table } = save;
  if (!hand) return { hand: null, lists: { envelopes: [], seats: {} }, table };
  /** @type {Lists} */
  const lists = { envelopes: hand.envelopes ?? [], seats: {} };
  /** @type {Record<string, any>} */
  const seats = {};
  for (const [s, kept] of Object.entries(hand.seats ?? {})) {
    lists.seats[s] = { journal: kept.journal ?? [], sent: kept.sent ?? [] };
    seats[s] = { ...kept, journal: [], sent: [] };
  }
  return { hand: { ...hand, envelopes: [], seats }, lists, table };
}

/** @param {any} a @param {any} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Whether `next` only appended to `prev`'s lists: the same round (each
// seat's secret and seed are drawn afresh for every round), no list shorter,
// and the last item of each as it was. → what was appended, or null.
/** @param {any} prev @param {any} next @returns {Step | null} */
export function stepBetween(prev, next) {
  const a = prev?.hand;
  const b = next?.hand;
  if (!a || !b || a.number !== b.number || prev.game !== next.game || prev.retry !== next.retry) return null;
  const seatsA = Object.keys(a.seats ?? {});
  if (!same(seatsA, Object.keys(b.seats ?? {}))) return null;
  /** @param {any[]} x @param {any[]} y */
  const grown = (x, y) => Array.isArray(x) && Array.isArray(y) && y.length >= x.length && (!x.length || same(x[x.length - 1], y[x.length - 1]));
  if (!grown(a.envelopes, b.envelopes)) return null;
  /** @type {Step} */
  const step = { at: { envelopes: a.envelopes.length, seats: {} }, add: { envelopes: b.envelopes.slice(a.envelopes.length), seats: {} } };
  for (const s of seatsA) {
    const x = a.seats[s];
    const y = b.seats[s];
    if (x.secret !== y.secret || x.seed !== y.seed || !grown(x.journal, y.journal) || !grown(x.sent, y.sent)) return null;
    step.at.seats[s] = { journal: x.journal.length, sent: x.sent.length };
    step.add.seats[s] = { journal: y.journal.slice(x.journal.length), sent: y.sent.slice(x.sent.length) };
  }
  return step;
}

// What the screens read of a save at every drawing (whether a table is
// being taken over, its game, whether and how this phone was welcomed, the
// seats): a few fields, not the whole, which the page reads only where a
// table is reopened or taken over.
/** @param {any} save */
export function saveFacts({ taking, game, welcomed, role, seats, seat }) {
  return { taking, game, welcomed, role, seats, seat };
}

// Commits `save` durably: the head and only what the last write did not
// hold. → true once on disk, false when the browser refused (nothing of it
// is then kept, and the last save stands as it was). Written by the engine's
// worker (bridge/worker.js), or by the page where the worker has no
// database; the page marks the site as keeping something (kept-mark.js,
// which needs the page's cookies).
/** @param {any} save @returns {Promise<boolean>} */
export async function writeFaceDownSave(save) {
  try {
    if (!await database()) { memory.prefs.set(NAME, structuredClone(save)); return true; }
    const { hand, lists, table } = split(save);
    const tableText = JSON.stringify(table);
    const step = last && last.steps < COMPACT_AFTER ? stepBetween(last.save, save) : null;
    const tx = await transaction(['meta', 'steps'], 'readwrite');
    const committed = done(tx);
    const meta = tx.objectStore('meta');
    const steps = tx.objectStore('steps');
    /** @type {{id: string, steps: number}} */
    let wrote = { id: '', steps: 0 };
    const base = () => {
      wrote = { id: newId(), steps: 0 };
      steps.delete(STEPS());
      steps.put({ at: { envelopes: 0, seats: {} }, add: lists }, [NAME, 0]);
      meta.put({ id: wrote.id, save: table }, TABLE);
      meta.put({ format: FORMAT, ...wrote, hand }, HEAD);
    };
    if (!step || !last) {
      base();
    } else {
      // A step goes onto the base this page wrote only if the head on disk
      // is still the one it wrote last (another tab, a database taken away
      // meanwhile: then the whole save, as a base).
      const { id, steps: n, table: tableBefore } = last;
      const stored = meta.get(HEAD);
      stored.onsuccess = () => {
        if (stored.result?.id !== id || stored.result?.steps !== n) { base(); return; }
        wrote = { id, steps: n + 1 };
        steps.put(step, [NAME, n + 1]);
        if (tableText !== tableBefore) meta.put({ id, save: table }, TABLE);
        meta.put({ format: FORMAT, ...wrote, hand }, HEAD);
      };
    }
    await committed;
    last = { ...wrote, save, table: tableText };
    return true;
  } catch {
    return false;
  }
}

// Whether the save this page committed last is still the one on disk
// (its head read back): 'kept', 'lost' (another, or none, or unreadable),
// or 'none' where this page committed none.
/** @returns {Promise<'kept' | 'lost' | 'none'>} */
export async function lastFaceDownKept() {
  if (!last) return 'none';
  const { id, steps } = last;
  try {
    if (!await database()) return memory.prefs.has(NAME) ? 'kept' : 'lost';
    const tx = await transaction(['meta'], 'readonly');
    const head = await request(tx.objectStore('meta').get(HEAD));
    return head?.id === id && head?.steps === steps ? 'kept' : 'lost';
  } catch {
    return 'lost';
  }
}

// The save as last committed, read back whole (base and steps joined), or
// null where none is kept. A save kept whole by an earlier version is
// answered as it is. A step missing or out of place is a damaged save,
// never joined without it: answered with `damaged` set (the engine is not
// asked to load it; phone/facedown.js says so in words).
/** @returns {Promise<any>} */
export async function readFaceDownSave() {
  try {
    if (!await database()) return structuredClone(memory.prefs.get(NAME) ?? null);
    const tx = await transaction(['meta', 'steps'], 'readonly');
    const s = tx.objectStore('steps');
    const [stored, table, keys, values] = await Promise.all([
      request(tx.objectStore('meta').get(HEAD)), request(tx.objectStore('meta').get(TABLE)),
      request(s.getAllKeys(STEPS())), request(s.getAll(STEPS())),
    ]);
    if (stored?.format !== FORMAT) return stored ?? null;
    const save = table?.id === stored.id ? join(stored, table.save, keys, values) : null;
    if (!save) return { ...table?.save, damaged: true };
    last = { id: stored.id, steps: stored.steps, save, table: JSON.stringify(table.save) };
    return save;
  } catch {
    return null;
  }
}

/** @param {any} stored @param {any} table @param {any[]} keys @param {Step[]} values */
function join(stored, table, keys, values) {
  if (keys.length !== stored.steps + 1 || !keys.every((k, i) => Array.isArray(k) && k[1] === i)) return null;
  const hand = structuredClone(stored.hand);
  const save = { ...structuredClone(table), hand };
  if (!hand) return keys.length === 1 ? save : null;
  for (const step of values) {
    if (step?.at?.envelopes !== hand.envelopes.length) return null;
    hand.envelopes.push(...step.add.envelopes);
    for (const [seat, add] of Object.entries(step.add.seats ?? {})) {
      const into = hand.seats[seat];
      const at = step.at.seats[seat] ?? { journal: 0, sent: 0 };
      if (!into || at.journal !== into.journal.length || at.sent !== into.sent.length) return null;
      into.journal.push(...add.journal);
      into.sent.push(...add.sent);
    }
  }
  return save;
}

// Forgets the face-down save (the table left): no seat to come back to.
export async function clearFaceDownSave() {
  last = null;
  try {
    if (!await database()) { memory.prefs.delete(NAME); return true; }
    const tx = await transaction(['meta', 'steps'], 'readwrite');
    tx.objectStore('meta').delete(HEAD);
    tx.objectStore('meta').delete(TABLE);
    tx.objectStore('steps').delete(STEPS());
    await done(tx);
    return true;
  } catch {
    return false;
  }
}
