"""A hand played face down: every phone runs the game on its own engine,
knowing its own cards and the cards made public and no other, and checks
the whole hand after it (docs/FACE_DOWN.md, "The game on every phone").

A `Seat` is one phone at the table: its `Phone` (the deal's protocol,
core/facedown.py) and its engine, the same `Game` every preset plays. The
engine needs a card in every place; the places this phone does not know
hold the cards it has not seen, in any order (a *completion*). Nothing this
seat is shown depends on which: its own cards and legal actions, the
stakes, marks, turns, tricks and result follow from its cards and the
public actions alone. A place that opens (its own cards, a card played, a
discard turned up) with another card than the completion put there swaps
the two unseen cards (core/facedown_completion.py). Another seat's action the
engine refuses only because of cards this phone cannot see (following
suit, an open exchange of four courts) is taken on trust; everything else
it refuses names that seat at once.

Every action travels as a message: a card played as the protocol's `play`
(its place and card, which every phone opens), any other action as `act`.
An exchange draws its cards from the stock for its seat, a discard turned
up or challenged is opened for all (`Phone.uncover`) before the engine
takes the action.

After the hand (`Seat.check`): the dropout rule's void, the signatures and
the compared logs (core/facedown_log.py), the deal's check
(core/facedown_check.py); then the deck in its final order from the revealed seeds, the hand dealt
from it on a fresh engine and every action replayed on the validating path
(a card played against the rules names its player, in the engine's words),
and every view this phone was shown, one per count of actions, compared
with the replayed one, field by field: cards, the log, the legal actions it
was offered, the stakes, marks, turns, tricks and result.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..crypto import Element
from .actions import Action
from .deal import next_active
from .errors import IllegalAction, SchraemError
from .facedown import Phone
from .facedown_check import verdict
from .facedown_completion import HIDDEN, swap_opened, take_trusting
from .facedown_deck import shuffle_plan
from .facedown_dropout import Pieces, after_move, pieces_message
from .facedown_idle import IdleWork
from .facedown_log import Log
from .facedown_wire import BadMessage, Fault, HandPlan, Message, Verdict, fault, read_whole
from .game import Game
from .view import view

# Actions a hand dealt face down does not carry (no preset lays cards away
# before the first trick; a scoresheet's entries are for real cards).
REFUSED = frozenset({"discard", "win", "penalty"})
# The parts of a view, in the order a difference is looked for, with words
# for each (the rest of the view follows in its own order).
FIELDS = {
    "log": ("die Züge", "the actions"),
    "my_cards": ("die eigenen Karten", "this seat's own cards"),
    "legal": ("die angebotenen Züge", "the actions offered"),
    "value": ("der Wert des Spiels", "the hand's value"),
    "knock_to": ("das Klopfen", "the knock"),
    "players": ("die Schräm und Spieler", "the marks and players"),
    "turn": ("wer dran ist", "whose turn it is"),
    "due": ("auf wen gewartet wird", "who is waited for"),
    "trick": ("der Stich auf dem Tisch", "the trick on the table"),
    "tricks": ("die Stiche", "the tricks"),
    "exchanges": ("der Tausch", "the exchanges"),
    "hand_result": ("das Ergebnis", "the result"),
    "outcome": ("der Stand der Partie", "the game's standing"),
}


@dataclass
class _Waiting:
    """A relayed action not yet taken: it waits for its places to open (a
    card played, discards uncovered) and for the actions before it."""

    action: dict[str, Any]
    places: list[int] = field(default_factory=list)
    started: bool = False


def plan_for(game: Game, table: str, phones: int | None = None) -> HandPlan:
    """The plan of the next hand of `game` dealt face down (by `phones`,
    those after the game's seats watching)."""
    setup = game.next_setup()
    return HandPlan.for_setup(table, len(game.specs) + 1, setup, next_active(list(setup.dealt), game.dealer), phones)


def deck_order(phone: Phone) -> list[str]:
    """The final deck's cards by place, from the revealed seeds: the
    permutations of the passes composed (the check has held every pass to
    its seed)."""
    plan = phone.plan
    order = list(plan.cards)
    for s in range(1, plan.seats + 1):
        perm, _ = shuffle_plan(phone.reveals[s][1], phone.context, s, len(order))
        order = [order[p] for p in perm]
    return order


def deal_of(plan: HandPlan, order: list[str]) -> tuple[list[list[str]], list[str]]:
    """The game's hands (its seats' only) and the stock, from the final deck's order."""
    hands = [[order[p] for p in places] for places in plan.dealt[: plan.game_seats]]
    return hands, [order[p] for p in plan.stock]


class Seat(IdleWork):
    """One phone's side of a hand played face down: the deal's protocol and
    its own engine. `record` is the game before this hand (every earlier
    hand with its deal, as the check after it opened it). With `phones`
    more than the game's seats, the phones after them watch (HandPlan): a
    watching phone's `seat` is its place among the phones, it sees the
    game from no seat, never acts, and checks the hand as any."""

    def __init__(
        self,
        record: dict[str, Any],
        seat: int,
        table: str,
        *,
        identity: int,
        identities: Sequence[Element],
        host: int = 1,
        secret: int | None = None,
        seed: bytes | None = None,
        phone: Callable[..., Phone] = Phone,
        phones: int | None = None,
        computers: Collection[int] = (),
    ) -> None:
        self.record = record
        self.seat = seat
        before = Game.from_record(record)
        self.names = before.names
        self.plan = plan_for(before, table, phones)
        # The game seat it plays, or None where it watches.
        self.viewer: int | None = seat if seat <= self.plan.game_seats else None
        self.phone = phone(self.plan, seat, secret=secret, seed=seed)
        # (The host's phone plays its own and the computers' seats.)
        self.phone.hosted.update({host, *computers})
        # Its long-term key signs what it sends; the others' check what it relays.
        self.log = Log(self.plan.context, seat, identity, identities, host)
        # Its secret's pieces for the others, theirs for it (the dropout rule).
        self.pieces = Pieces(seat, self.plan.seats, identity, identities, self.plan.context)
        self.gone: tuple[int, int] | None = None  # the seat lost for good, after how many actions
        # Whether the deck was dealt (every pass in) when the host said so: a
        # pass that comes after the word changes nothing of the rule's verdict.
        self.dealt_when_gone = False
        self.inbox: list[Message] = []  # every message relayed to it, in order
        self.standin: Seat | None = None  # on the host's phone: the lost seat, played on
        self._ahead_done: tuple[int, int, bool] | None = None  # where `ahead` last found nothing to make
        self.actions: list[dict[str, Any]] = []  # taken, in order
        self.waiting: list[_Waiting] = []
        # What its engine showed it: the view after each count of actions.
        self.shown: dict[int, dict[str, Any]] = {}
        self.trusted: list[int] = []  # the actions taken on trust, by index
        # Actions the relay refused before relaying them (a knock that came
        # after another, a card played out of turn): (seat, number) of each
        # one announced, and this seat's own refused, with the relay's words.
        self.refusing: dict[tuple[int, int], tuple[str, str]] = {}
        self.refused: list[dict[str, Any]] = []
        self.revealed = False
        # A fault found in the hand, said to the others (`report`); the
        # faults other phones said, by seat, in their words.
        self.reported: Verdict | None = None
        self.reports: dict[int, tuple[str, str]] = {}
        self.replayed: Game | None = None  # the hand as the check replayed it
        self._game: Game | None = None
        self._completion: list[str] = []
        self._view: tuple[Game, int, dict[str, Any]] | None = None  # (`current_view`)

    # -- its engine ---------------------------------------------------------

    def known(self) -> dict[int, str]:
        """Every place this phone has opened: its own cards, the public ones."""
        return {**self.phone.cards, **self.phone.seen}

    def engine(self) -> Game:
        """Its game, a place opened with another card than the completion
        held there swapped in it (`swap_opened`), else dealt again."""
        known = self.known()
        game = self._game
        if game is None or not swap_opened(game, self._completion, known):
            rest = iter(c for c in self.plan.cards if c not in known.values())
            self._completion = [known[p] if p in known else next(rest) for p in range(len(self.plan.cards))]
            game = Game.from_record(self.record)
            hands, stock = deal_of(self.plan, self._completion)
            game.deal(cards=hands, stock=stock)
            self._game = game
            for a in self.actions:
                take_trusting(game, a)
        return game

    def current_view(self) -> dict[str, Any]:
        """What its engine shows its seat now: made once for each count of
        actions taken (only taking one changes its game), shared by what
        it was shown, the actions it offers and its state. Read, never changed."""
        game = self.engine()
        kept = self._view
        if kept is None or kept[0] is not game or kept[1] != len(self.actions):
            kept = self._view = (game, len(self.actions), view(game, self.viewer))
        return kept[2]

    def _refused(self, action: dict[str, Any]) -> None:
        """Whether its engine takes `action` now: a refusal names the seat,
        in the engine's words, unless it hangs on cards this phone has not seen."""
        a = Action.from_json(action)
        if a.seat == self.viewer:
            return  # its own engine took it when it was made (`act`)
        if a.type in REFUSED:
            raise fault(a.seat, f"macht einen Zug, den es verdeckt nicht gibt ({a.type})", f"makes a move not played face down ({a.type})")
        try:
            self.engine().check(a)
        except IllegalAction as e:
            if e.code in HIDDEN:
                self.trusted.append(len(self.actions))
                return
            raise fault(a.seat, f"macht einen Zug gegen die Regeln: {e.de}", f"makes a move against the rules: {e.en}") from e
        except SchraemError as e:
            raise fault(a.seat, f"macht einen Zug, den es nicht gibt: {e.de}", f"makes a move that does not exist: {e.en}") from e

    def settled(self) -> bool:
        """Its own cards are open and no action waits: what its engine shows
        now is what this phone shows."""
        return not self.waiting and len(self.phone.spelled) == self.plan.seats and set(self.phone.places()) <= set(self.phone.cards)

    # -- what it sends ------------------------------------------------------

    def start(self) -> list[Message]:
        out = self.phone.start()
        if self.plan.seats > 2:
            ph, log = self.phone, self.log
            out.append(pieces_message(self.seat, self.plan.seats, ph.secret, ph.seed, log.identity, log.identities, self.plan.context))
        return [self.log.seal(m) for m in out]

    def offered(self) -> list[dict[str, Any]]:
        """The actions its view offers now (none until it is settled)."""
        if self.viewer is None or self.phone.faults or not self.settled() or self.engine().hand_over:
            return []
        return list(self.current_view()["legal"])

    def act(self, action: dict[str, Any]) -> list[Message]:
        """This seat's action, as its engine takes it: a card played by its
        place, any other action as it is. A refused action raises the
        engine's error and sends nothing."""
        a = Action.from_json(action)
        if self.viewer is None or a.seat != self.viewer:
            raise ValueError(f"seat {self.seat} acts only for itself")
        self.phone.check_opened()
        if self.phone.faults:
            raise ValueError(f"seat {self.seat} saw a fault in this hand and plays no more")
        self.engine().check(a)
        if a.type == "play":
            place = next(p for p, c in self.phone.cards.items() if c == str(a.card))
            return [self.log.seal(m) for m in self.phone.play(place)]
        return [self.log.seal({"kind": "act", "seat": self.seat, "action": a.to_json()})]

    # -- what it receives ---------------------------------------------------

    def receive(self, envelope: Message) -> list[Message]:
        """Take the host's next envelope; answer with signed messages (and,
        once, with the fault it found in it, `report`)."""
        # (Proofs left from the work ahead are checked first: a fault in
        # them is said before anything the envelope asks, as it was when
        # the work ahead found it, and as a reload finds it again.)
        self.check_opened()
        said = self.report()
        return said + self._open(envelope) + self.report()

    def _open(self, envelope: Message) -> list[Message]:
        try:
            message = self.log.open(envelope)
            if message.get("kind") == "log":
                if message["seat"] != self.seat:
                    self.log.compare(message)
                return []
            if message.get("kind") == "fault":
                if message["seat"] != self.seat:
                    self._on_report(message)
                    self.phone.check_every_share()
                return []
            if message.get("kind") == "refuse":
                self._on_refuse(message)
                return []
            words = self.refusing.pop((message["seat"], message["n"]), None)
            if words is not None and message.get("kind") in ("act", "play"):
                # Taken by no phone: every phone was told so first, in the log.
                if message["seat"] == self.seat:
                    self.refused.append({"message": message, "de": words[0], "en": words[1]})
                return []
        except Fault as f:
            self.phone.faults.append(f.verdict)
            return []
        self.inbox.append(message)
        if self.replaced():
            return []  # its seat is the host's phone's now: this phone only listens
        standin = self.standin
        out = [self.log.seal(m) for m in self._receive(message)]
        if standin is not None:
            out += standin.stand_in([message])
        elif self.standin is not None:  # it has just begun, with everything so far
            out += self.standin.stand_in(self.inbox, {_said(m) for m in self.inbox if m.get("seat") == self.standin.seat})
        return out

    def _on_refuse(self, msg: Message) -> None:
        """The relay's word that a message (`of`: its seat, `number`) is refused:
        only the relay refuses, and only an action."""
        of, n, de, en = msg.get("of"), msg.get("number"), msg.get("de"), msg.get("en")
        if msg["seat"] != self.log.host:
            raise fault(msg["seat"], "weist einen Zug zurück, ohne Vermittler zu sein", "refuses a move without being the relay")
        if not isinstance(of, int) or not isinstance(n, int) or not isinstance(de, str) or not isinstance(en, str):
            raise fault(msg["seat"], "hat als Vermittler einen Zug unlesbar zurückgewiesen", "as the relay refused a move unreadably")
        self.refusing[(of, n)] = (de[:300], en[:300])

    def judge(self, message: Message) -> tuple[str, str] | None:
        """On the relay's phone, before it relays an action: why the rules
        refuse it now, as far as they can be seen without hidden cards (who
        is to play, a knock while one is answered), or None. Only once no
        action waits: the state it judges is then every phone's."""
        seat = message.get("seat")
        game = self.engine()
        if game.hand_over or not isinstance(seat, int):
            return ("das Spiel ist schon entschieden", "the hand is already decided")
        if message.get("kind") == "play":
            if not any(a.type == "play" for a in game.legal_actions(seat)):
                return (f"Platz {seat} spielt jetzt keine Karte", f"seat {seat} plays no card now")
            return None
        try:
            game.check(Action.from_json(message.get("action")))
        except IllegalAction as e:
            return None if e.code in HIDDEN else (e.de, e.en)
        except SchraemError as e:
            return (e.de, e.en)
        return None

    def stand_in(self, messages: Sequence[Message], already: set[tuple[object, ...]] | None = None) -> list[Message]:
        """As the lost phone's stand-in on the host's phone: take what its
        phone would have been relayed, answer in its name (signed by the
        host), leaving out what it sent itself before it left."""
        out = []
        for m in messages:
            if m.get("kind") in ("pieces", "gone", "recover"):
                continue
            out += [x for x in self._receive(m) if x["kind"] != "log" and (already is None or _said(x) not in already)]
        return [self.log.seal(m) for m in out]

    def _receive(self, message: Message) -> list[Message]:
        out: list[Message] = []
        kind = message.get("kind")
        if kind in ("pieces", "gone", "recover"):
            try:
                return self._on_dropout(message)
            except Fault as f:
                self.phone.faults.append(f.verdict)
                return []
            except ValueError as e:  # BadMessage and the group's refusals of an encoding
                sender = int(message["seat"])
                self.phone.faults.append(
                    Verdict.fault(sender, f"hat eine unlesbare Nachricht geschickt ({e})", f"sent a malformed message ({e})")
                )
                return []
        if isinstance(message, dict) and message.get("kind") == "act":
            self._on_act(message)
        else:
            before = len(self.phone.faults)
            out = self.phone.receive(message)
            if isinstance(message, dict) and message.get("kind") == "play" and len(self.phone.faults) == before:
                sender, place = message["seat"], message["place"]
                self.waiting.append(_Waiting({"seat": sender, "type": "play", "card": message["card"]}, [place]))
        try:
            return out + self._settle()
        except Fault as f:
            self.phone.faults.append(f.verdict)
            return out

    def _on_act(self, msg: Message) -> None:
        sender, action = msg.get("seat"), msg.get("action")
        if not isinstance(sender, int) or not isinstance(action, dict) or action.get("seat") != sender or action.get("type") == "play":
            self.phone.faults.append(
                Verdict.unchecked("eine Nachricht mit einem Zug war unlesbar", "a message with an action was malformed")
            )
            return
        self.waiting.append(_Waiting(dict(action)))

    def _on_dropout(self, msg: Message) -> list[Message]:
        """The pieces of each phone's secret; the host's word that a phone
        is gone for good; the pieces of the lost phone's secret shown."""
        sender, kind = int(msg["seat"]), msg["kind"]
        if kind == "pieces":
            if sender not in self.phone.keys:
                raise BadMessage("pieces before the key")
            if sender != self.seat:
                self.pieces.take(msg, sender, self.phone.keys[sender][0])
            return []
        if kind == "gone":
            lost = read_whole(msg.get("who"), 1, self.plan.seats)
            if sender != self.log.host or lost == sender or self.gone is not None:
                raise fault(
                    sender, "meldet einen Platz als gegangen, ohne Vermittler zu sein", "reports a seat gone without being the relay"
                )
            self.gone = (lost, len(self.actions))
            self.dealt_when_gone = len(self.phone.spelled) == self.plan.seats
            if self.void() is None:
                # From now on the host's phone signs in that seat's name:
                # this phone's own too, should it be the one said gone.
                self.log.standins.add(lost)
                self.phone.hosted.add(lost)
                if lost != self.seat:
                    return [self.pieces.recover_message(lost)]
            return []
        if self.gone is None or msg.get("for") != self.gone[0]:
            raise BadMessage("pieces shown for no phone gone")
        lost = self.gone[0]
        key, _, commit = self.phone.keys[lost]
        self.pieces.take_shown(msg, sender, lost, key, commit)
        if lost in self.pieces.recovered and self.seat == self.log.host and self.standin is None:
            return self._stand_in(lost)
        return []

    def _stand_in(self, lost: int) -> list[Message]:
        """The host's phone plays on for the lost seat, with its recovered
        secret and seed: a phone of that seat fed every message so far.
        What it says is signed by the host and numbered on from the lost
        phone's last message; what the lost phone said before it left is
        not said again."""
        secret, seed = self.pieces.recovered[lost]
        log = self.log
        standin = Seat(
            self.record,
            lost,
            self.plan.table,
            identity=log.identity,
            identities=log.identities,
            host=log.host,
            secret=secret,
            seed=seed,
            phones=self.plan.seats,
        )
        standin.phone.standing_in = True
        standin.phone.hosted.update(self.phone.hosted)
        standin.log.sent = dict.fromkeys(range(1, log.numbers[lost] + 1), b"")
        self.standin = standin
        return []

    def replaced(self) -> bool:
        """Whether the host said this phone's own seat was gone, after the
        deal at three seats or more: the host's phone plays it on, and this
        phone, back after all, says no more in this hand."""
        return self.gone is not None and self.gone[0] == self.seat and self.void() is None

    def void(self) -> Verdict | None:
        """The hand void by the dropout rule: a phone left with only one
        other, or before the deck was dealt (no card seen: dealt again)."""
        if self.gone is None:
            return None
        lost, after = self.gone
        name = f" ({self.names[lost - 1]})" if lost <= len(self.names) else ""
        who = f"Platz {lost}{name}", f"seat {lost}{name}"
        if self.plan.seats == 2:
            when = after_move(after)
            return Verdict.void(lost, f"{who[0]} ging {when[0]}", f"{who[1]} left {when[1]}")
        if not self.dealt_when_gone:
            return Verdict.void(
                lost, f"{who[0]} ging, bevor die Karten gegeben waren; neu geben", f"{who[1]} left before the cards were dealt; deal again"
            )
        return None

    def _settle(self) -> list[Message]:
        """Take the waiting actions in order, as far as their places are
        open; then keep the view, and after the hand reveal."""
        out: list[Message] = []
        if self.phone.faults or len(self.phone.spelled) < self.plan.seats:
            return out
        while self.waiting:
            item = self.waiting[0]
            if not item.started:
                # A card played is judged once it is open (the engine must
                # hold it); discards are uncovered only for a move it takes.
                if item.action["type"] != "play":
                    self._refused(item.action)
                out += self._begin(item)
                item.started = True
            if any(p not in self.phone.seen for p in item.places):
                break
            if item.action["type"] == "play":
                self._refused(item.action)
            self.waiting.pop(0)
            game = self.engine()  # dealt again first, should the places opened ask it
            self.actions.append(item.action)
            take_trusting(game, item.action)
        if self.settled():
            game = self.engine()
            self.shown.setdefault(len(self.actions), self.current_view())
            if game.hand_over and not self.revealed:
                self.phone.check_opened()  # the last card's shares, before the secrets go out
                if self.phone.faults:
                    return out
                self.revealed = True
                out += [self.log.log_message(), *self.phone.reveal()]
        return out

    def _begin(self, item: _Waiting) -> list[Message]:
        """What an action asks of the deal before the engine takes it."""
        a = Action.from_json(item.action)
        plan, out = self.plan, []
        if a.type == "exchange":
            taken = self.phone.take(a.seat, len(plan.dealt[a.seat - 1]))
            if a.seat == self.seat:
                out.append(self.phone.request(taken))
        elif a.type in ("turn", "challenge"):
            discards = plan.dealt[(a.target or 0) - 1]
            item.places = [discards[a.index - 1]] if a.type == "turn" and a.index is not None else list(discards)
            for p in item.places:
                out += self.phone.uncover(p)
        return out

    # -- after the hand -----------------------------------------------------

    def check(self) -> Verdict:
        """The deal's check, then the hand replayed from the deck the
        reveals give, against everything this phone was shown."""
        # The log first: a message the relay changed would otherwise blame
        # the seat it was signed by.
        void = self.void()
        if void is not None:
            return void
        self.phone.check_opened()
        named = next((v for v in self.phone.faults if v.status == "fault"), None)
        if self.replaced() and named is None:
            assert self.gone is not None
            when = after_move(self.gone[1])
            if self.viewer is None:  # nobody plays for a phone that watched: the hand went on without it
                return Verdict.unchecked(
                    f"dieses Handy galt {when[0]} als gegangen; es sah nur zu, und das Spiel ging ohne es zu Ende",
                    f"this phone was said gone {when[1]}; it only watched, and the hand went on to its end without it",
                )
            return Verdict.unchecked(
                f"dieses Handy galt {when[0]} als gegangen; das Handy des Gastgebers spielte Platz {self.seat} zu Ende",
                f"this phone was said gone {when[1]}; the host's phone played seat {self.seat} to its end",
            )
        named = next((v for v in self.phone.faults if v.status == "fault"), None)
        v = self.log.forged() or named or self.log.uncompared() or verdict(self.phone)
        if v.status != "checked":
            return v
        game = Game.from_record(self.record)
        hands, stock = deal_of(self.plan, deck_order(self.phone))
        game.deal(cards=hands, stock=stock)
        names = game.names
        for k, action in enumerate([*self.actions, None]):
            shown = self.shown.get(k)
            if shown is not None:
                differs = first_difference(shown, view(game, self.viewer))
                if differs is not None:
                    at = after_move(k)
                    return Verdict.differs(
                        f"{at[0]}: {differs[0]} weicht von dem ab, was das Nachspielen ergibt",
                        f"{at[1]}: {differs[1]} differs from the hand replayed",
                    )
            if action is None:
                break
            try:
                game.apply(action)
            except SchraemError as e:
                seat = int(action["seat"])
                return Verdict.fault(
                    seat,
                    f"{names[seat - 1]} hat in Zug {k + 1} gegen die Regeln gespielt: {e.de}",
                    f"{names[seat - 1]} broke the rules in action {k + 1}: {e.en}",
                )
        if not game.hand_over:
            return Verdict.unchecked("das Spiel wurde nicht zu Ende gespielt", "the hand was not played to its end")
        if not self.shown:
            return Verdict.unchecked("dieses Handy hat vom Spiel nichts gezeigt", "this phone showed nothing of the hand")
        self.replayed = game
        return Verdict.checked()


def first_difference(shown: dict[str, Any], replayed: dict[str, Any]) -> tuple[str, str] | None:
    """The first part of a view in which `shown` and `replayed` differ, in
    words, or None."""
    for key in [*FIELDS, *(k for k in replayed if k not in FIELDS), *(k for k in shown if k not in replayed)]:
        if shown.get(key) != replayed.get(key):
            return FIELDS.get(key, (f"„{key}“", f"'{key}'"))
    return None


def _said(message: Message) -> tuple[object, ...]:
    """What a message says, apart from its proofs' randomness: the lost
    phone's stand-in does not say it twice."""
    return (message.get("kind"), message.get("for"), message.get("request"), message.get("place"), str(message.get("action")))
