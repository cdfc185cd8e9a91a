// What an accepted state and a refusal do to the app: the model takes the
// state (the route, the next dealer, the refusal shown or dropped), the
// club and the table of phones see it, and it is drawn, sounded and said
// to a screen reader; a refusal is shown and buzzed. Taps are measured
// here from the input to the frame that shows them.
import { t } from '../i18n/i18n.js';
import { readPreference } from '../store/preferences.js';
import { isSheet } from '../bridge/session.js';
import { describeLog, nameOf } from '../table/log.js';
import { clearKnockUndo } from '../table/knock-undo.js';
import { heldTap } from '../table/table.js';
import { errorBuzz, knockFeedback } from '../table/sound.js';
import { settings } from '../pages/settings.js';
import { afterState } from '../club/club.js';
import { phoneTableState } from '../phone/phone-table.js';
import { model, playerNames, screenName } from './model.js';
import { announce, keepPreference, render, showMessage } from './draw.js';
import { rememberTable } from './setup.js';

const ERROR_MS = 5000;

// The tap being measured (measureTap), and whether a knock tapped has
// already sounded: the engine's state must not sound it again.
export const pending = { tap: null, knockSounded: false };

function newLogEntries(prev, next) {
  const a = prev?.state.view;
  const b = next.state.view;
  if (!a || a.hand_no !== b.hand_no) return b.log.filter((e) => e.auto);
  return b.log.slice(a.log.length);
}

export function onState(game, previous, info) {
  model.game = game;
  // A reply that lands while the player looks at the setup screen must not
  // pull them back to the table.
  if (info.fresh) model.route = 'game';
  if (info.fresh) rememberTable(game);
  // A new game set up after this one is dealt first by whom the engine says.
  const nextDealer = game.state.view.next_game_dealer;
  if (nextDealer != null) model.setup.dealer = nextDealer;
  // A refusal stays until the player acts again, or until the table has
  // moved on long enough that it no longer describes the position.
  if (info.by != null || info.fresh || info.loaded || performance.now() - model.errorAt > ERROR_MS
      || situation(game) !== model.errorSituation) model.error = null;
  // Stored (true) or not this tab's to store (null, read-only): a write
  // refused never gets here (Session.commit says so instead).
  if (info.stored) model.notice = null;
  if (info.by != null || info.fresh || info.loaded) clearKnockUndo();
  model.penaltyFor = null;
  const fresh = info.undo ? [] : newLogEntries(previous, game);
  showHintOnce(game, info);
  afterState(game, info);
  phoneTableState(game, info);
  // A scoresheet hand just decided: saved, but the next hand is dealt at
  // once (session.sheetAct) and drawn with this one's result on it.
  if (info.settled) return;
  if (info.held && heldOnly(previous, game)) {
    drawLaterIfStill(game);
    return;
  }
  render();
  // On a long scoresheet the seat that must answer may be below the fold.
  if (screenName() === 'sheet' && game.state.view.response && !info.loaded) {
    document.querySelector('.sheet-seat.active')?.scrollIntoView({ block: 'nearest' });
  }
  // A hand just decided ("Gewinnt" tapped low on the sheet): its result
  // line heads the next hand's sheet, scrolled into sight.
  if (screenName() === 'sheet' && !info.loaded && previous && previous.state.view.hand_no !== game.state.view.hand_no) {
    document.querySelector('.last-hand')?.scrollIntoView({ block: 'nearest' });
  }
  // The player's own knock already sounded when it was tapped.
  const sounded = pending.knockSounded;
  pending.knockSounded = false;
  if (!info.loaded && !sounded && fresh.some((e) => e.type === 'knock')) knockFeedback();
  measureTap(true);
  if (info.undo) announce(`${t('announce.undone')} ${spoken(game, [])}`.trim());
  else if (info.imported) announce(`${t('import.done')} ${spoken(game, [])}`.trim());
  else if (!info.loaded) announce(spoken(game, fresh));
}

