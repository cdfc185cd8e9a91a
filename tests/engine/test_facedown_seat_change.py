"""A seat of a face-down table that goes to a new phone between games
(bridge/facedown_seats.py, docs/PHONE_TABLE.md "Seats that change between
games"), driven as the shell drives it, with the phones of
test_facedown_bridge.py.

After game 1 of a series the computer's seat goes to a new phone: every
guest commits to its key again, the new phone joins with one commitment
and one reveal, every phone shows the same new table code, and game 2 is
dealt by all four phones and checked on each. The new phone neither
checks nor files game 1; the others' series says the seat changed hands.
A seat change is refused during a game and for the host's seat, a guest
refuses a change of its own seat and a welcome that changes a key it was
not told of, and a guest reloaded during the change goes on."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_facedown_bridge import SeededSecrets, Table, refused, seeded_secrets
from test_facedown_series import finish_game, next_game

from schraem.bridge import Bridge

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

SERIES = {"games": 3, "options": {"start_marks": 1}}


def after_the_first_game(seed: int) -> Table:
    """A series' table of phones whose first game is over, every phone at it."""
    table = Table("rheinland", seed, host=SERIES)
    table.deal()
    table.play_hand()
    finish_game(table)
    return table


def new_phone_at(table: Table, seat: int, **name: str) -> dict[str, Any]:
    """The host gives `seat` to a new phone (its person's `name`, if one is
    given); every guest commits again and the new phone joins; → the
    welcome every guest got."""
    recode = table.call(1, "facedown_phone_seat", seat=seat, **name)["send"]
    assert [f["type"] for f in recode] == ["recode"] and table.state(1)["joining"] == [seat]
    # Until every phone is in, the host deals no next game.
    assert "not every phone has joined yet" in refused(table.phones[1], "facedown_again")["en"]
    table.phones[seat] = Bridge()
    table.heard[seat] = []
    commits = None
    for g in table.guests:
        if g == seat:
            commit = table.call(seat, "facedown_guest", seat=seat)["commit"]
        else:
            (frame,) = table.call(g, "facedown_recode", frame=recode[0])["send"]
            assert frame["type"] == "commit"
            commit = frame["commit"]
        commits = table.call(1, "facedown_seat", seat=g, commit=commit)["commits"]
    if seat not in table.guests:
        table.guests.append(seat)
        commit = table.call(seat, "facedown_guest", seat=seat)["commit"]
        commits = table.call(1, "facedown_seat", seat=seat, commit=commit)["commits"]
    assert commits is not None
    welcome = None
    for g in table.guests:
        reveal = table.call(g, "facedown_commits", frame=commits)["reveal"]
        welcome = table.call(1, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    assert welcome is not None
    return welcome


@pytest.mark.cpython_only
def test_a_new_phone_takes_the_computers_seat_between_games_and_deals_the_next_with_the_others(seeded_secrets: SeededSecrets) -> None:
    table = Table("rheinland", 71, host=SERIES)
    old_code = table.state(1)["code"]
    table.deal()
    # Not while a game runs.
    assert "a seat changes between games" in refused(table.phones[1], "facedown_phone_seat", seat=4)["en"]
    table.play_hand()
    finish_game(table)
    assert "no computer's or guest's seat" in refused(table.phones[1], "facedown_phone_seat", seat=1)["en"]
    assert "the host's phone gives seats" in refused(table.phones[2], "facedown_phone_seat", seat=4)["en"]
    before = [table.state(s)["series"] for s in (1, 2, 3)]
    assert before[0] == before[1] == before[2] and before[0]["number"] == 1
    # A guest refuses a change of its own seat, in words, and stays as it was.
    saved = copy.deepcopy(table.saves[2])
    own = {"type": "recode", "game": 1, "joining": [2]}
    assert "which this phone plays, to another phone" in refused(table.phones[2], "facedown_recode", frame=own)["en"]
    assert table.call(2, "facedown_state")["code"] == old_code and table.saves[2] == saved
    welcome = new_phone_at(table, 4)
    assert welcome["game"] == 2 and welcome["seats"][3] == {"kind": "human"} and welcome["series"]["length"] == 2
    # A welcome that changes a key the guest was not told of is refused.
    changed = dict(welcome, identities=[*welcome["identities"][:2], welcome["identities"][3], welcome["identities"][3]])
    assert "another key for seat 3" in refused(table.phones[2], "facedown_welcome", frame=changed)["en"]
    table.reload(2)  # a guest's app closed and opened again while the new code is made
    for g in table.guests:
        table.call(g, "facedown_welcome", frame=welcome)
    codes = {table.state(s)["code"] for s in table.phones}
    assert len(codes) == 1 and None not in codes and codes != {old_code}
    assert all(table.state(s)["joining"] == [] for s in table.phones)
    # Game 2: dealt by four phones, the computer no longer played on the host's.
    out = table.call(1, "facedown_again")
    table.sent(1, out["send"])
    assert table.phones[1].facedown.bots() == {}  # type: ignore[union-attr]
    for s in table.phones:
        state = table.state(s)
        assert (state["game"], state["phase"]) == (2, "playing"), s
    table.play_hand()
    finish_game(table)
    for s in table.phones:
        assert all(v["status"] == "checked" for v in table.state(s)["verdicts"]), s
    # The old phones' series: game 1 by the computer, game 2 by the new phone's person, at seat 4.
    facts = [table.state(s)["series"] for s in (1, 2, 3)]
    assert facts[0] == facts[1] == facts[2] and facts[0]["number"] == 2
    assert facts[0]["changes"] == [{"game": 2, "seat": 4, "name": "Dora", "was": "Dora", "computer": False}]
    # The new phone neither checked nor filed game 1: its series starts at game 2.
    mine = table.state(4)
    assert mine["series"]["number"] == 1 and mine["series"]["length"] == 2
    assert mine["filed"]["record"] == table.state(2)["filed"]["record"]
    assert len(table.saves[4]["finished"]) == 1
    assert [p.get("kind", "human") for p in mine["filed"]["record"]["players"]] == ["human"] * 4
    # The series' last game, then another series: as long as the table's on every phone, the new one's too.
    next_game(table)
    table.play_hand()
    finish_game(table)
    assert table.state(1)["series"]["over"] and table.state(4)["series"]["over"]
    next_game(table)
    another = [table.state(s)["series"] for s in table.phones]
    assert all(f == another[0] for f in another) and (another[0]["number"], another[0]["length"]) == (1, 3)


@pytest.mark.cpython_only
def test_a_guests_seat_whose_phone_left_goes_to_a_new_phone_and_the_old_phone_is_not_heard() -> None:
    table = after_the_first_game(72)
    old = table.phones[3]
    old_key = table.saves[1]["identities"][2]
    table.phones[3] = Bridge()  # the new phone, at a seat whose phone left
    welcome = new_phone_at(table, 3)
    assert welcome["identities"][2] != old_key
    for g in table.guests:
        table.call(g, "facedown_welcome", frame=welcome)
    # The phone that left takes no part in the new table: its seat is another phone's.
    assert "joined already" in refused(old, "facedown_welcome", frame=welcome)["en"]
    assert (
        "which this phone plays, to another phone"
        in refused(old, "facedown_recode", frame={"type": "recode", "game": 1, "joining": [3]})["en"]
    )
    out = table.call(1, "facedown_again")
    table.sent(1, out["send"])
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked", s
    # Game 2 was dealt with the new phone's key at seat 3 on every phone: the old phone's key signs nothing there.
    for s in table.phones:
        played = table.phones[s].facedown.played  # type: ignore[union-attr]
        assert played is not None and played[2] == welcome["identities"][2] != old_key, s


@pytest.mark.cpython_only
def test_a_guest_back_on_a_new_channel_while_the_new_code_is_made_is_sent_the_round_so_far() -> None:
    table = after_the_first_game(73)
    recode = table.call(1, "facedown_phone_seat", seat=4)["send"][0]
    table.phones[4] = Bridge()
    table.guests.append(4)
    commits = None
    for g in (2, 3):
        (frame,) = table.call(g, "facedown_recode", frame=recode)["send"]
        commits = table.call(1, "facedown_seat", seat=g, commit=frame["commit"])["commits"]
    commits = table.call(1, "facedown_seat", seat=4, commit=table.call(4, "facedown_guest", seat=4)["commit"])["commits"]
    assert commits is not None
    # Guest 2's channel dropped before the commitments reached it: back, it is sent the round so far.
    received = table.state(2)["received"]
    again = table.call(1, "facedown_resend", **{"from": received + 1})["send"]
    assert [f["type"] for f in again] == ["recode", "commits"]
    (frame,) = table.call(2, "facedown_recode", frame=again[0])["send"]
    assert frame == {"type": "commit", "commit": commits["commits"][1]}  # the same commitment again
    assert table.call(1, "facedown_seat", seat=2, commit=frame["commit"])["commits"] == commits
    welcome = None
    for g in (3, 4, 2):
        reveal = table.call(g, "facedown_commits", frame=again[1] if g == 2 else commits)["reveal"]
        welcome = table.call(1, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    assert welcome is not None
    for g in (2, 3, 4):
        table.call(g, "facedown_welcome", frame=welcome)
    # The welcome sent again after a reconnect changes nothing.
    assert table.call(2, "facedown_welcome", frame=welcome)["state"]["code"] == table.state(1)["code"]
    assert len({table.state(s)["code"] for s in table.phones}) == 1


@pytest.mark.cpython_only
def test_a_guests_seat_whose_phone_left_goes_to_the_computer_and_the_phones_still_there_deal_on(seeded_secrets: SeededSecrets) -> None:
    """Carla's phone leaves after game 1: the host hands her seat to the
    computer, named "Rechner". The guest still there commits again, takes a
    computer's key for that seat only, and the next game is dealt by the two
    phones with
    the host's phone playing both computers; every hand is checked. A
    welcome that seats a person where the computer was to sit, or a
    computer where the guest was not told of one, is refused in words."""
    table = after_the_first_game(73)
    old_code = table.state(1)["code"]
    table.away.add(3)
    table.guests.remove(3)
    assert "the computer plays seat 4 already" in refused(table.phones[1], "facedown_computer_seat", seat=4)["en"]
    assert "the host's phone gives seats" in refused(table.phones[2], "facedown_computer_seat", seat=3)["en"]
    recode = table.call(1, "facedown_computer_seat", seat=3, name="Rechner")["send"]
    assert recode == [{"type": "recode", "game": 1, "joining": [3], "computers": [3], "names": {"3": "Rechner"}}]
    assert table.state(1)["joining"] == []  # no phone is awaited: the computer's key is drawn on the host's phone
    (frame,) = table.call(2, "facedown_recode", frame=recode[0])["send"]
    commits = table.call(1, "facedown_seat", seat=2, commit=frame["commit"])["commits"]
    assert commits is not None  # the host speaks for seats 1, 3 and 4
    reveal = table.call(2, "facedown_commits", frame=commits)["reveal"]
    welcome = table.call(1, "facedown_reveal", seat=2, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    assert welcome["seats"][2] == {"kind": "bot", "level": welcome["seats"][2]["level"]} and welcome["seats"][2]["level"]
    # A person where the computer was to sit, or a computer at another seat: refused, and nothing changes.
    person = dict(welcome, seats=[*welcome["seats"][:2], {"kind": "human"}, welcome["seats"][3]])
    assert "the computer does not sit at seat 3" in refused(table.phones[2], "facedown_welcome", frame=person)["en"]
    table.reload(2)
    table.call(2, "facedown_welcome", frame=welcome)
    codes = {table.state(s)["code"] for s in table.phones if s not in table.away}
    assert len(codes) == 1 and codes != {old_code}
    # Game 2: the host's phone plays seats 3 and 4.
    next_game(table)
    assert {table.state(s)["code"] for s in table.phones if s not in table.away} == codes
    assert sorted(table.phones[1].facedown.bots()) == [3, 4]  # type: ignore[union-attr]
    table.play_hand()
    finish_game(table)
    for s in (1, 2):
        verdicts = table.state(s)["verdicts"]
        assert verdicts and all(v["status"] == "checked" for v in verdicts), s
    facts = [table.state(s)["series"] for s in (1, 2)]
    assert facts[0] == facts[1] and facts[0]["number"] == 2
    assert facts[0]["changes"] == [{"game": 2, "seat": 3, "name": "Rechner", "was": "Carla", "computer": True}]


@pytest.mark.cpython_only
def test_a_computer_where_the_guest_was_told_of_a_new_phone_is_refused(seeded_secrets: SeededSecrets) -> None:
    table = after_the_first_game(74)
    recode = table.call(1, "facedown_phone_seat", seat=4)["send"]
    (frame,) = table.call(2, "facedown_recode", frame=recode[0])["send"]
    # Told of a new phone at seat 4, the guest refuses to take a computer's seat list that names it later.
    sneaky = dict(recode[0], computers=[2])
    assert "the seats for the computer are unreadable" in refused(table.phones[3], "facedown_recode", frame=sneaky)["en"]
    assert frame["type"] == "commit"


@pytest.mark.cpython_only
def test_a_guest_that_missed_only_the_welcome_is_sent_it_when_back_after_the_next_game_was_dealt() -> None:
    """Guest 2 showed its key for the new table code, and its channel
    dropped before the welcome reached it; the host dealt game 2 meanwhile.
    Back, it says it waits for the welcome: it is sent the one it missed
    and the hand so far, takes the new key, and game 2 is played and
    checked on every phone with one table code."""
    table = after_the_first_game(75)
    welcome = new_phone_at(table, 4)
    for g in (3, 4):
        table.call(g, "facedown_welcome", frame=welcome)
    table.away.add(2)
    table.sent(1, table.call(1, "facedown_again")["send"])
    table.away.discard(2)
    stands = table.state(2)
    assert stands["game"] == 1 and stands["waits"]
    again = table.call(1, "facedown_resend", **{"from": stands["received"] + 1, "waits": True})["send"]
    assert again[0] == welcome and {f["type"] for f in again[1:]} == {"env"}
    table.call(2, "facedown_welcome", frame=again[0])
    said = [f for frame in again[1:] for f in table.call(2, "facedown_receive", frame=frame)["send"]]
    table.sent(2, said)
    assert len({table.state(s)["code"] for s in table.phones}) == 1
    # A guest in step is sent no welcome again.
    here = table.state(3)
    assert all(
        f["type"] == "env" for f in table.call(1, "facedown_resend", **{"from": here["received"] + 1, "waits": here["waits"]})["send"]
    )
    table.play_hand()
    for s in table.phones:
        assert table.state(s)["game"] == 2 and table.call(s, "facedown_verdict", hand=1)["status"] == "checked", s
    # The host's save keeps the welcome: reloaded, it sends it still.
    table.reload(1)
    assert table.call(1, "facedown_resend", **{"from": 1, "waits": True})["send"][0] == welcome


@pytest.mark.cpython_only
def test_a_new_phone_plays_its_seat_under_its_persons_name_from_the_next_game_on(seeded_secrets: SeededSecrets) -> None:
    """Carl takes the computer Dora's seat after game 1: the recode names
    him, every phone deals game 2 with Carl at seat 4 and says the seat
    changed hands from Dora to Carl. A name already at the table, or one
    with an invisible character, is refused on the host; a guest refuses
    new names for seats that do not change hands, or two seats of one name."""
    table = after_the_first_game(76)
    saved = copy.deepcopy(table.saves[1])
    assert "already sits at the table" in refused(table.phones[1], "facedown_phone_seat", seat=4, name="Anne")["en"]
    assert "invisible character" in refused(table.phones[1], "facedown_phone_seat", seat=4, name="Ca\u200brl")["en"]
    assert table.call(1, "facedown_state")["joining"] == [] and table.saves[1] == saved
    for sneaky, words in (({"3": "Eve"}, "unreadable"), ({"4": "Anne"}, "the same name"), ({"4": " Carl "}, "unreadable")):
        frame = {"type": "recode", "game": 1, "joining": [4], "names": sneaky}
        assert words in refused(table.phones[2], "facedown_recode", frame=frame)["en"], sneaky
    welcome = new_phone_at(table, 4, name="Carl")
    assert welcome["record"]["players"][3]["name"] == "Carl"
    table.reload(3)  # the new name is kept in the save while the new code is made
    for g in table.guests:
        table.call(g, "facedown_welcome", frame=welcome)
    table.sent(1, table.call(1, "facedown_again")["send"])
    for s in table.phones:
        assert [p["name"] for p in table.state(s)["view"]["players"]] == ["Anne", "Bernd", "Carla", "Carl"], s
    table.play_hand()
    finish_game(table)
    facts = [table.state(s)["series"] for s in (1, 2, 3)]
    assert facts[0] == facts[1] == facts[2]
    assert facts[0]["changes"] == [{"game": 2, "seat": 4, "name": "Carl", "was": "Dora", "computer": False}]
    # The name holds from then on: the series' next game is Carl's too.
    next_game(table)
    assert all(table.state(s)["view"]["players"][3]["name"] == "Carl" for s in table.phones)


@pytest.mark.cpython_only
def test_after_a_series_a_new_phone_takes_a_seat_for_the_next_series(seeded_secrets: SeededSecrets) -> None:
    """Dora the computer played a series of two games; Carl's phone takes
    her seat for "Noch eine Serie": the welcome gives his phone the next
    series from its first game, and every phone deals it with Carl at seat
    4, its list a new series of two games."""
    table = Table("rheinland", 77, host={"games": 2, "options": {"start_marks": 1}})
    table.deal()
    table.play_hand()
    finish_game(table)
    next_game(table)
    table.play_hand()
    finish_game(table)
    assert all(table.state(s)["series"]["over"] for s in table.phones)
    welcome = new_phone_at(table, 4, name="Carl")
    assert welcome["game"] == 3 and welcome["series"]["length"] == 2 and welcome["again"] == 2
    assert welcome["record"]["players"][3]["name"] == "Carl" and not welcome["record"].get("hands")
    for g in table.guests:
        table.call(g, "facedown_welcome", frame=welcome)
    next_game(table)
    for s in table.phones:
        state = table.state(s)
        assert (state["game"], state["phase"]) == (3, "playing"), s
        assert (state["series"]["number"], state["series"]["length"]) == (1, 2), s
        assert [p["name"] for p in state["view"]["players"]] == ["Anne", "Bernd", "Carla", "Carl"], s
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked", s
