// The scoresheet: a hand played with real cards, the phone keeping the chalk.
// Each seat gets buttons for exactly the entries the engine lists for it now
// (state.sheet_legal); the penalties wait behind a second tap so that nobody
// books one by accident. No rule lives here.
import { h } from '../lib/dom.js';
import { has, t } from '../i18n/i18n.js';
import { knollenBadge, marksView } from './cards.js';
import { handKindText, otherLabel, seatMarkers, undoButton } from './table.js';
import { describeLog, nameOf } from './log.js';
import { renderPicker, templateLabel } from './picker.js';

// One key per entry, stable across re-renders (focus and taps find it again).
function actionKey(a) {
  return [a.type, a.kind, a.blind ? 'blind' : null, a.target, a.index, a.card, ...(a.cards ?? [])]
    .filter((x) => x != null).join('-');
}

export function findSheetAction(sheetLegal, seat, key) {
  return (sheetLegal?.[String(seat)] ?? []).find((a) => actionKey(a) === key) ?? null;
}

const MAIN = [
  ['hold', (a) => a.type === 'hold', 'sheet.hold', 'hold'],
  ['pass', (a) => a.type === 'pass', 'sheet.pass', 'pass'],
  ['knock', (a) => a.type === 'knock' && !a.blind, 'sheet.knock', 'knock'],
  ['knockBlind', (a) => a.type === 'knock' && a.blind, 'sheet.knockBlind', 'knock blind'],
  ['win', (a) => a.type === 'win', 'sheet.win', 'win'],
];

// `action` lets the correction editor reuse these controls for its own
// entries (the live sheet's taps are "sheet").
function entryButton(a, seat, text, label, cls, disabled, action = 'sheet') {
  return h('button', {
    type: 'button', class: `entry ${cls}`, disabled, 'aria-label': label,
    dataset: { action, seat, act: actionKey(a) },
  }, text);
}

// Entries that name cards (turn-up, challenge) open the card picker.
function cardEntries(view, p, cards, { ready, picker }) {
  if (!cards?.length) return null;
  return h('div', { class: 'entry-row variant' }, cards.map((tpl, index) => {
    const open = picker?.seat === p.seat && picker.index === index;
    return h('button', {
      type: 'button', class: 'entry other', disabled: !ready, 'aria-expanded': open ? 'true' : 'false',
      dataset: { action: 'pick-open', seat: p.seat, index }, text: templateLabel(view, tpl),
    });
  }));
}

function seatEntries(view, p, legal, { ready, penaltyFor, cards, picker, action }) {
  const disabled = !ready;
  const name = p.name;
  const buttons = [];
  const used = new Set();
  for (const [, match, key, cls] of MAIN) {
    for (const a of legal.filter(match)) {
      used.add(a);
      buttons.push(entryButton(a, p.seat, t(key), t(`${key}.label`, { name }), cls, disabled, action));
    }
  }
  const penalties = legal.filter((a) => a.type === 'penalty');
  // Variant entries (four courts, a fresh deal, …) exactly as the engine
  // lists them, on a row of their own: their labels are long.
  const others = legal.filter((a) => !used.has(a) && a.type !== 'penalty').map((a) => {
    const text = otherLabel(view, a);
    return entryButton(a, p.seat, text, `${name}: ${text}`, 'other', disabled, action);
  });
  const open = penaltyFor === p.seat && penalties.length > 0;
  if (penalties.length) {
    buttons.push(h('button', {
      type: 'button', class: 'entry penalty-toggle', disabled, 'aria-expanded': open ? 'true' : 'false',
      'aria-controls': `penalties-${p.seat}`, 'aria-label': t('sheet.penalty.label', { name }),
      dataset: { action: 'penalty-menu', seat: p.seat },
    }, t('sheet.penalty')));
  }
  const rows = [buttons.length || others.length
    ? h('div', { class: 'entries', role: 'group', 'aria-label': t('sheet.seat.actions', { name }) },
      h('div', { class: 'entry-row' }, buttons),
      others.length ? h('div', { class: 'entry-row variant' }, others) : null)
    : null];
  rows.push(cardEntries(view, p, cards, { ready, picker }));
  const tpl = picker?.seat === p.seat ? cards?.[picker.index] : null;
  if (tpl) rows.push(renderPicker(view, tpl, picker, { ready }));
  if (open) {
    rows.push(h('div', { id: `penalties-${p.seat}`, class: 'penalties', role: 'group', 'aria-label': t('sheet.penalty.group', { name }) },
      penalties.map((a) => {
        const key = `sheet.penalty.${a.kind}`;
        const text = has(key) ? t(key) : a.kind;
        const label = has(`${key}.label`) ? t(`${key}.label`, { name }) : `${name}: ${text}`;
        return entryButton(a, p.seat, text, label, 'penalty', disabled, action);
      }),
      h('button', { type: 'button', class: 'entry cancel', disabled, dataset: { action: 'penalty-close', seat: p.seat },
        text: t('sheet.penalty.cancel') })));
  }
  return rows;
}

