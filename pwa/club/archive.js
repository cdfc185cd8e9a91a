// History and statistics screens: what this phone has kept (IndexedDB,
// history.js), each entry reopened read-only or exported, and the players'
// figures across it (the engine's `stats`).
import { h } from '../lib/dom.js';
import { formatNumber, getLang, has, t } from '../i18n/i18n.js';
import { barChart } from '../lib/charts.js';
import { restoreOffer } from './history-delete.js';
import { reviewButton, reviewSummary, reviewable } from '../learn/review-words.js';
import { readable } from '../store/entries.js';

function when(ms) {
  try {
    return new Date(ms).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return new Date(ms).toISOString();
  }
}

function summaryText(summary) {
  return typeof summary === 'string' ? summary : summary[getLang()] ?? summary.de;
}

export function entryTitle(e) {
  return `${t(`history.kind.${e.kind}`)} · ${e.names.join(', ')}`;
}

function damagedEntry(e) {
  const id = String(e?.id);
  const title = t('history.damaged');
  return h('li', { class: 'history-entry damaged', dataset: { id, kind: 'damaged' } },
    h('h3', {}, h('span', { class: 'badge status-damaged', text: t('history.damaged') })),
    h('p', { class: 'summary', text: t('history.damaged.body') }),
    h('div', { class: 'tool-row wrap' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-download', id },
        'aria-label': t('history.download.label', { title }), text: t('history.download') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-delete', id },
        'aria-label': t('history.delete.label', { title }), text: t('history.delete') })));
}

export function renderHistory(entries, { message, damaged = new Set() }) {
  return h('section', { class: 'history', 'aria-labelledby': 'history-heading' },
    h('h2', { id: 'history-heading', text: t('history.heading') }),
    message ? h('p', { class: 'notice', role: 'status', text: message }) : null,
    restoreOffer(),
    entries == null ? h('p', { class: 'note', text: t('history.loading') })
      : !entries.length ? h('p', { class: 'note', text: t('history.empty') })
        : h('ul', { class: 'history-list' }, entries.map((e) => (!readable(e) || damaged.has(String(e.id)) ? damagedEntry(e) : h('li', { class: 'history-entry', dataset: { id: String(e.id), kind: e.kind } },
          h('h3', {}, h('bdi', { text: entryTitle(e) })),
          h('p', { class: 'list-meta' },
            h('span', { class: `badge status-${e.status}`, text: has(`history.status.${e.status}`) ? t(`history.status.${e.status}`) : e.status }),
            ' ', when(e.savedAt), e.rules ? ` · ${has(`preset.${e.rules}`) ? t(`preset.${e.rules}`) : e.rules}` : ''),
          e.summary ? h('p', { class: 'summary', text: summaryText(e.summary) }) : null,
          reviewSummary(e),
          h('div', { class: 'tool-row wrap' },
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-open', id: String(e.id) },
              'aria-label': t('history.open.label', { title: entryTitle(e) }), text: t('history.open') }),
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-export', id: String(e.id) },
              'aria-label': t('history.export.label', { title: entryTitle(e) }), text: t('history.export') }),
            e.kind === 'game' && reviewable(e.save) ? reviewButton({ id: String(e.id) }) : null,
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-delete', id: String(e.id), title: entryTitle(e) },
              'aria-label': t('history.delete.label', { title: entryTitle(e) }), text: t('history.delete') })))))));
}

export function renderHistoryControls() {
  return [h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'stats' }, text: t('stats.open') })),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('club.toStart') })];
}

// The kept records of a history entry with who sat where (its table's
// seats), so the statistics keep a computer apart from a person of the same
// name. → [{raw, record}]: raw to tell the same game kept twice.
const COLS = ['games', 'wins', 'mean_score', 'knocks', 'blind_knocks', 'holds', 'passes', 'first_out'];

// A column per player (names as heads), a row per figure: four players
// fit a 360 px phone, more scroll beside the figures' names.
// A computer's column head is its seat's name only (the table's heading says
// they are computers; a screen reader still hears it): "Hubert (Computer)"
// three times over is wider than a 360 px phone.
function statsHead(row, n) {
  if (!row.computer || typeof row.name !== 'string') return h('bdi', { text: n });
  return [h('bdi', { text: row.name }), h('span', { class: 'sr-only', text: n.slice(row.name.length) })];
}

function statsTable(stats, names, label) {
  return h('div', { class: 'list-scroll', role: 'region', tabindex: 0, 'aria-label': label },
    h('table', { class: 'list stats-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('stats.col.figure') }),
        names.map((n) => h('th', { scope: 'col', class: 'player', dataset: { name: n } }, statsHead(stats[n], n))))),
      h('tbody', {}, COLS.map((c) => h('tr', { dataset: { col: c } },
        h('th', { scope: 'row', text: t(`stats.col.${c}`) }),
        names.map((n) => h('td', { class: 'num', dataset: { col: c, name: n }, text: formatNumber(stats[n][c]) })))))));
}

// People first, the computer players apart in their own table.
export function renderStats(stats, { message, scope = null }) {
  const names = stats ? Object.keys(stats).sort((a, b) => stats[b].wins - stats[a].wins || a.localeCompare(b)) : [];
  const people = names.filter((n) => !stats[n].computer);
  const computers = names.filter((n) => stats[n].computer);
  return h('section', { class: 'stats', 'aria-labelledby': 'stats-heading' },
    h('h2', { id: 'stats-heading', text: t('stats.heading') }),
    h('p', { class: 'note', text: t('stats.hint') }),
    scope,
    message ? h('p', { class: 'notice', role: 'status', text: message }) : null,
    stats == null ? h('p', { class: 'note', text: t('history.loading') })
      : !names.length ? h('p', { class: 'note', text: t('stats.empty') })
        : [people.length ? statsTable(stats, people, t('stats.region')) : null,
          people.length ? barChart({ title: t('chart.wins'), rows: people.map((n) => ({ name: n, value: stats[n].wins })) }) : null,
          people.length ? barChart({ title: t('chart.mean'), rows: people.map((n) => ({ name: n, value: stats[n].mean_score })) }) : null,
          computers.length ? [h('h3', { class: 'stats-computers', text: t('stats.computers') }),
            statsTable(stats, computers, t('stats.computers.region'))] : null]);
}

// Back where the statistics were opened: a group's row among the regulars,
// or the history.
export function renderStatsControls(back = null) {
  return [back === 'regulars'
    ? h('button', { type: 'button', class: 'big primary', dataset: { action: 'regulars' }, text: t('regulars.back') })
    : h('button', { type: 'button', class: 'big primary', dataset: { action: 'history' }, text: t('history.back') })];
}
