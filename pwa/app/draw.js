// Drawing the app: its own screens declared (the start form, the table,
// the scoresheet, the hand-over, a hand's result, the game's end, a damaged
// save), the route's screen put in the page with
// the focus kept in place, the header, the message line and what a screen
// reader is told.
import { caretOf, h, patch, refocus, replace } from '../lib/dom.js';
import { errorText, getLang, t } from '../i18n/i18n.js';
import { memoryOnly } from '../store/database.js';
import { writePreference } from '../store/preferences.js';
import { keepPainted } from '../boot/painted.js';
import { installOffer } from '../boot/install.js';
import { persistAnswerNotice, storageLowNotice } from '../pages/keep-data.js';
import { isSheet } from '../bridge/session.js';
import { holdStatus, keepTrickInSight, renderTable, renderTableControls } from '../table/table.js';
import { redrawHeldTap } from '../table/instant.js';
import { knockUndoStrip } from '../table/knock-undo.js';
import { renderSheet, renderSheetControls } from '../table/sheet.js';
import {
  lastHandSummary, renderLoading, renderOver, renderOverControls, renderPass,
  renderPassControls, renderResult, renderResultControls, renderStart, renderStartControls,
} from '../table/screens.js';
import { clubBanner, overControls, overExtras, startClubSection, startFormExtras } from '../club/around-table.js';
import { keepAwake } from '../lib/wakelock.js';
import { phoneBanner, phoneSeatTools } from '../phone/phone-table.js';
import { phoneStartSection } from '../phone/phone-screens.js';
import * as evening from '../evening/evening.js';
import { declareScreens, drawScreen } from '../context/registry.js';
import { el, model, playerNames, screenName, stepOf } from './model.js';
import { fitSeats, seatRange } from './seats.js';

// The table's line above it: where the series, set or tournament stands,
// the table of phones' links, the deal set.
function banner(g) {
  return [clubBanner(g), phoneBanner(), evening.duelBanner(g)];
}

declareScreens('app', {
  // The install offer one line above the start button, where it is seen
  // (at the foot of the long start page nobody found it) and moves nothing
  // (on top it pushed the whole form down as it came); the reminder to
  // write a backup stands there instead while one is due, and a phone
  // short of space is said above them (or else, once, whether the browser
  // keeps the data for good).
  start: (ctx) => {
    fitSeats();
    return [[evening.wipedNotice(), renderStart(model.setup, {
      hello: model.hello, counts: seatRange(model.setup), saved: savedSummary(), ready: model.ready, failed: model.failed,
      canExport: Boolean(model.game?.save?.record),
      top: evening.regularsStartField(ctx),
      formExtras: [evening.houseStartField(model.setup, ctx), startFormExtras(model.setup, model.hello), evening.kittyStartField(model.setup)],
      extra: [startClubSection(ctx), phoneStartSection({ ...ctx, faceDown: model.setup.faceDown }), evening.duelStartSection(ctx)],
    })], [storageLowNotice() ?? persistAnswerNotice(), evening.backupOffer() ?? installOffer(), ...renderStartControls(ctx)]];
  },
  table: (ctx) => {
    const g = model.game;
    return [[banner(g), renderTable(g.state.view, ctx)], [knockUndoStrip(ctx), evening.hintStrip(g), renderTableControls(g.state.view, ctx)]];
  },
  sheet: (ctx) => {
    const g = model.game;
    return [[banner(g), lastHandSummary(g.state.view), renderSheet(g.state.view, g.state.sheet_legal, {
      ...ctx, penaltyFor: model.penaltyFor, sheetCards: g.state.sheet_cards, picker: model.club.picker,
    })], renderSheetControls(ctx)];
  },
  pass: (ctx) => {
    const g = model.game;
    return [renderPass(playerNames(g), g.handoff, g.state.view), renderPassControls(playerNames(g), g.handoff, ctx)];
  },
  result: (ctx) => {
    const g = model.game;
    return [[banner(g), renderResult(g.state.view), evening.learnExtras(g)], evening.duelControls(g) ?? renderResultControls(dealWait(g, ctx))];
  },
  over: (ctx) => {
    const g = model.game;
    const next = dealWait(g, ctx);
    return [[banner(g), renderOver(g.state.view, { series: g.state.series }), phoneSeatTools(), evening.kittyOver(g), overExtras(g), evening.learnExtras(g)],
      overControls(g, next) ?? renderOverControls({ ...next, view: g.state.view })];
  },
});

