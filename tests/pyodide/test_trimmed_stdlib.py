"""The standard library the app ships is trimmed at build time to what the
app was seen to load (scripts/pyodide_build.py). A module the engine needs
only now and then — a lazy import, a codec looked up by name — would be
missing on a phone and nowhere else; these tests make the build fail instead."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from pyodide_support import trimmed_library
from pyodide_support import wheels as _wheels

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def trimmed() -> Path:
    """build.py's Pyodide step for this checkout (cached by its inputs)."""
    return trimmed_library()


def _run(trimmed: Path, *pytest_args: str) -> subprocess.CompletedProcess:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required to run the engine tests inside Pyodide")
    args = [node, str(HERE / "run.mjs"), "--wheels", str(_wheels()), "--trimmed", str(trimmed)]
    if pytest_args:
        args += ["--", *pytest_args]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=40 * 60)


def test_the_library_is_computed_compiled_and_much_smaller(trimmed):
    report = json.loads((trimmed / "report.json").read_text())
    names = zipfile.ZipFile(trimmed / "python_stdlib.zip").namelist()
    # Bytecode only, one file per module the app loaded, nothing else.
    assert names and all(n.endswith(".pyc") for n in names)
    assert sorted(n[:-1] for n in names) == report["stdlib_files"]
    # What Pyodide's own start and the worker's unpacking need is in, …
    for needed in (
        "encodings/__init__.py",
        "encodings/utf_8.py",
        "encodings/cp437.py",
        "pyodide/__init__.py",
        "_pyodide/_base.py",
        "zipfile/__init__.py",
        "json/__init__.py",
    ):
        assert needed in report["stdlib_files"], needed
    # … what nothing of the app touches is not.
    for unused in ("unittest/__init__.py", "argparse.py", "sqlite3/__init__.py", "email/__init__.py"):
        assert unused not in report["stdlib_files"], unused
    assert len(report["stdlib_files"]) < report["stdlib_files_full"] / 3
    assert "schraem.bridge" in report["app_modules"] and "schraem.cli" not in report["app_modules"]


def test_engine_suite_passes_on_the_trimmed_library(engine_suite_in_pyodide, capsys):
    # The engine suite inside Pyodide runs on the trimmed library (the run
    # test_in_pyodide.py also judges), started in the background early.
    code, output = engine_suite_in_pyodide.result()
    lines = [ln for ln in output.splitlines() if ln.strip()]
    summary = [ln for ln in lines if re.search(r"\d+ (passed|failed|errors?)\b|^\[pyodide |^\[trimmed", ln)]
    with capsys.disabled():
        print("\n  trimmed stdlib: " + "\n  trimmed stdlib: ".join(summary[-3:] or lines[-3:]))
    assert code == 0, output[-8000:]
    assert re.search(r"\b[1-9]\d* passed", output), output[-3000:]
    assert "[trimmed stdlib] the app imported nothing outside it" in output


def _without(trimmed: Path, out: Path, module_file: str) -> Path:
    """A copy of the Pyodide step's output whose library lacks one module."""
    shutil.copytree(trimmed, out)
    with zipfile.ZipFile(trimmed / "python_stdlib.zip") as src, zipfile.ZipFile(out / "python_stdlib.zip", "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            if info.filename != module_file + "c":
                dst.writestr(info, src.read(info))
    report = json.loads((out / "report.json").read_text())
    report["stdlib_files"].remove(module_file)
    (out / "report.json").write_text(json.dumps(report))
    return out


def test_a_codec_the_build_left_out_fails_the_run(trimmed, tmp_path):
    # The example: unpacking the engine decodes its file names as
    # cp437, a codec nothing imports by name. Without it the run must fail.
    proc = _run(_without(trimmed, tmp_path / "trimmed", "encodings/cp437.py"), "tests/engine", "-q", "-x")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    assert "cp437" in output, output[-3000:]


def test_an_app_import_outside_the_library_fails_the_run(trimmed, tmp_path):
    # Negative control for the guard: app code importing a module the test
    # tools have loaded already (argparse, from the full library) must still
    # be caught, and reported even though the app code swallows the error.
    root = tmp_path / "root"
    (root / "tests" / "engine").mkdir(parents=True)
    (root / "tests" / "variants").mkdir(parents=True)
    (root / "engine").mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "engine" / "probe_app.py").write_text(
        "def parser():\n"
        "    try:\n"
        "        import argparse\n"
        "    except ImportError:\n"
        "        return None\n"
        "    return argparse.ArgumentParser()\n"
    )
    (root / "tests" / "engine" / "test_probe.py").write_text(
        "import argparse\n"
        "import probe_app\n\n"
        "def test_the_tools_have_argparse():\n"
        "    assert argparse.ArgumentParser()\n\n"
        "def test_the_app_does_not():\n"
        "    assert probe_app.parser() is None\n"
    )
    probe = tmp_path / "trimmed"
    shutil.copytree(trimmed, probe)
    report = json.loads((probe / "report.json").read_text())
    report["app_modules"].append("probe_app")
    (probe / "report.json").write_text(json.dumps(report))

    node = shutil.which("node")
    proc = subprocess.run(
        [
            node,
            str(HERE / "run.mjs"),
            "--root",
            str(root),
            "--wheels",
            str(_wheels()),
            "--trimmed",
            str(probe),
            "--",
            "tests/engine",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=20 * 60,
    )
    output = proc.stdout + proc.stderr
    assert "2 passed" in output, output[-3000:]  # the guard made the app's import fail, as on a phone
    assert proc.returncode == 97, output[-3000:]
    assert '[["probe_app","argparse"]]' in output, output[-3000:]
