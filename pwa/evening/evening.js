// The regulars' evening wired into the shell in one place: house rules,
// the kitty, the regulars and what the phone keeps. The app
// (app/) asks here for their start-up, and for the terms a table
// started from the form plays under; each declares its own screens
// (context/registry.js), taps and fields (context/taps.js); the
// statistics' scope is the club's to count.
import { bootHouse, playedRules } from './house-rules.js';
import { restoreStakes, stakesFor } from './kitty.js';
import { bootRegulars } from './regulars.js';
import { renderStorage as storageInfo } from '../pages/keep-data.js';
import { renderMove } from './move-section.js';
import './cash-book.js'; // its screen and taps, declared as it loads

export { houseOnRulesPage, houseStartField, loadHouseForRules, rulesChosen } from './house-rules.js';
export { kittyOver, kittyStartField } from './kitty.js';
export { regularsStartField } from './regulars.js';
export { loadStorageInfo } from '../pages/keep-data.js';
export { duelBanner, duelControls, duelStartSection, hintStrip, learnExtras } from '../learn/learn.js';

// The settings' part about what this phone keeps, and the move file.
export function renderStorage() {
  return [storageInfo(), renderMove()];
}

export async function bootEvening() {
  await bootHouse().catch(() => {});
  await bootRegulars().catch(() => {});
}

// The remembered start form's house rules and stakes.
export function restoreEvening(setup, saved) {
  if (typeof saved.house === 'string') setup.house = saved.house;
  setup.stakes = restoreStakes(saved.stakes);
}

export { playedRules };

// What a table started from the form plays under: the chosen house rules'
// rule set and options, and the stakes in cents. → {rules, options, stakes}
// or {error} when a typed amount is no amount.
export function tableTerms(setup) {
  const kitty = stakesFor(setup);
  return kitty.error ? kitty : { ...playedRules(setup), stakes: kitty.stakes };
}
