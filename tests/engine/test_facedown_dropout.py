"""The dropout rule (core/facedown_dropout.py): a phone lost for good after
the deal leaves a hand that goes on, its seat played on the host's phone
with the secret and seed all the phones still there recover together, and
checked by every phone; with two phones, or before the deck is dealt (a
pass that comes after the host's word changes nothing), the hand is void,
and each phone says who left and when. Never a new deal a phone could
wait for."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from test_facedown_game import IDENTITIES, NAMES, sit

from schraem.core.facedown_deck import commit_of
from schraem.core.facedown_dropout import Pieces, interpolate, pieces_message
from schraem.core.facedown_game import Seat
from schraem.core.facedown_relay import HostRelay
from schraem.core.facedown_wire import Message
from schraem.core.game import Game
from schraem.crypto import ORDER, base_multiple

pytestmark = pytest.mark.cpython_only


def test_all_the_other_phones_together_and_no_fewer_recover_a_secret() -> None:
    n, context, secret, seed = 4, b"hand", 123456789, bytes(range(32))
    publics = [k.public for k in IDENTITIES[:n]]
    msg = pieces_message(1, n, secret, seed, IDENTITIES[0].secret, publics, context)
    held = {}
    for j in (2, 3, 4):
        pieces = Pieces(j, n, IDENTITIES[j - 1].secret, publics, context)
        pieces.take(msg, 1, base_multiple(secret))
        held[j] = pieces.mine[1]
    assert interpolate(held) == secret
    for two in itertools.combinations(held, 2):
        assert interpolate({j: held[j] for j in two}) != secret
    # The seed opens with the secret, checked against the commitment.
    pieces = Pieces(2, n, IDENTITIES[1].secret, publics, context)
    pieces.take(msg, 1, base_multiple(secret))
    for j in (2, 3, 4):
        shown = {"kind": "recover", "seat": j, "for": 1, "piece": held[j].to_bytes(32, "little").hex()}
        pieces.take_shown(shown, j, 1, base_multiple(secret), commit_of(seed, context, 1))
    assert pieces.recovered[1] == (secret, seed)


class WrongPiece(Seat):
    """Sends seat 2 a piece that is not on its polynomial."""

    def start(self):  # type: ignore[no-untyped-def]
        out = super().start()
        for m in out:
            if m["kind"] == "pieces":
                m["pieces"]["2"] = ((int.from_bytes(bytes.fromhex(m["pieces"]["2"]), "little") + 1) % ORDER).to_bytes(32, "little").hex()
                self.log.sent.pop(m["n"])
                del m["sig"], m["n"]
                m.update(self.log.seal(m))
        return out


def test_a_wrong_piece_is_named_by_the_phone_it_was_for() -> None:
    rng = random.Random(40)
    record = Game(NAMES[:3], "rheinland", seed=40).to_record()
    seats, _ = sit(record, 3, rng, "pieces", kinds={3: WrongPiece})
    assert seats[1].phone.faults[0].en == "seat 3: sent this phone a wrong piece of its secret"
    assert seats[0].phone.faults == []


def lose(n: int, seed: int, after_looks: bool = True) -> tuple[list[Seat], HostRelay]:
    rng = random.Random(seed)
    record = Game(NAMES[:n], "siwwe_schroehm_newcomer", seed=seed).to_record()
    seats, host = sit(record, n, rng, f"lost {seed}")
    if after_looks:
        for st in seats:
            host.say(st.act({"seat": st.seat, "type": "look"}))
    host.lose(n)
    host.say([seats[0].log.seal({"kind": "gone", "seat": 1, "who": n})])
    return seats, host


def test_a_phone_lost_mid_hand_is_played_on_by_the_host_and_the_hand_checked() -> None:
    seats, host = lose(3, 41)
    standin = seats[0].standin
    assert standin is not None and [st.pieces.recovered.keys() for st in seats[:2]] == [{3}, {3}]
    # The host's phone plays seat 3 on with seat 3's cards, which seat 2 never sees.
    assert standin.phone.cards == seats[2].phone.cards
    assert not set(seats[2].phone.cards) & set(seats[1].phone.cards)
    rng = random.Random(41)
    for _ in range(200):
        offers = [(st, a) for st in (seats[0], seats[1], standin) for a in st.offered()]
        if not offers:
            break
        st, a = rng.choice(offers)
        host.say(st.act(a))
    assert seats[0].engine().hand_over and host.refused == []
    assert any(a["seat"] == 3 and a["type"] == "play" for a in seats[1].actions)
    for st in seats[:2]:
        assert st.check().status == "checked"


def test_with_two_phones_a_phone_lost_voids_the_hand_on_every_phone_saying_who_and_when() -> None:
    seats, _ = lose(2, 42)
    v = seats[0].check()
    assert (v.status, v.seat) == ("void", 2)
    assert v.de == "Spiel ungültig – Platz 2 (Bernd) ging nach Zug 2"
    assert v.en == "hand void – seat 2 (Bernd) left after move 2"


def test_a_phone_lost_before_the_deck_is_dealt_voids_a_hand_nobody_saw_a_card_of() -> None:
    rng = random.Random(43)
    record = Game(NAMES[:3], "rheinland", seed=43).to_record()
    publics = [k.public for k in IDENTITIES[:3]]
    seats = [
        Seat(record, s, "early", identity=IDENTITIES[s - 1].secret, identities=publics, secret=1 + rng.randrange(ORDER - 1))
        for s in (1, 2, 3)
    ]
    host = HostRelay(seats, seats[0].plan.context, IDENTITIES[0].secret, publics)
    host.post(seats[0].start())
    host.post(seats[1].start())  # seat 3 never sends its key
    host.run()
    host.lose(3)
    host.say([seats[0].log.seal({"kind": "gone", "seat": 1, "who": 3})])
    for st in seats[:2]:
        assert st.phone.cards == {}
        v = st.check()
        assert (v.status, v.seat) == ("void", 3)
        assert v.en == "hand void – seat 3 (Carla) left before the cards were dealt; deal again"


def test_only_the_host_says_a_phone_is_gone() -> None:
    seats, host = lose(3, 44)
    host.say([seats[1].log.seal({"kind": "gone", "seat": 2, "who": 1})])
    assert seats[0].phone.faults[0].en == "seat 2: reports a seat gone without being the relay"


class Slow(HostRelay):
    """Holds seat 3's pass of the deck until it is let through."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: list[Message] = []
        self.letting = False

    def post(self, messages: Sequence[Message]) -> None:
        for m in messages:
            if m.get("kind") == "shuffle" and m.get("seat") == 3 and not self.letting:
                self.held.append(m)
            else:
                super().post([m])


def test_a_pass_that_comes_after_the_word_leaves_the_hand_void() -> None:
    # Seat 2 leaves after its pass and before seat 3's: the deck was not
    # dealt when the host said so; seat 3's pass, coming after, deals it,
    # and the hand stays void rather than wait for pieces nobody showed.
    rng = random.Random(45)
    record = Game(NAMES[:3], "rheinland", seed=45).to_record()
    seats, host = sit(record, 3, rng, "slow", relay=Slow)
    assert isinstance(host, Slow) and len(host.held) == 1
    host.lose(2)
    host.say([seats[0].log.seal({"kind": "gone", "seat": 1, "who": 2})])
    host.letting = True
    host.say(host.held)
    for st in (seats[0], seats[2]):
        assert len(st.phone.spelled) == 3
        v = st.check()
        assert (v.status, v.seat) == ("void", 2)
        assert v.en == "hand void – seat 2 (Bernd) left before the cards were dealt; deal again"
