"""Nothing lost: an accepted tap survives the browser being killed right
after it, a second tab cannot overwrite the game, old saves move over from
localStorage, damaged saves are kept as several backups, a save from a newer
version says so, and neither a deeply nested file nor a lost engine reply
can leave the shell stuck."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from helpers import (
    ENGINE_TIMINGS,
    GAME_KEY,
    app_url,
    backups,
    kill_browser,
    launch_profile,
    message,
    open_app,
    screen,
    seed_storage,
    shell_record,
    start_game,
    stored,
    tap,
    wait_idle,
    wait_shell_ready,
)

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]


def _step(page) -> str:
    return page.evaluate("() => document.body.dataset.step")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the browser process through /proc (Linux)")
@pytest.mark.parametrize("delay_ms", [0, 50, 300, 1500])
def test_a_tap_survives_the_browser_being_killed_right_after_it(playwright, shared_site, visited_profile, tmp_path, delay_ms):
    profile = tmp_path / "profile"
    shutil.copytree(visited_profile, profile, symlinks=True)
    ctx = launch_profile(playwright, profile)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    open_app(page, shared_site, seed=21, pace="60000")
    assert page.evaluate(ENGINE_TIMINGS)["boot"] == "snapshot"
    start_game(page, THREE_BOTS, dealer=4)
    tap(page, '[data-action="look"]')
    card = page.locator("[data-card]").first.get_attribute("data-card")
    before = _step(page)
    page.locator(f'[data-card="{card}"]').tap()
    # Accepted = shown: the screen has moved on to the played card.
    page.wait_for_function("(s) => document.body.dataset.step !== s", arg=before)
    shown = _step(page)
    time.sleep(delay_ms / 1000)
    kill_browser(ctx, profile)

    again = launch_profile(playwright, profile)
    try:
        page = again.pages[0] if again.pages else again.new_page()
        page.goto(app_url(shared_site, pace="60000"))
        wait_shell_ready(page)
        log = stored(page)["state"]["view"]["log"]
        assert {"seat": 1, "type": "play", "card": card} in [{k: e[k] for k in ("seat", "type", "card") if k in e} for e in log]
        assert _step(page) == shown
    finally:
        again.close()


def _idb_counts(page) -> dict:
    return page.evaluate("""async () => {
      const db = await new Promise((ok) => { const r = indexedDB.open('schraem'); r.onsuccess = () => ok(r.result); });
      const count = (s) => new Promise((ok) => { const r = db.transaction(s).objectStore(s).count(); r.onsuccess = () => ok(r.result); });
      return { steps: await count('steps'), bases: await count('bases') };
    }""")


def test_each_tap_appends_a_step_instead_of_rewriting_the_save(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=5, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)
    first = _idb_counts(page)
    tap(page, '[data-action="look"]')
    tap(page, '[data-action="knock"]')
    after = _idb_counts(page)
    assert after["bases"] == first["bases"] == 1
    assert after["steps"] == first["steps"] + 2
    page.reload()
    wait_shell_ready(page)
    assert [e["type"] for e in stored(page)["state"]["view"]["log"]][-2:] == ["look", "knock"]


def test_a_second_tab_is_read_only_until_it_takes_over(warm_page, shared_site):
    first = warm_page(locale="de-DE")
    open_app(first, shared_site, seed=8, pace="60000")
    start_game(first, THREE_BOTS, dealer=4)
    tap(first, '[data-action="look"]')
    second = first.context.new_page()  # closed after the test (warm_page)
    second.goto(app_url(shared_site, pace="60000"))
    wait_shell_ready(second)
    assert second.locator("#read-only").is_visible()
    saved = stored(second)
    # A tap in the stale tab changes nothing, here or in storage.
    second.locator('[data-action="knock"]').first.tap()
    second.wait_for_timeout(300)
    assert stored(first) == saved
    # The first tab plays on; the second one takes over explicitly.
    tap(first, '[data-action="knock"]')
    second.locator('[data-action="take-over"]').tap()
    second.wait_for_function("() => !document.getElementById('read-only')")
    wait_idle(second)
    assert stored(second)["state"]["view"]["log"][-1]["type"] == "knock"
    first.wait_for_function("() => !!document.getElementById('read-only')")
    log = stored(first)["state"]["view"]["log"]
    first.locator('[data-action="take-over"]').wait_for()
    assert stored(second)["state"]["view"]["log"] == log


def test_an_old_localstorage_save_moves_over_once(warm_page, shared_site):
    from helpers import engine_state

    state = engine_state(
        "new_game",
        {
            "players": [{"name": "Anne", "kind": "human"}, {"name": "Hubert", "kind": "bot", "level": "easy"}],
            "rules": "rheinland",
            "dealer": 2,
            "seed": 3,
            "viewer": 1,
        },
    )
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert screen(page) == "table"
    assert stored(page)["save"] == state["save"]
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})") is None
    tap(page, '[data-action="look"]')
    page.reload()
    wait_shell_ready(page)
    assert stored(page)["state"]["view"]["log"][-1]["type"] == "look"


def test_two_damaged_saves_are_both_kept(warm_page, shared_site):
    page = warm_page(locale="en-US")
    seed_storage(page, shared_site, {GAME_KEY: "{first damage"})
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    page.locator('#controls [data-action="start-fresh"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'start'")
    page.evaluate(f"() => localStorage.setItem({json.dumps(GAME_KEY)}, '{{second damage')")
    page.reload()
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    assert [b["raw"] for b in backups(page)] == ["{second damage", "{first damage"]
    assert page.locator('[data-action="export-damaged"]').count() == 2


def test_a_save_from_a_newer_version_says_so_and_is_kept(warm_page, shared_site):
    page = warm_page(locale="en-US")
    open_app(page, shared_site, seed=4, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)
    page.evaluate("""async () => {
      const db = await new Promise((ok) => { const r = indexedDB.open('schraem'); r.onsuccess = () => ok(r.result); });
      const tx = db.transaction(['meta', 'bases'], 'readwrite');
      const id = await new Promise((ok) => { const r = tx.objectStore('meta').get('current'); r.onsuccess = () => ok(r.result); });
      const bases = tx.objectStore('bases');
      await new Promise((ok) => { const r = bases.get(id); r.onsuccess = () => { const b = r.result; b.version = 2; bases.put(b, id); ok(); }; });
      await new Promise((ok) => { tx.oncomplete = ok; });
    }""")
    page.reload()
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    assert "newer version" in page.locator(".corrupt").inner_text()
    assert len(backups(page)) == 1


def test_a_deeply_nested_file_is_refused_before_it_reaches_the_engine(warm_page, shared_site, tmp_path):
    page = warm_page(locale="en-US")
    open_app(page, shared_site, seed=6, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)
    before = stored(page)
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "schraem-record/1", "hands": ' + "[" * 20_000 + "]" * 20_000 + "}")
    page.locator('header [data-action="setup"]').tap()
    page.set_input_files("#import-file", str(deep))
    page.wait_for_function("() => !document.getElementById('message').hidden")
    assert "nested too deeply" in message(page)
    wait_idle(page)
    assert stored(page) == before


def test_a_lost_engine_reply_becomes_a_clear_error(warm_page, shared_site):
    # No service worker, so the stand-in worker below is fetched through the route.
    page = warm_page(locale="en-US", service_workers="block")
    page.route(
        "**/silent-worker.js",
        lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="postMessage({type: 'ready', hello: {}}); onmessage = () => {};"
        ),
    )
    open_app(page, shared_site, pace="60000")
    reply = page.evaluate("""async () => {
      const { createEngine } = await import('./modules.js').then((m) => m.engineClient);
      const e = createEngine({ url: new URL('./silent-worker.js', location.href), markDocument: false, replyMs: 300 });
      await e.ready;
      return e.call('state', {});
    }""")
    assert reply["ok"] is False and reply["error"]["code"] == "timeout"
    assert "did not answer" in reply["error"]["en"]
