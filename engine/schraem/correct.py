"""Correcting a past hand on the Spielliste: replace what was entered for one
hand and replay everything after it, the way a table would recount the
chalk. Nothing is changed in place: a correction returns the new game (or
series) and the marks that change downstream, so the app can ask first;
an edit that makes a later hand illegal raises RecordError naming that
hand, the action and the rule."""
from __future__ import annotations

from .errors import Both, InvalidAction, RecordError
from .game import Game
from .series import Series


def _replace(record: dict, hand_no: int, actions) -> dict:
    hands = record["hands"]
    if isinstance(hand_no, bool) or not isinstance(hand_no, int) or not 1 <= hand_no <= len(hands):
        raise InvalidAction("bad_request", detail=Both(f"es gibt kein Spiel {hand_no!r} zum Berichtigen (1..{len(hands)})", f"there is no hand {hand_no!r} to correct (1..{len(hands)})"))
    if not isinstance(actions, list):
        raise InvalidAction("bad_request", detail=Both("ein berichtigtes Spiel ist eine Liste von Aktionen", "a corrected hand is a list of actions"))
    hands[hand_no - 1] = {**hands[hand_no - 1], "actions": actions}
    return record


def mark_changes(old: Game, new: Game, game_no: int | None = None) -> list[dict]:
    """Every (hand, seat) whose marks after the hand differ, and hands that
    appear or disappear; `before`/`after` are None for a missing hand."""
    out = []
    for k in range(max(len(old.results), len(new.results))):
        a = old.results[k].marks_after if k < len(old.results) else None
        b = new.results[k].marks_after if k < len(new.results) else None
        for s, name in enumerate(new.names):
            x = None if a is None else a[s]
            y = None if b is None else b[s]
            if x != y:
                row = {"hand": k + 1, "seat": s + 1, "name": name, "before": x, "after": y}
                if game_no is not None:
                    row["game"] = game_no
                out.append(row)
    return out


def correct_hand(game: Game, hand_no: int, actions) -> tuple[Game, list[dict]]:
    """The game with hand `hand_no` (1-based) entered as `actions`, every
    later hand replayed, and the marks that change."""
    new = Game.from_record(_replace(game.to_record(), hand_no, actions))
    return new, mark_changes(game, new)


def correct_series_hand(series: Series, game_no: int, hand_no: int, actions) -> tuple[Series, list[dict]]:
    """The same inside a series: the corrected game may end differently, so
    every later game is replayed with the first dealer it now gets."""
    if isinstance(game_no, bool) or not isinstance(game_no, int) or not 1 <= game_no <= len(series.games):
        raise InvalidAction("bad_request", detail=Both(f"in dieser Serie gibt es keine Spielrunde {game_no!r}", f"there is no game {game_no!r} in this series"))
    new = Series(series.names, series.rules, None, series.first_dealer, series.seed, series.length)
    changes: list[dict] = []
    for k, old in enumerate(series.games, 1):
        record = old.to_record()
        record["dealer"] = new.next_dealer()
        if k == game_no:
            record = _replace(record, hand_no, actions)
        try:
            game = Game.from_record(record)
        except RecordError as e:
            e.de, e.en = f"Spielrunde {k}, {e.de}", f"game {k}, {e.en}"
            e.args = (e.en,)
            raise
        if k < len(series.games) and not game.game_over:
            raise RecordError("bad_record", detail=Both(f"Spielrunde {k} wäre nicht mehr fertig, aber Spielrunde {k + 1} folgt ihr", f"game {k} would no longer be finished, but game {k + 1} follows it"))
        new.games.append(game)
        changes += mark_changes(old, game, k)
    return new, changes
