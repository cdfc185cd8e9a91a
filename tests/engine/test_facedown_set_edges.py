"""A Rengen set at a face-down table (bridge/facedown_set.py, docs/PHONE_TABLE.md
"A Rengen set face down") at its edges, driven as the shell drives it with
the phones of test_facedown_bridge.py.

A set of two phones: its Hängeln between the host and the guest, the guest
first (it lost game 1), dealt, played and checked on both and filed as one
entry; and a set decided in two games, filed with its loser and no
Hängeln, "Noch ein Satz" then dealing another. A set taken over in its
second game: the finished game kept, the hand dealt again, the set played
to its end with the Hängeln of the old host's seat (now the computer's)
and filed alike on both phones left. A watcher's phone lost for good in
the Hängeln: its secret recovered by the phones still there, the host's
phone dealing on for it, the Hängeln finished between its two players and
checked, and no phone able to open a card it may not see; lost as the
Hängeln is dealt, the Hängeln void and dealt again. A Hängeln void names
the lost phone by its table seat and player, never by its place among
the hand's phones (a guest's phone lost in a Hängeln of two phones too);
so does every other word of a Hängeln that names a phone: a wrong share,
a card played from a place not dealt, a refusal, the words to a phone
back after it was said gone. A watcher's phone lost is said to have only
watched, nobody playing for it, and is told so when it comes back. A
person whose phone is lost in the set's first game, the computer playing
the seat on, is the set's player in its entry on every phone, as a
stand-in's person at the ordinary table."""

from __future__ import annotations

import copy
import json
import random
import zlib
from typing import Any

import pytest
from test_facedown import WrongShare, learnable, tied
from test_facedown_bridge import SeededSecrets, Table, gone, opens, refused, seeded_secrets
from test_facedown_set import FRESH, SET_PLAYERS, SHORT, alike, every_hand_checked, finish_game, moves, next_game, said
from test_facedown_takeover import TakenTable

from schraem.bridge import Bridge
from schraem.club import club
from schraem.core.facedown_deck import card_point
from schraem.core.facedown_game import deck_order
from schraem.core.facedown_wire import Verdict, renamed
from schraem.core.game import Game

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

TWO = [{"name": "Anne"}, {"name": "Bernd"}]
THREE = [{"name": "Anne"}, {"name": "Bernd"}, {"name": "Carla"}]


def checked_on(table: Table, phones: tuple[int, ...]) -> None:
    for s in phones:
        verdicts = table.state(s)["verdicts"]
        assert verdicts and all(v["status"] == "checked" and v["de"] == "geprüft" for v in verdicts), (s, verdicts)


def entry_id(table: Table, start: int = 1) -> str:
    fd = table.phones[table.host].facedown
    assert fd is not None
    return f"set-facedown-{fd.table[:24]}-{start}"


def two_phones(seeded: SeededSecrets, seed: int) -> Table:
    """A set of two phones, Anne's (the host's) and Bernd's, its first game dealt."""
    seeded.rng.seed(seed)
    table = Table("rengen", seed, host=SHORT, players=TWO)
    assert table.welcome["set"] is True
    table.deal()
    return table


def set_games(table: Table, phones: tuple[int, ...]) -> dict[str, Any]:
    """The set's two games played, every hand checked on `phones`. → the set's facts."""
    finish_game(table)
    next_game(table)
    finish_game(table)
    checked_on(table, phones)
    facts: dict[str, Any] = alike(table, "set", phones)
    assert len(facts["games"]) == 2 and all(g["over"] for g in facts["games"])
    return facts


# Seeds whose set of two phones ends game 1 and game 2 as wanted (found once and kept: the secrets are seeded).
TWO_HANGELN = 12  # Bernd loses game 1, Anne game 2: the Hängeln is Bernd's and Anne's, Bernd first
TWO_DECIDED = 2  # Anne loses both games


