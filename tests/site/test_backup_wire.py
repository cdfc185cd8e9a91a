"""A backup another phone at the table keeps (pwa/phone/backup-wire.js, pure)
run under Node: a copy goes out in parts and comes back whole; a message
of the wrong shape or size, a part out of place, a copy larger than a move
file, not JSON, of another kind or from a newer app is refused; the
question before keeping it counts the games as the reminder does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIRE = (ROOT / "pwa" / "phone" / "backup-wire.js").as_uri()


@pytest.fixture
def run(node_json):
    """run(body) → what the function body returns, with the module as `w`."""
    return lambda body: node_json(
        f"import * as w from {json.dumps(WIRE)};\nconst out = (() => {{ {body} }})();\nconsole.log(JSON.stringify(out));"
    )


GAME = {"id": "e1", "kind": "series", "savedAt": 1, "status": "finished", "names": ["A", "B", "C"], "save": {}, "records": [{}, {}]}
COPY = {
    "format": "schraem-move/1",
    "madeAt": "2025-05-03T20:00:00.000Z",
    "check": "0" * 64,
    "data": {"history": [GAME, {"id": "bad"}], "people": [], "groups": [], "house": [], "settings": None},
}


def test_a_copy_in_parts_comes_back_whole_and_names_its_games(run):
    out = run(
        f"""const text = {json.dumps(json.dumps(COPY))} + ' '.repeat(150_000); // three parts
        const parts = w.partsOf(text, 'x1', 'keep').map((m) => w.readMessage(JSON.stringify(m)));
        let under = null, done = null;
        for (const m of parts) {{ const r = w.gather(under, m); under = r.under ?? null; done = r.done ?? done; }}
        const read = w.readCopy(done.text);
        return {{ n: parts.length, same: done.text === text, kind: done.kind, games: read.copy.games, made: read.copy.madeAt }};"""
    )
    # A damaged entry holds no game that can be read; the series two.
    assert out == {"n": 3, "same": True, "kind": "keep", "games": 2, "made": 1746302400000}


def test_a_part_out_of_place_or_too_much_is_refused(run):
    out = run(
        """const m = (part, parts, text = 'a', xfer = 'x1') => ({ type: 'copy', xfer, kind: 'keep', part, parts, text });
        const first = w.gather(null, m(0, 3)).under;
        const big = { xfer: 'x1', kind: 'keep', parts: 3, texts: ['a'], size: w.MAX_COPY_CHARS };
        return {
          skipped: w.gather(first, m(2, 3)).error,
          other: w.gather(w.gather(null, m(0, 3)).under, m(1, 3, 'a', 'x2')).error,
          noStart: w.gather(null, m(1, 3)).error,
          tooBig: w.gather(big, m(1, 3)).error,
        };"""
    )
    assert out == {"skipped": "broken", "other": "broken", "noStart": "broken", "tooBig": "tooBig"}


def test_messages_of_the_wrong_shape_or_size_are_not_read(run):
    bad = [
        "not json",
        "[]",
        json.dumps({"type": "hello", "id": "<script>alert(1)</script>"}),
        json.dumps({"type": "hello", "id": "a" * 32, "extra": 1}),
        json.dumps({"type": "copy", "xfer": "x", "kind": "steal", "part": 0, "parts": 1, "text": ""}),
        json.dumps({"type": "copy", "xfer": "x", "kind": "keep", "part": 1, "parts": 1, "text": ""}),
        json.dumps({"type": "copy", "xfer": "x", "kind": "keep", "part": 0, "parts": 10**9, "text": ""}),
        json.dumps({"type": "copy", "xfer": "x", "kind": "keep", "part": 0, "parts": 1, "text": "a" * 60_001}),
        json.dumps({"type": "refused", "xfer": "x", "reason": "<b>why</b>"}),
        json.dumps({"type": "eval"}),
    ]
    good = [
        json.dumps({"type": "hello", "id": "0123456789abcdef" * 2}),
        json.dumps({"type": "ask"}),
        json.dumps({"type": "stored", "xfer": "a-1"}),
    ]
    out = run(f"return [...{json.dumps(bad)}, ...{json.dumps(good)}].map((d) => w.readMessage(d) !== null);")
    assert out == [False] * len(bad) + [True] * len(good)


def test_a_copy_that_is_no_backup_is_said_why(run):
    cases = {
        "broken": '{"format": "schraem-move/1", "da',
        "foreign": json.dumps({"format": "schraem-record/1"}),
        "newer": json.dumps({**COPY, "format": "schraem-move/2"}),
        "no date": json.dumps({**COPY, "madeAt": "gestern"}),
        "no history": json.dumps({**COPY, "data": {"history": "all"}}),
    }
    out = run(f"const c = {json.dumps(cases)}; return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, w.readCopy(v).error]));")
    assert out == {"broken": "broken", "foreign": "foreign", "newer": "newer", "no date": "foreign", "no history": "foreign"}
    assert run("return w.readCopy('x'.repeat(w.MAX_COPY_CHARS + 1)).error;") == "tooBig"


def test_the_format_is_the_move_files(run):
    assert run("return w.MOVE_FORMAT;") == "schraem-move/1"
    assert "export const MOVE_FORMAT = 'schraem-move/1';" in (ROOT / "pwa" / "evening" / "move-merge.js").read_text()


def test_the_list_of_copies_kept_leaves_out_what_is_not_one(run):
    ok = {"owner": "ab" * 16, "name": "<script>x</script>", "madeAt": 1, "keptAt": 2, "games": 3, "size": 10}
    stored = [ok, {**ok, "owner": "../meta"}, {**ok, "games": -1}, None, "x"]
    assert run(f"return w.heldList({json.dumps(stored)});") == [ok]
    assert run("return w.heldList({ a: 1 });") == []
