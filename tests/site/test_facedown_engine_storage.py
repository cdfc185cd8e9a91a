"""pwa/bridge/facedown-engine.js, run in Node with a stand-in for the
phone's engine: a face-down table's save that the browser refuses to keep
is said as any game's is (bridge/session.js `notStored`): "the last saved
position stays" only when the save kept before was read back from the
disk, "it may be lost" when it was not, and nothing of a position when
none was kept; and nothing of the refused save is sent."""

from __future__ import annotations

RUN = """
globalThis.navigator = { languages: ['en'], language: 'en' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const local = {
  calls: [],
  async call(name, args) {
    local.calls.push(name);
    if (name === 'facedown_load') return { ok: true, result: {} };
    return { ok: true, result: { save: { n: local.calls.length }, send: [{ type: 'env' }], state: null } };
  },
};
async function refused(readBack, keptBefore) {
  const sent = [];
  let writes = 0;
  const engine = createFaceDownEngine(local, {
    role: 'guest', keep: async () => (writes++ < keptBefore), readBack: async () => readBack, send: (f) => sent.push(...f),
  });
  for (let i = 0; i < keptBefore; i++) await engine.call('receive', { frame: {} });
  const r = await engine.call('receive', { frame: {} });
  return { code: r.ok ? null : r.error.code, en: r.ok ? null : r.error.en, sent: sent.length };
}
console.log(JSON.stringify({ kept: await refused('kept', 1), lost: await refused('lost', 1), none: await refused('none', 0) }));
"""


def test_a_refused_face_down_save_says_the_last_position_stays_only_when_it_was_read_back(node_json):
    out = node_json(RUN)
    assert out["kept"]["code"] == "storage.failed" and "last saved position stays" in out["kept"]["en"]
    assert out["lost"]["code"] == "storage.failedLost" and "may be lost" in out["lost"]["en"]
    assert out["none"]["code"] == "storage.failedNew" and "stays" not in out["none"]["en"]
    # What was kept went out; the refused save's frames did not.
    assert [out[k]["sent"] for k in ("kept", "lost", "none")] == [1, 1, 0]


# The same with the save kept by the engine's worker (bridge/worker.js): its
# reply carries the save as text and a few facts, or says it was refused
# and what the worker read back of its own last write.
IN_WORKER = """
globalThis.navigator = { languages: ['en'], language: 'en' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
function local(outcomes) {
  const l = {
    calls: [],
    async call(name, args, options) {
      l.calls.push([name, args, options ?? null]);
      if (name === 'facedown_load') return { ok: true, result: {} };
      const n = l.calls.filter(([c]) => c !== 'facedown_load').length;
      const save = { n, game: 2, role: 'guest', welcomed: true, seats: [{ kind: 'human' }, { kind: 'bot' }] };
      const outcome = outcomes[n - 1];
      const result = { send: [{ type: 'env', n }], state: null };
      if (outcome === 'kept') result.kept = { text: JSON.stringify(save), facts: { game: 2, role: 'guest', welcomed: true, seats: save.seats } };
      else result.notKept = outcome;
      return { ok: true, result };
    },
  };
  return l;
}
async function run(outcomes, readBack) {
  const sent = [];
  let marked = 0;
  const engine_ = local(outcomes);
  const engine = createFaceDownEngine(engine_, {
    role: 'guest', keep: async () => { throw new Error('the page kept a save the worker kept'); }, readBack: async () => readBack,
    send: (f) => sent.push(...f.map((x) => x.n)), onKept: () => { marked += 1; },
  });
  const answers = [];
  for (const _ of outcomes) {
    const r = await engine.call('receive', { frame: {} });
    answers.push(r.ok ? 'ok' : r.error.code);
  }
  return { answers, sent, marked, facts: engine.facts(), kept: engine.kept(), calls: engine_.calls };
}
console.log(JSON.stringify({
  kept: await run(['kept', 'kept'], 'none'),
  lost: await run(['kept', 'lost'], 'kept'),
  none: await run(['none'], 'kept'),
}));
"""


def test_a_face_down_save_kept_by_the_worker_is_read_from_its_text_and_a_refused_one_sends_nothing(node_json):
    out = node_json(IN_WORKER)
    kept = out["kept"]
    # Every request asks the worker to keep its save; what it kept went out,
    # the page marked the site as keeping something, and read the whole
    # save from its text only when asked.
    assert all(options == {"keep": "facedown", "lazy": False} for _, _, options in kept["calls"])
    assert kept["answers"] == ["ok", "ok"] and kept["sent"] == [1, 2] and kept["marked"] == 2
    assert kept["facts"]["game"] == 2 and kept["facts"]["welcomed"] is True and kept["kept"]["n"] == 2
    # Refused in the worker: its frames stay here, the engine goes back to
    # the save kept before, and the words say what the worker read back.
    lost = out["lost"]
    assert lost["answers"] == ["ok", "storage.failedLost"] and lost["sent"] == [1] and lost["marked"] == 1
    assert lost["calls"][-1][0] == "facedown_load" and lost["calls"][-1][1]["save"]["n"] == 1
    assert lost["kept"]["n"] == 1
    # A worker that wrote nothing itself leaves the reading back to the page.
    none = out["none"]
    assert none["answers"] == ["storage.failed"] and none["sent"] == [] and none["calls"][-1][0] != "facedown_load"


# After a reload the save read from disk is what the engine goes back to
# when its first save is refused; once the table is left, a call still
# queued reaches no engine and says nothing.
LOADED = """
globalThis.navigator = { languages: ['en'], language: 'en' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const calls = [];
const local = {
  async call(name, args, options) {
    calls.push([name, args, options ?? null]);
    if (name === 'facedown_load' && !options) return { ok: true, result: {} };
    if (name === 'facedown_forget') return { ok: true, result: {} };
    return { ok: true, result: { send: [{ type: 'env' }], state: null, notKept: 'none' } };
  },
};
const sent = [];
const engine = createFaceDownEngine(local, { role: 'guest', keep: async () => true, readBack: async () => 'kept', send: (f) => sent.push(...f) });
const disk = { n: 'on disk', game: 3, role: 'guest', welcomed: true, seats: [] };
const loaded = await engine.call('load', { save: disk });
const forgotten = await engine.forget();
const before = calls.length;
const late = await engine.call('receive', { frame: {} });
console.log(JSON.stringify({ loaded: loaded.ok ? 'ok' : loaded.error.code, rollback: calls[1], facts: engine.facts(), sent: sent.length,
  forgotten: forgotten.ok, forgetOptions: calls[2][2], late, after: calls.length - before }));
"""


def test_a_loaded_save_is_gone_back_to_and_a_left_table_takes_no_more_calls(node_json):
    out = node_json(LOADED)
    # The load's own save refused: the engine is loaded again with the save from disk, nothing is sent.
    assert out["loaded"] == "storage.failed" and out["sent"] == 0
    assert out["rollback"][0] == "facedown_load" and out["rollback"][1]["save"]["n"] == "on disk"
    assert out["facts"]["game"] == 3
    assert out["forgotten"] is True and out["forgetOptions"] == {"keep": "forget"}
    assert out["late"] == {"ok": False, "error": None} and out["after"] == 0
