// The regulars' evening wired into the shell in one place: house rules,
// the kitty, the regulars and what the phone keeps. The app
// (app/) asks here for their fields, taps and start-up, and for the terms a table
// started from the form plays under; each declares its own screens
// (context/registry.js); the statistics' scope is the club's to count.
import { pickFile } from '../lib/dom.js';
import { bootHouse, houseAction, houseField, playedRules } from './house-rules.js';
import { kittyAction, kittyField, restoreStakes, stakesFor } from './kitty.js';
import { bootRegulars, regularsAction, regularsField } from './regulars.js';
import { renderStorage as storageInfo, storageAction } from '../pages/keep-data.js';
import { renderMove, work } from './move-section.js';
import { cashBookAction } from './cash-book.js';
import { bootLearn, learnAction } from '../learn/learn.js';
import { moveFile } from '../context/rare.js';

export { houseOnRulesPage, houseStartField, loadHouseForRules } from './house-rules.js';
export { kittyOver, kittyStartField } from './kitty.js';
export { regularsStartField } from './regulars.js';
export { loadStorageInfo } from '../pages/keep-data.js';
export { duelBanner, duelControls, duelStartSection, hintStrip, learnExtras } from '../learn/learn.js';

// The settings' part about what this phone keeps, and the move file.
export function renderStorage() {
  return [storageInfo(), renderMove()];
}

// The move file's work comes when a file is first written or taken in
// (context/rare.js); the file picker opens within the tap, as browsers require.
function moveAction(action) {
  if (action === 'move-export') { work(() => moveFile().then((f) => f.exportMove())); return true; }
  if (action === 'move-import') {
    pickFile(/** @type {HTMLInputElement} */ (document.getElementById('move-file')));
    return true;
  }
  return false;
}

function moveField(target, committed) {
  if (target.dataset.field !== 'move-file') return false;
  const file = target.files?.[0];
  if (committed && file) {
    target.value = ''; // the same file may be chosen again
    work(() => moveFile().then((f) => f.importMove(file)));
  }
  return true;
}

export function eveningField(target, committed) {
  return houseField(target, committed) || kittyField(target, committed) || regularsField(target, committed) || moveField(target, committed);
}

export function eveningAction(action, target) {
  return houseAction(action) || kittyAction(action) || regularsAction(action, target) || storageAction(action) || moveAction(action)
    || cashBookAction(action, target) || learnAction(action, target);
}

export async function bootEvening() {
  await bootHouse().catch(() => {});
  await bootRegulars().catch(() => {});
  bootLearn();
}

// The remembered start form's house rules and stakes.
export function restoreEvening(setup, saved) {
  if (typeof saved.house === 'string') setup.house = saved.house;
  setup.stakes = restoreStakes(saved.stakes);
}

// What a table started from the form plays under: the chosen house rules'
// rule set and options, and the stakes in cents. → {rules, options, stakes}
// or {error} when a typed amount is no amount.
export function tableTerms(setup) {
  const kitty = stakesFor(setup);
  return kitty.error ? kitty : { ...playedRules(setup), stakes: kitty.stakes };
}
