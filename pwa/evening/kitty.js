// The kitty (Kasse) in the shell: the stakes typed on the start form, each
// finished game's money and the evening's settlement ("Abrechnung"). The
// engine computes every amount (state.money, books); the shell only turns
// typed euros into whole cents and cents back into "2,40 €".
import { h } from '../lib/dom.js';
import { both, errorText, getLang, t, tn } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { keptRecords } from '../store/entries.js';
import { ctx, go, m, session } from '../context/context.js';
import { statsPeople } from './stats-scope.js';
import { csvForLanguage } from '../files/csv-sheet.js';
import { sendOut } from '../files/outbound.js';
import { stamp } from '../files/share.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';

const AMOUNTS = ['per_mark', 'per_knolle', 'per_lost_game', 'per_lost_half', 'buy_in'];
// An evening: what was kept in the last twelve hours (past midnight too).
const EVENING_MS = 12 * 60 * 60 * 1000;

function blank() {
  return { per_mark: '', per_knolle: '', per_lost_game: '', per_lost_half: '', buy_in: '', loser_round: false, losses_to: 'pot' };
}

function stakesForm(setup) {
  setup.stakes ??= blank();
  return setup.stakes;
}

// A remembered form from storage: only the fields and kinds it can have.
export function restoreStakes(saved) {
  const out = blank();
  if (!saved || typeof saved !== 'object') return out;
  for (const k of AMOUNTS) if (typeof saved[k] === 'string') out[k] = saved[k].slice(0, 12);
  out.loser_round = saved.loser_round === true;
  out.losses_to = saved.losses_to === 'winner' ? 'winner' : 'pot';
  return out;
}

// "0,10", "0.1", "2", "2 €" → cents; '' → null; anything else → NaN.
export function toCents(text) {
  const s = String(text ?? '').replace(/[\s€]/g, '');
  if (s === '') return null;
  const found = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!found) return Number.NaN;
  return Number(found[1]) * 100 + Number((found[2] ?? '').padEnd(2, '0'));
}

// Whole cents as the table reads them: "2,40 €" (German), "€2.40" (English).
export function euros(cents) {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString(getLang() === 'en' ? 'en-GB' : 'de-DE');
  const rest = String(abs % 100).padStart(2, '0');
  return getLang() === 'en' ? `${sign}€${whole}.${rest}` : `${sign}${whole},${rest} €`;
}

// → {stakes} to send, or {error} in plain words when an amount is no amount.
export function stakesFor(setup) {
  const form = stakesForm(setup);
  const stakes = {};
  for (const k of AMOUNTS) {
    const cents = toCents(form[k]);
    if (Number.isNaN(cents)) {
      return { error: { kind: 'StakesRefused', code: 'kitty.badAmount', ...both('kitty.badAmount', { field: { de: both(`kitty.${k}`).de, en: both(`kitty.${k}`).en }, text: form[k] }) } };
    }
    if (cents) stakes[k] = cents;
  }
  if (form.loser_round) stakes.loser_round = true;
  if (form.losses_to === 'winner') stakes.losses_to = 'winner';
  return { stakes };
}

// Whether the person opened or folded the section: every re-render (a seat
// switched between person and computer, the engine coming up) draws a new
// element, and an open section with nothing typed yet must stay open.
// Read at the summary's click (a keyboard's Enter and Space are clicks too),
// not at the toggle event: a toggle of an element just drawn open and at once
// folded is coalesced into none.
let unfolded = null;
if (typeof document !== 'undefined') {
  document.addEventListener('click', (e) => {
    const summary = e.target?.closest?.('.kitty-form > summary');
    if (summary) unfolded = !summary.parentElement.open;
  }, true);
}

function playedFor(form) {
  return AMOUNTS.some((k) => String(form[k]).trim() !== '') || form.loser_round || form.losses_to === 'winner';
}

