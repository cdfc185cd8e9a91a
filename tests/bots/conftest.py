import os

import pytest

from schraem.bots import Budget
from schraem.bots.strong import make


@pytest.fixture(scope="session")
def quick_strong():
    """The strong bot with a small deterministic budget (fast tests)."""
    return make(Budget(samples=6, nodes=6000))


@pytest.fixture(scope="session")
def scale():
    """Test sizes: SCHRAEM_BOT_TEST_SCALE=10 runs ten times as many games."""
    factor = float(os.environ.get("SCHRAEM_BOT_TEST_SCALE", "1"))
    return lambda default: max(1, int(default * factor))
