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

import math
import time

from . import heuristic
from .bits import FULL, SUIT_MASK, beats, card_str, cards_of, mask_of, playable, popcount, trick_step
from .common import act
from .equity import RHINELAND
from .heuristic import choose_card, reply_card, win_chance
from .model import Situation
from .solver import OutOfBudget, Solver
from .tables import CALIBRATION

# With this many cards or fewer in my hand, each card is also scored against
# the player model's card play (a best reply to it in every sample), beside
# forcing the last trick against any defence. Late in the hand the reply
# search is cheap and the others' plays are what decides.
MODEL_CARDS = 3


class Budget:
    """How much thinking one decision may do. `samples` and `nodes` are
    deterministic; `seconds` is a wall-clock cap read from `clock` (inject a
    fake clock in tests; None: no cap), checked between samples and every
    256 solver nodes. `inference`: draw the sampled deals as the others'
    bets and plays make them likely. `model_cards`: with this many cards or
    fewer, cards are also scored against the player model (MODEL_CARDS)."""

    def __init__(
        self,
        samples: int = 40,
        nodes: int = 60000,
        seconds: float | None = None,
        clock=time.perf_counter,
        inference: bool = True,
        model_cards: int = MODEL_CARDS,
    ):
        self.samples = samples
        self.nodes = nodes
        self.seconds = seconds
        self.clock = clock
        self.inference = inference
        self.model_cards = model_cards


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


TAU = 0.08  # how sharply the player model's answers follow its estimate
SEEN_KNOCK = 0.8  # the model's discount of its chances against a seen knock
# Weight of a seat's cards with which the model would have played another
# card. Against the heuristic the model is exact, and 0.05 measured as 0
# (bench/RESULTS.md, "Trick play"); it stays above 0 for players who are not.
PLAY_MISS = 0.05
SEAT_TRIES = 64  # draws of one seat's cards before the likeliest is kept


def knock_threshold(k: int) -> float:
    return 0.5 if k >= 3 else 0.62


