"""The engine test suite again, inside real Pyodide under Node: the
interpreter the app ships, not the one on the developer's machine."""
from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WHEELS = ROOT / ".cache" / "wheels"
PYODIDE_PYTHON = "3.14"


def _ensure_pyodide() -> None:
    spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.ensure_pyodide(ROOT)


def _wheels() -> Path:
    """Pure-Python wheels for Pyodide's Python, downloaded once into .cache/
    and reused while requirements.txt is unchanged."""
    wanted = (HERE / "requirements.txt").read_text()
    stamp = WHEELS / "requirements.txt"
    if stamp.is_file() and stamp.read_text() == wanted:
        return WHEELS
    fresh = WHEELS.with_name("wheels.partial")
    shutil.rmtree(fresh, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
         "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--implementation", "py",
         "--platform", "any", "--abi", "none", "-d", str(fresh), "-r", str(HERE / "requirements.txt")],
        check=True)
    (fresh / "requirements.txt").write_text(wanted)
    shutil.rmtree(WHEELS, ignore_errors=True)
    fresh.rename(WHEELS)
    return WHEELS


def test_engine_suite_passes_inside_pyodide(capsys):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to run the engine tests inside Pyodide")
    _ensure_pyodide()
    wheels = _wheels()
    proc = subprocess.run([node, str(HERE / "run.mjs"), "--wheels", str(wheels)],
                          cwd=ROOT, capture_output=True, text=True, timeout=40 * 60)
    output = proc.stdout + proc.stderr
    lines = [ln for ln in output.splitlines() if ln.strip()]
    summary = [ln for ln in lines if re.search(r"\d+ (passed|failed|errors?)\b|^\[pyodide ", ln)]
    with capsys.disabled():
        print("\n  inside Pyodide: " + "\n  inside Pyodide: ".join(summary[-2:] or lines[-3:]))
    assert proc.returncode == 0, output[-8000:]
    assert re.search(r"\b[1-9]\d* passed", output), "no engine test ran inside Pyodide:\n" + output[-3000:]
