"""The one boundary between the app shell and the engine: JSON text in, JSON
text out (docs/BRIDGE.md). It holds the table the worker is playing and
never raises: every failure is returned as data, the state untouched, with
the request's id whenever the text names one."""

from __future__ import annotations

import json
import random

from .. import __version__
from ..bots import APP_LEVELS, choose
from ..club import club, move
from ..club.outbound import export_record, running, scrub
from ..club.series import RengenSet
from ..core import rule_catalog
from ..core.cards import derive_seed
from ..core.errors import Both, IllegalAction, InvalidAction, NoGame, RecordError, SchraemError
from ..core.fields import clean_name
from ..core.game import Game, trim_hints
from ..core.rules import Rules
from ..core.view import view
from ..review import duel
from .phone_commands import PhoneCommands
from .review_commands import ReviewCommands
from .table import (
    SAVE_FORMAT,
    Table,
    _dealt_real,
    _mark,
    _record_seats,
    _restored,
    _saved_seats,
    _seats,
    _short,
    _table_of,
    check_exact,
    check_seed,
    check_viewer,
)
from .table_host import TableHost
from .wire import MAX_DEPTH, MAX_REQUEST_CHARS, _find_id, decode


class Bridge(PhoneCommands, ReviewCommands):
    def __init__(self):
        self.table: Table | None = None
        self.organiser = club.Organiser()
        self.review = None  # the game review under way (bridge_review.py)

    def handle(self, text: str) -> str:
        req_id = None
        table = self.table
        mark = _mark(table)
        try:
            try:
                req = decode(text)
            except SchraemError:
                if isinstance(text, str):
                    req_id = _find_id(text)
                raise
            req_id = req.get("id")
            cmd = req.get("cmd")
            args = req.get("args")
            args = {} if args is None else args
            if not isinstance(args, dict) or not isinstance(cmd, str):
                raise InvalidAction("request_shape")
            method = getattr(self, "cmd_" + cmd, None)
            if method is None:
                raise InvalidAction("unknown_command", cmd=_short(cmd))
            result = method(args)
            reply = {"id": req_id, "ok": True, "result": result}
        except SchraemError as e:
            self.table = table
            if table is not None and req_id is not None and isinstance(e, (IllegalAction, InvalidAction)):
                e = e.named(table.game.names)  # "Hubert is to play", not "seat 2"
            reply = {"id": req_id, "ok": False, "error": e.to_json()}
        except Exception as e:  # a bug: still answer, in plain words, so the shell can tell the user
            # The game as it was: an action written before the bug struck
            # is taken back, as the words "unchanged" promise.
            self.table = _restored(table, mark)
            reply = {
                "id": req_id,
                "ok": False,
                "error": dict(InvalidAction("internal").to_json(), kind="InternalError", detail=repr(e)[:500]),
            }
        try:
            return json.dumps(reply, allow_nan=False)
        except (TypeError, ValueError):  # an id JSON cannot carry back; cannot happen with a parsed one
            return json.dumps({"id": None, "ok": False, "error": dict(InvalidAction("internal").to_json(), kind="InternalError")})

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

    # --- commands ----------------------------------------------------------
    def cmd_hello(self, args):
        # The club facts of each preset: games per series, series per tournament.
        club_facts = {
            p: {"series_games": r.series_games, "tournament_series": r.tournament_series}
            for p, r in ((p, Rules.make(p)) for p in Rules.preset_names())
        }
        return {
            "version": __version__,
            "presets": Rules.preset_names(),
            "bot_levels": list(APP_LEVELS),
            "limits": {"request_chars": MAX_REQUEST_CHARS, "depth": MAX_DEPTH},
            "club": club_facts,
            "house_rules": rule_catalog.house_rules(),
            "duel": duel.facts(),
        }

    def cmd_rule_catalog(self, args):
        """The house-rules editor's facts for a preset and options; options
        that cannot be played together are refused with the reason."""
        return rule_catalog.catalog(Rules.make(args.get("rules", "rheinland"), args.get("options") or {}))

    def cmd_new_game(self, args):
        names, seats = _seats(args.get("players"))
        seed = check_seed(args.get("seed", 0))
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
        game = Game(names, args.get("rules", "rheinland"), args.get("options") or {}, args.get("dealer", 1), seed, args.get("stakes"))
        check_viewer(args.get("viewer"), game.n)
        table = Table(game, seats, seed, real)
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_rematch(self, args):
        """A new game at the same table once this one is over: the same
        players in the same seats (people and computer players), rules and
        options; its first hand dealt by the last game's winner (or loser,
        where the preset says so)."""
        t = self._table()
        g = t.game
        if t.host is not None:
            # The guests' phones number their deals by hand within a game;
            # a table opened again starts them afresh.
            raise IllegalAction("phone_table_rematch")
        if not g.game_over:
            raise InvalidAction("bad_request", detail=Both("die Spielrunde läuft noch", "the game is still running"))
        if t.series is not None or t.rset is not None:
            raise InvalidAction(
                "bad_request",
                detail=Both("in einer Serie kommt die nächste Spielrunde mit „next_game“", "a series goes on with 'next_game'"),
            )
        seed = check_seed(args.get("seed", 0))
        game = Game(g.names, g.rules, None, g.next_game_dealer(), seed, g.stakes)
        check_viewer(args.get("viewer"), game.n)
        table = Table(game, t.seats, seed, t.real_cards)
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_import(self, args):
        """Take over a game record (a file from another phone or the CLI).
        Who sat where comes with it: a computer player exported by the app
        plays on as one; a record that does not say (or one played with real
        cards) has a person at every seat. Hands go on with real cards if the
        record's last hand was played with real cards."""
        seed = check_seed(args.get("seed", 0))
        record = args.get("record")
        game = Game.from_record(record)
        check_exact(game)
        check_viewer(args.get("viewer"), game.n)
        real = bool(_dealt_real(game))
        if game.seed is None and not real:
            game.seed = seed  # dealing further hands needs a seed
        seats = [{"kind": "human"} for _ in range(game.n)] if real else _record_seats(record["players"])
        table = Table(game, seats, game.seed if game.seed is not None else seed, real)
        if game.hand_over and not game.game_over:
            table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_load(self, args):
        save = args.get("save")
        try:
            if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
                raise RecordError(
                    "bad_record", detail=Both(f"ein Spielstand hat das Format {SAVE_FORMAT!r}", f"a save has format {SAVE_FORMAT!r}")
                )
            if set(save) - {"format", "record", "table", "series", "set", "phone", "duel"}:
                raise RecordError(
                    "bad_record",
                    detail=Both(
                        "ein Spielstand enthält nur format, record, table und eine Serie oder einen Satz",
                        "a save holds only format, record, table and a series or set",
                    ),
                )
            table = save.get("table")
            if not isinstance(table, dict):
                raise RecordError("bad_record", detail=Both("der Spielstand hat keinen Tisch", "the save has no table"))
            game = Game.from_record(save.get("record"))
            check_exact(game)
            loaded = _table_of(game, table)
            if "series" in save:
                loaded.series, loaded.ticket = club.series_from_save(save["series"], game)
            if "set" in save:
                loaded.rset, set_seats = club.set_from_save(save["set"], game)
                loaded.set_seats = _saved_seats(set_seats, loaded.rset.names)
            if "phone" in save:
                loaded.host = TableHost.from_save(save["phone"], loaded.seats, game)
            if "duel" in save:
                loaded.duel = duel.check_facts(save["duel"], game)
        except RecordError:
            raise
        except SchraemError as e:
            raise RecordError(e.code, cause=e) from e
        check_viewer(args.get("viewer"), game.n)
        # A table of phones saved mid-deal goes on with the round it saved.
        if (
            game.hand is None
            and not game.game_over
            and (loaded.host is None or loaded.host.round is None)
            and (loaded.duel is None or not duel.over(game, loaded.duel))
        ):
            loaded.deal()
        return self._take(loaded, args.get("viewer"))

    # --- a table of phones (table_host.py, docs/PHONE_TABLE.md) -------------
    def cmd_table_new(self, args):
        """Open a table of phones: like `new_game`, with `viewer` the host's
        own seat and `guests` the seats played from other phones; the first
        hand is dealt by the phones' commit–reveal round."""
        names, seats = _seats(args.get("players"))
        seed = check_seed(args.get("seed", 0))
        game = Game(names, args.get("rules", "rheinland"), args.get("options") or {}, args.get("dealer", 1), seed)
        table = Table(game, seats, seed)
        table.host = TableHost.open(args.get("viewer"), args.get("guests"), seats)
        table.deal()
        return self._take(table, args.get("viewer"))

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
                rng = random.Random(derive_seed(t.seed, len(g.specs), sum(len(log) for log in g.logs), seat))
                action = choose(t.level(seat), view(g, seat), rng)
                if action is not None:
                    g.apply(action)
                    taken = action
                    break
        state = t.state(viewer)
        state["bot_action"] = taken
        return state

    def cmd_forced_step(self, args):
        """Plays the forced move of the first seat `forced` lists (a person's
        last card that can only be played), so the phone need not be handed
        over for it."""
        t = self._table()
        viewer = args.get("viewer")
        t.check_viewer(viewer)
        seats = t.forced(viewer)
        if not seats:
            raise IllegalAction("bad_request", detail=Both("es gibt keinen erzwungenen Zug", "there is no forced move"))
        t.game.apply(t.game.legal_actions(seats[0])[0])
        state = t.state(viewer)
        state["forced_seat"] = seats[0]
        return state

    def cmd_next_hand(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        t.deal()
        return t.state(args.get("viewer"))

    def cmd_undo(self, args):
        """Takes back the last person's action and what the bots did after
        it. With several people passing the phone only the one holding it
        (the viewer) takes back, and only their own move: never another
        player's, which would reveal or withdraw it."""
        t = self._table()
        viewer = args.get("viewer")
        t.check_viewer(viewer)
        if t.host is not None:
            # The guests have seen the move (and a hand's end starts the next
            # deal's round): taking it back would fork the table.
            raise IllegalAction("phone_table_no_undo")
        rec = t.game.to_record()
        humans = {i + 1 for i, p in enumerate(t.seats) if p["kind"] == "human"}
        passing = not t.real_cards and viewer is not None and len(humans) > 1
        for h in range(len(rec["hands"]) - 1, -1, -1):
            acts = rec["hands"][h]["actions"]
            for i in range(len(acts) - 1, -1, -1):
                if acts[i]["seat"] in humans:
                    if passing and acts[i]["seat"] != viewer:
                        raise IllegalAction("undo_not_yours", seat=acts[i]["seat"])
                    del acts[i:]
                    del rec["hands"][h + 1 :]
                    return self._take(t.with_game(Game.from_record(trim_hints(rec))), args.get("viewer"))
        raise IllegalAction("nothing_to_undo")

    def cmd_export(self, args):
        """A file for other phones (outbound.py): the game in play as a
        record, or with `of` any kept file (a save, record, series, set,
        tournament, ticket or table result); with `damaged` a file that does
        not replay, scrubbed of seeds and of its last hands' cards. No seeds,
        each finished hand as its exact cards, and a hand still being played
        only when asked for: its deal shows everyone's cards."""
        include = args.get("include_current_hand", False)
        if not isinstance(include, bool):
            raise InvalidAction("bad_flag", name="include_current_hand")
        if "damaged" in args:
            return {"file": scrub(args["damaged"]), "left_out_hand": None, "left_out_game": None, "includes_hidden_cards": False}
        if "of" in args:
            return club.export_of(args["of"], include)
        game = self._table().game
        secret = running(game)
        record = export_record(game, keep_last=include or not secret)
        # Who sat where travels with the file, so an import plays on against
        # the same computer players.
        for p, seat in zip(record["players"], self._table().seats):
            p.update(seat)
        return {
            "record": record,
            "hands": len(record["hands"]),
            "left_out_hand": len(game.specs) if secret and not include else None,
            "includes_hidden_cards": secret and include,
        }

    # --- the club evening (club.py) ------------------------------------------
    def cmd_new_series(self, args):
        """A series at this table (a tournament table: from its ticket)."""
        names, seats = _seats(args.get("players"))
        seed, real = args.get("seed", 0), args.get("real_cards", False)
        if not isinstance(real, bool) or (real and any(p["kind"] == "bot" for p in seats)):
            raise InvalidAction(
                "bad_players",
                detail=Both(
                    "auf dem Spielzettel (echte Karten) sitzen nur Menschen am Tisch",
                    "on a scoresheet (real cards) every player is a person at the table",
                ),
            )
        series = club.new_series(
            names,
            args.get("rules", "rheinland"),
            args.get("options") or {},
            args.get("games"),
            args.get("first_dealer"),
            check_seed(seed),
            args.get("ticket"),
            args.get("stakes"),
        )
        table = Table(series.new_game(), seats, seed, real, series, args.get("ticket"))
        table.check_viewer(args.get("viewer"))
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_new_set(self, args):
        """A Rengen set: two games, then the Hängeln between their losers."""
        names, seats = _seats(args.get("players"))
        seed, real = args.get("seed", 0), args.get("real_cards", False)
        if not isinstance(real, bool) or (real and any(p["kind"] == "bot" for p in seats)):
            raise InvalidAction(
                "bad_players",
                detail=Both(
                    "auf dem Spielzettel (echte Karten) sitzen nur Menschen am Tisch",
                    "on a scoresheet (real cards) every player is a person at the table",
                ),
            )
        probe = Game(
            names, args.get("rules", "rengen"), args.get("options") or {}, args.get("dealer", 1), check_seed(seed), args.get("stakes")
        )
        rset = RengenSet(probe.names, probe.rules, None, args.get("dealer", 1), seed, probe.stakes)
        table = Table(rset.new_game(), seats, seed, real)
        table.rset, table.set_seats = rset, seats
        table.check_viewer(args.get("viewer"))
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_next_game(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        if t.rset is not None:
            if not t.game.game_over:
                raise InvalidAction("bad_request", detail=Both("die laufende Spielrunde ist nicht vorbei", "the current game is not over"))
            game, pair = club.next_in_set(t.rset)
            if pair is not None:
                t.seats = [t.set_seats[s - 1] for s in pair]
            t.game = game
            t.deal()
            return t.state(None if pair is not None else args.get("viewer"))
        if t.series is None:
            raise InvalidAction("bad_request", detail=Both("an diesem Tisch läuft keine Serie", "this table plays no series"))
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
        public view and what each seat may enter next (the correction editor);
        with no action yet, also the hand as it was (`as_was`)."""
        t = self._table()
        g = club.draft(t.series, t.game, args)
        out = {
            "view": view(g, None),
            "hand_over": g.hand_over,
            "sheet_legal": {str(s): [a.to_json() for a in g.legal_actions(s)] for s in range(1, g.n + 1)},
            "sheet_cards": {str(s): g.card_entries(s) for s in range(1, g.n + 1)},
        }
        if not args.get("actions"):
            out["as_was"] = club.as_was(t.series, t.game, args)
        return out

    def cmd_correct(self, args):
        """Preview a correction of a past hand (the marks that change), or
        with `"confirm": true` make it; nothing changes on any refusal."""
        t = self._table()
        t.check_viewer(args.get("viewer"))
        series, game, changes = club.correction(t.series, t.game, args)
        if args.get("confirm") is not True:
            return {"changes": changes, "preview": True}
        state = self._take(t.with_game(game, series), args.get("viewer"))
        state["changes"] = changes
        return state

    def cmd_check_ticket(self, args):
        """A ticket file checked completely before the app asks anything or
        files the running table: who sits where, for which table."""
        series = club.check_ticket(args.get("ticket"))
        ticket = args["ticket"]
        return {
            "players": series.names,
            "series": ticket["series"],
            "table": ticket["table"],
            "games": series.length,
            "house": ticket.get("house"),
        }

    def cmd_table_result(self, args):
        t = self._table()
        return club.result_for(t.series, t.ticket)

    def cmd_stats(self, args):
        return club.stats(args.get("records"), args.get("people"), args.get("group"))

    def cmd_name(self, args):
        # The regulars' names pass the same check as every table's, so a
        # person saved there can always sit down and start a game.
        return {"name": clean_name(args.get("name"), None, "bad_name")}

    def cmd_books(self, args):
        return club.books(args.get("records"), args.get("people"))

    def cmd_cash_book(self, args):
        return club.cash_book(args.get("evenings"), args.get("people"), args.get("group"))

    def cmd_move(self, args):
        return move.move(args.get("entries"), args.get("strict", False), args.get("offset", 0))

    def cmd_tournament(self, args):
        return self.organiser.handle(args)


_bridge = Bridge()


def handle(text: str) -> str:
    return _bridge.handle(text)
