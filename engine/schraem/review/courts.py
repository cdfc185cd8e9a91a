"""The four-courts decisions in the game review and the hint (docs/REVIEW.md):
exchanging one's hand for cards from the stock, challenging another seat's
face-down exchange (Eifel, `four_courts="challenge"`) and turning its
discards (Wipperfürth, `"turn"`).

Each is weighed like the review's other decisions, from the deciding seat's
view alone: the strong bot's sampler deals the cards the seat cannot see,
the card play of each sampled deal is solved as the hand stands, and every
choice's worth is averaged over the samples. What no sample can tell — will
an opponent challenge my bluff, are the discards I may turn four courts —
comes from the same assumptions the bots act on (`bots/common.py`): the
others bluff `ASSUMED_BLUFF_RATE` of their hands that are not four courts,
challenge holding three courts or more, and turn three discards.

`Watch` finds, in a replayed hand, where the seat made these choices, from
its views only: an exchange, a challenge or a turn where the seat made it;
letting the chance go where it next acted while the chance was open (else
at the last moment it was open).
"""

from __future__ import annotations

import copy
from math import comb
from typing import cast

from ..bots.bits import cards_of, mask_of
from ..bots.common import ASSUMED_BLUFF_RATE, all_courts, challenge_chance, genuine_chance, unseen_cards
from ..bots.solver import OutOfBudget

# The decision a four-courts action belongs to: (what the seat did, what it
# could have done instead).
KINDS = {"exchange": ("exchange", "keep"), "challenge": ("challenge", "accept"), "turn": ("turn", "leave")}
# Seeds a four-courts decision apart from the seat's other decision at the
# same moment (review.Review.step).
SEED_PART = {"exchange": 1, "challenge": 2, "turn": 3}


def key_of(action: dict | None) -> tuple | None:
    """The choice an action makes: (kind, target seat or None)."""
    if action is None or action.get("type") not in KINDS:
        return None
    return action["type"], action.get("target")


def offers(v: dict) -> list[tuple]:
    """The four-courts choices open to the seat now, once it has seen its
    cards (the view's legal actions: none while a knock is answered)."""
    if v.get("my_cards") is None:
        return []
    out = []
    for a in v.get("legal") or []:
        k = key_of(a)
        if k is not None and k not in out:
            out.append(k)
    return out


class Watch:
    """Where one seat made its four-courts choices in one hand. `see` is
    called before every action of the hand with the seat's view then;
    `close` at the end. Both return (index, view, kind, target, chosen)."""

    def __init__(self, seat: int, actions: list[dict]):
        self.seat = seat
        self.taken = {key_of(a) for a in actions if a["seat"] == seat} - {None}
        self.decided: set = set()
        self.last: dict = {}

    def see(self, i: int, v: dict | None, action: dict) -> list[tuple]:
        now = [k for k in offers(v) if k not in self.taken and k not in self.decided] if v is not None else []
        for k in now:
            self.last[k] = (i, v)
        if action["seat"] != self.seat:
            return []
        if action["type"] == "look":
            return []
        made = key_of(action)
        out = [] if made is None else [(i, v, made[0], made[1], KINDS[made[0]][0])]
        # Any other choice open then the seat went on without: let go.
        for k in now:
            self.decided.add(k)
            self.last.pop(k, None)
            out.append((i, v, k[0], k[1], KINDS[k[0]][1]))
        return out

    def close(self) -> list[tuple]:
        """Chances the seat never acted on while they were open: judged at
        the last moment they were."""
        return [(i, v, k[0], k[1], KINDS[k[0]][1]) for k, (i, v) in self.last.items() if k not in self.decided]


def _plus(sc, extra: list[int]):
    """The scoring with marks lost to turned discards on top of the hand's
    losses (the engine books them with the result)."""
    if not any(extra):
        return sc
    out = copy.copy(sc)
    base = sc.losses
    out.losses = lambda *a, **k: [x + e for x, e in zip(base(*a, **k), extra)]
    return out


def _worth(sc, sit, alive, committed, p: float) -> float:
    """My worth with chance p of taking the hand as it stands."""
    me, v, r = sit.me, sit.value, sit.last_knocker
    win = sc.outcome(sit.marks, committed, alive, me, v, me, r) if p > 0 else 0.0
    if p >= 1:
        return win
    return p * win + (1 - p) * sc.expected_others(sit.marks, committed, alive, v, me, raiser=r)


def _chance(dec, d: dict, alive: list, mine: int | None = None) -> float:
    """My calibrated chance of the last trick in sampled deal d with the
    seats in `alive` (and, with `mine`, that hand instead of my own)."""
    sit = dec.sit
    if not alive[sit.me]:
        return 0.0
    k = sum(alive)
    if k == 1:
        return 1.0
    seats, hands, movers, led, wp, wc = dec.position(d, alive)
    if mine is not None:
        hands = tuple(mine if s == sit.me else x for s, x in zip(seats, hands))
    solver = dec.solver(seats, sit.me)
    return dec.calibrated(dec.run(solver, solver.wins, hands, movers, led, wp, wc), k)


