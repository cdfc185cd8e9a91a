"""The rules of each action type, one handler per type.

A handler answers three questions about its type for a seat of a hand
(`s` is 0-based, `seat` the same seat 1-based):

- `check(hand, s, action)`: may the action be taken now? Raises
  IllegalAction naming the rule (InvalidAction for a field that does not fit
  this hand) and changes nothing. This is the path for outside input.
- `do(hand, s, action, auto)`: take it. Trusted: the action came from `legal`
  or passed `check`. The hand then logs it and settles the trick (`Hand.do`).
- `legal(hand, s, seat, out)`: append every action of this type the seat may
  take now, in the order `Hand.legal` lists them. Generated directly (no
  candidate is built and refused); tests hold it equal to the actions
  `check` accepts.

`Hand` refuses everything once the hand is decided and lists nothing for a
seat out of it, so handlers only see a running hand. The regional variants'
handlers live with their state: four courts in `courts.py`, pretty ones in
`redeal.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from .actions import PENALTY_KINDS, Action
from .cards import SUIT_SYMBOLS, Card
from .errors import Both, IllegalAction, InvalidAction
from .rules import Rules

if TYPE_CHECKING:
    from collections.abc import Iterable


class HandState(Protocol):
    """What the handlers read and change of a hand (`Hand` in hand.py);
    the variants' handlers add their own state (courts.py, redeal.py)."""

    rules: Rules
    n: int
    marks: tuple[int, ...]
    real: bool
    knocking: bool
    dealt: list[bool]
    in_hand: list[bool]
    leader: int
    # None on a scoresheet hand (real cards, which the engine never sees).
    cards: list[list[Card]] | None
    looked: list[bool]
    trick: list[tuple[int, Card]]
    discard_left: list[int] | None
    discarded: list[list[Card]]
    winner: int | None
    reason: str | None
    void: bool
    value: int
    knock_ok: dict[int, bool]
    last_knocker: int | None
    round_knocker: int | None
    round_old: int
    round_auto: bool
    responders: list[int]
    answers: list[tuple[int, str]]
    log: list[tuple[Action, bool, int]]
    blind_knocks: set[int]

    def others_from(self, seat: int) -> list[int]: ...
    def redeal_due(self) -> list[int]: ...
    def discarding(self) -> bool: ...
    def to_play(self) -> int | None: ...
    def leave(self, s: int, loss: int) -> None: ...


# The hand a handler works on: `HandState`, or more for the variants'.
H = TypeVar("H", bound=HandState, contravariant=True)


def dealt_cards(hand: HandState) -> list[list[Card]]:
    """The cards of a hand dealt by the engine: only such a hand ever plays
    or lays away a card, so only the handlers of those reach for them."""
    return cast("list[list[Card]]", hand.cards)


_MEMO: dict[tuple[int, str, Card | None, bool, str | None, int | None, int | None], Action] = {}


def memo(
    seat: int,
    typ: str,
    card: Card | None = None,
    blind: bool = False,
    kind: str | None = None,
    target: int | None = None,
    index: int | None = None,
) -> Action:
    """The one shared Action with these fields: actions are immutable values,
    and building them is most of what listing legal actions would cost."""
    key = (seat, typ, card, blind, kind, target, index)
    action = _MEMO.get(key)
    if action is None:
        action = _MEMO[key] = Action(seat, typ, card, blind, kind, target, index)
    return action


