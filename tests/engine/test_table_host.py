"""The host's side of a table of phones (table_host.py): guests' messages
are relayed through the bridge under their own seat, checked like the
bridge's own requests, and answered with that seat's view only; anything
malformed, forged or out of order is refused in both languages and changes
nothing."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schraem.bridge import Bridge
from schraem.bridge.guest_wire import GUEST_CHARS, GUEST_COMMANDS
from schraem.club.outbound import export_record
from schraem.core.fairdeal import commit_of, new_reveal
from schraem.core.game import Game
from schraem.core.view import view

PLAYERS = [{"name": "Anne"}, {"name": "Bernd"}, {"name": "Rechner", "kind": "bot", "level": "easy"}, {"name": "Dora"}]
HOST, GUESTS, BOT = 1, (2, 4), 3
KINDS = ("InvalidAction", "IllegalAction", "NoGame")
CARD = re.compile(r'"((?:10|[7-9AKQJ])[CSHD])"')


def call(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"id": 0, "cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


class Table:
    """A host's bridge and the tickets its guests were given at join."""

    def __init__(self, seed: int = 11):
        self.bridge = Bridge()
        # A long table seed, so a reply carrying it cannot hide among small numbers.
        self.state = call(
            self.bridge, "table_new", players=PLAYERS, viewer=HOST, guests=list(GUESTS), seed=8_123_456_789_012_345 + seed, dealer=4
        )
        self.tickets = {s: call(self.bridge, "table_ticket", seat=s) for s in GUESTS}
        self.ids = 0
        self.rng = random.Random(seed)

    def send_text(self, channel, text) -> tuple[dict, bool]:
        out = call(self.bridge, "guest", seat=channel, text=text)
        return out["reply"], out["changed"]

    def send(self, seat: int, cmd: str, channel: int | None = None, secret: str | None = None, **args) -> dict:
        self.ids += 1
        msg = {"id": self.ids, "seat": seat, "secret": self.tickets[seat]["secret"] if secret is None else secret, "cmd": cmd, "args": args}
        reply, _ = self.send_text(seat if channel is None else channel, json.dumps(msg))
        assert reply["id"] == self.ids
        return reply

    def deal(self) -> dict[int, dict]:
        """Every guest commits, then reveals; returns each guest's last
        reply (its view once the hand is dealt)."""
        facts = call(self.bridge, "state", viewer=HOST)["phone_table"]["deal"]
        hand = facts["hand"]
        reveals = {s: new_reveal() for s in GUESTS}
        for s in GUESTS:
            assert self.send(s, "commit", round=0, hand=hand, commit=commit_of(hand, s, reveals[s]))["ok"]
        for s in GUESTS:
            reply = self.send(s, "reveal", round=0, hand=hand, reveal=reveals[s])
            assert reply["ok"], reply
        return {s: self.send(s, "state")["result"] for s in GUESTS}

    def snapshot(self) -> str:
        t = self.bridge.table
        r = t.host.round
        deal = None if r is None else (r.hand, sorted(r.commits.items()), sorted(r.reveals.items()))
        return json.dumps([t.save(), deal], sort_keys=True)

    @property
    def game(self) -> Game:
        return self.bridge.table.game


def refused(reply: dict, code: str | None = None) -> dict:
    assert reply["ok"] is False, reply
    e = reply["error"]
    assert e["kind"] in KINDS and e["de"] and e["en"] and e["de"] != e["en"], e
    if code is not None:
        assert e["code"] == code, e
    for text in (e["de"], e["en"]):
        assert "Error(" not in text and "Traceback" not in text and "object at 0x" not in text, text
    return e


