// What a history entry must hold to be read at all, and the finished games
// it keeps: the history's screens (club/archive.js), the statistics, the
// kitty, the cash book and the move file read entries through these, so a
// damaged entry is told apart the same way everywhere.

const KINDS = ['game', 'series', 'set', 'tournament'];

// A line kept in both languages ({de, en}; older entries kept one string).
function bothTexts(v) {
  return Boolean(v && typeof v === 'object' && typeof v.de === 'string' && typeof v.en === 'string');
}

// Whether an entry has what its line on the screen and its opening need; the
// engine checks the rest (its games replay) when it is opened or exported.
// Anything else is shown as damaged, never allowed to stop the screen.
export function readable(e) {
  if (!e || typeof e !== 'object' || (typeof e.id !== 'string' && typeof e.id !== 'number')) return false;
  if (!KINDS.includes(e.kind) || !Number.isFinite(e.savedAt) || typeof e.status !== 'string') return false;
  if (!Array.isArray(e.names) || !e.names.length || !e.names.every((n) => typeof n === 'string')) return false;
  if (e.summary != null && typeof e.summary !== 'string' && !bothTexts(e.summary)) return false;
  if (e.kind === 'tournament') {
    const f = e.facts;
    return Boolean(f && typeof f === 'object' && f.tournament && typeof f.tournament === 'object' && typeof f.id === 'string'
      && Array.isArray(f.standings) && Array.isArray(f.tables));
  }
  return Boolean(e.save && typeof e.save === 'object');
}

// A tournament's games are its tables' series: kept once, in the
// tournament, and read from there. Entries kept before (and those a move
// file brings) list them under `records` as well, and are read as written.
function recordsOf(entry) {
  if (Array.isArray(entry.records)) return entry.records;
  if (entry.kind !== 'tournament') return [];
  const series = entry.facts?.tournament?.series;
  return (Array.isArray(series) ? series : []).flat().filter((s) => s && Array.isArray(s.games)).flatMap((s) => s.games);
}

// How many games an entry holds, as the people who played them count
// them: a series, a Rengen set or a tournament is one entry and many
// games. Its finished games (a tournament's every table's), and a table
// filed with a game still open (the hands played so far are kept, and lost
// with the phone, like a finished one). A damaged entry holds none that
// can be read. Counted for the reminder to write a backup
// (evening/backup-reminder.js).
export function gamesIn(entry) {
  if (!readable(entry)) return 0;
  const records = recordsOf(entry);
  const current = entry.kind === 'tournament' || entry.status === 'finished' ? null : entry.save?.record;
  const open = current != null && JSON.stringify(records[records.length - 1] ?? null) !== JSON.stringify(current);
  return records.length + (open ? 1 : 0);
}

// Who sat where in each game: as its record says where it says it (a seat
// of a series may have changed hands between games), else as the entry's
// table.
export function seatedRecords(entry) {
  const seats = entry.save?.table?.players ?? [];
  return recordsOf(entry).map((raw) => ({ raw, record: { ...raw,
    players: (Array.isArray(raw?.players) ? raw.players : []).map((p, i) => (p?.kind == null && seats[i]?.kind === 'bot' ? { ...p, kind: 'bot', level: seats[i].level } : p)) } }));
}

// The finished games of readable entries kept since `since` (ms), each
// with who sat where, for the statistics and the kitty's settlement;
// damaged entries count not at all. A record kept twice word for word is
// sent once; the engine counts a game once however it was written (a
// table's series keeps its seeds, the organiser's tournament the same
// games as the table sent them, a move file neither).
export function keptRecords(entries, since = 0) {
  const seen = new Set();
  const records = [];
  for (const e of entries.filter((x) => readable(x) && x.savedAt >= since)) {
    for (const { raw, record } of seatedRecords(e)) {
      const key = JSON.stringify(raw);
      if (!seen.has(key)) { seen.add(key); records.push(record); }
    }
  }
  return records;
}
