// The history of finished (and filed-away) games, series, sets and
// tournaments, in IndexedDB: its own database, so it never meets the
// upgrades of the running game's storage. Every write waits for a strict
// commit, so "kept" on screen means on disk.
import { done, request } from './storage.js';

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
      d.onversionchange = () => { d.close(); opening = null; };
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

// Resolves once the entry is committed to disk; rejects if the browser
// refused (quota, private mode), so the caller never claims it is kept.
// A game filed again keeps the review made of it (review.js), as long as
// the hands it weighed are still the game's (see reviewHolds).
/** @param {NewEntry} entry @returns {Promise<true>} */
export async function keep(entry) {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
  const store = tx.objectStore(STORE);
  const finished = done(tx);
  finished.catch(() => {}); // a refused read below rejects first; the caller hears of it from there
  // The entry kept before matters only for a game's review and a finished
  // table's time: a running tournament's step is not slowed by reading
  // the whole tournament back first.
  const old = entry.save?.record || entry.status === 'finished' ? await request(store.get(entry.id)) : undefined;
  const review = entry.review === undefined && old?.review && reviewHolds(old.review, old.save?.record, entry.save?.record) ? { review: old.review } : {};
  // A finished game filed again unchanged (when the next one starts) keeps
  // the time it was finished: its "fertig" time is when it ended.
  const unchanged = old?.status === 'finished' && entry.status === 'finished' && Number.isFinite(old.savedAt)
    && sameGame(old, entry.save?.record) && JSON.stringify(old.records ?? null) === JSON.stringify(entry.records ?? null);
  store.put({ ...entry, ...review, savedAt: unchanged ? old.savedAt : Date.now() });
  return finished;
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
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
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
  const d = await db();
  const list = await request(d.transaction(STORE, 'readonly').objectStore(STORE).getAll());
  return list.sort((/** @type {Entry} */ a, /** @type {Entry} */ b) => b.savedAt - a.savedAt);
}

/** @param {string} id @returns {Promise<Entry | undefined>} */
export async function entry(id) {
  const d = await db();
  return request(d.transaction(STORE, 'readonly').objectStore(STORE).get(id));
}

/** @param {string} id */
export async function remove(id) {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
  tx.objectStore(STORE).delete(id);
  return done(tx);
}

// Entries brought from another phone, all in one transaction, each with the
// time it was kept there (so the same entry brought again is seen as such).
/** @param {Entry[]} list */
export async function keepAll(list) {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
  for (const e of list) tx.objectStore(STORE).put(e);
  return done(tx);
}

/** @param {string[]} ids */
export async function removeAll(ids) {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
  for (const id of ids) tx.objectStore(STORE).delete(id);
  return done(tx);
}
