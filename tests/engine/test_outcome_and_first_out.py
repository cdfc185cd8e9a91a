"""The game's outcome as data (formats.py), and two rule corrections with
fixed scoresheet hands: a passer's loss is booked at the moment of the pass,
and "first out" is the order in which players reach 0."""

from __future__ import annotations

import inspect
import json

import pytest

from schraem.cli import replay_summary
from schraem.cli.simulate import random_game
from schraem.club.series import RengenSet, Series
from schraem.core import game as game_module
from schraem.core import view as view_module
from schraem.core.formats import FORMATS, Outcome
from schraem.core.game import Game
from schraem.core.rules import GAME_END, Rules
from schraem.core.view import view


def act(game: Game, *actions: dict) -> None:
    for a in actions:
        game.apply(a)


def knock(seat: int) -> dict:
    return {"seat": seat, "type": "knock"}


def hold(seat: int) -> dict:
    return {"seat": seat, "type": "hold"}


def pass_(seat: int) -> dict:
    return {"seat": seat, "type": "pass"}


def win(seat: int) -> dict:
    return {"seat": seat, "type": "win"}


def sheet(marks, preset: str = "rheinland", dealer: int | None = None) -> Game:
    players = [{"name": n, "marks": m} for n, m in zip("ABCDEFGH", marks)]
    g = Game(players, preset, dealer=dealer or len(marks))
    g.deal(real=True)
    return g


# --- correction 1: a passer pays at once ------------------------------------


def test_a_passers_loss_shows_at_once_in_marks_view_and_sheet():
    g = sheet([7, 7, 7, 7])
    act(g, knock(1), pass_(2))
    assert g.marks == [7, 6, 7, 7]  # the old value 1, booked at the pass
    for seat in (None, 1, 2):
        players = view(g, seat)["players"]
        assert [p["marks"] for p in players] == [7, 6, 7, 7]
        assert players[1]["passed"] and not players[1]["out"]
    act(g, hold(3), hold(4), win(3))
    assert g.marks == [5, 6, 7, 5]  # the passer is not charged twice
    assert g.results[-1].losses == (2, 1, 0, 2)


def test_a_record_that_stops_after_a_pass_replays_with_the_loss():
    g = sheet([7, 7, 7, 7])
    act(g, knock(1), hold(2), hold(3), hold(4), knock(2), pass_(3))
    again = Game.from_record(json.loads(json.dumps(g.to_record())))
    assert again.marks == [7, 7, 5, 7]
    summary = replay_summary(again)
    assert summary["marks"] == [7, 7, 5, 7] and summary["hand_in_progress"]


def test_a_void_hand_gives_a_booked_loss_back():
    g = sheet([7, 2, 7, 7])
    act(g, knock(1), hold(2), hold(3), hold(4), knock(3), hold(4), hold(1), pass_(2))
    assert g.marks[1] == 0 and g.outcome.out_order == (2,)
    act(g, {"seat": 4, "type": "penalty", "kind": "misdeal"})
    assert g.marks == [7, 2, 7, 7] and g.outcome.out_order == ()


def test_knollen_from_a_pass_show_at_once():
    g = Game([{"name": n, "marks": m} for n, m in zip("ABC", [3, 0, 3])], "sebbe_schroehm", dealer=3)
    g.deal(real=True)
    # Seat 1 leads and raises to 3 (the hammer start value is 2 here: B sits at 0).
    assert g.hand.value == 2
    act(g, knock(1), pass_(2))
    assert g.knollen == [0, 1, 0]  # a fold costs 1: at 0 marks that is a Knolle
    assert view(g, None)["players"][1]["knollen"] == 1


# --- correction 2: first out -------------------------------------------------


def _passer_out_before_a_deeper_loss() -> Game:
    """B (2 marks) passes a knock from 2 to 3 and is at 0 at once; C (2
    marks) holds and loses 3 at the end, going further below zero."""
    g = sheet([7, 2, 2, 7])
    act(g, knock(1), hold(2), hold(3), hold(4))
    act(g, knock(4), hold(1), pass_(2), hold(3))
    act(g, win(1))
    return g


def test_a_passer_at_zero_is_out_before_those_reaching_zero_at_the_end():
    g = _passer_out_before_a_deeper_loss()
    assert g.marks == [7, 0, 0, 4]
    assert g.first_eliminated() == 2
    assert g.outcome.out_order == (2, 3)


