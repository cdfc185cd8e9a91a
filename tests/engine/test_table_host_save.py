"""A table of phones survives the host's reload (docs/PHONE_TABLE.md): the
host's save holds the seats, their secrets and the deal under way, loading
it goes on exactly where it was, a damaged part of it is refused, and none
of it leaves the host in an export or a guest's reply."""

from __future__ import annotations

import copy
import json

import pytest
from test_table_host import GUESTS, HOST, Table, call

from schraem.bridge import Bridge
from schraem.core.fairdeal import commit_of, new_reveal


def reload(t: Table) -> None:
    """The host's phone starts again: a fresh engine loads the stored save."""
    save = call(t.bridge, "state", viewer=HOST)["save"]
    t.bridge = Bridge()
    call(t.bridge, "load", save=json.loads(json.dumps(save)), viewer=HOST)


def test_a_host_reloaded_mid_deal_keeps_the_round_and_every_seat_secret():
    t = Table()
    hand = 1
    reveals = {s: new_reveal() for s in GUESTS}
    assert t.send(2, "commit", round=0, hand=hand, commit=commit_of(hand, 2, reveals[2]))["ok"]
    before = t.snapshot()
    reload(t)
    assert t.snapshot() == before  # the host's own number and seat 2's commit came back
    # The old tickets still prove their seats; seat 2 cannot commit twice.
    assert t.send(2, "commit", round=0, hand=hand, commit=commit_of(hand, 2, reveals[2]))["ok"] is False
    assert t.send(4, "commit", round=0, hand=hand, commit=commit_of(hand, 4, reveals[4]))["ok"]
    reload(t)
    for s in GUESTS:
        assert t.send(s, "reveal", round=0, hand=hand, reveal=reveals[s])["ok"]
    assert [e["seat"] for e in t.game.specs[0]["fair"]] == [HOST, *GUESTS]


def test_a_host_reloaded_mid_hand_goes_on_with_every_action():
    t = Table()
    t.deal()
    for s in GUESTS:
        assert t.send(s, "act", action={"seat": s, "type": "look"})["ok"]
    before = t.snapshot()
    reload(t)
    assert t.snapshot() == before
    assert t.send(2, "state")["result"]["view"]["my_cards"]


def _save(t: Table) -> dict:
    return call(t.bridge, "state", viewer=HOST)["save"]


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.update(secrets={}),
        lambda p: p["secrets"].update({"2": "short"}),
        lambda p: p["secrets"].update({"3": "x" * 24}),  # the computer player's seat
        lambda p: p.update(host=2),
        lambda p: p.update(extra=1),
        lambda p: p["round"].update(hand=2),
        lambda p: p["round"]["reveals"].update({"1": "0" * 64}),
        lambda p: p["round"]["commits"].update({"3": "0" * 64}),
        lambda p: p["round"].update(reveals={}),
        lambda p: p.update(standins=[3]),  # the computer player's own seat
        lambda p: p.update(standins=[2, 2]),
        lambda p: p.update(standins="2"),
        lambda p: p.update(disputes={"1": [2]}),  # no hand is finished
        lambda p: p.update(disputes=[2]),
    ],
)
def test_a_damaged_phone_table_in_a_save_is_refused_and_changes_nothing(damage):
    t = Table()
    save = _save(t)
    bad = copy.deepcopy(save)
    damage(bad["phone"])
    reply = json.loads(t.bridge.handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": bad, "viewer": HOST}})))
    assert not reply["ok"] and reply["error"]["kind"] == "CorruptSave", reply
    assert reply["error"]["de"] and reply["error"]["en"]
    assert _save(t) == save


def test_nothing_of_the_hosts_table_leaves_it():
    t = Table()
    t.deal()
    save = _save(t)
    secrets = [v for v in save["phone"]["secrets"].values()]
    texts = [
        json.dumps(call(t.bridge, "export", include_current_hand=False)),
        json.dumps(call(t.bridge, "export", of=save, include_current_hand=False)),
        *(json.dumps(t.send(s, "state")) for s in GUESTS),
        json.dumps(t.send(2, "record")),
    ]
    for text in texts:
        assert '"phone"' not in text and "secrets" not in text
        assert not any(secret in text for secret in secrets)


def _damaged_file(t: Table) -> str:
    """The host's stored game (the save and the screen beside it) as the
    damaged-save screen sends it out."""
    state = call(t.bridge, "state", viewer=HOST)
    stored = {"format": "schraem-game/1", "save": state.pop("save"), "state": state, "viewer": HOST, "handoff": None}
    return json.dumps(call(t.bridge, "export", damaged=json.loads(json.dumps(stored)))["file"])


def test_a_damaged_hosts_save_leaves_without_its_secrets_numbers_or_cards():
    t = Table()
    hand = 1
    reveals = {s: new_reveal() for s in GUESTS}
    for s in GUESTS:
        assert t.send(s, "commit", round=0, hand=hand, commit=commit_of(hand, s, reveals[s]))["ok"]
    assert t.send(2, "reveal", round=0, hand=hand, reveal=reveals[2])["ok"]
    phone = _save(t)["phone"]
    assert phone["round"]["reveals"]  # the hand's numbers so far: the deal follows from them
    text = _damaged_file(t)
    numbers = [*phone["secrets"].values(), phone["key"], *phone["round"]["reveals"].values()]
    assert '"phone"' not in text and not any(n in text for n in numbers)

    for s in GUESTS[1:]:
        assert t.send(s, "reveal", round=0, hand=hand, reveal=reveals[s])["ok"]
    state = call(t.bridge, "act", action={"seat": HOST, "type": "look"}, viewer=HOST)
    mine = state["view"]["my_cards"]
    assert mine
    text = _damaged_file(t)
    assert '"phone"' not in text and not any(f'"{c}"' in text for c in mine)
