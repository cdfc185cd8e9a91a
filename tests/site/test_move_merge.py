"""The move file's merge (pwa/evening/move-merge.js, pure) run under Node: the same
file twice adds nothing, a phone's own data stays beside the new, a person
is found by id or by a name or alias, groups and house rule sets follow the
people and sets they were merged into."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def merge(mine: dict, theirs: dict) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    script = (
        f"import {{ mergeMove, changesAnything }} from {json.dumps((ROOT / 'pwa' / 'evening' / 'move-merge.js').as_uri())};"
        f"const p = mergeMove({json.dumps(mine)}, {json.dumps(theirs)});"
        "console.log(JSON.stringify({ ...p, changes: changesAnything(p) }));"
    )
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def data(history=(), people=(), groups=(), house=(), settings=None) -> dict:
    return {"history": list(history), "people": list(people), "groups": list(groups), "house": list(house), "settings": settings}


HANS = {"id": "p1", "name": "Hans", "colour": "blue", "aliases": ["Hnas"]}
ANNE = {"id": "p2", "name": "Anne", "colour": "red", "aliases": []}
SET = {"id": "h1", "name": "Rengen", "rules": "rengen", "options": {}}
GROUP = {"id": "g1", "name": "Stammtisch", "members": ["p1", "p2"], "house": "own:h1"}
THEIRS = data([{"id": "e1"}, {"id": "e2"}], [HANS, ANNE], [GROUP], [SET], {"pace": "slow"})


def test_into_an_empty_phone_everything_comes_and_a_second_time_nothing():
    first = merge(data(), THEIRS)
    assert first["added"] == {"history": 2, "people": 2, "groups": 1, "house": 1} and first["settings"] == {"pace": "slow"}
    after = data(THEIRS["history"], first["people"], first["groups"], first["house"], first["settings"])
    again = merge(after, THEIRS)
    assert again["changes"] is False and again["history"] == [] and again["people"] == first["people"]


def test_a_phone_keeps_its_own_and_finds_its_people_by_name_or_alias():
    mine = data(
        [{"id": "e9"}, {"id": "e1"}],
        [{"id": "q1", "name": "hnas", "colour": "green", "aliases": []}],
        [],
        [{"id": "h9", "name": "Rengen", "rules": "rheinland", "options": {}}],
        {"pace": "fast"},
    )
    plan = merge(mine, THEIRS)
    assert [e["id"] for e in plan["history"]] == ["e2"]  # e1 is here already
    people = {p["name"]: p for p in plan["people"]}
    assert set(people) == {"hnas", "Anne"} and people["hnas"]["aliases"] == ["Hans", "Hnas"]
    assert plan["groups"][0]["members"] == ["q1", "p2"]
    # Same name, other rules: both kept, told apart.
    assert [s["name"] for s in plan["house"]] == ["Rengen", "Rengen (2)"] and plan["groups"][0]["house"] == "own:h1"
    assert plan["settings"] is None  # this phone keeps its own
    assert plan["changes"] is True


def test_the_files_people_stay_apart_even_where_one_bears_anothers_earlier_name():
    # On the other phone Hubert was renamed Hubi; a new Hubert came later, and "anne" is not "Anne" there.
    hubi = {"id": "p3", "name": "Hubi", "colour": "blue", "aliases": ["Hubert"]}
    hubert = {"id": "p4", "name": "Hubert", "colour": "green", "aliases": []}
    small = {"id": "p5", "name": "anne", "colour": "purple", "aliases": []}
    theirs = data(people=[hubi, hubert, ANNE, small])
    fresh = merge(data(), theirs)
    assert fresh["people"] == [hubi, hubert, ANNE, small] and fresh["added"]["people"] == 4 and fresh["aliases"] == 0
    # A phone with its own Hubert: the file's Hubert is that one (own name first), Hubi stays Hubi.
    mine = data(people=[{"id": "q1", "name": "Hubert", "colour": "red", "aliases": []}])
    plan = merge(mine, theirs)
    assert [(p["id"], p["name"], p["aliases"]) for p in plan["people"]] == [
        ("q1", "Hubert", []),
        ("p3", "Hubi", ["Hubert"]),
        ("p2", "Anne", []),
        ("p5", "anne", []),
    ]
