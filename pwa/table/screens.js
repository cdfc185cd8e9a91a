// The screens around the table: setup, handing the phone over, a hand's
// result, the end of the game and a damaged save.
import { h } from '../lib/dom.js';
import { has, t, tn } from '../i18n/i18n.js';
import { knollenBadge, marksView } from './cards.js';
import { handHistory, trickCards, undoButton } from './table.js';
import { nameOf } from './log.js';
import { hostDealsNote, phoneRole } from './phone-role.js';

function labelFor(prefix, id) {
  return has(`${prefix}.${id}`) ? t(`${prefix}.${id}`) : id;
}

function option(value, text, selected) {
  return h('option', { value, selected: selected || null, text });
}

function modeChoice(mode) {
  const choice = (value, title, hint) => h('button', {
    type: 'button', class: `mode-choice${mode === value ? ' chosen' : ''}`, 'aria-pressed': mode === value ? 'true' : 'false',
    dataset: { action: 'mode', mode: value },
  }, h('span', { class: 'mode-title', text: t(title) }), h('span', { class: 'mode-hint', text: t(hint) }));
  return h('div', { class: 'mode', role: 'group', 'aria-labelledby': 'mode-heading' },
    h('h3', { id: 'mode-heading', class: 'mode-heading', text: t('start.mode') }),
    choice('phone', 'start.mode.phone', 'start.mode.phone.hint'),
    choice('sheet', 'start.mode.sheet', 'start.mode.sheet.hint'));
}

// Export the game on this phone as a file, or take one over from a file.
function recordSection({ canExport, ready }) {
  return h('section', { class: 'record', 'aria-labelledby': 'record-heading' },
    h('h3', { id: 'record-heading', text: t('record.heading') }),
    h('p', { class: 'note', text: t('record.hint') }),
    h('div', { class: 'record-buttons' },
      canExport ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'export' }, text: t('record.export') }) : null,
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'import' }, disabled: !ready, text: t('record.import') })),
    // Opened by the import button; never shown itself.
    h('input', { type: 'file', id: 'import-file', accept: '.json,application/json', hidden: true, 'aria-label': t('record.import.label'),
      dataset: { import: 'true' } }));
}

// The dealer list names each seat as its name field says.
export function dealerLabel(seat, i) {
  return `${i + 1}: ${seat.name || t('start.name.default', { seat: i + 1 })}`;
}

