// Deleting an entry of the history: asked first, and brought back with one
// tap (the deleted entry is held here until another is deleted or it comes
// back). The history database itself is history.js's.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import * as history from '../store/history.js';

let removed = null; // {entry, title}

// → true once the entry is gone from disk (false: the person said no);
// throws where storage refuses.
export async function forget(entry, title) {
  if (!window.confirm(t('history.delete.ask', { title }))) return false;
  await history.remove(entry.id);
  removed = { entry, title };
  return true;
}

// → true once the entry is kept again (as the newest); throws where
// storage refuses.
export async function restoreEntry() {
  if (!removed) return false;
  await history.keep(removed.entry);
  removed = null;
  return true;
}

export function restoreOffer() {
  if (!removed) return null;
  return h('div', { class: 'notice restore', role: 'status' },
    h('p', { text: t('history.deleted', { title: removed.title }) }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'history-restore' }, text: t('history.restore') }));
}
