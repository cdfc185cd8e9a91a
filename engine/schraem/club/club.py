"""The club evening behind the bridge: a table that plays a series of games
(optionally for a tournament ticket) or a Rengen set, its Spielliste and
corrections, and what is kept of them. The bridge (the one boundary)
delegates its series commands here; everything is JSON in, JSON out. The
regulars' statistics and money books are in books.py, the organiser's
tournament in organiser.py.

A series table's save keeps the current game as `record`, as every save
does, and the finished games of the series beside it, so a save without a
series stays what it always was."""

from __future__ import annotations

import csv
import io
from typing import Any, cast

from ..core import fields as f
from ..core.errors import Both, InvalidAction, RecordError, SchraemError
from ..core.game import Game
from ..core.view import view
from .correct import check_correction, correct_hand, correct_series_hand
from .outbound import Outbound
from .series import SERIES_FORMAT, SET_FORMAT, RengenSet, Series, seated, seats_in
from .spielliste import CSV_WORDS, game_csv, game_list
from .tournament import TOURNAMENT_FORMAT, Tournament
from .transfer import (
    RESULT_FORMAT,
    TICKET_FORMAT,
    check_result,
    check_ticket,
    table_result,
)

SERIES_SAVE_KEYS = {"length", "first_dealer", "seed", "finished", "ticket"}
SET_SAVE_KEYS = {"dealer", "seed", "seats", "finished"}


def series_save(series: Series, ticket: dict | None) -> dict:
    """What a save holds besides the current game's record."""
    out: dict[str, Any] = {
        "length": series.length,
        "first_dealer": series.first_dealer,
        "seed": series.seed,
        "finished": [seated(g.to_record(), series.seats_of(k)) for k, g in enumerate(series.games[:-1], 1)],
    }
    if ticket is not None:
        out["ticket"] = ticket
    return out


def series_from_save(saved, current: Game, seats=None) -> tuple[Series, dict | None]:
    """The series of a save, replayed and checked like any record; `seats`
    the save's table's (who plays the game in play), kept where the
    series knows who sat where in its games before."""
    if not isinstance(saved, dict) or not isinstance(saved.get("finished"), list):
        raise RecordError(
            "bad_record",
            detail=Both("die Serie im Spielstand hat keine Liste fertiger Spielrunden", "the save's series has no list of finished games"),
        )
    try:
        f.only(saved, SERIES_SAVE_KEYS, "die Serie im Spielstand", "the save's series")
        f.items(saved["finished"], "finished", "fertige Spielrunden", "finished games", 0, f.MAX_SERIES_GAMES - 1)
        seed = None if saved.get("seed") is None else f.seed(saved["seed"])
        series = Series.from_json(
            {
                "format": "schraem-series/1",
                "length": saved.get("length"),
                "first_dealer": saved.get("first_dealer", 4),
                "games": saved["finished"] + [current.to_record()],
            }
        )
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    series.seed = seed
    ticket = saved.get("ticket")
    if ticket is not None:
        check_ticket(ticket)  # a malformed ticket is refused here
    series.games[-1] = current
    if any(k is not None for k in series.seats[:-1]):
        series.seats[-1] = seats_in({"players": seats}) or series.seats[-1]
    return series, ticket


def new_series(names: list, rules, options, length, first_dealer, seed, ticket, stakes=None) -> Series:
    probe = Game(names, rules, options, 1, seed, stakes)  # validates names, rules, options and stakes
    if ticket is not None:
        series = check_ticket(ticket)
        if probe.names != series.names:
            raise InvalidAction(
                "bad_players",
                detail=Both("die Spieler müssen so sitzen, wie es der Tischzettel sagt", "the players must sit as the ticket says"),
            )
        if series.seed is None:
            series.seed = seed  # a ticket carries no seed: this phone deals from its own
        return series
    if length is not None:
        f.whole(length, "games", "Spielrunden", "games", 1, f.MAX_SERIES_GAMES)
    first = min(4, probe.n) if first_dealer is None else f.whole(first_dealer, "first_dealer", "erster Geber", "first dealer", 1, probe.n)
    return Series(probe.names, probe.rules, None, first, seed, length, probe.stakes)


def series_facts(series: Series) -> dict:
    """What the shell shows of the series: where it stands and the totals."""
    return {
        "number": len(series.games),
        "length": series.length,
        "over": series.over,
        "totals": series.totals(),
        "winners": series.winners(),
        "games": [{"winner": g.winner, "loser": g.loser, "scores": g.scores, "over": g.game_over} for g in series.games],
        # Seats that changed hands between games: the totals stay the seat's.
        "changes": series.changes(),
    }


