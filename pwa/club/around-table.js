// The club's lines on the app's own screens: over the table where the
// series, set or tournament table stands; at a game's end the series'
// totals, the set's state and its next game (or the result for the
// organiser); on the start form the format and the club's section.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { isSheet } from '../bridge/session.js';
import { undoButton } from '../table/table.js';
import { phoneRole } from '../table/phone-role.js';
import { canScan } from '../qr/qr.js';
import { c, m } from '../context/context.js';
import { metaFor, readMeta } from '../context/guard.js';
import { seatPeople } from './spielliste.js';

// --- the screens around the table -------------------------------------------

// The ticket of a tournament's table: in its save, or at a face-down table
// (whose save is the phone's secret, not the Session's) in its state.
export function tableTicket(game) {
  return game?.save?.series?.ticket ?? game?.state?.facedown?.ticket ?? null;
}

// A line over the table: where the series, set or tournament table stands.
export function clubBanner(game) {
  if (!game) return null;
  const { state } = game;
  const ticket = tableTicket(game);
  const parts = [];
  if (ticket) parts.push(t('banner.ticket', { series: ticket.series, table: ticket.table }));
  if (state.series) parts.push(t('banner.series', { k: state.series.number, n: state.series.length }));
  if (state.set) {
    parts.push(state.set.in_hangeln ? t('banner.hangeln', { a: state.view.players[0]?.name, b: state.view.players[1]?.name })
      : t('banner.set', { k: state.set.games.length }));
  }
  if (ticket?.house) parts.push(t('banner.house', { name: ticket.house }));
  return parts.length ? h('p', { class: 'club-banner', text: parts.join(' · ') }) : null;
}

function totalsTable(game) {
  const { state } = game;
  // A guest at a table of phones keeps no save of the host's game: its
  // players are the view's (the table's own identity stays untouched).
  const names = game.save && !state.series.changes?.length ? metaFor(game).names : state.view.players.map((p) => p.name);
  // A seat that changed hands shows everyone who played it.
  const people = seatPeople(names, state.series.changes);
  return h('table', { class: 'results series-totals' },
    h('caption', { text: state.series.over ? t('over.series.done') : t('over.series.after', { k: state.series.number, n: state.series.length }) }),
    h('tbody', {}, people.map((n, i) => h('tr', {},
      h('th', { scope: 'row' }, h('bdi', { text: n })),
      h('td', { text: String(state.series.totals[i]) })))));
}

export function overExtras(game) {
  const { state } = game;
  const out = [];
  if (state.series) out.push(totalsTable(game));
  if (state.set) {
    // At a table of phones the engine names the table's seats (a guest
    // keeps no save, and the Hängeln's view has its two players only).
    const names = state.phone_table?.names ?? state.names ?? metaFor(m().game).names;
    out.push(h('p', { class: 'set-line', text: state.set.loser != null ? t('list.set.loser', { name: names[state.set.loser - 1] })
      : state.set.hangeln_seats ? t('list.set.hangeln', { a: names[state.set.hangeln_seats[0] - 1], b: names[state.set.hangeln_seats[1] - 1] })
        : t('list.set.open') }));
  }
  if (c().kept && c().kept === readMeta()?.id) out.push(h('p', { class: 'kept', role: 'status', text: t('history.kept') }));
  return out;
}

// Over screen controls for a series or set: the next game with one tap;
// a finished tournament table sends its result to the organiser.
export function overControls(game, { ready }) {
  const { state } = game;
  // At a table of phones the host deals the next game (renderOverControls says so).
  if (phoneRole() === 'guest') return null;
  const next = (state.series && !state.series.over) || (state.set && !state.set.over);
  const ticket = tableTicket(game);
  // A finished series or a decided set is followed by another with the
  // same players (at a table of phones the same phones, no code); a new
  // table starts from the form.
  if ((state.series?.over || state.set?.over) && !ticket) {
    return [h('div', { class: 'tool-row over-tools' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'export' }, text: t('record.export') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'setup' }, text: t('btn.setup') })),
    h('div', { class: 'answer-row over-main' }, isSheet(state) ? undoButton({ ready }, 'compact') : null,
      h('button', { type: 'button', class: 'big primary', dataset: { action: 'again' }, disabled: !ready,
        text: t(state.series ? 'btn.seriesAgain' : 'btn.setAgain') }))];
  }
  if (!next && !(ticket && state.series?.over)) return null;
  const label = state.series ? t('btn.nextGame', { k: state.series.number + 1, n: state.series.length })
    : state.set.hangeln_seats ? t('btn.hangeln') : t('btn.nextSetGame');
  // The organiser's own phone can play a table too: its result goes
  // straight into the tournament here (still checked by the engine).
  const here = !next && Boolean(ticket) && c().tournament?.id === ticket.tournament;
  // As the game-over screen's own buttons (renderOverControls): undo beside the main button.
  return [h('div', { class: 'tool-row over-tools' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'export' }, text: t('record.export') }),
    next ? null : h('button', { type: 'button', class: 'secondary', dataset: { action: 'setup' }, text: t('btn.setup') })),
  here ? h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'send-result' }, disabled: !ready, text: t('btn.sendResult') })) : null,
  h('div', { class: 'answer-row over-main' }, isSheet(state) ? undoButton({ ready }, 'compact') : null,
    next ? h('button', { type: 'button', class: 'big primary', dataset: { action: 'next-game' }, disabled: !ready, text: label })
      : h('button', { type: 'button', class: 'big primary', dataset: { action: here ? 'result-here' : 'send-result' }, disabled: !ready,
        text: t(here ? 'btn.resultHere' : 'btn.sendResult') }))];
}

// The start screen's club fields (inside the form) and its club section.
export function startFormExtras(setup, hello) {
  const club = hello?.club?.[setup.rules];
  const def = club?.series_games ?? 5;
  return [h('label', { class: 'field' }, h('span', { text: t('start.format') }),
    h('select', { dataset: { field: 'format' } },
      ['game', 'series', 'set'].map((f) => h('option', {
        value: f, selected: setup.format === f || null, text: t(`start.format.${f}`),
      })))),
  setup.format === 'series' ? h('label', { class: 'field' }, h('span', { text: t('start.seriesGames') }),
    h('select', { dataset: { field: 'series-games' } },
      [1, 2, 3, 4, 5, 6, 7].map((k) => h('option', { value: k, selected: (setup.seriesGames ?? def) === k || null,
        text: k === def ? t('t.default', { n: k }) : String(k) })))) : null,
  setup.format === 'series' ? h('p', { class: 'note', text: t('start.series.dealer') }) : null,
  setup.format === 'set' ? h('p', { class: 'note', text: t('start.format.set.hint') }) : null];
}

export function startClubSection({ ready }) {
  return h('section', { class: 'record club', 'aria-labelledby': 'club-heading' },
    h('h3', { id: 'club-heading', text: t('club.heading') }),
    h('p', { class: 'note', text: t('club.hint') }),
    h('div', { class: 'record-buttons' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'history' }, text: t('history.heading') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'stats' }, disabled: !ready, text: t('stats.open') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'tournament' }, disabled: !ready, text: t('t.open') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'ticket-file' }, disabled: !ready, text: t('ticket.file') }),
      canScan() ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'ticket-scan' }, disabled: !ready, text: t('ticket.scan') }) : null),
    h('input', { type: 'file', id: 'ticket-file', accept: '.json,application/json', hidden: true, 'aria-label': t('ticket.file.label'), dataset: { import: 'ticket' } }));
}