def assert_only_own(table: Table, seat: int, reply: dict) -> None:
    """Nothing in a guest's reply that the seat may not see: no save, seed
    or secret of another seat, and no card beyond its own dealt cards and
    what the public view shows."""
    text = json.dumps(reply)
    g = table.game
    assert '"save"' not in text and '"seed"' not in text and '"stock"' not in text
    for other, ticket in table.tickets.items():
        if other != seat:
            assert ticket["secret"] not in text
    assert str(table.bridge.table.seed) not in text
    for spec in g.specs:
        if "seed" in spec:
            assert str(spec["seed"]) not in text
    own = set()
    if g.hand is not None and g.hand.cards is not None:
        own = set(export_record(g, keep_last=True)["hands"][-1]["deal"][seat - 1])
    public = set(CARD.findall(json.dumps(view(g, None))))
    leaked = set(CARD.findall(text)) - own - public
    assert not leaked, (seat, leaked)


def play_hand(table: Table, check=None, knock: bool = True) -> None:
    """The hand to its end: bots step, the host and the guests act their
    first legal action (without `knock`, the first that is not a knock),
    each guest through its own channel."""
    b = table.bridge

    def first(legal):
        return next((a for a in legal if knock or a["type"] != "knock"), legal[0])

    for _ in range(400):
        if table.game.hand_over:
            return
        st_ = call(b, "bot_step", viewer=HOST)
        if st_["bot_action"] is not None:
            continue
        due = table.game.due()
        seat = next((s for s in due if s != BOT), None)
        assert seat is not None, due
        if seat == HOST:
            call(b, "act", viewer=HOST, action=first(call(b, "state", viewer=HOST)["view"]["legal"]))
            continue
        mine = table.send(seat, "state")
        if check:
            check(seat, mine)
        reply = table.send(seat, "act", action=first(mine["result"]["view"]["legal"]))
        assert reply["ok"], reply
        if check:
            check(seat, reply)
    raise AssertionError("the hand did not end")


def test_the_first_hand_waits_for_every_phone_and_is_dealt_from_their_numbers():
    t = Table()
    facts = t.state["phone_table"]
    assert facts == {
        "host": HOST,
        "names": ["Anne", "Bernd", "Rechner", "Dora"],
        "game": 1,
        "taken_over": None,
        "guests": list(GUESTS),
        "joining": [],
        "leaving": [],
        "standins": [],
        "disputes": [],
        "restarts": [],
        "deal": {"hand": 1, "round": 0, "phase": "commit", "waiting": list(GUESTS), "restarts": []},
    }
    # Secrets go out by ticket only; the host's save keeps them for its reload.
    assert t.game.hand is None and "secret" not in json.dumps({k: v for k, v in t.state.items() if k != "save"})
    assert "secret" not in json.dumps({k: v for k, v in t.state["save"].items() if k != "phone"})
    seen = t.deal()
    spec = t.game.specs[0]
    assert [e["seat"] for e in spec["fair"]] == [1, 2, 4]
    assert Game.from_record(t.game.to_record()).hands[0].cards == t.game.hand.cards
    for s in GUESTS:
        assert seen[s]["deal"] is None and seen[s]["view"]["my_cards"] is None  # not looked yet
        looked = t.send(s, "act", action={"seat": s, "type": "look"})
        assert len(looked["result"]["view"]["my_cards"]) == len(t.game.hand.cards[s - 1])
        assert_only_own(t, s, looked)


