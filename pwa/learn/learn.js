// Learning from the computer (issue 25) wired into the shell in one place:
// the game review, the hint and the deal sets. Their screens are declared
// here; evening.js hands app.js their taps and start-up from here.
import { closeReview, cancelReview, openReview, renderReview, renderReviewControls, reviewButton, reviewable } from './review.js';
import { askHint } from './review-hint.js';
import { bootDuel, duelAction, duelTools, renderCompare, renderCompareControls } from './duel.js';
import { renderCode } from './duel-qr.js';
import { busy, m } from '../app/context.js';
import { declareScreens } from '../app/registry.js';

export { hintStrip } from './review-hint.js';
export { duelBanner, duelControls, duelStartSection } from './duel.js';
export { reviewSummary } from './review.js';

// Work on files, codes and the camera shows on <html data-club> like the
// club's, so the page says it is busy until it is done.
function busyWith(work) {
  busy(1);
  work.finally(() => busy(-1));
}

declareScreens('learning from the computer', {
  review: () => [renderReview(), renderReviewControls()],
  'duel-compare': () => (m().duelCompare ? [renderCompare(), renderCompareControls()] : null),
  'duel-qr': () => (m().duelQr ? [renderCode(), renderCompareControls()] : null),
});

export function learnAction(action, target) {
  switch (action) {
    case 'review-open': openReview(target.dataset.id ?? null); return true;
    case 'review-cancel': cancelReview(); return true;
    case 'review-back': closeReview(); return true;
    case 'hint': askHint(); return true;
    default: return action?.startsWith('duel-') ? (busyWith(duelAction(action, target)), true) : false;
  }
}

// Under a decided hand or a finished game against the computer: the
// review, and a deal set's result tools.
export function learnExtras(game) {
  if (game?.state?.duel) return duelTools(game);
  return reviewable(game?.save) ? reviewButton() : null;
}

export function bootLearn() {
  bootDuel();
}
