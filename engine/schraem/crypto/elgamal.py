"""ElGamal encryption of ristretto255 elements, with a key shared by several
holders.

ElGamal (ElGamal, "A Public Key Cryptosystem and a Signature Scheme Based
on Discrete Logarithms", IEEE Trans. Inf. Theory 1985) over a group of prime
order ℓ with generator G: a key pair is (x, X = x·G); a message M, itself an
element, is encrypted under X with a random r as (C1, C2) = (r·G, M + r·X),
and decrypted as M = C2 - x·C1.

What the table's phones use of it, each part standard:

- A joint key is the sum of the holders' public keys, X = Σ X_i, so its
  secret is Σ x_i and nobody holds it (Pedersen, "A Threshold Cryptosystem
  without a Trusted Party", EUROCRYPT '91, with all n of n holders needed).
- Re-randomising adds an encryption of the identity: (C1 + s·G, C2 + s·X)
  encrypts the same M under the same key and cannot be linked to (C1, C2)
  without the secret (ElGamal is homomorphic; this is how a mix net hides
  which output came from which input, e.g. Barnett and Smart, "Mental Poker
  Revisited", IMA Cryptography and Coding 2003).
- A holder's decryption share is D_i = x_i·C1; with every share,
  M = C2 - Σ D_i. A share comes with a Chaum–Pedersen proof that
  log_G(X_i) = log_C1(D_i) (proofs.py), so a wrong share is caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .proofs import EqualLogsProof, KeyProof, prove_equal_logs, prove_key, random_scalar, verify_equal_logs, verify_key
from .ristretto import BaseTable, Element, InvalidEncoding, base_multiple


@dataclass(frozen=True, repr=False)
class KeyPair:
    """A secret scalar and its public key secret·G."""

    secret: int
    public: Element

    @classmethod
    def generate(cls) -> KeyPair:
        return cls.from_secret(random_scalar())

    @classmethod
    def from_secret(cls, secret: int) -> KeyPair:
        return cls(secret, base_multiple(secret))

    def prove(self, context: bytes) -> KeyProof:
        """A proof that this pair's maker knows its secret."""
        return prove_key(self.secret, context, self.public)

    def __repr__(self) -> str:
        # The secret stays out of logs and tracebacks.
        return f"KeyPair(public={self.public!r})"


def joint_key(publics: Iterable[Element]) -> Element:
    """The key whose secret is the sum of the holders' secrets."""
    total = Element.identity()
    for public in publics:
        total = total + public
    return total


def check_key(public: Element, proof: KeyProof, context: bytes) -> bool:
    """Whether `proof` shows that the maker of `public` knows its secret
    (a key offered without one could cancel the others' out of the sum)."""
    return verify_key(public, proof, context)


@dataclass(frozen=True)
class Ciphertext:
    """(C1, C2) = (r·G, M + r·X)."""

    c1: Element
    c2: Element

    def encode(self) -> bytes:
        return self.c1.encode() + self.c2.encode()

    @classmethod
    def decode(cls, data: bytes) -> Ciphertext:
        if len(data) != 64:
            raise InvalidEncoding("a ciphertext is 64 bytes")
        return cls(Element.decode(data[:32]), Element.decode(data[32:]))


Key = Element | BaseTable


def _times(key: Key, k: int) -> Element:
    return key.multiply(k) if isinstance(key, BaseTable) else k * key


def encrypt(key: Key, message: Element, randomness: int | None = None) -> Ciphertext:
    """`message` encrypted under `key` (an element, or its BaseTable when it
    is used for many encryptions). `randomness` is drawn when not given; it
    is given only when it must be recomputed later from a committed seed."""
    r = random_scalar() if randomness is None else randomness
    return Ciphertext(base_multiple(r), message + _times(key, r))


def rerandomise(key: Key, ciphertext: Ciphertext, randomness: int | None = None) -> Ciphertext:
    """The same message under the same key, unlinkable to `ciphertext`."""
    s = random_scalar() if randomness is None else randomness
    return Ciphertext(ciphertext.c1 + base_multiple(s), ciphertext.c2 + _times(key, s))


def decrypt(secret: int, ciphertext: Ciphertext) -> Element:
    """The message, for the holder of the whole secret."""
    return ciphertext.c2 - secret * ciphertext.c1


def decryption_share(secret: int, ciphertext: Ciphertext) -> Element:
    """One holder's share x_i·C1."""
    return secret * ciphertext.c1


def combine(ciphertext: Ciphertext, shares: Iterable[Element]) -> Element:
    """The message from every holder's share: C2 - Σ D_i."""
    return ciphertext.c2 - joint_key(shares)


def share_with_proof(pair: KeyPair, ciphertext: Ciphertext, context: bytes) -> tuple[Element, EqualLogsProof]:
    """This holder's share and the proof that it is x_i·C1 for its key."""
    return prove_equal_logs(pair.secret, ciphertext.c1, context, pair.public)


def check_share(public: Element, ciphertext: Ciphertext, share: Element, proof: EqualLogsProof, context: bytes) -> bool:
    """Whether `share` is the holder of `public`'s share of `ciphertext`."""
    return verify_equal_logs(public, ciphertext.c1, share, proof, context)
