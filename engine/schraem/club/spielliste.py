"""The Spielliste: the paper list seat 4 keeps at a tournament table, one
line per hand — who dealt, the knocks and the value reached, who held and
who passed, penalties, who won, and everyone's marks after the hand — plus
the CSV a club hands in and the statistics of players across many games.

Everything here reads a replayed `Game` (or records, which it replays); it
never changes one. Seats are 1-based, as in records.
"""

from __future__ import annotations

import csv
import io
from typing import cast

from ..core.game import Game

# Actions that show a player has seen their cards (a knock after them is
# not blind).
_SEEING = frozenset(("look", "play", "exchange", "discard"))


def hand_line(game: Game, k: int) -> dict:
    """Line k (0-based) of the list: one hand, as the table saw it."""
    hand = game.hands[k]
    looked: set[int] = set()
    knocks, answers, penalties, others = [], [], [], []
    for action, auto, value in hand.log:
        seat = action.seat
        if action.type == "knock":
            blind = auto or (action.blind if hand.real else seat not in looked)
            knocks.append({"seat": seat, "value": value, "blind": blind, "auto": auto})
        elif action.type in ("hold", "pass"):
            answers.append({"seat": seat, "answer": action.type, "value": value})
        elif action.type == "penalty":
            penalties.append({"seat": seat, "kind": action.kind})
        elif action.type not in ("look", "play", "discard", "win"):
            others.append({"seat": seat, "type": action.type})
        if action.type in _SEEING:
            looked.add(seat)
    res = game.results[k] if k < len(game.results) else None
    return {
        "hand": k + 1,
        "dealer": hand.dealer + 1,
        "kind": hand.setup.kind,
        # Played with real cards: the sheet can enter it again (corrections).
        "real": hand.real,
        "start_value": hand.setup.value,
        "value": hand.value,
        "knocks": knocks,
        "answers": answers,
        "penalties": penalties,
        "other": others,
        "dealt": [s + 1 for s in range(hand.n) if hand.dealt[s]],
        "winner": None if res is None or res.winner is None else res.winner + 1,
        "reason": None if res is None else res.reason,
        "losses": None if res is None else list(res.losses),
        "marks_after": None if res is None else list(res.marks_after),
        "tally_after": None if res is None else [game.end.tally_of(m) for m in res.marks_after],
    }


def game_list(game: Game) -> dict:
    """The whole list of one game: its lines, the start, and the outcome."""
    return {
        "players": list(game.names),
        "rules": game.rules.preset,
        "tally": game.end.tally(),
        "start_marks": list(game.start_marks),
        "first_dealer": game.first_dealer + 1,
        "lines": [hand_line(game, k) for k in range(len(game.hands))],
        "outcome": game.outcome.to_json(),
    }


def _answer_words(line: dict, names: list[str], answer: str) -> str:
    return ", ".join(names[a["seat"] - 1] for a in line["answers"] if a["answer"] == answer)


# The list's words per language: German as on the paper list, English for
# a phone that speaks English.
CSV_WORDS = {
    "de": {
        "head": ["Spiel", "Geber", "Wert", "Geklopft", "Gehalten", "Gepasst", "Strafen", "Gewinner"],
        "start": "Start",
        "points": "Punkte",
        "hammer": "Hammer",
        "blind": "blind",
        "game": "Spielrunde",
    },
    "en": {
        "head": ["Hand", "Dealer", "Value", "Knocked", "Held", "Passed", "Penalties", "Winner"],
        "start": "Start",
        "points": "Points",
        "hammer": "hammer",
        "blind": "blind",
        "game": "Game",
    },
}


def _knock_word(k: dict, lang: str = "de") -> str:
    """A hammer's knock is made for the player (auto), not in the dark."""
    # "blind", as the scoresheet's button and the list on screen say it.
    words = CSV_WORDS[lang]
    return f" ({words['hammer']})" if k["auto"] else f" ({words['blind']})" if k["blind"] else ""


