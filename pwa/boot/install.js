// "Add to home screen", offered once: where the browser lets the page ask
// (`beforeinstallprompt`), one line above the start screen's button, so it
// is seen without moving anything the player is about to tap; "not now" and
// the browser's own answer are remembered, so it never comes back. Where
// the browser never asks (Safari, Firefox: no `onbeforeinstallprompt`), the
// same line gives its menu's words instead, and on an iPhone or iPad why:
// Safari deletes a site's data after seven days without a visit unless the
// app is on the home screen. Not where the app already runs installed.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { mergePreference, readPreference } from '../store/preferences.js';

let deferred = null;
/** @type {null | 'ios' | 'menu'} the words for a browser that never asks */
let words = null;

// An iPhone, or an iPad (which says it is a Mac, but has a touch screen).
function apple() {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function installed() {
  return Boolean(/** @type {any} */ (navigator).standalone) || Boolean(matchMedia?.('(display-mode: standalone)').matches);
}

async function offered() {
  const hints = (await readPreference('hints')) ?? {};
  return Boolean(hints.install);
}

async function remember() {
  await mergePreference('hints', { install: true });
}

let onChange = () => {};

function close() {
  deferred = null;
  words = null;
  onChange();
}

// The offer, while there is one: for the start screen to show.
export function installOffer() {
  if (words) return installWords();
  if (!deferred) return null;
  const install = h('button', { type: 'button', class: 'primary', dataset: { installAction: 'install' }, text: t('install.yes') });
  // A line, not a card: "not now" is its close mark, named for a screen reader.
  const later = h('button', { type: 'button', class: 'secondary close', dataset: { installAction: 'later' },
    'aria-label': t('install.no'), text: '×' });
  install.addEventListener('click', async () => {
    const event = deferred;
    close();
    await remember();
    try { await event?.prompt(); } catch { /* the browser changed its mind */ }
  });
  later.addEventListener('click', async () => {
    close();
    await remember();
  });
  return h('section', { class: 'install-offer', 'aria-label': t('install.label') },
    h('p', { text: t('install.text') }), install, later);
}

// The menu's words, for a browser that never lets the page ask.
function installWords() {
  const later = h('button', { type: 'button', class: 'secondary close', dataset: { installAction: 'later' },
    'aria-label': t('install.no'), text: '×' });
  later.addEventListener('click', async () => {
    close();
    await remember();
  });
  return h('section', { class: 'install-offer install-words', 'aria-label': t('install.label') },
    h('p', { text: t(words === 'ios' ? 'install.ios' : 'install.menu') }), later);
}

export function offerInstall(changed) {
  onChange = changed;
  if (!('onbeforeinstallprompt' in window) && !installed()) {
    offered().then((done) => {
      if (done || installed()) return;
      words = apple() ? 'ios' : 'menu';
      onChange();
    }, () => {});
  }
  window.addEventListener('beforeinstallprompt', async (event) => {
    event.preventDefault(); // the app asks at its own moment, once
    if (await offered()) return;
    deferred = event;
    onChange();
  });
  window.addEventListener('appinstalled', () => { close(); remember(); });
}
