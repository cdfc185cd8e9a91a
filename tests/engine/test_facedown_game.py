"""Hands played face down (core/facedown_game.py): every simulated phone runs
the game on its own engine with its own cards only, over the deal's
protocol and a relay; after each hand every phone replays it from the deck
the reveals give and compares everything it was shown. Honest games end
"checked" on every phone in every preset; a phone that reneges or plays a
card it was not dealt is named by every other; a view that differs from
the replay is found.

The group arithmetic costs, so the default run plays one game of up to two
hands per preset at its smallest table; SCHRAEM_FACEDOWN_SEEDS=n plays n."""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest
from test_facedown import learnable

from schraem.club.series import hangeln_rules
from schraem.core.facedown_game import Seat
from schraem.core.facedown_relay import HostRelay
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.crypto import ORDER, KeyPair

SEEDS = int(os.environ.get("SCHRAEM_FACEDOWN_SEEDS", "1"))
NAMES = ["Anne", "Bernd", "Carla", "Dieter"]


def smallest(preset: str) -> int:
    return max(2, Rules.make(preset).min_players)


IDENTITIES = [KeyPair.from_secret(1000 + s) for s in range(1, 5)]  # the phones' long-term keys


def sit(
    record: dict[str, Any],
    n: int,
    rng: random.Random,
    table: str,
    kinds: dict[int, type[Seat]] | None = None,
    relay: type[HostRelay] = HostRelay,
) -> tuple[list[Seat], HostRelay]:
    publics = [k.public for k in IDENTITIES[:n]]
    seats = [
        (kinds or {}).get(s, Seat)(
            record,
            s,
            table,
            identity=IDENTITIES[s - 1].secret,
            identities=publics,
            secret=1 + rng.randrange(ORDER - 1),
            seed=rng.randbytes(32),
        )
        for s in range(1, n + 1)
    ]
    host = relay(seats, seats[0].plan.context, IDENTITIES[0].secret, publics)
    for st in seats:
        host.post(st.start())
    host.run()
    return seats, host


def play_out(seats: list[Seat], relay: HostRelay, rng: random.Random, must_end: bool = True) -> None:
    """Each step one seat takes one of the actions its own view offers,
    any seat (knocks come out of turn), until no view offers any (or, where
    a phone stopped at a fault, a while)."""
    for _ in range(500 if must_end else 40):
        offers = [(st, a) for st in seats for a in st.offered()]
        if not offers:
            return
        st, a = rng.choice(offers)
        relay.say(st.act(a))
    assert not must_end, "the hand did not end"


def honest_game(preset: str, n: int, seed: int, hands: int = 2) -> list[list[str]]:
    rng = random.Random(seed)
    record = Game(NAMES[:n], preset, seed=seed).to_record()
    played = []
    for _ in range(hands):
        seats, relay = sit(record, n, rng, f"table {seed}")
        play_out(seats, relay, rng)
        verdicts = [st.check() for st in seats]
        assert [v.status for v in verdicts] == ["checked"] * n, [v.en for v in verdicts]
        game = seats[0].replayed
        assert game is not None
        # Every phone was shown its own cards as the engine deals them, and
        # replayed the one hand: the next starts from the same record.
        dealt = game.specs[-1]["deal"]
        for st in seats:
            assert [st.phone.cards[p] for p in st.plan.dealt[st.seat - 1]] == dealt[st.seat - 1]
            assert st.replayed is not None and st.replayed.to_record() == game.to_record()
        played.append([a["type"] for a in seats[0].actions])
        record = game.to_record()
        if game.game_over:
            break
    return played


# What the first seeded game of a preset plays, at the least: four courts'
# exchanges with the discards turned up or challenged, blind knocks, passes.
PLAYED = {
    "wipperfuerth": {"exchange", "turn", "play"},
    "siwwe_stroeoem": {"exchange", "challenge", "play"},
    "sebbe_schroehm": {"knock", "hold", "play"},
    "rheinland": {"knock", "pass"},
}


@pytest.mark.parametrize(
    "preset", [p if p == "rheinland" else pytest.param(p, marks=pytest.mark.cpython_only) for p in Rules.preset_names()]
)
def test_honest_games_end_checked_on_every_phone(preset: str) -> None:
    for i in range(SEEDS):
        # Two hands where they are cheap, one elsewhere (the group arithmetic).
        played = honest_game(preset, smallest(preset), seed=3 + i, hands=2 if preset == "rheinland" or SEEDS > 1 else 1)
        if i == 0:
            assert PLAYED.get(preset, set()) <= {t for hand in played for t in hand}


