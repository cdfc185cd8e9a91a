// The history of finished (and filed-away) games, series, sets and
// tournaments, in IndexedDB: its own database, so it never meets the
// upgrades of the running game's storage. Every write waits for a strict
// commit, so "kept" on screen means on disk.
import { done, memoryOnly, request } from './database.js';
import { markKept } from './kept-mark.js';

const DB_NAME = 'schraem-history';
const DB_VERSION = 1; // the lowest version that has the store
const STORE = 'entries';

/**
 * A kept table: a game, a series, a set or a tournament, under the id of
 * its table (context/guard.js), with its save, its finished records and what
 * was added to it (a review).
 * @typedef {{id: string, status?: string, savedAt: number, save?: any, records?: any[], review?: any} & Record<string, any>} Entry
 */

/** An entry to keep: the time it is kept is added here. @typedef {Omit<Entry, 'savedAt'>} NewEntry */

/** @type {Promise<IDBDatabase> | null} */
let opening = null;
/** @type {IDBDatabase | null} */
let connection = null;
// Without a database (database.js's memoryOnly) the history is kept here,
// for this page only, as the banner says.
/** @type {Map<string, Entry>} */
const memory = new Map();

/** @param {number} version 0: as it is @returns {Promise<IDBDatabase>} */
function openAt(version) {
  return new Promise((resolve, reject) => {
    /** @type {IDBOpenDBRequest} */
    let req;
    try { req = version ? indexedDB.open(DB_NAME, version) : indexedDB.open(DB_NAME); } catch (e) { reject(e); return; }
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) {
        req.result.createObjectStore(STORE, { keyPath: 'id' }).createIndex('savedAt', 'savedAt');
      }
    };
    req.onsuccess = () => {
      const d = req.result;
      // Another page's newer version must not be blocked by this one.
      d.onversionchange = () => { d.close(); drop(d); };
      // Closed by the browser: the next use opens it again.
      d.onclose = () => drop(d);
      connection = d;
      resolve(d);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('history database blocked'));
  });
}

/** @returns {Promise<IDBDatabase>} */
function db() {
  if (!opening) {
    opening = (async () => {
      const d = await openAt(0);
      if (d.objectStoreNames.contains(STORE)) return d;
      // A database of that name without the store (created empty by some
      // other code): one version up creates it, nothing is lost.
      const next = Math.max(d.version, DB_VERSION - 1) + 1;
      d.close();
      return openAt(next);
    })();
    opening.catch(() => { opening = null; });
  }
  return opening;
}

/** @param {IDBDatabase} d */
function drop(d) {
  if (connection !== d) return;
  connection = null;
  opening = null;
}

// A transaction on the history; a connection the browser closed meanwhile
// (InvalidStateError) is opened once more and asked again.
/** @param {IDBTransactionMode} mode @returns {Promise<IDBTransaction>} */
async function transaction(mode) {
  for (let attempt = 0; ; attempt += 1) {
    const d = await db();
    try {
      return mode === 'readwrite' ? d.transaction(STORE, mode, { durability: 'strict' }) : d.transaction(STORE, mode);
    } catch (err) {
      if (attempt > 0 || /** @type {any} */ (err)?.name !== 'InvalidStateError') throw err;
      drop(d);
    }
  }
}

// What `entry` is kept as, beside what was kept under its id before.
/** @param {NewEntry} entry @param {Entry | undefined} old @returns {Entry} */
function toKeep(entry, old) {
  const review = entry.review === undefined && old?.review && reviewHolds(old.review, old.save?.record, entry.save?.record) ? { review: old.review } : {};
  // A finished game filed again unchanged (when the next one starts) keeps
  // the time it was finished: its "fertig" time is when it ended.
  const unchanged = old?.status === 'finished' && entry.status === 'finished' && Number.isFinite(old.savedAt)
    && sameGame(old, entry.save?.record) && JSON.stringify(old.records ?? null) === JSON.stringify(entry.records ?? null);
  return /** @type {Entry} */ ({ ...entry, ...review, savedAt: unchanged ? /** @type {Entry} */ (old).savedAt : Date.now() });
}

// Resolves once the entry is committed to disk; rejects if the browser
// refused (quota, private mode), so the caller never claims it is kept.
// A game filed again keeps the review made of it (review.js), as long as
// the hands it weighed are still the game's (see reviewHolds).
/** @param {NewEntry} entry @returns {Promise<true>} */
export async function keep(entry) {
  if (await inMemory()) {
    memory.set(entry.id, structuredClone(toKeep(entry, memory.get(entry.id))));
    filed();
    return true;
  }
  const tx = await transaction('readwrite');
  const store = tx.objectStore(STORE);
  const finished = done(tx);
  finished.catch(() => {}); // a refused read below rejects first; the caller hears of it from there
  // The entry kept before matters only for a game's review and a finished
  // table's time: a running tournament's step is not slowed by reading
  // the whole tournament back first.
  const old = entry.save?.record || entry.status === 'finished' ? await request(store.get(entry.id)) : undefined;
  store.put(toKeep(entry, old));
  await finished;
  markKept();
  filed();
  return true;
}

// Whether this browser gives the app no database (asked of database.js,
// which opens its own first: the history is never the first thing read).
async function inMemory() {
  if (memoryOnly()) return true;
  try { await db(); } catch (err) { if (memoryOnly() || typeof indexedDB === 'undefined') return true; throw err; }
  return false;
}

