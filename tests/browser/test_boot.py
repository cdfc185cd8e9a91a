"""How the engine starts: a first visit downloads the compressed site once
while the engine already starts; every later start restores a memory
snapshot of the interpreter (a private Pyodide API, pinned here), and a
snapshot that does not fit falls back to a normal start that makes a new one."""

from __future__ import annotations

import pytest

import helpers
from browser_support import Site, build, wait_engine_ready
from helpers import SNAPSHOT_CACHE, on_the_clock_until

OLD_KEY = "0123456789abcdef"  # a snapshot key no build of this site has

TIMINGS = """async () => {
  const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
  const engine = currentEngine();
  await engine.ready;
  return engine.timings;
}"""


# Three hands through the page's engine, the human seat taking its first
# legal action; the bots are the engine's deterministic ones, so two engines
# that are the same must play the same hands.
PLAY = """async (seed) => {
  const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
  const engine = currentEngine();
  await engine.ready;
  const players = [{ name: 'Anne', kind: 'human' }, { name: 'Hubert', kind: 'bot', level: 'heuristic' },
                   { name: 'Gerda', kind: 'bot', level: 'random' }, { name: 'Hans', kind: 'bot', level: 'heuristic' }];
  const hello = await engine.call('hello');
  let reply = await engine.call('new_game', { players, rules: 'rheinland', dealer: 4, seed, viewer: 1 });
  const trail = [];
  for (let i = 0; i < 600 && reply.ok && !reply.result.game_over; i++) {
    if (reply.result.hand_over) {
      if (reply.result.view.hand_no >= 3) break;
      reply = await engine.call('next_hand', { viewer: 1 });
      continue;
    }
    const bot = await engine.call('bot_step', { viewer: 1 });
    if (!bot.ok) return { error: bot.error };
    if (bot.result.bot_action) {
      reply = bot;
      trail.push(bot.result.bot_action);
      continue;
    }
    const action = reply.result.view.legal[0];
    trail.push(action);
    reply = await engine.call('act', { action, viewer: 1 });
  }
  if (!reply.ok) return { error: reply.error };
  delete reply.result.bot_action;
  return { hello: hello.result, trail, state: reply.result };
}"""

# Replaces the stored snapshot by a stale or damaged one.
TAMPER = f"""async (kind) => {{
  const cache = await caches.open('{SNAPSHOT_CACHE}');
  const [request] = await cache.keys();
  const stored = await cache.match(request);
  let bytes = new Uint8Array(await stored.arrayBuffer());
  let url = request.url;
  if (kind === 'other build') {{
    for (let i = 16; i < 48; i++) bytes[i] ^= 0xff;  // Pyodide's build id in the header
  }} else if (kind === 'damaged') {{
    bytes = bytes.slice(0, 1 << 16);  // cut off, under the headers it was written with
  }} else if (kind === 'older release') {{
    url = url.replace(/[^/]+$/, '{OLD_KEY}');
    await cache.delete(request);
  }}
  await cache.put(url, new Response(bytes, {{ headers: stored.headers }}));
  return url;
}}"""


def wait_snapshot(page) -> list[dict]:
    return helpers.wait_snapshot(page, not_key=OLD_KEY)


@pytest.fixture(scope="module")
def snapshot_phone(browser, playwright, dist):
    """A phone of its own (context and server) for this module's snapshot
    tests: each of them leaves it with one good snapshot stored, as its
    first visit did. A first visit costs a fresh start and the snapshot's
    writing; the tests share that one instead of paying it each."""
    site = Site(dist)
    ctx = browser.new_context(**playwright.devices["Pixel 7"])
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.goto(site.url)
    wait_engine_ready(page)
    first = {"start": page.evaluate(TIMINGS), "play": page.evaluate(PLAY, 23), "stored": wait_snapshot(page)}
    yield page, first
    ctx.close()
    site.stop()


@pytest.fixture(scope="module")
def fresh_then_restored(snapshot_phone):
    """The phone's first visit (a fresh start) and its first reload (a
    restored one), each with its timings and the same three hands played."""
    page, first = snapshot_phone
    page.reload()
    wait_engine_ready(page)
    return first, {"start": page.evaluate(TIMINGS), "play": page.evaluate(PLAY, 23)}