# --- a phone that breaks the rules is named by every other ----------------------


class Reneges(Seat):
    """Plays a card of another suit while it holds the suit led, once: its
    own engine would refuse it, the others' cannot see its hand."""

    cheated = False

    def renege(self) -> list[dict[str, Any]] | None:
        game = self.engine()
        hand = game.hand
        if self.cheated or hand is None or not hand.trick or game.due() != [self.seat]:
            return None
        led = hand.trick[0][1].suit
        mine = hand.cards[self.seat - 1] if hand.cards else []
        off = [c for c in mine if c.suit != led]
        if not off or not any(c.suit == led for c in mine):
            return None
        self.cheated = True
        card = str(off[0])
        return [self.log.seal(m) for m in self.phone.play(next(p for p, c in self.phone.cards.items() if c == card))]


@pytest.mark.cpython_only
def test_a_renege_is_named_by_every_other_phone_after_the_hand() -> None:
    rng = random.Random(5)
    record = Game(NAMES[:3], "siwwe_schroehm_newcomer", seed=5).to_record()
    seats, relay = sit(record, 3, rng, "renege", kinds={2: Reneges})
    cheat = seats[1]
    assert isinstance(cheat, Reneges)
    for _ in range(200):
        move = cheat.renege()
        if move is not None:
            relay.say(move)
            continue
        offers = [(st, a) for st in seats for a in st.offered()]
        if not offers:
            break
        st, a = rng.choice(offers)
        relay.say(st.act(a))
    assert cheat.cheated
    # During the hand the others took it on trust (they cannot see seat 2's
    # hand); after it, each names seat 2 in the engine's words.
    for st in (seats[0], seats[2]):
        assert st.phone.faults == []
        v = st.check()
        assert (v.status, v.seat) == ("fault", 2), v.en
        assert "broke the rules" in v.en and "follow" in v.en
        assert "gegen die Regeln" in v.de


@pytest.mark.cpython_only
def test_a_card_from_another_seats_place_is_named_by_every_other_phone() -> None:
    rng = random.Random(6)
    record = Game(NAMES[:3], "siwwe_schroehm_newcomer", seed=6).to_record()
    seats, relay = sit(record, 3, rng, "not dealt")
    for st in seats:
        relay.say(st.act({"seat": st.seat, "type": "look"}))
    place = seats[2].plan.dealt[2][0]  # seat 3's first card, played by seat 2
    relay.say([seats[1].log.seal({"kind": "play", "seat": 2, "place": place, "card": seats[2].phone.cards[place]})])
    for st in (seats[0], seats[2]):
        v = st.check()
        assert (v.status, v.seat) == ("fault", 2) and "not dealt" in v.en
        assert place not in st.phone.seen and st.actions == [{"seat": s, "type": "look"} for s in (1, 2, 3)]


# --- what each phone was shown is compared with the hand replayed ---------------


@pytest.mark.cpython_only
@pytest.mark.parametrize(
    ("part", "words"),
    [
        ("legal", "the actions offered"),
        ("value", "the hand's value"),
        ("players", "the marks and players"),
        ("turn", "whose turn it is"),
        ("tricks", "the tricks"),
        ("my_cards", "this seat's own cards"),
        ("hand_result", "the result"),
        ("log", "the actions"),
    ],
)
def test_every_part_of_what_a_phone_was_shown_is_compared(part: str, words: str) -> None:
    seats = SHOWN_HAND()
    st = seats[1]
    k = max(st.shown) if part == "hand_result" else 3
    shown = copy.deepcopy(st.shown)
    st.shown[k] = dict(st.shown[k], **{part: "something else"})
    v = st.check()
    assert (v.status, v.seat) == ("fault", None)
    assert v.en == f"not as shown – after move {k}: {words} differs from the hand replayed"
    assert v.de.startswith(f"nicht wie gezeigt – nach Zug {k}: ")
    st.shown = shown
    assert st.check().status == "checked"


@pytest.mark.cpython_only
def test_what_a_phone_was_shown_before_any_move_is_named_after_the_deal() -> None:
    seats = SHOWN_HAND()
    st = seats[1]
    st.shown[0] = dict(st.shown[0], turn="something else")
    v = st.check()
    assert v.en == "not as shown – after the deal: whose turn it is differs from the hand replayed"
    assert v.de.startswith("nicht wie gezeigt – nach dem Geben: ")


