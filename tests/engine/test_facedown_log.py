"""Signed messages and the compared log (core/facedown_log.py): each phone
signs what it sends, the host relays it in an envelope it signs with the
log's running hash, and the phones compare their logs before revealing. A
host that alters, drops or reorders a message is named; a phone that lies
about its log is named instead of the host."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_facedown_game import NAMES, play_out, sit

from schraem.core.facedown_game import Seat
from schraem.core.facedown_log import chain_next, chain_start, envelope
from schraem.core.facedown_relay import HostRelay
from schraem.core.game import Game
from schraem.crypto import (
    BaseTable,
    Element,
    KeyPair,
    prove_equal_logs,
    prove_key,
    sign,
    verify_equal_logs_batch,
    verify_key,
    verify_keys,
    verify_signature,
    verify_signatures,
)

pytestmark = pytest.mark.cpython_only

# --- the signatures -------------------------------------------------------------


def test_a_signature_holds_for_its_message_and_key_only_and_the_batch_finds_one_false() -> None:
    keys = [KeyPair.from_secret(7 + k) for k in range(3)]
    items = [(k.public, b"message %d" % i, sign(k.secret, b"message %d" % i)) for i, k in enumerate(keys * 4)]
    assert all(verify_signature(*x) for x in items) and verify_signatures(items)
    # The host checks each guest's messages with the table of its key: the same answers.
    assert all(verify_signature(BaseTable(p), m, s) for p, m, s in items)
    public, message, sig = items[5]
    assert not verify_signature(public, b"another message", sig)
    assert not verify_signature(BaseTable(public), b"another message", sig)
    assert not verify_signature(keys[0].public if public != keys[0].public else keys[1].public, message, sig)
    assert not verify_signature(BaseTable(keys[0].public if public != keys[0].public else keys[1].public), message, sig)
    for bad in ((public, b"another message", sig), (keys[(5 + 1) % 3].public, message, sig)):
        assert not verify_signatures([*items[:5], bad, *items[6:]])
    # A proof of a key is no signature of its context, nor the other way.
    proof = prove_key(keys[0].secret, b"ctx")
    assert verify_key(keys[0].public, proof, b"ctx") and not verify_signature(keys[0].public, b"ctx", proof)
    assert not verify_key(keys[0].public, sign(keys[0].secret, b"ctx"), b"ctx")
    # Proofs of keys checked together: all hold, one false or one signature
    # in their place fails the batch.
    proofs = [(k.public, b"ctx %d" % i, prove_key(k.secret, b"ctx %d" % i)) for i, k in enumerate(keys)]
    assert verify_keys(proofs) and verify_keys([])
    assert not verify_keys([*proofs[:2], (keys[2].public, b"ctx 0", proofs[2][2])])
    assert not verify_keys([*proofs[:2], (keys[2].public, b"ctx 2", sign(keys[2].secret, b"ctx 2"))])


def test_a_batch_of_equal_logs_proofs_holds_and_finds_one_false() -> None:
    keys = [KeyPair.from_secret(11 + k) for k in range(3)]
    base = Element.from_uniform_bytes(bytes(range(64)))
    items: list[Any] = []
    for k, key in enumerate(keys * 2):
        result, proof = prove_equal_logs(key.secret, base, b"%d" % k, key.public)
        items.append((BaseTable(key.public) if k % 2 else key.public, base, result, proof, b"%d" % k))
    assert verify_equal_logs_batch(items)
    for j, bad in ((2, 2), (3, 1), (4, 4)):
        changed = list(items[j])
        changed[bad] = changed[bad] + base if bad == 2 else (b"other" if bad == 4 else keys[0].public + base)
        assert not verify_equal_logs_batch([*items[:j], tuple(changed), *items[j + 1 :]])


# --- the host as a relay that lies --------------------------------------------------


def three(relay: type[HostRelay], seed: int, kinds: dict[int, type[Seat]] | None = None) -> list[Seat]:
    rng = random.Random(seed)
    record = Game(NAMES[:3], "rheinland", seed=seed).to_record()
    seats, host = sit(record, 3, rng, f"log {seed}", kinds, relay)
    play_out(seats, host, rng, must_end=relay is HostRelay)
    return seats


def test_an_honest_relay_leaves_every_log_compared_and_every_phone_checked() -> None:
    seats = three(HostRelay, 20)
    assert [st.check().status for st in seats] == ["checked"] * 3
    assert all(st.log.compared == {s: st.log.compared[s] for s in (1, 2, 3) if s != st.seat} for st in seats)
    assert len({st.log.chains[-1] for st in seats}) == 1


class Alters(HostRelay):
    """Turns seat 2's first look into a knock, and relays it as if signed."""

    done = False

    def signed(self, message: dict[str, Any]) -> bool:
        if message.get("kind") == "act" and message["seat"] == 2 and not self.done:
            self.done = True
            message["action"] = {"seat": 2, "type": "knock"}
        return True


