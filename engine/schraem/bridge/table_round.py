"""One commit–reveal round before a hand at a table of phones
(core/fairdeal.py, docs/PHONE_TABLE.md), and the refusal of a step the
deal is not at."""

from __future__ import annotations

from typing import NoReturn

from ..core.errors import Both, IllegalAction
from ..core.fairdeal import commit_of, host_reveal


def not_now(de: str, en: str) -> NoReturn:
    raise IllegalAction("deal_phase", detail=Both(de, en))


class Round:
    """One commit–reveal round before a hand: every phone's commit, then
    every phone's reveal. The host's number is fixed when the round opens
    (derived from the table's key, the hand and the round's `attempt`), so
    it is bound before any guest's commit arrives and is the same after any
    reload. `restarts`: the rounds of this hand given up before it.

    `seat_of` maps each phone that deals (its table seat) to the game's seat
    its number is hashed under and listed as in the record: its own, except
    in the Hängeln (`TableHost.deal_seats`). Commits and numbers are kept by
    phone."""

    def __init__(self, hand: int, seat_of: dict[int, int], host_seat: int, key: str, attempt: int = 0, restarts: list[dict] | None = None):
        self.hand = hand
        self.seat_of = dict(seat_of)
        self.phones = sorted(seat_of)
        self.attempt = attempt
        self.restarts = restarts or []
        self.commits: dict[int, str] = {}
        self.reveals: dict[int, str] = {}
        self.host_number(host_seat, key)

    def host_number(self, host_seat: int, key: str) -> None:
        """The host's number, where its phone deals (at a full table always;
        in the Hängeln where it plays or stands in for a computer)."""
        if host_seat in self.seat_of:
            own = host_reveal(key, self.hand, self.attempt)
            self.commits[host_seat] = commit_of(self.hand, self.seat_of[host_seat], own)
            self.reveals[host_seat] = own

    def by_seat(self, kept: dict[int, str]) -> list[tuple[int, str]]:
        """Commits or numbers as the record lists them: by the game's seat."""
        return sorted((self.seat_of[p], v) for p, v in kept.items())

    def given_up(self, left: list[int]) -> dict:
        """This round as the record keeps it once given up: every commit and
        number that was in, and who left (the game's seats)."""
        return {
            "commits": [{"seat": s, "commit": c} for s, c in self.by_seat(self.commits)],
            "reveals": [{"seat": s, "reveal": v} for s, v in self.by_seat(self.reveals)],
            "left": sorted(self.seat_of[p] for p in left),
        }

    @property
    def phase(self) -> str:
        return "commit" if len(self.commits) < len(self.phones) else "reveal"

    def waiting(self) -> list[int]:
        have = self.commits if self.phase == "commit" else self.reveals
        return [s for s in self.phones if s not in have]

    def transcript(self, reveals: dict[int, str]) -> list[dict]:
        return sorted(
            ({"seat": self.seat_of[p], "commit": self.commits[p], "reveal": reveals[p]} for p in self.phones), key=lambda e: e["seat"]
        )

    def facts(self, to_table=lambda seat: seat) -> dict:
        """What every phone may know: whose numbers are awaited (phones, by
        their table seats) and, once all are committed, every commit as the
        record will list it (a guest checks its own is there and keeps the
        list, to check the transcript after the hand)."""
        out = {
            "hand": self.hand,
            "round": self.attempt,
            "phase": self.phase,
            "waiting": self.waiting(),
            "restarts": [{"left": sorted(to_table(s) for s in r["left"])} for r in self.restarts],
        }
        if self.phase == "reveal":
            out["commits"] = [{"seat": s, "commit": c} for s, c in self.by_seat(self.commits)]
        return out
