// Draws one seat's view of the table. It only shows what the engine sent:
// which actions are legal, whose turn it is and every rule stay in Python.
import { h, keeper } from '../lib/dom.js';
import { getLang, has, t, tn } from '../i18n/i18n.js';
import { cardFace, cardName, knollenBadge, marksView } from './cards.js';
import { describeLog, nameOf } from './log.js';
import { phoneRole } from './phone-role.js';

const CORE_TYPES = new Set(['look', 'knock', 'hold', 'pass', 'play']);

function statusText(view) {
  const me = view.seat;
  const mine = view.players.find((p) => p.seat === me);
  const r = view.response;
  if (r) {
    if (r.to_answer === me) return t('status.yourAnswer', { name: nameOf(view, r.knocker), value: r.value });
    return t('status.answer', { name: nameOf(view, r.to_answer) });
  }
  if (mine && !mine.in_hand) return notInHandText(view, mine);
  if (me != null && view.turn === me) return t(view.my_cards == null ? 'status.yourTurnLook' : 'status.yourTurn');
  if (view.turn != null) return t('status.turn', { name: nameOf(view, view.turn) });
  return me == null ? t('status.spectator') : '';
}

// Why the person holds no cards in this hand, in the engine's facts: out of
// the game (at 0 marks, whatever the last hand's value), put out by a
// penalty, passed, or not dealt in (a final, a playoff).
function notInHandText(view, me) {
  if (me.out) return t(view.tally === 'marks' ? 'status.youOut.marks' : 'status.youOut');
  if (me.penalty && has(`table.penalty.${me.penalty}`)) return t('status.youPenalised', { why: t(`table.penalty.${me.penalty}`) });
  return t(me.passed ? 'status.youPassed' : 'status.notDealt');
}

// Extra words for hands that are not played as usual (a final, the long one).
export function handKindText(view) {
  const kind = view.hand_kind;
  return kind && kind !== 'normal' && has(`hand_kind.${kind}`) ? t(`hand_kind.${kind}`) : null;
}

export function undoButton({ ready }, extraClass = '') {
  if (phoneRole()) return null; // no move is taken back at a table of phones
  return h('button', {
    type: 'button', class: `undo ${extraClass}`.trim(), dataset: { action: 'undo' }, disabled: !ready,
    'aria-label': t('btn.undo.label'),
  }, h('span', { class: 'undo-icon', 'aria-hidden': 'true', text: '↶' }), h('span', { class: 'undo-text', text: t('btn.undo') }));
}

// The state words and classes of one seat, shared by the table and the
// scoresheet: out, passed, to act (answering or on turn), knocker, hammer, dealer.
export function seatMarkers(view, p, toAct, baseClass) {
  const classes = [baseClass];
  const badges = [];
  if (p.passed) classes.push('passed');
  if (p.out) classes.push('out');
  if (toAct) classes.push('active');
  if (view.last_knocker === p.seat) classes.push('knocker');
  // A seat put out by a penalty is shown as penalised, never as a pass.
  if (p.penalty) classes.push('penalised');
  if (p.penalty) badges.push(t(`table.penalty.${p.penalty}`));
  if (p.out) badges.push(t('table.out'));
  else if (p.passed && !p.penalty) badges.push(t('table.passed'));
  if (p.penalty_marks > 0) badges.push(t('table.penaltyMarks', { n: p.penalty_marks }));
  if (toAct) badges.push(view.response ? t('table.answers') : t('table.turn'));
  if (view.last_knocker === p.seat) badges.push(t('table.knocker'));
  if (p.hammer && !p.out) badges.push(t('table.hammer'));
  if (view.dealer === p.seat) badges.push(t('table.dealer'));
  return { classes, badges };
}

