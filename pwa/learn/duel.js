// Deal sets (Duell-Karten): a word anyone can type — today's
// date by default — with a preset and a number of deals (eight Rhineland
// ones unless chosen otherwise) gives everyone the same deals against the
// same computer players (the engine's duel_new). The result (marks per
// hand, finish, hints) leaves the phone as a file or a QR code (duel-qr.js)
// and a friend's is compared with it hand by hand; the engine checks both
// and does the comparing. Loaded when a deal set is first started, scanned
// or compared (context/rare.js); what the start form and
// the table show of deal sets is duel-table.js.
import { h } from '../lib/dom.js';
import { formatNumber, t } from '../i18n/i18n.js';
import { ctx, go, m, onError, refusedWith, render, session, shellError } from '../context/context.js';
import { guarded } from '../context/guard.js';
import { sendOut } from '../files/outbound.js';
import { json, readJsonFile, stamp } from '../files/share.js';
import { pick, setLabel } from './duel-table.js';
import { renderCode, scanResult, scanSet, showResultCode, showSetCode } from './duel-qr.js';

// Today's deals: the date as the phone's calendar has it, the same word
// for everyone in the club that day.
export function todaysWord(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// `set`: {set: word} (with the chosen preset and deals) or {scanned: a
// set's QR text}. The engine checks the set before a running game is asked
// about or filed: a refused word or code leaves everything as it was.
export async function startDuel(set) {
  const seats = m().setup.seats ?? [];
  const person = seats.find((s) => s.kind === 'human')?.name || seats[0]?.name || 'Anne';
  const players = [person, ...[2, 3, 4].map((n) => t('duel.bot', { n }))];
  const args = set.scanned != null ? set : { ...pick(m().hello).chosen, ...set };
  const check = await session().query('duel_set', args);
  if (!check.ok) { refusedWith('duel.set.refused', check.error); return null; }
  const { set: word, rules, hands } = check.result;
  return guarded(async () => {
    const r = await session().tableCommand('duel_new', { set: word, rules, hands, players, viewer: 1 }, { fresh: true });
    if (!r.ok) { if (r.error) onError(r.error); return; }
    render();
  });
}

async function exportResult() {
  const r = await session().query('duel_result', {});
  if (!r.ok) { onError(r.error); return; }
  const name = `duell-${r.result.set.replace(/[^\p{L}\p{N}-]+/gu, '_')}-${stamp()}.json`;
  await sendOut(name, json(r.result), { via: 'share', title: t('duel.heading') });
  ctx.app.announce(t('duel.exported', { file: name }));
}

export async function compareWith(file) {
  const read = await readJsonFile(file, 200_000, 'duel.file');
  if (!read.ok) { shellError(read.key); return; }
  await compareResult(read.data);
}

// A friend's result (a file's contents or a result's QR text) beside mine;
// the engine refuses one of another set, or foreign or damaged, in words,
// and the screen stays where it was.
async function compareResult(theirs) {
  const mine = await session().query('duel_result', {});
  if (!mine.ok) { onError(mine.error); return; }
  const r = await session().query('duel_compare', { mine: mine.result, theirs });
  if (!r.ok) { refusedWith('duel.refused', r.error); return; }
  m().duelCompare = r.result;
  go('duel-compare');
}

function lost(row) {
  return row ? formatNumber(row.marks_lost) : '–';
}

export function renderCompare() {
  const cmp = m().duelCompare;
  const friend = cmp.names[1];
  const who = (side) => (side === 'mine' ? t('duel.you') : friend);
  return h('section', { class: 'duel-compare', 'aria-labelledby': 'compare-heading' },
    h('h2', { id: 'compare-heading', text: t('duel.compare.heading', { set: setLabel(cmp.set, cmp.rules, cmp.hands_in_set) }) }),
    h('div', { class: 'list-scroll', role: 'region', tabindex: 0, 'aria-label': t('duel.caption') },
      h('table', { class: 'list compare-table' },
        h('caption', { text: t('duel.caption') }),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('duel.col.hand') }),
          h('th', { scope: 'col', text: t('duel.you') }),
          h('th', { scope: 'col' }, h('bdi', { text: friend })),
          h('th', { scope: 'col', text: t('duel.col.ahead') }))),
        h('tbody', {}, cmp.hands.map((row) => h('tr', { dataset: { hand: row.hand, ahead: row.ahead ?? 'none' } },
          h('th', { scope: 'row', text: String(row.hand) }),
          h('td', { class: 'num mine', text: lost(row.mine) }),
          h('td', { class: 'num theirs', text: lost(row.theirs) }),
          h('td', { class: 'ahead' }, h('bdi', { text: row.ahead ? who(row.ahead) : row.mine && row.theirs ? t('duel.ahead.none') : '' }))))))),
    h('p', { class: 'compare-total', role: 'status', text: t('duel.total', { k: cmp.both_played, a: cmp.marks_lost[0], b: cmp.marks_lost[1], name: friend }) }),
    cmp.finish.map((f, i) => h('p', { class: 'compare-finish', text: t('duel.finish', { name: i ? friend : t('duel.you'), place: f.place, of: f.of, hints: cmp.hints[i] }) })));
}

export function renderCompareControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'duel-back' }, text: t('duel.back') })];
}

// The deal sets' taps, declared by learn.js and answered once this module
// is in (context/taps.js).
export const taps = {
  'duel-today': () => startDuel({ set: todaysWord() }),
  'duel-start': () => {
    const word = document.getElementById('duel-word')?.value ?? '';
    return startDuel({ set: word.trim() ? word : todaysWord() });
  },
  'duel-export': () => exportResult(),
  'duel-back': () => go('game'),
  'duel-qr': () => showSetCode(),
  'duel-rqr': () => showResultCode(),
  'duel-scan': () => scanSet(startDuel),
  'duel-rscan': () => scanResult(compareResult),
};

// Declared by learn.js, drawn once this module is in (context/registry.js).
export const screens = {
  'duel-compare': () => (m().duelCompare ? [renderCompare(), renderCompareControls()] : null),
  'duel-qr': () => (m().duelQr ? [renderCode(), renderCompareControls()] : null),
};