// The screen the route names, drawn by the part that declared it; anything
// else (or a screen with nothing to show yet, or whose module is still
// coming) is the loading screen.
function parts(name) {
  const g = model.game;
  const ctx = {
    ready: model.ready, failed: model.failed, sheet: g ? isSheet(g.state) : false, mode: model.setup.mode, queued: model.queued,
  };
  return drawScreen(name, ctx, render) ?? [renderLoading(t('engine.loading')), []];
}


// Face down, the last result stays in sight while the phones deal the next
// hand or game, and while this phone still checks the last: the host's
// button for the next deal waits until the engine takes it.
function dealWait(g, ctx) {
  return g.state.facedown && !g.state.facedown.dealReady ? { ...ctx, ready: false } : ctx;
}

function savedSummary() {
  const g = model.game;
  // A played-out deal set is no game to go on with (nothing is dealt after it).
  if (!g || g.state.game_over || g.state.duel?.over) return null;
  return { hand: g.state.view.hand_no, names: playerNames(g), sheet: isSheet(g.state) };
}

// Re-rendering replaces the screen, so the focused control is found again by
// what it does, keeping keyboard and screen-reader users in place.
function focusKey(node) {
  if (!node || !node.dataset) return null;
  const d = node.dataset;
  if (d.action && d.act) return `[data-action="${d.action}"][data-seat="${d.seat}"][data-act="${d.act}"]`;
  if (d.action && d.seat != null) return `[data-action="${d.action}"][data-seat="${d.seat}"]`;
  if (d.action) return `[data-action="${d.action}"]`;
  if (d.card) return `[data-card="${d.card}"]`;
  if (d.field) return d.seat != null ? `[data-field="${d.field}"][data-seat="${d.seat}"]` : `[data-field="${d.field}"]`;
  return null;
}

let drawnScreen = null;
const PATCHED = new Set(['table', 'tournament']);

// A phone turned or its address bar hidden: the table's status line is
// held, or not, for the new height (table.js); nothing else is redrawn.
addEventListener('resize', () => { if (screenName() === 'table') holdStatus(el.screen); });

