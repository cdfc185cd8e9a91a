"""The computer stands in for a guest seat whose phone is away
(docs/PHONE_TABLE.md): it plays the seat through the host's `bot_step`,
the seat's own phone cannot act meanwhile, the seat leaves or rejoins the
deal only while the phones commit, it survives the host's reload, and the
host gives it back."""
from __future__ import annotations

from schraem.fairdeal import commit_of, new_reveal
from test_table_host import BOT, GUESTS, HOST, Table, _host_refusal, call, refused
from test_table_host_save import reload


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


def test_a_seat_leaves_the_deal_only_while_the_phones_commit():
    t = Table()
    hand = 1
    reveals = {s: new_reveal() for s in GUESTS}
    assert t.send(4, "commit", hand=hand, commit=commit_of(hand, 4, reveals[4]))["ok"]
    # Seat 4 goes to the computer before every commit is in: it leaves the
    # round with its commit, and seat 2's commit completes it.
    standin(t, 4, True)
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["deal"]["waiting"] == [2]
    refused(t.send(4, "commit", hand=hand, commit=commit_of(hand, 4, reveals[4])), "deal_phase")
    assert t.send(2, "commit", hand=hand, commit=commit_of(hand, 2, reveals[2]))["ok"]
    deal = call(t.bridge, "state", viewer=HOST)["phone_table"]["deal"]
    assert deal["phase"] == "reveal" and [c["seat"] for c in deal["commits"]] == [HOST, 2]
    # Numbers are being revealed: nobody leaves or joins now.
    before = t.snapshot()
    assert _host_refusal(t.bridge, "table_standin", seat=4, on=False, viewer=HOST)["code"] == "deal_phase"
    assert _host_refusal(t.bridge, "table_standin", seat=2, on=True, viewer=HOST)["code"] == "deal_phase"
    assert t.snapshot() == before
    assert t.send(2, "reveal", hand=hand, reveal=reveals[2])["ok"]
    assert [e["seat"] for e in t.game.specs[0]["fair"]] == [HOST, 2]
    assert standin(t, 4, False)["phone_table"]["standins"] == []


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
    for bad in ({"hand": 2}, {"hand": 0}, {"hand": "1"}, {"hand": 1, "extra": 1}):
        refused(t.send(2, "dispute", **bad), "fair_deal")
    assert t.snapshot() == played
    assert t.send(4, "dispute", hand=1)["ok"]
    assert t.send(4, "dispute", hand=1)["ok"]  # told twice, noted once
    told = [{"hand": 1, "seats": [4]}]
    assert t.send(2, "state")["result"]["disputes"] == told
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["disputes"] == told
    reload(t)
    assert call(t.bridge, "state", viewer=HOST)["phone_table"]["disputes"] == told
