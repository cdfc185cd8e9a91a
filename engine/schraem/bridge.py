"""The one boundary between the app shell and the engine: JSON text in, JSON
text out (docs/BRIDGE.md). It holds the table the worker is playing and
never raises: every failure is returned as data, the state untouched."""
from __future__ import annotations

import json
import random

from . import __version__
from .bots import APP_LEVELS, LEVELS, choose
from .cards import derive_seed
from .errors import IllegalAction, InvalidAction, NoGame, RecordError, SchraemError
from . import club
from .game import Game
from .series import RengenSet, Series
from .rules import Rules
from .view import view

SAVE_FORMAT = "schraem-save/1"


class Table:
    """A game plus who sits where: humans at this phone or bots. A
    scoresheet table (`real_cards`) plays every hand with real cards: the
    phone only records knocks, answers, penalties and who won."""

    def __init__(self, game: Game, seats: list[dict], seed: int, real_cards: bool = False, series: Series | None = None, ticket: dict | None = None):
        self.game, self.seats, self.seed, self.real_cards = game, seats, seed, real_cards
        # A series at this table (club.py): its last game is `game`.
        self.series, self.ticket = series, ticket
        # A Rengen set: `game` is its game in progress or its Hängeln, whose
        # two players sit at `seats`; `set_seats` are everyone's seats.
        self.rset: RengenSet | None = None
        self.set_seats: list[dict] | None = None

    def save(self) -> dict:
        table = {"players": self.seats, "seed": self.seed}
        if self.real_cards:
            table["real_cards"] = True
        out = {"format": SAVE_FORMAT, "record": self.game.to_record(), "table": table}
        if self.series is not None:
            out["series"] = club.series_save(self.series, self.ticket)
        if self.rset is not None:
            out["set"] = club.set_save(self.rset, self.set_seats)
        return out

    def replace_game(self, game: Game) -> None:
        self.game = game
        if self.series is not None:
            self.series.games[-1] = game
        if self.rset is not None:
            if self.rset.hangeln is not None:
                self.rset.hangeln = game
            else:
                self.rset.games[-1] = game

    def deal(self) -> None:
        self.game.deal(real=self.real_cards)

    def bots(self) -> list[int]:
        return [i + 1 for i, p in enumerate(self.seats) if p["kind"] == "bot"]

    def check_viewer(self, viewer) -> None:
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 1 <= viewer <= self.game.n):
            raise InvalidAction("bad_seat", seat=viewer)

    def state(self, viewer) -> dict:
        g = self.game
        self.check_viewer(viewer)
        due = g.due()
        return {
            "save": self.save(),
            "view": view(g, viewer),
            "due": {"humans": [s for s in due if self.seats[s - 1]["kind"] == "human"], "bots": [s for s in due if self.seats[s - 1]["kind"] == "bot"]},
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
        }


def _seats(players) -> tuple[list[dict], list[dict]]:
    if not isinstance(players, list):
        raise InvalidAction("bad_players", detail="players must be a list")
    names, seats = [], []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict):
            raise InvalidAction("bad_players", detail=f"player {i} must be an object")
        kind = p.get("kind", "human")
        if kind not in ("human", "bot"):
            raise InvalidAction("bad_players", detail=f"player {i}: kind must be human or bot")
        seat = {"kind": kind}
        if kind == "bot":
            level = p.get("level", "easy")
            if not isinstance(level, str) or level not in LEVELS:
                raise InvalidAction("bad_players", detail=f"player {i}: unknown bot level {level!r}")
            seat["level"] = level
        entry = {"name": p.get("name")}
        if "marks" in p:
            entry["marks"] = p["marks"]
        names.append(entry)
        seats.append(seat)
    return names, seats


def _saved_seats(players, names: list[str]) -> list[dict]:
    """The seats of a save, checked against the record's players."""
    if not isinstance(players, list) or len(players) != len(names) or not all(isinstance(p, dict) for p in players):
        raise RecordError("bad_record", detail="the table does not match the record's players")
    return _seats([dict(p, name=n) for p, n in zip(players, names)])[1]


