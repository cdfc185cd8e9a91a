// The reminder to write a backup: a phone lost, broken or wiped by its
// browser takes every evening with it unless the move file (move-file.js)
// left it. After 10 games kept since the last backup, or 7 days after it
// with at least one new table, the start screen offers the move file in one
// tap ("Sicherung speichern") with the reason in one line; "Später" hides it
// until the next table is kept. Writing the move file, from here or from the
// settings, is the backup: its time is kept (preference `backup`: {at,
// later, games}).
//
// Games are counted as the players count them, not history entries: a
// series, a Rengen set or a tournament is one entry and many games
// (store/entries.js, gamesIn), and ten evenings of one long series each
// were one "table" to a count of entries. An entry still running at the
// backup (a series, the tournament) is kept again as its games go on: the
// games it held then are in the backup, kept under its id (`games`), and
// only the ones after count.
import { h } from '../lib/dom.js';
import { errorText, t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { gamesIn } from '../store/entries.js';
import { readPreference, writePreference } from '../store/preferences.js';
import { ctx } from '../context/context.js';
import { moveFile } from '../context/rare.js';
import { declareTaps } from '../context/taps.js';
import { lastSaid, moveBusy, work } from './move-section.js';

export const BACKUP_EVERY = 10;
export const BACKUP_DAYS = 7;
const DAY = 86_400_000;

/** @type {{due: null | {reason: 'games' | 'days', n: number}, asked: boolean}} */
const state = { due: null, asked: false };

function backupPref(raw) {
  const ok = (x) => (Number.isFinite(x) ? x : null);
  if (!raw || typeof raw !== 'object') return { at: null, later: null, games: {} };
  const games = raw.games && typeof raw.games === 'object'
    ? Object.fromEntries(Object.entries(raw.games).filter(([, n]) => Number.isFinite(n) && n > 0)) : {};
  return { at: ok(raw.at), later: ok(raw.later), games };
}

// The games kept since the last backup that are not in it.
async function gamesSince(pref) {
  const list = await history.keptEntriesSince(pref.at ?? 0);
  return list.reduce((sum, e) => sum + Math.max(0, gamesIn(e) - (pref.games[String(e?.id)] ?? 0)), 0);
}

// Whether a backup is due, from the history and the preference.
async function loadBackupDue() {
  try {
    const pref = backupPref(await readPreference('backup'));
    const since = pref.at ?? 0;
    const kept = await history.keptSince(since);
    const now = Date.now();
    let due = null;
    if (kept.count && !(pref.later != null && (kept.last ?? 0) <= pref.later)) {
      // Never backed up: the days count from the first table kept.
      const days = Math.floor((now - (pref.at ?? kept.first ?? now)) / DAY);
      const games = await gamesSince(pref);
      if (games >= BACKUP_EVERY) due = { reason: 'games', n: games };
      else if (days >= BACKUP_DAYS) due = { reason: pref.at == null ? 'first' : 'days', n: pref.at == null ? games : days };
    }
    state.due = due;
  } catch {
    state.due = null; // the history cannot be read now: asked again at the next table kept
  }
}

async function redraw() {
  await loadBackupDue();
  ctx.app.render();
}

export function bootBackup() {
  redraw();
}

// Every table kept may make a backup due, or show "Später"'s pause over.
// Only the start screen shows the reminder: kept elsewhere, it is read
// again when the start screen is drawn, not at every result an organiser
// reads in (each keeps the championship, read back whole to count its
// games, and the 300 rows of the screen drawn again).
let stale = false;
addEventListener('schraem:filed', () => {
  if (ctx.app?.model.route === 'start') redraw();
  else stale = true;
});

// The move file was written (from here or the settings): everything kept
// before `started` is in a backup now, `entries` what it held. Of those
// that may still gain games (not finished), how many they held is kept.
// → false when the time could not be kept.
export async function noteBackup(started, entries = []) {
  const games = Object.fromEntries(entries.filter((e) => e?.status !== 'finished').map((e) => [String(e.id), gamesIn(e)])
    .filter(([, n]) => n > 0));
  const ok = await writePreference('backup', { at: started, games });
  await redraw();
  return ok;
}

// Hidden until a table is kept after the latest one now kept.
async function later() {
  state.due = null;
  ctx.app.render();
  const pref = backupPref(await readPreference('backup'));
  const { last } = await history.keptSince(pref.at ?? 0).catch(() => ({ last: null }));
  await writePreference('backup', { ...pref, later: last ?? Date.now() });
}

// The offer, while a backup is due: one line above the start button, like
// the install offer (boot/install.js), which it stands in for until then.
export function backupOffer() {
  if (stale) { stale = false; redraw(); }
  const due = state.due;
  if (!due) return null;
  const said = lastSaid();
  return h('section', { class: 'install-offer backup-offer', 'aria-label': t('backup.label') },
    h('p', { text: t(`backup.why.${due.reason}`, { n: due.n }) }),
    h('button', { type: 'button', class: 'primary', dataset: { action: 'backup-save' }, disabled: moveBusy(), text: t('backup.save') }),
    h('button', { type: 'button', class: 'secondary close', dataset: { action: 'backup-later' }, 'aria-label': t('backup.later'), text: '×' }),
    said?.alert ? h('p', { class: 'move-msg house-refused', role: 'alert', text: errorText(said.msg) }) : null);
}

declareTaps('the backup reminder', {
  'backup-save': () => work(() => moveFile().then((f) => f.exportMove())),
  'backup-later': () => later(),
});
