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
import { readPreference } from '../store/storage.js';
import { canShareFiles } from '../files/share.js';
import { renderList, renderListControls } from './spielliste.js';
import { renderHistory, renderHistoryControls, renderStats, renderStatsControls } from './archive.js';
import { isSheet } from '../bridge/session.js';
import { csvForLanguage } from '../files/csv-sheet.js';
import {
  busy, c, go, m, randomSeed, refusedWith, session,
} from '../context/context.js';
import {
  bootTableMeta, confirmYes, fileFinished, guarded, legacy, newMeta,
} from '../context/guard.js';
import { declareLazy, declareScreens } from '../context/registry.js';
import { organiser } from '../context/rare.js';
import { exportListJson, keeperSelect, listCsv, listFileBase, openKeptList, openList } from './lists.js';
import {
  deleteEntry, downloadDamaged, exportEntry, openEntry, openHistory, openStats, restoreDeleted,
} from './kept.js';
import { json, outboundFile, sendOut } from '../files/outbound.js';
import { renderStatsScope, statsScope, statsScopeAction, statsScopeField } from '../evening/stats-scope.js';
import { fixAction } from './fix.js';
import { takeTableFile, ticketAction } from './tickets.js';

let app = null; // {model, session(), render, onError, announce, nextSeed, defaultNames}

const TOURNAMENT_KEY = 'schraem.tournament';

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

export async function bootClub() {
  await bootTableMeta();
  await bootTournament();
}

// At start-up: the tournament that was open, from history (every step is
// kept there; the preference names which one). Damaged entries are passed
// over; a tournament the engine refuses is said on the tournament screen,
// not over the game.
async function bootTournament() {
  const local = await readPreference('tournament') ?? legacy(TOURNAMENT_KEY);
  const kept = (await history.entries().catch(() => []))
    .filter((e) => e?.kind === 'tournament' && e.facts && typeof e.facts === 'object' && e.facts.tournament);
  const entry = (local?.id && kept.find((e) => e.facts.id === local.id)) || kept.find((e) => e.status === 'running');
  const tournament = entry?.facts.tournament ?? local?.tournament;
  if (!tournament) return;
  const r = await session().query('tournament', { op: 'load', tournament });
  if (r.ok) c().tournament = r.result;
  else c().tMsg = t('t.loadFailed', { detail: r.error?.[getLang()] ?? '' });
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
  history: () => [renderHistory(c().history, { message: c().historyMsg, damaged: c().damaged }), renderHistoryControls()],
  stats: () => [renderStats(c().stats, { message: c().statsMsg, scope: renderStatsScope() }), renderStatsControls(statsScope().back)],
});
// The organiser's tournament, its screens and the QR screen of a file
// leaving the phone come when first needed (context/rare.js).
declareLazy('the organiser', ['qr', 'tournament-setup', 'tournament', 'tournament-view'], organiser);

// The fields of the club screens; true when handled.
export function clubField(target, committed) {
  // The statistics' scope (a period, a group) counts them again.
  if (statsScopeField(target, committed, openStats)) return true;
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
    return await takeTableFile(target);
  } finally {
    busy(-1);
  }
}

// Taps on the club screens; true when handled.
async function clubActionNow(action, target) {
  if (statsScopeAction(action, target, openStats)) return true;
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
    case 'next-game': if (ready) await nextGame(); return true;
    case 'send-result': if (ready) await (await organiser()).sendResult(); return true;
    case 'result-here': {
      const r = ready ? await session().query('table_result', {}) : null;
      if (r && !r.ok) app.onError(r.error);
      else if (r) await (await organiser()).importResult(r.result);
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
    case 't-create': if (ready) await (await organiser()).createTournament(); return true;
    case 't-next': await (await organiser()).tournamentOp({ op: 'start_series' }, (f) => t('t.drawn', { k: f.tables.length })); return true;
    case 't-ticket': {
      const { showCodes, ticketFor } = await organiser();
      const ticket = await ticketFor(Number(d.series), Number(d.table));
      if (ticket) {
        await showCodes({
          title: (k) => t('ticket.heading', { series: k.series, table: k.table }), hint: t('ticket.hint'), of: ticket,
          name: (k) => `schraem-ticket-s${k.series}-t${k.table}.json`,
        });
      }
      return true;
    }
    case 't-list': {
      const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
      const series = facts?.tournament.series[Number(d.series) - 1]?.[Number(d.table) - 1];
      if (series) await openKeptList(series, null, t('t.list.title', { series: d.series, table: d.table }), m().route);
      return true;
    }
    case 't-import': pickFile(/** @type {HTMLInputElement} */ (document.getElementById('t-import-file'))); return true;
    case 't-export': {
      const facts = m().route === 'tournament-view' ? club.tView : club.tournament;
      const out = facts ? await outboundFile(session(), facts.tournament) : null;
      if (out && !out.ok && out.error) refusedWith('export.refused', out.error);
      else if (out) sendOut(`schraem-turnier-${facts.id}.json`, json(out.file));
      return true;
    }
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
    default:
      return await fixAction(action, target) || await ticketAction(action, target);
  }
}
