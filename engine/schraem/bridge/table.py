"""A table as the bridge keeps it: the game in play with its seats (who is
a person, which computer plays where), its seed, whether it is a scoresheet,
its series, set, duel or phone table, and the checks every request about
seats, seeds and saves goes through before anything changes (docs/BRIDGE.md).
The commands on it are the bridge's (bridge/__init__.py and its command
mixins)."""

from __future__ import annotations

import copy
from typing import Any, NoReturn, TypeGuard, cast

from ..bots import APP_LEVELS, LEVELS
from ..club import club
from ..club.series import RengenSet, Series
from ..core.errors import Both, IllegalAction, InvalidAction, NoGame, RecordError
from ..core.fields import MAX_SEED
from ..core.game import Game, trim_hints
from ..core.stakes import GameMoney
from ..core.taps import tap_refusals
from ..core.view import view
from ..review import duel
from .table_host import TableHost

SAVE_FORMAT = "schraem-save/1"

# Each game's loser plays the Hängeln and the set's loser pays: a person who
# took a seat mid-set would answer for another's loss. Once the set is
# decided a seat may change hands for the next set, at a table of phones
# face up or face down.
SET_KEEPS_SEATS = (
    "in einem Rengen-Satz spielt jeder Platz bis zum Ende des Satzes: wer eine Spielrunde verliert, spielt selbst das Hängeln",
    "in a Rengen set every seat plays to the set's end: whoever loses a game plays the Hängeln in person",
)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(value) -> int:
    if not _is_int(value) or not 0 <= value <= MAX_SEED:
        raise InvalidAction("bad_seed", max=MAX_SEED)
    return value


def check_viewer(viewer, n: int) -> None:
    if viewer is not None and (not _is_int(viewer) or not 1 <= viewer <= n):
        raise InvalidAction("bad_seat", seat=short_repr(viewer))


def short_repr(value) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


def check_exact(game: Game) -> None:
    """Every seed of a record the shell will store must stay exact as a
    JavaScript number, or the game would change on the next reload."""
    seeds = ([game.seed] if game.seed is not None else []) + [s["seed"] for s in game.specs if "seed" in s]
    if any(seed > MAX_SEED for seed in seeds):
        raise RecordError("bad_record", detail=Both(f"ein Startwert ist größer als {MAX_SEED}", f"a seed is larger than {MAX_SEED}"))


def dealt_real(game: Game) -> bool | None:
    """Whether the record's last hand was played with real cards (None: no
    hand yet): a table goes on the way its last hand was played."""
    return None if not game.specs else game.specs[-1].get("deal", ()) is None


