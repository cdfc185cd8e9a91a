"""The kitty (stakes.py): each stake kind from finished games of the presets
that use it, cross-checked against what the game formats score on their own;
refused combinations naming the rule; a settlement that balances with at
most n−1 transfers; stakes carried by the game record."""

from __future__ import annotations

import pytest
from engine_support import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from schraem.cli.simulate import random_game
from schraem.core.errors import InvalidAction, RecordError
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.stakes import AMOUNTS, MAX_CENTS, GameMoney, Payment, Stakes, evening, game_money, settle

PRESETS = Rules.preset_names()


def finished(preset: str, seed: int, players: int = 4) -> Game:
    game = random_game(seed, preset, players)
    assert game.game_over
    return game


def balances_to_zero(money: GameMoney) -> None:
    assert sum(money.net()) + money.pot == 0
    assert all(isinstance(p.cents, int) and p.cents > 0 for p in money.payments)


@pytest.mark.parametrize("seed", range(6))
def test_sebbe_knollen_are_paid_to_the_winner_as_the_game_scores_them(seed):
    game = finished("sebbe_schroehm", 100 + seed)
    money = game_money(Stakes.make({"per_knolle": 50}, game.rules), game)
    # The Knolle format scores the winner the pot of Knollen and everyone
    # else minus their own: the money is that, at 50 cents a Knolle.
    assert money.net() == [50 * s for s in game.outcome.scores]
    assert money.pot == 0
    assert all(p.payee == game.winner and p.kind == "knolle" for p in money.payments)
    balances_to_zero(money)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_newcomers_pay_each_lost_half_and_play_off_into_the_pot(players):
    for seed in range(4):
        game = finished("siwwe_schroehm_newcomer", 200 + seed, players)
        money = game_money(Stakes.make({"per_lost_half": 100, "loser_round": True}, game.rules), game)
        phase, loser = game.outcome.phase, game.outcome.loser
        half_losers = phase["half_losers"]
        playoff = len(half_losers) == 2 and half_losers[0] != half_losers[1]
        expected = [0] * players
        for s in half_losers:
            expected[s - 1] -= 100
        if playoff:
            expected[loser - 1] -= 100
        assert money.net() == expected
        assert money.pot == -sum(expected) == 100 * (3 if playoff else 2)
        assert all(p.payee is None for p in money.payments)
        assert money.rounds == (loser,)
        balances_to_zero(money)


@pytest.mark.parametrize("seed", range(6))
def test_tuppen_the_loser_of_the_long_one_buys_the_round_and_pays_the_pot(seed):
    game = finished("tuppen", 300 + seed)
    money = game_money(Stakes.make({"per_lost_game": 200, "loser_round": True}, game.rules), game)
    loser = game.outcome.loser
    assert loser is not None and money.rounds == (loser,)
    assert money.payments == (Payment(loser, None, 200, "lost_game"),)
    balances_to_zero(money)


@pytest.mark.parametrize("seed", range(6))
def test_rhineland_for_money_every_mark_lost_is_paid_to_the_winner(seed):
    game = finished("rheinland", 400 + seed)
    stakes = Stakes.make({"per_mark": 10, "buy_in": 100, "per_lost_game": 50, "losses_to": "winner"}, game.rules)
    money = game_money(stakes, game)
    winner, loser = game.outcome.winner, game.outcome.loser
    start = game.rules.start_marks
    # Everyone but the winner ends at 0: each paid all 7 marks and the buy-in,
    # and the first out paid for the lost game on top.
    expected = [-(10 * start + 100) - (50 if s == loser else 0) for s in range(1, 5)]
    expected[winner - 1] = -sum(e for i, e in enumerate(expected) if i != winner - 1)
    assert money.net() == expected
    assert money.pot == 0
    balances_to_zero(money)


def test_a_running_game_costs_nothing_yet():
    game = Game(["A", "B", "C", "D"], "rheinland", seed=1, stakes={"per_mark": 10})
    game.deal()
    assert game.money is None


