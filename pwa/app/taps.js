// The app's taps and fields: a tap or a field goes to the part of the
// shell that declared its name (context/taps.js); the app declares those of
// its own screens (the table, the scoresheet, a damaged save; the start
// form's fields are start-form.js's). A card is
// tapped by its data-card; a double tap on the table's felt knocks.
import { pickFile } from '../lib/dom.js';
import { getLang, setLang } from '../i18n/i18n.js';
import { takeOver } from '../pages/damaged-save.js';
import { exportRecord, importFile } from '../files/records.js';
import { dropTap, holdTap, togglePeek } from '../table/table.js';
import { offerKnockUndo } from '../table/knock-undo.js';
import { findSheetAction } from '../table/sheet.js';
import { lookUp, showPlayed, showPressed } from '../table/instant.js';
import { knockFeedback } from '../table/sound.js';
import { settings } from '../pages/settings.js';
import { el, model, nextSeed, screenName, session } from './model.js';
import { render } from './draw.js';
import { measureTap, onError, pending } from './state.js';
import { rememberSetup } from './setup.js';
import { queueStart, startNewGame } from './start-form.js';
import { declareFields, declareTaps, fieldHandler, fieldName, tapHandler } from '../context/taps.js';
import { clickOfLift } from './lift.js';

const DOUBLE_TAP_MS = 350;
// A tap's effect waits at most this long for the engine's answer where
// that answer sends the action to the other phones (sendsOnAnswer).
const SHOWN_WITHIN_MS = 100;

let lastTableTap = 0;

export function onClick(event) {
  if (clickOfLift(event)) return;
  const target = event.target.closest('[data-action], [data-card]');
  if (!target) {
    onTableTap(event);
    return;
  }
  if (target.disabled) return;
  const action = target.dataset.action;
  if (model.readOnly && action !== 'take-over' && action !== 'lang') return;
  if (target.dataset.card) {
    tap(event, target, cardActionType(target.dataset.card), target.dataset.card);
    return;
  }
  const answer = tapHandler(action);
  if (answer) answer(target, event);
  else console.error(`no part of the shell answers the tap "${action}"`);
}

declareTaps('app', {
  lang: () => {
    setLang(getLang() === 'de' ? 'en' : 'de');
    // What was last announced stays in the live region for a screen
    // reader to read again: it must not stay in the other language.
    el.announce.textContent = '';
    render();
  },
  setup: () => {
    session?.pause();
    goTo('start');
  },
  continue: () => {
    if (model.game) {
      model.route = 'game';
      model.error = null;
      render();
      session.resume();
    }
  },
  'reload-app': () => location.reload(),
  'new-game': () => {
    if (model.ready) startNewGame();
    else queueStart();
  },
  knock: (target, event) => knock(event),
  'peek-trick': () => {
    togglePeek(model.game.state.view);
    render();
  },
  look: () => session.act('look'),
  hold: (target, event) => tap(event, target, 'hold'),
  pass: (target, event) => tap(event, target, 'pass'),
  other: (target) => {
    const { seat, type, ...rest } = model.game.state.view.legal[Number(target.dataset.index)] ?? {};
    if (type) session.act(type, rest);
  },
  'next-hand': () => session.nextHand(),
  rematch: () => { if (model.ready) rematch(); },
  mode: (target) => {
    model.setup.mode = target.dataset.mode === 'sheet' ? 'sheet' : 'phone';
    render();
    rememberSetup();
  },
  undo: () => { if (model.ready) session.undo(); },
  sheet: (target, event) => {
    const a = findSheetAction(model.game?.state.sheet_legal, target.dataset.seat, target.dataset.act);
    if (a && model.ready) {
      pending.tap = { name: `sheet-${a.type}`, start: event.timeStamp };
      session.sheetAct(a);
    }
  },
  'penalty-menu': (target) => {
    const seat = Number(target.dataset.seat);
    model.penaltyFor = model.penaltyFor === seat ? null : seat;
    render();
  },
  'penalty-close': (target) => {
    model.penaltyFor = null;
    render();
    // The seat's toggle takes over the focus of the vanished button.
    document.querySelector(`[data-action="penalty-menu"][data-seat="${target.dataset.seat}"]`)?.focus({ preventScroll: true });
  },
  export: () => exportRecord(),
  import: () => {
    if (model.ready) pickFile(/** @type {HTMLInputElement} */ (document.getElementById('import-file')));
  },
  'take-phone': () => session.takePhone(),
  'take-over': () => takeOver(),
});

