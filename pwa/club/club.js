// The club evening in the shell: series and sets at one table, the
// Spielliste and its corrections, the organiser's tournament with tickets
// and results carried by file or QR code, history, statistics, export and
// print. It wires screens to engine commands and keeps nothing the engine
// decides: who deals, what a correction changes, whether a result counts.
import { h } from '../lib/dom.js';
import { getLang, t } from '../i18n/i18n.js';
import { canShareFiles, readJsonFile, stamp } from '../files/share.js';
import { Collector, Scanner, canScan } from '../qr/qr.js';
import { changesText, lineEvents, renderFix, renderFixControls, renderList, renderListControls } from './spielliste.js';
import {
  renderQr, renderQrControls, renderScan, renderScanControls, renderTournament, renderTournamentControls,
  renderTournamentSetup, renderTournamentSetupControls,
} from './tournament.js';
import { renderHistory, renderHistoryControls, renderStats, renderStatsControls } from './archive.js';
import { actionFrom, toggleCard } from '../table/picker.js';
import { findSheetAction } from '../table/sheet.js';
import { isSheet } from '../bridge/session.js';
import { undoButton } from '../table/table.js';
import { csvForLanguage } from '../files/csv-sheet.js';
import {
  busy, c, go, m, randomSeed, refusedWith, session, shellError,
} from '../app/context.js';
import {
  bootTableMeta, confirmYes, fileFinished, guarded, legacy, metaFor, newMeta, readMeta,
} from '../app/guard.js';
import { declareScreens } from '../app/registry.js';
import { keeperSelect, openKeptList, openList } from './lists.js';
import {
  bootTournament, createTournament, importResult, sendResult, showCodes, ticketFor, tournamentOp,
} from './organiser.js';
import {
  deleteEntry, downloadDamaged, exportEntry, openEntry, openHistory, openStats, restoreDeleted,
} from './kept.js';
import { json, outboundFile, sendOut } from '../files/outbound.js';
import { tournamentHouse } from '../evening/house-rules.js';
import { renderStatsScope, statsScope } from '../evening/stats-scope.js';

const TICKET_FORMAT = 'schraem-table/1';
const RESULT_FORMAT = 'schraem-table-series/1';

let app = null; // {model, session(), render, onError, announce, nextSeed, defaultNames}
let scanner = null;
let video = null;
const collector = new Collector();

export function initClub(context) {
  app = context;
  context.model.club = {
    lists: null, listMeta: null, readOnly: false, listEntry: null, keeper: null,
    fix: null, picker: null, confirm: null, qr: null, scan: null,
    history: null, historyMsg: null, stats: null, statsMsg: null,
    tournament: null, tMsg: null, tView: null,
    tForm: { names: context.defaultNames.join('\n'), rules: 'rheinland', games: null, series: null, seed: randomSeed() },
    kept: null, // the id of the table entry last confirmed kept in history
    damaged: new Set(), // history entries the engine refused when opened
  };
  context.model.setup.format ??= 'game';
  context.model.setup.seriesGames ??= null;
}

// After every accepted state: the picker closes away from the correction;
// a finished table is filed (guard.js).
export function afterState(game, info) {
  if (m().route !== 'fix') c().picker = null;
  fileFinished(game, info);
}

// --- starting tables ----------------------------------------------------------

// setup: the start form; args: what new_game takes (players, rules, viewer…)
export function startTable(setup, args) {
  return guarded(async () => {
    const names = args.players.map((p) => p.name);
    if (setup.format === 'series') {
      const r = await session().tableCommand('new_series', {
        ...args, dealer: undefined, games: setup.seriesGames ?? undefined, // seat 4 deals first (the engine's tournament order)
      }, { fresh: true });
      if (!r.ok) { app.onError(r.error); return; }
      newMeta('series', names);
    } else if (setup.format === 'set') {
      const r = await session().tableCommand('new_set', args, { fresh: true });
      if (!r.ok) { app.onError(r.error); return; }
      newMeta('set', names);
    } else {
      if (await session().newGame(args)) newMeta('game', names);
    }
    app.render();
  });
}

// A ticket (a file, a QR code, the organiser's own) is checked completely by
// the engine before anything is asked or filed: a refused one leaves the
// running game, the history and the screen as they were.
async function startTicket(ticket) {
  if (!ticket || ticket.format !== TICKET_FORMAT) { shellError('ticket.bad'); return null; }
  const check = await session().query('check_ticket', { ticket });
  if (!check.ok) { refusedWith('ticket.refused', check.error); return null; }
  return guarded(async () => {
    const players = check.result.players.map((name) => ({ name, kind: 'human' }));
    const r = await session().tableCommand('new_series', {
      players, rules: ticket.rules, options: ticket.options ?? {}, ticket, real_cards: true, viewer: null, seed: app.nextSeed(),
    }, { fresh: true });
    if (!r.ok) { app.onError(r.error); return; }
    m().setup.mode = 'sheet';
    newMeta('series', check.result.players);
    app.announce(t('ticket.started', { series: ticket.series, table: ticket.table }));
    app.render();
  });
}


