"""The strong bot: sampling the hidden cards, exact card play per sample,
and bets that weigh the estimated chance of the last trick against the
stake and everyone's marks.

One decision:
1. Rebuild what the seat knows from its view (model.Situation).
2. Deal the cards it cannot see to the others many times, consistently with
   everything seen: cards played, suits a player failed to follow (voids),
   and how many cards everyone (passers included) still holds. Each seat's
   cards are drawn as likely as they explain that seat's bets (a knock after
   looking, a hold, a pass) and card plays under a model of a sensible
   player (the heuristic bot's judgement).
3. Solve every sampled deal's card play exactly (solver.py, the inner bitmask
   representation) for each option: each card I may play, knocking (with the
   others' answers predicted from their sampled cards), holding or passing.
4. Turn the per-deal results into a chance of taking the last trick
   (calibrated: a perfect-information solve is pessimistic with several
   opponents) and that into the option's worth in the game (equity.py).

Anytime: samples are solved one by one until the sample budget, the node
budget or the wall clock (an injected clock) runs out; the decision uses
what was finished. With no clock, a decision depends only on the view and
the rng, so seeded matches reproduce exactly.
"""

from __future__ import annotations

from typing import Any, cast

from . import heuristic
from .bits import card_str, trick_step
from .common import act
from .decider import Budget, Decider, sigmoid, stay_samples
from .heuristic import choose_card
from .model import Situation
from .solver import OutOfBudget

# Betting is mixed where the options are close, so it is not a fixed
# function of the hand an opponent could read off: knock with probability
# sigmoid(equity difference / MIX).
MIX = 0.01
# Out of turn the bot could also wait for its own turn and knock then, with
# more seen; knocking now must be worth clearly more than not knocking at all,
# and only hands the quick estimate rates this high are searched.
INTERJECT_MARGIN = 0.02
INTERJECT_MIN_CHANCE = 0.6
# Knocking before looking gives up seeing the cards first: a blind knock
# must beat not knocking by this much (equity), judged with the own cards
# unknown as well.
BLIND_MARGIN = 0.03


def decide(view: dict, rng, budget: Budget, report: dict | None = None) -> dict | None:
    """The strong bot's action; `report` (if given) receives diagnostics."""
    return act(
        view,
        rng,
        lambda sit: hold_or_pass(Decider(sit, rng, budget), report),
        lambda sit, legal, can_knock: card_to_play(Decider(sit, rng, budget), legal, can_knock, report),
        heuristic.my_chance,
        lambda sit: knock_now(Decider(sit, rng, budget), report, "interject"),
        lambda sit: knock_now(Decider(sit, rng, budget), report, "blind"),
        bluff=True,
    )


def _mixed(dec: Decider, gain: float) -> bool:
    """Knock for an equity `gain` (may be negative): always when clearly
    better, never when clearly worse, mixed in between."""
    return dec.rng.random() < sigmoid(gain / MIX)


def as_it_stands(sit: Situation) -> tuple[list[bool], int, float, float]:
    """The hand at its current value with nobody else leaving: who is in,
    how many, and my worth if I take it or if another does."""
    sc, me, v = sit.scoring, sit.me, sit.value
    alive = list(sit.alive)
    e_win = sc.outcome(sit.marks, sit.committed, alive, me, v, me, sit.last_knocker)
    e_lose = sc.expected_others(sit.marks, sit.committed, alive, v, me, raiser=sit.last_knocker)
    return alive, sum(alive), e_win, e_lose


