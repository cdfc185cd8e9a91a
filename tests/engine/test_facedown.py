"""Dealing face down (core/facedown.py) with simulated phones over a relay
that records every message: honest hands end "checked" on every phone and
each phone opens exactly the cards the engine deals its seat; a phone that
lies is named by every other; and no phone, the relaying host's included,
can open a card it was not dealt with everything it holds.

Every hand costs real group arithmetic, so the default run deals few hands
(one per preset at its smallest table, SCHRAEM_FACEDOWN_SEEDS=n deals n
per preset at each count of 2 to 4 phones it is played by in turn)."""

from __future__ import annotations

import itertools
import json
import os
import random
from collections.abc import Sequence

import pytest

from schraem.core import facedown_check, facedown_deck
from schraem.core.cards import DECK, shuffled_deck
from schraem.core.deal import deal_pack, next_active
from schraem.core.facedown import Phone
from schraem.core.facedown_check import verdict
from schraem.core.facedown_deck import card_point
from schraem.core.facedown_relay import Relay
from schraem.core.facedown_seal import SEALED, answer_key, open_answer
from schraem.core.facedown_wire import BadMessage, HandPlan, open_request
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.crypto import ORDER, Ciphertext, Element, prove_key

SEEDS = int(os.environ.get("SCHRAEM_FACEDOWN_SEEDS", "1"))
NAMES = ["Anne", "Bernd", "Carla", "Dieter", "Erna", "Fritz", "Gerd", "Hilde"]


def plan_for(preset: str, n: int, hand: int = 1, table: str = "t") -> tuple[Game, HandPlan]:
    game = Game(NAMES[:n], preset, seed=hand)
    setup = game.next_setup()
    return game, HandPlan.for_setup(table, hand, setup, next_active(list(setup.dealt), game.dealer))


def seat_counts(preset: str) -> list[int]:
    r = Rules.make(preset)
    return [k for k in (2, 3, 4) if r.min_players <= k <= r.max_players]


def sit(plan: HandPlan, seed: int, kinds: dict[int, type[Phone]] | None = None) -> tuple[list[Phone], Relay]:
    rng = random.Random(seed)
    phones = [
        (kinds or {}).get(s, Phone)(plan, s, secret=1 + rng.randrange(ORDER - 1), seed=rng.randbytes(32)) for s in range(1, plan.seats + 1)
    ]
    return phones, Relay(phones)


def deal(phones: list[Phone], relay: Relay) -> None:
    for ph in phones:
        relay.post(ph.start())
    relay.run()


def reveal(phones: list[Phone], relay: Relay) -> None:
    for ph in phones:
        relay.post(ph.reveal())
    relay.run()


def open_deck(phones: list[Phone]) -> list[str]:
    """The final deck's order, opened with every secret (as only the check
    after the hand can)."""
    x = sum(ph.secret for ph in phones) % ORDER
    by_encoding = {card_point(str(c)).encode(): str(c) for c in DECK}
    return [by_encoding[(ct.c2 - x * ct.c1).encode()] for ct in phones[0].final_deck()]


# --- the deal follows the engine's --------------------------------------------


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_places_are_dealt_as_the_engine_deals(preset: str) -> None:
    r = Rules.make(preset)
    for n in range(r.min_players, r.max_players + 1):
        game, plan = plan_for(preset, n)
        setup = game.next_setup()
        fh = next_active(list(setup.dealt), game.dealer)
        for seed in (1, 99, 12345):
            pack = shuffled_deck(seed)
            hands, stock = deal_pack(seed, list(setup.dealt), fh, setup.cards, setup.packets)
            assert [[pack[p] for p in places] for places in plan.dealt] == hands
            assert [pack[p] for p in plan.stock] == stock


