"""Hypothesis profiles: "ci" (default, CPython) and "pyodide" (the same suite
inside Pyodide under Node, where each example costs several times more).
Choose with SCHRAEM_HYPOTHESIS_PROFILE; tests/pyodide/run.mjs sets "pyodide"."""

import os

from hypothesis import HealthCheck, settings

# No deadline: timing on a loaded 2-core CI machine says nothing about the
# engine, and a flaky deadline failure hides real ones.
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile(
    "pyodide", max_examples=15, deadline=None, print_blob=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("SCHRAEM_HYPOTHESIS_PROFILE", "ci"))
