"""The game survives reloads, closed tabs and damaged saves: every accepted
state is stored before it is drawn, the saved position is drawn from storage
before Python is up, and a save that will not load is kept, not lost."""

from __future__ import annotations

import copy
import json

from helpers import (
    GAME_KEY,
    app_url,
    backups,
    engine_state,
    open_app,
    play_step,
    screen,
    seed_storage,
    shell_record,
    start_game,
    stored,
    tap,
    wait_shell_ready,
)

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]

# Checks, inside the page, that each new state is committed to storage
# while the screen still shows the previous one: drawing first would be
# caught here.
ORDER_PROBE = """
window.__saves = { count: 0, drawnFirst: [] };
addEventListener('schraem:stored', (e) => {
  const { save, state } = e.detail;
  const v = state.view;
  const step = [v.hand_no, v.log.length, state.hand_over ? 1 : 0].join(':');
  const drawn = (document.body && document.body.dataset.step || '').split(':').slice(0, 3).join(':');
  if (step !== window.__lastSaved) {
    window.__saves.count += 1;
    if (drawn === step) window.__saves.drawnFirst.push(step);
  }
  window.__lastSaved = step;
});
"""


def _mid_hand(page):
    """Anne has looked, played to the first trick and knocked; Hubert must
    answer. The computers are paced to wait, so the position holds still."""
    start_game(page, THREE_BOTS, dealer=4)
    tap(page, '[data-action="look"]')
    card = stored(page)["state"]["view"]["my_cards"][0]
    tap(page, f'[data-card="{card}"]')
    tap(page, '[data-action="knock"]')
    view = stored(page)["state"]["view"]
    assert view["trick"] and view["response"]["to_answer"] == 2 and view["value"] == 2
    return view


def _table_text(page):
    return {sel: page.locator(sel).inner_text() for sel in (".seats", ".centre", ".log")} | {
        "cards": page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    }


def test_reload_mid_hand_restores_the_exact_position(new_context, site):
    # A cold context: the saved position must be seen drawn before Python is
    # up, which a snapshot start (a warm page) can outrun.
    page = new_context(locale="de-DE").new_page()
    open_app(page, site, seed=9, pace="60000")
    view = _mid_hand(page)
    before = stored(page)
    drawn = _table_text(page)
    full = page.locator("#table").inner_text()

    page.reload()
    page.wait_for_selector("#table")
    # Drawn from storage while Python is still starting, with taps held back.
    early = page.evaluate("""() => ({
        engine: document.documentElement.dataset.engine,
        enabled: [...document.querySelectorAll('#table button, #controls button')].filter(b => !b.disabled).length,
        drawn: performance.getEntriesByName('schraem:saved-drawn').length })""")
    assert early["engine"] != "ready", "the saved position should be drawn before the engine is up"
    assert early["enabled"] == 0
    assert early["drawn"] == 1
    assert _table_text(page) == drawn

    wait_shell_ready(page)
    assert stored(page)["state"]["view"] == view
    assert stored(page)["save"] == before["save"]
    assert page.locator("#table").inner_text() == full
    assert page.locator('[data-action="hold"]').count() == 0  # Hubert answers, not Anne
    # The taps are back; Anne's knock is not offered while it is answered.
    assert page.locator('[data-action="undo"]').is_enabled()
    assert page.locator('[data-action="knock"].not-now').is_disabled()
    marks = page.evaluate("() => ['schraem:saved-drawn', 'schraem:engine-ready'].map(n => performance.getEntriesByName(n)[0].startTime)")
    assert marks[0] < marks[1]


def test_closing_and_reopening_restores_the_game(new_context, site):
    context = new_context(locale="de-DE")
    page = context.new_page()
    open_app(page, site, seed=10, pace="60000")
    view = _mid_hand(page)
    full = page.locator("#table").inner_text()
    state = context.storage_state(indexed_db=True)
    context.close()

    again = new_context(locale="de-DE", storage_state=state).new_page()
    again.goto(app_url(site, pace="60000"))
    wait_shell_ready(again)
    assert screen(again) == "table"
    assert stored(again)["state"]["view"] == view
    assert again.locator("#table").inner_text() == full

    # And the game goes on from there.
    again.locator('header [data-action="setup"]').tap()
    assert again.locator('[data-action="continue"]').count() == 1
    tap(again, '[data-action="continue"]')
    assert screen(again) == "table"


