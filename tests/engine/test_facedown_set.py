"""A Rengen set at a face-down table (bridge/facedown_set.py, docs/PHONE_TABLE.md
"Cards face down on every phone"), driven as the shell drives it, with the
phones of test_facedown_bridge.py: a host's phone, two guests' phones and a
computer seat played by the host's phone.

Its two games at the full table, then the Hängeln of the two first-out
losers, dealt by every phone of the table: its players' phones first, the
others watching (every card played, no hand, the hand checked). Every phone
makes the set's next game, the Hängeln and who plays it from the games it
checked itself; the set's facts, list and history entry are the same on
every phone, and what an ordinary table makes of the same games. A watcher's
action is refused, no phone can open a hidden card of the Hängeln, a phone
reloaded in it plays on; a set decided deals nothing more, and a take-over
of a set face down is refused in words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_facedown import learnable
from test_facedown_bridge import PLAYERS, SeededSecrets, Table, refused, seeded_secrets

from schraem.bridge import Bridge
from schraem.club import club
from schraem.club.series import RengenSet
from schraem.core.game import Game

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

# One mark each: a game of the set is a hand or two.
SHORT = {"set": True, "options": {"start_marks": 1}}


# Dora, the computer, plays as much at random as the people here: she loses a game now and then and may play the Hängeln.
SET_PLAYERS = [*PLAYERS[:3], {"name": "Dora", "kind": "bot", "level": "random"}]


def finish_game(table: Table) -> None:
    """The game under way played to its end, hand after hand."""
    table.play_hand()
    while not table.state(1)["game_over"]:
        table.deal()
        table.play_hand()


def next_game(table: Table) -> None:
    out = table.call(1, "facedown_again")
    table.sent(1, out["send"])


def every_hand_checked(table: Table) -> None:
    for s in table.phones:
        st = table.state(s)
        assert st["verdicts"] and all(v["status"] == "checked" for v in st["verdicts"]), (s, st["verdicts"])


def alike(table: Table, key: str) -> Any:
    """What every phone's state says under `key`: the same on each."""
    seen = [table.state(s)[key] for s in table.phones]
    assert all(x == seen[0] for x in seen), (key, seen)
    return seen[0]


def said(table: Table) -> list[str]:
    """Every message of the hand under way, as the host's phone relayed it."""
    host = table.phones[1].facedown
    assert host is not None
    return [json.dumps(e["msg"]) for e in host.envelopes]


