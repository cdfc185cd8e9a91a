"""The strong bot: sensible bets in clear cases, an injected clock, an
anytime budget, and inference from the others' bets."""
import random

from schraem.bots import LEVELS, Budget
from schraem.bots.bits import SUIT_MASK, card_int, mask_of, popcount
from schraem.bots.model import Situation
from schraem.bots.strong import Decider, decide, make
from schraem.game import Game
from schraem.view import view


def one_card_game(mine: str, other: str, marks=(7, 7), dealer=2):
    """Two players, one card each: the first trick is the last."""
    game = Game([{"name": "me", "marks": marks[0]}, {"name": "you", "marks": marks[1]}], options={"cards_per_hand": 1}, dealer=dealer)
    game.deal(cards=[[mine], [other]])
    return game


def step(game, seat, bot, seed=1):
    a = bot(view(game, seat), random.Random(seed))
    game.apply(a)
    return a


def test_knocks_with_a_sure_last_trick():
    """Bets are mixed where the gain is small (the other mostly passes a
    knock, so it wins 1 either way): a sure hand knocks in a good share of
    the seeds (about 60%), where a hopeless one never would."""
    strong = LEVELS["strong"]
    knocks = 0
    for seed in range(60):
        game = one_card_game("10H", "JD")
        assert step(game, 1, strong, seed)["type"] == "look"
        knocks += step(game, 1, strong, seed)["type"] == "knock"
    assert knocks >= 25, knocks


def test_passes_a_hopeless_answer():
    game = one_card_game("JD", "10H", dealer=1)  # seat 2 leads
    game.apply({"seat": 2, "type": "look"})
    game.apply({"seat": 2, "type": "knock"})
    strong = LEVELS["strong"]
    assert step(game, 1, strong)["type"] == "look"
    # Whatever seat 2 holds, a jack only wins if seat 2 leads a lower card
    # of its suit: there is none. Passing costs 1, holding loses 2.
    assert step(game, 1, strong)["type"] == "pass"


def test_holds_an_unbeatable_answer():
    game = one_card_game("10D", "JD", dealer=2)  # seat 1 leads... seat 2 knocks out of turn
    game.apply({"seat": 2, "type": "look"})
    game.apply({"seat": 2, "type": "knock"})
    strong = LEVELS["strong"]
    step(game, 1, strong)  # look
    assert step(game, 1, strong)["type"] == "hold"


def test_fake_clock_stops_the_search_and_stays_deterministic():
    ticks = [0.0]

    def clock():
        ticks[0] += 0.001
        return ticks[0]

    game = Game(["a", "b", "c", "d"], dealer=4)
    game.deal(cards=[["10H", "9H", "KS", "JC"], ["8H", "AS", "QS", "7D"], ["10C", "9C", "8C", "7C"], ["10S", "9S", "8S", "7S"]])
    game.apply({"seat": 1, "type": "look"})
    v = view(game, 1)
    reports = []
    for _ in range(2):
        ticks[0] = 0.0
        rep = {}
        budget = Budget(samples=500, nodes=10**9, seconds=0.05, clock=clock)
        a = decide(v, random.Random(3), budget, rep)
        assert a in v["legal"]
        reports.append((a, rep["samples"]))
    assert reports[0] == reports[1]
    assert 1 <= reports[0][1] < 40  # stopped by the (fake) clock, not the 500 samples


def test_clock_already_out_falls_back_to_a_legal_action():
    game = Game(["a", "b", "c"], dealer=3)
    game.deal(cards=[["10H", "9H", "KS", "JC"], ["8H", "AS", "QS", "7D"], ["10C", "9C", "8C", "7C"]])
    game.apply({"seat": 1, "type": "look"})
    v = view(game, 1)
    ticks = [0.0]

    def clock():
        ticks[0] += 1.0
        return ticks[0]

    rep = {}
    a = decide(v, random.Random(1), Budget(samples=40, seconds=0.5, clock=clock), rep)
    assert a in v["legal"] and rep["samples"] == 0


def test_no_budget_falls_back_to_a_legal_action():
    game = Game(["a", "b", "c"], dealer=3)
    game.deal(cards=[["10H", "9H", "KS", "JC"], ["8H", "AS", "QS", "7D"], ["10C", "9C", "8C", "7C"]])
    game.apply({"seat": 1, "type": "look"})
    v = view(game, 1)
    a = make(Budget(samples=0, nodes=0))(v, random.Random(1))
    assert a in v["legal"]


