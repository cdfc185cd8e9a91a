// The screens by name. Each part of the shell declares the screens it draws
// (the club's, the table of phones', the evening's, learning's, the pages'
// and the app's own), and the app draws the one its route names. A name declared
// twice stops the app as its modules load: two parts can never both think
// they answer for one screen.
//
// A rarely used part (the game review, the deal sets, the organiser's
// tournament) comes in a chunk that the first screen does not wait for
// (rare.js): its screens are declared by name with the loading of the
// module that draws them (its `screens`). Such a screen drawn before its module
// is in has nothing to show yet (the app shows that it is loading) and is
// drawn again once it is.

/**
 * What a screen's drawing is told.
 * @typedef {{ready: boolean, failed: boolean, sheet: boolean, mode: string, queued: string | null}} ScreenContext
 */

/**
 * A screen's drawing: its main part and its controls, or null when it has
 * nothing to show now (the app then shows that it is loading).
 * @typedef {(ctx: ScreenContext) => [unknown, unknown] | null} DrawScreen
 */

/**
 * A screen's part, and its drawing; a lazily declared one's `load` brings
 * its drawing in.
 * @typedef {{part: string, draw: DrawScreen | null, load: ((redraw: () => void) => void) | null}} Screen
 */

/** @type {Map<string, Screen>} */
const screens = new Map();

/** @param {string} name @param {string} part */
function claim(name, part) {
  const taken = screens.get(name);
  if (taken) throw new Error(`the screen "${name}" is declared twice: by ${taken.part} and by ${part}`);
}

/**
 * @param {string} part who declares them (said when a name is taken twice)
 * @param {Record<string, DrawScreen>} drawings screen name → its drawing
 */
export function declareScreens(part, drawings) {
  for (const [name, draw] of Object.entries(drawings)) {
    claim(name, part);
    screens.set(name, { part, draw, load: null });
  }
}

/**
 * Screens whose drawings come with a module loaded when one of them is
 * first drawn. A module that cannot be loaded leaves them loading (whoever
 * loads it says why); one that lacks a named screen's drawing is an error.
 * @param {string} part who declares them
 * @param {string[]} names the screens its module draws
 * @param {() => Promise<{screens: Record<string, DrawScreen>}>} load its module
 */
export function declareLazy(part, names, load) {
  /** @type {Promise<void> | null} */
  let loading = null;
  /** @param {() => void} redraw */
  const bringIn = (redraw) => {
    loading ??= load().then((module) => {
      for (const name of names) {
        const draw = module.screens?.[name];
        if (typeof draw !== 'function') throw new Error(`${part} does not draw the screen "${name}"`);
        Object.assign(/** @type {Screen} */ (screens.get(name)), { draw, load: null });
      }
      redraw();
    }, () => {});
  };
  for (const name of names) {
    claim(name, part);
    screens.set(name, { part, draw: null, load: bringIn });
  }
}

/**
 * @param {string} name
 * @param {ScreenContext} ctx
 * @param {() => void} [redraw] draws the route's screen again, once a
 *   lazily declared screen's module is in
 * @returns {[unknown, unknown] | null}
 */
export function drawScreen(name, ctx, redraw = () => {}) {
  const screen = screens.get(name);
  if (screen?.load) screen.load(redraw);
  return screen?.draw?.(ctx) ?? null;
}
