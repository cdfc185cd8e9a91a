"""The move file (an evening that moves to another phone): the history's
entries written the way every file leaves the phone (outbound.py: no
seed, no card of a hand that may still be played: the table in play's),
each one replayed on the way out and again on the way in. Scrubbing a scrubbed entry gives it back
unchanged, so a file imported twice, or carried back and forth between
two phones, never makes a second copy of a game."""

from __future__ import annotations

import json
import math
from typing import Any

from ..bots import LEVELS
from ..core import fields as f
from ..core.errors import Both, RecordError, SchraemError
from ..review.review import REVIEW_FORMAT, WORST
from .club import export_of
from .organiser import Organiser
from .tournament import Tournament

MAX_ENTRIES = 10_000
MAX_ENTRY_RECORDS = 1_000
SAVE_FORMAT = "schraem-save/1"
KINDS = ("game", "series", "set", "tournament")
FILED = ("finished", "interrupted")  # the statuses of a table no phone plays on
# The fields a history entry has (club.js, organiser.js, history.js): a
# file coming in may carry no other, and none larger than the app writes.
ENTRY_KEYS = {"id", "kind", "status", "names", "savedAt", "rules", "summary", "save", "records", "review", "facts"}
MAX_SUMMARY = 500
# A review holds a few hundred decisions at most; this is far above that
# and far below what could fill a phone.
MAX_REVIEW_CHARS = 500_000


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


def _seats(save, n: int) -> dict | None:
    """Who sat where at a game's table (a person, or a computer and its
    level) and whether it was a scoresheet, without the table's seed: the
    other phone offers the review of the person's game and keeps a computer
    apart, as this one does."""
    table = save.get("table")
    if table is None:
        return None
    f.obj(table, "table", "Tisch", "table")
    players = f.items(table.get("players"), "players", "Plätze", "seats", n, n)
    seats = []
    for p in players:
        kind = f.obj(p, "players", "Plätze", "seats").get("kind", "human")
        if kind == "bot" and p.get("level") in LEVELS:
            seats.append({"kind": "bot", "level": p["level"]})
        elif kind == "human":
            seats.append({"kind": "human"})
        else:
            f.refuse(
                "players",
                "Plätze",
                "seats",
                "sind Personen oder Computerspieler mit einer Stufe",
                "are people, or computer players with a level",
            )
    out: dict[str, Any] = {"players": seats}
    if table.get("real_cards") is True:
        out["real_cards"] = True
    return out


