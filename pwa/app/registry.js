// The screens by name. Each part of the shell declares the screens it draws
// (the club's, the table of phones', the evening's, learning's and the
// app's own), and the app draws the one its route names. A name declared
// twice stops the app as its modules load: two parts can never both think
// they answer for one screen.

/**
 * What a screen's drawing is told.
 * @typedef {{ready: boolean, failed: boolean, sheet: boolean, mode: string, queued: string | null}} ScreenContext
 */

/**
 * A screen's drawing: its main part and its controls, or null when it has
 * nothing to show now (the app then shows that it is loading).
 * @typedef {(ctx: ScreenContext) => [unknown, unknown] | null} DrawScreen
 */

/** @type {Map<string, {part: string, draw: DrawScreen}>} */
const screens = new Map();

/**
 * @param {string} part who declares them (said when a name is taken twice)
 * @param {Record<string, DrawScreen>} drawings screen name → its drawing
 */
export function declareScreens(part, drawings) {
  for (const [name, draw] of Object.entries(drawings)) {
    const taken = screens.get(name);
    if (taken) throw new Error(`the screen "${name}" is declared twice: by ${taken.part} and by ${part}`);
    screens.set(name, { part, draw });
  }
}

/**
 * @param {string} name
 * @param {ScreenContext} ctx
 * @returns {[unknown, unknown] | null}
 */
export function drawScreen(name, ctx) {
  return screens.get(name)?.draw(ctx) ?? null;
}