async function nextGame() {
  const g = m().game;
  if (!g) return;
  const r = await session().tableCommand('next_game', { viewer: g.viewer }, { fresh: true });
  if (!r.ok) { app.onError(r.error); return; }
  // The Hängeln seats only its two players: the phone goes to a person among them.
  const st = r.result;
  if (!isSheet(st) && st.set?.in_hangeln) {
    const humans = (st.save?.table?.players ?? []).map((p, i) => (p.kind === 'human' ? i + 1 : null)).filter((x) => x != null);
    if (humans.length === 1) await session().tableCommand('state', { viewer: humans[0] });
  }
}

// --- the screens around the table -------------------------------------------

// A line over the table: where the series, set or tournament table stands.
export function clubBanner(game) {
  if (!game) return null;
  const { state } = game;
  const ticket = game.save?.series?.ticket;
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

function totalsTable(state) {
  const names = metaFor(m().game).names;
  return h('table', { class: 'results series-totals' },
    h('caption', { text: state.series.over ? t('over.series.done') : t('over.series.after', { k: state.series.number, n: state.series.length }) }),
    h('tbody', {}, names.map((n, i) => h('tr', {},
      h('th', { scope: 'row' }, h('bdi', { text: n })),
      h('td', { text: String(state.series.totals[i]) })))));
}

export function overExtras(game) {
  const { state } = game;
  const out = [];
  if (state.series) out.push(totalsTable(state));
  if (state.set) {
    const names = metaFor(m().game).names;
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
  const next = (state.series && !state.series.over) || (state.set && !state.set.over);
  const ticket = game.save?.series?.ticket;
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
      ['game', 'series', 'set'].map((f) => h('option', { value: f, selected: setup.format === f || null, text: t(`start.format.${f}`) })))),
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

// --- Spielliste ------------------------------------------------------------------

// The Spielliste's CSV with the headings in the phone's language (lists
// kept before English headings existed have the German ones only).
function listCsv(lists) {
  return getLang() === 'en' && lists.csv_en ? lists.csv_en : lists.csv;
}

function listFileBase() {
  const rules = String(c().lists?.lists?.[0]?.list.rules ?? 'schraem').replace(/[^a-z0-9_-]/gi, '');
  return `schraem-liste-${rules}-${stamp()}`;
}

// The list's JSON is the engine's outbound file of what the list shows:
// the table in play (its game, series or set) or the kept file.
async function exportListJson() {
  const of = c().readOnly ? c().listOf : m().game?.save;
  const out = await outboundFile(session(), of);
  if (!out.ok) { if (out.error) refusedWith('export.refused', out.error); return; }
  const file = `${listFileBase()}.json`;
  sendOut(file, json(out.file));
  app.announce(out.leftOut == null ? t('record.exported', { file }) : t('record.exportedWithout', { file, hand: out.leftOut }));
}

// --- correcting a past hand ---------------------------------------------------------

async function draft(fix) {
  const r = await session().query('correct_draft', { game: fix.series ? fix.game : undefined, hand: fix.hand, actions: fix.actions });
  if (!r.ok) { app.onError(r.error); return false; }
  fix.draft = r.result;
  return true;
}

async function openFix(game, hand) {
  const data = c().lists;
  const entry = data.lists.find((e) => e.game === game);
  const line = entry?.list.lines.find((l) => l.hand === hand);
  if (!line) return;
  const fix = { game, hand, series: data.series != null, before: lineEvents(line, entry.list.players), actions: [], draft: null, preview: null };
  c().fix = fix;
  c().picker = null;
  m().penaltyFor = null;
  if (!await draft(fix)) return;
  fix.asWas = fix.draft.as_was ?? [];
  go('fix');
}

async function fixAppend(action) {
  const fix = c().fix;
  const next = { ...fix, actions: [...fix.actions, action] };
  if (await draft(next)) { c().fix = next; m().error = null; }
  m().penaltyFor = null;
  app.render();
}

async function fixSet(actions) {
  const fix = { ...c().fix, actions, preview: null };
  if (await draft(fix)) c().fix = fix;
  app.render();
}

function fixArgs(fix) {
  return { game: fix.series ? fix.game : undefined, hand: fix.hand, actions: fix.actions };
}

async function fixPreview() {
  const fix = c().fix;
  const r = await session().query('correct', fixArgs(fix));
  if (!r.ok) { app.onError(r.error); return; } // a later hand made illegal: the engine names it
  fix.preview = r.result;
  app.render();
  // The changes come below what the hand was and is now: brought to the
  // top of the screen, so their rows are not left under the buttons.
  document.querySelector('.fix-preview')?.scrollIntoView({ block: 'start' });
}

async function fixConfirm() {
  const fix = c().fix;
  const r = await session().tableCommand('correct', { ...fixArgs(fix), confirm: true, viewer: m().game?.viewer ?? null }, { corrected: true });
  if (!r.ok) { app.onError(r.error); return; }
  c().fix = null;
  app.announce(changesText('fix.done', r.result.changes.length));
  await openList();
}

// --- the card picker (turn-up, challenge) ----------------------------------------

function pickerCards() {
  return m().route === 'fix' ? c().fix?.draft?.sheet_cards : m().game?.state.sheet_cards;
}

function pickerTemplate() {
  const p = c().picker;
  return p ? pickerCards()?.[String(p.seat)]?.[p.index] ?? null : null;
}

export async function bootClub() {
  await bootTableMeta();
  await bootTournament(legacy);
}

// --- scanning ---------------------------------------------------------------------------

function stopScan() {
  scanner?.stop();
  scanner = null;
}

async function startScan(purpose) {
  collector.reset();
  c().scan = { purpose, got: 0, n: 0, error: null, back: m().route };
  video = h('video', { class: 'scan-video', muted: true, playsinline: true, 'aria-label': t('scan.video') });
  go('scan');
  scanner = new Scanner(video, (text) => {
    if (!collector.add(text)) return;
    const scan = c().scan;
    if (!scan) return;
    scan.got = collector.parts.size;
    scan.n = collector.n;
    app.render();
    if (collector.complete) finishScan();
  });
  try {
    await scanner.start();
  } catch {
    stopScan();
    if (c().scan) { c().scan.error = t('scan.noCamera'); app.render(); }
  }
}

async function finishScan() {
  const scan = c().scan;
  stopScan();
  let data;
  try { data = await collector.data(); } catch { scan.error = t('scan.bad'); collector.reset(); app.render(); return; }
  c().scan = null;
  await handleFileData(scan.purpose, data);
}

async function handleFileData(purpose, data) {
  if (purpose === 'ticket') {
    if (data?.format !== TICKET_FORMAT) { go('start'); shellError('ticket.bad'); return; }
    await startTicket(data);
  } else {
    if (data?.format !== RESULT_FORMAT) { go('tournament'); shellError('t.result.bad'); return; }
    await importResult(data);
  }
}

// --- routing -----------------------------------------------------------------------------

declareScreens('club', {
  'confirm-tournament': ({ ready }) => [h('section', { class: 'confirm', 'aria-labelledby': 'confirm-heading' },
    h('h2', { id: 'confirm-heading', text: t('confirm.tournament') }),
    h('p', { text: t('confirm.tournament.body', { id: c().tournament?.id }) })),
  [h('div', { class: 'tool-row' }, h('button', { type: 'button', class: 'secondary', dataset: { action: 'confirm-no' }, text: t('confirm.no') })),
    h('button', { type: 'button', class: 'big primary', dataset: { action: 'confirm-tournament-yes' }, disabled: !ready, text: t('confirm.yes') })]],
  list: ({ ready }) => {
    const club = c();
    if (!club.lists) return [h('section', { class: 'loading', 'aria-busy': 'true' }, h('p', { text: t('list.loading') })), []];
    const players = club.lists.lists[0]?.list.players ?? [];
    return [[renderList(club.lists, { readOnly: club.readOnly, meta: { ...club.listMeta, signer: club.keeper ?? Math.min(4, players.length) }, ready }), keeperSelect(players)],
      renderListControls({ readOnly: club.readOnly, canShare: canShareFiles(), ready })];
  },
  fix: ({ ready }) => {
    const club = c();
    return club.fix ? [renderFix(club.fix, { ready, penaltyFor: m().penaltyFor, picker: club.picker }), renderFixControls(club.fix, { ready })] : null;
  },
  qr: () => (c().qr ? [renderQr(c().qr), renderQrControls({ canShare: canShareFiles() })] : null),
  scan: () => (c().scan ? [renderScan(c().scan, video), renderScanControls()] : null),
  history: () => [renderHistory(c().history, { message: c().historyMsg, damaged: c().damaged }), renderHistoryControls()],
  stats: () => [renderStats(c().stats, { message: c().statsMsg, scope: renderStatsScope() }), renderStatsControls(statsScope().back)],
  'tournament-setup': ({ ready }) => [renderTournamentSetup(c().tForm, { hello: m().hello, ready, house: tournamentHouse(c().tForm) }),
    renderTournamentSetupControls({ ready, hasTournament: Boolean(c().tournament) })],
  tournament: ({ ready }) => {
    const club = c();
    if (!club.tournament) return null;
    return [renderTournament(club.tournament, { ready, readOnly: false, message: club.tMsg }), renderTournamentControls(club.tournament, { ready, canScan: canScan() })];
  },
  'tournament-view': ({ ready }) => (c().tView ? [renderTournament(c().tView, { ready, readOnly: true }),
    [h('button', { type: 'button', class: 'big primary', dataset: { action: 'history' }, text: t('history.back') })]] : null),
});

// The fields of the club screens; true when handled.
export function clubField(target, committed) {
  const f = target.dataset.field;
  const s = m().setup;
  const form = c().tForm;
  switch (f) {
    case 'format':
      s.format = ['series', 'set'].includes(target.value) ? target.value : 'game';
      // A set is Rengen's club format: its preset is the natural default.
      if (s.format === 'set' && m().hello?.presets.includes('rengen')) s.rules = 'rengen';
      break;
    case 'series-games': s.seriesGames = Number(target.value); break;
    case 't-names': form.names = target.value; if (!committed) return true; break;
    case 't-seed': form.seed = target.value; if (!committed) return true; break;
    case 't-rules': form.rules = target.value; form.games = null; form.series = null; break;
    case 't-games': form.games = Number(target.value); break;
    case 't-series': form.series = Number(target.value); break;
    case 'list-keeper': c().keeper = Number(target.value); break;
    default: return false;
  }
  app.render();
  return true;
}

async function clubInputNow(target) {
  const kind = target.dataset.import;
  if (kind !== 'ticket' && kind !== 'result') return false;
  const file = target.files?.[0];
  target.value = '';
  if (!file) return true;
  const r = await readJsonFile(file);
  if (!r.ok) { shellError(r.key); return true; }
  await handleFileData(kind, r.data);
  return true;
}


export async function clubAction(action, target) {
  busy(1);
  try {
    return await clubActionNow(action, target);
  } finally {
    busy(-1);
  }
}

export async function clubInput(target) {
  busy(1);
  try {
    return await clubInputNow(target);
  } finally {
    busy(-1);
  }
}

// Taps on the club screens; true when handled.
async function clubActionNow(action, target) {
  const d = target.dataset;
  const club = c();
  const ready = m().ready;
  switch (action) {
    case 'list': if (ready) await openList(); return true;
    case 'back': go('game'); return true;
    case 'list-back': go(club.listBack ?? 'game'); return true;
    case 'list-csv': sendOut(`${listFileBase()}.csv`, `\ufeff${csvForLanguage(listCsv(club.lists))}`, { type: 'text/csv' }); return true;
    case 'list-json': await exportListJson(); return true;
    case 'list-share': await sendOut(`${listFileBase()}.csv`, `\ufeff${csvForLanguage(listCsv(club.lists))}`, { type: 'text/csv', via: 'share', title: t('list.heading') }); return true;
    case 'list-print': case 't-print': window.print(); return true;
    case 'fix-open': if (ready) await openFix(Number(d.game), Number(d.hand)); return true;
    case 'fix-entry': {
      const a = findSheetAction(club.fix?.draft?.sheet_legal, d.seat, d.act);
      if (a && ready) await fixAppend(a);
      return true;
    }
    case 'fix-undo': if (club.fix?.actions.length) await fixSet(club.fix.actions.slice(0, -1)); return true;
    case 'fix-from': {
      const k = Number(target.dataset.index);
      if (club.fix?.asWas && k >= 0 && k < club.fix.asWas.length) await fixSet(club.fix.asWas.slice(0, k).map((x) => x.action));
      return true;
    }
    case 'fix-clear': await fixSet([]); return true;
    case 'fix-cancel': club.fix = null; go('list'); return true;
    case 'fix-preview': if (ready) await fixPreview(); return true;
    case 'fix-edit': club.fix.preview = null; m().error = null; app.render(); return true;
    case 'fix-confirm': if (ready) await fixConfirm(); return true;
    case 'pick-open': {
      const seat = Number(d.seat);
      const index = Number(d.index);
      club.picker = club.picker?.seat === seat && club.picker.index === index ? null : { seat, index, chosen: [] };
      app.render();
      return true;
    }
    case 'pick-card': {
      const tpl = pickerTemplate();
      if (tpl) club.picker = toggleCard(club.picker, tpl, d.value);
      app.render();
      return true;
    }
    case 'pick-done': {
      const tpl = pickerTemplate();
      if (!tpl || club.picker.chosen.length !== tpl.count) return true;
      const a = actionFrom(tpl, club.picker.chosen);
      club.picker = null;
      if (m().route === 'fix') await fixAppend(a);
      else await session().sheetAct(a);
      return true;
    }
    case 'pick-cancel': club.picker = null; app.render(); return true;
    case 'next-game': if (ready) await nextGame(); return true;
    case 'send-result': if (ready) await sendResult(); return true;
    case 'result-here': {
      const r = ready ? await session().query('table_result', {}) : null;
      if (r && !r.ok) app.onError(r.error);
      else if (r) await importResult(r.result);
      return true;
    }
    case 'confirm-yes': await confirmYes(); return true;
    case 'confirm-tournament-yes': {
      const pending = club.confirm;
      club.confirm = null;
      await pending?.proceed();
      return true;
    }
    case 'confirm-no': {
      const back = club.confirm?.back ?? 'start';
      club.confirm = null;
      go(back);
      return true;
    }
    case 'history': await openHistory(); return true;
    case 'history-open': await openEntry(d.id); return true;
    case 'history-export': await exportEntry(d.id); return true;
    case 'history-download': await downloadDamaged(d.id); return true;
    case 'history-delete': await deleteEntry(d.id, d.title); return true;
    case 'history-restore': await restoreDeleted(); return true;
    case 'stats': if (ready) { statsScope().back = null; await openStats(); } return true;
    case 'tournament':
      session()?.pause();
      club.tMsg = null;
      go(club.tournament ? 'tournament' : 'tournament-setup');
      return true;
    case 't-new':
      club.tForm.seed = randomSeed();
      go('tournament-setup');
      return true;
    case 't-create': if (ready) await createTournament(); return true;
    case 't-next': await tournamentOp({ op: 'start_series' }, (f) => t('t.drawn', { k: f.tables.length })); return true;
    case 't-ticket': {
      const ticket = await ticketFor(Number(d.series), Number(d.table));
      if (ticket) {
        await showCodes({
          title: (k) => t('ticket.heading', { series: k.series, table: k.table }), hint: t('ticket.hint'), of: ticket,
          name: (k) => `schraem-ticket-s${k.series}-t${k.table}.json`,
        });
      }
      return true;
    }
    case 't-play': {
      const ticket = await ticketFor(Number(d.series), Number(d.table));
      if (ticket) await startTicket(ticket);
      return true;
    }
    case 't-list': {
      const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
      const series = facts?.tournament.series[Number(d.series) - 1]?.[Number(d.table) - 1];
      if (series) await openKeptList(series, null, t('t.list.title', { series: d.series, table: d.table }), m().route);
      return true;
    }
    case 't-import': document.getElementById('t-import-file')?.click(); return true;
    case 't-scan': await startScan('result'); return true;
    case 't-export': {
      const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
      const out = facts ? await outboundFile(session(), facts.tournament) : null;
      if (out && !out.ok && out.error) refusedWith('export.refused', out.error);
      else if (out) sendOut(`schraem-turnier-${facts.id}.json`, json(out.file));
      return true;
    }
    case 'ticket-file': document.getElementById('ticket-file')?.click(); return true;
    case 'ticket-scan': await startScan('ticket'); return true;
    case 'qr-prev': club.qr.index = Math.max(0, club.qr.index - 1); app.render(); return true;
    case 'qr-next': club.qr.index = Math.min(club.qr.codes.length - 1, club.qr.index + 1); app.render(); return true;
    case 'qr-file': sendOut(club.qr.file.name, club.qr.file.text); return true;
    case 'qr-share': await sendOut(club.qr.file.name, club.qr.file.text, { via: 'share', title: club.qr.title }); return true;
    case 'qr-done': {
      const back = club.qr?.back ?? 'start';
      club.qr = null;
      go(back === 'qr' ? 'start' : back);
      return true;
    }
    case 'scan-file': {
      const purpose = club.scan?.purpose;
      stopScan();
      club.scan = null;
      go(purpose === 'ticket' ? 'start' : 'tournament');
      document.getElementById(purpose === 'ticket' ? 'ticket-file' : 't-import-file')?.click();
      return true;
    }
    case 'scan-cancel': {
      const back = club.scan?.back ?? 'start';
      stopScan();
      club.scan = null;
      go(back);
      return true;
    }
    default:
      return false;
  }
}