function seatBox(view, p) {
  const r = view.response;
  const toAct = r ? r.to_answer === p.seat : view.turn === p.seat;
  const { classes, badges } = seatMarkers(view, p, toAct, 'seat');
  if (p.seat === view.seat) classes.push('me');
  if (p.in_hand && !p.looked) badges.push(t('table.blind'));
  return h('li', { class: classes.join(' '), dataset: { seat: p.seat } },
    h('span', { class: 'seat-name' },
      h('bdi', { text: p.name }),
      p.seat === view.seat ? h('span', { class: 'you', text: ` (${t('table.you')})` }) : null),
    // The cards left beside the marks, not among the words: on a 320 px
    // phone "▮▮▮▮ am Zug blind" took two lines and the seats no longer fit
    // above the hand at the deal.
    h('span', { class: 'seat-marks' },
      marksView(view, p.tally),
      p.in_hand ? h('span', { class: 'backs', 'aria-label': t('table.cardsLeft', { n: p.cards_left }), role: 'img' },
        '▮'.repeat(p.cards_left)) : null),
    h('span', { class: 'seat-info' },
      knollenBadge(p.knollen),
      badges.map((b) => h('span', { class: 'badge', text: b }))));
}

// `winner`: the seat that took the trick; its card is marked.
// `keep` (the table's keeper round, with its language): each card as drawn
// while it lies there, so a card played adds one to the page.
export function trickCards(view, cards, winner = null, keep = made) {
  return cards.map((c) => {
    const won = c.seat === winner;
    const by = nameOf(view, c.seat);
    return keep(JSON.stringify(['played', c, won, by]), () => {
      const label = cardName(c.card) + (c.dead ? ` (${t('table.dead')})` : '') + (won ? ` (${t('table.trick.won')})` : '');
      return h('li', { class: `played${c.dead ? ' dead' : ''}${won ? ' won' : ''}` },
        h('span', { class: 'card small', role: 'img', 'aria-label': label }, cardFace(c.card)),
        h('bdi', { class: 'played-by', text: by }),
        c.dead ? h('span', { class: 'badge', text: t('table.dead') }) : null,
        won ? h('span', { class: 'badge won-badge', 'aria-hidden': 'true', text: t('table.trick.won') }) : null);
    });
  });
}

// Built every time, where nothing is kept.
function made(key, make) {
  return make();
}

// The last finished trick, shown again in place of the one being played
// for as long as the person asks (one tap on "Letzter Stich").
const peek = { key: null };

function peekKey(view) {
  return `${view.hand_no}:${view.tricks.length}`;
}

export function togglePeek(view) {
  peek.key = peek.key === peekKey(view) ? null : peekKey(view);
}

// The cards an exchange laid down (four courts), as this viewer may see
// them: the face-down ones as backs under their number (the number the
// offer "Ablage 3 von Hans umdrehen" names), the turned or uncovered ones
// face up, and to their owner their own faces, marked as still face down.
// Only what the view's `exchanges` hold is drawn.
function discardSlots(e) {
  const turned = e.turned ?? [];
  const size = e.challenge ? e.challenge.cards.length : e.face_down + turned.length;
  const slots = Array.from({ length: size }, (_, i) => ({ k: i + 1, card: null, how: 'down', by: null }));
  if (e.challenge) {
    e.challenge.cards.forEach((card, i) => { slots[i] = { k: i + 1, card, how: 'shown', by: null }; });
    return slots;
  }
  for (const x of turned) {
    // A scoresheet's turn names the card, not its place: the next free one.
    const i = x.index != null ? x.index - 1 : slots.findIndex((s) => s.card == null);
    if (slots[i]) slots[i] = { k: i + 1, card: x.card, how: 'turned', by: x.seat };
  }
  (e.discards ?? []).forEach((card, i) => {
    if (slots[i] && slots[i].card == null) slots[i] = { k: i + 1, card, how: 'own', by: null };
  });
  return slots;
}

function discardLabel(view, s) {
  if (s.how === 'down') return t('table.discard.down', { index: s.k });
  const vars = { index: s.k, card: cardName(s.card), name: s.by != null ? nameOf(view, s.by) : '' };
  return t(`table.discard.${s.how}`, vars);
}

function discardRows(view) {
  const exchanges = (view.exchanges ?? []).filter((e) => e.face_down + (e.turned?.length ?? 0) > 0 || e.challenge);
  if (!exchanges.length) return null;
  return exchanges.map((e) => h('div', { class: 'discards', role: 'group', 'aria-label': t('table.discards', { name: nameOf(view, e.seat) }) },
    h('bdi', { class: 'discards-name', 'aria-hidden': 'true', text: t('table.discards', { name: nameOf(view, e.seat) }) }),
    h('ol', { class: 'discard-cards' }, discardSlots(e).map((s) => h('li', { class: `discard ${s.how}` },
      h('span', { class: `card mini${s.card == null ? ' back' : ''}`, role: 'img', 'aria-label': discardLabel(view, s) },
        s.card == null ? null : cardFace(s.card)),
      h('span', { class: 'discard-no', 'aria-hidden': 'true', text: String(s.k) }))))));
}

