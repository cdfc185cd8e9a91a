// The organiser's tournament in the shell: created, drawn, results brought
// in, tickets handed out. The draw, every check on a result and the ranking
// are the engine's (`tournament`). Each step is on disk (the history's
// strict commit) before the screen shows it; a step storage refuses is put
// back in the engine and said so, never shown as done. Loaded with its
// screens (tournament.js) when first needed (context/rare.js); the tournament
// open at start-up is loaded by club.js.
import { t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { writePreference } from '../store/preferences.js';
import { MAX_CODES, encodeCodes, loadQr } from '../qr/qr.js';
import { tournamentDone } from './tournament.js';
import {
  c, ctx, go, m, onError, refusedWith, render, session, shellError,
} from '../context/context.js';
import { outboundFile } from '../files/outbound.js';
import { apply } from '../bridge/state-patch.js';
import { stamp } from '../files/share.js';
import { tournamentHouse } from '../evening/house-rules.js';

export { screens } from './tournament.js';

// → true once the tournament is in history, where every step is kept
// whole, once: its games for the statistics are read from it there
// (store/entries.js), not written a second time. The preference only
// names the open one, so it is written when that changes, not at every
// step: for a step of the open tournament its refusal is said and the
// step still counts (start-up finds the entry). A new tournament it does
// not name would not be the one opened after a reload (the old one would,
// beside a second running one): its entry is taken back and the
// tournament not created (`fresh`).
async function storeTournament(facts, { fresh = false } = {}) {
  const done = tournamentDone(facts);
  const top = facts.standings.slice(0, 3).map((r) => `${r.rank}. ${r.name} ${r.total}`).join(' · ');
  const id = `tournament-${facts.id}`;
  // The same players, rules and seed give the same id: an entry kept
  // before is put back as it was, not removed.
  const before = fresh ? await history.entry(id).catch(() => null) : null;
  try {
    await history.keep({
      id, kind: 'tournament', status: done ? 'finished' : 'running', names: facts.tournament.players,
      rules: facts.tournament.rules, summary: top, facts,
    });
  } catch {
    return false;
  }
  if (fresh || c().tNamed !== facts.id) {
    if (await writePreference('tournament', { id: facts.id })) {
      c().tNamed = facts.id;
    } else if (fresh) {
      await (before ? history.keep(before) : history.remove(id)).catch(() => {});
      return false;
    } else {
      ctx.app.notify('pref.failed');
    }
  }
  return true;
}

// Whether a tournament's saved form has exactly the tables and withdrawals
// the engine's screen facts say: the series drawn, the tables handed in,
// who stopped.
function agrees(tournament, facts) {
  const series = Array.isArray(tournament?.series) ? tournament.series : [];
  const out = new Set(facts.standings.filter((r) => r.withdrawn != null).map((r) => r.name));
  return series.length === facts.tables.length
    && facts.tables.every((tables, i) => Array.isArray(series[i]) && series[i].length === tables.length
      && tables.every((table, k) => (series[i][k] != null) === table.played))
    && Object.keys(tournament.withdrawn ?? {}).length === out.size && [...out].every((n) => Object.hasOwn(tournament.withdrawn, n));
}

// The facts of a step with the whole tournament to keep: a step answers
// what changed (`patch`), applied to the tournament kept last. Should the
// two ever disagree, the engine is asked for the whole tournament again.
async function withTournament(result) {
  if (result.tournament) return result;
  const { patch, ...facts } = result;
  try {
    const tournament = apply(c().tournament.tournament, patch);
    if (agrees(tournament, facts)) return { tournament, ...facts };
  } catch { /* asked afresh below */ }
  const r = await session().query('tournament', { op: 'state' });
  return r.ok ? r.result : null;
}

// One tournament step in the engine, kept before it is shown. → the new
// facts, or null: refused (the engine's reason is shown) or not stored (the
// engine is put back on the tournament on screen, and the person is told).
async function step(args) {
  const r = await session().query('tournament', args);
  if (!r.ok) { onError(r.error); return null; }
  const facts = await withTournament(r.result);
  if (facts && await storeTournament(facts, { fresh: args.op === 'new' })) {
    c().tournament = facts;
    return facts;
  }
  const shown = c().tournament;
  if (shown) await session().query('tournament', { op: 'load', tournament: shown.tournament });
  shellError('t.storeFailed');
  return null;
}

// The chosen house rules' options, with the games and series the form sets.
function tOptions(form) {
  const club = m().hello?.club?.[form.rules] ?? {};
  const { series_games: setGames, tournament_series: setSeries, ...options } = tournamentHouse(form).options;
  const games = form.games ?? setGames ?? club.series_games;
  const series = form.series ?? setSeries ?? club.tournament_series;
  if (games !== club.series_games) options.series_games = games;
  if (series !== club.tournament_series) options.tournament_series = series;
  return options;
}

export async function createTournament() {
  const form = c().tForm;
  const players = form.names.split('\n').map((s) => s.trim()).filter(Boolean);
  const seed = Number(String(form.seed).trim());
  if (!Number.isSafeInteger(seed) || seed < 0) { shellError('t.seed.bad'); return; }
  const make = async () => {
    const facts = await step({ op: 'new', players, rules: form.rules, options: tOptions(form), seed, house: tournamentHouse(form).name ?? undefined });
    if (!facts) return;
    c().tMsg = t('t.created', { n: facts.tournament.players.length, tables: facts.tables[0].length });
    go('tournament');
  };
  const old = c().tournament;
  if (old && !tournamentDone(old)) {
    // The running tournament is already in history (kept after every step).
    c().confirm = { proceed: make, what: 'tournament', back: 'tournament-setup', tournament: true };
    go('confirm-tournament');
    return;
  }
  await make();
}

export async function tournamentOp(args, message) {
  const facts = await step(args);
  if (facts) {
    c().tMsg = message ? message(facts) : null;
    m().error = null;
  } else {
    c().tMsg = null;
  }
  render();
  return facts;
}

export async function importResult(data) {
  if (m().route !== 'tournament') go('tournament');
  if (!c().tournament) { shellError('t.none'); return; }
  await tournamentOp({ op: 'import', result: data }, () => t('t.imported', { series: data?.series, table: data?.table }));
}

// The QR screen for a file about to leave the phone (a ticket, a result):
// the codes and the file are the engine's outbound file, nothing else.
export async function showCodes({ title, hint, of, name }) {
  const out = await outboundFile(session(), of);
  if (!out.ok) { if (out.error) refusedWith('export.refused', out.error); return; }
  await loadQr();
  const codes = await encodeCodes(out.file);
  c().qr = {
    title: title(out.file), hint, codes, index: 0, tooBig: codes.length > MAX_CODES,
    file: { name: name(out.file), text: `${JSON.stringify(out.file, null, 2)}\n` }, back: m().route,
  };
  go('qr');
}

// Every ticket of a series on one screen, to print (six to an A4 page).
export async function ticketSheet(series) {
  const r = await session().query('tournament', { op: 'tickets', series });
  if (!r.ok) { onError(r.error); return; }
  await loadQr();
  const tickets = await Promise.all(r.result.tickets.map(async (ticket) => ({ ticket, codes: await encodeCodes(ticket) })));
  c().ticketSheet = { series, tickets };
  go('tournament-tickets');
}

export async function ticketFor(series, table) {
  const r = await session().query('tournament', { op: 'ticket', series, table });
  if (!r.ok) { onError(r.error); return null; }
  return r.result.ticket;
}

export async function sendResult() {
  const r = await session().query('table_result', {});
  if (!r.ok) { onError(r.error); return; }
  await showCodes({
    title: (res) => t('result.send.heading', { series: res.series, table: res.table }), hint: t('result.send.hint'), of: r.result,
    name: (res) => `schraem-ergebnis-s${res.series}-t${res.table}-${stamp()}.json`,
  });
}
