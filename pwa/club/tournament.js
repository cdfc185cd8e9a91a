// The organiser's screens: a tournament's draw, its tables and tickets,
// the results brought in and the standings; and the QR screen that carries
// tickets and results from phone to phone. The draw, the checks on every
// result and the ranking are the engine's; these screens show them. Part
// of the organiser's part (organiser.js), loaded when first needed.
import { h, keeper } from '../lib/dom.js';
import { getLang, has, t } from '../i18n/i18n.js';
import { barChart } from '../lib/charts.js';
import { canScan, qrSvg } from '../qr/qr.js';
import { canShareFiles } from '../files/share.js';
import { c, m } from '../context/context.js';
import { tournamentHouse } from '../evening/house-rules.js';

function option(value, text, selected) {
  return h('option', { value, selected: selected || null, text });
}

function presetLabel(p) {
  return has(`preset.${p}`) ? t(`preset.${p}`) : p;
}

// form: {names (text), rules, games, series, seed}
// house: the house rules select and their options (house-rules.js
// tournamentHouse); their games and series are this tournament's defaults.
export function renderTournamentSetup(form, { hello, ready, house = null }) {
  const presets = hello?.presets ?? [form.rules];
  const preset = hello?.club?.[form.rules] ?? { series_games: 5, tournament_series: 5 };
  const club = {
    series_games: house?.options.series_games ?? preset.series_games,
    tournament_series: house?.options.tournament_series ?? preset.tournament_series,
  };
  const counts = (n, also) => [...new Set([...Array.from({ length: n }, (_, i) => i + 1), also])].sort((a, b) => a - b);
  const n = form.names.split('\n').map((s) => s.trim()).filter(Boolean).length;
  return h('section', { class: 'tournament-setup', 'aria-labelledby': 't-heading' },
    h('h2', { id: 't-heading', text: t('t.setup.heading') }),
    h('p', { class: 'note', text: t('t.setup.hint') }),
    h('form', { id: 't-form', novalidate: true },
      h('label', { class: 'field' }, h('span', { text: t('t.names', { n }) }),
        h('textarea', { rows: 8, dataset: { field: 't-names' }, spellcheck: 'false', autocomplete: 'off', text: form.names })),
      h('label', { class: 'field' }, h('span', { text: t('start.rules') }),
        h('select', { dataset: { field: 't-rules' } }, presets.map((p) => option(p, presetLabel(p), p === form.rules)))),
      house?.field,
      h('label', { class: 'field' }, h('span', { text: t('t.games') }),
        h('select', { dataset: { field: 't-games' } },
          counts(7, club.series_games).map((k) => option(k, k === club.series_games ? t('t.default', { n: k }) : String(k),
            (form.games ?? club.series_games) === k)))),
      h('label', { class: 'field' }, h('span', { text: t('t.series') }),
        h('select', { dataset: { field: 't-series' } },
          counts(6, club.tournament_series).map((k) => option(k, k === club.tournament_series ? t('t.default', { n: k }) : String(k),
            (form.series ?? club.tournament_series) === k)))),
      h('label', { class: 'field' }, h('span', { text: t('t.seed') }),
        h('input', { type: 'text', inputmode: 'numeric', value: String(form.seed), dataset: { field: 't-seed' }, autocomplete: 'off' })),
      h('p', { class: 'note', text: t('t.seed.hint') })),
    ready ? null : h('p', { class: 'note', text: t('start.wait') }));
}

export function renderTournamentSetupControls({ ready, hasTournament }) {
  return [h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: hasTournament ? 'tournament' : 'setup' }, text: t('t.cancel') })),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 't-create' }, disabled: !ready, text: t('t.create') })];
}

function seatList(players) {
  return h('ol', { class: 'seat-order' }, players.map((name, i) => h('li', {},
    h('span', { class: 'seat-no', 'aria-hidden': 'true', text: String(i + 1) }),
    h('bdi', { text: name }),
    i === 3 ? h('span', { class: 'badge', text: t('t.seat4') }) : null)));
}

