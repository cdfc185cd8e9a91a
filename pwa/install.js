// "Add to home screen", offered once: where the browser lets the page ask
// (`beforeinstallprompt`), a strip under the header offers it; "not now" and
// a refused prompt are remembered, so it never comes back.
import { h } from './dom.js';
import { t } from './i18n.js';
import { readPreference, writePreference } from './storage.js';

let deferred = null;

async function offered() {
  const hints = (await readPreference('hints')) ?? {};
  return Boolean(hints.install);
}

async function remember() {
  const hints = (await readPreference('hints')) ?? {};
  await writePreference('hints', { ...hints, install: true });
}

function close() {
  document.querySelector('.install-offer')?.remove();
}

function show() {
  if (document.querySelector('.install-offer')) return;
  const install = h('button', { type: 'button', class: 'primary', dataset: { installAction: 'install' }, text: t('install.yes') });
  const later = h('button', { type: 'button', class: 'secondary', dataset: { installAction: 'later' }, text: t('install.no') });
  install.addEventListener('click', async () => {
    close();
    await remember();
    try { await deferred?.prompt(); } catch { /* the browser changed its mind */ }
    deferred = null;
  });
  later.addEventListener('click', async () => {
    close();
    await remember();
  });
  const box = h('div', { class: 'install-offer', role: 'region', 'aria-label': t('install.label') },
    h('p', { text: t('install.text') }), install, later);
  document.getElementById('screen')?.before(box);
}

export function offerInstall() {
  window.addEventListener('beforeinstallprompt', async (event) => {
    event.preventDefault(); // the app asks at its own moment, once
    if (await offered()) return;
    deferred = event;
    show();
  });
  window.addEventListener('appinstalled', () => { close(); remember(); });
}