function seatCard(view, p, legal, ctx) {
  ctx = { ...ctx, cards: ctx.sheetCards?.[String(p.seat)] ?? [] };
  const toAnswer = view.response?.to_answer === p.seat;
  const { classes, badges } = seatMarkers(view, p, toAnswer, 'sheet-seat');
  return h('li', { class: classes.join(' '), dataset: { seat: p.seat } },
    h('div', { class: 'sheet-line' },
      h('span', { class: 'seat-name' }, h('bdi', { text: p.name })),
      marksView(view, p.tally, 'sheet-marks')),
    h('div', { class: 'seat-info' }, knollenBadge(p.knollen), badges.map((b) => h('span', { class: 'badge', text: b }))),
    seatEntries(view, p, legal, ctx));
}

function sheetStatus(view, sheetLegal) {
  const r = view.response;
  if (r) return t('sheet.status.answer', { name: nameOf(view, r.to_answer) });
  const canKnock = Object.values(sheetLegal ?? {}).some((acts) => acts.some((a) => a.type === 'knock'));
  return canKnock ? t('sheet.status.free') : t('sheet.status.noKnock');
}

export function renderSheet(view, sheetLegal, { ready, penaltyFor, sheetCards = null, picker = null, action = 'sheet', heading = null }) {
  const ctx = { ready, penaltyFor, sheetCards, picker, action };
  const kind = handKindText(view);
  const recent = view.log.slice(-3);
  return h('section', { id: 'sheet', class: 'sheet', 'aria-labelledby': 'sheet-heading' },
    h('div', { class: 'sheet-head' },
      h('div', { class: 'value-line' },
        h('h2', { id: 'sheet-heading', text: heading ?? t('sheet.heading', { hand: view.hand_no }) }),
        h('span', { class: 'dealer-line', text: t('sheet.dealer', { name: nameOf(view, view.dealer) }) })),
      h('strong', { class: 'value', 'aria-label': t('table.value.label', { value: view.value, max: view.max_value }) },
        t('table.value', { value: view.value })),
      kind ? h('p', { class: 'hand-kind', text: kind }) : null,
      // A hammer start value (or a preset's) lifts where the hand begins.
      view.start_value > 1 ? h('p', { class: 'start-value', text: t('sheet.startValue', { n: view.start_value }) }) : null,
      view.knocking && h('p', { class: 'knock-line', text: view.last_knocker
        ? t('table.lastKnock', { name: nameOf(view, view.last_knocker) }) : t('table.noKnock') })),
    h('p', { class: 'status', text: ready ? sheetStatus(view, sheetLegal) : t('status.wait') }),
    h('ol', { class: 'sheet-seats' }, view.players.map((p) => seatCard(view, p, sheetLegal?.[String(p.seat)] ?? [], ctx))),
    recent.length ? h('ol', { class: 'log', 'aria-label': t('log.label') }, recent.map((e) => h('li', { text: describeLog(view, e) }))) : null);
}

export function renderSheetControls({ ready }) {
  return [h('div', { class: 'tool-row' }, undoButton({ ready }, 'wide'))];
}
