"""The game review (Spielanalyse) and the hint (Rat des Computers): what each choice of a
decision was worth, estimated by the strong bot from the deciding seat's
view only (docs/REVIEW.md).

`weigh(view, rng)` is one decision: the strong bot's sampling and exact
card play (bots/decider.py, bots/strong.py) run on the view, and every choice gets its
worth — by default the marks the seat expects to lose in this hand (a
negative number; `unit="equity"`: the bot's own share of the marks).
`Review` replays a record and weighs every decision of one seat, one
decision per `step()`, so the worker can report progress and stop. The
four-courts choices (exchange, challenge, turn) are courts.py's.

Nothing here reads a card the seat could not see: the replay hands the
weighing nothing but `view(game, seat)`, as the bots get it.
"""

from __future__ import annotations

import random
from typing import cast

from ..bots.bits import FULL, SUIT_MASK, card_int, card_str, cards_of, mask_of
from ..bots.common import answering, legal_by_type
from ..bots.decider import Budget, stay_samples
from ..bots.decider import Decider as BotDecider
from ..bots.equity import Scoring
from ..bots.model import Situation
from ..bots.strong import BLIND_MARGIN, INTERJECT_MARGIN, as_it_stands, card_to_play, hold_or_pass, knock_now
from ..bots.tables import CALIBRATION
from ..core.cards import derive_seed
from ..core.errors import Both, InvalidAction
from ..core.game import Game
from ..core.view import view
from . import courts

REVIEW_FORMAT = "schraem-review/1"
# The review's thinking per decision: deterministic (no clock), so two
# phones give the same review of the same record and seed. About 0.1 s a
# decision in CPython (bench/review.py, bench/RESULTS.md "Game review").
REVIEW_BUDGET = Budget(samples=120, nodes=150000)
UNITS = ("marks", "equity")
# Costs below this (in marks) are within the sampling noise of the budget
# above and are not called mistakes.
NOISE = 0.12
SEVERITY = ((0.75, "blunder"), (0.35, "mistake"), (NOISE, "inaccuracy"))
WORST = 3  # decisions named as the costliest of a game
# Every decision's kind, its choices' words and every reason _reason
# gives: the shell words each in both languages (tests/site/test_i18n.py).
KINDS = ("answer", "knock", "blind", "interject", "card", "look", "drop")
CHOICES = ("hold", "pass", "stay", "knock", "play", "look", "wait")
REASONS = (
    "hold_weak",
    "pass_strong",
    "drop_costly",
    "drop_missed",
    "card_chance",
    "keeper_thrown",
    *(k + end for k in ("knock", "blind", "interject") for end in ("_missed", "_weak", "_capped")),
)


class MarksScoring(Scoring):
    """The preset's scoring, worth counted in this hand's marks: an outcome
    is worth minus the marks (or, under Knolle, points) I lose in it."""

    def outcome(self, marks, committed, alive, winner, value, me, raiser=None):
        loss = self.losses(marks, committed, alive, winner, value, raiser)[me]
        return -float(loss if self.knolle else min(loss, max(0, marks[me])))


def Decider(sit: Situation, rng, budget: Budget, sure_holds: bool = True) -> BotDecider:
    """The strong bot's decider, with the others holding a knock whenever
    they force the last trick in the sampled deal (bots/decider.py; without
    `sure_holds`: the bot's own player model, for the benchmark)."""
    dec = BotDecider(sit, rng, budget)
    dec.sure_holds = sure_holds
    return dec


def _situation(v: dict, unit: str) -> Situation:
    sit = Situation(v)
    if unit == "marks":
        s = sit.scoring
        sit.scoring = MarksScoring(s.game_end, s.pass_loss, s.raiser_loss, s.start_marks)
    return sit


def _beaters(card: int, unseen: int) -> list[str]:
    """Unseen cards of the card's suit that beat it (a lower number)."""
    suit = SUIT_MASK[card >> 3]
    return [card_str(c) for c in cards_of(unseen & suit) if c < card]