def test_a_guest_plays_its_own_seat_through_a_hand_and_checks_the_deal_after_it():
    t = Table()
    commits_seen = {}
    hand = t.state["phone_table"]["deal"]["hand"]
    reveals = {s: new_reveal() for s in GUESTS}
    for s in GUESTS:
        t.send(s, "commit", round=0, hand=hand, commit=commit_of(hand, s, reveals[s]))
    for s in GUESTS:
        state = t.send(s, "state")["result"]
        assert state["deal"]["phase"] == "reveal"
        commits_seen[s] = state["deal"]["commits"]
    for s in GUESTS:
        assert t.send(s, "reveal", round=0, hand=hand, reveal=reveals[s])["ok"]
    mine = {s: sorted(t.send(s, "act", action={"seat": s, "type": "look"})["result"]["view"]["my_cards"]) for s in GUESTS}
    during = t.send(2, "record")["result"]
    assert during["hands"] == []  # the hand in play is not in it: its deal shows every card
    # No knocks: a hand knocked up to seven could end the game (the deal is
    # random, the host's share of it too), and the next hand is checked below.
    play_hand(t, check=lambda seat, reply: assert_only_own(t, seat, reply), knock=False)
    for s in GUESTS:
        record = t.send(s, "record")["result"]
        assert "seed" not in json.dumps(record)
        replayed = Game.from_record(record)  # checks the transcript against the deal
        h = record["hands"][0]
        assert [{"seat": e["seat"], "commit": e["commit"]} for e in h["fair"]] == commits_seen[s]
        assert sorted(h["deal"][s - 1]) == mine[s] and replayed.results[0].winner == t.game.results[0].winner
    # The guest's own engine checks what it was sent, leaving its table alone.
    own = Bridge()
    checked = call(own, "check_record", record=record)
    assert checked == {"hands": 1, "fair_deals_checked": [1]} and own.table is None
    forged = json.loads(json.dumps(record))
    forged["hands"][0]["deal"][0][0], forged["hands"][0]["deal"][3][0] = forged["hands"][0]["deal"][3][0], forged["hands"][0]["deal"][0][0]
    reply = json.loads(own.handle(json.dumps({"id": 1, "cmd": "check_record", "args": {"record": forged}})))
    assert reply["ok"] is False and reply["error"]["kind"] == "CorruptSave" and reply["error"]["en"].startswith("hand 1:")
    # The next hand is a new round: the host cannot deal it alone.
    call(t.bridge, "next_hand", viewer=HOST)
    assert t.game.hand_over and len(t.game.specs) == 1
    t.deal()
    assert len(t.game.specs) == 2 and t.game.specs[1]["fair"] != t.game.specs[0]["fair"]


def _host_refusal(b: Bridge, cmd: str, **args) -> dict:
    reply = json.loads(b.handle(json.dumps({"id": 0, "cmd": cmd, "args": args})))
    return refused(reply)


def test_the_host_cannot_restart_a_deal_or_take_a_move_back():
    t = Table()
    before = t.snapshot()
    assert _host_refusal(t.bridge, "next_hand", viewer=HOST)["code"] == "deal_phase"
    assert t.snapshot() == before
    t.deal()
    call(t.bridge, "act", viewer=HOST, action={"seat": 1, "type": "look"})
    before = t.snapshot()
    assert _host_refusal(t.bridge, "undo", viewer=HOST)["code"] == "phone_table_no_undo"
    assert _host_refusal(t.bridge, "rematch", viewer=HOST)["code"] == "bad_request"  # the game runs
    assert t.snapshot() == before
    assert _host_refusal(t.bridge, "table_ticket", seat=BOT)["code"] == "bad_request"
    assert _host_refusal(t.bridge, "guest_state", seat=HOST)["code"] == "bad_request"


def test_every_guests_state_comes_in_one_call_each_with_its_own_seat_only():
    t = Table()
    t.deal()
    before = t.snapshot()
    states = call(t.bridge, "guest_states")
    assert sorted(states) == [str(s) for s in GUESTS]
    for s in GUESTS:
        assert states[str(s)] == call(t.bridge, "guest_state", seat=s)
        deal = export_record(t.game, keep_last=True)["hands"][0]["deal"]
        others = {c for o in range(1, 5) if o != s for c in deal[o - 1]}
        assert others and not set(CARD.findall(json.dumps(states[str(s)]))) & others
    assert t.snapshot() == before