// The felt: its value line and the cards on it kept as drawn (`keep`);
// the trick around them is built anew, so a tap shown at once on it
// (instant.js) is drawn over whatever the state says.
function centre(view, keep = made) {
  const doneTricks = view.tricks.length;
  const last = view.tricks[doneTricks - 1];
  const peeking = Boolean(last) && view.trick.length > 0 && peek.key === peekKey(view);
  const showLast = (view.trick.length === 0 || peeking) && last;
  const shown = showLast ? last.cards : view.trick;
  return h('div', { class: 'centre' },
    keep(JSON.stringify(['value', view.hand_no, view.value, view.max_value]), () => h('div', { class: 'value-line' },
      h('span', { class: 'hand-no', text: t('table.hand', { hand: view.hand_no }) }),
      h('strong', { class: 'value', 'aria-label': t('table.value.label', { value: view.value, max: view.max_value }) },
        t('table.value', { value: view.value })))),
    handKindText(view) ? h('p', { class: 'hand-kind', text: handKindText(view) }) : null,
    view.knocking && h('p', { class: 'knock-line', text: view.last_knocker
      ? t('table.lastKnock', { name: nameOf(view, view.last_knocker) }) : t('table.noKnock') }),
    discardRows(view),
    h('div', { class: `trick${showLast ? ' previous' : ''}`, role: 'group',
      'aria-label': showLast ? t('table.lastTrick', { name: nameOf(view, last.winner) })
        : t('table.trick', { n: Math.min(doneTricks + 1, 4) }) },
    shown.length ? h('ol', { class: 'trick-cards' }, trickCards(view, shown, showLast ? last.winner : null, keep))
      : h('p', { class: 'trick-empty', text: t('table.trick.empty') }),
    showLast ? h('p', { class: 'trick-winner', text: t('table.lastTrick', { name: nameOf(view, last.winner) }) }) : null,
    last && view.trick.length ? h('button', {
      type: 'button', class: 'peek-trick', dataset: { action: 'peek-trick' }, 'aria-expanded': peeking ? 'true' : 'false',
      text: t(peeking ? 'table.peek.back' : 'table.peek'),
    }) : null));
}

// On a short phone the top of the table scrolls. Until the hand's first
// card is played it shows from its top: the felt is empty then, and who
// sits where, everyone's marks, who deals, knocks and passes are what there
// is to see. The status line is held whole at the bottom of that part, over
// the felt's lower edge, wherever the seats fit above it (on a 320×568
// phone at the deal they do not: the seats come first, and the look
// button says what to do). From the first card on, each move shows the
// trick and under it the status line, the seats scrolled past if need be;
// a held status line stands where it is held, so the felt's end and its
// height are what must fit.
export function keepTrickInSight(root, view) {
  const at = tableGeometry(root);
  if (!at) return;
  // Every size is read before anything is written: the page is laid out
  // once, not again after the held line changed (its stickiness moves
  // neither it nor the felt in the flow).
  if (at.feltBottom != null && (view.trick.length || view.tricks.length)) {
    const over = at.feltBottom + at.gap + at.statusHeight - at.topBottom;
    if (over > 0) at.top.scrollTop += over;
  }
  hold(at);
}

// The status line held where the seats fit above it; asked again when the
// screen changes size (a phone turned, its address bar hidden). → the
// status line, or null away from the table.
export function holdStatus(root) {
  const at = tableGeometry(root);
  if (!at) return null;
  hold(at);
  return at.status;
}

// Whether the status line was held when last measured: a new line of
// words is drawn held as the old one was, not let go by the drawing and
// held again by the measuring, each a restyle and a layout of the table.
let statusHeld = false;

function hold({ status, seatsEnd, gap, statusHeight, room }) {
  statusHeld = seatsEnd + gap + statusHeight <= room;
  status.classList.toggle('held', statusHeld);
}