def test_reaching_zero_together_at_the_end_orders_by_the_larger_loss_then_clockwise():
    g = sheet([7, 1, 1, 2], dealer=2)  # forehand is seat 3
    assert g.hand.value == 2  # the hammer's automatic knock (seat 3)
    act(g, hold(4), hold(1), hold(2), knock(4), hold(1), hold(2), hold(3), win(1))
    # Seat 4 lost 3 with 2 marks; seats 2 and 3 lost 3 with 1: they went
    # further below zero, and of them seat 3 comes first clockwise from forehand.
    assert g.marks == [7, 0, 0, 0]
    assert g.outcome.out_order == (3, 2, 4)


def test_first_out_decides_the_rengen_set_loser():
    s = RengenSet(["A", "B", "C", "D"], "rengen", dealer=4)
    g = s.new_game()
    g.deal(real=True)
    # Rengen: a free pass costs the current value.
    act(g, knock(1), hold(2), hold(3), hold(4))
    for _ in range(2):
        act(g, knock(4), hold(1), hold(2), hold(3), knock(1), hold(2), hold(3), hold(4))
    act(g, knock(4), hold(1), hold(2), hold(3))
    # Value 7: D drops out freely (losing 7), then B and C are beaten at 7;
    # without the pass rule B would come first, clockwise from forehand.
    act(g, pass_(4), win(1))
    assert g.outcome.out_order == (4, 2, 3)
    assert s.losers() == [4]


def test_first_out_decides_marienheides_next_dealer():
    series = Series(["A", "B", "C"], "marienheide", first_dealer=3, games=2)
    g = series.new_game()
    g.deal(real=True)
    act(g, knock(1), hold(2), hold(3), knock(2), hold(3), hold(1), knock(3), hold(1), hold(2))
    act(g, knock(1), hold(2), hold(3), knock(2), pass_(3), hold(1))
    assert g.marks[2] == 0  # C passed the knock from 5 to 6 with 5 marks: out at once
    act(g, win(1))
    assert g.game_over and g.winner == 1 and g.marks == [5, 0, 0]
    # B lost 6 with 5 marks (deeper), but C was out first and deals next.
    assert g.outcome.out_order == (3, 2) and g.loser == 3
    assert series.new_game().first_dealer + 1 == 3


# --- the outcome as data -------------------------------------------------------


def test_every_game_end_format_is_a_class():
    assert set(FORMATS) == set(GAME_END)
    for name in Rules.preset_names():
        g = Game(["A", "B", "C", "D"], name, seed=1)
        assert isinstance(g.end, FORMATS[Rules.make(name).game_end])


def test_game_and_view_never_ask_which_format_is_in_force():
    for module in (game_module, view_module):
        source = inspect.getsource(module)
        assert "game_end ==" not in source and "game_end in" not in source
        assert "game_end !=" not in source


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_outcome_of_random_games_is_consistent(preset):
    for seed in range(6):
        g = random_game(seed, preset, players=4)
        o = g.outcome
        assert isinstance(o, Outcome) and o.over == g.game_over
        assert sorted(o.order) == [1, 2, 3, 4]
        assert len(o.scores) == 4
        if o.winner is not None:
            assert o.order[0] == o.winner
        if o.loser is not None:
            assert o.order[-1] == o.loser
        assert view(g, 1)["outcome"] == o.to_json()
        assert json.loads(json.dumps(o.to_json())) == o.to_json()


def test_last_standing_outcome():
    g = _passer_out_before_a_deeper_loss()
    while not g.game_over:  # A wins every hand; D's hammer knocks are held
        if g.hand_over:
            g.deal(real=True)
        elif g.due():
            act(g, hold(g.due()[0]))
        else:
            act(g, win(1))
    o = g.outcome
    assert o.winner == 1 and o.loser == 2 and o.scores[0] == g.marks[0] + 7
    assert o.order == (1, 4, 3, 2)  # the last one out is second


def test_view_carries_the_sheet_facts_the_shell_used_to_compute():
    g = sheet([7, 7, 7, 7], "siwwe_stroeoem")
    act(g, knock(1), pass_(2))
    v = view(g, 1)
    assert v["tally"] == "points"
    assert [p["tally"] for p in v["players"]] == [0, 1, 0, 0]  # counted up
    k = Game([{"name": n, "marks": m} for n, m in zip("ABC", [3, 0, 3])], "sebbe_schroehm", dealer=3)
    k.deal(real=True)
    kv = view(k, None)
    assert kv["tally"] == "marks" and not kv["players"][1]["out"]  # at 0 but still in: Knolle
    n = Game(["A", "B", "C"], "siwwe_schroehm_newcomer", seed=3)
    n.deal()
    assert view(n, 1)["tally"] is None and view(n, 1)["players"][0]["tally"] is None