class Decider:
    def __init__(self, sit: Situation, rng, budget: Budget):
        self.rng = rng
        self.budget = budget
        self.sit = sit
        self.start = budget.clock() if budget.seconds is not None else 0.0
        self.nodes_used = 0
        self.solvers: dict = {}
        self.evidence: dict = {}
        self.replies: dict = {}
        # A review (review.py) has the others hold whenever they force the
        # last trick in the sampled deal, beside the player model: a knock
        # against a card already winning the last trick is no bluff.
        self.sure_holds = False

    # --- budget --------------------------------------------------------------
    def out_of_time(self) -> bool:
        b = self.budget
        return b.seconds is not None and b.clock() - self.start >= b.seconds

    def solver(self, alive_seats: tuple, root_seat: int) -> Solver:
        key = (alive_seats, root_seat)
        s = self.solvers.get(key)
        if s is None:
            s = Solver(len(alive_seats), alive_seats.index(root_seat))
            self.solvers[key] = s
        return s

    def run(self, solver: Solver, fn, *args):
        """Call a solver method within the decision's node budget; raises
        OutOfBudget (the sample is then dropped) when it is spent."""
        left = self.budget.nodes - self.nodes_used
        if left <= 0 or self.out_of_time():
            raise OutOfBudget()
        start = solver.nodes
        solver.limit = start + left
        if self.budget.seconds is not None:
            solver.clock = self.budget.clock
            solver.deadline = self.start + self.budget.seconds
        try:
            return fn(*args)
        finally:
            self.nodes_used += solver.nodes - start

    # --- sampling --------------------------------------------------------------
    def deals(self):
        """Sampled deals, one at a time (anytime: the caller stops when its
        budget is spent): seat -> mask of the cards it holds unseen by me.

        Each seat's plays and bets depend on its own cards only, so the
        likelihood of a deal is a product over seats, and each seat's cards
        are drawn by rejection on its own factor: a uniformly drawn hand is
        kept with the probability that the player model explains that seat's
        bets and plays with it. Every deal is then a fresh draw from
        (nearly) the posterior; weighing a few candidates and resampling
        repeated the same deals, and the number of distinct deals is what
        the card choice needed (bench/RESULTS.md, "Trick play")."""
        sit, b = self.sit, self.budget
        seats = [s for s in range(sit.n) if sit.hidden_count(s) > 0]
        self.evidence = self._evidence() if b.inference else {}
        infer = bool(self.evidence)
        pool_list = cards_of(sit.unseen())
        void = {s: sum(SUIT_MASK[u] for u in range(4) if sit.voids[s] >> u & 1) for s in seats}
        # Most constrained seats first.
        seats.sort(key=lambda s: (-popcount(sit.voids[s]), -sit.hidden_count(s)))
        factors: dict = {}  # (seat, mask) -> that seat's likelihood factor
        made = attempts = 0
        while made < b.samples and attempts < 4 * b.samples:
            attempts += 1
            d = self._deal(seats, pool_list, void, factors if infer else None)
            if d is not None:
                made += 1
                yield d

    def _deal(self, seats, pool_list, void, factors):
        """One deal: each seat's cards drawn from what is left outside its
        voids (`_draw`), most constrained seat first; None if a seat's
        voids leave too few cards."""
        sit = self.sit
        taken = 0
        d = {}
        for s in seats:
            need = sit.hidden_count(s)
            bad = void[s] | taken
            avail = [c for c in pool_list if not (1 << c) & bad]
            if len(avail) < need:
                return None
            d[s] = self._draw(s, avail, need, factors)
            taken |= d[s]
        return d

    def _draw(self, s: int, avail: list, need: int, factors) -> int:
        """Seat s's cards: uniform from `avail`, and (with `factors`, the
        decision's cache of each seat's likelihood) redrawn until the seat's
        own likelihood accepts them; after SEAT_TRIES draws the likeliest
        one is kept, so a player the model cannot explain still gets cards."""
        rng = self.rng
        if factors is None:
            return mask_of(rng.sample(avail, need))
        best, best_w = 0, -1.0
        for _ in range(SEAT_TRIES):
            m = mask_of(rng.sample(avail, need))
            w = factors.get((s, m))
            if w is None:
                w = factors[(s, m)] = self._seat_likelihood(s, m)
            if w > best_w:
                best, best_w = m, w
            if rng.random() < w:
                return m
        return best

    def _evidence(self) -> dict:
        """What each other seat did that the player model can explain, by
        seat (worked out once per decision, read for every drawn hand):
        seat -> (its card plays, its bets that were not automatic); only
        seats that did something."""
        sit = self.sit
        out: dict = {}
        for e in self._play_events():
            out.setdefault(e[0], ([], []))[0].append(e)
        for bet in sit.bets:
            if bet.seat != sit.me and not bet.auto:
                out.setdefault(bet.seat, ([], []))[1].append(bet)
        return out

    def _play_events(self) -> list:
        """The others' card plays this hand, with what the table looked like
        then: (seat, card, how many cards the seat had played before, led
        suit or -1, live card winning the trick or -1, cards still to come
        in that trick, cards face up before it)."""
        sit = self.sit
        events = []
        count = [0] * sit.n
        seen = 0
        tricks = [[(p, c, False) for p, c in cards] for cards, _w in sit.tricks]
        if sit.trick:
            tricks.append(list(sit.trick))
        for t, cards in enumerate(tricks):
            current = t == len(sit.tricks)
            led, wc = -1, -1
            to_come_after = len(sit.movers()) if current else 0
            for j, (p, c, dead) in enumerate(cards):
                if p != sit.me:
                    events.append((p, c, count[p], led, wc, len(cards) - j - 1 + to_come_after, seen))
                count[p] += 1
                seen |= 1 << c
                if led < 0:
                    led = c >> 3
                if not dead and beats(c, led, wc):
                    wc = c
        return events

    def _seat_likelihood(self, s: int, hidden: int) -> float:
        """How well seat s's bets and card plays are explained if it holds
        `hidden` now, under the player model (nobody follows a model exactly:
        a miss only lowers the weight)."""
        events, bets = self.evidence.get(s, ((), ()))
        w = 1.0
        plays = self.sit.plays[s]
        for _s, c, idx, led, wc, after, seen in events:
            hand = hidden | mask_of(plays[idx:])
            cand = playable(hand, led)
            if not cand & (cand - 1):
                continue  # no choice
            if reply_card(hand, cand, FULL & ~hand & ~seen, led, wc, after) != c:
                w *= PLAY_MISS
        for bet in bets:
            if bet.type == "knock" and not bet.looked:
                continue  # a blind knock says nothing about the cards
            hand = hidden | mask_of(plays[bet.played :])
            p = win_chance(cards_of(hand), FULL & ~hand & ~bet.seen, bet.field, bet.lead)
            if bet.type == "knock":
                q = _sigmoid((p - knock_threshold(bet.field)) / TAU)
            else:
                q = _sigmoid((p - self._hold_threshold(s, bet.after, bet.field)) / TAU)
                if bet.type == "pass":
                    q = 1.0 - q
            w *= 0.05 + 0.95 * q  # nobody follows a model exactly
        return w

    def _hold_threshold(self, s: int, v_new: int, field: int) -> float:
        """The chance at which seat s is indifferent between holding at
        v_new and passing (its own equity, today's marks, field unknown)."""
        key = (s, v_new, field)
        cache = self.__dict__.setdefault("_thr", {})
        t = cache.get(key)
        if t is not None:
            return t
        sit = self.sit
        # The player model is the heuristic's judgement, which values every
        # preset's outcomes by the Rhineland share of marks: modelled with
        # the preset's own scoring instead, the others' answers were
        # predicted worse (first out: 86.8% not losing instead of 91.3%,
        # 800 games each, seed 7).
        sc = RHINELAND
        alive = list(sit.alive)
        alive[s] = True
        committed = list(sit.committed)
        a = sc.outcome(sit.marks, committed, alive, s, v_new, s)
        bq = sc.expected_others(sit.marks, committed, alive, v_new, s)
        committed[s] = sc.pass_cost(v_new - 1)
        alive_p = list(alive)
        alive_p[s] = False
        c = sc.expected_others(sit.marks, committed, alive_p, v_new, s)
        t = 0.5 if a - bq <= 1e-12 else (c - bq) / (a - bq)
        t = min(0.95, max(0.05, t))
        cache[key] = t
        return t

    def holds(self, s: int, d: dict, alive: list, v_new: int, seen: bool) -> bool:
        """Whether seat s holds a knock to v_new in sampled deal d (the
        player model's answer, drawn from the rng)."""
        if self.rng.random() < self.hold_prob(s, d.get(s, 0), v_new, sum(alive), seen):
            return True
        if not self.sure_holds:
            return False
        seats, hands, movers, led, wp, wc = self.position(d, alive)
        solver = self.solver(seats, s)
        return self.run(solver, solver.wins, hands, movers, led, wp, wc)

    def hold_prob(self, s: int, hand_mask: int, v_new: int, k: int, seen_knock: bool = True) -> float:
        """The player model: how likely seat s holds a knock to v_new with
        these cards (a knock made after looking makes it more careful)."""
        sit = self.sit
        cards = cards_of(hand_mask)
        unseen = FULL & ~hand_mask & ~sit.seen
        p = win_chance(cards, unseen, k, False) * (SEEN_KNOCK if seen_knock else 1.0)
        return _sigmoid((p - self._hold_threshold(s, v_new, k)) / TAU)

    # --- positions ---------------------------------------------------------------
    def position(self, d: dict, alive: list[bool]):
        """Solver arguments for the current trick with the seats in `alive`."""
        sit = self.sit
        seats = tuple(i for i in range(sit.n) if alive[i])
        idx = {s: i for i, s in enumerate(seats)}
        mine = d.get(sit.me, 0) if sit.my_cards is None else mask_of(sit.my_cards)
        hands = tuple(mine if s == sit.me else d.get(s, 0) for s in seats)
        led, wp, wc = -1, -1, -1
        if sit.trick:
            led = sit.trick[0][1] >> 3
            for p, c, _dead in sit.trick:
                if not alive[p]:
                    continue
                if beats(c, led, wc):
                    wp, wc = idx[p], c
        movers = tuple(idx[s] for s in sit.movers(alive))
        return seats, hands, movers, led, wp, wc

    def reply(self, hand: int, legal: int, unseen: int, led: int, wc: int, movers_left: int) -> int:
        """The player model's card in a solver position (the heuristic's
        card play), remembered for the decision: many samples meet the
        same hand in the same trick."""
        key = (hand, legal, unseen, led, wc, movers_left)
        c = self.replies.get(key)
        if c is None:
            c = self.replies[key] = reply_card(hand, legal, unseen, led, wc, movers_left)
        return c

    def calibrated(self, force: bool, k: int) -> float:
        a, c = CALIBRATION.get(min(k, 6), (0.9, 0.08))
        return a if force else c


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
        lambda sit: _answer(Decider(sit, rng, budget), report),
        lambda sit, legal, can_knock: _play(Decider(sit, rng, budget), legal, can_knock, report),
        heuristic.my_chance,
        lambda sit: _knock_now(Decider(sit, rng, budget), report, "interject"),
        lambda sit: _knock_now(Decider(sit, rng, budget), report, "blind"),
        bluff=True,
    )


