// The table of phones this phone is at (docs/PHONE_TABLE.md), shared by
// the host's flows (phone-host.js), the guest's (phone-guest.js) and the
// screens and taps (phone-table.js): which table, in which role, the app it
// is wired to, and leaving it.
import { t } from '../i18n/i18n.js';
import { writePreference } from '../store/preferences.js';
import { clearFaceDownSave } from '../store/facedown-save.js';
import { markLink } from './link-trouble.js';
import { setPhoneRole } from '../table/phone-role.js';
import { leaveSheetFollow } from './sheet-follow.js';
import { declarePhoneTable } from '../context/guard.js';

// Where a guest keeps its seat, its secret and its deal numbers (IndexedDB,
// beside the game): a reload or a dropped channel does not lose the seat.
// A guest that left its table keeps them too, marked `left`: it can come
// back to its seat with the host's code for it, but a reload no longer
// takes it there, and a code for another table is no code for another seat.
export const KEPT = 'phone-guest';

// Beside it, what the guest keeps to carry the table on if the host's
// phone is gone (phone-host.js takeOver): the last finished hand it
// checked and the series' finished games. Stored, so that a guest that
// reloaded meanwhile can still carry the table on; it belongs to the seat
// whose secret it names.
export const KEPT_TABLE = 'phone-guest-table';

// The texts are i18n/phone.js's, under "phone.".
export const tt = (key, vars) => t(`phone.${key}`, vars);

export let app = null;

// The app's model, session, render and messages (app.js, at the start).
export function wirePhoneTable(ctx) {
  app = ctx;
}

// role: 'host' | 'guest'; see openTable and joinTable.
export let phone = null;

// A guest's own Session, put back when it leaves the table.
export let localSession = null;

export function keepLocalSession(session) {
  localSession = session;
}

// The screens (phone-role.js) leave out what this phone may not do there.
export function setPhone(table) {
  phone = table;
  setPhoneRole(table?.role);
}

export const m = () => app.model;

// The seat this phone sees the game from: its own, or at a Rengen set's
// Hängeln its player's seat there (null where it only watches). The engine
// says so in the view it answers (docs/PHONE_TABLE.md).
export function viewSeat(state) {
  return state?.view ? state.view.seat ?? null : null;
}

// The host's own view seat for its commands at the table: the one its
// Session plays (in the Hängeln, perhaps none); before the first state is
// drawn, the one the engine named (a table taken over in the Hängeln) or
// its table seat.
export function hostView(table) {
  if (m().game) return m().game.viewer;
  return table.view !== undefined ? table.view : table.viewer;
}

// Whether this guest can carry its table on (phone-host.js takeOver): it
// kept a finished hand, and its table is no Rengen set decided (the set's
// end is not in that record); face down, it was welcomed to its table (its
// engine holds what it checked, and says whether the table can go on).
export function canTakeOver(table) {
  if (table?.role !== 'guest') return false;
  const facedown = table.facedown?.engine.facts() ?? table.resume?.save;
  if (facedown) return facedown.welcomed === true && facedown.role === 'guest';
  return Boolean(table.lastRecord) && !table.set?.over;
}

export function dealt(state) {
  return state?.view?.hand_no >= 1 && state.deal == null && state.phone_table?.deal == null;
}

// This phone at a table of phones, for the question before anything
// replaces its game (context/guard.js): null away from one, and for a
// phone that follows a Spielliste, has not got a seat yet or whose host
// ended the table (nobody else plays on with it); else its role and where its table is drawn.
export function tableHere() {
  const seated = phone?.role === 'host'
    || (phone?.status !== 'following' && !phone?.ended && Boolean(phone?.session || phone?.resume || (phone?.kept && !phone.kept.left)));
  if (!seated) return null;
  const route = phone.inGame ? 'game' : phone.role === 'host' ? 'phone-open' : 'phone-join';
  return { role: phone.role, route };
}

// Leaving the table (a new game on this phone, or back): channels closed,
// and a guest's Session is this phone's own again.
export function leavePhoneTable() {
  leaveSheetFollow();
  if (!phone) return;
  if (phone.role === 'guest' && phone.kept && !phone.kept.left) writePreference(KEPT, { ...phone.kept, left: true });
  // A face-down table left is no seat to come back to.
  if (phone.facedown || phone.resume) {
    clearFaceDownSave();
    phone.facedown?.engine.forget();
  }
  phone.relay?.close(true);
  phone.link?.pc.close();
  for (const e of phone.seats ?? []) e.link?.pc.close();
  setPhone(null);
  markLink(null);
  if (localSession) {
    app.useSession(localSession);
    localSession = null;
  }
}

declarePhoneTable({ here: tableHere, leave: leavePhoneTable });
