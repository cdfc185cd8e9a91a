"""The deal of one hand: how the game wants it dealt and played (`Setup`),
then the cards each seat gets and the stock (the undealt rest of the pack,
top first), from a seed (the pack shuffled and dealt clockwise from
forehand, singly or in packets), from explicit cards (checked: every seat
its count, no card twice), or from a table of phones' commit–reveal
transcript (fairdeal.py; whatever the record says beside it must be exactly
what the transcript deals). `Game.deal` decides which, and writes the
record's spec this returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import DECK, Card, derive_seed, parse_cards, shuffled_deck
from .errors import Both, IllegalAction, InvalidAction
from .fairdeal import transcript_seed
from .rules import Rules

if TYPE_CHECKING:
    from collections.abc import Sequence

T = TypeVar("T")

# What a record says of a hand's deal: {"deal": [[card, ...] per seat] or
# None (real cards), or "seed"; "stock"; "fair", "fair_restarts"}.
Spec = dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """What the game decides about a hand before dealing it (the hooks in
    formats.py): who is dealt in, how many cards, the value it starts at,
    whether knocking and the hammer apply, and whether it costs marks."""

    dealt: tuple[bool, ...]
    cards: int
    value: int
    knocking: bool
    hammer: bool
    scored: bool = True
    # normal | final (Knolle) | short_long_one | long_one (Tuppen) | half | playoff (Dedenbach)
    kind: str = "normal"
    packets: tuple[int, ...] = ()  # dealt in packets (3-2-3); () = singly

    @classmethod
    def default(cls, rules: Rules, marks: Sequence[int]) -> "Setup":
        return cls(tuple(m > 0 for m in marks), rules.cards_per_hand, rules.start_value, rules.knocking, rules.hammer)


def deal_pack(
    seed: int, active: list[bool], forehand: int, count: int, packets: tuple[int, ...] = ()
) -> tuple[list[list[Card]], list[Card]]:
    """Deal `count` cards clockwise from forehand to active seats, singly or
    in `packets` (3-2-3: three each, then two each, then three each); also
    returns the stock, the undealt rest of the pack, top first."""
    return deal_order(shuffled_deck(seed), active, forehand, count, packets)


def deal_order(
    pack: Sequence[T], active: list[bool], forehand: int, count: int, packets: tuple[int, ...] = ()
) -> tuple[list[list[T]], list[T]]:
    """How `deal_pack` deals a pack in its order: the same for cards and for
    the places of a deck dealt face down (facedown.py), so both deal alike."""
    cards = list(pack)
    n = len(active)
    hands: list[list[T]] = [[] for _ in range(n)]
    order = [(forehand + i) % n for i in range(n) if active[(forehand + i) % n]]
    m = len(order)
    if not packets:
        # Singly, clockwise: the j-th seat in order gets every m-th card.
        for j, s in enumerate(order):
            hands[s] = cards[j : m * count : m]
        return hands, cards[m * count :]
    k = 0
    for p in packets:
        for s in order:
            hands[s].extend(cards[k : k + p])
            k += p
    return hands, cards[k:]


def check_stock(stock: object, dealt: list[list[Card]]) -> list[Card]:
    if not isinstance(stock, list):
        raise InvalidAction("bad_deal", detail=Both("der Stock ist eine Liste von Karten", "the stock is a list of cards"))
    cards = parse_cards(stock)
    seen = {c for h in dealt for c in h}
    for c in cards:
        if c in seen:
            raise InvalidAction("bad_deal", detail=Both(f"{c} ist doppelt gegeben (Stock)", f"{c} is dealt twice (stock)"))
        seen.add(c)
    return cards


def default_stock(dealt: list[list[Card]]) -> list[Card]:
    """The stock of an explicit deal that names none: the undealt cards in
    pack order (♣ 10..J, ♠, ♥, ♦), so its records replay exactly."""
    seen = {c for h in dealt for c in h}
    return [c for c in DECK if c not in seen]


def next_active(active: list[bool], seat: int) -> int:
    n = len(active)
    return next((seat + k) % n for k in range(1, n + 1) if active[(seat + k) % n])


def check_deal(deal: object, active: list[bool], count: int) -> list[list[Card]]:
    if not isinstance(deal, list) or len(deal) != len(active):
        raise InvalidAction(
            "bad_deal",
            detail=Both(
                f"ein Geben nennt die Karten aller {len(active)} Plätze der Reihe nach",
                f"a deal lists the cards of all {len(active)} seats in seat order",
            ),
        )
    hands = [parse_cards(h) for h in deal]
    seen: set[Card] = set()
    for s, h in enumerate(hands):
        want = count if active[s] else 0
        if len(h) != want:
            raise InvalidAction(
                "bad_deal",
                detail=Both(f"Platz {s + 1} bekommt {want} Karten, nicht {len(h)}", f"seat {s + 1} must get {want} cards, not {len(h)}"),
            )
        for c in h:
            if c in seen:
                raise InvalidAction("bad_deal", detail=Both(f"{c} ist doppelt gegeben", f"{c} is dealt twice"))
            seen.add(c)
    return hands


def fair_deal(
    setup: Setup, fh: int, fair: object, cards: object, seed: object, real: bool, stock: object, hand_no: int, n: int
) -> tuple[object, int | None, list[str] | None, list[dict[str, Any]]]:
    """The deal a transcript gives, checked against what the record
    says beside it; returns (cards, seed, stock, transcript) for
    `cards_for`, which writes the spec as usual. `hand_no` counts from 1,
    `n` is the number of seats."""
    fair_seed, checked = transcript_seed(fair, hand_no, n)
    if real:
        raise InvalidAction(
            "fair_deal", detail=Both("mit echten Karten wird nicht am Handy gegeben", "real cards are not dealt by the phones")
        )
    if cards is None:
        if seed is not None and seed != fair_seed:
            raise InvalidAction(
                "fair_deal",
                detail=Both("der Startwert folgt nicht aus den offengelegten Zahlen", "the seed does not follow from the revealed numbers"),
            )
        return None, fair_seed, None, checked
    dealt, pack_rest = deal_pack(fair_seed, list(setup.dealt), fh, setup.cards, setup.packets)
    given = check_deal(cards, list(setup.dealt), setup.cards)
    for s, (want, got) in enumerate(zip(dealt, given), 1):
        if set(want) != set(got):  # the order within a hand is not the deal's business
            raise InvalidAction(
                "fair_deal",
                detail=Both(
                    f"die Karten von Platz {s} folgen nicht aus den offengelegten Zahlen",
                    f"the cards of seat {s} do not follow from the revealed numbers",
                ),
            )
    if stock is not None and check_stock(stock, given) != pack_rest:
        raise InvalidAction(
            "fair_deal",
            detail=Both("der Stock folgt nicht aus den offengelegten Zahlen", "the stock does not follow from the revealed numbers"),
        )
    return cards, None, [str(c) for c in pack_rest], checked


def cards_for(
    setup: Setup, fh: int, cards: object, seed: object, real: bool, stock: object, game_seed: int | None, hand_index: int
) -> tuple[Spec, list[list[Card]] | None, list[Card] | None]:
    """The record's spec of the deal, the hands and the stock; without cards
    or a seed, hand `hand_index` (from 0) is dealt from the game's seed."""
    active = list(setup.dealt)
    if real:
        return {"deal": None}, None, None
    if cards is not None:
        dealt = check_deal(cards, active, setup.cards)
        spec: Spec = {"deal": [[str(c) for c in h] for h in dealt]}
        if stock is None:
            return spec, dealt, default_stock(dealt)
        pack_rest = check_stock(stock, dealt)
        spec["stock"] = [str(c) for c in pack_rest]
        return spec, dealt, pack_rest
    if seed is None:
        if game_seed is None:
            raise IllegalAction(
                "bad_request",
                detail=Both("weder Karten noch ein Startwert zum Geben", "no cards, no seed and no game seed to deal from"),
            )
        seed = derive_seed(game_seed, hand_index)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidAction("bad_deal", detail=Both("der Startwert muss eine ganze Zahl ≥ 0 sein", "seed must be a whole number ≥ 0"))
    dealt, pack_rest = deal_pack(seed, active, fh, setup.cards, setup.packets)
    return {"seed": seed}, dealt, pack_rest
