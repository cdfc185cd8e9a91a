"""The engine suite inside Pyodide takes a minute or more of one core. It is
started in the background as soon as pytest knows the test will run, so it
overlaps with the CPython and browser tests instead of running after them;
test_in_pyodide.py then waits for the result."""
from __future__ import annotations

import pytest

from pyodide_support import SharedSuiteRun, SuiteRun, suite_folder

# In a parallel run the session's first process (tests/conftest.py) starts
# it, once; the worker that gets the test waits for it.
_FOLDER = suite_folder()
_RUN = SharedSuiteRun(_FOLDER) if _FOLDER else SuiteRun()
# Both judge the one run (on the library the app ships).
_TESTS = ("test_in_pyodide.py::test_engine_suite_passes_inside_pyodide",
          "test_trimmed_stdlib.py::test_engine_suite_passes_on_the_trimmed_library")


def pytest_collection_finish(session):
    if session.config.option.collectonly or _FOLDER:
        return
    if any(item.nodeid.endswith(_TESTS) for item in session.items):
        _RUN.start()


def pytest_sessionfinish(session):
    _RUN.stop()  # only still running when the session ended early (-x, Ctrl-C)


@pytest.fixture(scope="session")
def engine_suite_in_pyodide() -> SuiteRun:
    return _RUN.start()