// top: what opens a usual table with one tap (the regulars' groups).
// counts: the player counts the chosen rules allow, {min, max}.
export function renderStart(setup, { hello, counts, saved, ready, failed = false, canExport, formExtras = null, extra = null, top = null }) {
  const presets = hello?.presets ?? [setup.rules];
  const levels = hello?.bot_levels ?? [setup.seats.find((s) => s.kind === 'bot')?.level ?? 'easy'];
  const sheet = setup.mode === 'sheet';
  const seatRows = setup.seats.map((s, i) => {
    const seat = i + 1;
    const nameInput = h('input', {
      type: 'text', value: s.name, maxlength: 40, autocomplete: 'off', spellcheck: 'false',
      'aria-label': t('start.name', { seat }), dataset: { field: 'name', seat: i },
    });
    // A scoresheet lists people only: no computer to choose.
    if (sheet) {
      return h('li', { class: 'setup-seat people' },
        h('span', { class: 'seat-no', 'aria-hidden': 'true', text: String(seat) }), nameInput);
    }
    const who = s.kind === 'human' ? 'human' : `bot:${s.level}`;
    const choices = [option('human', t('start.human'), who === 'human'),
      ...levels.map((l) => option(`bot:${l}`, t('start.bot', { level: labelFor('level', l) }), who === `bot:${l}`))];
    if (s.kind === 'bot' && !levels.includes(s.level)) choices.push(option(who, t('start.bot', { level: s.level }), true));
    return h('li', { class: 'setup-seat' },
      h('span', { class: 'seat-no', 'aria-hidden': 'true', text: String(seat) }),
      nameInput,
      h('select', { 'aria-label': t('start.kind', { seat }), dataset: { field: 'who', seat: i } }, choices));
  });
  return h('section', { class: 'start', 'aria-labelledby': 'start-heading' },
    saved ? h('div', { class: 'saved-game' },
      h('p', { text: t(saved.sheet ? 'start.saved.sheet' : 'start.saved', { hand: saved.hand, names: saved.names.join(', ') }) }),
      h('button', { type: 'button', class: 'big primary', dataset: { action: 'continue' }, text: t('start.continue') }))
      : null,
    h('h2', { id: 'start-heading', text: t('start.heading') }),
    top,
    modeChoice(setup.mode),
    h('form', { id: 'setup', novalidate: true },
      h('fieldset', {},
        h('legend', { text: t('start.players') }),
        h('label', { class: 'field' }, h('span', { text: t('start.count') }),
          h('select', { dataset: { field: 'count' } },
            Array.from({ length: counts.max - counts.min + 1 }, (_, k) => k + counts.min)
              .map((n) => option(n, String(n), n === setup.seats.length)))),
        h('ol', { class: 'setup-seats' }, seatRows),
        sheet ? h('p', { class: 'note', text: t('start.sheet.people') }) : null),
      h('div', { class: 'field-row' },
        h('label', { class: 'field' }, h('span', { text: t('start.rules') }),
          h('select', { dataset: { field: 'rules' } },
            presets.map((p) => option(p, labelFor('preset', p), p === setup.rules)))),
        h('button', { type: 'button', class: 'secondary rules-link', dataset: { action: 'rules' },
          'aria-label': t('rules.open.label'), text: t('rules.open') })),
      // A series is first dealt as the tournament order says (the engine's choice).
      setup.format === 'series' ? null : h('label', { class: 'field' }, h('span', { text: t('start.dealer') }),
        h('select', { dataset: { field: 'dealer' } },
          setup.seats.map((s, i) => option(i + 1, dealerLabel(s, i), i + 1 === setup.dealer)))),
      formExtras),
    ready || failed ? null : h('p', { class: 'note', text: t('start.wait') }),
    recordSection({ canExport, ready }),
    extra);
}

// Usable before the engine is up: a tap then is queued (see app/start-form.js), and
// after a moment the wait shows, with its reason. An engine that failed to
// start leaves a reload as the one thing to do.
export function renderStartControls({ mode, queued, failed }) {
  if (failed) {
    return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'reload-app' }, text: t('start.reload') })];
  }
  const go = h('button', { type: 'button', class: 'big primary', dataset: { action: 'new-game' },
    'aria-busy': queued ? 'true' : null, text: t(mode === 'sheet' ? 'start.go.sheet' : 'start.go') });
  if (queued !== 'waiting') return [go];
  return [h('p', { class: 'progress', role: 'status' },
    h('progress', { 'aria-label': t('start.queued') }), h('span', { text: t('start.queued') })), go];
}

// Whose turn it is and why, so the table knows who takes the phone.
function passReason(view, seat, name) {
  const r = view?.response;
  if (r && r.to_answer === seat) return t('pass.why.answer', { name, knocker: names(view, r.knocker), value: r.value });
  if (view?.turn === seat) return t(view.trick?.length ? 'pass.why.play' : 'pass.why.lead', { name });
  return null;
}

function names(view, seat) {
  return view.players.find((p) => p.seat === seat)?.name ?? t('start.seat', { seat });
}

export function renderPass(playerNames, seat, view = null) {
  const name = playerNames[seat - 1] ?? t('start.seat', { seat });
  const why = passReason(view, seat, name);
  return h('section', { class: 'pass-phone', 'aria-labelledby': 'pass-heading' },
    h('div', { class: 'phone-icon', 'aria-hidden': 'true' }, h('span', { class: 'phone-screen' })),
    h('h2', { id: 'pass-heading', text: t('pass.heading', { name }) }),
    why ? h('p', { class: 'pass-why', text: why }) : null,
    h('p', {}, t('pass.body', { name })));
}

export function renderPassControls(names, seat, { ready }) {
  const name = names[seat - 1] ?? t('start.seat', { seat });
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'take-phone' }, disabled: !ready,
    text: t('btn.takePhone', { name }) })];
}

