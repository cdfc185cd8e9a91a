// Boot. The saved position is drawn straight from storage before Python is
// up (taps wait for the engine), then the engine loads the save. The app
// itself is app/: its model, its drawing, what a state does, its taps and
// its start form.
import { createEngine } from './bridge/engine-client.js';
import { registerServiceWorker, reloadForMissingPart } from './boot/sw-register.js';
import { getLang, setLang } from './i18n/i18n.js';
import { claimWriter } from './store/tabs.js';
import { earlyReads } from './boot/early-read.js';
import { initDamaged, showCorrupt } from './pages/damaged-save.js';
import { Session, isSheet } from './bridge/session.js';
import { warmUp } from './table/sound.js';
import { offerInstall } from './boot/install.js';
import { checkStorageLeft, knowPersistAnswer } from './pages/keep-data.js';
import { loadSettings } from './pages/settings.js';
import { bootClub, initClub } from './club/club.js';
import { initPhoneTable, savedRoute } from './phone/phone-table.js';
import { localSession } from './phone/at-table.js';
import * as evening from './evening/evening.js';
import { ctx } from './context/context.js';
import { DEFAULT_NAMES, model, nextSeed, pace, screenName, session, trickPause, useSession } from './app/model.js';
import { announce, notify, render } from './app/draw.js';
import { knowHints, onError, onState } from './app/state.js';
import { rememberSetup, restoreSetup } from './app/setup.js';
import { settleReady, startNewGame, startQueued, whenReady } from './app/start-form.js';
import { onClick, onInput } from './app/taps.js';
import { onPointerCancel, onPointerDown, onPointerUp, onTouchEnd } from './app/lift.js';

// Another tab took over: this one shows the game without taking taps.
function lostWriter() {
  session?.pause();
  model.readOnly = true;
  render();
}

async function drawSaved() {
  // readGame and readPreference answer whatever storage holds (a damaged
  // value is a status, not a throw): nothing stored can stop the start.
  const [saved, setup, , hints] = await Promise.all([earlyReads.game, earlyReads.setup, loadSettings(earlyReads.settings), earlyReads.hints, earlyReads.wiped]);
  knowHints(hints);
  knowPersistAnswer(hints);
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
  ctx.app = {
    model, session: () => session, ownSession: () => localSession ?? session, render, onError, announce, notify, nextSeed, defaultNames: DEFAULT_NAMES, rememberSetup, startNewGame, whenReady,
    rareParts: () => import('./app/rare-parts.js'), partMissing: reloadForMissingPart,
  };
  initClub(ctx.app);
  initDamaged({ model, session: () => session, render, onError, announce });
  document.addEventListener('click', onClick);
  document.addEventListener('pointerdown', onPointerDown, { passive: true });
  document.addEventListener('pointerup', (e) => onPointerUp(e, onClick), { passive: true });
  document.addEventListener('pointercancel', onPointerCancel, { passive: true });
  // (Not passive: it may cancel a tap's click, never a scroll.)
  document.addEventListener('touchend', onTouchEnd, { passive: false });
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
  checkStorageLeft();

  const engine = createEngine();
  useSession(newSession(engine));
  initPhoneTable({
    model, render, onError, announce, nextSeed, session: () => session, makeSession: newSession, useSession, rememberSetup,
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
