"""The deal is on the hot path, so it is written for speed; a record keeps
only its seed, so the fast code must deal exactly what the plain
definitions deal: SplitMix64 draws one at a time, Fisher–Yates, one card at
a time clockwise from forehand (or in packets)."""

from __future__ import annotations

import random

from engine_support import scaled

from schraem.core.cards import DECK, SplitMix64, seeded_shuffle
from schraem.core.deal import deal_pack


def reference_shuffle(items: list, seed: int) -> list:
    rng = SplitMix64(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def reference_deal(seed, active, forehand, count, packets=()):
    pack = reference_shuffle(DECK, seed)
    n = len(active)
    hands = [[] for _ in range(n)]
    order = [(forehand + i) % n for i in range(n) if active[(forehand + i) % n]]
    k = 0
    for p in packets or (1,) * count:
        for s in order:
            hands[s].extend(pack[k : k + p])
            k += p
    return hands, pack[k:]


def test_shuffle_matches_the_plain_definition():
    rng = random.Random(11)
    seeds = [0, 1, 2**53 - 1, 2**64 - 1, 2**64 + 5] + [rng.randrange(2**64) for _ in range(500)]
    for seed in seeds:
        assert seeded_shuffle(DECK, seed) == reference_shuffle(DECK, seed)
    assert seeded_shuffle(list(range(100)), 7) == reference_shuffle(list(range(100)), 7)


def test_deal_matches_the_plain_definition():
    rng = random.Random(12)
    for _ in range(500):
        n = rng.randrange(2, 9)
        active = [rng.random() < 0.8 for _ in range(n)]
        if sum(active) < 2:
            active = [True] * n
        count = rng.randrange(1, 32 // sum(active) + 1)
        packets = (3, 2, 3) if count == 8 and rng.random() < 0.5 else ()
        args = (rng.randrange(2**53), active, rng.randrange(n), count, packets)
        assert deal_pack(*args) == reference_deal(*args)


def test_every_seats_listing_at_once_matches_the_seat_by_seat_listing():
    """`Game.all_legal_actions` (a fused pass on most presets) lists exactly
    what `legal_actions` lists seat by seat, in the same order, on every
    state of seeded random games of every preset and table size; the knock
    memo it shares is filled by one and read by the other both ways round."""
    from schraem.core.game import Game
    from schraem.core.rules import Rules

    rng = random.Random(5)
    states = 0
    for preset in Rules.preset_names():
        for g_no in range(scaled(120, 12)):
            rules = Rules.make(preset)
            players = rng.randint(max(3, rules.min_players), min(6, rules.max_players))
            game = Game([f"P{i}" for i in range(players)], preset, dealer=rng.randrange(players) + 1, seed=rng.randrange(2**53))
            fused_first = g_no % 2 == 0
            while not game.game_over and len(game.specs) < 40:
                game.deal()
                while not game.hand_over:
                    if fused_first:
                        fused = game.all_legal_actions()
                        by_seat = [a for s in range(1, players + 1) for a in game.legal_actions(s)]
                    else:
                        by_seat = [a for s in range(1, players + 1) for a in game.legal_actions(s)]
                        fused = game.all_legal_actions()
                    assert fused == by_seat, (preset, game.to_record())
                    game.do(rng.choice(fused))
                    states += 1
            assert game.all_legal_actions() == [], preset
    assert states > scaled(20_000)
