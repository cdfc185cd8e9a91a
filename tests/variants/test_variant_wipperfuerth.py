"""Wipperfürth (Schrööm): knock up to marks + 1, the announced hammer, four
courts with turning the discards, and pretty ones."""

from __future__ import annotations

from variant_support import SUITED4, act, answer_all, assert_no_leak, dealt, finish, new_game, refused, replay_equal

from schraem.core.cards import DECK
from schraem.core.deal import deal_pack
from schraem.core.rules import Rules
from schraem.core.view import view

COURTS2 = [["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "JD"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]
STOCK = ["10C", "9C", "8C", "7C", "AC", "KC"]


def test_preset_options():
    r = Rules.make("wipperfuerth")
    assert (r.min_players, r.max_players, r.start_marks, r.cards_per_hand) == (2, 8, 7, 4)
    assert r.knock_limit == "marks_plus_one" and r.hammer and r.hammer_announced
    assert r.four_courts == "turn" and r.pretty_ones and r.game_end == "last_standing"
    assert r.blind_max == 4  # otherwise as the Rhineland Championship


def test_knock_up_to_marks_plus_one():
    g = dealt("wipperfuerth", SUITED4, marks=[3, 7, 7, 7])
    act(g, "1:look", "2:look", "3:look", "4:look")
    act(g, "2:knock")
    answer_all(g)
    act(g, "3:knock")
    answer_all(g)
    act(g, "1:knock")
    answer_all(g)  # 3 marks knock to 4: marks + 1
    assert g.hand.value == 4
    act(g, "2:knock")
    answer_all(g)
    refused(g, "1:knock", "knock_marks")  # 6 > 3 + 1
    # The Rhineland Championship refuses the knock to 4 with 3 marks.
    r = dealt("rheinland", SUITED4, marks=[3, 7, 7, 7])
    act(r, "2:knock")
    answer_all(r)
    act(r, "3:knock")
    answer_all(r)
    refused(r, "1:knock", "knock_marks")


def test_hammer_is_announced_and_knocks_automatically():
    g = dealt("wipperfuerth", SUITED4, marks=[7, 1, 7, 7])
    v = view(g, 1)
    assert v["hammer_announced"] is True and v["players"][1]["hammer"] is True
    assert g.hand.value == 2 and g.hand.last_knocker == 1
    assert v["log"][0] == {"seat": 2, "type": "knock", "value": 2, "auto": True}
    assert g.to_record()["hands"][0]["actions"] == []  # automatic: not written


def test_exchange_draws_from_the_explicit_stock_and_replays():
    g = dealt("wipperfuerth", COURTS2, stock=STOCK)
    act(g, "2:exchange")
    hand = g.hand
    assert [str(c) for c in hand.cards[1]] == ["10C", "9C", "8C", "7C"]
    assert [str(c) for c in hand.stock] == ["AC", "KC"]
    assert hand.looked[1]
    rec = g.to_record()
    assert rec["hands"][0]["stock"] == STOCK
    assert rec["hands"][0]["actions"] == [{"seat": 2, "type": "exchange"}]
    again = replay_equal(g)
    assert again.hand.cards == hand.cards
    refused(g, "2:exchange", "exchange_once")


def test_exchange_default_stock_is_the_rest_of_the_pack_in_pack_order():
    g = dealt("wipperfuerth", COURTS2)
    used = {c for h in COURTS2 for c in h}
    assert [str(c) for c in g.hand.stock] == [str(c) for c in DECK if str(c) not in used]
    act(g, "2:exchange")
    assert [str(c) for c in g.hand.cards[1]] == ["10C", "9C", "8C", "7C"]
    assert "stock" not in g.to_record()["hands"][0]
    replay_equal(g)


def test_seeded_exchange_draws_the_rest_of_the_shuffled_pack():
    for seed in range(400):
        g = new_game("wipperfuerth", 4, seed=seed)
        hand = g.deal(seed=seed)
        hands, stock = deal_pack(seed, [True] * 4, 0, 4)
        assert hand.cards == hands and hand.stock == stock
        court = next((s for s in range(4) if all(c.is_court for c in hand.cards[s])), None)
        if court is not None:
            act(g, f"{court + 1}:exchange")
            assert hand.cards[court] == stock[:4]
            assert replay_equal(g).hand.cards == hand.cards
            return
    raise AssertionError("no four courts in 400 deals")


def test_exchange_only_before_the_first_card_and_with_enough_stock():
    g = dealt("wipperfuerth", COURTS2)
    act(g, "1:play:10H")
    refused(g, "2:exchange", "exchange_not_allowed")
    full = [[f"{r}{s}" for r in ("10", "9", "8", "7")] for s in "CSHD"] + [[f"{r}{s}" for r in "AKQJ"] for s in "CSHD"]
    g8 = dealt("wipperfuerth", full)  # 8 players x 4 cards: no stock at all
    refused(g8, "5:exchange", "exchange_no_stock")


def test_knock_round_blocks_the_exchange():
    g = dealt("wipperfuerth", COURTS2)
    act(g, "1:knock")
    refused(g, "2:exchange", "answer_first")


def test_three_turned_courts_are_free_the_fourth_costs_the_turner():
    g = dealt("wipperfuerth", COURTS2, stock=STOCK)
    act(g, "2:exchange", "3:turn:2#1", "4:turn:2#3", "3:turn:2#2")
    assert g.hand.courts.penalties == [0, 0, 0, 0]
    refused(g, "1:turn:2#2", "turn_face_down")  # already face up
    refused(g, "2:turn:2#4", "turn_not_allowed")  # not your own
    act(g, "1:turn:2#4")  # the fourth, a court too
    assert g.hand.courts.penalties == [1, 0, 0, 0] and g.hand.courts.checked[1]
    refused(g, "3:turn:2#4", "turn_done")
    assert_no_leak(g)
    finish(g)
    res = g.results[-1]
    # seat 1's hearts take every trick: it wins, but pays its point
    assert res.winner == 0 and res.losses == (1, 1, 1, 1)
    assert g.marks == [6, 6, 6, 6]
    replay_equal(g)


def test_a_numeral_among_the_discards_costs_the_exchanger():
    cards = [["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "7D"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "JD"]]
    g = dealt("wipperfuerth", cards, stock=STOCK)
    act(g, "2:exchange")  # face down: a hand with a numeral can be exchanged
    act(g, "3:turn:2#1")
    assert g.hand.courts.penalties == [0, 0, 0, 0]
    act(g, "4:turn:2#4")  # 7D
    assert g.hand.courts.penalties == [0, 1, 0, 0] and g.hand.courts.checked[1]
    refused(g, "3:turn:2#2", "turn_done")
    v = view(g, None)
    assert v["exchanges"] == [
        {
            "seat": 2,
            "turned": [{"index": 1, "card": "AH", "seat": 3}, {"index": 4, "card": "7D", "seat": 4}],
            "checked": True,
            "challenge": None,
            "face_down": 2,
        }
    ]
    assert [e.get("card") for e in v["log"] if e["type"] == "turn"] == ["AH", "7D"]
    assert view(g, 2)["exchanges"][0]["discards"] == ["AH", "KH", "QS", "7D"]
    assert_no_leak(g)
    finish(g)
    assert g.results[-1].losses == (0, 2, 1, 1)
    replay_equal(g)


def test_turn_needs_an_exchange():
    g = dealt("wipperfuerth", COURTS2)
    refused(g, "3:turn:2#1", "turn_not_allowed")


def test_scoresheet_exchange_and_turns():
    g = new_game("wipperfuerth", 4)
    g.deal(real=True)
    act(g, "2:exchange", "3:turn:2:AH", "3:turn:2:KH", "4:turn:2:8C")
    assert g.hand.courts.penalties == [0, 1, 0, 0]
    act(g, "1:win")
    assert g.marks == [7, 5, 6, 6]
    replay_equal(g)


ALL_ON_HAMMER = [[1, 1, 1], [["10H", "9H", "8H", "7H"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]]


def test_pretty_ones_fresh_deal_when_everyone_agrees():
    marks, cards = ALL_ON_HAMMER
    g = dealt("wipperfuerth", cards, marks=marks)
    refused(g, "1:redeal", "answer_first")  # the hammer's knock first
    answer_all(g)
    act(g, "2:redeal")
    assert g.due() == [3] and g.hand.to_play() is None
    refused(g, "1:play:10H", "redeal_pending")
    refused(g, "1:agree", "not_your_redeal_answer")
    assert view(g, 3)["redeal"] == {"asker": 2, "to_answer": 3, "answers": []}
    act(g, "3:agree")
    res = act(g, "1:agree")
    assert res is not None and res.winner is None and res.reason == "redeal"
    assert g.marks == [1, 1, 1] and not g.game_over
    assert g.dealer == 1  # 0-based: seat 2, who asked, deals afresh
    hand = g.deal(cards=cards)
    assert hand.dealer == 1 and hand.forehand == 2
    replay_equal(g)


def test_pretty_ones_refused_by_one_player_goes_on():
    marks, cards = ALL_ON_HAMMER
    g = dealt("wipperfuerth", cards, marks=marks)
    answer_all(g)
    act(g, "2:redeal", "3:refuse")
    assert g.hand.redeal_due() == [] and not g.hand.over
    refused(g, "2:redeal", "redeal_once")
    act(g, "3:redeal", "1:agree", "2:agree")
    assert g.results[-1].reason == "redeal" and g.dealer == 2


def test_pretty_ones_only_when_all_are_on_the_hammer_before_the_first_card():
    marks, cards = ALL_ON_HAMMER
    g = dealt("wipperfuerth", cards, marks=[1, 2, 1])
    answer_all(g)
    refused(g, "1:redeal", "redeal_not_allowed")
    g = dealt("wipperfuerth", cards, marks=marks)
    answer_all(g)
    act(g, "1:play:10H")
    refused(g, "2:redeal", "redeal_not_allowed")
    g = dealt("wipperfuerth", cards, marks=marks)
    act(g, "2:hold", "3:pass")  # someone already dropped out
    refused(g, "1:redeal", "redeal_not_allowed")
    r = dealt("rheinland", cards, marks=marks)
    answer_all(r)
    refused(r, "1:redeal", "redeal_not_allowed")
