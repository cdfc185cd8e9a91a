"""A face-down table taken over by a guest's phone once the host's phone is
gone (bridge/facedown_takeover.py, docs/PHONE_TABLE.md "Tisch übernehmen"
face down), driven as the shell drives it, with the phones of
test_facedown_bridge.py.

Anne's phone hosts, Bernd's and Carla's are guests, Dora is the computer
on Anne's phone. Anne's phone goes away for good; Bernd's takes the table
over and Carla's follows it. Whichever of the two has more of the old
host's log gives the other what it lacks, a new table code is made (Anne's
seat and Dora's now played on Bernd's phone with keys it drew), the hand
under way is dealt again unless every phone checked it, and the two phones
play on, each checking every hand. A welcome that goes on from elsewhere,
a take-over that does not follow the table, a seat of a phone still there
given to the computer and the old host's envelopes after the take-over are
refused in words; either phone reloaded during the take-over goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_facedown_bridge import SeededSecrets, Table, refused, seeded_secrets

from schraem.bridge import Bridge

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator


class TakenTable(Table):
    """The phones of test_facedown_bridge.py, with phones that miss what
    the host sends them (`deaf`)."""

    deaf: Callable[[int, dict[str, Any]], bool] = staticmethod(lambda seat, frame: False)

    def missed(self, seat: int, frame: dict[str, Any]) -> bool:
        return self.deaf(seat, frame)

    def again(self) -> None:
        out = self.call(self.host, "facedown_again")
        self.sent(self.host, out["send"])

    def take_over(self, by: int, reload: set[int] | None = None) -> dict[str, Any]:
        """The host's phone is gone for good; `by`'s phone takes the table
        over and every other guest's follows it (those in `reload` reloaded
        from their saves at each step). → the welcome."""
        self.away.add(self.host)
        reload = reload or set()
        frame = self.call(by, "facedown_takeover")["frame"]
        assert frame["type"] == "takeover" and frame["by"] == by
        followers = [g for g in self.guests if g != by and g not in self.away]
        for g in followers:
            self._reload(reload, g, by)
            (taken,) = self.call(g, "facedown_taken", frame=frame)["send"]
            answer = self.call(by, "facedown_follow", seat=g, frame=taken)
            for s, frames in answer["to"].items():
                for f in frames:
                    self.call(int(s), "facedown_receive", frame=f)
            recode = answer["send"]
            # Every phone at the same place of the old host's log.
            where = [{k: self.state(s)[k] for k in ("game", "hand", "received")} for s in (by, g)]
            assert where[0] == where[1], where
        assert [f["type"] for f in recode] == ["recode"] and recode[0]["takeover"] == frame["epoch"]
        commits = None
        for g in followers:
            self._reload(reload, g, by)
            (commit,) = self.call(g, "facedown_recode", frame=recode[0])["send"]
            commits = self.call(by, "facedown_seat", seat=g, commit=commit["commit"])["commits"]
        assert commits is not None
        welcome = None
        for g in followers:
            reveal = self.call(g, "facedown_commits", frame=commits)["reveal"]
            welcome = self.call(by, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
        assert welcome is not None
        for g in followers:
            self._reload(reload, g, by)
            self.call(g, "facedown_welcome", frame=welcome)
        self.host = by
        self.guests = [g for g in self.guests if g != by]
        return welcome

    def _reload(self, reload: set[int], *seats: int) -> None:
        for s in seats:
            if s in reload:
                self.phones[s] = Bridge()
                self.call(s, "facedown_load", save=self.saves[s])


def carla_welcomed(table: TakenTable, recode: dict[str, Any]) -> dict[str, Any]:
    """Bernd's phone taking the table over, Carla's its one guest: the new
    table code's round. → the welcome, not yet taken."""
    (commit,) = table.call(3, "facedown_recode", frame=recode)["send"]
    commits = table.call(2, "facedown_seat", seat=3, commit=commit["commit"])["commits"]
    reveal = table.call(3, "facedown_commits", frame=commits)["reveal"]
    welcome: dict[str, Any] = table.call(2, "facedown_reveal", seat=3, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    return welcome


def bert_taking_over(seed: int, steps: int) -> tuple[TakenTable, dict[str, Any]]:
    """A table `steps` moves into its first hand whose host's phone is gone,
    Bernd's phone taking it over: → the table and the take-over's frame."""
    table = TakenTable("rheinland", seed)
    table.deal()
    played_some(table, steps)
    table.away.add(1)
    frame: dict[str, Any] = table.call(2, "facedown_takeover")["frame"]
    return table, frame


def played_some(table: TakenTable, steps: int) -> None:
    for _ in range(steps):
        assert table.step()


def checked_everywhere(table: TakenTable, hand: int) -> None:
    for s in [table.host, *table.guests]:
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "checked", (s, v)


@pytest.mark.cpython_only
def test_mid_hand_a_guest_takes_the_table_over_and_the_hand_is_dealt_again(seeded_secrets: SeededSecrets) -> None:
    table = TakenTable("rheinland", 81)
    old_code = table.state(1)["code"]
    table.deal()
    played_some(table, 4)
    # Carla's phone misses the last envelopes Anne's phone relays before it goes.
    table.deaf = lambda seat, frame: seat == 3
    played_some(table, 2)
    behind, ahead = table.state(3)["received"], table.state(2)["received"]
    assert behind < ahead
    table.deaf = lambda seat, frame: False
    # Not while the host's phone is there to say so: Anne's own phone cannot take its own table over.
    assert "only a guest at the table can take it over" in refused(table.phones[1], "facedown_takeover")["en"]

    welcome = table.take_over(2)
    assert welcome["dropped"] == 1 and welcome["game"] == 1
    for s in (2, 3):
        state = table.state(s)
        # Anne's seat and Dora's are the computer's on Bernd's phone now, with keys it drew.
        assert state["host"] == 2 and state["taking"] is None
        assert state["taken"]["de"] == "Bernd hat den Tisch von Platz 1: Anne übernommen: Spiel 1 wird neu gegeben"
        assert state["taken"]["en"] == "Bernd took the table over from seat 1: Anne: hand 1 is dealt again"
    codes = {table.state(s)["code"] for s in (2, 3)}
    assert len(codes) == 1 and old_code not in codes
    kinds = table.phones[2].facedown.kinds  # type: ignore[union-attr]
    assert [k["kind"] for k in kinds] == ["bot", "human", "human", "bot"]

    # The old host's envelopes stand in nothing after the take-over.
    old = table.phones[1].facedown.envelopes  # type: ignore[union-attr]
    frame = {"type": "env", "game": 1, "retry": 0, "hand": 1, "env": old[0]}
    assert "before or after a take-over" in refused(table.phones[3], "facedown_receive", frame=frame)["en"]

    hand = table.deal()
    assert hand == 1
    table.play_hand()
    checked_everywhere(table, 1)
    # Both phones replayed the same hand, card for card.
    after = [table.phones[s].facedown.after for s in (2, 3)]  # type: ignore[union-attr]
    assert after[0] is not None and after[0] == after[1]
    finish(table)
    filed = [table.state(s)["filed"] for s in (2, 3)]
    assert filed[0] is not None and filed[0] == filed[1]


def finish(table: TakenTable) -> None:
    """The game played to its end, dealt by the host's phone whichever it is."""
    while not table.state(table.host)["game_over"]:
        table.deal()
        table.play_hand()


@pytest.mark.cpython_only
def test_the_phone_with_more_of_the_log_gives_it_to_the_new_host_and_a_hand_every_phone_checked_stands(
    seeded_secrets: SeededSecrets,
) -> None:
    table = TakenTable("rheinland", 82)
    table.deal()
    # Bernd's phone misses everything Anne's phone relays once the hand's play is done.
    table.deaf = lambda seat, frame: seat == 2 and table.state(3)["hand_over"]
    table.play_hand()
    assert table.state(3)["verdict"]["status"] == "checked"
    assert table.state(2)["verdict"]["status"] != "checked"
    table.deaf = lambda seat, frame: False

    welcome = table.take_over(2)
    # Carla's phone gave Bernd's the rest of the hand: it checked it too, and the hand stands.
    assert welcome["dropped"] is None
    checked_everywhere(table, 1)
    game_over = table.state(2)["game_over"]
    then = "Spielrunde 2 wird gegeben" if game_over else "Spiel 2 wird gegeben"
    for s in (2, 3):
        assert table.state(s)["taken"]["de"] == f"Bernd hat den Tisch von Platz 1: Anne übernommen: {then}"
        assert table.state(s)["taken"]["hand"] == (1 if game_over else 2)
    assert table.state(2)["deal_ready"]
    if game_over:
        table.again()
    else:
        assert table.deal() == 2
    table.play_hand()
    checked_everywhere(table, 1 if game_over else 2)


@pytest.mark.cpython_only
def test_either_phone_reloaded_during_the_take_over_goes_on(seeded_secrets: SeededSecrets) -> None:
    table, frame = bert_taking_over(83, 5)
    # The new host's phone reloaded: it is still taking the table over, and says so again.
    table._reload({2}, 2)
    state = table.state(2)
    assert state["role"] == "host" and state["taking"]["awaited"] == [3] and not state["deal_ready"]
    assert table.call(2, "facedown_resend", **{"from": 1})["send"] == [frame]
    (taken,) = table.call(3, "facedown_taken", frame=frame)["send"]
    # Said twice (a reconnect): the same answer, and the follow taken once.
    table._reload({3}, 3)
    (again,) = table.call(3, "facedown_taken", frame=frame)["send"]
    assert again == taken
    answer = table.call(2, "facedown_follow", seat=3, frame=taken)
    (recode,) = answer["send"]
    table._reload({2, 3}, 2, 3)
    welcome = carla_welcomed(table, recode)
    # Carla's channel drops before the welcome reaches her: back on a new
    # one, she says she waits for it, and is sent it.
    table._reload({2, 3}, 2, 3)
    back = table.state(3)
    assert back["waits"]
    (again,) = table.call(2, "facedown_resend", **{"from": back["received"] + 1, "waits": True})["send"]
    assert again == welcome
    table.call(3, "facedown_welcome", frame=again)
    table.host, table.guests = 2, [3]
    table._reload({2, 3}, 2, 3)
    assert table.state(3)["taken"]["dropped"] == 1
    table.deal()
    table._reload({3}, 3)
    table.play_hand()
    checked_everywhere(table, 1)


@pytest.mark.cpython_only
def test_a_take_over_that_does_not_follow_the_table_is_refused_and_changes_nothing(seeded_secrets: SeededSecrets) -> None:
    table, frame = bert_taking_over(84, 3)
    before = table.saves[3]
    for wrong, words in [
        (dict(frame, epoch=2), "does not follow this phone's table"),
        (dict(frame, table="another"), "no take-over of this table"),
        (dict(frame, by=3), "cannot take this table over"),
        (dict(frame, by=1), "cannot take this table over"),
        (dict(frame, received="x"), "place in the game is unreadable"),
    ]:
        assert words in refused(table.phones[3], "facedown_taken", frame=wrong)["en"]
        assert table.call(3, "facedown_state")["taking"] is None
    assert table.saves[3] == before
    (taken,) = table.call(3, "facedown_taken", frame=frame)["send"]
    # Only a guest's phone follows; a seat that is none is refused.
    assert "no guest's phone" in refused(table.phones[2], "facedown_follow", seat=4, frame=taken)["en"]
    assert "no answer to this take-over" in refused(table.phones[2], "facedown_follow", seat=3, frame=dict(taken, epoch=5))["en"]
    (recode,) = table.call(2, "facedown_follow", seat=3, frame=taken)["send"]
    # A recode that leaves out Anne's seat, or gives Carla's own to the computer, is refused.
    assert (
        "which the old host's phone played"
        in refused(table.phones[3], "facedown_recode", frame=dict(recode, joining=[4], computers=[4]))["en"]
    )
    mine = dict(recode, joining=[1, 3, 4], computers=[1, 3, 4])
    assert "seat of a phone at the table" in refused(table.phones[3], "facedown_recode", frame=mine)["en"]
    welcome = carla_welcomed(table, recode)
    # A welcome that goes on from elsewhere than Carla's phone would is refused, and changes nothing.
    kept = table.saves[3]
    assert "goes on from another place" in refused(table.phones[3], "facedown_welcome", frame=dict(welcome, dropped=None))["en"]
    assert table.call(3, "facedown_state")["taken"] is None and table.saves[3] == kept
    table.call(3, "facedown_welcome", frame=welcome)
    assert table.state(3)["taken"]["by"] == 2


@pytest.mark.cpython_only
def test_a_guest_that_does_not_come_goes_to_the_computer_and_the_table_goes_on(seeded_secrets: SeededSecrets) -> None:
    table = TakenTable("rheinland", 85)
    table.deal()
    played_some(table, 3)
    table.away |= {1, 3}
    table.call(2, "facedown_takeover")
    assert table.state(2)["taking"]["awaited"] == [3]
    # Not a name at the take-over, nor a seat the computer plays already.
    assert "not at a take-over" in refused(table.phones[2], "facedown_computer_seat", seat=3, name="Rechner")["en"]
    assert "no guest's seat" in refused(table.phones[2], "facedown_computer_seat", seat=4)["en"]
    out = table.call(2, "facedown_computer_seat", seat=3)
    # Nobody else to wait for: Bernd's phone plays every other seat, and deals.
    assert out["send"][0]["computers"] == [1, 3, 4]
    assert out["state"]["deal_ready"] and out["state"]["taken"]["dropped"] == 1
    table.host, table.guests = 2, []
    table.deal()
    table.play_hand()
    checked_everywhere(table, 1)


@pytest.mark.cpython_only
def test_a_series_goes_on_after_the_take_over_and_a_guest_a_whole_hand_behind_is_brought_up(seeded_secrets: SeededSecrets) -> None:
    table = TakenTable("rheinland", 86, marks=2, host={"games": 2, "options": {"start_marks": 2}})
    table.deal()
    table.play_hand()
    finish(table)  # (the first game, however many hands its cards make it)
    # Carla's phone misses all of the next hand that Anne's phone relays before it goes.
    table.deaf = lambda seat, frame: seat == 3
    table.again()
    # (The deal waits for Carla's phone: only its first envelopes went out.)
    behind, ahead = table.state(3), table.state(2)
    assert (behind["game"], behind["hand"]) < (ahead["game"], ahead["hand"])
    table.deaf = lambda seat, frame: False

    table.take_over(2)
    # The series goes on where every phone checked it, the same on both phones.
    facts = [table.state(s)["series"] for s in (2, 3)]
    assert facts[0] == facts[1] and facts[0]["length"] == 2
    finish(table)
    lists = [table.call(s, "facedown_lists") for s in (2, 3)]
    assert lists[0] == lists[1]
    filed = [table.state(s)["filed"] for s in (2, 3)]
    assert filed[0] is not None and filed[0]["id"] == filed[1]["id"] and filed[0]["series"] == filed[1]["series"]
    # The old host's seat and the computer's played by Bernd's phone in the games after the take-over.
    players = filed[0]["record"]["players"]
    assert [p.get("kind", "human") for p in players] == ["bot", "human", "human", "bot"]


@pytest.mark.cpython_only
def test_after_the_take_over_the_old_hosts_seat_goes_to_a_phone_again_between_games(seeded_secrets: SeededSecrets) -> None:
    table = TakenTable("rheinland", 87, host={"games": 3, "options": {"start_marks": 1}})
    table.deal()
    played_some(table, 3)
    table.take_over(2)
    finish(table)
    # Anne's phone is back (charged, or another): Bernd's phone gives her seat to it for the next game.
    recode = table.call(2, "facedown_phone_seat", seat=1)["send"]
    assert [f["type"] for f in recode] == ["recode"] and recode[0]["joining"] == [1]
    # Not Bernd's own seat, which his phone hosts.
    assert "no computer's or guest's seat" in refused(table.phones[2], "facedown_computer_seat", seat=2)["en"]
    table.phones[1] = Bridge()
    table.away.discard(1)
    commit = table.call(1, "facedown_guest", seat=1)["commit"]
    table.call(2, "facedown_seat", seat=1, commit=commit)
    (again,) = table.call(3, "facedown_recode", frame=recode[0])["send"]
    commits = table.call(2, "facedown_seat", seat=3, commit=again["commit"])["commits"]
    welcome = None
    for g in (1, 3):
        reveal = table.call(g, "facedown_commits", frame=commits)["reveal"]
        welcome = table.call(2, "facedown_reveal", seat=g, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    assert welcome is not None and (welcome["host"], welcome["epoch"]) == (2, 1)
    for g in (1, 3):
        table.call(g, "facedown_welcome", frame=welcome)
    table.guests = [1, 3]
    assert table.state(1)["host"] == 2 and table.state(1)["code"] == table.state(2)["code"] == table.state(3)["code"]
    table.again()
    table.play_hand()
    checked_everywhere(table, 1)
    assert [k["kind"] for k in table.phones[1].facedown.kinds] == ["human", "human", "human", "bot"]  # type: ignore[union-attr]


@pytest.mark.cpython_only
def test_two_phones_that_tap_take_over_at_once_one_keeps_out_and_follows_the_other(seeded_secrets: SeededSecrets) -> None:
    table = TakenTable("rheinland", 88)
    table.deal()
    played_some(table, 3)
    table.away.add(1)
    before = table.saves[3]
    table.call(3, "facedown_takeover")
    # Both wait for the other: Carla's phone keeps out, and is a guest of its table as before.
    out = table.call(3, "facedown_keep_out")
    assert out["state"]["role"] == "guest" and out["state"]["taking"] is None
    assert out["save"] == before
    frame = table.call(2, "facedown_takeover")["frame"]
    (taken,) = table.call(3, "facedown_taken", frame=frame)["send"]
    table.call(2, "facedown_follow", seat=3, frame=taken)
    # Once a phone follows it, Bernd's phone carries the table on.
    assert "follows this take-over already" in refused(table.phones[2], "facedown_keep_out")["en"]
    assert "taking no table over" in refused(table.phones[3], "facedown_keep_out")["en"]


@pytest.mark.cpython_only
def test_the_phone_taking_over_gone_too_before_its_welcome_another_takes_over_in_its_place(seeded_secrets: SeededSecrets) -> None:
    table, frame = bert_taking_over(89, 3)
    before = table.call(3, "facedown_state")["code"]
    (taken,) = table.call(3, "facedown_taken", frame=frame)["send"]
    (recode,) = table.call(2, "facedown_follow", seat=3, frame=taken)["send"]
    table.call(3, "facedown_recode", frame=recode)
    # Bernd's phone is gone too, before the new code is made: Carla's takes
    # the table over itself, from the table code it had before.
    table.away.add(2)
    table._reload({3}, 3)
    assert table.call(3, "facedown_state")["code"] is None
    out = table.call(3, "facedown_takeover")
    assert out["frame"]["epoch"] == 1 and out["frame"]["by"] == 3 and out["frame"]["computers"] == [1, 4]
    # Bernd's seat awaits its phone: none comes, and the computer takes it.
    assert out["state"]["taking"]["awaited"] == [2]
    assert before is not None
    done = table.call(3, "facedown_computer_seat", seat=2)["state"]
    assert done["taken"]["by"] == 3 and done["deal_ready"] and done["code"] not in (None, before)
    table.host, table.guests = 3, []
    table.deal()
    table.play_hand()
    checked_everywhere(table, 1)


@pytest.mark.cpython_only
def test_the_hosts_phone_gone_while_a_seat_changes_hands_the_change_is_dropped_and_the_table_taken_over(
    seeded_secrets: SeededSecrets,
) -> None:
    table = TakenTable("rheinland", 90, host={"games": 2, "options": {"start_marks": 1}})
    finish(table)
    # Between games Anne's phone gives Dora's seat to a new phone; Bernd's and
    # Carla's commit to their keys again, and Anne's phone is gone before the
    # new phone has scanned its code.
    (recode,) = table.call(1, "facedown_phone_seat", seat=4)["send"]
    for g in (2, 3):
        (commit,) = table.call(g, "facedown_recode", frame=recode)["send"]
        table.call(1, "facedown_seat", seat=g, commit=commit["commit"])
    codes = {table.call(s, "facedown_state")["code"] for s in (2, 3)}
    table.take_over(2)
    # The change that never came is dropped: Dora's seat stays the computer's,
    # now on Bernd's phone, and the next game is dealt to the phones there.
    assert [k["kind"] for k in table.phones[3].facedown.kinds] == ["bot", "human", "human", "bot"]  # type: ignore[union-attr]
    code = table.call(3, "facedown_state")["code"]
    assert code is not None and code == table.call(2, "facedown_state")["code"] and code not in codes
    assert table.state(3)["taken"]["game"] == 2
    table.again()
    table.play_hand()
    checked_everywhere(table, 1)
    # Bernd's phone may give the seat to the new phone now, as between any games.
    finish(table)
    (again,) = table.call(2, "facedown_phone_seat", seat=4)["send"]
    assert again["joining"] == [4]
