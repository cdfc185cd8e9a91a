"""A face-down table that lasts the evening (bridge/facedown_table.py,
docs/PHONE_TABLE.md "Cards face down"), driven as the shell drives it, with
the phones of test_facedown_bridge.py.

"Nochmal" deals the next game to the same phones, and every phone files
each finished game alike; a hand void before its deal is dealt again as a
fresh round of the protocol, nothing of the void round standing in it; a
phone said gone that comes back names nobody for what the host's phone
said in its seat's name."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_facedown_bridge import SeededSecrets, Table, gone, phone_of, refused, seeded_secrets

from schraem.bridge import Bridge

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator


def play_game(table: Table) -> int:
    """Hands dealt and played until the game is over; how many."""
    hands = 0
    while not table.state(1)["game_over"]:
        table.deal()
        table.play_hand()
        hands += 1
        assert hands < 12
    return hands


@pytest.mark.cpython_only
def test_nochmal_deals_the_next_game_to_the_same_phones_and_every_phone_files_each_game_alike(seeded_secrets: SeededSecrets) -> None:
    seeded_secrets.rng.seed(31)  # a game of two hands or more
    table = Table("rheinland", 31, marks=2, stakes={"per_mark": 10})
    code = table.state(1)["code"]
    table.deal()
    assert all(table.state(s)["stakes"] == {"per_mark": 10} and table.state(s)["money"] is None for s in table.phones)
    assert "the hand is still being played" in refused(table.phones[1], "facedown_again")["en"]
    table.play_hand()
    assert "the game is still running" in refused(table.phones[1], "facedown_again")["en"]
    play_game(table)
    filed = [table.state(s)["filed"] for s in table.phones]
    assert filed[0] is not None and filed[0] == filed[1] == filed[2]
    assert filed[0]["game"] == 1 and filed[0]["id"].endswith("-1")
    # Played for money: what it cost whom, the same on every phone, from the game each checked.
    money = [table.state(s)["money"] for s in table.phones]
    assert money[0] is not None and money[0] == money[1] == money[2] and sum(money[0]["net"]) == 0 and any(money[0]["net"])
    players = filed[0]["record"]["players"]
    assert [p.get("kind", "human") for p in players] == ["human", "human", "human", "bot"] and players[3]["level"] == "easy"
    assert "the game is over; 'Again' deals the next" in refused(table.phones[1], "facedown_next_hand")["en"]
    assert "the host's phone deals the next game" in refused(table.phones[2], "facedown_again")["en"]
    assert table.state(1)["game"] == 1
    out = table.call(1, "facedown_again")
    first = out["send"][0]
    assert (first["game"], first["retry"], first["hand"], first["env"]["pos"]) == (2, 0, 1, 1)
    table.sent(1, out["send"])
    for s in table.phones:
        state = table.state(s)
        assert (state["game"], state["hand"], state["phase"], state["filed"]) == (2, 1, "playing", None), s
        assert (state["stakes"], state["money"]) == ({"per_mark": 10}, None)
        assert state["verdicts"] == []
    # The new game's rounds are bound to its number: its hand 1 is not game 1's.
    contexts = {t.facedown.locals[s].st.plan.context for s, t in table.phones.items()}  # type: ignore[union-attr]
    assert len(contexts) == 1 and table.phones[2].facedown.round_name(2, 0) != table.phones[2].facedown.table  # type: ignore[union-attr]
    for _ in range(2):
        table.step()
    table.reload(2)  # a guest's app closed and opened again in game 2
    assert table.state(2)["game"] == 2
    # The keys are the table's: the code the people compared stays, on every phone.
    assert code is not None and all(table.state(s)["code"] == code for s in table.phones)
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"
    # Game 1 stays filed in every phone's save, the same on each.
    kept = [table.saves[s]["finished"] for s in table.phones]
    assert len(kept[0]) == 1 and kept[0] == kept[1] == kept[2] == [filed[0]["record"]]


@pytest.mark.cpython_only
def test_a_person_whose_phone_is_lost_mid_game_is_filed_as_that_person_and_the_next_game_as_the_computer(
    seeded_secrets: SeededSecrets,
) -> None:
    """Carla's phone is lost in the first hand of a game of several: the
    host's phone plays her seat on, and from the next hand as a computer
    seat. The game is still hers, as a stand-in's is at the ordinary table
    (her statistics, the kitty); the next game, the computer's from its
    start, is the computer's."""
    seeded_secrets.rng.seed(31)  # a game of two hands or more
    table = Table("rheinland", 31, marks=2)
    table.deal()
    for _ in range(2):
        table.step()
    gone(table, 3)
    table.play_hand()
    table.deal()  # hand 2: seat 3 a computer seat of the host's phone
    assert table.saves[1]["seats"][2]["kind"] == "bot" and table.saves[2]["seats"][2]["kind"] == "bot"
    table.reload(2)  # who sat where as the game began is kept
    table.reload(1)
    table.play_hand()
    play_game(table)
    filed = [table.state(s)["filed"] for s in (1, 2)]
    assert filed[0] is not None and filed[0] == filed[1] and filed[0]["game"] == 1
    players = filed[0]["record"]["players"]
    assert [p["name"] for p in players] == ["Anne", "Bernd", "Carla", "Dora"]
    assert [p.get("kind", "human") for p in players] == ["human", "human", "human", "bot"]
    table.sent(1, table.call(1, "facedown_again")["send"])  # game 2's first hand
    table.play_hand()
    play_game(table)
    again = [table.state(s)["filed"] for s in (1, 2)]
    assert again[0] is not None and again[0] == again[1] and again[0]["game"] == 2
    assert [p.get("kind", "human") for p in again[0]["record"]["players"]] == ["human", "human", "bot", "bot"]
    # Game 1 as filed stays in every save; a save whose seats as the game began are damaged is refused in words.
    assert table.saves[1]["finished"][0] == table.saves[2]["finished"][0] == filed[0]["record"]
    assert len(table.saves[2]["started"]) == 4
    damaged = dict(table.saves[2], started=table.saves[2]["started"][:3])
    assert refused(Bridge(), "facedown_load", save=damaged)["en"].endswith("(the seats as the game began are unreadable).")


