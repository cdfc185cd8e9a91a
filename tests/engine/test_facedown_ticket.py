"""A tournament's table played face down (bridge/facedown_series.py,
docs/PHONE_TABLE.md "Cards face down on every phone"), driven as the shell
drives it, with the phones of test_facedown_bridge.py.

The ticket's players sit in its order, its series (length, rules, first
dealer) is played with every hand checked on every phone, and the result
any phone makes of the games it checked is read by the organiser's
tournament as an ordinary table's; a result whose record was changed is
refused. A welcome or a save whose ticket the table does not play is
refused, and so is another series after the ticket's."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_facedown_bridge import SeededSecrets, Table, ask, refused, seeded_secrets
from test_facedown_series import finish_game, next_game

from schraem.bridge import Bridge
from schraem.core.game import Game

__all__ = ["seeded_secrets"]  # every test here draws its secrets from a seeded generator

NAMES = ["Anne", "Bert", "Cora", "Dora", "Emil", "Fritz", "Gerd", "Hein"]


def organiser_and_ticket() -> tuple[Bridge, dict[str, Any]]:
    """A tournament of eight with series of two short games; its first
    series' first table's ticket."""
    organiser = Bridge()
    ask(organiser, "tournament", op="new", players=NAMES, rules="rheinland", options={"series_games": 2, "start_marks": 1}, seed=5)
    ticket: dict[str, Any] = ask(organiser, "tournament", op="ticket", series=1, table=1)["ticket"]
    return organiser, ticket


def ticket_players(ticket: dict[str, Any]) -> list[dict[str, Any]]:
    """The ticket's players in its order: three phones and, at seat 4, the host's computer."""
    kinds: list[dict[str, Any]] = [{}, {}, {}, {"kind": "bot", "level": "easy"}]
    return [{"name": name, **kind} for name, kind in zip(ticket["players"], kinds)]


@pytest.mark.cpython_only
def test_a_tickets_series_face_down_goes_back_to_the_organiser_as_any_tables_result(seeded_secrets: SeededSecrets) -> None:
    organiser, ticket = organiser_and_ticket()
    table = Table("rheinland", 61, players=ticket_players(ticket), host={"ticket": ticket, "options": ticket["options"]})
    # Every guest is told the ticket with the series' terms, and plays what it says.
    assert table.welcome["ticket"] == ticket and table.welcome["series"] == {"length": 2, "first_dealer": ticket["first_dealer"]}
    for s in table.phones:
        state = table.state(s)
        assert state["ticket"] == ticket and state["series"]["length"] == 2
        assert Game.from_record(table.saves[s]["record"]).first_dealer + 1 == ticket["first_dealer"]
    assert "the series is not finished" in refused(table.phones[1], "facedown_result")["en"]
    finish_game(table)
    filed = [table.state(s)["filed"] for s in table.phones]
    assert filed[0] == filed[1] == filed[2] and filed[0]["series"]["ticket"] == ticket
    assert "the series is not finished" in refused(table.phones[2], "facedown_result")["en"]
    next_game(table)
    table.reload(3)  # a guest's app closed and opened again: the ticket is in its save
    assert table.state(3)["ticket"] == ticket
    table.play_hand()
    finish_game(table)
    assert all(table.state(s)["series"]["over"] for s in table.phones)
    # The ticket's series is all the table plays: no "Noch eine Serie".
    before = copy.deepcopy(table.saves[1])
    assert "plays the series its ticket says" in refused(table.phones[1], "facedown_again")["en"]
    # Nor does a seat change hands for a series after it.
    assert "plays the series its ticket says" in refused(table.phones[1], "facedown_computer_seat", seat=3)["en"]
    assert table.call(1, "facedown_state")["game"] == 2 and table.saves[1] == before
    # Every phone's result is the same, made from the games it checked itself.
    results = [table.call(s, "facedown_result") for s in table.phones]
    assert results[0] == results[1] == results[2]
    result = results[0]
    assert (result["tournament"], result["series"], result["table"]) == (ticket["tournament"], 1, 1)
    assert all("seed" not in g and all(h["deal"] for h in g["hands"]) for g in result["result"]["games"])
    # A result whose record was changed is refused, and the tournament stays as it was.
    changed = copy.deepcopy(result)
    hand = changed["result"]["games"][0]["hands"][0]
    hand["deal"] = [hand["deal"][1], hand["deal"][0], *hand["deal"][2:]]
    words = refused(organiser, "tournament", op="import", result=changed)
    assert words["kind"] == "CorruptSave" and "do not hold" in words["en"], words
    marks = copy.deepcopy(result)
    marks["marks"][0][0] = [m + 1 for m in marks["marks"][0][0]]
    assert refused(organiser, "tournament", op="import", result=marks)["code"] == "tampered"
    facts = ask(organiser, "tournament", op="import", result=result)
    read = facts["tables"][0][0]
    assert read["over"] and read["totals"] == result["totals"] == table.state(2)["series"]["totals"]
    assert read["players"] == ticket["players"]


@pytest.mark.cpython_only
def test_a_ticket_the_table_does_not_play_is_refused_and_a_set_stays_refused() -> None:
    _, ticket = organiser_and_ticket()
    players = ticket_players(ticket)
    # The ticket's players sit as it says, or the table does not open.
    swapped = [players[1], players[0], *players[2:]]
    assert "as the ticket says" in refused(Bridge(), "facedown_host", players=swapped, ticket=ticket)["en"]
    table = Table("rheinland", 62, players=players, host={"ticket": ticket, "options": ticket["options"]})
    # A welcome whose ticket names another series than the table's, or is no ticket, is refused by a guest.
    for given in (dict(ticket, first_dealer=1), dict(ticket, games=3), dict(ticket, format="x")):
        table.phones[3] = Bridge()
        joined = table.call(3, "facedown_guest", seat=3)
        assert joined["commit"]
        words = refused(table.phones[3], "facedown_welcome", frame=dict(table.welcome, ticket=given))
        assert "ticket" in words["en"], words
    # A save whose ticket was changed is not taken up.
    save = dict(table.saves[2], series=dict(table.saves[2]["series"], ticket=dict(ticket, players=list(reversed(ticket["players"])))))
    assert "does not play the series its ticket says" in refused(Bridge(), "facedown_load", save=save)["en"]
    # A tournament's table plays its ticket's series: a Rengen set is no series, in words.
    assert "a set is no series" in refused(Bridge(), "facedown_host", players=players, set=True, ticket=ticket)["en"]
