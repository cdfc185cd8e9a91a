"""Four courts (docs/VARIANTS.md): exchanging a hand for cards from the
stock, and the opponents' checks of it — turning the face-down discards
(Wipperfürth, `four_courts="turn"`) or challenging the exchange (Eifel,
`"challenge"`). A hand has a `Courts` only when the variant is on
(`hand.courts is None` for `four_courts="none"`)."""

from __future__ import annotations

from typing import Any, Protocol, cast

from .actions import Action
from .cards import DECK, Card
from .deal import Setup
from .errors import Both, IllegalAction, InvalidAction
from .handlers import Handler, HandState, dealt_cards, memo

# A discard turned up: (its index among the face-down discards, None on a
# scoresheet; the card; the seat that turned it).
Turned = tuple[int | None, Card, int]


class Courts:
    """Per seat: the discards of an exchange (None: no exchange; [] on a
    scoresheet, which never sees them), what was turned of them (index,
    card, turner), whether the check is over, a challenge (challenger,
    right, cards shown), and the extra marks lost to turned discards (booked
    with the hand's result)."""

    def __init__(self, n: int, mode: str) -> None:
        self.mode = mode  # exchange | turn | challenge
        self.exchanged: list[list[Card] | None] = [None] * n
        self.turned: list[list[Turned]] = [[] for _ in range(n)]
        self.checked = [False] * n
        self.challenges: list[tuple[int, bool, tuple[Card, ...]] | None] = [None] * n
        self.penalties = [0] * n
        # Per turn, in order: who paid for it and how much (0: nobody yet),
        # for the log to say what a turn cost.
        self.turn_costs: list[tuple[int | None, int]] = []

    def size(self, hand: CourtsHand, t: int) -> int:
        """How many cards seat `t` laid away."""
        return hand.setup.cards if hand.real else len(self.discards(t))

    def discards(self, t: int) -> list[Card]:
        """The cards seat `t` laid away in its exchange, on a dealt hand (a
        seat that turns or challenges, or is turned, has exchanged)."""
        return cast("list[Card]", self.exchanged[t])

    def open_to(self, hand: CourtsHand, s: int) -> list[int]:
        """Seats other than `s` whose exchange may still be checked by `s`."""
        exchanged, checked = self.exchanged, self.checked
        if self.mode == "turn":
            return [t for t in range(hand.n) if t != s and exchanged[t] is not None and not checked[t]]
        return [t for t in range(hand.n) if t != s and exchanged[t] is not None and hand.in_hand[t] and self.challenges[t] is None]


class CourtsHand(HandState, Protocol):
    """What the four courts' handlers read and change of a hand beyond
    `HandState`: their state, the stock they draw from, how many cards
    the hand deals, and whether it is decided."""

    courts: Courts | None
    # None on a scoresheet hand, as its cards.
    stock: list[Card] | None
    setup: Setup
    tricks: list[tuple[tuple[tuple[int, Card], ...], int]]
    over: bool

    def check(self, action: Action) -> None: ...


def courts_of(hand: CourtsHand) -> Courts:
    """The four courts' state of a hand that plays them: their handlers are
    listed, and their actions admitted, only there (`_CourtAction.rule`)."""
    return cast(Courts, hand.courts)


def target_of(action: Action) -> int:
    """The 0-based seat a turn or a challenge is aimed at (it always names one)."""
    return cast(int, action.target) - 1


class _CourtAction(Handler[CourtsHand]):
    """What exchange, turn and challenge share: not while a knock is being
    answered, and only where the hand plays four courts."""

    refused = ""  # the code when the variant is off

    def rule(self, hand: CourtsHand, s: int, action: Action) -> None:
        if hand.responders:
            raise IllegalAction("answer_first", due=hand.responders[0] + 1)
        if hand.courts is None:
            raise IllegalAction(self.refused)
        self.court_rule(hand, hand.courts, s, action)

    def court_rule(self, hand: CourtsHand, courts: Courts, s: int, action: Action) -> None:
        raise NotImplementedError(self.type)


