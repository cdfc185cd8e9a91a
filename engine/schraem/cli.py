"""Command line: `python -m schraem replay FILE`, `simulate`."""
from __future__ import annotations

import argparse
import json
import sys

from .errors import RecordError, SchraemError
from .game import Game
from .rules import Rules
from .simulate import simulate


def replay_summary(game: Game) -> dict:
    return {
        "marks": list(game.marks),
        "game_over": game.game_over,
        "winner": game.winner,
        "loser": game.loser,
        "knollen": list(game.knollen),
        "scores": game.scores,
        "hands": [
            {"hand": i + 1, "winner": None if r.winner is None else r.winner + 1, "reason": r.reason, "value": r.value, "losses": list(r.losses), "marks_after": list(r.marks_after)}
            for i, r in enumerate(game.results)
        ],
        "hand_in_progress": not game.hand_over,
    }


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
        game = Game.from_record(record)
    except RecordError as e:
        print(json.dumps({"error": e.en, "hand": e.hand, "action": e.index, "rule": e.rule}), file=sys.stderr)
        return 1
    print(json.dumps(replay_summary(game)))
    return 0


def cmd_simulate(args) -> int:
    print(json.dumps(simulate(args.games, args.seed, args.rules, args.players)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m schraem", description="Siebenschräm rules engine")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a game record and print the marks")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("simulate", help="play random games and print statistics")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--rules", default="rheinland", choices=Rules.preset_names())
    s.add_argument("--players", type=int, default=4)
    s.set_defaults(func=cmd_simulate)
    from .match import add_parsers as add_match_parsers  # `match` and `play` (bots)

    add_match_parsers(sub)
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
