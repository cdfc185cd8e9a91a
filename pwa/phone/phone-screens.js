// The screens of a table of phones, drawn from the table they are given
// (phone-table.js keeps the table and its flows): the start screen's offer,
// the host's codes, a guest's join, and the lines above the table (a seat
// label, the deal's countdown, the stand-in button, every claim of a false
// deal). Nothing here changes anything.
import { h } from '../lib/dom.js';
import { handKey } from '../bridge/remote-engine.js';
import { errorText, t } from '../i18n/i18n.js';
import { CONNECT_SECONDS, cameraNote, networkNote, troubleAlert } from './link-trouble.js';

// The texts are i18n/phone.js's, under "phone.".
const tt = (key, vars) => t(`phone.${key}`, vars);

export function phoneStartSection({ ready, faceDown = false }) {
  // Styled and ranked like its neighbours (the club's and the deal sets'
  // sections): one more of the start screen's offers, not a new chapter.
  return h('section', { class: 'record phone-start', 'aria-labelledby': 'phone-start-heading' },
    h('h3', { id: 'phone-start-heading', text: tt('start.heading') }),
    h('p', { class: 'note', text: tt('start.body') }),
    h('p', { class: 'note', text: tt('start.camera') }),
    // Off unless chosen: not yet proven on real phones (docs/PHONE_TABLE.md).
    h('label', { class: 'check phone-facedown' },
      h('input', { type: 'checkbox', checked: faceDown, dataset: { field: 'phone-facedown' } }),
      h('span', { text: tt('start.facedown') })),
    h('p', { class: 'note', text: tt('start.facedown.bots') }),
    h('div', { class: 'tool-row' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-open' }, disabled: !ready, text: tt('start.open') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-join' }, disabled: !ready, text: tt('start.join') })));
}

function textBox(key, label, { readonly = false, value = '' } = {}) {
  return h('label', { class: 'field' }, h('span', { text: label }),
    h('textarea', { rows: 4, spellcheck: 'false', autocomplete: 'off', readonly, dataset: { phoneText: key }, value }));
}

function scanButton(key, text = tt('scan')) {
  return h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-scan', key }, text });
}

