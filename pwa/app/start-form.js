// The start form's fields and its start: a game, a series or a set from
// the form, and a start tapped before the engine is up kept until it is.
// Its club fields (the format, the games of a series) are the club's, its
// house rules and stakes the evening's (context/taps.js).
import { t } from '../i18n/i18n.js';
import { dealerLabel } from '../table/screens.js';
import { startTable } from '../club/club.js';
import * as evening from '../evening/evening.js';
import { model, nextSeed } from './model.js';
import { render } from './draw.js';
import { onError } from './state.js';
import { declareFields } from '../context/taps.js';
import { rememberSetup } from './setup.js';
import { resizeSeats } from './seats.js';

// A seat's name is kept as typed; the other choices are drawn and kept at once.
function chosen(change) {
  return (target) => {
    change(target, model.setup);
    render();
    rememberSetup();
  };
}

declareFields('app', {
  name: (target, committed) => {
    const s = model.setup;
    s.seats[Number(target.dataset.seat)].name = target.value;
    if (!committed) return;
    // A name is committed as the focus leaves it, for the next field: a
    // redraw now would replace that field and the keyboard would close
    // with nothing typed in it. Only the dealer list shows the names.
    document.querySelectorAll('[data-field="dealer"] option').forEach((o, i) => {
      if (s.seats[i]) o.textContent = dealerLabel(s.seats[i], i);
    });
    rememberSetup();
  },
  who: chosen((target, s) => {
    const seat = Number(target.dataset.seat);
    const [kind, level] = target.value.split(':');
    s.seats[seat] = kind === 'human' ? { name: s.seats[seat].name, kind } : { name: s.seats[seat].name, kind, level };
  }),
  count: chosen((target) => resizeSeats(Number(target.value))),
  rules: chosen((target, s) => {
    // Another rule set is not the chosen house rules any more.
    evening.rulesChosen(s, target.value);
    s.rules = target.value;
  }),
  dealer: chosen((target, s) => { s.dealer = Number(target.value); }),
});

// A table of phones this phone is at is left only once the guard has asked
// (context/guard.js): replacing the game ends it for the other phones too.
export async function startNewGame() {
  const s = model.setup;
  const sheet = s.mode === 'sheet';
  const players = s.seats.map((p, i) => {
    const name = p.name.trim() || t('start.name.default', { seat: i + 1 });
    return p.kind === 'human' || sheet ? { name, kind: 'human' } : { name, kind: 'bot', level: p.level };
  });
  // The chosen house rules and the stakes; an amount that is none is said before anything starts.
  const { error, rules, options, stakes } = evening.tableTerms(s);
  if (error) { onError(error); return; }
  if (sheet) {
    // Real cards: nobody's hand is on the phone, so it shows the public view.
    await startTable(s, { players, rules, options, stakes, dealer: s.dealer, seed: nextSeed(), viewer: null, real_cards: true });
    return;
  }
  const humans = players.map((p, i) => (p.kind === 'human' ? i + 1 : null)).filter((x) => x != null);
  // Several humans: nobody holds the phone yet, so the first one due gets it
  // handed over and nobody else sees that hand.
  const viewer = humans.length === 1 ? humans[0] : null;
  // A game, a series or a set, asked first if something runs (club.js).
  await startTable(s, { players, rules, options, stakes, dealer: s.dealer, seed: nextSeed(), viewer });
}

// Work asked for before the engine was up waits for it (a move file read
// on a phone's first visit): → true once it is up, false if it failed.
const readyWaiters = [];

export function whenReady() {
  if (model.ready) return Promise.resolve(true);
  if (model.failed) return Promise.resolve(false);
  return new Promise((resolve) => { readyWaiters.push(resolve); });
}

export function settleReady(up) {
  for (const resolve of readyWaiters.splice(0)) resolve(up);
}

// A tap on "start" before Python is up is kept, not refused: the game starts
// as soon as the engine does, and a wait longer than a glance says why.
const SLOW_MS = 300;

let slowTimer = null;

export function queueStart() {
  if (model.queued) return;
  model.queued = 'queued';
  slowTimer = setTimeout(() => { model.queued = 'waiting'; render(); }, SLOW_MS);
  render();
}

export function startQueued(engineUp) {
  if (!model.queued) return;
  clearTimeout(slowTimer);
  model.queued = null;
  if (engineUp && model.route === 'start') startNewGame();
  else render();
}
