"""A Rengen set at a face-down table (docs/PHONE_TABLE.md, "Cards face down
on every phone"; the rules in docs/RULES.md, "Rengen club rules"): its two
games at the full table, then, when their first-out losers differ, the
Hängeln between those two, dealt by every phone of the table.

The set is the ordinary table's (club/series.py `RengenSet`), built on each
phone from the games that phone checked itself, as a series is
(bridge/facedown_series.py): the host's welcome says only that the table
plays a set, and every phone makes the set's next game, the Hängeln and
who plays it from its own checked games. No phone takes a loser, a pair or
a game on another phone's word.

The Hängeln is a game of two seats dealt by all the table's phones: its two
players are the hand's first phones (the loser of game 1 first, as the set
names them), every other phone after them in the table's order, dealing,
seeing every card played and checking the hand from no seat
(core/facedown_game.py `Seat` with `phones`). That order is each phone's
own, from the same checked games (`hand_order`), so it is the same on every
phone; a phone's messages are its place in that order, and everything else
(the host's words, a phone gone, the seats of the state) is the table's.

Every phone files the set as one history entry, again as each of its games
ends: the save the ordinary table keeps of a set (`filed.save`), its facts
(`club.set_facts`), under the same id on every phone."""

from __future__ import annotations

from typing import Any

from ..club import club
from ..club.series import SET_FORMAT, RengenSet
from ..core.errors import SchraemError
from ..core.game import Game
from .facedown_base import not_now, refuse
from .facedown_series import SeriesSide
from .table import record_seats

SAVE_FORMAT = "schraem-save/1"  # as bridge/table.py writes an ordinary table's save

UNREADABLE_BEFORE = ("der Satz vor diesem in der Sicherung ist unlesbar", "the set before this one in the save is unreadable")