function tableCard(table, number, k, { readOnly, ready }) {
  const status = table.over ? t('t.table.in') : table.played ? t('t.table.partial') : t('t.table.open');
  return h('li', { class: `t-table${table.over ? ' done' : ''}`, dataset: { series: number, table: k } },
    h('h4', { text: t('t.table', { k }) }, ' ', h('span', { class: 'badge', text: status })),
    seatList(table.players),
    table.over ? h('p', { class: 'totals', text: table.players.map((n, i) => `${n} ${table.totals[i]}`).join(' · ') }) : null,
    table.over ? h('div', { class: 'tool-row wrap no-print' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 't-list', series: number, table: k },
        'aria-label': t('t.list.label', { series: number, k }), text: t('t.list') })) : null,
    readOnly || table.over ? null : h('div', { class: 'tool-row wrap' },
      h('button', { type: 'button', class: 'secondary', disabled: !ready, dataset: { action: 't-ticket', series: number, table: k },
        'aria-label': t('t.ticket.label', { series: number, k }), text: t('t.ticket') }),
      h('button', { type: 'button', class: 'secondary', disabled: !ready, dataset: { action: 't-play', series: number, table: k },
        'aria-label': t('t.play.label', { series: number, k }), text: t('t.play') })));
}

// A player's points series by series, in a line under the name, so five
// series fit a 320 px phone beside rank, points and lot: the numbers to
// the eye, each named by its series to a screen reader. Facts kept before
// the engine gave them have none.
function pointsData(r) {
  return Array.isArray(r.series) && r.series.length ? r.series.map((p) => (p == null ? '-' : p)).join(' ') : null;
}

function pointsSeen(r) {
  return r.series.map((p) => (p == null ? '–' : String(p))).join(' · ');
}

function pointsHeard(r) {
  return r.series.map((p, i) => {
    if (p != null) return t('t.points.one', { series: i + 1, points: p });
    return t(r.withdrawn != null && i + 1 >= r.withdrawn ? 't.points.out' : 't.points.open', { series: i + 1 });
  }).join(', ');
}

function seriesPoints(r) {
  const data = pointsData(r);
  return data == null ? null : h('span', { class: 't-points', dataset: { points: data } },
    h('span', { 'aria-hidden': 'true', text: pointsSeen(r) }),
    h('span', { class: 'sr-only', text: pointsHeard(r) }));
}

function standingsRow(r) {
  return h('tr', { dataset: { name: r.name } },
    h('td', {}, h('span', { class: 't-rank', text: String(r.rank) })),
    h('th', { scope: 'row' }, h('bdi', { text: r.name }), r.withdrawn != null ? h('span', { class: 'badge', text: t('t.withdrawn', { series: r.withdrawn }) }) : null,
      seriesPoints(r)),
    h('td', { text: String(r.total) }),
    h('td', { text: String(r.lot + 1) }));
}

// row: how a player's row is had (the organiser's screen keeps them, drawn).
export function standingsTable(facts, row = standingsRow) {
  return h('table', { class: 'results standings' },
    h('caption', { text: t('t.standings') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('t.col.rank') }),
      h('th', { scope: 'col' }, t('result.col.player'), h('span', { class: 't-points', text: t('t.col.series') })),
      h('th', { scope: 'col', text: t('t.col.total') }),
      h('th', { scope: 'col', text: t('t.col.lot') }))),
    h('tbody', {}, facts.standings.map(row)));
}

// Where a player sits and stands ("wo sitzt Müller?"): every name holding
// the typed text, with the table of each series drawn so far, the points
// the table handed in for him (as the standings give them) and the rank.
function finder(facts, text) {
  const q = text.trim().toLocaleLowerCase();
  const found = q ? facts.standings.filter((r) => r.name.toLocaleLowerCase().includes(q)) : [];
  return h('section', { class: 't-find no-print', 'aria-labelledby': 't-find-label' },
    h('label', { class: 'field' }, h('span', { id: 't-find-label', text: t('t.find') }),
      h('input', { type: 'search', value: text, autocomplete: 'off', dataset: { field: 't-find' } })),
    q ? h('ul', { class: 't-found', role: 'status' }, found.length ? found.slice(0, 8).map((r) => h('li', { dataset: { name: r.name } },
      h('bdi', { text: r.name }), ' – ',
      facts.tables.map((tables, i) => {
        const k = tables.findIndex((table) => table.players.includes(r.name));
        if (k < 0) return t('t.found.out', { series: i + 1 });
        const at = t('t.found.at', { series: i + 1, table: k + 1, seat: tables[k].players.indexOf(r.name) + 1 });
        // Facts kept before the engine gave each series' points have none.
        if (!Array.isArray(r.series)) return at;
        return `${at}, ${r.series[i] != null ? t('t.found.points', { points: r.series[i] }) : t('t.found.open')}`;
      }).join(' · '),
      ` · ${t('t.found.rank', { rank: r.rank, total: r.total })}`)) : h('li', { text: t('t.found.none') })) : null);
}

