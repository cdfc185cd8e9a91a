// The move file's part of the settings: its buttons, what it last said,
// and the work it does while the buttons wait (move-file.js, loaded when
// first needed).
import { h, pickFile } from '../lib/dom.js';
import { both, errorText, t } from '../i18n/i18n.js';
import { ctx, m } from '../context/context.js';
import { forgetWiped, wasWiped } from '../store/kept-mark.js';
import { moveFile } from '../context/rare.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { declareSettingsSection } from '../pages/settings.js';

const state = { busy: false, msg: null, alert: false };

// Said in the section and to a screen reader.
export function say(key, vars = {}, alert = false) {
  state.msg = both(key, vars);
  state.alert = alert;
  ctx.app.render();
  ctx.app.announce(errorText(state.msg));
}

// What the move file last said ({msg, alert}), for the start screen's
// backup offer, and whether it is at work.
export const lastSaid = () => (state.msg ? { msg: state.msg, alert: state.alert } : null);
export const moveBusy = () => state.busy;

// A file chosen while the engine still starts (a new phone's first visit)
// is read once it is up.
export async function work(fn) {
  if (state.busy) return;
  state.busy = true;
  state.msg = null;
  ctx.app.render();
  try {
    if (!m().ready) {
      say('move.wait');
      if (!await ctx.app.whenReady()) { say('move.noEngine', {}, true); return; }
    }
    await fn();
  } finally {
    state.busy = false;
    ctx.app.render();
  }
}

function renderMove() {
  return h('section', { class: 'move-file', 'aria-labelledby': 'move-h' },
    h('h3', { id: 'move-h', text: t('move.heading') }),
    h('p', { class: 'note', text: t('move.hint') }),
    h('div', { class: 'tool-row wrap' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'move-export' }, disabled: state.busy, text: t('move.export') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'move-import' }, disabled: state.busy, text: t('move.import') })),
    h('input', { type: 'file', id: 'move-file', accept: '.json,application/json', hidden: true, 'aria-label': t('move.import'), dataset: { field: 'move-file' } }),
    state.msg ? h('p', { class: state.alert ? 'move-msg house-refused' : 'move-msg notice', role: state.alert ? 'alert' : 'status', text: errorText(state.msg) }) : null);
}

declareSettingsSection(renderMove);

// The start after the browser wiped the app's storage (kept-mark.js's hint
// outside the database): said on the start screen, with the backup (the
// move file) one tap away, until the player goes on without it.
export function wipedNotice() {
  if (!wasWiped()) return null;
  return h('section', { class: 'wiped', role: 'alert', 'aria-labelledby': 'wiped-h' },
    h('h2', { id: 'wiped-h', text: t('wiped.heading') }),
    h('p', { text: t('wiped.body') }),
    h('div', { class: 'tool-row wrap' },
      h('button', { type: 'button', class: 'primary', dataset: { action: 'move-import' }, disabled: state.busy, text: t('wiped.import') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'wiped-dismiss' }, text: t('wiped.dismiss') })),
    h('input', { type: 'file', id: 'move-file', accept: '.json,application/json', hidden: true, 'aria-label': t('wiped.import'), dataset: { field: 'move-file' } }),
    state.msg ? h('p', { class: state.alert ? 'move-msg house-refused' : 'move-msg notice', role: state.alert ? 'alert' : 'status', text: errorText(state.msg) }) : null);
}

// The move file's work comes when a file is first written or taken in
// (context/rare.js); the file picker opens within the tap, as browsers require.
declareTaps('the move file', {
  'move-export': () => work(() => moveFile().then((f) => f.exportMove())),
  'move-import': () => pickFile(/** @type {HTMLInputElement} */ (document.getElementById('move-file'))),
  'wiped-dismiss': async () => {
    state.msg = null;
    await forgetWiped();
    ctx.app.render();
  },
});

declareFields('the move file', {
  'move-file': (target, committed) => {
    const file = target.files?.[0];
    if (committed && file) {
      target.value = ''; // the same file may be chosen again
      work(() => moveFile().then((f) => f.importMove(file)));
    }
  },
});
