"""What one decision of the strong bot knows and may spend (strong.py
makes the decisions): its `Budget`, and a `Decider` holding the seat's
`Situation` with

- the sampled deals of the cards the seat cannot see, drawn consistently
  with everything seen and as likely as the player model (the heuristic
  bot's judgement) explains each other seat's bets and card plays;
- the player model's answers: who holds a knock, which card it plays;
- the solver positions of the trick as it stands, the solvers and their
  node and clock budget, and the calibrated chance of the last trick.

The game review (review/) samples and solves through the same `Decider`,
so its worth of a choice is the strong bot's own."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from .bits import FULL, SUIT_MASK, beats, cards_of, mask_of, playable, popcount
from .equity import RHINELAND
from .heuristic import reply_card, win_chance
from .model import Situation
from .solver import OutOfBudget, Solver
from .tables import CALIBRATION

if TYPE_CHECKING:
    from collections.abc import Iterator

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


def sigmoid(x: float) -> float:
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
        # A review (review/review.py) has the others hold whenever they force the
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
    def deals(self) -> Iterator[dict[int, int]]:
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
                q = sigmoid((p - knock_threshold(bet.field)) / TAU)
            else:
                q = sigmoid((p - self._hold_threshold(s, bet.after, bet.field)) / TAU)
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
        return sigmoid((p - self._hold_threshold(s, v_new, k)) / TAU)

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
