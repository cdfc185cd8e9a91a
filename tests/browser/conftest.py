"""Fixtures for every browser test: a built site, a local server that a test
may stop and restart, headless Chromium with a Pixel 7 context, and a log of
every request so a test can prove nothing left the origin."""
from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
# Pyodide needs a few seconds on a 2-core machine, more on the first visit
# and while other tests compete for the cores.
ENGINE_TIMEOUT_MS = 120_000


def _load_build():
    # Loaded by path: "build" is also the name of a PyPI package.
    spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


class Site:
    """dist/ served on 127.0.0.1; stop() and start() keep the same port, so
    the origin (and with it the service worker and its cache) stays."""

    def __init__(self, dist: Path):
        self.dist = Path(dist)
        self.port = 0
        self.server = None
        self.start()

    def start(self) -> "Site":
        assert self.server is None, "already serving"
        self.server = build.serve(self.dist, self.port)
        self.port = self.server.server_address[1]
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"


class RequestLog:
    def __init__(self):
        self.urls: list[str] = []

    def record(self, request) -> None:
        self.urls.append(request.url)

    def foreign(self, origin: str) -> list[str]:
        """Requests that went anywhere but `origin` (data:/blob: stay local)."""
        return [u for u in self.urls
                if urlsplit(u).scheme not in ("data", "blob")
                and f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" != origin]


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The site built once per session (into a temp dir, so a developer's
    own dist/ and a running `build.py serve` are left alone)."""
    return build.build(tmp_path_factory.mktemp("dist"), quiet=True)


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


def _chromium_path() -> str | None:
    explicit = os.environ.get("SCHRAEM_CHROMIUM")
    if explicit:
        return explicit
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None  # Playwright's own browser, e.g. on a laptop after `playwright install`


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    path = _chromium_path()
    if path is None and not os.path.exists(playwright.chromium.executable_path):
        pytest.fail("no Chromium: install Debian's `chromium` or run `python -m playwright install chromium`")
    b = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def request_log() -> RequestLog:
    return RequestLog()


@pytest.fixture
def new_context(browser, playwright, request_log):
    """Factory for Pixel 7 contexts; every request of every context lands in
    `request_log`, console errors are echoed for failing tests."""
    contexts = []

    def make(**overrides):
        options = {**playwright.devices["Pixel 7"], **overrides}
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(30_000)
        ctx.on("request", request_log.record)
        ctx.on("console", lambda m: m.type == "error" and print(f"[console.error] {m.text}"))
        ctx.on("weberror", lambda e: print(f"[page error] {e.error}"))
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


def _wait_engine_ready(page, timeout: float = ENGINE_TIMEOUT_MS) -> None:
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)",
        timeout=timeout)
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        detail = page.evaluate(
            "async () => { const m = await import('./engine-client.js');"
            " const e = m.currentEngine(); return e && e.error; }")
        raise AssertionError(f"engine failed to start: {detail}")


@pytest.fixture
def wait_engine_ready():
    """wait_engine_ready(page): until <html data-engine="ready">; fails fast
    with the engine's own message when it says "failed" instead."""
    return _wait_engine_ready


@pytest.fixture
def wait_controlled():
    def wait(page, timeout: float = 60_000) -> None:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)
    return wait


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
