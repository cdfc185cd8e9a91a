"""One contract for every preset (Rules.preset_names()), checked over seeded
random games, dealt and on the scoresheet, at every state of them:

- no view shows a seat a card it may not see;
- every listed legal action applies, every other well-formed action is
  refused, and a refusal changes nothing;
- replaying the record reproduces the game;
- undo gives the game as it was before the last action, and redoing that
  action gives the game again.

A preset added to rules.py is covered without touching this file; the last
test fails if the presets checked here and the registered ones ever differ.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from engine_support import card_tokens, scaled

from schraem.cli.simulate import random_game
from schraem.core.actions import Action
from schraem.core.cards import DECK
from schraem.core.errors import SchraemError
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

PRESETS = Rules.preset_names()
GAMES = scaled(8, 2)  # per preset and kind of game (with the property tests, thousands of states each run)
UNIVERSE_CHECKS = 6  # states per game checked against every possible action


def table_sizes(preset: str) -> list[int]:
    r = Rules.make(preset)
    return list(range(r.min_players, r.max_players + 1))


def hidden_from(game: Game, seat: int | None) -> set[str]:
    """Cards `seat` may not see now: other seats' cards in hand, its own
    before looking, the stock, and face-down discards and exchanges that
    are not its own and not turned up."""
    hand = game.hand
    if hand is None or hand.cards is None:
        return set()
    me = None if seat is None else seat - 1
    out = {str(c) for c in hand.stock or []}
    for s in range(hand.n):
        if s != me or not hand.looked[s]:
            out.update(str(c) for c in hand.cards[s])
        if s != me:
            out.update(str(c) for c in hand.discarded[s])
    courts = hand.courts  # four courts: None where the variant is off
    if courts is not None:
        shown = {str(c) for t in courts.turned for _, c, _ in t}
        shown |= {str(c) for ch in courts.challenges if ch is not None for c in ch[2]}
        for s, cards in enumerate(courts.exchanged):
            if cards and s != me:
                out.update(str(c) for c in cards if str(c) not in shown)
    # A card on the table is public whatever happened to it before.
    out -= {str(c) for _, c in hand.trick}
    out -= {str(c) for t, _ in hand.tricks for _, c in t}
    return out


def universe(n: int) -> list[Action]:
    """Every well-formed action worth trying at a table of `n`."""
    out = []
    for seat in range(1, n + 1):
        out += [Action(seat, t) for t in ("look", "knock", "hold", "pass", "win", "exchange", "redeal", "agree", "refuse")]
        out.append(Action(seat, "knock", blind=True))
        out += [Action(seat, "penalty", kind=k) for k in ("renege", "lead_out_of_turn", "misdeal")]
        out += [Action(seat, t, c) for c in DECK for t in ("play", "discard")]
        for target in range(1, n + 1):
            out.append(Action(seat, "challenge", target=target))
            out += [Action(seat, "turn", target=target, index=i) for i in range(1, 5)]
    return out


@functools.cache
def universe_json(n: int) -> tuple[tuple[Action, dict], ...]:
    """`universe(n)` with each action's JSON, as the bridge hands it to the
    game: built once per table size, not at every state checked (apply
    reads the JSON and never changes it)."""
    return tuple((a, a.to_json()) for a in universe(n))


def viewers(game: Game) -> list[int | None]:
    return [None, *range(1, game.n + 1)]


def fingerprint(game: Game) -> list:
    """The record and every seat's view (the public one first). Compared as
    data, which is as strict as their JSON and stricter (a tuple is no list)."""
    return [game.to_record(), [view(game, s) for s in viewers(game)]]


def check_views(game: Game, views: list[dict] | None = None) -> None:
    """No view shows a card its seat may not see; `views`: fingerprint's,
    already built for this state."""
    if views is None:
        views = [view(game, s) for s in viewers(game)]
    for seat, v in zip(viewers(game), views):
        leaked = card_tokens(v) & hidden_from(game, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"


def check_actions(game: Game, before: list | None = None) -> None:
    """`before`: the game's fingerprint, where the walk has it already."""
    record = game.to_record()
    if before is None:
        before = fingerprint(game)
    legal = {a for s in range(1, game.n + 1) for a in game.legal_actions(s)}
    for a in legal:
        copy = Game.from_record(record)
        copy.apply(a.to_json())
    for a, text in universe_json(game.n):
        if a in legal:
            continue
        # A plain try: pytest.raises costs more than the refusal itself,
        # hundreds of times per state.
        try:
            game.apply(text)
        except SchraemError:
            continue
        raise AssertionError(f"{a} is not listed as legal but was accepted")
    assert fingerprint(game) == before, "a refused action changed the game"


