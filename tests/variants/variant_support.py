"""Helpers for the regional-variant tests (not a test module).

Games are built from fixed, explicit deals written in the tests; the random
games use schraem.cli.simulate.random_game. No files, no subprocesses, no
threads: the suite runs the same in CPython and inside Pyodide."""

from __future__ import annotations

import json

import pytest

from schraem.core.actions import Action
from schraem.core.cards import DECK
from schraem.core.errors import IllegalAction
from schraem.core.game import Game
from schraem.core.view import view

# A deal for four seats that gives nobody four courts, for tests that only
# need some cards: every seat holds one suit, 10 9 8 7.
SUITED4 = [["10C", "9C", "8C", "7C"], ["10S", "9S", "8S", "7S"], ["10H", "9H", "8H", "7H"], ["10D", "9D", "8D", "7D"]]


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def new_game(preset: str, n: int = 4, marks=None, dealer: int | None = None, options=None, seed=None) -> Game:
    """A game; the dealer defaults to the last seat, so seat 1 is forehand."""
    players = names(n)
    if marks is not None:
        players = [{"name": p, "marks": m} for p, m in zip(players, marks)]
    return Game(players, preset, options, dealer=dealer or n, seed=seed)


def dealt(preset: str, cards, marks=None, dealer: int | None = None, options=None, stock=None) -> Game:
    game = new_game(preset, len(cards), marks, dealer, options)
    game.deal(cards=cards, stock=stock)
    return game


def action(text) -> dict:
    """An action in the text notation (`Action.parse`): "2:knock",
    "1:play:10H", "3:turn:2#1" (target, index), "3:turn:2:7H" (scoresheet:
    the card turned up), "4:challenge:2", "4:challenge:2:AH,KH,QS,JD"
    (scoresheet), "2:exchange", "1:redeal" — as the JSON the bridge sends."""
    if isinstance(text, dict):
        return text
    return Action.parse(text).to_json()


def act(game: Game, *texts):
    """Apply actions in order; returns the result of the last one."""
    res = None
    for t in texts:
        res = game.apply(action(t))
    return res


def refused(game: Game, text, code: str) -> None:
    """The action is refused with `code`, and nothing changes."""
    before = json.dumps(game.to_record(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        game.apply(action(text))
    assert e.value.code == code, (e.value.code, e.value.en)
    assert e.value.de and e.value.en and "{" not in e.value.de + e.value.en
    assert json.dumps(game.to_record(), sort_keys=True) == before


def answer_all(game: Game, answer: str = "hold") -> None:
    """Everyone due to answer a knock gives the same answer."""
    hand = game.hand
    while hand.responders and not hand.over:
        game.apply({"seat": hand.responders[0] + 1, "type": answer})


def finish(game: Game) -> None:
    """Play the hand out: knocks are held, and whoever is due plays their
    first legal card."""
    hand = game.hand
    while not hand.over:
        if hand.responders:
            answer_all(game)
            continue
        seat = hand.to_play()
        assert seat is not None, "nobody to play"
        play = next(a for a in hand.legal(seat) if a.type == "play")
        game.apply(play.to_json())


def hidden(game: Game, seat: int | None) -> set[str]:
    """Cards `seat` (1-based; None = public) may not see: other seats'
    unplayed cards, its own before looking, the stock, and discards of an
    exchange still face down (its owner knows them)."""
    hand = game.hand
    if hand is None or hand.cards is None:
        return set()
    out = {str(c) for c in hand.stock}
    for s in range(hand.n):
        mine = seat is not None and s == seat - 1
        if not mine or not hand.looked[s]:
            out.update(str(c) for c in hand.cards[s])
        courts = hand.courts
        if courts is not None and courts.exchanged[s] and not mine:
            shown = {i for i, _, _ in courts.turned[s]}
            ch = courts.challenges[s]
            for k, c in enumerate(courts.exchanged[s], 1):
                if k not in shown and ch is None:
                    out.add(str(c))
    return out


CARD_TEXT = {str(c) for c in DECK}


def tokens(obj) -> set[str]:
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            if x in CARD_TEXT:
                found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(obj)
    return found


def assert_no_leak(game: Game) -> None:
    for seat in [None] + list(range(1, game.n + 1)):
        leaked = tokens(view(game, seat)) & hidden(game, seat)
        assert not leaked, (seat, leaked)


def replay_equal(game: Game) -> Game:
    """The record survives JSON and replays to the same state."""
    record = json.loads(json.dumps(game.to_record()))
    again = Game.from_record(record)
    assert again.to_record() == game.to_record()
    assert again.marks == game.marks and again.knollen == game.knollen
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results]
    assert (again.game_over, again.winner, again.loser, again.scores) == (game.game_over, game.winner, game.loser, game.scores)
    return again


def play_random(game: Game, rng, max_hands: int = 5000) -> Game:
    """Finish `game` with uniformly random legal actions (as random_game)."""
    while not game.game_over and len(game.specs) < max_hands:
        hand = game.deal()
        while not hand.over:
            legal = [a for s in range(hand.n) for a in hand.legal(s)]
            game.apply(rng.choice(legal).to_json())
    assert game.game_over
    return game
