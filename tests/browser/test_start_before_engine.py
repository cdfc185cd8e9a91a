"""The shell does not wait for Python to be useful: "start" can be tapped
while the engine is still starting; the game is queued, a wait longer than a
glance shows a progress line with its reason, and the game begins once the
engine is up."""
from __future__ import annotations

import functools
import threading

from browser_support import build

from helpers import app_url, screen, stored, wait_idle

QUEUED_TEXT = {"de": "Die Spiel-Engine startet noch – das Spiel beginnt dann von selbst.",
               "en": "The game engine is still starting – your game begins by itself."}


class _HeldWasm(build._Handler):
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
