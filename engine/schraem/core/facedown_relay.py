"""The host's relay of a hand dealt face down (core/facedown.py): it passes
every phone's message to every phone and keeps the log."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

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