class Exchange(_CourtAction):
    type = "exchange"
    refused = "exchange_not_allowed"

    def court_rule(self, hand: CourtsHand, courts: Courts, s: int, action: Action) -> None:
        if courts.exchanged[s] is not None:
            raise IllegalAction("exchange_once")
        if hand.real:
            return  # the scoresheet only notes that it happened
        if not self._may_exchange(hand, courts, s):
            raise IllegalAction("exchange_not_allowed")
        if len(_stock(hand)) < len(dealt_cards(hand)[s]):
            raise IllegalAction("exchange_no_stock")

    @staticmethod
    def _may_exchange(hand: CourtsHand, courts: Courts, s: int) -> bool:
        if hand.trick or hand.tricks:
            return False
        # Made openly ("exchange"): only a genuine four courts. ("turn",
        # "challenge": face down, so any hand; the opponents' check keeps it
        # honest.)
        return courts.mode != "exchange" or all(c.is_court for c in dealt_cards(hand)[s])

    def do(self, hand: CourtsHand, s: int, action: Action, auto: bool) -> None:
        courts = courts_of(hand)
        hand.looked[s] = True
        if hand.real:
            courts.exchanged[s] = []
            return
        cards, stock = dealt_cards(hand), _stock(hand)
        k = len(cards[s])
        courts.exchanged[s] = cards[s]
        cards[s] = stock[:k]
        del stock[:k]

    def legal(self, hand: CourtsHand, s: int, seat: int, out: list[Action]) -> None:
        courts = courts_of(hand)
        if hand.responders or courts.exchanged[s] is not None:
            return
        if hand.real or (self._may_exchange(hand, courts, s) and len(_stock(hand)) >= len(dealt_cards(hand)[s])):
            out.append(self.plain(seat))


class Turn(_CourtAction):
    type = "turn"
    refused = "turn_not_allowed"

    def court_rule(self, hand: CourtsHand, courts: Courts, s: int, action: Action) -> None:
        t = target_of(action)
        if courts.mode != "turn" or t >= hand.n or t == s or courts.exchanged[t] is None:
            raise IllegalAction("turn_not_allowed")
        if courts.checked[t]:
            raise IllegalAction("turn_done")
        if hand.real:
            self._real_turn(courts.turned[t], action)
            return
        if action.index is None:
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    "bei gegebenen Karten nennt ein Umdrehen die Nummer einer verdeckten Ablage, keine Karte",
                    "on a dealt hand a turn names the index of a face-down discard, not a card",
                ),
            )
        if not 1 <= action.index <= len(courts.discards(t)) or any(i == action.index for i, _, _ in courts.turned[t]):
            raise IllegalAction("turn_face_down", count=len(courts.discards(t)))

    @staticmethod
    def _real_turn(turned: list[Turned], action: Action) -> None:
        if action.card is None:
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    "auf dem Spielzettel nennt ein Umdrehen die aufgedeckte Karte, keine Nummer",
                    "on a scoresheet hand a turn names the card turned up, not an index",
                ),
            )
        if any(c == action.card for _, c, _ in turned):
            raise InvalidAction("bad_action", detail=Both(f"{action.card} ist schon umgedreht", f"{action.card} was already turned"))

    def do(self, hand: CourtsHand, s: int, action: Action, auto: bool) -> None:
        courts, t = courts_of(hand), target_of(action)
        # A scoresheet's turn names the card the table saw (`_real_turn`), a
        # dealt hand's the index of a face-down discard.
        card = cast(Card, action.card) if hand.real else courts.discards(t)[cast(int, action.index) - 1]
        courts.turned[t].append((action.index, card, s))
        payer = None
        if not card.is_court:
            payer = t  # a numeral among the discards: the exchange was a bluff
        elif len(courts.turned[t]) == courts.size(hand, t):
            payer = s  # every discard a court: the turner doubted wrongly
        if payer is not None:
            courts.penalties[payer] += hand.rules.turn_penalty
            courts.checked[t] = True
        courts.turn_costs.append((payer, hand.rules.turn_penalty if payer is not None else 0))

    def legal(self, hand: CourtsHand, s: int, seat: int, out: list[Action]) -> None:
        # Dealt hands only: a scoresheet's turn carries the card the table saw.
        if hand.responders:
            return
        courts = courts_of(hand)
        for t in courts.open_to(hand, s):
            done = {i for i, _, _ in courts.turned[t]}
            out.extend([memo(seat, "turn", target=t + 1, index=k) for k in range(1, len(courts.discards(t)) + 1) if k not in done])


