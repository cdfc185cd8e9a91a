"""A tournament across several phones, without a server. The organiser's
phone holds the `Tournament`; each table's phone gets a ticket (its seats
for one series, as drawn) and plays or records the series; its result goes
back to the organiser as a file or a QR code and is checked before it counts:
the same result twice, a result of another tournament, or marks that do not
follow from the hands are refused with nothing changed."""
from __future__ import annotations

import hashlib
import json

from .errors import Both, InvalidAction, RecordError
from .series import Series, Tournament

TICKET_FORMAT = "schraem-table/1"
RESULT_FORMAT = "schraem-table-series/1"


def tournament_id(t: Tournament) -> str:
    """A short id that names the tournament (players, rules, seed): a
    result made for another tournament never matches it."""
    key = json.dumps([t.names, t.rules.preset, t.rules.overrides(), t.seed, t.table_size], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def table_ticket(t: Tournament, number: int, k: int) -> dict:
    """What table k (1-based) of series `number` needs to play it."""
    if not 1 <= number <= len(t.series) or not 1 <= k <= len(t.series[number - 1]):
        raise InvalidAction("bad_request", detail=Both(f"in Serie {number} gibt es keinen Tisch {k}", f"there is no table {k} in series {number}"))
    s = t.series[number - 1][k - 1]
    return {"format": TICKET_FORMAT, "tournament": tournament_id(t), "series": number, "table": k,
            "players": list(s.names), "rules": t.rules.preset, "options": t.rules.overrides(),
            "first_dealer": s.first_dealer, "seed": s.seed, "games": s.length,
            # The draw's seed, printed on the list so anyone can check the seats.
            "draw_seed": t.seed}


def series_for_ticket(ticket: dict) -> Series:
    """The empty series a table's phone plays for its ticket."""
    if not isinstance(ticket, dict) or ticket.get("format") != TICKET_FORMAT:
        raise RecordError("bad_record", detail=Both(f"ein Tischzettel hat das Format {TICKET_FORMAT!r}", f"a table ticket has format {TICKET_FORMAT!r}"))
    return Series(ticket["players"], ticket["rules"], ticket.get("options") or {}, ticket["first_dealer"], ticket.get("seed"), ticket["games"])


def table_result(ticket: dict, series: Series) -> dict:
    """The finished series as the table sends it back; `marks` are the
    marks after every hand as the table saw them, checked on import."""
    if not series.over:
        raise InvalidAction("bad_request", detail=Both("die Serie ist nicht fertig", "the series is not finished"))
    marks = [[list(r.marks_after) for r in g.results] for g in series.games]
    return {"format": RESULT_FORMAT, "tournament": ticket["tournament"], "series": ticket["series"],
            "table": ticket["table"], "result": series.to_json(), "marks": marks, "totals": series.totals()}


def _check_marks(obj: dict, series: Series) -> None:
    claimed = obj.get("marks")
    if not isinstance(claimed, list) or len(claimed) != len(series.games):
        raise RecordError("bad_record", detail=Both("das Ergebnis nennt keine Schräm für seine Spielrunden", "the result lists no marks for its games"))
    for g, (game, hands) in enumerate(zip(series.games, claimed), 1):
        if not isinstance(hands, list) or len(hands) != len(game.results):
            raise RecordError("bad_record", detail=Both(f"Spielrunde {g}: die Schräm nennen {len(hands) if isinstance(hands, list) else 0} Spiele, die Spielrunde hat {len(game.results)}", f"game {g}: the marks list {len(hands) if isinstance(hands, list) else 0} hands, the game has {len(game.results)}"))
        for h, (res, marks) in enumerate(zip(game.results, hands), 1):
            if marks != list(res.marks_after):
                raise RecordError("tampered", detail=Both(f"Spielrunde {g}, Spiel {h}: die eingetragenen Schräm ({marks}) folgen nicht aus den Aktionen des Spiels ({list(res.marks_after)})", f"game {g}, hand {h}: the marks written ({marks}) do not follow from the hand's actions ({list(res.marks_after)})"))
    if obj.get("totals") != series.totals():
        raise RecordError("tampered", detail=Both(f"die eingetragenen Summen ({obj.get('totals')}) sind nicht die Summe der Spielrunden ({series.totals()})", f"the totals written ({obj.get('totals')}) are not the sum of the games ({series.totals()})"))


def import_table_result(t: Tournament, obj) -> Series:
    """Bring one table's finished series into the tournament; every check
    comes before anything changes."""
    if not isinstance(obj, dict) or obj.get("format") != RESULT_FORMAT:
        raise RecordError("bad_record", detail=Both(f"das Ergebnis eines Tischs hat das Format {RESULT_FORMAT!r}", f"a table's result has format {RESULT_FORMAT!r}"))
    if obj.get("tournament") != tournament_id(t):
        raise RecordError("foreign_series")
    number, k = obj.get("series"), obj.get("table")
    if not isinstance(number, int) or not isinstance(k, int) or not 1 <= number <= len(t.series) or not 1 <= k <= len(t.series[number - 1]):
        raise RecordError("bad_record", detail=Both(f"Serie {number}, Tisch {k} gehört noch nicht zu diesem Turnier", f"series {number}, table {k} is not part of this tournament yet"))
    slot = t.series[number - 1][k - 1]
    series = Series.from_json(obj.get("result"))
    if series.names != slot.names or series.first_dealer != slot.first_dealer or series.length != slot.length:
        raise RecordError("bad_record", detail=Both(f"Serie {number}, Tisch {k}: Spieler oder Plätze weichen von der Auslosung ab", f"series {number}, table {k}: the players or seats differ from the draw"))
    if not series.over:
        raise RecordError("bad_record", detail=Both(f"Serie {number}, Tisch {k} ist nicht fertig", f"series {number}, table {k} is not finished"))
    _check_marks(obj, series)
    if slot.games:
        same = slot.to_json() == series.to_json()
        raise RecordError("duplicate_series" if same else "table_taken", series=number, table=k)
    series.seed = slot.seed
    t.series[number - 1][k - 1] = series
    return series