// The series in play at a glance: how many tables have handed in, and
// which are still missing.
function missingLine(facts) {
  const tables = facts.tables[facts.tables.length - 1] ?? [];
  const missing = tables.map((table, k) => (table.over ? null : k + 1)).filter((k) => k != null);
  return h('p', { class: 'notice t-missing', role: 'status', dataset: { missing: missing.join(' ') } },
    t(missing.length ? 't.missing' : 't.missing.none', {
      series: facts.tables.length, in: tables.length - missing.length, n: tables.length, tables: missing.join(', '),
    }));
}

// Between two series a player may stop: their Schräm stay, and the next
// draw leaves them out (the engine's `withdraw`).
function withdrawRow(facts, chosen, ready) {
  const playing = facts.standings.filter((r) => r.withdrawn == null).map((r) => r.name).sort((a, b) => a.localeCompare(b));
  return h('div', { class: 'tool-row wrap t-withdraw no-print' },
    h('label', { class: 'field' }, h('span', { text: t('t.withdraw.who') }),
      h('select', { dataset: { field: 't-withdraw' } }, h('option', { value: '', text: t('t.withdraw.none') }),
        playing.map((name) => option(name, name, name === chosen)))),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 't-withdraw' }, disabled: !ready || !chosen, text: t('t.withdraw') }));
}

// The engine says when a tournament is over; facts kept before it said so
// are read as it would have.
export function tournamentDone(facts) {
  return facts.over ?? (facts.tables.length === facts.series_count && facts.tables.every((tables) => tables.every((x) => x.over)));
}

// The parts of the screen that most steps leave as they were, kept as
// drawn (dom.js keeper), each as small as what a step changes: a result
// read in changes one table card and the rows of the four players whose
// points it brings, not the 375 cards nor the 300 rows around them; a
// name typed into the finder changes none of them. Each part's key holds
// everything it shows, the language too, but for a row's rank and
// series: most results move every row below the table's players a place
// down, and a series drawn adds a "not handed in yet" to every row, so
// these are written into the row kept, not the row drawn again.
const keptParts = keeper();

// A championship's chart shows the leaders: 300 bars would be ten screens
// of what the standings above it say, and drawn again at every result.
const CHART_LEADERS = 20;

// A row kept as drawn, brought up to its rank and series: a result read
// in moves most rows a place, a series drawn adds a "–" to every row.
function rewritten(row, r) {
  const rank = row.firstChild.firstChild.firstChild;
  if (rank.nodeValue !== String(r.rank)) rank.nodeValue = String(r.rank);
  const data = pointsData(r);
  const points = row.children[1].lastElementChild;
  if (data != null && points.dataset.points !== data) {
    points.dataset.points = data;
    points.firstChild.textContent = pointsSeen(r);
    points.lastChild.textContent = pointsHeard(r);
  }
  return row;
}

// rows: the leaders' bars; players: how many the standings rank.
function totalsChart(rows, players) {
  const title = players > rows.length ? t('chart.leaders', { n: rows.length }) : t('chart.totals');
  return barChart({ title, rows });
}

// A series' cards: a card's look is its table and, while it is open, the
// buttons' flags (a card handed in has none).
function seriesSection(tables, i, flags, part) {
  const lang = getLang();
  return h('section', { class: 't-series', 'aria-labelledby': `t-series-${i + 1}` },
    h('h3', { id: `t-series-${i + 1}`, text: t('t.series.heading', { k: i + 1 }) }),
    h('ul', { class: 't-tables' }, tables.map((table, k) => part(JSON.stringify(['table', lang, i, k, table.over ? null : flags, table]),
      () => tableCard(table, i + 1, k + 1, flags)))));
}

