"""The host's side of a face-down table (bridge/facedown_table.py): it
deals, relays every phone's message to every phone in order, holds an
action back until its own engine has taken every action before it, and
says a guest's phone is gone for good."""

from __future__ import annotations

import json

from ..core.facedown_game import Seat
from ..core.facedown_wire import Message
from ..core.game import Game
from ..crypto import base_multiple
from .facedown_base import ACTIONS, TableBase, computer, new_identity, not_now, read_key, refuse, whole

# A guest's messages that set this phone's own seats to work the other
# phones wait for, or could start their own on: the last key (this phone's
# pass), a pass (the last: this phone's request for its cards), a request
# (this phone's shares), the last reveal (every phone's check after the
# hand). The host sends them on before its seats take them (`settle`), at
# the cost of a second save; anything else (a share, a card's share, a
# piece, a log) its seats take first, as they take it in a few milliseconds.
SENT_ON_FIRST = ("key", "shuffle", "open", "reveal")


class HostSide(TableBase):
    # -- the table code (core/facedown_code.py) -------------------------------

    def take_commit(self, seat: object, commit: object) -> Message | None:
        """A guest's commitment, from the channel opened for `seat`. → the
        frame every guest gets once every seat's is in (null before): all
        the commitments; this phone reveals its own seats' keys only then."""
        r = self.code_round
        if r is None or (self.hand is not None and self.recode is None):
            raise not_now("Plätze vergibt der Gastgeber vor dem ersten Spiel", "the host gives seats before the first hand")
        if not whole(seat) or seat not in self.guests():
            raise refuse(f"Platz {seat!r} ist kein Platz eines Gastes", f"seat {seat!r} is no guest's seat")
        if not r.committed():
            # No list has gone out: a guest's phone that joined again (its
            # page closed while joining) commits anew, and nobody has shown
            # a key yet that the new commitment could depend on.
            r.commits[seat - 1] = None
        r.commit(seat, commit)
        return self.commits_frame()

    def commits_frame(self) -> Message | None:
        r = self.code_round
        if r is None or not r.committed():
            return None
        r.reveals()
        return {"type": "commits", "commits": r.commits}

    def take_reveal(self, seat: object, identity: object, nonce: object) -> Message | None:
        """A guest's long-term key and nonce, checked against its commitment
        (refused before every seat's commitment is in). → the welcome every
        guest gets once every seat's key is in (null before), kept to send
        again."""
        r = self.code_round
        if r is None or (self.hand is not None and self.recode is None):
            raise not_now("Plätze vergibt der Gastgeber vor dem ersten Spiel", "the host gives seats before the first hand")
        if not whole(seat) or seat not in self.guests():
            raise refuse(f"Platz {seat!r} ist kein Platz eines Gastes", f"seat {seat!r} is no guest's seat")
        key = read_key(identity, f"Der Schlüssel von Platz {seat}").encode().hex()
        if key in [k for s, k in enumerate(self.identities, 1) if s != seat]:
            raise refuse("diesen Schlüssel hat schon ein anderer Platz", "another seat has this key already")
        self.identities[seat - 1] = r.reveal(seat, key, nonce)
        welcome = self.welcome()
        if welcome is not None:
            self.opened = welcome
        return welcome

    def deal(self) -> None:
        """The host's "next hand": its seat and the computers' start, and
        what they say goes out to every guest. After a hand void before its
        deal the same hand is dealt again, a new round of the protocol."""
        self._ready_to_deal()
        game, retry = self.next_game()
        self._deal(game, self.game, retry)

    def again(self) -> None:
        """The host's "Nochmal": the next game's first hand, to the same
        phones, once every hand of this one is checked here."""
        self._ready_to_deal()
        self._deal(self.next_match(), self.game + 1, 0)

    def may_deal(self) -> bool:
        """Whether the host's next deal would be taken now: every phone is in
        and this phone checked the last hand (while the next is dealt, or
        the last is still checked, it is not: the button waits)."""
        return self.role == "host" and self.all_in() and (self.hand is None or self.hand in self.verdicts)

    def all_in(self) -> bool:
        """Whether every phone is in: every key known and the table code
        settled (or the table was welcomed before the phones drew one)."""
        if self.taking is not None:
            return False  # a table being taken over deals once every phone is in its new code
        return self.welcomed and (self.uncoded or (None not in self.identities and self.code() is not None))

    def _ready_to_deal(self) -> None:
        if not self.all_in():
            raise not_now("noch sind nicht alle Handys am Tisch", "not every phone has joined yet")
        if self.hand is not None and self.verdicts.get(self.hand) is None:
            raise not_now("das Spiel läuft noch", "the hand is still being played")

    def _deal(self, game: Game, number: int, retry: int) -> None:
        lost = self.lost_last()
        if lost is not None:
            # That seat's phone is gone for good: from this hand on this
            # phone plays it as a computer seat, with a key of its own.
            key = new_identity()
            self.keys[lost] = key
            self.identities[lost - 1] = base_multiple(key).encode().hex()
            self.kinds[lost - 1] = computer()
            self.left.add(lost)
        self._start_round(number, retry)
        self._begin(game, [self.host, *self.bots()])
        self._host_relay()
        assert self.relay is not None
        for local in self.locals.values():
            self._post(local.st.start())
        self._run()

    def _post(self, messages: list[Message]) -> None:
        """This phone's seats' messages, and a guest's once its signature
        held: none is checked again before it is relayed."""
        for m in messages:
            if m.get("kind") in ACTIONS:
                self.gate.append(m)
            else:
                self._relay([m])

    def _relay(self, messages: list[Message]) -> None:
        relay = self.relay
        assert relay is not None
        for m in messages:
            relay.vouch(m)
        relay.post(messages)

    def _run(self) -> None:
        """Relay until the table is quiet. An action is relayed once the
        host's own engine has taken every action before it, and only if the
        rules it can see take it (two knocks at once: the later one is
        refused, in the log, so that every phone skips it alike)."""
        relay = self.relay
        assert relay is not None
        judge = self.locals[self.host]
        while True:
            before = len(relay.log)
            relay.run()
            self._logged(before)
            if not self.gate or judge.st.waiting:
                break
            m = self.gate.pop(0)
            why = judge.st.judge(m)
            self._relay([m] if why is None else [judge.refuse(m, why), m])
        self._settle()

    def _logged(self, before: int) -> None:
        """The envelopes the relay put in its log from `before` on: kept,
        and sent to every guest."""
        assert self.relay is not None
        for text in self.relay.log[before:]:
            env = json.loads(text)
            self.envelopes.append(env)
            if self.guests():
                self.outbox.append(self._frame(env))

    def unsettled(self) -> bool:
        """Whether envelopes already sent wait for this phone's own seats
        (`take` sends a guest's message on first): `settle` then."""
        return self.relay is not None and bool(self.relay.pending)

    def settle(self) -> None:
        """This phone's own seats take what was sent on before they did, and
        the table runs until it is quiet."""
        if self.relay is not None:
            self._run()

    def take(self, seat: object, frame: object) -> None:
        """A guest's frame, from the channel opened for `seat`."""
        if not whole(seat) or seat not in self.guests():
            raise refuse(f"Platz {seat!r} ist kein Handy eines Gastes", f"seat {seat!r} is no guest's phone")
        if not isinstance(frame, dict) or frame.get("type") != "msg" or not isinstance(frame.get("msg"), dict):
            raise refuse(f"Platz {seat} hat keine Nachricht geschickt", f"seat {seat} sent no message")
        said = (frame.get("epoch", 0), frame.get("game", 1), frame.get("retry", 0), frame.get("hand"))
        if self.relay is None or said != (self.epoch, self.game, self.retry, self.hand):
            raise not_now(
                f"die Nachricht von Platz {seat} gehört zu Spiel {frame.get('hand')!r}, nicht zu diesem",
                f"the message of seat {seat} belongs to hand {frame.get('hand')!r}, not this one",
            )
        msg = frame["msg"]
        phone = self.phone_of(seat)  # (the seat's phone in the hand: in a Hängeln its players' come first)
        if msg.get("seat") != phone or not self.relay.signed(msg):
            raise refuse(
                f"die Nachricht kommt nicht unterschrieben vom Handy von Platz {seat}",
                f"the message does not come signed by the phone of seat {seat}",
            )
        for held in [m for m in self.gate if m["seat"] == phone]:
            # It says more while its action waits: it acted before it saw the
            # cards before it opened (and what it says now may be what they
            # wait for).
            self.gate.remove(held)
            why = ("zu früh, die letzte Karte war noch nicht offen", "too early, the last card was not open yet")
            self._relay([self.locals[self.host].refuse(held, why), held])
        self._post([msg])
        if msg.get("kind") not in SENT_ON_FIRST or self.gate:
            # (An action is judged by this phone's engine as it stands after
            # every envelope before it.)
            self._run()
            return
        # Goes on to every guest at once, in its envelope; this phone's own
        # seats take it when the shell asks to `settle` (after the frames
        # went out), or with the next request that runs the table.
        before = len(self.relay.log)
        self.relay.run(deliver=False)
        self._logged(before)

    def resend(self, pos: object, waits: bool = False) -> list[Message]:
        """Every envelope of the hand from position `pos` on, for a guest
        that reloaded or lost its channel. A guest that `waits` for the
        welcome (it showed its key, and its channel dropped before the
        welcome came) is sent the welcome made last first and, when it
        opened the game under way, every envelope of its hand: the guest's
        position is in the hand before."""
        opened = self.opened if waits and self.recode is None else None
        if opened is not None and (opened.get("game", 1) == self.game or not self.envelopes):
            # (Nothing dealt since it: its game is the next, after a game over.)
            pos = 1
        if not whole(pos) or not 1 <= pos <= len(self.envelopes) + 1:
            raise refuse(f"Position {pos!r} gibt es in diesem Spiel nicht", f"there is no position {pos!r} in this hand")
        return ([opened] if opened is not None else []) + [self._frame(e) for e in self.envelopes[pos - 1 :]]

    def _frame(self, env: Message) -> Message:
        """An envelope as every guest gets it; the hand's first carries the
        keys of the seats whose phones were lost before it, each now a
        computer seat of this phone's with a key of its own."""
        frame: Message = {"type": "env", "game": self.game, "retry": self.retry, "hand": self.hand, "env": env}
        if self.epoch:
            frame["epoch"] = self.epoch
        if env.get("pos") == 1 and self.left:
            frame["computers"] = {str(s): self.identities[s - 1] for s in sorted(self.left)}
        return frame

    def standin(self) -> Seat | None:
        """On the host's phone, the seat of a phone gone for good that it
        plays on (core/facedown_game.py `Seat.standin`), once its secret is
        recovered."""
        own = self.locals.get(self.host) if self.role == "host" else None
        return own.st.standin if own is not None else None

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
            lost = self.seat_of(own.st.gone[0])
            raise not_now(
                f"in diesem Spiel ist Platz {lost} schon gegangen; mehr trägt die Regel nicht",
                f"seat {lost} is gone in this hand already; the rule bears no more",
            )
        phone = self.phone_of(seat)
        relay.lose(phone)
        # What the lost phone said and the relay holds back is never relayed:
        # from now on the host's phone speaks for that seat.
        self.gate = [m for m in self.gate if m["seat"] != phone]
        relay.early = {k: m for k, m in relay.early.items() if k[0] != phone}
        own.journal.append(["gone", phone])
        self._relay([own.st.log.seal({"kind": "gone", "seat": own.st.seat, "who": phone})])
        self._run()
