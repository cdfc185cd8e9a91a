"""Command line: `python -m schraem replay FILE`, `simulate`, `match`
(bots against bots) and `play` (you against bots, in the terminal)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..club.series import SERIES_FORMAT, SET_FORMAT, RengenSet, Series
from ..club.tournament import TOURNAMENT_FORMAT, Tournament
from ..club.transfer import RESULT_FORMAT
from ..core.errors import RecordError, SchraemError
from ..core.game import Game
from ..core.rules import Rules
from . import match, terminal
from .simulate import simulate


def replay_summary(game: Game) -> dict:
    summary = {
        "marks": list(game.marks),
        "game_over": game.game_over,
        "winner": game.winner,
        "loser": game.loser,
        "knollen": list(game.knollen),
        "scores": game.scores,
        "hands": [
            {
                "hand": i + 1,
                "winner": None if r.winner is None else r.winner + 1,
                "reason": r.reason,
                "value": r.value,
                "losses": list(r.losses),
                "marks_after": list(r.marks_after),
            }
            for i, r in enumerate(game.results)
        ],
        "hand_in_progress": not game.hand_over,
    }
    # Hands of a table of phones whose deal replay checked against the
    # commit–reveal transcript (core/fairdeal.py).
    fair = [i + 1 for i, spec in enumerate(game.specs) if "fair" in spec]
    if fair:
        summary["fair_deals_checked"] = fair
    return summary


def _container(record) -> bool:
    return isinstance(record, dict) and record.get("format") in (SERIES_FORMAT, SET_FORMAT, TOURNAMENT_FORMAT, RESULT_FORMAT)


def _ranked(totals: dict[str, int]) -> list[dict]:
    """Highest total first; equal totals share a rank (no lot is drawn
    outside a tournament)."""
    entries: list[dict[str, Any]] = [{"name": n, "total": t} for n, t in totals.items()]
    rows = sorted(entries, key=lambda r: -r["total"])
    for i, r in enumerate(rows):
        r["rank"] = rows[i - 1]["rank"] if i and rows[i - 1]["total"] == r["total"] else i + 1
    return rows


def standings_summary(obj: dict) -> dict:
    """Standings of a series, a Rengen set, a tournament or a table's
    result: per player name the total and the rank; in a tournament also
    each player's lot and whether it decided a tie."""
    fmt = obj["format"]
    if fmt == TOURNAMENT_FORMAT:
        t = Tournament.from_json(obj)
        rows = t.standings()
        for r in rows:
            r["tie_break"] = sum(1 for o in rows if o["total"] == r["total"]) > 1
        return {"format": fmt, "over": len(t.series) == t.series_count and all(s.over for s in t.series[-1]), "standings": rows}
    if fmt == SET_FORMAT:
        rset = RengenSet.from_json(obj)
        totals = dict.fromkeys(rset.names, 0)
        for g in rset.games:
            for name, score in zip(g.names, g.scores or []):
                totals[name] += score
        loser = None if rset.loser is None else rset.names[rset.loser - 1]
        return {"format": fmt, "over": loser is not None, "loser": loser, "standings": _ranked(totals)}
    s = Series.from_json(obj["result"] if fmt == RESULT_FORMAT else obj)
    return {"format": fmt, "over": s.over, "standings": _ranked(dict(zip(s.names, s.totals())))}


def cmd_replay(args) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"{args.file} is not valid JSON: {e}", file=sys.stderr)
        return 2
    try:
        summary = standings_summary(record) if _container(record) else replay_summary(Game.from_record(record))
    except RecordError as e:
        print(json.dumps({"error": e.en, "hand": e.hand, "action": e.index, "rule": e.rule}), file=sys.stderr)
        return 1
    print(json.dumps(summary))
    return 0


def cmd_simulate(args) -> int:
    print(json.dumps(simulate(args.games, args.seed, args.rules, args.players)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m schraem", description="Siebenschräm rules engine")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a game record (marks) or a series, set or tournament file (standings)")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("simulate", help="play random games and print statistics")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--rules", default="rheinland", choices=Rules.preset_names())
    s.add_argument("--players", type=int, default=4)
    s.set_defaults(func=cmd_simulate)
    match.add_parser(sub)
    terminal.add_parser(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except SchraemError as e:
        print(e.en, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
