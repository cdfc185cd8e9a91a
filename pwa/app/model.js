// The app's model: what the screens are drawn from (the route, the game as
// the engine last gave it, the start form, the message shown), the page's
// fixed elements, the Session in use, and the URL's test settings (pace,
// seed).
import { isSheet } from '../bridge/session.js';
import { PACES, TRICK_PAUSES, followSettings, settings } from '../pages/settings.js';

export const DEFAULT_NAMES = ['Anne', 'Hubert', 'Gerda', 'Hans', 'Resi', 'Jupp', 'Trud', 'Kätt'];

const params = new URLSearchParams(location.search);

// ?pace= (tests, demos) overrides the pace chosen in the settings.
export function paceFromUrl() {
  const p = params.get('pace');
  if (p === 'fast') return 20;
  const ms = Number(p);
  return p != null && Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export function pace() {
  return paceFromUrl() ?? PACES[settings.pace];
}

export function trickPause() {
  return paceFromUrl() ?? TRICK_PAUSES[settings.pace];
}

// ?seed=N makes deals repeatable (tests, bug reports): the n-th game started
// in this page gets N + n, so "new game" still deals new cards.
let gamesStarted = 0;

export function nextSeed() {
  const s = Number(params.get('seed'));
  if (params.has('seed') && Number.isSafeInteger(s) && s >= 0) return s + gamesStarted++;
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export const model = {
  ready: false,
  failed: false, // the engine could not start: the start screen offers a reload
  queued: null, // a start tapped before the engine was up: 'queued', then 'waiting' (see queueStart)
  hello: null,
  route: 'loading', // loading | start | game | corrupt
  setup: {
    mode: 'phone', // phone: played on the phone | sheet: real cards, the phone keeps the scoresheet
    seats: DEFAULT_NAMES.slice(0, 4).map((name, i) => (i === 0 ? { name, kind: 'human' } : { name, kind: 'bot', level: 'easy' })),
    rules: 'rheinland',
    dealer: 4,
  },
  game: null,
  corrupt: null, // {error} from the engine, {unreadable: true} or {newer: true}; plus {raw, backups}
  readOnly: false, // another tab writes this game (tabs.js)
  error: null, // last refused action (the engine's error), see onState
  errorAt: 0,
  notice: null, // i18n key of a shell-side notice
  penaltyFor: null, // the scoresheet seat whose penalty entries are open
};

export const el = {
  screen: document.getElementById('screen'),
  controls: document.getElementById('controls'),
  message: document.getElementById('message'),
  announce: document.getElementById('announce'),
  lang: document.querySelector('[data-action="lang"]'),
  setup: document.querySelector('[data-action="setup"]'),
  list: document.querySelector('[data-action="list"]'),
  settings: document.querySelector('[data-action="settings"]'),
};

// The game's Session: a new one when a table of phones takes over this
// phone's (phone-table.js) and again when it ends.
export let session = null;

export function useSession(next) {
  session = next;
}

// The computer players take a pace changed in the settings from their next
// move (a pace in the URL stays).
followSettings(() => {
  if (session && paceFromUrl() == null) Object.assign(session, { pace: pace(), trickPause: trickPause() });
});

export function screenName() {
  if (model.route !== 'game') return model.route;
  const g = model.game;
  if (g.handoff != null) return 'pass';
  if (g.state.game_over) return 'over';
  if (g.state.hand_over) return 'result';
  return isSheet(g.state) ? 'sheet' : 'table';
}

// Names the drawn position compactly, so a test can tell which saved state
// is on screen.
export function stepOf(g) {
  const v = g.state.view;
  return [v.hand_no, v.log.length, g.state.hand_over ? 1 : 0, g.viewer ?? '', g.handoff ?? ''].join(':');
}

export function playerNames(g) {
  return g.state.view.players.map((p) => p.name);
}