function resultTable(view) {
  const res = view.hand_result;
  const up = view.tally === 'points';
  return h('table', { class: 'results' },
    h('caption', { text: t(up ? 'result.table.points' : 'result.table') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('result.col.player') }),
      h('th', { scope: 'col', text: t(up ? 'result.col.gained' : 'result.col.lost') }),
      h('th', { scope: 'col', text: t(up ? 'result.col.points' : 'result.col.left') }))),
    h('tbody', {}, view.players.map((p, i) => {
      // Marks: what came off the sheet (a seat with 1 mark left that owed 5
      // lost 1). Counted up, the points the hand added, past the limit too:
      // the loser of a loser-only game reaches 8.
      const lost = (up ? res.losses?.[i] : res.marks_lost?.[i] ?? res.losses?.[i]) ?? 0;
      const after = res.tally_after?.[i] ?? p.tally;
      const outNow = (res.eliminated ?? []).includes(p.seat);
      // Players already out before this hand did not play it.
      const outBefore = p.out && !outNow;
      const classes = [p.seat === res.winner ? 'winner' : '', outNow || outBefore ? 'out' : ''].join(' ').trim();
      // Counted up, a loss is points gained.
      const change = outBefore ? '–' : lost ? `${up ? '+' : '−'}${lost}` : '0';
      return h('tr', { class: classes || null, dataset: { seat: p.seat } },
        h('th', { scope: 'row' }, h('bdi', { text: p.name })),
        h('td', { class: 'lost', text: change }),
        h('td', {}, outBefore ? null : marksView(view, after),
          knollenBadge(p.knollen),
          outNow || outBefore ? h('span', { class: 'badge', text: t('result.out') }) : null));
    })));
}

// What the hand was worth, in the sheet's unit; nothing where hands cost
// nothing (the newcomers' halves count no marks: the view's tally is null).
function valueLine(view, value) {
  if (view.tally == null) return null;
  return tn(view.tally === 'points' ? 'result.value.points' : 'result.value', value, { value });
}

export function renderResult(view) {
  const res = view.hand_result;
  const heading = res.winner != null ? t('result.heading', { name: nameOf(view, res.winner), hand: view.hand_no }) : t('result.noWinner');
  return h('section', { class: 'result', 'aria-labelledby': 'result-heading' },
    h('h2', { id: 'result-heading', text: heading }),
    res.reason ? h('p', { class: 'reason', text: labelFor('result.reason', res.reason) }) : null,
    valueLine(view, res.value) ? h('p', { text: valueLine(view, res.value) }) : null,
    finalTrick(view),
    view.tally == null ? null : resultTable(view),
    handHistory(view));
}

// The trick that decided the hand, as it lay on the table.
function finalTrick(view) {
  const last = view.tricks?.[view.tricks.length - 1];
  if (!last || view.hand_result?.reason !== 'last_trick') return null;
  return h('div', { class: 'final-trick', role: 'group', 'aria-label': t('result.finalTrick') },
    h('p', { class: 'trick-no', text: t('result.finalTrick') }),
    h('ol', { class: 'trick-cards' }, trickCards(view, last.cards, last.winner)));
}

// On the scoresheet the next hand follows its decision at once; the decided
// hand (the view's `previous_result`) stays on top of the new sheet, folded
// to one line (who won, the value) with the marks table a tap away.
export function lastHandSummary(view) {
  const res = view.previous_result;
  if (!res) return null;
  const last = { ...view, hand_result: res };
  const who = res.winner != null ? t('result.heading', { name: nameOf(view, res.winner), hand: view.hand_no - 1 }) : t('result.noWinner');
  const value = valueLine(view, res.value);
  return h('details', { class: 'last-hand' },
    h('summary', {}, h('span', { text: t('sheet.lastHand', { hand: view.hand_no - 1 }) }), ' ', h('strong', { text: who }),
      value ? [' ', h('span', { class: 'last-hand-value', text: value })] : null),
    res.reason ? h('p', { class: 'reason', text: labelFor('result.reason', res.reason) }) : null,
    view.tally == null ? null : resultTable(last));
}

// After a scoresheet hand the last entry (a wrong "wins") can still be taken back.
export function renderResultControls({ ready, sheet }) {
  if (phoneRole() === 'guest') return [hostDealsNote()];
  const next = h('button', { type: 'button', class: 'big primary', dataset: { action: 'next-hand' }, disabled: !ready,
    text: t('btn.nextHand') });
  return sheet ? [h('div', { class: 'tool-row' }, undoButton({ ready })), next] : [next];
}

