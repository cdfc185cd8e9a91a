"""A tournament across several phones, without a server. The organiser's
phone holds the `Tournament`; each table's phone gets a ticket (its seats
for one series, as drawn) and plays or records the series; its result goes
back to the organiser as a file or a QR code and is checked before it counts:
the same result twice, a result of another tournament, or marks that do not
follow from the hands are refused with nothing changed."""

from __future__ import annotations

import hashlib
import json

from ..core import fields as f
from ..core.errors import Both, InvalidAction, RecordError, SchraemError
from ..core.rules import Rules
from .outbound import RESULT_FORMAT, TICKET_FORMAT, Outbound
from .series import Series
from .tournament import Tournament

TICKET_KEYS = {
    "format",
    "tournament",
    "series",
    "table",
    "players",
    "rules",
    "options",
    "first_dealer",
    "seed",
    "games",
    "draw_seed",
    "house",
}
RESULT_KEYS = {"format", "tournament", "series", "table", "result", "marks", "totals"}


def tournament_id(t: Tournament) -> str:
    """A short id that names the tournament (players, rules, seed): a
    result made for another tournament never matches it."""
    # Tables of one fewer ("short") name a tournament of their own; the
    # ids of those saved before stay as they were.
    split = [] if t.split == "even" else [t.split]
    key = json.dumps([t.names, t.rules.preset, t.rules.overrides(), t.seed, t.table_size, *split], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def table_ticket(t: Tournament, series: object, table: object) -> dict:
    """What table k (1-based) of series `number` needs to play it. No seed:
    a ticket leaves the phone, and its table plays real cards."""
    number = f.whole(series, "series", "Serie", "series", 1, f.MAX_NUMBER)
    k = f.whole(table, "table", "Tisch", "table", 1, f.MAX_NUMBER)
    if not 1 <= number <= len(t.series) or not 1 <= k <= len(t.series[number - 1]):
        raise InvalidAction(
            "bad_request", detail=Both(f"in Serie {number} gibt es keinen Tisch {k}", f"there is no table {k} in series {number}")
        )
    s = t.series[number - 1][k - 1]
    ticket = {
        "format": TICKET_FORMAT,
        "tournament": tournament_id(t),
        "series": number,
        "table": k,
        "players": list(s.names),
        "rules": t.rules.preset,
        "options": t.rules.overrides(),
        "first_dealer": s.first_dealer,
        "games": s.length,
        # The draw's seed, printed on the list so anyone can check the seats.
        "draw_seed": t.seed,
    }
    if t.house is not None:
        ticket["house"] = t.house
    return ticket


def _check_place(obj: dict) -> None:
    """Where a ticket or a result belongs: its tournament, series and table."""
    f.text(obj.get("tournament"), "tournament", "Turnier", "tournament")
    f.whole(obj.get("series"), "series", "Serie", "series", 1, f.MAX_NUMBER)
    f.whole(obj.get("table"), "table", "Tisch", "table", 1, f.MAX_NUMBER)


def check_ticket(ticket) -> Series:
    """Every field of a ticket checked (a file from another phone), and the
    empty series its table plays. An older ticket's seed is accepted and
    used; new tickets carry none."""
    if not isinstance(ticket, dict) or ticket.get("format") != TICKET_FORMAT:
        raise RecordError(
            "bad_record", detail=Both(f"ein Tischzettel hat das Format {TICKET_FORMAT!r}", f"a table ticket has format {TICKET_FORMAT!r}")
        )
    try:
        f.only(ticket, TICKET_KEYS, "ein Tischzettel", "a ticket")
        _check_place(ticket)
        rules = Rules.make(
            f.text(ticket.get("rules"), "rules", "Regeln", "rules"),
            f.obj(ticket.get("options") or {}, "options", "Regeloptionen", "rule options"),
        )
        players = f.names(ticket.get("players"), "players", rules.min_players, rules.max_players)
        if players != ticket["players"]:
            f.refuse(
                "players",
                "Spieler",
                "players",
                "muss die Namen so schreiben, wie das Turnier sie führt",
                "must write the names as the tournament keeps them",
            )
        dealer = f.whole(ticket.get("first_dealer"), "first_dealer", "erster Geber", "first dealer", 1, len(players))
        games = f.whole(ticket.get("games"), "games", "Spielrunden", "games", 1, f.MAX_SERIES_GAMES)
        seed = None if ticket.get("seed") is None else f.seed(ticket["seed"])
        if ticket.get("draw_seed") is not None:
            f.seed(ticket["draw_seed"], "draw_seed")
        if ticket.get("house") is not None:
            f.house_name(ticket["house"])
    except RecordError:
        raise
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(f"Tischzettel: {e.de.rstrip('.')}", f"ticket: {e.en.rstrip('.')}")) from e
    return Series(players, rules, None, dealer, seed, games)


