// The game review (Spielanalyse): the engine weighs a person's
// decisions one at a time in the worker (review_start, then review_step
// until done), so the page shows a progress bar and the table stays free
// between steps. The shell only words the engine's figures and reasons;
// a finished review is kept with its game in the history — a review between
// two hands too: the game in play is filed as running with it. Loaded
// when the review is first opened (context/rare.js); the button
// that opens it and the words the hint shares are review-words.js.
import { h } from '../lib/dom.js';
import { both, errorText, t } from '../i18n/i18n.js';
import { cardName } from '../table/cards.js';
import { c, go, m, render, session } from '../context/context.js';
import * as history from '../store/history.js';
import { keepReviewed, tableEntryId } from '../context/guard.js';
import { choiceText, marks, percent, unitWord } from './review-words.js';

// Always the same seed: two phones show the same review of the same game.
const REVIEW_SEED = 0;

function state() {
  m().review ??= { run: 0, progress: null, result: null, error: null, back: 'game', entryId: null, stored: null };
  return m().review;
}

export function reasonText(r) {
  if (!r) return '';
  const vars = {
    chance: percent(r.chance), value: r.value, pass: r.pass_costs, chanceBest: percent(r.chance_best), chanceCard: percent(r.chance_card),
    best: r.best ? cardName(r.best) : '', card: r.card ? cardName(r.card) : '', keeper: r.keeper ? cardName(r.keeper) : '',
    beaters: (r.beaters ?? []).map(cardName).join(', '), raiserLoss: r.raiser_loss,
  };
  return t(`review.reason.${r.code}`, vars);
}

// The seat a review is about: the person holding the phone, else the
// first person at the table (against the computer there is one).
function personSeat(save, viewer = null) {
  const seats = save?.table?.players ?? [];
  if (viewer != null && seats[viewer - 1]?.kind === 'human') return viewer;
  const i = seats.findIndex((p) => p.kind === 'human');
  return i < 0 ? 1 : i + 1;
}

// The game in play (after a hand or the game), or a kept history entry.
export async function openReview(entryId = null) {
  const st = state();
  let save;
  let viewer = null;
  let back = 'game';
  let e = null;
  if (entryId) {
    e = await history.entry(entryId).catch(() => null);
    save = e?.save;
    back = 'history';
  } else {
    save = m().game?.save;
    viewer = m().game?.viewer ?? null;
    // Kept before (this game, up to this hand): shown, not weighed again.
    const id = save ? tableEntryId() : null;
    e = id ? await history.entry(id).catch(() => null) : null;
  }
  if (!save) return;
  if (e?.review && history.reviewCovers(e.review, e.save?.record, save.record)) {
    Object.assign(st, { result: e.review, progress: null, error: null, back, entryId, stored: null });
    go('review');
    return;
  }
  const run = ++st.run;
  Object.assign(st, { result: null, progress: { weighed: 0, total: null }, error: null, back, entryId, stored: null,
    name: save.record.players?.[personSeat(save, viewer) - 1]?.name ?? '' });
  go('review');
  const started = await session().query('review_start', { record: save.record, seat: personSeat(save, viewer), seed: REVIEW_SEED });
  if (run !== st.run) return;
  if (!started.ok) { st.error = started.error; st.progress = null; render(); return; }
  st.progress = { weighed: 0, total: started.result.total };
  render();
  let step = started.result;
  while (!step.done) {
    // One decision per request: a table command or a tap's reply is never
    // stuck behind the whole review.
    const r = await session().query('review_step', { count: 1 });
    if (run !== st.run) return;
    if (!r.ok) { st.error = r.error; st.progress = null; render(); return; }
    step = r.result;
    st.progress = { weighed: step.weighed, total: step.total };
    if (m().route === 'review') render();
  }
  st.result = step.result ?? null;
  st.progress = null;
  await keepReview(st, save);
  if (run === st.run && m().route === 'review') render();
}

// Kept with the game's history entry: the one opened, or the entry of the
// table in play (filed now if it is still going on).
async function keepReview(st, save) {
  if (!st.result) return;
  try {
    st.stored = st.entryId ? await history.amend(st.entryId, save.record, { review: st.result })
      : await keepReviewed(save.record, st.result);
  } catch {
    st.stored = false;
  }
}

export function cancelReview() {
  const st = state();
  st.run += 1;
  st.progress = null;
  st.error = { cancelled: true, ...both('review.cancelled') };
  session().query('review_cancel', {});
  render();
}

