"""Sebbe Schröhm (Neunkirchen-Seelscheid): the Roman XII, raises only by
the player on lead (and by a holder of the 2, to 3), folders lose 1, every
hand at 2 once anyone sits on the hammer, four courts exchanged openly, and
the Knolle."""

from __future__ import annotations

from variant_support import SUITED4, act, dealt, finish, new_game, refused, replay_equal

from schraem.core.rules import Rules
from schraem.core.view import view

COURTS2 = [["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "JD"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]


def test_preset_options():
    r = Rules.make("sebbe_schroehm")
    assert r.start_marks == 7 and r.marks_display == "roman_xii"
    assert r.knock_by == "lead" and r.holder_may_knock and r.max_value == 3 and r.pass_loss == 1
    assert not r.hammer and r.hammer_start_value == 2 and r.four_courts == "exchange"
    assert r.game_end == "knolle"
    assert view(dealt("sebbe_schroehm", SUITED4), 1)["marks_display"] == "roman_xii"


def test_only_the_player_on_lead_raises_and_a_holder_of_two_raises_to_three():
    g = dealt("sebbe_schroehm", SUITED4)
    refused(g, "2:knock", "raise_not_on_lead")
    act(g, "1:knock", "2:hold", "3:pass", "4:hold")
    assert g.hand.value == 2 and g.hand.losses[2] == 1
    refused(g, "1:knock", "knock_twice")
    act(g, "2:knock")  # held at 2: may raise to 3 though not on lead
    act(g, "4:pass")  # folders lose 1, not the old value 2
    assert g.hand.losses[3] == 1
    act(g, "1:hold")
    refused(g, "1:knock", "knock_max")  # only to 2 and 3
    finish(g)
    # seat 1's clubs win at 3: the raiser to 3 (seat 2) loses only 1
    assert g.results[-1].losses == (0, 1, 1, 1)


# Seat 1 leads low clubs into seat 2's high ones: whoever raises on lead
# (seat 1) is beaten by a holder (seat 2).
BEATEN = [["7C", "AC", "KC", "QC"], ["10C", "9C", "8C", "JD"], ["10S", "9S", "8S", "7S"], ["10H", "9H", "8H", "7H"]]


def test_holder_wins_the_raiser_loses_only_one():
    g = dealt("sebbe_schroehm", BEATEN)
    act(g, "1:knock", "2:hold", "3:hold", "4:hold")
    finish(g)
    res = g.results[-1]
    assert res.winner == 1 and res.value == 2
    assert res.losses == (1, 0, 2, 2)  # the other holders lose the value
    assert g.marks == [6, 7, 5, 5]
    replay_equal(g)


def test_raiser_wins_each_holder_loses_the_value():
    g = dealt("sebbe_schroehm", SUITED4)
    act(g, "1:knock", "2:hold", "3:pass", "4:hold")
    finish(g)
    assert g.results[-1].winner == 0 and g.results[-1].losses == (0, 2, 1, 2)


def test_raiser_loss_off_every_loser_loses_the_value():
    g = dealt("sebbe_schroehm", BEATEN, options={"raiser_loss": 0})
    act(g, "1:knock", "2:hold", "3:hold", "4:hold")
    finish(g)
    assert g.results[-1].losses == (2, 0, 2, 2)
    g = dealt("sebbe_schroehm", SUITED4, options={"raiser_loss": 0})
    act(g, "1:knock", "2:hold", "3:pass", "4:hold", "2:knock", "4:pass", "1:hold")
    finish(g)
    assert g.results[-1].losses == (0, 3, 1, 1)  # the numbers before the correction
    assert Rules.make("rheinland").raiser_loss == 0


def test_no_raise_no_raiser():
    # At 2 only because someone sits on the hammer: every loser loses 2.
    g = dealt("sebbe_schroehm", BEATEN, marks=[7, 7, 1, 7])
    assert g.hand.value == 2 and g.hand.last_knocker is None
    finish(g)
    assert g.results[-1].winner == 1 and g.results[-1].losses == (2, 0, 2, 2)


def test_raiser_loss_on_the_scoresheet():
    g = new_game("sebbe_schroehm", 4)
    g.deal(real=True)
    act(g, "1:knock", "2:hold", "3:hold", "4:pass", "3:win")
    assert g.results[-1].losses == (1, 2, 0, 1)


def test_the_next_leader_may_raise_a_player_who_passed_may_not():
    g = dealt("sebbe_schroehm", SUITED4)
    act(g, "1:play:10C", "2:play:10S", "3:play:10H", "4:play:10D")  # seat 1 keeps the lead
    refused(g, "3:knock", "raise_not_on_lead")
    act(g, "1:knock", "2:pass", "3:pass", "4:hold")
    refused(g, "3:knock", "not_in_hand")
    act(g, "4:knock", "1:hold")  # seat 4 held at 2
    assert g.hand.value == 3


def test_once_anyone_sits_on_the_hammer_every_hand_starts_at_two():
    g = dealt("sebbe_schroehm", SUITED4, marks=[7, 1, 7, 7])
    hand = g.hand
    assert hand.value == 2 and hand.responders == [] and hand.log == []
    assert view(g, 1)["players"][1]["hammer"] is True
    act(g, "1:knock", "2:hold", "3:hold", "4:hold")
    assert hand.value == 3
    finish(g)
    assert g.marks == [7, 0, 4, 4]
    # the hammer is out of marks but stays in (Knolle): still every hand at 2
    hand = g.deal(cards=SUITED4)
    assert hand.value == 2 and hand.dealt == [True] * 4


def test_four_courts_are_exchanged_openly_only_when_genuine():
    g = dealt("sebbe_schroehm", COURTS2)
    refused(g, "1:exchange", "exchange_not_allowed")  # four numerals
    act(g, "2:exchange")
    refused(g, "3:turn:2#1", "turn_not_allowed")
    refused(g, "3:challenge:2", "challenge_not_allowed")
    assert [str(c) for c in g.hand.cards[1]] == ["10C", "9C", "8C", "7C"]


KNOLLE_1 = [["10H", "9H", "8H", "7H"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "7D"]]
KNOLLE_2 = [["10D", "9D", "8D", "7D"], ["AS", "KS", "QS", "JS"], ["10S", "9S", "8S", "7S"]]


def test_knolle_and_the_final_hand():
    g = dealt("sebbe_schroehm", KNOLLE_1, marks=[1, 0, 2], dealer=3)
    hand = g.hand
    assert hand.dealt == [True, True, True] and hand.value == 2 and hand.setup.kind == "normal"
    finish(g)  # seat 1's hearts win
    assert g.marks == [1, 0, 0] and g.knollen == [0, 2, 0]
    assert g.end.final and not g.game_over  # the last player sits on the hammer (or below)
    assert view(g, None)["phase"]["final"] is True
    assert [p["knollen"] for p in view(g, None)["players"]] == [0, 2, 0]
    hand = g.deal(cards=KNOLLE_2)  # seat 1 deals, seat 2 leads
    assert hand.setup.kind == "final" and hand.value == 2
    finish(g)  # seat 3's spades take every trick
    assert g.game_over and g.winner == 3 and g.loser is None
    assert g.knollen == [1, 4, 0]
    assert g.scores == [-1, -4, 5]  # the winner collects every Knolle
    replay_equal(g)


def test_game_goes_on_while_anyone_is_above_the_hammer():
    g = dealt("sebbe_schroehm", KNOLLE_1, marks=[3, 0, 2], dealer=3)
    finish(g)
    assert g.marks == [3, 0, 0] and not g.end.final and not g.game_over
    assert g.deal(cards=KNOLLE_2).setup.kind == "normal"
