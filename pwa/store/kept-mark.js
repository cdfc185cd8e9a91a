import { database, get, memoryOnly, newId, write } from './database.js';

// A browser short of space may delete the whole site's storage, the game
// and the history with it, without a word. A token kept in the database
// ("meta" "kept") and beside it, outside the database, in localStorage and
// in a cookie (which a browser short of space does not delete with the
// site's storage), lets the next start tell "never kept anything" from
// "kept something that is gone": only a hint, never the data.
const MARK_KEY = 'schraem.kept';
const MARK_COOKIE = 'schraem-kept';
// The token this page knows to be in the database and beside it.
/** @type {string | null} */
let marked = null;
/** @type {Promise<void> | null} */
let marking = null;
// What the start found: the hint outside, the database without it.
let wiped = false;

/** @returns {string | null} */
function readMark() {
  try {
    const kept = localStorage.getItem(MARK_KEY);
    if (kept) return kept;
  } catch { /* no localStorage: the cookie may still say */ }
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${MARK_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(MARK_COOKIE.length + 1)) : null;
}

/** @param {string} token */
function writeMark(token) {
  try { localStorage.setItem(MARK_KEY, token); } catch { /* the cookie still says */ }
  const path = new URL('./', location.href).pathname;
  document.cookie = `${MARK_COOKIE}=${encodeURIComponent(token)}; max-age=${400 * 86400}; path=${path}; SameSite=Strict`;
}

// Once something is on disk: the token into the database, then beside it.
export function markKept() {
  if (marked || memoryOnly()) return Promise.resolve();
  marking ??= (async () => {
    // Not before the start has looked: a token written first would hide a wipe.
    await checking;
    if (marked) return;
    const token = newId();
    await write(['meta'], (tx) => tx.objectStore('meta').put(token, 'kept'));
    writeMark(token);
    marked = token;
  })().catch(() => { /* the next write tries again */ }).finally(() => { marking = null; });
  return marking;
}

// At the start: whether the database lost what the hint says it held.
// → true when the browser wiped the app's storage since it last kept
// something. Never throws.
/** @type {Promise<unknown>} */
let checking = Promise.resolve();
export function checkWiped() {
  const check = lookForWipe();
  checking = check;
  return check;
}

/** @returns {Promise<boolean>} */
async function lookForWipe() {
  try {
    const hint = readMark();
    if (!await database()) return false;
    const token = await get('meta', 'kept');
    if (token != null && token === hint) { marked = token; return false; }
    if (token != null) { writeMark(token); marked = token; return false; } // the hint was lost, not the data
    wiped = hint != null;
    return wiped;
  } catch {
    return false;
  }
}

export function wasWiped() {
  return wiped;
}

// The player has read it (or read a backup back): not said again.
export async function forgetWiped() {
  wiped = false;
  await markKept();
}
