"""The engine suite inside Pyodide takes a minute or more of one core. It is
started in the background as soon as pytest knows the test will run, so it
overlaps with the CPython and browser tests instead of running after them;
test_in_pyodide.py then waits for the result."""

from __future__ import annotations

import pytest

from pyodide_support import SUITE_TESTS, SharedSuiteRun, SuiteRun, suite_folder

# In a parallel run the session's first process (tests/conftest.py) starts
# it, once; the worker that gets the test waits for it.
_FOLDER = suite_folder()
_RUN = SharedSuiteRun(_FOLDER) if _FOLDER else SuiteRun()


def pytest_collection_finish(session):
    if session.config.option.collectonly or _FOLDER:
        return
    if any(item.nodeid.endswith(SUITE_TESTS) for item in session.items):
        _RUN.start()


def pytest_sessionfinish(session):
    _RUN.stop()  # only still running when the session ended early (-x, Ctrl-C)


@pytest.fixture(scope="session")
def engine_suite_in_pyodide() -> SuiteRun:
    return _RUN.start()