def set_facts(rset: RengenSet) -> dict:
    """Where a Rengen set stands: its games' losers (first out), the two
    who play the Hängeln (table seats), and the set's loser once decided."""
    pair = rset.hangeln_players()
    return {
        "games": [{"winner": g.winner, "loser": g.first_eliminated(), "over": g.game_over} for g in rset.games],
        "hangeln_seats": None if pair is None else list(pair),
        "in_hangeln": rset.hangeln is not None,
        "loser": rset.loser,
        "over": rset.loser is not None,
    }


def set_save(rset: RengenSet, seats: list[dict]) -> dict:
    current = rset.hangeln or rset.games[-1]
    return {"dealer": rset.dealer, "seed": rset.seed, "seats": seats, "finished": [g.to_record() for g in rset.games if g is not current]}


def set_from_save(saved, current: Game) -> tuple[RengenSet, object]:
    """The set of a save; `current` is its game in progress (a game of the
    set or the Hängeln)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("finished"), list) or len(saved["finished"]) > 2:
        raise RecordError(
            "bad_record",
            detail=Both("der Satz im Spielstand hat keine Liste fertiger Spielrunden", "the save's set has no list of finished games"),
        )
    hangeln = len(saved["finished"]) == 2
    obj = {
        "format": "schraem-set/1",
        "games": saved["finished"] + ([] if hangeln else [current.to_record()]),
        "hangeln": current.to_record() if hangeln else None,
    }
    try:
        f.only(saved, SET_SAVE_KEYS, "der Satz im Spielstand", "the save's set")
        rset = RengenSet.from_json(obj)
        dealer = f.whole(saved.get("dealer", 1), "dealer", "Geber", "dealer", 1, len(rset.names))
        seed = None if saved.get("seed") is None else f.seed(saved["seed"])
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    rset.dealer, rset.seed = dealer, seed
    if hangeln:
        rset.hangeln = current
    else:
        rset.games[-1] = current
    return rset, saved.get("seats")


def another_set(rset: RengenSet, names: list[str], seed) -> RengenSet:
    """The set after `rset`, decided ("Noch ein Satz"): `names` at the same
    seats, its rules and stakes, its first game dealt by the winner of the
    set's last game."""
    return RengenSet(names, rset.rules, None, cast(int, rset.games[-1].winner), seed, rset.stakes)


def next_in_set(rset: RengenSet) -> tuple[Game, list[int] | None]:
    """The set's next game, or the Hängeln with the table seats of its two
    players (None: the same seats as the set)."""
    if len(rset.games) < 2:
        return rset.new_game(), None
    game = rset.new_hangeln()  # refuses unless two losers are to play it
    return game, list(cast("tuple[int, int]", rset.hangeln_players()))


def spielliste(series: Series | None, game: Game, number) -> dict:
    """The list of game `number` (1-based in the series; default: the
    current game), its CSV, and the series' totals."""
    games = series.games if series is not None else [game]
    k = len(games) if number is None else number
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(games):
        raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
    g = games[k - 1]
    out = {"game": k, "games": len(games), "list": game_list(g), "csv": game_csv(g)}
    if series is not None:
        out["series"] = series_facts(series)
    return out