def _penalties(v: dict) -> list[int]:
    return [p.get("penalty_marks", 0) for p in v["players"]]


def _exchange_of(v: dict, target: int | None) -> dict:
    return next((e for e in v.get("exchanges") or [] if e["seat"] == target), {})


def weigh(dec, v: dict, kind: str, target: int | None) -> dict | None:
    """The decision (kind, target) from the view, every choice with its
    worth; None when no sample could be solved."""
    if kind == "exchange":
        return _exchange(dec, v)
    # A challenge and a turn are aimed at another seat's exchange.
    if kind == "challenge":
        return _challenge(dec, v, cast(int, target) - 1)
    return _turn(dec, v, cast(int, target) - 1)


def _decision(kind, choices, n, sit, **facts) -> dict | None:
    if n == 0:
        return None
    # Ties go to the choice listed first (see the callers).
    best = max(choices, key=lambda c: choices[c])
    out = {
        "kind": kind,
        "choices": {c: round(x / n, 4) for c, x in choices.items()},
        "best": best,
        "chance": None,
        "samples": n,
        "value": sit.value,
    }
    out.update({k: (round(x, 3) if isinstance(x, float) else x) for k, x in facts.items()})
    return out


def _exchange(dec, v: dict) -> dict | None:
    """Keep the hand, or lay it down for as many cards from the top of the
    stock — cards the seat cannot see, so drawn from what each sample leaves
    undealt. A face-down exchange that is not four courts risks being found
    out: challenged (it leaves the hand losing the challenge penalty) or
    turned (a numeral costs the turn penalty)."""
    sit = dec.sit
    me, rules = sit.me, sit.rules
    sc = _plus(sit.scoring, _penalties(v))
    alive, committed = list(sit.alive), list(sit.committed)
    mode = rules.four_courts
    caught_out = None  # worth once found out, if that leaves the hand
    if mode == "challenge":
        alive_c, committed_c = list(alive), list(committed)
        alive_c[me], committed_c[me] = False, rules.challenge_penalty
        caught_out = sc.expected_others(sit.marks, committed_c, alive_c, sit.value, me, raiser=sit.last_knocker)
    turned = list(_penalties(v))
    turned[me] += rules.turn_penalty
    sc_turned = _plus(sit.scoring, turned)
    challengers = challenge_chance(v, sum(alive) - 1) if mode == "challenge" else 0.0
    keep = swap = 0.0
    p_keep = p_new = caught = 0.0
    n = 0
    for d in dec.deals():
        if dec.out_of_time():
            break
        mine = mask_of(sit.my_cards) if sit.my_cards is not None else d.get(me, 0)
        size = len(cards_of(mine))
        pool = sit.unseen() & ~mine
        for s, m in d.items():
            pool &= ~m
        left = cards_of(pool)
        if len(left) < size:
            continue
        new = mask_of(dec.rng.sample(left, size))
        try:
            pk = _chance(dec, d, alive, mine)
            pn = _chance(dec, d, alive, new)
        except OutOfBudget:
            break
        q = 0.0
        if mode != "exchange" and not all_courts(cards_of(mine)):
            if mode == "challenge":
                q = challengers
            else:
                numerals = sum(1 for c in cards_of(mine) if not all_courts([c]))
                looks = min(3, size)
                q = 1.0 - comb(size - numerals, looks) / comb(size, looks)
        found = caught_out if caught_out is not None else _worth(sc_turned, sit, alive, committed, pn)
        keep += _worth(sc, sit, alive, committed, pk)
        swap += (1 - q) * _worth(sc, sit, alive, committed, pn) + q * found
        p_keep, p_new, caught = p_keep + pk, p_new + pn, caught + q
        n += 1
    # Keeping first: a tie is no reason to give up the cards.
    d = _decision(
        "exchange",
        {"keep": keep, "exchange": swap},
        n,
        sit,
        chance_keep=p_keep / max(1, n),
        chance_new=p_new / max(1, n),
        caught=caught / max(1, n),
    )
    if d is not None:
        d["chance"] = d["chance_keep"]
    return d


def _bluff_odds(v: dict, size: int) -> float:
    """How likely an exchange of `size` cards the seat cannot see is a
    bluff, under the assumed bluff rate and the courts the seat can see."""
    g = genuine_chance(v, size)
    b = (1 - g) * ASSUMED_BLUFF_RATE
    return b / (b + g) if b + g > 0 else 0.0


