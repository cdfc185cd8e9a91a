// The Spielliste as the paper one: per hand who dealt, the knocks and the
// value reached, who held and who passed, penalties, who won and everyone's
// marks after the hand; per game the points, per series the totals. The
// same screen prints (print.css) and opens the correction of a past hand.
// Every fact comes from the engine's `lists`; nothing is counted here.
import { h } from '../lib/dom.js';
import { has, t } from '../i18n/i18n.js';
import { lineChart } from '../lib/charts.js';
import { renderSheet } from '../table/sheet.js';
import { describeLog } from '../table/log.js';
import { seatPeople as seatChain } from '../context/guard.js';

function nameIn(names, seat) {
  return names[seat - 1] ?? t('start.seat', { seat });
}

function penaltyWord(kind) {
  return has(`sheet.penalty.${kind}`) ? t(`sheet.penalty.${kind}`) : kind;
}

// The line's happenings in words, in the order the paper list has them.
export function lineEvents(line, names) {
  const parts = [];
  if (line.kind && line.kind !== 'normal' && has(`hand_kind.${line.kind}`)) parts.push(t(`hand_kind.${line.kind}`));
  // Each knock with the answers given to it (an answer carries the value
  // it was given at), as the paper list groups them.
  const answered = new Set();
  const answers = (list, kind) => list.filter((a) => a.answer === kind).map((a) => nameIn(names, a.seat)).join(', ');
  for (const k of line.knocks) {
    const key = k.auto ? 'list.knock.auto' : k.blind ? 'list.knock.blind' : 'list.knock';
    const mine = line.answers.filter((a) => a.value === k.value && !answered.has(a));
    mine.forEach((a) => answered.add(a));
    const said = [answers(mine, 'hold') && t('list.holds', { names: answers(mine, 'hold') }),
      answers(mine, 'pass') && t('list.passes', { names: answers(mine, 'pass') })].filter(Boolean).join('; ');
    parts.push(t(key, { name: nameIn(names, k.seat), value: k.value }) + (said ? ` (${said})` : ''));
  }
  const rest = line.answers.filter((a) => !answered.has(a));
  if (answers(rest, 'hold')) parts.push(t('list.holds', { names: answers(rest, 'hold') }));
  if (answers(rest, 'pass')) parts.push(t('list.passes', { names: answers(rest, 'pass') }));
  for (const p of line.penalties) parts.push(t('list.penalty', { name: nameIn(names, p.seat), kind: penaltyWord(p.kind) }));
  for (const o of line.other) parts.push(t('log.other', { name: nameIn(names, o.seat), type: has(`list.other.${o.type}`) ? t(`list.other.${o.type}`) : o.type }).replace(/\.$/, ''));
  if (line.reason === 'void' || line.reason === 'redeal') parts.push(t('list.void'));
  if (!parts.length) parts.push(t('list.plain'));
  return parts.join(' · ');
}

function tallyText(v) {
  return v == null ? '–' : String(v);
}

function gameRows(entry, { names, cols, fixable, gameLabel }) {
  const list = entry.list;
  const lines = list.lines;
  const rows = [h('tr', { class: 'game-head' },
    h('th', { scope: 'colgroup', colspan: cols, text: gameLabel }))];
  rows.push(h('tr', { class: 'start-row' },
    h('th', { scope: 'row', text: t('list.start') }),
    list.start_marks.map((m) => h('td', { class: 'marks', text: tallyText(list.tally === 'points' ? 0 : m) }))));
  for (const line of lines) {
    const done = line.winner != null || line.reason != null;
    const canFix = fixable && line.real && done;
    // Four players fit a 360 px phone: the hand and its value in the first
    // column, the names as column heads, the dealer and the winner marked in
    // their cells (and said in words in the line under it).
    rows.push(h('tr', { class: 'hand-main', dataset: { game: entry.game, hand: line.hand } },
      h('th', { scope: 'row', class: 'num' }, h('span', { class: 'hand-n', text: String(line.hand) }),
        h('span', { class: 'hand-value', text: t('list.valueShort', { value: line.value }) })),
      (line.tally_after ?? names.map(() => null)).map((m, i) => h('td', {
        class: `marks${line.losses?.[i] ? ' lost' : ''}${line.winner === i + 1 ? ' won' : ''}${line.dealer === i + 1 ? ' dealt' : ''}`,
        text: tallyText(m),
      }))));
    const who = [t('list.dealt', { name: nameIn(names, line.dealer) }),
      line.winner != null ? t('list.won', { name: nameIn(names, line.winner) }) : done ? null : t('list.running')].filter(Boolean);
    rows.push(h('tr', { class: 'hand-detail' },
      h('td', { colspan: cols },
        h('span', { class: 'who', text: `${who.join(' · ')}: ` }),
        canFix ? h('button', {
          type: 'button', class: 'fix-hand no-print', dataset: { action: 'fix-open', game: entry.game, hand: line.hand },
          'aria-label': t('list.fix.label', { hand: line.hand, game: entry.game }), text: t('list.fix'),
        }) : null,
        h('span', { class: 'events', text: lineEvents(line, names) }))));
  }
  const o = list.outcome;
  if (o.over && o.scores) {
    rows.push(h('tr', { class: 'game-foot' },
      // The winner on a line of its own: "Punkte – " cannot break before
      // its dash, which held the first column too wide for four double
      // names on a 360 px phone.
      h('th', { scope: 'row' }, h('span', { class: 'points-head', text: t('list.points') }),
        o.winner ? h('span', { class: 'points-winner', text: t('list.winner', { name: nameIn(names, o.winner) }) }) : null),
      o.scores.map((s) => h('td', { class: 'marks', text: String(s) }))));
  }
  return h('tbody', { class: 'game' }, rows);
}

