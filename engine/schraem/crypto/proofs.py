"""Non-interactive proofs of knowledge over ristretto255.

Both are sigma protocols made non-interactive by the Fiat–Shamir heuristic
(Fiat and Shamir, "How to Prove Yourself", CRYPTO '86): the verifier's
challenge is a hash of everything the prover has said so far.

- `prove_key` / `verify_key` / `verify_keys`: the Schnorr proof of knowledge of a discrete
  logarithm (Schnorr, "Efficient Signature Generation by Smart Cards",
  J. Cryptology 1991), in the form of RFC 8235 §3: commitment V = v·G,
  challenge c, response r = v - c·x, accepted when V = r·G + c·X; many
  at once as signatures are (below).
- `sign` / `verify_signature` / `verify_signatures`: the Schnorr signature,
  the same proof with the message in its challenge, and the batch check of
  many at once with random weights.
- `prove_equal_logs` / `verify_equal_logs`: the Chaum–Pedersen proof that
  two elements have one discrete logarithm to two bases, log_G(X) = log_H(Y)
  (Chaum and Pedersen, "Wallet Databases with Observers", CRYPTO '92),
  in the same form: V_G = v·G, V_H = v·H, r = v - c·x, accepted when
  V_G = r·G + c·X and V_H = r·H + c·Y.

The challenge is SHA-512 over a transcript, reduced mod ℓ from its 64 bytes
(as RFC 8032 §5.1.7 reduces its hash). The transcript begins with a fixed
protocol name and the proof's kind, then holds the caller's context (which
table, hand and seat the proof is for, so it cannot be replayed elsewhere)
and every element of the statement and the commitment in canonical encoding;
each item is preceded by its length, as RFC 8235 §3.3 asks, so no two
transcripts run together.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .ristretto import ORDER, BaseTable, Element, base_multiple, multiscalar
from .scalars import decode_scalar, encode_scalar

PROTOCOL = b"schraem face-down v1"


class InvalidProof(ValueError):
    """Bytes that are not the encoding of a proof."""


def random_scalar() -> int:
    """A uniform non-zero scalar from the operating system's generator."""
    return 1 + secrets.randbelow(ORDER - 1)


def challenge(kind: bytes, context: bytes, *elements: Element) -> int:
    """The Fiat–Shamir challenge for a proof of `kind` in `context`."""
    h = hashlib.sha512()
    for item in (PROTOCOL, kind, context, *(e.encode() for e in elements)):
        h.update(len(item).to_bytes(8, "little"))
        h.update(item)
    return int.from_bytes(h.digest(), "little") % ORDER


@dataclass(frozen=True)
class KeyProof:
    """A Schnorr proof that its maker knows x with X = x·G."""

    commitment: Element
    response: int

    def encode(self) -> bytes:
        return self.commitment.encode() + encode_scalar(self.response)

    @classmethod
    def decode(cls, data: bytes) -> KeyProof:
        if len(data) != 64:
            raise InvalidProof("a key proof is 64 bytes")
        return cls(Element.decode(data[:32]), decode_scalar(data[32:]))


@dataclass(frozen=True)
class EqualLogsProof:
    """A Chaum–Pedersen proof that log_G(X) = log_H(Y)."""

    commitment_g: Element
    commitment_h: Element
    response: int

    def encode(self) -> bytes:
        return self.commitment_g.encode() + self.commitment_h.encode() + encode_scalar(self.response)

    @classmethod
    def decode(cls, data: bytes) -> EqualLogsProof:
        if len(data) != 96:
            raise InvalidProof("an equal-logs proof is 96 bytes")
        return cls(Element.decode(data[:32]), Element.decode(data[32:64]), decode_scalar(data[64:]))


_KEY = b"key"
_EQUAL_LOGS = b"equal logs"


def prove_key(secret: int, context: bytes, public: Element | None = None) -> KeyProof:
    """Prove knowledge of `secret` for the public key secret·G (computed
    when not given)."""
    public = base_multiple(secret) if public is None else public
    v = random_scalar()
    commitment = base_multiple(v)
    c = challenge(_KEY, context, Element.generator(), public, commitment)
    return KeyProof(commitment, (v - c * secret) % ORDER)


def verify_key(public: Element, proof: KeyProof, context: bytes) -> bool:
    c = challenge(_KEY, context, Element.generator(), public, proof.commitment)
    return base_multiple(proof.response) + c * public == proof.commitment


def prove_equal_logs(
    secret: int, base: Element, context: bytes, public: Element | None = None, result: Element | None = None
) -> tuple[Element, EqualLogsProof]:
    """secret·base, and a proof that it and the public key secret·G
    share their discrete logarithm (each computed when not given)."""
    public = base_multiple(secret) if public is None else public
    result = secret * base if result is None else result
    v = random_scalar()
    commitment_g, commitment_h = base_multiple(v), v * base
    c = challenge(_EQUAL_LOGS, context, Element.generator(), public, base, result, commitment_g, commitment_h)
    return result, EqualLogsProof(commitment_g, commitment_h, (v - c * secret) % ORDER)


def _element(public: Element | BaseTable) -> Element:
    """A key given as itself or as its BaseTable (for a key that checks
    many proofs: c·public is then a table multiplication, a fifth of the
    time of a plain one)."""
    return public.element if isinstance(public, BaseTable) else public


def _times(c: int, public: Element | BaseTable) -> Element:
    return public.multiply(c) if isinstance(public, BaseTable) else c * public