export function render() {
  const name = screenName();
  const key = focusKey(document.activeElement);
  const caret = caretOf(document.activeElement);
  const [main, controls] = parts(name);
  // A new screen starts at its top (its heading), not where the last one
  // was scrolled to.
  if (name !== drawnScreen) el.screen.scrollTop = 0;
  // The table drawn again (a tap here or on another phone) and the
  // organiser's tournament drawn again (a result read in: a few of its
  // thousands of rows and cards differ) change only what differs; any
  // other screen, or one of these coming back, is drawn new.
  const draw = PATCHED.has(name) && drawnScreen === name && !document.body.dataset.painted ? patch : replace;
  drawnScreen = name;
  // Said again only when it changes: the stylesheet lays the table out by it.
  if (document.body.dataset.screen !== name) document.body.dataset.screen = name;
  document.body.dataset.step = model.game ? stepOf(model.game) : '';
  draw(el.screen, main);
  draw(el.controls, controls);
  // The saved table early-paint.js showed is this screen now: taps reach it.
  if (document.body.dataset.painted) { delete document.body.dataset.painted; el.screen.inert = el.controls.inert = false; }
  // The short form ("EN") where the full word does not fit the header;
  // the header is put in new only when its words change (a table drawn
  // again after every tap restyles nothing there).
  if (el.lang.textContent !== `${t('lang.switch')}${t('lang.switch.short')}`) {
    el.lang.replaceChildren(h('span', { class: 'lang-long', text: t('lang.switch') }),
      h('span', { class: 'lang-short', 'aria-hidden': 'true', text: t('lang.switch.short') }));
  }
  // The visible word (long or short) stays part of the spoken name.
  el.lang.setAttribute('aria-label', `${t('lang.switch.short')} – ${t('lang.switch.label')}`);
  el.lang.lang = getLang() === 'de' ? 'en' : 'de';
  setText(el.setup, t('menu.setup'));
  // The header's menu is named in the language shown (index.html starts it in German).
  el.setup.closest('nav')?.setAttribute('aria-label', t('menu.nav'));
  el.setup.hidden = name === 'start';
  setText(el.list, t('menu.list'));
  el.settings.setAttribute('aria-label', t('settings.heading'));
  el.settings.hidden = name === 'settings';
  el.list.hidden = !model.game || !['table', 'sheet', 'result', 'over'].includes(name);
  document.title = `${t('app.title')} – Siebenschräm`;
  showMessage();
  renderReadOnly();
  renderMemoryOnly();
  if (key) refocus(key, caret);
  if (name === 'table') {
    redrawHeldTap(model.game.state.view);
    keepTrickInSight(el.screen, model.game.state.view);
  }
  keepAwake(name === 'table' || name === 'sheet' || name === 'pass' || name === 'result');
  keepPainted(name, model.game, model);
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Another tab is the writer: this one shows the game but takes no taps,
// until its player takes over here.
function renderReadOnly() {
  let bar = document.getElementById('read-only');
  if (!model.readOnly) { bar?.remove(); return; }
  if (!bar) {
    bar = document.createElement('section');
    bar.id = 'read-only';
    bar.className = 'read-only';
    bar.setAttribute('role', 'status');
    document.body.prepend(bar);
  }
  bar.replaceChildren();
  const p = document.createElement('p');
  p.textContent = t('tabs.readOnly');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'big primary';
  b.dataset.action = 'take-over';
  b.textContent = t('tabs.takeOver');
  bar.append(p, b);
}

// No database in this browser: the game plays in memory, and every screen
// says that nothing of it will be kept.
function renderMemoryOnly() {
  let bar = document.getElementById('memory-only');
  if (!memoryOnly()) { bar?.remove(); return; }
  if (!bar) {
    bar = document.createElement('p');
    bar.id = 'memory-only';
    bar.className = 'memory-only';
    bar.setAttribute('role', 'status');
    el.screen.before(bar);
  }
  if (bar.textContent !== t('storage.memoryOnly')) bar.textContent = t('storage.memoryOnly');
}

export function showMessage() {
  // A refusal belongs to the screen it was first shown on: another screen
  // starts without it.
  const name = screenName();
  if (model.error) {
    model.errorScreen ??= name;
    if (model.errorScreen !== name) model.error = null;
  }
  if (!model.error) model.errorScreen = null;
  const hint = model.hint && screenName() === 'table' ? t(model.hint) : '';
  const text = model.error ? errorText(model.error) : model.notice ? t(model.notice) : hint;
  el.message.dataset.kind = model.error ? 'refusal' : model.notice ? 'notice' : 'hint';
  if (el.message.textContent !== text) el.message.textContent = text;
  el.message.hidden = !text;
}

export function announce(text) {
  if (!text) return;
  // Clearing first makes a repeated sentence ("Hold or pass?") heard again.
  el.announce.textContent = '';
  requestAnimationFrame(() => { el.announce.textContent = text; });
}

// A preference storage refuses is said (it lasts only until a reload);
// nothing else is lost.
export function notify(key) {
  model.notice = key;
  showMessage();
}

export function keepPreference(name, value) {
  return writePreference(name, value).then((ok) => { if (!ok) notify('pref.failed'); return ok; });
}