export function kittyStartField(setup) {
  const form = stakesForm(setup);
  return h('details', { class: 'kitty-form', open: (unfolded ?? playedFor(form)) || null },
    h('summary', { text: t('kitty.heading') }),
    h('p', { class: 'note', text: t('kitty.hint') }),
    h('div', { class: 'kitty-amounts' }, AMOUNTS.map((k) => h('label', { class: 'field' }, h('span', { text: t(`kitty.${k}`) }),
      h('input', { type: 'text', inputmode: 'decimal', value: form[k], autocomplete: 'off', placeholder: '0,00', maxlength: 12,
        dataset: { field: `kitty:${k}` } })))),
    h('label', { class: 'field' }, h('span', { text: t('kitty.losses_to') }),
      h('select', { dataset: { field: 'kitty:losses_to' } },
        ['pot', 'winner'].map((v) => h('option', { value: v, selected: form.losses_to === v || null, text: t(`kitty.losses_to.${v}`) })))),
    h('label', { class: 'check kitty-round' },
      h('input', { type: 'checkbox', checked: form.loser_round, dataset: { field: 'kitty:loser_round' } }),
      h('span', { text: t('kitty.loser_round') })),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'kitty-books' }, disabled: !m().ready, text: t('kitty.books.open') }));
}

declareFields('kitty', {
  'kitty-period': (target, committed) => {
    if (!committed) return;
    kitty().period = target.value === 'all' ? 'all' : 'evening';
    openBooks();
  },
  // The stakes on the start form ("kitty:" and the amount's key).
  'kitty:': (target, committed) => {
    const key = target.dataset.field.slice('kitty:'.length);
    const form = stakesForm(m().setup);
    form[key] = target.type === 'checkbox' ? target.checked : target.value;
    if (committed) ctx.app.rememberSetup();
  },
});

// --- what a game cost ----------------------------------------------------------

function who(names, seat) {
  return seat == null ? null : names[seat - 1] ?? String(seat);
}

function paymentLine(names, p) {
  const amount = euros(p.cents);
  const why = tn(`kitty.kind.${p.kind}`, p.count);
  return p.payee == null ? t('kitty.paysPot', { payer: who(names, p.payer), amount, why })
    : t('kitty.pays', { payer: who(names, p.payer), payee: who(names, p.payee), amount, why });
}

// The game-over screen's money, from the engine's state.money.
export function kittyOver(game) {
  const money = game.state.money;
  if (!money) return null;
  const names = game.state.view.players.map((p) => p.name);
  return h('section', { class: 'kitty-game', 'aria-labelledby': 'kitty-game-h' },
    h('h3', { id: 'kitty-game-h', text: t('kitty.game') }),
    money.payments.length ? h('ul', { class: 'kitty-payments' }, money.payments.map((p) => h('li', { text: paymentLine(names, p) })))
      : h('p', { text: t('kitty.nothing') }),
    money.pot ? h('p', { class: 'kitty-pot', text: t('kitty.pot', { amount: euros(money.pot) }) }) : null,
    money.rounds.length ? h('ul', { class: 'kitty-rounds' },
      money.rounds.map((s) => h('li', { text: t('kitty.owesRound', { name: who(names, s) }) }))) : null,
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'kitty-books' }, text: t('kitty.books.open') }));
}

// --- the evening's settlement ----------------------------------------------------

function kitty() {
  m().kitty ??= { period: 'evening', books: null, error: null };
  return m().kitty;
}

async function openBooks(back) {
  const k = kitty();
  k.back = back ?? k.back ?? 'start';
  k.books = null;
  k.error = null;
  go('kitty');
  let list;
  try {
    list = await history.entries();
  } catch {
    list = [];
  }
  const since = k.period === 'evening' ? Date.now() - EVENING_MS : 0;
  // Who sat where travels with each game, as in the statistics and the
  // cash book, so a computer never pays or is paid as a person.
  const r = await session().query('books', { records: keptRecords(list, since), people: statsPeople() });
  if (r.ok) k.books = r.result;
  else k.error = r.error;
  if (m().route === 'kitty') ctx.app.render();
}

