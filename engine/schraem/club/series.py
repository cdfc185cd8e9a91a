"""Beyond one game: a series of games at a table, and Rengen's set of two
games decided by a "Hängeln" hand (a tournament of series: tournament.py).

Each container is a list of game records plus the facts that tie them
together (who deals the first hand of the next game, the seat draw), and is
checked by replaying those records with the same engine.
"""

from __future__ import annotations

from typing import cast

from ..core import fields as f
from ..core.cards import derive_seed
from ..core.errors import Both, InvalidAction, RecordError, SchraemError
from ..core.game import Game
from ..core.rules import Rules
from ..core.stakes import Stakes

SERIES_FORMAT = "schraem-series/1"
SET_FORMAT = "schraem-set/1"


class Series:
    """Games at one table (5 by default). Seat `first_dealer` (4 in a
    tournament) deals the first hand; every later game's first hand is dealt
    by the previous game's winner (Marienheide and the variants that only
    find a loser: by its loser).

    The series is scored by seat, as the first dealer of each game is
    found by seat: a seat's total is the sum of its games' scores. Between
    two games a seat may change hands (a person leaves, another person or
    the computer plays on there): each game keeps the names of those who
    played it, `names` stay the series' first players (a tournament's draw
    is by them), and `changes` says who took which seat when. `seats`:
    who sat where in each game (people, computers), where the table knew it."""

    def __init__(
        self,
        names: list[str],
        rules: str | Rules = "rheinland",
        options: dict | None = None,
        first_dealer: int = 4,
        seed: int | None = None,
        games: int | None = None,
        stakes: Stakes | dict | None = None,
    ):
        self.rules = rules if isinstance(rules, Rules) else Rules.make(rules, options)
        # What every game of the series is played for (a loaded series
        # goes on with its last game's stakes).
        self.stakes = stakes if isinstance(stakes, Stakes) else Stakes.make(stakes, self.rules)
        self.names = list(names)
        self.first_dealer = min(first_dealer, len(self.names))
        self.seed = seed
        self.length = games or self.rules.series_games
        self.games: list[Game] = []
        self.seats: list[list[dict] | None] = []

    def next_dealer(self) -> int:
        if not self.games:
            return self.first_dealer
        # Asked once the last game is over, which then has a winner or a loser.
        return cast(int, self.games[-1].next_game_dealer())

    @property
    def over(self) -> bool:
        return len(self.games) == self.length and self.games[-1].game_over

    def new_game(self, names: list[str] | None = None) -> Game:
        """The next game, its seats played by `names` (default: by those who
        played the game before)."""
        if self.games and not self.games[-1].game_over:
            raise InvalidAction("bad_request", detail=Both("die laufende Spielrunde ist nicht vorbei", "the current game is not over"))
        if len(self.games) >= self.length:
            raise InvalidAction(
                "bad_request", detail=Both(f"die Serie hat {self.length} Spielrunden", f"the series has {self.length} games")
            )
        seed = None if self.seed is None else derive_seed(self.seed, len(self.games))
        if names is None:
            names = self.games[-1].names if self.games else self.names
        game = Game(names, self.rules, None, self.next_dealer(), seed, self.games[-1].stakes if self.games else self.stakes)
        self.games.append(game)
        self.seats.append(None)
        return game

    def seats_of(self, k: int) -> list[dict] | None:
        """Who sat where in game `k` (1-based), where known."""
        return self.seats[k - 1] if k <= len(self.seats) else None

    def changes(self) -> list[dict]:
        """Every seat that changed hands between two games: from game `game`
        on, `name` plays it (a computer where the table knew it: `computer`),
        where `was` played it before."""
        out = []
        for k in range(2, len(self.games) + 1):
            before, now = self.games[k - 2], self.games[k - 1]
            kinds_before, kinds_now = self.seats_of(k - 1), self.seats_of(k)
            for i in range(len(now.names)):
                bot_before = None if kinds_before is None else kinds_before[i]["kind"] == "bot"
                bot_now = None if kinds_now is None else kinds_now[i]["kind"] == "bot"
                known = bot_before is not None and bot_now is not None
                if before.names[i] != now.names[i] or (known and bot_before != bot_now):
                    out.append({"game": k, "seat": i + 1, "name": now.names[i], "was": before.names[i], "computer": bot_now})
        return out

    def totals(self) -> list[int]:
        out = [0] * len(self.names)
        for g in self.games:
            for i, s in enumerate(g.scores or []):
                out[i] += s
        return out

    def winners(self) -> list[int] | None:
        """Once the series is over, the seats (1-based) with the highest
        total, as a tournament ranks them (several on a tie)."""
        if not self.over:
            return None
        totals = self.totals()
        return [i + 1 for i, v in enumerate(totals) if v == max(totals)]

    def to_json(self) -> dict:
        return {
            "format": SERIES_FORMAT,
            "length": self.length,
            "first_dealer": self.first_dealer,
            "games": [seated(g.to_record(), self.seats_of(k)) for k, g in enumerate(self.games, 1)],
        }

    @classmethod
    def from_json(cls, obj) -> "Series":
        if not isinstance(obj, dict) or obj.get("format") != SERIES_FORMAT or not isinstance(obj.get("games"), list):
            raise RecordError(
                "bad_record",
                detail=Both(
                    f"eine Serie hat das Format {SERIES_FORMAT!r} und eine Liste von Spielrunden",
                    f"a series has format {SERIES_FORMAT!r} and a list of games",
                ),
            )
        games = obj["games"]
        if not games:
            raise RecordError(
                "bad_record", detail=Both("eine Serie braucht mindestens eine Spielrunde", "a series needs at least one game")
            )
        try:
            f.items(games, "games", "Spielrunden", "games", 1, f.MAX_SERIES_GAMES)
            length = obj.get("length")
            if length is not None:
                f.whole(length, "length", "Spielrunden der Serie", "games in the series", 1, f.MAX_SERIES_GAMES)
            first = Game.from_record(games[0])
            dealer = f.whole(obj.get("first_dealer", first.first_dealer + 1), "first_dealer", "erster Geber", "first dealer", 1, first.n)
        except RecordError:
            raise
        except SchraemError as e:
            raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
        series = cls(first.names, first.rules, None, dealer, None, length)
        for k, rec in enumerate(games, 1):
            game = first if k == 1 else Game.from_record(rec)
            # A seat may change hands between games (`changes`), never the count.
            if game.n != first.n or game.rules != series.rules:
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        f"Spielrunde {k} hat andere Plätze oder Regeln als die Serie",
                        f"game {k} has other seats or rules than the series",
                    ),
                )
            # The game before must be over first: only then is there a next dealer.
            if series.games and not series.games[-1].game_over:
                raise RecordError("bad_record", detail=Both(f"Spielrunde {k - 1} ist nicht fertig", f"game {k - 1} is not finished"))
            if game.first_dealer + 1 != series.next_dealer():
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        f"Spielrunde {k} gibt zuerst Platz {series.next_dealer()}, nicht Platz {game.first_dealer + 1}",
                        f"game {k} must be dealt first by seat {series.next_dealer()}, not {game.first_dealer + 1}",
                    ),
                )
            series.games.append(game)
            series.seats.append(seats_in(rec))
        if len(series.games) > series.length:
            raise RecordError(
                "bad_record", detail=Both(f"die Serie hat {series.length} Spielrunden", f"the series has {series.length} games")
            )
        return series


