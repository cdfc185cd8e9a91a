"""Beyond one game: series at a table, tournaments and Rengen sets."""

from __future__ import annotations

import json
import random

import pytest

from schraem.club.series import RengenSet, Series, hangeln_rules
from schraem.club.tournament import Tournament, split_tables
from schraem.core.errors import InvalidAction, RecordError
from schraem.core.game import Game
from schraem.core.rules import Rules


def play_out(game: Game, rng: random.Random) -> Game:
    """Finish `game` with random legal actions."""
    while not game.game_over:
        hand = game.deal() if game.hand_over else game.hand
        while not hand.over:
            game.apply(rng.choice([a for s in range(hand.n) for a in hand.legal(s)]))
    return game


def test_series_first_dealer_is_seat_four_then_previous_winner():
    rng = random.Random(1)
    series = Series(["A", "B", "C", "D"], "rheinland", seed=11)
    first = series.new_game()
    assert first.first_dealer + 1 == 4
    play_out(first, rng)
    second = series.new_game()
    assert second.first_dealer + 1 == first.winner


def test_series_has_five_games_and_totals_the_scores():
    rng = random.Random(2)
    series = Series(["A", "B", "C", "D"], "rheinland", seed=12)
    while not series.over:
        assert series.winners() is None  # the series is won at its end only
        play_out(series.new_game(), rng)
    assert len(series.games) == 5
    totals = series.totals()
    assert series.winners() == [i + 1 for i, v in enumerate(totals) if v == max(totals)]
    with pytest.raises(InvalidAction):
        series.new_game()
    expected = [sum(g.scores[i] for g in series.games) for i in range(4)]
    assert series.totals() == expected
    # every game has exactly one non-zero score: the winner's marks + 7
    for g in series.games:
        assert sorted(s > 0 for s in g.scores) == [False, False, False, True]
        assert g.scores[g.winner - 1] == g.marks[g.winner - 1] + 7


def test_series_round_trips_and_refuses_a_broken_dealer_chain():
    rng = random.Random(3)
    series = Series(["A", "B", "C", "D"], "rheinland", seed=13)
    for _ in range(2):
        play_out(series.new_game(), rng)
    data = json.loads(json.dumps(series.to_json()))
    again = Series.from_json(data)
    assert again.totals() == series.totals()
    winner = series.games[0].winner
    data["games"][1]["dealer"] = 1 if winner != 1 else 2
    with pytest.raises(RecordError):
        Series.from_json(data)


def test_a_series_record_with_an_unfinished_game_before_another_says_so():
    """Only a finished game has a next dealer: a game that follows an
    unfinished one is refused for that, not for a dealer "None"."""
    series = Series(["A", "B", "C", "D"], "rheinland", seed=14)
    first = series.new_game()
    first.deal()
    data = json.loads(json.dumps(series.to_json()))
    data["games"].append(data["games"][0])
    with pytest.raises(RecordError) as refused:
        Series.from_json(data)
    assert "game 1 is not finished" in refused.value.en and "None" not in refused.value.en


def test_marienheide_style_option_lets_the_first_player_out_deal_next():
    rng = random.Random(4)
    rules = Rules.make("rheinland", {"first_dealer_next_game": "loser"})
    series = Series(["A", "B", "C", "D"], rules, seed=14)
    g = play_out(series.new_game(), rng)
    assert series.new_game().first_dealer + 1 == g.first_eliminated()


@pytest.mark.parametrize("n,sizes", [(4, [4]), (5, [5]), (6, [3, 3]), (8, [4, 4]), (9, [5, 4]), (13, [5, 4, 4])])
def test_tables_are_split_evenly(n, sizes):
    assert split_tables(n) == sizes


def test_tournament_draw_is_seeded_and_differs_between_series():
    names = [f"P{i}" for i in range(8)]
    t1, t2 = Tournament(names, seed=5), Tournament(names, seed=5)
    assert t1.draw(1) == t2.draw(1)
    assert sorted(i for table in t1.draw(1) for i in table) == list(range(8))
    assert any(t1.draw(k) != t1.draw(1) for k in range(2, 6))
    assert Tournament(names, seed=6).draw(1) != t1.draw(1) or Tournament(names, seed=7).draw(1) != t1.draw(1)


@pytest.mark.parametrize("preset,count", [("rheinland", 5), ("rengen", 4)])
def test_tournament_plays_all_series_and_ranks_by_total(preset, count):
    rng = random.Random(6)
    t = Tournament([f"P{i}" for i in range(8)], preset, seed=21)
    assert t.series_count == count
    for _ in range(count):
        assert not t.over
        tables = t.start_series()
        for table in tables:
            assert table.first_dealer == 4
            while not table.over:
                play_out(table.new_game(), rng)
    assert t.over  # every series played: nothing more to bring in
    with pytest.raises(InvalidAction):
        t.start_series()
    rows = t.standings()
    totals = [r["total"] for r in rows]
    assert totals == sorted(totals, reverse=True)
    for a, b in zip(rows, rows[1:]):
        if a["total"] == b["total"]:
            assert a["lot"] < b["lot"]  # ties decided by the recorded lot
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.standings() == rows


