// Learning from the computer wired into the shell in one place:
// the game review, the hint and the deal sets. Their screens are declared
// here; evening.js hands app.js their taps and start-up from here.
import { pickFile } from '../lib/dom.js';
import { reviewButton, reviewable } from './review-words.js';
import { askHint } from './review-hint.js';
import { duelTools, pick } from './duel-table.js';
import { busy, m, shellError } from '../context/context.js';
import { declareLazy } from '../context/registry.js';
import { duel, review } from '../context/rare.js';

export { hintStrip } from './review-hint.js';
export { duelBanner, duelControls, duelStartSection } from './duel-table.js';
export { reviewSummary } from './review-words.js';

// Work on files, codes and the camera shows on <html data-club> like the
// club's, so the page says it is busy until it is done.
function busyWith(work) {
  busy(1);
  work.finally(() => busy(-1));
}

// The review and the deal sets' work come when first needed (context/rare.js).
declareLazy('the game review', ['review'], review);
declareLazy('the deal sets', ['duel-compare', 'duel-qr'], duel);

export function learnAction(action, target) {
  switch (action) {
    case 'review-open': review().then((r) => r.openReview(target.dataset.id ?? null)); return true;
    case 'review-cancel': review().then((r) => r.cancelReview()); return true;
    case 'review-back': review().then((r) => r.closeReview()); return true;
    case 'hint': askHint(); return true;
    // The file picker opens within the tap, as browsers require.
    case 'duel-compare': pickFile(target.parentElement?.querySelector('[data-duel-file]')); return true;
    default: return action?.startsWith('duel-') ? (busyWith(duel().then((d) => d.duelAction(action))), true) : false;
  }
}

// Under a decided hand or a finished game against the computer: the
// review, and a deal set's result tools.
export function learnExtras(game) {
  if (game?.state?.duel) return duelTools(game);
  return reviewable(game?.save) ? reviewButton() : null;
}

// The deal set's preset and number of deals as chosen, and a friend's
// result file to compare with.
export function bootLearn() {
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
    duel().then((d) => d.compareWith(file).catch(() => shellError('import.unreadable')));
  });
}
