"""The whole run: parallel processes (pytest-xdist, `-n`) share a folder
(shared_run.py), the engine suite inside Pyodide is started once and early,
long tests go first, and the summary names the browser engines tested."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from shared_run import ENV, built_site

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "pyodide"))
from pyodide_support import SUITE_TESTS as PYODIDE_TESTS  # noqa: E402
from pyodide_support import SuiteRun, suite_folder  # noqa: E402

ENGINES_MODULE = "tests/browser/test_engines.py::"
# Minutes each, on one core: started first, they do not hold up the end of
# a parallel run (whole modules, so module fixtures are set up once). The
# engine's own tests need no site: they go first, so the cores are busy
# with them while the site is built (a minute of a core in a fresh clone)
# and the engine suite in Pyodide waits for the build's Pyodide step.
LONG_FIRST = (
    "tests/engine/test_contract.py",
    "tests/engine/",
    "tests/bots/",
    "tests/variants/",
    "tests/browser/test_engines.py",
    "tests/site/",
)

# The tests that need neither the site nor a browser, in two groups of about
# a minute and a half of a core each: pytest-xdist's loadgroup hands out the
# largest groups first, and without these the first were the three browser
# engines' groups, whose processes then sat waiting for the site's build.
CPYTHON_GROUPS = (("tests/engine/", "cpython-engine"), ("tests/bots/", "cpython-bots"), ("tests/variants/", "cpython-bots"))

_pyodide_run: SuiteRun | None = None
_site_build: threading.Thread | None = None
_engines: dict[str, str] = {}  # engine -> "tested" or why not


def _is_controller(config) -> bool:
    return config.pluginmanager.has_plugin("dsession")


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    if _is_controller(config) and not os.environ.get(ENV):
        # Set before the workers start: they inherit it.
        os.environ[ENV] = tempfile.mkdtemp(prefix="schraem-run-")
        config._schraem_shared = os.environ[ENV]


def pytest_unconfigure(config):
    if _pyodide_run is not None:
        _pyodide_run.stop()
    shared = getattr(config, "_schraem_shared", None)
    if shared:
        shutil.rmtree(shared, ignore_errors=True)
        os.environ.pop(ENV, None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    global _pyodide_run, _site_build
    if _pyodide_run is None and any(i.split("@")[0].endswith(PYODIDE_TESTS) for i in ids):
        _pyodide_run = SuiteRun(suite_folder()).start()
    shared = os.environ.get(ENV)
    if _site_build is None and shared and any(i.startswith("tests/browser/") for i in ids):
        _site_build = threading.Thread(target=_build_site, args=(Path(shared),), daemon=True)
        _site_build.start()


def _build_site(shared: Path) -> None:
    try:
        built_site(shared)
    except BaseException:  # noqa: BLE001
        pass  # left for the first browser test: its `dist` fixture builds again and reports the error


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    def rank(item):
        if item.nodeid.endswith(PYODIDE_TESTS):
            return len(LONG_FIRST) + 1  # last: they wait for the background run
        for i, prefix in enumerate(LONG_FIRST):
            if item.nodeid.startswith(prefix):
                return i
        return len(LONG_FIRST)

    if hasattr(config, "workerinput"):
        items.sort(key=rank)  # stable: each module keeps its order
        for item in items:
            group = next((g for prefix, g in CPYTHON_GROUPS if item.nodeid.startswith(prefix)), None)
            if group:
                item.add_marker(pytest.mark.xdist_group(group))


def pytest_runtest_logreport(report):
    if not report.nodeid.startswith(ENGINES_MODULE) or "[" not in report.nodeid:
        return
    engine = report.nodeid.split("[", 1)[1].split("]", 1)[0].split("-")[0]
    if report.skipped and engine not in _engines:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _engines[engine] = reason.removeprefix("Skipped: ")
    elif report.when == "call" and not report.skipped:
        _engines[engine] = "tested"


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput") or not _engines:
        return
    tested = [e for e, state in sorted(_engines.items()) if state == "tested"]
    terminalreporter.write_line(f"browser engines tested: {', '.join(tested) or 'none'}")
    for engine, why in sorted(_engines.items()):
        if why != "tested":
            terminalreporter.write_line(f"browser engine not tested: {why}")