@pytest.mark.cpython_only
def test_a_set_of_two_phones_plays_its_hangeln_guest_first_and_files_it_alike(seeded_secrets: SeededSecrets) -> None:
    table = two_phones(seeded_secrets, TWO_HANGELN)
    facts = set_games(table, (1, 2))
    assert [g["loser"] for g in facts["games"]] == [2, 1] and facts["hangeln_seats"] == [2, 1] and facts["loser"] is None
    next_game(table)
    # The Hängeln's first phone is the loser of game 1: the guest's, Bernd's; Anne's, the host's (relaying), second.
    for s in (1, 2):
        st, fd = table.state(s), table.phones[s].facedown
        assert fd is not None and fd.order == [2, 1] and sorted(fd.locals) == [s]
        assert st["game"] == 3 and st["set"]["in_hangeln"] and st["hangeln_seat"] == {1: 2, 2: 1}[s]
        assert Game.from_record(table.saves[s]["record"]).names == ["Bernd", "Anne"]
    moves(table, 2)
    # Each phone plays from its own seat in the Hängeln and opens no card of the other's.
    for s in (1, 2):
        st = table.state(s)
        assert st["view"]["seat"] == {1: 2, 2: 1}[s] and st["view"]["my_cards"], s
        fd = table.phones[s].facedown
        assert fd is not None and learnable(fd.locals[s].st.phone, said(table)) == {}, s
    finish_game(table)
    checked_on(table, (1, 2))
    facts = alike(table, "set", (1, 2))
    assert facts["over"] and facts["in_hangeln"] and facts["loser"] in (1, 2) and facts["hangeln_seats"] == [2, 1]
    # One entry, the same on both phones under the same id: the set's two games and its Hängeln.
    filed = alike(table, "filed", (1, 2))
    assert filed["id"] == entry_id(table) and filed["game"] == 3 and filed["set"] == facts
    assert len(filed["save"]["set"]["finished"]) == 2 and [p["name"] for p in filed["save"]["record"]["players"]] == ["Bernd", "Anne"]
    lists = alike_calls(table, "facedown_lists", (1, 2))
    assert lists == club.lists_of(filed["save"]) and [e["game"] for e in lists["lists"]] == [1, 2, 3]
    assert lists["set"]["loser"] == facts["loser"]
    # An ordinary table loads the entry with the same facts.
    ordinary = Bridge()
    save = dict(filed["save"], table=dict(filed["save"]["table"], seed=0))
    loaded = json.loads(ordinary.handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": save}})))
    assert loaded["ok"] and loaded["result"]["set"] == facts, loaded


def alike_calls(table: Table, cmd: str, phones: tuple[int, ...]) -> Any:
    seen = [table.call(s, cmd) for s in phones]
    assert all(x == seen[0] for x in seen), (cmd, seen)
    return seen[0]


@pytest.mark.cpython_only
def test_a_set_decided_in_two_games_is_filed_with_its_loser_and_no_hangeln(seeded_secrets: SeededSecrets) -> None:
    table = two_phones(seeded_secrets, TWO_DECIDED)
    facts = set_games(table, (1, 2))
    assert [g["loser"] for g in facts["games"]] == [1, 1]
    assert {k: v for k, v in facts.items() if k != "games"} == {"hangeln_seats": None, "in_hangeln": False, "loser": 1, "over": True}
    filed = alike(table, "filed", (1, 2))
    assert filed["id"] == entry_id(table) and filed["game"] == 2 and filed["set"] == facts
    assert len(filed["save"]["set"]["finished"]) == 1 and Game.from_record(filed["save"]["record"]).game_over
    lists = alike_calls(table, "facedown_lists", (1, 2))
    assert lists == club.lists_of(filed["save"]) and [e["game"] for e in lists["lists"]] == [1, 2]
    assert lists["set"]["loser"] == 1
    file = alike_calls(table, "facedown_export", (1, 2))
    assert file == club.export_of(filed["save"], False) and file["file"]["hangeln"] is None and len(file["file"]["games"]) == 2
    # The host's "Nochmal" deals no Hängeln: another set, its first game game 3, the set decided (two games) still in sight.
    next_game(table)
    for s in (1, 2):
        fd = table.phones[s].facedown
        assert fd is not None and fd.set_start == 3 and fd.order is None
        st = table.state(s)
        assert st["game"] == 3 and st["set"] == FRESH and st["filed"] is None and table.saves[s]["set"] == {"start": 3, "before": 1}
    table.reload(2)  # a set before of two games is read back from the save
    for s in (1, 2):
        assert table.call(s, "facedown_lists") == lists and table.call(s, "facedown_export") == file


# A set of three phones whose host's phone is gone in game 2: Bernd's takes the table over, Carla's follows. Its
# Hängeln is then Anne's (the old host's seat, now the computer's on Bernd's phone) and Carla's.
TAKEN_SEED = 14


@pytest.mark.cpython_only
def test_a_set_taken_over_in_its_second_game_goes_on_with_its_first_kept_and_ends_alike(seeded_secrets: SeededSecrets) -> None:
    seeded_secrets.rng.seed(TAKEN_SEED)
    table = TakenTable("rengen", TAKEN_SEED, host=SHORT, players=THREE)
    table.deal()
    finish_game(table)
    every_hand_checked(table)
    first = alike(table, "filed", (1, 2, 3))
    game1 = table.saves[2]["finished"][0]
    assert first["game"] == 1 and first["set"]["games"][0]["over"] and first["id"] == entry_id(table)
    next_game(table)
    moves(table, 3)
    # Anne's phone (the host's) is gone for good mid-hand; Bernd's takes the table over, Carla's follows
    # (her app closed and opened again from its save at each step).
    welcome = table.take_over(2, reload={3})
    assert (welcome["game"], welcome["dropped"]) == (2, 1)
    for s in (2, 3):
        st = table.state(s)
        assert st["host"] == 2 and st["taking"] is None and st["game"] == 2
        assert st["taken"]["de"] == "Bernd hat den Tisch von Platz 1: Anne übernommen: Spiel 1 wird neu gegeben"
        assert st["taken"]["en"] == "Bernd took the table over from seat 1: Anne: hand 1 is dealt again"
        # The set goes on at game 2, game 1 kept as every phone checked it.
        assert st["set"]["games"][0] == first["set"]["games"][0] and not st["set"]["games"][1]["over"]
        assert table.saves[s]["set"] == {"start": 1} and table.saves[s]["finished"][0] == game1
    assert [k["kind"] for k in table.phones[2].facedown.kinds] == ["bot", "human", "human"]  # type: ignore[union-attr]
    assert table.deal() == 1
    finish_game(table, 2)
    checked_on(table, (2, 3))
    facts = alike(table, "set", (2, 3))
    assert facts["games"][0] == first["set"]["games"][0] and facts["games"][1]["over"]
    assert facts["hangeln_seats"] == [1, 3] and facts["loser"] is None
    # The Hängeln of Anne's seat (the computer's now, on Bernd's phone) and Carla's, dealt by the new host.
    table.again()
    for s in (2, 3):
        st, fd = table.state(s), table.phones[s].facedown
        assert fd is not None and fd.order == [1, 3, 2] and st["game"] == 3 and st["set"]["in_hangeln"]
        assert st["hangeln_seat"] == {2: None, 3: 2}[s]
    assert sorted(table.phones[2].facedown.locals) == [1, 2]  # type: ignore[union-attr]
    table.play_hand()
    checked_on(table, (2, 3))
    facts = alike(table, "set", (2, 3))
    assert facts["over"] and facts["in_hangeln"] and facts["loser"] in (1, 3)
    # One entry on both phones, under the id the set had before the take-over: game 1, game 2 and the Hängeln.
    filed = alike(table, "filed", (2, 3))
    assert filed["id"] == first["id"] and filed["game"] == 3 and filed["set"] == facts
    assert filed["save"]["set"]["finished"][0]["hands"] == game1["hands"] and len(filed["save"]["set"]["finished"]) == 2
    assert [p["name"] for p in filed["save"]["record"]["players"]] == ["Anne", "Carla"]
    lists = alike_calls(table, "facedown_lists", (2, 3))
    assert lists == club.lists_of(filed["save"]) and [e["game"] for e in lists["lists"]] == [1, 2, 3]


# --- a watcher's phone lost for good in the Hängeln -------------------------------------


def openable(table: Table, phone: int, more: tuple[int, ...] = ()) -> tuple[int, dict[int, str]]:
    """The Hängeln just played: how many of its cards phone `phone` may not
    see (not dealt to a seat it plays, never played), and those it can open
    from the hand's messages before the reveals with every secret it holds
    (those of the seats it plays, those it recovered of a phone gone, and
    `more`). As test_facedown_bridge's `learnable`: each sum of up to as
    many elements as there are seats, of everything tied to the place and
    each secret's multiples of them and of the place's C1, taken off C2."""
    fd = table.phones[phone].facedown
    assert fd is not None
    seats = [local.st for local in fd.locals.values()]
    standin = fd.standin()
    phones = [st.phone for st in seats] + ([standin.phone] if standin is not None else [])
    keys = list(dict.fromkeys([ph.secret for ph in phones] + [x for st in seats for x, _ in st.pieces.recovered.values()] + list(more)))
    first = phones[0]
    deck, order = first.final_deck(), deck_order(first)
    known = set(first.seen)
    for ph in phones:
        known |= set(ph.cards)
    points = [card_point(c) for c in first.plan.cards]
    by_place = tied(before_the_reveals(table))
    found: dict[int, str] = {}
    hidden = [p for p in range(len(order)) if p not in known]
    for p in hidden:
        card = order[p]
        sent = list(dict.fromkeys(by_place.get(p, [])))
        pieces = sent + [x * deck[p].c1 for x in keys] + [x * e for x in keys for e in sent]
        if opens(deck[p].c2, pieces, points, first.plan.seats):
            found[p] = card
    return len(hidden), found


def before_the_reveals(table: Table) -> list[dict[str, Any]]:
    host = table.phones[table.host].facedown
    assert host is not None
    out = []
    for e in host.envelopes:
        if e["msg"].get("kind") in ("reveal", "log"):
            break
        out.append(e["msg"])
    return out


# A set of three phones whose Hängeln is Carla's and Anne's (the host's), Carla first; Bernd's phone watches.
# Its two games are played once (`hangeln_next`); each test opens every phone from its save after them.
WATCHED_SEED = 1
KEPT: dict[str, Any] = {}


def hangeln_next(seeded: SeededSecrets, name: str, bridges: dict[int, type[Bridge]] | None = None) -> Table:
    """The three phones' set after its two games, every hand checked on
    every phone, the Hängeln not dealt: every phone's app opened again from
    its save (`bridges`: a phone's of another kind), the secrets and moves
    from here on the test's own."""
    if not KEPT:
        seeded.rng.seed(WATCHED_SEED)
        table = Table("rengen", WATCHED_SEED, host=SHORT, players=THREE)
        table.deal()
        assert set_games(table, (1, 2, 3))["hangeln_seats"] == [3, 1]
        KEPT.update(saves=copy.deepcopy(table.saves), welcome=table.welcome)
    return reopened(seeded, name, KEPT["saves"], KEPT["welcome"], bridges)


def reopened(
    seeded: SeededSecrets,
    name: str,
    saves: dict[int, dict[str, Any]],
    welcome: dict[str, Any],
    bridges: dict[int, type[Bridge]] | None = None,
) -> Table:
    """A table of every phone's app opened again from its save (the host's, seat 1, too)."""
    seeded.rng.seed(zlib.crc32(name.encode()))
    table = object.__new__(Table)
    table.rng = random.Random(zlib.crc32(name.encode()))
    table.guests, table.away, table.welcome = sorted(s for s in saves if s != 1), set(), welcome
    table.phones = {s: (bridges or {}).get(s, Bridge)() for s in sorted(saves)}
    table.heard = {s: [] for s in table.phones}
    table.saves = copy.deepcopy(saves)
    for s in table.phones:
        table.sent(s, table.call(s, "facedown_load", save=table.saves[s])["send"])
    return table


@pytest.mark.cpython_only
def test_a_watchers_phone_lost_in_the_hangeln_is_dealt_on_by_the_hosts_and_the_hangeln_checked(seeded_secrets: SeededSecrets) -> None:
    table = hangeln_next(seeded_secrets, "lost mid-Hängeln")
    next_game(table)
    for s in (1, 2, 3):
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [3, 1, 2] and table.state(s)["hangeln_seat"] == {1: 2, 2: None, 3: 1}[s]
    bernd = table.phones[2].facedown.own()  # type: ignore[union-attr]
    assert bernd is not None and bernd.st.seat == 3 and bernd.st.viewer is None
    moves(table, 2)
    assert bernd.st.phone.cards == {}
    # Bernd's phone is gone for good mid-Hängeln: the host says so; the Hängeln goes on, not void.
    table.away.add(2)
    gone = table.call(1, "facedown_gone", seat=2)
    table.sent(1, gone["send"])
    # Every phone left says so in one line, naming his table seat: nobody plays for a phone that only watched.
    after = table.state(1)["gone"]["after"]
    for s in (1, 3):
        word = table.state(s)["gone"]
        assert word == {
            "seat": 2,
            "after": after,
            "void": False,
            "watched": True,
            "de": f"Platz 2 (Bernd) ging nach Zug {after}; das Handy sah beim Hängeln nur zu",
            "en": f"seat 2 (Bernd) left after move {after}; that phone only watched the Hängeln",
            "when": {"de": f"nach Zug {after}", "en": f"after move {after}"},
        }, word
    # Its shares: Anne's phone and Carla's showed their pieces of its secret and each has it now (Shamir, all the
    # phones still there together); the host's phone deals on for it (its shares of every card opened, its reveal).
    for s in (1, 3):
        st = table.phones[s].facedown.own().st  # type: ignore[union-attr]
        assert st.pieces.recovered[3][0] == bernd.st.phone.secret, s
    standin = table.phones[1].facedown.standin()  # type: ignore[union-attr]
    assert standin is not None and standin.seat == 3 and standin.phone.cards == {} and standin.offered() == []
    table.play_hand()
    # The Hängeln went on between its two players to its end, checked on both phones left.
    checked_on(table, (1, 3))
    facts = alike(table, "set", (1, 3))
    assert facts["over"] and facts["in_hangeln"] and facts["hangeln_seats"] == [3, 1] and facts["loser"] in (1, 3)
    filed = alike(table, "filed", (1, 3))
    assert filed["id"] == entry_id(table) and filed["game"] == 3 and filed["set"] == facts
    hangeln = Game.from_record(filed["save"]["record"])
    assert hangeln.names == ["Carla", "Anne"] and hangeln.game_over
    assert alike_calls(table, "facedown_lists", (1, 3)) == club.lists_of(filed["save"])
    # Played by its two players only: the host's phone played nothing for Bernd's watching seat.
    assert not any(step[0] == "standin" for step in table.phones[1].facedown.locals[1].journal)  # type: ignore[union-attr]
    # Neither phone left could open a card of the Hängeln it may not see with all it holds after the loss:
    # Anne's phone with her secret and Bernd's none of Carla's, Carla's with hers and Bernd's none of Anne's.
    for s in (1, 3):
        hidden, found = openable(table, s)
        assert hidden and found == {}, (s, hidden, found)
    # (The search finds them where it should: with the other player's secret too, Anne's phone opens every card.)
    carla = table.phones[3].facedown.own().st.phone.secret  # type: ignore[union-attr]
    hidden, found = openable(table, 1, (carla,))
    assert len(found) == hidden
    # Bernd's app opens again and takes what it missed: it says no more in the Hängeln, and is told it only watched.
    table.phones[2] = Bridge()
    back = table.call(2, "facedown_load", save=table.saves[2])
    for frame in table.call(1, "facedown_resend", **{"from": back["state"]["received"] + 1})["send"]:
        assert table.call(2, "facedown_receive", frame=frame)["send"] == []
    v = table.state(2)["verdict"]
    assert (v["status"], v["seat"]) == ("unchecked", None), v
    assert v["de"] == f"nicht geprüft – dieses Handy galt nach Zug {after} als gegangen; es sah nur zu, und das Spiel ging ohne es zu Ende"
    assert v["en"] == (
        f"not checked – this phone was said gone after move {after}; it only watched, and the hand went on to its end without it"
    )
    assert table.state(2)["gone"] == word


@pytest.mark.cpython_only
def test_a_watchers_phone_lost_as_the_hangeln_is_dealt_voids_it_by_its_seat_and_name_and_it_is_dealt_again(
    seeded_secrets: SeededSecrets,
) -> None:
    table = hangeln_next(seeded_secrets, "lost before the deal")
    # Bernd's phone is gone for good as the Hängeln is dealt: nothing of his comes, and the host says so.
    table.away.add(2)
    next_game(table)
    table.sent(1, table.call(1, "facedown_gone", seat=2)["send"])
    # Void on both phones left, and it says who left at the table: Bernd, at seat 2 (not the third of the
    # Hängeln's phones, his place in the hand; the table's seat 3 is Carla, who is still there).
    words = (
        "Spiel ungültig – Platz 2 (Bernd) ging, bevor die Karten gegeben waren; neu geben",
        "hand void – seat 2 (Bernd) left before the cards were dealt; deal again",
    )
    for s in (1, 3):
        st = table.state(s)
        assert (st["verdict"]["status"], st["verdict"]["seat"], st["verdict"]["de"], st["verdict"]["en"]) == ("void", 2, *words), st
        assert (st["gone"]["seat"], st["gone"]["void"], st["gone"]["de"], st["gone"]["en"]) == (2, True, *words), st
        assert st["game"] == 3 and st["set"]["in_hangeln"]
    table.reload(3)  # Carla's app closed and opened again: the same words from its save
    assert table.state(3)["verdict"]["en"] == words[1] and table.state(3)["gone"]["de"] == words[0]
    # Dealt again by the phones still there, Bernd's seat the computer's on the host's phone; still Carla's and Anne's.
    assert table.deal() == 1
    for s in (1, 3):
        fd = table.phones[s].facedown
        assert fd is not None and fd.order == [3, 1, 2] and fd.retry == 1
        assert table.state(s)["hangeln_seat"] == {1: 2, 3: 1}[s]
    assert sorted(table.phones[1].facedown.locals) == [1, 2]  # type: ignore[union-attr]
    table.play_hand()
    checked_on(table, (1, 3))
    facts = alike(table, "set", (1, 3))
    assert facts["over"] and facts["hangeln_seats"] == [3, 1] and facts["loser"] in (1, 3)
    filed = alike(table, "filed", (1, 3))
    assert filed["game"] == 3 and filed["set"] == facts and Game.from_record(filed["save"]["record"]).names == ["Carla", "Anne"]


@pytest.mark.cpython_only
def test_a_guests_phone_lost_in_a_hangeln_of_two_phones_voids_it_by_its_seat_and_name(seeded_secrets: SeededSecrets) -> None:
    table = two_phones(seeded_secrets, TWO_HANGELN)
    set_games(table, (1, 2))
    next_game(table)
    moves(table, 2)
    # Bernd's phone, the Hängeln's first, is gone for good: with two phones nobody is left to share with.
    table.away.add(2)
    table.sent(1, table.call(1, "facedown_gone", seat=2)["send"])
    v = table.state(1)["verdict"]
    assert (v["status"], v["seat"]) == ("void", 2), v
    assert v["de"].startswith("Spiel ungültig – Platz 2 (Bernd) ging nach Zug "), v
    assert v["en"].startswith("hand void – seat 2 (Bernd) left after move "), v


# --- a Hängeln's words name the table's seats and players ---------------------------------


class WrongShareBridge(Bridge):
    facedown_phone = WrongShare


@pytest.mark.cpython_only
def test_a_watchers_wrong_share_in_the_hangeln_is_named_by_its_seat_and_name_on_both_players_phones(
    seeded_secrets: SeededSecrets,
) -> None:
    # Bernd's phone watches the Hängeln (the third of its phones) and answers Carla's and Anne's requests with
    # a wrong share: neither opens her cards, and each names him at once.
    table = hangeln_next(seeded_secrets, "a wrong share", {2: WrongShareBridge})
    next_game(table)
    assert table.phones[1].facedown.order == [3, 1, 2]  # type: ignore[union-attr]
    # Named at his table seat, 2, with his name: not by his place in the hand, 3, Carla's seat at the table.
    words = ("Platz 2 (Bernd): hat einen falschen Anteil für meine Karten geschickt", "seat 2 (Bernd): sent a wrong share for my cards")
    for s in (1, 3):
        v = table.state(s)["verdict"]
        assert (v["status"], v["seat"], v["de"], v["en"]) == ("fault", 2, *words), (s, v)
        assert table.state(s)["view"] is None  # no card of hers opened
    table.reload(3)  # Carla's app opened again: the same word, found again from her save
    assert table.call(3, "facedown_verdict", hand=1)["en"] == words[1]


@pytest.mark.cpython_only
def test_a_card_played_from_a_place_not_dealt_in_a_hangeln_of_two_phones_names_the_guest_by_its_seat_and_name(
    seeded_secrets: SeededSecrets,
) -> None:
    table = two_phones(seeded_secrets, TWO_HANGELN)
    set_games(table, (1, 2))
    next_game(table)
    while not any(a["type"] == "play" for a in table.state(2)["legal"]):
        moves(table, 1)
    # Bernd's phone, the Hängeln's first, plays a card of his from a place dealt to Anne, signed as its own.
    fd = table.phones[2].facedown
    assert fd is not None and fd.order == [2, 1]
    bernd = fd.own()
    assert bernd is not None and bernd.st.seat == 1
    card = next(a["card"] for a in table.state(2)["legal"] if a["type"] == "play")
    forged = bernd.st.log.seal({"kind": "play", "seat": 1, "place": bernd.st.plan.dealt[1][0], "card": card})
    table.sent(2, [{"type": "msg", "game": fd.game, "hand": fd.hand, "msg": forged}])
    # Anne's phone names Bernd at his table seat, 2 (his place in the hand, 1, is Anne's own seat at the table).
    v = table.state(1)["verdict"]
    assert (v["status"], v["seat"]) == ("fault", 2), v
    assert v["de"] == f"Platz 2 (Bernd): spielt {card} von einer Stelle, die ihm nicht gegeben ist", v
    assert v["en"] == f"seat 2 (Bernd): plays {card} from a place it was not dealt", v
    assert table.call(1, "facedown_verdict", hand=v["hand"]) == v


@pytest.mark.cpython_only
def test_a_hangeln_players_phone_back_after_it_was_said_gone_is_told_its_table_seat_was_played_on(
    seeded_secrets: SeededSecrets,
) -> None:
    table = hangeln_next(seeded_secrets, "Carla back")
    next_game(table)
    while table.state(3)["view"]["due"] != [2]:
        moves(table, 1)
    # Carla's phone (the Hängeln's first: its seat 1) is refused a card out of turn and a move in another's name,
    # in words that name the table's seats: hers is 3, Anne's (the Hängeln's seat 2) 1.
    card = table.state(3)["view"]["my_cards"][0]
    words = refused(table.phones[3], "facedown_act", action={"seat": 1, "type": "play", "card": card})
    assert (words["de"], words["en"]) == (
        "Platz 1 (Anne) ist am Zug, nicht Platz 3 (Carla).",
        "It is seat 1 (Anne)'s turn, not seat 3 (Carla)'s.",
    )
    words = refused(table.phones[3], "facedown_act", action={"seat": 2, "type": "pass"})
    assert words["en"] == "Invalid request: this phone plays for seat 3 (Carla) only."
    # Carla's phone is gone for good: the host's phone plays her seat on, and the Hängeln is checked on the others.
    table.away.add(3)
    table.sent(1, table.call(1, "facedown_gone", seat=3)["send"])
    after = table.state(1)["gone"]["after"]
    for s in (1, 2):
        word = table.state(s)["gone"]
        assert word["en"] == f"seat 3 (Carla) left after move {after}; the host's phone plays on for seat 3", word
    table.play_hand()
    checked_on(table, (1, 2))
    # Her app opens again and takes what it missed: it was played on, at her table seat, 3 (its place in the
    # hand, 1, is Anne's seat at the table).
    table.phones[3] = Bridge()
    back = table.call(3, "facedown_load", save=table.saves[3])
    for frame in table.call(1, "facedown_resend", **{"from": back["state"]["received"] + 1})["send"]:
        table.call(3, "facedown_receive", frame=frame)
    v = table.state(3)["verdict"]
    assert (v["status"], v["seat"]) == ("unchecked", None), v
    assert v["de"] == (
        f"nicht geprüft – dieses Handy galt nach Zug {after} als gegangen; das Handy des Gastgebers spielte Platz 3 (Carla) zu Ende"
    )
    assert v["en"] == f"not checked – this phone was said gone after move {after}; the host's phone played seat 3 (Carla) to its end"


def test_the_hangelns_words_name_each_phone_by_its_table_seat_and_player_once() -> None:
    """The protocol's words name a phone by its place among the hand's
    phones; in a Hängeln dealt guest first place 1 is table seat 2 (Bernd)
    and place 2 seat 1 (Anne). Words that go on with the player's name (a
    rule broken, found by the check after the hand) name them once."""
    who = {1: (2, "Bernd"), 2: (1, "Anne")}.get
    assert renamed("Platz 1 hat einen falschen Anteil geschickt", who) == "Platz 2 (Bernd) hat einen falschen Anteil geschickt"
    assert renamed("seat 2 left after action 4; seat 9 stays", who) == "seat 1 (Anne) left after action 4; seat 9 stays"
    broke = Verdict.fault(1, "Bernd hat in Zug 5 gegen die Regeln gespielt", "Bernd broke the rules in action 5").renamed(who)
    assert (broke.seat, broke.de, broke.en) == (
        2,
        "Platz 2: Bernd hat in Zug 5 gegen die Regeln gespielt",
        "seat 2: Bernd broke the rules in action 5",
    )


@pytest.mark.cpython_only
def test_a_person_whose_phone_is_lost_in_the_set_stays_the_sets_player_in_its_entry(seeded_secrets: SeededSecrets) -> None:
    seeded_secrets.rng.seed(3)
    table = Table("rengen", 3, host=SHORT, players=SET_PLAYERS)
    table.deal()
    moves(table, 2)
    gone(table, 3)  # Carla's phone, in the set's first hand: the host's phone plays her seat on
    for game in (1, 2, 3):
        finish_game(table)
        facts = alike(table, "set", (1, 2))
        if facts["over"]:
            break
        next_game(table)
    assert game >= 2 and facts["loser"] is not None
    assert table.saves[1]["seats"][2]["kind"] == "bot"  # the computer's seat since
    # The set's entry, as each phone files it: who sat where is the set's start.
    filed = alike(table, "filed", (1, 2))
    assert [k["kind"] for k in filed["save"]["set"]["seats"]] == ["human", "human", "human", "bot"]
    if facts["hangeln_seats"] is None:
        assert [k["kind"] for k in filed["save"]["table"]["players"]] == ["human", "human", "human", "bot"]
