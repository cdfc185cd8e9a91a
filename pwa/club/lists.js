// Opening the Spielliste: of the table in play, or of a kept file (history,
// a tournament's table) read-only. The lists are the engine's (`lists`).
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import {
  c, go, m, onError, render, session,
} from '../app/context.js';

function listMeta(data, game) {
  const lines = [];
  const ticket = game?.save?.series?.ticket;
  if (ticket) {
    lines.push(t('list.meta.ticket', { id: ticket.tournament, series: ticket.series, table: ticket.table }));
    if (ticket.draw_seed != null) lines.push(t('list.meta.seed', { seed: ticket.draw_seed }));
  }
  if (data.series) lines.push(t('banner.series', { k: data.series.number, n: data.series.length }));
  lines.push(t('list.meta.date', { date: new Date().toLocaleDateString() }));
  return lines;
}

export async function openList() {
  c().lists = null;
  c().readOnly = false;
  c().listEntry = null;
  c().listOf = undefined;
  c().listBack = 'game';
  go('list');
  const r = await session().query('lists', {});
  if (!r.ok) { onError(r.error); return; }
  c().lists = r.result;
  c().listMeta = { title: t('list.heading'), lines: listMeta(r.result, m().game) };
  render();
}

// `of` stays with the list: its JSON export is that file's (outbound.js).
export async function openKeptList(of, entry, title, back = 'history') {
  c().lists = null;
  c().readOnly = true;
  c().listEntry = entry;
  c().listOf = of;
  c().listBack = back;
  go('list');
  const r = await session().query('lists', { of });
  if (!r.ok) { onError(r.error); return false; }
  c().lists = r.result;
  c().listMeta = { title, lines: [entry?.savedAt ? t('list.meta.kept', { date: new Date(entry.savedAt).toLocaleString() }) : ''].filter(Boolean) };
  render();
  return true;
}

export function keeperSelect(players) {
  const seat = c().keeper ?? Math.min(4, players.length);
  return h('label', { class: 'field keeper no-print' }, h('span', { text: t('list.keeper') }),
    h('select', { dataset: { field: 'list-keeper' } },
      players.map((n, i) => h('option', { value: i + 1, selected: i + 1 === seat || null, text: `${i + 1}: ${n}` }))));
}
