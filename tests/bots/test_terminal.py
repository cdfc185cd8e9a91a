"""`python -m schraem play`: a game in the terminal, driven here with
scripted input to its end for every preset (bots at the other seats),
through a fresh deal in Wipperfürth, and through the command line."""

import io
import random
import re
from argparse import Namespace

import pytest

from schraem.cli import main
from schraem.cli.terminal import cmd_play
from schraem.core.rules import Rules

MENU = re.compile(r"^  (\d+)\) (\w+)", re.M)
# Formats that find only the game's loser (first out, the Dedenbach
# newcomers' halves, Tuppen's long one); the others name a winner.
LOSER_ONLY = {"siwwe_schroehm", "siwwe_schroehm_newcomer", "tuppen"}


class Script(io.StringIO):
    """A player at the keyboard: reads the menu just printed to `out` and
    answers with the first action type it prefers, else a random number
    (now and then one that is not on the menu, which is asked again)."""

    def __init__(self, out: io.StringIO, prefer=(), seed: int = 0):
        super().__init__()
        self.out, self.prefer, self.rng = out, prefer, random.Random(seed)

    def readline(self):
        text = self.out.getvalue()
        menu = MENU.findall(text[text.rfind(" — value ") :])
        types = [t for _i, t in menu]
        for want in self.prefer:
            if want in types:
                return want + "\n"
        return str(self.rng.randint(1, len(menu) + 1)) + "\n"


def seats_for(preset: str, rng) -> list[str]:
    rules = Rules.make(preset)
    n = rng.randint(rules.min_players, min(rules.max_players, 5))
    return ["human"] + [rng.choice(["heuristic", "random"]) for _ in range(n - 1)]


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_play_runs_to_the_end_of_the_game(preset):
    rng = random.Random(preset)
    for seed in range(3):
        out = io.StringIO()
        assert (
            cmd_play(Namespace(seats=seats_for(preset, rng), seed=seed, rules=preset, options={}), inp=Script(out, seed=seed), out=out) == 0
        )
        text = out.getvalue()
        last = text.rstrip().splitlines()
        end = next(line for line in reversed(last) if line.startswith("Game over"))
        if preset in LOSER_ONLY:
            assert end.endswith("loses the game."), end
        else:
            assert end.endswith("wins."), end
        assert "not one of the choices" in text  # the script also typed nonsense
        assert "Hand won by" in text


def test_play_through_a_fresh_deal_in_wipperfuerth():
    """Everyone on the hammer: the player asks for a fresh deal; once the
    bot agrees, the hand does not count and the player deals again."""
    agreed = 0
    for seed in range(1, 20):
        out = io.StringIO()
        args = Namespace(seats=["human", "heuristic"], seed=seed, rules="wipperfuerth", options={"start_marks": 1})
        assert cmd_play(args, inp=Script(out, prefer=("redeal", "agree"), seed=seed), out=out) == 0
        text = out.getvalue()
        assert "Game over" in text
        if "Everyone agreed to a fresh deal: the hand does not count, You (1) deals again." in text:
            agreed += 1
            after = text[text.index("Everyone agreed") :]
            assert after.splitlines()[2].startswith("=== Hand") and "dealer You (1)" in after.splitlines()[2]
    assert agreed >= 3


def test_quit_and_end_of_input():
    args = Namespace(seats=["human", "heuristic"], seed=3, rules="rheinland", options={})
    for typed in ("q\n", ""):
        out = io.StringIO()
        assert cmd_play(args, inp=io.StringIO(typed), out=out) == 0
        assert out.getvalue().rstrip().endswith("Bye.")


def test_command_line_wires_play(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("look\nq\n"))
    assert main(["play", "--seats", "human,heuristic", "--rules", "tuppen", "--options", '{"start_marks": 3}']) == 0
    out = capsys.readouterr().out
    assert "Marks: You (1) 3, Heuristic (2) 3" in out and "You (1): look" in out and out.rstrip().endswith("Bye.")
    assert main(["play", "--seats", "human,nobody"]) == 2
    assert main(["play", "--options", '{"start_marks": 0}']) == 1
    with pytest.raises(SystemExit):
        main(["play", "--options", "[1]"])
