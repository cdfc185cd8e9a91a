// The start form as remembered: kept after every change and after every
// table started, read back at the start.
import { isSheet } from '../bridge/session.js';
import * as evening from '../evening/evening.js';
import { model, playerNames } from './model.js';
import { keepPreference } from './draw.js';

// The start form is remembered (names, who plays, levels, rules, dealer,
// mode), so the same table sets up again after a reload in no taps.
export function rememberSetup() {
  keepPreference('setup', structuredClone(model.setup));
}

// The start form keeps the people of the last table started (by the form, a
// rematch, an import, a ticket): "Neues Spiel" sets that table up again.
export function rememberTable(game) {
  // A deal set's table (the person and its own computer players) is not
  // the people the form sets up: the next ordinary game starts as before it.
  if (game.state.duel) return;
  // A face-down table's state names no seat's kind: the form keeps its own.
  if (game.state.facedown) return;
  const kinds = game.save?.table?.players ?? [];
  // A scoresheet seats people only: the form keeps who it had at the phone.
  const sheet = isSheet(game.state);
  model.setup.seats = playerNames(game).map((name, i) => (sheet ? { kind: 'human', ...model.setup.seats[i], name }
    : kinds[i]?.kind === 'bot' ? { name, kind: 'bot', level: kinds[i].level } : { name, kind: 'human' }));
  model.setup.rules = game.state.view.rules;
  rememberSetup();
}

export function restoreSetup(saved) {
  if (!saved || typeof saved !== 'object' || !Array.isArray(saved.seats)) return;
  const seats = saved.seats.slice(0, 8).filter((p) => p && typeof p.name === 'string' && (p.kind === 'human' || p.kind === 'bot'))
    .map((p) => (p.kind === 'bot' ? { name: p.name.slice(0, 40), kind: 'bot', level: String(p.level ?? 'easy') } : { name: p.name.slice(0, 40), kind: 'human' }));
  if (seats.length < 2) return;
  const s = model.setup;
  s.seats = seats;
  if (typeof saved.rules === 'string') s.rules = saved.rules;
  evening.restoreEvening(s, saved);
  if (saved.mode === 'sheet' || saved.mode === 'phone') s.mode = saved.mode;
  s.faceDown = saved.faceDown === true;
  const dealer = Number(saved.dealer);
  s.dealer = Number.isInteger(dealer) && dealer >= 1 && dealer <= seats.length ? dealer : seats.length;
}
