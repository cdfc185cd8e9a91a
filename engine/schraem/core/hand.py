"""One hand (Einzelspiel): deal, knocks and answers, tricks, result.

Seats are 0-based inside this module; `Action.seat` is 1-based, and the
conversion happens in `check`/`do`/`legal` only. The rules of each action
type are its handler's (`handlers.py`; four courts in `courts.py`, pretty
ones in `redeal.py`); the hand keeps the state, dispatches, and does what
every action shares: log it and settle the trick.

Two paths, as python-chess has `Board.push` beside `push_uci`:
`Hand.do(action)` trusts that the action came from `legal()` and applies it
without a question, and `Hand.check(action)` validates outside input and
changes nothing. `Game.apply` is `check` + `do`; bots and simulations that
pick from `legal()` may call `do` (or `Game.do`) directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from .actions import Action
from .cards import SUITS, Card
from .courts import CHALLENGE, EXCHANGE, TURN, Courts, Turned
from .deal import Setup
from .errors import IllegalAction
from .handlers import CORE, DISCARD, HOLD, KNOCK, LOOK, PASS, PENALTY, PLAY, WIN, Handler, basic_legal_all, dealt_cards, memo
from .redeal import AGREE, REDEAL, REFUSE, PrettyOnes
from .rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    # A handler's `legal`, bound: what `Hand.legal` calls per listed type.
    Listing = Callable[["Hand", int, int, list[Action]], None]

# Every action type's handler (check, do, legal), by type.
_ALL: tuple[Handler[Hand], ...] = (*CORE, EXCHANGE, TURN, CHALLENGE, REDEAL, AGREE, REFUSE)
HANDLERS: dict[str, Handler[Hand]] = {h.type: h for h in _ALL}
# The opponents' checks of an exchange, by four courts' mode.
_CHECKS: dict[str, tuple[Handler[Hand], ...]] = {"turn": (TURN,), "challenge": (CHALLENGE,)}


@dataclass(frozen=True)
class HandResult:
    winner: int | None  # 0-based; None for a void hand (misdeal)
    reason: str  # last_trick | others_passed | declared | void
    value: int
    losses: tuple[int, ...]
    marks_after: tuple[int, ...]

    @property
    def eliminated(self) -> list[int]:
        return [i for i, m in enumerate(self.marks_after) if m == 0 and self.losses[i] > 0]

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": None if self.winner is None else self.winner + 1,
            "reason": self.reason,
            "value": self.value,
            "losses": list(self.losses),
            "marks_after": list(self.marks_after),
            "eliminated": [i + 1 for i in self.eliminated],
        }


_LISTINGS: dict[tuple[bool, str | None, bool, bool], tuple[tuple[Listing, ...], tuple[Listing, ...]]] = {}


class _Unknown(Enum):
    TURN = 0


_UNKNOWN: Final = _Unknown.TURN  # to_play not worked out yet for this state


def _listings(real: bool, mode: str | None, pretty: bool, discard: bool) -> tuple[tuple[Listing, ...], tuple[Listing, ...]]:
    """The `legal` methods of the handlers whose actions `Hand.legal` lists, in its order:
    normally, and while a fresh deal is asked for (then only looking, the
    answers and, on a scoresheet, a misdeal). Turns and challenges carry
    what the table saw on a scoresheet, so they are listed on dealt hands only."""
    key = (real, mode, pretty, discard)
    if key not in _LISTINGS:
        courts: tuple[Handler[Hand], ...] = () if mode is None else (EXCHANGE,)
        if mode is not None and not real:
            courts += _CHECKS.get(mode, ())
        asking: tuple[Handler[Hand], ...] = (REDEAL,) if pretty else ()
        normal: tuple[Handler[Hand], ...]
        asked: tuple[Handler[Hand], ...]
        if real:
            normal, asked = (KNOCK, HOLD, PASS, WIN, PENALTY, *courts, *asking), (PENALTY, AGREE, REFUSE)
        else:
            normal, asked = (LOOK, KNOCK, HOLD, PASS, *courts, *asking, PLAY, *((DISCARD,) if discard else ())), (LOOK, AGREE, REFUSE)
        # Bound once: `legal` runs for every seat after every action.
        _LISTINGS[key] = (tuple(h.legal for h in normal), tuple(h.legal for h in asked))
    return _LISTINGS[key]


class Hand:
    # Slots: the hand's fields are read on every legal-actions query of every
    # seat, and a fixed layout makes those reads and each deal cheaper.
    __slots__ = (
        "_basic",
        "_listing",
        "_listing_asked",
        "_turn",
        "answers",
        "blind_knocks",
        "cards",
        "courts",
        "dealer",
        "dealt",
        "discard_left",
        "discarded",
        "forehand",
        "in_hand",
        "knock_ok",
        "knocking",
        "last_knocker",
        "leader",
        "log",
        "looked",
        "losses",
        "marks",
        "n",
        "n_in",
        "over",
        "pretty_ones",
        "real",
        "reason",
        "responders",
        "round_auto",
        "round_knocker",
        "round_old",
        "rules",
        "setup",
        "stock",
        "trick",
        "tricks",
        "value",
        "void",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        marks: Sequence[int],
        dealer: int,
        cards: Iterable[Iterable[Card]] | None,
        *,
        discard: int = 0,
        setup: Setup | None = None,
        stock: Iterable[Card] | None = None,
    ) -> None:
        """`marks[i] == 0` means seat i is out of the game; `cards` is a list
        of card lists per seat ([] for a seat not dealt in), or None for a
        hand played with real cards that only the scoresheet records.
        `setup` (default: from the rules and marks) says who is dealt in and
        how the hand is played; `stock` is the undealt rest of the pack, top
        first (four courts draw from it)."""
        self.rules = rules
        self.n = n = len(marks)
        self.marks = tuple(marks)
        self.dealer = dealer
        self.real = cards is None
        self.setup = setup = setup or Setup.default(rules, marks)
        self.knocking = setup.knocking
        self.dealt = list(setup.dealt)
        self.in_hand = list(self.dealt)
        self.n_in = sum(self.dealt)
        self.forehand = self.leader = self.next_in(dealer)
        self.cards: list[list[Card]] | None = None if cards is None else [list(c) for c in cards]
        self.stock: list[Card] | None = None if cards is None else list(stock or [])
        self.looked = [False] * n
        self.losses: list[int | None] = [None] * n
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[tuple[int, Card], ...], int]] = []
        self.discard_left: list[int] | None = [discard if d else 0 for d in self.dealt] if discard else None
        self.discarded: list[list[Card]] = [[] for _ in range(n)]
        self.winner: int | None = None
        self.reason: str | None = None
        self.void = False
        # winner is not None or void; kept as a flag by `do` (the only way
        # the state changes) since every query of every seat asks it.
        self.over = False
        self._start_knocks()
        # The regional variants' state exists only where they are played.
        self.courts: Courts | None = None if rules.four_courts == "none" else Courts(n, rules.four_courts)
        self.pretty_ones: PrettyOnes | None = PrettyOnes(n) if rules.pretty_ones else None
        mode = None if self.courts is None else self.courts.mode
        self._listing, self._listing_asked = _listings(self.real, mode, rules.pretty_ones, bool(discard))
        self._basic = self._listing is _listings(False, None, False, False)[0]
        # (action, auto, value after): the hand's full history, automatic
        # actions included; records leave the automatic ones out.
        self.log: list[tuple[Action, bool, int]] = []
        # Log positions of knocks made before looking, on a dealt hand (a
        # scoresheet's knock says so itself).
        self.blind_knocks: set[int] = set()
        self._turn: int | None | Literal[_Unknown.TURN] = _UNKNOWN
        self._hammer()

    def _start_knocks(self) -> None:
        """The value, the last knock and the open round of answers to it:
        who knocked, from which value, whether it was the hammer's, who still
        answers (in turn) and the answers so far."""
        self.value = self.setup.value
        self.knock_ok: dict[int, bool] = {}  # Knock.legal's memo by (seat, value, looked), see _knock_key
        self.last_knocker: int | None = None
        self.round_knocker: int | None = None
        self.round_old = 0
        self.round_auto = False
        self.responders: list[int] = []
        self.answers: list[tuple[int, str]] = []

    # --- small queries -------------------------------------------------
    def next_in(self, seat: int) -> int:
        """The next seat clockwise after `seat` that is still in the hand."""
        n, in_hand = self.n, self.in_hand
        for step in range(1, n + 1):
            s = (seat + step) % n
            if in_hand[s]:
                return s
        return seat

    def others_from(self, seat: int) -> list[int]:
        """Everyone else still in the hand, clockwise from `seat`: the order
        in which a knock (or a request for a fresh deal) is answered."""
        out, s = [], self.next_in(seat)
        while s != seat:
            out.append(s)
            s = self.next_in(s)
        return out

    @property
    def turned(self) -> list[list[Turned]]:
        """Four courts: per seat, the discards turned up so far (index, card,
        turner); empty lists where the variant is off. The view's log shows
        the card a turn brought up from here."""
        return self.courts.turned if self.courts is not None else [[] for _ in range(self.n)]

    def redeal_due(self) -> list[int]:
        """Pretty ones: the seats still to answer a request for a fresh
        deal, in turn ([] when none is open)."""
        return self.pretty_ones.waiting if self.pretty_ones is not None else []

    def discarding(self) -> bool:
        """Cards are still to be laid away before the first trick."""
        left = self.discard_left
        return left is not None and any(left)

    def to_play(self) -> int | None:
        """The seat due to play a card, or None (answers pending, hand over)."""
        # Asked for every seat's legal actions: found once per state (`do`,
        # the only way the state changes, forgets it).
        turn = self._turn
        if turn is _UNKNOWN:
            turn = self._turn = self._find_turn()
        return turn

    def _find_turn(self) -> int | None:
        if self.winner is not None or self.void or self.responders or self.real or self.redeal_due() or self.discarding():
            return None
        trick = self.trick
        if not trick:
            return self.leader
        played = {p for p, _ in trick}
        n, in_hand = self.n, self.in_hand
        last = trick[-1][0]
        for step in range(1, n + 1):
            s = (last + step) % n
            if in_hand[s] and s not in played:
                return s
        return None

    def due(self) -> list[int]:
        """Seats the hand waits for: the answering seat, the seat to play, or
        everyone who still has to discard."""
        if self.over:
            return []
        waiting = self.responders or self.redeal_due()
        if waiting:
            return [waiting[0]]
        if self.discarding():
            left = cast("list[int]", self.discard_left)
            return [s for s in range(self.n) if left[s]]
        t = self.to_play()
        return [] if t is None else [t]

    # --- the two paths -----------------------------------------------------
    def check(self, action: Action) -> None:
        """Validate outside input: raise IllegalAction (the rule broken) or
        InvalidAction (a field this hand cannot take) if `action` may not be
        taken now. Changes nothing."""
        if self.over:
            raise IllegalAction("hand_over")
        HANDLERS[action.type].check(self, action.seat - 1, action)

    def do(self, action: Action, auto: bool = False) -> None:
        """Take `action` without validating it: the trusted path. The action
        must come from `legal()` (or have passed `check`); anything else
        leaves the hand in a state no game can reach. `auto` marks the
        engine's own actions (the hammer's knock), which records leave out."""
        HANDLERS[action.type].do(self, action.seat - 1, action, auto)
        self._turn = _UNKNOWN
        self.log.append((action, auto, self.value))
        self.over = self.winner is not None or self.void
        if self.trick and not self.responders and not self.over:
            self._settle()
            self.over = self.winner is not None

    def legal(self, s: int) -> list[Action]:
        """Every action seat `s` (0-based) may take now, in a fixed order:
        look, knock, hold, pass, win, penalties, four courts, pretty ones,
        then cards to play or lay away (bots and seeded games rely on it)."""
        if self.over or not self.dealt[s]:
            return []
        seat = s + 1
        if not self.in_hand[s]:
            # Out of the hand, a scoresheet player may still report a misdeal
            # (anyone dealt in, docs/RULES.md).
            return [memo(seat, "penalty", kind="misdeal")] if self.real else []
        out: list[Action] = []
        asked = self.pretty_ones is not None and self.pretty_ones.waiting
        for legal in self._listing_asked if asked else self._listing:
            legal(self, s, seat, out)
        return out

    def legal_all(self) -> list[Action]:
        """Every seat's legal actions, seat by seat, each in `legal`'s order
        (the same list as `legal(0) + legal(1) + ...`)."""
        if self.over:
            return []
        if self._basic:
            return basic_legal_all(self)
        return [a for s in range(self.n) for a in self.legal(s)]

    # --- what actions share --------------------------------------------------
    def leave(self, s: int, loss: int) -> None:
        """Seat `s` leaves the hand losing `loss` (a pass, a penalty, a lost
        challenge); the last one left wins."""
        self.in_hand[s] = False
        self.losses[s] = loss
        self.n_in -= 1
        if self.discard_left:
            self.discard_left[s] = 0  # a passer's pending discards would hold up the hand forever
        if s in self.responders:
            self.responders.remove(s)
        if self.n_in == 1:
            self.winner = self.next_in(s)
            self.reason = "others_passed"
            self.responders = []
            return
        if not self.trick and self.leader == s:
            self.leader = self._lead_after_pass(s)

    def _lead_after_pass(self, s: int) -> int:
        if self.rules.lead_after_pass == "highest_card" and self.tricks:
            # Marienheide: the holder of the highest card on the table leads,
            # suits ranking clubs > spades > hearts > diamonds for this purpose.
            cards = [(SUITS.index(c.suit), c.strength, p) for p, c in self.tricks[-1][0] if self.in_hand[p]]
            if cards:
                return min(cards)[2]
        return self.next_in(s)

    def _settle(self) -> None:
        """Close the trick once everyone still in the hand has played to it."""
        trick, in_hand = self.trick, self.in_hand
        played = 0
        for p, _ in trick:
            if in_hand[p]:
                played += 1
        if played < self.n_in:
            return
        led = trick[0][1].suit
        best = None
        for p, c in trick:
            if in_hand[p] and c.suit == led and (best is None or c.strength < best[1].strength):
                best = (p, c)
        if best is None:  # nobody left in the hand followed: earliest of theirs
            best = next((p, c) for p, c in trick if in_hand[p])
        w = best[0]
        self.tricks.append((tuple(trick), w))
        self.trick = []
        self.leader = w
        if not dealt_cards(self)[w]:  # only a dealt hand plays tricks
            self.winner, self.reason = w, "last_trick"

    def _hammer(self) -> None:
        rules = self.rules
        if not (self.setup.hammer and self.knocking) or self.value >= 2 or self.n_in < 2:
            return
        seat = self.forehand
        for _ in range(self.n):
            if self.in_hand[seat] and self.marks[seat] == rules.hammer_marks:
                self.do(KNOCK.plain(seat + 1), auto=True)
                return
            seat = (seat + 1) % self.n

    # --- outcome -----------------------------------------------------------
    def next_dealer(self) -> int:
        """Who deals the next hand: the winner; after a fresh deal asked for
        (pretty ones) the one who asked; after a misdeal the same dealer."""
        if self.winner is not None:
            return self.winner
        if self.pretty_ones is not None and self.pretty_ones.redealer is not None:
            return self.pretty_ones.redealer
        return self.dealer

    def result(self) -> HandResult | None:
        if self.void:
            return HandResult(None, self.reason or "void", self.value, (0,) * self.n, self.marks)
        if self.winner is None:
            return None
        reason = cast(str, self.reason)  # set with the winner
        if not self.setup.scored:
            return HandResult(self.winner, reason, self.value, (0,) * self.n, self.marks)
        losses = tuple(self._loss(s) for s in range(self.n))
        after = tuple(max(0, m - loss) for m, loss in zip(self.marks, losses))
        return HandResult(self.winner, reason, self.value, losses, after)

    def _loss(self, s: int) -> int:
        """Seat `s`'s loss in a decided hand: none if not dealt in; a player
        who left the hand what they lost then; every other loser the stake;
        plus, for anyone, the marks lost to turned discards (four courts)."""
        if not self.dealt[s]:
            return 0
        extra = self.courts.penalties[s] if self.courts is not None else 0
        if s == self.winner:
            return extra
        left = self.losses[s]
        if left is not None:
            return left + extra
        return self.stake(s) + extra

    def stake(self, s: int) -> int:
        """What a loser who stayed in to the end loses: the hand's value.
        With `raiser_loss` (Sebbe Schröhm) the raiser — who made the hand's
        last raise — loses only that much (never more than the value) when a
        holder wins; the holders who lost still lose the value."""
        cap = self.rules.raiser_loss
        if cap and s == self.last_knocker:
            return min(cap, self.value)
        return self.value
