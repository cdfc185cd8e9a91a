"""Each simulated phone's own caches, for the benches that run several
phones in one process (bench/face_down.py, bench/facedown_bridge.py).

What the engine keeps per process, each real phone has for itself: the
check after a hand by its messages' hash, the passes it computed, the
tables of the keys, the proofs checked and the shares made, the points of
bytes decoded and of the encodings it made (for their decode hints). Four phones in one process would share them: a guest then
checks a hand the host checked first for free, takes another phone's
shares as its own (and so leaves their proofs unchecked), reads the bytes
another phone decoded, or finds in the check after the hand the passes
the other phones computed while shuffling. Only the caches the engine at
hand has are swapped (a bench may run an older engine); the cards'
points, made once a process and alike on every phone, stay shared."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

# (module, name) of each cache kept per phone, a dict unless said otherwise.
CACHES = (
    ("facedown_check", "CHECKED"),
    ("facedown_deck", "TABLE_CACHE"),
    ("facedown_deck", "PASS_CACHE"),
    ("facedown_deck", "RERANDOMISERS"),
    ("facedown", "VERIFIED"),
    ("facedown", "MADE"),
)


def own_caches(seats: Iterable[int]) -> Callable[[int], None]:
    """→ own(seat), which puts that phone's own caches in place; call it
    before each of the phone's calls."""
    from schraem.core import facedown, facedown_check, facedown_deck
    from schraem.crypto import ristretto

    modules = {"facedown": facedown, "facedown_check": facedown_check, "facedown_deck": facedown_deck}
    present = [(modules[m], name) for m, name in CACHES if hasattr(modules[m], name)]
    kept: dict[int, dict[tuple[int, str], Any]] = {}
    for s in seats:
        kept[s] = {(id(module), name): {} for module, name in present}
        for name in ("_DECODED", "_ENCODED"):
            if hasattr(ristretto, name):
                kept[s][(id(ristretto), name)] = {}
        if hasattr(getattr(ristretto, "_decoded", None), "__wrapped__"):  # (an engine before its decodes were a dict)
            kept[s][(id(ristretto), "_decoded")] = functools.lru_cache(maxsize=4096)(ristretto._decoded.__wrapped__)

    def own(seat: int) -> None:
        for module, name in present:
            setattr(module, name, kept[seat][(id(module), name)])
        for name in ("_DECODED", "_ENCODED", "_decoded"):
            if (id(ristretto), name) in kept[seat]:
                setattr(ristretto, name, kept[seat][(id(ristretto), name)])

    return own
