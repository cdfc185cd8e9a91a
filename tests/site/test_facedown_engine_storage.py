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
