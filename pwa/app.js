// Boot and routing. The saved position is drawn straight from storage before
// Python is up (taps wait for the engine), then the engine loads the save.
import { createEngine } from './bridge/engine-client.js';
import { registerServiceWorker } from './boot/sw-register.js';
import { caretOf, h, refocus, replace } from './lib/dom.js';
import { errorText, getLang, setLang, t } from './i18n/i18n.js';
import { readPreference, writePreference } from './store/storage.js';
import { keepPainted } from './boot/painted.js';
import { claimWriter } from './store/tabs.js';
import { earlyReads } from './boot/early-read.js';
import { exportDamaged, initDamaged, showCorrupt, startFresh, takeOver } from './store/damaged-save.js';
import { exportRecord, importFile } from './files/records.js';
import { Session, isSheet } from './bridge/session.js';
import { describeLog, keepTrickInSight, nameOf, renderTable, renderTableControls, togglePeek } from './table/table.js';
import { clearKnockUndo, knockUndoStrip, offerKnockUndo } from './table/knock-undo.js';
import { findSheetAction, renderSheet, renderSheetControls } from './table/sheet.js';
import {
  dealerLabel, lastHandSummary, renderCorrupt, renderCorruptControls, renderLoading, renderOver, renderOverControls, renderPass,
  renderPassControls, renderResult, renderResultControls, renderStart, renderStartControls,
} from './table/screens.js';
import { errorBuzz, knockFeedback, warmUp } from './lib/sound.js';
import { lookUp, showPlayed, showPressed } from './table/instant.js';
import { installOffer, offerInstall } from './boot/install.js';
import { renderRulesControls, renderRulesPage } from './pages/rules-page.js';
import { loadNotices, renderAbout, renderAboutControls } from './pages/about.js';
import { PACES, TRICK_PAUSES, changeSetting, loadSettings, renderSettings, renderSettingsControls, settings } from './pages/settings.js';
import {
  afterState, bootClub, clubAction, clubBanner, clubField, clubInput, initClub, overControls,
  overExtras, startClubSection, startFormExtras, startTable,
} from './club/club.js';
import { keepAwake } from './lib/wakelock.js';
import {
  initPhoneTable, leavePhoneTable, phoneAction, phoneBanner, phoneTableState, savedRoute,
} from './phone/phone-table.js';
import { phoneStartSection } from './phone/phone-screens.js';
import * as evening from './evening/evening.js';
import { declareScreens, drawScreen } from './app/registry.js';

const DEFAULT_NAMES = ['Anne', 'Hubert', 'Gerda', 'Hans', 'Resi', 'Jupp', 'Trud', 'Kätt'];
const DOUBLE_TAP_MS = 350;
const ERROR_MS = 5000;
const params = new URLSearchParams(location.search);

// ?pace= (tests, demos) overrides the pace chosen in the settings.
function paceFromUrl() {
  const p = params.get('pace');
  if (p === 'fast') return 20;
  const ms = Number(p);
  return p != null && Number.isFinite(ms) && ms >= 0 ? ms : null;
}

function pace() {
  return paceFromUrl() ?? PACES[settings.pace];
}

function trickPause() {
  return paceFromUrl() ?? TRICK_PAUSES[settings.pace];
}