@pytest.mark.cpython_only
def test_a_guest_takes_no_next_game_before_its_own_is_over() -> None:
    # A host that would start the next game early is refused by every guest:
    # each makes the next game itself from its own checked one.
    table = Table("rheinland", 44)
    table.deal()
    table.play_hand()
    frame = dict(table.call(1, "facedown_resend", **{"from": 1})["send"][0], game=2, retry=0, hand=1)
    assert "the game is still running" in refused(table.phones[2], "facedown_receive", frame=frame)["en"]


@pytest.mark.cpython_only
def test_a_hand_void_before_its_deal_is_dealt_again_as_a_fresh_round_with_the_phones_still_there() -> None:
    table = Table("rheinland", 42)
    table.away.add(3)  # its key never comes
    code = table.state(1)["code"]
    hand = table.deal()
    host, guest = table.phones[1].facedown, table.phones[2].facedown
    assert host is not None and guest is not None
    void_round = {s: (phone_of(table.phones[s], s).secret, host.locals[1].st.plan.context) for s in (1, 2)}
    said = [json.loads(t) for t in table.heard[2]]
    old_key = next(f for f in said if f["type"] == "msg" and f["msg"]["kind"] == "key")
    gone(table, 3)
    for s in (1, 2):
        state = table.state(s)
        assert state["verdict"]["status"] == "void" and state["redeal"] is True
    out = table.call(1, "facedown_next_hand")
    first = out["send"][0]
    # The same hand again, a round of its own; seat 3 is now a computer seat of the host's phone.
    assert (first["game"], first["retry"], first["hand"]) == (1, 1, hand) and list(first["computers"]) == ["3"]
    table.sent(1, out["send"])
    for s in (1, 2):
        st = table.phones[s].facedown.locals[s].st  # type: ignore[union-attr]
        secret, context = void_round[s]
        assert st.phone.secret != secret and st.plan.context != context  # fresh secrets, a fresh round
        assert table.state(s)["phase"] == "playing" and table.state(s)["left"] == [3]
        assert table.state(s)["code"] == code  # the table's code, though seat 3's key is the host's now
    # What guest 2 said in the void round does not stand in this one.
    replay = dict(old_key)
    assert "belongs to hand" in refused(table.phones[1], "facedown_relay", seat=2, frame=replay)["en"]
    replay.update(retry=1)
    assert "not come signed" in refused(table.phones[1], "facedown_relay", seat=2, frame=replay)["en"]
    table.play_hand()
    for s in (1, 2):
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "checked", v


@pytest.mark.cpython_only
def test_a_phone_said_gone_that_comes_back_names_nobody_for_its_stand_in() -> None:
    table = Table("rheinland", 40)
    hand = table.deal()
    look = {"seat": 3, "type": "look"}
    table.sent(3, table.call(3, "facedown_act", action=look)["send"])
    gone(table, 3)
    for _ in range(3):
        table.step()
    # Guest 3's app opens again with its save and the host sends it what it missed.
    table.phones[3] = Bridge()
    back = table.call(3, "facedown_load", save=table.saves[3])
    for frame in back["send"]:  # what it said and was not relayed: the host takes none of it now
        assert "not come signed" in refused(table.phones[1], "facedown_relay", seat=3, frame=frame)["en"]
    received = back["state"]["received"]
    for frame in table.call(1, "facedown_resend", **{"from": received + 1})["send"]:
        assert table.call(3, "facedown_receive", frame=frame)["send"] == []
    table.away.discard(3)
    table.play_hand()
    words = refused(table.phones[3], "facedown_act", action={"seat": 3, "type": "hold"})
    assert "no hand is being played" in words["en"]
    v: dict[str, Any] = table.call(3, "facedown_verdict", hand=hand)
    assert (v["status"], v["seat"]) == ("unchecked", None), v
    assert v["en"].startswith("not checked – this phone was said gone after move ")
    assert v["en"].endswith("; the host's phone played seat 3 (Carla) to its end")
    for s in (1, 2):
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
