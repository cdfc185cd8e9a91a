// What this phone keeps: how much the app stores, whether the browser was
// asked to keep it (navigator.storage.persist: otherwise a full phone may
// clear it), and the note that an iPhone's home-screen app keeps its own
// storage apart from Safari's.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { ctx } from '../context/context.js';
import { declareTaps } from '../context/taps.js';
import { memoryOnly } from '../store/database.js';
import { mergePreference, readPreference } from '../store/preferences.js';

const info = { usage: null, quota: null, persisted: null, asked: false };

function megabytes(bytes) {
  return (bytes / 1_000_000).toLocaleString(document.documentElement.lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 });
}

// Read once the settings open; the screen is drawn again with the answer.
export async function loadStorageInfo() {
  const s = navigator.storage;
  if (!s) return;
  try {
    const [estimate, persisted, hints] = await Promise.all([s.estimate?.(), s.persisted?.(), readPreference('hints')]);
    if (hints?.persist === 'declined') info.asked = true;
    info.usage = estimate?.usage ?? null;
    info.quota = estimate?.quota ?? null;
    info.persisted = persisted ?? null;
  } catch { /* an old browser: nothing to show */ }
  ctx.app.render();
}

async function askToKeep() {
  info.asked = true;
  try {
    info.persisted = Boolean(await navigator.storage?.persist?.());
  } catch {
    info.persisted = false;
  }
  ctx.app.render();
}

// Once the first game is on disk, the browser is asked (once on this phone)
// to keep the app's data for good: without it a phone short of space may
// delete every game and list. Its answer is kept, shown with the storage
// in the settings, and said once on the start screen, the next time the
// person is there (not over the table: the message line is the game's),
// until they tap "OK". Where the browser keeps it already, nothing
// is asked and nothing said.
let asking = false;
addEventListener('schraem:stored', () => {
  if (asking || memoryOnly() || !navigator.storage?.persist) return;
  asking = true;
  askOnce().catch(() => { /* asked again at the next start */ });
});

async function askOnce() {
  const hints = await readPreference('hints');
  if (hints?.persist) return;
  if (await navigator.storage.persisted?.()) {
    info.persisted = true;
  } else {
    await askToKeep();
  }
  const answer = info.persisted ? 'granted' : 'declined';
  await mergePreference('hints', { persist: answer, persistSaid: false });
  unsaid = answer;
}

/** @type {null | 'granted' | 'declined'} the browser's answer, not yet said on the start screen */
let unsaid = null;

// At the start, from the hints read for the first screen: an answer kept
// but not said yet (the page closed at the table).
/** @param {any} hints */
export function knowPersistAnswer(hints) {
  if (hints?.persistSaid === false && (hints.persist === 'granted' || hints.persist === 'declined')) unsaid = hints.persist;
}

function persistAnswerSeen() {
  unsaid = null;
  ctx.app.render();
  return mergePreference('hints', { persistSaid: true });
}

export function persistAnswerNotice() {
  if (unsaid == null) return null;
  return h('div', { class: 'persist-answer', role: 'status' },
    h('p', { text: t(unsaid === 'granted' ? 'storage.answer.granted' : 'storage.answer.declined') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'persist-answer-seen' }, text: t('storage.answer.seen') }));
}

// A phone short of space: said on the start screen before it is full, when
// less than a tenth of what the browser grants the app, or less than
// 50 MB, is left. A full disk refuses the next save, and Chromium may then
// delete everything the app keeps. Checked at the start and after every
// table kept (history.js's `schraem:filed`).
const LOW_SHARE = 0.1;
const LOW_BYTES = 50_000_000;
/** @type {null | number} the bytes left, while they are few */
let lowLeft = null;

export async function checkStorageLeft() {
  let left = null;
  try {
    const e = memoryOnly() ? null : await navigator.storage?.estimate?.();
    if (e && Number.isFinite(e.quota) && Number.isFinite(e.usage) && e.quota > 0) {
      const free = Math.max(0, e.quota - e.usage);
      if (free < LOW_SHARE * e.quota || free < LOW_BYTES) left = free;
    }
  } catch { /* no estimate in this browser: nothing to say */ }
  if (left !== lowLeft) {
    lowLeft = left;
    ctx.app?.render();
  }
}

addEventListener('schraem:filed', () => { checkStorageLeft(); });

export function storageLowNotice() {
  if (lowLeft == null) return null;
  return h('p', { class: 'storage-low', role: 'status', text: t('storage.low', { free: megabytes(lowLeft) }) });
}

declareTaps('what the phone keeps', {
  'storage-persist': () => askToKeep(),
  'persist-answer-seen': () => { persistAnswerSeen().catch(() => { /* said again at the next start */ }); },
});

export function renderStorage() {
  const kept = info.persisted === true;
  return h('section', { class: 'storage-info', 'aria-labelledby': 'storage-h' },
    h('h3', { id: 'storage-h', text: t('storage.heading') }),
    h('p', { class: 'storage-usage', text: info.usage == null ? t('storage.usage.unknown')
      : t('storage.usage', { used: megabytes(info.usage), quota: info.quota ? megabytes(info.quota) : '?' }) }),
    h('p', { class: 'storage-persisted', text: t(kept ? 'storage.kept' : info.asked ? 'storage.notKept' : 'storage.mayClear') }),
    kept ? null : h('button', { type: 'button', class: 'secondary', dataset: { action: 'storage-persist' }, text: t('storage.persist') }),
    h('p', { class: 'note', text: t('storage.iphone') }));
}