def test_a_guests_change_brings_the_hosts_own_state_and_a_bad_viewer_changes_nothing():
    t = Table()
    t.deal()
    look = json.dumps({"id": 1, "seat": 2, "secret": t.tickets[2]["secret"], "cmd": "act", "args": {"action": {"seat": 2, "type": "look"}}})
    before = t.snapshot()
    assert _host_refusal(t.bridge, "guest", seat=2, text=look, viewer=9)["code"] == "bad_seat"
    assert t.snapshot() == before
    out = call(t.bridge, "guest", seat=2, text=look, viewer=HOST)
    assert out["changed"] and out["reply"]["ok"]
    assert out["state"] == call(t.bridge, "state", viewer=HOST)
    assert out["guests"] == call(t.bridge, "guest_states")
    assert out["guests"]["2"] == out["reply"]["result"]  # the guest's own, made once
    unchanged = call(t.bridge, "guest", seat=2, text=look.replace('"id": 1', '"id": 2'), viewer=HOST)
    assert not unchanged["changed"] and "state" not in unchanged


@pytest.mark.parametrize(
    "players, viewer, guests",
    [
        (PLAYERS, 3, [2]),  # the host at a computer player's seat
        (PLAYERS, 1, [3]),  # a computer player as a guest
        (PLAYERS, 1, [1, 2]),
        (PLAYERS, 1, [2, 2]),
        (PLAYERS, 1, [5]),
        (PLAYERS, None, [2]),
        (PLAYERS, 1, "2"),
    ],
)
def test_a_table_of_phones_is_opened_only_with_sound_seats(players, viewer, guests):
    b = Bridge()
    e = _host_refusal(b, "table_new", players=players, viewer=viewer, guests=guests)
    assert e["code"] == "bad_request" and b.table is None


def test_a_plain_table_has_no_guests():
    b = Bridge()
    call(b, "new_game", players=PLAYERS, viewer=1, seed=1)
    assert _host_refusal(b, "guest", seat=2, text="{}")["code"] == "phone_table_only"


def _deep(n: int) -> str:
    return '{"id": 5, "args": ' * n + "{}" + "}" * n


@pytest.mark.parametrize(
    "name, make, code",
    [
        ("wrong secret", lambda t: t.send(2, "state", secret="x" * 24), "guest_unknown"),
        ("another seat's secret", lambda t: t.send(2, "state", secret=t.tickets[4]["secret"]), "guest_unknown"),
        ("another seat on this channel", lambda t: t.send(4, "state", channel=2), "guest_not_your_seat"),
        ("a channel for no guest", lambda t: t.send(2, "state", channel=HOST), "guest_unknown"),
        ("a host command", lambda t: t.send(2, "undo"), "guest_command"),
        ("a reveal before every commit", lambda t: t.send(2, "reveal", round=0, hand=1, reveal=new_reveal()), "deal_phase"),
        ("a commit for another hand", lambda t: t.send(2, "commit", round=0, hand=2, commit="a" * 64), "deal_phase"),
        ("a commit that is no hash", lambda t: t.send(2, "commit", round=0, hand=1, commit="A" * 64), "fair_deal"),
        ("an action while dealing", lambda t: t.send(2, "act", action={"seat": 2, "type": "knock"}), "deal_phase"),
        ("too large", lambda t: t.send_text(2, json.dumps({"id": 9, "pad": "x" * GUEST_CHARS}))[0], "guest_too_large"),
        ("too deep", lambda t: t.send_text(2, _deep(8))[0], "guest_too_deep"),
        ("not JSON", lambda t: t.send_text(2, '{"id": 9, "cmd": ')[0], "request_not_json"),
        ("not text", lambda t: t.send_text(2, 17)[0], "request_not_text"),
        (
            "an unknown field",
            lambda t: t.send_text(2, json.dumps({"id": 1, "seat": 2, "secret": t.tickets[2]["secret"], "cmd": "state", "as": 1}))[0],
            "guest_field",
        ),
    ],
)
def test_malformed_or_forged_messages_while_dealing_are_refused(name, make, code):
    t = Table()
    before = t.snapshot()
    e = refused(make(t), code)
    assert t.snapshot() == before, name
    if code == "guest_not_your_seat":
        assert "Bernd" in e["en"] and "Bernd" in e["de"]


