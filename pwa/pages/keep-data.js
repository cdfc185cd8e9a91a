// What this phone keeps: how much the app stores, whether the browser was
// asked to keep it (navigator.storage.persist: otherwise a full phone may
// clear it), and the note that an iPhone's home-screen app keeps its own
// storage apart from Safari's.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { ctx } from '../context/context.js';
import { declareTaps } from '../context/taps.js';

const info = { usage: null, quota: null, persisted: null, asked: false };

function megabytes(bytes) {
  return (bytes / 1_000_000).toLocaleString(document.documentElement.lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 });
}

// Read once the settings open; the screen is drawn again with the answer.
export async function loadStorageInfo() {
  const s = navigator.storage;
  if (!s) return;
  try {
    const [estimate, persisted] = await Promise.all([s.estimate?.(), s.persisted?.()]);
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

declareTaps('what the phone keeps', {
  'storage-persist': () => askToKeep(),
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
