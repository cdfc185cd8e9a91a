// "Über Schräm": what the app is, its own licence, and the notices of what
// it ships that others wrote (Pyodide with CPython, the QR code generator).
// The build writes the notices into licenses/ from the packages it copies;
// they are precached with the app, so the screen works offline too.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { go, m, render } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';

const NOTICES = 'licenses/notices.json';

let notices = null;
let failed = false;

// → the notices, fetched once per visit; null while loading or unreadable
// (asked again the next time the screen opens).
async function loadNotices() {
  if (notices) return notices;
  failed = false;
  try {
    const response = await fetch(NOTICES);
    if (!response.ok) throw new Error(String(response.status));
    const data = await response.json();
    const texts = await Promise.all(data.texts.map(async (name) => [name, await (await fetch(`licenses/${name}`)).text()]));
    notices = { ...data, texts: Object.fromEntries(texts) };
  } catch {
    failed = true;
  }
  return notices;
}

function licenceText(name) {
  return h('details', { class: 'licence-text' },
    h('summary', { text: t('about.text') }),
    // Scrolls in its own box: focusable, so a keyboard can scroll it too.
    h('pre', { lang: 'en', tabindex: '0', 'aria-label': t('about.text'), text: notices.texts[name] ?? '' }));
}

function entry(item, heading) {
  return h('li', { class: 'third-party' },
    h(heading, { text: item.version ? `${item.name} ${item.version}` : item.name }),
    h('p', { lang: 'en', text: `${item.license} – ${item.copyright}` }),
    licenceText(item.text),
    item.parts?.length ? h('ul', { class: 'notice-parts', 'aria-label': t('about.parts', { name: item.name }) },
      item.parts.map((part) => entry(part, 'h5'))) : null);
}

function renderAbout() {
  let body;
  if (notices) {
    body = [
      h('h3', { text: t('about.app') }),
      h('p', { text: t('about.license', { license: notices.app.license }) }),
      licenceText(notices.app.text),
      h('h3', { text: t('about.thirdParty') }),
      h('p', { text: t('about.thirdParty.intro') }),
      h('ul', { class: 'notices' }, notices.packages.map((item) => entry(item, 'h4'))),
    ];
  } else {
    body = h('p', { role: 'status', text: t(failed ? 'about.unreadable' : 'about.loading') });
  }
  return h('section', { class: 'about', 'aria-labelledby': 'about-heading' },
    h('h2', { id: 'about-heading', text: t('about.heading') }),
    h('p', { text: t('about.intro') }),
    body);
}

function renderAboutControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'about-close' }, text: t('about.back') })];
}

declareScreens('about', {
  about: () => [renderAbout(), renderAboutControls()],
});

declareTaps('about', {
  about: () => {
    go('about');
    loadNotices().then(() => { if (m().route === 'about') render(); });
  },
  'about-close': () => {
    m().route = 'settings';
    render();
  },
});