class Handler(Generic[H]):
    """The rules of one action type (see the module docstring). `check` is
    `admit` (what every type asks: a scoresheet-only type, a seat still in
    the hand, no fresh-deal question open) followed by `rule` (the type's own)."""

    type = ""
    real_only = False  # penalty, win: entered on the scoresheet only
    while_asked = False  # may be taken while a fresh deal is asked for (pretty ones)

    def __init__(self) -> None:
        # The shared actions `legal` hands out: per seat, the bare one, and
        # per seat and card (keyed by id: the cached action holds the card,
        # so no other object can take that id while the entry lives).
        self._plain: list[Action] = []
        self._with_card: dict[int, dict[int, Action]] = {}

    def check(self, hand: H, s: int, action: Action) -> None:
        self.admit(hand, s, action)
        self.rule(hand, s, action)

    def admit(self, hand: H, s: int, action: Action) -> None:
        if self.real_only and not hand.real:
            raise IllegalAction(self.type + "_real_only")
        if not hand.in_hand[s]:
            raise IllegalAction("not_in_hand", seat=s + 1)
        if not self.while_asked:
            waiting = hand.redeal_due()
            if waiting:
                raise IllegalAction("redeal_pending", due=waiting[0] + 1)

    def rule(self, hand: H, s: int, action: Action) -> None:
        """The type's own conditions; none beyond `admit` by default."""

    def plain(self, seat: int) -> Action:
        """This type's action for `seat` with no further field."""
        try:
            return self._plain[seat]
        except IndexError:
            self._plain += [Action(k, self.type) for k in range(len(self._plain), seat + 1)]
            return self._plain[seat]

    def card_actions(self, seat: int, cards: Iterable[Card]) -> list[Action]:
        """This type's actions for `seat`, one for each of `cards`."""
        by_card = self._with_card.get(seat)
        if by_card is None:
            by_card = self._with_card[seat] = {}
        out: list[Action] = []
        for c in cards:
            action = by_card.get(id(c))
            if action is None:
                action = by_card[id(c)] = Action(seat, self.type, c)
            out.append(action)
        return out

    def do(self, hand: H, s: int, action: Action, auto: bool) -> None:
        """Change the hand (trusted: `action` passed `check`)."""
        raise NotImplementedError(self.type)

    def legal(self, hand: H, s: int, seat: int, out: list[Action]) -> None:
        """Append this type's legal actions for the seat to `out`."""
        raise NotImplementedError(self.type)


class Look(Handler[HandState]):
    """Picking one's cards up: once, on a dealt hand, at any moment (also
    while a fresh deal is asked for), except that the Eifel answers the
    hammer's knock unseen."""

    type = "look"
    while_asked = True

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        if hand.real:
            raise IllegalAction("not_real_cards")
        if hand.looked[s]:
            raise IllegalAction("already_looked")
        if self._unseen_answer(hand, s):
            raise IllegalAction("hammer_answer_unseen")

    @staticmethod
    def _unseen_answer(hand: HandState, s: int) -> bool:
        # Eifel: the hammer's knock is answered before looking.
        return hand.rules.hammer_answer_unseen and hand.round_auto and s in hand.responders

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        hand.looked[s] = True

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        if not hand.looked[s] and not self._unseen_answer(hand, s):
            out.append(self.plain(seat))


def _knock_key(s: int, new: int, looked: bool) -> int:
    """The knock memo's key for (seat, value after the knock, looked): an
    int, cheaper to hash than the tuple (seats < 16)."""
    return (new * 2 + looked) * 16 + s


class Knock(Handler[HandState]):
    """Raising the value by 1 (rules 4, 7, 8; who may raise is a hook:
    `Rules.knock_allowed`, `knock_by`)."""

    type = "knock"

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        rules = hand.rules
        if action.blind and not hand.real:
            # A dealt hand knows who has looked; only the scoresheet is told.
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    "„blind“ wird nur bei einem Klopfen auf dem Spielzettel angegeben",
                    "'blind' is only written for knocks on a scoresheet hand",
                ),
            )
        if not hand.knocking:
            raise IllegalAction("no_knocking")
        if hand.responders:
            raise IllegalAction("knock_during_answers")
        if hand.last_knocker == s:
            raise IllegalAction("knock_twice")
        if hand.value >= rules.max_value:
            raise IllegalAction("knock_max", max=rules.max_value)
        if not self._may_raise(hand, s):
            raise IllegalAction("raise_not_on_lead")
        new = hand.value + 1
        looked = (not action.blind) if hand.real else hand.looked[s]
        code = rules.knock_allowed(hand.marks[s], new, looked)
        if code is not None:
            raise IllegalAction(code, marks=hand.marks[s], value=new, max=rules.max_value if code == "knock_max" else rules.blind_max)

    @staticmethod
    def _may_raise(hand: HandState, s: int) -> bool:
        rules = hand.rules
        if rules.knock_by != "lead" or hand.real:
            return True
        # Sebbe Schröhm: only the player about to lead a trick raises;
        # whoever held the last raise may raise again (2 -> 3).
        on_lead = not hand.trick and hand.leader == s
        return on_lead or (rules.holder_may_knock and (s, "hold") in hand.answers)

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        if not auto and not hand.real and not hand.looked[s]:
            hand.blind_knocks.add(len(hand.log))  # Hand.do logs this knock next
        old = hand.value
        hand.value = old + 1
        hand.round_auto = auto
        hand.last_knocker = hand.round_knocker = s
        hand.round_old = old
        hand.answers = []
        hand.responders = hand.others_from(s)

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        if not hand.knocking or hand.responders or hand.last_knocker == s or hand.value >= hand.rules.max_value:
            return
        if hand.rules.knock_by == "lead" and not self._may_raise(hand, s):
            return
        new, marks, allowed = hand.value + 1, hand.marks[s], hand.rules.knock_allowed
        if not hand.real:
            # Asked for every seat after every action; a seat's marks are
            # fixed for the hand, so the rule's answer is kept per hand.
            looked = hand.looked[s]
            key = _knock_key(s, new, looked)
            ok = hand.knock_ok.get(key)
            if ok is None:
                ok = hand.knock_ok[key] = allowed(marks, new, looked) is None
            if ok:
                out.append(self.plain(seat))
            return
        # The scoresheet is told whether a knock was blind: both are listed.
        if allowed(marks, new, True) is None:
            out.append(self.plain(seat))
        if allowed(marks, new, False) is None:
            out.append(memo(seat, "knock", blind=True))


