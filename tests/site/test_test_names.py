"""pytest imports test modules by their file name (the test folders are no
packages): two test files with one name in different folders make the
second fail to collect, and its tests silently never run in a whole run."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_every_test_module_has_a_name_of_its_own():
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
