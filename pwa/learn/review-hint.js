// The hint (Tipp): at a table against the computer, with the
// setting on, one tap asks the engine for its estimate of the decision at
// hand. The engine writes the hint into the game's record and answers with
// the new state (saved before it is drawn, like every state); the hint is
// part of that state until the next move replaces it.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { settings } from '../pages/settings.js';
import { m, onError, session } from '../context/context.js';
import { choiceText, marks, percent, unitWord } from './review-words.js';

// Four courts' choices a person may take while another is due (challenge
// an exchange, turn a discard, exchange): a hint is asked for those too.
const ANYTIME = new Set(['exchange', 'challenge', 'turn']);

// The person may ask: a table with computer players and dealt cards, the
// person's own seat, and the engine waiting for that person or offering
// them one of those choices.
function canAsk(game) {
  const seats = game?.save?.table?.players ?? [];
  const viewer = game?.viewer;
  if (!settings.hints || viewer == null || game.save?.table?.real_cards || game.state.phone_table) return false;
  if (!seats.some((p) => p.kind === 'bot') || seats[viewer - 1]?.kind !== 'human' || game.state.hand_over) return false;
  return game.state.due?.humans?.includes(viewer) || (game.state.view?.legal ?? []).some((a) => ANYTIME.has(a.type));
}

function decisionLines(d, unit) {
  if (d.kind === 'look') return [h('p', { text: t('hint.look') })];
  const choices = Object.entries(d.choices).sort((a, b) => b[1] - a[1]);
  return [
    h('p', { class: 'hint-best' }, h('strong', { text: t('hint.best', { best: choiceText(d.best) }) })),
    h('ul', { class: 'hint-choices' }, choices.map(([choice, worth]) => h('li', { dataset: { choice },
      text: t('hint.worth', { choice: choiceText(choice), marks: marks(-worth), unit }) }))),
    d.chance != null && d.kind !== 'card' ? h('p', { class: 'note', text: t('hint.chance', { chance: percent(d.chance) }) }) : null,
  ];
}

// Above the table's buttons: the hint given for this position, else the
// button that asks for it.
export function hintStrip(game) {
  const given = game?.state?.hint;
  if (given?.decisions?.length && !game.state.hand_over) {
    return h('section', { class: 'hint', role: 'status', 'aria-labelledby': 'hint-heading' },
      h('h2', { id: 'hint-heading', text: t('hint.heading') }),
      given.decisions.map((d) => decisionLines(d, unitWord(given.tally))),
      h('p', { class: 'note', text: t('hint.counted') }));
  }
  if (!canAsk(game)) return null;
  return h('div', { class: 'tool-row hint-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'hint' }, disabled: !m().ready,
      'aria-label': t('hint.button.label'), text: t('hint.button') }));
}

export async function askHint() {
  const game = m().game;
  if (!canAsk(game)) return;
  const r = await session().tableCommand('hint', { viewer: game.viewer });
  if (!r.ok && r.error) onError(r.error);
}