// A face-down table's own move, taken by this phone's engine, comes back
// in the table's order with the host's envelope, a message over the table
// later (a few tens of milliseconds). Meanwhile its tap is drawn held: the
// card on the felt, the hand and the answer row shut (instant.js). The
// engine's answer changes nothing else on sight while no move came
// between, so it is not drawn at once: drawn, it kept a slow phone's page
// busy when the move came back, and every phone then waited for this
// one. It is drawn with the move come back, or after HELD_DRAW_MS (the
// status line then says the card is being turned up).
const HELD_DRAW_MS = 150;

// Whether `game` differs from the state drawn before only in what its
// seat may do, with a tap held on it.
function heldOnly(previous, game) {
  const a = previous?.state.view;
  const b = game.state.view;
  if (!a || !b || !heldTap(b)) return false;
  return JSON.stringify({ ...a, legal: null }) === JSON.stringify({ ...b, legal: null });
}

function drawLaterIfStill(game) {
  setTimeout(() => {
    if (model.game === game) render();
  }, HELD_DRAW_MS);
}

function spoken(game, fresh) {
  const view = game.state.view;
  const lines = fresh.filter((e) => e.type !== 'look' || e.seat === view.seat).map((e) => describeLog(view, e));
  if (game.handoff != null) lines.push(t('pass.heading', { name: playerNames(game)[game.handoff - 1] }));
  else if (view.hand_result?.winner != null) lines.push(t('announce.handWon', { name: nameOf(view, view.hand_result.winner) }));
  else if (isSheet(game.state) && view.response) lines.push(t('sheet.status.answer', { name: nameOf(view, view.response.to_answer) }));
  else if (view.response?.to_answer === view.seat && view.seat != null) lines.push(t('announce.answer'));
  else if (view.turn === view.seat && view.seat != null) lines.push(t('announce.turn'));
  return lines.join(' ');
}

// The double-tap knock is explained once, on the first table this phone
// shows, and stays until the player's first tap there.
let hintsShown = null;

// What the phone has explained already, as kept (read at the start).
export function knowHints(hints) {
  hintsShown = hints && typeof hints === 'object' ? hints : {};
}

function showHintOnce(game, info) {
  if (info.by != null) model.hint = null;
  if (!hintsShown || hintsShown.doubleTap || !settings.doubleTapKnock || isSheet(game.state) || game.handoff != null
      || !game.state.view.knocking) return;
  model.hint = 'hint.doubleTap';
  hintsShown = { ...hintsShown, doubleTap: true };
  // Read again before writing: the install offer keeps its flag there too.
  readPreference('hints').then((h) => keepPreference('hints', { ...(h && typeof h === 'object' ? h : {}), doubleTap: true }));
}

// What a refusal is about: whose turn, which answer is owed, which screen.
// Once any of it changes the refusal no longer describes the position.
function situation(game) {
  if (!game) return '';
  const v = game.state.view;
  return JSON.stringify([v.hand_no, game.state.hand_over, game.state.game_over, game.viewer, game.handoff,
    game.state.due, v.turn, v.response?.to_answer ?? null, v.value]);
}

export function onError(error) {
  if (error == null) return; // already said (a refused write), or nothing to say
  model.hint = null; // the player is tapping: the tip has done its work
  model.error = error;
  model.errorScreen = null;
  model.errorAt = performance.now();
  model.errorSituation = situation(model.game);
  pending.tap = null;
  errorBuzz();
  showMessage();
}

// Tap-to-screen latency for the benchmark, from the input event to the frame
// after the result is in the DOM: `schraem:tap-<name>` when the tap's effect
// is first shown (at once from the last state, else with the engine's
// answer), `…-saved` when the engine's answer, saved, is drawn.
export function measureTap(saved) {
  if (!pending.tap) return;
  const { name, start, shown } = pending.tap;
  const names = [shown ? null : `schraem:tap-${name}`, saved ? `schraem:tap-${name}-saved` : null].filter(Boolean);
  if (saved) pending.tap = null;
  else pending.tap.shown = true;
  requestAnimationFrame(() => setTimeout(() => {
    for (const n of names) {
      try { performance.measure(n, { start, end: performance.now() }); } catch { /* old browser */ }
    }
  }, 0));
}
