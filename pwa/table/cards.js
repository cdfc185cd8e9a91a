// How a card and a tally of marks look; rules never live here.
import { h, svg } from '../lib/dom.js';
import { t, tn } from '../i18n/i18n.js';

const SYMBOL = { C: '♣', S: '♠', H: '♥', D: '♦' };

function parseCard(text) {
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
  // The count beside the strokes (drawn by style.css from data-n): seven
  // strokes are easy to miscount in a dark pub.
  return h('span', { class: `chalk ${extraClass}`.trim(), role: 'img', 'aria-label': tn('table.marks', n, { marks: n }), dataset: { n } },
    n ? '/'.repeat(n) : '–');
}

// The pips of a die face 1..6 on a 3 x 3 grid (cells numbered 1..9).
const PIPS = { 1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

// A Roman XII chalked in 6 lines (bars above and below, the X, two I); every
// mark lost crosses it out once more, so a glance says how far it is gone.
function romanTwelve(marks, max) {
  const lost = Math.min(max, Math.max(0, max - marks));
  const lines = [[4, 4, 60, 4], [4, 36, 60, 36], [10, 8, 30, 32], [30, 8, 10, 32], [42, 8, 42, 32], [54, 8, 54, 32]]
    .map(([x1, y1, x2, y2]) => svg('line', { x1, y1, x2, y2, class: 'stroke' }));
  const step = max > 1 ? 52 / (max - 1) : 0;
  const crosses = Array.from({ length: lost }, (_, k) => {
    const x = 2 + k * step;
    return svg('line', { x1: x, y1: 38, x2: x + 10, y2: 2, class: 'cross' });
  });
  return [svg('svg', { viewBox: '0 0 64 40', width: 48, height: 30, 'aria-hidden': 'true', focusable: 'false' }, lines, crosses),
    h('span', { class: 'marks-left', 'aria-hidden': 'true', text: t('marks.left', { n: marks }) })];
}

// How one player's standing is chalked, as the engine reads it (view.tally
// says what the number is: marks left or points counted up; null where the
// format keeps none) and as the table's variant draws it (view.marks_display):
// strokes left (///////), points, a Roman XII crossed out, matches, or a die.
export function marksView(view, tally, extraClass = '') {
  if (view?.tally == null) return null;
  const n = Math.max(0, tally | 0);
  const max = view?.start_marks ?? 7;
  const cls = (kind) => `chalk ${kind} ${extraClass}`.trim();
  if (view.tally === 'points') {
    const points = n;
    return h('span', { class: cls('points'), role: 'img', 'aria-label': t('marks.points.label', { n: points, max }) },
      h('span', { class: 'strokes', 'aria-hidden': 'true', text: points ? '/'.repeat(points) : '–' }),
      h('span', { class: 'unit', 'aria-hidden': 'true', text: tn('marks.points', points) }));
  }
  switch (view?.marks_display) {
    case 'roman_xii':
      return h('span', { class: cls('roman'), role: 'img', 'aria-label': tn('marks.roman.label', n, { lost: Math.max(0, max - n), max }) },
        romanTwelve(n, max));
    case 'matches':
      return h('span', { class: cls('matches'), role: 'img', 'aria-label': tn('marks.matches.label', n) },
        n ? Array.from({ length: n }, () => h('span', { class: 'match' })) : '–');
    case 'die':
      if (n >= 1 && n <= 6) {
        return h('span', { class: cls('die'), role: 'img', 'aria-label': tn('marks.die.label', n) },
          Array.from({ length: 9 }, (_, i) => h('span', { class: PIPS[n].includes(i + 1) ? 'pip on' : 'pip' })));
      }
      return chalk(n, extraClass);
    default:
      return chalk(n, extraClass);
  }
}

export function knollenBadge(n) {
  return n > 0 ? h('span', { class: 'badge knollen', text: tn('knollen', n) }) : null;
}
