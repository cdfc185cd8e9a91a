// The app's IndexedDB database: opening it, a transaction on it, and the
// page's memory where the browser gives the app none. Every read-write
// transaction is opened with durability "strict": the browser reports it
// complete only once it is on disk (docs/STORAGE.md).
const DB_NAME = 'schraem';
const DB_VERSION = 1;

/** @type {Promise<IDBDatabase> | null} */
let dbPromise = null;
// Whether this page has ever had the database open: only a first open that
// fails (no IndexedDB at all, or storage switched off) makes the app play
// in memory; a later failure is a refused write like any other.
let opened = false;
let noDatabase = false;
// Without a database (an old private window, a webview with storage off)
// the game, the preferences and the backups live here, for this page only:
// the app plays, and says on every screen that nothing will be kept.
export const memory = {
  /** @type {import('./storage.js').StoredGame | null} */
  game: null,
  /** @type {Map<string, any>} */
  prefs: new Map(),
  /** @type {{key: number, keptAt: number, reason: string, raw: string}[]} */
  backups: [],
};

// → true when this browser gives the app no database: nothing is kept
// beyond this page.
export function memoryOnly() {
  return noDatabase;
}

/**
 * @template T
 * @param {IDBRequest<T>} req
 * @returns {Promise<T>}
 */
export function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// Settles when the transaction is complete (for a strict one: on disk).
/** @param {IDBTransaction} tx @returns {Promise<true>} */
export function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('aborted'));
  });
}

/** @returns {Promise<IDBDatabase>} */
function open() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      /** @type {IDBOpenDBRequest} */
      let req;
      try {
        req = indexedDB.open(DB_NAME, DB_VERSION);
      } catch (err) {
        // No IndexedDB at all (the name undefined), or one that refuses
        // this page outright.
        if (!opened) noDatabase = true;
        reject(err);
        return;
      }
      req.onupgradeneeded = () => {
        const db = req.result;
        db.createObjectStore('meta');
        db.createObjectStore('bases');
        db.createObjectStore('heads');
        db.createObjectStore('steps');
        db.createObjectStore('backups', { autoIncrement: true });
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the database: step aside instead of blocking it.
        db.onversionchange = () => { db.close(); dropConnection(db); };
        // The browser closed it (the disk, the user clearing the site's
        // data): the next write opens it again.
        db.onclose = () => dropConnection(db);
        opened = true;
        connection = db;
        resolve(db);
      };
      req.onerror = () => {
        if (!opened) noDatabase = true;
        reject(req.error);
      };
      req.onblocked = () => reject(new Error('blocked'));
    });
    dbPromise.catch(() => { dbPromise = null; });
  }
  return dbPromise;
}

/** @type {IDBDatabase | null} */
let connection = null;

// Forgets a connection the browser closed, so the next use opens one
// afresh. What was written before may be gone with it (a database deleted
// under the app): the next game write is the whole save, not a step onto a
// base that may no longer be there.
/** @param {IDBDatabase} db */
function dropConnection(db) {
  if (connection !== db) return;
  connection = null;
  dbPromise = null;
  for (const listener of dropListeners) listener();
}

/** @type {(() => void)[]} */
const dropListeners = [];
// `listener` is called when the browser closed the connection: what was
// written before may be gone with it (game.js writes its next save whole).
/** @param {() => void} listener */
export function onConnectionDropped(listener) {
  dropListeners.push(listener);
}

// A transaction on the open connection; one the browser closed meanwhile
// (an InvalidStateError before its 'close' event arrived) is opened once
// more and asked again.
/** @param {string | string[]} stores @param {IDBTransactionMode} mode @returns {Promise<IDBTransaction>} */
export async function transaction(stores, mode) {
  for (let attempt = 0; ; attempt += 1) {
    const db = await open();
    try {
      return mode === 'readwrite' ? db.transaction(stores, mode, { durability: 'strict' }) : db.transaction(stores, mode);
    } catch (err) {
      if (attempt > 0 || /** @type {any} */ (err)?.name !== 'InvalidStateError') throw err;
      dropConnection(db);
    }
  }
}

/** @param {string[]} stores @param {(tx: IDBTransaction) => void} fn */
export async function write(stores, fn) {
  const tx = await transaction(stores, 'readwrite');
  fn(tx);
  return done(tx);
}

// The open database, or null where this browser gives the app none (the
// callers then keep things in `memory`).
/** @returns {Promise<IDBDatabase | null>} */
export async function database() {
  try {
    return await open();
  } catch (err) {
    if (noDatabase) return null;
    throw err;
  }
}

/** @param {string} store @param {IDBKeyRange} [range] @returns {Promise<[IDBValidKey, any][]>} */
export async function readAll(store, range) {
  const tx = await transaction(store, 'readonly');
  const s = tx.objectStore(store);
  const [keys, values] = await Promise.all([request(s.getAllKeys(range)), request(s.getAll(range))]);
  return keys.map((k, i) => [k, values[i]]);
}

/** @param {string} store @param {IDBValidKey} key @returns {Promise<any>} */
export async function get(store, key) {
  return request((await transaction(store, 'readonly')).objectStore(store).get(key));
}

// A key no other phone or tab will make: the time and a random number.
export function newId() {
  return `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}
