// History and statistics screens: what this phone has kept (IndexedDB,
// history.js), each entry reopened read-only or exported, and the players'
// figures across it (the engine's `stats`).
import { h } from './dom.js';
import { formatNumber, getLang, has, t } from './i18n.js';
import { barChart } from './charts.js';
import { restoreOffer } from './history-delete.js';

const KINDS = ['game', 'series', 'set', 'tournament'];

function when(ms) {
  try {
    return new Date(ms).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return new Date(ms).toISOString();
  }
}

function entryTitle(e) {
  const kind = KINDS.includes(e.kind) ? t(`history.kind.${e.kind}`) : e.kind;
  return `${kind} · ${e.names.join(', ')}`;
}

export function renderHistory(entries, { message }) {
  return h('section', { class: 'history', 'aria-labelledby': 'history-heading' },
    h('h2', { id: 'history-heading', text: t('history.heading') }),
    message ? h('p', { class: 'notice', role: 'status', text: message }) : null,
    restoreOffer(),
    entries == null ? h('p', { class: 'note', text: t('history.loading') })
      : !entries.length ? h('p', { class: 'note', text: t('history.empty') })
        : h('ul', { class: 'history-list' }, entries.map((e) => h('li', { class: 'history-entry', dataset: { id: e.id, kind: e.kind } },
          h('h3', {}, h('bdi', { text: entryTitle(e) })),
          h('p', { class: 'list-meta' },
            h('span', { class: `badge status-${e.status}`, text: has(`history.status.${e.status}`) ? t(`history.status.${e.status}`) : e.status }),
            ' ', when(e.savedAt), e.rules ? ` · ${has(`preset.${e.rules}`) ? t(`preset.${e.rules}`) : e.rules}` : ''),
          e.summary ? h('p', { class: 'summary', text: e.summary }) : null,
          h('div', { class: 'tool-row wrap' },
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-open', id: e.id },
              'aria-label': t('history.open.label', { title: entryTitle(e) }), text: t('history.open') }),
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-export', id: e.id },
              'aria-label': t('history.export.label', { title: entryTitle(e) }), text: t('history.export') }),
            h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-delete', id: e.id, title: entryTitle(e) },
              'aria-label': t('history.delete.label', { title: entryTitle(e) }), text: t('history.delete') }))))));
}

export function renderHistoryControls() {
  return [h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'stats' }, text: t('stats.open') })),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('club.toStart') })];
}

// The kept records of a history entry with who sat where (its table's
// seats), so the statistics keep a computer apart from a person of the same
// name. → [{raw, record}]: raw to tell the same game kept twice.
export function seatedRecords(entry) {
  const seats = entry.save?.table?.players ?? [];
  return (entry.records ?? []).map((raw) => ({ raw, record: { ...raw,
    players: (raw.players ?? []).map((p, i) => (seats[i]?.kind === 'bot' ? { ...p, kind: 'bot', level: seats[i].level } : p)) } }));
}

const COLS = ['games', 'wins', 'mean_score', 'knocks', 'blind_knocks', 'holds', 'passes', 'first_out'];

export function renderStats(stats, { message }) {
  const names = stats ? Object.keys(stats).sort((a, b) => stats[b].wins - stats[a].wins || a.localeCompare(b)) : [];
  return h('section', { class: 'stats', 'aria-labelledby': 'stats-heading' },
    h('h2', { id: 'stats-heading', text: t('stats.heading') }),
    h('p', { class: 'note', text: t('stats.hint') }),
    message ? h('p', { class: 'notice', role: 'status', text: message }) : null,
    stats == null ? h('p', { class: 'note', text: t('history.loading') })
      : !names.length ? h('p', { class: 'note', text: t('stats.empty') })
        // A column per player (names as heads), a row per figure: four
        // players fit a 360 px phone, more scroll beside the figures' names.
        : [h('div', { class: 'list-scroll', role: 'region', tabindex: 0, 'aria-label': t('stats.region') },
          h('table', { class: 'list stats-table' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('stats.col.figure') }),
              names.map((n) => h('th', { scope: 'col', class: 'player', dataset: { name: n } }, h('bdi', { text: n }))))),
            h('tbody', {}, COLS.map((c) => h('tr', { dataset: { col: c } },
              h('th', { scope: 'row', text: t(`stats.col.${c}`) }),
              names.map((n) => h('td', { class: 'num', dataset: { col: c, name: n }, text: formatNumber(stats[n][c]) }))))))),
        barChart({ title: t('chart.wins'), rows: names.map((n) => ({ name: n, value: stats[n].wins })) }),
        barChart({ title: t('chart.mean'), rows: names.map((n) => ({ name: n, value: stats[n].mean_score })) })]);
}

export function renderStatsControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'history' }, text: t('history.back') })];
}
