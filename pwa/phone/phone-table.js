// A table of phones (docs/PHONE_TABLE.md): "Tisch eröffnen" on the host,
// "Am Tisch mitspielen" on every guest. The host plays the game in its own
// engine (phone-host.js); a guest plays its seat through a remote engine
// in an ordinary Session (phone-guest.js), so the table screen is the same
// on every phone. The phones connect by text passed between them
// (table-link.js): the host's invitation per guest seat, the guest's
// answer. This module wires the screens and taps to those pieces; every
// rule stays in the engine.
import { h } from '../lib/dom.js';
import { ANSWER, OFFER, canLink } from './table-link.js';
import { linkError } from './link-trouble.js';
import { claimLines, countdown, hostTools, renderDealing, renderJoin, renderOpen, seatLabel, standinButton, verdictLine } from './phone-screens.js';
import { readPreference } from '../store/preferences.js';
import { readFaceDownSave } from '../store/facedown-save.js';
import { errorText } from '../i18n/i18n.js';
import { scanQr } from '../qr/qr-scan.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { guarded } from '../context/guard.js';
import { refreshList } from '../club/lists.js';
import { initSheetFollow, sheetFollowState, sheetShareRow } from './sheet-follow.js';
import { KEPT, KEPT_TABLE, app, canTakeOver, dealt, keepLocalSession, localSession, m, phone, setPhone, tt, wirePhoneTable } from './at-table.js';
import { markLink } from './link-trouble.js';
import {
  awaySeats, computerSeat, connect, giveBack, openTable, openTicketTable, phoneSeat, resumeFaceDownHost, resumeHost, retrySeat, silentSeats, standIn, takeOver,
} from './phone-host.js';
import { guestTable, joinTable, restoreTableRecord, retryGuest } from './phone-guest.js';
import { faceDownRedeal, faceDownState } from './facedown.js';
import { backupQuestions } from './backup-copy.js';

export function initPhoneTable(ctx) {
  wirePhoneTable(ctx);
  initSheetFollow(ctx);
  // Typed and pasted text survives the screen being drawn again.
  document.addEventListener('input', (event) => {
    const key = event.target?.dataset?.phoneText;
    if (key && phone) phone.texts[key] = event.target.value;
  });
  // A guest phone that was at a table (reloaded, or closed and opened
  // again) goes back to it: its seat waits for it on the host. One that
  // left its table on purpose stays where it is.
  Promise.all([readPreference(KEPT), readPreference(KEPT_TABLE), readFaceDownSave()]).then(([stored, record, facedown]) => {
    // A guest at a face-down table goes back to its seat with its save
    // (facedown.js takes it up once the host's code for the seat is read).
    // The host's phone goes back to its face-down table too: the guests'
    // seats wait for their phones with new codes (phone-host.js).
    if (!phone && facedown?.role === 'host' && facedown.welcomed && Number.isInteger(facedown.seat) && Array.isArray(facedown.seats)) {
      resumeFaceDownHost(facedown);
      return;
    }
    if (!phone && facedown?.role === 'guest' && facedown.welcomed && Number.isInteger(facedown.seat)) {
      const table = guestTable(null);
      table.resume = { seat: facedown.seat, save: facedown };
      setPhone(table);
      m().route = 'phone-join';
      app.render();
      return;
    }
    const kept = keptSeat(stored);
    if (phone || !kept || kept.left) return;
    const table = guestTable(kept);
    // Its host's phone may be gone for good: the table can be carried on
    // from here too.
    restoreTableRecord(table, record);
    setPhone(table);
    m().route = 'phone-join';
    app.render();
  });
}

// A guest's kept seat as stored (at-table.js KEPT), or null if none.
function keptSeat(kept) {
  return kept && Number.isInteger(kept.seat) && typeof kept.secret === 'string' ? kept : null;
}

