// What of the game review shows outside it: the button that opens it (for
// a game that can be reviewed), a kept review's line in the history, and
// the words for the engine's figures that the hint shares with it. The
// review itself (review.js) is loaded when it is first opened.
import { h } from '../lib/dom.js';
import { formatNumber, t } from '../i18n/i18n.js';
import { cardName } from '../table/cards.js';

// The unit the sheet counts in: Schräm, or points where they are counted up.
export function unitWord(tally) {
  return t(tally === 'points' ? 'review.unit.points' : 'review.unit.marks');
}

export function marks(n) {
  return formatNumber(Math.round(n * 10) / 10);
}

export function percent(p) {
  return p == null ? '–' : `${formatNumber(Math.round(p * 100))} %`;
}

// A choice as words: "Passen", "Herz Zehn spielen".
export function choiceText(choice) {
  if (/^(10|[7-9AKQJ])[CSHD]$/.test(choice)) return t('review.choice.card', { card: cardName(choice) });
  return t(`review.choice.${choice}`);
}

// Whether a game can be reviewed: dealt cards (not a scoresheet), a person
// at the table and a hand played; an imported record qualifies too.
export function reviewable(save) {
  const seats = save?.table?.players ?? [];
  return Boolean(save?.record?.hands?.some((hd) => hd.actions?.length)) && !save?.table?.real_cards
    && !save?.record?.hands?.some((hd) => hd.deal === null) && seats.some((p) => p.kind === 'human');
}

export function reviewButton(extra = {}) {
  return h('button', { type: 'button', class: 'secondary', dataset: { action: 'review-open', ...extra },
    'aria-label': t('review.open.label'), text: t('review.open') });
}

// A history entry's line about its kept review.
// A review made between hands says up to which hand it goes.
export function reviewSummary(entry) {
  const r = entry?.review;
  if (!r || typeof r.cost !== 'number') return null;
  const vars = { cost: marks(r.cost), unit: unitWord(r.tally), hand: r.hands?.length ?? 0 };
  const upTo = (r.hands?.length ?? 0) < (entry.save?.record?.hands?.length ?? 0);
  return h('p', { class: 'summary review-summary', text: t(upTo ? 'review.summary.upto' : 'review.summary', vars) });
}
