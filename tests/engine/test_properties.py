"""Properties over thousands of seeded random games (schraem.cli.simulate.random_game)
for 2..8 players and both presets, plus smaller hypothesis properties.

The random games are replayed step by step from their records, so every
intermediate state can be checked, not only the end."""

from __future__ import annotations

import json

import pytest
from engine_support import PRESETS, action_universe, card_tokens, forbidden_cards, scaled, state_of
from hypothesis import given, settings
from hypothesis import strategies as st

from schraem.cli.simulate import random_game
from schraem.core.cards import DECK
from schraem.core.errors import IllegalAction, SchraemError
from schraem.core.game import Game
from schraem.core.view import view

PLAYERS = range(2, 9)
GAMES_PER_CONFIG = scaled(100, 4)  # 2 presets x 7 table sizes x 100 = 1400 games
DEEP_GAMES_PER_CONFIG = scaled(2, 1)  # + views at every state, legality, undo


def _fresh(record: dict) -> Game:
    return Game(
        record["players"],
        record["rules"],
        record.get("options") or {},
        dealer=record["dealer"],
        seed=record.get("seed"),
    )


def _deal(game: Game, spec: dict):
    if "seed" in spec:
        return game.deal(seed=spec["seed"])
    if spec["deal"] is None:
        return game.deal(real=True)
    return game.deal(cards=spec["deal"])


def _fingerprint(game: Game):
    """A complete picture of the state for 'unchanged' checks inside big
    loops (the scenario tests compare every view as well)."""
    return (json.dumps(game.to_record(), sort_keys=True), state_of(game))


def _check_deal(game: Game, marks_before: list[int]):
    hand = game.hand
    seen = set()
    for s in range(game.n):
        cards = hand.cards[s]
        want = game.rules.cards_per_hand if marks_before[s] > 0 else 0
        assert len(cards) == want, (s + 1, cards)
        for c in cards:
            assert c in DECK
            assert c not in seen, f"{c} dealt twice"
            seen.add(c)


def _check_views(game: Game):
    for seat in [None] + list(range(1, game.n + 1)):
        v = view(game, seat)
        leaked = card_tokens(v) & forbidden_cards(game, seat)
        assert not leaked, (seat, leaked, v)
        if seat is not None and game.hand is not None and not game.hand.looked[seat - 1]:
            assert v["my_cards"] is None


def _check_legal_and_universe(game: Game):
    """Every listed legal action applies (on a fresh replay copy); every other
    action of the whole universe is refused with IllegalAction, and the state
    is unchanged afterwards."""
    record = game.to_record()
    before = _fingerprint(game)
    legal = set()
    for seat in range(1, game.n + 1):
        for a in game.legal_actions(seat):
            legal.add(a)
    if not game.hand_over:
        assert legal, "a running hand where nobody may act"
        for seat in game.due():
            assert any(a.seat == seat for a in legal), f"seat {seat} is due but has no legal action"
    for a in legal:
        copy = Game.from_record(record)
        copy.apply(a.to_json())  # must not raise
        assert len(copy.logs[-1]) == len(game.logs[-1]) + 1
    for a in action_universe(game.n):
        if a in legal:
            continue
        try:
            game.apply(a.to_json())
        except IllegalAction:
            continue
        raise AssertionError(f"{a} is not listed as legal but was accepted")
    assert _fingerprint(game) == before