def check_flags(game: Game, replayed: Game) -> None:
    """The flags kept for speed agree with what they stand for; `replayed`
    is the same game built again from its record."""
    hand = game.hand
    assert hand.over == (hand.winner is not None or hand.void)
    if game.rules.game_end == "last_standing":
        assert game.game_over == (sum(1 for m in game.hand_marks if m > 0) <= 1)
    assert game.game_over == replayed.game_over
    assert game.all_legal_actions() == [a for s in range(1, game.n + 1) for a in game.legal_actions(s)]


def check_undo(game: Game, last: Action, before: list, seen: list) -> Game:
    """Undo gives the game as it was before its last action, in its record
    and in every view (`before`: that state's fingerprint, made when the
    walk was there; `seen`: the game's own). Returns the game with the
    action redone, for the other checks.

    The redone game is compared by its record only: undo is a replay of
    the record less the last action (Game.from_record), whose state is the
    walk's own game one action back, built from the same record by the
    same calls (and checked equal to it in every view here); `apply` on
    equal states is deterministic, which the walk checks against the
    original game and against a replay from JSON at the end. So redoing
    on an equal state gives the same game: its views again would only
    repeat `seen`."""
    undone = game.undo(1)
    assert fingerprint(undone) == before, f"undo of {last} did not give the game before it"
    undone.apply(last.to_json())
    assert undone.to_record() == seen[0], f"{last} done again after its undo gave another record"
    return undone


def check_replay(game: Game) -> None:
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert fingerprint(again) == fingerprint(game)
    assert again.outcome == game.outcome


def walk(game: Game) -> None:
    """Replay a finished game action by action, checking the contract at
    every state (the full action universe at a few spread states)."""
    record = game.to_record()
    g = Game(record["players"], record["rules"], record.get("options") or {}, dealer=record["dealer"], seed=record.get("seed"))
    total = sum(len(h["actions"]) for h in record["hands"])
    stride = max(1, total // UNIVERSE_CHECKS)
    step = 0
    for spec in record["hands"]:
        if spec.get("deal", ()) is None:
            g.deal(real=True)
        else:
            g.deal(seed=spec["seed"])
        before = fingerprint(g)
        check_views(g, before[1])
        for a in spec["actions"]:
            if step % stride == 0:
                check_actions(g, before)
            g.apply(a)
            # One set of views per state serves every check (building
            # them is most of the checks' cost).
            seen = fingerprint(g)
            redone = check_undo(g, Action.from_json(a), before, seen)
            check_flags(g, redone)
            check_views(g, seen[1])
            before = seen
            step += 1
    check_replay(g)
    assert g.game_over and fingerprint(g) == fingerprint(game)
    check_actions(g)  # over: nothing is legal, everything is refused


def random_sheet_game(seed: int, preset: str, players: int) -> Game:
    """A game entered on the scoresheet (real cards) with random entries."""
    rng = random.Random(seed)
    g = Game([f"P{i}" for i in range(1, players + 1)], preset, dealer=rng.randrange(players) + 1)
    for _ in range(500):
        if g.game_over:
            break
        if g.hand_over:
            g.deal(real=True)
        legal = [a for s in range(1, players + 1) for a in g.legal_actions(s)]
        # Misdeals keep a sheet going forever: only now and then.
        if rng.random() < 0.9:
            legal = [a for a in legal if a.kind != "misdeal"] or legal
        g.apply(rng.choice(legal).to_json())
    assert g.game_over
    return g


@pytest.mark.parametrize("preset", PRESETS)
def test_contract_on_dealt_games(preset):
    sizes = table_sizes(preset)
    for k in range(GAMES):
        game = random_game(1000 + k, preset, players=sizes[k % len(sizes)])
        walk(game)


@pytest.mark.parametrize("preset", PRESETS)
def test_contract_on_scoresheet_games(preset):
    sizes = table_sizes(preset)
    for k in range(GAMES):
        walk(random_sheet_game(2000 + k, preset, sizes[-1 - k % len(sizes)]))


@pytest.mark.parametrize("test", [test_contract_on_dealt_games, test_contract_on_scoresheet_games])
def test_every_registered_preset_is_covered(test):
    """The contract runs over exactly the registered presets: not a subset."""
    marks = [m for m in test.pytestmark if m.name == "parametrize" and m.args[0] == "preset"]
    covered = list(marks[0].args[1])
    assert sorted(covered) == sorted(Rules.preset_names())
    assert len(covered) == 9


def test_a_discard_on_a_scoresheet_hand_is_refused_not_a_crash():
    g = Game(["A", "B"], "rheinland", {"max_players": 2, "cards_per_hand": 10, "discard": 2}, dealer=2)
    g.deal(real=True)
    with pytest.raises(SchraemError) as e:
        g.apply({"seat": 1, "type": "discard", "card": "10H"})
    assert e.value.code == "not_real_cards"
