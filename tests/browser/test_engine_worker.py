"""The engine worker and its page-side client: replies matched by id, every
failure (even Python not starting at all) delivered as data."""

from __future__ import annotations

import shutil

import pytest

from browser_support import wait_engine_ready

# A second engine of the test's own (markDocument: false), so the shell's
# engine and its <html data-engine> are left alone.
CONCURRENT_CALLS = """async () => {
  const { createEngine } = await import('./modules.js').then((m) => m.engineClient);
  const engine = createEngine({ markDocument: false });
  const ready = await engine.ready;
  const replies = await Promise.all([
    engine.call('state', { viewer: 1 }),
    engine.call('hello'),
    engine.call('no_such_command', {}),
    engine.call('new_game', { players: [{ name: 'A', kind: 'human' }, { name: 'B', kind: 'human' }],
                              rules: 'rheinland', options: {}, dealer: 1, seed: 3, viewer: 1 }),
  ]);
  const timings = engine.timings;
  engine.terminate();
  const late = await engine.call('hello');
  return { ready, replies, timings, late };
}"""


def test_replies_match_requests_and_errors_are_data(warm_page, shared_site):
    page = warm_page()
    page.goto(shared_site.url)
    wait_engine_ready(page)
    out = page.evaluate(CONCURRENT_CALLS)

    assert out["ready"]["ok"] and "rheinland" in out["ready"]["result"]["presets"]
    state, hello, unknown, new_game = out["replies"]
    assert [r["id"] for r in out["replies"]] == sorted({r["id"] for r in out["replies"]})
    assert state["ok"] is False and state["error"]["kind"] == "NoGame"
    assert hello["ok"] and hello["result"] == out["ready"]["result"]
    assert unknown["ok"] is False and unknown["error"]["kind"] == "InvalidAction"
    assert new_game["ok"] and new_game["result"]["view"]["seat"] == 1
    for reply in (state, unknown):
        assert reply["error"]["de"] and reply["error"]["en"]
    assert out["timings"]["total"] > 0
    # After terminate() a call still resolves, with an error instead of hanging.
    assert out["late"]["ok"] is False and out["late"]["error"]["kind"] == "EngineUnavailable"


@pytest.mark.parametrize("missing", ["pyodide/pyodide.asm.wasm", "pyodide/pyodide.mjs", "engine.zip"])
def test_engine_that_cannot_start_says_so_as_data(missing, dist, tmp_path, make_site, new_context):
    broken = tmp_path / "dist"
    shutil.copytree(dist, broken)
    (broken / missing).unlink()
    site = make_site(broken)
    # No service worker: its precache would fail on the missing file first.
    page = new_context(service_workers="block").new_page()
    page.goto(site.url)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'failed'", timeout=120_000)
    reply = page.evaluate("""async () => {
      const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
      return await currentEngine().call('hello');
    }""")
    assert reply["ok"] is False
    assert reply["error"]["kind"] == "EngineUnavailable"
    assert reply["error"]["de"].startswith("Die Spiel-Engine konnte nicht starten")
    assert reply["error"]["en"].startswith("The game engine could not start")