def knock_now(dec: Decider, report, kind: str, screen: bool = True) -> bool:
    """Knock out of turn ("interject": my cards seen, someone else due) or
    before looking ("blind": my turn, my cards sampled like the others').
    Compares knocking now with not knocking, averaged over sampled deals.
    `screen`: skip the search for hands the quick estimate rates low (a
    review weighs a knock that was made whatever the estimate)."""
    sit = dec.sit
    if screen and kind == "interject" and heuristic.my_chance(sit) < INTERJECT_MIN_CHANCE:
        return False
    v = sit.value
    alive0, k0, e_win0, e_lose0 = as_it_stands(sit)
    e_stay = e_knock = 0.0
    n = 0
    for p, knock_val in stay_samples(dec, alive0, k0, lambda d: _knock_value(dec, d, v, seen=kind != "blind")):
        e_stay += p * e_win0 + (1 - p) * e_lose0
        e_knock += knock_val
        n += 1
    if n == 0:
        return False
    gain = (e_knock - e_stay) / n - (INTERJECT_MARGIN if kind == "interject" else BLIND_MARGIN)
    if report is not None:
        report.update(kind=kind, samples=n, e_stay=e_stay / n, e_knock=e_knock / n, nodes=dec.nodes_used)
    return gain > 0 and _mixed(dec, gain)


def hold_or_pass(dec: Decider, report) -> str:
    """Hold or pass: the equity of each, averaged over sampled deals."""
    sit = dec.sit
    sc = sit.scoring
    me = sit.me
    v_new = sit.value
    v_old = v_new - 1
    resp = cast("dict[str, Any]", sit.response)  # an answer is due: the view holds the knock
    knocker = resp["knocker"] - 1
    # The seats that answer after me: clockwise from me up to the knocker.
    later = []
    s = me
    for _ in range(sit.n):
        s = (s + 1) % sit.n
        if s == knocker:
            break
        if sit.alive[s]:
            later.append(s)
    knock = next((b for b in reversed(sit.bets) if b.type == "knock"), None)
    seen = knock is not None and knock.looked and not knock.auto
    e_hold = 0.0
    n = 0
    p_sum = 0.0
    deals = dec.deals()
    for d in deals:
        if dec.out_of_time():
            break
        alive = list(sit.alive)
        committed = list(sit.committed)
        for s in later:
            if not dec.holds(s, d, alive, v_new, seen):
                alive[s] = False
                committed[s] = sc.pass_cost(v_old)
        k = sum(alive)
        if k == 1:
            e_hold += sc.outcome(sit.marks, committed, alive, me, v_new, me, knocker)
            n += 1
            p_sum += 1
            continue
        seats, hands, movers, led, wp, wc = dec.position(d, alive)
        solver = dec.solver(seats, me)
        try:
            force = dec.run(solver, solver.wins, hands, movers, led, wp, wc)
        except OutOfBudget:
            break
        p = dec.calibrated(force, k)
        p_sum += p
        e_hold += p * sc.outcome(sit.marks, committed, alive, me, v_new, me, knocker) + (1 - p) * sc.expected_others(
            sit.marks, committed, alive, v_new, me, raiser=knocker
        )
        n += 1
    if n == 0:
        return heuristic.answer(sit)
    e_hold /= n
    committed = list(sit.committed)
    committed[me] = sc.pass_cost(v_old)
    alive_p = list(sit.alive)
    alive_p[me] = False
    e_pass = sc.expected_others(sit.marks, committed, alive_p, v_new, me, raiser=knocker)
    if report is not None:
        report.update(kind="answer", samples=n, p=p_sum / n, e_hold=e_hold, e_pass=e_pass, nodes=dec.nodes_used)
    return "hold" if e_hold >= e_pass else "pass"