def _games_csv(games: list[Game], lang: str = "de") -> str:
    """The lists of several games as one CSV (a leading game column), the
    sheet a table hands in for a whole series."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    for k, g in enumerate(games, 1):
        rows = list(csv.reader(io.StringIO(game_csv(g, lang))))
        if k == 1:
            w.writerow([CSV_WORDS[lang]["game"], *rows[0]])
        for row in rows[1:]:
            w.writerow([k, *row])
    return out.getvalue()


def lists(series: Series | None, game: Game, rset: RengenSet | None = None) -> dict:
    """Every game's list at once (the Spielliste screen, its print and CSV,
    history): the lists and one CSV for them all (public facts only: no
    card anyone holds). The file to export is `export`'s (outbound.py).
    A set lists its games and then its Hängeln."""
    if series is not None:
        games = series.games
    elif rset is not None:
        games = rset.games + ([rset.hangeln] if rset.hangeln is not None else [])
    else:
        games = [game]
    out: dict[str, Any] = {
        "lists": [{"game": k, "list": game_list(g), "csv": game_csv(g)} for k, g in enumerate(games, 1)],
        "csv": _games_csv(games),
        "csv_en": _games_csv(games, "en"),
        "series": None,
        "set": None,
    }
    if series is not None:
        out["series"] = series_facts(series)
    if rset is not None:
        out["set"] = set_facts(rset)
    return out


def read_kept(obj) -> tuple[str, Game | Series | RengenSet | Tournament]:
    """A kept or received file replayed and checked, without touching the
    table in play: ("game", Game) for a record or a plain save, ("series",
    Series) also for a table's result, ("set", RengenSet), ("tournament",
    Tournament) or ("ticket", its empty Series)."""
    fmt = obj.get("format") if isinstance(obj, dict) else None
    try:
        if fmt == "schraem-save/1":
            game = Game.from_record(obj.get("record"))
            if "series" in obj:
                table = obj.get("table")
                return "series", series_from_save(obj["series"], game, table.get("players") if isinstance(table, dict) else None)[0]
            if "set" in obj:
                return "set", set_from_save(obj["set"], game)[0]
            return "game", game
        if fmt == SERIES_FORMAT:
            return "series", Series.from_json(obj)
        if fmt == SET_FORMAT:
            return "set", RengenSet.from_json(obj)
        if fmt == RESULT_FORMAT:
            check_result(obj)
            return "series", Series.from_json(obj["result"])
        if fmt == TOURNAMENT_FORMAT:
            return "tournament", Tournament.from_json(obj)
        if fmt == TICKET_FORMAT:
            return "ticket", check_ticket(obj)
    except RecordError:
        raise
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    # Anything else must be a game record: refused with the very words the
    # `import` command would use.
    return "game", Game.from_record(obj)


def export_of(obj, include: bool) -> dict:
    """A kept file as it may leave the phone: a game record, a save (its
    game, series or set), a series, a set, a table's result, a tournament or
    a ticket; refused (CorruptSave) if it does not replay."""
    kind, kept = read_kept(obj)
    out = Outbound(include)
    if isinstance(kept, Game):
        return out.reply(out.game(kept))
    if isinstance(kept, RengenSet):
        return out.reply(out.rset(kept))
    if isinstance(kept, Tournament):
        return out.reply(out.tournament(kept))
    if kind == "ticket":
        return out.reply({k: v for k, v in obj.items() if k != "seed"})
    series = out.series(kept)
    return out.reply({**obj, "result": series} if obj.get("format") == RESULT_FORMAT else series)


def lists_of(obj) -> dict:
    """The lists of a kept file (history, an import): a save, a game
    record, a series, a set or a table's result."""
    kind, kept = read_kept(obj)
    if isinstance(kept, Game):
        return lists(None, kept)
    if isinstance(kept, RengenSet):
        return lists(None, kept.hangeln or kept.games[-1], kept)
    if isinstance(kept, Series) and kind == "series":
        return lists(kept, kept.games[-1])
    raise RecordError(
        "bad_record",
        detail=Both("ein Turnier oder Tischzettel hat keine eigene Spielliste", "a tournament or ticket has no list of its own"),
    )


def draft(series: Series | None, game: Game, args: dict) -> Game:
    """A past hand being entered again (the correction editor): the game
    replayed up to that hand with `actions` so far, later hands left out,
    so the scoresheet controls can offer exactly what the engine allows at
    that point. Illegal actions are refused naming the action and rule."""
    games = series.games if series is not None else [game]
    number, hand_no, actions = args.get("game"), args.get("hand"), args.get("actions")
    k = len(games) if number is None else number
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(games):
        raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
    record = games[k - 1].to_record()
    hands = record["hands"]
    hand_no = check_correction(hands, hand_no, actions)
    if hands[hand_no - 1].get("deal", ()) is not None:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "nur Spiele mit echten Karten werden auf dem Zettel neu eingetragen",
                "only hands played with real cards are entered again on the sheet",
            ),
        )
    record["hands"] = hands[: hand_no - 1] + [{**hands[hand_no - 1], "actions": actions}]
    return Game.from_record(record)


def as_was(series: Series | None, game: Game, args: dict) -> list[dict]:
    """The hand being corrected as it was entered: each action with the log
    line it made (the editor's "change from here" starts from any of
    them)."""
    recorded = draft(series, game, {**args, "actions": []})
    games = series.games if series is not None else [game]
    number = args.get("game")
    hand = games[(len(games) if number is None else number) - 1].to_record()["hands"][args["hand"] - 1]
    out = []
    seen = len(view(recorded, None)["log"])
    for action in hand["actions"]:
        recorded.apply(action)
        log = view(recorded, None)["log"]
        made = [e for e in log[seen:] if not e.get("auto")]
        seen = len(log)
        out.append({"action": action, "log": made[0] if made else None})
    return out


def correction(series: Series | None, game: Game, args: dict) -> tuple[Series | None, Game, list[dict]]:
    """Apply (or preview) a correction: the new series/game and the changes."""
    number, hand, actions = args.get("game"), args.get("hand"), args.get("actions")
    if series is None:
        if number not in (None, 1):
            raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
        new, changes = correct_hand(game, hand, actions)
        return None, new, changes
    new_series_, changes = correct_series_hand(series, len(series.games) if number is None else number, hand, actions)
    return new_series_, new_series_.games[-1], changes


def result_for(series: Series | None, ticket: dict | None) -> dict:
    if series is None or ticket is None:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "nur die Serie eines Turniertischs geht an die Turnierleitung", "only a tournament table's series is sent to the organiser"
            ),
        )
    return table_result(ticket, series)
