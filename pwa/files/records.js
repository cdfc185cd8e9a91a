// Game records in and out: the current game exported for another phone or
// the CLI (written by the engine through outbound.js), and a record file
// taken over here (checked, asked about, filed). A file is checked for size
// and nesting before it is parsed, so no file can choke the worker.
import { errorText, t } from '../i18n/i18n.js';
import { outboundFile, sendOut } from './outbound.js';
import { stamp } from './share.js';
import {
  asClubWork, ctx, m, onError, session, shellError,
} from '../context/context.js';
import { guardedImport } from '../context/guard.js';

// A game record of a long evening is a few hundred kB; anything far bigger
// is not one.
const MAX_IMPORT_BYTES = 5_000_000;
// A record is nested about 7 deep; anything far deeper is not one, and is
// refused before it could reach (and choke) the worker.
const MAX_IMPORT_DEPTH = 32;

function recordFileName(record) {
  const rules = String(record.rules || 'schraem').replace(/[^a-z0-9_-]/gi, '');
  return `schraem-${rules}-${stamp()}.json`;
}

// The current game's record as a download: nothing is sent anywhere. The
// engine writes it (not the save this phone keeps): without seeds, and
// without a hand under way — its deal is every player's cards — unless the
// user insists.
export async function exportRecord() {
  if (!m().game || !m().ready) return;
  const r = await outboundFile(session());
  if (!r.ok) { onError(r.error); return; }
  const file = recordFileName(r.file);
  sendOut(file, `${JSON.stringify(r.file, null, 2)}\n`);
  ctx.app.announce(r.leftOut == null ? t('record.exported', { file }) : t('record.exportedWithout', { file, hand: r.leftOut }));
}

// A record file, a save (schraem-save/1) or this shell's stored game: the
// engine is handed the record inside and says whether it replays.
function recordOf(data) {
  if (data && typeof data === 'object') {
    if (data.format === 'schraem-shell/1') return data.save?.record ?? data;
    if (data.format === 'schraem-save/1') return data.record ?? data;
  }
  return data;
}

export function importFile(input) {
  const file = input.files?.[0];
  input.value = ''; // the same file may be chosen again
  if (!file || !m().ready) return undefined;
  return asClubWork(() => importChosen(file));
}

async function importChosen(file) {
  if (file.size > MAX_IMPORT_BYTES) { shellError('import.tooBig'); return; }
  let text;
  try { text = await file.text(); } catch { shellError('import.unreadable'); return; }
  if (nestingDepth(text) > MAX_IMPORT_DEPTH) { shellError('import.tooDeep'); return; }
  let data;
  try { data = JSON.parse(text); } catch { shellError('import.notJson'); return; }
  // Replacing a running game is asked first and files it into history.
  const record = recordOf(data);
  // One person among computer players (the record says who sat where) holds
  // the phone from the start, as when the game began here.
  const people = Array.isArray(record?.players)
    ? record.players.map((p, i) => (p?.kind === 'bot' ? null : i + 1)).filter((seat) => seat != null) : [];
  const viewer = people.length === 1 && record.players.length > 1 ? people[0] : null;
  const r = await guardedImport(record, () => session().importRecord({ record, seed: ctx.app.nextSeed(), viewer }));
  if (r && !r.ok && r.error) shellError('import.refused', { detail: { de: r.error.de ?? errorText(r.error), en: r.error.en ?? errorText(r.error) } });
}

// How deep brackets nest in a JSON text, counted without parsing (and
// without recursion), strings skipped.
export function nestingDepth(text) {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { depth += 1; if (depth > max) max = depth; }
    else if (c === 93 || c === 125) depth -= 1;
  }
  return max;
}