def _card_chance(wins: float, model: float | None, k: int) -> float:
    """A card's chance of the last trick from the share of samples in which
    it forces it (and, late in the hand, wins against the player model),
    calibrated as the bot does; ordered as the bot orders cards."""
    a, c = CALIBRATION.get(min(k, 6), (0.9, 0.08))
    if model is None:
        return c + (a - c) * wins
    return c + (a - c) / 2 * (wins + model)


def kind_of(v: dict, typ: str | None = None) -> str | None:
    """Which decision the view asks of its seat (for the action `typ` it
    took, if known): answer, blind, play (knock and card), interject, drop
    (Rengen: leaving the hand unasked, for its value), or None for one the
    review does not weigh."""
    seat = v["seat"]
    by_type = legal_by_type(v)
    if typ == "pass" and not answering(v):
        return "drop" if "pass" in by_type else None
    if answering(v):
        if "hold" in by_type and "pass" in by_type and typ in (None, "hold", "pass"):
            # Looking first is free where it is allowed (not where a variant
            # has the hammer's opponents answer unseen).
            return "look" if typ is None and v.get("my_cards") is None and "look" in by_type else "answer"
        return "look" if "look" in by_type and typ in (None, "look") else None
    mine = v.get("my_cards")
    if v.get("turn") == seat:
        if mine is None and "look" in by_type:
            return "blind" if "knock" in by_type and typ in (None, "look", "knock") else None
        if "play" in by_type and typ in (None, "play", "knock") and (len(by_type["play"]) > 1 or "knock" in by_type):
            return "play"
        return None
    if typ == "knock" or (typ is None and "knock" in by_type and mine is not None):
        return "interject"
    return None


def weigh(v: dict, rng, budget: Budget = REVIEW_BUDGET, unit: str = "marks", sure_holds: bool = True) -> list[dict]:
    """The decisions the view asks of its seat now, each with every choice's
    worth: [{"kind", "choices": {choice: worth}, "best", "chance", "samples",
    ...}]. A turn to play is two decisions: knock or not, and which card;
    under four courts, every exchange, challenge or turn open comes first."""
    out = []
    for k, t in courts.offers(v):
        d = _weigh_court(v, k, t, rng, budget, unit, sure_holds)
        if d is not None:
            out.append(d)
    kind = kind_of(v)
    return out + (_weigh(v, kind, rng, budget, unit, sure_holds) if kind else [])


def _weigh_court(v: dict, kind: str, target: int | None, rng, budget: Budget, unit: str, sure_holds: bool = True) -> dict | None:
    """A four-courts decision (courts.py): exchange, challenge, turn."""
    return courts.weigh(Decider(_situation(v, unit), rng, budget, sure_holds), v, kind, target)


def _weigh(v: dict, kind: str, rng, budget: Budget, unit: str, sure_holds: bool = True) -> list[dict]:
    if kind == "look":
        return [{"kind": "look", "choices": {"look": 0.0}, "best": "look", "chance": None, "samples": 0}]
    sit = _situation(v, unit)
    report: dict = {}
    by_type = legal_by_type(v)
    if kind == "drop" and not (v.get("turn") == v["seat"] and "play" in by_type):
        # Dropping out while another is due: staying is the hand as it stands.
        stay = _stay(Decider(sit, rng, budget, sure_holds), report)
        return [] if stay is None else [_decision("drop", {"stay": stay, "pass": _drop_worth(sit)}, report, sit)]
    if kind == "answer":
        hold_or_pass(Decider(sit, rng, budget, sure_holds), report)
        if not report:
            return []
        return [_decision("answer", {"hold": report["e_hold"], "pass": report["e_pass"]}, report, sit)]
    if kind in ("blind", "interject"):
        knock_now(Decider(sit, rng, budget, sure_holds), report, kind, screen=False)
        if not report:
            return []
        staying = "look" if kind == "blind" else "wait"
        # In the bot's unit, not knocking keeps the bot's margin: looking
        # first, or waiting for one's turn, is worth something itself.
        margin = 0.0 if unit == "marks" else (BLIND_MARGIN if kind == "blind" else INTERJECT_MARGIN)
        return [_decision(kind, {"knock": report["e_knock"], staying: report["e_stay"] + margin}, report, sit)]
    legal = [card_int(a["card"]) for a in by_type["play"]]
    can_knock = "knock" in by_type
    card_to_play(Decider(sit, rng, budget, sure_holds), legal, can_knock, report)
    out: list[dict] = []
    if not report.get("samples"):
        return out
    if "pass" in by_type and not answering(v):
        # Rengen, on one's turn: leaving the hand for its value, or playing
        # on (with a knock where that is worth more).
        stay = max(report["e_stay"], report["e_knock"] if can_knock else report["e_stay"])
        out.append(_decision("drop", {"stay": stay, "pass": _drop_worth(sit)}, report, sit))
        if kind == "drop":
            return out
    if can_knock:
        out.append(_decision("knock", {"knock": report["e_knock"], "play": report["e_stay"]}, report, sit))
    if len(legal) > 1:
        k = sum(sit.alive)
        e_win = sit.scoring.outcome(sit.marks, sit.committed, sit.alive, sit.me, sit.value, sit.me, sit.last_knocker)
        e_lose = sit.scoring.expected_others(sit.marks, sit.committed, sit.alive, sit.value, sit.me, raiser=sit.last_knocker)
        model = report.get("model")
        chances = {c: _card_chance(w, None if model is None else model[c], k) for c, w in report["wins"].items()}
        d = _decision("card", {c: p * e_win + (1 - p) * e_lose for c, p in chances.items()}, report, sit)
        d["chances"] = {c: round(p, 3) for c, p in chances.items()}
        out.append(d)
    return out


