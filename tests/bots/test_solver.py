"""The exact card-play solver against a plain minimax that knows nothing
clever (no memo, no interchangeable cards), on random positions."""

import random

import pytest

from schraem.bots.bits import card_int, cards_of, mask_of, playable, trick_step
from schraem.bots.heuristic import reply_card
from schraem.bots.solver import Solver, order_from


def brute(hands, movers, led, wp, wc, root, k):
    """Can `root` force the last trick? Plain minimax over every card."""
    if not movers:
        if not hands[wp]:
            return wp == root
        return brute(hands, order_from(k, wp), -1, -1, -1, root, k)
    m = movers[0]
    h = hands[m]
    results = []
    for c in cards_of(playable(h, led)):
        nl, nwp, nwc = trick_step(led, wp, wc, m, c)
        child = hands[:m] + (h & ~(1 << c),) + hands[m + 1 :]
        results.append(brute(child, movers[1:], nl, nwp, nwc, root, k))
    return any(results) if m == root else all(results)


def random_position(rng, k, cards):
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * cards : (i + 1) * cards]) for i in range(k)]
    rest = deck[k * cards :]
    leader = rng.randrange(k)
    movers = order_from(k, leader)
    led, wp, wc = -1, -1, -1
    # Some of the trick already played, possibly with a dead card led.
    if rng.random() < 0.5 and rest:
        if rng.random() < 0.3:
            led = rest.pop() >> 3  # a passer's card: sets the suit, cannot win
        played = rng.randrange(0, k)
        for m in movers[:played]:
            h = hands[m]
            c = rng.choice(cards_of(playable(h, led)))
            hands[m] = h & ~(1 << c)
            led, wp, wc = trick_step(led, wp, wc, m, c)
        movers = movers[played:]
        if not movers:
            movers = ()
    return tuple(hands), tuple(movers), led, wp, wc


@pytest.mark.parametrize("k,cards", [(2, 4), (3, 3), (3, 4), (4, 3), (5, 2)])
def test_solver_matches_minimax(k, cards):
    rng = random.Random(1000 * k + cards)
    for _ in range(60):
        hands, movers, led, wp, wc = random_position(rng, k, cards)
        if not movers and wp < 0:
            continue
        for root in range(k):
            want = brute(hands, movers, led, wp, wc, root, k)
            got = Solver(k, root).wins(hands, movers, led, wp, wc)
            assert got == want, (hands, movers, led, wp, wc, root)


def test_root_moves_agree_with_minimax():
    rng = random.Random(5)
    for _ in range(80):
        k = rng.choice([2, 3, 4])
        hands, movers, led, wp, wc = random_position(rng, k, 3)
        if not movers:
            continue
        root = movers[0]
        moves = Solver(k, root).root_moves(hands, movers, led, wp, wc)
        m = root
        for c, won in moves.items():
            child = hands[:m] + (hands[m] & ~(1 << c),) + hands[m + 1 :]
            nl, nwp, nwc = trick_step(led, wp, wc, m, c)
            assert won == brute(child, movers[1:], nl, nwp, nwc, root, k)


def test_last_trick_rules():
    # Everyone one card: the leader's suit, the highest card of it wins.
    ten_h, nine_h, jack_c = card_int("10H"), card_int("9H"), card_int("JC")
    hands = (1 << nine_h, 1 << ten_h, 1 << jack_c)
    assert Solver(3, 1).wins(hands, (0, 1, 2), -1, -1, -1)
    assert not Solver(3, 0).wins(hands, (0, 1, 2), -1, -1, -1)
    # Led by the jack of clubs: nobody else has clubs, the leader wins.
    assert Solver(3, 2).wins(hands, (2, 0, 1), -1, -1, -1)


def brute_against(hands, movers, led, wp, wc, root, k, played, reply):
    """Does `root` take the last trick when the others play as `reply` says?
    Plain search: every root card, the reply's card for everyone else."""
    if not movers:
        if not hands[wp]:
            return wp == root
        return brute_against(hands, order_from(k, wp), -1, -1, -1, root, k, played, reply)
    m = movers[0]
    h = hands[m]
    legal = playable(h, led)
    if m == root:
        cards = cards_of(legal)
    else:
        cards = [reply(h, legal, ((1 << 32) - 1) & ~played & ~h, led, wc, len(movers) - 1 if led >= 0 else 0)]
    for c in cards:
        nl, nwp, nwc = trick_step(led, wp, wc, m, c)
        child = hands[:m] + (h & ~(1 << c),) + hands[m + 1 :]
        if brute_against(child, movers[1:], nl, nwp, nwc, root, k, played | 1 << c, reply):
            return True
    return False


def positions_to_move(seed: int, k: int, cards: int, count: int):
    """(rng, position) for the positions among `count` random ones where
    someone is still to play; the rng goes on from there for the caller."""
    rng = random.Random(seed)
    for _ in range(count):
        position = random_position(rng, k, cards)
        if position[1]:
            yield rng, position


def face_up(rng, hands, unseen: int) -> int:
    """What is face up around `hands`: every card nobody holds, except
    `unseen` of them drawn at random (undealt cards)."""
    held = 0
    for h in hands:
        held |= h
    return ((1 << 32) - 1) & ~held & ~mask_of(rng.sample([c for c in range(32) if not held >> c & 1], unseen))


@pytest.mark.parametrize("k,cards", [(2, 4), (3, 3), (4, 3), (4, 2), (5, 2)])
def test_best_reply_to_the_model_matches_a_plain_search(k, cards):
    """wins_against (memo shared across positions, like the samples of one
    decision) equals a plain search, and forcing the last trick against any
    defence implies winning against the model's."""
    differ = 0
    for rng, (hands, movers, led, wp, wc) in positions_to_move(77 * k + cards, k, cards, 60):
        played = face_up(rng, hands, 6)
        for root in range(k):
            solver = Solver(k, root)
            got = solver.wins_against(hands, movers, led, wp, wc, played, reply_card)
            assert got == brute_against(hands, movers, led, wp, wc, root, k, played, reply_card)
            forced = solver.wins(hands, movers, led, wp, wc)
            assert got or not forced
            differ += got != forced
    assert differ > 0  # the model's play gives wins a perfect defence would not
