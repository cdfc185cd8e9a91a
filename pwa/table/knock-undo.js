// A knock made by a double tap on the felt says what it did ("Auf 4
// geklopft") and offers, for a moment, to take it back: a double tap is the
// one tap that can be made by accident. The knock is saved like any other;
// taking it back is the engine's undo (the computers' answers go with it).
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { undoButton } from './table.js';

export const KNOCK_UNDO_MS = 5000;

let offer = null; // {value, timer}

// After the engine accepted a double-tap knock: shown until the moment
// passes or the person acts again.
export function offerKnockUndo(value, redraw) {
  clearKnockUndo();
  offer = { value, timer: setTimeout(() => { offer = null; redraw(); }, KNOCK_UNDO_MS) };
  redraw();
}

export function clearKnockUndo() {
  if (offer) clearTimeout(offer.timer);
  offer = null;
}

export function knockUndoStrip({ ready }) {
  if (!offer) return null;
  return h('div', { class: 'knock-undo', role: 'status' },
    h('p', { text: t('knock.done', { value: offer.value }) }),
    undoButton({ ready }));
}