def _stay(dec, report: dict) -> float | None:
    """My worth staying in the hand as it stands while another seat is due,
    averaged over sampled deals (report: its chance of the last trick)."""
    alive, k, e_win, e_lose = as_it_stands(dec.sit)
    total = p_sum = 0.0
    n = 0
    for p, _ in stay_samples(dec, alive, k):
        p_sum += p
        total += p * e_win + (1 - p) * e_lose
        n += 1
    if n == 0:
        return None
    report.update(samples=n, p=p_sum / n)
    return total / n


def _drop_worth(sit: Situation) -> float:
    """Leaving the hand now (Rengen): the seat loses the hand's value as it
    stands, whoever takes it."""
    committed = list(sit.committed)
    committed[sit.me] = sit.value
    alive = list(sit.alive)
    alive[sit.me] = False
    return sit.scoring.expected_others(sit.marks, committed, alive, sit.value, sit.me, raiser=sit.last_knocker)


def _decision(kind: str, choices: dict, report: dict, sit: Situation) -> dict:
    # Ties go to the choice listed first: holding, knocking, the bot's card.
    best = max(choices, key=lambda c: choices[c])
    out = {
        "kind": kind,
        "choices": {c: round(x, 4) for c, x in choices.items()},
        "best": best,
        "chance": None if report.get("p") is None else round(report["p"], 3),
        "samples": report.get("samples", 0),
        "value": sit.value,
    }
    if kind in ("knock", "blind", "interject") and sit.scoring.raiser_loss:
        # Sebbe Schröhm: a raiser beaten by a holder loses this, not the value.
        out["raiser_loss"] = min(sit.scoring.raiser_loss, sit.value + 1)
    return out


def _chosen(kind: str, action: dict) -> str | None:
    if kind == "card":
        return action.get("card")
    if kind == "knock":
        return "knock" if action["type"] == "knock" else "play"
    if kind == "drop":
        return "pass" if action["type"] == "pass" else "stay"
    return action["type"] if kind in ("answer", "blind", "look") else "knock"


