// The regulars' evening wired into the shell in one place: house rules,
// the kitty, the regulars and the move file. The app
// (app/) asks here for their start-up, and for the terms a table
// started from the form plays under; each declares its own screens
// (context/registry.js), taps and fields (context/taps.js); the
// statistics' scope is the club's to count.
import { bootHouse, playedRules } from './house-rules.js';
import { restoreStakes, stakesFor } from './kitty.js';
import { bootRegulars } from './regulars.js';
import './move-section.js'; // its section of the settings and its taps, declared as it loads
export { wipedNotice } from './move-section.js';
import { bootBackup } from './backup-reminder.js';
export { backupOffer } from './backup-reminder.js';
import './cash-book.js'; // its screen and taps, declared as it loads

export { houseStartField, rulesChosen } from './house-rules.js';
export { kittyOver, kittyStartField } from './kitty.js';
export { regularsStartField } from './regulars.js';
export { duelBanner, duelControls, duelStartSection, hintStrip, learnExtras } from '../learn/learn.js';

export async function bootEvening() {
  await bootHouse().catch(() => {});
  await bootRegulars().catch(() => {});
  bootBackup(); // drawn when it is read: the start waits for nothing of it
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
