"""Hypothesis profiles: "ci" (default, CPython) and "pyodide" (the same suite
inside Pyodide under Node, where each example costs several times more).
Choose with SCHRAEM_HYPOTHESIS_PROFILE; tests/pyodide/run.mjs sets "pyodide"."""
import os

from hypothesis import HealthCheck, settings

# No deadline and no "too slow" check: timing on a loaded 2-core CI machine
# (where a parallel run's filling process, tests/filling.py, waits for
# whatever the browser tests leave idle) says nothing about the engine, and
# a flaky timing failure hides real ones.
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("pyodide", max_examples=15, deadline=None, print_blob=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("SCHRAEM_HYPOTHESIS_PROFILE", "ci"))
