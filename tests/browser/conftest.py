"""Fixtures for every browser test: a built site, a local server that a test
may stop and restart, headless Chromium with a Pixel 7 context, and a log of
every request so a test can prove nothing left the origin.

Starting Pyodide in a fresh context (empty HTTP cache, no service worker, no
compiled wasm) takes about three times as long as in a context that has run
the app before. `warm_page` gives a test a new page in such a warm context,
kept for the session, with the origin's storage cleared: for tests whose
point is not isolation. A test about a first visit, a reload, going offline,
a second phone or the service worker's install uses `new_context`/`page`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from browser_support import ARTIFACTS, TEST_CHROMIUM_ARGS, RequestLog, Site, build, chromium_path, wait_controlled, wait_engine_ready
from helpers import launch_profile, open_app, wait_snapshot
from shared_run import built_site, shared_dir

# Playwright polls a wait_for_function on every animation frame unless told
# otherwise, which keeps Chromium drawing 60 frames a second for as long as a
# test waits: measured, three times the CPU of polling every 20 ms, in a
# suite whose wall time is set by its CPU. Same answers, at most 20 ms later.
_wait_for_function = Page.wait_for_function


def _wait_polling_20ms(self, expression, *, arg=None, timeout=None, polling=None):
    return _wait_for_function(self, expression, arg=arg, timeout=timeout, polling=20 if polling is None else polling)


Page.wait_for_function = _wait_polling_20ms


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The site built once per run, shared by the processes of a parallel
    run (into a temp dir, so a developer's own dist/ and a running
    `build.py serve` are left alone)."""
    shared = shared_dir()
    if shared is None:
        return build.build(tmp_path_factory.mktemp("dist"), quiet=True)
    return built_site(shared)


@pytest.fixture
def site(dist):
    s = Site(dist)
    yield s
    s.stop()


@pytest.fixture
def make_site():
    """Serve another directory (e.g. a test's own build) the same way."""
    sites = []

    def make(path: Path) -> Site:
        sites.append(Site(path))
        return sites[-1]

    yield make
    for s in sites:
        s.stop()


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    path = chromium_path()
    if path is None and not os.path.exists(playwright.chromium.executable_path):
        pytest.fail("no Chromium: install Debian's `chromium` or run `python -m playwright install chromium`")
    # No back-forward cache: a warm page kept for the next test leaves the
    # app by navigating away, and the app must be gone, not frozen in it.
    b = playwright.chromium.launch(executable_path=path, args=TEST_CHROMIUM_ARGS + ["--disable-back-forward-cache"])
    yield b
    b.close()


@pytest.fixture
def request_log() -> RequestLog:
    return RequestLog()


def _echo_console_error(message) -> None:
    if message.type == "error":
        print(f"[console.error] {message.text}")


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught exceptions of every page of the test's contexts."""
    return []


class _Listeners:
    """Where the events of the session's warm contexts go: to the request log
    and page errors of the test running now."""

    def __init__(self):
        self.request_log: RequestLog | None = None
        self.page_errors: list[str] | None = None

    def request(self, request) -> None:
        if self.request_log is not None:
            self.request_log.record(request)

    def weberror(self, error) -> None:
        if self.page_errors is not None:
            self.page_errors.append(str(error.error))
        print(f"[page error] {error.error}")


def _listen(ctx, on_request, on_weberror) -> None:
    ctx.set_default_timeout(30_000)
    if on_request is not None:
        ctx.on("request", on_request)
    ctx.on("console", _echo_console_error)
    ctx.on("weberror", on_weberror)


def _log_of(request) -> RequestLog | None:
    # Only a test that asks for the log gets the browser's request events:
    # each one crosses from Chromium through Playwright's driver to Python,
    # a hundred or so per start of the app.
    return request.getfixturevalue("request_log") if "request_log" in request.fixturenames else None


@pytest.fixture
def new_context(browser, playwright, request, page_errors):
    """Factory for Pixel 7 contexts; every request of every context lands in
    `request_log` (if the test asks for it), uncaught page exceptions in
    `page_errors`, and console errors are echoed for failing tests."""
    contexts = []
    log = _log_of(request)

    def make(**overrides):
        options = {**playwright.devices["Pixel 7"], **overrides}
        ctx = browser.new_context(**options)
        _listen(ctx, log.record if log else None, lambda e: (page_errors.append(str(e.error)), print(f"[page error] {e.error}")))
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture(scope="session")
def shared_site(dist):
    """The session's build on one server for the whole session: the origin
    of the warm contexts (`warm_page`), whose service worker and caches
    belong to it. Never stopped by a test (offline tests use `site`)."""
    s = Site(dist)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def visited_profile(playwright, shared_site, tmp_path_factory) -> Path:
    """A browser profile that has visited the app once and closed cleanly:
    the offline copy installed, the engine's snapshot stored, no game. A
    test that kills the browser kills a copy of it (helpers.launch_profile,
    kill_browser), so its first start is a returning phone's, not a first
    visit's (which other tests cover): about 4 s of CPU less."""
    profile = tmp_path_factory.mktemp("visited") / "profile"
    ctx = launch_profile(playwright, profile)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        open_app(page, shared_site, pace="60000")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        wait_snapshot(page)
    finally:
        ctx.close()
    return profile


