// Opening the Spielliste: of the table in play, or of a kept file (history,
// a tournament's table) read-only; and the list as a file. The lists are
// the engine's (`lists`).
import { h } from '../lib/dom.js';
import { getLang, t } from '../i18n/i18n.js';
import { stamp } from '../files/share.js';
import { phoneRole } from '../table/phone-role.js';
import { json, outboundFile, sendOut } from '../files/outbound.js';
import { tableTicket } from './around-table.js';
import {
  c, ctx, go, m, onError, refusedWith, render, session,
} from '../context/context.js';

// A date in the app's language, not the browser's: an English list says
// "As of 29 Nov 2026" on a German phone too.
function dated(ms, withTime = false) {
  return new Date(ms).toLocaleString(getLang() === 'en' ? 'en-GB' : 'de-DE',
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

function listMeta(data, game) {
  const lines = [];
  const ticket = tableTicket(game);
  if (ticket) {
    lines.push(t('list.meta.ticket', { id: ticket.tournament, series: ticket.series, table: ticket.table }));
    if (ticket.draw_seed != null) lines.push(t('list.meta.seed', { seed: ticket.draw_seed }));
  }
  if (data.series) lines.push(t('banner.series', { k: data.series.number, n: data.series.length }));
  lines.push(t('list.meta.date', { date: dated(Date.now()) }));
  return lines;
}

export async function openList() {
  c().lists = null;
  // A guest at a table of phones reads the host's list (face down: the one
  // it made of the games it checked itself): corrections are the host's.
  c().readOnly = phoneRole() === 'guest' ? (m().game?.state?.facedown ? 'checked' : 'host') : false;
  c().listEntry = null;
  c().listOf = undefined;
  c().listBack = 'game';
  go('list');
  await refreshList();
}

// The list of the table in play, read again (a hand ended at a table of
// phones while it is on screen): it grows as the table plays.
export async function refreshList() {
  const r = await session().query('lists', {});
  if (!r.ok) { onError(r.error); return; }
  if (m().route !== 'list' || c().listOf !== undefined) return;
  c().lists = r.result;
  // Worded when drawn: a language switched on the list rewrites its lines.
  const game = m().game;
  c().listMeta = () => ({ title: t('list.heading'), lines: listMeta(r.result, game) });
  render();
}

// `of` stays with the list: its JSON export is that file's (outbound.js).
export async function openKeptList(of, entry, title, back = 'history') {
  c().lists = null;
  c().readOnly = 'history';
  c().listEntry = entry;
  c().listOf = of;
  c().listBack = back;
  go('list');
  const r = await session().query('lists', { of });
  if (!r.ok) { onError(r.error); return false; }
  c().lists = r.result;
  c().listMeta = () => ({ title, lines: [entry?.savedAt ? t('list.meta.kept', { date: dated(entry.savedAt, true) }) : ''].filter(Boolean) });
  render();
  return true;
}

export function keeperSelect(players) {
  const seat = c().keeper ?? Math.min(4, players.length);
  return h('label', { class: 'field keeper no-print' }, h('span', { text: t('list.keeper') }),
    h('select', { dataset: { field: 'list-keeper' } },
      players.map((n, i) => h('option', { value: i + 1, selected: i + 1 === seat || null, text: `${i + 1}: ${n}` }))));
}

// The Spielliste's CSV with the headings in the phone's language (lists
// kept before English headings existed have the German ones only).
export function listCsv(lists) {
  return getLang() === 'en' && lists.csv_en ? lists.csv_en : lists.csv;
}

export function listFileBase() {
  const rules = String(c().lists?.lists?.[0]?.list.rules ?? 'schraem').replace(/[^a-z0-9_-]/gi, '');
  return `${t('list.file')}-${rules}-${stamp()}`;
}

// The list's JSON is the engine's outbound file of what the list shows:
// the table in play (its game, series or set) or the kept file.
export async function exportListJson() {
  const of = c().readOnly ? c().listOf : m().game?.save;
  const out = await outboundFile(session(), of);
  if (!out.ok) { if (out.error) refusedWith('export.refused', out.error); return; }
  const file = `${listFileBase()}.json`;
  sendOut(file, json(out.file));
  ctx.app.announce(out.leftOut == null ? t('record.exported', { file }) : t('record.exportedWithout', { file, hand: out.leftOut }));
}