// A screen of the app's own (the start form), focused for the screen
// reader, without an old refusal on it.
function goTo(route) {
  model.route = route;
  model.error = null;
  render();
  el.screen.focus({ preventScroll: true });
}

// The same table again; the finished game is in history already.
async function rematch() {
  const g = model.game;
  const r = await session.tableCommand('rematch', { seed: nextSeed(), viewer: g.viewer ?? null }, { fresh: true });
  if (!r.ok) onError(r.error);
}

// A card tap plays the card, except while the engine offers that card only
// for discarding (the eight-card hands of some variants).
function cardActionType(card) {
  const legal = model.game?.state.view.legal ?? [];
  const offered = (type) => legal.some((a) => a.type === type && a.card === card);
  return offered('discard') && !offered('play') ? 'discard' : 'play';
}

// A knock by double tap says what it did and may be taken back for a moment.
function knock(event, byDoubleTap = false) {
  if (!model.ready) return;
  const button = event.target.closest?.('[data-action="knock"]') ?? document.querySelector('[data-action="knock"]');
  tap(event, button, 'knock').then((taken) => {
    if (taken && byDoubleTap) offerKnockUndo(model.game.state.view.value, render);
  });
}

// A tap the last state can answer is answered within the frame (instant.js);
// the engine still takes it, and its state, once saved, is drawn over the
// pending one. While another answer is on its way the last state may be
// stale, so the tap waits for the engine like any other.
function tap(event, button, type, card = null) {
  pending.tap = { name: type === 'discard' ? 'play' : type, start: event.timeStamp };
  const g = model.game;
  const known = session.inflight === 0 && g?.handoff == null ? lookUp(g?.state, type, card) : null;
  if (known?.refused) {
    measureTap(false);
    onError(known.refused);
    return Promise.resolve(false);
  }
  // The action goes out first (at a table of phones every other phone
  // waits for it), and what the tap shows at once is drawn right after it,
  // in the same task, before the next frame. Where the action leaves this
  // phone only with its engine's answer (a face-down table's, a few
  // milliseconds away), the tap is drawn with that answer: drawn before
  // it, the page held the answer, and every other phone, for a frame on a
  // slow phone. Only an answer late by more than a few frames is not
  // waited for.
  const waits = session.engine.sendsOnAnswer === true;
  let shown = !(known?.legal && button);
  const show = () => {
    if (shown) return;
    shown = true;
    // (A state drawn meanwhile took the tapped card's button away.)
    if (!button.isConnected) return;
    // (Held only where the answer does not take the move.)
    if (waits) holdTap(g.state.view, type, card);
    if (card != null) showPlayed(g.state.view, button, type, card);
    else showPressed(button);
    if (type === 'knock') {
      knockFeedback();
      pending.knockSounded = true;
    }
    measureTap(false);
  };
  const acted = session.act(type, card == null ? {} : { card }, waits ? { held: true } : {}, waits ? show : undefined);
  if (waits) {
    const settled = () => { shown = true; };
    acted.then(settled, settled);
    setTimeout(show, SHOWN_WITHIN_MS);
  } else {
    queueMicrotask(show);
  }
  return acted.then((taken) => {
    // Refused after all (or not sent): the pending effect goes.
    if (!taken && known?.legal) {
      dropTap();
      pending.knockSounded = false;
      render();
    }
    return taken;
  });
}

// Knuckles on the table: a double tap anywhere on the green felt knocks,
// as the players would on wood, on its words (the hand, its value, the
// last knock) and the cards lying on it as on the bare cloth: a thumb
// cannot tell them apart. Off the felt (the seats, the status line, the
// log) two quick taps while reading are no knock. Where the engine lists
// no knock for this viewer a double tap does nothing, as the knock button
// is not offered then: no refusal for a tap nobody meant as a choice. A
// single tap on the felt lets a finished trick go.
function onTableTap(event) {
  if (!model.ready || screenName() !== 'table' || !event.target.closest?.('#table .centre')) return;
  session.hurry();
  if (!settings.doubleTapKnock) return;
  const now = event.timeStamp;
  if (now - lastTableTap < DOUBLE_TAP_MS) {
    lastTableTap = 0;
    if (model.game?.state.view.legal?.some((a) => a.type === 'knock')) knock(event, true);
  } else {
    lastTableTap = now;
  }
}

declareFields('app', {
  // A game or a series from a file (records.js).
  'import:true': (input, committed) => { if (committed) importFile(input); },
});

export function onInput(event) {
  const name = fieldName(event.target);
  if (!name) return;
  const answer = fieldHandler(name);
  if (answer) answer(event.target, event.type === 'change');
  else console.error(`no part of the shell answers the field "${name}"`);
}
