"""A bot receives its seat's view and nothing else, and that view never
holds a card the seat may not see."""

import ast
import json
import pathlib
import random

import pytest

import schraem.bots as bots_pkg
from schraem.bots import LEVELS
from schraem.cli.match import play_game
from schraem.core.cards import DECK, derive_seed
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

CARD_NAMES = {str(c) for c in DECK}


def card_strings(obj, out):
    if isinstance(obj, str):
        if obj in CARD_NAMES:
            out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            card_strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            card_strings(v, out)
    return out


def visible_to(game: Game, seat: int) -> set[str]:
    """Every card the seat may see now: its own cards once looked, its own
    discards, and whatever lies face up (tricks, turned or uncovered discards)."""
    hand = game.hand
    s = seat - 1
    out = set()
    if hand.looked[s] and hand.cards is not None:
        out |= {str(c) for c in hand.cards[s]}
    for trick, _w in hand.tricks:
        out |= {str(c) for _p, c in trick}
    out |= {str(c) for _p, c in hand.trick}
    out |= {str(c) for c in hand.discarded[s]}
    courts = hand.courts  # four courts: None where the variant is off
    if courts is None:
        return out
    if courts.exchanged[s]:
        out |= {str(c) for c in courts.exchanged[s]}
    for turned in courts.turned:
        out |= {str(c) for _i, c, _p in turned}
    for ch in courts.challenges:
        if ch is not None:
            out |= {str(c) for c in ch[2]}
    return out


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_views_hold_no_hidden_cards(preset):
    rules = Rules.make(preset)
    current = {}
    seen_views = [0]

    def spy(level):
        fn = LEVELS[level]

        def bot(v, rng):
            game = current["game"]
            assert isinstance(v, dict)
            assert json.loads(json.dumps(v)) == v  # plain JSON data, no objects
            cards = card_strings(v, set())
            hidden = cards - visible_to(game, v["seat"])
            assert not hidden, f"seat {v['seat']} was shown {sorted(hidden)}"
            seen_views[0] += 1
            return fn(v, rng)

        return bot

    # play_game builds the Game itself; catch it through the view function.
    import schraem.cli.match as match

    real_view = match.view

    def tracking_view(game, seat):
        current["game"] = game
        return real_view(game, seat)

    match.view = tracking_view
    try:
        n = min(max(4, rules.min_players), rules.max_players)
        for g in range(3):
            play_game(
                ["heuristic", "random", "heuristic", "random", "heuristic"][:n],
                derive_seed(3, g),
                g,
                g % n,
                rules,
                bots={"heuristic": spy("heuristic"), "random": spy("random")},
            )
    finally:
        match.view = real_view
    assert seen_views[0] > 20


def test_strong_decides_from_the_view_alone():
    """Two deals that differ only in cards seat 1 cannot see give seat 1 the
    same view, so the strong bot takes the same action in both."""
    mine = ["10H", "8C", "QS", "JD"]
    rest = [str(c) for c in DECK if str(c) not in mine]
    rng = random.Random(4)
    actions = []
    for trial in range(3):
        rng.shuffle(rest)
        game = Game(["me", "b", "c", "d"], dealer=4)
        game.deal(cards=[mine, rest[0:4], rest[4:8], rest[8:12]])
        game.apply({"seat": 1, "type": "look"})
        actions.append(LEVELS["strong"](view(game, 1), random.Random(9)))
    assert actions[0] == actions[1] == actions[2]


FORBIDDEN = {"game", "hand", "bridge", "view", "simulate", "match", "series", "cli"}


def test_bot_code_imports_no_game_state():
    """The bots package never imports the engine's game objects: a bot can
    only know what its view dict tells it."""
    root = pathlib.Path(bots_pkg.__file__).parent
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                parts = set(mod.split("."))
                if node.level >= 2 or mod.startswith("schraem"):
                    assert not parts & FORBIDDEN, f"{path.name} imports {mod}"
                    for alias in node.names:
                        assert alias.name not in FORBIDDEN, f"{path.name} imports {alias.name} from {mod}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not set(alias.name.split(".")) & FORBIDDEN, f"{path.name} imports {alias.name}"
