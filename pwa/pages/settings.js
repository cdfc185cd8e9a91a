// The player's settings: sound, vibration, the computer players' pace, the
// double-tap knock, a high-contrast card face. Kept durably with the game's
// storage (a preference), applied at once, and drawn as their own screen,
// with what the phone keeps (keep-data.js) and the sections other parts add
// (declareSettingsSection); the about and rules pages open from it.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { readPreference, writePreference } from '../store/preferences.js';
import { ctx, go, m, render } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { loadStorageInfo, renderStorage } from './keep-data.js';
import './about.js'; // its screen and taps, declared as it loads
import './rules-page.js'; // the same

// Milliseconds per computer action at each pace.
export const PACES = { fast: 350, normal: 800, slow: 1600 };
// How long a finished trick stays on the felt before the computers play on.
export const TRICK_PAUSES = { fast: 1200, normal: 2400, slow: 3600 };

const DEFAULTS = {
  sound: true,
  vibrate: true,
  vibrateOnRefusal: false, // a refused tap buzzes only when asked for
  pace: 'normal',
  doubleTapKnock: true,
  contrast: false,
  hints: false, // the Tipp button against the computer (review-hint.js): off until asked for
};

export const settings = { ...DEFAULTS };

// Settings from elsewhere (a move file): only the settings there are, each
// of its kind. Pure.
export function validSettings(x) {
  return Boolean(x) && typeof x === 'object' && !Array.isArray(x)
    && Object.entries(x).every(([k, v]) => Object.hasOwn(DEFAULTS, k) && typeof v === typeof DEFAULTS[k] && (k !== 'pace' || Object.hasOwn(PACES, v)));
}

// `stored`: the settings already asked for (early-read.js), or a new read.
export async function loadSettings(stored = readPreference('settings')) {
  const saved = await stored;
  if (saved && typeof saved === 'object') {
    for (const [key, value] of Object.entries(DEFAULTS)) {
      if (typeof saved[key] === typeof value && (key !== 'pace' || saved[key] in PACES)) settings[key] = saved[key];
    }
  }
  applySettings();
  return settings;
}

export function applySettings() {
  document.documentElement.dataset.contrast = settings.contrast ? 'high' : 'normal';
}

// → whether the change is saved: false when the browser refused (it is
// in force for this visit only, and the caller says so).
export async function changeSetting(key, value) {
  if (!(key in DEFAULTS) || typeof value !== typeof DEFAULTS[key] || (key === 'pace' && !(value in PACES))) return true;
  settings[key] = value;
  applySettings();
  return writePreference('settings', { ...settings });
}

// Who follows a setting changed on the screen at once (the game's Session
// its pace): the app, which pages/ does not import.
const followers = [];

export function followSettings(follow) {
  followers.push(follow);
}

// The sections a part above pages/ adds to the screen (the evening's move
// file), below what the phone keeps, in the order they are declared.
const sections = [];

export function declareSettingsSection(draw) {
  sections.push(draw);
}

function toggle(key) {
  return h('label', { class: 'setting' },
    h('input', { type: 'checkbox', dataset: { setting: key }, checked: settings[key] }),
    h('span', { class: 'setting-text' }, h('strong', { text: t(`settings.${key}`) }),
      h('span', { class: 'setting-hint', text: t(`settings.${key}.hint`) })));
}

function renderSettings() {
  return h('section', { class: 'settings', 'aria-labelledby': 'settings-heading' },
    h('h2', { id: 'settings-heading', text: t('settings.heading') }),
    h('button', { type: 'button', class: 'secondary rules-link', dataset: { action: 'rules' },
      'aria-label': t('rules.open.label'), text: t('rules.open') }),
    h('fieldset', {}, h('legend', { text: t('settings.feedback') }),
      toggle('sound'), toggle('vibrate'), toggle('vibrateOnRefusal')),
    h('fieldset', {}, h('legend', { text: t('settings.pace') }),
      Object.keys(PACES).map((pace) => h('label', { class: 'setting' },
        h('input', { type: 'radio', name: 'pace', value: pace, dataset: { setting: 'pace' }, checked: settings.pace === pace }),
        h('span', { class: 'setting-text' }, h('strong', { text: t(`settings.pace.${pace}`) }))))),
    h('fieldset', {}, h('legend', { text: t('settings.table') }),
      toggle('doubleTapKnock'), toggle('contrast'), toggle('hints')),
    h('button', { type: 'button', class: 'secondary about-link', dataset: { action: 'about' }, text: t('about.open') }));
}

function renderSettingsControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'settings-close' }, text: t('settings.done') })];
}

declareScreens('settings', {
  settings: () => [[renderSettings(), renderStorage(), sections.map((draw) => draw())], renderSettingsControls()],
});

declareTaps('settings', {
  settings: () => {
    m().settingsBack = m().route;
    go('settings');
    loadStorageInfo();
  },
  'settings-close': () => {
    m().route = m().settingsBack ?? (m().game ? 'game' : 'start');
    render();
  },
});

declareFields('settings', {
  // The switches and the pace, each saved as it is changed.
  'setting:': async (input, committed) => {
    if (!committed) return;
    const key = input.dataset.setting;
    if (!await changeSetting(key, input.type === 'checkbox' ? input.checked : input.value)) ctx.app.notify('pref.failed');
    for (const follow of followers) follow();
  },
});
