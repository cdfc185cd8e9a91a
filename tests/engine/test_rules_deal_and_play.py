"""RULES.md: cards, dealing, play (rules 1-3 and the card order), for both
presets, on fixed explicit deals."""

from __future__ import annotations

import pytest
from engine_support import PRESETS, hand_losses, marks_after, new_game, play, play_out, refused

from schraem.core.cards import DECK, SUITS, Card, shuffled_deck
from schraem.core.errors import InvalidAction
from schraem.core.game import Game
from schraem.core.view import view

ORDER = ["10", "9", "8", "7", "A", "K", "Q", "J"]  # high to low, RULES.md


# --- cards -------------------------------------------------------------------


def test_pack_is_32_distinct_cards_with_text_notation():
    assert len(DECK) == 32 == len(set(DECK))
    texts = {str(c) for c in DECK}
    assert texts == {r + s for r in ORDER for s in "CSHD"}
    for c in DECK:
        assert Card.parse(str(c)) is c
    assert str(Card.parse("10H")) == "10H" and str(Card.parse("qs")) == "QS"


def _trick_winner(preset: str, suit: str, lead: str, follow: str) -> int:
    """2 players, seat 1 leads `lead`, seat 2 must follow with `follow`."""
    others = [s for s in SUITS if s != suit]
    c1 = [lead + suit] + [r + others[0] for r in ("10", "9", "8")]
    c2 = [follow + suit] + [r + others[1] for r in ("10", "9", "8")]
    g = new_game([c1, c2], preset, dealer=2)
    play(g, f"1:play:{lead}{suit}", f"2:play:{follow}{suit}")
    return view(g, None)["tricks"][0]["winner"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("suit", SUITS)
def test_rank_order_ten_high_jack_low(preset, suit):
    for hi, lo in zip(ORDER, ORDER[1:]):
        assert _trick_winner(preset, suit, lo, hi) == 2, f"{hi}{suit} must beat {lo}{suit}"
        assert _trick_winner(preset, suit, hi, lo) == 1, f"{hi}{suit} must beat {lo}{suit}"


@pytest.mark.parametrize("preset", PRESETS)
def test_eight_players_whole_pack_ten_takes_the_trick(preset):
    # Every seat holds one heart; the ten of hearts (seat 6) wins, not the ace.
    hearts = ["JH", "AH", "7H", "QH", "8H", "10H", "KH", "9H"]
    rest = [str(c) for c in DECK if c.suit != "H"]
    cards = [[hearts[i]] + rest[3 * i : 3 * i + 3] for i in range(8)]
    g = new_game(cards, preset, dealer=8)
    for seat in range(1, 9):
        # must follow: the heart is the only legal card (except for the leader)
        if seat > 1:
            plays = [a.to_json()["card"] for a in g.legal_actions(seat) if a.type == "play"]
            assert plays == [hearts[seat - 1]]
        play(g, f"{seat}:play:{hearts[seat - 1]}")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 6
    assert v["turn"] == 6


# --- dealing -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players,dealer", [(4, 4), (4, 2), (2, 1), (5, 5), (8, 3)])
def test_seeded_deal_four_each_singly_from_forehand(preset, players, dealer):
    seed = 987654321
    g = Game([f"P{i}" for i in range(1, players + 1)], preset, dealer=dealer)
    g.deal(seed=seed)
    forehand = dealer % players + 1
    v = view(g, None)
    assert v["dealer"] == dealer and v["forehand"] == forehand and v["turn"] == forehand
    pack = shuffled_deck(seed)
    order = [(forehand - 1 + i) % players for i in range(players)]
    k = 0
    expected = [[] for _ in range(players)]
    for _ in range(4):
        for s in order:
            expected[s].append(pack[k])
            k += 1
    assert [list(h) for h in g.hand.cards] == expected
    # the same seed deals the same cards again, every card once
    g2 = Game([f"P{i}" for i in range(1, players + 1)], preset, dealer=dealer)
    g2.deal(seed=seed)
    assert [list(h) for h in g2.hand.cards] == expected
    flat = [c for h in expected for c in h]
    assert len(flat) == len(set(flat)) == 4 * players


def test_seeded_deal_is_pinned_for_every_implementation():
    """A record with a seed must deal the same cards forever, in CPython, in
    Pyodide and anywhere else (SplitMix64 + Fisher-Yates, singly from forehand)."""
    g = Game(["a", "b", "c", "d"], dealer=4)
    g.deal(seed=12345)
    assert [[str(c) for c in h] for h in g.hand.cards] == [
        ["KD", "7S", "KH", "AC"],
        ["JD", "QS", "QD", "10D"],
        ["10S", "8D", "QC", "KC"],
        ["8S", "7D", "9S", "7H"],
    ]
    g = Game(["a", "b", "c", "d", "e"], dealer=2)
    g.deal(seed=7)
    assert [[str(c) for c in h] for h in g.hand.cards] == [
        ["9S", "QD", "KS", "AH"],
        ["7D", "10H", "KH", "8S"],
        ["10S", "KD", "KC", "JS"],
        ["7H", "QS", "QH", "7C"],
        ["AD", "JD", "9D", "10C"],
    ]


@pytest.mark.parametrize("preset", PRESETS)
def test_seeded_deal_skips_eliminated_seats(preset):
    g = Game([{"name": "A"}, {"name": "B", "marks": 0}, {"name": "C"}, {"name": "D"}], preset, dealer=1)
    g.deal(seed=99)
    assert [len(h) for h in g.hand.cards] == [4, 0, 4, 4]
    v = view(g, None)
    assert v["forehand"] == 3 and v["turn"] == 3  # seat 2, left of the dealer, is out
    flat = [c for h in g.hand.cards for c in h]
    assert len(set(flat)) == 12


@pytest.mark.parametrize("preset", PRESETS)
def test_explicit_deal_must_give_four_to_each_active_seat_and_no_card_twice(preset):
    g = Game(["A", "B"], preset, dealer=2)
    for bad in (
        [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C"]],  # too few
        [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C", "AC"]],  # too many
        [["10H", "9H", "8H", "7H"], ["10H", "9C", "8C", "7C"]],  # 10H twice
        [["10H", "9H", "8H", "7H"]],  # a seat missing
        [["10H", "9H", "8H", "1H"], ["10C", "9C", "8C", "7C"]],  # not a card
    ):
        with pytest.raises(InvalidAction):
            g.deal(cards=bad)
        assert g.hand is None and g.specs == []
    g2 = Game([{"name": "A"}, {"name": "B", "marks": 0}, {"name": "C"}], preset, dealer=3)
    with pytest.raises(InvalidAction):  # an eliminated seat is dealt nothing
        g2.deal(cards=[["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"]])
    g2.deal(cards=[["10H", "9H", "8H", "7H"], [], ["10D", "9D", "8D", "7D"]])


@pytest.mark.parametrize("preset", PRESETS)
def test_forehand_left_of_dealer_leads(preset):
    cards = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]
    g = new_game(cards, preset, dealer=1)
    assert view(g, None)["turn"] == 2 and g.due() == [2]
    refused(g, "1:play:10H", "not_your_turn")
    refused(g, "3:play:10D", "not_your_turn")
    play(g, "2:play:10C")
    assert g.due() == [3]


# --- play --------------------------------------------------------------------

FOLLOW = [["10H", "9C", "8C", "7C"], ["9H", "10C", "8D", "7D"], ["10D", "9D", "10S", "9S"]]


@pytest.mark.parametrize("preset", PRESETS)
def test_follow_suit_if_you_can(preset):
    g = new_game(FOLLOW, preset, dealer=3)
    play(g, "1:play:10H")
    refused(g, "2:play:10C", "must_follow")
    refused(g, "2:play:8D", "must_follow")
    assert [a.to_json()["card"] for a in g.legal_actions(2) if a.type == "play"] == ["9H"]
    play(g, "2:play:9H")
    # seat 3 holds no heart: any card
    assert sorted(a.to_json()["card"] for a in g.legal_actions(3) if a.type == "play") == sorted(FOLLOW[2])
    play(g, "3:play:10S")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 1  # the off-suit ten of spades does not win
    # the leader of a trick may lead any card
    assert sorted(a.to_json()["card"] for a in g.legal_actions(1) if a.type == "play") == ["7C", "8C", "9C"]


@pytest.mark.parametrize("preset", PRESETS)
def test_trick_winner_leads_next(preset):
    cards = [["9H", "9C", "8C", "7C"], ["10H", "10C", "8D", "7D"], ["AH", "9D", "10S", "9S"]]
    g = new_game(cards, preset, dealer=3)
    play(g, "1:play:9H", "2:play:10H", "3:play:AH")
    v = view(g, None)
    assert v["tricks"][0]["winner"] == 2 and v["turn"] == 2 and v["trick"] == []
    refused(g, "1:play:9C", "not_your_turn")
    refused(g, "3:play:9D", "not_your_turn")
    play(g, "2:play:10C", "3:play:9D", "1:play:9C")
    assert view(g, None)["turn"] == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_last_trick_wins_the_hand(preset):
    # Seat 1 takes the first three tricks, seat 2 only the last one - and wins.
    cards = [["10H", "9H", "8H", "JC"], ["7H", "AH", "KH", "10C"], ["QH", "JH", "10D", "9D"]]
    g = new_game(cards, preset, dealer=3)
    play(g, "1:play:10H", "2:play:7H", "3:play:QH")
    play(g, "1:play:9H", "2:play:AH", "3:play:JH")
    play(g, "1:play:8H", "2:play:KH", "3:play:10D")
    assert [t["winner"] for t in view(g, None)["tricks"]] == [1, 1, 1]
    assert not g.hand_over
    res = play(g, "1:play:JC", "2:play:10C", "3:play:9D")
    assert res is not None and res.winner == 1  # 0-based seat 2
    assert res.reason == "last_trick"
    assert hand_losses(g) == [1, 0, 1] and marks_after(g) == [6, 7, 6]
    assert g.marks == [6, 7, 6]
    refused(g, "1:knock", "hand_over")
    # the winner deals the next hand: forehand is seat 3
    g.deal(cards=[["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"]])
    v = view(g, None)
    assert v["dealer"] == 2 and v["forehand"] == 3 and v["turn"] == 3


@pytest.mark.parametrize("preset", PRESETS)
def test_unknocked_hand_costs_every_loser_one(preset):
    cards = [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]]
    g = new_game(cards, preset)
    play_out(g)
    assert g.results[-1].winner == 0
    assert hand_losses(g) == [0, 1, 1, 1] and g.marks == [7, 6, 6, 6]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 8])
def test_every_preset_accepts_two_to_eight_players(preset, n):
    g = Game([f"P{i}" for i in range(1, n + 1)], preset, dealer=1)
    assert g.marks == [7] * n
    g.deal(seed=n)
    assert view(g, None)["value"] == 1
    for bad in (1, 9):
        with pytest.raises(InvalidAction):
            Game([f"P{i}" for i in range(1, bad + 1)], preset)