@pytest.mark.parametrize(
    "preset", [p if p == "rheinland" else pytest.param(p, marks=pytest.mark.cpython_only) for p in Rules.preset_names()]
)
def test_honest_hands_are_checked_by_every_phone(preset: str) -> None:
    counts = seat_counts(preset)
    for i in range(SEEDS):
        n = counts[i % len(counts)]  # the smallest table first
        game, plan = plan_for(preset, n, hand=1 + i)
        phones, relay = sit(plan, seed=1000 * i + n)
        deal(phones, relay)
        order = open_deck(phones)
        for ph in phones:
            assert ph.faults == []
            assert ph.cards == {p: order[p] for p in plan.dealt[ph.seat - 1]}
        # The engine deals exactly these cards from this deck order.
        game.deal(cards=[[order[p] for p in places] for places in plan.dealt], stock=[order[p] for p in plan.stock])
        assert [[str(c) for c in h] for h in game.hand.cards] == [
            [phones[s].cards[p] for p in places] for s, places in enumerate(plan.dealt)
        ]
        # The first seat dealt in plays a card; everyone opens it.
        first = next(ph for ph in phones if ph.cards)
        place = min(first.cards)
        relay.say(first.play(place))
        assert all(ph.seen == {place: order[place]} for ph in phones)
        reveal(phones, relay)
        assert [verdict(ph).status for ph in phones] == ["checked"] * n
        # Every message is JSON; a deck pass is 32 ciphertexts of 64 bytes.
        passes = [m for m in map(json.loads, relay.log) if m["kind"] == "shuffle"]
        assert [m["seat"] for m in passes] == list(range(1, n + 1))
        assert all(len(m["deck"]) == 32 and all(len(c) == 128 for c in m["deck"]) for m in passes)


# --- a phone that lies is named by every other ----------------------------------


class WrongShare(Phone):
    def share(self, point: Element) -> Element:
        return super().share(point) + Element.generator()


class OtherShuffle(Phone):
    def shuffle_seed(self) -> bytes:
        return bytes(32)


class KeyWithoutProof(Phone):
    def key_proof(self):  # type: ignore[no-untyped-def]
        return prove_key(self.secret, b"another table", self.public)


class AsksForOthersCards(Phone):
    """Blinds the C1 of the next seat's cards but names its own places."""

    def request(self, places):  # type: ignore[no-untyped-def]
        deck = list(self.final_deck())
        victim = self.plan.dealt[self.seat % self.plan.seats]
        for mine, theirs in zip(places, victim):
            deck[mine] = Ciphertext(deck[theirs].c1, deck[mine].c2)
        number = len(self.blinds) + 1
        r = self.blinds[number] = self.blinding(number)
        return open_request(deck, places, r, self.context, self.seat, number)


class ClaimsAnotherCard(Phone):
    def claim(self, place: int, card: str) -> list[dict]:
        self.cards[place] = card
        return self.play(place)


def named_by_all_others(phones: list[Phone], cheat: int) -> list[str]:
    verdicts = [verdict(ph) for ph in phones if ph.seat != cheat]
    assert all(v.status == "fault" and v.seat == cheat for v in verdicts), verdicts
    return [v.en for v in verdicts]


@pytest.mark.cpython_only
def test_a_wrong_share_is_named_by_the_holder_at_once_and_by_everyone_after() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=7, kinds={3: WrongShare})
    deal(phones, relay)
    for holder in phones[:2]:
        assert holder.faults and holder.faults[0].seat == 3 and "wrong share" in holder.faults[0].en
        assert holder.cards == {}
    reveal(phones, relay)
    assert all("wrong share" in w for w in named_by_all_others(phones, 3))


@pytest.mark.cpython_only
def test_a_shuffle_with_other_randomness_than_committed_is_named() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=8, kinds={2: OtherShuffle})
    deal(phones, relay)
    reveal(phones, relay)
    assert all("did not shuffle" in w for w in named_by_all_others(phones, 2))


def test_a_phone_works_out_its_pass_once_the_keys_are_in_and_shuffles_the_same() -> None:
    """A pass's re-randomising pairs (s_j·G, s_j·X) need the table's key and
    the phone's seed, not the deck: every phone after the first works them
    out as the last key comes in, while the phones before it shuffle; its
    pass made from them is the one re-randomising each card gives."""
    _, plan = plan_for("rheinland", 3)
    phones, _ = sit(plan, seed=12)
    facedown_deck.RERANDOMISERS.clear()
    facedown_deck.PASS_CACHE.clear()
    keys = [m for ph in phones for m in ph.start()]
    said = {ph.seat: [out for m in keys for out in ph.receive(m)] for ph in phones}
    joint = phones[0].joint_key().encode()
    assert [m["kind"] for m in said[1]] == ["shuffle"] and not said[2] and not said[3]
    for ph in phones[1:]:
        assert (joint, ph.seed, ph.context, ph.seat) in facedown_deck.RERANDOMISERS
    (second,) = phones[1].receive(said[1][0])
    before = [Ciphertext.decode(bytes.fromhex(c)) for c in said[1][0]["deck"]]
    perm, scalars = facedown_deck.shuffle_plan(phones[1].seed, phones[1].context, 2, len(before))
    plain = facedown_deck.shuffle(before, facedown_deck.key_table(joint), perm, scalars)
    assert second["kind"] == "shuffle" and second["deck"] == [c.encode().hex() for c in plain]


