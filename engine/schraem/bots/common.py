"""The decision dispatch every bot above `random` shares: which kind of
decision the view asks for, and the small variant decisions (four courts,
pretty ones, discards) that need no search.

A bot is due when it must answer a knock, answer a request for a fresh deal,
discard, or play a card. When it is not due it may still act (look, exchange
four courts, turn an exchanger's discards) but never has to: it returns None.
"""
from __future__ import annotations

from .bits import card_int, card_str
from .model import Situation

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
    return bool(r) and r.get("to_answer") == view["seat"]


def is_due(view: dict) -> bool:
    return view["seat"] in (view.get("due") or ())


def all_courts(cards) -> bool:
    return bool(cards) and all((c & 7) in COURTS for c in cards)


def optional(view: dict, by_type: dict, sit: Situation | None = None) -> dict | None:
    """Variant actions worth taking whenever they are allowed: exchanging a
    hand of four court cards (honestly: only a real four courts), and turning
    an exchanger's first three discards (free; a numeral costs the exchanger).
    Looking first when an exchange is possible."""
    if "exchange" in by_type:
        mine = view.get("my_cards")
        if mine is None:
            if "look" in by_type:
                return by_type["look"][0]
        elif all_courts([card_int(c) for c in mine]):
            return by_type["exchange"][0]
    if "turn" in by_type:
        done: dict[int, int] = {}
        for e in view.get("exchanges") or []:
            done[e["seat"]] = len(e.get("turned") or [])
        for a in by_type["turn"]:
            if done.get(a.get("target"), 0) < 3:
                return a
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


def act(view: dict, rng, answer, play, chance, interject=None, blind=None) -> dict | None:
    """Dispatch one decision. `answer(sit) -> "hold" | "pass"`,
    `play(sit, legal_cards, can_knock) -> (card, knock)`,
    `chance(sit) -> float` (the chance of the last trick, for small calls),
    `interject(sit) -> bool`: knock now, out of turn (asked only when a
    knock is allowed and the cards are seen), `blind(sit) -> bool`: knock
    before looking (asked when due to play, unseen, and a knock is allowed)."""
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
    extra = optional(view, by_type)
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
