// What the parts of the shell share (the club, the evening, learning, the
// files, the guard): the app they are wired to (its model, session, render
// and messages) and the few moves every one of them makes. app.js sets it
// up once at the start; the parts only read it. Through this one object,
// not by importing the app's own modules, so no part imports the app that
// imports it.
import { both } from '../i18n/i18n.js';

export const ctx = { app: null };

export const m = () => ctx.app.model;
export const c = () => ctx.app.model.club;
export const session = () => ctx.app.session();
// This phone's own engine: the same as session() except for a guest at a
// table of phones, which plays through the host's engine and must not ask
// it to write or read this phone's own data (the move file, a backup).
export const ownSession = () => ctx.app.ownSession();

export function go(route) {
  m().route = route;
  m().error = null;
  ctx.app.render();
  document.getElementById('screen')?.focus({ preventScroll: true });
  document.getElementById('screen')?.scrollTo?.(0, 0);
}

export function shellError(key, vars) {
  ctx.app.onError({ kind: 'ClubRefused', code: key, ...both(key, vars) });
}

// An engine refusal in the shell's own sentence ("Ticket refused – …"),
// both languages kept so a later language switch still shows the right one.
export function refusedWith(key, error) {
  shellError(key, { detail: { de: error?.de ?? '', en: error?.en ?? '' } });
}

// Club work outside the engine (IndexedDB, files, the camera) is marked
// on <html data-club>, as the engine's calls are on data-busy.
let working = 0;
export function busy(delta) {
  working += delta;
  document.documentElement.dataset.club = working > 0 ? 'busy' : 'idle';
}

// A part of the shell the first screen does not wait for (context/rare.js),
// loaded the first time it is needed. → a function giving the part's
// module, one loading for every caller. A chunk that cannot be loaded (a
// page left open while another tab took an update, whose old files are
// gone) is said, and the app reloads into the current version (every
// accepted tap is on disk); a second failure soon after only says so.
export function lazyPart(load) {
  let loading = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => shellError(ctx.app.partMissing() ? 'part.reloading' : 'part.unloadable'));
    }
    return loading;
  };
}

export function onError(error) {
  ctx.app.onError(error);
}

export function render() {
  ctx.app.render();
}

// Shell work on a file (an import being read) counts as club work too, so
// the page says it is busy until the file has been dealt with.
export async function asClubWork(work) {
  busy(1);
  try {
    return await work();
  } finally {
    busy(-1);
  }
}

// Taps whose work is the club's (IndexedDB, files, the camera): each
// counts as club work until it is answered. tap name → answer, as
// context/taps.js declares them.
export function clubWork(taps) {
  return Object.fromEntries(Object.entries(taps).map(([name, answer]) => [name, (target, event) => asClubWork(() => answer(target, event))]));
}

// A number for a seed the organiser may read and type (a tournament's
// draw) and for the tail of a table's id.
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}