def test_a_restored_engine_plays_exactly_like_a_fresh_one(fresh_then_restored):
    first, second = fresh_then_restored
    fresh_start, fresh, stored = first["start"], first["play"], first["stored"]
    restored_start, restored = second["start"], second["play"]
    assert fresh_start["boot"] == "fresh" and fresh_start["fallback"] is None
    assert restored_start["boot"] == "snapshot", restored_start
    assert restored_start["snapshot"] == stored[0]["size"] == fresh_start["snapshot"] > 1_000_000
    assert "error" not in fresh and "error" not in restored, (fresh, restored)
    assert fresh["state"]["view"]["hand_no"] >= 3 and any(a["type"] == "play" for a in fresh["trail"])
    assert restored["hello"] == fresh["hello"]
    assert restored["trail"] == fresh["trail"]
    assert restored["state"] == fresh["state"]


def test_a_restored_engine_starts_well_before_a_fresh_one(fresh_then_restored):
    # Not a benchmark (bench/browser.py is): a snapshot start that took as
    # long as a normal one would mean the snapshot did not do its job.
    first, second = fresh_then_restored
    fresh, restored = first["start"], second["start"]
    assert restored["boot"] == "snapshot"
    assert restored["pyodide"] < fresh["pyodide"], (fresh, restored)


@pytest.mark.parametrize("kind", ["other build", "damaged", "older release"])
def test_an_unusable_snapshot_falls_back_and_heals(kind, snapshot_phone):
    page, first = snapshot_phone
    good = first["stored"]
    assert wait_snapshot(page) == good, "the phone should start this test with its good snapshot"
    page.evaluate(TAMPER, kind)

    page.reload()
    wait_engine_ready(page)
    fallback = page.evaluate(TIMINGS)
    played = page.evaluate(PLAY, 5)
    assert fallback["boot"] == "fresh", fallback
    if kind == "other build":
        assert fallback["fallback"].startswith("Snapshot build id mismatch"), fallback
    elif kind == "damaged":
        # Caught before Pyodide sees it (a restore of part of a memory image
        # crashed Chromium's headless shell).
        assert fallback["fallback"] == f"snapshot incomplete: {1 << 16} of {good[0]['size']} bytes", fallback
    else:  # a snapshot filed under another release's key is never tried
        assert fallback["fallback"] is None, fallback
    assert "error" not in played, played
    assert played["state"]["view"]["hand_no"] >= 3 or played["state"]["game_over"], played

    # Healed: a new snapshot (the stale one gone), used by the next start.
    assert wait_snapshot(page) == good
    page.reload()
    wait_engine_ready(page)
    assert page.evaluate(TIMINGS)["boot"] == "snapshot"


def test_first_visit_is_compressed_and_starts_the_engine_at_once(site, page, wait_engine_ready, wait_controlled):
    page.goto(site.url)
    wait_engine_ready(page)
    wait_controlled(page)  # the precache is complete
    server = site.server
    # The engine worker fetched Pyodide itself, without waiting for the
    # precache; the precache took what the page and the worker fetched from
    # the HTTP cache (the content-hashed chunks by their names, the rest by
    # their digests): no file came twice, and the page's own files, fetched
    # before the service worker was registered, were not even asked for
    # again. The engine worker races the precache: when it asks for a file
    # after the precache has fetched it, the worker's request gets the 304.
    downloads = ("/worker.js", "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/engine.zip")
    for path in downloads:
        assert server.hits[path] == 1, (path, dict(server.hits))
    worker_files = {*downloads, "/pyodide/pyodide.asm.mjs", "/pyodide/pyodide-lock.json"}
    chunks = [path for path in server.hits if build.HASHED_NAME.search(path)]
    assert chunks, dict(server.hits)
    assert all(n == 1 for n in server.hits.values()), dict(server.hits)
    assert {"/", "/app.js", "/style.css"} <= set(server.hits), dict(server.hits)
    assert set(server.revalidated) <= worker_files, dict(server.revalidated)
    # Brotli on the wire: the 9.6 MB wasm travels as well under 3 MB, and
    # the whole first visit (everything a pub without signal needs later too:
    # the QR decoder, the licence texts, the face-down deal's group
    # arithmetic, its table code, series and stored steps, and its table of
    # phones) stays under 4.1 MB (4.00 MB).
    assert server.sent["/pyodide/pyodide.asm.wasm"] < 3_000_000, dict(server.sent)
    assert sum(server.sent.values()) < 4_100_000, dict(server.sent)


