"""A series at a face-down table (docs/PHONE_TABLE.md, "Cards face down on
every phone"): the start form's games in a row, with the Spielliste and the
totals on every phone, and the series kept as one history entry on each.

The series is the ordinary table's (club/series.py `Series`, replayed as any
kept series is), built on each phone from the games that phone checked
itself: the host's welcome gives only the terms (how many games, who deals
the first), every phone makes each next game from its own checked one, and
no phone takes a list, a total or a game on another phone's word. What a
phone shows, files and exports is what it checked: the hand under way is in
none of it until its check is done.

A tournament's table plays the series its ticket names (club/transfer.py):
the welcome carries the ticket, every phone checks that the table plays
what it says, and once the series is over any phone's result goes back to
the organiser as an ordinary table's does (`club.result_for`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from ..club import club
from ..club.outbound import Outbound
from ..club.series import SERIES_FORMAT, Series, seated
from ..core import fields as f
from ..core.errors import SchraemError
from ..core.facedown import Phone
from ..core.game import Game
from .facedown_base import not_now, refuse
from .facedown_guest import GuestSide
from .facedown_save import SavedTable
from .table import record_seats


def read_terms(value: object) -> dict[str, int] | None:
    """A series' terms as a welcome or a save gives them: its length and the
    seat that deals its first game; None for single games."""
    if value is None:
        return None
    try:
        f.obj(value, "series", "Serie", "series")
        assert isinstance(value, dict)
        f.only(value, {"length", "first_dealer"}, "die Serie", "the series")
        length = f.whole(value.get("length"), "length", "Spielrunden der Serie", "games in the series", 1, f.MAX_SERIES_GAMES)
        first = f.whole(value.get("first_dealer"), "first_dealer", "erster Geber", "first dealer", 1, 8)
    except SchraemError as e:
        raise refuse(f"die Serie des Tisches ist unlesbar ({e.de})", f"the table's series is unreadable ({e.en})") from e
    return {"length": length, "first_dealer": first}


def read_again(value: object) -> int | None:
    """The length of the table's series on a phone that joined within one."""
    if value is None:
        return None
    try:
        return f.whole(value, "again", "Spielrunden der Serie", "games in the series", 1, f.MAX_SERIES_GAMES)
    except SchraemError as e:
        raise refuse("die Serie des Tisches ist unlesbar", "the table's series is unreadable") from e


def read_ticket(value: object, terms: dict[str, int] | None, record: object) -> dict[str, Any] | None:
    """A tournament's ticket as a welcome or a save gives it, checked as any
    ticket file is and against the table: its series' terms, its players in
    its order and its rules, or the table is not the ticket's."""
    if value is None:
        return None
    try:
        wanted = club.check_ticket(value)
    except SchraemError as e:
        raise refuse(f"der Tischzettel des Tisches ist unlesbar ({e.de})", f"the table's ticket is unreadable ({e.en})") from e
    first = Game.from_record(record)
    if (
        terms != {"length": wanted.length, "first_dealer": wanted.first_dealer}
        or first.names != wanted.names
        or first.rules != wanted.rules
    ):
        raise refuse(
            "der Tisch spielt nicht die Serie, die sein Tischzettel sagt",
            "the table does not play the series its ticket says",
        )
    assert isinstance(value, dict)
    return value


