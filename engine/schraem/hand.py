"""One hand (Einzelspiel): deal, knocks and answers, tricks, result.

Seats are 0-based inside this module; `Action.seat` is 1-based, and the
conversion happens in `check`/`do`/`legal` only. `check` validates without
touching anything, `do` trusts its input: together they are `apply`, and bots
may call `do` directly on actions taken from `legal`.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import DECK, SUIT_SYMBOLS, SUITS, Card
from .errors import IllegalAction, InvalidAction
from .rules import Rules

REAL_ONLY = ("penalty", "win")


@dataclass(frozen=True)
class Setup:
    """What the game decides about a hand before dealing it (the hooks in
    game.py): who is dealt in, how many cards, the value it starts at,
    whether knocking and the hammer apply, and whether it costs marks."""

    dealt: tuple[bool, ...]
    cards: int
    value: int
    knocking: bool
    hammer: bool
    scored: bool = True
    # normal | final (Knolle) | short_long_one | long_one (Tuppen) | half | playoff (Dedenbach)
    kind: str = "normal"
    packets: tuple[int, ...] = ()  # dealt in packets (3-2-3); () = singly

    @classmethod
    def default(cls, rules: Rules, marks) -> "Setup":
        return cls(tuple(m > 0 for m in marks), rules.cards_per_hand, rules.start_value, rules.knocking, rules.hammer)


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

    def to_json(self) -> dict:
        return {
            "winner": None if self.winner is None else self.winner + 1,
            "reason": self.reason,
            "value": self.value,
            "losses": list(self.losses),
            "marks_after": list(self.marks_after),
            "eliminated": [i + 1 for i in self.eliminated],
        }


class Hand:
    def __init__(self, rules: Rules, marks, dealer: int, cards, *, discard: int = 0, setup: Setup | None = None, stock=None):
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
        self.forehand = self.next_in(dealer)
        self.cards = None if cards is None else [list(c) for c in cards]
        self.looked = [False] * n
        self.value = setup.value
        self.last_knocker: int | None = None
        self.responders: list[int] = []
        self.round_knocker: int | None = None
        self.round_old = 0
        self.answers: list[tuple[int, str]] = []
        self.losses: list[int | None] = [None] * n
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[tuple[int, Card], ...], int]] = []
        self.leader = self.forehand
        self.discard_left = [discard if d else 0 for d in self.dealt] if discard else None
        self.discarded: list[list[Card]] = [[] for _ in range(n)]
        self.winner: int | None = None
        self.reason: str | None = None
        self.void = False
        self.round_auto = False  # the open knock round is the hammer's
        # Four courts (per seat): the discards of an exchange ([] on a
        # scoresheet), what was turned of them (index, card, turner), whether
        # the check is over, and a challenge (challenger, right, cards shown).
        self.stock = None if cards is None else list(stock or [])
        self.exchanged: list[list[Card] | None] = [None] * n
        self.turned: list[list[tuple[int | None, Card, int]]] = [[] for _ in range(n)]
        self.checked = [False] * n
        self.challenges: list[tuple[int, bool, tuple[Card, ...]] | None] = [None] * n
        self.penalties = [0] * n  # extra marks lost (turned discards), booked with the result
        # Pretty ones: who asked, who still has to answer, the answers.
        self.redeal_asker: int | None = None
        self.redeal_waiting: list[int] = []
        self.redeal_answers: list[tuple[int, str]] = []
        self.redeal_asked = [False] * n
        self.redealer: int | None = None
        # (action, auto, value after): the hand's full history, automatic
        # actions included; records leave the automatic ones out.
        self.log: list[tuple[Action, bool, int]] = []
        self._hammer()

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
    def over(self) -> bool:
        return self.winner is not None or self.void

    def to_play(self) -> int | None:
        """The seat due to play a card, or None (answers pending, hand over)."""
        if self.winner is not None or self.void or self.responders or self.redeal_waiting or self.real:
            return None
        if self.discard_left and any(self.discard_left):
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
        if self.responders:
            return [self.responders[0]]
        if self.redeal_waiting:
            return [self.redeal_waiting[0]]
        if self.discard_left and any(self.discard_left):
            return [s for s in range(self.n) if self.discard_left[s]]
        t = self.to_play()
        return [] if t is None else [t]

    # --- validation ------------------------------------------------------
    def check(self, action: Action) -> None:
        """Raise IllegalAction if `action` may not be applied now."""
        s = action.seat - 1
        typ = action.type
        if self.over:
            raise IllegalAction("hand_over")
        if typ in REAL_ONLY and not self.real:
            raise IllegalAction(typ + "_real_only")
        if typ == "penalty" and action.kind == "misdeal":
            if not self.dealt[s]:
                raise IllegalAction("not_in_hand", seat=s + 1)
            return
        if not self.in_hand[s]:
            raise IllegalAction("not_in_hand", seat=s + 1)
        if self.redeal_waiting and typ not in ("agree", "refuse", "look"):
            raise IllegalAction("redeal_pending", due=self.redeal_waiting[0] + 1)
        if typ == "look":
            if self.real:
                raise IllegalAction("not_real_cards")
            if self.looked[s]:
                raise IllegalAction("already_looked")
            if self.rules.hammer_answer_unseen and self.round_auto and s in self.responders:
                raise IllegalAction("hammer_answer_unseen")
            return
        if typ in ("exchange", "turn", "challenge", "redeal"):
            if self.responders:
                raise IllegalAction("answer_first", due=self.responders[0] + 1)
            getattr(self, "_check_" + typ)(s, action)
            return
        if typ in ("agree", "refuse"):
            if not self.redeal_waiting:
                raise IllegalAction("no_redeal_question")
            if self.redeal_waiting[0] != s:
                raise IllegalAction("not_your_redeal_answer", due=self.redeal_waiting[0] + 1, seat=s + 1)
            return
        if typ == "knock":
            self._check_knock(s, action)
            return
        if typ in ("hold", "pass"):
            if self.responders:
                if self.responders[0] != s:
                    raise IllegalAction("not_your_answer", due=self.responders[0] + 1, seat=s + 1)
                return
            if typ == "pass" and self.rules.free_pass:
                return
            raise IllegalAction("no_knock_to_answer" if typ == "hold" else "pass_needs_knock")
        if typ == "play":
            if self.real:
                raise IllegalAction("not_real_cards")
            if self.responders:
                raise IllegalAction("answer_first", due=self.responders[0] + 1)
            if self.discard_left and any(self.discard_left):
                raise IllegalAction("discard_first", count=self.rules.discard)
            due = self.to_play()
            if due != s:
                raise IllegalAction("not_your_turn", due=due + 1, seat=s + 1)
            card = action.card
            hand = self.cards[s]
            if card not in hand:
                raise IllegalAction("card_not_held", card=str(card))
            if self.trick:
                led = self.trick[0][1].suit
                if card.suit != led and any(c.suit == led for c in hand):
                    raise IllegalAction("must_follow", suit=SUIT_SYMBOLS[led])
            return
        if typ == "discard":
            if not self.discard_left or not self.discard_left[s]:
                raise IllegalAction("no_discard")
            if action.card not in self.cards[s]:
                raise IllegalAction("card_not_held", card=str(action.card))
            return
        if typ == "win":
            if self.responders:
                raise IllegalAction("win_during_answers")
            return
        # penalty renege / lead_out_of_turn: any player still in the hand

    def _check_knock(self, s: int, action: Action) -> None:
        rules = self.rules
        if action.blind and not self.real:
            # A dealt hand knows who has looked; only the scoresheet is told.
            raise InvalidAction("bad_action", detail="'blind' is only written for knocks on a scoresheet hand")
        if not self.knocking:
            raise IllegalAction("no_knocking")
        if self.responders:
            raise IllegalAction("knock_during_answers")
        if self.last_knocker == s:
            raise IllegalAction("knock_twice")
        if self.value >= rules.max_value:
            raise IllegalAction("knock_max", max=rules.max_value)
        if rules.knock_by == "lead" and not self.real:
            # Sebbe Schröhm: only the player about to lead a trick raises;
            # whoever held the last raise may raise again (2 -> 3).
            on_lead = not self.trick and self.leader == s
            held = rules.holder_may_knock and (s, "hold") in self.answers
            if not (on_lead or held):
                raise IllegalAction("raise_not_on_lead")
        new = self.value + 1
        looked = (not action.blind) if self.real else self.looked[s]
        code = rules.knock_allowed(self.marks[s], new, looked)
        if code is not None:
            raise IllegalAction(code, marks=self.marks[s], value=new, max=rules.max_value if code == "knock_max" else rules.blind_max)

    # --- the trusted path ------------------------------------------------
    def do(self, action: Action, auto: bool = False) -> None:
        s = action.seat - 1
        typ = action.type
        if typ == "play":
            self.cards[s].remove(action.card)
            self.looked[s] = True
            self.trick.append((s, action.card))
            self._log(action, auto)
            self._settle()
            return
        if typ == "look":
            self.looked[s] = True
        elif typ == "knock":
            old = self.value
            self.value = old + 1
            self.round_auto = auto
            self.last_knocker = s
            self.round_knocker = s
            self.round_old = old
            self.answers = []
            self.responders = self.others_from(s)
        elif typ == "hold":
            self.responders.pop(0)
            self.answers.append((s, "hold"))
        elif typ == "pass":
            if self.responders:
                self.responders.pop(0)
                self.answers.append((s, "pass"))
                loss = self.rules.pass_loss or self.round_old
            else:
                loss = self.value
            self._log(action, auto)
            self._leave(s, loss)
            if not self.over and not self.responders:
                self._settle()
            return
        elif typ == "discard":
            self.cards[s].remove(action.card)
            self.discarded[s].append(action.card)
            self.discard_left[s] -= 1
        elif typ == "win":
            self.winner, self.reason = s, "declared"
            self.responders = []
        elif typ == "exchange":
            self.looked[s] = True
            if self.real:
                self.exchanged[s] = []
            else:
                k = len(self.cards[s])
                self.exchanged[s] = self.cards[s]
                self.cards[s] = self.stock[:k]
                del self.stock[:k]
        elif typ == "turn":
            t = action.target - 1
            card = action.card if self.real else self.exchanged[t][action.index - 1]
            self.turned[t].append((action.index, card, s))
            if not card.is_court:
                self.penalties[t] += self.rules.turn_penalty
                self.checked[t] = True
            elif len(self.turned[t]) == self._exchange_size(t):
                self.penalties[s] += self.rules.turn_penalty
                self.checked[t] = True
        elif typ == "challenge":
            t = action.target - 1
            shown = tuple(action.cards) if self.real else tuple(self.exchanged[t])
            right = not all(c.is_court for c in shown)
            self.challenges[t] = (s, right, shown)
            self.checked[t] = True
            self._log(action, auto)
            self._leave(t if right else s, self.rules.challenge_penalty)
            if not self.over and not self.responders:
                self._settle()
            return
        elif typ == "redeal":
            self.redeal_asked[s] = True
            self.redeal_asker = s
            self.redeal_answers = []
            self.redeal_waiting = self.others_from(s)
        elif typ == "agree":
            self.redeal_waiting.pop(0)
            self.redeal_answers.append((s, "agree"))
            if not self.redeal_waiting:
                self.void, self.reason, self.redealer = True, "redeal", self.redeal_asker
        elif typ == "refuse":
            self.redeal_waiting = []
            self.redeal_answers.append((s, "refuse"))
        elif typ == "penalty":
            self._log(action, auto)
            if action.kind == "misdeal":
                self.void, self.reason = True, "void"
                self.responders = []
            else:
                # Failing to follow costs the value when noticed; leading out
                # of turn costs 1, as for a passer (rule 11).
                self._leave(s, self.value if action.kind == "renege" else 1)
                if not self.over and not self.responders:
                    self._settle()
            return
        self._log(action, auto)
        if typ == "hold" and not self.responders:
            self._settle()

    def _log(self, action: Action, auto: bool) -> None:
        self.log.append((action, auto, self.value))

    def _leave(self, s: int, loss: int) -> None:
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

    def _exchange_size(self, t: int) -> int:
        return self.setup.cards if self.real else len(self.exchanged[t])

    def _check_exchange(self, s: int, action: Action) -> None:
        rules = self.rules
        if rules.four_courts == "none":
            raise IllegalAction("exchange_not_allowed")
        if self.exchanged[s] is not None:
            raise IllegalAction("exchange_once")
        if self.real:
            return  # the scoresheet only notes that it happened
        if self.trick or self.tricks:
            raise IllegalAction("exchange_not_allowed")
        if rules.four_courts == "exchange" and not all(c.is_court for c in self.cards[s]):
            # Made openly: only a genuine four courts. ("turn"/"challenge":
            # face down, so any hand; the opponents' check keeps it honest.)
            raise IllegalAction("exchange_not_allowed")
        if len(self.stock) < len(self.cards[s]):
            raise IllegalAction("exchange_no_stock")

    def _check_turn(self, s: int, action: Action) -> None:
        t = action.target - 1
        if self.rules.four_courts != "turn" or t >= self.n or t == s or self.exchanged[t] is None:
            raise IllegalAction("turn_not_allowed")
        if self.checked[t]:
            raise IllegalAction("turn_done")
        if self.real:
            if action.card is None:
                raise InvalidAction("bad_action", detail="on a scoresheet hand a turn names the card turned up, not an index")
            if any(c == action.card for _, c, _ in self.turned[t]):
                raise InvalidAction("bad_action", detail=f"{action.card} was already turned")
            return
        if action.index is None:
            raise InvalidAction("bad_action", detail="on a dealt hand a turn names the index of a face-down discard, not a card")
        if not 1 <= action.index <= len(self.exchanged[t]) or any(i == action.index for i, _, _ in self.turned[t]):
            raise IllegalAction("turn_face_down", count=len(self.exchanged[t]))

    def _check_challenge(self, s: int, action: Action) -> None:
        t = action.target - 1
        if self.rules.four_courts != "challenge" or t >= self.n or t == s or self.exchanged[t] is None or not self.in_hand[t]:
            raise IllegalAction("challenge_not_allowed")
        if self.challenges[t] is not None:
            raise IllegalAction("challenge_once")
        if self.real:
            cards = action.cards
            if cards is None or len(cards) != self.setup.cards or len(set(cards)) != len(cards):
                raise InvalidAction("bad_action", detail=f"on a scoresheet hand a challenge lists the {self.setup.cards} uncovered cards")
        elif action.cards is not None:
            raise InvalidAction("bad_action", detail="on a dealt hand a challenge names no cards (the engine uncovers them)")

    def _check_redeal(self, s: int, action: Action) -> None:
        rules = self.rules
        if not rules.pretty_ones or not self.setup.scored:
            raise IllegalAction("redeal_not_allowed")
        if self.redeal_asked[s]:
            raise IllegalAction("redeal_once")
        everyone_hammer = all(self.marks[p] == rules.hammer_marks for p in range(self.n) if self.dealt[p])
        untouched = self.in_hand == self.dealt and not self.trick and not self.tricks
        if not (everyone_hammer and untouched):
            raise IllegalAction("redeal_not_allowed")

    def next_dealer(self) -> int:
        """Who deals the next hand: the winner; after a fresh deal asked for
        (pretty ones) the one who asked; after a misdeal the same dealer."""
        if self.winner is not None:
            return self.winner
        if self.redealer is not None:
            return self.redealer
        return self.dealer

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
        trick = self.trick
        if not trick or self.responders:
            return
        in_hand = self.in_hand
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
        if not self.cards[w]:
            self.winner, self.reason = w, "last_trick"

    def _hammer(self) -> None:
        rules = self.rules
        if not (self.setup.hammer and self.knocking) or self.value >= 2 or self.n_in < 2:
            return
        seat = self.forehand
        for _ in range(self.n):
            if self.in_hand[seat] and self.marks[seat] == rules.hammer_marks:
                self.do(Action(seat + 1, "knock"), auto=True)
                return
            seat = (seat + 1) % self.n

    # --- enumeration -----------------------------------------------------
    def legal(self, s: int) -> list[Action]:
        """Every action seat `s` (0-based) may take now."""
        if self.over or not self.dealt[s]:
            return []
        seat = s + 1
        out: list[Action] = []
        if not self.in_hand[s]:
            # Out of the hand, a scoresheet player may still report a misdeal
            # (anyone dealt in, docs/RULES.md); `check` accepts it.
            if self.real:
                a = Action(seat, "penalty", kind="misdeal")
                try:
                    self.check(a)
                except IllegalAction:
                    return out
                out.append(a)
            return out
        if self.real:
            candidates = [Action(seat, "knock"), Action(seat, "knock", blind=True), Action(seat, "hold"), Action(seat, "pass"), Action(seat, "win")]
            candidates += [Action(seat, "penalty", kind=k) for k in ("renege", "lead_out_of_turn", "misdeal")]
            candidates += self._variant_candidates(s)
        else:
            candidates = [Action(seat, "look"), Action(seat, "knock"), Action(seat, "hold"), Action(seat, "pass")]
            candidates += self._variant_candidates(s)
            if self.to_play() == s:
                hand = self.cards[s]
                if self.trick:
                    led = self.trick[0][1].suit
                    follow = [c for c in hand if c.suit == led]
                    playable = follow or hand
                else:
                    playable = hand
                out_cards = [Action(seat, "play", c) for c in playable]
            else:
                out_cards = []
            if self.discard_left and self.discard_left[s]:
                out_cards += [Action(seat, "discard", c) for c in self.cards[s]]
            for a in candidates:
                try:
                    self.check(a)
                except IllegalAction:
                    continue
                out.append(a)
            return out + out_cards
        for a in candidates:
            try:
                self.check(a)
            except IllegalAction:
                continue
            out.append(a)
        return out

    def _variant_candidates(self, s: int) -> list[Action]:
        """Four courts and pretty ones; a scoresheet's turns and challenges
        carry what the table saw, so they are not enumerated there."""
        rules, seat, out = self.rules, s + 1, []
        if rules.four_courts != "none" and self.exchanged[s] is None:
            out.append(Action(seat, "exchange"))
        if not self.real:
            for t in range(self.n):
                if t == s or self.exchanged[t] is None:
                    continue
                if rules.four_courts == "turn" and not self.checked[t]:
                    done = {i for i, _, _ in self.turned[t]}
                    out += [Action(seat, "turn", target=t + 1, index=k) for k in range(1, len(self.exchanged[t]) + 1) if k not in done]
                elif rules.four_courts == "challenge":
                    out.append(Action(seat, "challenge", target=t + 1))
        if rules.pretty_ones:
            out += [Action(seat, "redeal"), Action(seat, "agree"), Action(seat, "refuse")]
        return out

    def card_entries(self, s: int) -> list[dict]:
        """On a scoresheet hand, the turns and challenges seat s (0-based)
        may enter now. They name cards the table saw, so they are offered as
        templates: the app asks for `count` cards out of `choices` and sends
        the action with them (`card` for a turn, `cards` for a challenge)."""
        if not self.real or self.over or not self.dealt[s] or not self.in_hand[s]:
            return []
        out = []
        for t in range(self.n):
            if t == s or self.exchanged[t] is None:
                continue
            if self.rules.four_courts == "turn":
                taken = {c for _, c, _ in self.turned[t]}
                choices = [c for c in DECK if c not in taken]
                probe, typ, count = Action(s + 1, "turn", target=t + 1, card=choices[0]), "turn", 1
            elif self.rules.four_courts == "challenge":
                choices = list(DECK)
                count = self.setup.cards
                probe, typ = Action(s + 1, "challenge", target=t + 1, cards=tuple(DECK[:count])), "challenge"
            else:
                continue
            try:
                self.check(probe)
            except (IllegalAction, InvalidAction):
                continue
            out.append({"seat": s + 1, "type": typ, "target": t + 1, "count": count, "choices": [str(c) for c in choices]})
        return out

    # --- outcome -----------------------------------------------------------
    def result(self) -> HandResult | None:
        if self.void:
            return HandResult(None, self.reason or "void", self.value, (0,) * self.n, self.marks)
        if self.winner is None:
            return None
        if not self.setup.scored:
            return HandResult(self.winner, self.reason, self.value, (0,) * self.n, self.marks)
        losses = []
        for s in range(self.n):
            if not self.dealt[s]:
                losses.append(0)
            elif s == self.winner:
                losses.append(self.penalties[s])
            elif self.losses[s] is not None:
                losses.append(self.losses[s] + self.penalties[s])
            else:
                losses.append(self.value + self.penalties[s])
        after = tuple(max(0, m - l) for m, l in zip(self.marks, losses))
        return HandResult(self.winner, self.reason, self.value, tuple(losses), after)
