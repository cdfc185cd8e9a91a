"""The computer stands in for a guest seat whose phone is away
(docs/PHONE_TABLE.md): it plays the seat through the host's `bot_step`,
the seat's own phone cannot act meanwhile, the seat leaves or rejoins the
deal only while the phones commit, it survives the host's reload, and the
host gives it back."""

from __future__ import annotations

import json

from test_table_host import BOT, GUESTS, HOST, Table, _host_refusal, call, play_hand, refused
from test_table_host_save import reload

from schraem.core.fairdeal import commit_of, new_reveal


def standin(t: Table, seat: int, on: bool) -> dict:
    return call(t.bridge, "table_standin", seat=seat, on=on, viewer=HOST)


def test_the_computer_plays_a_seat_away_until_it_is_given_back():
    t = Table()
    t.deal()
    state = standin(t, 4, True)
    assert state["phone_table"]["standins"] == [4]
    assert t.send(2, "state")["result"]["standins"] == [4]
    # Seat 4's own phone cannot act while the computer plays it.
    look = {"seat": 4, "type": "look"}
    before = t.snapshot()
    refused(t.send(4, "act", action=look), "deal_phase")
    assert t.snapshot() == before
    # The host's bot steps now act for seat 4 as for its own computer player.
    acted = set()
    for _ in range(60):
        st = call(t.bridge, "bot_step", viewer=HOST)
        if st["bot_action"] is None:
            due = t.game.due()
            if HOST in due:
                call(t.bridge, "act", viewer=HOST, action=st["view"]["legal"][0])
                continue
            if 2 in due:
                assert t.send(2, "act", action=t.send(2, "state")["result"]["view"]["legal"][0])["ok"]
                continue
            break
        acted.add(st["bot_action"]["seat"])
        assert 4 not in st["due"]["humans"]
        if 4 in acted and BOT in acted:
            break
    assert 4 in acted
    # Kept through the host's reload, then given back: the phone plays again.
    reload(t)
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["standins"] == [4]
    assert standin(t, 4, False)["phone_table"]["standins"] == []
    assert 4 not in call(t.bridge, "state", viewer=HOST)["due"]["bots"]


def test_a_seat_leaving_the_deal_starts_it_again_and_the_record_keeps_the_round_given_up():
    t = Table()
    hand = 1
    reveals = {s: new_reveal() for s in GUESTS}
    assert t.send(4, "commit", round=0, hand=hand, commit=commit_of(hand, 4, reveals[4]))["ok"]
    # Seat 4 goes to the computer while the phones commit: the round starts
    # again without it, seat 2 draws afresh, and every phone is told why.
    state = standin(t, 4, True)
    deal = state["phone_table"]["deal"]
    assert (deal["round"], deal["phase"], deal["waiting"], deal["restarts"]) == (1, "commit", [2], [{"left": [4]}])
    assert t.send(2, "state")["result"]["restarts"] == [{"hand": 1, "left": [4]}]
    refused(t.send(4, "commit", round=1, hand=hand, commit=commit_of(hand, 4, reveals[4])), "deal_phase")
    refused(t.send(2, "commit", round=0, hand=hand, commit=commit_of(hand, 2, reveals[2])), "deal_phase")  # the old round is over
    assert t.send(2, "commit", round=1, hand=hand, commit=commit_of(hand, 2, reveals[2]))["ok"]
    deal = call(t.bridge, "state", viewer=HOST)["phone_table"]["deal"]
    assert deal["phase"] == "reveal" and [c["seat"] for c in deal["commits"]] == [HOST, 2]
    # Numbers are being revealed: a seat given back waits until the cards are dealt.
    before = t.snapshot()
    assert _host_refusal(t.bridge, "table_standin", seat=4, on=False, viewer=HOST)["code"] == "deal_phase"
    assert t.snapshot() == before
    assert t.send(2, "reveal", round=1, hand=hand, reveal=reveals[2])["ok"]
    spec = t.game.specs[0]
    assert [e["seat"] for e in spec["fair"]] == [HOST, 2]
    given_up = spec["fair_restarts"]
    assert [r["left"] for r in given_up] == [[4]] and [c["seat"] for c in given_up[0]["commits"]] == [HOST, 4]
    # The host's number differs between the rounds: it cannot carry a known one over.
    assert given_up[0]["reveals"][0]["reveal"] != spec["fair"][0]["reveal"]
    assert t.send(2, "state")["result"]["restarts"] == [{"hand": 1, "left": [4]}]
    assert standin(t, 4, False)["phone_table"]["standins"] == []


