"""pwa/bridge/reply-line.js, run in Node with a stand-in for the disk: the
engine worker's replies go in order, each once its face-down save is
written, except what a phone only takes of what another phone keeps (an
envelope received, the host's seats settling a message it relayed) and
sends nothing with: answered before its write, and every reply after it
waits for that write."""

from __future__ import annotations

RUN = """
const { replyLine } = await import('./pwa/bridge/reply-line.js');
const events = [];
const pending = [];
let refuse = false;
const io = {
  post: (reply) => events.push(['post', reply.id, Object.keys(reply.result ?? {}).sort()]),
  database: async () => ({}),
  // A write finishes when the test says so.
  write: (save) => new Promise((resolve) => {
    events.push(['write', save.n]);
    pending.push(() => { events.push(['written', save.n]); resolve(!refuse); });
  }),
  lastKept: async () => 'kept',
  facts: (save) => ({ game: save.n }),
  clear: async () => { events.push(['clear']); return true; },
};
const line = replyLine(io);
const tick = () => new Promise((r) => setTimeout(r, 0));
const answer = (id, cmd, save, send = [], extra = {}) =>
  line.answer({ id, cmd, keep: 'facedown', ...extra }, { id, ok: true, result: { save, send, state: {} } });
async function finishWrites() {
  for (let i = 0; i < 20 && (await tick(), pending.length); i++) pending.shift()();
  await tick();
}
const out = {};

// A receive that sends nothing, then an act: the receive is answered before
// its write, the act after both writes.
answer(1, 'facedown_receive', { n: 1 });
answer(2, 'facedown_act', { n: 2 }, [{ type: 'msg' }]);
await tick(); await tick();
out.before = events.splice(0);
await finishWrites();
out.taking = events.splice(0);

// A receive that sends something (a share asked for) is written first; a
// settle that sends nothing is answered first; a lazy receive writes nothing.
answer(3, 'facedown_receive', { n: 3 }, [{ type: 'msg' }]);
answer(4, 'facedown_settle', { n: 4 });
answer(5, 'facedown_receive', { n: 5 }, [], { lazy: true });
await finishWrites();
out.sending = events.splice(0);

// A receive's write refused after it was answered: the next reply says
// what is kept, its save not written, and so on until a load.
refuse = true;
answer(6, 'facedown_receive', { n: 6 });
await finishWrites();
refuse = false;
answer(7, 'facedown_act', { n: 7 }, [{ type: 'msg' }]);
await finishWrites();
line.answer({ id: 8, cmd: 'facedown_load', keep: 'facedown' }, { id: 8, ok: true, result: { save: { n: 8 }, state: {} } });
answer(9, 'facedown_act', { n: 9 }, [{ type: 'msg' }]);
await finishWrites();
out.refused = events.splice(0);

// The table left: forgotten only after the write before it.
answer(10, 'facedown_act', { n: 10 }, [{ type: 'msg' }]);
line.forget(11);
await finishWrites();
out.forget = events.splice(0);

// No database in this worker: the save goes to the page.
const bare = [];
const noDb = replyLine({ ...io, database: async () => null, post: (r) => bare.push(Object.keys(r.result).sort()) });
await noDb.answer({ id: 1, cmd: 'facedown_receive', keep: 'facedown' }, { id: 1, ok: true, result: { save: { n: 1 }, send: [], state: {} } });
out.bare = bare;
console.log(JSON.stringify(out));
"""


def test_a_receive_that_sends_nothing_is_answered_before_its_write_and_nothing_after_it_before_that_write(node_json):
    out = node_json(RUN)
    kept = ["kept", "send", "state"]
    # Answered while its save is still being written; the act not yet.
    assert out["before"] == [["post", 1, kept], ["write", 1]]
    # The act's save is written after the receive's, and only then answered.
    assert out["taking"] == [["written", 1], ["write", 2], ["written", 2], ["post", 2, kept]]
    # Sending something, or a settle's (it sends nothing: answered first),
    # or a lazy receive's (nothing written).
    assert out["sending"] == [
        ["write", 3], ["written", 3], ["post", 3, kept],
        ["post", 4, kept], ["write", 4], ["written", 4],
        ["post", 5, ["send", "state"]],
    ]  # fmt: skip
    # Refused after it was answered: the act is not written and says what
    # is kept; after a load, saves are written again.
    assert out["refused"] == [
        ["post", 6, kept], ["write", 6], ["written", 6],
        ["post", 7, ["notKept", "send", "state"]],
        ["write", 8], ["written", 8], ["post", 8, ["kept", "state"]],
        ["write", 9], ["written", 9], ["post", 9, kept],
    ]  # fmt: skip
    assert out["forget"] == [["write", 10], ["written", 10], ["post", 10, kept], ["clear"], ["post", 11, []]]
    assert out["bare"] == [["save", "send", "state"]]
