"""The deck of a hand dealt face down (core/facedown.py): what is fixed and
public (each card's group element, the deck before any shuffle, the
joint key's table) and what a phone's committed seed decides (its
shuffle, its blinding factors, the weights of a combined proof). Pure
functions of their inputs, so every phone recomputes them in the check
after the hand (docs/FACE_DOWN.md)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..crypto import (
    ORDER,
    BaseTable,
    Ciphertext,
    Element,
    base_multiple,
    multiscalar,
    rerandomise,
    scalar_from_wide_bytes,
)

LABEL = b"schraem-facedown/1"


# --- fixed public parts ----------------------------------------------------


def digest(*items: bytes) -> bytes:
    """SHA-512 over items each preceded by its length, so no two lists of
    items hash alike (as the proofs' transcripts do)."""
    h = hashlib.sha512()
    for item in items:
        h.update(len(item).to_bytes(8, "little"))
        h.update(item)
    return h.digest()


def int_bytes(k: int) -> bytes:
    return k.to_bytes(8, "little")


@lru_cache(maxsize=64)
def card_point(card: str) -> Element:
    """The element standing for a card: RFC 9496's FROM_UNIFORM_BYTES of
    SHA-512 of a label and the card's text. Anyone can make it, nobody knows
    its logarithm, and no card's element is a sum of others' that anyone
    could find."""
    return Element.from_uniform_bytes(hashlib.sha512(LABEL + b"|card|" + card.encode()).digest())


@lru_cache(maxsize=4)
def cards_by_encoding(cards: tuple[str, ...]) -> dict[bytes, str]:
    return {card_point(c).encode(): c for c in cards}


def initial_deck(cards: Sequence[str], key: Element) -> list[Ciphertext]:
    """The deck every phone builds alike: each card encrypted under the
    table's key with the public randomness 1, (G, M + X). It hides nothing;
    the shuffles that follow do."""
    g = Element.generator()
    return [Ciphertext(g, card_point(c) + key) for c in cards]


TABLE_CACHE: dict[bytes, BaseTable] = {}


def key_table(encoding: bytes) -> BaseTable:
    """The table of a key used many times: the hand's joint key, built once
    a hand (every re-randomising multiplies by it), and each phone's
    long-term key on the host (each message it signs is checked on
    arrival). The least recently used goes first, so the long-term keys,
    used every hand, stay while the hands' keys come and go."""
    table = TABLE_CACHE.pop(encoding, None)
    if table is None:
        if len(TABLE_CACHE) >= 16:
            TABLE_CACHE.pop(next(iter(TABLE_CACHE)))
        table = BaseTable(Element.decode(encoding))
    TABLE_CACHE[encoding] = table
    return table


# --- what a seed decides ---------------------------------------------------


def _blocks(seed: bytes, context: bytes, seat: int, what: bytes) -> Iterator[bytes]:
    """SHA-512 in counter mode over the seed: the stream a phone's committed
    seed gives for one purpose (its permutation, its randomness, its blinding)."""
    counter = 0
    while True:
        yield digest(LABEL, what, context, int_bytes(seat), seed, int_bytes(counter))
        counter += 1


def commit_of(seed: bytes, context: bytes, seat: int) -> str:
    """A phone's hash commitment to its shuffle seed for this hand and seat."""
    return hashlib.sha256(digest(LABEL, b"commit", context, int_bytes(seat), seed)).hexdigest()


def shuffle_plan(seed: bytes, context: bytes, seat: int, size: int) -> tuple[list[int], list[int]]:
    """The permutation (output place j takes input place perm[j]) and the
    re-randomising scalars a seed gives: Fisher–Yates (Durstenfeld) with
    each index a 64-byte block reduced mod i + 1 (bias below 2^-500), the
    scalars 64-byte blocks reduced mod ℓ."""
    perm = list(range(size))
    blocks = _blocks(seed, context, seat, b"permutation")
    for i in range(size - 1, 0, -1):
        j = int.from_bytes(next(blocks), "little") % (i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    stream = _blocks(seed, context, seat, b"randomness")
    return perm, [scalar_from_wide_bytes(next(stream)) for _ in range(size)]


def shuffle(deck: Sequence[Ciphertext], table: BaseTable, perm: Sequence[int], scalars: Sequence[int]) -> list[Ciphertext]:
    return [rerandomise(table, deck[p], s) for p, s in zip(perm, scalars)]


# A pass's re-randomising pairs (s_j·G, s_j·X) need the joint key and the
# seed, not the deck: a phone works them out once the last key is in, while
# the phones before it shuffle, and its pass is then additions (a third of
# its time in CPython; bench/facedown_bridge.py's critical path).
RERANDOMISERS: dict[tuple[bytes, bytes, bytes, int], list[tuple[Element, Element]]] = {}


def rerandomisers(key: bytes, seed: bytes, context: bytes, seat: int, size: int) -> list[tuple[Element, Element]]:
    """(s_j·G, s_j·X) for the scalars of seat `seat`'s pass (`shuffle_plan`)
    under the joint key `key`, kept for the pass."""
    memo = (key, seed, context, seat)
    pairs = RERANDOMISERS.get(memo)
    if pairs is None or len(pairs) != size:
        table = key_table(key)
        _, scalars = shuffle_plan(seed, context, seat, size)
        pairs = [(base_multiple(s), table.multiply(s)) for s in scalars]
        if len(RERANDOMISERS) >= 8:
            RERANDOMISERS.pop(next(iter(RERANDOMISERS)))
        RERANDOMISERS[memo] = pairs
    return pairs


PASS_CACHE: dict[tuple[bytes, bytes, bytes, bytes, int], list[Ciphertext]] = {}


def deck_pass(deck: Sequence[Ciphertext], spelled: bytes, key: bytes, seed: bytes, context: bytes, seat: int) -> list[Ciphertext]:
    """The pass `seed` gives seat `seat` on `deck` (`spelled` as it
    travelled) under the joint key `key`. A pure function, remembered for a
    few passes by its inputs' bytes: the phones simulated in one process
    then share their passes, as if each had done it once; a real phone does
    each pass once anyway, its own and then each in the check."""
    memo = (spelled, key, seed, context, seat)
    out = PASS_CACHE.get(memo)
    if out is None:
        perm, _ = shuffle_plan(seed, context, seat, len(deck))
        pairs = rerandomisers(key, seed, context, seat, len(deck))
        out = [Ciphertext(deck[p].c1 + a, deck[p].c2 + b) for p, (a, b) in zip(perm, pairs)]
        if len(PASS_CACHE) >= 16:
            PASS_CACHE.pop(next(iter(PASS_CACHE)))
        PASS_CACHE[memo] = out
    return list(out)


def remembered_pass(spelled: bytes, key: bytes, seed: bytes, context: bytes, seat: int) -> list[Ciphertext] | None:
    """The pass `deck_pass` gave for these inputs, if it is still
    remembered (a phone's own), else None."""
    out = PASS_CACHE.get((spelled, key, seed, context, seat))
    return None if out is None else list(out)


def initial_spelling(cards: Sequence[str]) -> bytes:
    return LABEL + b"|initial|" + "|".join(cards).encode()


def blinding(seed: bytes, context: bytes, seat: int, request: int) -> int:
    """The factor a seat blinds its request with: from its seed, so a phone
    that reloads asks again alike, and the check after the hand can redo it."""
    return 1 + scalar_from_wide_bytes(next(_blocks(seed, context, seat, b"blind" + int_bytes(request)))) % (ORDER - 1)


def _weights(kind: bytes, context: bytes, encodings: Sequence[bytes]) -> list[int]:
    """The composite's weights, as RFC 9497 §2.2.1 (ComputeComposites) makes
    them: a seed hashed over every element of the batch, then one scalar per
    pair from the seed and the pair's index."""
    seed = digest(LABEL, b"composite", kind, context, *encodings)
    return [scalar_from_wide_bytes(digest(seed, int_bytes(j))) for j in range(len(encodings) // 2)]


def c1_encoding(spelled: bytes, place: int) -> bytes:
    """The C1 of `place` as the deck `spelled` travelled (each ciphertext 64
    bytes, C1 first)."""
    return spelled[64 * place : 64 * place + 32]


def paired_with_c1(spelled: bytes, places: Sequence[int], encodings: Sequence[bytes]) -> list[bytes]:
    """Each place's C1 then its point, as a composite over them is hashed."""
    return [e for p, enc in zip(places, encodings) for e in (c1_encoding(spelled, p), enc)]


def composite(kind: bytes, context: bytes, pairs: Sequence[tuple[Element, Element]], encodings: Sequence[bytes]) -> tuple[Element, Element]:
    """(Σ d_j·A_j, Σ d_j·B_j): one proof that log_G(K) = log(Σ d_j A_j)(Σ d_j B_j)
    shows B_j = k·A_j for every j but with chance 1/ℓ (the batched
    Chaum–Pedersen proof of RFC 9497 §2.2.1). `encodings` are A_1, B_1, …
    as they travel."""
    d = _weights(kind, context, encodings)
    return multiscalar(zip(d, (a for a, _ in pairs))), multiscalar(zip(d, (b for _, b in pairs)))


def composite_base(kind: bytes, context: bytes, bases: Sequence[Element], encodings: Sequence[bytes]) -> Element:
    """The composite's Σ d_j·A_j alone, for the prover: its Σ d_j·B_j is
    its secret times this, which the proof computes anyway."""
    return multiscalar(zip(_weights(kind, context, encodings), bases))
