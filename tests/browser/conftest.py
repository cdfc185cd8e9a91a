"""Fixtures for every browser test: a built site, a local server that a test
may stop and restart, headless Chromium with a Pixel 7 context, and a log of
every request so a test can prove nothing left the origin."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from browser_support import (ARTIFACTS, CHROMIUM_ARGS, RequestLog, Site, build, chromium_path,
                             wait_controlled, wait_engine_ready)


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


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    path = chromium_path()
    if path is None and not os.path.exists(playwright.chromium.executable_path):
        pytest.fail("no Chromium: install Debian's `chromium` or run `python -m playwright install chromium`")
    b = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
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


@pytest.fixture
def new_context(browser, playwright, request_log, page_errors):
    """Factory for Pixel 7 contexts; every request of every context lands in
    `request_log`, uncaught page exceptions in `page_errors`, and console
    errors are echoed for failing tests."""
    contexts = []

    def make(**overrides):
        options = {**playwright.devices["Pixel 7"], **overrides}
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(30_000)
        ctx.on("request", request_log.record)
        ctx.on("console", _echo_console_error)
        ctx.on("weberror", lambda e: (page_errors.append(str(e.error)), print(f"[page error] {e.error}")))
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
