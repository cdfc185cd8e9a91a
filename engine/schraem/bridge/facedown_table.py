"""One phone at a table of phones whose cards are dealt face down
(docs/PHONE_TABLE.md, "Cards face down"; the protocol in docs/FACE_DOWN.md).

Every phone plays the hand on its own engine (a `Seat`, core/facedown_game.py)
knowing its own cards and what is face up, and no other card. The host's
phone is one of them: beside its own seat it relays every phone's message
to every phone in an envelope it signs (`HostRelay`), and it plays the
computer seats, each a `Seat` of its own that knows its cards only. A
guest's phone plays its seat and nothing else.

What crosses between the phones are *frames*, JSON only: a guest sends
`{"type": "msg", "hand", "msg"}` to the host, the host sends every guest
`{"type": "env", "hand", "env"}` (the same envelopes to all) and, once,
`{"type": "welcome", …}` with the table, its first record and every seat's
long-term key.

A phone's save holds everything it needs to go on after a reload: its
long-term key, the hand's secret and seed (drawn with `secrets` and in the
save before anything that depends on them is sent), every envelope it was
relayed and, per seat it plays, what it did in order (its *journal*) and
every message it sent as it was sent. A reload plays the journal again on a
fresh `Seat`, which says the same things again, word for word
(`Log.resent`), and goes on where it was.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from typing import Any, TypeGuard

from ..bots import APP_LEVELS, LEVELS, choose
from ..core.errors import Both, IllegalAction, InvalidAction, SchraemError
from ..core.facedown import Phone
from ..core.facedown_game import Seat
from ..core.facedown_log import chain_start
from ..core.facedown_relay import HostRelay
from ..core.facedown_wire import Message, Verdict
from ..core.game import Game
from ..core.view import view
from ..crypto import ORDER, Element, base_multiple, decode_scalar, encode_scalar, random_scalar

FORMAT = "schraem-facedown-table/1"
ACTIONS = ("act", "play")  # the messages that carry a seat's action


def refuse(de: str, en: str) -> InvalidAction:
    return InvalidAction("bad_request", detail=Both(de, en))


def not_now(de: str, en: str) -> IllegalAction:
    return IllegalAction("deal_phase", detail=Both(de, en))


def read_key(value: object, what: str) -> Element:
    try:
        return Element.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except ValueError as e:
        raise refuse(f"{what} ist kein Schlüssel", f"{what} is not a key") from e


def read_secret(value: object) -> int:
    try:
        return decode_scalar(bytes.fromhex(value) if isinstance(value, str) else b"")
    except ValueError as e:
        raise refuse("ein Geheimnis der Sicherung ist unlesbar", "a secret in the save is unreadable") from e


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Local:
    """A seat this phone plays in the hand under way: its person's, or on
    the host's phone a computer's (`level`). `journal` is what it did, in
    order: its start, each envelope taken (by position), each action."""

    def __init__(self, st: Seat, level: str | None) -> None:
        self.st = st
        self.level = level
        self.journal: list[list[Any]] = [["start"]]
        self.awaiting = 0  # its actions sent and not yet relayed back

    def receive(self, env: Message) -> list[Message]:
        self.journal.append(["env", env["pos"]])
        return self.take(env)

    def take(self, env: Message) -> list[Message]:
        msg = env.get("msg") if isinstance(env, dict) else None
        if isinstance(msg, dict) and msg.get("seat") == self.st.seat and msg.get("kind") in ACTIONS:
            self.awaiting = max(0, self.awaiting - 1)
        return self.st.receive(env)

    def refuse(self, message: Message, why: tuple[str, str]) -> Message:
        """The relay's word, in its own seat's name, that `message` is
        refused (the host's seat only)."""
        self.journal.append(["refuse", message["seat"], message["n"], *why])
        return self.refusal(message["seat"], message["n"], why)

    def refusal(self, of: int, number: int, why: tuple[str, str]) -> Message:
        return self.st.log.seal({"kind": "refuse", "seat": self.st.seat, "of": of, "number": number, "de": why[0], "en": why[1]})

    def act(self, action: dict[str, Any]) -> list[Message]:
        out = self.st.act(action)
        self.journal.append(["act", action])
        self.awaiting += 1
        return out

    def offered(self) -> list[dict[str, Any]]:
        return [] if self.awaiting else self.st.offered()

    def to_json(self) -> dict[str, Any]:
        ph, log = self.st.phone, self.st.log
        return {
            "secret": encode_scalar(ph.secret).hex(),
            "seed": ph.seed.hex(),
            "journal": self.journal,
            "sent": [json.loads(b) for _, b in sorted(log.sent.items())],
        }


class Remote:
    """A guest's phone as the host's relay sees it: it answers nothing here;
    every envelope goes out to every guest as a frame (`FaceDownTable._run`)."""

    def receive(self, message: Message) -> list[Message]:
        return []


class FaceDownTable:
    """One phone's side of a face-down table: `role` "host" or "guest",
    its `seat`, the table's seats (`kinds`: {"kind": "human"} or
    {"kind": "bot", "level"}), every seat's long-term key (`identities`,
    None while a guest's is not known), and the long-term secrets this
    phone holds (`keys`: its own; on the host also the computers')."""

    def __init__(
        self,
        role: str,
        seat: int,
        table: str,
        record: dict[str, Any],
        kinds: list[dict[str, Any]],
        identities: list[str | None],
        keys: dict[int, int],
    ) -> None:
        self.role, self.seat, self.table = role, seat, table
        self.before = record  # the game before the hand under way (or the next)
        self.after: dict[str, Any] | None = None  # the game after it, once checked
        self.kinds = kinds
        self.identities = identities
        self.keys = keys
        self.welcomed = role == "host"
        self.left: set[int] = set()  # seats whose phones were lost, played by the host's phone since
        self.hand: int | None = None  # the hand under way or the last one
        self.verdicts: dict[int, dict[str, Any]] = {}
        self.locals: dict[int, Local] = {}
        self.envelopes: list[Message] = []  # this hand's, in order
        self.relay: HostRelay | None = None
        # On the host: actions held until its own engine has taken every
        # action before them, then relayed, or refused in the log.
        self.gate: list[Message] = []
        self.outbox: list[Message] = []  # the frames this request sends
        self.phone: Callable[..., Phone] = Phone  # the protocol's side of each seat it plays

    # -- the table ----------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.kinds)

    def bots(self) -> dict[int, str]:
        return {s: str(k["level"]) for s, k in enumerate(self.kinds, 1) if k.get("kind") == "bot"}

    def guests(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds, 1) if k.get("kind") != "bot" and s != 1]

    def publics(self) -> list[Element]:
        return [read_key(k, f"Der Schlüssel von Platz {s}") for s, k in enumerate(self.identities, 1)]

    def names(self) -> list[str]:
        return Game.from_record(self.before).names

    def welcome(self) -> Message | None:
        """The frame every guest gets once every phone's key is known."""
        if any(k is None for k in self.identities):
            return None
        return {"type": "welcome", "table": self.table, "record": self.before, "seats": self.kinds, "identities": self.identities}

    def own(self) -> Local | None:
        return self.locals.get(self.seat)

    def next_game(self) -> Game:
        """The game the next hand is dealt into: after the last hand, once
        this phone checked it."""
        if self.hand is not None:
            v = self.verdict(self.hand)
            if v["status"] != "checked" or self.after is None:
                raise not_now(
                    f"Spiel {self.hand} ist auf diesem Handy nicht geprüft ({v['de']}); der Tisch kann nicht weiterspielen",
                    f"hand {self.hand} is not checked on this phone ({v['en']}); the table cannot play on",
                )
        game = Game.from_record(self.after if self.hand is not None else self.before)
        if game.game_over:
            raise not_now("die Spielrunde ist vorbei", "the game is over")
        return game

    def _begin(self, game: Game, seats: list[int]) -> None:
        """A new hand: a fresh `Seat` for each seat this phone plays, its
        secret and seed drawn now (kept in the save this request returns,
        before the shell sends a word of it)."""
        record = game.to_record()
        publics = self.publics()
        self.before = record
        self.after = None
        self.envelopes = []
        self.locals = {}
        for s in seats:
            st = Seat(record, s, self.table, identity=self.keys[s], identities=publics, host=1, phone=self.phone)
            self.locals[s] = Local(st, self.bots().get(s))
        self.hand = next(iter(self.locals.values())).st.plan.hand

    # -- the host -----------------------------------------------------------

    def deal(self) -> None:
        """The host's "next hand": its seat and the computers' start, and
        what they say goes out to every guest."""
        if not self.welcomed or self.welcome() is None:
            raise not_now("noch sind nicht alle Handys am Tisch", "not every phone has joined yet")
        if self.hand is not None and self.verdicts.get(self.hand) is None:
            raise not_now("das Spiel läuft noch", "the hand is still being played")
        game = self.next_game()
        lost = self.lost_last()
        if lost is not None:
            # That seat's phone is gone for good: from this hand on this
            # phone plays it as a computer seat, with a key of its own.
            key = new_identity()
            self.keys[lost] = key
            self.identities[lost - 1] = base_multiple(key).encode().hex()
            self.kinds[lost - 1] = {"kind": "bot", "level": APP_LEVELS[0]}
            self.left.add(lost)
        self._begin(game, [1, *self.bots()])
        self._host_relay()
        assert self.relay is not None
        for local in self.locals.values():
            self._post(local.st.start())
        self._run()

    def _host_relay(self) -> None:
        locals_ = self.locals
        phones: list[Any] = [locals_.get(s) or Remote() for s in range(1, self.seats + 1)]
        st = locals_[1].st
        self.relay = HostRelay(phones, st.plan.context, self.keys[1], self.publics())

    def _post(self, messages: list[Message]) -> None:
        relay = self.relay
        assert relay is not None
        for m in messages:
            if m.get("kind") in ACTIONS:
                self.gate.append(m)
            else:
                relay.post([m])

    def _run(self) -> None:
        """Relay until the table is quiet. An action is relayed once the
        host's own engine has taken every action before it, and only if the
        rules it can see take it (two knocks at once: the later one is
        refused, in the log, so that every phone skips it alike)."""
        relay = self.relay
        assert relay is not None
        judge = self.locals[1]
        while True:
            before = len(relay.log)
            relay.run()
            for text in relay.log[before:]:
                env = json.loads(text)
                self.envelopes.append(env)
                if self.guests():
                    self.outbox.append(self._frame(env))
            if not self.gate or judge.st.waiting:
                break
            m = self.gate.pop(0)
            why = judge.st.judge(m)
            relay.post([m] if why is None else [judge.refuse(m, why), m])
        self._settle()

    def take(self, seat: object, frame: object) -> None:
        """A guest's frame, from the channel opened for `seat`."""
        if not whole(seat) or seat not in self.guests():
            raise refuse(f"Platz {seat!r} ist kein Handy eines Gastes", f"seat {seat!r} is no guest's phone")
        if not isinstance(frame, dict) or frame.get("type") != "msg" or not isinstance(frame.get("msg"), dict):
            raise refuse(f"Platz {seat} hat keine Nachricht geschickt", f"seat {seat} sent no message")
        if self.relay is None or frame.get("hand") != self.hand:
            raise not_now(
                f"die Nachricht von Platz {seat} gehört zu Spiel {frame.get('hand')!r}, nicht zu diesem",
                f"the message of seat {seat} belongs to hand {frame.get('hand')!r}, not this one",
            )
        msg = frame["msg"]
        if msg.get("seat") != seat or not self.relay.signed(msg):
            raise refuse(
                f"die Nachricht kommt nicht unterschrieben vom Handy von Platz {seat}",
                f"the message does not come signed by the phone of seat {seat}",
            )
        for held in [m for m in self.gate if m["seat"] == seat]:
            # It says more while its action waits: it acted before it saw the
            # cards before it opened (and what it says now may be what they
            # wait for).
            self.gate.remove(held)
            why = ("zu früh, die letzte Karte war noch nicht offen", "too early, the last card was not open yet")
            self.relay.post([self.locals[1].refuse(held, why), held])
        self._post([msg])
        self._run()

    def resend(self, pos: object) -> list[Message]:
        """Every envelope of the hand from position `pos` on, for a guest
        that reloaded or lost its channel."""
        if not whole(pos) or not 1 <= pos <= len(self.envelopes) + 1:
            raise refuse(f"Position {pos!r} gibt es in diesem Spiel nicht", f"there is no position {pos!r} in this hand")
        return [self._frame(e) for e in self.envelopes[pos - 1 :]]

    def _frame(self, env: Message) -> Message:
        """An envelope as every guest gets it; the hand's first carries the
        keys of the seats whose phones were lost before it, each now a
        computer seat of this phone's with a key of its own."""
        frame: Message = {"type": "env", "hand": self.hand, "env": env}
        if env.get("pos") == 1 and self.left:
            frame["computers"] = {str(s): self.identities[s - 1] for s in sorted(self.left)}
        return frame

    def bot_step(self) -> dict[str, Any] | None:
        """One computer seat's action, if one wants to act now: decided from
        that seat's own view, which holds its cards and no other."""
        if self.relay is None:
            return None
        for s, level in self.bots().items():
            local = self.locals.get(s)
            if local is None or not local.offered():
                continue
            seen = view(local.st.engine(), s)
            action = choose(level if level in LEVELS else "easy", seen, random.Random(secrets.randbits(64)))
            if action is not None:
                self._post(local.act(action))
                self._run()
                return action
        return self._standin_step()

    def lost_last(self) -> int | None:
        """The seat whose phone was lost in the last hand, played on there by
        the host's phone and the hand checked: the one seat whose key may
        change before the next."""
        own = self.own()
        if own is None or own.st.gone is None or own.st.void() is not None or self.after is None:
            return None
        lost = own.st.gone[0]
        return lost if lost in self.guests() and lost != self.seat else None

    def standin(self) -> Seat | None:
        """On the host's phone, the seat of a phone gone for good that it
        plays on (core/facedown_game.py `Seat.standin`), once its secret is
        recovered."""
        own = self.locals.get(1) if self.role == "host" else None
        return own.st.standin if own is not None else None

    def _standin_step(self) -> dict[str, Any] | None:
        """The lost seat's action, played on as a computer player would,
        from that seat's own view: its cards and no other's but the host's."""
        st = self.standin()
        if st is None or any(m["seat"] == st.seat for m in self.gate) or not st.offered():
            return None
        action = choose(APP_LEVELS[0], view(st.engine(), st.seat), random.Random(secrets.randbits(64)))
        if action is None:
            return None
        out = st.act(action)
        self.locals[1].journal.append(["standin", action])
        self._post(out)
        self._run()
        return action

    def lose(self, seat: object) -> None:
        """The host's word that a guest's phone is gone for good
        (docs/FACE_DOWN.md, "The dropout rule"): a signed `gone` in the log.
        After the deal at three seats or more, every phone still there shows
        its piece of the lost phone's secret and this phone plays that seat
        on (`standin`); at two seats, or before the deal, the hand is void
        on every phone, with who left and when."""
        if not whole(seat) or seat not in self.guests():
            raise refuse(f"Platz {seat!r} ist kein Handy eines Gastes", f"seat {seat!r} is no guest's phone")
        own, relay = self.own(), self.relay
        if own is None or relay is None or self.verdicts.get(self.hand or 0) is not None:
            raise not_now("es wird gerade kein Spiel gespielt", "no hand is being played")
        if own.st.gone is not None:
            lost = own.st.gone[0]
            raise not_now(
                f"in diesem Spiel ist Platz {lost} schon gegangen; mehr trägt die Regel nicht",
                f"seat {lost} is gone in this hand already; the rule bears no more",
            )
        relay.lose(seat)
        # What the lost phone said and the relay holds back is never relayed:
        # from now on the host's phone speaks for that seat.
        self.gate = [m for m in self.gate if m["seat"] != seat]
        relay.early = {k: m for k, m in relay.early.items() if k[0] != seat}
        own.journal.append(["gone", seat])
        relay.post([own.st.log.seal({"kind": "gone", "seat": self.seat, "who": seat})])
        self._run()

    # -- a guest ------------------------------------------------------------

    def welcomed_by(self, frame: object) -> None:
        """The host's welcome: the table, its first record and every seat's
        long-term key; this phone's own key must be at its seat."""
        if not isinstance(frame, dict) or frame.get("type") != "welcome":
            raise refuse("das ist keine Einladung an den Tisch", "that is no welcome to the table")
        kinds, identities, table = frame.get("seats"), frame.get("identities"), frame.get("table")
        if not isinstance(table, str) or not 1 <= len(table) <= 64:
            raise refuse("der Tisch hat keinen Namen", "the table has no name")
        if not isinstance(kinds, list) or not isinstance(identities, list) or len(kinds) != len(identities):
            raise refuse("die Plätze des Tisches sind unlesbar", "the table's seats are unreadable")
        if not all(isinstance(k, dict) and k.get("kind") in ("human", "bot") for k in kinds):
            raise refuse("die Plätze des Tisches sind unlesbar", "the table's seats are unreadable")
        game = Game.from_record(frame.get("record"))
        if len(game.names) != len(kinds) or not 1 < self.seat <= len(kinds) or kinds[self.seat - 1].get("kind") != "human":
            raise refuse(f"Platz {self.seat} ist an diesem Tisch kein Handy", f"seat {self.seat} is no phone at this table")
        mine = base_multiple(self.keys[self.seat]).encode().hex()
        if identities[self.seat - 1] != mine:
            raise refuse("der Gastgeber nennt für dieses Handy einen anderen Schlüssel", "the host names another key for this phone")
        for s, k in enumerate(identities, 1):
            read_key(k, f"Der Schlüssel von Platz {s}")
        if game.hand is not None and not game.hand_over:
            raise refuse("das erste Spiel ist schon gegeben", "the first hand is dealt already")
        self.table, self.kinds, self.identities, self.before = table, kinds, identities, game.to_record()
        self.welcomed = True

    def receive(self, frame: object) -> None:
        """The host's next envelope; the first of a hand starts this phone's
        seat in it."""
        if not self.welcomed:
            raise not_now("dieses Handy ist noch nicht am Tisch", "this phone has not joined the table yet")
        if not isinstance(frame, dict) or frame.get("type") != "env" or not isinstance(frame.get("env"), dict):
            raise refuse("der Gastgeber hat keinen Umschlag geschickt", "the host sent no envelope")
        env, hand = frame["env"], frame.get("hand")
        pos = env.get("pos")
        if not whole(pos) or not whole(hand):
            raise refuse("der Umschlag hat keine Position", "the envelope has no position")
        if hand != self.hand:
            if self.hand is not None and self.verdicts.get(self.hand) is None:
                raise not_now(
                    f"ein Umschlag von Spiel {hand}, bevor Spiel {self.hand} zu Ende geprüft ist",
                    f"an envelope of hand {hand} before hand {self.hand} is checked",
                )
            game = self.next_game()
            if hand != len(game.specs) + 1 or pos != 1:
                raise refuse(f"ein Umschlag von Spiel {hand}, das nicht das nächste ist", f"an envelope of hand {hand}, not the next")
            self._computers(frame.get("computers"))
            self._begin(game, [self.seat])
            own = self.locals[self.seat]
            self.outbox += [{"type": "msg", "hand": self.hand, "msg": m} for m in own.st.start()]
        if pos <= len(self.envelopes):
            return  # had already: sent again after a reconnect
        if pos != len(self.envelopes) + 1:
            raise not_now(
                f"Umschlag {len(self.envelopes) + 1} fehlt; der Gastgeber schickt ihn noch einmal",
                f"envelope {len(self.envelopes) + 1} is missing; the host sends it again",
            )
        self.envelopes.append(env)
        out = self.locals[self.seat].receive(env)
        self.outbox += [{"type": "msg", "hand": self.hand, "msg": m} for m in out]
        self._settle()

    def _computers(self, given: object) -> None:
        """The host's keys for seats now played by its phone: only for the
        seat this phone saw said gone in the last hand, played on and
        checked; any other is refused, and nothing changes."""
        given = given or {}
        lost = self.lost_last()
        if not isinstance(given, dict):
            raise refuse("die Computerplätze des Gastgebers sind unlesbar", "the host's computer seats are unreadable")
        changes: dict[int, str] = {}
        for key, identity in given.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else None
            if seat is not None and seat in self.left and identity == self.identities[seat - 1]:
                continue  # told before
            if seat is None or seat != lost:
                raise refuse(
                    f"der Gastgeber will Platz {key} selbst spielen, der in keinem Spiel als gegangen galt",
                    f"the host would play seat {key} itself, which no hand said was gone",
                )
            changes[seat] = read_key(identity, f"Der Schlüssel von Platz {seat}").encode().hex()
        if lost is not None and lost not in changes and lost not in self.left:
            raise refuse(
                f"der Gastgeber sagt nicht, wer Platz {lost} spielt, dessen Handy gegangen ist",
                f"the host does not say who plays seat {lost}, whose phone is gone",
            )
        for seat, identity in changes.items():
            self.identities[seat - 1] = identity
            self.kinds[seat - 1] = {"kind": "bot", "level": APP_LEVELS[0]}
            self.left.add(seat)

    def unrelayed(self) -> list[Message]:
        """Its messages the host has not relayed back yet: after a reload it
        sends them again (the host takes each once)."""
        own = self.own()
        if own is None or self.role != "guest":
            return []
        log = own.st.log
        done = log.numbers.get(self.seat, 0)
        return [{"type": "msg", "hand": self.hand, "msg": json.loads(b)} for n, b in sorted(log.sent.items()) if n > done]

    # -- every phone --------------------------------------------------------

    def act(self, action: object) -> None:
        """This phone's person's action, as its own engine takes it."""
        own = self.own()
        if own is None or self.verdicts.get(self.hand or 0) is not None:
            raise not_now("es wird gerade kein Spiel gespielt", "no hand is being played")
        if not isinstance(action, dict) or action.get("seat") != self.seat:
            raise refuse(f"dieses Handy spielt nur für Platz {self.seat}", f"this phone plays for seat {self.seat} only")
        if own.awaiting:
            raise not_now("der letzte Zug ist noch unterwegs", "the last move is still on its way")
        if not own.st.settled():
            raise not_now("die Karten werden noch geöffnet", "the cards are still being opened")
        out = own.act(action)
        if self.relay is not None:
            self._post(out)
            self._run()
        else:
            self.outbox += [{"type": "msg", "hand": self.hand, "msg": m} for m in out]

    def _settle(self) -> None:
        """Once every phone has revealed, this phone's check of the hand."""
        own = self.own()
        if own is None or self.hand is None or self.hand in self.verdicts:
            return
        st = own.st
        void = st.void()
        if void is not None:  # the dropout rule's: every phone says who left and when
            self.verdicts[self.hand] = dict(void.to_json(), hand=self.hand)
        elif len(st.phone.reveals) == self.seats:
            v = st.check()
            self.verdicts[self.hand] = dict(v.to_json(), hand=self.hand)
            if v.status == "checked" and st.replayed is not None:
                self.after = st.replayed.to_record()

    def verdict(self, hand: int) -> dict[str, Any]:
        """This phone's word on `hand`: checked, the first fault, or why it
        is not checked: never nothing."""
        found = self.verdicts.get(hand)
        if found is not None:
            return found
        own = self.own()
        named = next((f for f in own.st.phone.faults if f.status == "fault"), None) if own and hand == self.hand else None
        if named is not None:  # seen during the hand: said at once
            v = named
        elif hand != self.hand or own is None:
            v = Verdict.unchecked(f"dieses Handy hat Spiel {hand} nicht mitgespielt", f"this phone did not play hand {hand}")
        elif not own.st.revealed:
            v = Verdict.unchecked("das Spiel läuft noch", "the hand is still being played")
        else:
            waiting = ", ".join(str(s) for s in range(1, self.seats + 1) if s not in own.st.phone.reveals)
            v = Verdict.unchecked(f"Platz {waiting} hat sein Geheimnis noch nicht gezeigt", f"seat {waiting} has not shown its secret yet")
        return dict(v.to_json(), hand=hand)

    def state(self) -> dict[str, Any]:
        """What this phone shows: its own seat's view (its cards, what is
        face up), what it may do, and its word on every hand."""
        own = self.own()
        shown: dict[str, Any] | None = None
        legal: list[dict[str, Any]] = []
        phase = "waiting"
        over = False
        if own is not None:
            st = own.st
            if st.settled():
                game = st.engine()
                shown, over = view(game, self.seat), game.hand_over
                legal = [] if self.hand in self.verdicts else own.offered()
                phase = "checked" if self.hand in self.verdicts else "checking" if over else "playing"
            else:
                shown = st.shown[max(st.shown)] if st.shown else None
                phase = "dealing" if shown is None else "playing"
        last = self.hand
        return {
            "seat": self.seat,
            "role": self.role,
            "hand": last,
            "phase": phase,
            "view": shown,
            "legal": legal,
            "due": shown["due"] if shown else [],
            "hand_over": over,
            "game_over": bool(shown and shown.get("game_over")),
            "verdict": self.verdict(last) if last is not None else None,
            "verdicts": [self.verdicts[h] for h in sorted(self.verdicts)],
            "joined": self.welcomed,
            # This phone's moves the relay refused in this hand, with its words.
            "refused": [
                {
                    "action": r["message"].get("action") or {"seat": self.seat, "type": "play", "card": r["message"].get("card")},
                    "de": r["de"],
                    "en": r["en"],
                }
                for r in own.st.refused
            ]
            if own
            else [],
            "received": len(self.envelopes),  # envelopes of the hand taken: `facedown_resend` goes on from the next
            "gone": self.gone(),
            "left": sorted(self.left),  # seats whose phones were lost, played by the host's phone since
        }

    def gone(self) -> dict[str, Any] | None:
        """Who the host said was gone in this hand, and when: every phone
        shows it. `void`: the hand is void; else the host's phone plays that
        seat on."""
        own = self.own()
        if own is None or own.st.gone is None:
            return None
        lost, after = own.st.gone
        void = own.st.void()
        if void is not None:
            return {"seat": lost, "after": after, "void": True, "de": void.de, "en": void.en}
        name = own.st.names[lost - 1]
        return {
            "seat": lost,
            "after": after,
            "void": False,
            "de": f"Platz {lost} ({name}) ging nach Zug {after}; das Handy des Gastgebers spielt für Platz {lost} weiter",
            "en": f"seat {lost} ({name}) left after action {after}; the host's phone plays on for seat {lost}",
        }

    # -- the save -----------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        hand = None
        if self.hand is not None:
            hand = {
                "number": self.hand,
                "envelopes": self.envelopes,
                "seats": {str(s): local.to_json() for s, local in self.locals.items()},
                "early": list(self.relay.early.values()) if self.relay is not None else [],
                "gate": self.gate,
            }
        return {
            "format": FORMAT,
            "role": self.role,
            "seat": self.seat,
            "table": self.table,
            "record": self.before,
            "after": self.after,
            "seats": self.kinds,
            "identities": self.identities,
            "keys": {str(s): encode_scalar(k).hex() for s, k in self.keys.items()},
            "welcomed": self.welcomed,
            "left": sorted(self.left),
            "verdicts": [self.verdicts[h] for h in sorted(self.verdicts)],
            "hand": hand,
        }

    @classmethod
    def from_save(cls, save: object, phone: Callable[..., Phone] = Phone) -> FaceDownTable:
        """The table as a save left it: each seat's journal played again on
        a fresh `Seat` with its kept secret and seed, saying again what it
        said (`Log.resent`)."""
        if not isinstance(save, dict) or save.get("format") != FORMAT or save.get("role") not in ("host", "guest"):
            raise refuse("das ist keine Sicherung eines verdeckten Tisches", "that is no save of a face-down table")
        try:
            keys = {int(s): read_secret(k) for s, k in dict(save["keys"]).items()}
            t = cls(
                save["role"], int(save["seat"]), str(save["table"]), save["record"], list(save["seats"]), list(save["identities"]), keys
            )
            t.phone = phone
            t.welcomed = bool(save["welcomed"])
            t.left = {int(s) for s in save.get("left", [])}
            t.after = save.get("after")
            t.verdicts = {int(v["hand"]): dict(v) for v in save["verdicts"]}
            hand = save.get("hand")
            if hand is not None:
                t._restore(hand)
        except (KeyError, TypeError, ValueError, IndexError, SchraemError) as e:
            if isinstance(e, InvalidAction) and e.code == "bad_request":
                raise
            raise refuse(
                f"die Sicherung des verdeckten Tisches ist beschädigt ({e})", f"the save of the face-down table is damaged ({e})"
            ) from e
        return t

    def _restore(self, hand: dict[str, Any]) -> None:
        self.hand = int(hand["number"])
        self.envelopes = list(hand["envelopes"])
        publics = self.publics()
        for key, kept in dict(hand["seats"]).items():
            s = int(key)
            secret = read_secret(kept["secret"])
            if not 0 < secret < ORDER:
                raise ValueError("a secret out of range")
            st = Seat(
                self.before,
                s,
                self.table,
                identity=self.keys[s],
                identities=publics,
                host=1,
                secret=secret,
                seed=bytes.fromhex(kept["seed"]),
                phone=self.phone,
            )
            st.log.resent = {int(m["n"]): m for m in kept["sent"]}
            local = self.locals[s] = Local(st, self.bots().get(s))
            for entry in kept["journal"]:
                if entry[0] == "start":
                    st.start()
                elif entry[0] == "env":
                    local.take(self.envelopes[int(entry[1]) - 1])
                elif entry[0] == "gone":
                    st.log.seal({"kind": "gone", "seat": s, "who": int(entry[1])})
                elif entry[0] == "standin":
                    if st.standin is None:
                        raise ValueError("a stand-in's move before the stand-in")
                    st.standin.act(entry[1])
                elif entry[0] == "refuse":
                    local.refusal(int(entry[1]), int(entry[2]), (str(entry[3]), str(entry[4])))
                else:
                    st.act(entry[1])
                    local.awaiting += 1
            local.journal = [list(e) for e in kept["journal"]]
        if self.role == "host" and self.locals:
            self._host_relay()
            relay = self.relay
            assert relay is not None
            relay.log = [json.dumps(e, separators=(",", ":")) for e in self.envelopes]
            relay.chain = bytes.fromhex(self.envelopes[-1]["chain"]) if self.envelopes else chain_start(relay.context)
            for e in self.envelopes:
                relay.numbers[e["msg"]["seat"]] = e["msg"]["n"]
                if e["msg"].get("kind") == "gone" and e["msg"]["seat"] == self.seat:
                    relay.lose(int(e["msg"]["who"]))
            relay.early = {(m["seat"], m["n"]): m for m in hand.get("early", [])}
            self.gate = list(hand.get("gate", []))


def new_identity() -> int:
    """A phone's long-term key for the table, drawn with `secrets`."""
    return random_scalar()