// What holding the status line and keeping the trick in sight read of the
// table's upper part, all at once; null away from the table.
function tableGeometry(root) {
  const top = root.querySelector('.table-top');
  const status = top?.querySelector('.status');
  const seats = top?.querySelector('.seats');
  if (!status || !seats) return null;
  const felt = top.querySelector('.centre');
  const box = top.getBoundingClientRect();
  return {
    top, status,
    gap: parseFloat(getComputedStyle(top).rowGap) || 0,
    seatsEnd: seats.getBoundingClientRect().bottom - box.top + top.scrollTop,
    statusHeight: status.offsetHeight,
    room: top.clientHeight,
    feltBottom: felt ? felt.getBoundingClientRect().bottom : null,
    topBottom: box.bottom,
  };
}

export function otherLabel(view, a) {
  const key = `action.${a.type}`;
  const vars = { name: a.target != null ? nameOf(view, a.target) : '', index: a.index ?? '' };
  return has(key) ? t(key, vars) : a.type;
}

function legalOf(view, type) {
  return view.legal.filter((a) => a.type === type);
}

function handArea(view, ready) {
  const me = view.players.find((p) => p.seat === view.seat);
  if (!me) return null;
  const disabled = !ready;
  if (view.my_cards == null) {
    if (!me.in_hand) return h('p', { class: 'hand-note', text: notInHandText(view, me) });
    return h('div', { class: 'hand', role: 'group', 'aria-label': t('hand.label') },
      h('button', { type: 'button', class: 'look', dataset: { action: 'look' }, disabled },
        h('span', { class: 'backs-row', 'aria-hidden': 'true' },
          Array.from({ length: me.cards_left || 4 }, () => h('span', { class: 'card back' }))),
        h('span', { class: 'look-text', text: t('hand.look') }),
        // Only where the engine offers a knock before looking (no rule set
        // without knocking or without blind knocks says so).
        legalOf(view, 'knock').length ? h('span', { class: 'look-hint', text: t('hand.look.hint') }) : null));
  }
  if (!view.my_cards.length) return h('p', { class: 'hand-note', text: t('hand.none') });
  const playable = new Set([...legalOf(view, 'play'), ...legalOf(view, 'discard')].map((a) => a.card));
  // Up to five cards sit in one row; more (the 6–10 card hands of some
  // variants) in two even rows, so every card keeps a thumb-sized face.
  const n = view.my_cards.length;
  const cols = n <= 5 ? n : Math.ceil(n / 2);
  return h('div', { class: 'hand', role: 'group', 'aria-label': t('hand.label') },
    h('ul', { class: `cards cols-${cols}${n > 5 ? ' rows-2' : ''}` }, view.my_cards.map((card) => h('li', {},
      h('button', {
        type: 'button', class: `card${playable.has(card) ? ' legal' : ''}`, disabled,
        dataset: { card, legal: playable.has(card) ? 'true' : 'false' },
      }, cardFace(card), h('span', { class: 'sr-text', text: t('card.play', { card: cardName(card) }) }))))));
}

function readableLog(view) {
  return view.log.filter((e) => e.type !== 'look' || e.seat === view.seat);
}

function recentLog(view) {
  const items = readableLog(view).slice(-3);
  if (!items.length) return null;
  return h('ol', { class: 'log', 'aria-label': t('log.label') },
    items.map((e) => h('li', { text: describeLog(view, e) })));
}

// Everything said and played in this hand, a tap away: every action in
// order, and every finished trick with who took it. `part` (the table's
// keeper round): each line and each trick kept as drawn, so a move adds a
// line to the page instead of building the whole list again; the lists
// themselves are built anew, and closed, as before.
export function handHistory(view, part = null) {
  const items = readableLog(view);
  const tricks = view.tricks ?? [];
  if (items.length <= 3 && !tricks.length) return null;
  const who = part ? JSON.stringify([getLang(), view.players.map((p) => [p.seat, p.name])]) : '';
  const line = (key, make) => (part ? part(`${key} ${who}`, make) : make());
  return h('div', { class: 'history-row' },
    tricks.length ? h('details', { class: 'tricks-review' },
      h('summary', { text: t('table.tricks.review', { n: tricks.length }) }),
      h('ol', { class: 'tricks-list' }, tricks.map((trick, i) => line(`trick ${i} ${JSON.stringify(trick)}`, () => h('li', {},
        h('span', { class: 'trick-no', text: t('table.trick', { n: i + 1 }) }),
        h('ol', { class: 'trick-cards' }, trickCards(view, trick.cards, trick.winner)),
        h('span', { class: 'trick-winner', text: t('table.trick.winner', { name: nameOf(view, trick.winner) }) })))))) : null,
    items.length > 3 ? h('details', { class: 'log-all' },
      h('summary', { text: t('log.all', { n: items.length }) }),
      h('ol', { class: 'log-full', tabindex: '0', 'aria-label': t('log.all.label') },
        items.map((e, i) => line(`line ${i} ${JSON.stringify(e)}`, () => h('li', { text: describeLog(view, e) }))))) : null);
}

