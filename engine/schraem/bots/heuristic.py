"""The heuristic bot: sensible card play and betting from hand strength.

Card play: keep the card most likely to take the last trick (the "keeper"),
fight for the lead in the trick before it, and spend the weakest cards first.
Betting: an estimated chance of taking the last trick (a table measured in
self-play, by cards left, players in the hand, how many unseen cards beat
the two best cards, and who leads) is weighed against the value, everyone's
marks and who is poor (equity.py).
"""

from __future__ import annotations

from . import equity
from .bits import beaters, beats, cards_of, trick_winner
from .common import act
from .model import Situation
from .tables import STRENGTH


def by_strength(cards, unseen: int) -> list[int]:
    """Strongest first: fewest unseen beaters, then the higher card."""
    return sorted(cards, key=lambda c: (beaters(c, unseen), c & 7, c))


def strength_key(k: int, r: int, b1: int, b2: int, lead: bool) -> tuple:
    return (min(max(k, 2), 6), min(max(r, 1), 4), min(b1, 3), 4 if b2 is None else min(b2, 3), 1 if lead else 0)


def win_chance(cards, unseen: int, k: int, lead: bool) -> float:
    """Chance to take the last trick with `cards` among k players in the hand
    (measured in self-play of this bot; a formula where the table is thin)."""
    if k <= 1:
        return 1.0
    if not cards:
        return 0.0
    # The two smallest beater counts (the best and second best card).
    b1 = b2 = 99
    for c in cards:
        b = beaters(c, unseen)
        if b < b1:
            b1, b2 = b, b1
        elif b < b2:
            b2 = b
    p = STRENGTH.get(
        (
            k if k < 6 else 6,
            len(cards) if len(cards) < 4 else 4,
            b1 if b1 < 3 else 3,
            4 if b2 == 99 else (b2 if b2 < 3 else 3),
            1 if lead else 0,
        )
    )
    if p is not None:
        return p
    base = 1.0 / k
    return max(0.02, min(0.98, base * (1.9 - 0.45 * b1) + (0.05 if lead else 0.0)))


def choose_card(sit: Situation, legal: list[int]) -> int:
    hand = sit.my_cards or legal
    movers_left = len(sit.movers()) - 1 if sit.trick else 0
    led = sit.trick[0][1] >> 3 if sit.trick else -1
    cur = trick_winner(sit.trick)
    return pick_card(sorted(hand), sorted(legal), sit.unseen(), led, -1 if cur is None else cur[1], movers_left)


def reply_card(hand: int, legal: int, unseen: int, led: int, wc: int, movers_left: int) -> int:
    """pick_card on masks, as a solver position gives them: the card this
    bot plays there (the player model the strong bot replies to)."""
    return pick_card(cards_of(hand), cards_of(legal), unseen, led, wc, movers_left)


def pick_card(hand: list[int], legal: list[int], unseen: int, led: int, wc: int, movers_left: int) -> int:
    """The heuristic's card (cards as ints, lists sorted): `led` is the led
    suit (-1: I lead), `wc` the live card winning the trick so far (-1: none),
    `movers_left` how many play after me in this trick."""
    if len(legal) == 1:
        return legal[0]
    ranked = by_strength(hand, unseen)
    keeper = ranked[0]
    r = len(hand)
    spare = [c for c in legal if c != keeper] or legal
    if led < 0:
        if r == 2:
            # Penultimate trick on lead: lead the other card, keep the keeper.
            return spare[0]
        # Early: lead the weakest card, keeping the two best.
        keep = ranked[:2]
        weak = [c for c in legal if c not in keep] or spare
        return max(weak, key=lambda c: (beaters(c, unseen), c & 7))
    if r == 2:
        # Penultimate trick: take the lead for the last one with the spare
        # card if it can win here; otherwise get rid of the spare.
        winners = [c for c in spare if beats(c, led, wc)]
        if winners:
            sure = [c for c in winners if movers_left == 0 or beaters(c, unseen) == 0]
            pick = sure or winners
            return min(pick, key=lambda c: (beaters(c, unseen), c))
        return max(spare, key=lambda c: (beaters(c, unseen), c & 7))
    # Early tricks: follow cheaply, keep the two best cards.
    keep = ranked[:2]
    cheap = [c for c in legal if c not in keep] or spare
    return max(cheap, key=lambda c: (beaters(c, unseen), c & 7))


# --- betting -------------------------------------------------------------------
def hold_equities(sit: Situation, p: float) -> tuple[float, float]:
    """(equity if I hold, equity if I pass) when answering a knock."""
    me = sit.me
    v_new = sit.value
    v_old = v_new - 1
    alive = list(sit.alive)
    e_hold = p * equity.outcome(sit.marks, sit.committed, alive, me, v_new, me) + (1 - p) * equity.expected_others(
        sit.marks, sit.committed, alive, v_new, me
    )
    committed = list(sit.committed)
    committed[me] = v_old
    alive_p = list(alive)
    alive_p[me] = False
    e_pass = equity.expected_others(sit.marks, committed, alive_p, v_new, me)
    return e_hold, e_pass


def my_chance(sit: Situation) -> float:
    k = sum(sit.alive)
    if sit.my_cards is None:
        return 1.0 / max(1, k)  # answering unseen: an average hand
    lead = not sit.trick and sit.leader == sit.me
    return win_chance(sit.my_cards or [], sit.unseen(), k, lead)


def answer(sit: Situation) -> str:
    p = my_chance(sit)
    knock = next((b for b in reversed(sit.bets) if b.type == "knock"), None)
    if knock is not None and not knock.auto and knock.looked:
        p *= 0.8  # a knock after looking means a good hand
    e_hold, e_pass = hold_equities(sit, p)
    return "hold" if e_hold >= e_pass else "pass"


def wants_knock(sit: Situation, margin: float = 0.0) -> bool:
    k = sum(sit.alive)
    p = my_chance(sit)
    me = sit.me
    thr = (0.5 if k >= 3 else 0.64) + margin
    if sit.value + 1 >= sit.marks[me]:
        thr += 0.15  # losing would put me out
    poor = [i for i in sit.field if i != me and sit.marks[i] <= sit.value + 1]
    if poor:
        thr -= 0.05
    return p >= thr


def play(sit: Situation, legal: list[int], can_knock: bool) -> tuple[int, bool]:
    return choose_card(sit, legal), can_knock and wants_knock(sit)


INTERJECT_MARGIN = 0.1  # out of turn only with a hand well above the knocking bar (its table tops out near 0.69)


def interject(sit: Situation) -> bool:
    """Knock out of turn: only a near-certain last trick, so the others
    answer before they have played into it."""
    return wants_knock(sit, margin=INTERJECT_MARGIN)


def choose_heuristic(view: dict, rng) -> dict | None:
    return act(view, rng, answer, play, my_chance, interject)


choose_heuristic.out_of_turn = True  # type: ignore[attr-defined]  # a flag on the function: the match runner asks it when not due
