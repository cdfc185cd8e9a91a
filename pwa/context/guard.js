// Never lose a game: the table in play goes into the history as it ends,
// and before anything replaces it (a new table, a ticket, an imported
// record, a table of phones, a deal set) it is filed there first — asked
// about while it still runs. Its identity in the history (one entry per
// table, whatever games it plays) is kept here too.
import { h } from '../lib/dom.js';
import { both, t } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { readPreference, writePreference } from '../store/preferences.js';
import { busy, c, ctx, go, m, randomSeed, session, shellError } from './context.js';
import { declareScreens } from './registry.js';

const TABLE_KEY = 'schraem.club.table';

// --- the table's identity in history ---------------------------------------

// The table's identity is kept with the game's own storage (IndexedDB,
// durable); this copy answers the synchronous reads of the screens. An older
// app kept it in localStorage, read once at boot when nothing newer is kept.
let tableMeta = null;

export function readMeta() {
  return tableMeta;
}

function writeMeta(meta) {
  tableMeta = meta;
  // Refused (private mode, quota): history files it under a new id, and the
  // person is told the phone is not keeping it.
  writePreference('table', meta).then((ok) => { if (!ok) ctx.app.notify('pref.failed'); });
}

export function legacy(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}

// `seed` ties the identity to its table (the save's table seed, the same for
// every game of a series or set).
export function newMeta(kind, names) {
  const seed = m().game?.save?.table?.seed ?? null;
  const meta = { id: `${kind}-${Date.now().toString(36)}-${randomSeed().toString(36)}`, kind, names, seed, startedAt: Date.now() };
  writeMeta(meta);
  return meta;
}

function kindOf(state) {
  return state.series ? 'series' : state.set ? 'set' : 'game';
}

export function metaFor(game) {
  const meta = readMeta();
  // The identity is stored after the table starts: a crash in between (or an
  // identity from an older app) may still name the table before this one,
  // and filing this table under that id would overwrite the earlier table's
  // history. Only this table's own identity (its seed) counts; otherwise the
  // table gets a new one.
  if (meta && meta.kind === kindOf(game.state) && meta.seed === (game.save?.table?.seed ?? null)) return meta;
  return newMeta(kindOf(game.state), game.state.view.players.map((p) => p.name));
}

function hasContent(game) {
  const s = game.save;
  return Boolean(s?.record?.hands?.some((hd) => hd.actions?.length) || s?.series?.finished?.length || s?.set?.finished?.length);
}

// Something that would be lost by replacing it: a game under way, or a
// series or set with games still to play.
export function running(game = m().game) {
  if (!game || !hasContent(game)) return false;
  const st = game.state;
  return !(st.game_over || st.duel?.over) || Boolean(st.series && !st.series.over) || Boolean(st.set && !st.set.over);
}

function finishedRecords(game) {
  const s = game.save;
  const st = game.state;
  const current = st.game_over && !(st.set?.in_hangeln) ? [s.record] : [];
  if (s.series) return [...s.series.finished, ...current];
  if (s.set) return [...s.set.finished, ...current];
  return current;
}

// Who played each seat of a series, in order ("Dora → Erna"), where a seat
// changed hands between games (the engine's `series.changes`); `names` the
// seats' players now, `mark` how a computer's name is written.
export function seatPeople(names, changes = [], mark = (c) => c.name) {
  return names.map((name, i) => {
    const mine = changes.filter((c) => c.seat === i + 1);
    return mine.length ? [mine[0].was, ...mine.map(mark)].join(' → ') : name;
  });
}