// Scores below zero (Knollen, a lost game) with a real minus sign.
function signed(n) {
  return n < 0 ? `−${-n}` : String(n);
}

function overScoreText(view, name, winner) {
  const res = view.hand_result;
  const score = (view.scores || [])[winner - 1];
  if (view.score_basis === 'knollen') return t('over.knolle', { name, score });
  const tally = res ? res.tally_after[winner - 1] : view.players[winner - 1]?.tally;
  if (view.score_basis === 'points') return t('over.score.points', { name, points: tally, score });
  return t(tally === 1 ? 'over.score.one' : 'over.score', { name, marks: tally, score });
}

// series: the engine's facts of the series this game ends, if any: at its
// end the series' winners are the headline, the last game a line under it.
export function renderOver(view, { series = null } = {}) {
  const res = view.hand_result;
  const winner = view.winner;
  const loser = view.loser;
  const scores = view.scores || [];
  const name = winner ? nameOf(view, winner) : null;
  const seriesWon = series?.over && series.winners?.length ? series.winners.map((s) => nameOf(view, s)) : null;
  // Some formats only find a loser.
  const gameLine = name ? t('over.heading', { name })
    : loser ? t('over.loser', { name: nameOf(view, loser) }) : t('over.nobody');
  const heading = !seriesWon ? gameLine
    : seriesWon.length === 1 ? t('over.series.won', { name: seriesWon[0] }) : t('over.series.tied', { names: seriesWon.join(', ') });
  const lastGame = !seriesWon ? null : name ? t('over.series.lastWinner', { name })
    : loser ? t('over.series.lastLoser', { name: nameOf(view, loser) }) : null;
  return h('section', { class: 'game-over', 'aria-labelledby': 'over-heading' },
    h('h2', { id: 'over-heading', text: heading }),
    lastGame ? h('p', { class: 'last-game', text: lastGame }) : null,
    name && !seriesWon ? h('p', { class: 'final-score', text: overScoreText(view, name, winner) }) : null,
    name && !seriesWon ? h('p', { class: 'big-score', 'aria-hidden': 'true', text: String(scores[winner - 1]) }) : null,
    h('table', { class: 'results scores' },
      h('caption', { text: t('over.scores') }),
      h('tbody', {}, view.players.map((p, i) => h('tr', {
        class: p.seat === winner ? 'winner' : p.seat === loser && !winner ? 'loser' : null, dataset: { seat: p.seat },
      },
      h('th', { scope: 'row' }, h('bdi', { text: p.name }),
        p.seat === loser && !winner ? h('span', { class: 'badge loser-badge', text: t('over.loserBadge') }) : null),
      h('td', { text: signed(scores[i] ?? 0) }))))),
    res ? resultTable(view) : null);
}

// The finished game can be saved as a file; on a scoresheet a wrong last
// entry can still be taken back.
// After a game: the same table again in one tap (the engine names who
// deals it), or a new setup.
// The game-over screen's buttons: the tools share one row, and undo sits
// beside the main button as at the answer, so a 360×640 phone keeps most
// of its screen for the result and the money.
export function renderOverControls({ ready, sheet, view }) {
  const dealer = view?.next_game_dealer;
  const tools = [
    phoneRole() === 'guest' ? null : h('button', { type: 'button', class: 'secondary', dataset: { action: 'export' }, text: t('record.export') }),
    dealer != null && !phoneRole() ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'setup' }, text: t('btn.setup') }) : null,
  ].filter(Boolean);
  return [tools.length ? h('div', { class: 'tool-row over-tools' }, tools) : null,
    h('div', { class: 'answer-row over-main' }, sheet ? undoButton({ ready }, 'compact') : null,
      // At a table of phones only the host deals the next game, to the same phones.
      phoneRole() === 'guest' ? hostDealsNote(true)
        : dealer != null
          ? h('button', { type: 'button', class: 'big primary', dataset: { action: 'rematch' }, disabled: !ready,
            text: t('btn.rematch', { name: nameOf(view, dealer) }) })
          : renderSetupButton())];
}

export function renderSetupButton() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('btn.setup') })];
}

export function renderLoading(text) {
  return h('section', { class: 'loading', 'aria-busy': 'true' }, h('p', { text }));
}
