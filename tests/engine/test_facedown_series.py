"""A series at a face-down table (bridge/facedown_series.py, docs/PHONE_TABLE.md
"Cards face down on every phone"), driven as the shell drives it, with the
phones of test_facedown_bridge.py.

The start form's series: every phone builds the Spielliste and the totals
from the games it checked itself, files the series as one history entry
(the same on every phone), deals each next game of the series from its own
checked game with no code, and once it is over starts another series with
the same phones, filed as an entry of its own. The host's
next deal tapped twice changes nothing. What a phone exports is what it
checked, at a series and at a table of single games."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_facedown_bridge import SeededSecrets, Table, gone, refused, seeded_secrets

from schraem.bridge import Bridge
from schraem.club import club
from schraem.club.series import Series
from schraem.core.game import Game

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

# One mark each: a game is a hand, so a series of three is three hands.
SHORT = {"options": {"start_marks": 1}}


def finish_game(table: Table) -> None:
    while not table.state(1)["game_over"]:
        table.deal()
        table.play_hand()


def next_game(table: Table) -> dict[str, Any]:
    out = table.call(1, "facedown_again")
    table.sent(1, out["send"])
    return out


@pytest.mark.cpython_only
def test_a_series_face_down_is_listed_filed_and_dealt_on_from_what_each_phone_checked(seeded_secrets: SeededSecrets) -> None:
    table = Table("rheinland", 51, host={"games": 3, **SHORT})
    # Every guest is told the series' terms in the welcome, and checks them against its first game.
    assert table.welcome["series"] == {"length": 3, "first_dealer": 4}
    table.deal()
    for s in table.phones:
        facts = table.state(s)["series"]
        assert (facts["number"], facts["length"], facts["over"], facts["totals"]) == (1, 3, False, [0, 0, 0, 0]), s
        # Nothing is checked yet: no list, no file.
        assert "no hand is checked on this phone yet" in refused(table.phones[s], "facedown_lists")["en"]
    table.play_hand()
    finish_game(table)
    ids = set()
    for game in (1, 2, 3):
        present = [s for s in table.phones if s not in table.away]
        states = {s: table.state(s) for s in present}
        facts = [st["series"] for st in states.values()]
        assert all(f == facts[0] for f in facts) and facts[0]["number"] == game and facts[0]["games"][-1]["over"]
        filed = [st["filed"] for st in states.values()]
        assert all(f == filed[0] for f in filed) and filed[0]["game"] == game
        ids.add(filed[0]["id"])
        # The entry is the whole series so far: its games before, checked, and this one.
        assert len(filed[0]["series"]["finished"]) == game - 1 and filed[0]["series"]["length"] == 3
        lists = [table.call(s, "facedown_lists") for s in present]
        assert all(li == lists[0] for li in lists) and len(lists[0]["lists"]) == game
        # Each phone's list is the series of the games in its own save, as any kept series is read.
        for s in present:
            # A game is filed with its computer seats marked: every other seat is a person's.
            kept = [dict(r, players=[dict(p, kind=p.get("kind", "human")) for p in r["players"]]) for r in table.saves[s]["finished"]]
            assert len(kept) == game
            series = Series.from_json({"format": "schraem-series/1", "length": 3, "first_dealer": 4, "games": kept})
            assert table.call(s, "facedown_lists") == club.lists(series, series.games[-1])
        if game < 3:
            next_game(table)
            for s in present:
                state = table.state(s)
                assert (state["game"], state["series"]["number"], state["filed"]) == (game + 1, game + 1, None)
            # The next game is dealt first by the one the series' rules name: the last game's winner.
            winner = facts[0]["games"][-1]["winner"]
            for s in present:
                assert Game.from_record(table.saves[s]["record"]).first_dealer + 1 == winner
            if game == 1:
                table.reload(3)  # a guest's app closed and opened again: its series is in its save
                assert table.state(3)["series"]["number"] == 2
                # Then its phone is lost for good after looking: the host's phone plays its seat
                # on, and from the next game on the seat is a computer's, in every phone's series.
                table.sent(3, table.call(3, "facedown_act", action={"seat": 3, "type": "look"})["send"])
                gone(table, 3)
            table.play_hand()
            finish_game(table)
    assert len(ids) == 1 and next(iter(ids)).startswith("series-facedown-")
    last = table.state(2)
    assert last["series"]["over"] and last["series"]["winners"] and last["series"] == table.state(1)["series"]
    assert last["series"]["changes"] == [{"game": 3, "seat": 3, "name": "Carla", "was": "Carla", "computer": True}]
    # The file of the series, the same on every phone: every game's hands as their exact cards, no seed.
    files = [table.call(s, "facedown_export") for s in (1, 2)]
    assert files[0] == files[1]
    series_file = files[0]["file"]
    assert series_file["format"] == "schraem-series/1" and len(series_file["games"]) == 3 and files[0]["left_out_hand"] is None
    assert all("seed" not in g and all(h["deal"] for h in g["hands"]) for g in series_file["games"])
    assert [p["kind"] for p in series_file["games"][0]["players"]] == ["human", "human", "human", "bot"]
    assert [p["kind"] for p in series_file["games"][2]["players"]] == ["human", "human", "bot", "bot"]
    assert Series.from_json(series_file).totals() == last["series"]["totals"]
    # "Noch eine Serie": another series with the same phones, its first game dealt by the last game's
    # winner; every phone starts it from the series it checked and files it as an entry of its own.
    winner = last["series"]["games"][-1]["winner"]
    next_game(table)
    # While its first hand is played, the series over stays what the list and the file hold.
    assert table.call(1, "facedown_export") == files[0] and len(table.call(2, "facedown_lists")["lists"]) == 3
    for s in (1, 2):
        state = table.state(s)
        assert (state["game"], state["series"]["number"], state["series"]["totals"]) == (4, 1, [0, 0, 0, 0])
        assert Game.from_record(table.saves[s]["record"]).first_dealer + 1 == winner
    table.reload(2)
    assert table.call(2, "facedown_export") == files[0]
    # A save whose series before is not games this phone checked (its finished games cut short) is
    # refused in words, the phone as it was: it would show a series it cannot build.
    state = table.state(2)
    for cut in (1, 2):
        save = copy.deepcopy(table.saves[2])
        assert save["series"]["before"] == 1 and save["series"]["start"] == 4
        save["finished"] = save["finished"][:cut]
        words = refused(table.phones[2], "facedown_load", save=save)
        assert "die Serie der Sicherung ist unlesbar" in words["de"] and "the save's series is unreadable" in words["en"], words
        assert table.state(2) == state
    assert table.call(2, "facedown_export") == files[0]
    table.play_hand()
    finish_game(table)
    filed = [table.state(s)["filed"] for s in (1, 2)]
    assert filed[0] == filed[1] and filed[0]["id"] not in ids and filed[0]["series"]["finished"] == []


@pytest.mark.cpython_only
def test_the_hosts_next_deal_tapped_twice_changes_nothing() -> None:
    table = Table("rheinland", 52, marks=1, host=SHORT)
    table.deal()
    table.play_hand()
    assert table.state(1)["game_over"] and table.state(1)["deal_ready"] and not table.state(2)["deal_ready"]
    out = table.call(1, "facedown_again")
    assert out["state"]["deal_ready"] is False  # the host's button waits while the phones deal
    saved = copy.deepcopy(table.saves[1])
    # The second tap, before or after the phones have dealt: refused in words, the table as it was.
    assert "the hand is still being played" in refused(table.phones[1], "facedown_again")["en"]
    assert table.call(1, "facedown_state")["game"] == 2 and table.call(1, "facedown_state")["hand"] == 1
    assert "the hand is still being played" in refused(table.phones[1], "facedown_next_hand")["en"]
    table.sent(1, out["send"])
    assert "the hand is still being played" in refused(table.phones[1], "facedown_again")["en"]
    table.phones[1] = Bridge()
    assert table.call(1, "facedown_load", save=saved)["state"]["game"] == 2


@pytest.mark.cpython_only
def test_a_single_game_exports_what_this_phone_checked() -> None:
    table = Table("rheinland", 53, marks=1, host=SHORT)
    table.deal()
    assert "no hand is checked on this phone yet" in refused(table.phones[1], "facedown_export")["en"]
    table.play_hand()
    over = [table.call(s, "facedown_export") for s in table.phones]
    assert over[0] == over[1] == over[2]
    record = over[0]["file"]
    assert record["format"] == "schraem-record/1" and "seed" not in record and len(record["hands"]) == 1
    assert record["hands"] == table.phones[1].facedown.after["hands"]  # type: ignore[union-attr]
    assert [p["kind"] for p in record["players"]] == ["human", "human", "human", "bot"]
    # While the next game is dealt and played, the game over in sight is still what leaves the phone.
    next_game(table)
    assert table.call(1, "facedown_export") == over[0]
    assert table.call(2, "facedown_lists") == club.lists(None, Game.from_record(table.saves[2]["finished"][0]))


@pytest.mark.cpython_only
def test_a_welcome_whose_series_does_not_fit_its_first_game_is_refused_and_a_set_is_no_series() -> None:
    table = Table("rheinland", 54, host={"games": 2, **SHORT})
    welcome = dict(table.welcome, series={"length": 2, "first_dealer": 2})
    table.phones[3] = Bridge()
    table.call(3, "facedown_guest", seat=3)
    assert "does not fit its first game" in refused(table.phones[3], "facedown_welcome", frame=welcome)["en"]
    assert "unreadable" in refused(table.phones[3], "facedown_welcome", frame=dict(welcome, series={"length": 0}))["en"]
    assert table.call(3, "facedown_state")["joined"] is False
    players = [{"name": "Anne"}, {"name": "Bernd"}]
    # A table plays a series or a Rengen set, not both: the host's phone and a guest's refuse it.
    assert "a set is no series" in refused(Bridge(), "facedown_host", players=players, set=True, games=2)["en"]
    assert "unreadable" in refused(table.phones[3], "facedown_welcome", frame=dict(table.welcome, set=True))["en"]
    # A ticket that is none is refused in the words of any ticket file's check.
    assert "table ticket has format" in refused(Bridge(), "facedown_host", players=players, ticket={})["en"]