@pytest.mark.cpython_only
def test_a_rengen_set_face_down_is_dealt_checked_and_filed_alike_on_every_phone(seeded_secrets: SeededSecrets) -> None:
    table = Table("rengen", SET_SEED, host=SHORT, players=SET_PLAYERS)
    assert table.welcome["set"] is True
    table.deal()
    facts = alike(table, "set")
    assert facts == {
        "games": [{"winner": None, "loser": None, "over": False}],
        "hangeln_seats": None,
        "in_hangeln": False,
        "loser": None,
        "over": False,
    }
    for game in (1, 2):
        finish_game(table)
        every_hand_checked(table)
        facts = alike(table, "set")
        assert len(facts["games"]) == game and facts["games"][-1]["over"]
        filed = alike(table, "filed")
        assert filed["id"].startswith("set-facedown-") and filed["game"] == game and filed["set"] == facts
        if game == 1:
            next_game(table)
            # Each phone made game 2 from game 1 as it checked it: dealt first by its winner.
            for s in table.phones:
                assert Game.from_record(table.saves[s]["record"]).first_dealer + 1 == facts["games"][0]["winner"]
    pair = facts["hangeln_seats"]
    # The seed makes the computer and a guest play the Hängeln; the host's phone and the other guest's watch.
    assert pair is not None and 4 in pair and 1 not in pair, facts
    player = next(s for s in pair if s != 4)
    watcher = next(s for s in (2, 3) if s not in pair)
    next_game(table)
    # The Hängeln is dealt by every phone of the table: its two players' first, then the others.
    for s in table.phones:
        st = table.state(s)
        assert st["game"] == 3 and st["set"]["in_hangeln"] and st["phase"] in ("dealing", "playing")
        assert st["hangeln_seat"] == (pair.index(s) + 1 if s in pair else None)
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [*pair, *(t for t in (1, 2, 3, 4) if t not in pair)]
        assert all(local.st.plan.seats == 4 and local.st.plan.game_seats == 2 for local in fd.locals.values())
    # A few moves, then what every phone shows and holds is searched.
    for _ in range(3):
        assert table.step()
    assert not table.state(1)["hand_over"]
    for s in (1, watcher):
        st = table.state(s)
        # A watcher sees the Hängeln from no seat: the table, every card played, no hand.
        assert st["view"]["seat"] is None and st["view"]["my_cards"] is None and st["legal"] == []
        assert [p["name"] for p in st["view"]["players"]] == [SET_PLAYERS[t - 1]["name"] for t in pair]
    # No phone can open a card of the Hängeln it may not see: the watchers none, each player none but its own.
    for s in table.phones:
        fd = table.phones[s].facedown
        assert fd is not None
        for local in fd.locals.values():
            assert learnable(local.st.phone, said(table)) == {}, (s, local.st.seat)
    assert not table.phones[watcher].facedown.own().st.phone.cards  # type: ignore[union-attr]
    # The watcher's and the player's apps closed and opened again mid-Hängeln: each goes on where it was.
    before = {s: table.state(s)["view"] for s in (player, watcher)}
    table.reload(watcher)
    table.reload(player)
    assert {s: table.state(s)["view"] for s in (player, watcher)} == before
    # The watcher's person's action is refused in words, and nothing is sent.
    words = refused(table.phones[watcher], "facedown_act", action={"seat": 1, "type": "look"})
    assert "does not play in the Hängeln: this phone only watches" in words["en"], words
    # A message signed in the watcher's name with an action (its app changed) is refused by the relay,
    # in the log, and taken by no phone: the hand goes on and is checked on every phone.
    fd = table.phones[watcher].facedown
    assert fd is not None and fd.own() is not None
    me = fd.own().st.seat  # type: ignore[union-attr]
    forged = fd.own().st.log.seal({"kind": "act", "seat": me, "action": {"seat": me, "type": "look"}})  # type: ignore[union-attr]
    table.sent(watcher, [fd._said(forged)])
    assert [r["action"] for r in table.state(watcher)["refused"]] == [{"seat": me, "type": "look"}]
    table.play_hand()
    every_hand_checked(table)
    facts = alike(table, "set")
    assert facts["over"] and facts["in_hangeln"] and facts["loser"] in pair
    filed = alike(table, "filed")
    assert filed["game"] == 3 and filed["set"] == facts and filed["id"] == f"set-facedown-{table.phones[1].facedown.table[:24]}-1"  # type: ignore[union-attr]
    # Each phone's set is the one of the games in its own save, read as any kept set.
    for s in table.phones:
        kept = table.saves[s]["finished"]
        rset = RengenSet.from_json({"format": "schraem-set/1", "games": kept[:2], "hangeln": kept[2]})
        assert club.set_facts(rset) == facts
        assert table.call(s, "facedown_lists") == club.lists(None, rset.hangeln, rset)  # type: ignore[arg-type]
    # The entry is what an ordinary table keeps of a set (without a seed: the cards came from the phones): the
    # history reads its list, and an ordinary table loads it, with the same facts and list.
    assert club.lists_of(filed["save"]) == table.call(3, "facedown_lists")
    ordinary = Bridge()
    save = dict(filed["save"], table=dict(filed["save"]["table"], seed=0))
    loaded = json.loads(ordinary.handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": save}})))
    assert loaded["ok"], loaded
    assert loaded["result"]["set"] == facts
    assert json.loads(ordinary.handle(json.dumps({"id": 2, "cmd": "lists", "args": {}})))["result"] == table.call(2, "facedown_lists")
    files = [table.call(s, "facedown_export") for s in table.phones]
    assert all(f == files[0] for f in files) and files[0]["file"]["hangeln"] is not None
    # The set is decided: nothing more is dealt, in words.
    assert "the set is decided" in refused(table.phones[1], "facedown_again")["en"]


SET_SEED = 4  # its Hängeln: Dora, the computer, and Bernd