# A stand-in engine worker: says it reached a stage and then, unless it was
# started as the page's second try (?boot=fresh) or STALLS_ALWAYS, says
# it is ready and answers every request with "pong".
STAND_IN = """
const fresh = new URL(self.location.href).searchParams.get('boot') === 'fresh';
postMessage({ type: 'stage', stage: 'import' });
if (fresh && !STALLS_ALWAYS) {
  postMessage({ type: 'ready', hello: { fresh } });
  onmessage = (e) => postMessage({ id: e.data.id, ok: true, result: 'pong' });
}
"""

START_STAND_IN = """async (path) => {
  const { createEngine } = await import('./modules.js').then((m) => m.engineClient);
  const e = createEngine({ url: new URL(path, location.href), markDocument: false, stallMs: 400 });
  const ready = await Promise.race([e.ready, new Promise((r) => setTimeout(() => r('no answer'), 20000))]);
  return { ready, restarts: e.restarts, stage: e.stage, call: ready.ok ? await e.call('hello') : null };
}"""


@pytest.fixture
def stand_in_page(new_context, site):
    # No service worker, so the stand-in worker is fetched through the route.
    page = new_context(locale="en-US", service_workers="block").new_page()

    def serve(body):
        return lambda route: route.fulfill(status=200, content_type="text/javascript", body=body)

    page.route("**/stuck-once-worker.js*", serve(STAND_IN.replace("STALLS_ALWAYS", "false")))
    page.route("**/stuck-always-worker.js*", serve(STAND_IN.replace("STALLS_ALWAYS", "true")))
    page.goto(site.url + "?pace=60000")
    return page


def test_a_stuck_start_is_made_again_in_a_new_worker(stand_in_page):
    started = stand_in_page.evaluate(START_STAND_IN, "./stuck-once-worker.js")
    assert started["ready"] == {"ok": True, "result": {"fresh": True}}, started
    assert started["restarts"] == 1
    assert started["call"]["ok"] and started["call"]["result"] == "pong"


def test_a_start_stuck_twice_says_so_in_plain_words(stand_in_page):
    started = stand_in_page.evaluate(START_STAND_IN, "./stuck-always-worker.js")
    assert started["ready"] != "no answer", started
    error = started["ready"]["error"]
    assert started["ready"]["ok"] is False and error["code"] == "worker_failed"
    assert started["restarts"] == 1
    assert 'did not start (stuck at "import")' in error["en"], error
    assert "nicht verfügbar" in error["de"], error


def test_the_real_engine_stuck_at_a_download_starts_again_without_the_snapshot(new_context, site):
    """A start whose engine.zip never arrives (the first worker's; the
    second one, started with ?boot=fresh, gets it) ends in a working engine
    that did not use the snapshot."""
    page = new_context(locale="en-US", service_workers="block").new_page()

    def hold_first_workers_download(route):
        if "boot=fresh" in (route.request.headers.get("referer") or ""):
            route.continue_()
        # otherwise left unanswered: that worker's start stalls at "engine"

    page.route("**/engine.zip", hold_first_workers_download)
    # The page's clock runs as the real one does, and is moved on once the
    # first worker waits at "engine": the stall is waited out at once, not
    # over its 25 s.
    page.clock.install()
    page.goto(site.url + "?pace=60000")
    page.evaluate("""async () => {
      const { createEngine } = await import('./modules.js').then((m) => m.engineClient);
      // Longer than any stage of a normal start on a busy 2-core machine.
      const e = createEngine({ markDocument: false, stallMs: 25000 });
      window.__stuck = { engine: e, started: null };
      Promise.race([e.ready, new Promise((r) => setTimeout(() => r('no answer'), 110000))]).then(async (ready) => {
        const hello = ready.ok ? await e.call('hello') : null;
        window.__stuck.started = { ready: ready.ok ?? ready, restarts: e.restarts, timings: e.timings, hello: hello && hello.ok };
      });
    }""")
    page.wait_for_function("() => window.__stuck.engine.stage === 'engine'", timeout=110_000)
    page.clock.fast_forward(25_000)
    started = page.wait_for_function("() => window.__stuck.started", timeout=110_000).json_value()
    assert started["ready"] is True, started
    assert started["restarts"] == 1 and started["hello"] is True
    assert started["timings"]["boot"] == "fresh"
    assert started["timings"]["fallback"] == "the page asked for a fresh start"