def test_a_phone_silent_after_every_commit_does_not_freeze_the_table():
    t = Table()
    hand = 1
    reveals = {s: new_reveal() for s in GUESTS}
    for s in GUESTS:
        assert t.send(s, "commit", round=0, hand=hand, commit=commit_of(hand, s, reveals[s]))["ok"]
    assert t.send(2, "reveal", round=0, hand=hand, reveal=reveals[2])["ok"]
    # Seat 4's phone died before showing its number: the host gives the seat
    # to the computer, the round starts again with the phones still there.
    deal = standin(t, 4, True)["phone_table"]["deal"]
    assert (deal["round"], deal["phase"], deal["waiting"]) == (1, "commit", [2])
    fresh = new_reveal()
    assert t.send(2, "commit", round=1, hand=hand, commit=commit_of(hand, 2, fresh))["ok"]
    # The number seat 2 showed in the round given up is not taken again.
    refused(t.send(2, "reveal", round=1, hand=hand, reveal=reveals[2]), "fair_deal")
    assert t.send(2, "reveal", round=1, hand=hand, reveal=fresh)["ok"]
    assert t.game.hand is not None and not t.game.hand_over
    record = t.send(2, "record")["result"]
    assert record["hands"] == []  # the hand in play stays out
    full = t.game.to_record()["hands"][0]
    assert full["fair_restarts"][0]["left"] == [4]
    assert [e["seat"] for e in full["fair_restarts"][0]["reveals"]] == [HOST, 2]
    # The record with both rounds replays, and a number changed in the round
    # given up is refused with the hand named.
    from schraem.core.game import Game

    rec = json.loads(json.dumps(t.game.to_record()))
    Game.from_record(rec)
    rec["hands"][0]["fair_restarts"][0]["reveals"][1]["reveal"] = new_reveal()
    try:
        Game.from_record(rec)
    except ValueError as e:
        assert "hand 1" in str(e) and "seat 2" in str(e)
    else:
        raise AssertionError("a changed number of a round given up was taken")
    # The game goes on: the computer plays seat 4 through the hand.
    reload(t)
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["restarts"] == [{"hand": 1, "left": [4]}]


def test_a_host_reloaded_between_its_commit_and_its_reveal_reuses_its_number():
    # The deal is random (every phone's number is): a first hand that ends
    # the game leaves no next hand to deal, so such a table is dealt anew.
    for seed in range(11, 41):
        t = Table(seed)
        first = t.bridge.table.host.round.reveals[HOST]
        saved = t.bridge.table.save()
        reload(t)
        assert t.bridge.table.host.round.reveals[HOST] == first
        # Even a host that loads a save from before the round opened draws
        # the same number for the hand again.
        t.deal()
        play_hand(t)
        if not t.game.game_over:
            break
    call(t.bridge, "next_hand", viewer=HOST)
    second = t.bridge.table.host.round.reveals[HOST]
    call(t.bridge, "load", save=t.bridge.table.save(), viewer=HOST)
    assert t.bridge.table.host.round.reveals[HOST] == second
    assert saved["phone"]["key"] == t.bridge.table.host.key


def test_only_a_guest_seat_can_be_given_to_the_computer():
    t = Table()
    before = t.snapshot()
    for seat, on in ((HOST, True), (BOT, True), (9, True), (2, "yes")):
        assert _host_refusal(t.bridge, "table_standin", seat=seat, on=on, viewer=HOST)["code"] == "bad_request"
    assert t.snapshot() == before


def test_a_false_deal_a_guest_reports_is_told_to_every_phone_and_kept():
    t = Table()
    t.deal()
    # No hand is finished yet: nothing to report.
    before = t.snapshot()
    refused(t.send(2, "dispute", hand=1), "fair_deal")
    assert t.snapshot() == before
    from test_table_host import play_hand

    play_hand(t)
    played = t.snapshot()
    for bad, code in (
        ({"hand": 2}, "fair_deal"),
        ({"hand": 0}, "fair_deal"),
        ({"hand": "1"}, "guest_type"),
        ({"hand": 1, "extra": 1}, "guest_field"),
        ({"hand": 1, "why": "x"}, "guest_type"),
        ({"hand": 1, "why": {"de": "x" * 401, "en": "y"}}, "guest_type"),
    ):
        e = refused(t.send(2, "dispute", **bad), code)
        assert code == "fair_deal" or next(iter(set(bad) - {"hand"}), "hand") in e["en"]
    assert t.snapshot() == played
    why = {"de": "Zug 3 weicht ab", "en": "action 3 differs"}
    assert t.send(4, "dispute", hand=1, why=why)["ok"]
    assert t.send(4, "dispute", hand=1)["ok"]  # told twice, noted once
    told = [{"hand": 1, "seats": [4], "claims": [{"seat": 4, "why": why}]}]
    assert t.send(2, "state")["result"]["disputes"] == told
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["disputes"] == told
    reload(t)
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["disputes"] == told