@pytest.mark.parametrize(
    "name, make, code",
    [
        ("a commit twice", lambda t, r: t.send(2, "commit", round=0, hand=1, commit=commit_of(1, 2, r[2])), "deal_phase"),
        ("a reveal that does not match", lambda t, r: t.send(2, "reveal", round=0, hand=1, reveal=r[4]), "fair_deal"),
        ("a reveal of the wrong form", lambda t, r: t.send(2, "reveal", round=0, hand=1, reveal=None), "fair_deal"),
    ],
)
def test_out_of_order_or_false_numbers_are_refused(name, make, code):
    t = Table()
    r = {s: new_reveal() for s in GUESTS}
    for s in GUESTS:
        t.send(s, "commit", round=0, hand=1, commit=commit_of(1, s, r[s]))
    before = t.snapshot()
    refused(make(t, r), code)
    assert t.snapshot() == before
    assert t.send(2, "reveal", round=0, hand=1, reveal=r[2])["ok"]
    refused(t.send(2, "reveal", round=0, hand=1, reveal=r[2]), "deal_phase")


def test_a_guest_acts_only_for_its_own_seat():
    t = Table()
    t.deal()
    before = t.snapshot()
    for seat in (1, 3, 4, "2", True, None):
        e = refused(t.send(2, "act", action={"seat": seat, "type": "knock"}), "guest_not_your_seat")
        assert "Bernd" in e["de"]
    assert "'action'" in refused(t.send(2, "act", action=["knock"]), "guest_type")["en"]
    refused(t.send(2, "act", action={"seat": 2, "type": "play", "card": "ZZ"}), "bad_card")
    assert t.snapshot() == before
    assert t.send(2, "act", action={"seat": 2, "type": "look"})["ok"]
    assert t.snapshot() != before


# --- fuzz ------------------------------------------------------------------
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_field = st.sampled_from(["id", "seat", "secret", "cmd", "args", "action", "hand"])
_cmd = st.sampled_from(GUEST_COMMANDS + ("new_game", "load", "undo", "table_ticket", "")) | st.text(max_size=10)
_hex = st.sampled_from(["0" * 64, "f" * 63, "g" * 64, new_reveal()]) | st.text(max_size=70)
_args = (
    st.fixed_dictionaries(
        {},
        optional={
            "hand": st.integers(-2, 4) | _json,
            "commit": _hex,
            "reveal": _hex,
            "action": st.fixed_dictionaries(
                {"seat": st.integers(0, 5) | _json, "type": st.sampled_from(["knock", "look", "play", "hold", "pass"])},
                optional={"card": st.sampled_from(["10H", "7C", "ZZ"]) | _json},
            )
            | _json,
        },
    )
    | _json
)

MESSAGES = st.one_of(
    # anything at all as text
    st.text(max_size=300),
    _json.map(json.dumps),
    # well formed, with a wrong secret or speaking for another seat
    st.fixed_dictionaries(
        {"id": st.integers(), "seat": st.integers(0, 6) | _json, "secret": st.text(max_size=30) | _json, "cmd": _cmd, "args": _args}
    ).map(json.dumps),
    # huge and deep
    st.integers(GUEST_CHARS + 1, 3 * GUEST_CHARS).map(lambda n: json.dumps({"id": 1, "x": "y" * n})),
    st.integers(6, 400).map(_deep),
    st.integers(6, 400).map(lambda n: "[" * n + "]" * n),
)
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _fuzz_table() -> Table:
    return Table(seed=5)


