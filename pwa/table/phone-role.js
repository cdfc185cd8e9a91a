// Which part this phone plays at a table of phones ('host' or 'guest'), or
// null away from one. The screens leave out what this phone may not do
// there: the engine refuses taking a move back at a phone table (every
// phone has seen it) and a new game at the same table, and only the host
// deals the next hand; a guest holds no game of its own to export.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';

let role = null;

export function phoneRole() {
  return role;
}

export function setPhoneRole(value) {
  role = value ?? null;
}

// In place of "next hand" on a guest's phone; at a game's end (`game`),
// of the next game, which the host may or may not deal (a series or a set
// may be over).
export function hostDealsNote(game = false) {
  return h('p', { class: 'note host-deals', role: 'status', text: t(game ? 'phone.hostDeals.game' : 'phone.hostDeals') });
}
