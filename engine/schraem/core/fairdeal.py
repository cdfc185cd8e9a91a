"""A deal nobody at a table of phones can choose: commit first, then reveal.

Before a hand every phone at the table picks a random number (its
*reveal*) and sends only the number's hash (its *commit*). Once every
commit is in, the phones reveal their numbers; the hand's seed is a hash of
all of them. A commit binds its phone before it has seen anyone else's
number, so as long as one phone picked its number at random the seed is
random, and no phone — the host included — can pick the cards.

The transcript (per phone: seat, commit, reveal) is written into the hand
of the game record (`"fair"`), and replaying the record checks that every
commit matches its reveal and that the deal follows from the reveals
(`Game.deal(fair=...)`). What this does not protect is in
docs/PHONE_TABLE.md: the host's engine still knows every hand in play.

Hashing is SHA-256 over plain text, so any phone (or a person with a
shell) can check a transcript without this engine; the seed is the first
53 bits, exact as a JavaScript number like every other seed.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any, NoReturn, TypeGuard

from .errors import Both, InvalidAction

FAIR_FORMAT = "schraem-fair/1"
SEED_MASK = (1 << 53) - 1
_HEX64 = re.compile(r"[0-9a-f]{64}")


def new_reveal() -> str:
    """A phone's random number for one hand: 256 bits, as 64 hex digits."""
    return secrets.token_hex(32)


def commit_of(hand: int, seat: int, reveal: str) -> str:
    """The commit of `reveal`; hand and seat are hashed in, so a commit
    cannot be copied from another seat or carried into another hand."""
    return hashlib.sha256(f"{FAIR_FORMAT}|commit|{hand}|{seat}|{reveal}".encode()).hexdigest()


def seed_of(hand: int, reveals: dict[int, str]) -> int:
    """The hand's seed from every phone's reveal, in seat order."""
    text = f"{FAIR_FORMAT}|seed|{hand}|" + "|".join(f"{s}:{reveals[s]}" for s in sorted(reveals))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & SEED_MASK


def _bad(de: str, en: str) -> NoReturn:
    raise InvalidAction("fair_deal", detail=Both(de, en))