// Every state the host's Session accepts (app/state.js onState). A phone table
// loaded from this phone's storage (the host reloaded) is opened again:
// its seats wait for their phones, each with a new code.
export function phoneTableState(game, info = {}) {
  sheetFollowState(game);
  const facts = game?.state?.phone_table;
  if (!phone && facts && info.loaded) {
    resumeHost(game, facts);
    return;
  }
  // A face-down table: every phone's own word on each hand.
  if (phone?.facedown) {
    faceDownState(phone, game.state);
    return;
  }
  // Every accepted state reaches every guest (the deal's steps too).
  if (phone?.role !== 'host') return;
  // The next game at the same table ("Nochmal", a series' next game): the
  // phones deal its first hand between them, and hostChanged opens the
  // table once it is dealt.
  if (phone.inGame && game.state.view.hand_no === 0) {
    phone.inGame = false;
    m().route = 'phone-deal';
  }
  phone.relay.pushAll({ stored: true });
  // A guest's move ended a hand while this phone shows the Spielliste.
  if (game.state.hand_over && m().route === 'list') refreshList();
  if (facts?.standins?.length) queueMicrotask(() => { if (phone?.role === 'host') giveBack(phone); });
}

// The screen a stored game opens on before the engine is up: a phone table
// still dealing its first hand has no table to draw (its codes follow once
// the engine has loaded it: resumeHost).
export function savedRoute(game) {
  return game?.state?.phone_table && !dealt(game.state) ? 'start' : 'game';
}

// --- screens -----------------------------------------------------------------

// The camera reads the other phone's code into `key`'s box, and the step
// that box is for goes on by itself (the guest answers, the host connects).
async function scan(key) {
  const table = phone;
  if (!table || table.scanning) return;
  table.scanning = true;
  const prefix = key === 'offer' ? OFFER : ANSWER;
  let text = null;
  try {
    text = await scanQr({ accept: (t) => t.startsWith(prefix), labels: { title: tt('scan.title'), cancel: tt('scan.cancel') } });
  } catch {
    app.onError(linkError('err.camera'));
  } finally {
    table.scanning = false;
  }
  if (text == null || phone !== table) return;
  table.texts[key] = text;
  app.render();
  if (key === 'offer') {
    if (table.status !== 'making') joinTable();
  } else {
    connect(Number(key.slice('answer-'.length)));
  }
}

declareScreens('phone table', {
  'phone-open': () => phoneScreen('phone-open'),
  'phone-join': () => phoneScreen('phone-join'),
  'phone-deal': () => {
    if (!phone) return null;
    // A guest's Session still holds the last game: the host's newest word is the remote's.
    const state = phone.role === 'host' ? m().game?.state : phone.remote?.last();
    return [renderDealing(state, phone.role === 'host' ? [dealWaitParts(phone, phone.names), awayParts(phone, state)] : null), []];
  },
});

function phoneScreen(name) {
  if (!phone) return null;
  // At a table already in play, the way back is to it; leaving is the
  // start screen's new game.
  const playing = phone.role === 'host' ? phone.inGame : Boolean(phone.session);
  const back = playing
    ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-table' }, text: tt('to.table') })
    : h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-back' }, text: tt('back') });
  const standins = m().game?.state?.phone_table?.standins ?? [];
  // A face-down table this phone is taking over.
  const taking = phone.facedown?.engine.facts()?.taking ?? null;
  return [name === 'phone-open' ? renderOpen(phone, dealWaitParts(phone, phone.names), standins, taking) : renderJoin(phone, m().ready, canTakeOver(phone)), [back]];
}

// A phone away while the next game is dealt (it left between games): the
// computer may take its seat, or the host shows its code to come back.
function awayParts(table, state) {
  const standins = state?.phone_table?.standins ?? [];
  const away = awaySeats(table).filter((seat) => !standins.includes(seat));
  if (!away.length) return null;
  return [h('p', { role: 'status', text: tt('links.down', { names: seatLabel(away, table.names) }) }),
    hostTools(away, true, table.names)];
}

// The first deal's wait on the host's screen of codes, as above the table.
function dealWaitParts(table, names) {
  const silent = silentSeats(table, m().game?.state);
  if (!silent.seats.length) return null;
  return silent.left > 0 ? countdown(silent, names) : silent.seats.map((seat) => standinButton(seat, names));
}