// ?seed=N makes deals repeatable (tests, bug reports): the n-th game started
// in this page gets N + n, so "new game" still deals new cards.
let gamesStarted = 0;
function nextSeed() {
  const s = Number(params.get('seed'));
  if (params.has('seed') && Number.isSafeInteger(s) && s >= 0) return s + gamesStarted++;
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

const model = {
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

const el = {
  screen: document.getElementById('screen'),
  controls: document.getElementById('controls'),
  message: document.getElementById('message'),
  announce: document.getElementById('announce'),
  lang: document.querySelector('[data-action="lang"]'),
  setup: document.querySelector('[data-action="setup"]'),
  list: document.querySelector('[data-action="list"]'),
  settings: document.querySelector('[data-action="settings"]'),
};

let session = null;
let pendingTap = null;
let knockSounded = false; // the pending knock already sounded: the engine's state must not sound it again

function screenName() {
  if (model.route !== 'game') return model.route;
  const g = model.game;
  if (g.handoff != null) return 'pass';
  if (g.state.game_over) return 'over';
  if (g.state.hand_over) return 'result';
  return isSheet(g.state) ? 'sheet' : 'table';
}

// Names the drawn position compactly, so a test can tell which saved state
// is on screen.
function stepOf(g) {
  const v = g.state.view;
  return [v.hand_no, v.log.length, g.state.hand_over ? 1 : 0, g.viewer ?? '', g.handoff ?? ''].join(':');
}

function playerNames(g) {
  return g.state.view.players.map((p) => p.name);
}

// The table's line above it: where the series, set or tournament stands,
// the table of phones' links, the deal set.
function banner(g) {
  return [clubBanner(g), phoneBanner(), evening.duelBanner(g)];
}

declareScreens('app', {
  // The install offer on top, where it is seen (at the foot of the long
  // start page nobody found it).
  start: (ctx) => [[installOffer(), renderStart(model.setup, {
    hello: model.hello, saved: savedSummary(), ready: model.ready, failed: model.failed, canExport: Boolean(model.game?.save?.record),
    top: evening.regularsStartField(ctx),
    formExtras: [evening.houseStartField(model.setup, ctx), startFormExtras(model.setup, model.hello), evening.kittyStartField(model.setup)],
    extra: [startClubSection(ctx), phoneStartSection(ctx), evening.duelStartSection(ctx)],
  })], renderStartControls(ctx)],
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
    return [[banner(g), renderResult(g.state.view), evening.learnExtras(g)], evening.duelControls(g) ?? renderResultControls(ctx)];
  },
  over: (ctx) => {
    const g = model.game;
    return [[banner(g), renderOver(g.state.view), evening.kittyOver(g), overExtras(g), evening.learnExtras(g)],
      overControls(g, ctx) ?? renderOverControls({ ...ctx, view: g.state.view })];
  },
  settings: () => [[renderSettings(), evening.renderStorage()], renderSettingsControls()],
  about: () => [renderAbout(), renderAboutControls()],
  rules: () => [renderRulesPage(model.hello?.presets ?? [model.setup.rules], rulesPreset(), evening.houseOnRulesPage()), renderRulesControls()],
  corrupt: () => [renderCorrupt(corruptText(model.corrupt), model.corrupt), renderCorruptControls()],
});

// The screen the route names, drawn by the part that declared it; anything
// else (or a screen with nothing to show yet) is the loading screen.
function parts(name) {
  const g = model.game;
  const ctx = {
    ready: model.ready, failed: model.failed, sheet: g ? isSheet(g.state) : false, mode: model.setup.mode, queued: model.queued,
  };
  return drawScreen(name, ctx) ?? [renderLoading(t('engine.loading')), []];
}

function corruptText(c) {
  if (c.newer) return t('corrupt.newer');
  return c.unreadable ? t('corrupt.unreadable') : errorText(c.error);
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

function render() {
  const name = screenName();
  const key = focusKey(document.activeElement);
  const caret = caretOf(document.activeElement);
  const [main, controls] = parts(name);
  // A new screen starts at its top (its heading), not where the last one
  // was scrolled to.
  if (name !== drawnScreen) el.screen.scrollTop = 0;
  drawnScreen = name;
  document.body.dataset.screen = name;
  document.body.dataset.step = model.game ? stepOf(model.game) : '';
  replace(el.screen, main);
  replace(el.controls, controls);
  // The saved table early-paint.js showed is this screen now: taps reach it.
  if (document.body.dataset.painted) { delete document.body.dataset.painted; el.screen.inert = el.controls.inert = false; }
  // The short form ("EN") where the full word does not fit the header.
  el.lang.replaceChildren(h('span', { class: 'lang-long', text: t('lang.switch') }),
    h('span', { class: 'lang-short', 'aria-hidden': 'true', text: t('lang.switch.short') }));
  // The visible word (long or short) stays part of the spoken name.
  el.lang.setAttribute('aria-label', `${t('lang.switch.short')} – ${t('lang.switch.label')}`);
  el.lang.lang = getLang() === 'de' ? 'en' : 'de';
  el.setup.textContent = t('menu.setup');
  el.setup.hidden = name === 'start';
  el.list.textContent = t('menu.list');
  el.settings.setAttribute('aria-label', t('settings.heading'));
  el.settings.hidden = name === 'settings';
  el.list.hidden = !model.game || !['table', 'sheet', 'result', 'over'].includes(name);
  document.title = `${t('app.title')} – Siebenschräm`;
  showMessage();
  renderReadOnly();
  if (key) refocus(key, caret);
  if (name === 'table') keepTrickInSight(el.screen, model.game.state.view);
  keepAwake(name === 'table' || name === 'sheet' || name === 'pass' || name === 'result');
  keepPainted(name, model.game, model);
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

function showMessage() {
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

function announce(text) {
  if (!text) return;
  // Clearing first makes a repeated sentence ("Hold or pass?") heard again.
  el.announce.textContent = '';
  requestAnimationFrame(() => { el.announce.textContent = text; });
}

function newLogEntries(prev, next) {
  const a = prev?.state.view;
  const b = next.state.view;
  if (!a || a.hand_no !== b.hand_no) return b.log.filter((e) => e.auto);
  return b.log.slice(a.log.length);
}

function onState(game, previous, info) {
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
  const sounded = knockSounded;
  knockSounded = false;
  if (!info.loaded && !sounded && fresh.some((e) => e.type === 'knock')) knockFeedback();
  measureTap(true);
  if (info.undo) announce(`${t('announce.undone')} ${spoken(game, [])}`.trim());
  else if (info.imported) announce(`${t('import.done')} ${spoken(game, [])}`.trim());
  else if (!info.loaded) announce(spoken(game, fresh));
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

function onError(error) {
  if (error == null) return; // already said (a refused write), or nothing to say
  model.hint = null; // the player is tapping: the tip has done its work
  model.error = error;
  model.errorScreen = null;
  model.errorAt = performance.now();
  model.errorSituation = situation(model.game);
  pendingTap = null;
  errorBuzz();
  showMessage();
}

// Tap-to-screen latency for the benchmark, from the input event to the frame
// after the result is in the DOM: `schraem:tap-<name>` when the tap's effect
// is first shown (at once from the last state, else with the engine's
// answer), `…-saved` when the engine's answer, saved, is drawn.
function measureTap(saved) {
  if (!pendingTap) return;
  const { name, start, shown } = pendingTap;
  const names = [shown ? null : `schraem:tap-${name}`, saved ? `schraem:tap-${name}-saved` : null].filter(Boolean);
  if (saved) pendingTap = null;
  else pendingTap.shown = true;
  requestAnimationFrame(() => setTimeout(() => {
    for (const n of names) {
      try { performance.measure(n, { start, end: performance.now() }); } catch { /* old browser */ }
    }
  }, 0));
}

// --- setup form -----------------------------------------------------------

// The start form is remembered (names, who plays, levels, rules, dealer,
// mode), so the same table sets up again after a reload in no taps.
function rememberSetup() {
  keepPreference('setup', structuredClone(model.setup));
}

// A preference storage refuses is said (it lasts only until a reload);
// nothing else is lost.
function notify(key) {
  model.notice = key;
  showMessage();
}

function keepPreference(name, value) {
  return writePreference(name, value).then((ok) => { if (!ok) notify('pref.failed'); return ok; });
}

// The start form keeps the people of the last table started (by the form, a
// rematch, an import, a ticket): "Neues Spiel" sets that table up again.
function rememberTable(game) {
  // A deal set's table (the person and its own computer players) is not
  // the people the form sets up: the next ordinary game starts as before it.
  if (game.state.duel) return;
  const kinds = game.save?.table?.players ?? [];
  // A scoresheet seats people only: the form keeps who it had at the phone.
  const sheet = isSheet(game.state);
  model.setup.seats = playerNames(game).map((name, i) => (sheet ? { kind: 'human', ...model.setup.seats[i], name }
    : kinds[i]?.kind === 'bot' ? { name, kind: 'bot', level: kinds[i].level } : { name, kind: 'human' }));
  model.setup.rules = game.state.view.rules;
  rememberSetup();
}

function restoreSetup(saved) {
  if (!saved || typeof saved !== 'object' || !Array.isArray(saved.seats)) return;
  const seats = saved.seats.slice(0, 8).filter((p) => p && typeof p.name === 'string' && (p.kind === 'human' || p.kind === 'bot'))
    .map((p) => (p.kind === 'bot' ? { name: p.name.slice(0, 40), kind: 'bot', level: String(p.level ?? 'easy') } : { name: p.name.slice(0, 40), kind: 'human' }));
  if (seats.length < 2) return;
  const s = model.setup;
  s.seats = seats;
  if (typeof saved.rules === 'string') s.rules = saved.rules;
  evening.restoreEvening(s, saved);
  if (saved.mode === 'sheet' || saved.mode === 'phone') s.mode = saved.mode;
  const dealer = Number(saved.dealer);
  s.dealer = Number.isInteger(dealer) && dealer >= 1 && dealer <= seats.length ? dealer : seats.length;
}

function resizeSeats(n) {
  const seats = model.setup.seats.slice(0, n);
  const levels = model.hello?.bot_levels ?? ['easy'];
  const level = levels.includes('easy') ? 'easy' : levels[0];
  while (seats.length < n) seats.push({ name: DEFAULT_NAMES[seats.length] ?? `${seats.length + 1}`, kind: 'bot', level });
  model.setup.seats = seats;
  if (model.setup.dealer > n) model.setup.dealer = n;
}

function onField(target, committed) {
  if (evening.eveningField(target, committed) || clubField(target, committed)) return;
  const f = target.dataset.field;
  const seat = Number(target.dataset.seat);
  const s = model.setup;
  if (f === 'name') {
    s.seats[seat].name = target.value;
    if (committed) {
      // A name is committed as the focus leaves it, for the next field: a
      // redraw now would replace that field and the keyboard would close
      // with nothing typed in it. Only the dealer list shows the names.
      document.querySelectorAll('[data-field="dealer"] option').forEach((o, i) => {
        if (s.seats[i]) o.textContent = dealerLabel(s.seats[i], i);
      });
      rememberSetup();
    }
    return;
  }
  if (f === 'who') {
    const [kind, level] = target.value.split(':');
    s.seats[seat] = kind === 'human' ? { name: s.seats[seat].name, kind } : { name: s.seats[seat].name, kind, level };
  } else if (f === 'count') resizeSeats(Number(target.value));
  else if (f === 'rules') s.rules = target.value;
  else if (f === 'dealer') s.dealer = Number(target.value);
  render();
  rememberSetup();
}

async function startNewGame() {
  leavePhoneTable();
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
function whenReady() {
  if (model.ready) return Promise.resolve(true);
  if (model.failed) return Promise.resolve(false);
  return new Promise((resolve) => { readyWaiters.push(resolve); });
}

function settleReady(up) {
  for (const resolve of readyWaiters.splice(0)) resolve(up);
}

// A tap on "start" before Python is up is kept, not refused: the game starts
// as soon as the engine does, and a wait longer than a glance says why.
const SLOW_MS = 300;
let slowTimer = null;

function queueStart() {
  if (model.queued) return;
  model.queued = 'queued';
  slowTimer = setTimeout(() => { model.queued = 'waiting'; render(); }, SLOW_MS);
  render();
}

function startQueued(engineUp) {
  if (!model.queued) return;
  clearTimeout(slowTimer);
  model.queued = null;
  if (engineUp && model.route === 'start') startNewGame();
  else render();
}

// --- taps -----------------------------------------------------------------

let lastTableTap = 0;

function onClick(event) {
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
  switch (action) {
    case 'lang':
      setLang(getLang() === 'de' ? 'en' : 'de');
      // What was last announced stays in the live region for a screen
      // reader to read again: it must not stay in the other language.
      el.announce.textContent = '';
      render();
      break;
    case 'settings':
      model.settingsBack = model.route;
      goTo('settings');
      evening.loadStorageInfo();
      break;
    case 'rules':
      model.rulesFrom = screenName() === 'settings' ? model.settingsBack : model.route;
      model.rulesBack = model.route;
      goTo('rules');
      evening.loadHouseForRules(model.rulesFrom === 'start' || !model.game);
      // Open at the rule set in play (or chosen on the form).
      document.getElementById(`rules-${rulesPreset()}`)?.scrollIntoView({ block: 'start' });
      break;
    case 'rules-close':
      model.route = model.rulesBack ?? 'start';
      render();
      break;
    case 'about':
      goTo('about');
      loadNotices().then(() => { if (model.route === 'about') render(); });
      break;
    case 'about-close':
      model.route = 'settings';
      render();
      break;
    case 'settings-close':
      model.route = model.settingsBack ?? (model.game ? 'game' : 'start');
      render();
      break;
    case 'setup':
      session?.pause();
      goTo('start');
      break;
    case 'continue':
      if (model.game) {
        model.route = 'game';
        model.error = null;
        render();
        session.resume();
      }
      break;
    case 'reload-app':
      location.reload();
      break;
    case 'new-game':
      if (model.ready) startNewGame();
      else queueStart();
      break;
    case 'knock':
      knock(event);
      break;
    case 'peek-trick':
      togglePeek(model.game.state.view);
      render();
      break;
    case 'look':
      session.act(action);
      break;
    case 'hold': case 'pass':
      tap(event, target, action);
      break;
    case 'other': {
      const { seat, type, ...rest } = model.game.state.view.legal[Number(target.dataset.index)] ?? {};
      if (type) session.act(type, rest);
      break;
    }
    case 'next-hand':
      session.nextHand();
      break;
    case 'rematch':
      if (model.ready) rematch();
      break;
    case 'mode':
      model.setup.mode = target.dataset.mode === 'sheet' ? 'sheet' : 'phone';
      render();
      rememberSetup();
      break;
    case 'undo':
      if (model.ready) session.undo();
      break;
    case 'sheet': {
      const a = findSheetAction(model.game?.state.sheet_legal, target.dataset.seat, target.dataset.act);
      if (a && model.ready) {
        pendingTap = { name: `sheet-${a.type}`, start: event.timeStamp };
        session.sheetAct(a);
      }
      break;
    }
    case 'penalty-menu': {
      const seat = Number(target.dataset.seat);
      model.penaltyFor = model.penaltyFor === seat ? null : seat;
      render();
      break;
    }
    case 'penalty-close':
      model.penaltyFor = null;
      render();
      // The seat's toggle takes over the focus of the vanished button.
      document.querySelector(`[data-action="penalty-menu"][data-seat="${target.dataset.seat}"]`)?.focus({ preventScroll: true });
      break;
    case 'export':
      exportRecord();
      break;
    case 'import':
      if (model.ready) document.getElementById('import-file')?.click();
      break;
    case 'take-phone':
      session.takePhone();
      break;
    case 'take-over':
      takeOver();
      break;
    case 'export-damaged':
      exportDamaged(Number(target.dataset.index));
      break;
    case 'start-fresh':
      startFresh();
      break;
    default:
      if (!phoneAction(action, target) && !evening.eveningAction(action, target)) clubAction(action, target);
      break;
  }
}

// A screen of the shell's own (setup, settings, rules), focused for the
// screen reader, without an old refusal on it.
function goTo(route) {
  model.route = route;
  model.error = null;
  render();
  el.screen.focus({ preventScroll: true });
}

// The rule set the page opens at: the one chosen on the start form, or the
// one in play when opened from a game (through the settings).
function rulesPreset() {
  return model.rulesFrom === 'start' || !model.game ? model.setup.rules : model.game.state.view.rules;
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
  pendingTap = { name: type === 'discard' ? 'play' : type, start: event.timeStamp };
  const g = model.game;
  const known = session.inflight === 0 && g?.handoff == null ? lookUp(g?.state, type, card) : null;
  if (known?.refused) {
    measureTap(false);
    onError(known.refused);
    return Promise.resolve(false);
  }
  if (known?.legal && button) {
    if (card != null) showPlayed(g.state.view, button, type, card);
    else showPressed(button);
    if (type === 'knock') {
      knockFeedback();
      knockSounded = true;
    }
    measureTap(false);
  }
  return session.act(type, card == null ? {} : { card }).then((taken) => {
    // Refused after all (or not sent): the pending effect goes.
    if (!taken && known?.legal) {
      knockSounded = false;
      render();
    }
    return taken;
  });
}

// Knuckles on the table: a double tap on the green felt knocks, as the
// players would on wood. Only the felt itself counts, never its words (the
// value, the status) nor the cards on it: two quick taps while reading are
// no knock. A single tap on the felt lets a finished trick go.
const FELT = '.centre, .trick, .trick-cards, .played';
function onTableTap(event) {
  if (!model.ready || screenName() !== 'table' || !event.target.closest?.('#table .centre')) return;
  session.hurry();
  if (!settings.doubleTapKnock || !event.target.matches(FELT)) return;
  const now = event.timeStamp;
  if (now - lastTableTap < DOUBLE_TAP_MS) {
    lastTableTap = 0;
    knock(event, true);
  } else {
    lastTableTap = now;
  }
}

async function onSetting(input) {
  const key = input.dataset.setting;
  if (!await changeSetting(key, input.type === 'checkbox' ? input.checked : input.value)) notify('pref.failed');
  if (session && paceFromUrl() == null) Object.assign(session, { pace: pace(), trickPause: trickPause() });
}

function onInput(event) {
  if (event.target.dataset?.setting) {
    if (event.type === 'change') onSetting(event.target);
    return;
  }
  const kind = event.target.dataset?.import;
  if (kind && kind !== 'true' && event.type === 'change') clubInput(event.target);
  else if (kind && event.type === 'change') importFile(event.target);
  else if (event.target.dataset?.field) onField(event.target, event.type === 'change');
}

// --- other tabs -------------------------------------------------------------

function lostWriter() {
  session?.pause();
  model.readOnly = true;
  render();
}

// --- boot -----------------------------------------------------------------

async function drawSaved() {
  // readGame and readPreference answer whatever storage holds (a damaged
  // value is a status, not a throw): nothing stored can stop the start.
  const [saved, setup, , hints] = await Promise.all([earlyReads.game, earlyReads.setup, loadSettings(earlyReads.settings), earlyReads.hints]);
  hintsShown = hints && typeof hints === 'object' ? hints : {};
  restoreSetup(setup);
  if (saved.status === 'ok') {
    model.game = saved.game;
    model.route = savedRoute(saved.game);
    if (isSheet(saved.game.state)) model.setup.mode = 'sheet';
  } else if (saved.status === 'unreadable' || saved.status === 'newer') {
    await showCorrupt(saved.status === 'newer' ? { newer: true } : { unreadable: true }, saved.raw);
  } else {
    model.route = 'start';
  }
  try {
    render();
  } catch {
    // A stored screen that cannot be drawn is a damaged save like any other.
    if (saved.status !== 'ok') throw new Error('the start screen could not be drawn');
    model.game = null;
    await showCorrupt({ unreadable: true }, JSON.stringify(saved.game));
    return null;
  }
  performance.mark(model.route === 'game' ? 'schraem:saved-drawn' : 'schraem:shell-drawn');
  return saved.status === 'ok' ? saved.game : null;
}

function newSession(engine) {
  return new Session(engine, {
    pace: pace(), trickPause: trickPause(), onState, onError,
    onBusy: ({ engine: calling, bots }) => {
      document.documentElement.dataset.busy = calling ? 'busy' : 'idle';
      document.documentElement.dataset.bots = bots ? 'waiting' : 'idle';
    },
  });
}

async function boot() {
  setLang(getLang());
  initClub({
    model, session: () => session, render, onError, announce, notify, nextSeed, defaultNames: DEFAULT_NAMES, rememberSetup, startNewGame, whenReady,
  });
  initDamaged({ model, session: () => session, render, onError, announce });
  document.addEventListener('click', onClick);
  document.addEventListener('pointerdown', warmUp, { once: true, passive: true });
  document.addEventListener('input', onInput);
  document.addEventListener('change', onInput);
  document.addEventListener('submit', (e) => e.preventDefault());

  const writer = claimWriter({ onLost: lostWriter });
  // How far the start got (boot-guard.js adds 'stalled'), for the report of a
  // test that timed out: reading storage, or drawn and on to the engine.
  document.documentElement.dataset.boot = 'reading';
  const saved = await drawSaved();
  document.documentElement.dataset.boot = 'drawn';
  model.readOnly = !await writer;
  if (model.readOnly) render();
  registerServiceWorker();
  offerInstall(() => { if (screenName() === 'start') render(); });

  const engine = createEngine();
  session = newSession(engine);
  initPhoneTable({
    model, render, onError, announce, nextSeed, session: () => session, makeSession: newSession, useSession: (s) => { session = s; },
  });
  session.busyChanged();
  const hello = await engine.ready;
  if (!hello.ok) {
    model.error = hello.error; // already says, in both languages, that the engine could not start
    // Nothing on the start screen can work without the engine: its one
    // button becomes the way out (a reload starts the engine again).
    model.failed = true;
    startQueued(false);
    settleReady(false);
    render();
    return;
  }
  model.hello = hello.result;
  if (!model.hello.presets.includes(model.setup.rules)) model.setup.rules = model.hello.presets[0];
  const level = model.hello.bot_levels[0];
  for (const s of model.setup.seats) if (s.kind === 'bot' && !model.hello.bot_levels.includes(s.level)) s.level = level;

  if (saved) {
    const r = await session.load(saved);
    // Copied aside before anything could overwrite it.
    if (!r.ok) await showCorrupt({ error: r.error }, JSON.stringify(saved));
  }
  // The club's stored state (the open tournament, the table's identity) is
  // read defensively there: a damaged entry is passed over or said on its
  // own screen, never left to stop the start.
  await bootClub().catch(() => {});
  await evening.bootEvening();
  model.ready = true;
  performance.mark('schraem:engine-ready');
  document.documentElement.dataset.shell = 'ready';
  render();
  startQueued(true);
  settleReady(true);
}

boot();
