"""Running the engine suite inside Pyodide under Node (run.mjs), shared by
conftest.py (which starts it early) and test_in_pyodide.py (which waits for
it and judges the result)."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WHEELS = ROOT / ".cache" / "wheels"
PYODIDE_PYTHON = "3.14"
TIMEOUT_S = 40 * 60


def ensure_pyodide() -> None:
    spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.ensure_pyodide(ROOT)


def wheels() -> Path:
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


class SuiteRun:
    """`node run.mjs` as a background process. Node runs the suite on one
    core while pytest goes on with other tests; `result()` waits for it.
    A failure to start (no Node, no Pyodide, no wheels) is kept and raised
    by `result()`, so it is reported by the test and not by pytest itself."""

    def __init__(self):
        self.proc: subprocess.Popen | None = None
        self.error: BaseException | None = None
        self.started_at = 0.0
        self._out = self._err = None

    def start(self) -> "SuiteRun":
        if self.proc is not None or self.error is not None:
            return self
        try:
            node = shutil.which("node")
            if node is None:
                raise RuntimeError("Node.js is required to run the engine tests inside Pyodide")
            ensure_pyodide()
            found = wheels()
            # Files, not pipes: nobody reads while the other tests run.
            self._out, self._err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
            self.started_at = time.monotonic()
            self.proc = subprocess.Popen([node, str(HERE / "run.mjs"), "--wheels", str(found)],
                                         cwd=ROOT, stdout=self._out, stderr=self._err, text=True)
        except Exception as e:  # noqa: BLE001 - raised again by result(), inside the test
            self.error = e
        return self

    def result(self) -> tuple[int, str]:
        """(exit code, stdout + stderr) once Node is done."""
        self.start()
        if self.error is not None:
            raise self.error
        left = TIMEOUT_S - (time.monotonic() - self.started_at)
        try:
            code = self.proc.wait(timeout=max(left, 0))
        except subprocess.TimeoutExpired:
            self.stop()
            raise
        output = ""
        for f in (self._out, self._err):
            f.seek(0)
            output += f.read()
        return code, output

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
