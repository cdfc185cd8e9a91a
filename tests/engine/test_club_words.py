"""The club evening in the table's words: a refused correction
names the players, the hand and the entry counted from 1, and says what to
change instead (never "Platz 3" or "Aktion 0"); statistics keep computer
players apart from people of the same name."""

from __future__ import annotations

import pytest
from engine_support import action
from test_club_evening import evening_game

from schraem.club.correct import correct_hand
from schraem.core.errors import RecordError


def test_an_illegal_entry_names_the_players_and_the_entry():
    g = evening_game()  # Hubert, Gerda, Hans, Anne
    with pytest.raises(RecordError) as e:
        correct_hand(g, 1, [action("1:knock"), action("3:hold")])
    err = e.value
    assert err.rule == "not_your_answer" and err.hand == 1
    assert err.de == (
        "Diese Korrektur geht nicht – Spiel 1, 2. Eingabe: Auf das Klopfen antwortet jetzt Gerda, nicht Hans. "
        "Ändere diese Eingabe von Spiel 1."
    )
    assert err.en == (
        "This correction does not work – hand 1, entry 2: The knock is answered by Gerda now, not by Hans. Change this entry of hand 1."
    )
    assert "Platz" not in err.de and "Aktion" not in err.de


def test_a_later_hand_that_no_longer_fits_says_what_to_change():
    g = evening_game()
    fixed = ["1:knock:blind", "2:hold", "3:hold", "4:hold", "2:knock", "3:hold", "4:hold", "1:pass", "4:win"]
    with pytest.raises(RecordError) as e:
        correct_hand(g, 1, [action(t) for t in fixed])
    err = e.value
    assert err.hand > 1
    assert err.de.startswith(f"Diese Korrektur geht nicht – Spiel {err.hand}")
    assert err.de.endswith(
        f"Spiel {err.hand} wurde gespielt, wie es vorher stand: ändere Spiel 1 so, "
        f"dass Spiel {err.hand} noch dazu passt, oder lass es, wie es war."
    )
    assert err.en.endswith(
        f"Hand {err.hand} was played as things stood before: change hand 1 so that hand {err.hand} still fits, or leave it as it was."
    )


def test_statistics_keep_a_computer_apart_from_a_person_of_the_same_name():
    """The default names are the same for people and computers."""
    from schraem.cli.simulate import random_game
    from schraem.club.books import stats

    record = evening_game().to_record()
    # Another game at the same table, where Gerda was the computer.
    other = random_game(7)
    other.names[:] = [p["name"] for p in record["players"]]
    seated = other.to_record()
    seated["players"][1].update(kind="bot", level="easy")
    rows = stats([record, seated])
    assert rows["Gerda"]["games"] == 1 and rows["Gerda (Computer)"]["games"] == 1
    assert rows["Hubert"]["games"] == 2 and "Hubert (Computer)" not in rows


def test_the_view_states_what_a_knock_and_its_answers_are_worth():
    """The knock button says "Auf N klopfen" and the answer prompt what
    passing costs and holding risks, from these facts (the shell computes
    no rule): in the Rhineland a pass costs the value before the knock, in
    Sebbe Schröhm always 1."""
    from schraem.core.game import Game
    from schraem.core.view import view

    def knocked_twice(preset):
        g = Game(["A", "B", "C", "D"], preset, dealer=4, seed=1)
        g.deal()
        first = view(g, 1)["knock_to"]
        for a in ("1:look", "1:knock", "2:look", "2:hold", "3:look", "3:hold", "4:look", "4:hold", "2:knock"):
            g.apply(action(a))
        return first, view(g, 3)

    first, v = knocked_twice("rheinland")
    assert first == 2 and v["knock_to"] == 4
    assert v["response"]["to_answer"] == 3
    assert (v["response"]["pass_loses"], v["response"]["hold_risks"]) == (2, 3)
    first, v = knocked_twice("sebbe_schroehm")
    assert first == 2 and v["knock_to"] is None  # Sebbe's top is 3
    assert (v["response"]["pass_loses"], v["response"]["hold_risks"]) == (1, 3)