@pytest.mark.parametrize(
    "preset,stakes,field",
    [
        ("rheinland", {"per_knolle": 10}, "pro Knolle"),
        ("rheinland", {"per_lost_half": 10}, "pro verlorener Hälfte"),
        ("siwwe_schroehm_newcomer", {"per_mark": 10}, "pro Schräm"),
        ("siwwe_schroehm", {"buy_in": 100}, "Einsatz"),
        ("tuppen", {"per_lost_game": 10, "losses_to": "winner"}, "wohin Verluste gehen"),
        ("sebbe_schroehm", {"per_lost_game": 10}, "pro verlorenem Spiel"),
        ("sebbe_schroehm", {"loser_round": True}, "Runde des Verlierers"),
        ("rheinland", {"per_mark": -1}, "pro Schräm"),
        ("rheinland", {"per_mark": 1.5}, "pro Schräm"),
        ("rheinland", {"per_mark": True}, "pro Schräm"),
        ("rheinland", {"buy_in": MAX_CENTS + 1}, "Einsatz"),
        ("rheinland", {"loser_round": "yes"}, "Runde des Verlierers"),
        ("rheinland", {"losses_to": "bar"}, "wohin Verluste gehen"),
        ("rheinland", {"tip": 5}, "tip"),
        ("rheinland", [1, 2], "Einsätze"),
    ],
)
def test_refused_stakes_name_the_stake_and_the_reason(preset, stakes, field):
    with pytest.raises(InvalidAction) as e:
        Game(["A", "B", "C", "D"], preset, stakes=stakes)
    assert e.value.code == "bad_stakes"
    assert field in e.value.de and e.value.en.startswith("Stake ")


_amount = st.one_of(st.integers(-5, MAX_CENTS + 5), st.just(0), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3))
_stakes = st.fixed_dictionaries(
    {},
    optional={
        **{k: _amount for k in AMOUNTS},
        "loser_round": st.one_of(st.booleans(), st.integers(0, 1)),
        "losses_to": st.sampled_from(["pot", "winner", "bar", ""]),
    },
)


@settings(max_examples=scaled(120), deadline=None)
@given(preset=st.sampled_from(PRESETS), stakes=_stakes, seed=st.integers(0, 10_000))
def test_every_accepted_stake_pays_out_and_every_refused_one_names_its_stake(preset, stakes, seed):
    rules = Rules.make(preset)
    try:
        accepted = Stakes.make(stakes, rules)
    except InvalidAction as e:
        assert e.code == "bad_stakes" and e.de.startswith("Einsatz ")
        return
    game = random_game(seed, preset, max(rules.min_players, min(4, rules.max_players)))
    money = game_money(accepted, game)
    balances_to_zero(money)
    record = game.to_record() | ({"stakes": accepted.to_json()} if accepted.played_for else {})
    assert Game.from_record(record).money == money


@settings(max_examples=scaled(300), deadline=None)
@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=12), st.integers(0, 3000))
def test_the_settlement_balances_everyone_with_at_most_n_minus_1_transfers(amounts, pot):
    names = [f"P{i}" for i in range(len(amounts))]
    # Make the books add up: the last person covers the rest.
    amounts[-1] -= sum(amounts) + pot
    balances = dict(zip(names, amounts))
    transfers = settle(balances, pot)
    parties = sum(1 for v in amounts if v) + (1 if pot else 0)
    assert len(transfers) <= max(0, parties - 1)
    left = dict(balances)
    into_pot = 0
    for t in transfers:
        assert t.cents > 0 and isinstance(t.cents, int) and t.payer != t.payee
        left[t.payer] += t.cents
        if t.payee is None:
            into_pot += t.cents
        else:
            left[t.payee] -= t.cents
    assert all(v == 0 for v in left.values()) and into_pot == pot


def test_books_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError, match="do not add up"):
        settle({"Anne": 10, "Hans": -5})


def test_an_evening_adds_up_games_at_different_seats_and_lists_the_rounds():
    rules = Rules.make("tuppen")
    stakes = Stakes.make({"per_lost_game": 200, "per_mark": 10, "loser_round": True}, rules)
    games = []
    for seed, names in ((1, ["Anne", "Hans", "Gerda", "Jupp"]), (2, ["Jupp", "Anne", "Hans", "Gerda"])):
        game = random_game(500 + seed, "tuppen", 4)
        games.append((names, game_money(stakes, game)))
    books = evening(games)
    assert sum(books["balances"].values()) + books["pot"] == 0
    assert sum(books["rounds"].values()) == 2
    paid = {}
    for t in books["transfers"]:
        paid[t["payer"]] = paid.get(t["payer"], 0) + t["cents"]
    assert paid == {name: -v for name, v in books["balances"].items() if v < 0}


def test_the_record_carries_the_stakes_and_refuses_damaged_ones():
    game = Game(["A", "B", "C"], "rheinland", seed=3, stakes={"per_mark": 20, "loser_round": True})
    record = game.to_record()
    assert record["stakes"] == {"per_mark": 20, "loser_round": True}
    assert Game.from_record(record).stakes == game.stakes
    assert "stakes" not in Game(["A", "B"], "rheinland").to_record()
    with pytest.raises(RecordError) as e:
        Game.from_record(record | {"stakes": {"per_mark": "viel"}})
    assert "pro Schräm" in e.value.de and "per mark" in e.value.en
