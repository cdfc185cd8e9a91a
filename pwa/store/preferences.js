import { database, get, memory, write } from './database.js';
import { markKept } from './kept-mark.js';

// Small things the player set up (the start form's names, seats and rules):
// kept beside the game, as durably, under their own key in "meta".

/** @param {string} name @returns {Promise<any>} */
export async function readPreference(name) {
  try {
    if (!await database()) return structuredClone(memory.prefs.get(name) ?? null);
    return (await get('meta', `pref:${name}`)) ?? null;
  } catch {
    return null;
  }
}

// Resolves false when the browser refused (private mode, quota): a
// preference is then only forgotten, nothing else is lost.
/** @param {string} name @param {unknown} value @returns {Promise<boolean>} */
export async function writePreference(name, value) {
  try {
    if (!await database()) { memory.prefs.set(name, structuredClone(value)); return true; }
    await write(['meta'], (tx) => tx.objectStore('meta').put(value, `pref:${name}`));
    markKept();
    return true;
  } catch {
    return false;
  }
}

// An object preference with `patch`'s fields set, the others as they were
// (a damaged or missing value counts as none).
/** @param {string} name @param {Record<string, unknown>} patch @returns {Promise<boolean>} */
export async function mergePreference(name, patch) {
  const kept = await readPreference(name);
  return writePreference(name, { ...(kept && typeof kept === 'object' ? kept : {}), ...patch });
}

// Several preferences in one transaction: all of them on disk, or none
// (the move file's people, groups, house rules and settings).
/** @param {Record<string, unknown>} values @returns {Promise<boolean>} */
export async function writePreferences(values) {
  try {
    if (!await database()) {
      for (const [name, value] of Object.entries(values)) memory.prefs.set(name, structuredClone(value));
      return true;
    }
    await write(['meta'], (tx) => {
      for (const [name, value] of Object.entries(values)) tx.objectStore('meta').put(value, `pref:${name}`);
    });
    markKept();
    return true;
  } catch {
    return false;
  }
}
