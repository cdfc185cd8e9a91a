"""Dedenbach Siwwe Schröhm for newcomers: 8 cards (6 with five players), no
knocking, no points; the last-trick winner drops out and deals; the last
two's loser loses the half; two halves and a play-off of the half losers."""

from __future__ import annotations

import pytest
from variant_support import dealt, finish, new_game, refused, replay_equal

from schraem.cli.simulate import random_game
from schraem.core.errors import InvalidAction
from schraem.core.rules import Rules
from schraem.core.view import view

HEARTS, SPADES = ["10H", "9H", "8H", "7H", "AH", "KH", "QH", "JH"], ["10S", "9S", "8S", "7S", "AS", "KS", "QS", "JS"]


def test_preset_options():
    r = Rules.make("siwwe_schroehm_newcomer")
    assert (r.min_players, r.max_players, r.cards_per_hand) == (2, 5, 8)
    assert r.cards_fit_pack and not r.knocking and not r.hammer and r.game_end == "halves"
    assert [r.hand_cards(k) for k in (2, 3, 4, 5)] == [8, 8, 8, 6]
    with pytest.raises(InvalidAction):
        new_game("siwwe_schroehm_newcomer", 6)


def test_no_knocking_and_no_points():
    g = dealt("siwwe_schroehm_newcomer", [HEARTS, SPADES], dealer=2)
    refused(g, "1:knock", "no_knocking")
    refused(g, "2:pass", "pass_needs_knock")
    finish(g)
    assert g.results[-1].losses == (0, 0) and g.marks == [7, 7]


def test_one_player_losing_both_halves_is_the_loser_without_a_play_off():
    g = dealt("siwwe_schroehm_newcomer", [HEARTS, SPADES], dealer=2)
    finish(g)  # seat 1 leads hearts and takes every trick
    assert g.end.half == 2 and g.end.half_losers == [1] and g.end.group == [0, 1]
    assert view(g, None)["phase"] == {"group": [1, 2], "half": 2, "half_losers": [2], "final": False}
    hand = g.deal(cards=[["10S", "9S", "8S", "7S", "10H", "9H", "8H", "7H"], ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"]])
    assert hand.forehand == 1  # the winner (seat 1) deals
    finish(g)  # seat 2 leads, seat 1 keeps winning
    assert g.game_over and g.loser == 2 and g.winner is None and len(g.results) == 2
    assert g.scores == [0, -1]
    replay_equal(g)


def _check_game(game):
    """Replay a finished game hand by hand and check the halves."""
    rec = game.to_record()
    g = new_game("siwwe_schroehm_newcomer", game.n, dealer=rec["dealer"])
    half, group = 1, list(range(game.n))
    half_losers = []
    for spec in rec["hands"]:
        assert g.end.half == half and g.end.group == group
        hand = g.deal(seed=spec["seed"])
        kind = "playoff" if half == 3 else "half"
        assert hand.setup.kind == kind and not hand.knocking
        want = 8 if half == 3 else (6 if len(group) == 5 else 8)
        assert [len(c) for c in hand.cards] == [want if s in group else 0 for s in range(g.n)]
        assert hand.forehand in group
        for a in spec["actions"]:
            g.apply(a)
        res = g.results[-1]
        assert res.losses == (0,) * g.n and g.marks == [7] * g.n
        assert g.dealer == res.winner  # the winner deals the next hand
        if len(group) > 2:
            group.remove(res.winner)
            continue
        loser = next(s for s in group if s != res.winner)
        if half == 3:
            assert g.game_over and g.loser == loser + 1
            break
        half_losers.append(loser)
        if half == 1:
            half, group = 2, list(range(g.n))
        elif half_losers[0] == half_losers[1]:
            assert g.game_over and g.loser == loser + 1
            break
        else:
            half, group = 3, sorted(half_losers)
    assert g.game_over and g.to_record()["hands"] == rec["hands"]
    return half_losers


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_halves_and_play_off_in_random_games(players):
    seen = set()
    for seed in range(60):
        game = random_game(seed, "siwwe_schroehm_newcomer", players)
        losers = _check_game(game)
        seen.add(losers[0] == losers[1])
        replay_equal(game)
        if seen == {True, False} and seed >= 5:
            break
    assert seen == {True, False}  # both endings occur


def test_five_players_get_six_cards_then_eight():
    g = new_game("siwwe_schroehm_newcomer", 5, seed=1)
    hand = g.deal()
    assert [len(c) for c in hand.cards] == [6] * 5
    finish(g)
    hand = g.deal()
    assert sorted(len(c) for c in hand.cards) == [0, 8, 8, 8, 8]