// The host's screen of codes: a seat's invitation, its answer, how far it
// got; `wait`, the first deal's wait for a silent phone (as above the table);
// `standins`, the seats the computer plays already; `taking`, a face-down
// table this phone is taking over (the engine's `taking`).
export function renderOpen(table, wait, standins = [], taking = null) {
  // Until another phone follows it, it may keep out after all (two phones tapped at once).
  const keepOut = Boolean(taking && !taking.synced?.length && !taking.recoded);
  const rows = table.seats.map((e) => {
    const name = table.names[e.seat - 1];
    const status = {
      making: 'open.making', waiting: 'open.waiting', connecting: 'open.connecting', connected: 'open.connected', dropped: 'open.dropped',
    }[e.status];
    return h('li', { class: 'phone-seat', dataset: { seat: e.seat, link: e.failure ? 'failed' : e.status } },
      h('h3', { text: tt('open.seat', { seat: e.seat, name }) }),
      h('p', { role: 'status', text: tt(status, { name }) }),
      e.failure ? troubleAlert({
        head: tt('fail.host', { name, seconds: CONNECT_SECONDS }),
        reasons: e.failure,
        retry: { action: 'phone-retry', seat: e.seat },
        retryText: tt('fail.retry.host'),
        camera: table.camera,
      }) : null,
      // A failed link's codes are spent (the new try makes new ones): not
      // shown, so nobody scans them again.
      // A table carried on: the old host's phone may be gone for good.
      table.takenOver && e.status !== 'connected' && !standins.includes(e.seat) ? standinButton(e.seat, table.names) : null,
      e.offer && e.status !== 'connected' && !e.failure ? [
        e.qr ? h('div', { class: 'qr-box' }, e.qr) : null,
        textBox(`offer-${e.seat}`, tt('open.invite', { name }), { readonly: true, value: e.offer }),
        // The camera reads the answer: its button stands by the answer's box.
        textBox(`answer-${e.seat}`, tt('open.answer', { name }), { value: table.texts[`answer-${e.seat}`] ?? '' }),
        h('div', { class: 'tool-row' }, scanButton(`answer-${e.seat}`, tt('scan.answer', { name })),
          h('button', { type: 'button', class: 'primary', dataset: { action: 'phone-answer', seat: e.seat }, text: tt('open.connect') })),
      ] : null);
  });
  // The codes first, where a phone held up to read them finds them (the
  // explanations below them).
  return h('section', { class: 'phone-open', 'aria-labelledby': 'phone-open-heading' },
    h('h2', { id: 'phone-open-heading', text: tt(taking ? 'takeover' : 'open.heading') }),
    h('ol', { class: 'phone-seats' }, rows),
    // Below the codes, which stay first in sight.
    keepOut ? h('div', { class: 'tool-row phone-keep-out' },
      h('p', { class: 'note', text: tt('takeover.keepOut.note') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-keep-out' }, text: tt('takeover.keepOut') })) : null,
    wait,
    // Back after its page was closed, no guest back yet: its guests may
    // follow another phone that took the table over meanwhile.
    table.reopened && !taking && !table.seats.some((e) => e.status === 'connected') ? h('p', { class: 'note phone-reopened', text: tt('open.reopened') }) : null,
    h('p', { text: tt('open.body', { seat: table.viewer, name: table.names[table.viewer - 1] }) }),
    networkNote(),
    cameraNote(table.camera),
    h('p', { class: 'note', text: tt('open.deal') }));
}

// A guest's screen: the invitation read, the answer shown, how far it got;
// `takeover`, whether this phone can carry its table on.
export function renderJoin(table, ready = true, takeover = false) {
  return h('section', { class: 'phone-join', 'aria-labelledby': 'phone-join-heading' },
    h('h2', { id: 'phone-join-heading', text: tt('join.heading') }),
    table.answer ? null : [
      h('p', {
        text: table.kept && !table.kept.left ? tt('join.again', { seat: table.kept.seat })
          : table.resume && !table.facedown ? tt('join.again', { seat: table.resume.seat }) : table.retried ? tt('join.retry') : tt('join.body'),
      }),
      networkNote(),
      scanButton('offer'),
      textBox('offer', tt('join.offer'), { value: table.texts.offer ?? '' }),
      h('button', { type: 'button', class: 'primary', dataset: { action: 'phone-join-offer' }, disabled: table.status === 'making', text: tt('join.make') }),
      table.status === 'making' ? h('p', { role: 'status', text: tt('join.making') }) : null,
    ],
    cameraNote(table.camera),
    table.failure && table.status !== 'connected' ? troubleAlert({
      head: tt('fail.guest', { seconds: CONNECT_SECONDS }),
      reasons: table.failure,
      retry: { action: 'phone-retry' },
      retryText: tt('fail.retry.guest'),
      camera: table.camera,
    }) : null,
    table.answer && table.status !== 'connected' ? [
      h('p', { role: 'status', text: tt('join.answer') }),
      table.qr ? h('div', { class: 'qr-box' }, table.qr) : null,
      textBox('answer', tt('join.answer.label'), { readonly: true, value: table.answer }),
    ] : null,
    table.status === 'connected' ? h('p', { role: 'status', dataset: { link: 'connected' }, text: tt('join.connected', { seat: table.seat }) }) : null,
    // Waiting for a host whose phone may be gone for good (this phone was
    // reloaded, or its link dropped): it can carry the table on instead
    // (not a Rengen set decided).
    takeover && table.status !== 'connected' && table.status !== 'making' ? h('div', { class: 'phone-join-takeover' },
      h('p', { class: 'note', text: tt('join.takeover') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-takeover' }, disabled: !ready, text: tt('takeover') })) : null);
}

// "Platz 2: Bert, Platz 4: Hans".
export function seatLabel(seats, names) {
  return seats.map((seat) => tt('open.seat', { seat, name: names[seat - 1] ?? '' })).join(', ');
}

export function countdown(silent, names) {
  return h('p', {
    role: 'status', class: 'phone-deal-wait', dataset: { left: silent.left }, text: tt('deal.waiting', { names: seatLabel(silent.seats, names), seconds: silent.left }),
  });
}

// `key`: the button's words (face down, the phone is gone for the hand).
export function standinButton(seat, names, key = 'links.standin.button') {
  return h('button', {
    type: 'button', class: 'secondary', dataset: { action: 'phone-standin', seat }, text: tt(key, { name: names[seat - 1] ?? seat }),
  });
}

// The host's buttons for phones away, side by side (the table stays in
// sight below them): the computer for each of `seats`, and with `codes`
// the way to their codes.
export function hostTools(seats, codes, names, key = undefined) {
  return h('div', { class: 'tool-row phone-links-tools' }, seats.map((seat) => standinButton(seat, names, key)),
    codes ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'phone-codes' }, text: tt('links.codes') }) : null);
}

// Every claim of a false deal, as a claim: who says so and why, and on a
// guest what its own check of that hand found.
export function claimLines(table, disputes, names, game) {
  return disputes.map((d) => {
    const claims = d.claims ?? d.seats.map((seat) => ({ seat, why: null }));
    const own = table.role === 'guest' ? table.verdicts?.get(handKey(game, d.hand)) : null;
    // Beside another phone's claim: whether this phone's own check agrees.
    const mine = own && claims.some((c) => c.seat !== table.seat) ? h('p', {
      class: 'phone-own-check', dataset: { hand: d.hand, fair: String(own.fair) },
      text: own.fair === false ? tt('deal.own.agree', { hand: d.hand, why: errorText(own.why) })
        : own.fair ? tt('deal.own.disagree', { hand: d.hand }) : tt('deal.own.unknown', { hand: d.hand, why: errorText(own.why) }),
    }) : null;
    return [claims.map((c) => h('p', {
      role: 'alert', class: 'phone-dispute', dataset: { hand: d.hand, seat: c.seat },
      text: tt('deal.claim', { name: seatLabel([c.seat], names), hand: d.hand, why: c.why ? errorText(c.why) : tt('deal.claim.plain') }),
    })), mine];
  });
}

// A guest's own check of the hand just finished, in words on its result
// screen (the table is gone by then, so it covers nothing): being checked,
// checked, the fault, or why it cannot be checked.
export function verdictLine(table, game, hand) {
  const verdict = table.verdicts?.get(handKey(game, hand));
  if (!verdict && !table.checked?.has(handKey(game, hand))) return null;
  // A phone that watched a set's Hängeln: not its to check (the engine says why).
  const fair = verdict ? (verdict.watched ? 'watched' : String(verdict.fair)) : 'checking';
  // Face down, the engine's own words say why a hand is not checked.
  const key = verdict?.facedown && verdict.fair == null ? 'facedown'
    : { true: 'checked', false: 'false', null: 'unknown', checking: 'checking', watched: 'watched' }[fair];
  return h('p', {
    class: 'phone-verdict', dataset: { game, hand, fair },
    text: tt(`verdict.${key}`, { hand, why: verdict?.why ? errorText(verdict.why) : '' }),
  });
}

// Between two games at the same table: the phones deal the next one
// between them (no codes: every phone is still at the table). `state` is
// the host's new game (its deal under way) or, on a guest, the last state
// it was sent; `wait`, the host's countdown and stand-in buttons.
export function renderDealing(state, wait) {
  const facts = state?.phone_table ?? state;
  const deal = facts?.deal;
  // Whose number is awaited: phones, by the table's seats.
  const names = facts?.names ?? state?.view?.players?.map((p) => p.name) ?? [];
  return h('section', { class: 'phone-deal', 'aria-labelledby': 'phone-deal-heading', 'aria-busy': 'true' },
    h('h2', { id: 'phone-deal-heading', text: tt('deal.next', { game: facts?.game ?? '' }) }),
    h('p', { role: 'status', text: deal?.waiting?.length ? tt('deal.next.waiting', { names: seatLabel(deal.waiting, names) }) : tt('deal.next.body') }),
    wait);
}