class Challenge(_CourtAction):
    type = "challenge"
    refused = "challenge_not_allowed"

    def court_rule(self, hand: CourtsHand, courts: Courts, s: int, action: Action) -> None:
        t = target_of(action)
        if courts.mode != "challenge" or t >= hand.n or t == s or courts.exchanged[t] is None or not hand.in_hand[t]:
            raise IllegalAction("challenge_not_allowed")
        if courts.challenges[t] is not None:
            raise IllegalAction("challenge_once")
        if not hand.real:
            if action.cards is not None:
                raise InvalidAction(
                    "bad_action",
                    detail=Both(
                        "bei gegebenen Karten nennt ein Anzweifeln keine Karten (die werden aufgedeckt)",
                        "on a dealt hand a challenge names no cards (the engine uncovers them)",
                    ),
                )
            return
        cards, size = action.cards, hand.setup.cards
        if cards is None or len(cards) != size or len(set(cards)) != len(cards):
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"auf dem Spielzettel nennt ein Anzweifeln die {size} aufgedeckten Karten",
                    f"on a scoresheet hand a challenge lists the {size} uncovered cards",
                ),
            )

    def do(self, hand: CourtsHand, s: int, action: Action, auto: bool) -> None:
        courts, t = courts_of(hand), target_of(action)
        # A scoresheet's challenge lists the cards uncovered (`court_rule`).
        shown = tuple(cast("tuple[Card, ...]", action.cards)) if hand.real else tuple(courts.discards(t))
        right = not all(c.is_court for c in shown)
        courts.challenges[t] = (s, right, shown)
        courts.checked[t] = True
        hand.leave(t if right else s, hand.rules.challenge_penalty)

    def legal(self, hand: CourtsHand, s: int, seat: int, out: list[Action]) -> None:
        # Dealt hands only: a scoresheet's challenge lists the cards uncovered.
        if not hand.responders:
            out.extend([memo(seat, "challenge", target=t + 1) for t in courts_of(hand).open_to(hand, s)])


EXCHANGE, TURN, CHALLENGE = Exchange(), Turn(), Challenge()


def _stock(hand: CourtsHand) -> list[Card]:
    """The stock of a hand dealt by the engine (a scoresheet has none)."""
    return cast("list[Card]", hand.stock)


def card_entries(hand: CourtsHand, s: int) -> list[dict[str, Any]]:
    """On a scoresheet hand, the turns and challenges seat s (0-based) may
    enter now. They name cards the table saw, so they are offered as
    templates: the app asks for `count` cards out of `choices` and sends the
    action with them (`card` for a turn, `cards` for a challenge)."""
    courts = hand.courts
    if courts is None or not hand.real or hand.over or not hand.dealt[s] or not hand.in_hand[s]:
        return []
    out: list[dict[str, Any]] = []
    for t in range(hand.n):
        if t == s or courts.exchanged[t] is None:
            continue
        if courts.mode == "turn":
            taken = {c for _, c, _ in courts.turned[t]}
            choices = [c for c in DECK if c not in taken]
            probe, typ, count = Action(s + 1, "turn", target=t + 1, card=choices[0]), "turn", 1
        elif courts.mode == "challenge":
            choices, count = list(DECK), hand.setup.cards
            probe, typ = Action(s + 1, "challenge", target=t + 1, cards=tuple(DECK[:count])), "challenge"
        else:
            continue
        try:
            hand.check(probe)
        except (IllegalAction, InvalidAction):
            continue
        out.append({"seat": s + 1, "type": typ, "target": t + 1, "count": count, "choices": [str(c) for c in choices]})
    return out
