"""The table code: the phones' long-term keys at a face-down table, checked
by the people at it (docs/FACE_DOWN.md, "The table code").

The host's phone relays every message, the long-term keys too, so a changed
host app could show one guest a key of its own in place of another guest's
and read the shares meant for that guest. Every phone therefore shows a short
code made from every seat's key, and the people see that the codes are the
same: a short authentication string, made unforgeable by committing first
(as ZRTP's and Bluetooth's numeric comparison do).

Each phone draws a fresh 32-byte nonce for each seat it speaks for (the
host's: its own and the computers') and first says only a commitment,
SHA-512 of a label, the seat, its key and the nonce. Only once it holds
the commitment of every seat does it reveal key and nonce. Every phone
checks every reveal against its commitment, and the code is a hash of all
seats' keys and nonces in seat order, six digits. A host that gives one
phone another key for a seat had to commit to it before the last honest
nonce was revealed, so it cannot steer the two phones' codes to agree: they
agree by chance, about once in a million tries, and every failed try shows
as two codes that differ.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from .errors import Both, InvalidAction
from .facedown_deck import LABEL, digest, int_bytes

NONCE = 32  # bytes of each nonce, drawn with `secrets`
COMMIT = 32  # bytes of a commitment kept: SHA-512 cut to 256 bits
DIGITS = 6


def refuse(de: str, en: str) -> InvalidAction:
    return InvalidAction("bad_request", detail=Both(de, en))


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE)


def commitment(seat: int, key: str, nonce: bytes) -> str:
    """The commitment a phone says for `seat` before it reveals its key
    (hex of its encoding) and nonce."""
    return digest(LABEL, b"table-code-commit", int_bytes(seat), bytes.fromhex(key), nonce)[:COMMIT].hex()


def table_code(keys: list[str], nonces: list[str]) -> str:
    """Six digits from every seat's key and nonce in seat order, as people
    read them out: "482 193". Nothing the host could choose after the last
    reveal goes in (not the table's name): it could try names until two
    codes agree."""
    items = [int_bytes(len(keys))] + [bytes.fromhex(k) + bytes.fromhex(n) for k, n in zip(keys, nonces, strict=True)]
    value = int.from_bytes(digest(LABEL, b"table-code", *items)[:8], "big") % 10**DIGITS
    return f"{value // 1000:03d} {value % 1000:03d}"


def _hex(value: object, size: int) -> str | None:
    if not isinstance(value, str) or len(value) != 2 * size:
        return None
    try:
        return bytes.fromhex(value).hex()
    except ValueError:
        return None


class CodeRound:
    """One phone's side of the round: every seat's commitment, then every
    seat's key and nonce, and the code once all are in. `own` are the seats
    this phone speaks for, each with its key (hex) and nonce."""

    def __init__(self, seats: int, own: Mapping[int, tuple[str, bytes]]) -> None:
        self.seats = seats
        self.own = dict(own)
        self.commits: list[str | None] = [None] * seats
        self.keys: list[str | None] = [None] * seats
        self.nonces: list[str | None] = [None] * seats
        for s, (key, nonce) in self.own.items():
            self.commits[s - 1] = commitment(s, key, nonce)

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.seats:
            raise refuse(f"Platz {seat!r} gibt es an diesem Tisch nicht", f"there is no seat {seat!r} at this table")
        return seat

    def commit(self, seat: object, value: object) -> None:
        """A seat's commitment; the same one again changes nothing, another
        one is refused: a seat commits once."""
        s = self._seat(seat)
        c = _hex(value, COMMIT)
        if c is None:
            raise refuse(f"die Zusage von Platz {s} ist unlesbar", f"the commitment of seat {s} is unreadable")
        if self.commits[s - 1] not in (None, c):
            raise refuse(f"Platz {s} hat schon eine andere Zusage gegeben", f"seat {s} has given another commitment already")
        self.commits[s - 1] = c

    def committed(self) -> bool:
        return all(c is not None for c in self.commits)

    def missing(self) -> list[int]:
        return [s for s, c in enumerate(self.commits, 1) if c is None]

    def _all_committed(self, what: tuple[str, str]) -> None:
        if not self.committed():
            waiting = ", ".join(str(s) for s in self.missing())
            raise refuse(
                f"{what[0]}, bevor die Zusage von Platz {waiting} da ist",
                f"{what[1]} before the commitment of seat {waiting} is in",
            )

    def reveals(self) -> dict[int, tuple[str, str]]:
        """This phone's keys and nonces, by seat: only once it holds every
        seat's commitment, so that nobody can choose a key or nonce after
        seeing one of its nonces."""
        self._all_committed(("kein Schlüssel wird gezeigt", "no key is shown"))
        for s, (key, nonce) in self.own.items():
            self.keys[s - 1], self.nonces[s - 1] = key, nonce.hex()
        return {s: (key, nonce.hex()) for s, (key, nonce) in self.own.items()}

    def reveal(self, seat: object, key: object, nonce: object) -> str:
        """A seat's key and nonce, checked against its commitment; → the key.
        A reveal before every commitment is in is refused, and one that does
        not match names its seat."""
        s = self._seat(seat)
        self._all_committed((f"Platz {s} zeigt seinen Schlüssel", f"seat {s} shows its key"))
        k, n = _hex(key, 32), _hex(nonce, NONCE)
        if k is None or n is None or commitment(s, k, bytes.fromhex(n)) != self.commits[s - 1]:
            raise refuse(
                f"Platz {s}: Schlüssel und Zufallszahl passen nicht zu seiner Zusage",
                f"seat {s}: its key and nonce do not match its commitment",
            )
        if self.keys[s - 1] not in (None, k) or self.nonces[s - 1] not in (None, n):
            raise refuse(f"Platz {s} hat schon anderes gezeigt", f"seat {s} has shown something else already")
        self.keys[s - 1], self.nonces[s - 1] = k, n
        return k

    def code(self) -> str | None:
        """The table's code, once every seat's key and nonce are in."""
        keys, nonces = self.keys, self.nonces
        if any(k is None for k in keys) or any(n is None for n in nonces):
            return None
        return table_code([k for k in keys if k], [n for n in nonces if n])

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "own": {str(s): [k, n.hex()] for s, (k, n) in self.own.items()},
            "commits": self.commits,
            "keys": self.keys,
            "nonces": self.nonces,
        }

    @classmethod
    def from_json(cls, data: Any) -> CodeRound:
        r = cls(int(data["seats"]), {int(s): (str(k), bytes.fromhex(n)) for s, (k, n) in dict(data["own"]).items()})
        for name in ("commits", "keys", "nonces"):
            values = list(data[name])
            if len(values) != r.seats or not all(v is None or isinstance(v, str) for v in values):
                raise ValueError(f"the table code's {name} are unreadable")
            setattr(r, name, values)
        return r
