// German is the game's home language; English only when the phone asks for it
// or the player switches. The choice is remembered across visits. Every word
// the app shows lives in this folder, one module per part of the app
// (German first, English second); here they become one dictionary per
// language.
import { APP_STRINGS } from './app.js';
import { TABLE_STRINGS } from './table.js';
import { CLUB_TABLE_STRINGS } from './club-table.js';
import { CLUB_STRINGS } from './club.js';
import { HOUSE_STRINGS } from './house.js';
import { PHONE_STRINGS } from './phone.js';
import { MOVE_STRINGS } from './move.js';
import { REVIEW_STRINGS } from './review.js';

const LANG_KEY = 'schraem.lang';

/** @typedef {'de' | 'en'} Lang */

// One dictionary per language, from every part's words.
/** @type {Record<Lang, Record<string, string>>} */
const STRINGS = { de: {}, en: {} };
for (const part of [APP_STRINGS, TABLE_STRINGS, CLUB_TABLE_STRINGS, CLUB_STRINGS, HOUSE_STRINGS, MOVE_STRINGS, REVIEW_STRINGS, PHONE_STRINGS]) {
  Object.assign(STRINGS.de, part.de);
  Object.assign(STRINGS.en, part.en);
}

/** @returns {Lang} */
function initialLang() {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === 'de' || stored === 'en') return stored;
  } catch { /* storage may be blocked; fall back to the phone's language */ }
  const prefs = navigator.languages?.length ? navigator.languages : [navigator.language || 'de'];
  return /^en\b/i.test(prefs[0] || '') ? 'en' : 'de';
}

let lang = initialLang();

/** @returns {Lang} */
export function getLang() { return lang; }

// A number as the language writes it: 5,55 in German, 5.55 in English.
// One formatter per language, made once: toLocaleString with options makes
// a new one at every call, which a 300-bar chart drawn at every result
// read in paid 600 times over.
/** @type {Partial<Record<string, Intl.NumberFormat>>} */
const numberFormats = {};
/** @param {unknown} n */
export function formatNumber(n) {
  if (typeof n !== 'number') return String(n);
  const format = numberFormats[lang] ?? new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 });
  numberFormats[lang] = format;
  return format.format(n);
}

/** @param {string} next */
export function setLang(next) {
  lang = next === 'en' ? 'en' : 'de';
  document.documentElement.lang = lang;
  try { localStorage.setItem(LANG_KEY, lang); } catch { /* only a preference */ }
}

// The same text in both languages, for messages that must follow a later
// language switch (they are shown through errorText, like the engine's).
/**
 * @param {string} key
 * @param {Record<string, any>} [vars]
 * @returns {{de: string, en: string}}
 */
export function both(key, vars = {}) {
  const out = { de: '', en: '' };
  for (const l of /** @type {Lang[]} */ (['de', 'en'])) {
    const text = STRINGS[l][key] ?? STRINGS.de[key] ?? key;
    // A variable may itself be given in both languages: {de, en}.
    out[l] = text.replace(/\{(\w+)\}/g, (m, name) => {
      if (!(name in vars)) return m;
      const v = vars[name];
      return String(v && typeof v === 'object' ? v[l] ?? v.en ?? '' : v);
    });
  }
  return out;
}

/** @param {string} key */
export function has(key) { return key in STRINGS[lang]; }

// A text about `n` of something: `<key>.one` where the language has one for
// n = 1 ("1 mark left", not "1 marks left").
/** @param {string} key @param {number} n @param {Record<string, unknown>} [vars] */
export function tn(key, n, vars = {}) {
  return t(n === 1 && has(`${key}.one`) ? `${key}.one` : key, { ...vars, n });
}

/** @param {string} key @param {Record<string, unknown>} [vars] */
export function t(key, vars = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.de[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

// The engine sends every message in both languages; show the one in use.
/** @param {{de?: string, en?: string, code?: string, kind?: string} | null | undefined} error */
export function errorText(error) {
  if (!error) return '';
  return error[lang] || error.en || error.de || error.code || String(error.kind || error);
}
