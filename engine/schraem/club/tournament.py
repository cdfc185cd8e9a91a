"""A tournament of series (the Rhineland order): the seats drawn by lot
before every series, tables of four (and of three where the count is no
multiple of four), the ranking by total score with ties decided by lot.

As a series (series.py), it is a list of game records plus the facts that
tie them together, checked by replaying those records with the same engine.
"""

from __future__ import annotations

from typing import Any

from ..core import fields as f
from ..core.cards import derive_seed, seeded_shuffle
from ..core.errors import Both, InvalidAction, RecordError, SchraemError
from ..core.rules import Rules
from .series import Series

TOURNAMENT_FORMAT = "schraem-tournament/1"


def split_tables(n: int, size: int = 4) -> list[int]:
    """Table sizes for n players: as many tables as n/size rounds to, as
    even as possible (9 players: 5 + 4; 6 players: 3 + 3). Tournaments
    saved before tables of one fewer were drawn keep this."""
    tables = max(1, (n + size // 2) // size)
    base, extra = divmod(n, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def split_short(n: int, size: int = 4) -> list[int]:
    """Table sizes for n players: tables of `size`, and where n is no
    multiple of it, the fewest tables of one fewer (the Rhineland order
    seats four; 9 players: 3 + 3 + 3, 10: 4 + 3 + 3, 299: 74 × 4 + 1 × 3).
    Too few players for that (5 at tables of 4) sit as split_tables says."""
    short = -n % size
    if n < short * (size - 1):
        return split_tables(n, size)
    return [size] * ((n - short * (size - 1)) // size) + [size - 1] * short


# How a tournament's players are split into tables: "short" (tables of
# its size and of one fewer) for new ones, "even" for those saved before.
TABLE_SPLITS = {"even": split_tables, "short": split_short}


class Tournament:
    """Series of games (5 Rhineland, 4 Rengen); before every series the
    seats are drawn by lot from the recorded seed; seat 4 deals first; the
    ranking is by total score, ties decided by lot from the same seed. A
    player who withdraws keeps their Schräm and is left out of the draws
    after."""

    def __init__(
        self,
        names: object,
        rules: str | Rules = "rheinland",
        options: dict | None = None,
        seed: int = 0,
        table_size: int = 4,
        house: str | None = None,
        split: str = "short",
    ):
        self.rules = rules if isinstance(rules, Rules) else Rules.make(rules, options)
        # The name of the house rule set the options came from ("Stammtisch
        # Rengen"): every table's ticket carries it, so each phone says
        # which rules it plays. A name only; the options decide.
        self.house = None if house is None else f.house_name(house)
        if not isinstance(names, list) or len(names) < 2:
            raise InvalidAction(
                "bad_players",
                detail=Both(
                    "ein Turnier braucht mindestens zwei Spieler mit verschiedenen Namen",
                    "a tournament needs at least two players with different names",
                ),
            )
        # The same names as every table's game will keep (normalised, at most
        # 40 characters), so a ticket's table takes them as they are.
        self.names = f.names(names, "players", 2, f.MAX_TOURNAMENT_PLAYERS)
        self.seed = f.seed(seed)
        self.table_size = f.whole(table_size, "table_size", "Tischgröße", "table size", self.rules.min_players, self.rules.max_players)
        if not isinstance(split, str) or split not in TABLE_SPLITS:
            f.refuse("tables", "Tische", "tables", "ist „short“ oder „even“", "is 'short' or 'even'")
        self.split = split
        # Who withdrew: name -> the first series they are left out of.
        self.withdrawn: dict[str, int] = {}
        self.series: list[list[Series]] = []
        self._lots: list[int] | None = None

    @property
    def series_count(self) -> int:
        return self.rules.tournament_series

    @property
    def over(self) -> bool:
        """Every series drawn and every table of the last one played out."""
        return len(self.series) == self.series_count and all(s.over for s in self.series[-1])

    def draw(self, number: int) -> list[list[int]]:
        """Tables for series `number` (1-based): lists of player indices in
        seat order. The same seed always draws the same seats."""
        playing = [i for i, name in enumerate(self.names) if self.withdrawn.get(name, number + 1) > number]
        order = seeded_shuffle(playing, derive_seed(self.seed, number))
        tables, k = [], 0
        for size in TABLE_SPLITS[self.split](len(order), self.table_size):
            tables.append(order[k : k + size])
            k += size
        return tables

    def withdraw(self, name: object) -> None:
        """A player leaves between two series: their Schräm stay theirs, and
        the next series is drawn without them."""
        number = len(self.series) + 1
        if name not in self.names or name in self.withdrawn:
            raise InvalidAction(
                "bad_request", detail=Both(f"„{str(name)[:40]}“ spielt nicht mehr mit", f"'{str(name)[:40]}' does not play any more")
            )
        if number > self.series_count or (self.series and not all(s.over for s in self.series[-1])):
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "wer aufhört, hört zwischen zwei Serien auf, wenn alle Tische fertig sind",
                    "a player withdraws between two series, once every table is finished",
                ),
            )
        if len(self.names) - len(self.withdrawn) - 1 < max(2, self.rules.min_players):
            raise InvalidAction("bad_request", detail=Both("dann blieben zu wenige Spieler", "too few players would be left"))
        self.withdrawn[name] = number

    def start_series(self) -> list[Series]:
        if len(self.series) >= self.series_count:
            raise InvalidAction(
                "bad_request", detail=Both(f"das Turnier hat {self.series_count} Serien", f"the tournament has {self.series_count} series")
            )
        if self.series and not all(s.over for s in self.series[-1]):
            raise InvalidAction(
                "bad_request",
                detail=Both("die laufende Serie ist nicht an allen Tischen fertig", "the current series is not finished at every table"),
            )
        number = len(self.series) + 1
        tables = [self.table_series(number, k, seats) for k, seats in enumerate(self.draw(number), 1)]
        self.series.append(tables)
        return tables

    def table_series(self, number: int, k: int, seats: list[int] | None = None) -> Series:
        """The (empty) series table k (1-based) plays in series `number`;
        `seats`: its seats as drawn, when the caller has the draw already
        (drawing 300 players again for each of 75 tables is most of a
        series' draw)."""
        if seats is None:
            seats = self.draw(number)[k - 1]
        return Series([self.names[i] for i in seats], self.rules, None, 4, derive_seed(self.seed, number, k - 1))

    def totals(self) -> dict[str, int]:
        return {n: sum(p for p in points if p is not None) for n, points in self.series_points().items()}

    def lots(self) -> list[int]:
        """Each player's tie-break draw, from the seed: drawn once, as the
        names and the seed never change (the standings are asked after
        every result read in)."""
        if self._lots is None:
            self._lots = seeded_shuffle(range(len(self.names)), derive_seed(self.seed, 0xC0FFEE))
        return self._lots

    def series_points(self) -> dict[str, list[int | None]]:
        """Each player's points in every series drawn so far, None where
        they sat at no table (withdrawn) or their table has not handed in."""
        out: dict[str, list[int | None]] = {n: [None] * len(self.series) for n in self.names}
        for number, tables in enumerate(self.series):
            for table in tables:
                if table.games:
                    for name, score in zip(table.names, table.totals()):
                        out[name][number] = score
        return out

    def standings(self) -> list[dict]:
        """Ranked players; `lot` is each player's tie-break draw (from the
        seed), so anyone can verify how a tie was decided; `series` their
        points series by series (None: not played, or not handed in yet),
        whose sum is `total`."""
        points = self.series_points()
        lots = self.lots()
        entries: list[dict[str, Any]] = [
            {
                "name": n,
                "total": sum(p for p in points[n] if p is not None),
                "lot": lots[i],
                "withdrawn": self.withdrawn.get(n),
                "series": points[n],
            }
            for i, n in enumerate(self.names)
        ]
        rows = sorted(entries, key=lambda r: (-r["total"], r["lot"]))
        for rank, r in enumerate(rows, 1):
            r["rank"] = rank
        return rows

    def to_json(self) -> dict:
        out = {
            "format": TOURNAMENT_FORMAT,
            "players": self.names,
            "rules": self.rules.preset,
            "options": self.rules.overrides(),
            "seed": self.seed,
            "table_size": self.table_size,
            "series": [[s.to_json() if s.games else None for s in tables] for tables in self.series],
        }
        if self.house is not None:
            out["house"] = self.house
        if self.split != "even":
            out["tables"] = self.split
        if self.withdrawn:
            out["withdrawn"] = dict(self.withdrawn)
        return out

    @classmethod
    def from_json(cls, obj) -> "Tournament":
        if not isinstance(obj, dict) or obj.get("format") != TOURNAMENT_FORMAT:
            raise RecordError(
                "bad_record",
                detail=Both(f"ein Turnier hat das Format {TOURNAMENT_FORMAT!r}", f"a tournament has format {TOURNAMENT_FORMAT!r}"),
            )
        try:
            t = cls(
                obj.get("players"),
                obj.get("rules", "rheinland"),
                obj.get("options") or {},
                obj.get("seed", 0),
                obj.get("table_size", 4),
                obj.get("house"),
                obj.get("tables", "even"),
            )
            withdrawn = obj.get("withdrawn", {})
            f.obj(withdrawn, "withdrawn", "ausgeschieden", "withdrawn")
            for name, number in withdrawn.items():
                if name not in t.names:
                    f.refuse(
                        "withdrawn", "ausgeschieden", "withdrawn", "nennt nur Spieler des Turniers", "names only the tournament's players"
                    )
                f.whole(number, "withdrawn", "ausgeschieden", "withdrawn", 2, t.series_count)
            t.withdrawn = dict(withdrawn)
        except SchraemError as e:
            raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
        series = obj.get("series", [])
        if not isinstance(series, list) or len(series) > t.series_count:
            raise RecordError(
                "bad_record",
                detail=Both(
                    f"ein Turnier hat eine Liste von höchstens {t.series_count} Serien",
                    f"a tournament has a list of at most {t.series_count} series",
                ),
            )
        for number, tables in enumerate(series, 1):
            drawn = t.draw(number)
            if not isinstance(tables, list) or len(tables) != len(drawn):
                raise RecordError(
                    "bad_record",
                    detail=Both(f"Serie {number} muss {len(drawn)} Tische haben", f"series {number} must have {len(drawn)} tables"),
                )
            loaded = []
            for k, (table, seats) in enumerate(zip(tables, drawn), 1):
                if table is None:  # not played (or not brought in) yet
                    loaded.append(t.table_series(number, k, seats))
                    continue
                s = Series.from_json(table)
                if s.names != [t.names[i] for i in seats] or s.first_dealer != min(4, len(seats)):
                    raise RecordError(
                        "bad_record",
                        detail=Both(
                            f"Serie {number}, Tisch {k}: die Plätze weichen von der Auslosung ab",
                            f"series {number}, table {k}: seats differ from the draw",
                        ),
                    )
                loaded.append(s)
            t.series.append(loaded)
        return t