def test_a_message_the_host_altered_is_named_by_every_phone() -> None:
    seats = three(Alters, 21)
    assert seats[1].phone.faults[0].en == "seat 1: as the relay sent a message in my name I did not send"
    for st in seats[1:]:
        v = st.check()
        assert (v.status, v.seat) == ("fault", 1), v.en
    assert seats[2].check().en == "seat 1: as the relay passed on a message seat 2 did not sign"


class Drops(HostRelay):
    """Leaves out seat 2's first action, and relays what seat 2 says after
    it (an honest relay would hold it until the missing number came)."""

    done = False

    def signed(self, message: dict[str, Any]) -> bool:
        if message.get("kind") == "act" and message["seat"] == 2 and not self.done:
            self.done = True
            self.numbers[2] = message["n"]
            return False
        return super().signed(message)


def test_a_message_the_host_dropped_is_named_by_every_phone() -> None:
    seats = three(Drops, 22)
    for st in seats:
        v = st.check()
        assert (v.status, v.seat) == ("fault", 1), v.en
        assert "left out or moved a message of seat 2" in v.en


class Forks(HostRelay):
    """Shows seat 3 the second and third messages (seat 1's pieces, seat
    2's key) in the other order: every message
    signed, every number in turn, each envelope signed, but seat 3's log is
    not the others'."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.logs: dict[int, tuple[int, bytes]] = {}
        self.held: list[dict[str, Any]] = []

    def run(self) -> None:
        phones: list[Seat] = self.phones  # type: ignore[assignment]
        if not self.logs:
            self.logs.update({st.seat: (0, chain_start(self.context)) for st in phones})
        logs, held = self.logs, self.held
        while self._queue:
            message = json.loads(self._queue.pop(0))
            self.log.append("")
            for st in phones:
                batch = [message]
                if st.seat == 3 and len(self.log) == 2:
                    held.append(message)
                    continue
                if st.seat == 3 and held:
                    batch.append(held.pop())
                for m in batch:
                    pos, chain = logs[st.seat]
                    logs[st.seat] = pos + 1, chain_next(chain, m)
                    self.post(st.receive(envelope(self.context, pos + 1, logs[st.seat][1], m, self.host_secret)))


def test_a_host_that_shows_one_phone_another_order_is_named_by_every_phone() -> None:
    seats = three(Forks, 23)
    for st in seats:
        v = st.check()
        assert (v.status, v.seat) == ("fault", 1), v.en
        assert "another log than this phone" in v.en


class LiesAboutItsLog(Seat):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        honest = self.log.log_message
        self.log.log_message = lambda: {**honest(), "chain": "00" * 64}  # type: ignore[method-assign]


def test_a_phone_that_lies_about_its_log_is_named_and_not_the_host() -> None:
    seats = three(HostRelay, 24, kinds={3: LiesAboutItsLog})
    for st in seats[:2]:
        v = st.check()
        assert (v.status, v.seat) == ("fault", 3), v.en
        assert v.en == "seat 3: claims a log the relay did not sign"
