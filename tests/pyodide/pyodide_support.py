"""Running the engine suite inside Pyodide under Node (run.mjs), shared by
conftest.py (which starts it early) and test_in_pyodide.py (which waits for
it and judges the result)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from shared_run import build_module, locked, shared_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WHEELS = ROOT / ".cache" / "wheels"
PYODIDE_PYTHON = "3.14"
TIMEOUT_S = 40 * 60
# Not 19: under a full load that would starve it until the end of the run.
BACKGROUND_NICENESS = 10
# The tests that judge the one background run (conftest.py starts it when
# either is collected; tests/conftest.py runs them last).
SUITE_TESTS = (
    "test_in_pyodide.py::test_engine_suite_passes_inside_pyodide",
    "test_trimmed_stdlib.py::test_engine_suite_passes_on_the_trimmed_library",
)


def suite_folder() -> Path | None:
    """Where a parallel run's engine suite in Pyodide writes its outcome."""
    shared = shared_dir()
    return shared / "pyodide-suite" if shared else None


def trimmed_library() -> Path:
    """build.py's Pyodide step for this checkout: the trimmed standard
    library and the engine as bytecode, as the app ships them (cached by
    their inputs; a build running at the same time makes it once)."""
    build = build_module()
    pyodide = build.ensure_pyodide(ROOT)
    return build.pyodide_step(pyodide, build.engine_zip(ROOT / "engine" / "schraem"), quiet=True)


def wheels() -> Path:
    """Pure-Python wheels for Pyodide's Python, downloaded once into .cache/
    and reused while requirements.txt is unchanged."""
    wanted = (HERE / "requirements.txt").read_text()
    stamp = WHEELS / "requirements.txt"
    if stamp.is_file() and stamp.read_text() == wanted:
        return WHEELS
    # Parallel test processes ask at the same time: one downloads.
    with locked(WHEELS):
        if not (stamp.is_file() and stamp.read_text() == wanted):
            _download(wanted)
    return WHEELS


def _download(wanted: str) -> None:
    fresh = WHEELS.with_name("wheels.partial")
    shutil.rmtree(fresh, ignore_errors=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--only-binary=:all:",
            "--python-version",
            PYODIDE_PYTHON,
            "--implementation",
            "py",
            "--platform",
            "any",
            "--abi",
            "none",
            "-d",
            str(fresh),
            "-r",
            str(HERE / "requirements.txt"),
        ],
        check=True,
    )
    (fresh / "requirements.txt").write_text(wanted)
    shutil.rmtree(WHEELS, ignore_errors=True)
    fresh.rename(WHEELS)


class SuiteRun:
    """`node run.mjs` as a background process, on the trimmed standard
    library and the engine's bytecode the app ships (so one run answers
    both "does the engine pass inside Pyodide" and "does the trimmed library
    hold everything it needs"). Node runs the suite on one core while pytest
    goes on with other tests; `result()` waits for it. The build step it
    needs runs in a thread, so starting returns at once. A failure to start
    (no Node, no Pyodide, no wheels, a failed build step) is kept and raised
    by `result()`, so it is reported by the test and not by pytest itself."""

    def __init__(self, folder: Path | None = None):
        self.proc: subprocess.Popen | None = None
        self.error: BaseException | None = None
        self.started_at = 0.0
        self._out = self._err = None
        self._launcher: threading.Thread | None = None
        # Set in a parallel run: the outcome is also written there, for the
        # test process that judges it (SharedSuiteRun).
        self.folder = folder

    def start(self) -> "SuiteRun":
        if self._launcher is None:
            self.started_at = time.monotonic()
            self._launcher = threading.Thread(target=self._launch, daemon=True)
            self._launcher.start()
        return self

    def _launch(self) -> None:
        try:
            node = shutil.which("node")
            if node is None:
                raise RuntimeError("Node.js is required to run the engine tests inside Pyodide")
            found = wheels()
            trimmed = trimmed_library()
            # Files, not pipes: nobody reads while the other tests run.
            if self.folder:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._out, self._err = open(self.folder / "stdout", "w+"), open(self.folder / "stderr", "w+")
            else:
                self._out, self._err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
            command = [node, str(HERE / "run.mjs"), "--wheels", str(found), "--trimmed", str(trimmed)]
            nice = shutil.which("nice")
            if self.folder and nice:
                # Beside a parallel run, at a lower priority: the suite is a
                # minute of one core that nothing waits for until the end, so
                # the test processes go first. (It still slows them: on this
                # 2-core machine what they leave idle is not free, whatever
                # the priority; see bench/RESULTS.md, "Test suite".)
                command = [nice, "-n", str(BACKGROUND_NICENESS), *command]
            self.proc = subprocess.Popen(command, cwd=ROOT, stdout=self._out, stderr=self._err, text=True)
            if self.folder:
                self._publish()
        except BaseException as e:  # noqa: BLE001 - raised again by result(), inside the test
            self.error = e
            if self.folder:
                self.folder.mkdir(parents=True, exist_ok=True)
                _write(self.folder / "error", repr(e))

    def _publish(self) -> None:
        _write(self.folder / "exit", str(self.proc.wait()))

    def result(self) -> tuple[int, str]:
        """(exit code, stdout + stderr) once Node is done."""
        self.start()
        self._launcher.join(max(TIMEOUT_S - (time.monotonic() - self.started_at), 0))
        if self.error is not None:
            raise self.error
        if self.proc is None:
            raise TimeoutError(f"the engine suite in Pyodide did not start in {TIMEOUT_S} s")
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


def _write(path: Path, text: str) -> None:
    # Whole or not at all: the reader polls for the file.
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


class SharedSuiteRun:
    """The run another process of a parallel session started (tests/conftest.py
    starts it as soon as the workers have collected this test)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def start(self) -> "SharedSuiteRun":
        return self

    def stop(self) -> None:
        pass

    def result(self) -> tuple[int, str]:
        deadline = time.monotonic() + TIMEOUT_S
        while not (self.folder / "exit").exists():
            if (self.folder / "error").exists():
                raise RuntimeError((self.folder / "error").read_text())
            if time.monotonic() > deadline:
                raise TimeoutError(f"the engine suite in Pyodide did not finish in {TIMEOUT_S} s")
            time.sleep(0.5)
        output = "".join((self.folder / n).read_text() for n in ("stdout", "stderr") if (self.folder / n).exists())
        return int((self.folder / "exit").read_text()), output
