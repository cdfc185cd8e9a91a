// Deal sets (Duell-Karten, issue 25): a word anyone can type — today's
// date by default — with a preset and a number of deals (eight Rhineland
// ones unless chosen otherwise) gives everyone the same deals against the
// same computer players (the engine's duel_new). The result (marks per
// hand, finish, hints) leaves the phone as a file or a QR code (duel-qr.js)
// and a friend's is compared with it hand by hand; the engine checks both
// and does the comparing.
import { h, pickFile } from '../lib/dom.js';
import { formatNumber, has, t } from '../i18n/i18n.js';
import { ctx, go, m, onError, refusedWith, render, session, shellError } from '../app/context.js';
import { guarded } from '../app/guard.js';
import { sendOut } from '../files/outbound.js';
import { json, readJsonFile, stamp } from '../files/share.js';
import { reviewButton, reviewable } from './review.js';
import { scanResult, scanSet, showResultCode, showSetCode } from './duel-qr.js';

// The engine's offer (hello.duel) until it has said hello.
const FALLBACK = { presets: ['rheinland'], hands: [8], default: { rules: 'rheinland', hands: 8 } };

// Today's deals: the date as the phone's calendar has it, the same word
// for everyone in the club that day.
export function todaysWord(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The preset and number of deals chosen on the start screen (kept in the
// model, so a redraw keeps them); the engine's defaults until changed.
function pick(hello) {
  const offer = hello?.duel ?? FALLBACK;
  m().duelPick ??= { ...offer.default };
  return { offer, chosen: m().duelPick };
}

function presetName(id) {
  return has(`preset.${id}`) ? t(`preset.${id}`) : id;
}

// A set as people name it: its word, and its preset and deals where they
// are not everyone's.
function setLabel(word, rules, hands) {
  const d = FALLBACK.default;
  return [word, rules && rules !== d.rules ? presetName(rules) : null, hands && hands !== d.hands ? t('duel.hands.n', { n: hands }) : null]
    .filter(Boolean).join(' · ');
}

export function duelStartSection({ ready }) {
  const { offer, chosen } = pick(m().hello);
  return h('section', { class: 'record duel', 'aria-labelledby': 'duel-heading' },
    h('h3', { id: 'duel-heading', text: t('duel.heading') }),
    h('p', { class: 'note', text: t('duel.intro', { n: offer.default.hands }) }),
    h('label', { class: 'field' }, h('span', { text: t('duel.word') }),
      h('input', { id: 'duel-word', type: 'text', maxlength: 40, autocomplete: 'off', placeholder: t('duel.word.placeholder') })),
    h('label', { class: 'field' }, h('span', { text: t('duel.rules') }),
      h('select', { id: 'duel-rules', dataset: { duelField: 'rules' } }, offer.presets.map((p) => h('option', { value: p, selected: p === chosen.rules || null,
        text: presetName(p) })))),
    h('label', { class: 'field' }, h('span', { text: t('duel.hands') }),
      h('select', { id: 'duel-hands', dataset: { duelField: 'hands' } }, offer.hands.map((n) => h('option', { value: String(n), selected: n === chosen.hands || null,
        text: n === offer.default.hands ? t('duel.default', { name: String(n) }) : String(n) })))),
    h('div', { class: 'record-buttons' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-today' }, disabled: !ready, text: t('duel.today') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-start' }, disabled: !ready, text: t('duel.start') }),
      navigator.mediaDevices?.getUserMedia ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-scan' }, disabled: !ready,
        text: t('duel.scan') }) : null));
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

export function duelBanner(game) {
  const d = game?.state?.duel;
  if (!d) return null;
  const k = Math.min(d.hands, d.played + (game.state.hand_over ? 0 : 1));
  const set = setLabel(d.set, d.rules, null);
  const total = d.total;
  // Played out: the person's total right under it, at the top of the set's last screen.
  return [h('p', { class: 'banner duel-banner', text: d.over ? t('duel.over', { set })
    : t('duel.banner', { set, k: Math.max(1, k), n: d.hands, code: d.code }) }),
  total ? h('p', { class: 'duel-result', role: 'status', text: t('duel.result', {
    lost: total.marks_lost, k: total.hands, place: total.place, of: total.of, hints: total.hints }) }) : null];
}

// Below a decided hand (and the game's end) of a deal set: the result out,
// a friend's in, and the review.
export function duelTools(game) {
  if (!game?.state?.duel || !game.state.hand_over) return null;
  return h('div', { class: 'tool-row wrap duel-tools' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-export' }, text: t('duel.export') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-rqr' }, text: t('duel.rqr') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-qr' }, text: t('duel.qr') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-compare' }, 'aria-label': t('duel.compare.label'), text: t('duel.compare') }),
    navigator.mediaDevices?.getUserMedia ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-rscan' }, text: t('duel.rscan') }) : null,
    h('input', { type: 'file', hidden: true, accept: 'application/json,.json', dataset: { duelFile: 'true' }, 'aria-label': t('duel.compare.label') }),
    reviewable(game.save) ? reviewButton() : null);
}

// A played-out set is not a finished game to the engine, but nothing is
// dealt after it: the way on is a new setup.
export function duelControls(game) {
  if (!game?.state?.duel?.over || game.state.game_over) return null;
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('btn.setup') })];
}

async function exportResult() {
  const r = await session().query('duel_result', {});
  if (!r.ok) { onError(r.error); return; }
  const name = `duell-${r.result.set.replace(/[^\p{L}\p{N}-]+/gu, '_')}-${stamp()}.json`;
  await sendOut(name, json(r.result), { via: 'share', title: t('duel.heading') });
  ctx.app.announce(t('duel.exported', { file: name }));
}

async function compareWith(file) {
  const read = await readJsonFile(file, 200_000);
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

// Taps of the deal sets; true when handled.
export async function duelAction(action, target) {
  switch (action) {
    case 'duel-today': await startDuel({ set: todaysWord() }); return true;
    case 'duel-start': {
      const word = document.getElementById('duel-word')?.value ?? '';
      await startDuel({ set: word.trim() ? word : todaysWord() });
      return true;
    }
    case 'duel-export': await exportResult(); return true;
    case 'duel-compare': pickFile(target.parentElement?.querySelector('[data-duel-file]')); return true;
    case 'duel-back': go('game'); return true;
    case 'duel-qr': await showSetCode(); return true;
    case 'duel-rqr': await showResultCode(); return true;
    case 'duel-scan': await scanSet(startDuel); return true;
    case 'duel-rscan': await scanResult(compareResult); return true;
    default: return false;
  }
}

export function bootDuel() {
  document.addEventListener('change', (event) => {
    const input = event.target;
    const field = input?.dataset?.duelField;
    if (field) {
      const { chosen } = pick(m().hello);
      chosen[field] = field === 'hands' ? Number(input.value) : input.value;
      return;
    }
    if (!input?.dataset?.duelFile || !input.files?.length) return;
    const file = input.files[0];
    input.value = '';
    compareWith(file).catch(() => shellError('import.unreadable'));
  });
}
