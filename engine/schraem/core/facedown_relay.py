"""The host's relay of a hand dealt face down (core/facedown.py): it passes
every phone's message to every phone and keeps the log."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from ..crypto import Element, KeyProof, verify_signature
from .facedown_deck import key_table
from .facedown_log import chain_next, chain_start, envelope, signed_bytes
from .facedown_wire import Message


class Receiver(Protocol):
    """A phone as the relay sees it: it takes a message and answers."""

    def receive(self, message: Message) -> list[Message]: ...


# --- the relay ---------------------------------------------------------------


class Relay:
    """The host's relay: every message goes, as JSON text, to every phone
    (the sender's too, so each phone's record is whole), and is recorded. It
    holds no secret of its own; the host's phone is one of the phones."""

    def __init__(self, phones: Sequence[Receiver]) -> None:
        self.phones = list(phones)
        self.log: list[str] = []
        self._queue: list[str] = []

    def post(self, messages: Sequence[Message]) -> None:
        self._queue.extend(json.dumps(m, separators=(",", ":")) for m in messages)

    def run(self) -> None:
        """Deliver until nothing more is said."""
        while self._queue:
            text = self._queue.pop(0)
            self.log.append(text)
            for phone in self.phones:
                self.post(phone.receive(json.loads(text)))

    def say(self, messages: Sequence[Message]) -> None:
        self.post(messages)
        self.run()


class HostRelay(Relay):
    """The host's relay at a table of phones that sign: each message, once
    its sender's signature holds, goes to every phone in an envelope with
    its position, the log's running hash and the host's signature
    (core/facedown_log.py). The log keeps the envelopes."""

    def __init__(
        self,
        phones: Sequence[Receiver],
        context: bytes,
        host_secret: int,
        identities: Sequence[Element],
        host: int = 1,
        own: Sequence[int] = (),
    ) -> None:
        super().__init__(phones)
        self.host = host  # the seat of the host's phone
        self.own = {host, *own}  # the seats this phone plays (the host's, the computers')
        self.context = context
        self.host_secret = host_secret
        self.identities = list(identities)
        self.chain = chain_start(context)
        self.refused: list[Message] = []  # messages their senders did not sign
        self.lost: set[int] = set()  # seats gone for good: the host signs for them
        # The last number relayed from each sender, and messages that came
        # before their turn: a phone that reloads sends again what it is not
        # sure arrived, and the log must hold each message once, in its
        # sender's order.
        self.numbers: dict[int, int] = {}
        self.early: dict[tuple[int, int], Message] = {}
        # Signatures known good: a guest's message checked on arrival
        # (bridge/facedown_host.py) is not checked again here, nor what this
        # phone's own seats say. Each check is two multiplications, about
        # 5 ms inside Pyodide, several a tap.
        self.vouched: set[tuple[int, bytes, str]] = set()
        # Envelopes in the log that this phone's own seats have not taken
        # yet (`run(deliver=False)`): the host sends some on before its own
        # seats work on them (a request answered, a pass made: tens of
        # milliseconds the other phones would wait for).
        self.pending: list[str] = []

    def lose(self, seat: int) -> None:
        """A phone gone for good: nothing more goes to it, and what is said
        in its seat's name from now on the host's phone says."""
        self.lost.add(seat)

    def run(self, deliver: bool = True) -> None:
        """Every message said put in the log, in an envelope; with
        `deliver`, each envelope then taken by this phone's own seats, and
        what they say in turn, until the table is quiet. Without, the
        envelopes wait in `pending` (the log, and what goes out, is the
        same either way)."""
        while True:
            self._sequence()
            if not deliver or not self.pending:
                return
            text = self.pending.pop(0)
            for seat, phone in enumerate(self.phones, 1):
                if seat not in self.lost:
                    said = self.deliver(phone, json.loads(text))
                    if seat in self.own:
                        for m in said:
                            self.vouch(m)
                    self.post(said)

    def _sequence(self) -> None:
        while self._queue:
            message = json.loads(self._queue.pop(0))
            if not self.signed(message):
                self.refused.append(message)
                continue
            seat, n = message["seat"], message.get("n")
            last = self.numbers.get(seat, 0)
            if not isinstance(n, int) or isinstance(n, bool) or n <= last:
                continue  # said again after a reload, or no number: never twice in the log
            if n > last + 1:
                self.early[(seat, n)] = message
                continue
            self.numbers[seat] = n
            follows = self.early.pop((seat, n + 1), None)
            if follows is not None:
                self._queue.insert(0, json.dumps(follows, separators=(",", ":")))
            pos = len(self.log) + 1
            self.chain = chain_next(self.chain, message)
            text = json.dumps(envelope(self.context, pos, self.chain, message, self.host_secret), separators=(",", ":"))
            self.log.append(text)
            self.pending.append(text)

    def signed(self, message: Message) -> bool:
        """The host relays only what its sender signed: a message it passed
        on unsigned would name it."""
        seat = message.get("seat")
        try:
            signature = KeyProof.decode(bytes.fromhex(str(message.get("sig"))))
        except ValueError:
            return False
        if not isinstance(seat, int) or not 1 <= seat <= len(self.identities):
            return False
        signer = self.host if seat in self.lost else seat
        data = signed_bytes(self.context, message)
        if (signer, data, str(message.get("sig"))) in self.vouched:
            return True
        key = key_table(self.identities[signer - 1].encode())
        if not verify_signature(key, data, signature):
            return False
        self.vouch(message, data)
        return True

    def vouch(self, message: Message, data: bytes | None = None) -> None:
        """A message whose signature needs no check here (checked once, or
        signed by this phone's own seats); `data`, its signed bytes if known."""
        seat = message.get("seat")
        if not isinstance(seat, int) or not 1 <= seat <= len(self.identities):
            return
        if len(self.vouched) >= 256:
            self.vouched.clear()
        signer = self.host if seat in self.lost else seat
        self.vouched.add((signer, data or signed_bytes(self.context, message), str(message.get("sig"))))

    def deliver(self, phone: Receiver, env: Message) -> list[Message]:
        return phone.receive(env)