function sameNames(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// Consecutive games with the same players share one table (a series is
// one table, as on paper); a set's Hängeln gets its own.
function groups(lists) {
  const out = [];
  for (const entry of lists) {
    const last = out[out.length - 1];
    if (last && sameNames(last.names, entry.list.players)) last.entries.push(entry);
    else out.push({ names: entry.list.players, entries: [entry] });
  }
  return out;
}

function gameLabel(entry, data) {
  const first = t('list.firstDealer', { name: nameIn(entry.list.players, entry.list.first_dealer) });
  if (data.set && entry.game === 3) return `${t('list.hangeln')} · ${first}`;
  return `${t('list.game', { k: entry.game })} · ${first}`;
}

export function marksSeries(entry) {
  const list = entry.list;
  return list.players.map((name, i) => ({
    name,
    values: [list.tally === 'points' ? 0 : list.start_marks[i], ...list.lines.filter((l) => l.tally_after).map((l) => l.tally_after[i])],
  }));
}

// Who played each seat of a series (context/guard.js), a computer marked as such.
export function seatPeople(names, changes = []) {
  return seatChain(names, changes, (c) => (c.computer ? t('list.change.computer', { name: c.name }) : c.name));
}

// Under the list: which seat changed hands when, and that the totals stay
// the seat's while each game is its players'.
function changeLines(series) {
  const changes = series?.changes ?? [];
  if (!changes.length) return null;
  return [...changes.map((c) => h('p', { class: 'list-meta list-change', dataset: { game: c.game, seat: c.seat },
    text: t(c.computer ? 'list.change.toComputer' : 'list.change', c) })),
  h('p', { class: 'note', text: t('list.change.note') })];
}

// data: the engine's `lists` result; meta: {title, lines: [..], seed, signer}
export function renderList(data, { readOnly, meta, ready }) {
  const grouped = groups(data.lists);
  const tables = grouped.map((g, gi) => {
    const cols = 1 + g.names.length;
    const fixable = !readOnly && ready;
    // The series' totals under its last table: a seat that changed hands
    // keeps its standing (the totals are the seat's).
    const totals = data.series && gi === grouped.length - 1 ? data.series.totals : null;
    return h('div', { class: 'list-scroll', role: 'region', tabindex: 0, 'aria-label': t('list.region', { n: gi + 1 }) },
      h('table', { class: 'list' },
        h('caption', { class: 'sr-only', text: meta.title }),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', text: t('list.col.hand') }),
          g.names.map((n) => h('th', { scope: 'col', class: 'player' }, h('bdi', { text: n }))))),
        g.entries.map((entry) => gameRows(entry, {
          names: g.names, cols, gameLabel: gameLabel(entry, data),
          // Only the table in play is corrected; a set corrects its game in play.
          fixable: fixable && (data.series != null || entry === data.lists[data.lists.length - 1]),
        })),
        totals ? h('tfoot', {}, h('tr', {},
          h('th', { scope: 'row', text: t('list.total') }),
          totals.map((v) => h('td', { class: 'marks total', text: String(v) })))) : null));
  });
  const players = data.lists[0]?.list.players ?? [];
  return h('section', { class: 'spielliste', 'aria-labelledby': 'list-heading' },
    h('h2', { id: 'list-heading', text: meta.title }),
    meta.lines.map((line) => h('p', { class: 'list-meta', text: line })),
    // Why it cannot be corrected here: a list from the history, or the
    // host's at a table of phones.
    readOnly ? h('p', { class: 'note no-print list-read-only', text: t(`list.readOnly.${readOnly}`) }) : null,
    tables,
    changeLines(data.series),
    data.set ? h('p', { class: 'list-meta', text: setLine(data.set, players) }) : null,
    h('div', { class: 'charts no-print' }, data.lists.filter((e) => e.list.lines.length).map((e) => lineChart({
      title: t('chart.marks', { game: gameLabel(e, data) }), series: marksSeries(e), xLabel: t('chart.hands'),
    }))),
    h('div', { class: 'signatures print-only' },
      h('p', { text: t('print.check') }),
      players.map((name, i) => h('div', { class: 'signature' },
        h('span', { class: 'sign-line', 'aria-hidden': 'true' }),
        h('span', { text: `${i + 1}: ${name}${i + 1 === meta.signer ? ` – ${t('print.keeper')}` : ''}` })))));
}

