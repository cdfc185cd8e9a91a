// The card picker of the scoresheet: a turn-up names the card that came up,
// a challenge the cards uncovered. The engine offers these entries as
// templates (state.sheet_cards: how many cards, out of which); the picker
// only collects the cards and hands back the finished action.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { cardFace, cardName } from './cards.js';
import { nameOf } from './log.js';

export function templateLabel(view, tpl) {
  const name = nameOf(view, tpl.target);
  return tpl.type === 'turn' ? t('pick.turn', { name }) : t('pick.challenge', { name, n: tpl.count });
}

export function actionFrom(tpl, chosen) {
  if (tpl.type === 'turn') return { seat: tpl.seat, type: 'turn', target: tpl.target, card: chosen[0] };
  return { seat: tpl.seat, type: 'challenge', target: tpl.target, cards: [...chosen] };
}

// picker: {seat, index, chosen: [cards]}
export function renderPicker(view, tpl, picker, { ready }) {
  const chosen = new Set(picker.chosen);
  const full = picker.chosen.length === tpl.count;
  const question = tpl.type === 'turn' ? t('pick.turn.question', { name: nameOf(view, tpl.target) })
    : t('pick.challenge.question', { name: nameOf(view, tpl.target), n: tpl.count });
  return h('div', { class: 'picker', role: 'group', id: `picker-${tpl.seat}`, 'aria-labelledby': `picker-q-${tpl.seat}` },
    h('p', { class: 'picker-question', id: `picker-q-${tpl.seat}`, text: question }),
    h('p', { class: 'picker-count', 'aria-live': 'polite', text: t('pick.count', { k: picker.chosen.length, n: tpl.count }) }),
    h('div', { class: 'picker-cards' }, tpl.choices.map((card) => h('button', {
      type: 'button', class: `pick${chosen.has(card) ? ' chosen' : ''}`, disabled: !ready || (full && !chosen.has(card) && tpl.count > 1),
      'aria-pressed': chosen.has(card) ? 'true' : 'false',
      dataset: { action: 'pick-card', value: card },
    }, cardFace(card), h('span', { class: 'sr-text', text: cardName(card) })))),
    h('div', { class: 'entry-row' },
      h('button', { type: 'button', class: 'entry win', disabled: !ready || !full, dataset: { action: 'pick-done' }, text: t('pick.done') }),
      h('button', { type: 'button', class: 'entry cancel', dataset: { action: 'pick-cancel' }, text: t('pick.cancel') })));
}

// A tap on a card: a turn takes one card (a second tap swaps it), a
// challenge collects up to its count.
export function toggleCard(picker, tpl, card) {
  const chosen = picker.chosen.filter((c) => c !== card);
  if (chosen.length === picker.chosen.length) {
    if (tpl.count === 1) return { ...picker, chosen: [card] };
    if (chosen.length < tpl.count) chosen.push(card);
  }
  return { ...picker, chosen };
}