function signed(cents) {
  return cents > 0 ? `+${euros(cents)}` : euros(cents);
}

// One settlement as the engine's books give it: the balances, the pot,
// who pays whom and the rounds owed (also the cash book's evenings).
export function booksBody(b) {
  const names = Object.keys(b.balances).sort((x, y) => b.balances[y] - b.balances[x] || x.localeCompare(y));
  return [
    h('table', { class: 'results kitty-balances' },
      h('caption', { text: t('kitty.balances') }),
      h('tbody', {}, names.map((n) => h('tr', {}, h('th', { scope: 'row' }, h('bdi', { text: n })),
        h('td', { text: signed(b.balances[n]) }))))),
    b.pot ? h('p', { class: 'kitty-pot', text: t('kitty.pot', { amount: euros(b.pot) }) }) : null,
    h('h3', { text: t('kitty.transfers') }),
    b.pot ? h('p', { class: 'note kitty-pot-rule', text: t('kitty.potRule', { who: Object.keys(b.pot_from ?? {}).join(', ') }) }) : null,
    b.transfers.length ? h('ul', { class: 'kitty-transfers' }, b.transfers.map((x) => h('li', {
      text: x.payee == null ? t('kitty.transferPot', { payer: x.payer, amount: euros(x.cents) })
        : t('kitty.transfer', { payer: x.payer, payee: x.payee, amount: euros(x.cents) }),
    }))) : h('p', { text: t('kitty.settled') }),
    Object.keys(b.rounds).length ? [h('h3', { text: t('kitty.rounds') }), h('ul', { class: 'kitty-rounds' },
      Object.entries(b.rounds).map(([n, count]) => h('li', { text: t('kitty.roundsOwed', { name: n, n: count }) })))] : null,
  ];
}

function renderBooks(k) {
  const b = k.books;
  const period = h('label', { class: 'field' }, h('span', { text: t('kitty.period') }),
    h('select', { dataset: { field: 'kitty-period' } },
      ['evening', 'all'].map((v) => h('option', { value: v, selected: k.period === v || null, text: t(`kitty.period.${v}`) }))));
  let body;
  if (k.error) body = h('p', { class: 'house-refused', role: 'alert', text: errorText(k.error) });
  else if (!b) body = h('p', { class: 'loading', 'aria-busy': 'true', text: t('list.loading') });
  else if (!Object.keys(b.balances).length && !Object.keys(b.rounds).length) body = h('p', { text: t('kitty.books.empty') });
  else body = booksBody(b);
  return h('section', { class: 'kitty-books', 'aria-labelledby': 'kitty-books-h' },
    h('h2', { id: 'kitty-books-h', text: t('kitty.books') }),
    h('p', { class: 'note', text: t('kitty.books.hint') }),
    period, body,
    b && !k.error && Object.keys(b.balances).length
      ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'kitty-csv' }, text: t('kitty.csv') }) : null);
}

// The engine writes the file's cells in both languages; the shell picks the
// reader's and its separator (a semicolon in German), as the Spielliste's.
export function sendMoneyCsv(csv, base) {
  const lang = getLang() === 'en' ? 'en' : 'de';
  return sendOut(`${base}-${stamp()}.csv`, `\ufeff${csvForLanguage(csv[lang], lang)}`, { type: 'text/csv' });
}

declareScreens('kitty', {
  kitty: () => [renderBooks(kitty()),
    [h('button', { type: 'button', class: 'big primary', dataset: { action: 'kitty-close' }, text: t('house.back') })]],
});

declareTaps('kitty', {
  'kitty-books': () => openBooks(m().route),
  'kitty-close': () => go(kitty().back ?? 'start'),
  'kitty-csv': () => {
    if (kitty().books) sendMoneyCsv(kitty().books.csv, t('kitty.csv.file'));
  },
});

