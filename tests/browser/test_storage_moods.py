"""However the browser treats the app's storage: without IndexedDB a game
plays in memory and every screen says nothing will be kept; a connection the
browser closed is opened again; a refused write says the last position
stays only when it was read back; a start after the browser wiped the data
says so and offers the backup (the move file)."""

from __future__ import annotations

from helpers import message, open_app, play_step, screen, start_game, stored, tap, wait_idle

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]

# An old private window, a webview with storage switched off: the name is
# simply not there when the app loads.
NO_INDEXEDDB = "delete window.indexedDB; delete Window.prototype.indexedDB;"


def test_without_indexeddb_a_game_plays_in_memory_and_says_so(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script(NO_INDEXEDDB)
    open_app(page, shared_site, seed=61)
    assert page.evaluate("() => typeof indexedDB") == "undefined"
    banner = page.locator("#memory-only")
    assert "nichts wird behalten" in banner.inner_text()
    start_game(page, THREE_BOTS, dealer=4)
    assert screen(page) == "table", message(page)
    steps = [play_step(page) for _ in range(3)]
    assert "Nicht gespeichert" not in message(page), message(page)
    game = stored(page)  # the app's own read: the game it plays in memory
    assert game["state"]["view"]["seat"] == 1 and any(s != "wait" for s in steps)
    # A second game files the first into the history, kept in memory too.
    start_game(page, THREE_BOTS, dealer=2)
    assert screen(page) == "table", message(page)
    assert page.evaluate("async () => (await (await import('./modules.js')).history.entries()).length") == 1
    assert banner.is_visible()
    tap(page, '[data-action="lang"]')
    assert "nothing will be kept" in banner.inner_text()
    wait_idle(page)
