// Taps answered within a frame. The engine's answer to a tap is a round trip
// to the worker and a durable save, too slow for a thumb on a phone that is
// busy; so a tap is answered here at once from what the last state already
// says: the view's `legal` list and the state's `refusals` (the engine's own
// reason for each refused tap). A legal card leaves the hand for the trick, a
// legal knock sounds, an answer button is taken — all marked as pending until
// the engine's state, saved, is drawn over it. A refused tap shows the
// engine's reason. Nothing here decides a rule: it only looks the tap up.
import { h } from '../lib/dom.js';
import { cardFace, cardName } from './cards.js';
import { nameOf } from './log.js';
import { heldTap, tapShownOnTable } from './table.js';

export function tapKey(type, card) {
  return card == null ? type : `${type}:${card}`;
}

// → {legal: true} | {refused: <error>} | null (not known here: ask the engine)
export function lookUp(state, type, card = null) {
  const view = state?.view;
  if (!view) return null;
  if (view.legal.some((a) => a.type === type && (a.card ?? null) === card && !a.blind)) return { legal: true };
  const refused = state.refusals?.[tapKey(type, card)];
  return refused ? { refused } : null;
}

// The tapped card leaves the hand; a played one lands in the trick under
// the player's name.
export function showPlayed(view, button, type, card) {
  tapShownOnTable();
  const hand = button.closest('.hand');
  hand?.querySelectorAll('button.card').forEach((b) => { b.disabled = true; });
  button.closest('li')?.classList.add('leaving');
  if (type !== 'play') return;
  const trick = document.querySelector('#table .trick');
  if (!trick) return;
  let list = trick.querySelector('.trick-cards');
  if (!list || trick.classList.contains('previous')) {
    // A finished trick was on show: the new card opens the next one.
    trick.classList.remove('previous');
    list = h('ol', { class: 'trick-cards' });
    trick.replaceChildren(list);
  }
  list.append(h('li', { class: 'played pending' },
    h('span', { class: 'card small', role: 'img', 'aria-label': cardName(card) }, cardFace(card)),
    h('bdi', { class: 'played-by', text: nameOf(view, view.seat) })));
}

// A knock, a hold or a pass: the button stays pressed and the row waits.
export function showPressed(button) {
  button.closest('.answer-row')?.querySelectorAll('button').forEach((b) => { b.disabled = true; });
  button.classList.add('pending');
  button.setAttribute('aria-pressed', 'true');
}

// After the table is drawn: the tap held as tapped (table.js heldTap) drawn on it again.
export function redrawHeldTap(view) {
  const held = heldTap(view);
  if (!held) return;
  const button = document.querySelector(held.card != null ? `#table .hand [data-card="${held.card}"]` : `[data-action="${held.type}"]`);
  if (!button) return;
  if (held.card != null) showPlayed(view, button, held.type, held.card);
  else showPressed(button);
}
