"""A face-down table through the bridge (bridge/facedown_table.py), driven
as the shell drives it: JSON requests through each phone's own `Bridge`
and `handle()`, the frames each answers passed between the phones by the
test as the data channels would, each save kept as the shell keeps it.

A host's phone, two guests' phones and a computer seat play whole games of
two presets: every phone says "checked" after every hand. No phone's
bridge ever receives or relays a hidden card (another seat's unplayed
card, the stock it did not draw), searched in every message with
everything that phone holds; a planted leak is found. A guest and the host
reload mid-hand from their saves and play on, every save within a round
only appending to the one before (the shell stores only what each message
added); refusals are data, in words,
and change nothing. A guest's phone lost for good after it looked at its
cards is played on by the host's phone, and the phones still there check
the hand; at two phones, or before the deal, the hand is void on every
phone with who left and when; only the host's phone says a phone is gone."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from typing import Any

import pytest
from test_facedown import BeforeSealing, Leaky, SealedLeaky, answer_keys, tied

from schraem.bridge import Bridge, facedown_commands, facedown_table
from schraem.core import facedown, facedown_check, facedown_relay, fairdeal
from schraem.core.facedown import Phone
from schraem.core.facedown_deck import card_point
from schraem.crypto import Element, proofs

PLAYERS = [{"name": "Anne"}, {"name": "Bernd"}, {"name": "Carla"}, {"name": "Dora", "kind": "bot", "level": "easy"}]


def ask(bridge: Bridge, cmd: str, **args: Any) -> dict[str, Any]:
    """One request as the shell sends it; the answer, which must be ok."""
    reply = json.loads(bridge.handle(json.dumps({"id": 7, "cmd": cmd, "args": args})))
    assert reply["ok"], (cmd, reply["error"])
    result: dict[str, Any] = reply["result"]
    return result


def refused(bridge: Bridge, cmd: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(bridge.handle(json.dumps({"id": 8, "cmd": cmd, "args": args})))
    assert not reply["ok"] and reply["error"]["de"] and reply["error"]["en"], reply
    error: dict[str, Any] = reply["error"]
    return error


class Table:
    """The phones and their channels: every frame a phone's bridge takes
    or sends out is kept as the JSON text that crossed (`heard`). `host`:
    the seat of the host's phone (another after a take-over)."""

    host = 1

    def __init__(
        self,
        rules: str,
        seed: int,
        bridges: dict[int, type[Bridge]] | None = None,
        marks: int = 2,
        players: list[dict[str, Any]] = PLAYERS,
        stakes: dict[str, Any] | None = None,
        host: dict[str, Any] | None = None,
    ) -> None:
        kinds = bridges or {}
        self.rng = random.Random(seed)
        humans = [s for s, p in enumerate(players, 1) if p.get("kind", "human") == "human"]
        self.guests = humans[1:]
        self.phones: dict[int, Bridge] = {s: kinds.get(s, Bridge)() for s in humans}
        self.heard: dict[int, list[str]] = {s: [] for s in self.phones}
        self.saves: dict[int, dict[str, Any]] = {}
        self.away: set[int] = set()  # phones gone: nothing reaches them, nothing of theirs arrives
        # Few marks each, so that a whole game is a few hands.
        players = [dict(p, marks=marks) for p in players]
        # `host`: more of the start form's terms (a series' `games`, `options`).
        opened = self.call(1, "facedown_host", players=players, rules=rules, **({"stakes": stakes} if stakes else {}), **(host or {}))
        assert opened["welcome"] is None  # the guests' keys are not in yet
        # The table code's round: every guest's commitment, then every
        # seat's key and nonce (core/facedown_code.py).
        commits = None
        for s in self.guests:
            joined = self.call(s, "facedown_guest", seat=s)
            commits = self.call(1, "facedown_seat", seat=s, commit=joined["commit"])["commits"]
        assert commits is not None
        welcome = None
        for s in self.guests:
            self.heard[s].append(json.dumps(commits))
            reveal = self.call(s, "facedown_commits", frame=commits)["reveal"]
            welcome = self.call(1, "facedown_reveal", seat=s, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"]
        assert welcome is not None
        self.welcome = welcome
        for s in self.guests:
            self.heard[s].append(json.dumps(welcome))
            self.call(s, "facedown_welcome", frame=welcome)

    def call(self, phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        result = ask(self.phones[phone], cmd, **args)
        if "save" in result:
            # Stored before anything is sent; `ask` read the answer from
            # its JSON text, so it shares nothing with the phone's engine.
            self.saves[phone] = result["save"]
        return result

    def sent(self, seat: int, frames: list[dict[str, Any]]) -> None:
        """Frames a phone's bridge gave to send, delivered until the table
        is quiet: a guest's to the host, the host's to every guest."""
        queue = [(seat, f) for f in frames]
        while queue:
            sender, frame = queue.pop(0)
            if self.lost(sender, frame) or sender in self.away:
                continue
            text = json.dumps(frame)
            self.heard[sender].append(text)
            if sender == self.host:
                for g in self.guests:
                    if g in self.away or g == self.host or self.missed(g, frame):
                        continue
                    self.heard[g].append(text)
                    queue += [(g, f) for f in self.call(g, "facedown_receive", frame=json.loads(text))["send"]]
            else:
                self.heard[self.host].append(text)
                relayed = self.call(self.host, "facedown_relay", seat=sender, frame=json.loads(text))
                queue += [(self.host, f) for f in relayed["send"]]
                if relayed["state"]["settle"]:
                    queue += [(self.host, f) for f in self.settle(frame, relayed)]

    def settle(self, frame: dict[str, Any], relayed: dict[str, Any]) -> list[dict[str, Any]]:
        """The host sent a guest's message on before its own seats took it
        (`relayed`): they take it now. → the frames that sets off."""
        return list(self.call(self.host, "facedown_settle")["send"])

    def lost(self, seat: int, frame: dict[str, Any]) -> bool:
        """Whether the channel loses this frame (never, here)."""
        return False

    def missed(self, seat: int, frame: dict[str, Any]) -> bool:
        """Whether the host's frame does not reach the phone of `seat` (never, here)."""
        return False

    def state(self, seat: int) -> dict[str, Any]:
        return self.call(seat, "facedown_state")

    def deal(self) -> int:
        out = self.call(self.host, "facedown_next_hand")
        self.sent(self.host, out["send"])
        hand: int = out["state"]["hand"]
        return hand

    def step(self) -> bool:
        """One move: a computer's, if one wants to; else a person's, any
        phone's, of the actions its own view offers. False once none is."""
        bot = self.call(self.host, "facedown_bot_step")
        if bot["bot_action"] is not None:
            self.sent(self.host, bot["send"])
            return True
        offers = [(s, a) for s in self.phones if s not in self.away for a in self.state(s)["legal"]]
        if not offers:
            return False
        s, a = self.rng.choice(offers)
        self.sent(s, self.call(s, "facedown_act", action=a)["send"])
        return True

    def play_hand(self) -> None:
        for _ in range(400):
            if not self.step():
                return
        raise AssertionError("the hand did not end")

    def reload(self, seat: int) -> None:
        """The phone's app closed and opened again: a new engine, its save."""
        self.phones[seat] = type(self.phones[seat])()
        out = self.call(seat, "facedown_load", save=self.saves[seat])
        self.sent(seat, out["send"])
        if out["state"]["settle"]:
            self.sent(seat, self.call(seat, "facedown_settle")["send"])


def phone_of(bridge: Bridge, seat: int) -> Phone:
    table = bridge.facedown
    assert table is not None
    return table.locals[seat].st.phone


# --- whole games ---------------------------------------------------------------


class SeededSecrets:
    """`secrets` as the face-down code uses it, drawn from a seeded
    generator: the phones' secrets, and with them the cards, are the same
    at every run (a game that ended after its first hand in one run and
    lasted three in the next made a test of whole games a matter of luck)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self.rng.randrange(n)

    def randbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def token_bytes(self, n: int = 32) -> bytes:
        return self.rng.randbytes(n)

    def token_hex(self, n: int = 32) -> str:
        return self.token_bytes(n).hex()

    def token_urlsafe(self, n: int = 32) -> str:
        return base64.urlsafe_b64encode(self.token_bytes(n)).rstrip(b"=").decode()


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> SeededSecrets:
    """Every test here draws its secrets from a generator seeded by its
    name: a failure comes back at the next run, with the same cards."""
    drawn = SeededSecrets(zlib.crc32(request.node.name.encode()))
    for module in (proofs, facedown, facedown_check, fairdeal, facedown_table, facedown_commands):
        monkeypatch.setattr(module, "secrets", drawn)
    return drawn


@pytest.mark.cpython_only
@pytest.mark.parametrize(("rules", "seed", "marks"), [("rheinland", 31, 2), ("wipperfuerth", 32, 3)])
def test_whole_games_are_checked_on_every_phone_after_every_hand(rules: str, seed: int, marks: int, seeded_secrets: SeededSecrets) -> None:
    seeded_secrets.rng.seed(seed)  # cards that make a game of more than one hand
    table = Table(rules, seed, marks=marks)
    hands, played = 0, set()
    while True:
        hand = table.deal()
        for s in table.phones:
            # Dealt: every phone holds its own cards and no other.
            mine = table.state(s)["view"]
            assert mine is not None and table.state(s)["phase"] == "playing"
        table.play_hand()
        hands += 1
        for s in table.phones:
            assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
            assert table.state(s)["verdict"] == {
                "status": "checked",
                "seat": None,
                "de": "geprüft",
                "en": "checked",
                "hand": hand,
            }
        played |= {a["type"] for a in table.phones[1].facedown.locals[1].st.actions}  # type: ignore[union-attr]
        if table.state(1)["game_over"]:
            break
        assert hands < 12
    assert hands >= 2
    # Every phone replayed the same game.
    records = [t.facedown.after for t in table.phones.values()]  # type: ignore[union-attr]
    assert records[0] == records[1] == records[2]
    if rules == "wipperfuerth":
        assert "exchange" in played


def lists(save: dict[str, Any]) -> list[list[Any]]:
    """A save's lists that the shell stores as steps (pwa/store/facedown-save.js)."""
    hand = save["hand"]
    return [hand["envelopes"]] + [kept[part] for _, kept in sorted(hand["seats"].items()) for part in ("journal", "sent")]


def same_round(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two saves of one round: the same hand of the same game, dealt with the same secrets."""
    ha, hb = a.get("hand"), b.get("hand")
    return (
        bool(ha and hb)
        and (a["game"], a["retry"], ha["number"]) == (b["game"], b["retry"], hb["number"])
        and {s: (k["secret"], k["seed"]) for s, k in ha["seats"].items()} == {s: (k["secret"], k["seed"]) for s, k in hb["seats"].items()}
    )


class Appending(Table):
    """Every save a phone's engine answers, against the one before it: within
    a round the hand's envelopes and each seat's journal and messages only
    grow, what was there unchanged, so that the shell stores only what each
    message appended; a new round draws new secrets."""

    appended = 0
    rounds = 0

    def call(self, phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        before = self.saves.get(phone)
        result = super().call(phone, cmd, **args)
        after = result.get("save")
        if before is not None and after is not None and after.get("hand"):
            if same_round(before, after):
                for old, new in zip(lists(before), lists(after), strict=True):
                    assert new[: len(old)] == old, (phone, cmd)
                self.appended += 1
            else:
                self.rounds += 1
        return result


@pytest.mark.cpython_only
def test_a_guest_and_the_host_reload_mid_hand_and_play_on() -> None:
    table = Appending("rheinland", 33)
    hand = table.deal()
    for _ in range(3):
        table.step()
    before = table.state(2)
    table.reload(2)  # between two moves: the same hand, the same cards, the same offers
    assert table.state(2) == before and before["phase"] == "playing"
    table.step()
    table.reload(1)
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    table.deal()  # and the next hand goes on from the reloaded phones
    table.play_hand()
    # The saves of both hands, the reloads' among them, only appended within each round.
    assert table.appended > 100 and table.rounds >= len(table.phones)


class Idling(Table):
    """Phones that work ahead while the table is quiet, as the shell asks
    its engine between frames (`facedown_ahead`), each until it says there
    is nothing more; every share of a card made public is counted, by
    whether it was made ahead."""

    def __init__(self, *args: Any, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
        self.made = {"ahead": 0, "on_demand": 0}
        self.idle = False
        share_of, bare_share = Phone._share_of, Phone._bare_share

        def counted(phone: Phone, place: int) -> tuple[str, str]:
            self.made["ahead" if self.idle else "on_demand"] += 1
            return share_of(phone, place)

        # (The shares of the other seats' cards are made bare: one proof goes with them all.)
        def counted_bare(phone: Phone, place: int) -> str:
            self.made["ahead" if self.idle else "on_demand"] += 1
            return bare_share(phone, place)

        monkeypatch.setattr(Phone, "_share_of", counted)
        monkeypatch.setattr(Phone, "_bare_share", counted_bare)
        super().__init__(*args, **kwargs)

    def sent(self, seat: int, frames: list[dict[str, Any]]) -> None:
        super().sent(seat, frames)
        if self.idle:
            return  # (a share shown ahead, delivered; the loop below goes on)
        self.idle = True
        try:
            # Each phone asked again after the others' shares arrived, as its
            # shell asks after every frame, until none has more to do.
            worked = True
            while worked:
                worked = self.ahead_once()
        finally:
            self.idle = False

    def ahead_once(self) -> bool:
        """Every phone works ahead until it says it has no more. → whether any did some."""
        worked = False
        for s in self.phones:
            for _ in range(64):
                answer = self.call(s, "facedown_ahead")
                if "save" in answer:  # a share of another seat's card: stored, then sent
                    assert answer["send"], answer
                    self.sent(s, answer["send"])
                elif "state" in answer:  # a fault found in the proofs of the card played last: drawn
                    assert answer["fault"] and answer["state"]["verdict"]["status"] == "fault", answer
                else:
                    assert set(answer) == {"more"}  # its own card's share, or a check: nothing to store
                if not answer["more"]:
                    break
                worked = True
        return worked


@pytest.mark.cpython_only
def test_every_phone_works_out_its_shares_ahead_and_a_card_played_then_only_sends_them(
    monkeypatch: pytest.MonkeyPatch, seeded_secrets: SeededSecrets
) -> None:
    """A card played is opened on every phone only once every phone's share
    of it is in: each phone works out its shares of the cards of the seat
    due to play while the table is quiet and shows them together, its own
    card's it keeps for its play, and the play, which carries its holder's
    share, opens the card on every phone as it arrives: one message from
    the tap to the card open, no phone's arithmetic in between. A reload
    says again word for word what it showed ahead; every hand is checked
    on every phone."""
    seeded_secrets.rng.seed(42)  # the same cards at every run
    table = Idling("rheinland", 42, monkeypatch=monkeypatch, marks=12)
    played = 0
    for n in range(3):
        hand = table.deal()
        if n == 0:
            # Made for the cards of the seat due to play (Rheinland deals
            # 4 a seat), by every seat a phone plays (the host's phone its
            # person's and the computer's); none of a seat not due yet.
            seats = sum(len(b.facedown.locals) for b in table.phones.values() if b.facedown)
            # The due seat's own four, with their proofs, for its plays: the
            # others' shares of them went sealed with the deal, and their
            # answers' keys show them.
            assert seats == 4 and table.made == {"ahead": 4, "on_demand": 0}
            for _ in range(4):
                table.step()
            table.reload(3)
        table.play_hand()
        log = [json.loads(e)["msg"] for e in relay_log(table)]
        plays = [i for i, m in enumerate(log) if m["kind"] == "play"]
        played += len(plays)
        for i in plays:
            place, holder = log[i]["place"], log[i]["seat"]
            assert log[i]["share"] and log[i]["proof"]
            # Every other phone's share of it went out before the play, none after.
            before = {m["seat"] for m in log[:i] if place in shown_in(m)}
            after = [m for m in log[i + 1 :] if place in shown_in(m)]
            assert before == set(range(1, 5)) - {holder} and not after, (place, before, after)
        for s in table.phones:
            assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    # Every share sent came from those made ahead, the reloaded phone's too.
    assert played >= 6 and table.made["on_demand"] == 0, (played, table.made)


def shown_in(message: dict[str, Any]) -> list[int]:
    """The places a message shows a share of: one on a play, all of a due
    seat's cards ahead."""
    return [message["place"]] if message["kind"] == "show" else message["places"] if message["kind"] == "shows" else []


def relay_log(table: Table) -> list[str]:
    """The host's relay's log of the hand under way (or the last one)."""
    relay = table.phones[table.host].facedown.relay
    assert relay is not None
    return list(relay.log)


class BeforeSharesAhead(Phone):
    """A phone of the app before the shares were shown ahead: its play
    carries no share, its holder shows it once the play comes back, and it
    shows nothing ahead."""

    def play(self, place):  # type: ignore[no-untyped-def]
        [msg] = super().play(place)
        del msg["share"], msg["proof"]
        self._shown.discard(place)
        return [msg]

    def show_ahead(self, seats):  # type: ignore[no-untyped-def]
        return None


@pytest.mark.cpython_only
def test_a_save_from_before_the_shares_were_shown_ahead_plays_on_after_an_update() -> None:
    """The app updated mid-hand: its save, made by the protocol before
    (its plays without their share, each shown after), is played again
    word for word by the new engine, which plays the hand on."""
    old = type("BridgeBefore", (Bridge,), {"facedown_phone": BeforeSharesAhead})
    table = Table("rheinland", 43, bridges={2: old})
    hand = table.deal()
    for _ in range(60):
        plays = [m for m in messages(table.heard[2]) if m["kind"] == "play" and m["seat"] == 2]
        if plays:
            break
        assert table.step()
    assert plays and "share" not in plays[0]
    table.phones[2] = Bridge()  # the new app, its save as the old one kept it
    out = table.call(2, "facedown_load", save=table.saves[2])
    table.sent(2, out["send"])
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked", s


@pytest.mark.cpython_only
def test_a_hand_dealt_blinded_plays_on_blinded_after_every_app_is_updated_and_the_next_deals_sealed() -> None:
    """Every phone's app from before the sealed answers (keys that say no
    form), updated mid-hand: each new engine plays its save again word for
    word, the keys say the blinded form, and the hand goes on in it to
    "geprüft"; the next hand, all keys new, deals sealed."""
    old = type("BridgeBeforeSealing", (Bridge,), {"facedown_phone": BeforeSealing})
    table = Table("rheinland", 44, bridges=dict.fromkeys((1, 2, 3), old))
    hand = table.deal()
    for _ in range(6):
        assert table.step()
    for s in table.phones:
        table.phones[s] = Bridge()  # the new app, its save as the old one kept it
        out = table.call(s, "facedown_load", save=table.saves[s])
        table.sent(s, out["send"])
    table.play_hand()
    said = messages(table.heard[2])
    assert all("form" not in m for m in said if m["kind"] == "key")
    assert all("blind" in m for m in said if m["kind"] == "open") and not any("key" in m for m in said if m["kind"] == "shows")
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked", s
    heard = len(table.heard[2])
    hand = table.deal()
    table.play_hand()
    said = messages(table.heard[2][heard:])
    assert {m.get("form") for m in said if m["kind"] == "key"} == {2}
    assert all("sealed" in m for m in said if m["kind"] == "shares") and any(m["kind"] == "shares" for m in said)
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked", s


class ReloadedBeforeSettling(Table):
    """A host whose app is closed (and opened again from its save) right
    after it sent a guest's request for its cards on, before its own seats
    answered it."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.caught: list[tuple[dict[str, Any], ...]] = []

    def settle(self, frame: dict[str, Any], relayed: dict[str, Any]) -> list[dict[str, Any]]:
        if self.caught or frame["msg"]["kind"] != "open":
            return super().settle(frame, relayed)
        state = self.state(self.host)
        self.phones[self.host] = type(self.phones[self.host])()
        loaded = self.call(self.host, "facedown_load", save=self.saves[self.host])
        settled = self.call(self.host, "facedown_settle")
        self.caught.append((relayed, state, loaded, settled))
        return [*loaded["send"], *settled["send"]]


def test_the_host_sends_a_guests_message_on_before_its_seats_take_it_and_a_reload_between_loses_nothing() -> None:
    """A guest's message (a request for its cards, a share, a pass) goes on
    to every guest in its envelope before the host's own seats work on it:
    the other phones do not wait for the host's answer to it (tens of
    milliseconds a message inside Pyodide) to have it. Its seats take it at
    `facedown_settle`. Saved in between and opened again, the host's app
    says so and takes it at `facedown_settle`, and the hand is played and
    checked on every phone."""
    table = ReloadedBeforeSettling("rheinland", 43)
    hand = table.deal()
    assert len(table.caught) == 1
    relayed, state, loaded, settled = table.caught[0]
    request = relayed["send"][-1]["env"]["msg"]
    # Sent on alone: the guest's request, and nothing of the host's own seats yet.
    assert request["kind"] == "open" and [f["env"]["msg"]["seat"] for f in relayed["send"]] == [request["seat"]]
    assert relayed["state"]["settle"] and state["settle"]
    # Opened again, the host still owes its seats' answer, and says so; settled, they answer.
    assert loaded["state"]["settle"] and not loaded["send"]
    answered = [f["env"]["msg"] for f in settled["send"]]
    assert any(m["kind"] == "shares" and m["for"] == request["seat"] and m["seat"] == table.host for m in answered), answered
    assert not settled["state"]["settle"]
    # Asked again with nothing waiting, it changes nothing and has nothing to store.
    again = table.call(table.host, "facedown_settle")
    assert "save" not in again and again["send"] == [] and not again["state"]["settle"]
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    frames = table.call(table.host, "facedown_resend", **{"from": 1})["send"]
    logged = [f["env"]["msg"] for f in frames if f.get("type") == "env"]
    assert len(logged) > 20
    assert len({(m["seat"], m["n"]) for m in logged}) == len(logged)  # each message once in the log


@pytest.mark.cpython_only
def test_a_table_saved_before_the_table_code_plays_on_after_an_update() -> None:
    table = Table("rheinland", 37)
    hand = table.deal()
    for _ in range(3):
        table.step()
    # Every phone's save as the app before the table code kept it: no code,
    # no nonces. Opened by this app, the hand goes on where it stood.
    for s in table.phones:
        for key in ("code", "nonces"):
            del table.saves[s][key]
        table.reload(s)
        assert table.state(s)["code"] is None
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    # Kept so: a reload later, and the next hand, go on without a code.
    table.reload(2)
    table.deal()
    table.play_hand()
    assert table.call(2, "facedown_verdict", hand=hand + 1)["status"] == "checked"


class LossyTable(Table):
    """A table whose guest 2's channel loses what it sends while `dropping`."""

    dropping = False

    def lost(self, seat: int, frame: dict[str, Any]) -> bool:
        return self.dropping and seat == 2


@pytest.mark.cpython_only
def test_a_guest_back_on_a_new_channel_sends_again_what_the_old_one_lost() -> None:
    table = LossyTable("rheinland", 35)
    hand = table.deal()
    while not table.state(2)["legal"]:
        assert table.step()
    # Guest 2 acts as its channel goes down: the host never hears it, and
    # its hand waits for seat 2 there, while the guest's own engine took it.
    table.dropping = True
    action = table.state(2)["legal"][0]
    table.sent(2, table.call(2, "facedown_act", action=action)["send"])
    table.dropping = False
    assert 2 in table.state(1)["due"] and table.call(2, "facedown_unrelayed")["send"]
    # Back on a new channel it sends again what the host has not relayed
    # (the host takes each message once), and the hand is played out.
    again = table.call(2, "facedown_unrelayed")["send"]
    table.sent(2, again + again)
    assert table.call(2, "facedown_unrelayed")["send"] == []
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    # The host relays; it has nothing of its own to send again.
    assert "only a guest" in refused(table.phones[1], "facedown_unrelayed")["en"]


# --- no phone learns a hidden card -----------------------------------------------


def hidden(table: Table, seat: int) -> dict[int, str]:
    """Per place, the cards phone `seat` must not know in the hand just
    played, before the reveals: every place of the final deck that is not
    held by a seat it plays (the host plays the computer's too) and was not
    made face up."""
    host = phone_of(table.phones[1], 1)
    order = {p: c for p, c in enumerate(dealt_order(table))}
    mine = {s for s in (1, 4)} if seat == 1 else {seat}
    phones = [phone_of(table.phones[1 if s in (1, 4) else s], s) for s in mine]
    known = set(host.seen)
    for ph in phones:
        known |= set(ph.cards)
    return {p: c for p, c in order.items() if p not in known}


def dealt_order(table: Table) -> list[str]:
    from schraem.core.facedown_game import deck_order

    return deck_order(phone_of(table.phones[1], 1))


def messages(texts: list[str]) -> list[dict[str, Any]]:
    """The protocol's messages in what a phone heard, up to the reveals."""
    out = []
    for text in texts:
        frame = json.loads(text)
        msg = frame.get("msg") or (frame.get("env") or {}).get("msg")
        if isinstance(msg, dict):
            if msg.get("kind") in ("reveal", "log"):
                break
            out.append(msg)
    return out


def learnable(table: Table, seat: int, texts: list[str], secret_cards: dict[int, str]) -> dict[int, str]:
    """Every hidden card phone `seat` can open from what it heard, with
    every secret it holds: each sum of up to as many elements as there are
    seats, of everything tied to the place and its secrets' multiples of
    them and of the place's C1, taken off C2; and every card's name said in
    a message before the reveals."""
    secret_seats = [1, 4] if seat == 1 else [seat]
    keys = [phone_of(table.phones[1 if s in (1, 4) else s], s).secret for s in secret_seats]
    deck = phone_of(table.phones[1], 1).final_deck()
    points = [card_point(c) for c in deck_cards(table)]
    msgs = messages(texts)
    by_place = tied(msgs, answer_keys(msgs, phone_of(table.phones[1], 1).context, keys))
    said = {a + b for m in msgs for a, b in re.findall(r'"(10|[7-9JQKA])([HSCD])"', json.dumps(m))}
    found: dict[int, str] = {}
    for p, card in secret_cards.items():
        if card in said:
            found[p] = card
            continue
        sent = list(dict.fromkeys(by_place.get(p, [])))
        pieces = sent + [x * deck[p].c1 for x in keys] + [x * e for x in keys for e in sent]
        if opens(deck[p].c2, pieces, points, 4):
            found[p] = card
    return found


def opens(c2: Element, pieces: list[Element], points: list[Element], depth: int) -> bool:
    """Whether C2 minus the sum of some `depth` or fewer of `pieces` is a
    card (each sum made from the one before by one addition)."""

    def down(start: int, total: Element, left: int) -> bool:
        for i in range(start, len(pieces)):
            sub = total - pieces[i]
            if any(sub == q for q in points) or (left > 1 and down(i + 1, sub, left - 1)):
                return True
        return False

    return down(0, c2, depth)


def deck_cards(table: Table) -> tuple[str, ...]:
    return phone_of(table.phones[1], 1).plan.cards


@pytest.mark.cpython_only
def test_no_phone_hears_a_hidden_card() -> None:
    table = Table("wipperfuerth", 34)
    table.deal()
    table.play_hand()
    for s in table.phones:
        assert hidden(table, s), s  # there is something to hide
        assert learnable(table, s, table.heard[s], hidden(table, s)) == {}, s


@pytest.mark.cpython_only
def test_no_phone_hears_a_hidden_card_with_the_shares_shown_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every phone shows its shares of the due seat's cards ahead: each
    such card then lacks only its holder's share, which leaves its phone
    only with the play, so no other phone, the host's included, can open
    it (Wipperfürth: exchanges from the stock, whose discards stay shut)."""
    table = Idling("wipperfuerth", 34, monkeypatch=monkeypatch)
    table.deal()
    table.play_hand()
    ahead = {p for m in messages(table.heard[1]) for p in shown_in(m)}
    for s in table.phones:
        # (The places searched are those with shares shown ahead: every
        # other place is searched as in test_no_phone_hears_a_hidden_card.)
        secret = {p: c for p, c in hidden(table, s).items() if p in ahead}
        assert secret, s  # shares of cards never made public went out ahead
        assert learnable(table, s, table.heard[s], secret) == {}, s
    # The check after the hand holds those shares too against each phone's
    # secret: one made wrong is named.
    ph = phone_of(table.phones[1], 1)
    assert facedown_check.check_hand(ph).status == "checked"
    place, shows = next((p, v) for p, v in sorted(ph.early.items()) if 2 in v)
    share, proof = shows[2]
    shows[2] = (share + Element.generator(), proof)
    ph.chain = b"tampered"  # (the check is memoised by what the phone received)
    v = facedown_check.check_hand(ph)
    assert (v.status, v.seat) == ("fault", 2) and "falschen Anteil für eine Karte von Platz" in v.de, v


def first_share_wrong(msg: dict[str, Any]) -> dict[str, Any]:
    """A `shows` whose first share is not its sender's secret's."""
    msg["shares"][0] = (Element.decode(bytes.fromhex(msg["shares"][0])) + Element.generator()).encode().hex()
    return msg


class ProofEachShare(Phone):
    """The app before the one proof of a `shows`: a proof with each share
    shown ahead, as a save from then says them again after an update (and
    so before the sealed answers)."""

    form = 1

    def show_early(self, places, said=None):  # type: ignore[no-untyped-def]
        made = [self._share_of(p) for p in places]
        old = {"kind": "shows", "seat": self.seat, "places": list(places), "shares": [a for a, _ in made], "proofs": [b for _, b in made]}
        return super().show_early(places, said if said is not None else old)


class WrongEachShare(ProofEachShare):
    """The same, one of its shares not its secret's."""

    def show_early(self, places, said=None):  # type: ignore[no-untyped-def]
        msg = super().show_early(places, said)
        return first_share_wrong(msg)


@pytest.mark.cpython_only
def test_the_shares_shown_ahead_go_with_one_proof_for_them_all_and_a_proof_each_is_still_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every phone's `shows` carries one proof for all its shares (the
    batched proof of RFC 9497 §2.2.1): its making and every other phone's
    check cost about half of a proof a share. A phone that still says a
    proof a share (a hand begun before an update) is read as before: its
    honest hand is checked on every phone, a wrong share of it named."""
    table = Idling("siwwe_schroehm_newcomer", 34, monkeypatch=monkeypatch)
    hand = table.deal()
    table.play_hand()
    shows = [m for s in table.phones for m in messages(table.heard[s]) if m.get("kind") == "shows"]
    # (At this table every phone speaks the sealed form: each `shows` is the
    # key of the answer that carried a seat's eight shares and their one proof.)
    assert shows and all("key" in m and "proofs" not in m for m in shows)
    assert max(len(m["places"]) for m in shows) == 8
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked", s

    for changed, status in ((ProofEachShare, "checked"), (WrongEachShare, "fault")):
        bridge = type("OldBridge", (Bridge,), {"facedown_phone": changed})
        table = Idling("rheinland", 36, bridges={2: bridge}, monkeypatch=monkeypatch)
        hand = table.deal()
        table.play_hand()
        said = [m for m in messages(table.heard[2]) if m.get("kind") == "shows" and m.get("seat") == 2]
        assert said and all("proofs" in m for m in said)
        for s in (1, 3):
            v = table.call(s, "facedown_verdict", hand=hand)
            assert v["status"] == status, (changed, s, v)
            if status == "fault":
                assert v["de"].startswith("Platz 2 (Bernd)") and "einen falschen Anteil" in v["de"], v


class Eager(Phone):
    """A changed app: it shows its own cards' shares ahead too, which with
    the others' would open them to every phone."""

    def show_ahead(self, seats):  # type: ignore[no-untyped-def]
        own = next((p for p in sorted(self.cards) if p not in self._shown), None)
        if own is None or len(self.spelled) < self.plan.seats:
            return super().show_ahead(seats)
        return [self.show_early([own])]


class WrongAhead(Phone):
    """A changed app: its shares shown ahead are not its secret's (at a
    table of the blinded form, where they go with their own proof)."""

    form = 1

    def show_early(self, places, made=None):  # type: ignore[no-untyped-def]
        msg = super().show_early(places, made)
        return first_share_wrong(msg)


class WrongKey(Phone):
    """A changed app: the key it shows of an answer it sealed is not that
    answer's (its shares then read as other bytes)."""

    def show_early(self, places, made=None):  # type: ignore[no-untyped-def]
        msg = super().show_early(places, made)
        if "key" in msg:
            msg["key"] = bytes(b ^ 1 for b in bytes.fromhex(msg["key"])).hex()
        return msg


@pytest.mark.cpython_only
@pytest.mark.parametrize("changed", [Eager, WrongAhead, WrongKey], ids=["own-share-ahead", "wrong-share-ahead", "wrong-key-ahead"])
def test_a_share_shown_ahead_against_the_protocol_is_named_by_every_other_phone(
    changed: type[Phone], monkeypatch: pytest.MonkeyPatch
) -> None:
    bridge = type("ChangedBridge", (Bridge,), {"facedown_phone": changed})
    table = Idling("rheinland", 36, bridges={2: bridge}, monkeypatch=monkeypatch)
    hand = table.deal()
    leaked = dict(phone_of(table.phones[2], 2).cards)
    table.play_hand()
    for s in (1, 3):
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "fault" and v["de"].startswith("Platz 2 (Bernd)"), (s, v)
        # (A wrong key reads as bytes that are no element, or as elements
        # no card opens with, and then its proof fails.)
        why = {Eager: ("eine unlesbare Nachricht",), WrongAhead: ("einen falschen Anteil",)}.get(
            changed, ("eine unlesbare Nachricht", "einen falschen Anteil")
        )
        assert any(w in v["de"] for w in why), v
    # Each phone that named it said so to the others, once; one reloaded
    # is still stopped by it, though its work ahead that found it is not
    # replayed (its journal keeps the fault).
    assert [len(reports_of(table, s)) for s in (1, 3)] == [1, 1]
    table.reload(3)
    assert table.call(3, "facedown_verdict", hand=hand)["de"].startswith("Platz 2 (Bernd)")
    assert len(reports_of(table, 3)) == 1 and table.state(3)["legal"] == []
    if changed is Eager:
        # What it showed of its own card is a leak the search finds: the
        # other guest, with its own share, opens it (the hand stopped before
        # more of its cards went out).
        assert learnable(table, 3, table.heard[3], leaked), leaked


class Forger(Phone):
    """A changed app: it plays another card than its place holds, its own
    share made up so that the shares add up to the card it names (the
    others' were shown ahead); its proof is its honest one."""

    forged: list[str] = []
    # The cards the relay's phone holds (its person's and the computer's):
    # one of them claimed, the relay refuses the play before anyone opens it.
    relays: Any = staticmethod(lambda: set())

    def play(self, place):  # type: ignore[no-untyped-def]
        [msg] = super().play(place)
        others = self.early.get(place, {})
        if len(others) == self.plan.seats - 1:
            known = set(self.cards.values()) | set(self.seen.values()) | Forger.relays()
            claimed = next(c for c in self.plan.cards if c not in known)
            total = Element.identity()
            for share, _ in others.values():
                total = total + share
            own = self.final_deck()[place].c2 - card_point(claimed) - total
            msg.update(card=claimed, share=own.encode().hex())
            Forger.forged.append(claimed)
        return [msg]


@pytest.mark.cpython_only
def test_a_card_played_whose_shares_add_up_to_another_card_by_a_made_up_share_is_named_by_every_other_phone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card opens on every phone as soon as its shares add up to the card
    named, and the proofs follow before the phone takes or says anything
    more: a holder that makes up its own share names any card it likes,
    and is named by every other phone for its share."""
    monkeypatch.setattr(Forger, "forged", [])
    bridge = type("ForgingBridge", (Bridge,), {"facedown_phone": Forger})
    table = Idling("rheinland", 37, bridges={2: bridge}, monkeypatch=monkeypatch)
    host = table.phones[1].facedown
    monkeypatch.setattr(
        Forger, "relays", staticmethod(lambda: {c for local in host.locals.values() for c in local.st.phone.cards.values()})
    )
    for _ in range(4):
        hand = table.deal()
        table.play_hand()
        if Forger.forged:
            break
        for s in table.phones:
            assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
    assert Forger.forged
    for s in (1, 3):
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "fault" and v["de"].startswith("Platz 2 (Bernd)"), (s, v)
        assert f"einen falschen Anteil für die gespielte {Forger.forged[0]}" in v["de"], v
        assert not table.state(s)["legal"]  # and nobody plays on


class SteersAhead(Phone):
    """A changed app that helps a holder it plays with (`mates`, by hand):
    its shares shown ahead of the holder's cards are shifted so that each
    opens as another card (`claimable`), which the holder then names."""

    form = 1  # (its shares shown ahead with their proof: at a table of the blinded form)
    mates: dict[bytes, list[SteersAhead]] = {}
    claims: dict[int, str] = {}
    forged: list[str] = []

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        type(self).mates.setdefault(self.context, []).append(self)

    def claimable(self, holder: Phone) -> list[str]:
        """The cards it may name: none this phone or the holder holds or saw."""
        known = set(self.cards.values()) | set(holder.cards.values()) | set(self.seen.values())
        return [c for c in self.plan.cards if c not in known]

    def show_early(self, places, said=None):  # type: ignore[no-untyped-def]
        msg = super().show_early(places, said)
        holder = next((m for m in self.mates[self.context] if m is not self and set(places) & set(m.cards)), None)
        if holder is None or said is not None:
            return msg
        claimable = iter(self.claimable(holder))
        shares = list(msg["shares"])
        for j, p in enumerate(places):
            claimed = next(claimable, None) if p in holder.cards else None
            if claimed is not None:
                self.claims[p] = claimed
                shift = card_point(holder.cards[p]) - card_point(claimed)
                shares[j] = (Element.decode(bytes.fromhex(shares[j])) + shift).encode().hex()
        return dict(msg, shares=shares)

    def play(self, place):  # type: ignore[no-untyped-def]
        [msg] = super().play(place)
        if place in self.claims and place in self.cards:
            self.forged.append(self.claims[place])
            msg = dict(msg, card=self.claims[place])
        return [msg]


class HostSteers(SteersAhead):
    """The host's phone steering the computer's cards with its person's
    seat's shares (it knows the computer's cards and makes both seats'
    shares): to cards no seat it plays holds."""


class GuestSteers(SteersAhead):
    """Two guests' phones, one steering the other's cards: to cards another
    guest holds (`victim`), which the host's phone cannot tell."""

    victim: Any = staticmethod(lambda: [])

    def claimable(self, holder: Phone) -> list[str]:
        return [c for c in self.victim() if c not in self.seen.values()]