// Between games a seat may change hands: a computer's seat goes to a new
// phone; a guest's whose phone left (`left`) to a new phone or to the
// computer. Who plays there is typed here, except at a tournament's table
// (`named` false: its seats keep the draw's names).
function freeSeat(table, seat, names, named, left) {
  const key = `seat-name-${seat}`;
  const label = seatLabel([seat], names);
  return h('div', { class: 'tool-row phone-free-seat', dataset: { seat, left: left ? 'yes' : 'no' } },
    named ? h('label', { class: 'field' }, h('span', { text: tt('seat.name', { seat }) }),
      h('input', { type: 'text', maxlength: 40, autocomplete: 'off', dataset: { phoneText: key }, value: table.texts[key] ?? names[seat - 1] ?? '' })) : null,
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-seat', seat }, text: tt('seat.phone', { name: label }) }),
    left ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-computer-seat', seat }, text: tt('seat.computer', { name: label }) }) : null);
}

// A tournament's ticket just loaded (a scoresheet, nothing entered yet):
// its series may be played on the players' phones instead, with the cards
// face down if the start form's choice is ticked (ticked here too).
function ticketTableRow() {
  if (!app) return null; // the saved screen is drawn before the modules are set up
  const g = m().game;
  const hands = g?.save?.record?.hands ?? [];
  if (m().route !== 'game' || !g?.save?.series?.ticket || g.state.series?.number !== 1 || hands.length > 1 || hands[0]?.actions?.length) return null;
  return h('div', { class: 'tool-row phone-ticket' },
    h('label', { class: 'check phone-ticket-facedown' },
      h('input', { type: 'checkbox', checked: Boolean(m().setup.faceDown), dataset: { field: 'phone-facedown' } }),
      h('span', { text: tt('start.facedown') })),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-ticket' }, disabled: !m().ready, text: tt('ticket.phones') }));
}

// Above the table on every phone: who is away (the game waits for them),
// on the host the way to their codes, on a guest cut off the way back; why
// a deal started again; every claim of a false deal.
export function phoneBanner() {
  // Another phone's backup to keep or read in, over the table: the phones
  // are linked only while the table is.
  return [backupQuestions(), tableBanner()];
}

// The table code of every phone's long-term key (docs/FACE_DOWN.md, "The
// table code"): the people see it is the same on every phone. In sight
// until the table's first card is played and on the result screen, else
// one tap away.
function codeLine(table, state) {
  const code = state?.facedown?.code;
  if (!code) return null;
  const view = state.view;
  const first = (state.facedown.shown ?? 1) === 1 && view?.hand_no === 1 && !view.trick?.length && !view.tricks?.length;
  // After a take-over the new code is compared as the first was.
  if (first || state.hand_over || table.showCode || faceDownTaken(state)) {
    return h('p', { role: 'status', class: 'phone-code', dataset: { code }, text: tt('code', { code }) });
  }
  return h('div', { class: 'tool-row phone-links-tools' },
    h('button', { type: 'button', class: 'secondary phone-code-show', dataset: { action: 'phone-code' }, text: tt('code.show') }));
}

// A face-down table taken over, until the first hand dealt after it is
// checked: who carried it on from whom, and what is dealt.
function faceDownTaken(state) {
  const taken = state?.facedown?.taken;
  if (!taken) return null;
  const game = state.facedown.game ?? 1;
  const checked = (state.facedown.verdicts ?? []).some((/** @type {{hand: number}} */ v) => v.hand >= taken.hand);
  return game < taken.game || (game === taken.game && !checked) ? taken : null;
}

function faceDownTakenLine(state, names) {
  const taken = faceDownTaken(state);
  if (!taken) return null;
  const key = taken.dropped != null ? 'takeover.done' : taken.hand === 1 ? 'takeover.game' : 'takeover.next';
  return h('p', {
    role: 'status', class: 'phone-taken-over', dataset: { by: taken.by, from: taken.from },
    text: tt(key, { name: seatLabel([taken.by], names), old: seatLabel([taken.from], names), hand: taken.hand, game: taken.game }),
  });
}

// The line on a phone gone (or on a fault another phone reported) that
// the person opened, by its key (the game, the seat, when): every state
// drawn builds the line anew, and one opened must stay open. Read at the
// summary's click, as the kitty's section is.
let goneOpen = null;
if (typeof document !== 'undefined') {
  document.addEventListener('click', (e) => {
    const summary = e.target?.closest?.('.phone-gone summary, .phone-report summary');
    if (summary) goneOpen = summary.parentElement.open ? null : summary.dataset.key;
  }, true);
}

// What the lines above the table and the seat tools under a game's result
// read of the table alike: whether this guest's link is lost, the table's
// facts (the host's state, or the state a guest was sent), the players by
// the table's seats, the seats whose phone was lost for good, and those
// whose phone is away.
function seatsNow(table, state) {
  const lost = table.role === 'guest' && table.status === 'dropped';
  const facts = table.role === 'host' ? state?.phone_table : state;
  // The phones' seats are the table's (a set's Hängeln seats two of them).
  const names = facts?.names ?? state?.facedown?.names ?? state?.view?.players?.map((p) => p.name) ?? [];
  // Face down, a seat whose phone was lost for good is the host's phone's since.
  const left = table.facedown ? state?.facedown?.left ?? [] : [];
  const down = (table.role === 'host' ? (table.inGame ? awaySeats(table) : []) : (lost ? [] : table.down ?? [])).filter((seat) => !left.includes(seat));
  return { lost, facts, names, left, down };
}

function tableBanner() {
  const table = phone;
  if (!table) return [ticketTableRow(), sheetShareRow()];
  if (m().route !== 'game') return null;
  const state = m().game?.state;
  const { lost, facts, names, down } = seatsNow(table, state);
  const label = (seats) => seatLabel(seats, names);
  const standins = facts?.standins ?? [];
  const disputes = facts?.disputes ?? [];
  const restarts = facts?.restarts ?? [];
  const silent = silentSeats(table, state);
  const game = (table.facedown ? state?.facedown?.shown : facts?.game) ?? 1;
  // Face down, every phone checks every hand, the host's too; a fault it
  // found in the middle of the hand is said there and then (its engine
  // takes no more taps of it, `stopped`: the table would otherwise just
  // stand still).
  const said = state?.hand_over || state?.view?.stopped === true;
  const verdict = (table.role === 'guest' || table.facedown) && said ? verdictLine(table, game, state.view.hand_no) : null;
  // Who carried the table on, while the hand dealt again is played.
  const taken = facts?.taken_over && state?.view?.hand_no <= facts.taken_over.hand ? facts.taken_over : null;
  const takenFaceDown = table.facedown ? faceDownTakenLine(state, names) : null;
  // Face down, who the host said was gone in this hand, and when (every
  // phone shows it); while none is, a phone away may be said gone for the
  // rest of the hand (docs/FACE_DOWN.md, the dropout rule).
  const gone = table.facedown ? state?.facedown?.gone ?? null : null;
  // Said until the game is over: "plays the seat to the end of the game" is
  // past then, and the host's tools say who plays it next. (While the next
  // game is dealt the last one's result stays in sight: a phone gone then
  // is said.)
  const overHere = state?.game_over && state.facedown?.game === state.facedown?.shown;
  const goneLine = gone && !overHere ? gone : null;
  const goneKey = goneLine ? `${state.facedown.game} ${goneLine.seat} ${goneLine.after}` : null;
  const playing = ['dealing', 'playing'].includes(state?.facedown?.phase);
  // Face down, the faults other phones found in this hand and said (each
  // stopped there): this phone cannot check them, and says so; the host's
  // phone may go on without a phone that stopped, as without one away.
  const reports = table.facedown ? state?.facedown?.reports ?? [] : [];
  const code = table.facedown ? codeLine(table, state) : null;
  // The hand does not wait for a phone gone for good, nor for one the computer plays.
  const waiting = down.filter((seat) => !standins.includes(seat) && seat !== gone?.seat);
  if (!lost && !verdict && !code && !goneLine && !reports.length && !taken && !takenFaceDown && !down.length && !standins.length && !disputes.length && !restarts.length && !silent.seats.length) return null;
  const offer = table.facedown ? (gone || !playing ? [] : [...waiting, ...reports.map((r) => r.seat).filter((seat) => !waiting.includes(seat))])
    : [...waiting, ...(silent.left > 0 ? [] : silent.seats.filter((seat) => !waiting.includes(seat)))];
  return h('div', { class: 'phone-links', dataset: { down: down.join(' '), lost: lost ? 'yes' : 'no', standins: standins.join(' ') } },
    verdict,
    code,
    // One line above the table, by the name alone (the seats and the trick
    // keep their room on a small phone); what happens to the seat is a tap
    // away. A void hand is said whole: the table has nothing left to show.
    goneLine ? h('div', {
      role: 'status', class: 'phone-gone', dataset: { seat: goneLine.seat, after: goneLine.after, void: String(goneLine.void) },
    }, goneLine.void ? h('p', { text: errorText(goneLine) }) : h('details', { open: goneOpen === goneKey || null },
      h('summary', { dataset: { key: goneKey }, text: tt('links.facedown.gone', { name: names[goneLine.seat - 1] || seatLabel([goneLine.seat], names), when: errorText(goneLine.when) }) }),
      // A phone that only watched a set's Hängeln: nobody plays its seat on.
      h('p', { text: tt(goneLine.watched ? 'links.facedown.gone.watched' : 'links.facedown.gone.then') }))) : null,
    reports.map((r) => {
      const key = `${state.facedown.game} ${state.facedown.hand} report ${r.seat}`;
      const name = names[r.seat - 1] || seatLabel([r.seat], names);
      return h('details', { role: 'alert', class: 'phone-report', dataset: { seat: r.seat }, open: goneOpen === key || null },
        h('summary', { dataset: { key }, text: tt('links.facedown.report', { name }) }),
        h('p', { text: `${errorText(r).replace(/\.$/, '')}. ${tt('links.facedown.report.own', { name })}` }));
    }),
    // A hand void before its deal: the host's phone deals it again to the
    // phones still there (the engine says when it may).
    table.role === 'host' && state?.facedown?.redeal ? h('div', { class: 'tool-row phone-links-tools' },
      h('button', { type: 'button', class: 'primary', dataset: { action: 'phone-facedown-redeal' }, text: tt('links.facedown.redeal') })) : null,
    // Taken over at a game's first hand: that game is dealt (anew, or for
    // the first time when the host was gone between games).
    // A set's Hängeln (one hand) is dealt whenever it is taken over.
    taken ? h('p', { role: 'status', class: 'phone-taken-over', text: tt(state.set?.in_hangeln ? 'takeover.hangeln' : taken.hand === 1 ? 'takeover.game' : 'takeover.done', {
      name: seatLabel([facts.host ?? table.viewer], names), old: seatLabel([taken.seat], names), hand: taken.hand, game,
    }) }) : null,
    takenFaceDown,
    claimLines(table, disputes, names, game),
    restarts.map((r) => h('p', { role: 'status', class: 'phone-restart', dataset: { hand: r.hand }, text: tt('deal.restart', { hand: r.hand, names: label(r.left) }) })),
    lost || waiting.length ? h('p', {
      role: 'status', class: table.ended ? 'phone-ended' : null,
      text: lost ? tt(table.ended ? 'links.ended' : 'links.lost') : tt('links.down', { names: label(waiting) }),
    }) : null,
    silent.left > 0 ? countdown(silent, names) : null,
    standins.length ? h('p', { role: 'status', class: 'phone-standins', text: tt('links.standin', { names: label(standins) }) }) : null,
    // The host's buttons side by side: the table stays in sight below them.
    table.role === 'host' && (offer.length || down.length) ? hostTools(offer, down.length > 0, names, table.facedown ? 'links.facedown.gone.button' : undefined)
      : lost ? h('div', { class: 'tool-row phone-links-tools' },
        // A table its host ended has no code to come back with.
        table.ended ? null : h('button', { type: 'button', class: 'primary', dataset: { action: 'phone-rejoin' }, text: tt('links.rejoin') }),
        // The host's phone may be gone for good: this phone can carry the
        // table on from the last hand it checked.
        // A game over is followed by the next (none once a series is over
        // or a set decided).
        canTakeOver(table) && !(state?.game_over && (state?.series?.over || state?.set?.over))
          ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-takeover' }, text: tt('takeover') }) : null)
        : null);
}

// Under a game's result on the host, the seats that may change hands
// before the next game (under it, not above it: the result is what the
// table looks at when a game ends). A computer's, or a guest's whose phone
// left (not one a new phone is already joining); after a series or a set,
// for the next one. Never inside a Rengen set: each game's loser plays the
// Hängeln in person. Face down, not while the next game is dealt, nor at a
// tournament's table once its series is over; a seat whose phone was lost
// for good counts as one that left, and a guest's seat whose phone left
// goes to a new phone or to the computer, played on the host's phone.
export function phoneSeatTools() {
  const table = phone;
  if (table?.role !== 'host' || m().route !== 'game') return null;
  const state = m().game?.state;
  const { facts, names, left, down } = seatsNow(table, state);
  const between = state?.game_over
    && !(table.facedown && ((state.series?.over && state.facedown?.ticket) || state.facedown?.game !== state.facedown?.shown));
  const joining = (table.facedown ? state?.facedown?.joining : facts?.joining) ?? [];
  /** @param {number} seat a guest's seat whose phone left (or was lost for good) */
  const gave = (seat) => down.includes(seat) || left.includes(seat);
  // A set's seats are the whole table's, also once its Hängeln seated two.
  const players = table.facedown ? names.map((_, i) => ({ kind: state?.facedown?.computers?.includes(i + 1) ? 'bot' : 'human' }))
    : m().game?.save?.set?.seats ?? m().game?.save?.table?.players ?? [];
  const changeable = between ? players.map((p, i) => i + 1)
    .filter((seat) => seat !== table.viewer && !joining.includes(seat) && (players[seat - 1].kind === 'bot' || gave(seat))) : [];
  if (!changeable.length) return null;
  if (state?.set && !state.set.over) return h('div', { class: 'phone-seat-tools' }, h('p', { class: 'note phone-set-seats', text: tt('seat.set') }));
  const named = !(table.facedown ? state?.facedown?.ticket : m().game?.save?.series?.ticket);
  return h('div', { class: 'phone-seat-tools' }, changeable.map((seat) => freeSeat(table, seat, names, named, gave(seat))));
}

// Not taking a face-down table over after all: this phone is a guest of
// its table again, its save as before the tap, on the join screen where
// the other phone's code for its seat brings it to the table that phone
// carries on.
async function keepOut() {
  const table = phone;
  const fd = table?.facedown;
  if (table?.role !== 'host' || !fd) return;
  const r = await fd.session.serial(() => fd.engine.call('keep_out'));
  if (!r.ok) { app.onError(r.error); return; }
  if (phone !== table) return;
  const save = fd.engine.kept();
  table.relay.close();
  for (const e of table.seats) e.link?.pc.close();
  setPhone(null);
  markLink(null);
  if (localSession) {
    app.useSession(localSession);
    keepLocalSession(null);
  }
  const guest = guestTable(null);
  guest.resume = { seat: save.seat, save };
  setPhone(guest);
  m().route = 'phone-join';
  app.render();
}

declareFields('phone table', {
  // The start form's choice: the cards face down on every phone.
  'phone-facedown': (target) => {
    m().setup.faceDown = target.checked;
    app.rememberSetup();
    // The form's format leaves out what is not played face down, and says so.
    app.render();
  },
});

declareTaps('phone table', {
  'phone-facedown-redeal': () => faceDownRedeal(),
  'phone-code': () => {
    if (phone) phone.showCode = !phone.showCode;
    app.render();
  },
  'phone-open': () => { if (m().ready) openTable(); },
  'phone-join': () => {
    if (!m().ready) return;
    if (!canLink()) { app.onError(linkError('err.webrtc')); return; }
    // A table this phone is at is asked about and left first; this
    // phone's own game waits for its return.
    return guarded(async () => {
      // A seat this phone left comes along: the host's code for it brings
      // the phone back with its deal numbers; any other code is a new seat.
      const kept = keptSeat(await readPreference(KEPT));
      setPhone(guestTable(kept && { ...kept, left: true }));
      m().route = 'phone-join';
      app.render();
    }, 'table');
  },
  'phone-join-offer': () => {
    if (phone?.role === 'guest' && phone.status !== 'making') joinTable();
  },
  'phone-answer': (target) => connect(Number(target.dataset.seat)),
  'phone-retry': (target) => {
    if (phone?.role === 'host') retrySeat(Number(target.dataset.seat));
    else retryGuest(phone);
  },
  'phone-scan': (target) => scan(target.dataset.key),
  'phone-standin': (target) => standIn(Number(target.dataset.seat)),
  'phone-seat': (target) => phoneSeat(Number(target.dataset.seat)),
  'phone-computer-seat': (target) => computerSeat(Number(target.dataset.seat)),
  'phone-ticket': () => openTicketTable(),
  'phone-takeover': () => { if (m().ready) takeOver(); },
  'phone-keep-out': () => keepOut(),
  'phone-codes': () => {
    if (phone?.role === 'host') { m().route = 'phone-open'; app.render(); }
  },
  'phone-rejoin': () => {
    if (phone?.role === 'guest') { m().route = 'phone-join'; app.render(); }
  },
  'phone-table': () => {
    m().route = 'game';
    app.render();
  },
  // Back from the codes before the first deal: the phones already there
  // lose the table too, so it is asked about as well.
  'phone-back': () => guarded(() => {
    m().route = 'start';
    app.render();
  }, 'table'),
});
