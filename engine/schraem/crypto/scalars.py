"""The scalars of ristretto255: integers mod ℓ, the group's order
(crypto/ristretto.py), their canonical 32-byte encoding, and a scalar from
a wide hash output."""

from __future__ import annotations

from .ristretto import ORDER


class InvalidScalar(ValueError):
    """Bytes that are not the canonical encoding of a scalar mod ℓ."""


def scalar_from_wide_bytes(data: bytes) -> int:
    """64 bytes, little-endian, reduced mod ℓ (as RFC 8032 §5.1.6 and
    RFC 9496 §4.4 reduce a SHA-512 output): uniform up to 2^-259."""
    if len(data) != 64:
        raise ValueError("a wide scalar is 64 bytes")
    return int.from_bytes(data, "little") % ORDER


def encode_scalar(k: int) -> bytes:
    """The canonical 32-byte little-endian encoding of k mod ℓ."""
    return (k % ORDER).to_bytes(32, "little")


def decode_scalar(data: bytes) -> int:
    """The scalar of a canonical encoding; InvalidScalar for one ≥ ℓ or
    not 32 bytes long (a value ≥ ℓ would give one scalar two encodings)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) != 32:
        raise InvalidScalar("a scalar is 32 bytes")
    k = int.from_bytes(data, "little")
    if k >= ORDER:
        raise InvalidScalar("not a canonical scalar")
    return k