// facts: the engine's tournament facts; find: the name being looked for;
// withdraw: the player chosen to stop.
export function renderTournament(facts, { ready, readOnly, message, find = '', withdraw = '' }) {
  const part = keptParts();
  const lang = getLang();
  const current = facts.tables.length;
  const between = !readOnly && current < facts.series_count && (facts.tables[current - 1] ?? []).every((x) => x.over);
  // Named by its people, as the organiser knows it; the id (on every ticket) in the line under it.
  const done = tournamentDone(facts);
  const row = (r) => rewritten(part(JSON.stringify(['row', lang, r.name, r.total, r.lot, r.withdrawn, Array.isArray(r.series)]),
    () => standingsRow(r)), r);
  const leaders = facts.standings.slice(0, CHART_LEADERS).map((r) => ({ name: r.name, value: r.total }));
  return h('section', { class: 'tournament', 'aria-labelledby': 't-view-heading' },
    h('h2', { id: 't-view-heading', text: t('t.heading', { n: facts.tournament.players.length }) }),
    done && facts.standings[0] ? h('p', { class: 't-over', role: 'status', text: t('t.over', { name: facts.standings[0].name }) }) : null,
    h('p', { class: 'list-meta', text: t('t.meta', { rules: presetLabel(facts.tournament.rules), k: current, n: facts.series_count, id: facts.id }) }),
    h('p', { class: 'list-meta seed', text: t('t.seedShown', { seed: facts.seed }) }),
    facts.house ? h('p', { class: 'list-meta t-house', text: t('t.house', { name: facts.house }) }) : null,
    message ? h('p', { class: 'notice', role: 'status', text: message }) : null,
    readOnly || done ? null : missingLine(facts),
    finder(facts, find),
    between ? withdrawRow(facts, withdraw, ready) : null,
    standingsTable(facts, row),
    h('p', { class: 'note', text: `${t('t.points.hint')} ${t('t.lot.hint')}` }),
    part(JSON.stringify(['chart', lang, facts.standings.length, leaders]), () => totalsChart(leaders, facts.standings.length)),
    facts.tables.map((tables, i) => seriesSection(tables, i, { readOnly, ready: ready && i + 1 === current }, part)),
    // Less frequent than bringing results in: below the tables, not under the thumb.
    h('div', { class: 'tool-row wrap no-print t-tools' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 't-export' }, text: t('t.export') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 't-print' }, text: t('list.print') }),
      readOnly ? null : h('button', { type: 'button', class: 'secondary', dataset: { action: 't-tickets', series: current }, text: t('t.tickets', { k: current }) }),
      readOnly ? null : h('button', { type: 'button', class: 'secondary', dataset: { action: 't-new' }, text: t('t.new') })));
}

export function renderTournamentControls(facts, { ready, canScan }) {
  const last = facts.tables[facts.tables.length - 1] ?? [];
  const canNext = facts.tables.length < facts.series_count && last.every((x) => x.over);
  // Once it is over no result is left to bring in.
  return [tournamentDone(facts) ? null : h('div', { class: 'tool-row wrap' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 't-import' }, disabled: !ready, text: t('t.import.file') }),
    canScan ? h('button', { type: 'button', class: 'secondary', dataset: { action: 't-scan' }, disabled: !ready, text: t('t.import.scan') }) : null,
    h('input', { type: 'file', id: 't-import-file', accept: '.json,application/json', hidden: true, 'aria-label': t('t.import.label'), dataset: { import: 'result' } })),
  canNext ? h('button', { type: 'button', class: 'big primary', dataset: { action: 't-next' }, disabled: !ready, text: t('t.next', { k: facts.tables.length + 1 }) })
    : h('button', { type: 'button', class: 'big primary', dataset: { action: 'setup' }, text: t('club.toStart') })];
}

// --- every ticket of a series, to print ----------------------------------------