def steered_hand(
    monkeypatch: pytest.MonkeyPatch,
    changed: type[SteersAhead],
    seats: list[int],
    players: list[dict[str, Any]] = PLAYERS,
    seat4: list[Bridge] | None = None,
) -> tuple[Table, int]:
    """Hands at a table whose phones at `seats` run `changed`, working
    ahead, until one of them names a card it steered. → the table, and
    that hand (`seat4`: given seat 4's bridge)."""
    for name, value in (("mates", {}), ("claims", {}), ("forged", [])):
        monkeypatch.setattr(SteersAhead, name, value)
    bridge = type("SteeringBridge", (Bridge,), {"facedown_phone": changed})
    table = Idling("rheinland", 38, bridges=dict.fromkeys(seats, bridge), players=players, monkeypatch=monkeypatch)
    if seat4 is not None:
        seat4.append(table.phones[4])
    for _ in range(4):
        hand = table.deal()
        table.play_hand()
        if SteersAhead.forged:
            return table, hand
    raise AssertionError("no card was steered")


@pytest.mark.cpython_only
def test_a_host_that_steers_a_computers_card_with_its_own_seats_share_is_named_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's phone plays its person's seat and the computer's, so it
    knows the computer's cards and makes both seats' shares: a card of a
    seat it plays has the shares of every seat it plays checked at once
    (elsewhere only the holder's), and a share it steers the computer's
    card with is named by every guest before the hand goes on."""
    table, hand = steered_hand(monkeypatch, HostSteers, [1])
    for s in table.guests:
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "fault" and v["de"].startswith("Platz 1 (Anne)"), (s, v)
        assert f"einen falschen Anteil für die gespielte {HostSteers.forged[0]}" in v["de"], v


@pytest.mark.cpython_only
def test_two_guests_that_steer_a_card_to_one_a_third_holds_are_named_by_it_and_then_by_every_phone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two guests' phones together: one shifts its share shown ahead of
    the other's card so that it opens as a card a third guest holds, the
    holder names that card. A wrong share of a phone that is not the
    holder is checked only where a card does not open as named, and this
    one does; but the third guest knows the card lies with it, checks
    every share of it and names the phone that steered it, and every
    other phone, told so, checks every share of the cards played itself
    and names the same phone (never on the report's word)."""
    victim: list[Bridge] = []
    monkeypatch.setattr(GuestSteers, "victim", staticmethod(lambda: sorted(phone_of(victim[0], 4).cards.values())))
    four = [{"name": n} for n in ("Anne", "Bernd", "Carla", "Dora")]
    table, hand = steered_hand(monkeypatch, GuestSteers, [2, 3], four, victim)
    assert len(reports_of(table, 4)) == 1  # found by the phone whose card it named
    verdicts = {s: table.call(s, "facedown_verdict", hand=hand) for s in table.phones}
    steerer = verdicts[4]["seat"]
    assert steerer in (2, 3) and verdicts[steerer]["status"] != "fault"  # (its own shares it does not check)
    for s in {1, 2, 3, 4} - {steerer}:
        v = verdicts[s]
        assert (v["status"], v["seat"]) == ("fault", steerer) and "einen falschen Anteil für die gespielte" in v["de"], (s, v)


@pytest.mark.cpython_only
@pytest.mark.parametrize("leaky", [Leaky, SealedLeaky], ids=["blinded", "sealed"])
def test_a_planted_leak_is_found(leaky: type[Phone]) -> None:
    bridge = type("LeakyBridge", (Bridge,), {"facedown_phone": leaky})
    table = Table("rheinland", 35, bridges={2: bridge})
    table.deal()
    leaked = dict(phone_of(table.phones[2], 2).cards)
    assert leaked
    # The host, relaying, finds seat 2's cards in what it heard, and so
    # does the other guest.
    assert learnable(table, 1, table.heard[1], leaked) == leaked
    assert learnable(table, 3, table.heard[3], leaked) == leaked


# --- every phone's word on every hand --------------------------------------------


@pytest.mark.cpython_only
def test_two_knocks_at_once_the_later_is_refused_in_the_log_and_the_hand_is_checked() -> None:
    table = Table("rheinland", 36)
    hand = table.deal()
    knock = {"seat": 2, "type": "knock"}
    assert knock in table.state(2)["legal"] and {"seat": 1, "type": "knock"} in table.state(1)["legal"]
    late = table.call(2, "facedown_act", action=knock)["send"]  # on its way
    table.sent(1, table.call(1, "facedown_act", action={"seat": 1, "type": "knock"})["send"])
    table.sent(2, late)
    said = table.state(2)["refused"]
    assert [r["action"] for r in said] == [knock]
    assert said[0]["en"] == "Everyone must first answer the knock (hold or pass)." and said[0]["de"].startswith("Erst müssen alle")
    # Every phone took the first knock only, and goes on.
    for s in table.phones:
        assert [a["type"] for a in table.state(s)["view"]["log"] if a["type"] == "knock"] == ["knock"]
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"


class Muted(Table):
    """A table where what one phone says after a point is lost."""

    muted: set[int] = set()

    def lost(self, seat: int, frame: dict[str, Any]) -> bool:
        return seat in self.muted and frame["msg"]["kind"] in ("reveal", "log")


@pytest.mark.cpython_only
def test_a_hand_whose_secrets_never_come_is_not_checked_and_says_why() -> None:
    table = Muted("rheinland", 37)
    table.muted = {3}
    hand = table.deal()
    assert table.call(2, "facedown_verdict", hand=hand) == {
        "status": "unchecked",
        "seat": None,
        "de": "nicht geprüft – das Spiel läuft noch",
        "en": "not checked – the hand is still being played",
        "hand": hand,
    }
    table.play_hand()
    for s in table.phones:  # seat 3's own too: its secret never came back through the relay
        v = table.call(s, "facedown_verdict", hand=hand)
        assert v["status"] == "unchecked" and v["en"] == "not checked – seat 3 has not shown its secret yet", v
        assert v["de"] == "nicht geprüft – Platz 3 hat sein Geheimnis noch nicht gezeigt"
    error = refused(table.phones[1], "facedown_next_hand")
    assert "the hand is still being played" in error["en"]
    assert table.call(1, "facedown_verdict", hand=9)["en"] == "not checked – this phone did not play hand 9"


def test_an_envelope_the_host_altered_is_named_by_the_guest_at_once() -> None:
    table = Table("rheinland", 38)
    out = table.call(1, "facedown_next_hand")["send"]
    frame = json.loads(json.dumps(out[0]))
    frame["env"]["msg"]["commit"] = "0" * 64
    table.call(2, "facedown_receive", frame=frame)
    v = table.call(2, "facedown_verdict", hand=1)
    assert (v["status"], v["seat"]) == ("fault", 1) and v["en"] == "seat 1 (Anne): as the relay altered the log at message 1"
    assert table.state(2)["verdict"] == v


class Spelled(Table):
    """Every phone's save, after each of its calls, spelled as its bridge
    spells it (each envelope once, kept) and spelled whole: the same text."""

    def call(self, phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        result = super().call(phone, cmd, **args)
        t = self.phones[phone].facedown
        if t is not None:
            assert t.save_text() == json.dumps(t.to_save(), separators=(",", ":")), cmd
        return result


@pytest.mark.cpython_only
def test_a_save_spelled_an_envelope_at_a_time_is_the_save_spelled_whole(seeded_secrets: SeededSecrets) -> None:
    seeded_secrets.rng.seed(1)  # cards that make a game of more than one hand
    table = Spelled("rheinland", 39)
    table.deal()
    for _ in range(4):
        table.step()
    table.reload(2)  # (its envelopes a new list, spelled anew)
    table.play_hand()
    table.deal()  # (the next hand's envelopes, another list)
    table.step()
    assert table.saves[2]["hand"]["envelopes"]


class Altering(Table):
    """A host's changed app: it alters the log's hash in the next envelope
    it sends one guest (`alter`)."""

    alter: int | None = None

    def call(self, phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        if cmd == "facedown_receive" and phone == self.alter:
            self.alter = None
            env = args["frame"]["env"]
            env["chain"] = ("0" if env["chain"][0] != "0" else "1") + env["chain"][1:]
        return super().call(phone, cmd, **args)


def reports_of(table: Table, seat: int) -> list[dict[str, Any]]:
    """The fault reports of the phone of `seat`, as the host relayed them."""
    frames = [json.loads(t) for t in table.heard[table.host]]
    msgs = [f["env"]["msg"] for f in frames if f.get("type") == "env"]
    return [m for m in msgs if m.get("kind") == "fault" and m["seat"] == seat]


@pytest.mark.cpython_only
def test_a_fault_one_guest_finds_mid_hand_is_said_on_every_phone_and_a_reload_says_it_once() -> None:
    table = Altering("rheinland", 40)
    hand = table.deal()
    for _ in range(3):
        table.step()
    table.alter = 3
    while table.state(3)["verdict"]["status"] != "fault":
        assert table.step(), "no envelope reached the guest"
    mine = table.state(3)["verdict"]
    assert re.fullmatch(r"seat 1 \(Anne\): as the relay altered the log at message \d+", mine["en"]), mine
    # Said once, signed, with its log; every other phone shows it in the
    # reporting phone's words, and plays on (it cannot check them).
    [said] = reports_of(table, 3)
    # (The protocol names the phones by their place; each phone by name.)
    assert said["en"] == mine["en"].replace(" (Anne)", "") and said["pos"] >= 1
    for s in (1, 2):
        state = table.state(s)
        assert state["reports"] == [{"seat": 3, "de": mine["de"], "en": mine["en"]}], state["reports"]
        assert state["verdict"]["en"] == "not checked – the hand is still being played", state["verdict"]
    assert table.state(3)["reports"] == []  # (its own fault it says as its verdict)
    # Its app closed and opened again: the same fault, not said twice.
    table.reload(3)
    assert table.state(3)["verdict"] == mine and len(reports_of(table, 3)) == 1
    # The host's phone calls it gone; the hand goes on and the others check it.
    gone(table, 3)
    table.play_hand()
    for s in (1, 2):
        assert table.call(s, "facedown_verdict", hand=hand)["status"] == "checked"
        assert [r["seat"] for r in table.state(s)["reports"]] == [3]


@pytest.mark.cpython_only
def test_a_fault_report_with_a_log_the_host_did_not_sign_names_its_sender() -> None:
    table = Table("rheinland", 40)
    table.deal()
    bridge = table.phones[3].facedown
    assert bridge is not None
    st = bridge.locals[3].st
    forged = st.log.seal({**st.log.log_message(), "relay": "00" * 64, "chain": "ab" * 64, "kind": "fault", "de": "x", "en": "x"})
    frame = next(f for f in map(json.loads, table.heard[3]) if f.get("type") == "msg")
    table.sent(3, [dict(frame, msg=forged)])
    for s in (1, 2):
        v = table.state(s)["verdict"]
        assert v["status"] == "fault" and v["en"].startswith("seat 3 (Carla): claims a log the relay did not sign"), v
        assert table.state(s)["reports"] == []


def test_the_host_checks_each_guests_signature_once_and_its_own_seats_never(monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest's message is checked on arrival and then relayed; the host's
    own seat and the computer's sign on this phone. Each check is two
    multiplications, several a tap inside Pyodide."""
    table = Table("rheinland", 41)
    checked: list[bytes] = []
    verify = facedown_relay.verify_signature

    def counted(key: Any, data: bytes, signature: Any) -> bool:
        checked.append(data)
        return verify(key, data, signature)

    monkeypatch.setattr(facedown_relay, "verify_signature", counted)
    relayed = 0
    call = table.call

    def counting(phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        nonlocal relayed
        relayed += cmd == "facedown_relay"
        return call(phone, cmd, **args)

    table.call = counting  # type: ignore[method-assign]
    table.deal()
    for _ in range(12):
        table.step()
    assert relayed > 12 and len(checked) == relayed and len(set(checked)) == relayed
    # Vouched for once, a message changed under its signature is still refused.
    sent = [json.loads(t) for t in table.heard[2] if json.loads(t).get("type") == "msg"]
    frame = dict(sent[-1], msg=dict(sent[-1]["msg"], n=sent[-1]["msg"]["n"] + 1))
    error = refused(table.phones[1], "facedown_relay", seat=2, frame=frame)
    assert "nicht unterschrieben" in error["de"], error


def test_every_other_phone_checks_the_holders_share_of_a_card_played_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card played opens on the sum of its shares, and every phone but
    its holder's checks the proof of the holder's share once (the one share
    that could steer the card to another): the host's phone, which plays
    its person's seat and the computer's, once for both; the others'
    shares, shown ahead, only where the card does not open as named, and
    after the hand. Each phone its own memory (`MADE`, `VERIFIED`), as on
    real phones."""
    table = Table("rheinland", 42)
    memory = {s: ({}, {}) for s in table.phones}
    checks: list[int] = []
    batch = facedown.verify_equal_logs_batch

    def counted(items: Any) -> bool:
        checks.append(current[0])
        return bool(batch(items))

    monkeypatch.setattr(facedown, "verify_equal_logs_batch", counted)
    current = [0]
    call = table.call

    def own_memory(phone: int, cmd: str, **args: Any) -> dict[str, Any]:
        current[0] = phone
        monkeypatch.setattr(facedown, "MADE", memory[phone][0], raising=False)
        monkeypatch.setattr(facedown, "VERIFIED", memory[phone][1])
        return call(phone, cmd, **args)

    table.call = own_memory  # type: ignore[method-assign]
    hand = table.deal()
    played = 0
    while played < 4:
        state = {s: table.state(s) for s in table.phones}
        mover = next((s for s in table.phones if any(a["type"] == "play" for a in state[s]["legal"])), None)
        if mover is None:
            table.step()
            continue
        action = next(a for a in state[mover]["legal"] if a["type"] == "play")
        checks.clear()
        table.sent(mover, table.call(mover, "facedown_act", action=action)["send"])
        # The card opened on the sum of its shares; the holder's proof is
        # checked by the phone's next request (its word on the hand asks it here).
        for s in table.phones:
            table.call(s, "facedown_verdict", hand=hand)
        # (A computer's card played next is the host's own call, counted alike.)
        assert [checks.count(s) for s in table.phones] == [0 if s == mover else 1 for s in table.phones], (mover, checks)
        played += 1


def test_refusals_are_words_and_change_nothing() -> None:
    table = Table("rheinland", 39)
    table.deal()
    saves = {s: json.dumps(table.phones[s].facedown.to_save(), sort_keys=True) for s in table.phones}  # type: ignore[union-attr]
    guest, host = table.phones[2], table.phones[1]
    assert refused(guest, "facedown_act", action={"seat": 3, "type": "knock"})["en"].endswith("this phone plays for seat 2 (Bernd) only.")
    not_due = next(a for a in ({"seat": 2, "type": "hold"}, {"seat": 2, "type": "pass"}) if a not in table.state(2)["legal"])
    assert refused(guest, "facedown_act", action=not_due)["en"]
    assert refused(guest, "facedown_act", action="knock")["en"]
    assert "hand is still being played" in refused(host, "facedown_next_hand")["en"]
    # A frame in another seat's name, or not signed by its phone, is not relayed.
    msg = {"kind": "act", "seat": 3, "action": {"seat": 3, "type": "knock"}, "n": 9, "sig": "00" * 64}
    assert "not come signed" in refused(host, "facedown_relay", seat=2, frame={"type": "msg", "hand": 1, "msg": msg})["en"]
    assert "not come signed" in refused(host, "facedown_relay", seat=3, frame={"type": "msg", "hand": 1, "msg": msg})["en"]
    assert "belongs to hand 2" in refused(host, "facedown_relay", seat=3, frame={"type": "msg", "hand": 2, "msg": msg})["en"]
    assert refused(host, "facedown_relay", seat=4, frame={})["en"]  # the computer's seat has no channel
    assert "no envelope" in refused(guest, "facedown_receive", frame={"type": "env"})["en"]
    assert "is missing" in refused(guest, "facedown_receive", frame={"type": "env", "hand": 1, "env": {"pos": 999}})["en"]
    assert refused(guest, "facedown_load", save={"format": "something else"})["en"].endswith("that is no save of a face-down table.")
    for s in table.phones:
        assert json.dumps(table.phones[s].facedown.to_save(), sort_keys=True) == saves[s]  # type: ignore[union-attr]
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"


# --- a phone lost for good (the dropout rule) ---------------------------------------


def gone(table: Table, seat: int) -> dict[str, Any]:
    """The guest's phone gone for good, and the host's word on it."""
    table.away.add(seat)
    out = table.call(1, "facedown_gone", seat=seat)
    table.sent(1, out["send"])
    return out


@pytest.mark.cpython_only
def test_a_guest_lost_before_anyone_moved_is_said_gone_after_the_deal() -> None:
    table = Table("rheinland", 41)
    table.deal()
    gone(table, 3)
    assert table.phones[1].facedown.locals[1].st.actions == []  # type: ignore[union-attr]
    for s in (1, 2):
        word = table.state(s)["gone"]
        assert (word["after"], word["void"], word["when"]) == (0, False, {"de": "nach dem Geben", "en": "after the deal"})
        assert word["de"] == "Platz 3 (Carla) ging nach dem Geben; das Handy des Gastgebers spielt für Platz 3 weiter"
        assert word["en"] == "seat 3 (Carla) left after the deal; the host's phone plays on for seat 3"
    table.play_hand()
    for s in (1, 2):
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"


@pytest.mark.cpython_only
@pytest.mark.parametrize("idle", [False, True], ids=["busy", "working-ahead"])
def test_a_guest_lost_after_looking_is_played_on_by_the_hosts_phone_and_the_table_plays_on(
    idle: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Working ahead, the host's phone also shows the lost seat's shares
    # ahead in its name, and says them again word for word after its reload.
    table = Idling("rheinland", 40, monkeypatch=monkeypatch) if idle else Table("rheinland", 40)
    hand = table.deal()
    look = {"seat": 3, "type": "look"}
    assert look in table.state(3)["legal"]
    table.sent(3, table.call(3, "facedown_act", action=look)["send"])
    assert table.state(3)["view"]["my_cards"]
    lost_cards = dict(phone_of(table.phones[3], 3).cards)
    gone(table, 3)
    after = len(table.phones[1].facedown.locals[1].st.actions)  # type: ignore[union-attr]
    words = {
        "seat": 3,
        "after": after,
        "void": False,
        "de": f"Platz 3 (Carla) ging nach Zug {after}; das Handy des Gastgebers spielt für Platz 3 weiter",
        "en": f"seat 3 (Carla) left after move {after}; the host's phone plays on for seat 3",
        "when": {"de": f"nach Zug {after}", "en": f"after move {after}"},
    }
    for s in (1, 2):
        assert table.state(s)["gone"] == words
    # The host's phone plays seat 3 with its cards, opened by the phones still there.
    standin = table.phones[1].facedown.standin()  # type: ignore[union-attr]
    assert standin is not None and standin.phone.cards == lost_cards
    assert (
        refused(table.phones[1], "facedown_gone", seat=2)["en"] == "Not now: seat 3 is gone in this hand already; the rule bears no more."
    )
    journal = table.phones[1].facedown.locals[1].journal  # type: ignore[union-attr]
    for _ in range(4):
        table.step()
    while idle and not any(e[0] == "standin_early" for e in journal):
        assert table.step(), "the stand-in showed no share ahead"
    table.reload(1)  # the host's app closed and opened again while it plays seat 3 on
    assert table.phones[1].facedown.standin() is not None  # type: ignore[union-attr]
    table.play_hand()
    # Seat 3 answered, played or passed from the host's phone, as every phone took it.
    actions = table.phones[2].facedown.locals[2].st.actions  # type: ignore[union-attr]
    assert [a for a in actions[after:] if a["seat"] == 3]
    assert table.phones[1].facedown.locals[1].st.engine().hand_over  # type: ignore[union-attr]
    for s in (1, 2):
        v = table.call(s, "facedown_verdict", hand=hand)
        assert (v["status"], v["de"]) == ("checked", "geprüft"), v
        assert table.state(s)["phase"] == "checked"
    # The next hand: seat 3 is a computer seat of the host's phone, with a
    # key of its own that the guest still there takes for that seat only.
    out = table.call(1, "facedown_next_hand")
    first = out["send"][0]
    assert first["env"]["pos"] == 1 and list(first["computers"]) == ["3"]
    assert table.saves[1]["seats"][2]["kind"] == "bot"
    for wrong, said in (({"2": first["computers"]["3"]}, "which no hand said was gone."), ({}, "seat 3, whose phone is gone.")):
        assert refused(table.phones[2], "facedown_receive", frame=dict(first, computers=wrong))["en"].endswith(said)
    table.sent(1, out["send"])
    table.play_hand()
    for s in (1, 2):
        v = table.call(s, "facedown_verdict", hand=hand + 1)
        assert v["status"] == "checked", v
        assert table.state(s)["left"] == [3] and table.state(s)["gone"] is None


@pytest.mark.cpython_only
def test_at_two_phones_a_guest_lost_voids_the_hand_on_every_phone_saying_who_and_when() -> None:
    table = Table("siwwe_schroehm_newcomer", 41, players=PLAYERS[:2])
    hand = table.deal()
    for s in (1, 2):
        look = {"seat": s, "type": "look"}
        table.sent(s, table.call(s, "facedown_act", action=look)["send"])
    out = gone(table, 2)
    words = ("Spiel ungültig – Platz 2 (Bernd) ging nach Zug 2", "hand void – seat 2 (Bernd) left after move 2")
    assert out["state"]["gone"] == {"seat": 2, "after": 2, "void": True, "de": words[0], "en": words[1]}
    assert out["state"]["verdict"] == {"status": "void", "seat": 2, "de": words[0], "en": words[1], "hand": hand}
    assert (out["state"]["phase"], out["state"]["legal"]) == ("checked", [])
    # The guest, back after all, hears it too, and says the same.
    table.away.clear()
    table.sent(2, table.call(2, "facedown_receive", frame=table.call(1, "facedown_resend", **{"from": 1})["send"][-1])["send"])
    assert table.call(2, "facedown_verdict", hand=hand)["de"] == words[0]
    # No new deal the phone could have waited for: the table does not play on.
    assert "Spiel ungültig" in refused(table.phones[1], "facedown_next_hand")["de"]
    assert "no hand is being played" in refused(table.phones[1], "facedown_act", action={"seat": 1, "type": "hold"})["en"]


@pytest.mark.cpython_only
def test_a_guest_lost_before_the_deal_voids_the_hand_nobody_saw_a_card_of() -> None:
    table = Table("rheinland", 42)
    table.away.add(3)  # its key never comes
    hand = table.deal()
    gone(table, 3)
    for s in (1, 2):
        v = table.call(s, "facedown_verdict", hand=hand)
        assert (v["status"], v["seat"]) == ("void", 3)
        assert v["de"] == "Spiel ungültig – Platz 3 (Carla) ging, bevor die Karten gegeben waren; neu geben"
        assert table.state(s)["gone"]["en"] == "hand void – seat 3 (Carla) left before the cards were dealt; deal again"


@pytest.mark.cpython_only
def test_only_the_hosts_phone_says_a_phone_is_gone() -> None:
    table = Table("rheinland", 43)
    hand = table.deal()
    assert refused(table.phones[2], "facedown_gone", seat=3)["en"] == "Not now: only the host's phone says a phone is gone."
    assert refused(table.phones[1], "facedown_gone", seat=4)["en"].endswith("seat 4 is no guest's phone.")  # the computer's
    # A guest's changed app says it anyway, signed: every phone names it.
    guest = table.phones[2].facedown.locals[2].st  # type: ignore[union-attr]
    table.sent(2, [{"type": "msg", "hand": hand, "msg": guest.log.seal({"kind": "gone", "seat": 2, "who": 3})}])
    for s in table.phones:
        v = table.call(s, "facedown_verdict", hand=hand)
        assert (v["status"], v["seat"]) == ("fault", 2), v
        assert v["en"] == "seat 2 (Bernd): reports a seat gone without being the relay"
        assert table.state(s)["gone"] is None


def test_a_change_refused_halfway_leaves_the_table_as_its_last_answered_save() -> None:
    """A change that wrote into the table before it was refused is taken
    back to the save the phone answered last (and the shell stored): the
    table is not encoded again before each change to have one."""
    table = Table("rheinland", 40)
    table.deal()
    guest = table.phones[2]
    t = guest.facedown
    assert t is not None
    before = json.dumps(t.to_save(), sort_keys=True)
    real = facedown_table.FaceDownTable.act

    def halfway(self: facedown_table.FaceDownTable, action: object) -> object:
        self.envelopes.append({"pos": 999})
        self.locals[self.seat].journal.append(["act", action])
        self.game += 1
        raise facedown_table.refuse("halb geändert", "changed halfway")

    facedown_table.FaceDownTable.act = halfway  # type: ignore[method-assign]
    try:
        assert refused(guest, "facedown_act", action=table.state(2)["legal"][0] if table.state(2)["legal"] else {})["en"]
    finally:
        facedown_table.FaceDownTable.act = real  # type: ignore[method-assign]
    assert guest.facedown is not t, "the table was made again from its save"
    assert json.dumps(guest.facedown.to_save(), sort_keys=True) == before  # type: ignore[union-attr]
    table.play_hand()
    for s in table.phones:
        assert table.call(s, "facedown_verdict", hand=1)["status"] == "checked"


def test_the_dealer_chosen_on_the_start_form_deals_the_first_hand_on_every_phone() -> None:
    table = Table("rheinland", 7, host={"dealer": 3})
    table.deal()
    for seat in table.phones:
        assert table.state(seat)["view"]["dealer"] == 3
    table.play_hand()
    assert all(table.state(s)["verdict"]["status"] == "checked" for s in table.phones)
