"""The app works with no network at all once visited, and offers (never
forces) a new version when the site changes."""

from __future__ import annotations

import json
import shutil

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from browser_support import ROOT, build
from helpers import wait_until

# The engine worker's memory snapshot has a cache of its own that outlives
# releases (pwa/bridge/worker.js), and so has the service worker's note of
# the builds its pages run; the release caches are the service worker's.
RELEASE_CACHES = "async () => (await caches.keys()).filter((n) => n !== 'schraem-snapshot' && n !== 'schraem-pages')"

HELLO = """async () => {
  const { currentEngine } = await import('./modules.js').then((m) => m.engineClient);
  return await currentEngine().call('hello');
}"""


def _go_offline(context, site):
    # Both: the browser's network switch and the server itself, so neither a
    # leaky offline emulation nor a cached connection can fake the result.
    context.set_offline(True)
    site.stop()


def test_engine_answers_offline_after_one_visit(site, new_context, request_log, wait_engine_ready, wait_controlled, artifacts):
    context = new_context()
    page = context.new_page()
    page.goto(site.url)
    wait_engine_ready(page)
    wait_controlled(page)

    _go_offline(context, site)
    page.reload()
    wait_engine_ready(page)
    reply = page.evaluate(HELLO)
    page.screenshot(path=artifacts / "offline-reload.png")

    assert reply["ok"], reply
    assert "rheinland" in reply["result"]["presets"]
    assert request_log.urls, "no requests were recorded at all"
    assert request_log.foreign(site.origin) == []


def test_first_visit_downloads_pyodide_once(site, page, wait_engine_ready, wait_controlled):
    # The engine starts at once; the precache takes what the engine worker
    # is downloading from the HTTP cache rather than fetching it again.
    page.goto(site.url)
    wait_engine_ready(page)
    wait_controlled(page)
    hits = site.server.hits
    assert hits["/pyodide/pyodide.asm.wasm"] == 1, dict(hits)
    assert hits["/pyodide/python_stdlib.zip"] == 1, dict(hits)
    assert hits["/engine.zip"] == 1, dict(hits)


def test_without_service_worker_the_offline_reload_fails(site, new_context, wait_engine_ready, page_errors):
    # Negative control: the same steps with the service worker blocked must
    # fail, or the test above would prove nothing.
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site.url)
    wait_engine_ready(page)
    assert page_errors == []  # the app copes with having no service worker

    _go_offline(context, site)
    with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED"):
        page.reload()


def test_changed_build_offers_update_and_switches_only_on_tap(
    tmp_path, make_site, new_context, wait_engine_ready, wait_controlled, artifacts
):
    src = tmp_path / "src"
    for name in ("pwa", "engine"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("manifest.json", "service-worker.js"):
        shutil.copyfile(ROOT / name, src / name)
    out = tmp_path / "dist"
    pyodide = build.ensure_pyodide(ROOT)
    # Without the compressed copies (most of a build's time): an update is
    # the same whatever encoding the files come in.
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)
    site = make_site(out)

    page = new_context().new_page()
    page.goto(site.url)
    wait_engine_ready(page)
    wait_controlled(page)
    first_caches = page.evaluate(RELEASE_CACHES)
    assert len(first_caches) == 1

    marker = '<meta name="schraem-test-build" content="2">'
    index = src / "pwa" / "index.html"
    index.write_text(index.read_text().replace("</head>", marker + "</head>", 1))
    # The browser's HTTP cache still holds the old stylesheet (the reload
    # below takes it from the precache): the new precache must not take
    # that copy for this build's.
    style = src / "pwa" / "style.css"
    style.write_text(style.read_text() + "\n:root { --schraem-test-build: 2; }\n")
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)

    page.reload()  # a navigation makes the browser look for a new worker
    toast = page.locator("#sw-update")
    toast.wait_for(state="visible", timeout=60_000)
    # Still the old version until the player says so.
    new_version = "meta[name=schraem-test-build]"
    assert page.locator(new_version).count() == 0
    lang = page.evaluate("document.documentElement.lang || 'de'")
    expected = "Update ready — reload" if lang.startswith("en") else "Neue Version bereit – neu laden"
    assert toast.inner_text() == expected
    assert page.get_by_role("button", name=expected).count() == 1
    expect(toast).to_have_css("min-height", "48px")
    box = toast.bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48
    page.screenshot(path=artifacts / "update-toast.png")
    # In the page's flow under the header (covering no name, no button),
    # with a way to put it off.
    assert page.evaluate("() => document.querySelector('.sw-toast').nextElementSibling.id") == "screen"
    later = page.locator("[data-sw-later]")
    assert later.inner_text() == ("Later" if lang.startswith("en") else "Später")

    with page.expect_navigation(timeout=60_000):
        toast.tap()
    wait_engine_ready(page)
    assert page.locator(new_version).count() == 1
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--schraem-test-build').trim()") == "2"
    # The old release goes once no page runs it (told when the page starts).
    wait_until(page, f"async () => (await ({RELEASE_CACHES})()).length === 1", polling=200, timeout=15_000)
    caches = page.evaluate(RELEASE_CACHES)
    assert len(caches) == 1 and caches != first_caches, caches


