// The history and statistics screens wired to storage and the engine: what
// this phone kept, each entry reopened read-only or exported, damaged ones
// offered for download and deletion while the good ones stay usable.
import { errorText, t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { entryTitle } from './archive.js';
import { keptRecords, readable } from '../store/entries.js';
import { forget, restoreEntry } from './history-delete.js';
import { openKeptList } from './lists.js';
import {
  c, go, onError, refusedWith, render, session,
} from '../context/context.js';
import { damagedFile, json, outboundFile, sendOut } from '../files/outbound.js';
import { stamp } from '../files/share.js';
import { statsRequest } from '../evening/stats-scope.js';

export async function openHistory(message = null) {
  c().history = null;
  c().historyMsg = message;
  c().damaged = new Set();
  go('history');
  try {
    c().history = await history.entries();
  } catch {
    c().history = [];
    c().historyMsg = t('history.unavailable');
  }
  render();
}

// Entries are found by the key shown on the button, whatever type the key
// has in storage (a damaged entry may carry a number).
function shown(id) {
  return (c().history ?? []).find((e) => String(e?.id) === id) ?? null;
}

function markDamaged(entry, error) {
  c().damaged.add(String(entry.id));
  c().historyMsg = t('history.refused', { detail: errorText(error) });
  go('history');
}

export async function openEntry(id) {
  const entry = shown(id);
  if (!entry || !readable(entry)) return;
  if (entry.kind === 'tournament') {
    // Replayed by the engine first (without touching the open tournament).
    const r = await session().query('export', { of: entry.facts.tournament });
    if (!r.ok) { markDamaged(entry, r.error); return; }
    c().tView = entry.facts;
    go('tournament-view');
    return;
  }
  const opened = await openKeptList(entry.save, entry, entryTitle(entry));
  if (!opened) markDamaged(entry, null);
}

export async function exportEntry(id) {
  const entry = shown(id);
  if (!entry || !readable(entry)) return;
  const out = await outboundFile(session(), entry.kind === 'tournament' ? entry.facts.tournament : entry.save);
  if (!out.ok) { if (out.error) markDamaged(entry, out.error); return; }
  const file = entry.kind === 'tournament' ? `schraem-turnier-${entry.facts.id}.json` : `schraem-${entry.kind}-${stamp(new Date(entry.savedAt))}.json`;
  sendOut(file, json(out.file));
  c().historyMsg = t('record.exported', { file });
  render();
}

export async function downloadDamaged(id) {
  const entry = shown(id);
  if (!entry) return;
  const out = await damagedFile(session(), entry);
  if (!out.ok) { if (out.error) refusedWith('export.refused', out.error); return; }
  const file = `schraem-verlauf-beschaedigt-${stamp()}.json`;
  sendOut(file, out.text);
  c().historyMsg = t('record.exported', { file });
  render();
}

// Asked first; the entry can be brought back with one tap (history-delete.js).
export async function deleteEntry(id, title) {
  const entry = shown(id);
  if (!entry) return;
  try {
    if (!await forget(entry, title ?? t('history.damaged'))) return;
  } catch {
    c().historyMsg = t('history.deleteFailed');
    render();
    return;
  }
  await openHistory();
}

export async function restoreDeleted() {
  try {
    if (!await restoreEntry()) return;
  } catch {
    c().historyMsg = t('history.restoreFailed');
    render();
    return;
  }
  await openHistory();
}

export async function openStats() {
  c().stats = null;
  c().statsMsg = null;
  go('stats');
  let list = [];
  try { list = await history.entries(); } catch { c().statsMsg = t('history.unavailable'); }
  const { since, args } = statsRequest();
  const r = await session().query('stats', { records: keptRecords(list, since), ...args });
  if (!r.ok) { onError(r.error); c().stats = {}; } else c().stats = r.result;
  render();
}
