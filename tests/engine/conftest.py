"""Hypothesis profiles: "ci" (default, CPython) and "pyodide" (the same suite
inside Pyodide under Node, where each example costs several times more).
Choose with SCHRAEM_HYPOTHESIS_PROFILE; tests/pyodide/run.mjs sets "pyodide"."""

import os
import sys

from hypothesis import HealthCheck, settings

# No deadline: timing on a loaded 2-core CI machine says nothing about the
# engine, and a flaky deadline failure hides real ones.
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile(
    "pyodide", max_examples=15, deadline=None, print_blob=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("SCHRAEM_HYPOTHESIS_PROFILE", "ci"))


# Inside Pyodide each example costs several times more. The face-down
# protocol is plain Python over the group (engine/schraem/crypto), so Pyodide
# runs the group arithmetic against the RFC vectors and one honest hand of
# each protocol layer; the attacks and every preset run in CPython
# (`@pytest.mark.cpython_only`).
IN_PYODIDE = sys.platform == "emscripten"


def pytest_configure(config):
    config.addinivalue_line("markers", "cpython_only: run in CPython only (a protocol test whose arithmetic Pyodide runs elsewhere)")


def pytest_collection_modifyitems(config, items):
    if not IN_PYODIDE:
        return
    left = [i for i in items if i.get_closest_marker("cpython_only")]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [i for i in items if not i.get_closest_marker("cpython_only")]
