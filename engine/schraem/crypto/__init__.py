"""The group arithmetic and the standard building blocks for dealing cards
face down: ristretto255 (RFC 9496, ristretto.py) with its scalars (scalars.py) and decode hints (hints.py), ElGamal
with a joint key, re-randomising and decryption shares (elgamal.py), and
the Schnorr and Chaum–Pedersen proofs made non-interactive (proofs.py).

The bottom of the engine: standard library only, and nothing of the engine
itself, so the protocol above it can be checked against this layer alone.
docs/FACE_DOWN.md says which group and why, and what each step costs."""

from .elgamal import (
    Ciphertext,
    KeyPair,
    check_key,
    check_share,
    combine,
    decrypt,
    decryption_share,
    encrypt,
    joint_key,
    rerandomise,
    share_with_proof,
)
from .hints import decode_hints, take_hints
from .proofs import (
    EqualLogsProof,
    InvalidProof,
    KeyProof,
    prove_equal_logs,
    prove_key,
    random_scalar,
    sign,
    verify_equal_logs,
    verify_equal_logs_batch,
    verify_key,
    verify_keys,
    verify_signature,
    verify_signatures,
)
from .ristretto import (
    ORDER,
    BaseTable,
    Element,
    InvalidEncoding,
    base_multiple,
    generator_table,
    multiscalar,
)
from .scalars import InvalidScalar, decode_scalar, encode_scalar, scalar_from_wide_bytes

__all__ = [
    "ORDER",
    "BaseTable",
    "Ciphertext",
    "Element",
    "EqualLogsProof",
    "InvalidEncoding",
    "InvalidProof",
    "InvalidScalar",
    "KeyPair",
    "KeyProof",
    "base_multiple",
    "check_key",
    "check_share",
    "combine",
    "decode_hints",
    "decode_scalar",
    "decrypt",
    "decryption_share",
    "encode_scalar",
    "encrypt",
    "generator_table",
    "joint_key",
    "multiscalar",
    "prove_equal_logs",
    "prove_key",
    "random_scalar",
    "rerandomise",
    "scalar_from_wide_bytes",
    "share_with_proof",
    "take_hints",
    "sign",
    "verify_equal_logs",
    "verify_equal_logs_batch",
    "verify_key",
    "verify_keys",
    "verify_signature",
    "verify_signatures",
]
