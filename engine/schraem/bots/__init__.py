"""Computer opponents. Every bot sees only its seat's view (schraem.view)."""
from .simple import choose_random, choose_easy

LEVELS = {"random": choose_random, "easy": choose_easy}


def choose(level: str, view: dict, rng) -> dict | None:
    """The action (JSON) the bot of `level` takes from `view`, or None when it
    does not want to act now."""
    return LEVELS[level](view, rng)
