// The screens around the table: setup, handing the phone over, a hand's
// result, the end of the game and a damaged save.
import { h } from './dom.js';
import { has, t } from './i18n.js';
import { chalk } from './cards.js';
import { nameOf } from './table.js';

const MIN_SEATS = 2;
const MAX_SEATS = 8;

function labelFor(prefix, id) {
  return has(`${prefix}.${id}`) ? t(`${prefix}.${id}`) : id;
}

function option(value, text, selected) {
  return h('option', { value, selected: selected || null, text });
}

export function renderStart(setup, { hello, saved, ready }) {
  const presets = hello?.presets ?? [setup.rules];
  const levels = hello?.bot_levels ?? [setup.seats.find((s) => s.kind === 'bot')?.level ?? 'easy'];
  const seatRows = setup.seats.map((s, i) => {
    const seat = i + 1;
    const who = s.kind === 'human' ? 'human' : `bot:${s.level}`;
    const choices = [option('human', t('start.human'), who === 'human'),
      ...levels.map((l) => option(`bot:${l}`, t('start.bot', { level: labelFor('level', l) }), who === `bot:${l}`))];
    if (s.kind === 'bot' && !levels.includes(s.level)) choices.push(option(who, t('start.bot', { level: s.level }), true));
    return h('li', { class: 'setup-seat' },
      h('span', { class: 'seat-no', 'aria-hidden': 'true', text: String(seat) }),
      h('input', {
        type: 'text', value: s.name, maxlength: 40, autocomplete: 'off', spellcheck: 'false',
        'aria-label': t('start.name', { seat }), dataset: { field: 'name', seat: i },
      }),
      h('select', { 'aria-label': t('start.kind', { seat }), dataset: { field: 'who', seat: i } }, choices));
  });
  return h('section', { class: 'start', 'aria-labelledby': 'start-heading' },
    saved ? h('div', { class: 'saved-game' },
      h('p', { text: t('start.saved', { hand: saved.hand, names: saved.names.join(', ') }) }),
      h('button', { type: 'button', class: 'big primary', dataset: { action: 'continue' }, text: t('start.continue') }))
      : null,
    h('h2', { id: 'start-heading', text: t('start.heading') }),
    h('form', { id: 'setup', novalidate: true },
      h('fieldset', {},
        h('legend', { text: t('start.players') }),
        h('label', { class: 'field' }, h('span', { text: t('start.count') }),
          h('select', { dataset: { field: 'count' } },
            Array.from({ length: MAX_SEATS - MIN_SEATS + 1 }, (_, k) => k + MIN_SEATS)
              .map((n) => option(n, String(n), n === setup.seats.length)))),
        h('ol', { class: 'setup-seats' }, seatRows)),
      h('label', { class: 'field' }, h('span', { text: t('start.rules') }),
        h('select', { dataset: { field: 'rules' } },
          presets.map((p) => option(p, labelFor('preset', p), p === setup.rules)))),
      h('label', { class: 'field' }, h('span', { text: t('start.dealer') }),
        h('select', { dataset: { field: 'dealer' } },
          setup.seats.map((s, i) => option(i + 1, `${i + 1}: ${s.name || t('start.name.default', { seat: i + 1 })}`,
            i + 1 === setup.dealer))))),
    ready ? null : h('p', { class: 'note', text: t('start.wait') }));
}

export function renderStartControls({ ready }) {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'new-game' }, disabled: !ready,
    text: t('start.go') })];
}

export function renderPass(names, seat) {
  const name = names[seat - 1] ?? t('start.seat', { seat });
  return h('section', { class: 'pass-phone', 'aria-labelledby': 'pass-heading' },
    h('div', { class: 'phone-icon', 'aria-hidden': 'true' }, h('span', { class: 'phone-screen' })),
    h('h2', { id: 'pass-heading', text: t('pass.heading', { name }) }),
    h('p', {}, t('pass.body', { name })));
}

export function renderPassControls(names, seat, { ready }) {
  const name = names[seat - 1] ?? t('start.seat', { seat });
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'take-phone' }, disabled: !ready,
    text: t('btn.takePhone', { name }) })];
}

function resultTable(view) {
  const res = view.hand_result;
  return h('table', { class: 'results' },
    h('caption', { text: t('result.table') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('result.col.player') }),
      h('th', { scope: 'col', text: t('result.col.lost') }),
      h('th', { scope: 'col', text: t('result.col.left') }))),
    h('tbody', {}, view.players.map((p, i) => {
      const lost = res.losses?.[i] ?? 0;
      const after = res.marks_after?.[i] ?? p.marks;
      const outNow = (res.eliminated ?? []).includes(p.seat);
      // Players already out before this hand did not play it.
      const outBefore = p.out && !outNow;
      const classes = [p.seat === res.winner ? 'winner' : '', outNow || outBefore ? 'out' : ''].join(' ').trim();
      return h('tr', { class: classes || null },
        h('th', { scope: 'row' }, h('bdi', { text: p.name })),
        h('td', { class: 'lost', text: outBefore ? '–' : lost ? `−${lost}` : '0' }),
        h('td', {}, outBefore ? null : chalk(after),
          outNow || outBefore ? h('span', { class: 'badge', text: t('result.out') }) : null));
    })));
}

export function renderResult(view) {
  const res = view.hand_result;
  const heading = res.winner != null ? t('result.heading', { name: nameOf(view, res.winner) }) : t('result.noWinner');
  return h('section', { class: 'result', 'aria-labelledby': 'result-heading' },
    h('h2', { id: 'result-heading', text: heading }),
    res.reason ? h('p', { class: 'reason', text: labelFor('result.reason', res.reason) }) : null,
    h('p', { text: t('result.value', { value: res.value }) }),
    resultTable(view));
}

export function renderResultControls({ ready }) {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'next-hand' }, disabled: !ready,
    text: t('btn.nextHand') })];
}

export function renderOver(view) {
  const res = view.hand_result;
  const winner = view.winner;
  const scores = view.scores || [];
  const name = winner ? nameOf(view, winner) : null;
  const marks = winner && res ? res.marks_after[winner - 1] : null;
  // Some formats only find a loser.
  const heading = name ? t('over.heading', { name })
    : view.loser ? t('over.loser', { name: nameOf(view, view.loser) }) : t('over.nobody');
  return h('section', { class: 'game-over', 'aria-labelledby': 'over-heading' },
    h('h2', { id: 'over-heading', text: heading }),
    name ? h('p', { class: 'final-score', text: t('over.score', { name, marks, score: scores[winner - 1] }) }) : null,
    name ? h('p', { class: 'big-score', 'aria-hidden': 'true', text: String(scores[winner - 1]) }) : null,
    h('table', { class: 'results' },
      h('caption', { text: t('over.scores') }),
      h('tbody', {}, view.players.map((p, i) => h('tr', { class: p.seat === winner ? 'winner' : null },
        h('th', { scope: 'row' }, h('bdi', { text: p.name })),
        h('td', { text: String(scores[i] ?? 0) }))))),
    res ? resultTable(view) : null);
}

export function renderSetupButton() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('btn.setup') })];
}

export function renderCorrupt(detail) {
  return h('section', { class: 'corrupt', 'aria-labelledby': 'corrupt-heading' },
    h('h2', { id: 'corrupt-heading', text: t('corrupt.heading') }),
    h('p', { text: t('corrupt.body') }),
    h('p', { class: 'detail', text: detail }),
    h('p', { text: t('corrupt.backup') }));
}

export function renderLoading(text) {
  return h('section', { class: 'loading', 'aria-busy': 'true' }, h('p', { text }));
}