class Bridge:
    def __init__(self):
        self.table: Table | None = None
        self.organiser = club.Organiser()

    def handle(self, text: str) -> str:
        req_id = None
        try:
            try:
                req = json.loads(text)
            except (TypeError, ValueError):
                raise InvalidAction("bad_request", detail="not JSON")
            if not isinstance(req, dict):
                raise InvalidAction("bad_request", detail="a request is an object")
            req_id = req.get("id")
            cmd = req.get("cmd")
            args = req.get("args") or {}
            if not isinstance(args, dict):
                raise InvalidAction("bad_request", detail="args must be an object")
            method = getattr(self, "cmd_" + cmd, None) if isinstance(cmd, str) else None
            if method is None:
                raise InvalidAction("bad_request", detail=f"unknown command {cmd!r}")
            result = method(args)
            return json.dumps({"id": req_id, "ok": True, "result": result})
        except SchraemError as e:
            return json.dumps({"id": req_id, "ok": False, "error": e.to_json()})
        except Exception as e:  # a bug: still answer, so the shell can tell the user
            return json.dumps({"id": req_id, "ok": False, "error": {"kind": "InternalError", "code": "internal", "de": f"Interner Fehler: {e!r}", "en": f"Internal error: {e!r}"}})

    def _table(self) -> Table:
        if self.table is None:
            raise NoGame("no_game")
        return self.table

    # --- commands ----------------------------------------------------------
    def cmd_hello(self, args):
        # The club facts of each preset: games per series, series per tournament.
        club_facts = {p: {"series_games": r.series_games, "tournament_series": r.tournament_series}
                      for p, r in ((p, Rules.make(p)) for p in Rules.preset_names())}
        return {"version": __version__, "presets": Rules.preset_names(), "bot_levels": list(APP_LEVELS), "club": club_facts}

    def cmd_new_game(self, args):
        names, seats = _seats(args.get("players"))
        seed = args.get("seed", 0)
        real = args.get("real_cards", False)
        if not isinstance(real, bool):
            raise InvalidAction("bad_request", detail="real_cards must be true or false")
        if real and any(p["kind"] == "bot" for p in seats):
            raise InvalidAction("bad_players", detail="on a scoresheet (real cards) every player is a person at the table")
        game = Game(names, args.get("rules", "rheinland"), args.get("options") or {}, args.get("dealer", 1), seed)
        table = Table(game, seats, seed, real)
        table.deal()
        self.table = table
        return table.state(args.get("viewer"))

    def cmd_import(self, args):
        """Take over a game record (a file from another phone or the CLI):
        everyone becomes a person at this phone. Hands go on with real cards
        if the record's last hand was played with real cards."""
        record = args.get("record")
        game = Game.from_record(record)
        real = bool(game.specs) and game.specs[-1].get("deal", ()) is None
        seed = args.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidAction("bad_request", detail="seed must be a whole number ≥ 0")
        if game.seed is None and not real:
            game.seed = seed  # dealing further hands needs a seed
        table = Table(game, [{"kind": "human"} for _ in range(game.n)], game.seed if game.seed is not None else seed, real)
        if game.hand_over and not game.game_over:
            table.deal()
        self.table = table
        return table.state(args.get("viewer"))

    def cmd_load(self, args):
        save = args.get("save")
        try:
            if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
                raise RecordError("bad_record", detail=f"a save has format {SAVE_FORMAT!r}")
            table = save.get("table")
            if not isinstance(table, dict):
                raise RecordError("bad_record", detail="the save has no table")
            record = save.get("record")
            game = Game.from_record(record)
            seats = _saved_seats(table.get("players"), game.names)
        except RecordError:
            raise
        except SchraemError as e:
            raise RecordError("bad_record", detail=e.en) from e
        real = table.get("real_cards", False) is True
        series, ticket = club.series_from_save(save["series"], game) if "series" in save else (None, None)
        loaded = Table(game, seats, table.get("seed", 0), real, series, ticket)
        if "set" in save:
            loaded.rset, set_seats = club.set_from_save(save["set"], game)
            loaded.set_seats = _saved_seats(set_seats, loaded.rset.names)
        if game.hand is None and not game.game_over:
            loaded.deal()
        self.table = loaded
        return loaded.state(args.get("viewer"))

    def cmd_state(self, args):
        return self._table().state(args.get("viewer"))

    def cmd_act(self, args):
        t = self._table()
        viewer = args.get("viewer")
        t.check_viewer(viewer)  # before anything changes
        t.game.apply(args.get("action"))
        return t.state(viewer)

    def cmd_bot_step(self, args):
        t = self._table()
        g = t.game
        viewer = args.get("viewer")
        t.check_viewer(viewer)
        taken = None
        if not g.hand_over:
            # Bots answer and play when due; between those they may knock.
            due = g.due()
            order = [s for s in due if s in t.bots()] + [s for s in t.bots() if s not in due]
            for seat in order:
                rng = random.Random(derive_seed(t.seed, len(g.specs), sum(len(l) for l in g.logs), seat))
                action = choose(t.seats[seat - 1]["level"], view(g, seat), rng)
                if action is not None:
                    g.apply(action)
                    taken = action
                    break
        state = t.state(viewer)
        state["bot_action"] = taken
        return state

    def cmd_next_hand(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        t.deal()
        return t.state(args.get("viewer"))

    def cmd_undo(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        rec = t.game.to_record()
        humans = {i + 1 for i, p in enumerate(t.seats) if p["kind"] == "human"}
        for h in range(len(rec["hands"]) - 1, -1, -1):
            acts = rec["hands"][h]["actions"]
            for i in range(len(acts) - 1, -1, -1):
                if acts[i]["seat"] in humans:
                    del acts[i:]
                    del rec["hands"][h + 1:]
                    t.replace_game(Game.from_record(rec))
                    return t.state(args.get("viewer"))
        raise IllegalAction("nothing_to_undo")


    # --- the club evening (club.py) ------------------------------------------
    def cmd_new_series(self, args):
        """A series at this table (a tournament table: from its ticket)."""
        names, seats = _seats(args.get("players"))
        seed, real = args.get("seed", 0), args.get("real_cards", False)
        if not isinstance(real, bool) or (real and any(p["kind"] == "bot" for p in seats)):
            raise InvalidAction("bad_players", detail="on a scoresheet (real cards) every player is a person at the table")
        series = club.new_series(names, args.get("rules", "rheinland"), args.get("options") or {}, args.get("games"), args.get("first_dealer"), seed, args.get("ticket"))
        table = Table(series.new_game(), seats, seed, real, series, args.get("ticket"))
        table.check_viewer(args.get("viewer"))
        table.deal()
        self.table = table
        return table.state(args.get("viewer"))

    def cmd_new_set(self, args):
        """A Rengen set: two games, then the Hängeln between their losers."""
        names, seats = _seats(args.get("players"))
        seed, real = args.get("seed", 0), args.get("real_cards", False)
        if not isinstance(real, bool) or (real and any(p["kind"] == "bot" for p in seats)):
            raise InvalidAction("bad_players", detail="on a scoresheet (real cards) every player is a person at the table")
        probe = Game(names, args.get("rules", "rengen"), args.get("options") or {}, args.get("dealer", 1), seed)
        rset = RengenSet(probe.names, probe.rules, None, args.get("dealer", 1), seed)
        table = Table(rset.new_game(), seats, seed, real)
        table.rset, table.set_seats = rset, seats
        table.check_viewer(args.get("viewer"))
        table.deal()
        self.table = table
        return table.state(args.get("viewer"))

    def cmd_next_game(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        if t.rset is not None:
            if not t.game.game_over:
                raise InvalidAction("bad_request", detail="the current game is not over")
            game, pair = club.next_in_set(t.rset)
            if pair is not None:
                t.seats = [t.set_seats[s - 1] for s in pair]
            t.game = game
            t.deal()
            return t.state(None if pair is not None else args.get("viewer"))
        if t.series is None:
            raise InvalidAction("bad_request", detail="this table plays no series")
        game = t.series.new_game()  # refuses while the game runs or the series is full
        if game.seed is None:
            game.seed = derive_seed(t.seed, len(t.series.games))
        t.game = game
        t.deal()
        return t.state(args.get("viewer"))

    def cmd_spielliste(self, args):
        t = self._table()
        return club.spielliste(t.series, t.game, args.get("game"))

    def cmd_lists(self, args):
        """Every game's Spielliste at once: of the table in play, or (with
        `of`) of a kept save, record, series, set or table result, which
        leaves the table in play alone."""
        if "of" in args:
            return club.lists_of(args["of"])
        t = self._table()
        return club.lists(t.series, t.game, t.rset)

    def cmd_correct_draft(self, args):
        """A past scoresheet hand entered again, as far as `actions` go: its
        public view and what each seat may enter next (the correction editor)."""
        t = self._table()
        g = club.draft(t.series, t.game, args)
        return {
            "view": view(g, None),
            "hand_over": g.hand_over,
            "sheet_legal": {str(s): [a.to_json() for a in g.legal_actions(s)] for s in range(1, g.n + 1)},
            "sheet_cards": {str(s): g.card_entries(s) for s in range(1, g.n + 1)},
        }

    def cmd_correct(self, args):
        """Preview a correction of a past hand (the marks that change), or
        with `"confirm": true` make it; nothing changes on any refusal."""
        t = self._table()
        t.check_viewer(args.get("viewer"))
        series, game, changes = club.correction(t.series, t.game, args)
        if args.get("confirm") is not True:
            return {"changes": changes, "preview": True}
        t.series = series
        t.replace_game(game)
        state = t.state(args.get("viewer"))
        state["changes"] = changes
        return state

    def cmd_table_result(self, args):
        t = self._table()
        return club.result_for(t.series, t.ticket)

    def cmd_stats(self, args):
        return club.stats(args.get("records"))

    def cmd_tournament(self, args):
        return self.organiser.handle(args)


_bridge = Bridge()


def handle(text: str) -> str:
    return _bridge.handle(text)