function setLine(set, players) {
  if (set.loser != null) return t('list.set.loser', { name: nameIn(players, set.loser) });
  if (set.hangeln_seats) return t('list.set.hangeln', { a: nameIn(players, set.hangeln_seats[0]), b: nameIn(players, set.hangeln_seats[1]) });
  return t('list.set.open');
}

export function renderListControls({ readOnly, canShare, ready }) {
  return [h('div', { class: 'tool-row wrap' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'list-csv' }, disabled: !ready, text: t('list.csv') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'list-json' }, disabled: !ready, text: t('list.json') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'list-print' }, text: t('list.print') }),
    canShare ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'list-share' }, disabled: !ready, text: t('list.share') }) : null),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'list-back' }, text: t(readOnly === 'history' ? 'list.back.kept' : 'list.back') })];
}

// --- correcting a past hand ------------------------------------------------

function changeRows(changes) {
  return changes.map((c) => h('tr', {},
    h('td', { text: c.game != null ? String(c.game) : '1' }),
    h('td', { text: String(c.hand) }),
    h('th', { scope: 'row' }, h('bdi', { text: c.name })),
    h('td', { class: 'change', text: `${c.before ?? '–'} → ${c.after ?? '–'}` })));
}

// "1 Eintrag ändert sich", "2 Einträge ändern sich": the count's own form.
export function changesText(key, n) {
  return t(n === 1 ? `${key}.one` : key, { n });
}

export function renderChanges(changes) {
  if (!changes.length) return h('p', { class: 'changes-none', text: t('fix.noChange') });
  return h('table', { class: 'results changes' },
    h('caption', { text: changesText('fix.changes', changes.length) }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('fix.col.game') }),
      h('th', { scope: 'col', text: t('fix.col.hand') }),
      h('th', { scope: 'col', text: t('result.col.player') }),
      h('th', { scope: 'col', text: t('fix.col.marks') }))),
    h('tbody', {}, changeRows(changes)));
}

// The hand as it was, entry by entry: a tap keeps what came before that
// entry and enters the rest anew (one answer changed: a few taps, not the
// whole hand).
function asWasList(fix, v) {
  return h('section', { class: 'fix-as-was', 'aria-labelledby': 'fix-as-was-heading' },
    h('h3', { id: 'fix-as-was-heading', text: t('fix.asWas') }),
    h('ol', {}, fix.asWas.map((x, i) => h('li', {},
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'fix-from', index: i },
        'aria-label': t('fix.from.label', { entry: x.log ? describeLog(v, x.log) : x.action.type }),
        text: x.log ? describeLog(v, x.log) : x.action.type })))));
}

// fix: {game, hand, before (events text), actions, draft, preview, error, asWas}
export function renderFix(fix, { ready, penaltyFor, picker }) {
  const v = fix.draft?.view;
  const title = t('fix.heading', { hand: fix.hand, game: fix.game });
  const newLog = v ? v.log.map((e) => describeLog(v, e)).join(' ') : '';
  return h('section', { class: 'fix', 'aria-labelledby': 'fix-heading' },
    h('h2', { id: 'fix-heading', text: title }),
    h('p', { class: 'fix-before' }, h('strong', { text: t('fix.before') }), ' ', fix.before),
    h('p', { class: 'fix-now' }, h('strong', { text: t('fix.now') }), ' ', newLog || t('fix.empty')),
    !fix.preview && v && fix.asWas?.length ? asWasList(fix, v) : null,
    fix.preview ? h('div', { class: 'fix-preview', role: 'group', 'aria-labelledby': 'fix-preview-heading' },
      h('h3', { id: 'fix-preview-heading', text: t('fix.preview.heading') }),
      renderChanges(fix.preview.changes))
      : v && fix.draft.hand_over ? h('p', { class: 'status', text: t('fix.handDone') })
        : v ? renderSheet(v, fix.draft.sheet_legal, {
          ready, penaltyFor, sheetCards: fix.draft.sheet_cards, picker, action: 'fix-entry',
          heading: t('fix.sheetHeading', { hand: fix.hand }),
        }) : null);
}

export function renderFixControls(fix, { ready }) {
  if (fix.preview) {
    return [h('div', { class: 'tool-row' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'fix-edit' }, text: t('fix.edit') })),
    h('button', { type: 'button', class: 'big primary', dataset: { action: 'fix-confirm' }, disabled: !ready, text: t('fix.confirm') })];
  }
  return [h('div', { class: 'tool-row wrap' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'fix-cancel' }, text: t('fix.cancel') }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'fix-clear' }, disabled: !ready || !fix.actions.length, text: t('fix.clear') }),
    h('button', { type: 'button', class: 'undo', dataset: { action: 'fix-undo' }, disabled: !ready || !fix.actions.length, 'aria-label': t('fix.undo.label') },
      h('span', { class: 'undo-icon', 'aria-hidden': 'true', text: '↶' }), h('span', { class: 'undo-text', text: t('btn.undo') }))),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'fix-preview' }, disabled: !ready || !fix.draft?.hand_over, text: t('fix.preview') })];
}
