"""What the processes of one test run share when pytest-xdist runs it in
several (tests/conftest.py sets it up): a folder for the run, and work done
once in it under a lock (the built site), whichever process asks first.

Without xdist the folder is pytest's own temporary one and the lock has
nobody to wait for."""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

ENV = "SCHRAEM_TEST_SESSION"


def shared_dir() -> Path | None:
    """The run's shared folder, or None outside a parallel run."""
    folder = os.environ.get(ENV)
    return Path(folder) if folder else None


@contextmanager
def locked(path: Path):
    """Holds `path`.lock while the block runs (one process at a time)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{path}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def once(path: Path, make) -> Path:
    """`make(path)` the first time any process of the run asks for `path`;
    every later call (from any process) gets what it made."""
    done = Path(f"{path}.done")
    with locked(path):
        if not done.exists():
            shutil.rmtree(path, ignore_errors=True)
            make(path)
            done.touch()
    return path


def build_module():
    # Loaded by path: "build" is also the name of a PyPI package.
    spec = importlib.util.spec_from_file_location("schraem_build", Path(__file__).resolve().parents[1] / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def built_site(shared: Path) -> Path:
    """The run's site, built by build.py the first time any process asks
    (the controller asks as soon as the tests are collected, so the build
    runs beside the engine tests instead of holding up the first browser
    test)."""
    return once(shared / "dist", lambda out: build_module().build(out, quiet=True))
