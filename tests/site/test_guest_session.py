"""A guest's Session (pwa/bridge/session.js) over pwa/bridge/remote-engine.js,
run in Node against a stand-in for the data channel to the host: a state
the host pushed while this phone's own move was under way (another phone's
look, sent before the host had this phone's move) is older than the host's
answer to the move, and is never drawn after it. Drawn after it, the
phone showed its look offered again while the host said it had looked, and
waited for ever."""

from __future__ import annotations

RUN = """
globalThis.navigator = { languages: ['en'], language: 'en' };
const { createRemoteEngine } = await import('./pwa/bridge/remote-engine.js');
const { Session } = await import('./pwa/bridge/session.js');
const state = (n, legal) => ({ game: 1, phone_table: true, n, due: { bots: [], humans: [] }, view: { seat: 2, hand_no: 1, trick: [], tricks: [], legal } });
const before = state(1, [{ type: 'look', seat: 2 }]);
const othersLook = state(2, [{ type: 'look', seat: 2 }]);   // seat 3 looked: pushed before the host had seat 2's look
const answer = state(3, [{ type: 'knock', seat: 2 }]);      // the host's answer to seat 2's look
const later = state(4, [{ type: 'knock', seat: 2 }]);       // seat 3 knocked after
const listeners = {};
const deliver = (data) => { for (const f of listeners.message ?? []) f({ data: JSON.stringify(data) }); };
const channel = {
  readyState: 'open', label: 'schraem',
  addEventListener: (type, f) => { (listeners[type] ??= []).push(f); },
  send(text) {
    const msg = JSON.parse(text);
    if (msg.cmd !== 'act') return;
    // The host had pushed seat 3's look before seat 2's look reached it.
    setTimeout(() => deliver({ type: 'state', state: othersLook }), 1);
    setTimeout(() => deliver({ type: 'reply', id: msg.id, ok: true, state: answer }), 5);
  },
};
const drawn = [];
let session;
const engine = createRemoteEngine(channel, {
  first: JSON.stringify({ type: 'ticket', seat: 2, secret: 's' }),
  onState: (s) => session.pushed(s, 2),
});
session = new Session(engine, { pace: 0, onState: (game) => drawn.push(game.state.n), onError: (e) => drawn.push(e) });
await engine.ready;
deliver({ type: 'state', state: before });
await session.queue;
const ok = await session.act('look');
await new Promise((r) => setTimeout(r, 20));
await session.queue;
const settled = session.game.state.n;
deliver({ type: 'state', state: later });
await new Promise((r) => setTimeout(r, 5));
await session.queue;
console.log(JSON.stringify({ ok, drawn, settled, last: session.game.state.n }));
process.exit(0);
"""


def test_a_state_pushed_while_the_own_move_was_under_way_is_not_drawn_after_the_answer(node_json):
    out = node_json(RUN)
    assert out["ok"] is True
    assert out["settled"] == 3, out["drawn"]
    assert 2 not in out["drawn"][out["drawn"].index(3) :], out["drawn"]
    assert out["last"] == 4 and out["drawn"][-1] == 4
