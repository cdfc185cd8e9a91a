"""pwa/bridge/state-patch.js, run in Node: a patch takes the old state to the new
one exactly, holds nothing the new state does not (so a guest is never sent
a card its own state lacks), and a patch that does not fit, or reaches for
an object's prototype, is refused. The organiser's tournament is kept the
same way: each step's patch, applied by the shell to the tournament it
saved last, gives the tournament the engine holds."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from schraem.bridge import Bridge
from schraem.cli.simulate import sheet_result

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r'"((?:10|[7-9AKQJ])[CSHD])"')
CARDS = [f"{r}{s}" for r in ("10", "9", "8", "7", "A", "K", "Q", "J") for s in "CSHD"]

RUN = """
import { apply, diff } from './pwa/bridge/state-patch.js';
import { readFileSync } from 'node:fs';
const cases = JSON.parse(readFileSync(0, 'utf8'));
const out = cases.map(([a, b]) => {
  const before = JSON.stringify(a);
  const patch = diff(a, b);
  const got = apply(a, patch);
  return { patch, same: JSON.stringify(got) === JSON.stringify(b), untouched: JSON.stringify(a) === before };
});
const refused = [
  [{ x: 1 }, JSON.parse('{"s": {"__proto__": {"polluted": 1}}}')],
  [{ x: 1 }, { p: { x: { s: { y: 1 } } } }],
  [{ x: [1] }, { a: { x: 2 } }],
  [{ x: 1 }, { d: 'x' }],
  [{ x: 1 }, [1]],
].map(([a, p]) => { try { apply(a, p); return false; } catch { return true; } });
console.log(JSON.stringify({ out, refused, polluted: ({}).polluted === 1 }));
"""


def _state(rng: random.Random, log: list) -> dict:
    seat = rng.randint(1, 4)
    return {
        "seat": seat,
        "view": {
            "hand_no": rng.randint(1, 3),
            "my_cards": rng.sample(CARDS, rng.randint(0, 4)),
            "players": [{"seat": s, "cards_left": rng.randint(0, 4), "passed": rng.random() < 0.3} for s in range(1, 5)],
            "trick": [{"seat": rng.randint(1, 4), "card": c} for c in rng.sample(CARDS, rng.randint(0, 3))],
            "log": list(log),
            "response": None if rng.random() < 0.5 else {"to_answer": rng.randint(1, 4)},
        },
        "due": {"humans": rng.sample([1, 2, 4], rng.randint(0, 2)), "bots": []},
        **({"deal": {"hand": 2}} if rng.random() < 0.3 else {}),
    }


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed")
def test_a_patch_rebuilds_the_new_state_and_holds_nothing_else():
    rng = random.Random(23)
    cases = []
    log: list = []
    for _ in range(200):
        a = _state(rng, log)
        if rng.random() < 0.7:
            log = log + [{"seat": rng.randint(1, 4), "type": "play", "card": rng.choice(CARDS)}]
        else:
            log = log[: rng.randint(0, len(log))]
        cases.append([a, _state(rng, log)])
    done = subprocess.run(
        ["node", "--input-type=module", "-e", RUN],
        input=json.dumps(cases),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result = json.loads(done.stdout)
    for (a, b), r in zip(cases, result["out"]):
        assert r["same"] and r["untouched"], (a, b, r["patch"])
        assert set(CARD.findall(json.dumps(r["patch"]))) <= set(CARD.findall(json.dumps(b)))
    # The hand's log grows by appending: most patches carry only the new entry.
    assert sum("a" in r["patch"].get("p", {}).get("view", {}) for r in result["out"]) > 50
    assert result["refused"] == [True] * 5 and not result["polluted"]


CHAIN = """
import { apply } from './pwa/bridge/state-patch.js';
import { readFileSync } from 'node:fs';
const { start, patches } = JSON.parse(readFileSync(0, 'utf8'));
console.log(JSON.stringify(patches.reduce((kept, patch) => apply(kept, patch), start)));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed")
def test_the_organisers_patches_rebuild_the_tournament_the_engine_holds():
    # 23 players: tables of 4 and 3; a series drawn, results in any order, a player who stops.
    rng = random.Random(48)
    b = Bridge()

    def ask(**args) -> dict:
        reply = json.loads(b.handle(json.dumps({"id": 1, "cmd": "tournament", "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    names = [f"P{i}" for i in range(23)]
    start = ask(op="new", players=names, options={"series_games": 1, "start_marks": 3, "tournament_series": 3}, seed=5)["tournament"]
    patches = []
    for number in (1, 2, 3):
        if number > 1:
            patches.append(ask(op="start_series")["patch"])
        order = list(range(1, len(ask(op="state")["tables"][number - 1]) + 1))
        rng.shuffle(order)
        for k in order[: None if number < 3 else -1]:
            result = json.loads(json.dumps(sheet_result(ask(op="ticket", series=number, table=k)["ticket"], rng)))
            patches.append(ask(op="import", result=result)["patch"])
        if number == 1:
            patches.append(ask(op="withdraw", name="P3")["patch"])
    assert {next(iter(p)) for p in patches} == {"a", "p", "s"}
    done = subprocess.run(
        ["node", "--input-type=module", "-e", CHAIN],
        input=json.dumps({"start": start, "patches": patches}),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.strip() == json.dumps(ask(op="state")["tournament"], separators=(",", ":"), ensure_ascii=False)