def _play_through(game: Game, deep: bool, legal_checks: int = 12):
    """Replay `game` (a finished random game) step by step, checking the
    invariants; `deep` adds the views at every state, legal actions against
    the action universe at `legal_checks` evenly spread states, and returns
    the records seen before each written action."""
    record = game.to_record()
    g = _fresh(record)
    pre_action_records = []
    total = sum(len(h["actions"]) for h in record["hands"])
    stride = max(1, total // legal_checks)
    step = 0
    for h_no, spec in enumerate(record["hands"], 1):
        marks_before = list(g.marks)
        hand = _deal(g, spec)
        _check_deal(g, marks_before)
        expected_pass_loss = {}
        if deep:
            _check_views(g)
        for a in spec["actions"]:
            if deep:
                pre_action_records.append(g.to_record())
                if step % stride == 0 or step == total - 1:
                    _check_legal_and_universe(g)
            step += 1
            if a["type"] == "pass":
                seat = a["seat"] - 1
                if hand.responders:
                    # Answering a knock: the knock they pass on took the value
                    # from v to v+1 (the last knock in the hand's log).
                    knocks = [value for act, _auto, value in hand.log if act.type == "knock"]
                    assert knocks and knocks[-1] == hand.value
                    expected_pass_loss[seat] = knocks[-1] - 1
                else:
                    assert g.rules.free_pass, "a pass without a knock outside Rengen"
                    expected_pass_loss[seat] = hand.value
            res = g.apply(a)
            if deep:
                _check_views(g)
            if res is not None:
                assert a is spec["actions"][-1], "hand ended before its last written action"
        res = g.results[h_no - 1]
        # exactly one winner, still in the hand, and it loses nothing
        assert res.winner is not None and res.reason != "void"
        assert hand.in_hand[res.winner] and sum(hand.in_hand) >= 1
        assert res.losses[res.winner] == 0
        for s in range(g.n):
            if marks_before[s] == 0:
                assert res.losses[s] == 0 and res.marks_after[s] == 0
            elif s in expected_pass_loss:
                assert res.losses[s] == expected_pass_loss[s]
                assert not hand.in_hand[s]
            elif s != res.winner:
                assert hand.in_hand[s]
                assert res.losses[s] == res.value
            # marks never rise, never go below 0
            assert res.marks_after[s] == max(0, marks_before[s] - res.losses[s])
            assert 0 <= res.marks_after[s] <= marks_before[s]
        assert res.marks_after[res.winner] == marks_before[res.winner] > 0
        assert list(g.marks) == list(res.marks_after)
        assert 1 <= res.value <= g.rules.max_value
    assert g.game_over
    assert g.to_record() == record
    if deep:
        _check_legal_and_universe(g)  # game over: nothing is legal any more
    return pre_action_records


def _check_game(game: Game, players: int, deep: bool):
    # every game ends, with one player left holding marks
    assert game.game_over
    alive = [i + 1 for i, m in enumerate(game.marks) if m > 0]
    assert alive == [game.winner]
    assert game.scores == [m + 7 if i + 1 == game.winner else 0 for i, m in enumerate(game.marks)]
    # the record survives JSON and replays to the same marks and results
    record = game.to_record()
    text = json.dumps(record)
    assert json.loads(text) == record
    again = Game.from_record(json.loads(text))
    assert again.to_record() == record
    assert again.marks == game.marks
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results]
    assert again.winner == game.winner and again.scores == game.scores
    pre = _play_through(game, deep)
    if deep:
        total = len(pre)
        for k in sorted({1, 2, 3, total // 2, total - 1, total} - {0}):
            if k > total:
                continue
            undone = game.undo(k)
            assert undone.to_record() == pre[total - k]
            assert undone.to_record() == Game.from_record(pre[total - k]).to_record()


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_invariants(preset, players):
    for seed in range(GAMES_PER_CONFIG):
        game = random_game(seed * 7919 + players, preset, players)
        assert game.n == players
        _check_game(game, players, deep=False)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_views_legality_undo_at_every_state(preset, players):
    for seed in range(DEEP_GAMES_PER_CONFIG):
        game = random_game(10_000 + seed * 31 + players, preset, players)
        _check_game(game, players, deep=True)


def test_random_games_are_deterministic_per_seed():
    for preset in PRESETS:
        a = random_game(4242, preset, 5)
        b = random_game(4242, preset, 5)
        assert a.to_record() == b.to_record()
        c = random_game(4243, preset, 5)
        assert c.to_record() != a.to_record()


# --- smaller hypothesis properties --------------------------------------------


@settings(derandomize=True, database=None)
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**40),
    cut=st.floats(0, 1),
)
def test_undo_equals_replay_minus_tail(preset, players, seed, cut):
    game = random_game(seed, preset, players)
    flat = [(h, i) for h, hand in enumerate(game.logs) for i in range(len(hand))]
    k = int(round(cut * len(flat)))
    undone = game.undo(k)
    record = game.to_record()
    if k:
        first_removed_hand = flat[len(flat) - k][0]
        hands = record["hands"][: first_removed_hand + 1]
        keep = flat[len(flat) - k][1]
        hands[-1]["actions"] = hands[-1]["actions"][:keep]
        record["hands"] = hands
    assert undone.to_record() == record
    assert undone.marks == Game.from_record(record).marks


