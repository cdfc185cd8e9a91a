// Whose and which games the statistics count: a period (this evening, this
// month, this year, everything) and everyone or one group of the regulars.
// The shell only picks the history entries of the period (by the time they
// were kept) and names the regulars; the engine's `stats` counts, folding a
// person's merged and earlier names into the person and keeping computer
// players apart.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { c } from '../context/context.js';
import { regularsData } from './regulars.js';

export const PERIODS = ['evening', 'month', 'year', 'all'];
// An evening at the pub: the last twelve hours, as the kitty's settlement.
const EVENING_MS = 12 * 60 * 60 * 1000;

// The first moment of a period in the phone's own calendar (ms). Pure.
export function periodStart(period, now = new Date()) {
  if (period === 'evening') return now.getTime() - EVENING_MS;
  if (period === 'month') return new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  if (period === 'year') return new Date(now.getFullYear(), 0, 1).getTime();
  return 0;
}

export function statsScope() {
  c().statsScope ??= { period: 'all', group: '' };
  return c().statsScope;
}

// The regulars as the engine's `stats`, `books` and `cash_book` take them:
// each person's name and the names that count as theirs.
export function statsPeople() {
  return regularsData().people.map((p) => ({ name: p.name, aliases: (p.aliases ?? []).filter((a) => typeof a === 'string' && a && a.length <= 40) }));
}

// What the engine's `stats` is given besides the records, and from when.
export function statsRequest() {
  const scope = statsScope();
  const { people, groups } = regularsData();
  const names = new Map(people.map((p) => [p.id, p.name]));
  const group = groups.find((g) => g.id === scope.group);
  return {
    since: periodStart(scope.period),
    args: {
      people: statsPeople(),
      ...(group ? { group: group.members.map((id) => names.get(id)).filter(Boolean) } : {}),
    },
  };
}

export function renderStatsScope() {
  const scope = statsScope();
  const { groups } = regularsData();
  return h('div', { class: 'stats-scope tool-row wrap' },
    h('label', { class: 'field' }, h('span', { text: t('stats.period') }),
      h('select', { dataset: { field: 'stats-period' } },
        PERIODS.map((p) => h('option', { value: p, selected: scope.period === p || null, text: t(`stats.period.${p}`) })))),
    groups.length ? h('label', { class: 'field' }, h('span', { text: t('stats.group') }),
      h('select', { dataset: { field: 'stats-group' } },
        h('option', { value: '', selected: !scope.group || null, text: t('stats.group.all') }),
        groups.map((g) => h('option', { value: g.id, selected: scope.group === g.id || null, text: g.name })))) : null);
}

// A group's own statistics, from its row among the regulars; `reopen` counts again.
export function statsScopeAction(target, reopen) {
  statsScope().group = target?.dataset?.id ?? '';
  statsScope().back = 'regulars';
  reopen();
}

// A period or a group chosen (the fields stats-period, stats-group);
// `reopen` counts again.
export function statsScopeField(target, committed, reopen) {
  const f = target.dataset.field;
  if (!committed) return;
  const scope = statsScope();
  if (f === 'stats-period' && PERIODS.includes(target.value)) scope.period = target.value;
  if (f === 'stats-group') scope.group = target.value;
  reopen();
}
