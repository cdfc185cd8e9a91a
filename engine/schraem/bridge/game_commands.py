"""The bridge's commands for the game in play (docs/BRIDGE.md): a new game,
a rematch, an imported record or a loaded save made the table in play, a
table of phones opened (its commands once open: phone_commands.py), and
the table's moves — a person's action, the bots' and forced steps, the
next hand, undo — and the file a game leaves the phone as.

A mixin of `Bridge` (bridge/__init__.py): the commands share its table and
its rule that a refused request leaves everything as it was."""

from __future__ import annotations

import random

from ..bots import choose
from ..club import club
from ..club.outbound import export_record, running, scrub
from ..core.cards import derive_seed
from ..core.errors import Both, IllegalAction, InvalidAction, RecordError, SchraemError
from ..core.game import Game, trim_hints
from ..core.view import view
from ..review import duel
from .host_save import host_from_save
from .table import (
    SAVE_FORMAT,
    Commands,
    Table,
    check_exact,
    check_seed,
    check_viewer,
    dealt_real,
    new_set_table,
    players_and_seats,
    real_cards,
    record_seats,
    saved_seats,
    saved_table,
    set_asked,
)
from .table_host import MAX_GAMES, TableHost, with_seats
from .wire import is_whole


def _series_taken_over(saved, game: Game):
    """The series a guest kept (the records of its finished games, as the
    host sent them), replayed and checked like a save's, with `game` its last."""
    if not isinstance(saved, dict) or set(saved) - {"length", "finished"}:
        raise InvalidAction(
            "bad_request",
            detail=Both("„series“ nennt „length“ und „finished“", "'series' names 'length' and 'finished'"),
        )
    finished = saved.get("finished")
    try:
        # The series' first dealer is its first game's (a series dealt by
        # the last winner keeps none of its own).
        first = Game.from_record(finished[0]) if isinstance(finished, list) and finished else game
        kept = {"length": saved.get("length"), "finished": finished, "first_dealer": first.first_dealer + 1}
        return club.series_from_save(kept, game)[0]
    except SchraemError as e:
        raise InvalidAction("bad_request", detail=Both(e.de, e.en)) from e


def _set_taken_over(saved, game: Game):
    """The Rengen set a guest kept (the record of its first game once over,
    as the host sent it), replayed and checked like a save's, with `game`
    its game in play: the set is carried on in its game 1 or 2, and in the
    Hängeln from the end of game 2 (the Hängeln is one hand)."""
    finished = saved.get("finished") if isinstance(saved, dict) and set(saved) == {"finished"} else None
    if not isinstance(finished, list) or len(finished) > 1:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "„set“ nennt „finished“, die fertige Spielrunde des Satzes vor dieser (höchstens eine)",
                "'set' names 'finished', the set's finished game before this one (one at most)",
            ),
        )
    try:
        first = Game.from_record(finished[0]) if finished else game
        return club.set_from_save({"finished": finished, "dealer": first.first_dealer + 1}, game)[0]
    except SchraemError as e:
        raise InvalidAction("bad_request", detail=Both(e.de, e.en)) from e