@pytest.fixture(scope="session")
def _warm_contexts(browser, playwright):
    """Pixel 7 contexts kept for the session, one per set of options."""
    listeners = _Listeners()
    contexts: dict[tuple, object] = {}

    def get(options: dict):
        # Each new context pays a first visit (a fresh start of the engine,
        # three times a warm one): options that only restate a default share
        # the default's context. Downloads are accepted by default, and a
        # context without a locale gets Chromium's own, en-US.
        options = {"locale": "en-US", **{k: v for k, v in options.items() if (k, v) != ("accept_downloads", True)}}
        key = tuple(sorted(options.items()))
        if key not in contexts:
            ctx = browser.new_context(**{**playwright.devices["Pixel 7"], **options})
            _listen(ctx, None, listeners.weberror)
            contexts[key] = ctx
        return contexts[key]

    yield get, listeners
    for ctx in contexts.values():
        ctx.close()


# Everything a phone keeps for the app except its offline copy (Cache
# Storage, service worker) and the browser's HTTP cache.
_CLEARED_STORAGE = "cookies,file_systems,indexeddb,local_storage,websql"


# What a test may leave on a page for the next one: such a page is closed
# after the test instead of kept for the next.
_LEAVES_BEHIND = (
    "add_init_script",
    "route",
    "route_from_har",
    "route_web_socket",
    "expose_function",
    "expose_binding",
    "on",
    "once",
    "emulate_media",
    "set_extra_http_headers",
    "set_default_timeout",
    "set_default_navigation_timeout",
    "add_locator_handler",
)


def _watched(page):
    """The page with every method of _LEAVES_BEHIND marking it when called."""
    page.schraem_left_behind = False
    for name in _LEAVES_BEHIND:

        def marking(*args, _original=getattr(page, name), **kwargs):
            page.schraem_left_behind = True
            return _original(*args, **kwargs)

        setattr(page, name, marking)
    return page


@pytest.fixture(scope="session")
def _kept_pages():
    """Per warm context, the page a finished test left clean (at about:blank).
    A new page costs Chromium a browser window with its own top-chrome WebUI:
    measured, about 0.9 s of CPU per page on top of the app's start, 40% of a
    warm start. A kept page starts the app on a new document like a new
    tab does: the document, its worker and every timer are gone."""
    return {}


@pytest.fixture
def warm_page(_warm_contexts, _kept_pages, playwright, shared_site, request, page_errors):
    """warm_page(**context_options) -> a page, still blank, in a session
    context with those options (e.g. locale="de-DE", service_workers="block")
    that has run the app on `shared_site` before: the page starts like a
    phone that has visited the app but kept no game, settings or language
    (localStorage, sessionStorage, IndexedDB, cookies cleared), with Pyodide,
    the service worker and the HTTP cache warm, at the context's own viewport.
    Requests land in the test's `request_log` (if it asks for it), page
    errors in its `page_errors`; init scripts go on the page (page.add_init_script). One
    page per context per test (a second tab opened with page.context.new_page()
    is closed after the test); after the test every page leaves the app
    (about:blank, so no computer player of it acts later) and is kept for
    the next test unless the test closed it or left something on it (an
    init script, a route, a listener: see _LEAVES_BEHIND)."""
    get, listeners = _warm_contexts
    listeners.request_log, listeners.page_errors = _log_of(request), page_errors
    pages = []
    logged = []  # the contexts whose requests go to this test's log

    def make(**options):
        ctx = get(options)
        if listeners.request_log is not None and ctx not in logged:
            logged.append(ctx)
            ctx.on("request", listeners.request)
        kept = _kept_pages.pop(id(ctx), None)
        others = [p for p in ctx.pages if p is not kept]
        assert not others, "one warm page per context and test: a second phone needs new_context()"
        page = kept if kept is not None and not kept.is_closed() else _watched(ctx.new_page())
        default = {**playwright.devices["Pixel 7"], **options}.get("viewport")
        if kept is not None and default and page.viewport_size != default:
            page.set_viewport_size(default)
        cdp = ctx.new_cdp_session(page)
        try:
            cdp.send("Storage.clearDataForOrigin", {"origin": shared_site.origin, "storageTypes": _CLEARED_STORAGE})
        finally:
            cdp.detach()
        pages.append((ctx, page))
        return page

    yield make
    for ctx in logged:
        ctx.remove_listener("request", listeners.request)
    made = {id(page) for _, page in pages}
    for ctx, _ in pages:
        # A second tab the test opened itself (ctx.new_page()): closed.
        for extra in [p for p in ctx.pages if id(p) not in made]:
            extra.close()
    for ctx, page in pages:
        if page.is_closed():
            continue
        if page.schraem_left_behind:
            page.close()
            continue
        try:
            if page.url.startswith(shared_site.url):
                # Per tab and origin, so a new document would find it (the
                # boot guard's "reloaded once" mark).
                page.evaluate("() => sessionStorage.clear()")
            page.goto("about:blank")
        except Exception:  # noqa: BLE001 - a page that cannot be left clean is not kept
            page.close()
            continue
        _kept_pages[id(ctx)] = page
    listeners.request_log = listeners.page_errors = None


@pytest.fixture(name="wait_engine_ready")
def wait_engine_ready_fixture():
    """wait_engine_ready(page): until <html data-engine="ready">; fails fast
    with the engine's own message when it says "failed" instead."""
    return wait_engine_ready


@pytest.fixture(name="wait_controlled")
def wait_controlled_fixture():
    """wait_controlled(page): until the service worker controls the page."""
    return wait_controlled


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