/** @param {NewEntry | undefined} e @param {unknown} record */
function sameGame(e, record) {
  return JSON.stringify(e?.save?.record ?? null) === JSON.stringify(record ?? null);
}

// Whether a review of `reviewed` still describes `record`: the same game
// (players, rules, seed…) whose first hands, as many as the review weighed,
// are unchanged. A review made between two hands stays with the game as it
// goes on; an undo into a weighed hand, or another game, drops it.
/** @param {any} review @param {any} reviewed @param {any} record @returns {boolean} */
export function reviewHolds(review, reviewed, record) {
  const k = Array.isArray(review?.hands) ? review.hands.length : -1;
  if (k < 0 || !reviewed || !record) return false;
  const { hands: a = [], ...headA } = reviewed;
  const { hands: b = [], ...headB } = record;
  return k <= a.length && k <= b.length && JSON.stringify(headA) === JSON.stringify(headB)
    && JSON.stringify(a.slice(0, k)) === JSON.stringify(b.slice(0, k));
}

// A review that is the whole of `record` (every hand weighed): shown as
// kept; a review of fewer hands is weighed anew once the game went on.
/** @param {any} review @param {any} reviewed @param {any} record @returns {boolean} */
export function reviewCovers(review, reviewed, record) {
  return Boolean(review?.complete) && review.hands.length === (record?.hands?.length ?? -1) && reviewHolds(review, reviewed, record);
}

// Adds fields (a review) to a kept entry of that game, where it stands in
// the list. → true once on disk, false when the entry is gone or now holds
// another game.
/** @param {string} id @param {unknown} record @param {Record<string, unknown>} fields @returns {Promise<boolean>} */
export async function amend(id, record, fields) {
  if (await inMemory()) {
    const e = memory.get(id);
    if (!e || !sameGame(e, record)) return false;
    memory.set(id, structuredClone({ ...e, ...fields }));
    return true;
  }
  const tx = await transaction('readwrite');
  const store = tx.objectStore(STORE);
  const finished = done(tx);
  finished.catch(() => {});
  const e = await request(store.get(id));
  if (!e || !sameGame(e, record)) {
    tx.abort();
    return false;
  }
  store.put({ ...e, ...fields });
  return finished;
}

/** @returns {Promise<Entry[]>} */
export async function entries() {
  const list = await inMemory() ? structuredClone([...memory.values()]) : await request((await transaction('readonly')).objectStore(STORE).getAll());
  return list.sort((/** @type {Entry} */ a, /** @type {Entry} */ b) => b.savedAt - a.savedAt);
}

/** @param {string} id @returns {Promise<Entry | undefined>} */
export async function entry(id) {
  if (await inMemory()) return structuredClone(memory.get(id));
  return request((await transaction('readonly')).objectStore(STORE).get(id));
}

/** @param {string} id */
export async function remove(id) {
  if (await inMemory()) return memory.delete(id) || true;
  const tx = await transaction('readwrite');
  tx.objectStore(STORE).delete(id);
  return done(tx);
}

// Entries brought from another phone, all in one transaction, each with the
// time it was kept there (so the same entry brought again is seen as such).
/** @param {Entry[]} list */
export async function keepAll(list) {
  if (await inMemory()) {
    for (const e of list) memory.set(e.id, structuredClone(e));
    filed();
    return true;
  }
  const tx = await transaction('readwrite');
  for (const e of list) tx.objectStore(STORE).put(e);
  await done(tx);
  markKept();
  filed();
  return true;
}

// Said once an entry is on disk, for what counts the kept tables (the
// reminder to write a backup, evening/backup-reminder.js).
function filed() {
  dispatchEvent(new Event('schraem:filed'));
}

// How many entries were kept after `since` (ms), and the earliest and
// latest time among them, read from the index, not the entries: cheap at
// every start however long the history. → {count, first, last}
/** @param {number} since @returns {Promise<{count: number, first: number | null, last: number | null}>} */
export async function keptSince(since) {
  if (await inMemory()) {
    const times = [...memory.values()].map((e) => e.savedAt).filter((x) => Number.isFinite(x) && x > since);
    return { count: times.length, first: times.length ? Math.min(...times) : null, last: times.length ? Math.max(...times) : null };
  }
  const index = (await transaction('readonly')).objectStore(STORE).index('savedAt');
  const range = IDBKeyRange.lowerBound(since, true);
  const [count, first, last] = await Promise.all([
    request(index.count(range)), request(index.openKeyCursor(range, 'next')), request(index.openKeyCursor(range, 'prev'))]);
  return { count, first: first ? Number(first.key) : null, last: last ? Number(last.key) : null };
}

// The entries kept after `since` (ms), read whole: what the reminder to
// write a backup counts the games of. Only those since the last backup are
// read, fewer than the start reads anyway (club.js reads every entry for
// the tournament that was open).
/** @param {number} since @returns {Promise<Entry[]>} */
export async function keptEntriesSince(since) {
  if (await inMemory()) return structuredClone([...memory.values()].filter((e) => Number.isFinite(e.savedAt) && e.savedAt > since));
  const index = (await transaction('readonly')).objectStore(STORE).index('savedAt');
  return request(index.getAll(IDBKeyRange.lowerBound(since, true)));
}

/** @param {string[]} ids */
export async function removeAll(ids) {
  if (await inMemory()) {
    for (const id of ids) memory.delete(id);
    return true;
  }
  const tx = await transaction('readwrite');
  for (const id of ids) tx.objectStore(STORE).delete(id);
  return done(tx);
}
