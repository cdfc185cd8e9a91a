"""The decision dispatch every bot above `random` shares: which kind of
decision the view asks for, and the small variant decisions (four courts,
pretty ones, discards) that need no search.

A bot is due when it must answer a knock, answer a request for a fresh deal,
discard, or play a card. When it is not due it may still act (look, exchange
four courts, turn an exchanger's discards) but never has to: it returns None.
"""

from __future__ import annotations

from math import comb

from .bits import card_int, card_str
from .model import Situation, rules_of

COURTS = frozenset((4, 5, 6, 7))  # A K Q J by strength


def legal_by_type(view: dict) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for a in view.get("legal") or []:
        out.setdefault(a["type"], []).append(a)
    return out


def answering(view: dict) -> bool:
    r = view.get("response")
    return r is not None and r.get("to_answer") == view["seat"]


def redeal_due(view: dict) -> bool:
    r = view.get("redeal")
    return r is not None and r.get("to_answer") == view["seat"]


def is_due(view: dict) -> bool:
    return view["seat"] in (view.get("due") or ())


def all_courts(cards) -> bool:
    return bool(cards) and all((c & 7) in COURTS for c in cards)


# What a bot assumes of the others' face-down exchanges: the share of hands
# without four courts that get exchanged all the same (bluffs). With it, a
# challenge pays only when the bot's own cards make a genuine four courts
# unlikely (it holds three courts itself, say).
ASSUMED_BLUFF_RATE = 0.05
# A face-down exchange that only a challenge can expose (Siwwe Strööm) is
# bluffed when the bluff pays (`bluff_pays`), and then only this often, so
# it cannot be read.
BLUFF_RATE = 0.5


def unseen_cards(view: dict) -> tuple[int, int]:
    """How many cards I cannot see, and how many courts among them: from my
    own cards and everything face up (tricks, turned or uncovered discards,
    my own laid-down cards)."""
    seen = set(view.get("my_cards") or [])
    for t in view.get("tricks") or []:
        seen.update(c["card"] for c in t["cards"])
    seen.update(t["card"] for t in view.get("trick") or [])
    for e in view.get("exchanges") or []:
        seen.update(x["card"] for x in e.get("turned") or [] if x.get("card"))
        seen.update(e.get("discards") or [])
        seen.update((e.get("challenge") or {}).get("cards") or [])
    return 32 - len(seen), 16 - sum(1 for c in seen if (card_int(c) & 7) in COURTS)


def genuine_chance(view: dict, size: int = 4) -> float:
    """The chance that `size` cards I cannot see are all courts: a genuine
    four courts."""
    unseen, courts = unseen_cards(view)
    total = comb(unseen, size)
    return comb(courts, size) / total if total else 0.0


def bluff_chance(view: dict) -> float:
    """How likely an exchange I cannot see is a bluff, under the assumed
    bluff rate and my cards."""
    g = genuine_chance(view)
    b = (1 - g) * ASSUMED_BLUFF_RATE
    return b / (b + g) if b + g > 0 else 0.0


def challenge_chance(view: dict, opponents: int, size: int = 4) -> float:
    """How likely one of `opponents` challenges my exchange, if each does
    when it holds three courts or more (what `bluff_chance` makes of the
    assumed bluff rate)."""
    unseen, courts = unseen_cards(view)
    total = comb(unseen, size)
    if not total:
        return 0.0
    q = sum(comb(courts, k) * comb(unseen - courts, size - k) for k in range(3, size + 1)) / total
    return 1.0 - (1.0 - q) ** opponents


def bluff_pays(view: dict, sit: Situation, p_keep: float) -> bool:
    """A face-down exchange of a hand that is not four courts, judged by
    the marks it is expected to cost me: keeping the hand loses the value
    unless it takes the last trick (chance `p_keep`); exchanging gets an
    average new hand (1/k) unless a challenge catches it, which costs the
    challenge penalty."""
    k = sum(sit.alive)
    value = sit.value
    caught = challenge_chance(view, k - 1)
    keep = (1 - p_keep) * value
    bluff = (1 - caught) * (1 - 1 / k) * value + caught * sit.rules.challenge_penalty
    return bluff < keep


