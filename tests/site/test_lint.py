"""The linters, kept at no finding: Ruff over every Python file of the
project (pyproject.toml's [tool.ruff]: pyflakes' findings such as unused or
undefined names, pycodestyle's errors, the order of imports, and its
formatting), mypy over the engine (pyproject.toml's [tool.mypy]), oxlint
over the shell (.oxlintrc.json), and TypeScript's checks of the shell's
JSDoc types (tsconfig.json)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def test_every_python_file_is_formatted_as_ruff_formats_it():
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def test_mypy_finds_no_error_in_the_engine():
    """The game itself (schraem.core) under --strict's checks, the packages
    above it under mypy's default ones; its cache stays under .cache/mypy."""
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "no issues found" in proc.stdout, proc.stdout[-2000:]


def test_oxlint_finds_nothing_in_the_shell():
    """oxlint (npm, .oxlintrc.json) over the shell and the service worker:
    no error and no warning (unused names among them)."""
    oxlint = ROOT / "node_modules" / ".bin" / "oxlint"
    assert oxlint.exists(), "npm ci installs oxlint (package.json's devDependencies)"
    proc = subprocess.run(
        [str(oxlint), "--deny-warnings", "-f", "unix", "pwa", "service-worker.js"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def test_typescript_finds_nothing_in_the_typed_shell():
    """tsc --noEmit over tsconfig.json's files (the engine's interface, the
    Session, the storage and what they import), strict: no error."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "npm ci installs typescript (package.json's devDependencies)"
    proc = subprocess.run([str(tsc), "-p", "tsconfig.json", "--pretty", "false"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