def _mixed(dec: Decider, gain: float) -> bool:
    """Knock for an equity `gain` (may be negative): always when clearly
    better, never when clearly worse, mixed in between."""
    return dec.rng.random() < _sigmoid(gain / MIX)


def _as_it_stands(sit: Situation) -> tuple[list[bool], int, float, float]:
    """The hand at its current value with nobody else leaving: who is in,
    how many, and my worth if I take it or if another does."""
    sc, me, v = sit.scoring, sit.me, sit.value
    alive = list(sit.alive)
    e_win = sc.outcome(sit.marks, sit.committed, alive, me, v, me, sit.last_knocker)
    e_lose = sc.expected_others(sit.marks, sit.committed, alive, v, me, raiser=sit.last_knocker)
    return alive, sum(alive), e_win, e_lose


def stay_samples(dec: Decider, alive: list[bool], k: int, also=None):
    """Per sampled deal, the calibrated chance that I force the last trick
    with `alive` in the hand (`k` of them), and `also(deal)` computed in the
    same budget (None without it); ends when time or nodes run out."""
    for d in dec.deals():
        if dec.out_of_time():
            break
        seats, hands, movers, led, wp, wc = dec.position(d, alive)
        solver = dec.solver(seats, dec.sit.me)
        try:
            force = dec.run(solver, solver.wins, hands, movers, led, wp, wc)
            extra = also(d) if also is not None else None
        except OutOfBudget:
            break
        yield dec.calibrated(force, k), extra


