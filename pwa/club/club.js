// The club evening in the shell: series and sets at one table, the
// Spielliste and its corrections (fix.js), the organiser's tournament with
// tickets and results carried by file or QR code (organiser.js, loaded
// when first needed, and tickets.js), history, statistics, export and
// print. This module starts
// the club's tables and routes the club's screens, fields and taps; it
// keeps nothing the engine decides: who deals, what a correction changes,
// whether a result counts.
import { h, pickFile } from '../lib/dom.js';
import { getLang, t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { readPreference } from '../store/preferences.js';
import { canShareFiles } from '../files/share.js';
import { renderList, renderListControls } from './spielliste.js';
import { renderHistory, renderHistoryControls, renderStats, renderStatsControls } from './archive.js';
import { isSheet } from '../bridge/session.js';
import { csvForLanguage } from '../files/csv-sheet.js';
import {
  c, clubWork, go, m, randomSeed, refusedWith, session,
} from '../context/context.js';
import {
  bootTableMeta, confirmYes, fileFinished, guarded, legacy, newMeta,
} from '../context/guard.js';
import { declareLazy, declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { organiser } from '../context/rare.js';
import { exportListJson, keeperSelect, listCsv, listFileBase, openKeptList, openList } from './lists.js';
import {
  deleteEntry, downloadDamaged, exportEntry, openEntry, openHistory, openStats, restoreDeleted,
} from './kept.js';
import { json, outboundFile, sendOut } from '../files/outbound.js';
import { renderStatsScope, statsScope, statsScopeAction, statsScopeField } from '../evening/stats-scope.js';
import { rulesChosen } from '../evening/house-rules.js';
import './fix.js'; // the correction's screen and taps, declared as it loads
import './tickets.js'; // the tickets' screen, taps and fields, declared as it loads

let app = null; // {model, session(), render, onError, announce, nextSeed, defaultNames}

const TOURNAMENT_KEY = 'schraem.tournament';

export function initClub(context) {
  app = context;
  context.model.club = {
    lists: null, listMeta: null, readOnly: false, listEntry: null, keeper: null,
    fix: null, picker: null, confirm: null, qr: null, scan: null,
    history: null, historyMsg: null, stats: null, statsMsg: null,
    tournament: null, tMsg: null, tView: null,
    tNamed: null, // the id of the tournament the preference names on disk
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

async function nextGame() {
  const g = m().game;
  if (!g) return;
  const r = await session().tableCommand('next_game', { viewer: g.viewer }, { fresh: true });
  if (!r.ok) { app.onError(r.error); return; }
  // The Hängeln seats only its two players: the phone goes to a person among them.
  const st = r.result;
  if (!isSheet(st) && st.set?.in_hangeln && !st.phone_table) {
    const humans = (st.save?.table?.players ?? []).map((p, i) => (p.kind === 'human' ? i + 1 : null)).filter((x) => x != null);
    if (humans.length === 1) await session().tableCommand('state', { viewer: humans[0] });
  }
}

// Another series or set once one is over: the same players at the same
// seats, seen from this phone's seat at the table (after a Hängeln the
// phone's seat in it was another), or from its one person's.
async function playAgain() {
  const g = m().game;
  if (!g) return;
  const seats = g.save?.set?.seats ?? g.save?.table?.players ?? [];
  const humans = seats.map((p, i) => (p.kind === 'human' ? i + 1 : null)).filter((x) => x != null);
  // Face down, every phone plays its own seat (the host's own engine starts the next series).
  const viewer = g.state.phone_table?.host ?? g.state.facedown?.seat ?? (!isSheet(g.state) && humans.length === 1 ? humans[0] : null);
  const r = await session().tableCommand('again', { seed: app.nextSeed(), viewer }, { fresh: true });
  if (!r.ok) app.onError(r.error);
}

export async function bootClub() {
  await bootTableMeta();
  await bootTournament();
}

// At start-up: the tournament that was open, from history (every step is
// kept there; the preference names which one). Damaged entries are passed
// over; a tournament the engine refuses is said on the tournament screen,
// not over the game.
async function bootTournament() {
  const named = await readPreference('tournament');
  const local = named ?? legacy(TOURNAMENT_KEY);
  const kept = (await history.entries().catch(() => []))
    .filter((e) => e?.kind === 'tournament' && e.facts && typeof e.facts === 'object' && e.facts.tournament);
  const entry = (local?.id && kept.find((e) => e.facts.id === local.id)) || kept.find((e) => e.status === 'running');
  const tournament = entry?.facts.tournament ?? local?.tournament;
  if (!tournament) return;
  const r = await session().query('tournament', { op: 'load', tournament });
  if (r.ok) {
    c().tournament = r.result;
    // The preference names it already: a step need not write it again.
    if (named?.id === r.result.id) c().tNamed = named.id;
  } else {
    c().tMsg = t('t.loadFailed', { detail: r.error?.[getLang()] ?? '' });
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
    return [[renderList(club.lists, { readOnly: club.readOnly, meta: { ...club.listMeta?.(), signer: club.keeper ?? Math.min(4, players.length) }, ready }), keeperSelect(players)],
      renderListControls({ readOnly: club.readOnly, canShare: canShareFiles(), ready })];
  },
  history: () => [renderHistory(c().history, { message: c().historyMsg, damaged: c().damaged }), renderHistoryControls()],
  stats: () => [renderStats(c().stats, { message: c().statsMsg, scope: renderStatsScope() }), renderStatsControls(statsScope().back)],
});
// The organiser's tournament, its screens and the QR screen of a file
// leaving the phone come when first needed (context/rare.js).
declareLazy('the organiser', ['qr', 'tournament-setup', 'tournament', 'tournament-view', 'tournament-tickets'], organiser);

// The fields of the club's forms: the start form's format, the
// organiser's tournament, the list's keeper. Each is drawn as chosen; a
// name or a seed being typed is kept, drawn once it is committed.
function clubChoice(change) {
  return (target, committed) => {
    if (change(target, committed) === false) return;
    app.render();
  };
}

declareFields('club', {
  format: clubChoice((target) => {
    const s = m().setup;
    s.format = ['series', 'set'].includes(target.value) ? target.value : 'game';
    // A set is Rengen's club format: its preset is the natural default.
    if (s.format === 'set' && m().hello?.presets.includes('rengen')) s.rules = 'rengen';
  }),
  'series-games': clubChoice((target) => { m().setup.seriesGames = Number(target.value); }),
  't-names': clubChoice((target, committed) => { c().tForm.names = target.value; return committed; }),
  't-seed': clubChoice((target, committed) => { c().tForm.seed = target.value; return committed; }),
  't-rules': clubChoice((target) => {
    const form = c().tForm;
    // Another rule set is not the chosen house rules any more.
    rulesChosen(form, target.value);
    form.rules = target.value;
    form.games = null;
    form.series = null;
  }),
  't-games': clubChoice((target) => { c().tForm.games = Number(target.value); }),
  // The finder answers as the name is typed.
  't-find': clubChoice((target) => { c().tFind = target.value; }),
  't-withdraw': clubChoice((target) => { c().tWithdraw = target.value; }),
  't-series': clubChoice((target) => { c().tForm.series = Number(target.value); }),
  'list-keeper': clubChoice((target) => { c().keeper = Number(target.value); }),
  // The statistics' scope (a period, a group) counts them again.
  'stats-period': (target, committed) => statsScopeField(target, committed, openStats),
  'stats-group': (target, committed) => statsScopeField(target, committed, openStats),
});

// The club's taps, each club work until it is answered (context.js).
declareTaps('club', clubWork({
  list: async () => { if (m().ready) await openList(); },
  'list-back': () => go(c().listBack ?? 'game'),
  'list-csv': () => { sendOut(`${listFileBase()}.csv`, `\ufeff${csvForLanguage(listCsv(c().lists))}`, { type: 'text/csv' }); },
  'list-json': () => exportListJson(),
  'list-share': () => sendOut(`${listFileBase()}.csv`, `\ufeff${csvForLanguage(listCsv(c().lists))}`, { type: 'text/csv', via: 'share', title: t('list.heading') }),
  'list-print': () => window.print(),
  't-print': () => window.print(),
  'next-game': async () => { if (m().ready) await nextGame(); },
  again: async () => { if (m().ready) await playAgain(); },
  'send-result': async () => { if (m().ready) await (await organiser()).sendResult(); },
  'result-here': async () => {
    const r = m().ready ? await session().query('table_result', {}) : null;
    if (r && !r.ok) app.onError(r.error);
    else if (r) await (await organiser()).importResult(r.result);
  },
  'confirm-yes': () => confirmYes(),
  'confirm-tournament-yes': async () => {
    const club = c();
    const pending = club.confirm;
    club.confirm = null;
    await pending?.proceed();
  },
  'confirm-no': () => {
    const club = c();
    const back = club.confirm?.back ?? 'start';
    const host = club.confirm?.table?.role === 'host';
    club.confirm = null;
    go(back);
    // Back at a table it goes on as "Weiterspielen" would ("Neues Spiel"
    // paused it); a host's table, before its first deal too: the other
    // phones play on meanwhile.
    if (back === 'game' || host) session()?.resume();
  },
  history: () => openHistory(),
  'history-open': (target) => openEntry(target.dataset.id),
  'history-export': (target) => exportEntry(target.dataset.id),
  'history-download': (target) => downloadDamaged(target.dataset.id),
  'history-delete': (target) => deleteEntry(target.dataset.id, target.dataset.title),
  'history-restore': () => restoreDeleted(),
  stats: async () => { if (m().ready) { statsScope().back = null; await openStats(); } },
  // A group's own statistics, from its row among the regulars.
  'group-stats': (target) => statsScopeAction(target, openStats),
  tournament: () => {
    const club = c();
    session()?.pause();
    club.tMsg = null;
    go(club.tournament ? 'tournament' : 'tournament-setup');
  },
  't-new': () => {
    c().tForm.seed = randomSeed();
    go('tournament-setup');
  },
  't-create': async () => { if (m().ready) await (await organiser()).createTournament(); },
  't-next': async () => (await organiser()).tournamentOp({ op: 'start_series' }, (f) => t('t.drawn', { k: f.tables.length })),
  't-withdraw': async () => {
    const name = c().tWithdraw;
    if (!name) return;
    // Taken back before the screen is drawn: the button then waits for the next choice.
    await (await organiser()).tournamentOp({ op: 'withdraw', name }, () => { c().tWithdraw = ''; return t('t.withdrew', { name }); });
  },
  't-tickets': async (target) => (await organiser()).ticketSheet(Number(target.dataset.series)),
  't-ticket': async (target) => {
    const d = target.dataset;
    const { showCodes, ticketFor } = await organiser();
    const ticket = await ticketFor(Number(d.series), Number(d.table));
    if (ticket) {
      await showCodes({
        title: (k) => t('ticket.heading', { series: k.series, table: k.table }), hint: t('ticket.hint'), of: ticket,
        name: (k) => `schraem-ticket-s${k.series}-t${k.table}.json`,
      });
    }
  },
  't-list': async (target) => {
    const d = target.dataset;
    const club = c();
    const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
    const series = facts?.tournament.series[Number(d.series) - 1]?.[Number(d.table) - 1];
    if (series) await openKeptList(series, null, t('t.list.title', { series: d.series, table: d.table }), m().route);
  },
  't-import': () => { pickFile(/** @type {HTMLInputElement} */ (document.getElementById('t-import-file'))); },
  't-export': async () => {
    const club = c();
    const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
    const out = facts ? await outboundFile(session(), facts.tournament) : null;
    if (out && !out.ok && out.error) refusedWith('export.refused', out.error);
    else if (out) sendOut(`schraem-turnier-${facts.id}.json`, json(out.file));
  },
  'qr-prev': () => { const { qr } = c(); qr.index = Math.max(0, qr.index - 1); app.render(); },
  'qr-next': () => { const { qr } = c(); qr.index = Math.min(qr.codes.length - 1, qr.index + 1); app.render(); },
  'qr-file': () => { const { qr } = c(); sendOut(qr.file.name, qr.file.text); },
  'qr-share': () => { const { qr } = c(); return sendOut(qr.file.name, qr.file.text, { via: 'share', title: qr.title }); },
  'qr-done': () => {
    const club = c();
    const back = club.qr?.back ?? 'start';
    club.qr = null;
    go(back === 'qr' ? 'start' : back);
  },
}));