function decisionItem(e, unit) {
  const costly = e.reason != null;
  return h('li', { class: `review-decision ${costly ? 'costly' : 'fine'}`, dataset: { hand: e.hand, index: e.index, kind: e.kind } },
    h('p', { class: 'review-kind' }, h('strong', { text: t(`review.kind.${e.kind}`) }),
      e.severity && costly ? h('span', { class: `badge severity-${e.severity}`, text: t(`review.severity.${e.severity}`) }) : null,
      e.hinted ? h('span', { class: 'badge hinted', text: t('review.hinted') }) : null),
    e.my_cards ? h('p', { class: 'review-cards', text: e.my_cards.map(cardName).join(' · ') }) : null,
    costly ? [h('p', { class: 'review-saved', text: t('review.saved', { best: choiceText(e.best), cost: marks(e.cost), unit }) }),
      h('p', { class: 'review-chose', text: t('review.chose', { chosen: choiceText(e.chosen) }) }),
      h('p', { class: 'review-reason', text: reasonText(e.reason) })]
      : h('p', { class: 'review-fine', text: t('review.fine', { chosen: choiceText(e.chosen) }) }));
}

// A decision's kind ahead of what it cost: a question ("Klopfen?") needs
// no colon after it.
function kindLead(kind) {
  const words = t(`review.kind.${kind}`);
  return /[?:]$/.test(words) ? words : `${words}:`;
}

function renderResult(res) {
  const unit = unitWord(res.tally);
  // Hand, moment, kind and target: two challenges weighed at one moment differ in their target only.
  const key = (e) => `${e.hand}:${e.index}:${e.kind}:${e.target ?? ''}`;
  const byKey = new Map(res.hands.flatMap((hd) => hd.decisions).map((e) => [key(e), e]));
  const worst = res.worst.map((w) => byKey.get(key(w))).filter(Boolean);
  return [
    h('p', { class: 'review-total', role: 'status', text: worst.length ? t('review.total', { cost: marks(res.cost), unit }) : t('review.total.none') }),
    res.total === 0 ? h('p', { class: 'note', text: t('review.none') }) : null,
    worst.length ? h('section', { class: 'review-worst', 'aria-labelledby': 'review-worst-heading' },
      h('h3', { id: 'review-worst-heading', text: t('review.worst') }),
      h('ol', {}, worst.map((e) => h('li', { class: 'worst-item' },
        h('strong', { text: `${t('review.hand', { hand: e.hand })} · ${kindLead(e.kind)} ` }),
        t('review.saved', { best: choiceText(e.best), cost: marks(e.cost), unit }), ' ', reasonText(e.reason))))) : null,
    res.hands.map((hd) => h('section', { class: 'review-hand', dataset: { hand: hd.hand }, 'aria-labelledby': `review-hand-${hd.hand}` },
      h('h3', { id: `review-hand-${hd.hand}`, text: t('review.hand', { hand: hd.hand }) }),
      h('p', { class: 'review-hand-cost', text: hd.finished ? t('review.hand.lost', { lost: hd.marks_lost, cost: marks(hd.cost), unit })
        : t('review.hand.open', { cost: marks(hd.cost), unit }) }),
      hd.decisions.length ? h('ol', { class: 'review-decisions' }, hd.decisions.map((e) => decisionItem(e, unit))) : null)),
  ];
}

export function renderReview() {
  const st = state();
  const p = st.progress;
  return h('section', { class: 'review', 'aria-labelledby': 'review-heading', 'aria-busy': p ? 'true' : 'false' },
    h('h2', { id: 'review-heading', text: t('review.heading') }),
    h('p', { class: 'note', text: t('review.intro', { name: st.name ?? st.result?.name ?? '' }) }),
    p ? h('div', { class: 'review-progress' },
      h('progress', { max: p.total ?? 1, value: p.total ? p.weighed : 0, 'aria-label': t('review.progress.label') }),
      h('p', { role: 'status', text: t('review.progress', { k: Math.min(p.weighed + 1, p.total ?? 1), n: p.total ?? '…' }) })) : null,
    st.error ? h('p', { class: 'notice', role: 'alert', text: st.error.cancelled ? errorText(st.error) : t('review.failed', { detail: errorText(st.error) }) }) : null,
    st.result ? renderResult(st.result) : null,
    st.stored === true ? h('p', { class: 'kept', role: 'status', text: t('review.kept') }) : null,
    st.stored === false ? h('p', { class: 'notice', text: t('review.stored.failed') }) : null);
}

export function renderReviewControls() {
  const st = state();
  return [st.progress ? h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'review-cancel' }, text: t('review.cancel') })) : null,
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'review-back' }, text: t('review.back') })];
}

export async function closeReview() {
  const st = state();
  if (st.progress) cancelReview();
  if (st.back !== 'history') { go('game'); return; }
  // The list again from disk: it shows the review just kept.
  c().history = await history.entries().catch(() => c().history);
  go('history');
}

// Declared by learn.js, drawn once this module is in (context/registry.js).
export const screens = {
  review: () => [renderReview(), renderReviewControls()],
};
