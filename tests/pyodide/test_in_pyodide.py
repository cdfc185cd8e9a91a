"""The engine test suite again, inside real Pyodide under Node: the
interpreter the app ships, not the one on the developer's machine. The run
itself starts early, in the background (conftest.py)."""

from __future__ import annotations

import re


def test_engine_suite_passes_inside_pyodide(engine_suite_in_pyodide, capsys):
    code, output = engine_suite_in_pyodide.result()
    lines = [ln for ln in output.splitlines() if ln.strip()]
    summary = [ln for ln in lines if re.search(r"\d+ (passed|failed|errors?)\b|^\[pyodide ", ln)]
    with capsys.disabled():
        print("\n  inside Pyodide: " + "\n  inside Pyodide: ".join(summary[-2:] or lines[-3:]))
    assert code == 0, output[-8000:]
    assert re.search(r"\b[1-9]\d* passed", output), "no engine test ran inside Pyodide:\n" + output[-3000:]
