// The host's end of the guests' data channels. It decides nothing: each
// guest's message goes to the engine as the text that arrived, tagged with
// the seat its channel was opened for (`guest`), and the engine's reply goes
// back to that guest only. After any change every guest is sent its own
// seat's state (`guest_state`): the engine builds it from that seat's view,
// so nothing another seat may not see ever leaves this phone. A state goes
// out as what changed since the last one that seat's channel was sent
// (state-patch.js): the whole of it once per channel, then patches.
//
// Nothing is sent before it is kept: a guest's accepted message is answered,
// and the other phones told, only once onChange has written the new state
// to this phone's storage (the host's Session commit, in the same turn of
// the Session as the engine call), so a host that reloads or crashes never
// told a guest of a move it has lost.
import { both } from '../i18n/i18n.js';
import { diff, isEmpty } from '../bridge/state-patch.js';

/** @typedef {import('../bridge/session.js').Session} Session */
/** @typedef {import('../bridge/engine-client.js').Reply} Reply */

const MAX_IN_FLIGHT = 8;
const NOT_KEPT = { kind: 'StorageFailed', code: 'storage.host', ...both('storage.host') };

// A host's channels to its guests, one per seat, whichever relay carries
// the game over them (this one, or the face-down deal's in facedown.js).
export class SeatChannels {
  /** @param {(seat: number, up: boolean) => void} onLink */
  constructor(onLink = () => {}) {
    this.onLink = onLink;
    /** @type {Map<number, RTCDataChannel>} */
    this.channels = new Map(); // seat -> open RTCDataChannel
  }

  /** @param {number} seat @param {object} msg */
  send(seat, msg) {
    const ch = this.channels.get(seat);
    if (ch?.readyState !== 'open') return false;
    ch.send(JSON.stringify(msg));
    return true;
  }

  // The channel's connection went away without closing it.
  /** @param {number} seat @param {RTCDataChannel} channel */
  drop(seat, channel) {
    if (this.channels.get(seat) !== channel) return;
    this.channels.delete(seat);
    channel.close();
    this.onLink(seat, false);
  }
}

export class TableRelay extends SeatChannels {
  // session: the host's Session (its engine calls stay in one line);
  // viewer(): the seat the host's own state is seen from (its seat at the
  // table; in a set's Hängeln its player's seat there, or null where it
  // watches). onChange(seat, state): a guest's message
  // changed the game or the deal, and `state` is the host's new state: it
  // stores and draws it (within the Session's turn; it must not queue
  // another engine call behind it) and resolves false when it could not be
  // stored. onLink(seat, up): a guest's channel opened or closed.
  /**
   * @param {Session} session
   * @param {{viewer?: () => number | null, onChange?: (seat: number, state: any) => Promise<boolean>, onLink?: (seat: number, up: boolean) => void}} [hooks]
   */
  constructor(session, { viewer = () => null, onChange = async () => true, onLink = () => {} } = {}) {
    super(onLink);
    this.session = session;
    this.viewer = viewer;
    this.onChange = onChange;
    /** @type {Map<number, number>} */
    this.inFlight = new Map(); // seat -> messages waiting for the engine
    /** @type {Map<number, any>} */
    this.sent = new Map(); // seat -> the last state its channel was sent
    // A guest's change being stored: every guest's new state and that
    // guest's reply, sent from pushAll as soon as the state is stored,
    // before this phone draws its own screen.
    /** @type {{states: Record<string, any> | null, seat: number, reply: Reply, answered: boolean} | null} */
    this.ready = null;
  }

  /** @param {number} seat @param {RTCDataChannel} channel */
  async attach(seat, channel) {
    const r = await this.session.query('table_ticket', { seat });
    if (!r.ok) return false;
    const old = this.channels.get(seat);
    this.channels.set(seat, channel);
    this.sent.delete(seat); // a new channel starts from a whole state
    if (old && old !== channel) old.close();
    channel.addEventListener('message', (event) => {
      if (this.channels.get(seat) === channel) this.relay(seat, event.data);
    });
    channel.addEventListener('close', () => {
      // A channel this seat has since replaced says nothing about the seat.
      if (this.channels.get(seat) !== channel) return;
      this.channels.delete(seat);
      this.onLink(seat, false);
    });
    this.send(seat, { type: 'ticket', ...r.result });
    this.onLink(seat, true);
    return true;
  }

