"""The bridge's commands for the club evening (docs/BRIDGE.md, docs/CLUB.md):
series and Rengen sets at the table, the Spielliste and its corrections,
tournament tickets and results, the regulars' statistics and books, the
move file, and the organiser's tournament (club/club.py, books.py and organiser.py do the work).

A mixin of `Bridge` (bridge/__init__.py): the commands share its table and
its rule that a refused request leaves everything as it was."""

from __future__ import annotations

from typing import cast

from ..club import books, club, move
from ..club.series import Series
from ..core.cards import derive_seed
from ..core.errors import Both, InvalidAction
from ..core.fields import clean_name
from ..core.view import view
from .table import (
    Commands,
    Table,
    check_seed,
    new_set_table,
    players_and_seats,
    real_cards,
)


class ClubCommands(Commands):
    def cmd_new_series(self, args):
        """A series at this table (a tournament table: from its ticket)."""
        names, seats = players_and_seats(args.get("players"))
        seed, real = args.get("seed", 0), real_cards(args, seats)
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
        names, seats = players_and_seats(args.get("players"))
        seed, real = args.get("seed", 0), real_cards(args, seats)
        table = new_set_table(args, names, seats, seed, real)
        table.check_viewer(args.get("viewer"))
        table.deal()
        return self._take(table, args.get("viewer"))

    def cmd_next_game(self, args):
        t = self._table()
        t.check_viewer(args.get("viewer"))
        if t.rset is not None:
            if not t.game.game_over:
                raise InvalidAction("bad_request", detail=Both("die laufende Spielrunde ist nicht vorbei", "the current game is not over"))
            # A table of phones plays on with the same phones; asked first,
            # so a refusal leaves the set as it was.
            host = None if t.host is None else t.host.next_game(t.game, t.seats)
            game, pair = club.next_in_set(t.rset)
            if host is not None:
                t.set_seats = t.host.seats_next(cast("list[dict]", t.set_seats))
                t.seats = t.set_seats
                t.host = host
            if pair is not None:
                t.seats = [cast("list[dict]", t.set_seats)[s - 1] for s in pair]
                if t.host is not None:
                    # Two of the table's phones play it; the others watch.
                    t.host.seat_map = pair
            t.game = game
            t.deal()
            if t.host is not None:
                # The host's phone sees the Hängeln from its player's seat in it, if any.
                return t.state(t.host.game_seat(t.host.host_seat) if pair is not None else args.get("viewer"))
            return t.state(None if pair is not None else args.get("viewer"))
        if t.series is None:
            raise InvalidAction("bad_request", detail=Both("an diesem Tisch läuft keine Serie", "this table plays no series"))
        # A table of phones plays on with the same phones (table_host.py);
        # asked first, so a refusal leaves the series as it was. A seat that
        # changed hands between the games is played under its new person's
        # name (or the computer's) from this game on.
        host = None if t.host is None else t.host.next_game(t.game, t.seats)
        names = None if t.host is None else t.host.names_next(t.game.names)
        game = t.series.new_game(names)  # refuses while the game runs or the series is full
        if game.seed is None:
            game.seed = derive_seed(t.seed, len(t.series.games))
        t.game = game
        if host is not None:
            t.seats = t.host.seats_next(t.seats)
            t.series.seats[-1] = list(t.seats)
            t.host = host
        t.deal()
        return t.state(args.get("viewer"))

    def cmd_again(self, args):
        """`{"seed", "viewer"}`: once a series or a Rengen set is over, another
        one with the same players at the same seats (at a table of phones, the
        same phones, no code), rules, options, length and stakes: a series'
        first hand dealt by the last game's winner (or loser, per preset), a
        set's first game by its second game's winner, as each game's winner
        deals the next. A tournament's table plays the series its ticket says."""
        t = self._table()
        if t.series is None and t.rset is None:
            raise InvalidAction(
                "bad_request", detail=Both("an diesem Tisch läuft keine Serie und kein Satz", "this table plays no series and no set")
            )
        if t.ticket is not None:
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "ein Turniertisch spielt die Serie, die sein Tischzettel sagt", "a tournament's table plays the series its ticket says"
                ),
            )
        if (t.series is not None and not t.series.over) or (t.rset is not None and t.rset.loser is None):
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "erst wird zu Ende gespielt: die nächste Spielrunde kommt zuerst", "play it to its end first: the next game comes first"
                ),
            )
        seed = check_seed(args.get("seed", 0))
        # A seat that changed hands after the last game is played by its new
        # person (or the computer) from the first game on.
        host = None if t.host is None else t.host.next_game(t.game, t.seats)
        seats = cast("list[dict]", t.set_seats if t.rset is not None else t.seats)
        if t.host is not None:
            seats = t.host.seats_next(seats)
        if t.rset is not None:
            names = t.rset.names if t.host is None else t.host.names_next(t.rset.names)
            rset = club.another_set(t.rset, names, seed)
            table = Table(rset.new_game(), seats, seed, t.real_cards)
            table.rset, table.set_seats = rset, seats
        else:
            series = cast("Series", t.series)
            names = t.game.names if t.host is None else t.host.names_next(t.game.names)
            nxt = Series(names, series.rules, None, series.next_dealer(), seed, series.length, t.game.stakes)
            table = Table(nxt.new_game(), seats, seed, t.real_cards, nxt)
        table.host = host
        # Seen from the new table's seat (after a Hängeln the phone's seat in
        # it, or none, was another).
        table.check_viewer(args.get("viewer"))
        table.deal()
        return self._take(table, args.get("viewer"))

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
        return books.stats(args.get("records"), args.get("people"), args.get("group"))

    def cmd_name(self, args):
        # The regulars' names pass the same check as every table's, so a
        # person saved there can always sit down and start a game.
        return {"name": clean_name(args.get("name"), None, "bad_name")}

    def cmd_books(self, args):
        return books.books(args.get("records"), args.get("people"))

    def cmd_cash_book(self, args):
        return books.cash_book(args.get("evenings"), args.get("people"), args.get("group"))

    def cmd_move(self, args):
        return move.move(args.get("entries"), args.get("strict", False), args.get("offset", 0))

    def cmd_tournament(self, args):
        return self.organiser.handle(args)
