"""Updates that never break an open tab: a tab left open hears of a new
version when it is back online or comes back to the front; another tab
taking two updates after another leaves this one's rarely used parts
working (the browser's HTTP cache cleared), the files of a build no tab
runs leave the cache, and this tab's "reload" button brings the new
version; a part whose file is gone from everywhere says so and reloads
into the version on the server."""

from __future__ import annotations

import json
import re
import shutil
import time

from browser_support import ROOT, build
from helpers import GAME_KEY, app_url, engine_table, message, open_app, screen, seed_storage, shell_record, stored, tap, wait_shell_ready

NEW_BUILD = "meta[name=schraem-test-build]"


def _rare_chunk(dist) -> str:
    """The chunk of the rarely used parts (the organiser's tournament among them)."""
    meta = json.loads(build.meta_path(dist).read_text())
    return next(
        o for o, v in meta["outputs"].items() if o.startswith("chunk.") and any(i.endswith("pwa/club/organiser.js") for i in v["inputs"])
    )


def _mid_hand() -> dict:
    call = engine_table()
    players = [{"name": "Anne"}, {"name": "Hubert", "kind": "bot", "level": "easy"}, {"name": "Gerda", "kind": "bot", "level": "easy"}]
    game = call("new_game", players=players, seed=9, dealer=3, viewer=1)
    while not game["due"]["humans"]:
        game = call("bot_step", viewer=1)
    action = next(a for a in game["view"]["legal"] if a["type"] in ("look", "hold", "play"))
    game = call("act", action=action, viewer=1)
    assert not game["hand_over"] and game["save"]["record"]["hands"][0]["actions"]
    return game


def _version(dist) -> str:
    """The build's version, as its worker names its cache."""
    block = re.search(r"/\*BUILD\*/(.*?)/\*END BUILD\*/", (dist / "service-worker.js").read_text(), re.S)[1]
    return json.loads(block)["version"]


def _next_build(src, out, pyodide, n: int) -> str:
    """Another build, the page marked as build n and the rare parts' chunk changed: its version."""
    index = src / "pwa" / "index.html"
    mark = f'<meta name="schraem-test-build" content="{n}">'
    html = index.read_text()
    html = (
        re.sub(r'<meta name="schraem-test-build"[^>]*>', mark, html)
        if "schraem-test-build" in html
        else html.replace("</head>", mark + "</head>", 1)
    )
    index.write_text(html)
    organiser = src / "pwa" / "club" / "organiser.js"
    organiser.write_text(organiser.read_text() + f"\nglobalThis.schraemTestBuild = {n};\n")
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)
    return _version(out)


def _builds_kept(page, want: set[str], timeout: float = 15.0) -> set[str]:
    """The builds whose files the app's cache keeps, once they are `want`
    (the worker drops what no open page runs when a page starts)."""
    deadline = time.monotonic() + timeout
    while True:
        kept = {n.removeprefix("schraem-") for n in page.evaluate("() => caches.keys()") if re.fullmatch(r"schraem-[0-9a-f]+", n)}
        if kept == want or time.monotonic() > deadline:
            return kept
        page.wait_for_timeout(200)