@pytest.mark.cpython_only
def test_a_key_without_a_valid_proof_is_named_at_once() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=9, kinds={2: KeyWithoutProof})
    for ph in phones:
        relay.post(ph.start())
    relay.run()
    assert all(ph.faults[0].seat == 2 and "without a valid proof" in ph.faults[0].en for ph in phones if ph.seat != 2)
    assert all("without a valid proof" in w for w in named_by_all_others(phones, 2))


@pytest.mark.cpython_only
def test_a_blinded_request_for_another_seats_cards_is_refused_and_named() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=10, kinds={1: AsksForOthersCards})
    deal(phones, relay)
    assert phones[0].cards == {}  # nobody answered it
    assert all(ph.faults[0].seat == 1 and "other cards" in ph.faults[0].en for ph in phones[1:])
    assert all("other cards" in w for w in named_by_all_others(phones, 1))


@pytest.mark.cpython_only
def test_playing_a_card_from_a_place_not_dealt_is_named_at_once() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=11)
    deal(phones, relay)
    order = open_deck(phones)
    place = plan.dealt[2][0]  # seat 3's card, played by seat 2
    relay.say([{"kind": "play", "seat": 2, "place": place, "card": order[place]}])
    assert all(ph.seen == {} for ph in phones)
    reveal(phones, relay)
    assert all("not dealt" in w for w in named_by_all_others(phones, 2))


@pytest.mark.cpython_only
def test_playing_another_card_than_the_one_at_ones_place_is_named_at_once() -> None:
    _, plan = plan_for("rheinland", 2)
    phones, relay = sit(plan, seed=12, kinds={2: ClaimsAnotherCard})
    deal(phones, relay)
    order = open_deck(phones)
    place = plan.dealt[1][0]
    other = next(c for c in order if c not in phones[1].cards.values())
    relay.say(phones[1].claim(place, other))
    assert all(ph.faults and ph.faults[0].seat == 2 for ph in phones)
    reveal(phones, relay)
    assert all("another card lies" in w for w in named_by_all_others(phones, 2))


class WrongShow(Phone):
    """Shows a wrong share of every card played: made by this phone's own
    code, then changed, as a changed app would."""

    def _show(self, place: int) -> dict:
        said = super()._show(place)
        wrong = Element.decode(bytes.fromhex(said["share"])) + Element.generator()
        return dict(said, share=wrong.encode().hex())


@pytest.mark.cpython_only
def test_a_wrong_share_of_a_card_played_is_named_at_once_by_every_other_phone() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=13, kinds={3: WrongShow})
    deal(phones, relay)
    relay.say(phones[0].play(min(phones[0].cards)))
    for ph in phones[:2]:
        assert ph.faults and ph.faults[0].seat == 3 and "wrong share for the" in ph.faults[0].en, ph.faults
        assert ph.seen == {}


class SteersForTheHolder(Phone):
    """A changed app that helps the holder of a card, which told it the
    card it holds and the card it will name: its share of that place is
    shifted by their difference, so that the card opens as the one named."""

    steer: dict[int, Element] = {}

    def _show(self, place: int) -> dict:
        said = super()._show(place)
        if place in self.steer:
            said["share"] = (Element.decode(bytes.fromhex(said["share"])) + self.steer[place]).encode().hex()
        return said


