// Learning from the computer wired into the shell in one place:
// the game review, the hint and the deal sets. Their screens, taps and
// fields are declared here, the rarely used ones answered once their
// module is in.
import { pickFile } from '../lib/dom.js';
import { reviewButton, reviewable } from './review-words.js';
import { askHint } from './review-hint.js';
import { duelTools, pick } from './duel-table.js';
import { busy, m, shellError } from '../context/context.js';
import { declareLazy } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
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

declareTaps('the game review', {
  'review-open': (target) => review().then((r) => r.openReview(target.dataset.id ?? null)),
  'review-cancel': () => review().then((r) => r.cancelReview()),
  'review-back': () => review().then((r) => r.closeReview()),
  hint: () => askHint(),
});

// A deal set's tap, answered by its module (duel.js `taps`) once it is in.
function duelTap(name) {
  return () => busyWith(duel().then((d) => {
    const answer = d.taps[name];
    if (!answer) throw new Error(`the deal sets do not answer the tap "${name}"`);
    return answer();
  }));
}

declareTaps('the deal sets', {
  // The file picker opens within the tap, as browsers require.
  'duel-compare': (target) => pickFile(target.parentElement?.querySelector('[data-duel-file]')),
  'duel-today': duelTap('duel-today'),
  'duel-start': duelTap('duel-start'),
  'duel-export': duelTap('duel-export'),
  'duel-back': duelTap('duel-back'),
  'duel-qr': duelTap('duel-qr'),
  'duel-rqr': duelTap('duel-rqr'),
  'duel-scan': duelTap('duel-scan'),
  'duel-rscan': duelTap('duel-rscan'),
});

// The deal set's preset and number of deals as chosen, and a friend's
// result file to compare with; taken once the engine is up. The set's word
// is kept as it is typed, engine or not.
declareFields('the deal sets', {
  'duel-field:word': (input) => { m().duelWord = input.value; },
  'duel-field:rules': (input, committed) => { if (committed && m().ready) pick(m().hello).chosen.rules = input.value; },
  'duel-field:hands': (input, committed) => { if (committed && m().ready) pick(m().hello).chosen.hands = Number(input.value); },
  'duel-file:true': (input, committed) => {
    if (!committed || !m().ready || !input.files?.length) return;
    const file = input.files[0];
    input.value = '';
    duel().then((d) => d.compareWith(file).catch(() => shellError('import.unreadable')));
  },
});

// Under a decided hand or a finished game against the computer: the
// review, and a deal set's result tools.
export function learnExtras(game) {
  if (game?.state?.duel) return duelTools(game);
  return reviewable(game?.save) ? reviewButton() : null;
}
