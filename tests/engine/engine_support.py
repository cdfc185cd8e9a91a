"""Helpers shared by the engine tests (not a test module).

Everything here builds games from fixed, explicit deals written in the test
itself: the suite never reads /work/shared or any other file outside the
repository, so it runs the same in CPython and inside Pyodide.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import settings

from schraem.core.actions import Action
from schraem.core.cards import DECK
from schraem.core.errors import IllegalAction
from schraem.core.game import Game
from schraem.core.view import view

PRESETS = ("rheinland", "rengen")
BLIND_MAX = {"rheinland": 4, "rengen": 3}

# Loops over seeded random games scale with the hypothesis profile in force:
# the "ci" profile (100 examples) runs them in full, "pyodide" (15) a share.
SCALE = max(0.1, min(1.0, settings.default.max_examples / 100))


def scaled(n: int, minimum: int = 1) -> int:
    return max(minimum, int(round(n * SCALE)))


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def new_game(cards, preset: str = "rheinland", marks=None, dealer: int | None = None, options=None, players=None) -> Game:
    """A game whose first hand is dealt with `cards` (seat order, [] for a
    seat with no marks). The dealer defaults to the last seat, so seat 1 is
    forehand."""
    n = len(cards)
    players = players or names(n)
    if marks is not None:
        players = [{"name": p, "marks": m} for p, m in zip(players, marks)]
    game = Game(players, preset, options, dealer=dealer or n)
    game.deal(cards=cards)
    return game


def real_game(n: int = 4, preset: str = "rheinland", marks=None, dealer: int | None = None, options=None, players=None) -> Game:
    """A game whose first hand is played with real cards (scoresheet)."""
    players = players or names(n)
    if marks is not None:
        players = [{"name": p, "marks": m} for p, m in zip(players, marks)]
    game = Game(players, preset, options, dealer=dealer or n)
    game.deal(real=True)
    return game


def action(act) -> dict:
    """An action written in the text notation (`Action.parse`: "2:knock",
    "1:play:10H", "3:penalty:renege", "1:knock:blind") as the JSON the
    bridge sends; JSON objects pass through unchanged."""
    return Action.parse(act).to_json() if isinstance(act, str) else act


def play(game: Game, *actions):
    """Apply actions in order (each must be legal); returns the last result."""
    res = None
    for a in actions:
        res = game.apply(action(a))
    return res


def snapshot(game: Game) -> str:
    """Everything observable: the record, every seat's view and the public
    view, marks and who is due."""
    seats = [None] + list(range(1, game.n + 1))
    return json.dumps(
        {
            "record": game.to_record(),
            "views": [view(game, s) for s in seats],
            "marks": list(game.marks),
            "due": game.due(),
            "results": [r.to_json() for r in game.results],
            "game_over": game.game_over,
        },
        sort_keys=True,
    )


def refused(game: Game, act, code: str | None = None, exc=IllegalAction, raw: bool = False):
    """Assert `act` is refused with `exc` (and rule `code`) and that nothing
    observable changed. Returns the exception. `raw`: hand `act` to the
    game as it is (malformed input on purpose), not as text notation."""
    before = snapshot(game)
    with pytest.raises(exc) as info:
        game.apply(act if raw else action(act))
    err = info.value
    assert isinstance(err, ValueError)
    if code is not None:
        assert err.code == code, (err.code, err.en)
    assert err.de and err.en
    assert snapshot(game) == before
    return err


def marks_after(game: Game) -> list[int]:
    return list(game.results[-1].marks_after)


def hand_losses(game: Game) -> list[int]:
    return list(game.results[-1].losses)


def action_universe(n: int, real: bool = False) -> list[Action]:
    """Every well-formed action a game of n seats could be asked to take."""
    out = []
    for seat in range(1, n + 1):
        for typ in ("look", "knock", "hold", "pass", "win"):
            out.append(Action(seat, typ))
        for kind in ("renege", "lead_out_of_turn", "misdeal"):
            out.append(Action(seat, "penalty", kind=kind))
        if real:
            out.append(Action(seat, "knock", blind=True))
        for c in DECK:
            out.append(Action(seat, "play", c))
            out.append(Action(seat, "discard", c))
    return out


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])((?:10|[7-9AKQJ])[CSHD])(?![0-9A-Za-z])")


def card_tokens(obj) -> set[str]:
    """Every card text found anywhere in a JSON-like structure (keys, values,
    inside longer strings). The compact separators only drop spaces between
    JSON's own punctuation, where no card can start or end; the leak checks
    run this on every view at every state, so it is kept cheap."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return set(CARD_TOKEN.findall(text))


def forbidden_cards(game: Game, seat: int | None) -> set[str]:
    """Cards `seat` (1-based, None = public) may not see now: every other
    seat's unplayed cards (passers' face-down cards included), and its own
    while it has not looked."""
    hand = game.hand
    if hand is None or hand.cards is None:
        return set()
    out = set()
    for s in range(hand.n):
        mine = seat is not None and s == seat - 1
        if not mine or not hand.looked[s]:
            out.update(str(c) for c in hand.cards[s])
    return out


def play_out(game: Game, answer: str = "hold") -> None:
    """Finish the hand: answer open knocks with `answer`, otherwise the seat
    due plays its first legal card."""
    for _ in range(200):
        if game.hand_over:
            return
        v = view(game, None)
        if v["response"] is not None:
            play(game, f"{v['response']['to_answer']}:{answer}")
            continue
        seat = v["turn"]
        plays = [a for a in game.legal_actions(seat) if a.type == "play"]
        assert plays, f"seat {seat} is due but has no play"
        game.apply(plays[0].to_json())
    raise AssertionError("hand did not end")


def state_of(obj, _seen=None):
    """A comparable deep picture of any engine object (for 'unchanged')."""
    if _seen is None:
        _seen = set()
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, dict):
        return tuple((state_of(k, _seen), state_of(v, _seen)) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__,) + tuple(state_of(v, _seen) for v in obj)
    if isinstance(obj, (set, frozenset)):
        return frozenset(state_of(v, _seen) for v in obj)
    if hasattr(obj, "__dict__"):
        if id(obj) in _seen:
            return ("cycle", type(obj).__name__)
        _seen.add(id(obj))
        return (type(obj).__name__, state_of(vars(obj), _seen))
    return repr(obj)
