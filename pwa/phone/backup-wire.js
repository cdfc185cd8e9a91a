// What phones at a table say to each other about a backup kept for one
// another (backup-copy.js): the messages of its data channel, checked
// before anything is done with them, a copy sent in parts and put back
// together, and a copy read for what the question before keeping it names
// (when it was made, how many games). Pure: the other phone is another
// person's, and what it sends is read as data, never trusted; the copy is
// read in on its owner's phone only through the move file's own checks.
import { gamesIn } from '../store/entries.js';

// The move file's format (evening/move-merge.js, which stays in the rarely
// used parts' chunk: not imported for one word).
export const MOVE_FORMAT = 'schraem-move/1';

export const BACKUP_CHANNEL = 'schraem-backup';
// Agreed on both phones (a negotiated channel), so neither waits for the
// other to open it and no description changes.
export const BACKUP_CHANNEL_ID = 50;
// A data channel carries messages of up to 256 kB in every browser.
export const PART_CHARS = 60_000;
// The largest move file a phone reads in (move-file.js).
export const MAX_COPY_CHARS = 50_000_000;
export const MAX_PARTS = Math.ceil(MAX_COPY_CHARS / PART_CHARS);
const MAX_MESSAGE = PART_CHARS + 1_000;

const ID = /^[0-9a-f]{32}$/;
const XFER = /^[0-9a-z-]{1,40}$/;
const KINDS = ['keep', 'back'];
// Why a copy was not kept, as the receiving phone tells the sender.
export const REFUSALS = ['broken', 'foreign', 'newer', 'tooBig', 'tampered', 'storage', 'busy'];

const int = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;

// A copy as messages of at most PART_CHARS characters each.
export function partsOf(text, xfer, kind) {
  const parts = Math.max(1, Math.ceil(text.length / PART_CHARS));
  return Array.from({ length: parts }, (_, part) => ({
    type: 'copy', xfer, kind, part, parts, text: text.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
  }));
}

// A message as it arrived → the message, or null when it is none of
// ours (too long, not JSON, a field of the wrong kind or size).
export function readMessage(data) {
  if (typeof data !== 'string' || data.length > MAX_MESSAGE) return null;
  let msg;
  try { msg = JSON.parse(data); } catch { return null; }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return null;
  const keys = (...k) => Object.keys(msg).every((x) => x === 'type' || k.includes(x));
  switch (msg.type) {
    case 'hello': return keys('id') && typeof msg.id === 'string' && ID.test(msg.id) ? msg : null;
    case 'copy':
      return keys('xfer', 'kind', 'part', 'parts', 'text') && typeof msg.xfer === 'string' && XFER.test(msg.xfer)
        && KINDS.includes(msg.kind) && int(msg.parts, 1, MAX_PARTS) && int(msg.part, 0, msg.parts - 1)
        && typeof msg.text === 'string' && msg.text.length <= PART_CHARS ? msg : null;
    case 'stored': case 'declined':
      return keys('xfer') && typeof msg.xfer === 'string' && XFER.test(msg.xfer) ? msg : null;
    case 'refused':
      return keys('xfer', 'reason') && typeof msg.xfer === 'string' && XFER.test(msg.xfer) && REFUSALS.includes(msg.reason) ? msg : null;
    case 'ask': case 'none': return keys() ? msg : null;
    default: return null;
  }
}

// One part more of a copy under way (`under`: the one gathered so far,
// or null). → {under} while parts are missing, {done: {xfer, kind, text}}
// with the last, or {error: 'broken' | 'tooBig'} for a part out of place
// (another copy's, one missing or twice, more than it said).
export function gather(under, msg) {
  if (msg.part === 0) under = { xfer: msg.xfer, kind: msg.kind, parts: msg.parts, texts: [], size: 0 };
  if (!under || under.xfer !== msg.xfer || under.kind !== msg.kind || under.parts !== msg.parts || under.texts.length !== msg.part) {
    return { error: 'broken' };
  }
  under.size += msg.text.length;
  if (under.size > MAX_COPY_CHARS) return { error: 'tooBig' };
  under.texts.push(msg.text);
  if (under.texts.length < under.parts) return { under };
  return { done: { xfer: under.xfer, kind: under.kind, text: under.texts.join('') } };
}

// A copy put back together → {copy: {madeAt, games, size, raw}} for the
// question before it is kept or read in, or {error} naming why it is no
// backup (the same words as a move file's). The rest of its contents is
// checked where it is read in, as any move file is.
export function readCopy(text) {
  if (typeof text !== 'string' || text.length > MAX_COPY_CHARS) return { error: 'tooBig' };
  let raw;
  try { raw = JSON.parse(text); } catch { return { error: 'broken' }; }
  const format = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw.format : null;
  if (typeof format === 'string' && /^schraem-move\/\d+$/.test(format) && format !== MOVE_FORMAT) return { error: 'newer' };
  if (format !== MOVE_FORMAT) return { error: 'foreign' };
  const made = typeof raw.madeAt === 'string' && raw.madeAt.length <= 40 ? Date.parse(raw.madeAt) : NaN;
  const data = raw.data;
  if (!Number.isFinite(made) || typeof raw.check !== 'string' || !/^[0-9a-f]{64}$/.test(raw.check)
    || !data || typeof data !== 'object' || !Array.isArray(data.history)) return { error: 'foreign' };
  const games = data.history.reduce((n, e) => n + gamesIn(e), 0);
  return { copy: { madeAt: made, games, size: text.length, raw } };
}

// The list of copies kept for other phones, as stored: entries of another
// shape (damaged, or written by hand) are left out, never shown.
export function heldList(stored) {
  if (!Array.isArray(stored)) return [];
  return stored.filter((e) => e && typeof e === 'object' && typeof e.owner === 'string' && ID.test(e.owner)
    && typeof e.name === 'string' && e.name.length <= 200 && Number.isFinite(e.madeAt) && Number.isFinite(e.keptAt)
    && int(e.games, 0, 1e9) && int(e.size, 0, MAX_COPY_CHARS));
}
