"""What the site's tests share: a module script run in Node at the
project's root (so it imports the shell's sources as `./pwa/…`)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def node_json():
    """run(script) → what the script printed as JSON, last line; the test
    fails with Node's error output when the script does."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is needed")

    def run(script: str):
        proc = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    return run