def game_csv(game: Game, lang: str = "de") -> str:
    """The list as CSV (German headings, as on the paper list; `lang` "en":
    English ones): the start, one row per hand, a column per player with
    the marks after the hand, and the points once the game is over."""
    words = CSV_WORDS[lang]
    names = list(game.names)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow([*words["head"], *names])
    listed = game_list(game)
    w.writerow([words["start"], "", "", "", "", "", "", "", *[game.end.tally_of(m) for m in listed["start_marks"]]])
    for line in listed["lines"]:
        knocks = ", ".join(names[k["seat"] - 1] + _knock_word(k, lang) for k in line["knocks"])
        penalties = ", ".join(f"{names[p['seat'] - 1]} ({p['kind']})" for p in line["penalties"])
        winner = names[line["winner"] - 1] if line["winner"] else ""
        marks = line["tally_after"] or [""] * len(names)
        w.writerow(
            [
                line["hand"],
                names[line["dealer"] - 1],
                line["value"],
                knocks,
                _answer_words(line, names, "hold"),
                _answer_words(line, names, "pass"),
                penalties,
                winner,
                *["" if m is None else m for m in marks],
            ]
        )
    o = game.outcome
    if o.over and o.scores is not None:
        w.writerow([words["points"], "", "", "", "", "", "", names[o.winner - 1] if o.winner else "", *o.scores])
    return out.getvalue()


def _count(lines: list[dict], seat: int) -> dict:
    knocks = [k for ln in lines for k in ln["knocks"] if k["seat"] == seat and not k["auto"]]
    answers = [a for ln in lines for a in ln["answers"] if a["seat"] == seat]
    return {
        "knocks": len(knocks),
        "blind_knocks": sum(1 for k in knocks if k["blind"]),
        "holds": sum(1 for a in answers if a["answer"] == "hold"),
        "passes": sum(1 for a in answers if a["answer"] == "pass"),
        "hands": sum(1 for ln in lines if seat in ln["dealt"]),
        "hands_won": sum(1 for ln in lines if ln["winner"] == seat),
    }


COMPUTER = " (Computer)"


def player_stats(games: list[Game], computers: list[set[int]] | None = None, names: list[list[str]] | None = None) -> dict[str, dict]:
    """Statistics per player name across finished games: games, wins,
    mean score, knocks, blind knocks, holds, passes, first-out count.
    `computers`: per game, the seats a computer played; they count under
    "<name> (Computer)", apart from a person of the same name, and their
    row says `"computer": true` (its `name` is the seat's, without the
    suffix, for a column head under "Computerspieler"). `names`: per game, the name each seat
    counts under (a person's merged or earlier names as the person's own);
    the record's names otherwise."""
    stats: dict[str, dict] = {}
    for k, game in enumerate(games):
        if not game.game_over:
            continue
        lines = game_list(game)["lines"]
        o = game.outcome
        bots = computers[k] if computers else set()
        for s, name in enumerate(names[k] if names else game.names, 1):
            row = stats.setdefault(
                name + COMPUTER if s in bots else name,
                {
                    "games": 0,
                    "wins": 0,
                    "losses": 0,
                    "first_out": 0,
                    "score_total": 0,
                    "knocks": 0,
                    "blind_knocks": 0,
                    "holds": 0,
                    "passes": 0,
                    "hands": 0,
                    "hands_won": 0,
                    "computer": s in bots,
                    "name": name,
                },
            )
            row["games"] += 1
            row["wins"] += o.winner == s
            row["losses"] += o.loser == s
            row["first_out"] += bool(o.out_order) and o.out_order[0] == s
            row["score_total"] += cast("tuple[int, ...]", o.scores)[s - 1]  # a finished game has its scores
            for key, n in _count(lines, s).items():
                row[key] += n
    for row in stats.values():
        row["mean_score"] = round(row["score_total"] / row["games"], 2) if row["games"] else 0.0
    return stats
