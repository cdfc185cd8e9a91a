"""Simple bots: legal and not silly. They read only their own view."""
from __future__ import annotations

from ..cards import Card


def _due(view) -> bool:
    seat = view["seat"]
    r = view["response"]
    return (r is not None and r["to_answer"] == seat) or view["turn"] == seat


def choose_random(view: dict, rng) -> dict | None:
    legal = view["legal"]
    if not legal or not _due(view):
        return None
    return rng.choice(legal)


def _strength(cards: list[str]) -> float:
    """0..1: how likely these cards are to take the last trick, roughly:
    high cards and length in one suit both help."""
    cs = [Card.parse(c) for c in cards]
    if not cs:
        return 0.0
    best = max(8 - c.strength for c in cs) / 8
    by_suit: dict[str, int] = {}
    for c in cs:
        by_suit[c.suit] = by_suit.get(c.suit, 0) + 1
    return min(1.0, 0.6 * best + 0.1 * max(by_suit.values()) + 0.1 * sum(1 for c in cs if c.strength <= 1))


def choose_easy(view: dict, rng) -> dict | None:
    seat = view["seat"]
    legal = view["legal"]
    if not legal:
        return None
    by_type: dict[str, list[dict]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    me = view["players"][seat - 1]
    r = view["response"]
    if r is not None and r["to_answer"] == seat:
        if view["my_cards"] is None and "look" in by_type:
            return by_type["look"][0]
        strength = _strength(view["my_cards"] or [])
        risky = view["value"] - 1 >= me["marks"]  # holding could knock me out
        hold = strength > (0.55 if risky else 0.4) or rng.random() < 0.15
        return by_type["hold" if hold else "pass"][0]
    if view["turn"] != seat:
        return None
    if view["my_cards"] is None and "look" in by_type:
        return by_type["look"][0]
    strength = _strength(view["my_cards"] or [])
    if "knock" in by_type and strength > 0.75 and rng.random() < 0.5:
        return by_type["knock"][0]
    plays = by_type.get("play", [])
    if not plays:
        return rng.choice(legal)
    cards = sorted(plays, key=lambda a: Card.parse(a["card"]).strength)
    if len(view["my_cards"]) == 1 or len(cards) == 1:
        return cards[0]
    # Keep the best card for the last trick; spend the weakest one now.
    return cards[-1]
