// The move file: everything this phone keeps for the club — the history,
// the people and groups, our house rules and the settings — as one file,
// taken in on another phone (or an iPhone's home-screen app, which does not
// see Safari's storage). The history leaves the way every file does (the
// engine's `move`: no seed, no card of a hand under way; the game in play
// stays here). Coming in, the file is checked whole — complete JSON, our
// kind of file, unchanged since it was written (SHA-256 of its contents),
// every part readable, every game replayed by the engine — before anything
// is written; then merged (move-merge.js) so nothing is there twice.
// Loaded when a move file is first written or taken in (context/rare.js); its
// part of the settings is move-section.js.
import { both } from '../i18n/i18n.js';
import * as history from '../store/history.js';
import { readPreference, writePreferences } from '../store/preferences.js';
import { readable, seatedRecords } from '../store/entries.js';
import { bootRegulars, regularsData, validGroup, validPerson } from './regulars.js';
import { bootHouse, ownSets, validSet } from './house-rules.js';
import { loadSettings, validSettings } from '../pages/settings.js';
import { nestingDepth } from '../files/records.js';
import { sendOut } from '../files/outbound.js';
import { stamp } from '../files/share.js';
import { ownSession } from '../context/context.js';
import { MOVE_FORMAT, changesAnything, mergeMove } from './move-merge.js';
import { say } from './move-section.js';
import { noteBackup } from './backup-reminder.js';

// A club's whole history, years of evenings, is far larger than one game
// record (a series of five games moves as about 30 kB); it reaches the
// engine in parts.
const MAX_MOVE_BYTES = 50_000_000;
const MAX_MOVE_DEPTH = 32;