def test_a_whole_hand_plays_offline(site, new_context, request_log, wait_controlled, artifacts):
    # The shell's own steps (helpers.py): set up a table, tap like a player.
    from helpers import open_app, play_step, screen, start_game, stored, wait_shell_ready

    context = new_context(locale="de-DE")
    page = context.new_page()
    open_app(page, site, seed=5)
    wait_controlled(page)

    _go_offline(context, site)
    page.reload()
    wait_shell_ready(page)
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], dealer=4)
    steps = []
    while screen(page) not in ("result", "over"):
        steps.append(play_step(page, knock=True))
        if steps[-1] == "wait":  # the computers are still thinking
            page.wait_for_timeout(100)
        assert len(steps) < 200, f"hand not over after 200 taps: {steps[-10:]}"
    page.screenshot(path=artifacts / "offline-hand-over.png")

    state = stored(page)["state"]
    assert state["hand_over"], state
    assert state["view"]["hand_result"]["winner"] in (1, 2, 3, 4)
    assert "play" in steps or state["view"]["hand_result"]["reason"] == "others_passed"
    assert request_log.foreign(site.origin) == []


def test_the_game_review_opens_offline_from_the_precache(site, new_context, request_log, wait_controlled, artifacts):
    # The review is in a chunk loaded when it is first opened: after one
    # visit that comes from the service worker's precache like the rest.
    # (The game is played out here, not on the page: the tests' own module,
    # modules.js, would load that chunk.)
    from helpers import GAME_KEY, engine_table, screen, seed_storage, shell_record, wait_idle, wait_shell_ready

    meta = json.loads(build.meta_path(site.dist).read_text())
    chunk = next(
        o for o, v in meta["outputs"].items() if o.startswith("chunk.") and any(i.endswith("pwa/learn/review.js") for i in v["inputs"])
    )
    fetched = "(name) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith('/' + name))"
    call = engine_table()
    players = [{"name": "Anne", "marks": 2}, {"name": "Hubert", "kind": "bot", "level": "easy", "marks": 2}]
    game = call("new_game", players=players, seed=5, dealer=2, viewer=1)
    for _ in range(2000):
        if game["game_over"]:
            break
        if game["hand_over"]:
            game = call("next_hand", viewer=1)
        elif game["due"]["bots"]:
            game = call("bot_step", viewer=1)
        else:
            action = next(a for a in game["view"]["legal"] if a["type"] in ("look", "hold", "play"))
            game = call("act", action=action, viewer=1)
    assert game["game_over"]
    context = new_context(locale="de-DE")
    page = context.new_page()
    seed_storage(page, site, {GAME_KEY: shell_record(game, 1)})
    wait_shell_ready(page)
    wait_controlled(page)

    _go_offline(context, site)
    page.reload()
    wait_shell_ready(page)
    wait_idle(page)
    assert screen(page) == "over"
    assert not page.evaluate(fetched, chunk), "the review came with the first screen"
    page.locator('[data-action="review-open"]').tap()
    page.wait_for_selector(".review-total", timeout=120_000)
    page.screenshot(path=artifacts / "offline-review.png")

    assert page.evaluate(fetched, chunk)
    assert page.locator(".review-hand").count() >= 1
    assert request_log.foreign(site.origin) == []