def test_every_state_is_saved_before_it_is_drawn(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script(ORDER_PROBE)
    open_app(page, shared_site, seed=12)
    start_game(page, THREE_BOTS, dealer=4)
    for _ in range(25):
        if play_step(page, knock=True) == "over":
            break
    saves = page.evaluate("() => window.__saves")
    assert saves["count"] >= 20, saves
    assert saves["drawnFirst"] == []


def test_computers_carry_on_after_a_reload(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=9, pace="60000")
    _mid_hand(page)
    # Reload at the fast pace: Hubert's pending answer must still come.
    page.goto(app_url(shared_site, pace="fast"))
    wait_shell_ready(page)
    view = stored(page)["state"]["view"]
    assert view["response"] is None or view["response"]["to_answer"] != 2
    assert any(a["seat"] == 2 and a["type"] in ("hold", "pass") for a in view["log"])


def _tampered_save():
    state = engine_state(
        "new_game",
        {
            "players": [{"name": "Anne", "kind": "human"}, {"name": "Hubert", "kind": "bot", "level": "easy"}],
            "rules": "rheinland",
            "dealer": 2,
            "seed": 99,
            "viewer": 1,
        },
    )
    bad = copy.deepcopy(state)
    # Seat 2 plays although seat 1 leads: the record no longer replays.
    bad["save"]["record"]["hands"][0]["actions"] = [{"seat": 2, "type": "play", "card": "10H"}]
    from schraem.bridge import Bridge

    reply = json.loads(Bridge().handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": bad["save"], "viewer": 1}})))
    assert not reply["ok"] and reply["error"]["kind"] == "CorruptSave"
    return shell_record(bad, 1), reply["error"]


def test_a_save_that_does_not_replay_is_explained_and_kept(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    raw, error = _tampered_save()
    seed_storage(page, shared_site, {GAME_KEY: raw})
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    assert page.locator(".corrupt .detail").inner_text() == error["de"]
    assert "Sicherungskopie" in page.locator(".corrupt").inner_text()
    # Nothing was thrown away: the save is kept as a backup, offered as a file.
    kept = backups(page)
    assert len(kept) == 1 and json.loads(kept[0]["raw"])["save"] == json.loads(raw)["save"]
    with page.expect_download() as download:
        page.locator('[data-action="export-damaged"]').first.tap()
    # The file leaves the phone scrubbed: no seed, no cards of the
    # hand that may be under way; everything else as kept.
    text = open(download.value.path()).read()
    saved = json.loads(raw)["save"]
    assert '"seed"' not in text
    assert json.loads(text)["save"]["record"]["hands"][0]["actions"] == saved["record"]["hands"][0]["actions"]
    assert json.loads(text)["save"]["table"]["players"] == saved["table"]["players"]

    # A fresh start is offered; starting a game keeps the backup.
    page.locator('#controls [data-action="start-fresh"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'start'")
    assert page.locator('[data-action="continue"]').count() == 0
    start_game(page, THREE_BOTS, dealer=4)
    assert screen(page) == "table"
    assert [b["raw"] for b in backups(page)] == [kept[0]["raw"]]


def test_unreadable_storage_is_explained_and_kept(warm_page, shared_site):
    page = warm_page(locale="en-US")
    junk = '{"format": "schraem-shell/1", "save": {"record": '
    seed_storage(page, shared_site, {GAME_KEY: junk})
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    assert "not a readable save" in page.locator(".corrupt").inner_text()
    assert [b["raw"] for b in backups(page)] == [junk]


def test_the_saved_game_is_read_while_the_shell_still_loads(new_context, site):
    """The reads of the first screen start from a small module of their own,
    not after the whole shell is in: with one module of the shell held back
    for a second, the saved game is read long before that module arrives and
    drawn as soon as it does."""
    context = new_context(locale="de-DE", service_workers="block")
    page = context.new_page()
    open_app(page, site, seed=12, pace="60000")
    view = _mid_hand(page)
    held = {"until": None}

    def slow_app(route):
        import time

        held["until"] = time.monotonic() + 1.0
        time.sleep(1.0)
        route.continue_()

    context.route("**/app.js", slow_app)
    page.reload()
    wait_shell_ready(page)
    assert held["until"] is not None, "the held-back module was not asked for"
    marks = page.evaluate("""() => Object.fromEntries(['schraem:reads-asked', 'schraem:reads-done', 'schraem:saved-drawn']
        .map(n => [n, performance.getEntriesByName(n)[0]?.startTime ?? null]))""")
    held_back = page.evaluate("() => performance.getEntriesByType('resource').find(r => r.name.endsWith('/app.js')).responseEnd")
    assert marks["schraem:reads-done"] is not None
    assert marks["schraem:reads-done"] < held_back - 500, (marks, held_back)
    assert marks["schraem:saved-drawn"] >= held_back
    assert stored(page)["state"]["view"] == view
    assert screen(page) == "table"


def test_a_reload_takes_the_shell_from_the_precache_without_the_service_worker_script(new_context, site):
    """Chromium routes the shell's scripts and styles straight to this
    version's precache (static routing): on a reload none of them waits for
    the service worker's fetch handler. Browsers without static routing go
    through the handler as before (test_offline covers them)."""
    page = new_context(locale="de-DE").new_page()
    open_app(page, site, seed=13, pace="60000")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()
    wait_shell_ready(page)
    sources = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(r => /\\.(js|css)$/.test(new URL(r.name).pathname))
        .filter(r => !new URL(r.name).pathname.includes('/pyodide/'))
        .map(r => [new URL(r.name).pathname.split('/').pop(), r.workerMatchedSourceType ?? 'unknown'])""")
    names = dict(sources)
    assert "app.js" in names and "style.css" in names, sources
    assert {src for _, src in sources} == {"cache"}, sources
