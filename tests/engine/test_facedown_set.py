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
reloaded in it plays on, a player's phone lost in it is played on by the
host's. The host's phone gone in the Hängeln, or after game 2, a guest's
takes the set over and the Hängeln is dealt (again) between the same two;
no seat changes hands within a set, in words, and nothing changes. Once
the set is decided the host deals another to the same phones ("Noch ein
Satz"), each phone its first game from the set it checked, and files it
as a new entry; until a hand of it is checked there, a phone's list and
file are the set decided. After a reload and after a take-over alike; a
save whose set before is none decided there is refused. Once decided, a
seat changes hands for the next set: the computer takes a guest's seat
whose phone left, or a new phone the computer's (one code each way), and
the next set is dealt, played to its end and filed alike on every phone,
the new one too; the set decided stays the entry it was."""

from __future__ import annotations

import copy
import json
import random
import zlib
from typing import Any

import pytest
from test_facedown import learnable
from test_facedown_bridge import PLAYERS, SeededSecrets, Table, refused, seeded_secrets
from test_facedown_seat_change import new_phone_at
from test_facedown_takeover import TakenTable

from schraem.bridge import Bridge
from schraem.club import club
from schraem.club.series import RengenSet
from schraem.core.game import Game

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

# One mark each: a game of the set is a hand or two.
SHORT = {"set": True, "options": {"start_marks": 1}}


# Dora, the computer, plays as much at random as the people here: she loses a game now and then and may play the Hängeln.
SET_PLAYERS = [*PLAYERS[:3], {"name": "Dora", "kind": "bot", "level": "random"}]


def finish_game(table: Table, seat: int = 1) -> None:
    """The game under way played to its end, hand after hand (as `seat`'s
    phone sees it: the host's, or after a take-over the new host's)."""
    table.play_hand()
    while not table.state(seat)["game_over"]:
        table.deal()
        table.play_hand()


def next_game(table: Table) -> None:
    out = table.call(1, "facedown_again")
    table.sent(1, out["send"])


def moves(table: Table, n: int) -> None:
    """`n` moves into the hand, none giving it up: the computer's where it
    wants to move, else a person's."""
    for _ in range(n):
        bot = table.call(table.host, "facedown_bot_step")
        if bot["bot_action"] is not None:
            table.sent(table.host, bot["send"])
            continue
        offers = [(s, a) for s in table.phones if s not in table.away for a in table.state(s)["legal"] if a["type"] != "pass"]
        s, a = table.rng.choice(offers)
        table.sent(s, table.call(s, "facedown_act", action=a)["send"])
    assert not table.state(table.host)["hand_over"]


def every_hand_checked(table: Table) -> None:
    for s in table.phones:
        st = table.state(s)
        assert st["verdicts"] and all(v["status"] == "checked" for v in st["verdicts"]), (s, st["verdicts"])


def alike(table: Table, key: str, phones: tuple[int, ...] | None = None) -> Any:
    """What every phone's state (or each of `phones`') says under `key`: the same on each."""
    seen = [table.state(s)[key] for s in (table.phones if phones is None else phones)]
    assert all(x == seen[0] for x in seen), (key, seen)
    return seen[0]


def said(table: Table) -> list[str]:
    """Every message of the hand under way, as the host's phone relayed it."""
    host = table.phones[1].facedown
    assert host is not None
    return [json.dumps(e["msg"]) for e in host.envelopes]


def kept(table: Table, seat: int) -> str:
    """What the phone of `seat` holds, as its save would say it."""
    fd = table.phones[seat].facedown
    assert fd is not None
    return json.dumps(fd.to_save())


# The set's two games are played once, their every hand checked on every phone as they go (`at_the_hangeln`);
# each test takes the table up from every phone's save as the Hängeln is dealt, its secrets and moves then its own.
SET_SEED = 8  # its Hängeln: Dora, the computer, and Carla; Anne's phone (the host's) and Bernd's watch
KEPT: dict[str, Any] = {}


def at_the_hangeln(seeded: SeededSecrets, name: str, kind: type[Table] = Table, before: bool = False) -> Table:
    """The set's table as the Hängeln is dealt (`before`: at the end of game
    2), every phone's app opened again from its save (the host's too)."""
    if not KEPT:
        seeded.rng.seed(SET_SEED)
        table = Table("rengen", SET_SEED, host=SHORT, players=SET_PLAYERS)
        two_games(table)
        KEPT["after_two"] = copy.deepcopy(table.saves)
        next_game(table)
        KEPT.update(saves=copy.deepcopy(table.saves), welcome=table.welcome)
    return opened(seeded, name, kind, KEPT["after_two" if before else "saves"])


def opened(seeded: SeededSecrets, name: str, kind: type[Table], saves: dict[int, dict[str, Any]]) -> Table:
    """The set's table from every phone's save, each app opened again."""
    seeded.rng.seed(zlib.crc32(name.encode()))
    table = object.__new__(kind)
    table.rng = random.Random(zlib.crc32(name.encode()))
    table.guests, table.away, table.welcome = [2, 3], set(), KEPT["welcome"]
    table.phones = {s: Bridge() for s in (1, 2, 3)}
    table.heard = {s: [] for s in table.phones}
    table.saves = copy.deepcopy(saves)
    for s in table.phones:
        table.sent(s, table.call(s, "facedown_load", save=table.saves[s])["send"])
    return table


def decided(seeded: SeededSecrets, name: str, kind: type[Table] = Table) -> Table:
    """The set's table once its Hängeln is played and checked on every
    phone (played once): the set decided, every phone's app opened again."""
    if "decided" not in KEPT:
        table = at_the_hangeln(seeded, "the Hängeln played")
        table.play_hand()
        every_hand_checked(table)
        assert alike(table, "set")["loser"] is not None
        KEPT["decided"] = copy.deepcopy(table.saves)
    return opened(seeded, name, kind, KEPT["decided"])


def two_games(table: Table) -> None:
    """The set's two games, every hand checked on every phone, the set's
    facts and entry the same on each after each game."""
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
    assert facts["hangeln_seats"] == [4, 3], facts


@pytest.mark.cpython_only
def test_a_rengen_set_face_down_is_dealt_checked_and_filed_alike_on_every_phone(seeded_secrets: SeededSecrets) -> None:
    table = at_the_hangeln(seeded_secrets, "a set")  # (secrets whose first moves leave the Hängeln running)
    pair, player, watcher = [4, 3], 3, 2
    # The Hängeln is dealt by every phone of the table: its two players' first, then the others.
    for s in table.phones:
        st = table.state(s)
        assert st["game"] == 3 and st["set"]["in_hangeln"] and st["phase"] in ("dealing", "playing")
        assert st["hangeln_seat"] == (pair.index(s) + 1 if s in pair else None)
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [*pair, *(t for t in (1, 2, 3, 4) if t not in pair)]
        assert all(local.st.plan.seats == 4 and local.st.plan.game_seats == 2 for local in fd.locals.values())
    # A few moves, then what every phone shows and holds is searched.
    moves(table, 3)
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


@pytest.mark.cpython_only
def test_a_set_taken_over_in_its_hangeln_deals_the_hangeln_again_and_ends_alike_on_both_phones(seeded_secrets: SeededSecrets) -> None:
    table = at_the_hangeln(seeded_secrets, "take-over", TakenTable)
    assert isinstance(table, TakenTable)
    moves(table, 2)
    # Anne's phone (the host's, watching) is gone for good; Bernd's (watching too) takes the table over, Carla's follows.
    welcome = table.take_over(2)
    assert (welcome["game"], welcome["dropped"]) == (3, 1)
    for s in (2, 3):
        state = table.state(s)
        assert state["host"] == 2 and state["taking"] is None and state["set"]["in_hangeln"]
        assert state["taken"]["de"] == "Bernd hat den Tisch von Platz 1: Anne übernommen: Spiel 1 wird neu gegeben"
    kinds = table.phones[2].facedown.kinds  # type: ignore[union-attr]
    assert [k["kind"] for k in kinds] == ["bot", "human", "human", "bot"]
    # The Hängeln dealt again between the same two, by every seat of the table: Bernd's phone deals for
    # its own seat and, as the computer, for Anne's and Dora's; Dora and Carla play it, the others watch.
    table.deal()
    for s in (2, 3):
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [4, 3, 1, 2] and fd.epoch == 1
    assert sorted(table.phones[2].facedown.locals) == [1, 2, 4]  # type: ignore[union-attr]
    assert table.state(2)["hangeln_seat"] is None and table.state(3)["hangeln_seat"] == 2
    moves(table, 1)
    table.reload(2)  # the new host's app closed and opened again mid-Hängeln: it goes on
    table.play_hand()
    for s in (2, 3):
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"
    facts = [table.state(s)["set"] for s in (2, 3)]
    assert facts[0] == facts[1] and facts[0]["over"] and facts[0]["loser"] in (3, 4)
    filed = [table.state(s)["filed"] for s in (2, 3)]
    assert filed[0] == filed[1] and filed[0]["set"] == facts[0]
    # Every game of the set in the entry: the old host's two and the Hängeln dealt after the take-over.
    assert len(filed[0]["save"]["set"]["finished"]) == 2 and filed[0]["save"]["record"]["players"][0]["name"] == "Dora"


@pytest.mark.cpython_only
def test_a_set_taken_over_after_its_second_game_deals_the_hangeln_of_the_same_two(seeded_secrets: SeededSecrets) -> None:
    table = at_the_hangeln(seeded_secrets, "after game 2", TakenTable, before=True)
    assert isinstance(table, TakenTable)
    welcome = table.take_over(3)  # Carla's phone, which plays the Hängeln
    assert (welcome["game"], welcome["dropped"]) == (3, None)
    assert Game.from_record(welcome["record"]).names == ["Dora", "Carla"]
    for s in (2, 3):
        assert table.state(s)["taken"]["en"] == "Carla took the table over from seat 1: Anne: game 3 is dealt"
    table.again()
    for s in (2, 3):
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [4, 3, 1, 2] and fd.game == 3
        assert table.state(s)["set"]["in_hangeln"] and table.state(s)["hangeln_seat"] == (2 if s == 3 else None)
    # Carla's phone plays its own seat and, as the computer, Dora's in the Hängeln and Anne's watching.
    assert sorted(table.phones[3].facedown.locals) == [1, 3, 4]  # type: ignore[union-attr]
    table.play_hand()
    assert [table.call(s, "facedown_verdict", hand=1)["status"] for s in (2, 3)] == ["checked"] * 2


@pytest.mark.cpython_only
def test_a_hangeln_players_phone_lost_is_played_on_by_the_hosts_and_the_hangeln_checked(seeded_secrets: SeededSecrets) -> None:
    table = at_the_hangeln(seeded_secrets, "Carla lost", Table)
    moves(table, 2)
    table.away.add(3)
    gone = table.call(1, "facedown_gone", seat=3)
    table.sent(1, gone["send"])
    for s in (1, 2):
        said = table.state(s)["gone"]
        assert said["seat"] == 3 and not said["void"] and "Carla" in said["en"], said
    table.play_hand()
    for s in (1, 2):
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked", s
    facts = [table.state(s)["set"] for s in (1, 2)]
    assert facts[0] == facts[1] and facts[0]["over"]


# A set's first game, dealt and none of it played: where every phone's set stands.
FRESH = {
    "games": [{"winner": None, "loser": None, "over": False}],
    "hangeln_seats": None,
    "in_hangeln": False,
    "loser": None,
    "over": False,
}


def another_set_dealt(table: Table, phones: list[int], before: dict[str, Any]) -> None:
    """Every phone in `phones` at the first game of another set (game 4):
    its own set begins there, the same players at the same seats, dealt by
    the winner of the set before's second game; nothing of it filed yet."""
    for s in phones:
        st = table.state(s)
        fd = table.phones[s].facedown
        assert fd is not None and fd.set_start == 4 and fd.order is None
        assert st["game"] == 4 and st["hand"] == 1 and st["set"] == FRESH and st["filed"] is None, (s, st["set"])
        assert st["seat"] == s and st["hangeln_seat"] is None
        assert table.saves[s]["set"] == {"start": 4, "before": 1}
        game = Game.from_record(table.saves[s]["record"])
        assert game.names == [p["name"] for p in SET_PLAYERS] and game.hand is None
        assert game.first_dealer + 1 == before["set"]["games"][1]["winner"]


def set_before_in_sight(table: Table, phones: list[int], before: dict[str, Any]) -> None:
    """Every phone in `phones`, none of the new set's hands checked there
    yet: its Spielliste and file are still the set decided before (its two
    games and Hängeln, its loser), as its entry `before` keeps it."""
    for s in phones:
        lists = table.call(s, "facedown_lists")
        assert lists == club.lists_of(before["save"]), s
        assert [e["game"] for e in lists["lists"]] == [1, 2, 3] and lists["set"]["loser"] == before["set"]["loser"] is not None
        assert table.call(s, "facedown_export") == club.export_of(before["save"], False), s


@pytest.mark.cpython_only
def test_a_set_decided_the_host_deals_another_to_the_same_phones_filed_as_a_new_entry(seeded_secrets: SeededSecrets) -> None:
    # While the set is not decided no seat changes hands: each game's loser plays the Hängeln in person. In
    # words, on the host's phone and on a guest's (from the games it checked), and nothing changes.
    table = at_the_hangeln(seeded_secrets, "not decided", before=True)
    held = {s: kept(table, s) for s in table.phones}
    for cmd, seat in (("facedown_phone_seat", 4), ("facedown_computer_seat", 3), ("facedown_phone_seat", 3)):
        words = refused(table.phones[1], cmd, seat=seat, name="Eve")
        assert "in einem Rengen-Satz spielt jeder Platz bis zum Ende des Satzes: wer eine Spielrunde verliert" in words["de"], words
        assert "in a Rengen set every seat plays to the set's end: whoever loses a game plays the Hängeln in person" in words["en"], words
    recode = {"type": "recode", "game": 2, "joining": [4], "computers": [4]}
    assert "plays the Hängeln in person" in refused(table.phones[2], "facedown_recode", frame=recode)["en"]
    assert {s: kept(table, s) for s in table.phones} == held
    assert alike(table, "joining") == [] and table.state(1)["deal_ready"]
    # The host's next deal is the set's own: after game 2, its Hängeln.
    next_game(table)
    for s in table.phones:
        fd = table.phones[s].facedown
        assert fd is not None and fd.set_start == 1 and table.state(s)["set"]["in_hangeln"]
    table = decided(seeded_secrets, "another set")
    old = alike(table, "filed")
    name = table.phones[1].facedown.table[:24]  # type: ignore[union-attr]
    assert old["id"] == f"set-facedown-{name}-1" and old["set"]["over"]
    # A guest's phone deals nothing; the host's deals another set's first game to the same phones, no code.
    assert refused(table.phones[2], "facedown_again")
    code = alike(table, "code")
    next_game(table)
    another_set_dealt(table, [1, 2, 3], old)
    assert alike(table, "code") == code
    # Until a hand of the new set is checked on a phone, its list and file are the set decided.
    set_before_in_sight(table, [1, 2, 3], old)
    # Into its first hand, the host's app and a guest's closed and opened again: each goes on in the new set,
    # the set decided still in sight.
    moves(table, 2)
    table.reload(2)
    table.reload(1)
    for s in table.phones:
        fd = table.phones[s].facedown
        assert fd is not None and fd.set_start == 4 and table.state(s)["set"] == FRESH
    set_before_in_sight(table, [1, 2], old)
    # A save whose set before is not one decided right before this set is refused in words, the phone as it was.
    state = table.state(3)
    for bad in ("1", True, 0, 2, 9):
        save = copy.deepcopy(table.saves[3])
        save["set"]["before"] = bad
        words = refused(table.phones[3], "facedown_load", save=save)
        assert "der Satz vor diesem in der Sicherung ist unlesbar" in words["de"], (bad, words)
        assert "the set before this one in the save is unreadable" in words["en"], (bad, words)
        assert table.state(3) == state
    set_before_in_sight(table, [3], old)
    # Its first hand checked on every phone: the list and the file are the new set's.
    table.play_hand()
    every_hand_checked(table)
    for s in table.phones:
        lists, file = table.call(s, "facedown_lists"), table.call(s, "facedown_export")["file"]
        assert len(lists["lists"]) == 1 and len(lists["lists"][0]["list"]["lines"]) == 1 and lists["set"] == table.state(s)["set"]
        assert len(file["games"]) == 1 and len(file["games"][0]["hands"]) == 1 and file["hangeln"] is None
    while not table.state(1)["game_over"]:
        table.deal()
        table.play_hand()
    every_hand_checked(table)
    facts = alike(table, "set")
    assert len(facts["games"]) == 1 and facts["games"][0]["over"] and facts["loser"] is None
    # The new set files as an entry of its own: the set before, filed under its id, is not filed over.
    filed = alike(table, "filed")
    assert filed["id"] == f"set-facedown-{name}-4" != old["id"] and filed["game"] == 4 and filed["set"] == facts
    assert filed["save"]["set"]["finished"] == [] and Game.from_record(filed["save"]["record"]).game_over
    assert table.call(3, "facedown_lists") == club.lists_of(filed["save"])
    # Its second game comes next, dealt by the first's winner, as in any set.
    next_game(table)
    for s in table.phones:
        st = table.state(s)
        assert st["game"] == 5 and len(st["set"]["games"]) == 2 and table.saves[s]["set"] == {"start": 4, "before": 1}
        assert Game.from_record(table.saves[s]["record"]).first_dealer + 1 == facts["games"][0]["winner"]
    # Its Hängeln, as the first set's: between the two losers of its own games, dealt by every phone.
    finish_game(table)
    every_hand_checked(table)
    assert alike(table, "set")["hangeln_seats"] == [4, 1]
    next_game(table)
    for s in table.phones:
        st, fd = table.state(s), table.phones[s].facedown
        assert fd is not None and fd.order == [4, 1, 2, 3] and st["game"] == 6 and st["set"]["in_hangeln"]
        assert st["hangeln_seat"] == (2 if s == 1 else None)
    table.play_hand()
    every_hand_checked(table)
    facts = alike(table, "set")
    assert facts["over"] and facts["loser"] in (1, 4)
    filed = alike(table, "filed")
    assert filed["id"] == f"set-facedown-{name}-4" and filed["game"] == 6 and filed["set"] == facts


@pytest.mark.cpython_only
def test_a_set_decided_and_taken_over_goes_on_with_another_set(seeded_secrets: SeededSecrets) -> None:
    table = decided(seeded_secrets, "taken over after the set", TakenTable)
    assert isinstance(table, TakenTable)
    old = table.state(2)["filed"]
    # Anne's phone (the host's) is gone for good; Bernd's takes the table over, Carla's follows.
    welcome = table.take_over(2, reload={3})
    assert (welcome["game"], welcome["dropped"]) == (4, None)
    assert Game.from_record(welcome["record"]).names == [p["name"] for p in SET_PLAYERS]
    for s in (2, 3):
        assert table.state(s)["taken"]["en"] == "Bernd took the table over from seat 1: Anne: game 4 is dealt"
        kept = table.state(s)["filed"]  # the set before stands until another begins
        assert (kept["id"], kept["set"]) == (old["id"], old["set"])
    table.again()
    another_set_dealt(table, [2, 3], old)
    table.reload(3)
    set_before_in_sight(table, [2, 3], old)
    table.play_hand()
    for s in (2, 3):
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"
        assert table.saves[s]["set"] == {"start": 4, "before": 1}
    assert table.state(2)["set"] == table.state(3)["set"] and len(table.state(2)["set"]["games"]) == 1


def play_set(table: Table) -> dict[str, Any]:
    """The set whose first game is dealt, played to its end: its two games
    and, where their losers differ, its Hängeln, every hand checked on
    every phone. → its facts, the same on every phone."""
    finish_game(table)
    every_hand_checked(table)
    next_game(table)
    finish_game(table)
    every_hand_checked(table)
    if not alike(table, "set")["over"]:
        next_game(table)
        assert alike(table, "set")["in_hangeln"]
        finish_game(table)
        every_hand_checked(table)
    facts = alike(table, "set")
    assert facts["over"] and facts["loser"] is not None
    return facts


@pytest.mark.cpython_only
def test_a_set_decided_the_computer_takes_a_guests_seat_and_the_next_set_is_played_on_the_phones_left(
    seeded_secrets: SeededSecrets,
) -> None:
    """Carla's phone leaves once the set is decided; the computer takes her
    seat for the next set, as "Rechner". Bernd's phone commits again; the
    next set is dealt by the two phones, the host's playing Dora and
    Rechner, played to its end and filed alike on both. The set decided
    stays the entry it was: Carla played it."""
    table = decided(seeded_secrets, "the computer at Carla's seat")
    old = alike(table, "filed")
    name = table.phones[1].facedown.table[:24]  # type: ignore[union-attr]
    code = alike(table, "code")
    table.away.add(3)
    table.guests.remove(3)
    del table.phones[3]
    recode = table.call(1, "facedown_computer_seat", seat=3, name="Rechner")["send"]
    assert recode == [{"type": "recode", "game": 3, "joining": [3], "computers": [3], "names": {"3": "Rechner"}}]
    table.reload(1)  # the host's app closed and opened again while the new code is made
    (frame,) = table.call(2, "facedown_recode", frame=recode[0])["send"]
    commits = table.call(1, "facedown_seat", seat=2, commit=frame["commit"])["commits"]
    reveal = table.call(2, "facedown_commits", frame=commits)["reveal"]
    welcome = table.call(1, "facedown_reveal", seat=2, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
    assert welcome["game"] == 4 and welcome["seats"][2]["kind"] == "bot"
    table.call(2, "facedown_welcome", frame=welcome)
    assert alike(table, "code") not in (None, code)
    assert alike(table, "filed") == old and old["save"]["set"]["seats"][2] == {"kind": "human"}
    next_game(table)
    for s in table.phones:
        st, fd = table.state(s), table.phones[s].facedown
        assert fd is not None and fd.set_start == 4 and table.saves[s]["set"] == {"start": 4, "before": 1}
        assert st["game"] == 4 and st["set"] == FRESH and st["filed"] is None
        assert [p["name"] for p in st["view"]["players"]] == ["Anne", "Bernd", "Rechner", "Dora"], s
    assert sorted(table.phones[1].facedown.bots()) == [3, 4]  # type: ignore[union-attr]
    set_before_in_sight(table, [1, 2], old)
    moves(table, 2)
    table.reload(1)  # and again mid-hand
    facts = play_set(table)
    filed = alike(table, "filed")
    assert filed["id"] == f"set-facedown-{name}-4" != old["id"] and filed["set"] == facts
    assert [k["kind"] for k in filed["save"]["set"]["seats"]] == ["human", "human", "bot", "bot"]
    assert table.call(2, "facedown_lists") == table.call(1, "facedown_lists") == club.lists_of(filed["save"])


@pytest.mark.cpython_only
def test_a_set_decided_a_new_phone_takes_a_seat_and_deals_the_next_set_with_the_others(seeded_secrets: SeededSecrets) -> None:
    """Carl's phone takes the computer Dora's seat once the set is decided,
    with the table code's round: its welcome gives it the next set from its
    first game (no set before it in sight), every phone deals that set with
    Carl at seat 4, and it is played to its end and filed alike on all
    four phones; the new phone's app and the host's are reloaded in it."""
    table = decided(seeded_secrets, "Carl at Dora's seat")
    old = alike(table, "filed")
    # The seats that may change hands are the table's, named so on every phone: the Hängeln's view names its two.
    assert alike(table, "names") == ["Anne", "Bernd", "Carla", "Dora"] and len(table.state(1)["view"]["players"]) == 2
    name = table.phones[1].facedown.table[:24]  # type: ignore[union-attr]
    code = alike(table, "code")
    welcome = new_phone_at(table, 4, name="Carl")
    assert table.state(4)["names"] is None  # not at the table before its welcome
    assert welcome["game"] == 4 and welcome["set"] is True and "series" not in welcome and "again" not in welcome
    first = Game.from_record(welcome["record"])
    assert first.names == ["Anne", "Bernd", "Carla", "Carl"] and first.hand is None
    assert first.first_dealer + 1 == old["set"]["games"][1]["winner"]
    for g in table.guests:
        table.call(g, "facedown_welcome", frame=welcome)
    assert alike(table, "code") not in (None, code)
    for s in (1, 2, 3):
        assert table.state(s)["filed"] == old, s
    fd = table.phones[4].facedown
    assert fd is not None and (fd.game, fd.set_start, fd.set_before) == (4, 4, None) and table.state(4)["set"] == FRESH
    next_game(table)
    for s in table.phones:
        st = table.state(s)
        assert st["game"] == 4 and st["phase"] in ("dealing", "playing") and st["set"] == FRESH, s
        assert [p["name"] for p in st["view"]["players"]] == st["names"] == ["Anne", "Bernd", "Carla", "Carl"], s
        assert table.saves[s]["set"] == ({"start": 4} if s == 4 else {"start": 4, "before": 1}), s
    assert table.phones[1].facedown.bots() == {}  # type: ignore[union-attr]
    moves(table, 2)
    table.reload(4)
    table.reload(1)
    facts = play_set(table)
    filed = alike(table, "filed")
    assert filed["id"] == f"set-facedown-{name}-4" and filed["set"] == facts
    assert [k["kind"] for k in filed["save"]["set"]["seats"]] == ["human"] * 4
    lists = [table.call(s, "facedown_lists") for s in table.phones]
    assert all(x == lists[0] for x in lists) and lists[0] == club.lists_of(filed["save"])