class _Answer(Handler[HandState]):
    """hold and pass: the answers to a knock, given in turn."""

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        responders = hand.responders
        if not responders:
            self.unprompted(hand)
        elif responders[0] != s:
            raise IllegalAction("not_your_answer", due=responders[0] + 1, seat=s + 1)

    def unprompted(self, hand: HandState) -> None:
        raise NotImplementedError(self.type)


class Hold(_Answer):
    """Staying in at the new value."""

    type = "hold"

    def unprompted(self, hand: HandState) -> None:
        raise IllegalAction("no_knock_to_answer")

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        hand.responders.pop(0)
        hand.answers.append((s, "hold"))

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        if hand.responders and hand.responders[0] == s:
            out.append(self.plain(seat))


class Pass(_Answer):
    """Leaving the hand: in answer to a knock for the old value (or
    `pass_loss`), or at any moment for the current one (Rengen)."""

    type = "pass"

    def unprompted(self, hand: HandState) -> None:
        if not hand.rules.free_pass:  # Rengen: drop out at any moment
            raise IllegalAction("pass_needs_knock")

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        if hand.responders:
            hand.responders.pop(0)
            hand.answers.append((s, "pass"))
            loss = hand.rules.pass_loss or hand.round_old
        else:
            loss = hand.value
        hand.leave(s, loss)

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        responders = hand.responders
        if (responders[0] == s) if responders else hand.rules.free_pass:
            out.append(self.plain(seat))


class Play(Handler[HandState]):
    """Playing a card to the trick, in turn, following suit."""

    type = "play"

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        if hand.real:
            raise IllegalAction("not_real_cards")
        if hand.responders:
            raise IllegalAction("answer_first", due=hand.responders[0] + 1)
        if hand.discarding():
            raise IllegalAction("discard_first", count=hand.rules.discard)
        due = hand.to_play()
        if due != s:
            # With nothing to answer or lay away, a running hand has a seat to play.
            raise IllegalAction("not_your_turn", due=cast(int, due) + 1, seat=s + 1)
        cards = dealt_cards(hand)[s]
        if action.card not in cards:
            raise IllegalAction("card_not_held", card=str(action.card))
        if hand.trick:
            led = hand.trick[0][1].suit
            if action.card.suit != led and any(c.suit == led for c in cards):
                raise IllegalAction("must_follow", suit=SUIT_SYMBOLS[led])

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        card = cast(Card, action.card)  # a play names its card (actions.py)
        dealt_cards(hand)[s].remove(card)
        hand.looked[s] = True
        hand.trick.append((s, card))

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        if hand.to_play() != s:
            return
        cards = dealt_cards(hand)[s]
        if hand.trick:
            led = hand.trick[0][1].suit
            cards = [c for c in cards if c.suit == led] or cards
        out.extend(self.card_actions(seat, cards))


class Discard(Handler[HandState]):
    """Laying a card away face down before the first trick (Hängeln with
    10 cards)."""

    type = "discard"

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        if hand.real:
            raise IllegalAction("not_real_cards")  # a scoresheet never sees the cards laid away
        if not hand.discard_left or not hand.discard_left[s]:
            raise IllegalAction("no_discard")
        if action.card not in dealt_cards(hand)[s]:
            raise IllegalAction("card_not_held", card=str(action.card))

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        card = cast(Card, action.card)  # a discard names its card (actions.py)
        dealt_cards(hand)[s].remove(card)
        hand.discarded[s].append(card)
        cast("list[int]", hand.discard_left)[s] -= 1

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        # Listed only where the rules lay cards away (hand.py, _listings).
        if cast("list[int]", hand.discard_left)[s]:
            out.extend(self.card_actions(seat, dealt_cards(hand)[s]))


