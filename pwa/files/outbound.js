// Everything that leaves the phone goes through here: files, the share
// sheet, the QR codes. The engine writes each file (its `export`): no seed,
// and no card of a hand still being played unless the person, asked,
// insists. The shell only chooses the file name and the way out.
import { t } from '../i18n/i18n.js';
import { download, json, share } from './share.js';

// → {ok: true, file, leftOut} | {ok: false, error}. `of`: a kept file (a
// save, series, set, tournament, ticket, result); none: the game in play.
export async function outboundFile(session, of) {
  if (!session) return { ok: false, error: null };
  const ask = (args) => session.query('export', args);
  const base = of === undefined ? {} : { of };
  let r = await ask(base);
  if (r.ok && r.result.left_out_hand != null && window.confirm(t('record.secretHand'))) {
    r = await ask({ ...base, include_current_hand: true });
  }
  if (!r.ok) return r;
  return { ok: true, file: r.result.file ?? r.result.record, leftOut: r.result.left_out_hand };
}

// A file that does not replay (a damaged save's backup, a damaged history
// entry), scrubbed by the engine of every seed, of the cards of any hand
// that may be under way, of the last viewer's cards and of a table host's
// secrets. Text that is not JSON at all names no card.
export async function damagedFile(session, raw) {
  let data;
  try { data = typeof raw === 'string' ? JSON.parse(raw) : raw; } catch { return { ok: true, text: String(raw) }; }
  const r = session ? await session.query('export', { damaged: data }) : { ok: false, error: null };
  return r.ok ? { ok: true, text: json(r.result.file) } : r;
}

// Sends a file the engine wrote (JSON, or the Spielliste's CSV, which holds
// public facts only) as a download or through the share sheet.
export function sendOut(name, text, { type = 'application/json', via = 'download', title = name } = {}) {
  if (via === 'share') return share(name, text, type, title);
  download(name, text, type);
  return Promise.resolve('downloaded');
}

export { json };
