"""The move file (an evening that moves to another phone): the history's
entries written the way every file leaves the phone (outbound.py: no
seed, no card of a hand that may be under way), each one replayed on the
way out and again on the way in. Scrubbing a scrubbed entry gives it back
unchanged, so a file imported twice, or carried back and forth between
two phones, never makes a second copy of a game."""
from __future__ import annotations

from . import fields as f
from .errors import Both, RecordError, SchraemError
from .outbound import export_of

MAX_ENTRIES = 10_000
MAX_ENTRY_RECORDS = 1_000


def _record(raw) -> dict:
    """A finished game record without seeds; who sat where (a computer
    player's `kind` and `level`, which the replay ignores) travels on, so
    the statistics keep a computer apart on the other phone too."""
    out = export_of(raw, False)["file"]
    for p, q in zip(out.get("players", []), raw.get("players", [])):
        if isinstance(q, dict) and q.get("kind") == "bot":
            p["kind"] = "bot"
            if isinstance(q.get("level"), str):
                p["level"] = q["level"]
    return out


def _entry(entry) -> dict:
    f.obj(entry, "entry", "Eintrag", "entry")
    out = dict(entry)
    if entry.get("kind") == "tournament":
        facts = f.obj(entry.get("facts"), "facts", "Turnierstand", "tournament facts")
        out["facts"] = {**facts, "tournament": export_of(f.obj(facts.get("tournament"), "tournament", "Turnier", "tournament"), False)["file"]}
    else:
        out["save"] = export_of(f.obj(entry.get("save"), "save", "Spielstand", "save"), False)["file"]
    records = f.items(entry.get("records", []), "records", "Aufzeichnungen", "records", 0, MAX_ENTRY_RECORDS)
    out["records"] = [_record(f.obj(r, "record", "Aufzeichnung", "record")) for r in records]
    return out


def move(entries, strict, offset=0) -> dict:
    """History entries as the move file carries them. `strict` (a file
    coming in): an entry that does not replay refuses the whole file,
    naming it; otherwise (a file going out) such an entry is left out and
    counted, so one damaged game does not keep the rest from moving.
    `offset`: how many entries of the file came before these (the shell
    sends a long history in parts), so a refusal names the file's entry."""
    f.items(entries, "entries", "Verlaufseinträge", "history entries", 0, MAX_ENTRIES)
    if not isinstance(strict, bool):
        f.refuse("strict", "streng", "strict", "ist true oder false", "is true or false")
    offset = f.whole(offset, "offset", "Versatz", "offset", 0, MAX_ENTRIES)
    out, left_out = [], 0
    for i, entry in enumerate(entries, offset + 1):
        try:
            out.append(_entry(entry))
        except SchraemError as e:
            if strict:
                raise RecordError("bad_record", detail=Both(f"Verlaufseintrag {i}: {e.de}", f"history entry {i}: {e.en}")) from e
            left_out += 1
    return {"entries": out, "left_out": left_out}