async function checksum(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The engine replays a long history in parts: each request stays well
// inside the bridge's size and the engine link's 30 s per answer on a slow
// phone. → {ok, entries, leftOut} | {ok: false, error}
const MOVE_PART = 10;

async function moved(entries, strict, via = ownSession()) {
  const out = [];
  let leftOut = 0;
  for (let i = 0; i < entries.length; i += MOVE_PART) {
    const r = await via.query('move', { entries: entries.slice(i, i + MOVE_PART), strict, offset: i });
    if (!r.ok) return r;
    out.push(...r.result.entries);
    leftOut += r.result.left_out;
  }
  return { ok: true, entries: out, leftOut };
}

async function mine() {
  const list = await history.entries();
  const { people, groups } = regularsData();
  return { history: list, people, groups, house: ownSets(), settings: await readPreference('settings') };
}

// The move file as text, with what went into it: the same whether it is
// saved as a file or handed to another phone at the table (phone/
// backup-copy.js). `via`: the Session whose engine writes it: this phone's
// own, a guest's at a table of phones too (it plays through the host's).
// → {name, text, started, history, n, damaged}, or null once the reason was said.
export async function makeMove(via = ownSession()) {
  // Everything kept before now goes into the file: the backup's time.
  const started = Date.now();
  let kept;
  try { kept = await mine(); } catch { say('move.unavailable', {}, true); return null; }
  // Each record with who sat where, so a computer player stays one on the other phone.
  const entries = kept.history.filter(readable).map((e) => ({ ...e, records: seatedRecords(e).map((x) => x.record) }));
  const r = await moved(entries, false, via);
  if (!r.ok) { say('move.refusedOut', { detail: r.error }, true); return null; }
  const data = { history: r.entries, people: kept.people, groups: kept.groups, house: kept.house, settings: kept.settings };
  const file = { format: MOVE_FORMAT, madeAt: new Date().toISOString(), check: await checksum(data), data };
  return {
    name: `schraem-umzug-${stamp()}.json`, text: `${JSON.stringify(file)}\n`, started, history: kept.history,
    n: r.entries.length, damaged: kept.history.length - r.entries.length,
  };
}

export async function exportMove() {
  const made = await makeMove();
  if (!made) return;
  await sendOut(made.name, made.text);
  await noteBackup(made.started, made.history);
  say(made.damaged ? 'move.exportedWithout' : 'move.exported', { file: made.name, n: made.n, k: made.damaged });
}

// A move file as text (a backup another phone at the table kept) is read
// in as a chosen file is: checked whole, then merged.
export function importMoveText(text, via = ownSession()) {
  return importMove(new File([text], 'schraem-sicherung.json', { type: 'application/json' }), via);
}

// The same SHA-256 check a file is read with, for a copy another phone
// sends (phone/backup-copy.js): a copy changed on the way is not kept.
export async function checksumHolds(raw) {
  return typeof raw?.check === 'string' && raw.check === await checksum(raw.data);
}

// The most a phone keeps of each part, far above a club's own: a file
// larger in one part is not a move file this app wrote.
const MOST = { people: 1000, groups: 1000, house: 200, aliases: 100, members: 200 };
const ID_MAX = 64;
const NAME_MAX = 40;
const HOUSE_KEY_MAX = 80;
const OPTIONS_CHARS = 10_000;

const text = (x, most) => typeof x === 'string' && x.length >= 1 && x.length <= most;
const onlyKeys = (x, keys) => Object.keys(x).every((k) => keys.includes(k));

function movedPerson(p) {
  return validPerson(p) && onlyKeys(p, ['id', 'name', 'colour', 'aliases']) && text(p.id, ID_MAX) && text(p.name, NAME_MAX)
    && (p.aliases === undefined || (Array.isArray(p.aliases) && p.aliases.length <= MOST.aliases && p.aliases.every((a) => text(a, NAME_MAX))));
}

function movedGroup(g) {
  return validGroup(g) && onlyKeys(g, ['id', 'name', 'members', 'house']) && text(g.id, ID_MAX) && text(g.name, NAME_MAX)
    && g.members.length <= MOST.members && g.members.every((x) => text(x, ID_MAX)) && (g.house == null || text(g.house, HOUSE_KEY_MAX));
}

// A set's options are checked by the engine whenever a game starts from
// it; here only their size and that they are plain values.
function movedSet(s) {
  return validSet(s) && onlyKeys(s, ['id', 'name', 'rules', 'options']) && text(s.id, ID_MAX) && text(s.name, NAME_MAX) && text(s.rules, NAME_MAX)
    && JSON.stringify(s.options).length <= OPTIONS_CHARS
    && Object.values(s.options).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

// The file's parts, each as this phone would keep it and no larger. → the
// parts, or the name of the first part that is not.
function partsOf(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { bad: 'data' };
  if (!onlyKeys(data, ['history', 'people', 'groups', 'house', 'settings'])) return { bad: 'data' };
  const list = (x, ok, most = Infinity) => Array.isArray(x) && x.length <= most && x.every(ok);
  if (!list(data.history, readable)) return { bad: 'history' };
  if (!list(data.people, movedPerson, MOST.people)) return { bad: 'people' };
  if (!list(data.groups, movedGroup, MOST.groups)) return { bad: 'groups' };
  if (!list(data.house, movedSet, MOST.house)) return { bad: 'house' };
  if (data.settings != null && !validSettings(data.settings)) return { bad: 'settings' };
  return { parts: { history: data.history, people: data.people, groups: data.groups, house: data.house, settings: data.settings ?? null } };
}

// → the file's parts, checked; or null once the reason was said.
async function checkedFile(file, via) {
  if (file.size > MAX_MOVE_BYTES) { say('move.tooBig', {}, true); return null; }
  let text;
  try { text = await file.text(); } catch { say('move.unreadable', {}, true); return null; }
  if (nestingDepth(text) > MAX_MOVE_DEPTH) { say('move.foreign', {}, true); return null; }
  let raw;
  try { raw = JSON.parse(text); } catch { say('move.broken', {}, true); return null; }
  const format = raw && typeof raw === 'object' ? raw.format : null;
  if (typeof format === 'string' && /^schraem-move\/\d+$/.test(format) && format !== MOVE_FORMAT) { say('move.newer', {}, true); return null; }
  if (format !== MOVE_FORMAT) { say('move.foreign', {}, true); return null; }
  if (typeof raw.check !== 'string' || raw.check !== await checksum(raw.data)) { say('move.tampered', {}, true); return null; }
  const { parts, bad } = partsOf(raw.data);
  if (bad) { say('move.damaged', { part: both(`move.part.${bad}`) }, true); return null; }
  // Every game replays here too, the same way it left the other phone.
  const r = await moved(parts.history, true, via);
  if (!r.ok) { say('move.refused', { detail: r.error }, true); return null; }
  const refused = await badName(parts, via);
  if (refused) { say('move.refused', { detail: refused }, true); return null; }
  return { ...parts, history: r.entries };
}

// Every person's name and earlier names, every group's name and every
// house rule set's name, by the engine's one rule for names (as their
// forms take them): a name kept the same on both phones. → the engine's
// refusal, or null.
async function badName(parts, via) {
  const names = [...parts.people.flatMap((p) => [p.name, ...(p.aliases ?? [])]), ...parts.groups.map((g) => g.name),
    ...parts.house.map((s) => s.name)];
  for (const name of new Set(names)) {
    const r = await via.query('name', { name });
    if (!r.ok) return r.error;
    if (r.result.name !== name) return both('move.nameChanged', { name });
  }
  return null;
}

export async function importMove(file, via = ownSession()) {
  const theirs = await checkedFile(file, via);
  if (!theirs) return;
  let plan;
  try { plan = mergeMove(await mine(), theirs); } catch { say('move.unavailable', {}, true); return; }
  if (!changesAnything(plan)) { say('move.nothingNew'); return; }
  // The history first, then the preferences in one transaction; if those
  // are refused, the entries just added go again: nothing half taken.
  try { await history.keepAll(plan.history); } catch { say('move.failed', {}, true); return; }
  const prefs = { regulars: { people: plan.people, groups: plan.groups }, 'house-rules': plan.house };
  if (plan.settings) prefs.settings = plan.settings;
  if (!await writePreferences(prefs)) {
    await history.removeAll(plan.history.map((e) => e.id)).catch(() => {});
    say('move.failed', {}, true);
    return;
  }
  await Promise.all([bootRegulars(), bootHouse(), plan.settings ? loadSettings() : null]);
  say('move.imported', { ...plan.added });
}