class SetSide(SeriesSide):
    # A Rengen set: the table's game its first game is (None: no set).
    set_start: int | None = None
    # The game the set before it began with (None: no set before): the set
    # decided stays what this phone's list and file hold while the next
    # set's first game is dealt and none of its hands is checked here.
    set_before: int | None = None
    # The set as last built: (the records it was built from, the set).
    _set_built: tuple[list[Any], RengenSet] | None = None

    # -- the set as this phone checked it --------------------------------------

    def in_hangeln(self) -> bool:
        return self.set_start is not None and self.game == self.set_start + 2

    def rengen(self) -> RengenSet | None:
        """The set as this phone checked it: its finished games and the game
        under way as far as checked here (the Hängeln third), or None at a
        table that plays no set. Built again only when something was checked since."""
        if self.set_start is None:
            return None
        before = [self.finished[k] for k in range(self.set_start, self.game)]
        current = self._current()
        key = [*before, current]
        if self._set_built is not None and self._set_built[0] == key:
            return self._set_built[1]
        rset = _built(before + ([] if self.in_hangeln() else [current]), current if self.in_hangeln() else None)
        self._set_built = (key, rset)
        return rset

    def keeps_seats(self) -> bool:
        """Whether a set is under way and not decided on this phone, from the
        games it checked: no seat changes hands then (bridge/table.py
        `SET_KEEPS_SEATS`); once decided, one may for the next set."""
        rset = self.rengen()
        return rset is not None and rset.loser is None

    def set_facts(self) -> dict[str, Any] | None:
        """Where the set stands (club.set_facts): its games' losers, the two
        table seats that play the Hängeln, the set's loser once decided."""
        rset = self.rengen()
        return None if rset is None else club.set_facts(rset)

    def hand_order(self, game: Game) -> list[int] | None:
        """In the Hängeln, the table's seats in the order of the hand's
        phones: its two players first (the loser of game 1 first), then every
        other seat in the table's order. Made from the set's two games this
        phone checked, never from a word of the host's."""
        if not self.in_hangeln():
            return None
        assert self.set_start is not None
        games = [self.finished.get(k) for k in (self.set_start, self.set_start + 1)]
        if any(g is None for g in games):
            raise not_now("die beiden Spielrunden des Satzes sind hier nicht geprüft", "the set's two games are not checked here")
        rset = _built([g for g in games if g is not None], None)
        pair = rset.hangeln_players()
        if pair is None or game.names != [rset.names[pair[0] - 1], rset.names[pair[1] - 1]]:
            raise refuse("das Hängeln spielen die beiden Verlierer des Satzes", "the Hängeln is played by the set's two losers")
        return [*pair, *(s for s in range(1, self.seats + 1) if s not in pair)]

    def table_names(self) -> list[str]:
        rset = self.rengen()
        return list(rset.names) if rset is not None else super().table_names()

    # -- the set's games -----------------------------------------------------------

    def following(self) -> tuple[Game, dict[str, int] | None]:
        """The set's next game: its second, or the Hängeln of its two losers,
        made from the games this phone checked, once the last is over and
        checked here; once the set is decided, the first game of another
        ("Noch ein Satz"), as the ordinary table's `again` deals it: the same
        players at the same seats, rules and stakes, dealt by the winner of
        the set's second game."""
        if self.set_start is None:
            return super().following()
        last = Game.from_record(self._checked_last())  # refuses unless the last hand is checked here
        if not last.game_over:
            raise not_now("die Spielrunde läuft noch", "the game is still running")
        rset = self.rengen()
        assert rset is not None
        if rset.loser is not None:
            return club.another_set(rset, self.names_next(rset.names), None).new_game(), None
        game, _ = club.next_in_set(RengenSet.from_json(rset.to_json()))
        return game, None

    def next_match(self) -> Game:
        """The set's next game; after a set decided, the first game of
        another, which this phone's set is from then on (a refusal after
        this puts the save back)."""
        if self.set_start is None:
            return super().next_match()
        rset = self.rengen()
        game = self.following()[0]  # refuses unless the last game is over and checked here
        if rset is not None and rset.loser is not None:
            self.set_before, self.set_start, self._set_built = self.set_start, self.game + 1, None
        return game

    # -- joining -------------------------------------------------------------------

    def welcome(self) -> dict[str, Any] | None:
        frame = super().welcome()
        if frame is not None and self.set_start is not None:
            frame["set"] = True
        return frame

    def welcomed_by(self, frame: object) -> None:
        """The host's welcome; a set's first game is checked to be one
        before anything is taken. The set begins with the game the welcome
        names: the table's first, or for a new phone that takes a seat once
        a set is decided, the next set's first (it has no set before)."""
        given = frame if isinstance(frame, dict) else {}
        rset = given.get("set", False)
        if rset not in (True, False) or (rset and given.get("series") is not None):
            raise refuse("der Satz des Tisches ist unlesbar", "the table's set is unreadable")
        if rset:
            try:
                RengenSet.from_json({"format": SET_FORMAT, "games": [given.get("record")]})
            except SchraemError as e:
                raise refuse(f"der Satz des Tisches ist unlesbar ({e.de})", f"the table's set is unreadable ({e.en})") from e
        super().welcomed_by(frame)
        if rset:
            self.set_start = given.get("game", 1)  # (checked a game number before this, in bridge/facedown_seats.py)

    # -- what leaves this phone ----------------------------------------------------

    def filed(self) -> dict[str, Any] | None:
        """At a set, the whole set as one history entry (the same id on every
        phone: the table's name), filed again as each of its games ends: the
        save an ordinary table keeps of a set, and where the set stands."""
        out = super().filed()
        rset = self.rengen()
        if out is None or rset is None:
            return out
        seats = self._set_seats()
        current = rset.hangeln or rset.games[-1]
        pair = rset.hangeln_players() if rset.hangeln is not None else None
        save = {
            "format": SAVE_FORMAT,
            "record": current.to_record(),
            "table": {"players": seats if pair is None else [seats[s - 1] for s in pair]},
            "set": club.set_save(rset, seats),
        }
        return {
            "game": self.game,
            "id": f"set-facedown-{self.table[:24]}-{self.set_start}",
            "record": out["record"],
            "save": save,
            "set": club.set_facts(rset),
        }

    def _set_seats(self) -> list[dict[str, Any]]:
        """Who sat where in the set: as its first game began. A seat the
        computer took during the set (a phone lost) is its person's for the
        whole set, as a stand-in's at the ordinary table; a seat that
        changes hands once the set is decided does so from the next set on,
        so the set decided stays the entry it was (a phone that files it
        again after a reload files the same)."""
        assert self.set_start is not None
        first = self.finished.get(self.set_start)
        return record_seats(first["players"]) if first is not None else record_seats(self.seats_begun())

    def set_in_sight(self) -> RengenSet:
        """The set this phone's list and file hold: the set as it checked
        it, or, while another set's first game is dealt and none of its
        hands checked here, the set decided before it (as a series' game
        over stays in sight: `in_sight`)."""
        rset = self.rengen()
        assert rset is not None and self.set_start is not None
        if self.game > self.set_start or self._current().get("hands"):
            return rset
        if self.set_before is not None:
            return self.decided_before()
        raise not_now("auf diesem Handy ist noch kein Spiel geprüft", "no hand is checked on this phone yet")

    def decided_before(self) -> RengenSet:
        """The set decided before the one under way, from the games this
        phone checked: its two games, and its Hängeln if it had one."""
        assert self.set_before is not None and self.set_start is not None
        games = [self.finished[k] for k in range(self.set_before, self.set_start)]
        return _built(games[:2], games[2] if len(games) > 2 else None)

    def lists(self) -> dict[str, Any]:
        """The Spielliste of the set in sight on this phone: its games,
        then the Hängeln (club.lists)."""
        if self.set_start is None:
            return super().lists()
        rset = self.set_in_sight()
        return club.lists(None, rset.hangeln or rset.games[-1], rset)

    def export(self) -> dict[str, Any]:
        """The file of the set in sight on this phone (club.export_of of
        its save): no hand not checked here is in it."""
        if self.set_start is None:
            return super().export()
        rset = self.set_in_sight()
        return club.export_of({"format": SET_FORMAT, **rset.to_json()}, False)

    def result(self) -> dict[str, Any]:
        if self.set_start is not None:
            raise not_now("ein Rengen-Satz hat kein Turnierergebnis", "a Rengen set has no tournament result")
        return super().result()

    # -- the save ------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        out = super().to_save()
        if self.set_start is not None:
            out["set"] = {"start": self.set_start}
            if self.set_before is not None:
                out["set"]["before"] = self.set_before
        return out

    def _load_more(self, save: dict[str, Any]) -> None:
        super()._load_more(save)
        kept = save.get("set")
        if kept is None:
            return
        start = kept.get("start") if isinstance(kept, dict) else None
        if not isinstance(start, int) or isinstance(start, bool) or not 1 <= start <= self.game or self.game > start + 2:
            raise refuse("der Satz der Sicherung ist unlesbar", "the save's set is unreadable")
        if save.get("series") is not None:
            raise refuse("die Sicherung hat einen Satz und eine Serie", "the save holds a set and a series")
        before = kept.get("before")
        self.set_start = start
        if before is not None:
            # A set decided is two games, or three with its Hängeln, right before the one under way.
            if not isinstance(before, int) or isinstance(before, bool) or not 1 <= before or start - before not in (2, 3):
                raise refuse(*UNREADABLE_BEFORE)
            self.set_before = before
            try:
                decided = self.decided_before().loser is not None
            except (SchraemError, KeyError):
                decided = False
            if not decided:
                raise refuse(*UNREADABLE_BEFORE)


def _built(games: list[dict[str, Any]], hangeln: dict[str, Any] | None) -> RengenSet:
    """A set of checked records, replayed as any kept set."""
    try:
        return RengenSet.from_json({"format": SET_FORMAT, "games": games, "hangeln": hangeln})
    except SchraemError as e:
        raise refuse(f"der Satz ist unlesbar ({e.de})", f"the set is unreadable ({e.en})") from e
