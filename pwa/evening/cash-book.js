// A group's cash book (Kassenbuch): the group's money evening by evening —
// the stakes agreed, each person's balance, the pot carried on, who paid
// whom and the rounds owed. The shell only sorts the kept games into
// evenings (by when they were kept); the engine's `cash_book` picks the
// group's games and does every sum.
import { h } from '../lib/dom.js';
import { both, errorText, getLang, t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { readable, seatedRecords } from '../store/entries.js';
import { go, m, render, session } from '../context/context.js';
import { regularsData } from './regulars.js';
import { booksBody, euros, sendMoneyCsv } from './kitty.js';
import { statsPeople } from './stats-scope.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';

// A pub evening runs past midnight: a game kept before 6 in the morning
// belongs to the evening before.
const NIGHT_MS = 6 * 60 * 60 * 1000;

// The evening a moment belongs to, in the phone's own calendar: "YYYY-MM-DD". Pure.
export function eveningOf(ms) {
  const d = new Date(ms - NIGHT_MS);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// Kept entries → [{date, records}] oldest first, a record kept twice word
// for word sent once (the engine counts a game kept twice, by a table and
// by the organiser, once, on the first evening that holds it).
export function evenings(entries) {
  const seen = new Set();
  const byDate = new Map();
  for (const e of [...entries].filter(readable).sort((a, b) => a.savedAt - b.savedAt)) {
    const date = eveningOf(e.savedAt);
    for (const { raw, record } of seatedRecords(e)) {
      const key = JSON.stringify(raw);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!byDate.has(date)) byDate.set(date, []);
      byDate.get(date).push(record);
    }
  }
  return [...byDate].map(([date, records]) => ({ date, records }));
}

function book() {
  m().cashBook ??= { group: null, result: null, error: null };
  return m().cashBook;
}

async function openCashBook(id) {
  const { people, groups } = regularsData();
  const group = groups.find((g) => g.id === id);
  if (!group) return;
  const b = book();
  Object.assign(b, { group, result: null, error: null });
  go('cash-book');
  let list;
  try {
    list = await history.entries();
  } catch {
    b.error = both('history.unavailable');
    render();
    return;
  }
  const names = new Map(people.map((p) => [p.id, p.name]));
  const r = await session().query('cash_book', {
    evenings: evenings(list),
    people: statsPeople(),
    group: group.members.map((x) => names.get(x)).filter(Boolean),
  });
  if (r.ok) b.result = r.result;
  else b.error = r.error;
  if (m().route === 'cash-book') render();
}

function day(date) {
  const [y, mo, d] = date.split('-').map(Number);
  try {
    return new Date(y, mo - 1, d).toLocaleDateString(getLang() === 'en' ? 'en-GB' : 'de-DE', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  } catch {
    return date;
  }
}

// "0,10 € pro Schräm · Der Verlierer gibt eine Runde aus"
function stakesLine(stakes) {
  const parts = [];
  for (const [k, v] of Object.entries(stakes)) {
    if (typeof v === 'number') parts.push(`${euros(v)} ${t(`kitty.${k}`)}`);
    else if (k === 'loser_round' && v) parts.push(t('kitty.loser_round'));
    else if (k === 'losses_to') parts.push(`${t('kitty.losses_to')} ${t(`kitty.losses_to.${v}`)}`);
  }
  return parts.join(' · ');
}

function renderEvening(ev) {
  return h('li', { class: 'cash-evening', dataset: { date: ev.date } },
    h('h3', { text: day(ev.date) }),
    h('p', { class: 'note', text: t('cash.games', { n: ev.games }) }),
    h('ul', { class: 'cash-stakes' }, ev.stakes.map((s) => h('li', { text: stakesLine(s) }))),
    booksBody(ev),
    h('p', { class: 'cash-pot-total', text: t('cash.potTotal', { amount: euros(ev.pot_total) }) }));
}

function renderCashBook(b) {
  let body;
  if (b.error) body = h('p', { class: 'house-refused', role: 'alert', text: errorText(b.error) });
  else if (!b.result) body = h('p', { class: 'loading', 'aria-busy': 'true', text: t('list.loading') });
  else if (!b.result.evenings.length) body = h('p', { text: t('cash.empty') });
  else {
    body = [h('p', { class: 'cash-total', text: t('cash.potTotal', { amount: euros(b.result.pot_total) }) }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'cash-csv' }, text: t('kitty.csv') }),
      h('ol', { class: 'cash-evenings', reversed: true }, [...b.result.evenings].reverse().map(renderEvening))];
  }
  return h('section', { class: 'cash-book', 'aria-labelledby': 'cash-h' },
    h('h2', { id: 'cash-h' }, t('cash.heading'), ': ', h('bdi', { text: b.group?.name ?? '' })),
    h('p', { class: 'note', text: t('cash.hint') }),
    body);
}

declareScreens('cash book', {
  'cash-book': () => [renderCashBook(book()),
    [h('button', { type: 'button', class: 'big primary', dataset: { action: 'regulars' }, text: t('house.back') })]],
});

declareTaps('cash book', {
  'cash-book': (target) => { if (m().ready) openCashBook(target.dataset.id); },
  'cash-csv': () => {
    const b = book();
    if (b.result) sendMoneyCsv(b.result.csv, `${t('cash.csv.file')}-${String(b.group?.name ?? '').replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 40)}`);
  },
});
