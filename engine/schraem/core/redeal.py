"""Pretty ones (Wipperfürth, docs/VARIANTS.md): when everyone left sits on
the hammer, a player may ask for a fresh deal; it happens if all the others
agree. A hand has `PrettyOnes` only when the variant is on
(`hand.pretty_ones is None` unless `rules.pretty_ones`)."""

from __future__ import annotations

from typing import Protocol, cast

from .actions import Action
from .cards import Card
from .deal import Setup
from .errors import IllegalAction
from .handlers import Handler, HandState


class PrettyOnes:
    """Who asked, who still has to answer (in turn), the answers, who has
    asked in this hand, and who deals the fresh hand once all agreed."""

    def __init__(self, n: int) -> None:
        self.asker: int | None = None
        self.waiting: list[int] = []
        self.answers: list[tuple[int, str]] = []
        self.asked = [False] * n
        self.redealer: int | None = None


class RedealHand(HandState, Protocol):
    """What the pretty ones' handlers read and change of a hand beyond
    `HandState`: their state, whether the hand is scored, the tricks."""

    pretty_ones: PrettyOnes | None
    setup: Setup
    tricks: list[tuple[tuple[tuple[int, Card], ...], int]]


def pretty_of(hand: RedealHand) -> PrettyOnes:
    """The pretty ones' state of a hand that plays them: their handlers are
    listed only there, and a fresh deal is asked for only there (`Redeal.rule`)."""
    return cast(PrettyOnes, hand.pretty_ones)


class Redeal(Handler[RedealHand]):
    type = "redeal"

    def rule(self, hand: RedealHand, s: int, action: Action) -> None:
        if hand.responders:
            raise IllegalAction("answer_first", due=hand.responders[0] + 1)
        pretty = hand.pretty_ones
        if pretty is None or not hand.setup.scored:
            raise IllegalAction("redeal_not_allowed")
        if pretty.asked[s]:
            raise IllegalAction("redeal_once")
        if not self._ripe(hand):
            raise IllegalAction("redeal_not_allowed")

    @staticmethod
    def _ripe(hand: RedealHand) -> bool:
        """Everyone dealt in sits on the hammer, and nobody has passed or
        played a card yet."""
        hammer, marks = hand.rules.hammer_marks, hand.marks
        everyone_hammer = all(marks[p] == hammer for p in range(hand.n) if hand.dealt[p])
        return everyone_hammer and hand.in_hand == hand.dealt and not hand.trick and not hand.tricks

    def do(self, hand: RedealHand, s: int, action: Action, auto: bool) -> None:
        pretty = pretty_of(hand)
        pretty.asked[s] = True
        pretty.asker = s
        pretty.answers = []
        pretty.waiting = hand.others_from(s)

    def legal(self, hand: RedealHand, s: int, seat: int, out: list[Action]) -> None:
        pretty = pretty_of(hand)
        if not hand.responders and hand.setup.scored and not pretty.asked[s] and self._ripe(hand):
            out.append(self.plain(seat))


class _RedealAnswer(Handler[RedealHand]):
    """agree and refuse: the answers to a request for a fresh deal, in turn."""

    while_asked = True

    def rule(self, hand: RedealHand, s: int, action: Action) -> None:
        waiting = hand.redeal_due()
        if not waiting:
            raise IllegalAction("no_redeal_question")
        if waiting[0] != s:
            raise IllegalAction("not_your_redeal_answer", due=waiting[0] + 1, seat=s + 1)

    def legal(self, hand: RedealHand, s: int, seat: int, out: list[Action]) -> None:
        waiting = pretty_of(hand).waiting
        if waiting and waiting[0] == s:
            out.append(self.plain(seat))


class Agree(_RedealAnswer):
    type = "agree"

    def do(self, hand: RedealHand, s: int, action: Action, auto: bool) -> None:
        pretty = pretty_of(hand)
        pretty.waiting.pop(0)
        pretty.answers.append((s, "agree"))
        if not pretty.waiting:
            hand.void, hand.reason = True, "redeal"
            pretty.redealer = pretty.asker


class Refuse(_RedealAnswer):
    type = "refuse"

    def do(self, hand: RedealHand, s: int, action: Action, auto: bool) -> None:
        pretty = pretty_of(hand)
        pretty.waiting = []
        pretty.answers.append((s, "refuse"))


REDEAL, AGREE, REFUSE = Redeal(), Agree(), Refuse()
