// The saved game lives in localStorage: synchronous, so a save is on disk
// before the next frame is drawn, and readable before Python has started.
const GAME_KEY = 'schraem.game';
const BACKUP_KEY = 'schraem.game.backup';
const FORMAT = 'schraem-shell/1';

// → {status: 'none'} | {status: 'ok', game} | {status: 'unreadable', raw}
export function readGame() {
  let raw;
  try { raw = localStorage.getItem(GAME_KEY); } catch { return { status: 'none' }; }
  if (raw == null) return { status: 'none' };
  try {
    const game = JSON.parse(raw);
    if (game && game.format === FORMAT && game.save && game.state && game.state.view) {
      return { status: 'ok', game };
    }
  } catch { /* falls through: the caller explains and keeps a backup */ }
  return { status: 'unreadable', raw };
}

// Returns false when the browser refused (quota, private mode) so the shell
// can say so instead of pretending the game is safe.
export function writeGame({ save, state, viewer, handoff }) {
  const { save: _dropped, ...rest } = state;
  const game = { format: FORMAT, savedAt: Date.now(), save, state: rest, viewer, handoff };
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify(game));
    return true;
  } catch {
    return false;
  }
}

// A save that does not load is copied aside before anything may overwrite
// it, so a bug in a later release can still rescue the game.
export function backupGame() {
  try {
    const raw = localStorage.getItem(GAME_KEY);
    if (raw != null) localStorage.setItem(BACKUP_KEY, JSON.stringify({ keptAt: Date.now(), raw }));
    return true;
  } catch {
    return false;
  }
}

export function readBackup() {
  try {
    const raw = localStorage.getItem(BACKUP_KEY);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}