class Table:
    """A game plus who sits where: humans at this phone or bots. A
    scoresheet table (`real_cards`) plays every hand with real cards: the
    phone only records knocks, answers, penalties and who won."""

    def __init__(
        self, game: Game, seats: list[dict], seed: int, real_cards: bool = False, series: Series | None = None, ticket: dict | None = None
    ):
        self.game, self.seats, self.seed, self.real_cards = game, seats, seed, real_cards
        # A series at this table (club/club.py): its last game is `game`.
        self.series, self.ticket = series, ticket
        # A Rengen set: `game` is its game in progress or its Hängeln, whose
        # two players sit at `seats`; `set_seats` are everyone's seats.
        self.rset: RengenSet | None = None
        self.set_seats: list[dict] | None = None
        # A table of phones (table_host.py): guests' seats and the deal.
        self.host: TableHost | None = None
        # A deal set (review/duel.py): {"set": word, "rules": preset, "hands": how many deals}.
        self.duel: dict | None = None

    def save(self) -> dict:
        table = {"players": self.seats, "seed": self.seed}
        if self.real_cards:
            table["real_cards"] = True
        out: dict[str, Any] = {"format": SAVE_FORMAT, "record": self.game.to_record(), "table": table}
        if self.series is not None:
            out["series"] = club.series_save(self.series, self.ticket)
        if self.rset is not None:
            out["set"] = club.set_save(self.rset, cast("list[dict]", self.set_seats))  # a set's table keeps its seats
        if self.host is not None:
            out["phone"] = self.host.to_save()
        if self.duel is not None:
            out["duel"] = dict(self.duel)
        return out

    def with_game(self, game: Game, series: Series | None = None) -> "Table":
        """A copy of this table playing `game` in place of its current game
        (and `series` in place of its series), leaving this one untouched
        until the bridge takes the copy."""
        t = copy.copy(self)
        t.game = game
        kept = series or self.series
        if kept is not None:
            t.series = copy.copy(kept)
            t.series.games = t.series.games[:-1] + [game]
        if self.rset is not None:
            t.rset = copy.copy(self.rset)
            if t.rset.hangeln is not None:
                t.rset.hangeln = game
            else:
                t.rset.games = t.rset.games[:-1] + [game]
        return t

    def deal(self) -> None:
        if self.host is not None:
            self.host.begin(self.game)  # the phones deal it between them (core/fairdeal.py)
            return
        if self.duel is not None and duel.over(self.game, self.duel):
            raise IllegalAction("bad_request", detail=Both("die Duell-Karten sind ausgespielt", "the deal set is played out"))
        self.game.deal(real=self.real_cards)

    def forced(self, viewer) -> list[int]:
        """Seats of people other than the viewer who are due and whose one
        legal action is playing their last card: nothing to decide, and
        nothing hidden told (cards left, knocking and the value are public)."""
        g = self.game
        hand = g.hand
        if self.real_cards or hand is None or hand.over or hand.cards is None:
            return []
        out = []
        bots = self.bots()
        for s in g.due():
            if s != viewer and s not in bots and len(hand.cards[s - 1]) == 1:
                legal = g.legal_actions(s)
                if len(legal) == 1 and legal[0].type == "play":
                    out.append(s)
        return out

    def bots(self) -> list[int]:
        """The seats the computer plays: its players', and at a table of
        phones the seats of phones away that the host gave to the computer
        until they are back (table_host.py)."""
        host = self.host
        if host is None:
            return [i + 1 for i, p in enumerate(self.seats) if p["kind"] == "bot"]
        # The stand-ins are the table's seats; in the Hängeln, its game's are two of them.
        return [i + 1 for i, p in enumerate(self.seats) if p["kind"] == "bot" or host.table_seat(i + 1) in host.standins]

    def names(self) -> list[str]:
        """The table's players by its seats: a set's everyone, also while two
        of them play the Hängeln."""
        return list(self.rset.names) if self.rset is not None else list(self.game.names)

    def level(self, seat: int) -> str:
        """A computer player's level; a stand-in for a phone away plays at
        the app's first."""
        return self.seats[seat - 1].get("level") or APP_LEVELS[0]

    def check_viewer(self, viewer) -> None:
        check_viewer(viewer, self.game.n)

    def state(self, viewer) -> dict:
        g = self.game
        self.check_viewer(viewer)
        due = g.due()
        bots = self.bots()
        state = {
            "save": self.save(),
            "view": view(g, viewer),
            # The engine's reasons for the viewer's refused taps, so the
            # shell answers those at once too (taps.py).
            "refusals": {} if self.real_cards else tap_refusals(g, viewer),
            "due": {"humans": [s for s in due if s not in bots], "bots": [s for s in due if s in bots]},
            # People due whose move is forced (see `forced`): the phone need
            # not go round for it; `forced_step` makes it.
            "forced": self.forced(viewer),
            "hand_over": g.hand_over,
            "game_over": g.game_over,
            # On a scoresheet nobody holds hidden cards, so the phone may list
            # what every seat can enter.
            "sheet_legal": {str(s): [a.to_json() for a in g.legal_actions(s)] for s in range(1, g.n + 1)} if self.real_cards else None,
            # Entries that need the cards the table saw (a turn-up, a
            # challenge's uncovered cards): templates for the card picker.
            "sheet_cards": {str(s): g.card_entries(s) for s in range(1, g.n + 1)} if self.real_cards else None,
            "series": None if self.series is None else club.series_facts(self.series),
            "set": None if self.rset is None else club.set_facts(self.rset),
            # The kitty: what the table plays for, and once the game is over
            # what it cost whom (cents; the shell only formats them).
            "stakes": g.stakes.to_json(),
            "money": cast(GameMoney, g.money).to_json() if g.game_over and g.stakes.played_for else None,
        }
        if self.host is not None:
            state["phone_table"] = self.host.facts(self.game, self.names())
        state["duel"] = None if self.duel is None else duel.facts_of(g, self.duel)
        return state