class Penalty(Handler[HandState]):
    """A scoresheet entry: renege, leading out of turn, misdeal (rule 11)."""

    type = "penalty"
    real_only = True

    def admit(self, hand: HandState, s: int, action: Action) -> None:
        if action.kind != "misdeal":
            super().admit(hand, s, action)
        elif not hand.real:
            raise IllegalAction("penalty_real_only")
        elif not hand.dealt[s]:
            # A misdeal may be reported by anyone dealt in, a passer too, and
            # whatever else is going on (docs/RULES.md).
            raise IllegalAction("not_in_hand", seat=s + 1)

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        if action.kind == "misdeal":
            hand.void, hand.reason = True, "void"
            hand.responders = []
        else:
            # Failing to follow costs the value when noticed; leading out
            # of turn costs 1, as for a passer (rule 11).
            hand.leave(s, hand.value if action.kind == "renege" else 1)

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        kinds = ("misdeal",) if hand.redeal_due() else PENALTY_KINDS
        out.extend([memo(seat, "penalty", kind=k) for k in kinds])


class Win(Handler[HandState]):
    """The scoresheet's closing entry: who took the last trick."""

    type = "win"
    real_only = True

    def rule(self, hand: HandState, s: int, action: Action) -> None:
        if hand.responders:
            raise IllegalAction("win_during_answers")

    def do(self, hand: HandState, s: int, action: Action, auto: bool) -> None:
        hand.winner, hand.reason = s, "declared"
        hand.responders = []

    def legal(self, hand: HandState, s: int, seat: int, out: list[Action]) -> None:
        if not hand.responders:
            out.append(self.plain(seat))


LOOK, KNOCK, HOLD, PASS, PLAY, DISCARD, PENALTY, WIN = (Look(), Knock(), Hold(), Pass(), Play(), Discard(), Penalty(), Win())


def basic_legal_all(hand: HandState) -> list[Action]:
    """Every seat's legal actions on a dealt hand whose listing is just
    look, knock, hold, pass and play (most presets), in `Hand.legal`'s order
    seat by seat; the same answers as those five `legal` methods, found in
    one pass. Random playouts ask for every seat after every action (knocks
    come out of turn), and twenty method calls a step were most of their
    time. A contract test holds it equal to the five methods on every state
    of thousands of seeded games."""
    n, dealt, in_hand, looked = hand.n, hand.dealt, hand.in_hand, hand.looked
    rules, responders = hand.rules, hand.responders
    answering = responders[0] if responders else -1
    free_pass = not responders and rules.free_pass
    unseen = responders if rules.hammer_answer_unseen and hand.round_auto else ()
    knocking = hand.knocking and not responders and hand.value < rules.max_value
    if knocking:
        new, knock_ok, by_lead, last = hand.value + 1, hand.knock_ok, rules.knock_by == "lead", hand.last_knocker
    turn = hand.to_play()
    looks, knocks, holds, passes = _BASIC_PLAIN
    out: list[Action] = []
    for s in range(n):
        if not dealt[s] or not in_hand[s]:
            continue
        seat = s + 1
        seen = looked[s]
        if not seen and s not in unseen:
            out.append(looks[seat])
        if knocking and s != last and not (by_lead and not Knock._may_raise(hand, s)):
            key = _knock_key(s, new, seen)
            ok = knock_ok.get(key)
            if ok is None:
                ok = knock_ok[key] = rules.knock_allowed(hand.marks[s], new, seen) is None
            if ok:
                out.append(knocks[seat])
        if s == answering:
            out.append(holds[seat])
            out.append(passes[seat])
        elif free_pass:
            out.append(passes[seat])
        if s == turn:
            cards, trick = dealt_cards(hand)[s], hand.trick
            if trick:
                led = trick[0][1].suit
                cards = [c for c in cards if c.suit == led] or cards
            out.extend(PLAY.card_actions(seat, cards))
    return out


CORE = (LOOK, KNOCK, HOLD, PASS, PLAY, DISCARD, PENALTY, WIN)
MAX_SEATS = 8  # Rules: at most 8 players
# The plain actions `basic_legal_all` lists, by seat, made once.
_BASIC_PLAIN = tuple([h.plain(seat) for seat in range(MAX_SEATS + 1)] for h in (LOOK, KNOCK, HOLD, PASS))
