"""pwa/bridge/remote-engine.js, run in Node against a stand-in for the data
channel to the host: a guest's move the host refuses, with no newer state
pushed meanwhile, brings the host's state along, so a guest whose screen
was left behind (its look offered again, the host saying it looked
already) draws the table as it is instead of waiting for ever; a refusal
on a lost channel asks nothing more."""

from __future__ import annotations

RUN = """
globalThis.navigator = { languages: ['en'], language: 'en' };
const { createRemoteEngine } = await import('./pwa/bridge/remote-engine.js');
const behind = { game: 1, view: { seat: 2, hand_no: 1, legal: [{ type: 'look', seat: 2 }] } };
const now = { game: 1, view: { seat: 2, hand_no: 1, legal: [{ type: 'knock', seat: 2 }] } };
function channel(host) {
  const listeners = {};
  const ch = {
    readyState: 'open', label: 'schraem', sent: [],
    addEventListener: (type, f) => { (listeners[type] ??= []).push(f); },
    send(text) {
      const msg = JSON.parse(text);
      ch.sent.push(msg.cmd);
      const reply = host(msg);
      queueMicrotask(() => { for (const f of listeners.message ?? []) f({ data: JSON.stringify({ type: 'reply', id: msg.id, ...reply }) }); });
    },
    push(data) { for (const f of listeners.message ?? []) f({ data: JSON.stringify(data) }); },
  };
  return ch;
}
const refusal = { ok: false, error: { kind: 'IllegalAction', code: 'look', de: 'Du hast deine Karten schon angesehen.', en: 'You have already looked at your cards.' } };
async function guest() {
  const ch = channel((msg) => (msg.cmd === 'act' ? refusal : { ok: true, state: now }));
  const engine = createRemoteEngine(ch, { first: JSON.stringify({ type: 'ticket', seat: 2, secret: 's' }) });
  await engine.ready;
  ch.push({ type: 'state', state: behind });
  const reply = await engine.call('act', { action: { type: 'look', seat: 2 } });
  return { sent: ch.sent, reply };
}
async function lost() {
  const ch = channel(() => refusal);
  const engine = createRemoteEngine(ch, { first: JSON.stringify({ type: 'ticket', seat: 2, secret: 's' }) });
  await engine.ready;
  ch.readyState = 'closed';
  const reply = await engine.call('act', { action: { type: 'look', seat: 2 } });
  return { sent: ch.sent, reply };
}
console.log(JSON.stringify({ guest: await guest(), lost: await lost() }));
// (A reply's time-out timer would keep Node up for its 20 s.)
process.exit(0);
"""


def test_a_refused_move_brings_the_hosts_state_so_a_screen_left_behind_is_drawn_anew(node_json):
    out = node_json(RUN)
    guest = out["guest"]
    assert guest["sent"] == ["act", "state"]
    reply = guest["reply"]
    assert not reply["ok"] and reply["error"]["en"] == "You have already looked at your cards."
    assert reply["state"]["view"]["legal"] == [{"type": "knock", "seat": 2}]
    lost = out["lost"]
    assert lost["sent"] == [] and not lost["reply"]["ok"] and "state" not in lost["reply"]