class SeriesSide(GuestSide, SavedTable):
    # The series' terms (None: single games, "Nochmal" deals the next).
    terms: dict[str, int] | None = None
    # The table's game the series under way began with: once a series is
    # over, "Noch eine Serie" starts another with the same players.
    series_start = 1
    # The game the series before it began with: its list and file stay what
    # this phone shows while the next series' first game is dealt.
    series_before: int | None = None
    # A tournament's table: its ticket (None at any other table).
    ticket: dict[str, Any] | None = None
    # On a phone that took a seat within a series, the length of the
    # table's series: another series after it has that many games (its own
    # began with the game it joined at).
    again_length: int | None = None
    # The series as last built: (the records it was built from, the series).
    _built: tuple[list[dict[str, Any]], Series] | None = None

    # -- what this phone checked ---------------------------------------------

    def _current(self) -> dict[str, Any]:
        """The game under way as far as this phone checked it: after its last
        hand once checked (filed with who sat where once over), else before
        the hand under way."""
        filed = self.finished.get(self.game)
        if filed is not None:
            return filed
        return self.after if self.after is not None else self.before

    def _checked(self) -> list[dict[str, Any]]:
        """The games this phone checked, in order: every finished one, and
        the one under way once a hand of it is checked."""
        games = [self.finished[k] for k in range(self.series_start, self.game) if k in self.finished]
        current = self._current()
        return games + [current] if current.get("hands") else games

    def _seated(self, record: dict[str, Any], kinds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """A record with who sat where on every player: as it was filed (the
        computer seats marked) or, for the game under way, as the table is."""
        if kinds is None:
            kinds = record_seats(record["players"])
        return seated(dict(record, players=[dict(p) for p in record["players"]]), kinds)

    def series(self, records: list[dict[str, Any]] | None = None) -> Series | None:
        """The series as this phone checked it (its games, or `records`), or
        None at a table of single games. Built again only when a game or a
        hand was checked since: a state is asked for after every message."""
        if self.terms is None:
            return None
        if records is None:
            records = [self._seated(r) for r in self.finished_before()]
            current = self.finished.get(self.game)
            records.append(self._seated(current) if current is not None else self._seated(self._current(), self.seats_begun()))
        if self._built is not None and self._built[0] == records:
            return self._built[1]
        series = Series.from_json({"format": SERIES_FORMAT, **self.terms, "games": records})
        self._built = (records, series)
        return series

    def finished_before(self) -> list[dict[str, Any]]:
        return [self.finished[k] for k in range(self.series_start, self.game)]

    def series_facts(self) -> dict[str, Any] | None:
        """Where the series stands, its totals, and every seat that changed
        hands between games, from this phone's own checked games."""
        series = self.series()
        return None if series is None else club.series_facts(series)

    # -- the series' games ---------------------------------------------------

    def next_match(self) -> Game:
        """In a series, its next game (dealt first by the last game's winner,
        or loser, as the series' rules say), once the last is over and
        checked here; after the last game of the series, the first game of
        another, which this phone's series is from then on (a refusal after
        this puts the save back)."""
        game, another = self.following()
        if another is not None:
            self.terms, self.series_before, self.series_start = another, self.series_start, self.game + 1
            self.again_length = None
        return game

    def following(self) -> tuple[Game, dict[str, int] | None]:
        """The next game, as `next_match` makes it, and the terms of the
        series it begins when the series is over (None: it goes on in the
        series, or single games); nothing changes here."""
        plain = super().next_match()  # refuses unless the last game is over and checked here
        series = self.series()
        if series is None:
            return plain, None
        if series.over and self.ticket is not None:
            raise not_now(
                "ein Turniertisch spielt die Serie, die sein Tischzettel sagt", "a tournament's table plays the series its ticket says"
            )
        if series.over:
            # Another series with the same players at the same seats, rules,
            # length and stakes, as the ordinary table's `again`: its first game
            # dealt by the one the last game names. Every phone starts it from
            # the series it checked.
            last = series.games[-1]
            length = self.again_length or series.length
            terms = {"length": length, "first_dealer": series.next_dealer()}
            another = Series(self.names_next(last.names), series.rules, None, terms["first_dealer"], None, length, last.stakes)
            return another.new_game(), terms
        # A series of its own: the one kept for the screens stays as it was.
        fresh = Series.from_json({"format": SERIES_FORMAT, **(self.terms or {}), "games": [g.to_record() for g in series.games]})
        return fresh.new_game(self.names_next(series.games[-1].names)), None

    def welcome(self) -> dict[str, Any] | None:
        frame = super().welcome()
        if frame is not None and self.terms is not None:
            frame["series"] = dict(self.terms)
            if self.ticket is not None:
                frame["ticket"] = self.ticket
        return frame

    def welcomed_by(self, frame: object) -> None:
        """The host's welcome; a series' terms are checked against the first
        game (its first dealer) before anything is taken."""
        given = frame if isinstance(frame, dict) else {}
        terms = read_terms(given.get("series"))
        if terms is not None:
            try:
                Series.from_json({"format": SERIES_FORMAT, **terms, "games": [given.get("record")]})
            except SchraemError as e:
                raise refuse(
                    f"die Serie passt nicht zu ihrer ersten Spielrunde ({e.de})", f"the series does not fit its first game ({e.en})"
                ) from e
        ticket = read_ticket(given.get("ticket"), terms, given.get("record"))
        super().welcomed_by(frame)
        self.terms, self.ticket = terms, ticket

    # -- what leaves this phone ----------------------------------------------

    def filed(self) -> dict[str, Any] | None:
        """In a series, the whole series as one history entry (the same id on
        every phone: the table's name), filed again as each game ends."""
        out = super().filed()
        series = self.series()
        if out is None or series is None:
            return out
        save = club.series_save(series, self.ticket)
        record = seated(series.games[-1].to_record(), series.seats_of(len(series.games)))
        return {
            "game": self.game,
            "id": f"series-facedown-{self.table[:24]}-{self.series_start}",
            "record": record,
            "series": save,
            "facts": club.series_facts(series),
        }

    def series_over(self) -> Series:
        """The series played before the one under way (`series_before`),
        from the games this phone checked."""
        assert self.terms is not None and self.series_before is not None
        records = [self._seated(self.finished[k]) for k in range(self.series_before, self.series_start)]
        first = Game.from_record(records[0]).first_dealer + 1
        return Series.from_json({"format": SERIES_FORMAT, "length": self.terms["length"], "first_dealer": first, "games": records})

    def in_sight(self) -> tuple[Series | None, Game]:
        """What this phone's list and file hold: the series of the games it
        checked, or at a table of single games the last game it checked a
        hand of (the game over stays in sight while the next is dealt)."""
        checked = self._checked()
        if not checked and self.terms is not None and self.series_before is not None:
            # Another series is dealt and none of its hands checked yet: the last one's game over stays in sight.
            last = self.series_over()
            return last, last.games[-1]
        if not checked:
            raise not_now("auf diesem Handy ist noch kein Spiel geprüft", "no hand is checked on this phone yet")
        if self.terms is not None:
            series = self.series()
            if checked[-1] is not self._current():
                # The game under way has no hand checked yet: its series is the games before it.
                series = self.series([self._seated(r) for r in checked])
            assert series is not None
            return series, series.games[-1]
        return None, Game.from_record(checked[-1])

    def result(self) -> dict[str, Any]:
        """A tournament's table: the result for the organiser, once its series
        is over and every game of it checked here (club.result_for)."""
        return club.result_for(self.series(), self.ticket)

    def lists(self) -> dict[str, Any]:
        """The Spielliste of what this phone checked (club.lists)."""
        series, game = self.in_sight()
        return club.lists(series, game)

    def export(self) -> dict[str, Any]:
        """The file of what this phone checked, as `export` writes any file
        (club/outbound.py): no hand that is not checked here is in it."""
        series, game = self.in_sight()
        out = Outbound(False)
        if series is not None:
            return out.reply(out.series(series))
        record = self._seated(self._checked()[-1])
        return out.reply(seated(out.game(game), [{k: p[k] for k in ("kind", "level") if k in p} for p in record["players"]]))

    # -- the save ------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        out = super().to_save()
        if self.terms is not None:
            out["series"] = dict(self.terms, start=self.series_start, before=self.series_before)
            if self.ticket is not None:
                out["series"]["ticket"] = self.ticket
            if self.again_length is not None:
                out["series"]["again"] = self.again_length
        return out

    @classmethod
    def from_save(cls, save: object, phone: Callable[..., Phone] = Phone) -> Self:
        t = super().from_save(save, phone)
        kept = save.get("series") if isinstance(save, dict) else None
        kept = dict(kept) if isinstance(kept, dict) else kept
        start = kept.pop("start", 1) if isinstance(kept, dict) else 1
        before = kept.pop("before", None) if isinstance(kept, dict) else None
        ticket = kept.pop("ticket", None) if isinstance(kept, dict) else None
        again = kept.pop("again", None) if isinstance(kept, dict) else None
        t.terms = read_terms(kept)
        if t.terms is not None:
            if not isinstance(start, int) or isinstance(start, bool) or not 1 <= start <= t.game:
                raise refuse("die Serie der Sicherung ist unlesbar", "the save's series is unreadable")
            if before is not None and (not isinstance(before, int) or isinstance(before, bool) or not 1 <= before < start):
                raise refuse("die Serie der Sicherung ist unlesbar", "the save's series is unreadable")
            t.series_start, t.series_before = start, before
            if before is not None:
                # The series before is what this phone shows until the next one's first hand is checked: it
                # must be games this phone checked that replay as a series (a phone that took a seat within
                # it holds the games from its own first on).
                try:
                    t.series_over()
                except (SchraemError, KeyError, IndexError) as e:
                    raise refuse("die Serie der Sicherung ist unlesbar", "the save's series is unreadable") from e
            first = t.finished.get(start, t.before)
            t.ticket = read_ticket(ticket, t.terms, first)
            t.again_length = read_again(again)
        return t