def _reason(d: dict, v: dict) -> dict | None:
    """Why the best choice is better, as a code and its facts (the shell
    words it in both languages), where one can be stated."""
    kind, best, chosen = d["kind"], d["best"], d["chosen"]
    if best == chosen:
        return None
    if kind in courts.KINDS:
        return courts.reason(d)
    p = d.get("chance")
    if kind == "answer":
        return {"code": "hold_weak" if best == "pass" else "pass_strong", "chance": p, "value": d["value"], "pass_costs": d["value"] - 1}
    if kind == "drop":
        return {"code": "drop_costly" if best == "stay" else "drop_missed", "chance": p, "value": d["value"]}
    if kind in ("knock", "blind", "interject"):
        if best == "knock" and d.get("raiser_loss") and (p is None or p < 0.5):
            # The knock pays for what it does to the others, not for the
            # last trick: beaten, the raiser loses only raiser_loss.
            return {"code": kind + "_capped", "chance": p, "value": d["value"], "raiser_loss": d["raiser_loss"]}
        return {"code": (kind + "_missed") if best == "knock" else (kind + "_weak"), "chance": p, "value": d["value"]}
    if kind != "card":
        return None
    mine = [card_int(c) for c in v.get("my_cards") or []]
    seen = 0
    for t in v.get("tricks") or []:
        for c in t["cards"]:
            seen |= 1 << card_int(c["card"])
    for c in v.get("trick") or []:
        seen |= 1 << card_int(c["card"])
    unseen = FULL & ~mask_of(mine) & ~seen
    out = {"code": "card_chance", "card": chosen, "best": best, "chance_card": d["chances"][chosen], "chance_best": d["chances"][best]}
    kept = [c for c in mine if c != card_int(chosen)]
    if len(mine) > 1 and kept:
        # What the cards left after the play face: the one kept for the
        # last trick, and the unseen cards that beat it.
        keeper = min(kept, key=lambda c: (len(_beaters(c, unseen)), c))
        best_keeper = min((c for c in mine if c != card_int(best)), key=lambda c: (len(_beaters(c, unseen)), c))
        if len(_beaters(keeper, unseen)) > len(_beaters(best_keeper, unseen)):
            out.update(code="keeper_thrown", keeper=card_str(keeper), beaters=_beaters(keeper, unseen))
    return out


def _severity(cost: float) -> str | None:
    for limit, name in SEVERITY:
        if cost >= limit:
            return name
    return None