def set_asked(args: dict) -> bool:
    """Whether a table's opening `args` ask for a Rengen set (`"set": true`),
    checked: a flag, and never with a series' `games` or a ticket."""
    rset = args.get("set", False)
    if not isinstance(rset, bool):
        raise InvalidAction("bad_flag", name="set")
    if rset and ("games" in args or "ticket" in args):
        raise InvalidAction(
            "bad_request", detail=Both("ein Satz ist keine Serie („games“, „ticket“)", "a set is no series ('games', 'ticket')")
        )
    return rset


def new_set(args: dict, names: list[dict], seed) -> RengenSet:
    """A Rengen set as a table's opening `args` name it (`rules` default to
    `rengen`, `options`, `dealer`, `stakes`), checked as a game's are."""
    probe = Game(names, args.get("rules", "rengen"), args.get("options") or {}, args.get("dealer", 1), seed, args.get("stakes"))
    return RengenSet(probe.names, probe.rules, None, args.get("dealer", 1), seed, probe.stakes)


def new_set_table(args: dict, names: list[dict], seats: list[dict], seed, real: bool = False) -> Table:
    """A Rengen set's table (`new_set`, `table_new` with `set`): two games,
    then the Hängeln between their losers; rules default to `rengen`."""
    rset = new_set(args, names, check_seed(seed))
    table = Table(rset.new_game(), seats, seed, real)
    table.rset, table.set_seats = rset, seats
    return table


class Commands:
    """What the bridge's command mixins share (bridge/__init__.py): the table
    in play, and its rule that a new table is taken only once its state
    could be built."""

    table: Table | None

    def _table(self) -> Table:
        if self.table is None:
            raise NoGame("no_game")
        return self.table

    def _take(self, table: Table, viewer) -> dict:
        """Make `table` the one played, once its state for `viewer` could be
        built: a refused request must leave the old table in place."""
        state = table.state(viewer)
        self.table = table
        return state


def _seat(p, i: int, keys: set[str]) -> dict:
    """One seat's kind (and a bot's level), checked."""

    def bad(de, en):
        raise InvalidAction("bad_seat_entry", seat=i, why=Both(de, en))

    if not isinstance(p, dict):
        bad("die Angaben zum Platz sind ein Objekt", "a seat is described by an object")
    unknown = set(p) - keys
    if unknown:
        names = ", ".join(sorted(short_repr(k) for k in unknown))
        bad(f"unbekannte Angabe {names}", f"unknown field {names}")
    kind = p.get("kind", "human")
    if kind not in ("human", "bot"):
        bad("„kind“ ist human oder bot", "'kind' is human or bot")
    seat = {"kind": kind}
    level = p.get("level")
    if kind == "bot":
        if not isinstance(level, str) or level not in LEVELS:
            bad(
                f"einen Computerspieler der Stufe {short_repr(level)} gibt es nicht",
                f"there is no computer player of level {short_repr(level)}",
            )
        seat["level"] = level
    elif "level" in p:
        bad("nur Computerspieler haben eine Stufe", "only computer players have a level")
    return seat


def real_cards(args: dict, seats: list[dict]) -> bool:
    """Whether a new table is a scoresheet of a game played with real cards;
    refused where a computer would sit at it."""
    real = args.get("real_cards", False)
    if not isinstance(real, bool):
        raise InvalidAction("bad_flag", name="real_cards")
    if real and any(p["kind"] == "bot" for p in seats):
        raise InvalidAction(
            "bad_players",
            detail=Both(
                "auf dem Spielzettel (echte Karten) sitzen nur Menschen am Tisch",
                "on a scoresheet (real cards) every player is a person at the table",
            ),
        )
    return real