# Stands in for Pyodide's interpreter module: its start fails with an error
# that nobody awaits, and the promise the worker waits on never settles.
SWALLOWED_FAILURE = """
export default function createPyodideModule() {
  Promise.reject(new Error('the interpreter broke down'));
  return new Promise(() => {});
}
"""


def test_an_error_pyodide_leaves_unhandled_fails_the_start_in_plain_words(new_context, site):
    page = new_context(locale="en-US", service_workers="block").new_page()
    page.route("**/pyodide.asm.mjs", lambda route: route.fulfill(status=200, content_type="text/javascript", body=SWALLOWED_FAILURE))
    page.goto(site.url + "?pace=60000")
    # Well before the page's own stall limit (5 minutes on an uncontrolled page).
    page.wait_for_function("() => document.documentElement.dataset.engine === 'failed'", timeout=60_000)
    error = page.evaluate("async () => (await import('./modules.js').then((m) => m.engineClient)).currentEngine().error")
    assert error["code"] == "load_failed" and "the interpreter broke down" in error["en"], error
    page.wait_for_function("() => !document.getElementById('message').hidden")
    message = page.evaluate("() => document.getElementById('message').textContent")
    assert "could not start" in message and "reload" in message, message
    # The start button could only queue a game that never comes: a reload
    # takes its place, and it reloads (and fails the same way again).
    assert page.locator("[data-action=new-game]").count() == 0
    # Once the new document is in: the old one says "failed" too, and while
    # the reload is under way the new one has no root element for a moment.
    with page.expect_navigation():
        page.locator("[data-action=reload-app]").click()
    page.wait_for_function("() => document.documentElement?.dataset.engine === 'failed'", timeout=60_000)
    assert page.evaluate("() => performance.getEntriesByType('navigation')[0].type") == "reload"


def held_app_module(new_context, site, stalls: int, clock: bool = False):
    """A page whose app module never arrives on its first `stalls` loads
    (the request stays open, as a stuck fetch would); with `clock`, a clock
    the test may move on."""
    page = new_context(locale="de-DE", service_workers="block").new_page()
    if clock:
        page.clock.install()
    loads = {"pages": 0}
    page.on("request", lambda r: loads.__setitem__("pages", loads["pages"] + 1) if r.is_navigation_request() else None)
    held = []

    def app_module(route):
        if loads["pages"] <= stalls:
            held.append(route)  # never answered
        else:
            route.continue_()

    page.route("**/app.js", app_module)
    # A module that never arrives holds the page's load event too.
    page.goto(site.url + "?bootlimit=3000", wait_until="commit")
    return page, loads


def test_a_page_that_draws_nothing_loads_itself_again_once(new_context, site):
    """Seen in CI: a reloaded page stayed on "loading" with no engine and
    nothing drawn. The guard that runs before any module reloads it once."""
    page, loads = held_app_module(new_context, site, stalls=1)
    page.wait_for_function("() => document.body?.dataset.screen === 'start'", timeout=60_000)
    assert loads["pages"] == 2
    assert page.evaluate("() => performance.getEntriesByType('navigation')[0].type") == "reload"
    assert page.evaluate("() => document.documentElement.dataset.boot") == "drawn"


def test_a_page_that_draws_nothing_twice_says_so_with_a_reload_button(new_context, site):
    # Both loads stall: the page's clock is moved on over its waits (3 s each).
    # Asked between the two loads, the new document may have no root yet.
    page, loads = held_app_module(new_context, site, stalls=2, clock=True)
    on_the_clock_until(page, "() => document.documentElement?.dataset.boot === 'stalled'", 60)
    assert loads["pages"] == 2  # one retry, not a loop
    alert = page.get_by_role("alert").first.text_content()
    assert "Schräm lädt nicht" in alert and "neu laden" in alert, alert
    button = page.get_by_role("button", name="Neu laden")
    assert button.is_visible()
    page.clock.fast_forward(4000)  # no second retry by itself (a reload would be under way at once)
    page.wait_for_timeout(500)
    assert loads["pages"] == 2
    button.click()  # the third load gets its module
    page.wait_for_function("() => document.body?.dataset.screen === 'start'", timeout=60_000)
    assert loads["pages"] == 3