def card_to_play(dec: Decider, legal: list[int], can_knock: bool, report):
    """The card to play, and whether to knock first."""
    sit = dec.sit
    me = sit.me
    v = sit.value
    wins = {c: 0.0 for c in legal}
    e_stay = 0.0
    e_knock = 0.0
    n = 0
    p_sum = 0.0
    alive0, k0, e_win0, e_lose0 = as_it_stands(sit)
    trivial = len(legal) == 1 and not can_knock
    against_model = len(legal) > 1 and len(sit.my_cards or ()) <= dec.budget.model_cards
    model_wins = {c: 0 for c in legal}
    played = sit.seen
    for d in [] if trivial else dec.deals():
        if dec.out_of_time():
            break
        seats, hands, movers, led, wp, wc = dec.position(d, alive0)
        solver = dec.solver(seats, me)
        try:
            res = dec.run(solver, solver.root_moves, hands, movers, led, wp, wc, legal)
            force = any(res.values())
            # Forcing the last trick beats any defence, the model's too. Counted
            # once the sample is finished: one cut short by the budget is dropped.
            replied = (
                [
                    c
                    for c in legal
                    if res[c] or dec.run(solver, solver.wins_against, *after_play(hands, movers, led, wp, wc, c, played), dec.reply)
                ]
                if against_model
                else ()
            )
            knock_val = None
            if can_knock:
                knock_val = _knock_value(dec, d, v)
        except OutOfBudget:
            break
        for c, w in res.items():
            if w:
                wins[c] += 1
        for c in replied:
            model_wins[c] += 1
        p = dec.calibrated(force, k0)
        p_sum += p
        e_stay += p * e_win0 + (1 - p) * e_lose0
        if knock_val is not None:
            e_knock += knock_val
        n += 1
    if n == 0:
        card = choose_card(sit, legal)
        if report is not None:
            report.update(kind="play", samples=0, nodes=dec.nodes_used)
        return card, False
    # The card that forces the last trick in most deals, plus (late in the
    # hand) wins against the model's play; ties: the heuristic.
    pref = choose_card(sit, legal)
    best = max(legal, key=lambda c: (wins[c] + model_wins[c], c == pref))
    knock = can_knock and _mixed(dec, (e_knock - e_stay) / n)
    if report is not None:
        report.update(
            kind="play",
            samples=n,
            p=p_sum / n,
            e_stay=e_stay / n,
            e_knock=(e_knock / n if can_knock else None),
            wins={card_str(c): w / n for c, w in wins.items()},
            model={card_str(c): w / n for c, w in model_wins.items()} if against_model else None,
            nodes=dec.nodes_used,
        )
    return best, knock


def after_play(hands: tuple, movers: tuple, led: int, wp: int, wc: int, c: int, played: int) -> tuple:
    """Solver arguments (and the cards face up) once the root, movers[0],
    has played card c."""
    m = movers[0]
    nl, nwp, nwc = trick_step(led, wp, wc, m, c)
    return hands[:m] + (hands[m] & ~(1 << c),) + hands[m + 1 :], movers[1:], nl, nwp, nwc, played | 1 << c


def _knock_value(dec: Decider, d: dict, v: int, seen: bool = True) -> float:
    """My equity in one sampled deal if I knock now (v -> v + 1): the
    others answer as the player model predicts from their cards (less
    warily against a blind knock: `seen` False), then the card play among
    those who hold is solved."""
    sit = dec.sit
    sc = sit.scoring
    me = sit.me
    v_new = v + 1
    alive = list(sit.alive)
    committed = list(sit.committed)
    for s in sit.others_clockwise(me):
        if not alive[s]:
            continue
        if not dec.holds(s, d, alive, v_new, seen):
            alive[s] = False
            committed[s] = sc.pass_cost(v)
    k = sum(alive)
    if k == 1:
        return sc.outcome(sit.marks, committed, alive, me, v_new, me, me)
    seats, hands, movers, led, wp, wc = dec.position(d, alive)
    solver = dec.solver(seats, me)
    force = dec.run(solver, solver.wins, hands, movers, led, wp, wc)
    p = dec.calibrated(force, k)
    return p * sc.outcome(sit.marks, committed, alive, me, v_new, me, me) + (1 - p) * sc.expected_others(
        sit.marks, committed, alive, v_new, me, raiser=me
    )


def make(budget: Budget):
    def choose_strong(view: dict, rng) -> dict | None:
        return decide(view, rng, budget)

    choose_strong.out_of_turn = True  # type: ignore[attr-defined]  # a flag on the function: it may knock out of turn, the match runner asks it
    return choose_strong
