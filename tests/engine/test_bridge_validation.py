"""Every request is checked in full before it changes anything: a new game,
an import or a load that is refused leaves the table that was playing, and a
save's table must fit its record (seats, bot levels, seed, real cards)."""

from __future__ import annotations

import copy
import json

import pytest

from schraem.bridge import Bridge
from schraem.core.fields import MAX_SEED
from schraem.core.game import Game

HUMANS = [{"name": "Hubert"}, {"name": "Gerda"}, {"name": "Hans"}, {"name": "Anne"}]


def call(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"id": 42, "cmd": cmd, "args": args})))
    assert reply["id"] == 42
    return reply


def ok(reply) -> dict:
    assert reply["ok"] is True, reply.get("error")
    return reply["result"]


def refused(reply, kind: str, code: str | None = None) -> dict:
    assert reply["ok"] is False, reply
    e = reply["error"]
    assert e["kind"] == kind, e
    if code is not None:
        assert e["code"] == code, e
    assert e["de"] and e["en"] and e["de"] != e["en"]
    return e


def playing(players=HUMANS, **extra) -> Bridge:
    b = Bridge()
    ok(call(b, "new_game", players=players, seed=3, dealer=len(players), viewer=1, **extra))
    ok(call(b, "act", action={"seat": 1, "type": "look"}, viewer=1))
    return b


def snapshot(b: Bridge) -> str:
    return json.dumps(b.table.save(), sort_keys=True)


def save_of(b: Bridge) -> dict:
    return copy.deepcopy(b.table.save())


# --- a bad viewer no longer replaces the game --------------------------------


@pytest.mark.parametrize("viewer", [9, 0, -1, "1", True, 1.0, [1]])
def test_new_game_with_a_bad_viewer_keeps_the_old_game(viewer):
    b = playing()
    before = snapshot(b)
    refused(call(b, "new_game", players=HUMANS[:3], seed=5, dealer=1, viewer=viewer), "InvalidAction", "bad_seat")
    assert snapshot(b) == before


def test_import_with_a_bad_viewer_keeps_the_old_game():
    b = playing()
    before = snapshot(b)
    other = Game(["A", "B"], "rheinland", seed=9)
    other.deal()
    refused(call(b, "import", record=other.to_record(), seed=1, viewer=3), "InvalidAction", "bad_seat")
    assert snapshot(b) == before


def test_load_with_a_bad_viewer_keeps_the_old_game():
    b = playing()
    before = snapshot(b)
    small = playing(HUMANS[:2])
    refused(call(b, "load", save=save_of(small), viewer=3), "InvalidAction", "bad_seat")
    assert snapshot(b) == before
    ok(call(b, "load", save=save_of(small), viewer=2))  # the same save, a seat it has


# --- tampered tables ------------------------------------------------------------


def _tampered(save):
    def edit(f):
        s = copy.deepcopy(save)
        f(s)
        return s

    yield "seed text", edit(lambda s: s["table"].update(seed="abc"))
    yield "seed missing", edit(lambda s: s["table"].pop("seed"))
    yield "seed negative", edit(lambda s: s["table"].update(seed=-1))
    yield "seed not exact in JavaScript", edit(lambda s: s["table"].update(seed=MAX_SEED + 1))
    yield "seed true", edit(lambda s: s["table"].update(seed=True))
    yield "seed float", edit(lambda s: s["table"].update(seed=3.0))
    yield "real cards on a dealt record", edit(lambda s: s["table"].update(real_cards=True))
    yield "real cards as text", edit(lambda s: s["table"].update(real_cards="yes"))
    yield "unknown table field", edit(lambda s: s["table"].update(cheat=1))
    yield "unknown save field", edit(lambda s: s.update(extra=1))
    yield "seat not an object", edit(lambda s: s["table"]["players"].__setitem__(2, "bot"))
    yield "bot without level", edit(lambda s: s["table"]["players"].__setitem__(2, {"kind": "bot"}))
    yield "bot level unhashable", edit(lambda s: s["table"]["players"].__setitem__(2, {"kind": "bot", "level": ["easy"]}))
    yield "human with a level", edit(lambda s: s["table"]["players"].__setitem__(2, {"kind": "human", "level": "easy"}))
    yield "unknown seat field", edit(lambda s: s["table"]["players"].__setitem__(2, {"kind": "human", "cards": ["AH"]}))
    yield "too many seats", edit(lambda s: s["table"]["players"].append({"kind": "human"}))
    yield "record seed not exact", edit(lambda s: s["record"].update(seed=MAX_SEED + 5))