@FUZZ
@given(channel=st.sampled_from([1, 2, 3, 4, 5, 0, -1, "2", None, True, 2.0]), text=MESSAGES)
def test_fuzz_forged_and_malformed_messages_never_change_the_game(channel, text):
    t = _fuzz_table()
    t.deal()
    before = t.snapshot()
    out = json.loads(t.bridge.handle(json.dumps({"id": 0, "cmd": "guest", "args": {"seat": channel, "text": text}})))
    assert out["ok"], out
    refused(out["result"]["reply"])
    assert out["result"]["changed"] is False
    assert t.snapshot() == before


@FUZZ
@given(
    dealt=st.booleans(), steps=st.lists(st.tuples(st.sampled_from(GUESTS), st.sampled_from(GUESTS), _cmd, _args), min_size=1, max_size=6)
)
def test_fuzz_a_guest_with_the_right_secret_still_cannot_break_the_rules(dealt, steps):
    """The secret of one seat, any command and arguments, in any order:
    whatever is accepted is a legal step for that seat; whatever is refused
    changes nothing; no reply shows what the seat may not see."""
    t = _fuzz_table()
    if dealt:
        t.deal()
    for seat, claimed, cmd, args in steps:
        before = t.snapshot()
        msg = {"id": 1, "seat": claimed, "secret": t.tickets[seat]["secret"], "cmd": cmd, "args": args}
        reply, changed = t.send_text(seat, json.dumps(msg))
        if reply["ok"]:
            assert claimed == seat and cmd in GUEST_COMMANDS
            if cmd != "record":  # a record holds finished hands only: none here
                assert_only_own(t, seat, reply)
            if changed and cmd == "act":
                assert t.game.logs[-1][-1].seat == seat
        else:
            refused(reply)
            assert t.snapshot() == before


@pytest.mark.parametrize(
    "cmd, args, key",
    [
        ("state", {"extra": 1}, "extra"),
        ("record", {"hand": 1}, "hand"),
        ("commit", {"hand": 1, "round": 0, "commit": "a" * 64, "x": 1}, "x"),
        ("reveal", {"hand": 1, "round": 0, "reveal": "a" * 64, "card": "KH"}, "card"),
        ("commit", {"hand": "1", "round": 0, "commit": "a" * 64}, "hand"),
        ("commit", {"hand": 1, "round": "0", "commit": "a" * 64}, "round"),
        ("commit", {"hand": 1, "commit": "a" * 64}, "round"),
        ("reveal", {"hand": True, "round": 0, "reveal": "a" * 64}, "hand"),
        ("act", {"action": {"seat": 2, "type": "look"}, "also": 1}, "also"),
        ("dispute", {"hand": [1]}, "hand"),
    ],
)
def test_every_unexpected_or_mistyped_key_is_refused_by_name(cmd, args, key):
    t = Table()
    before = t.snapshot()
    e = refused(t.send(2, cmd, **args))
    assert f"'{key}'" in e["en"] and f"'{key}'" in e["de"], e
    assert t.snapshot() == before


def test_an_extra_top_level_key_is_named():
    t = Table()
    before = t.snapshot()
    text = json.dumps({"id": 1, "seat": 2, "secret": t.tickets[2]["secret"], "cmd": "state", "args": {}, "sneaky": True})
    e = refused(t.send_text(2, text)[0], "guest_field")
    assert "'sneaky'" in e["en"] and "'sneaky'" in e["de"]
    assert t.snapshot() == before


@given(
    key=st.text(min_size=1, max_size=12).filter(lambda k: k not in ("hand", "round", "commit")),
    value=st.none() | st.integers() | st.text(max_size=8),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzz_an_unknown_key_in_a_commit_is_refused_by_name(key, value):
    t = Table()
    before = t.snapshot()
    msg = {
        "id": 1,
        "seat": 2,
        "secret": t.tickets[2]["secret"],
        "cmd": "commit",
        "args": {"hand": 1, "round": 0, "commit": "a" * 64, key: value},
    }
    e = refused(t.send_text(2, json.dumps(msg))[0], "guest_field")
    assert repr(key)[:24] in e["en"]
    assert t.snapshot() == before