def test_tournament_refuses_tables_that_differ_from_the_draw():
    rng = random.Random(7)
    t = Tournament([f"P{i}" for i in range(4)], seed=3)
    for table in t.start_series():
        play_out(table.new_game(), rng)
    data = t.to_json()
    data["seed"] = 4  # a different draw: the recorded tables no longer match
    if Tournament([f"P{i}" for i in range(4)], seed=4).draw(1) != t.draw(1):
        with pytest.raises(RecordError):
            Tournament.from_json(data)


def test_tie_break_lot_decides_equal_totals():
    t = Tournament(["A", "B", "C"], seed=9)
    rows = t.standings()  # nobody has played: all totals are 0
    assert [r["lot"] for r in rows] == sorted(r["lot"] for r in rows)
    assert [r["rank"] for r in rows] == [1, 2, 3]


def finish_set_games(s: RengenSet, rng):
    for _ in range(2):
        play_out(s.new_game(), rng)


def test_rengen_set_losers_play_hangeln_with_eight_cards():
    rng = random.Random(8)
    for seed in range(40):
        s = RengenSet(["A", "B", "C", "D"], seed=seed)
        finish_set_games(s, rng)
        pair = s.hangeln_players()
        losers = s.losers()
        if pair is None:
            assert losers[0] == losers[1] and s.loser == losers[0]
            continue
        assert s.loser is None
        h = s.new_hangeln()
        hand = h.deal()
        assert [len(c) for c in hand.cards] == [8, 8]
        with pytest.raises(Exception):
            h.apply({"seat": 1, "type": "knock"})
        play_out(h, rng)
        assert s.loser == (pair[0] if h.winner == 2 else pair[1])
        assert RengenSet.from_json(json.loads(json.dumps(s.to_json()))).loser == s.loser
        return
    pytest.fail("no seed produced two different losers")


def test_hangeln_with_ten_cards_discards_two_first():
    rules = Rules.make("rengen", {"hangeln_cards": 10, "hangeln_discard": 2})
    h = Game(["A", "B"], hangeln_rules(rules), None, 2)
    hand = h.deal(
        cards=[
            ["10H", "9H", "8H", "7H", "AH", "KH", "QH", "JH", "10S", "9S"],
            ["10C", "9C", "8C", "7C", "AC", "KC", "QC", "JC", "10D", "9D"],
        ]
    )
    with pytest.raises(Exception) as e:
        h.apply({"seat": 1, "type": "play", "card": "10H"})
    assert e.value.code == "discard_first"
    for seat, cards in ((1, ["10S", "9S"]), (2, ["10D", "9D"])):
        for c in cards:
            h.apply({"seat": seat, "type": "discard", "card": c})
    assert [len(c) for c in hand.cards] == [8, 8]
    from schraem.core.view import view

    assert "10S" not in json.dumps(view(h, 2))  # discards lie face down
    h.apply({"seat": 1, "type": "play", "card": "10H"})
    again = Game.from_record(h.to_record())
    assert again.hand.tricks == hand.tricks or again.hand.trick == hand.trick


def test_first_eliminated_prefers_the_deepest_loss():
    # seat 2 (1 mark) and seat 3 (2 marks) both lose 3: seat 2 went further below zero
    g = Game(
        [{"name": "A", "marks": 7}, {"name": "B", "marks": 2}, {"name": "C", "marks": 3}, {"name": "D", "marks": 7}], "rheinland", dealer=4
    )
    g.deal(real=True)
    g.apply({"seat": 1, "type": "knock"})
    for s in (2, 3, 4):
        g.apply({"seat": s, "type": "hold"})
    g.apply({"seat": 4, "type": "knock"})
    for s in (1, 2, 3):
        g.apply({"seat": s, "type": "hold"})
    g.apply({"seat": 1, "type": "win"})
    assert g.marks == [7, 0, 0, 4]
    assert g.first_eliminated() == 2


@pytest.mark.parametrize("preset", ["tuppen", "siwwe_schroehm_newcomer", "siwwe_schroehm", "marienheide", "sebbe_schroehm"])
def test_series_of_every_game_end_kind_chains_its_dealers(preset):
    rng = random.Random(10)
    series = Series(["A", "B", "C", "D"], preset, seed=31, games=3)
    while not series.over:
        play_out(series.new_game(), rng)
    for prev, nxt in zip(series.games, series.games[1:]):
        expected = prev.loser if series.rules.first_dealer_next_game == "loser" and prev.loser else (prev.winner or prev.loser)
        assert nxt.first_dealer + 1 == expected
    assert Series.from_json(json.loads(json.dumps(series.to_json()))).totals() == series.totals()
