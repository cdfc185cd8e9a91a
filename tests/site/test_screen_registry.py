"""pwa/app/registry.js, run in Node: a screen is drawn by the part that
declared it, a screen with nothing to show (or no such screen) draws
nothing, and a name declared by two parts stops the loading, naming both."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import { declareScreens, drawScreen } from './pwa/app/registry.js';
declareScreens('club', { list: ({ ready }) => ['list', ready], fix: () => null });
declareScreens('phone', { 'phone-open': () => ['open', 'back'] });
const out = { list: drawScreen('list', { ready: true }), fix: drawScreen('fix', {}), open: drawScreen('phone-open', {}), none: drawScreen('nowhere', {}) };
try {
  declareScreens('evening', { kitty: () => null, list: () => ['other'] });
  out.twice = null;
} catch (err) {
  out.twice = err.message;
}
out.after = drawScreen('list', { ready: false });
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed")
def test_each_screen_is_drawn_by_the_one_part_that_declared_it():
    proc = subprocess.run(["node", "--input-type=module", "-e", RUN], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["list"] == ["list", True]
    assert out["fix"] is None and out["none"] is None
    assert out["open"] == ["open", "back"]
    assert out["twice"] == 'the screen "list" is declared twice: by club and by evening'
    assert out["after"] == ["list", False]  # the first declaration still answers
