// Keeps the saved table as it was last drawn, for early-paint.js to show at
// the next start before the shell's modules are in. Only screens a reload
// draws again exactly, and that hide nothing from whoever holds the phone,
// are kept: the table of one person against the computer, and the
// scoresheet. With several people on one phone the kept table would be one
// person's hand (and after a crash, possibly the one before the hand-over);
// a phone table's screens depend on the other phones; a tab that is not the
// writer shows another tab's game.
import { humanSeats } from '../bridge/session.js';
import { writePainted } from '../store/storage.js';

const KEPT_SCREENS = new Set(['table', 'sheet']);
// Renders come in bursts while the computer players move: the markup is
// taken once they pause, and when the page is hidden or left.
const QUIET_MS = 400;

let timer = null;
let pending = null; // the state drawn, while its markup is not yet kept

export function keepPainted(name, game, { readOnly }) {
  clearTimeout(timer);
  const sharedPhone = name === 'table' && humanSeats(game?.save).length > 1;
  pending = KEPT_SCREENS.has(name) && game && !readOnly && !game.state.phone_table && !sharedPhone ? game.state : null;
  if (pending) timer = setTimeout(flush, QUIET_MS);
}

function flush() {
  clearTimeout(timer);
  const state = pending;
  pending = null;
  if (state) writePainted(state, capture);
}

addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });

function capture() {
  const root = document.documentElement;
  const tools = [...document.querySelectorAll('header .tools [data-action]')].map((b) => ({
    action: b.dataset.action, html: b.innerHTML, hidden: b.hidden, label: b.getAttribute('aria-label'), lang: b.getAttribute('lang'),
  }));
  return {
    lang: root.lang, contrast: root.dataset.contrast ?? null, title: document.title, screen: document.body.dataset.screen,
    main: document.getElementById('screen').innerHTML, controls: document.getElementById('controls').innerHTML, tools,
    // Where the table's upper part was scrolled to (the trick kept in sight).
    tableTop: document.querySelector('#screen .table-top')?.scrollTop ?? 0,
  };
}
