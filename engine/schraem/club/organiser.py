"""The organiser's tournament behind the bridge: draw, tickets, results,
standings; JSON in, JSON out."""

from __future__ import annotations

from ..core import fields as f
from ..core.errors import Both, InvalidAction
from .tournament import Tournament
from .transfer import import_table_result, table_ticket, tournament_id


class Organiser:
    """The organiser's tournament: draw, tickets, results, standings.

    A step answers the organiser's screen and, to keep, what changed in the
    tournament as a patch of its saved form (`patch`, the shell's
    bridge/state-patch.js format): the shell holds the tournament it saved
    last, so 300 players' five series are not written out and sent again
    on every result read in. `new`, `load` and `state` answer the whole
    tournament (`tournament`)."""

    def __init__(self) -> None:
        self.tournament: Tournament | None = None

    def handle(self, args: dict) -> dict:
        op = args.get("op")
        if op == "new":
            t = Tournament(
                args.get("players"),
                args.get("rules", "rheinland"),
                f.obj({} if args.get("options") is None else args["options"], "options", "Regeloptionen", "rule options"),
                args.get("seed", 0),
                4,
                args.get("house"),
            )
            t.start_series()
            self.tournament = t
            return self.facts()
        if op == "load":
            self.tournament = Tournament.from_json(args.get("tournament"))
            return self.facts()
        if not isinstance(op, str):
            f.refuse("op", "Turnierschritt", "tournament operation", "muss ein Text sein", "must be a text")
        t = self._t()
        if op == "state":
            return self.facts()
        if op == "start_series":
            tables = t.start_series()
            return {**self.screen(), "patch": {"a": {"series": [[None] * len(tables)]}}}
        if op == "import":
            series = import_table_result(t, args.get("result"))
            number, k = args["result"]["series"], args["result"]["table"]
            table = {str(k - 1): series.to_json()}
            return {**self.screen(), "patch": {"p": {"series": {"p": {str(number - 1): {"s": table}}}}}}
        if op == "withdraw":
            t.withdraw(args.get("name"))
            return {**self.screen(), "patch": {"s": {"withdrawn": dict(t.withdrawn)}}}
        if op == "ticket":
            return {"ticket": table_ticket(t, args.get("series"), args.get("table"))}
        if op == "tickets":
            # Every table's ticket of a series at once, to print.
            number = f.whole(args.get("series"), "series", "Serie", "series", 1, max(1, len(t.series)))
            return {"tickets": [table_ticket(t, number, k) for k in range(1, len(t.series[number - 1]) + 1)]}
        raise InvalidAction(
            "bad_request", detail=Both(f"unbekannter Turnierschritt {op[:20]!r}", f"unknown tournament operation {op[:20]!r}")
        )

    def _t(self) -> Tournament:
        if self.tournament is None:
            raise InvalidAction("bad_request", detail=Both("es ist kein Turnier offen", "no tournament is open"))
        return self.tournament

    def screen(self) -> dict:
        """What the organiser's screen shows: the tables of every series
        drawn and the standings, without the games themselves."""
        t = self._t()
        return {
            "id": tournament_id(t),
            "seed": t.seed,
            "house": t.house,
            "series_count": t.series_count,
            "over": t.over,
            "tables": [
                [{"players": s.names, "played": bool(s.games), "over": s.over, "totals": s.totals()} for s in tables] for tables in t.series
            ],
            "standings": t.standings(),
        }

    def facts(self) -> dict:
        """The screen and the whole tournament, to save."""
        return {"tournament": self._t().to_json(), **self.screen()}