def _knock_now(dec: Decider, report, kind: str, screen: bool = True) -> bool:
    """Knock out of turn ("interject": my cards seen, someone else due) or
    before looking ("blind": my turn, my cards sampled like the others').
    Compares knocking now with not knocking, averaged over sampled deals.
    `screen`: skip the search for hands the quick estimate rates low (a
    review weighs a knock that was made whatever the estimate)."""
    sit = dec.sit
    if screen and kind == "interject" and heuristic.my_chance(sit) < INTERJECT_MIN_CHANCE:
        return False
    v = sit.value
    alive0, k0, e_win0, e_lose0 = _as_it_stands(sit)
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


def _answer(dec: Decider, report) -> str:
    """Hold or pass: the equity of each, averaged over sampled deals."""
    sit = dec.sit
    sc = sit.scoring
    me = sit.me
    v_new = sit.value
    v_old = v_new - 1
    resp = sit.response
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


def _play(dec: Decider, legal: list[int], can_knock: bool, report):
    """The card to play, and whether to knock first."""
    sit = dec.sit
    me = sit.me
    v = sit.value
    wins = {c: 0.0 for c in legal}
    e_stay = 0.0
    e_knock = 0.0
    n = 0
    p_sum = 0.0
    alive0, k0, e_win0, e_lose0 = _as_it_stands(sit)
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
    for s in sit._clockwise(me):
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

    choose_strong.out_of_turn = True  # it may knock out of turn: the match runner asks it
    return choose_strong