def test_an_update_taken_in_another_tab_leaves_this_one_working(tmp_path, make_site, new_context, wait_controlled):
    src = tmp_path / "src"
    for name in ("pwa", "engine"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("manifest.json", "service-worker.js"):
        shutil.copyfile(ROOT / name, src / name)
    out = tmp_path / "dist"
    pyodide = build.ensure_pyodide(ROOT)
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)
    old_chunk, old_build = _rare_chunk(out), _version(out)
    site = make_site(out)

    context = new_context(locale="de-DE")
    first = context.new_page()
    game = _mid_hand()
    # The game is put in storage rather than played on the page: the tests'
    # own module (modules.js) would load the rare parts' chunk with it.
    seed_storage(first, site, {GAME_KEY: shell_record(game, 1)})
    wait_controlled(first)
    # Opened again under the worker, which so knows the build this tab runs
    # (a first visit's tab stays unknown: for it, nothing old is dropped).
    first.reload()
    wait_shell_ready(first)
    assert screen(first) == "table"

    middle_build = _next_build(src, out, pyodide, 2)
    assert _rare_chunk(out) != old_chunk and not (out / old_chunk).exists()

    # Left open, the first tab hears of the new version when it is back online.
    first.evaluate("() => window.dispatchEvent(new Event('online'))")
    first.locator("#sw-update").wait_for(state="visible", timeout=60_000)

    # A second tab takes the update, and then the one after it: the first
    # tab sits through two updates.
    second = context.new_page()
    second.goto(app_url(site))
    wait_shell_ready(second)
    for n in (2, 3):
        if n == 3:
            new_build = _next_build(src, out, pyodide, 3)
            second.evaluate("() => window.dispatchEvent(new Event('online'))")
        second.locator("#sw-update").wait_for(state="visible", timeout=60_000)
        with second.expect_navigation(timeout=60_000):
            second.locator("#sw-update").tap()
        wait_shell_ready(second)
        assert second.locator(NEW_BUILD).get_attribute("content") == str(n)

    # The first tab's build keeps its files; the middle build's went once
    # no tab ran it any more.
    assert middle_build not in (old_build, new_build)
    assert _builds_kept(second, {old_build, new_build}) == {old_build, new_build}

    # The first tab still runs the first version; its rarely used parts come
    # by their old names, gone from the server and from the HTTP cache.
    cdp = context.new_cdp_session(first)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    assert first.locator(NEW_BUILD).count() == 0
    # Its scripts come by its own build's routes, what it fetches otherwise
    # (and everything, in a browser without those routes) through the worker.
    assert first.evaluate("(f) => fetch(f).then((r) => r.status)", old_chunk) == 200
    tap(first, 'header [data-action="setup"]')
    tap(first, '[data-action="tournament"]')
    first.locator('[data-field="t-names"]').wait_for(state="visible", timeout=30_000)
    assert screen(first) == "tournament-setup", message(first)

    # Its "reload" button brings the new version, the game as it was.
    with first.expect_navigation(timeout=30_000):
        first.locator("#sw-update").tap()
    wait_shell_ready(first)
    assert first.locator(NEW_BUILD).get_attribute("content") == "3"
    assert screen(first) == "table"
    assert stored(first)["save"] == game["save"]
    # No tab runs an older build now: nothing of one is left in the cache.
    assert _builds_kept(first, {new_build}) == {new_build}


# The page seen by the phone as in front ('visible') or not ('hidden'), as
# when the player switches to another app and back: headless, a page never
# leaves the front by itself.
SEEN_AS = """(state) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_an_app_left_open_hears_of_a_new_version_when_it_comes_back_to_the_front(
    tmp_path, shared_site, make_site, new_context, wait_controlled
):
    # The session's build, its worker a file of its own that can change: a
    # worker that differs by a byte is a new version to the browser.
    out = tmp_path / "dist"
    out.mkdir()
    for f in shared_site.dist.iterdir():
        if not f.name.startswith("service-worker.js"):
            (out / f.name).symlink_to(f)
    worker = (shared_site.dist / "service-worker.js").read_text()
    (out / "service-worker.js").write_text(worker)
    site = make_site(out)
    page = new_context(locale="de-DE").new_page()
    page.goto(app_url(site))
    wait_controlled(page)
    # Chromium looks for a new worker once more of its own accord, when the
    # page it opened has gone quiet on the network, and then not again for
    # as long as the page stays open (seen answered with a 304): the new
    # version comes after that look, so only the app's own can find it.
    for _ in range(200):
        if site.server.revalidated["/service-worker.js"]:
            break
        page.wait_for_timeout(100)

    (out / "service-worker.js").write_text(worker + "\n// the next version\n")
    page.evaluate(SEEN_AS, "hidden")  # the player switches to another app...
    page.evaluate(SEEN_AS, "visible")  # ...and back
    page.locator("#sw-update").wait_for(state="visible", timeout=30_000)
    assert page.locator("#sw-update").inner_text() == "Neue Version bereit – neu laden"


def test_a_part_whose_file_is_gone_says_so_and_reloads(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    chunk = _rare_chunk(shared_site.dist)
    page.route(f"**/{chunk}", lambda route: route.fulfill(status=404, body="gone"))
    open_app(page, shared_site, seed=3)
    with page.expect_navigation(timeout=30_000):
        page.locator('[data-action="tournament"]').tap()
        page.wait_for_function("() => document.getElementById('message').textContent.includes('neue Version')")
    wait_shell_ready(page)
    # Gone from the version on the server too: said, and the page stays.
    page.evaluate("() => { window.stayed = true; }")
    page.locator('[data-action="tournament"]').tap()
    page.wait_for_function("() => document.getElementById('message').textContent.includes('konnte nicht geladen werden')")
    page.wait_for_timeout(2500)
    assert page.evaluate("() => window.stayed === true")