// The table's parts kept as drawn (dom.js keeper): at a table of phones
// every phone draws the table again after each tap on any phone, and a tap
// changes a seat or two, a card on the felt and a line of the log, not the
// rest. Each part is
// built from a slice of the view that holds everything it shows, and its
// key is that slice (with the language): a part whose slice did not change
// is the very node on the page, neither built nor compared again.
const tableParts = keeper();

// A tap answered at once (instant.js) changed the hand on the page by
// hand: the next drawing builds it again, so the engine's state (or,
// refused, the state before) is drawn over it whatever it is.
let changedByTap = 0;
export function tapShownOnTable() {
  changedByTap += 1;
}

// A tap answered before it is taken stays drawn as tapped: at a face-down
// table a card played opens only once every phone has shown its share of
// it, a round over the table, and every drawing of the table meanwhile
// (the tap's own answer first) would put the card back in the hand and say
// it is still this seat's turn. It is let go once the seat's next move is
// in the log (this one taken), another hand is dealt, or the seat is
// offered the same move again (refused). instant.js draws it.
/** @type {{type: string, card: string | null, hand: number, log: number} | null} */
let held = null;

export function holdTap(view, type, card) {
  held = { type, card, hand: view.hand_no, log: view.log.length };
}

export function dropTap() {
  held = null;
}

// → the tap still held on this view, or null (and it is let go).
export function heldTap(view) {
  if (!held) return null;
  const taken = view?.log.slice(held.log).some((e) => e.seat === view.seat);
  const offered = view?.legal.some((a) => a.type === held?.type && (a.card ?? null) === held?.card);
  if (!view || view.hand_no !== held.hand || taken || offered) held = null;
  return held;
}

function pick(view, names) {
  const slice = {};
  for (const name of names) slice[name] = view[name];
  return slice;
}

// Who sits where by name: all that names in the felt and the log need.
function named(view) {
  return { players: view.players.map((p) => ({ seat: p.seat, name: p.name })) };
}

// A seat's own facts: whether it acts, knocked, deals, as seatBox and
// seatMarkers read them, so another seat's turn or knock leaves it as drawn.
function seatView(view, p) {
  const r = view.response;
  const toAct = r ? r.to_answer === p.seat : view.turn === p.seat;
  const its = (seat) => (seat === p.seat ? seat : null);
  return {
    ...pick(view, ['seat', 'tally', 'start_marks', 'marks_display']), p,
    response: r && toAct ? { to_answer: p.seat } : null, turn: !r && toAct ? p.seat : null,
    last_knocker: its(view.last_knocker), dealer: its(view.dealer),
  };
}

const HAND_TYPES = new Set(['knock', 'play', 'discard']);