def players_and_seats(players) -> tuple[list[dict], list[dict]]:
    if not isinstance(players, list):
        raise InvalidAction("bad_players", detail=Both("die Spieler müssen eine Liste sein", "players must be a list"))
    names, seats = [], []
    for i, p in enumerate(players, 1):
        if isinstance(p, dict) and p.get("kind", "human") == "bot" and "level" not in p:
            p = dict(p, level="easy")  # the default level of a bot named without one
        seats.append(_seat(p, i, {"name", "kind", "level", "marks"}))
        entry = {"name": p.get("name")}
        if "marks" in p:
            entry["marks"] = p["marks"]
        names.append(entry)
    return names, seats


def record_seats(players: list) -> list[dict]:
    """The seats a record names (a player without "kind" is a person)."""
    return [
        _seat({k: p[k] for k in ("kind", "level") if k in p} if isinstance(p, dict) else {}, i, {"kind", "level"})
        for i, p in enumerate(players, 1)
    ]


def saved_seats(players, names: list[str]) -> list[dict]:
    """The seats of a save, checked against the record's players."""
    if not isinstance(players, list) or len(players) != len(names) or not all(isinstance(p, dict) for p in players):
        raise RecordError(
            "bad_record",
            detail=Both("der Tisch passt nicht zu den Spielern der Aufzeichnung", "the table does not match the record's players"),
        )
    return players_and_seats([dict(p, name=n) for p, n in zip(players, names)])[1]


def table_mark(table: Table | None) -> tuple[int, int] | None:
    """Where the table's game stands: hands dealt, actions written in the
    last one (a game only grows by these within one command)."""
    if table is None:
        return None
    logs = table.game.logs
    return len(logs), len(logs[-1]) if logs else 0


def restored_table(table: Table | None, mark) -> Table | None:
    """The table as it was at `mark`, for a command that failed half-way
    after writing to its game in place."""
    if table is None or table_mark(table) == mark:
        return table
    rec = table.game.to_record()
    hands = rec["hands"][: mark[0]]
    if hands:
        hands[-1] = {**hands[-1], "actions": hands[-1]["actions"][: mark[1]]}
    return table.with_game(Game.from_record(trim_hints({**rec, "hands": hands})))


def saved_table(game: Game, table: dict) -> Table:
    """A save's table, checked against its record before anything is
    replaced: seats, seed, and real cards exactly where the record has them."""

    def bad(de: str, en: str) -> NoReturn:
        raise RecordError("bad_table", why=Both(de, en))

    unknown = set(table) - {"players", "seed", "real_cards"}
    if unknown:
        names = ", ".join(sorted(short_repr(k) for k in unknown))
        bad(f"unbekannte Angabe {names}", f"unknown field {names}")
    players = table.get("players")
    if not isinstance(players, list) or len(players) != game.n:
        bad(f"das Spiel hat {game.n} Plätze", f"the game has {game.n} seats")
    seats = [_seat(p, i, {"kind", "level"}) for i, p in enumerate(players, 1)]
    seed = table.get("seed")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        bad(f"der Startwert (seed) ist keine ganze Zahl von 0 bis {MAX_SEED}", f"the seed is not a whole number from 0 to {MAX_SEED}")
    real = table.get("real_cards", False)
    if not isinstance(real, bool):
        bad("„real_cards“ ist true oder false", "'real_cards' is true or false")
    last = dealt_real(game)
    if last is not None and last != real:
        if real:
            bad(
                "ein Spielzettel (echte Karten), aber die Karten der letzten Hand sind ausgeteilt",
                "a scoresheet (real cards), but the last hand's cards were dealt",
            )
        bad(
            "die letzte Hand wurde mit echten Karten gespielt, aber der Tisch ist kein Spielzettel",
            "the last hand was played with real cards, but the table is not a scoresheet",
        )
    if real and any(p["kind"] == "bot" for p in seats):
        bad("auf einem Spielzettel sitzen keine Computerspieler", "a scoresheet has no computer players")
    if game.seed is None and not real and game.hand_over and not game.game_over:
        bad("es gibt keinen Startwert, um weiter zu geben", "there is no seed to deal the next hand from")
    return Table(game, seats, seed, real)
