"""Correcting a past hand on the Spielliste: replace what was entered for one
hand and replay everything after it, the way a table would recount the
chalk. Nothing is changed in place: a correction returns the new game (or
series) and the marks that change downstream, so the app can ask first;
an edit that makes a later hand illegal raises RecordError naming that
hand, the action and the rule."""

from __future__ import annotations

from ..core.errors import Both, InvalidAction, RecordError
from ..core.game import Game
from .series import Series


def check_correction(hands: list, hand_no: object, actions: object) -> int:
    """The number of the hand a correction names, refused unless it is one
    of `hands` and its actions a list."""
    if isinstance(hand_no, bool) or not isinstance(hand_no, int) or not 1 <= hand_no <= len(hands):
        raise InvalidAction(
            "bad_request",
            detail=Both(
                f"es gibt kein Spiel {hand_no!r} zum Berichtigen (1..{len(hands)})",
                f"there is no hand {hand_no!r} to correct (1..{len(hands)})",
            ),
        )
    if not isinstance(actions, list):
        raise InvalidAction(
            "bad_request", detail=Both("ein berichtigtes Spiel ist eine Liste von Aktionen", "a corrected hand is a list of actions")
        )
    return hand_no


def _replace(record: dict, hand_no: object, actions: object) -> dict:
    hands = record["hands"]
    hand_no = check_correction(hands, hand_no, actions)
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


def _refusal(e: RecordError, names: list[str], hand_no: object, game_no: int | None = None, failed_game: int | None = None) -> RecordError:
    """A correction refused in the table's words: the players by name (not
    seat numbers), the hand and the entry that no longer fit (counted from
    1), and what to change instead."""
    cause = e.cause.named(names) if e.cause is not None else e
    out = RecordError(e.code, cause=e.cause)
    out.hand, out.index = e.hand, e.index
    game_de = f"Spielrunde {failed_game}, " if failed_game is not None else ""
    game_en = f"game {failed_game}, " if failed_game is not None else ""
    entry_de = f", {e.index}. Eingabe" if e.index is not None else ""  # counted from 1 (RecordError)
    entry_en = f", entry {e.index}" if e.index is not None else ""
    mine_de = f"Spiel {hand_no}" + (f" der Spielrunde {game_no}" if game_no is not None else "")
    mine_en = f"hand {hand_no}" + (f" of game {game_no}" if game_no is not None else "")
    same = e.hand == hand_no and failed_game == game_no
    if e.hand is None:
        where_de, where_en = f"{game_de}nach der Korrektur", f"{game_en}after the correction"
    else:
        where_de, where_en = f"{game_de}Spiel {e.hand}{entry_de}", f"{game_en}hand {e.hand}{entry_en}"
    if same:
        fix_de, fix_en = f"Ändere diese Eingabe von {mine_de}.", f"Change this entry of {mine_en}."
    else:
        later_de = f"{game_de}Spiel {e.hand}" if e.hand is not None else "Das Spätere"
        later_en = f"{game_en}hand {e.hand}" if e.hand is not None else "What followed"
        fix_de = (
            f"{later_de[0].upper()}{later_de[1:]} wurde gespielt, wie es vorher stand: ändere {mine_de} so, "
            f"dass {later_de} noch dazu passt, oder lass es, wie es war."
        )
        fix_en = (
            f"{later_en[0].upper()}{later_en[1:]} was played as things stood before: change {mine_en} so that "
            f"{later_en} still fits, or leave it as it was."
        )
    out.de = f"Diese Korrektur geht nicht – {where_de}: {cause.de} {fix_de}"
    out.en = f"This correction does not work – {where_en}: {cause.en} {fix_en}"
    out.args = (out.en,)
    return out


def correct_hand(game: Game, hand_no: object, actions: object) -> tuple[Game, list[dict]]:
    """The game with hand `hand_no` (1-based) entered as `actions`, every
    later hand replayed, and the marks that change."""
    try:
        new = Game.from_record(_replace(game.to_record(), hand_no, actions))
    except RecordError as e:
        raise _refusal(e, list(game.names), hand_no) from e
    return new, mark_changes(game, new)


def correct_series_hand(series: Series, game_no: object, hand_no: object, actions: object) -> tuple[Series, list[dict]]:
    """The same inside a series: the corrected game may end differently, so
    every later game is replayed with the first dealer it now gets."""
    if isinstance(game_no, bool) or not isinstance(game_no, int) or not 1 <= game_no <= len(series.games):
        raise InvalidAction(
            "bad_request",
            detail=Both(f"in dieser Serie gibt es keine Spielrunde {game_no!r}", f"there is no game {game_no!r} in this series"),
        )
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
            raise _refusal(e, list(series.names), hand_no, game_no, k) from e
        if k < len(series.games) and not game.game_over:
            raise RecordError(
                "bad_record",
                detail=Both(
                    f"Spielrunde {k} wäre nicht mehr fertig, aber Spielrunde {k + 1} folgt ihr",
                    f"game {k} would no longer be finished, but game {k + 1} follows it",
                ),
            )
        new.games.append(game)
        changes += mark_changes(old, game, k)
    return new, changes