export function renderTable(view, { ready }) {
  const part = tableParts();
  const lang = getLang();
  const kept = (name, slice, make) => part(JSON.stringify([name, lang, slice]), () => make(slice));
  const logView = { ...named(view), seat: view.seat, log: readableLog(view), tricks: view.tricks };
  const me = view.players.find((p) => p.seat === view.seat);
  const handView = {
    seat: view.seat, my_cards: view.my_cards, tally: view.tally, players: me ? [me] : [], legal: view.legal.filter((a) => HAND_TYPES.has(a.type)),
  };
  const status = view.stopped ? t('status.stopped') : !ready ? t('status.wait') : heldTap(view)?.type === 'play' ? t('status.opening') : statusText(view);
  // The hand stays pinned above the thumb buttons on every phone; the rest
  // of the table scrolls in the space left over.
  return h('section', { id: 'table', class: 'table', 'aria-label': t('table.label') },
    h('div', { class: 'table-top', tabindex: '0', role: 'group', 'aria-label': t('table.top.label') },
      h('ul', { class: `seats n${view.players.length}` }, view.players.map((p) => kept('seat', seatView(view, p), (v) => seatBox(v, v.p)))),
      centre(view, (key, make) => part(`${key} ${lang}`, make)),
      part(JSON.stringify(['status', status]), () => h('p', { class: statusHeld ? 'status held' : 'status', text: status })),
      kept('log', { ...logView, log: logView.log.slice(-3) }, recentLog),
      handHistory(logView, part)),
    kept('hand', { ...handView, ready: ready && !view.stopped, changedByTap }, (v) => handArea(v, v.ready)));
}

// What the answer costs, in the engine's figures (`pass_loses`,
// `hold_risks`), right above the two buttons.
function stakesLine(view, r) {
  if (r.pass_loses == null) return null;
  const key = view.tally === 'points' ? 'stakes.answer.points' : 'stakes.answer';
  return h('p', { class: 'stakes', text: tn(key, r.pass_loses, { pass: r.pass_loses, hold: r.hold_risks, value: r.value }) });
}

// The big buttons under the thumb: answer a knock, or knock.
export function renderTableControls(view, { ready }) {
  const me = view.players.find((p) => p.seat === view.seat);
  if (!me) return [];
  // (A face-down phone that found a fault in the hand takes no more taps in it.)
  const live = ready && view.stopped !== true;
  const disabled = !live;
  // (Drawn as not offered, not as busy: it takes no tap again in this hand.)
  const stopped = view.stopped === true ? ' not-now' : '';
  // Taking back the last tap is always offered; the engine says when there
  // is nothing to take back.
  // It sits at the start of the thumb row, small, so it never crowds the
  // table or the main buttons.
  const undo = undoButton({ ready: live }, 'compact');
  const r = view.response;
  if (r && r.to_answer === me.seat) {
    return [stakesLine(view, r), h('div', { class: 'answer-row answering' }, undo,
      h('button', { type: 'button', class: `big hold${stopped}`, dataset: { action: 'hold' }, disabled, text: t('btn.hold') }),
      h('button', { type: 'button', class: `big pass${stopped}`, dataset: { action: 'pass' }, disabled, text: t('btn.pass') }))];
  }
  if (!me.in_hand) return [h('div', { class: 'tool-row' }, undoButton({ ready: live }))];
  // Knock keeps its place under the thumb, but is offered only while the
  // engine lists it for this viewer (not while others answer a knock, not
  // twice in a row): a tap that can only be refused is no choice. Pass
  // shows only where a variant allows it. Hands that are not knocked (the
  // newcomers' halves, an endgame) have no knock button at all.
  const canKnock = legalOf(view, 'knock').length > 0;
  const row = [undo, view.knocking ? h('button', {
    type: 'button', class: `big knock${canKnock ? '' : ' not-now'}`, dataset: { action: 'knock' }, disabled: disabled || !canKnock,
    'aria-label': view.knock_to != null ? t('btn.knockTo.label', { value: view.knock_to }) : t('btn.knock.label'),
  }, view.knock_to != null ? t('btn.knockTo', { value: view.knock_to }) : t('btn.knock')) : null];
  if (legalOf(view, 'pass').length) {
    row.push(h('button', { type: 'button', class: 'big pass', dataset: { action: 'pass' }, disabled, text: t('btn.pass') }));
  }
  // Variant actions (four courts, a fresh deal, ...) come from the engine's
  // legal list as they are; the button sends back exactly that action.
  const extra = view.legal.map((a, index) => ({ a, index })).filter(({ a }) => !CORE_TYPES.has(a.type) && !a.card);
  const rows = [h('div', { class: 'answer-row' }, row)];
  if (extra.length) {
    rows.unshift(h('div', { class: 'extra-row' }, extra.map(({ a, index }) => h('button', {
      type: 'button', class: 'other', dataset: { action: 'other', index }, disabled, text: otherLabel(view, a),
    }))));
  }
  return rows;
}
