"""A parallel run keeps both cores busy: the browser tests leave them idle
a sixth of the time (a test waiting on one of the app's own timers, or on
a second phone), and the tests that need neither the site nor a browser
(the engine's and the bots' tests in CPython) are a few minutes of pure
computing that nothing waits for.

So `-n auto` starts one process per core for the browser tests, the site's
and the rest, and one more at the lowest priority (niceness 19) that runs
only those CPython tests: the kernel gives it what the others leave idle.
The tests go out one at a time, so when the browser tests are done the
processes per core take over whatever CPython tests are left.

tests/conftest.py wires this in; `-n N` (a number) runs as pytest-xdist's
own loadgroup does."""
from __future__ import annotations

import os

from xdist.scheduler import LoadGroupScheduling

# The tests that need neither the built site nor a browser.
FILLER_TESTS = ("tests/engine/", "tests/bots/", "tests/variants/")
FILLERS = 1
FILLER_NICENESS = 19
# Set by the controller before it starts the processes, which inherit it:
# the ids of the filling processes ("gw2"), comma-separated.
ENV = "SCHRAEM_FILLING_WORKERS"


def add_fillers(cores: int) -> int:
    """The number of processes for `-n auto` on `cores` cores: the last
    FILLERS of them fill."""
    os.environ[ENV] = ",".join(f"gw{i}" for i in range(cores, cores + FILLERS))
    return cores + FILLERS


def filling_workers() -> frozenset[str]:
    return frozenset(w for w in os.environ.get(ENV, "").split(",") if w)


def lower_priority_if_filling(worker_id: str) -> None:
    if worker_id in filling_workers():
        os.nice(FILLER_NICENESS)


class FillingScheduling(LoadGroupScheduling):
    """pytest-xdist's loadgroup, except that the filling processes only get
    FILLER_TESTS and the others get those only once nothing else is left."""

    def __init__(self, config, log, fillers: frozenset[str]):
        super().__init__(config, log)
        self.fillers = fillers

    def _next_scope(self, node) -> str | None:
        filling = node.gateway.id in self.fillers
        spare = None
        for scope, unit in self.workqueue.items():
            fills = next(iter(unit)).startswith(FILLER_TESTS)
            if fills == filling:
                return scope
            if fills and spare is None:
                spare = scope
        return None if filling else spare

    def _assign_work_unit(self, node) -> None:
        scope = self._next_scope(node)
        if scope is None:
            node.shutdown()
            return
        work_unit = self.workqueue.pop(scope)
        self.assigned_work.setdefault(node, {})[scope] = work_unit
        collection = self.registered_collections[node]
        node.send_runtest_some([collection.index(nodeid) for nodeid, done in work_unit.items() if not done])

    def _reschedule(self, node) -> None:
        if node.shutting_down:
            return
        if self._next_scope(node) is None:
            node.shutdown()
            return
        # A process runs a test once it knows the next one: two in hand.
        if self._pending_of(self.assigned_work[node]) > 2:
            return
        self._assign_work_unit(node)