  // A seat's state as the change since the last one its channel was sent,
  // in `msg` ({type: 'reply' | 'state', …}). A state that did not change is
  // not pushed again (`always`: a reply still goes, with an empty patch).
  /** @param {number} seat @param {{type: 'reply' | 'state'} & Record<string, any>} msg @param {any} state @param {boolean} [always] */
  sendState(seat, msg, state, always = false) {
    const last = this.sent.get(seat);
    const patch = last ? diff(last, state) : null;
    if (patch && isEmpty(patch) && !always) return;
    if (this.send(seat, patch ? { ...msg, patch } : { ...msg, state })) this.sent.set(seat, state);
  }

  /** @param {number} seat @param {unknown} data a message as it arrived */
  async relay(seat, data) {
    // A guest's own phone waits for each answer, so it never has more than
    // a few messages under way: a flood beyond that is dropped unread, and
    // the host's own taps never queue behind it.
    const waiting = this.inFlight.get(seat) ?? 0;
    if (waiting >= MAX_IN_FLIGHT) return;
    this.inFlight.set(seat, waiting + 1);
    // A binary message is no request; the engine says so in its own words.
    const text = typeof data === 'string' ? data : null;
    /** @type {Reply} */
    let r;
    let kept = true;
    let answered = false;
    try {
      r = await this.session.serial(async () => {
        const q = await this.session.call('guest', { seat, text, viewer: this.viewer() });
        if (q.ok && q.result.changed) {
          this.ready = { states: q.result.guests, seat, reply: q.result.reply, answered: false };
          try {
            kept = await this.onChange(seat, q.result.state) !== false;
            answered = /** @type {NonNullable<TableRelay['ready']>} */ (this.ready).answered;
          } finally {
            this.ready = null;
          }
        }
        return q;
      });
    } finally {
      this.inFlight.set(seat, (this.inFlight.get(seat) ?? 1) - 1);
    }
    if (!r.ok) return;
    const { reply } = r.result;
    if (kept && answered) return; // pushAll answered it once the change was stored
    if (!kept) {
      // Not stored: Session.commit put the engine back on the last stored
      // game, so the move is undone and the guest is told so.
      this.send(seat, { type: 'reply', id: reply.id, ok: false, error: NOT_KEPT });
      return;
    }
    // A guest's commands answer with its state, except the finished hands
    // (`record`), which go as they are.
    this.answer(seat, reply);
  }

  /** @param {number} seat @param {Reply} reply */
  answer(seat, reply) {
    const { result, ...head } = reply;
    if (reply.ok && result?.view && result.seat === seat) this.sendState(seat, { type: 'reply', ...head }, result, true);
    else this.send(seat, { type: 'reply', ...reply });
  }

  // Every guest is told which phones are away (channel closed): the game
  // waits for them, and every phone says so.
  /** @param {number[]} down */
  links(down) {
    for (const seat of this.channels.keys()) this.send(seat, { type: 'links', down });
  }

  // Every guest's own state, after a change anywhere at the table: one
  // engine call for all seats. `stored`: called from the host Session's
  // onState, when the engine holds just the state stored and nothing else
  // is under way; the call then goes to the engine at once instead of
  // queueing behind this phone's drawing, and the guests' states are built
  // while the host draws its own. Otherwise it waits its turn in the Session.
  /** @param {{stored?: boolean}} [options] */
  pushAll({ stored = false } = {}) {
    const ready = this.ready;
    if (stored && ready?.states) {
      // A guest's change, stored just now: its states came with it.
      const { states } = ready;
      ready.states = null;
      ready.answered = true;
      this.answer(ready.seat, ready.reply);
      for (const seat of this.channels.keys()) {
        const state = /** @type {Record<string, any>} */ (states)[seat];
        if (state) this.sendState(seat, { type: 'state' }, state);
      }
      return;
    }
    if (!this.channels.size) return;
    const asked = stored ? this.session.engine.call('guest_states', {}) : this.session.query('guest_states', {});
    asked.then((/** @type {Reply} */ r) => {
      if (!r?.ok) return;
      for (const seat of this.channels.keys()) {
        const state = r.result[seat];
        if (state) this.sendState(seat, { type: 'state' }, state);
      }
    });
  }

  // ended: the host leaves, and the table ends for every phone; each guest
  // is told so before its channel closes (a message sent is delivered
  // before the close), rather than left waiting for a code.
  close(ended = false) {
    for (const ch of this.channels.values()) {
      if (ended && ch.readyState === 'open') ch.send(JSON.stringify({ type: 'ended' }));
      ch.close();
    }
    this.channels.clear();
    this.sent.clear();
  }
}