def _shown_hand() -> list[Seat]:
    """One honest hand of 2 phones with every card played, kept."""
    if not _HAND:
        rng = random.Random(8)
        record = Game(NAMES[:2], "siwwe_schroehm_newcomer", seed=8).to_record()
        seats, relay = sit(record, 2, rng, "shown")
        play_out(seats, relay, rng)
        assert all(st.check().status == "checked" for st in seats)
        _HAND.extend(seats)
    return _HAND


_HAND: list[Seat] = []
SHOWN_HAND = _shown_hand


# --- a hand the table's other phones watch ------------------------------------


def watched_hand(host: int, seed: int, play: bool = True) -> tuple[list[Seat], HostRelay]:
    """A Rengen set's Hängeln face down: Anne and Bernd play it, Carla's
    phone (the third) deals with them and watches; `host` relays. Dealt,
    and with `play` played to its end."""
    rng = random.Random(seed)
    record = Game(["Anne", "Bernd"], hangeln_rules(Rules.make("rengen")), None, 2, seed).to_record()
    publics = [k.public for k in IDENTITIES[:3]]
    seats = [
        Seat(
            record,
            s,
            "hängeln",
            identity=IDENTITIES[s - 1].secret,
            identities=publics,
            host=host,
            secret=1 + rng.randrange(ORDER - 1),
            seed=rng.randbytes(32),
            phones=3,
        )
        for s in (1, 2, 3)
    ]
    relay = HostRelay(seats, seats[0].plan.context, IDENTITIES[host - 1].secret, publics, host=host)
    for st in seats:
        relay.post(st.start())
    relay.run()
    if play:
        play_out(seats, relay, rng)
    return seats, relay


@pytest.mark.cpython_only
@pytest.mark.parametrize("host", [3, 1])
def test_a_hand_of_two_dealt_by_three_phones_is_watched_and_checked_by_the_third(host: int) -> None:
    seats, relay = watched_hand(host, seed=21 + host)
    anne, bernd, carla = seats
    # The watcher is dealt nothing and offers nothing; it saw the game from no seat.
    assert carla.viewer is None and carla.phone.cards == {} and carla.offered() == []
    assert all(v["seat"] is None and v["my_cards"] is None for v in carla.shown.values())
    with pytest.raises(ValueError):
        carla.act({"seat": 1, "type": "look"})
    # Every phone, the watcher's too, checks the hand and finds it as played.
    assert [st.check().status for st in seats] == ["checked"] * 3, [st.check().en for st in seats]
    assert carla.replayed is not None and carla.replayed.to_record() == anne.replayed.to_record()  # type: ignore[union-attr]
    assert anne.replayed.hand_over  # type: ignore[union-attr]
    # Each player was shown its own cards as the engine dealt them, the
    # watcher every card played, and no phone holds a card before it is
    # played that is not its own: the watcher opened only what was played.
    dealt = anne.replayed.specs[-1]["deal"]  # type: ignore[union-attr]
    for st in (anne, bernd):
        assert [st.phone.cards[p] for p in st.plan.dealt[st.seat - 1]] == dealt[st.seat - 1]
    played = {p: c for st in seats for p, c in st.phone.seen.items()}
    assert carla.phone.seen == played
    assert set(carla.known()) == set(played)


@pytest.mark.cpython_only
def test_a_watching_phone_that_acts_is_named_by_every_phone() -> None:
    """A watcher's action in the game (its app changed) is named as a move
    that does not exist by every phone, its own too, and the hand is not
    checked."""
    seats, relay = watched_hand(3, seed=29, play=False)
    carla = seats[2]
    forged = carla.log.seal({"kind": "act", "seat": 3, "action": {"seat": 3, "type": "look"}})
    relay.say([forged])
    for st in seats:
        faults = [v for v in st.phone.faults if v.status == "fault"]
        assert faults and faults[0].seat == 3 and "does not exist" in faults[0].en, [v.en for v in st.phone.faults]
        assert st.check().status == "fault"


@pytest.mark.cpython_only
def test_the_watching_phone_learns_no_card_before_it_is_played() -> None:
    """Mid-hand, every message the relay carried (the watcher relays it
    here) searched with all each phone holds: the watcher opens no card
    of either hand and none of the stock, each player none of the other's."""
    seats, relay = watched_hand(3, seed=31, play=False)
    rng = random.Random(31)
    for _ in range(7):
        offers = [(st, a) for st in seats for a in st.offered() if a["type"] != "pass"]  # giving up ends the hand
        st, a = rng.choice(offers)
        relay.say(st.act(a))
    assert not seats[0].engine().hand_over and any(st.phone.seen for st in seats)
    said = [json.dumps(json.loads(text)["msg"]) for text in relay.log]
    for st in seats:
        assert learnable(st.phone, said) == {}, st.seat
