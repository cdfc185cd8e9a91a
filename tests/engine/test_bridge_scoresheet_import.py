"""The bridge's scoresheet tables (real cards) and record import."""

from __future__ import annotations

import json

from schraem.bridge import Bridge


def call(bridge: Bridge, cmd: str, **args) -> dict:
    return json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


PEOPLE = [{"name": n, "kind": "human"} for n in ("Hubert", "Gerda", "Hans", "Anne")]


def test_scoresheet_table_records_real_card_hands_and_lists_every_seats_actions():
    b = Bridge()
    r = call(b, "new_game", players=PEOPLE, real_cards=True, dealer=4, viewer=None)
    assert r["ok"], r
    st = r["result"]
    assert st["view"]["real_cards"] is True and st["view"]["my_cards"] is None
    legal = st["sheet_legal"]
    assert set(legal) == {"1", "2", "3", "4"}
    assert {"seat": 1, "type": "win"} in legal["1"] and {"seat": 2, "type": "knock", "blind": True} in legal["2"]
    assert not any(a["type"] in ("play", "look") for acts in legal.values() for a in acts)
    for action in (
        {"seat": 1, "type": "knock"},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "hold"},
        {"seat": 4, "type": "hold"},
        {"seat": 4, "type": "win"},
    ):
        r = call(b, "act", action=action, viewer=None)
        assert r["ok"], r
    st = r["result"]
    assert st["hand_over"] and st["view"]["hand_result"]["losses"] == [2, 1, 2, 0]
    st = call(b, "next_hand", viewer=None)["result"]
    assert st["save"]["record"]["hands"][-1]["deal"] is None  # the next hand is real cards too
    assert st["view"]["dealer"] == 4  # the winner deals
    # the save keeps the table a scoresheet across a reload
    again = Bridge()
    st2 = call(again, "load", save=st["save"], viewer=None)["result"]
    assert st2["sheet_legal"] == st["sheet_legal"] and st2["save"] == st["save"]


def test_scoresheet_refuses_bots():
    r = call(Bridge(), "new_game", players=[{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}], real_cards=True)
    assert not r["ok"] and r["error"]["kind"] == "InvalidAction"


def test_import_takes_over_a_record_and_deals_on():
    record = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "options": {},
        "players": [
            {"name": "Hubert", "marks": 6},
            {"name": "Gerda", "marks": 6},
            {"name": "Hans", "marks": 6},
            {"name": "Anne", "marks": 6},
        ],
        "dealer": 4,
        "hands": [
            {
                "deal": None,
                "actions": [
                    {"seat": 1, "type": "knock"},
                    {"seat": 2, "type": "pass"},
                    {"seat": 3, "type": "pass"},
                    {"seat": 4, "type": "hold"},
                    {"seat": 4, "type": "win"},
                ],
            }
        ],
    }
    b = Bridge()
    st = call(b, "import", record=record, viewer=None)["result"]
    assert [p["marks"] for p in st["view"]["players"]] == [4, 5, 5, 6]
    assert st["sheet_legal"] is not None  # the last hand was real cards: carry on as a scoresheet
    assert len(st["save"]["record"]["hands"]) == 2 and st["save"]["record"]["hands"][1]["deal"] is None


def test_import_of_a_broken_record_names_hand_and_action_and_keeps_the_game():
    b = Bridge()
    before = call(b, "new_game", players=PEOPLE, seed=3, viewer=1)["result"]
    broken = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "players": [{"name": "A"}, {"name": "B"}],
        "dealer": 1,
        "hands": [{"deal": [["10H", "9H", "8H", "7H"], ["10H", "9S", "8S", "7S"]], "actions": []}],
    }
    r = call(b, "import", record=broken, viewer=1)
    assert not r["ok"] and r["error"]["kind"] == "CorruptSave"
    assert "hand 1" in r["error"]["en"] and "10H" in r["error"]["en"] and "Spiel 1" in r["error"]["de"]
    assert call(b, "state", viewer=1)["result"] == before
    r = call(b, "import", record="not a record", viewer=1)
    assert not r["ok"] and r["error"]["kind"] == "CorruptSave"


def test_import_of_a_dealt_record_without_seed_can_deal_on():
    rec = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "players": [{"name": "A"}, {"name": "B"}],
        "dealer": 2,
        "hands": [
            {
                "deal": [["10H", "9H", "8H", "7H"], ["10S", "9S", "8S", "7S"]],
                "actions": [
                    {"seat": 1, "type": "play", "card": "10H"},
                    {"seat": 2, "type": "play", "card": "7S"},
                    {"seat": 1, "type": "play", "card": "9H"},
                    {"seat": 2, "type": "play", "card": "8S"},
                    {"seat": 1, "type": "play", "card": "8H"},
                    {"seat": 2, "type": "play", "card": "9S"},
                    {"seat": 1, "type": "play", "card": "7H"},
                    {"seat": 2, "type": "play", "card": "10S"},
                ],
            }
        ],
    }
    b = Bridge()
    st = call(b, "import", record=rec, seed=77, viewer=1)["result"]
    assert st["save"]["record"]["seed"] == 77
    assert len(st["save"]["record"]["hands"]) == 2 and "seed" in st["save"]["record"]["hands"][1]
    assert st["view"]["my_cards"] is None and not st["hand_over"]