def _number(value, key: str, de: str, en: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        f.refuse(key, de, en, "muss eine Zahl sein", "must be a number")
    return value


def _review(review, kept: int) -> dict | None:
    """A kept review as it may leave with its game: checked in shape and
    size, and cut to the hands that leave with the game (a hand under way
    stays on this phone, and so do the review's words on it, with the
    seat's cards). None when no weighed hand leaves."""
    f.obj(review, "review", "Spielanalyse", "review")
    if review.get("format") != REVIEW_FORMAT:
        f.refuse("review", "Spielanalyse", "review", f"hat das Format {REVIEW_FORMAT!r}", f"has format {REVIEW_FORMAT!r}")
    if len(json.dumps(review)) > MAX_REVIEW_CHARS:
        f.refuse("review", "Spielanalyse", "review", "ist größer, als eine Spielanalyse sein kann", "is larger than a review can be")
    hands = f.items(review.get("hands"), "hands", "Spiele der Spielanalyse", "the review's hands", 0, f.MAX_NUMBER)
    for k, hd in enumerate(hands, 1):
        f.obj(hd, "hands", "Spiele der Spielanalyse", "the review's hands")
        if hd.get("hand") != k:
            f.refuse("hands", "Spiele der Spielanalyse", "the review's hands", "sind der Reihe nach gezählt", "are counted in order")
        for e in f.items(hd.get("decisions"), "decisions", "Entscheidungen", "decisions"):
            f.obj(e, "decisions", "Entscheidungen", "decisions")
            _number(e.get("cost"), "cost", "Kosten", "cost")
            f.whole(e.get("index"), "index", "Stelle", "index", 0, f.MAX_NUMBER)
            if e.get("hand") != k:
                f.refuse("decisions", "Entscheidungen", "decisions", "gehören zu ihrem Spiel", "belong to their hand")
    f.items(review.get("worst"), "worst", "teuerste Entscheidungen", "costliest decisions", 0, WORST)
    # The review's own sampling seed is the app's constant, not a game's;
    # it stays behind with every other seed.
    review = {k: v for k, v in review.items() if k != "seed"}
    if len(hands) <= kept:
        return review
    if kept == 0:
        return None
    hands = hands[:kept]
    decisions = [e for hd in hands for e in hd["decisions"]]
    worst = sorted((e for e in decisions if e.get("reason") is not None), key=lambda e: (-e["cost"], e["hand"], e["index"]))[:WORST]
    return {
        **review,
        "hands": hands,
        "weighed": len(decisions),
        "total": len(decisions),
        "cost": round(sum(e["cost"] for e in decisions), 3),
        "worst": [{"hand": e["hand"], "index": e["index"], "kind": e.get("kind"), "target": e.get("target")} for e in worst],
    }


def _summary(v) -> bool:
    """An entry's line: one text (older entries), or the same line in
    German and English, so the history reads in the phone's language."""

    def short(x) -> bool:
        return isinstance(x, str) and len(x) <= MAX_SUMMARY

    return short(v) or (isinstance(v, dict) and set(v) == {"de", "en"} and all(short(x) for x in v.values()))


def _entry(entry, strict: bool) -> dict:
    f.obj(entry, "entry", "Eintrag", "entry")
    if strict:
        f.only(entry, ENTRY_KEYS, "ein Verlaufseintrag", "a history entry")
    out = {k: v for k, v in entry.items() if k in ENTRY_KEYS}
    if not (isinstance(entry.get("id"), str) and 1 <= len(entry["id"]) <= f.MAX_ID or f.is_int(entry.get("id"))):
        f.refuse(
            "id",
            "Kennung",
            "id",
            f"ist ein Text mit 1 bis {f.MAX_ID} Zeichen oder eine Zahl",
            f"is a text of 1 to {f.MAX_ID} characters or a number",
        )
    if entry.get("kind") not in KINDS:
        f.refuse("kind", "Art", "kind", "ist game, series, set oder tournament", "is game, series, set or tournament")
    f.text(entry.get("status"), "status", "Stand", "status", 20)
    # A championship's entry names its 300 players (a tournament holds up
    # to 400); any other table far fewer.
    most = f.MAX_TOURNAMENT_PLAYERS if entry.get("kind") == "tournament" else f.MAX_PLAYERS
    for n in f.items(entry.get("names"), "names", "Namen", "names", 1, most):
        f.text(n, "names", "Namen", "names", f.MAX_NAME)
    f.whole(entry.get("savedAt"), "savedAt", "gespeichert am", "saved at", 0, f.MAX_SEED)
    if entry.get("rules") is not None:
        f.text(entry["rules"], "rules", "Regeln", "rules", f.MAX_NAME)
    if entry.get("summary") is not None and not _summary(entry["summary"]):
        f.refuse(
            "summary",
            "Zusammenfassung",
            "summary",
            f"ist ein Text bis {MAX_SUMMARY} Zeichen, oder einer je Sprache (de, en)",
            f"is a text of up to {MAX_SUMMARY} characters, or one per language (de, en)",
        )
    most_records = MAX_ENTRY_RECORDS
    if entry.get("kind") == "tournament":
        facts = f.obj(entry.get("facts"), "facts", "Turnierstand", "tournament facts")
        tournament = export_of(f.obj(facts.get("tournament"), "tournament", "Turnier", "tournament"), False)["file"]
        # The standings and tables as the engine finds them in the
        # tournament itself: nothing else of the facts is taken on trust.
        organiser = Organiser()
        organiser.tournament = Tournament.from_json(tournament)
        out["facts"] = {**organiser.facts(), "tournament": tournament}
        # Its records are its tables' games: a championship's five series
        # at 75 tables hold 1,875 of them.
        most_records = max(MAX_ENTRY_RECORDS, sum(len(s.games) for tables in organiser.tournament.series for s in tables))
    else:
        save = f.obj(entry.get("save"), "save", "Spielstand", "save")
        # A table still in play on this phone ("running") keeps the hand
        # under way here. A table filed away for good (finished, or
        # interrupted by another) is never played on: its last hand is
        # history like every other, and leaves with the review made of it,
        # so the other phone shows the entry as this one does.
        file = export_of(save, entry.get("status") in FILED)["file"]
        plain = save.get("format") == SAVE_FORMAT and "series" not in save and "set" not in save
        seats = _seats(save, len(file["players"])) if plain else None
        # A game's save stays a save, with who sat where: the review and
        # the statistics on the other phone need its people and computers.
        out["save"] = {"format": SAVE_FORMAT, "record": file, **({"table": seats} if seats else {})} if plain else file
        if "review" in entry:
            review = _review(entry["review"], len(file["hands"])) if entry.get("kind") == "game" else None
            if review is None:
                out.pop("review")
            else:
                out["review"] = review
    records = f.items(entry.get("records", []), "records", "Aufzeichnungen", "records", 0, most_records)
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
            out.append(_entry(entry, strict))
        except SchraemError as e:
            if strict:
                raise RecordError("bad_record", detail=Both(f"Verlaufseintrag {i}: {e.de}", f"history entry {i}: {e.en}")) from e
            left_out += 1
    return {"entries": out, "left_out": left_out}
