"""Helpers shared by the browser tests and their fixtures (importable by
name from test modules; conftest.py is not, as every test folder has one)."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Every window (each new page or context) otherwise starts two renderers
    # for the address bar's suggestion popups (chrome://omnibox-popup.top-chrome),
    # which a headless test never opens: a warm page's start took 2.05
    # CPU-seconds with them and 1.03 without (median of 8).
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
# The tests' Chromium compiles WebAssembly with V8's baseline compiler only
# (Liftoff). By default each start of the app also compiles Pyodide's hot
# code again with the optimising compiler (TurboFan) in the background: the
# tests start the app some 350 times, and few of them run long enough to win
# that work back. Measured on 62 browser tests in two processes: 247 -> 206
# busy CPU-seconds, wall 147 -> 132 s (medians of 2). The same code gives the
# same answers; the cross-engine suite (engines.py) and the benchmarks keep
# Chromium's default, so the optimised code a phone runs is still tested.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
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
        return [
            u for u in self.urls if urlsplit(u).scheme not in ("data", "blob") and f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" != origin
        ]


# Chromium's headless shell (Debian's `chromium-headless-shell`, what
# Playwright itself runs headless tests in): the same engine without the
# browser's windows and their WebUI. Measured over the whole suite, its
# Chromium processes took about 800 CPU-s against 970 for the full browser.
HEADLESS_SHELL = ("/usr/lib/chromium/chromium-headless-shell", shutil.which("chromium-headless-shell"))
FULL_CHROMIUM = ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))


def chromium_path(full: bool = False) -> str | None:
    """Debian's Chromium for the tests: the headless shell where installed;
    with `full`, the whole browser (the cross-engine suite, which stands for
    the phones' own browsers, and the benchmarks, whose figures compare
    across sessions). None: Playwright's own."""
    explicit = os.environ.get("SCHRAEM_CHROMIUM")
    if explicit:
        return explicit
    for candidate in (() if full else HEADLESS_SHELL) + FULL_CHROMIUM:
        if candidate and os.path.exists(candidate):
            return candidate
    return None  # Playwright's own browser, e.g. on a laptop after `playwright install`


def wait_engine_ready(page, timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Until <html data-engine="ready">; fails fast with the engine's own
    message when it says "failed" instead."""
    try:
        page.wait_for_function("() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)", timeout=timeout)
    except Exception as timeout_error:
        # Where the start stood says which part hung: no data-engine at all
        # means the page never got as far as starting the worker.
        try:
            where = page.evaluate(
                "() => ({ ...document.documentElement.dataset, screen: document.body?.dataset.screen,"
                " controlled: Boolean(navigator.serviceWorker?.controller) })"
            )
        except Exception as e:  # the page itself is gone
            where = f"page unreadable: {e}"
        raise AssertionError(f"engine not ready after {timeout / 1000:.0f} s; the page stood at {where}") from timeout_error
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        detail = page.evaluate(
            "async () => { const m = await import('./modules.js').then((m) => m.engineClient); const e = m.currentEngine(); return e && e.error; }"
        )
        raise AssertionError(f"engine failed to start: {detail}")


def wait_controlled(page, timeout: float = 60_000) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)