def _chances(dec, *alives):
    """Per sampled deal, while the budget lasts: my chance of the last
    trick with each of `alives` as who is still in the hand."""
    for d in dec.deals():
        if dec.out_of_time():
            return
        try:
            chances = [_chance(dec, d, alive) for alive in alives]
        except OutOfBudget:
            return
        yield chances


def _challenge(dec, v: dict, t: int) -> dict | None:
    """Let the exchange of seat t stand, or challenge it: a bluff puts t
    out of the hand, a genuine four courts puts me out; either loses the
    challenge penalty."""
    sit = dec.sit
    me, pen = sit.me, sit.rules.challenge_penalty
    sc = _plus(sit.scoring, _penalties(v))
    size = _exchange_of(v, t + 1).get("face_down") or sit.per_hand
    bluff = _bluff_odds(v, size)
    alive, committed = list(sit.alive), list(sit.committed)
    alive_t, committed_t = list(alive), list(committed)
    alive_t[t], committed_t[t] = False, pen
    alive_m, committed_m = list(alive), list(committed)
    alive_m[me], committed_m[me] = False, pen
    wrong = sc.expected_others(sit.marks, committed_m, alive_m, sit.value, me, raiser=sit.last_knocker)
    accept = right = 0.0
    n = 0
    for pa, pr in _chances(dec, alive, alive_t):
        accept += _worth(sc, sit, alive, committed, pa)
        right += _worth(sc, sit, alive_t, committed_t, pr)
        n += 1
    challenge = bluff * right + (1 - bluff) * wrong * n
    # Accepting first: a tie is no reason to risk the penalty.
    d = _decision("challenge", {"accept": accept, "challenge": challenge}, n, sit, bluff=bluff)
    if d is not None:
        d["target"] = t + 1
    return d


def _turn(dec, v: dict, t: int) -> dict | None:
    """Leave seat t's face-down discards, or turn one up: a numeral costs t
    the turn penalty (and ends the check), the last one a court too costs
    me. Which one makes no difference: they lie face down."""
    sit = dec.sit
    me, pen = sit.me, sit.rules.turn_penalty
    base = _penalties(v)
    f = _exchange_of(v, t + 1).get("face_down") or 1
    unseen, courts = unseen_cards(v)
    g = genuine_chance(v, f)
    b = (1 - g) * ASSUMED_BLUFF_RATE
    bluff = b / (b + g) if b + g > 0 else 0.0
    # A bluff's face-down cards hold numerals as a random set of f unseen
    # cards that are not all courts does.
    numeral = min(1.0, bluff * (unseen - courts) / unseen / (1 - g)) if unseen and g < 1 else 0.0
    court_last = 1.0 - numeral if f == 1 else 0.0
    on_t, on_me = list(base), list(base)
    on_t[t] += pen
    on_me[me] += pen
    sc, sc_t, sc_me = _plus(sit.scoring, base), _plus(sit.scoring, on_t), _plus(sit.scoring, on_me)
    alive, committed = list(sit.alive), list(sit.committed)
    leave = turn = 0.0
    n = 0
    for (p,) in _chances(dec, alive):
        w0 = _worth(sc, sit, alive, committed, p)
        leave += w0
        turn += (
            numeral * _worth(sc_t, sit, alive, committed, p)
            + court_last * _worth(sc_me, sit, alive, committed, p)
            + (1 - numeral - court_last) * w0
        )
        n += 1
    # Turning first: a turn that is free (not the last one) never costs the
    # turner, and in marks it ties with leaving the discards.
    d = _decision("turn", {"turn": turn, "leave": leave}, n, sit, numeral=numeral, court_last=court_last, face_down=f)
    if d is not None:
        d["target"] = t + 1
    return d


# The reason codes `reason` gives (pwa/i18n-review.js words each).
REASONS = ("exchange_missed", "exchange_bluff", "exchange_weak", "challenge_missed", "challenge_wrong", "turn_missed", "turn_costly")


def reason(d: dict) -> dict | None:
    """Why the best choice is better, as a code and its facts (worded by
    the shell, pwa/i18n-review.js)."""
    kind, best = d["kind"], d["best"]
    if kind == "exchange":
        if best == "exchange":
            return {"code": "exchange_missed", "chance_card": d["chance_keep"], "chance_best": d["chance_new"]}
        if d["caught"] > 0:
            return {"code": "exchange_bluff", "chance": d["caught"], "chance_best": d["chance_keep"], "chance_card": d["chance_new"]}
        return {"code": "exchange_weak", "chance_best": d["chance_keep"], "chance_card": d["chance_new"]}
    if kind == "challenge":
        return {"code": "challenge_missed" if best == "challenge" else "challenge_wrong", "chance": d["bluff"], "target": d["target"]}
    if kind == "turn":
        if best == "turn":
            return {"code": "turn_missed", "chance": d["numeral"], "target": d["target"]}
        return {"code": "turn_costly", "chance": d["court_last"], "target": d["target"]}
    return None