def check_result(obj) -> None:
    """The fields of a table's result, before its series is replayed."""
    if not isinstance(obj, dict) or obj.get("format") != RESULT_FORMAT:
        raise RecordError(
            "bad_record",
            detail=Both(f"das Ergebnis eines Tischs hat das Format {RESULT_FORMAT!r}", f"a table's result has format {RESULT_FORMAT!r}"),
        )
    try:
        f.only(obj, RESULT_KEYS, "ein Ergebnis", "a result")
        _check_place(obj)
        f.obj(obj.get("result"), "result", "Serie des Tischs", "the table's series")
        for g in f.items(obj.get("marks"), "marks", "Schräm", "marks", 1, f.MAX_SERIES_GAMES):
            for h in f.items(g, "marks", "Schräm", "marks"):
                for m in f.items(h, "marks", "Schräm", "marks", 2, f.MAX_PLAYERS):
                    f.whole(m, "marks", "Schräm", "marks", -f.MAX_NUMBER, f.MAX_NUMBER)
        for total in f.items(obj.get("totals"), "totals", "Summen", "totals", 2, f.MAX_PLAYERS):
            f.whole(total, "totals", "Summen", "totals", -f.MAX_NUMBER * 100, f.MAX_NUMBER * 100)
    except RecordError:
        raise
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(f"Ergebnis: {e.de.rstrip('.')}", f"result: {e.en.rstrip('.')}")) from e


def table_result(ticket: dict, series: Series) -> dict:
    """The finished series as the table sends it back; `marks` are the
    marks after every hand as the table saw them, checked on import."""
    if not series.over:
        raise InvalidAction("bad_request", detail=Both("die Serie ist nicht fertig", "the series is not finished"))
    marks = [[list(r.marks_after) for r in g.results] for g in series.games]
    return {
        "format": RESULT_FORMAT,
        "tournament": ticket["tournament"],
        "series": ticket["series"],
        "table": ticket["table"],
        "result": Outbound(False).series(series),
        "marks": marks,
        "totals": series.totals(),
    }


def _check_marks(obj: dict, series: Series) -> None:
    claimed = obj.get("marks")
    if not isinstance(claimed, list) or len(claimed) != len(series.games):
        raise RecordError(
            "bad_record", detail=Both("das Ergebnis nennt keine Schräm für seine Spielrunden", "the result lists no marks for its games")
        )
    for g, (game, hands) in enumerate(zip(series.games, claimed), 1):
        if not isinstance(hands, list) or len(hands) != len(game.results):
            raise RecordError(
                "bad_record",
                detail=Both(
                    f"Spielrunde {g}: die Schräm nennen {len(hands) if isinstance(hands, list) else 0} Spiele, die Spielrunde hat {len(game.results)}",
                    f"game {g}: the marks list {len(hands) if isinstance(hands, list) else 0} hands, the game has {len(game.results)}",
                ),
            )
        for h, (res, marks) in enumerate(zip(game.results, hands), 1):
            if marks != list(res.marks_after):
                raise RecordError(
                    "tampered",
                    detail=Both(
                        f"Spielrunde {g}, Spiel {h}: die eingetragenen Schräm ({marks}) folgen nicht aus den Aktionen des Spiels ({list(res.marks_after)})",
                        f"game {g}, hand {h}: the marks written ({marks}) do not follow from the hand's actions ({list(res.marks_after)})",
                    ),
                )
    if obj.get("totals") != series.totals():
        raise RecordError(
            "tampered",
            detail=Both(
                f"die eingetragenen Summen ({obj.get('totals')}) sind nicht die Summe der Spielrunden ({series.totals()})",
                f"the totals written ({obj.get('totals')}) are not the sum of the games ({series.totals()})",
            ),
        )


def import_table_result(t: Tournament, obj) -> Series:
    """Bring one table's finished series into the tournament; every check
    comes before anything changes."""
    check_result(obj)
    if obj.get("tournament") != tournament_id(t):
        raise RecordError("foreign_series")
    number, k = obj.get("series"), obj.get("table")
    if not 1 <= number <= len(t.series) or not 1 <= k <= len(t.series[number - 1]):
        raise RecordError(
            "bad_record",
            detail=Both(
                f"Serie {number}, Tisch {k} gehört noch nicht zu diesem Turnier",
                f"series {number}, table {k} is not part of this tournament yet",
            ),
        )
    slot = t.series[number - 1][k - 1]
    series = Series.from_json(obj.get("result"))
    # A seat the computer took keeps its drawn name, as a stand-in does; another person's name is not the draw's.
    renamed = any(c["name"] != c["was"] for c in series.changes())
    if series.names != slot.names or renamed or series.first_dealer != slot.first_dealer or series.length != slot.length:
        raise RecordError(
            "bad_record",
            detail=Both(
                f"Serie {number}, Tisch {k}: Spieler oder Plätze weichen von der Auslosung ab",
                f"series {number}, table {k}: the players or seats differ from the draw",
            ),
        )
    if not series.over:
        raise RecordError(
            "bad_record", detail=Both(f"Serie {number}, Tisch {k} ist nicht fertig", f"series {number}, table {k} is not finished")
        )
    _check_marks(obj, series)
    if slot.games:
        # Compared as files: a result kept on this phone may still hold its
        # games' seeds, the same result from a file holds none.
        same = Outbound(True).series(slot) == Outbound(True).series(series)
        raise RecordError("duplicate_series" if same else "table_taken", series=number, table=k)
    series.seed = slot.seed
    t.series[number - 1][k - 1] = series
    return series
