"""Why a tap the table offers its viewer would be refused right now.

The shell answers a tap within a frame: a legal one from the view's `legal`
list, a refused one from here, without a round trip to the worker. The
reasons are the engine's own refusals (the same error data `apply` would
return), so the shell still decides no rule. Only the viewer's own taps are
covered, so nothing here tells the viewer more than its view does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .errors import SchraemError
from .handlers import dealt_cards

if TYPE_CHECKING:
    from .game import Game


def tap_key(action: Action) -> str:
    """The shell's name for a tap: `knock`, `look`, `play:10S`."""
    return action.type if action.card is None else f"{action.type}:{action.card}"


def tap_refusals(game: Game, seat: int | None) -> dict[str, dict[str, str]]:
    """{tap key: error JSON} for every always-shown tap of `seat` that the
    engine would refuse now: each held card the viewer sees (played, or laid
    away where the hand only offers discarding), the knock and the look."""
    hand = game.hand
    if seat is None or hand is None or hand.over or hand.real or not hand.dealt[seat - 1]:
        return {}
    legal = game.legal_actions(seat)
    taps = [Action(seat, "knock")]
    s = seat - 1
    if not hand.looked[s]:
        taps.append(Action(seat, "look"))
    elif hand.in_hand[s]:
        # A card tap lays the card away while the hand offers only that.
        card_type = "discard" if any(a.type == "discard" for a in legal) and not any(a.type == "play" for a in legal) else "play"
        taps += [Action(seat, card_type, c) for c in dealt_cards(hand)[s]]
    out: dict[str, dict[str, str]] = {}
    for a in taps:
        if a in legal:
            continue
        try:
            game.check(a)
        except SchraemError as e:
            out[tap_key(a)] = e.named(game.names).to_json()
    return out