def is_hex64(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def check_transcript(fair: object, hand: int, n: int) -> list[dict[str, Any]]:
    """A transcript checked for form and for every commit matching its
    reveal; returned as a fresh list in seat order."""
    if not isinstance(fair, list) or not fair:
        _bad("die offengelegten Zahlen sind eine Liste mit einem Eintrag je Handy", "the transcript is a list with one entry per phone")
    out: list[dict[str, Any]] = []
    seats: set[int] = set()
    for e in fair:
        if not isinstance(e, dict) or set(e) != {"seat", "commit", "reveal"}:
            _bad("ein Eintrag hat genau „seat“, „commit“ und „reveal“", "an entry has exactly 'seat', 'commit' and 'reveal'")
        seat = e["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
            _bad(f"einen Platz {str(seat)[:12]} gibt es an diesem Tisch nicht", f"there is no seat {str(seat)[:12]} at this table")
        if seat in seats:
            _bad(f"Platz {seat} steht zweimal in der Liste", f"seat {seat} is listed twice")
        seats.add(seat)
        if not is_hex64(e["commit"]) or not is_hex64(e["reveal"]):
            _bad(
                f"Platz {seat}: Zusage und Zahl sind je 64 Hex-Ziffern (0-9, a-f)",
                f"seat {seat}: commit and reveal are 64 hex digits (0-9, a-f) each",
            )
        if commit_of(hand, seat, e["reveal"]) != e["commit"]:
            _bad(f"die Zahl von Platz {seat} passt nicht zu seiner Zusage", f"the reveal of seat {seat} does not match its commit")
        out.append({"seat": seat, "commit": e["commit"], "reveal": e["reveal"]})
    out.sort(key=lambda e: e["seat"])
    return out


def transcript_seed(fair: object, hand: int, n: int) -> tuple[int, list[dict[str, Any]]]:
    """The seed a transcript deals hand `hand` (1-based) with, and the
    checked transcript."""
    checked = check_transcript(fair, hand, n)
    return seed_of(hand, {e["seat"]: e["reveal"] for e in checked}), checked


def host_reveal(key: str, hand: int, attempt: int) -> str:
    """The host's number for one round of one hand, derived from the table's
    key (kept in the host's save, never sent): a host that reloads, even an
    earlier save, gets the same number again, so it cannot draw twice."""
    return hashlib.sha256(f"{FAIR_FORMAT}|host|{key}|{hand}|{attempt}".encode()).hexdigest()


def _seat_list(value: object, n: int, what_de: str, what_en: str) -> list[int]:
    if (
        not isinstance(value, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= n for s in value)
        or len(set(value)) != len(value)
    ):
        _bad(f"„{what_de}“ ist eine Liste verschiedener Plätze", f"'{what_en}' is a list of different seats")
    return sorted(value)


def check_restarts(restarts: object, hand: int, n: int) -> list[dict[str, Any]]:
    """The rounds of a hand that were given up before its deal, because the
    host gave a seat in them to the computer (its phone was away, or never
    showed its number): checked for form, every number shown against its
    commit.
    They stay in the record, so a host that makes phones drop to draw again
    is seen doing it."""
    if not isinstance(restarts, list) or not restarts:
        _bad("„fair_restarts“ ist eine Liste der abgebrochenen Runden", "'fair_restarts' is a list of the rounds given up")
    out: list[dict[str, Any]] = []
    for r in restarts:
        if not isinstance(r, dict) or set(r) != {"commits", "reveals", "left"}:
            _bad(
                "eine abgebrochene Runde hat genau „commits“, „reveals“ und „left“",
                "a round given up has exactly 'commits', 'reveals' and 'left'",
            )
        commits: dict[int, str] = {}
        for e in r["commits"] if isinstance(r["commits"], list) else [None]:
            if not isinstance(e, dict) or set(e) != {"seat", "commit"} or not is_hex64(e["commit"]):
                _bad(
                    "eine Zusage einer abgebrochenen Runde hat „seat“ und 64 Hex-Ziffern",
                    "a commit of a round given up has 'seat' and 64 hex digits",
                )
            commits[_seat_list([e["seat"]], n, "seat", "seat")[0]] = e["commit"]
        if len(commits) != len(r["commits"]):
            _bad("ein Platz hat in einer Runde nur eine Zusage", "a seat has one commit in a round")
        shown: dict[int, str] = {}
        for e in r["reveals"] if isinstance(r["reveals"], list) else [None]:
            if not isinstance(e, dict) or set(e) != {"seat", "reveal"} or not is_hex64(e["reveal"]) or e["seat"] not in commits:
                _bad(
                    "eine gezeigte Zahl einer abgebrochenen Runde gehört zu einer Zusage",
                    "a number shown in a round given up belongs to a commit",
                )
            if commit_of(hand, e["seat"], e["reveal"]) != commits[e["seat"]] or e["seat"] in shown:
                _bad(
                    f"in einer abgebrochenen Runde passt die Zahl von Platz {e['seat']} nicht zu seiner Zusage",
                    f"in a round given up, the number of seat {e['seat']} does not match its commit",
                )
            shown[e["seat"]] = e["reveal"]
        left = _seat_list(r["left"], n, "left", "left")
        if not left:
            _bad("eine abgebrochene Runde nennt den Platz, der sie verlassen hat", "a round given up names the seat that left it")
        out.append(
            {
                "commits": [{"seat": s, "commit": commits[s]} for s in sorted(commits)],
                "reveals": [{"seat": s, "reveal": shown[s]} for s in sorted(shown)],
                "left": left,
            }
        )
    return out