// The entry's line in both languages ({de, en}): the history is read later,
// perhaps in the other language, and on another phone.
function summaryOf(game, status) {
  const st = game.state;
  const changes = st.series?.changes ?? [];
  const names = (game.save.series || game.save.set) && !changes.length ? metaFor(game).names : st.view.players.map((p) => p.name);
  if (st.series) return both('history.summary.series', { k: st.series.number, n: st.series.length, totals: seatPeople(names, changes).map((n, i) => `${n} ${st.series.totals[i]}`).join(' · ') });
  if (st.set) return st.set.loser != null ? both('list.set.loser', { name: names[st.set.loser - 1] }) : both('list.set.open');
  if (status === 'interrupted') return both('history.summary.interrupted', { hand: st.view.hand_no });
  // A deal set is played against the computer for its total, not to win.
  const d = st.duel?.total;
  if (d) return both('history.summary.duel', { set: st.duel.set, name: names[0], lost: d.marks_lost, k: d.hands, place: d.place, of: d.of });
  const v = st.view;
  if (v.winner) return both('history.summary.winner', { name: names[v.winner - 1], score: v.scores?.[v.winner - 1] ?? '' });
  // The rule sets that look only for a loser (Dedenbach classic, Tuppen,
  // the newcomers' halves) end with no winner: their line names the loser.
  return v.loser ? both('history.summary.loser', { name: names[v.loser - 1] }) : null;
}

// Everyone who played at the table, in the order they sat down: a series
// whose seat changed hands lists its first players and then those who took
// over (the history's line names them all).
function tablePeople(game) {
  const changes = game.state.series?.changes ?? [];
  return [...new Set([...metaFor(game).names, ...changes.map((c) => c.name)])];
}

function tableEntry(game, status) {
  const meta = metaFor(game);
  return {
    id: meta.id, kind: meta.kind, status, names: tablePeople(game), rules: game.state.view.rules,
    summary: summaryOf(game, status), save: game.save, records: finishedRecords(game),
  };
}

async function keepTable(game, status) {
  const entry = tableEntry(game, status);
  await history.keep(entry);
  c().kept = entry.id;
  return entry;
}

// A review of the table in play (review.js), kept with its history entry:
// the table is filed now — as running while it goes on — so a reload finds
// the review there, and filing it later keeps it (history.keep).
// → true once on disk; false when the game in play is not the one reviewed.
export async function keepReviewed(record, review) {
  const game = m().game;
  if (!game?.save || !hasContent(game) || !history.reviewHolds(review, record, game.save.record)) return false;
  const entry = { ...tableEntry(game, running(game) ? 'running' : 'finished'), review };
  await history.keep(entry);
  c().kept = entry.id;
  return true;
}

// The history entry the table in play is (or will be) filed under.
export function tableEntryId(game = m().game) {
  return game?.save ? metaFor(game).id : null;
}

// After every accepted state: a finished game goes into history at once
// (a series or set stays "running" there until it is complete).
export function fileFinished(game, info) {
  if (info.loaded || !(game.state.game_over || game.state.duel?.over) || !hasContent(game)) return;
  const st = game.state;
  const open = (st.series && !st.series.over) || (st.set && !st.set.over);
  c().kept = null;
  busy(1);
  keepTable(game, open ? 'running' : 'finished').then(() => ctx.app.render(), () => {
    shellError('history.failed');
  }).finally(() => busy(-1));
}

// A game of this phone's own that something other than the start form
// replaces (a guest carrying a table on in its own engine): filed first,
// as the start form would. → false when the history refused the write.
export function fileBeforeReplacing(game) {
  return fileBefore(running(game) ? game : null);
}

// A game this phone played at another phone's table (a guest at a table of
// phones): its own history keeps it too, as a finished game with the record
// the host sent (who sat where on its players). Its id comes from the
// game's first deal (the commits no two games share), so a phone that
// checks the game again (reloaded, back at the table) files it once. The
// table in play on this phone and its identity are not touched.
// A face-down table's phones give their own id (`id`): the table's and the
// game's, since their records hold no commits.
export async function keepGuestGame(record, state, id = null) {
  const players = record.players.map((p) => (p.kind === 'bot' ? { kind: 'bot', level: p.level } : { kind: 'human' }));
  const save = { format: 'schraem-save/1', record, table: { players } };
  const names = state.view.players.map((p) => p.name);
  const entry = {
    id: id ?? `game-phone-${record.hands[0]?.fair?.[0]?.commit?.slice(0, 24) ?? `${Date.now().toString(36)}-${randomSeed().toString(36)}`}`,
    kind: 'game', status: 'finished', names,
    rules: state.view.rules, summary: summaryOf({ save, state }, 'finished'), save, records: [record],
  };
  await history.keep(entry);
}