def seated(record: dict, seats: list[dict] | None) -> dict:
    """A game's record with who sat where on its players, where known (the
    history counts a computer's seat as the computer's, game by game);
    replaying ignores it."""
    if seats is not None:
        for player, seat in zip(record["players"], seats):
            player.update(seat)
    return record


def seats_in(record: dict) -> list[dict] | None:
    """Who sat where, as a record's players say it (every player's `kind`,
    a computer's level), or None where they do not all say it."""
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and p.get("kind") in ("human", "bot") for p in players):
        return None
    return [
        {"kind": "bot", "level": p["level"]} if p["kind"] == "bot" and isinstance(p.get("level"), str) else {"kind": p["kind"]}
        for p in players
    ]


def hangeln_rules(rules: Rules) -> Rules:
    """The deciding hand of a Rengen set: two players, 8 cards each (or 10
    with 2 laid away), no knocking; the loser of the last trick loses the set."""
    return rules.with_options(
        {
            "min_players": 2,
            "max_players": 2,
            "start_marks": 1,
            "cards_per_hand": rules.hangeln_cards,
            "discard": rules.hangeln_discard,
            "knocking": False,
            "hammer": False,
        }
    )


class RengenSet:
    """Two games; the first player out in each is its loser. The two losers
    play one Hängeln hand; one player who lost both games lost the set."""

    def __init__(
        self,
        names: list[str],
        rules: str | Rules = "rengen",
        options: dict | None = None,
        dealer: int = 1,
        seed: int | None = None,
        stakes: Stakes | dict | None = None,
    ):
        self.rules = rules if isinstance(rules, Rules) else Rules.make(rules, options)
        self.names, self.dealer, self.seed = list(names), dealer, seed
        # Both games of the set are played for these stakes, as a series'
        # games are; the Hängeln between the two losers (one hand of two
        # players under its own rules) is played for nothing.
        self.stakes = stakes if isinstance(stakes, Stakes) else Stakes.make(stakes, self.rules)
        self.games: list[Game] = []
        self.hangeln: Game | None = None

    def losers(self) -> list[int]:
        # A finished game of a set has put a first player out.
        return [cast(int, g.first_eliminated()) for g in self.games if g.game_over]

    def new_game(self) -> Game:
        if len(self.games) == 2 or (self.games and not self.games[-1].game_over):
            raise InvalidAction(
                "bad_request", detail=Both("ein Satz hat zwei Spielrunden nacheinander", "a set has two games, one after the other")
            )
        # The first game's winner deals the second (a game of a set ends with one).
        dealer = cast(int, self.games[-1].winner) if self.games else self.dealer
        seed = None if self.seed is None else derive_seed(self.seed, len(self.games))
        self.games.append(Game(self.names, self.rules, None, dealer, seed, self.stakes))
        return self.games[-1]

    def hangeln_players(self) -> tuple[int, int] | None:
        """The two losers (1-based, loser of game 1 first), or None when no
        Hängeln is needed (yet)."""
        losers = self.losers()
        if len(losers) < 2 or losers[0] == losers[1]:
            return None
        return losers[0], losers[1]

    def new_hangeln(self) -> Game:
        pair = self.hangeln_players()
        if pair is None or self.hangeln is not None:
            raise InvalidAction("bad_request", detail=Both("es steht kein Hängeln an", "no Hängeln is due"))
        seed = None if self.seed is None else derive_seed(self.seed, 2)
        # The loser of the second game deals, so the first game's loser leads.
        self.hangeln = Game([self.names[pair[0] - 1], self.names[pair[1] - 1]], hangeln_rules(self.rules), None, 2, seed)
        return self.hangeln

    @property
    def loser(self) -> int | None:
        """1-based seat (in the set's player list) of the set's loser."""
        losers = self.losers()
        if len(losers) < 2:
            return None
        if losers[0] == losers[1]:
            return losers[0]
        if self.hangeln is None or not self.hangeln.game_over:
            return None
        return losers[0] if self.hangeln.winner == 2 else losers[1]

    def to_json(self) -> dict:
        return {
            "format": SET_FORMAT,
            "games": [g.to_record() for g in self.games],
            "hangeln": None if self.hangeln is None else self.hangeln.to_record(),
        }

    @classmethod
    def from_json(cls, obj) -> "RengenSet":
        if (
            not isinstance(obj, dict)
            or obj.get("format") != SET_FORMAT
            or not isinstance(obj.get("games"), list)
            or not 1 <= len(obj["games"]) <= 2
        ):
            raise RecordError(
                "bad_record",
                detail=Both(
                    f"ein Satz hat das Format {SET_FORMAT!r} und eine oder zwei Spielrunden",
                    f"a set has format {SET_FORMAT!r} and one or two games",
                ),
            )
        games = [Game.from_record(r) for r in obj["games"]]
        s = cls(games[0].names, games[0].rules, None, games[0].first_dealer + 1, None, games[0].stakes)
        for k, g in enumerate(games, 1):
            if g.names != s.names or g.rules != s.rules:
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        f"Spielrunde {k} hat andere Spieler oder Regeln als der Satz", f"game {k} has other players or rules than the set"
                    ),
                )
            if g.stakes.to_json() != s.stakes.to_json():
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        f"Spielrunde {k} wird um anderes gespielt als der Satz", f"game {k} is played for other stakes than the set"
                    ),
                )
            if k == 2 and (not games[0].game_over or g.first_dealer + 1 != games[0].winner):
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        "Spielrunde 2 folgt auf Spielrunde 1, gegeben von deren Sieger", "game 2 starts after game 1, dealt by its winner"
                    ),
                )
            s.games.append(g)
        if obj.get("hangeln") is not None:
            pair = s.hangeln_players()
            h = Game.from_record(obj["hangeln"])
            if pair is None or h.names != [s.names[pair[0] - 1], s.names[pair[1] - 1]] or h.rules != hangeln_rules(s.rules):
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        "das Hängeln spielen die beiden Verlierer der Spielrunden nach den Hängeln-Regeln des Satzes",
                        "the Hängeln must be played by the two game losers with the set's Hängeln rules",
                    ),
                )
            s.hangeln = h
        return s