def optional(view: dict, by_type: dict, rng=None, chance=None, bluff: bool = False) -> dict | None:
    """Variant actions taken on purpose whenever they are allowed:
    - exchanging four courts: always with a real four courts; with `bluff`,
      where the exchange is face down and only a challenge exposes it, now
      and then with a hopeless hand (`chance(sit)` rates the hand);
    - challenging an exchange that is more likely a bluff than not;
    - turning an exchanger's first three discards (free; a numeral costs
      the exchanger);
    - asking for a fresh deal (pretty ones) with a weak hand.
    Looking first when an exchange is possible."""
    if "exchange" in by_type:
        mine = view.get("my_cards")
        if mine is None:
            if "look" in by_type:
                return by_type["look"][0]
        elif all_courts([card_int(c) for c in mine]):
            return by_type["exchange"][0]
    # An exchange that is more likely a bluff than not is challenged before
    # anything else: it puts the bluffer out of the hand.
    if "challenge" in by_type and view.get("my_cards") is not None and bluff_chance(view) > 0.5:
        return by_type["challenge"][0]
    if bluff and "exchange" in by_type and view.get("my_cards") is not None and chance is not None and rng is not None:
        if rules_of(view).four_courts == "challenge":
            sit = Situation(view)
            p = chance(sit)
            if bluff_pays(view, sit, p) and rng.random() < BLUFF_RATE:
                return by_type["exchange"][0]
    if "turn" in by_type:
        done: dict[int, int] = {}
        for e in view.get("exchanges") or []:
            done[e["seat"]] = len(e.get("turned") or [])
        for a in by_type["turn"]:
            if done.get(a.get("target"), 0) < 3:
                return a
    if "redeal" in by_type and chance is not None:
        if view.get("my_cards") is None:
            return by_type["look"][0] if "look" in by_type else None
        sit = Situation(view)
        if redeal_answer(view, chance(sit), sum(sit.alive)) == "agree":
            return by_type["redeal"][0]
    return None


def discard(by_type: dict) -> dict:
    """Discard the weakest card (the jack end of a suit)."""
    return max(by_type["discard"], key=lambda a: (card_int(a["card"]) & 7, card_int(a["card"])))


def redeal_answer(view: dict, p: float, k: int) -> str:
    """Everyone is on the hammer: agree to a fresh deal with a weak hand."""
    return "agree" if p < 1.0 / max(2, k) else "refuse"


def last_resort(view: dict, by_type: dict) -> dict:
    """A due bot that found nothing better: the safest legal action."""
    for typ in ("hold", "play", "refuse", "pass", "look"):
        if typ in by_type:
            return by_type[typ][0]
    for typ, acts in by_type.items():
        if typ not in ("knock", "challenge", "redeal", "exchange", "turn"):
            return acts[0]
    return view["legal"][0]


def act(view: dict, rng, answer, play, chance, interject=None, blind=None, bluff: bool = False) -> dict | None:
    """Dispatch one decision. `answer(sit) -> "hold" | "pass"`,
    `play(sit, legal_cards, can_knock) -> (card, knock)`,
    `chance(sit) -> float` (the chance of the last trick, for small calls),
    `interject(sit) -> bool`: knock now, out of turn (asked only when a
    knock is allowed and the cards are seen), `blind(sit) -> bool`: knock
    before looking (asked when due to play, unseen, and a knock is allowed),
    `bluff`: exchange a hopeless hand as four courts now and then (optional)."""
    if not view.get("legal") or view.get("real_cards"):
        return None
    by_type = legal_by_type(view)
    seat = view["seat"]
    if redeal_due(view):
        if "agree" in by_type and "refuse" in by_type:
            if view.get("my_cards") is None and "look" in by_type:
                return by_type["look"][0]
            sit = Situation(view)
            typ = redeal_answer(view, chance(sit), sum(sit.alive))
            return by_type[typ][0]
        return last_resort(view, by_type)
    if answering(view):
        if "look" in by_type:
            return by_type["look"][0]
        if "hold" in by_type and "pass" in by_type:
            typ = answer(Situation(view))
            return by_type[typ][0]
        return last_resort(view, by_type)
    if "discard" in by_type:
        return discard(by_type)
    extra = optional(view, by_type, rng, chance, bluff)
    if extra is not None:
        return extra
    if view.get("turn") != seat:
        # Anyone may knock at any moment (not while a knock is answered,
        # not twice in a row): a bot with a hand worth it does not wait.
        if interject is not None and "knock" in by_type and view.get("my_cards") is not None and interject(Situation(view)):
            return by_type["knock"][0]
        return None
    if "look" in by_type:
        if blind is not None and "knock" in by_type and blind(Situation(view)):
            return by_type["knock"][0]
        return by_type["look"][0]
    if "play" not in by_type:
        return last_resort(view, by_type)
    sit = Situation(view)
    legal = [card_int(a["card"]) for a in by_type["play"]]
    card, knock = play(sit, legal, "knock" in by_type)
    if knock and "knock" in by_type:
        return by_type["knock"][0]
    return {"seat": seat, "type": "play", "card": card_str(card)}