// A series played with the cards face down: every phone files it as one
// entry, again as each game ends, from the games it checked itself (the
// engine's `filed`: the series' save and where it stands), under the id
// every phone gives it, so the entries agree across the phones.
export async function keepFaceDownSeries({ id, record, series, facts }) {
  const seats = (r) => r.players.map((p) => (p.kind === 'bot' ? { kind: 'bot', level: p.level } : { kind: 'human' }));
  const first = series.finished[0] ?? record;
  const names = first.players.map((p) => p.name);
  const totals = seatPeople(names, facts.changes).map((n, i) => `${n} ${facts.totals[i]}`).join(' · ');
  await history.keep({
    id, kind: 'series', status: facts.over ? 'finished' : 'running', names, rules: first.rules,
    summary: both('history.summary.series', { k: facts.number, n: facts.length, totals }),
    save: { format: 'schraem-save/1', record, table: { players: seats(record) }, series },
    records: [...series.finished, record],
  });
}

// The history id of a Rengen set played at a table of phones, from its
// first game's first deal (`first`, that game's record).
export function guestSetId(first) {
  return `set-phone-${first.hands[0]?.fair?.[0]?.commit?.slice(0, 24) ?? `${Date.now().toString(36)}-${randomSeed().toString(36)}`}`;
}

// A Rengen set this phone plays at another phone's table: its history keeps
// the set as one entry, filed again as each game ends (`games`: [game
// number, the record the host sent], the Hängeln third) and finished once
// the set is decided, with the set's loser as its line. Its id comes from
// the first game's first deal, as a guest's game's does. Nothing is kept
// without the set's first game (a phone that joined later).
export async function keepGuestSet(games, state) {
  const byGame = new Map(games);
  const records = [];
  for (let k = 1; byGame.has(k); k++) records.push(byGame.get(k));
  if (!records.length || records.length !== (state.game ?? 1)) return;
  const first = records[0];
  const seatsOf = (record) => record.players.map((p) => (p.kind === 'bot' ? { kind: 'bot', level: p.level } : { kind: 'human' }));
  const last = records[records.length - 1];
  const save = {
    format: 'schraem-save/1', record: last, table: { players: seatsOf(last) },
    set: { seed: null, seats: seatsOf(first), finished: records.slice(0, -1) },
  };
  await keepSet(guestSetId(first), state.names ?? first.players.map((p) => p.name), save, state.set);
}

// A Rengen set played face down: one entry, filed again as each game ends,
// from the save each phone's engine made of the set as it checked it
// (`filed.save`, the ordinary table's save of a set) and where the set
// stands (`set`), under the id every phone gives it.
/** @param {{id: string, save: any, set: any}} filed */
export async function keepFaceDownSet({ id, save, set }) {
  const first = save.set.finished[0] ?? save.record;
  await keepSet(id, first.players.map((/** @type {{name: string}} */ p) => p.name), save, set);
}

// A set's history entry: `save` the ordinary table's save of a set (its
// games before the one in `save.record`), `set` where it stands
// (club.set_facts), `names` its players by table seat.
/** @param {string} id @param {string[]} names @param {any} save @param {any} set */
async function keepSet(id, names, save, set) {
  const records = [...save.set.finished, save.record];
  await history.keep({
    id, kind: 'set', status: set.over ? 'finished' : 'running', names, rules: records[0].rules,
    summary: set.loser != null ? both('list.set.loser', { name: names[set.loser - 1] }) : both('list.set.open'),
    save,
    // The games' records for the statistics, as a set on one phone counts them (not its Hängeln).
    records: records.slice(0, 2),
  });
}

// --- never lose a game ---------------------------------------------------------

// A table of phones this phone is at (phone/at-table.js declares it): what
// replaces the game leaves the table too, for the other phones as well,
// so that is asked about even where no game of this phone's own runs (a
// guest's game is the host's). here() → null away from a table, else
// {role: 'host' | 'guest', route: where the table is drawn}.
let phoneTable = { here: () => null, leave: () => {} };

export function declarePhoneTable(hooks) {
  phoneTable = hooks;
}

