"""The shell does not wait for Python to be useful: "start" can be tapped
while the engine is still starting; the game is queued, a wait longer than a
glance shows a progress line with its reason, and the game begins once the
engine is up."""

from __future__ import annotations

import functools
import threading

from browser_support import build
from helpers import app_url, engine_state, screen, stored, wait_idle

QUEUED_TEXT = {
    "de": "Die Spiel-Engine startet noch – das Spiel beginnt dann von selbst.",
    "en": "The game engine is still starting – your game begins by itself.",
}


class _HeldWasm(build.Handler):
    """Answers pyodide.asm.wasm only once the test lets it (an engine that
    takes as long to start as the test needs)."""

    def send_head(self):
        if self.path.split("?")[0].endswith("/pyodide.asm.wasm"):
            self.server.release.wait(120)
        return super().send_head()


def test_start_tapped_before_the_engine_is_up_is_queued_with_progress(dist, new_context, artifacts):
    server = build.Server(dist, 0, "127.0.0.1", False)
    server.release = threading.Event()
    server.RequestHandlerClass = functools.partial(_HeldWasm, directory=str(dist))
    server.start()
    try:
        site = type("HeldSite", (), {"url": server.url})()
        page = new_context(service_workers="block", locale="de-DE").new_page()
        page.goto(app_url(site, seed=3))
        page.wait_for_function("() => document.body.dataset.screen === 'start'")
        assert page.evaluate("document.documentElement.dataset.engine") == "loading"

        start = page.locator('[data-action="new-game"]')
        assert start.is_enabled()
        start.tap()
        assert start.get_attribute("aria-busy") == "true"
        progress = page.locator("#controls .progress[role=status]")
        progress.wait_for(state="visible", timeout=5_000)
        lang = page.evaluate("document.documentElement.lang")
        assert progress.inner_text() == QUEUED_TEXT[lang[:2]]
        assert page.locator("#controls progress").count() == 1
        start.tap()  # a second tap while waiting queues nothing more
        page.screenshot(path=artifacts / "start-queued.png")
        assert screen(page) == "start" and stored(page) is None

        server.release.set()
        page.wait_for_function("() => document.body.dataset.screen !== 'start'", timeout=120_000)
        wait_idle(page)
        assert page.locator("#controls .progress").count() == 0
        saved = stored(page)
        assert saved is not None and len(saved["state"]["view"]["players"]) == 4
        # One game, the first this page started (?seed=3 gives it seed 3, a
        # second one would have got 4).
        assert saved["save"]["table"]["seed"] == 3 and saved["state"]["view"]["hand_no"] == 1
    finally:
        server.release.set()
        server.shutdown()


# Every message of the engine's worker (its stages, its hello) held back
# until window.__release(): the engine comes up when the test says.
HOLD_HELLO = """
(() => {
  const add = Worker.prototype.addEventListener;
  const held = [];
  window.__release = () => { window.__release = null; held.splice(0).forEach((f) => f()); };
  Worker.prototype.addEventListener = function (type, fn, ...rest) {
    if (type !== 'message') return add.call(this, type, fn, ...rest);
    return add.call(this, type, (e) => (window.__release ? held.push(() => fn.call(this, e)) : fn.call(this, e)), ...rest);
  };
})();
"""


def test_a_name_typed_while_the_engine_comes_up_replaces_the_selected_one(warm_page, shared_site):
    """The screen is drawn again when the engine is up, while the player may
    be typing a name: the field they are in keeps its selection, so the
    default name they selected is typed over, not appended to; a deal set's
    word typed meanwhile stays, and is the word whose cards are dealt."""
    page = warm_page(locale="en-GB", service_workers="block")
    page.add_init_script(HOLD_HELLO)
    page.goto(app_url(shared_site))
    page.wait_for_function("() => document.body.dataset.screen === 'start'")
    # A deal set's word typed meanwhile, its field left before the engine is up.
    page.fill("#duel-word", "Kirmes")
    field = '[data-field="name"][data-seat="1"]'
    assert page.input_value(field) == "Hubert"
    page.focus(field)
    page.evaluate("(sel) => document.querySelector(sel).setSelectionRange(0, 6)", field)
    page.evaluate("(sel) => { window.__before = document.querySelector(sel); }", field)
    assert page.evaluate("document.documentElement.dataset.shell") != "ready"

    page.evaluate("() => window.__release()")
    page.wait_for_function("() => document.documentElement.dataset.shell === 'ready'")
    wait_idle(page)
    assert page.evaluate("() => !window.__before.isConnected"), "the form was drawn again"
    assert page.evaluate("(sel) => document.activeElement === document.querySelector(sel)", field)
    page.keyboard.insert_text("Willi")
    assert page.input_value(field) == "Willi"
    assert page.input_value("#duel-word") == "Kirmes", "the word typed while the engine came up was kept"
    # Played, it deals the word's cards, not today's (the set with no word).
    page.locator('[data-action="duel-start"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)
    save = stored(page)["save"]
    kirmes = engine_state("duel_new", {"set": "Kirmes", "rules": "rheinland", "hands": 8, "players": ["Anne", "B", "C", "D"], "viewer": 1})
    assert save["duel"] == {"set": "kirmes", "rules": "rheinland", "hands": 8}
    assert save["record"]["hands"][0]["seed"] == kirmes["save"]["record"]["hands"][0]["seed"]
    assert page.locator(".duel-banner").inner_text().startswith('Same deals "kirmes" · hand 1 of 8')
    page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    page.locator('[data-action="new-game"]').tap()
    page.locator('[data-action="confirm-yes"]').tap()  # the deal set is filed away
    page.wait_for_function("() => !['start', 'confirm'].includes(document.body.dataset.screen)")
    wait_idle(page)
    assert [p["name"] for p in stored(page)["state"]["view"]["players"]] == ["Anne", "Willi", "Gerda", "Hans"]