class Review:
    """The review of one seat's decisions in a record, made one decision at
    a time (`step`), then `result()`. Deterministic for record and seed."""

    def __init__(self, record, seat, seed: int = 0, budget: Budget = REVIEW_BUDGET, unit: str = "marks", sure_holds: bool = True):
        if unit not in UNITS:
            raise InvalidAction("bad_request", detail=Both("die Einheit ist marks oder equity", "the unit is marks or equity"))
        game = Game.from_record(record)
        if type(seat) is not int or not 1 <= seat <= game.n:
            raise InvalidAction("bad_seat", seat=repr(seat)[:20])
        if any(spec.get("deal", ()) is None for spec in game.specs):
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "mit echten Karten gespielte Spiele lassen sich nicht analysieren: die App kennt die Karten nicht",
                    "hands played with real cards cannot be reviewed: the app does not know the cards",
                ),
            )
        self.seat, self.seed, self.budget, self.unit, self.sure_holds = seat, seed, budget, unit, sure_holds
        self.names = list(game.names)
        self.rules = game.rules.preset
        self.tally = view(game, None).get("tally")  # how the sheet counts: marks, points (the shell's word for the unit)
        # (hand, index, view, action, hinted, four-courts choice or None)
        self.points: list[tuple] = []
        self.hands: list[dict] = []
        self._collect(game)
        self.done: list[dict] = []

    def _collect(self, full: Game) -> None:
        """Replay the game once, keeping the seat's view before each of its
        decisions, and the marks each hand cost it."""
        rec = full.to_record()
        game = Game.from_record(dict(rec, hands=[]))
        for h, hand in enumerate(rec["hands"]):
            dealt = game.deal(
                cards=hand.get("deal"),
                seed=hand.get("seed"),
                stock=hand.get("stock"),
                fair=hand.get("fair"),
                restarts=hand.get("fair_restarts"),
            )
            before = game.hand_marks[self.seat - 1]
            hinted = {x["at"] for x in hand.get("hints", ()) if x["seat"] == self.seat}
            # Four courts: the seat's chances to exchange, challenge, turn
            # are open between its own actions, so every view is watched.
            watch = courts.Watch(self.seat, hand["actions"]) if dealt.courts is not None else None
            for i, a in enumerate(hand["actions"]):
                v = view(game, self.seat) if a["seat"] == self.seat or watch is not None else None
                if watch is not None:
                    for at, cv, kind, target, chosen in watch.see(i, v, a):
                        self.points.append((h, at, cv, None, at in hinted, (kind, target, chosen)))
                if v is not None and a["seat"] == self.seat and kind_of(v, a["type"]) not in (None, "look"):
                    self.points.append((h, i, v, a, i in hinted, None))
                game.apply(a)
            if watch is not None:
                for at, cv, kind, target, chosen in watch.close():
                    self.points.append((h, at, cv, None, at in hinted, (kind, target, chosen)))
            over = game.hand_over
            self.hands.append(
                {
                    "hand": h + 1,
                    "finished": over,
                    "marks_lost": (before - game.hand_marks[self.seat - 1]) if over else None,
                    "hints": len(hinted),
                }
            )
        # In the order the hand went (a chance let go is found at its end).
        self.points.sort(key=lambda p: (p[0], p[1], p[5] is None))

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def finished(self) -> bool:
        return len(self.done) >= len(self.points)

    def step(self) -> list[dict]:
        """Weigh the next decision; returns its entries (a turn to play may
        give two: knock or not, and the card)."""
        h, i, v, a, hinted, court = self.points[len(self.done)]
        entries = []
        if court is None:
            rng = random.Random(derive_seed(self.seed, h, i))
            # Only the decisions `kind_of` names were collected.
            weighed = _weigh(v, cast(str, kind_of(v, a["type"])), rng, self.budget, self.unit, self.sure_holds)
        else:
            kind, target, chosen = court
            rng = random.Random(derive_seed(self.seed, h, i, courts.SEED_PART[kind], target or 0))
            d = _weigh_court(v, kind, target, rng, self.budget, self.unit, self.sure_holds)
            weighed = [] if d is None else [dict(d, chosen=chosen)]
        for d in weighed:
            d["chosen"] = d.get("chosen") or _chosen(d["kind"], a)
            if d["chosen"] not in d["choices"]:
                continue  # the knock of a turn to play that knocked: its card is the next decision
            cost = d["choices"][d["best"]] - d["choices"][d["chosen"]]
            d.update(
                hand=h + 1,
                index=i + 1,
                hinted=hinted,
                cost=round(cost, 3),
                my_cards=v.get("my_cards"),
                trick=len(v.get("tricks") or []) + 1,
                severity=_severity(cost) if self.unit == "marks" else None,
            )
            d["reason"] = _reason(d, v) if cost >= (NOISE if self.unit == "marks" else 0.01) else None
            entries.append(d)
        self.done.append({"entries": entries})
        return entries

    def run(self) -> dict:
        while not self.finished:
            self.step()
        return self.result()

    def result(self) -> dict:
        decisions = [e for d in self.done for e in d["entries"]]
        hands = []
        for hd in self.hands:
            mine = [e for e in decisions if e["hand"] == hd["hand"]]
            hands.append(dict(hd, cost=round(sum(e["cost"] for e in mine), 3), decisions=mine))
        worst = sorted((e for e in decisions if e["reason"] is not None), key=lambda e: (-e["cost"], e["hand"], e["index"]))[:WORST]
        return {
            "format": REVIEW_FORMAT,
            "seat": self.seat,
            "name": self.names[self.seat - 1],
            "rules": self.rules,
            "seed": self.seed,
            "unit": self.unit,
            "tally": self.tally,
            "samples": self.budget.samples,
            "complete": self.finished,
            "weighed": len(self.done),
            "total": self.total,
            "cost": round(sum(e["cost"] for e in decisions), 3),
            "hands": hands,
            # The target tells apart two challenges judged at one moment.
            "worst": [{"hand": e["hand"], "index": e["index"], "kind": e["kind"], "target": e.get("target")} for e in worst],
        }


def hint(v: dict, seed: int = 0, budget: Budget = REVIEW_BUDGET) -> dict:
    """The estimate for the decision at hand from a view: its decisions
    (see `weigh`), in marks, or none when the seat has nothing to decide."""
    decisions = weigh(v, random.Random(seed), budget)
    return {"decisions": decisions, "seat": v["seat"], "tally": v.get("tally")}