@pytest.mark.cpython_only
def test_a_holder_and_a_phone_that_steers_its_card_to_another_are_named_after_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the hand runs a phone checks the proof of the holder's share
    of a card played, and the others' only when the card does not open as
    named: a wrong share alone opens no card. Two phones together (the
    holder and one that knows what it holds) can open it as a card of the
    stock for the hand; every other phone's check after it names the
    player."""
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=19, kinds={3: SteersForTheHolder})
    deal(phones, relay)
    place, held = min(phones[0].cards.items())
    # (A card of the stock: a card another seat holds its phone would know.)
    named = next(c for c in plan.cards if all(c not in ph.cards.values() for ph in phones))
    monkeypatch.setattr(SteersForTheHolder, "steer", {place: card_point(held) - card_point(named)})
    [msg] = phones[0].play(place)
    relay.say([dict(msg, card=named)])
    assert all(ph.seen == {place: named} and not ph.faults for ph in phones)
    reveal(phones, relay)
    v = verdict(phones[1])
    assert (v.status, v.seat) == ("fault", 1) and "another card" in v.en, v


# --- no phone learns a hidden card ------------------------------------------------


def _elements(value: object) -> list[Element]:
    try:
        return [Element.decode(bytes.fromhex(value))] if isinstance(value, str) and len(value) == 64 else []
    except ValueError:
        return []


def answer_keys(msgs: list[dict], context: bytes, secrets_: Sequence[int] = ()) -> dict[tuple[int, int, int], bytes]:
    """The keys of the sealed answers that can be read with what a phone
    holds: every key shown in a message ("for", "request", and the answer's
    sender, "from" or else the message's seat), and each key `secrets_`
    (the phone's secrets for the hand) work out with the other end's key."""
    keys: dict[tuple[int, int, int], bytes] = {}
    publics = {m["seat"]: Element.decode(bytes.fromhex(m["key"])) for m in msgs if m["kind"] == "key"}
    mine = {(Element.generator() * x).encode(): x for x in secrets_}
    seats = {s: mine[k.encode()] for s, k in publics.items() if k.encode() in mine}
    for m in msgs:
        if isinstance(m.get("key"), str) and "for" in m and "request" in m:
            keys[(m.get("from", m["seat"]), m["for"], m["request"])] = bytes.fromhex(m["key"])
        if m["kind"] == "shares" and "sealed" in m:
            sender, holder = m["seat"], m["for"]
            for me, other in ((sender, holder), (holder, sender)):
                if me in seats and other in publics:
                    keys[(sender, holder, m["request"])] = answer_key(seats[me] * publics[other], context, sender, holder, m["request"])
    return keys


def tied(msgs: list[dict], keys: dict[tuple[int, int, int], bytes] | None = None) -> dict[int, list[Element]]:
    """Per place, every element any relayed message ties to it: a field
    holding one element belongs to every place of its message, a list as
    long as the message's places goes place by place; a sealed answer
    whose key is in `keys` (`answer_keys`) is read as its shares."""
    out: dict[int, list[Element]] = {}
    requests: dict[tuple[int, int], list[int]] = {}
    for m in msgs:
        if m["kind"] == "open":
            places = requests[(m["seat"], m["request"])] = m["places"]
        elif m["kind"] == "shares":
            places = requests[(m["for"], m["request"])]
            key = (keys or {}).get((m["seat"], m["for"], m["request"]))
            if "sealed" in m and key is not None:
                shares, _, _ = open_answer(key, bytes.fromhex(m["sealed"]), len(places))
                m = dict(m, shares=[e.hex() for _, e in shares])
        elif m["kind"] in ("show", "play"):
            places = [m["place"]]
        elif m["kind"] == "shows":
            places = m["places"]
        else:
            continue
        for key, value in m.items():
            if isinstance(value, list) and len(value) == len(places) and key != "places":
                for p, v in zip(places, value):
                    out.setdefault(p, []).extend(_elements(v))
            else:
                for p in places:
                    out.setdefault(p, []).extend(_elements(value))
    return out


def held(phone: Phone, log: list[str]) -> dict[int, list[Element]]:
    """tied() over a phone's relayed log, as JSON texts, every sealed answer
    it can read read."""
    msgs = [json.loads(text) for text in log]
    return tied(msgs, answer_keys(msgs, phone.context, [phone.secret]))


def learnable(phone: Phone, log: list[str]) -> dict[int, str]:
    """Every hidden card (another seat's unplayed card, the stock) this phone
    can open with what it holds: its secret, every message it saw (its
    blinding factors unblind only its own requests, which hold no hidden
    card), read where sealed to or by it or where a key was shown. For each such place every sum of up to as many elements as there
    are seats, out of everything tied to that place and its own share of the
    place and of each element tied to it, is taken off C2 and looked up
    among the cards."""
    deck = phone.final_deck()
    cards = [(card_point(c), c) for c in phone.plan.cards]
    tied = held(phone, log)
    found: dict[int, str] = {}
    for p, ct in enumerate(deck):
        if p in phone.cards or p in phone.seen:
            continue
        sent = tied.get(p, [])
        pieces = list(sent) + [phone.secret * ct.c1] + [phone.secret * e for e in sent]
        for k in range(1, phone.plan.seats + 1):
            for subset in itertools.combinations(pieces, k):
                total = Element.identity()
                for e in subset:
                    total = total + e
                point = ct.c2 - total
                hit = next((c for q, c in cards if q == point), None)
                if hit is not None:
                    found[p] = hit
    return found


@pytest.mark.cpython_only
def test_no_phone_learns_a_hidden_card_nor_one_drawn_by_another() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=13)
    deal(phones, relay)
    order = open_deck(phones)
    relay.say(phones[1].draw(2))
    drawn = list(plan.stock[:2])
    assert {p: phones[1].cards[p] for p in drawn} == {p: order[p] for p in drawn}
    relay.say(phones[1].play(drawn[0]))
    relay.say(phones[2].play(min(phones[2].cards)))
    for ph in phones:  # the host's phone (seat 1) relayed every message
        assert learnable(ph, relay.log) == {}
    reveal(phones, relay)
    assert [verdict(ph).status for ph in phones] == ["checked"] * 3


class Leaky(Phone):
    """A planted leak at a table of the blinded form (it speaks only that):
    it does not blind (r = 1) and sends its own share of each of its cards
    along with its request."""

    form = 1

    def blinding(self, number: int) -> int:
        return 1

    def request(self, places):  # type: ignore[no-untyped-def]
        msg = super().request(places)
        deck = self.final_deck()
        msg["own"] = [(self.secret * deck[p].c1).encode().hex() for p in places]
        return msg


class SealedLeaky(Leaky):
    """A planted leak at a table of the sealed form: its own share of each of
    its cards with its request, and, once its cards are open, the keys of
    the answers sealed to it."""

    form = SEALED
    leaked = False

    def receive(self, message):  # type: ignore[no-untyped-def]
        out = super().receive(message)
        if self.cards and not self.leaked:
            self.leaked = True
            others = [t for t in range(1, self.plan.seats + 1) if t != self.seat]
            return out + [
                {
                    "kind": "leak",
                    "seat": self.seat,
                    "from": t,
                    "for": self.seat,
                    "request": 1,
                    "key": self._answer_key(t, self.seat, 1).hex(),
                }
                for t in others
            ]
        return out


@pytest.mark.cpython_only
@pytest.mark.parametrize("leaky", [Leaky, SealedLeaky], ids=["blinded", "sealed"])
@pytest.mark.parametrize("n", [2, 3])
def test_a_planted_leak_is_found(n: int, leaky: type[Phone]) -> None:
    _, plan = plan_for("rheinland", n)
    phones, relay = sit(plan, seed=14, kinds={2: leaky})
    deal(phones, relay)
    order = open_deck(phones)
    leaked = {p: order[p] for p in plan.dealt[1]}
    assert learnable(phones[0], relay.log) == leaked  # the host, relaying


@pytest.mark.cpython_only
def test_a_card_played_in_a_seats_name_by_the_relay_is_not_opened() -> None:
    _, plan = plan_for("rheinland", 2)
    phones, relay = sit(plan, seed=15)
    deal(phones, relay)
    place = plan.dealt[1][0]
    relay.say([{"kind": "play", "seat": 2, "place": place, "card": "7H"}])
    assert phones[1].faults and phones[1].faults[0].status == "unchecked"
    assert place not in learnable(phones[0], relay.log) and all(ph.seen == {} for ph in phones)


@pytest.mark.cpython_only
def test_a_phone_that_never_reveals_leaves_the_hand_unchecked_and_says_why() -> None:
    _, plan = plan_for("rheinland", 2)
    phones, relay = sit(plan, seed=16)
    deal(phones, relay)
    relay.say(phones[0].reveal())  # seat 2's phone is gone
    for ph in phones:
        v = verdict(ph)
        assert (v.status, v.seat) == ("unchecked", None)
        assert v.de == "nicht geprüft – Platz 2 hat sein Geheimnis nicht gezeigt"
        assert v.en == "not checked – seat 2 has not shown its secret"
    assert verdict(phones[0]).to_json()["status"] == "unchecked"


@pytest.mark.cpython_only
def test_a_wrong_share_of_a_card_played_is_found_by_the_batch_and_named_after_the_hand() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=17)
    deal(phones, relay)
    relay.say(phones[1].play(min(phones[1].cards)))
    relay.say(phones[2].play(min(phones[2].cards)))
    reveal(phones, relay)
    assert verdict(phones[0]).status == "checked"
    # As if seat 3 had shown another share (the check after the hand
    # checks the shares of all cards played in one batch).
    play = phones[0].plays[1]
    share, proof = play.shows[3]
    play.shows[3] = (share + Element.generator(), proof)
    facedown_check.CHECKED.clear()
    v = verdict(phones[0])
    assert (v.status, v.seat) == ("fault", 3) and v.en == f"seat 3: sent a wrong share for the {play.card} played"


@pytest.mark.cpython_only
@pytest.mark.parametrize("form", [1, SEALED], ids=["blinded", "sealed"])
def test_the_check_after_the_hand_names_whatever_its_one_batch_finds_wrong(form: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every pass, request, share and card shown is checked in one random
    linear combination after the hand; each record changed after the fact
    (as if it had been relayed so) fails it, and the checks one by one then
    name the seat, as they did without the batch."""
    monkeypatch.setattr(Phone, "form", form)
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=18)
    deal(phones, relay)
    relay.say(phones[1].play(min(phones[1].cards)))
    reveal(phones, relay)
    ph = phones[0]
    assert verdict(ph).status == "checked"
    g = Element.generator()

    def named() -> tuple[str, int | None, str]:
        facedown_check.CHECKED.clear()
        v = verdict(ph)
        return v.status, v.seat, v.en

    answer = ph.answers[(3, 2, 1)]
    kept = answer.shares[0]
    answer.shares[0] = kept + g
    assert named() == ("fault", 3, "seat 3: sent a wrong share for the cards of seat 2")
    answer.shares[0] = kept
    if form == SEALED:
        # (The answer sealed to seat 2, which seat 1 read only after the hand.)
        sealed = ph.sealed[(3, 2, 1)]
        ph.sealed[(3, 2, 1)] = bytes([sealed[0] ^ 1]) + sealed[1:]
        del ph.answers[(3, 2, 1)]
        assert named() == ("fault", 3, "seat 3: sent a wrong share for the cards of seat 2")
        ph.sealed[(3, 2, 1)] = sealed
        ph.answers.pop((3, 2, 1), None)
    else:
        request = ph.requests[(2, 1)]
        point = request.points[1]
        request.points[1] = point + g
        assert named()[:2] == ("fault", 2) and "other cards than its own" in named()[2]
        request.points[1] = point
    kept_deck = ph._decks[3]
    ph._decks[3] = [Ciphertext(c.c1, c.c2 + g) if i == 5 else c for i, c in enumerate(kept_deck)]
    assert named()[:2] == ("fault", 3) and "did not shuffle" in named()[2]
    ph._decks[3] = kept_deck
    assert named() == ("checked", None, verdict(phones[1]).en)


def test_a_phone_reads_every_element_of_a_hand_with_its_hint_and_no_exponentiation(monkeypatch) -> None:
    # Every pass, request, answer, share shown and card played carries the
    # decode hints of its elements (crypto/hints.py): no phone decodes one
    # of them in full, in the deal, the play or the check after the hand.
    from schraem.core.facedown_wire import elements_of
    from schraem.crypto import ristretto

    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, 11)
    full: list[bytes] = []
    plain = ristretto.decode_point
    monkeypatch.setattr(
        ristretto, "decode_point", lambda data, root=None: (full.append(data) if root is None else None) or plain(data, root)
    )
    ristretto._DECODED.clear()
    deal(phones, relay)
    for ph in phones:
        for made in iter(lambda ph=ph: ph.show_ahead({ph.seat % 3 + 1}), None):
            relay.post(made)
    relay.run()
    holder = phones[0]
    relay.post(holder.play(sorted(holder.cards)[0]))
    relay.run()
    reveal(phones, relay)
    assert all(verdict(ph).status == "checked" for ph in phones)
    hinted = {e for text in relay.log for e in elements_of(json.loads(text))}
    kinds = {json.loads(text)["kind"] for text in relay.log}
    assert {"shuffle", "open", "shares", "shows", "play"} <= kinds
    # (The sealed answers carry their elements' hints inside the seal: each
    # phone read them all, the holder in the deal, the others after the hand.)
    sealed = {s.encode() for ph in phones for a in ph.answers.values() for s in a.shares}
    assert len(sealed) == 3 * 2 * 4 and hinted and not (hinted | sealed) & set(full)
    assert all("hints" in json.loads(t) for t in relay.log if elements_of(json.loads(t)))


# --- sealed answers ------------------------------------------------------------


@pytest.mark.cpython_only
def test_sealed_answers_make_one_share_a_card_and_phone_and_their_keys_show_them_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every phone speaks the sealed form, each phone works out its
    share of every other seat's card once, for the answer it seals to the
    holder; shown ahead by that answer's key, each card opens on every phone
    with its play, and nothing of the blinded form travels."""
    _, plan = plan_for("siwwe_schroehm_newcomer", 4)
    phones, relay = sit(plan, seed=21)
    made: dict[int, int] = {}
    share = Phone.share
    monkeypatch.setattr(Phone, "share", lambda self, point: made.update({self.seat: made.get(self.seat, 0) + 1}) or share(self, point))
    monkeypatch.setattr(Phone, "_bare_share", lambda self, place: pytest.fail(f"seat {self.seat} worked out its share of {place} again"))
    deal(phones, relay)
    assert all(len(ph.cards) == 8 for ph in phones)
    for k in range(8):
        for ph in phones:
            for other in phones:
                for out in iter(lambda other=other, due=ph.seat: other.show_ahead({due}), None):
                    relay.post(out)
            relay.run()
            relay.say(ph.play(sorted(ph.cards)[k]))
    assert made == {s: 24 for s in range(1, 5)}  # three seats of eight cards, once each
    assert all(len(ph.seen) == 32 for ph in phones)
    msgs = [json.loads(t) for t in relay.log]
    assert all(set(m) == {"kind", "seat", "request", "places"} for m in msgs if m["kind"] == "open")
    assert all("sealed" in m and "shares" not in m for m in msgs if m["kind"] == "shares")
    shows = [m for m in msgs if m["kind"] == "shows"]
    assert len(shows) == 4 * 3 and all("key" in m and "shares" not in m for m in shows)
    reveal(phones, relay)
    assert [verdict(ph).status for ph in phones] == ["checked"] * 4


class BeforeSealing(Phone):
    """An app from before the sealed answers: its key says no form."""

    form = 1

    def start(self):  # type: ignore[no-untyped-def]
        return [{k: v for k, v in m.items() if k != "form"} for m in super().start()]


@pytest.mark.cpython_only
def test_a_table_with_one_phone_from_before_the_sealed_answers_deals_blinded_and_every_phone_checks_it() -> None:
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=22, kinds={3: BeforeSealing})
    deal(phones, relay)
    assert all(len(ph.cards) == 4 for ph in phones) and not any(ph.sealing() for ph in phones)
    msgs = [json.loads(t) for t in relay.log]
    assert all("blind" in m for m in msgs if m["kind"] == "open") and all("shares" in m for m in msgs if m["kind"] == "shares")
    for ph in phones:
        relay.say(ph.play(min(ph.cards)))
    assert all(len(ph.seen) == 3 for ph in phones)
    reveal(phones, relay)
    assert [verdict(ph).status for ph in phones] == ["checked"] * 3


@pytest.mark.cpython_only
def test_a_sealed_answer_opens_for_its_holder_alone_until_its_key_is_shown() -> None:
    """The relay and every other phone hold the sealed bytes and cannot read
    them: the key is no other pair's, and with another's key they read as
    no answer."""
    _, plan = plan_for("rheinland", 3)
    phones, relay = sit(plan, seed=23)
    deal(phones, relay)
    host, holder, sender = phones
    data = holder.sealed[(3, 2, 1)]
    assert (3, 2, 1) in holder.answers and (3, 2, 1) not in host.answers and host.sealed[(3, 2, 1)] == data
    wrong = [host._answer_key(1, 2, 1), host._answer_key(3, 1, 1), answer_key(host.secret * sender.public, host.context, 3, 2, 1)]
    for key in wrong:
        with pytest.raises(BadMessage):
            open_answer(key, data, 4)
    shares, _, _ = open_answer(sender._answer_key(3, 2, 1), data, 4)
    assert [s for s, _ in shares] == holder.answers[(3, 2, 1)].shares == [sender.secret * host.final_deck()[p].c1 for p in plan.dealt[1]]