@settings(derandomize=True, database=None)
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**40),
    steps=st.integers(0, 400),
)
def test_record_of_any_intermediate_state_round_trips(preset, players, seed, steps):
    """Records ending mid-hand (or right after a deal) replay to the same
    state and survive JSON."""
    game = random_game(seed, preset, players)
    flat = sum(len(log) for log in game.logs)
    mid = game.undo(max(0, flat - steps)) if steps < flat else game
    rec = mid.to_record()
    again = Game.from_record(json.loads(json.dumps(rec)))
    assert again.to_record() == rec
    assert again.marks == mid.marks
    assert again.hand_over == mid.hand_over
    for s in range(1, players + 1):
        assert view(again, s) == view(mid, s)
        assert [a.to_json() for a in again.legal_actions(s)] == [a.to_json() for a in mid.legal_actions(s)]


@settings(derandomize=True, database=None)
@given(seed=st.integers(0, 2**53 - 1), players=st.integers(2, 8), dealer=st.integers(1, 8))
def test_seeded_deal_is_deterministic_and_uses_each_card_once(seed, players, dealer):
    dealer = (dealer - 1) % players + 1
    hands = []
    for _ in range(2):
        g = Game([f"P{i}" for i in range(1, players + 1)], dealer=dealer)
        g.deal(seed=seed)
        hands.append([list(c) for c in g.hand.cards])
        assert g.to_record()["hands"][0] == {"seed": seed, "actions": []}
    assert hands[0] == hands[1]
    flat = [c for h in hands[0] for c in h]
    assert len(flat) == 4 * players == len(set(flat))
    assert all(len(h) == 4 for h in hands[0])


@settings(derandomize=True, database=None)
@given(preset=st.sampled_from(PRESETS), players=st.integers(2, 8), seed=st.integers(0, 2**40))
def test_errors_never_change_state_in_random_positions(preset, players, seed):
    """Malformed or illegal actions thrown at a random mid-game position."""
    game = random_game(seed, preset, players)
    total = sum(len(log) for log in game.logs)
    mid = game.undo(total // 3)
    before = _fingerprint(mid)
    bad = [
        {"seat": 0, "type": "knock"},
        {"seat": players + 1, "type": "knock"},
        {"seat": 1, "type": "shout"},
        {"seat": 1, "type": "play"},
        {"seat": 1, "type": "play", "card": "11H"},
        "knock",
        None,
        {"seat": 1, "type": "knock", "blind": True},
        {"seat": 1, "type": "penalty", "kind": "renege"},
        {"seat": 1, "type": "win"},
    ]
    for a in bad:
        with pytest.raises(SchraemError):
            mid.apply(a)
    assert _fingerprint(mid) == before


@pytest.mark.parametrize("preset", PRESETS)
def test_random_scoresheet_games_legal_actions_match_the_universe(preset):
    """Scoresheet hands (deal: null): random legal actions, 'win' rarely, and
    at every state the listed actions are exactly the accepted ones."""
    import random

    universe = {n: action_universe(n, real=True) for n in range(2, 9)}
    for seed in range(scaled(14, 2)):
        rng = random.Random(seed)
        players = 2 + seed % 7
        game = Game([f"P{i}" for i in range(1, players + 1)], preset, dealer=rng.randrange(players) + 1)
        step = 0
        while not game.game_over and len(game.specs) < 200:
            marks_before = list(game.marks)
            game.deal(real=True)
            while not game.hand_over:
                legal = [a for s in range(1, players + 1) for a in game.legal_actions(s)]
                if step % 3 == 0:
                    accepted = []
                    before = _fingerprint(game)
                    for a in universe[players]:
                        try:
                            game.check(a.to_json())
                        except IllegalAction:
                            continue
                        accepted.append(a)
                    assert _fingerprint(game) == before
                    assert set(accepted) == set(legal)
                step += 1
                weights = [0.01 if a.kind == "misdeal" else 0.1 if a.type == "penalty" else 0.3 if a.type == "win" else 1.0 for a in legal]
                game.apply(rng.choices(legal, weights)[0].to_json())
            res = game.results[-1]
            if res.reason == "void":
                assert list(game.marks) == marks_before
            else:
                assert res.losses[res.winner] == 0
                assert all(0 <= a <= b for a, b in zip(game.marks, marks_before))
        assert game.game_over
        assert Game.from_record(json.loads(json.dumps(game.to_record()))).marks == game.marks
