"""The random bot: any legal action (for tests). It reads only its view."""

from __future__ import annotations

from .common import is_due

# Out of turn the random bot sometimes takes one of the actions anyone may
# take at any moment (knock, look, exchange, ...), so tests meet them too.
OUT_OF_TURN = 0.05


def choose_random(view: dict, rng) -> dict | None:
    legal = view.get("legal") or []
    if not legal or view.get("real_cards"):
        return None
    if is_due(view):
        return rng.choice(legal)
    if rng.random() < OUT_OF_TURN:
        return rng.choice(legal)
    return None


choose_random.out_of_turn = True  # type: ignore[attr-defined]  # a flag on the function: the match runner asks it when not due