class GameCommands(Commands):
    # --- a table made the one in play ------------------------------------------
    def cmd_new_game(self, args):
        names, seats = players_and_seats(args.get("players"))
        seed = check_seed(args.get("seed", 0))
        real = real_cards(args, seats)
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
        if not g.game_over:
            raise InvalidAction("bad_request", detail=Both("die Spielrunde läuft noch", "the game is still running"))
        if t.series is not None or t.rset is not None:
            raise InvalidAction(
                "bad_request",
                detail=Both("in einer Serie kommt die nächste Spielrunde mit „next_game“", "a series goes on with 'next_game'"),
            )
        seed = check_seed(args.get("seed", 0))
        names = g.names if t.host is None else t.host.names_next(g.names)
        game = Game(names, g.rules, None, g.next_game_dealer(), seed, g.stakes)
        check_viewer(args.get("viewer"), game.n)
        # A table of phones plays on with the same phones (table_host.py),
        # and a new one at each computer's seat it took between games.
        table = Table(game, t.seats if t.host is None else t.host.seats_next(t.seats), seed, t.real_cards)
        if t.host is not None:
            table.host = t.host.next_game(g, t.seats)
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
        real = bool(dealt_real(game))
        if game.seed is None and not real:
            game.seed = seed  # dealing further hands needs a seed
        seats = [{"kind": "human"} for _ in range(game.n)] if real else record_seats(record["players"])
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
            loaded = saved_table(game, table)
            if "series" in save:
                loaded.series, loaded.ticket = club.series_from_save(save["series"], game)
            if "set" in save:
                loaded.rset, set_seats = club.set_from_save(save["set"], game)
                loaded.set_seats = saved_seats(set_seats, loaded.rset.names)
            if "phone" in save:
                # In the Hängeln the phones keep the table's seats; two of them play it.
                pair = loaded.rset.hangeln_players() if loaded.rset is not None and loaded.rset.hangeln is not None else None
                loaded.host = host_from_save(save["phone"], loaded.set_seats or loaded.seats, game, None if pair is None else list(pair))
                if loaded.series is not None:
                    loaded.series.seats[-1] = list(loaded.seats)  # who plays the game in play, as the table has it
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
        """Open a table of phones: like `new_game` (with `stakes` and
        `options`), or like `new_series` with `games` (and `first_dealer`)
        or a tournament's `ticket`, or like `new_set` with `"set": true`, with `viewer` the host's own seat and
        `guests` the seats played from other phones; the first hand is
        dealt by the phones' commit–reveal round."""
        names, seats = players_and_seats(args.get("players"))
        seed = check_seed(args.get("seed", 0))
        rules, options, stakes = args.get("rules", "rheinland"), args.get("options") or {}, args.get("stakes")
        rset = set_asked(args)
        if rset:
            table = new_set_table(args, names, seats, seed)
        elif "games" in args or "ticket" in args:
            ticket = args.get("ticket")
            series = club.new_series(names, rules, options, args.get("games"), args.get("first_dealer"), seed, ticket, stakes)
            table = Table(series.new_game(), seats, seed, False, series, ticket)
            # At a table of phones a seat may change hands between games: each game keeps who sat where.
            series.seats[-1] = list(seats)
        else:
            table = Table(Game(names, rules, options, args.get("dealer", 1), seed, stakes), seats, seed)
        table.host = TableHost.open(args.get("viewer"), args.get("guests"), seats)
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_table_takeover(self, args):
        """A guest phone carries a table of phones on when the host's phone
        is gone: `record` the finished hands of the game as the host sent
        them (who sat where on its players), `viewer` this phone's seat (the
        new host's), `guests` every other person's seat, `from` the old
        host's among them, `game` the table's game number and, in a series,
        `series` (`{"length", "finished": [records of the games before]}`),
        at a Rengen set `set` (`{"finished": [game 1's record, in game 2]}`).
        The hand that was in play is dealt again by a commit–reveal round
        among the phones; a game that is over is followed by the next one
        (the series' next, the set's next or its Hängeln, or a rematch).
        Every phone is told who took over and which hand is dealt again
        (`phone_table.taken_over`)."""
        record = args.get("record")
        game = Game.from_record(record)
        check_exact(game)
        if not game.hand_over:
            raise InvalidAction(
                "bad_request",
                detail=Both("übernommen wird ein Tisch nach einem fertigen Spiel", "a table is taken over after a finished hand"),
            )
        seats = record_seats(record["players"])
        seed = check_seed(args.get("seed", 0))
        game.seed = seed  # the computer players' choices; the cards come from the phones' numbers
        if args.get("series") is not None and args.get("set") is not None:
            raise InvalidAction("bad_request", detail=Both("ein Satz ist keine Serie", "a set is no series"))
        series = None if args.get("series") is None else _series_taken_over(args["series"], game)
        if series is not None:
            series.seats[-1] = list(seats)  # who played the game the record holds
        rset = None if args.get("set") is None else _set_taken_over(args["set"], game)
        # A series' or set's game number is its count of games (a set's table plays no other).
        counted = series.games if series is not None else rset.games if rset is not None else None
        game_no = args.get("game", 1 if counted is None else len(counted))
        if (
            not is_whole(game_no)
            or not (1 if counted is None else len(counted)) <= game_no < MAX_GAMES
            or (rset is not None and game_no != len(rset.games))
        ):
            raise InvalidAction(
                "bad_request",
                detail=Both("„game“ ist die Nummer der Spielrunde am Tisch", "'game' is the number of the table's game"),
            )
        pair = None
        if game.game_over:
            if series is not None and series.over:
                raise InvalidAction(
                    "bad_request",
                    detail=Both("die Serie ist zu Ende", "the series is over"),
                )
            if rset is not None and rset.loser is not None:
                raise InvalidAction("bad_request", detail=Both("der Satz ist entschieden", "the set is decided"))
            game_no += 1
            if rset is not None:
                # The set's second game, or its Hängeln on two of the table's seats.
                game, pair = club.next_in_set(rset)
            elif series is not None:
                game = series.new_game()
            else:
                game = Game(game.names, game.rules, None, game.next_game_dealer(), seed, game.stakes)
            game.seed = derive_seed(seed, game_no)
        table = Table(game, seats if pair is None else [seats[s - 1] for s in pair], seed, False, series)
        if series is not None:
            series.seats[-1] = list(seats)
        if rset is not None:
            table.rset, table.set_seats = rset, seats
        table.host = TableHost.open(args.get("viewer"), args.get("guests"), seats)
        table.host.seat_map = pair
        old = args.get("from")
        if old not in table.host.secrets or type(old) is not int:
            raise InvalidAction(
                "bad_request",
                detail=Both("„from“ ist der Platz des alten Gastgebers, ein Gastplatz", "'from' is the old host's seat, a guest's seat"),
            )
        table.host.game_no = game_no
        table.host.taken_over = {"hand": len(game.specs) + 1, "seat": old}
        table.deal()
        # In the Hängeln this phone sees the game from its player's seat there, if any.
        return self._take(table, table.host.game_seat(table.host.host_seat))

    # --- the table's moves --------------------------------------------------
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
        """A file for other phones (club/outbound.py): the game in play as a
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
        with_seats(record, self._table().seats)
        return {
            "record": record,
            "hands": len(record["hands"]),
            "left_out_hand": len(game.specs) if secret and not include else None,
            "includes_hidden_cards": secret and include,
        }