// Runs `proceed` at once when nothing runs and this phone is at no table
// of phones; otherwise asks, files the running table into history
// (awaited: on disk before anything replaces it), leaves the table of
// phones and then proceeds. `what` 'table' only leaves the table of phones
// (joining another, back from its codes): this phone's own game stays.
export async function guarded(proceed, what = 'game') {
  const table = phoneTable.here();
  if (!table && (what === 'table' || !running(m().game))) {
    // Filed again before it is replaced: a refused write replaces nothing.
    if (!(await fileBefore(replaced({ what, table })))) return null;
    phoneTable.leave();
    return proceed();
  }
  // "Abbrechen" at a table goes back to it: staying there is the answer.
  c().confirm = { proceed, what, table, back: table ? table.route : m().route };
  go('confirm');
  return null;
}

// The game that goes when the question is answered: the one replaced, or a
// host's table that ends (a guest's game is the host's; one of this
// phone's own that only waits stays where it is).
function replaced({ what, table }) {
  return what !== 'table' || table?.role === 'host' ? m().game : null;
}

// → false when the history refused the write (said; nothing is replaced).
async function fileBefore(game) {
  if (!game || !hasContent(game)) return true;
  try {
    await keepTable(game, running(game) ? 'interrupted' : 'finished');
    return true;
  } catch {
    shellError('history.failed');
    return false;
  }
}

export async function confirmYes() {
  const pending = c().confirm;
  if (!pending) return;
  const game = replaced(pending);
  const filed = running(game);
  if (!(await fileBefore(game))) return;
  c().confirm = null;
  if (filed) ctx.app.announce(t('confirm.filed'));
  phoneTable.leave();
  await pending.proceed();
}

function gameLine(g) {
  const v = g.state.view;
  const what = g.state.series ? t('confirm.series', { k: g.state.series.number, n: g.state.series.length })
    : g.state.set ? t('confirm.set') : t('confirm.game', { hand: v.hand_no });
  return h('p', { text: `${what} – ${v.players.map((p) => p.name).join(', ')}` });
}

// At a table of phones the question says what happens to the other phones;
// a game of this phone's own that goes is filed into history as ever.
function renderConfirm() {
  const pending = c().confirm;
  const role = pending?.table?.role;
  const g = pending ? replaced(pending) : m().game;
  const files = !role || running(g);
  return [h('section', { class: 'confirm', 'aria-labelledby': 'confirm-heading', dataset: { phone: role ?? 'none' } },
    h('h2', { id: 'confirm-heading', text: role ? t(`phone.leave.heading.${role}`) : t('confirm.heading') }),
    files ? gameLine(g) : null,
    role ? h('p', { class: 'phone-leave', text: t(`phone.leave.${role}`) }) : null,
    files ? h('p', { text: t('confirm.body') }) : null),
  [h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'confirm-no' }, text: role ? t('phone.leave.no') : t('confirm.no') })),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'confirm-yes' }, disabled: !m().ready,
    text: role ? t(`phone.leave.yes.${role}`) : t('confirm.yes') })]];
}

declareScreens('guard', {
  confirm: () => (m().game || c().confirm?.table ? renderConfirm() : null),
});

// A record import replaces the table too: the record is checked first (a
// refusal leaves everything as it was, nothing asked), then a running game
// is asked about and filed. → the import's reply, or null while asking
export async function guardedImport(record, proceed) {
  const check = await session().query('lists', { of: record });
  if (!check.ok) return check;
  return guarded(async () => {
    const r = await proceed();
    if (r?.ok && m().game) newMeta(kindOf(m().game.state), m().game.state.view.players.map((p) => p.name));
    return r;
  });
}

// A table this phone carries on from another phone's (a guest taking a
// Rengen set over): filed under the entry it kept as a guest (`id`), under
// the table's `names`, tied to the new table by its `seed`.
export function carryOnMeta({ id, kind, names, seed }) {
  writeMeta({ id, kind, names, seed, startedAt: Date.now() });
}

// The identity kept for the table in play, read at the start.
export async function bootTableMeta() {
  const meta = (await readPreference('table')) ?? legacy(TABLE_KEY);
  tableMeta = meta && typeof meta === 'object' ? meta : null;
}
