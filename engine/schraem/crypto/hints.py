"""Decode hints: reading an element for a few multiplications where DECODE
costs an exponentiation.

DECODE's inverse square root is most of the cost of reading an element.
Whoever made the element knows its point, and finds that root for a few
multiplications (with one inversion for many elements, Montgomery's
trick); whoever reads it checks a root it is given with three: r is
SQRT_RATIO_M1(1, w)'s answer exactly when r is non-negative and
r²·w = 1, that root being unique. A hint that does not hold is no
fault, only no help: the element is then decoded in full, so a hint never
changes what bytes decode to, or whether they do.

A phone's messages carry the hints of the elements it made
(core/facedown_wire.py, `with_hints`), and a phone takes a message's hints
before it reads it (`take_message_hints`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .field import SQRT_M1, P, batch_inverse, field_abs
from .ristretto import (
    InvalidEncoding,
    Point,
    decode_ratio,
    encoded_point,
    keep_hinted,
)

_NO_HINT = bytes(32)


def _hint(data: bytes, point: Point, inverse: int) -> bytes:
    """The non-negative 1/√(v·u2²) of DECODE for the encoding `data` of
    `point`, given inverse = 1/(Z·2s·u2). DECODE gives x = |2s·u2·r| for one
    point of the class: ±X/Z, or ±√-1·Y/Z (the class's other points), so
    r is |x/(2s·u2)| for one of them."""
    x, y, _, _ = point
    w = decode_ratio(int.from_bytes(data, "little"))[3]
    for candidate in (x * inverse % P, y * SQRT_M1 % P * inverse % P):
        r = field_abs(candidate)
        if r * r % P * w % P == 1:
            return r.to_bytes(32, "little")
    return _NO_HINT


def decode_hints(encodings: Sequence[bytes]) -> bytes:
    """A decode hint for each encoding, 32 bytes each, in order: for those
    this process encoded (ENCODE keeps the point), zeros for any other (and
    for the identity). About a tenth of a DECODE each, for many at once."""
    made = [(e, encoded_point(e)) for e in encodings]
    found = [(e, pt) for e, pt in made if pt is not None and any(e)]
    dens = []
    for e, (_, _, z, _) in found:
        s = int.from_bytes(e, "little")
        dens.append(z * 2 * s % P * (1 + s * s) % P)
    hints = {e: _hint(e, pt, inv) for (e, pt), inv in zip(found, batch_inverse(dens) if dens else [])}
    return b"".join(hints.get(e, _NO_HINT) for e, _ in made)


def take_hints(encodings: Sequence[bytes], hints: bytes) -> None:
    """Decode each encoding with its hint (32 bytes each, in order) and keep
    the point for when it is read. Encodings that are not canonical, hints
    that are missing or do not hold are passed over: those bytes are
    decoded in full when read, and refused then if they must be. Bytes
    whose point is kept already (an element in several messages: a card's
    C1, a key) are not decoded again."""
    for i, data in enumerate(encodings):
        hint = hints[32 * i : 32 * i + 32]
        if len(data) != 32 or len(hint) != 32 or hint == _NO_HINT:
            continue
        try:
            keep_hinted(bytes(data), int.from_bytes(hint, "little"))
        except InvalidEncoding:
            continue
