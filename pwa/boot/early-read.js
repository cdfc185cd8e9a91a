// The saved game and the preferences the first screen needs, asked of
// IndexedDB as soon as this small module is in: index.html loads it on its
// own (async), so the reads run while the browser still fetches and compiles
// the rest of the shell, instead of after it. app.js takes the answers.
import { checkWiped } from '../store/kept-mark.js';
import { readPreference } from '../store/preferences.js';
import { readGame } from '../store/storage.js';

performance.mark('schraem:reads-asked');
export const earlyReads = {
  // First: whether the browser wiped what the app kept (before anything is written).
  wiped: checkWiped(),
  game: readGame(),
  setup: readPreference('setup'),
  settings: readPreference('settings'),
  hints: readPreference('hints'),
};
// Each read answers whatever storage holds (never throws): this settles.
Promise.all(Object.values(earlyReads)).then(() => performance.mark('schraem:reads-done'));