// sheet: {series, tickets: [{ticket, codes}]}: a card per table, six to an
// A4 page on paper, each with its players in seat order and its QR code(s).
export function renderTicketSheet(sheet) {
  return h('section', { class: 'ticket-sheet', 'aria-labelledby': 'tickets-heading' },
    h('h2', { id: 'tickets-heading', text: t('t.tickets.heading', { k: sheet.series, n: sheet.tickets.length }) }),
    h('p', { class: 'note', text: t('t.tickets.hint') }),
    h('ol', { class: 'ticket-cards' }, sheet.tickets.map(({ ticket, codes }) => h('li', { class: 'ticket-card', dataset: { table: ticket.table } },
      h('h3', { text: t('ticket.heading', { series: ticket.series, table: ticket.table }) }),
      seatList(ticket.players),
      h('p', { class: 'list-meta', text: t('t.seedShown', { seed: ticket.draw_seed }) }),
      h('div', { class: 'ticket-codes' }, codes.map((code, i) => qrSvg(code, t('qr.label', { k: i + 1, n: codes.length }))))))));
}

export function renderTicketSheetControls() {
  return [h('div', { class: 'tool-row' }, h('button', { type: 'button', class: 'secondary', dataset: { action: 'tournament' }, text: t('history.back') })),
    h('button', { type: 'button', class: 'big primary', dataset: { action: 't-print' }, text: t('list.print') })];
}

// --- QR: show ----------------------------------------------------------------

// qr: {title, hint, codes: [text], index, tooBig}
export function renderQr(qr) {
  const n = qr.codes.length;
  return h('section', { class: 'qr-screen', 'aria-labelledby': 'qr-heading' },
    h('h2', { id: 'qr-heading', text: qr.title }),
    qr.hint ? h('p', { class: 'note', text: qr.hint }) : null,
    qr.tooBig ? h('p', { class: 'notice', role: 'status', text: t('qr.tooBig', { n }) })
      : [n > 1 ? h('p', { class: 'notice', text: t('qr.sequence', { n }) }) : null,
        h('div', { class: 'qr-box' }, qrSvg(qr.codes[qr.index], t('qr.label', { k: qr.index + 1, n }))),
        h('p', { class: 'qr-count', 'aria-live': 'polite', text: t('qr.count', { k: qr.index + 1, n }) }),
        n > 1 ? h('div', { class: 'tool-row' },
          h('button', { type: 'button', class: 'secondary', dataset: { action: 'qr-prev' }, disabled: qr.index === 0, text: t('qr.prev') }),
          h('button', { type: 'button', class: 'secondary', dataset: { action: 'qr-next' }, disabled: qr.index === n - 1, text: t('qr.next') })) : null]);
}

export function renderQrControls({ canShare }) {
  return [h('div', { class: 'tool-row wrap' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'qr-file' }, text: t('qr.file') }),
    canShare ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'qr-share' }, text: t('list.share') }) : null),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'qr-done' }, text: t('qr.done') })];
}

// Declared by club.js, drawn once the organiser's part is in
// (context/registry.js).
export const screens = {
  qr: () => (c().qr ? [renderQr(c().qr), renderQrControls({ canShare: canShareFiles() })] : null),
  'tournament-tickets': () => (c().ticketSheet ? [renderTicketSheet(c().ticketSheet), renderTicketSheetControls()] : null),
  'tournament-setup': ({ ready }) => [renderTournamentSetup(c().tForm, { hello: m().hello, ready, house: tournamentHouse(c().tForm) }),
    renderTournamentSetupControls({ ready, hasTournament: Boolean(c().tournament) })],
  tournament: ({ ready }) => {
    const club = c();
    if (!club.tournament) return null;
    return [renderTournament(club.tournament, { ready, readOnly: false, message: club.tMsg, find: club.tFind ?? '', withdraw: club.tWithdraw ?? '' }),
      renderTournamentControls(club.tournament, { ready, canScan: canScan() })];
  },
  'tournament-view': ({ ready }) => (c().tView ? [renderTournament(c().tView, { ready, readOnly: true }),
    [h('button', { type: 'button', class: 'big primary', dataset: { action: 'history' }, text: t('history.back') })]] : null),
};
