// The start form's seats: as many as the chosen rules allow, as the engine
// states them. Apart from the form's fields, since the start screen's
// drawing fits them too (app/draw.js) and the fields draw it.
import * as evening from '../evening/evening.js';
import { DEFAULT_NAMES, model } from './model.js';

export function resizeSeats(n) {
  const seats = model.setup.seats.slice(0, n);
  const levels = model.hello?.bot_levels ?? ['easy'];
  const level = levels.includes('easy') ? 'easy' : levels[0];
  while (seats.length < n) seats.push({ name: DEFAULT_NAMES[seats.length] ?? `${seats.length + 1}`, kind: 'bot', level });
  model.setup.seats = seats;
  if (model.setup.dealer > n) model.setup.dealer = n;
}

// Before the engine has said how many may play, the form's widest range.
const FEWEST = 2;
const MOST = 8;

// The player counts the chosen rules allow, as the engine states them
// (`hello`'s players per preset; a house rule set's own where it sets them).
export function seatRange(setup) {
  const { rules, options } = evening.playedRules(setup);
  const preset = model.hello?.players?.[rules];
  return { min: options.min_players ?? preset?.min ?? FEWEST, max: options.max_players ?? preset?.max ?? MOST };
}

// Whatever chose the rules (the rule field, a house rule set, the engine's
// start), the form holds as many seats as they allow.
export function fitSeats() {
  const { min, max } = seatRange(model.setup);
  const n = model.setup.seats.length;
  if (n < min || n > max) resizeSeats(Math.min(Math.max(n, min), max));
}