def test_samples_respect_voids_and_seen_cards():
    game = Game(["a", "b", "c"], dealer=3)
    game.deal(cards=[["10H", "9H", "KS", "JC"], ["8S", "AS", "QC", "7D"], ["10C", "9C", "8C", "7C"]])
    game.apply({"seat": 1, "type": "play", "card": "9H"})
    game.apply({"seat": 2, "type": "play", "card": "7D"})  # seat 2 has no hearts
    game.apply({"seat": 3, "type": "play", "card": "7C"})  # nor seat 3
    v = view(game, 1)
    sit = Situation(v)
    dec = Decider(sit, random.Random(2), Budget(samples=30))
    hearts = SUIT_MASK[2]
    seen = sit.seen | mask_of(sit.my_cards)
    for d in dec.deals():
        for seat in (1, 2):
            assert not d[seat] & hearts
            assert not d[seat] & seen
            assert popcount(d[seat]) == 3
        assert not d[1] & d[2]


def test_inference_weights_a_knock():
    """After a seen knock, sampled hands of the knocker are stronger."""
    game = Game(["a", "b", "c", "d"], dealer=4)
    game.deal(cards=[["JH", "QH", "KS", "JC"], ["10H", "10S", "9S", "10D"], ["AC", "9C", "8C", "7C"], ["AD", "KD", "QD", "JD"]])
    game.apply({"seat": 1, "type": "look"})
    game.apply({"seat": 1, "type": "play", "card": "JC"})
    game.apply({"seat": 2, "type": "look"})
    game.apply({"seat": 2, "type": "knock"})
    v = view(game, 3)
    sit = Situation(v)
    tens = mask_of(card_int("10" + s) for s in "CSHD")
    counts = {}
    for infer in (False, True):
        dec = Decider(sit, random.Random(5), Budget(samples=300, inference=infer))
        counts[infer] = sum(popcount(d[1] & tens) for d in dec.deals())
    assert counts[True] > counts[False]


def test_situation_reads_committed_losses():
    game = Game(["a", "b", "c"], dealer=3)
    game.deal(cards=[["10H", "9H", "KS", "JC"], ["8S", "AS", "QC", "7D"], ["10C", "9C", "8C", "7C"]])
    game.apply({"seat": 1, "type": "look"})
    game.apply({"seat": 1, "type": "knock"})
    game.apply({"seat": 2, "type": "pass"})
    v = view(game, 3)
    sit = Situation(v)
    assert sit.committed == [0, 1, 0]
    assert sit.alive == [True, False, True]
    assert sit.value == 2 and sit.to_answer == 2


def test_app_levels_are_capped_strong_budgets():
    from schraem.bots import APP_BUDGETS, APP_LEVELS, APP_SECONDS, DETERMINISTIC, STRONG_BUDGET

    assert APP_LEVELS == ("easy", "medium", "hard")
    assert list(LEVELS)[:3] == list(APP_LEVELS)  # the app falls back to the first level
    assert set(APP_LEVELS) <= set(LEVELS) and set(LEVELS) == set(DETERMINISTIC)
    # Drawn from the strong bot's budget: more thinking per level, the full
    # budget at the top, never longer than the wall-clock cap on the phone.
    samples = [APP_BUDGETS[lv].samples for lv in APP_LEVELS]
    assert samples == sorted(samples) and APP_BUDGETS["hard"].samples == STRONG_BUDGET.samples
    assert 0 < APP_SECONDS <= 0.15


def test_samples_are_fresh_draws_that_explain_the_others_plays():
    """Two tricks of heuristic play: nearly every sampled deal gives each
    other seat cards with which the player model (the heuristic's own card
    play, so exact here) makes the plays it made, and the samples are
    distinct draws, not the same few deals repeated (the card choice needs
    many distinct deals: bench/RESULTS.md, "Trick play")."""
    from schraem.bots import LEVELS
    from schraem.rules import Rules

    rules = Rules.make("rheinland", {"knocking": False})
    explained = total = 0
    distinct = []
    for seed in range(6):
        game = Game([f"p{i}" for i in range(4)], rules, dealer=4)
        game.deal(seed=seed)
        step_no = 0
        while len(game.hand.tricks) < 2 or game.due()[0] != 1:
            s = game.due()[0]
            game.apply(LEVELS["heuristic"](view(game, s), random.Random(step_no)))
            step_no += 1
        v = view(game, 1)
        if v["my_cards"] is None:
            game.apply({"seat": 1, "type": "look"})
            v = view(game, 1)
        dec = Decider(Situation(v), random.Random(seed), Budget(samples=100))
        deals = list(dec.deals())
        assert len(deals) == 100
        for d in deals:
            total += 1
            explained += all(dec._seat_likelihood(s, m) == 1.0 for s, m in d.items())
        distinct.append(len({tuple(sorted(d.items())) for d in deals}))
    assert explained >= 0.8 * total, (explained, total)
    assert min(distinct) >= 60, distinct