def verify_equal_logs(public: Element | BaseTable, base: Element, result: Element, proof: EqualLogsProof, context: bytes) -> bool:
    """Whether `proof` shows log_G(public) = log_base(result). `public` may
    come as its BaseTable, for a key that checks many proofs: c·public is
    then a table multiplication, a fifth of the time of a plain one."""
    g = Element.generator()
    c = challenge(_EQUAL_LOGS, context, g, _element(public), base, result, proof.commitment_g, proof.commitment_h)
    r = proof.response
    return base_multiple(r) + _times(c, public) == proof.commitment_g and multiscalar([(r, base), (c, result)]) == proof.commitment_h


# --- signatures ---------------------------------------------------------------

_SIGNATURE = b"signature"


def sign(secret: int, message: bytes, public: Element | None = None) -> KeyProof:
    """A Schnorr signature (Schnorr 1991) of `message` under the key
    secret·G: the proof of knowledge of the key (RFC 8235 form) with the
    message in its challenge, made under its own kind so that no proof of a
    key stands as a signature or back."""
    public = base_multiple(secret) if public is None else public
    v = random_scalar()
    commitment = base_multiple(v)
    c = challenge(_SIGNATURE, message, Element.generator(), public, commitment)
    return KeyProof(commitment, (v - c * secret) % ORDER)


def verify_signature(public: Element | BaseTable, message: bytes, signature: KeyProof) -> bool:
    """Whether `signature` holds for `message` under `public`. The key may
    come as its BaseTable, for a key that signs many messages (the host
    checks every message a guest sends): c·public is then a table
    multiplication, a fifth of the time of a plain one."""
    c = challenge(_SIGNATURE, message, Element.generator(), _element(public), signature.commitment)
    return base_multiple(signature.response) + _times(c, public) == signature.commitment


def verify_signatures(items: Sequence[tuple[Element, bytes, KeyProof]]) -> bool:
    """Whether every signature holds, checked at once: the standard batch
    verification with random weights (Bellare, Garay and Rabin, "Fast Batch
    Verification for Modular Exponentiation and Digital Signatures",
    EUROCRYPT '98; as Ed25519's batch verification): Σ z_i·V_i must equal
    (Σ z_i·r_i)·G + Σ (z_i·c_i)·X_i for 128-bit z_i drawn with `secrets`. A
    false signature passes with chance about 2^-128. The terms of one key
    are added before multiplying, so k signatures by n keys cost one
    multiplication by G and one multi-scalar sum of k + n terms."""
    return _schnorr_batch(_SIGNATURE, items)


def verify_keys(items: Sequence[tuple[Element, bytes, KeyProof]]) -> bool:
    """Whether every proof of a key (public, context, proof) holds, checked
    at once as `verify_signatures` checks signatures: the same equation
    under the proofs' own kind."""
    return _schnorr_batch(_KEY, items)


def _schnorr_batch(kind: bytes, items: Sequence[tuple[Element, bytes, KeyProof]]) -> bool:
    if not items:
        return True
    by_key: dict[bytes, tuple[Element, int]] = {}
    g_weight = 0
    terms: list[tuple[int, Element]] = []
    for public, message, proof in items:
        z = secrets.randbits(128) | 1
        c = challenge(kind, message, Element.generator(), public, proof.commitment)
        g_weight = (g_weight + z * proof.response) % ORDER
        key = public.encode()
        _, weight = by_key.get(key, (public, 0))
        by_key[key] = (public, (weight + z * c) % ORDER)
        terms.append((z, proof.commitment))
    terms.extend((ORDER - w, public) for public, w in by_key.values())
    return multiscalar(terms) == base_multiple(g_weight)


def verify_equal_logs_batch(items: Sequence[tuple[Element | BaseTable, Element, Element, EqualLogsProof, bytes]]) -> bool:
    """Whether every Chaum–Pedersen proof (public, base, result, proof,
    context) holds, checked at once by a random linear combination of
    their equations (the batch verification of Bellare, Garay and Rabin,
    EUROCRYPT '98): Σ z_i·(r_i·G + c_i·X_i - V_G,i) + Σ z'_i·(r_i·H_i +
    c_i·Y_i - V_H,i) must be the identity, for 128-bit z_i, z'_i drawn
    with `secrets`; a false proof passes with chance about 2^-128. Terms of
    one key or one base are added before multiplying, and a key given as
    its BaseTable is multiplied through it."""
    g = Element.generator()
    g_weight = 0
    keys: dict[bytes, tuple[Element | BaseTable, int]] = {}
    points: dict[bytes, tuple[Element, int]] = {}

    def add(point: Element, weight: int) -> None:
        key = point.encode()
        _, old = points.get(key, (point, 0))
        points[key] = (point, (old + weight) % ORDER)

    for public, base, result, proof, context in items:
        key = _element(public)
        c = challenge(_EQUAL_LOGS, context, g, key, base, result, proof.commitment_g, proof.commitment_h)
        z, z2 = secrets.randbits(128) | 1, secrets.randbits(128) | 1
        g_weight = (g_weight + z * proof.response) % ORDER
        enc = key.encode()
        held, old = keys.get(enc, (public, 0))
        keys[enc] = (public if isinstance(public, BaseTable) else held, (old + z * c) % ORDER)
        add(proof.commitment_g, -z)
        add(base, z2 * proof.response)
        add(result, z2 * c)
        add(proof.commitment_h, -z2)
    total = base_multiple(g_weight)
    for public, weight in keys.values():
        if isinstance(public, BaseTable):
            total = total + public.multiply(weight)
        else:
            add(public, weight)
    return (total + multiscalar((w, p) for p, w in points.values())).is_identity()