def test_tampered_tables_are_refused_before_anything_changes():
    b = playing()
    good = save_of(b)
    before = snapshot(b)
    for name, bad in _tampered(good):
        e = refused(call(b, "load", save=bad, viewer=1), "CorruptSave")
        assert "{" not in e["de"] + e["en"], (name, e)
        assert snapshot(b) == before, name
    ok(call(b, "load", save=good, viewer=1))


def test_a_text_seed_no_longer_crashes_every_bot_step():
    b = playing([{"name": "A"}, {"name": "B", "kind": "bot", "level": "easy"}, {"name": "C", "kind": "bot", "level": "easy"}])
    save = save_of(b)
    save["table"]["seed"] = "abc"
    e = refused(call(b, "load", save=save, viewer=None), "CorruptSave", "bad_table")
    assert "seed" in e["en"]
    # the table that was playing still plays
    ok(call(b, "bot_step", viewer=1))


def test_real_cards_on_a_dealt_record_would_list_a_seats_cards():
    b = playing()
    save = save_of(b)
    save["table"]["real_cards"] = True
    e = refused(call(b, "load", save=save, viewer=None), "CorruptSave", "bad_table")
    assert "dealt" in e["en"]
    assert ok(call(b, "state", viewer=None))["sheet_legal"] is None


def test_a_scoresheet_save_must_say_real_cards_and_have_no_bots():
    b = Bridge()
    ok(call(b, "new_game", players=HUMANS, seed=3, dealer=4, viewer=None, real_cards=True))
    save = save_of(b)
    ok(call(Bridge(), "load", save=save, viewer=None))
    plain = copy.deepcopy(save)
    plain["table"].pop("real_cards")
    refused(call(Bridge(), "load", save=plain, viewer=None), "CorruptSave", "bad_table")
    with_bot = copy.deepcopy(save)
    with_bot["table"]["players"][1] = {"kind": "bot", "level": "easy"}
    refused(call(Bridge(), "load", save=with_bot, viewer=None), "CorruptSave", "bad_table")


@pytest.mark.parametrize("seed", ["abc", None, -1, 2.5, True, MAX_SEED + 1])
def test_new_game_and_import_check_their_seed(seed):
    b = playing()
    before = snapshot(b)
    refused(call(b, "new_game", players=HUMANS, seed=seed, dealer=1), "InvalidAction", "bad_seed")
    rec = Game(["A", "B"], "rheinland").to_record()
    refused(call(b, "import", record=rec, seed=seed), "InvalidAction", "bad_seed")
    assert snapshot(b) == before


def test_seat_kinds_and_levels_are_checked_in_plain_words():
    b = Bridge()
    e = refused(
        call(b, "new_game", players=[{"name": "A"}, {"name": "B", "kind": "bot", "level": "genius"}]), "InvalidAction", "bad_seat_entry"
    )
    assert "Seat 2" in e["en"] and "Platz 2" in e["de"] and "genius" in e["en"]
    refused(call(b, "new_game", players=[{"name": "A", "level": "hard"}, {"name": "B"}]), "InvalidAction", "bad_seat_entry")
    refused(call(b, "new_game", players=[{"name": "A", "secret": 1}, {"name": "B"}]), "InvalidAction", "bad_seat_entry")
    refused(call(b, "new_game", players=HUMANS, real_cards="yes"), "InvalidAction", "bad_flag")
    assert b.table is None
