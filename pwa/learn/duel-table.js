// The deal sets where the start form and the table show them: the start
// form's section, the banner over a set's table, the tools under a decided
// hand and the way on after the last. What those buttons do (starting a
// set, the result out, a friend's in, the codes) is duel.js, loaded when
// first needed (context/rare.js).
import { h } from '../lib/dom.js';
import { has, t } from '../i18n/i18n.js';
import { m } from '../context/context.js';
import { reviewButton, reviewable } from './review-words.js';

// The engine's offer (hello.duel) until it has said hello.
const FALLBACK = { presets: ['rheinland'], hands: [8], default: { rules: 'rheinland', hands: 8 } };

// The preset and number of deals chosen on the start screen (kept in the
// model, so a redraw keeps them); the engine's defaults until changed.
export function pick(hello) {
  const offer = hello?.duel ?? FALLBACK;
  m().duelPick ??= { ...offer.default };
  return { offer, chosen: m().duelPick };
}

function presetName(id) {
  return has(`preset.${id}`) ? t(`preset.${id}`) : id;
}

// A set as people name it: its word, and its preset and deals where they
// are not everyone's.
export function setLabel(word, rules, hands) {
  const d = FALLBACK.default;
  return [word, rules && rules !== d.rules ? presetName(rules) : null, hands && hands !== d.hands ? t('duel.hands.n', { n: hands }) : null]
    .filter(Boolean).join(' · ');
}

export function duelStartSection({ ready }) {
  const { offer, chosen } = pick(m().hello);
  return h('section', { class: 'record duel', 'aria-labelledby': 'duel-heading' },
    h('h3', { id: 'duel-heading', text: t('duel.heading') }),
    h('p', { class: 'note', text: t('duel.intro', { n: offer.default.hands }) }),
    h('label', { class: 'field' }, h('span', { text: t('duel.word') }),
      // Drawn from the model, which every keystroke updates: a redraw (the
      // engine coming up while the word is typed) keeps what was typed.
      h('input', { id: 'duel-word', type: 'text', maxlength: 40, autocomplete: 'off', placeholder: t('duel.word.placeholder'),
        value: m().duelWord ?? '', dataset: { duelField: 'word' } })),
    h('label', { class: 'field' }, h('span', { text: t('duel.rules') }),
      h('select', { id: 'duel-rules', dataset: { duelField: 'rules' } }, offer.presets.map((p) => h('option', { value: p, selected: p === chosen.rules || null,
        text: presetName(p) })))),
    h('label', { class: 'field' }, h('span', { text: t('duel.hands') }),
      h('select', { id: 'duel-hands', dataset: { duelField: 'hands' } }, offer.hands.map((n) => h('option', { value: String(n), selected: n === chosen.hands || null,
        text: n === offer.default.hands ? t('duel.default', { name: String(n) }) : String(n) })))),
    h('div', { class: 'record-buttons' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-today' }, disabled: !ready, text: t('duel.today') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-start' }, disabled: !ready, text: t('duel.start') }),
      navigator.mediaDevices?.getUserMedia ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-scan' }, disabled: !ready,
        text: t('duel.scan') }) : null));
}

export function duelBanner(game) {
  const d = game?.state?.duel;
  if (!d) return null;
  const k = Math.min(d.hands, d.played + (game.state.hand_over ? 0 : 1));
  const set = setLabel(d.set, d.rules, null);
  const total = d.total;
  // Played out: the person's total right under it, at the top of the set's last screen.
  return [h('p', { class: 'banner duel-banner', text: d.over ? t('duel.over', { set })
    : t('duel.banner', { set, k: Math.max(1, k), n: d.hands, code: d.code }) }),
  total ? h('p', { class: 'duel-result', role: 'status', text: t('duel.result', {
    lost: total.marks_lost, k: total.hands, place: total.place, of: total.of, hints: total.hints }) }) : null];
}

// Below a decided hand (and the game's end) of a deal set: the result out,
// a friend's in, and the review.
export function duelTools(game) {
  if (!game?.state?.duel || !game.state.hand_over) return null;
  return h('div', { class: 'tool-row wrap duel-tools' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-export' }, text: t('duel.export') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-rqr' }, text: t('duel.rqr') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-qr' }, text: t('duel.qr') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-compare' }, 'aria-label': t('duel.compare.label'), text: t('duel.compare') }),
    navigator.mediaDevices?.getUserMedia ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'duel-rscan' }, text: t('duel.rscan') }) : null,
    h('input', { type: 'file', hidden: true, accept: 'application/json,.json', dataset: { duelFile: 'true' }, 'aria-label': t('duel.compare.label') }),
    reviewable(game.save) ? reviewButton() : null);
}

// A played-out set is not a finished game to the engine, but nothing is
// dealt after it: the way on is a new setup.
export function duelControls(game) {
  if (!game?.state?.duel?.over || game.state.game_over) return null;
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('btn.setup') })];
}
