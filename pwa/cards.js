// How a card and a tally of marks look; rules never live here.
import { h } from './dom.js';
import { t } from './i18n.js';

const SYMBOL = { C: '♣', S: '♠', H: '♥', D: '♦' };

export function parseCard(text) {
  const m = /^(10|[2-9AKQJ])([CSHD])$/.exec(text);
  return m ? { rank: m[1], suit: m[2] } : { rank: text, suit: '' };
}

export function cardName(text) {
  const { rank, suit } = parseCard(text);
  return t('card.name', { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
}

// Court cards use the local letters (German packs print B and D).
function shortRank(rank) {
  return /^[AKQJ]$/.test(rank) ? t(`short.${rank}`) : rank;
}

export function cardFace(text, extraClass = '') {
  const { rank, suit } = parseCard(text);
  const red = suit === 'H' || suit === 'D';
  return h('span', { class: `face ${red ? 'red' : 'black'} ${extraClass}`.trim(), 'aria-hidden': 'true' },
    h('span', { class: 'rank', text: shortRank(rank) }),
    h('span', { class: 'suit', text: SYMBOL[suit] || '' }));
}

// Chalk strokes as a pub slate shows them: one stroke per mark still held.
export function chalk(marks, extraClass = '') {
  const n = Math.max(0, marks | 0);
  return h('span', { class: `chalk ${extraClass}`.trim(), role: 'img', 'aria-label': t('table.marks', { marks: n }) },
    n ? '/'.repeat(n) : '–');
}
