"""Every engine message reaches the player in the chosen language: no
refusal's German text carries an English detail (bug 6)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import schraem
from schraem.bridge import Bridge

ENGINE = Path(schraem.__file__).parent


def test_no_detail_is_written_in_one_language_only():
    plain = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg in ("detail", "why") and isinstance(kw.value, (ast.Constant, ast.JoinedStr)):
                        plain.append(f"{path.name}:{node.lineno}")
                    if kw.arg in ("detail", "why") and isinstance(kw.value, ast.Attribute) and kw.value.attr == "en":
                        plain.append(f"{path.name}:{node.lineno} (only the English text of another error)")
    assert plain == []


def _refusal(cmd: str, **args) -> dict:
    reply = json.loads(Bridge().handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert not reply["ok"]
    return reply["error"]


def test_refusals_of_broken_input_are_german_in_german():
    record = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "players": [{"name": "A"}, {"name": "B"}],
        "dealer": 1,
        "hands": [{"deal": [["AS"], ["AS"]], "actions": []}],
    }
    cases = [
        _refusal("new_game", players="Anne"),
        _refusal("import", record={"format": "nope"}),
        _refusal("import", record=record),
        _refusal("import", record=dict(record, hands=[{"seed": 1, "actions": [{"seat": 1, "type": "fly"}]}])),
    ]
    for e in cases:
        assert e["de"] != e["en"], e
        english = e["en"].split(": ", 1)[-1].rstrip(".")
        assert english not in e["de"], e
