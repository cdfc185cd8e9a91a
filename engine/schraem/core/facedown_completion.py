"""A phone's engine in a face-down hand holds a card in every place: the
places it has not seen hold the cards it has not seen, in any order (the
*completion*, core/facedown_game.py). When a place opens with another card
than the completion put there, the two hidden cards change places; an
action the rules refuse only for cards it has not seen is taken on trust."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import IllegalAction
from .game import Game

# Refusals that depend on cards a phone has not seen: another seat's action
# refused for one of them is taken on trust, and checked after the hand.
HIDDEN = frozenset({"must_follow", "exchange_not_allowed"})


def take_trusting(game: Game, action: dict[str, Any]) -> None:
    """An action as a phone's engine takes it: a refusal that hangs on
    cards it has not seen (`HIDDEN`) taken on trust."""
    a = Action.from_json(action)
    try:
        game.check(a)
    except IllegalAction as e:
        if e.code not in HIDDEN:
            raise
    game.do(a)


def swap_opened(game: Game, completion: list[str], known: dict[int, str]) -> bool:
    """Each place of `known` that opened with another card than `completion`
    held there, swapped with the unseen place that held that card: in
    `completion`, and in the engine's hand wherever the two cards are now
    (a hand, the stock). Nothing the engine has done so far depended on
    which of two unseen cards was where, so this is the hand dealt with
    the new completion and its actions taken again, without either: a
    card played by another phone cost a re-deal and a replay of the
    hand, a third of taking it.

    Only where a hand keeps nothing of its unseen cards but the cards
    (no four courts, no pretty ones, no discards: each keeps facts about
    cards from the moment they are dealt or laid away); else, or where a
    card is not where it must be, False: the caller deals again, from a
    new completion (what was swapped meanwhile is dropped with the game)."""
    moved = [p for p, c in known.items() if completion[p] != c]
    if not moved:
        return True  # (nothing to swap: the engine holds every opened card where it is)
    hand = game.hand
    if hand is None or hand.cards is None or hand.stock is None or hand.discard_left is not None:
        return False
    if hand.rules.four_courts != "none" or hand.rules.pretty_ones:
        return False
    unseen = [*hand.cards, hand.stock]
    for p in moved:
        card, held = known[p], completion[p]
        if held == card:
            continue  # (put there by a swap before)
        # (Where it was may be a place opened now too: it is set in turn. A
        # place set before holds its own card, never this one.)
        q = completion.index(card)
        spots = [(cards, i) for cards in unseen for i, c in enumerate(cards) if str(c) in (card, held)]
        if len(spots) != 2:
            return False
        (a, i), (b, j) = spots
        a[i], b[j] = b[j], a[i]
        completion[p], completion[q] = card, held
    return True
