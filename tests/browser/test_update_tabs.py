"""Updates that never break an open tab: a tab left open hears of a new
version when it is back online; another tab taking the update leaves this
one's rarely used parts working (the browser's HTTP cache cleared) and its
"reload" button bringing the new version; a part whose file is gone from
everywhere says so and reloads into the version on the server."""

from __future__ import annotations

import json
import shutil

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


def test_an_update_taken_in_another_tab_leaves_this_one_working(tmp_path, make_site, new_context, wait_controlled):
    src = tmp_path / "src"
    for name in ("pwa", "engine"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("manifest.json", "service-worker.js"):
        shutil.copyfile(ROOT / name, src / name)
    out = tmp_path / "dist"
    pyodide = build.ensure_pyodide(ROOT)
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)
    old_chunk = _rare_chunk(out)
    site = make_site(out)

    context = new_context(locale="de-DE")
    first = context.new_page()
    game = _mid_hand()
    # The game is put in storage rather than played on the page: the tests'
    # own module (modules.js) would load the rare parts' chunk with it.
    seed_storage(first, site, {GAME_KEY: shell_record(game, 1)})
    wait_shell_ready(first)
    wait_controlled(first)
    assert screen(first) == "table"

    index = src / "pwa" / "index.html"
    index.write_text(index.read_text().replace("</head>", '<meta name="schraem-test-build" content="2"></head>', 1))
    organiser = src / "pwa" / "club" / "organiser.js"
    organiser.write_text(organiser.read_text() + "\nglobalThis.schraemTestBuild = 2;\n")
    build.build(out, root=src, pyodide_dir=pyodide, quiet=True, compress_files=False)
    assert _rare_chunk(out) != old_chunk and not (out / old_chunk).exists()

    # Left open, the first tab hears of the new version when it is back online.
    first.evaluate("() => window.dispatchEvent(new Event('online'))")
    first.locator("#sw-update").wait_for(state="visible", timeout=60_000)

    # A second tab takes the update.
    second = context.new_page()
    second.goto(app_url(site))
    second.locator("#sw-update").wait_for(state="visible", timeout=60_000)
    with second.expect_navigation(timeout=60_000):
        second.locator("#sw-update").tap()
    wait_shell_ready(second)
    assert second.locator(NEW_BUILD).count() == 1

    # The first tab still runs the old version; its rarely used parts come
    # by their old names, gone from the server and from the HTTP cache.
    cdp = context.new_cdp_session(first)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    assert first.locator(NEW_BUILD).count() == 0
    tap(first, 'header [data-action="setup"]')
    tap(first, '[data-action="tournament"]')
    first.locator('[data-field="t-names"]').wait_for(state="visible", timeout=30_000)
    assert screen(first) == "tournament-setup", message(first)

    # Its "reload" button brings the new version, the game as it was.
    with first.expect_navigation(timeout=30_000):
        first.locator("#sw-update").tap()
    wait_shell_ready(first)
    assert first.locator(NEW_BUILD).count() == 1
    assert screen(first) == "table"
    assert stored(first)["save"] == game["save"]


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
