"""A sealed answer (core/facedown_open.py): one phone's shares of another
seat's cards, readable by that seat alone while the host relays them, and
by every phone once the sender shows the answer's key.

The key of phone i's answer to seat h's request n is a hash of the
Diffie–Hellman value x_i·X_h of the two phones' keys for the hand (the
same as x_h·X_i, so both ends work it out), the hand, both seats and the
request; the answer's bytes are XORed with SHAKE256 (FIPS 202) of that
key as a stream. A key serves one answer only, so showing it (the sender's
shares of those cards, ahead of their plays) shows no other answer; once
the secrets are revealed after the hand, every phone works every key out.

An answer holds the shares, their one proof (the batched Chaum–Pedersen
proof of RFC 9497 §2.2.1 over the places' C1 and the shares) and the
decode hints of its elements (crypto/hints.py), in that order."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..crypto import Element, EqualLogsProof, decode_hints, take_hints
from .facedown_deck import LABEL, digest, int_bytes
from .facedown_wire import BadMessage, read_element, read_logs_proof

# The protocol's form with sealed answers, which each phone says it speaks
# with its key; a table where every phone does deals in it.
SEALED = 2


def answer_key(dh: Element, context: bytes, sender: int, holder: int, number: int) -> bytes:
    """The key of `sender`'s answer to `holder`'s request `number`."""
    return digest(LABEL, b"sealed answer", context, int_bytes(sender), int_bytes(holder), int_bytes(number), dh.encode())[:32]


def _xor_stream(key: bytes, data: bytes) -> bytes:
    stream = hashlib.shake_256(LABEL + b" sealed answer stream" + key).digest(len(data))
    return (int.from_bytes(data, "little") ^ int.from_bytes(stream, "little")).to_bytes(len(data), "little")


def sealed_size(count: int) -> int:
    """The bytes of an answer of `count` shares: the shares, the proof (two
    elements and a scalar), a hint for each element."""
    return 32 * count + 96 + 32 * (count + 2)


def seal_answer(key: bytes, shares: Sequence[Element], proof: EqualLogsProof) -> bytes:
    encoded = [s.encode() for s in shares]
    said = proof.encode()
    hints = decode_hints([*encoded, said[:32], said[32:64]])
    return _xor_stream(key, b"".join(encoded) + said + hints)


def open_answer(key: bytes, data: bytes, count: int) -> tuple[list[tuple[Element, bytes]], EqualLogsProof, str]:
    """The shares of a sealed answer (each with its bytes), its proof and
    the proof as hex; `BadMessage` where the bytes are no answer (a
    wrong key, or a sender that sealed something else)."""
    if len(data) != sealed_size(count):
        raise BadMessage("not a sealed answer")
    plain = _xor_stream(key, data)
    end = 32 * count
    elements = [plain[i : i + 32] for i in range(0, end + 64, 32)]
    take_hints(elements, plain[end + 96 :])
    shares = [read_element(e.hex()) for e in elements[:count]]
    said = plain[end : end + 96].hex()
    return shares, read_logs_proof(said), said


def _read_bytes(value: object, size: int, what: str) -> bytes:
    try:
        data = bytes.fromhex(value) if isinstance(value, str) else b""
    except ValueError as e:
        raise BadMessage(f"not {what}") from e
    if len(data) != size:
        raise BadMessage(f"not {what}")
    return data


def read_sealed(value: object, count: int) -> bytes:
    """A sealed answer's field, as bytes of the size `count` shares take."""
    return _read_bytes(value, sealed_size(count), "a sealed answer")


def read_key(value: object) -> bytes:
    """An answer's key as it is shown."""
    return _read_bytes(value, 32, "a key")
