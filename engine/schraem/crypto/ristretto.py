"""ristretto255 (RFC 9496) over edwards25519 (its scalars mod ℓ: scalars.py).

The group: the field is GF(p), p = 2^255 - 19 (field.py); the curve edwards25519,
-x² + y² = 1 + d·x²·y² (RFC 7748 §4.1, RFC 8032 §5.1); ristretto255 the
prime-order group of RFC 9496 §4 built on it, of order
ℓ = 2^252 + 27742317777372353535851937790883648493. An element is held as
one edwards25519 point of its class, in extended coordinates (X : Y : Z : T)
with x = X/Z, y = Y/Z, x·y = T/Z (Hisil, Wong, Carter, Dawson, "Twisted
Edwards Curves Revisited", 2008); the sums and doublings are that paper's
formulas for a = -1 (the Explicit-Formulas Database's add-2008-hwcd-3 and
dbl-2008-hwcd).

Equality, ENCODE, DECODE, SQRT_RATIO_M1 and FROM_UNIFORM_BYTES follow
RFC 9496 §4.2-§4.3 step by step. Two elements are equal when their classes
are, whatever points stand for them, so an element is compared, hashed and
sent only through its canonical 32-byte encoding.

Nothing here is constant time (Python's integers are not); a product by
one scalar (`k * element`, a table's) does the same additions and doublings
whatever its digits; the multi-scalar sums, of public scalars, skip zeros.
"""

from __future__ import annotations

from typing import Iterable

from .field import (
    D_MINUS_ONE_SQ,
    INVSQRT_A_MINUS_D,
    MASK_255,
    ONE_MINUS_D_SQ,
    SQRT_AD_MINUS_ONE,
    SQRT_M1,
    D,
    P,
    batch_inverse,
    field_abs,
    is_negative,
    sqrt_ratio_m1,
)

ORDER = 2**252 + 27742317777372353535851937790883648493  # ℓ
_D2 = 2 * D % P


class InvalidEncoding(ValueError):
    """Bytes that are not the canonical encoding of a ristretto255 element."""


# --- points: tuples (X, Y, Z, T) ----------------------------------------

Point = tuple[int, int, int, int]
# A point readied to be added: (Y+X, Y-X, 2d·T, 2·Z) ("cached" or "projective Niels" form), saving a multiplication in each addition.
_Cached = tuple[int, int, int, int]

_IDENTITY: Point = (0, 1, 1, 0)
_CACHED_IDENTITY: _Cached = (1, 1, 0, 2)


def _add(p: Point, q: Point) -> Point:
    """add-2008-hwcd-3 (a = -1, unified: also right for p = q)."""
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2)
    a = (a & MASK_255) + 19 * (a >> 255)
    b = (y1 + x1) * (y2 + x2)
    b = (b & MASK_255) + 19 * (b >> 255)
    c = t1 * _D2 % P * t2
    c = (c & MASK_255) + 19 * (c >> 255)
    d = 2 * z1 * z2
    d = (d & MASK_255) + 19 * (d >> 255)
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double(p: Point) -> Point:
    """dbl-2008-hwcd with a = -1."""
    x1, y1, z1, _ = p
    a = x1 * x1
    a = (a & MASK_255) + 19 * (a >> 255)
    b = y1 * y1
    b = (b & MASK_255) + 19 * (b >> 255)
    c = 2 * z1 * z1 % P
    e = x1 * y1 << 1
    e = (e & MASK_255) + 19 * (e >> 255)
    g = b - a
    f = g - c
    h = -a - b
    return e * f % P, g * h % P, f * g % P, e * h % P


def _neg(p: Point) -> Point:
    x, y, z, t = p
    return -x % P, y, z, -t % P


def _cached(p: Point) -> _Cached:
    x, y, z, t = p
    return (y + x) % P, (y - x) % P, t * _D2 % P, 2 * z % P


def _signed_digits(k: int, width: int, count: int | None = None) -> list[int]:
    """k ≥ 0 as signed digits in [-2^(w-1), 2^(w-1)) of radix 2^w, lowest
    first, with k = Σ d_i·2^(w·i): half the multiples to precompute, the
    other half their negatives. Without `count` as many as k needs (a
    128-bit weight half as many as a scalar); with it exactly that many,
    the last taking what is left (k < 2^255 and `_digit_count`: at most
    2^(w-1))."""
    half, size, mask = 1 << (width - 1), 1 << width, (1 << width) - 1
    digits: list[int] = []
    while (len(digits) < count - 1) if count is not None else k:
        d = k & mask
        k >>= width
        if d >= half:
            d -= size
            k += 1
        digits.append(d)
    if count is not None:
        digits.append(k)
    return digits


def _scalar_for_mul(k: int) -> int:
    # Taken as it is below 2^255, so that ℓ·P is computed and not assumed;
    # any other integer is the same multiple in a group of order ℓ.
    return k if 0 <= k < 1 << 255 else k % ORDER


def _mul(p: Point, k: int) -> Point:
    """k·p by a signed 4-bit window: 4 doublings and one addition per digit,
    the addition made also for a zero digit (the identity's cached form)."""
    digits = _signed_digits(_scalar_for_mul(k), 4, 64)  # in [-8, 8)
    table = _window(p)
    x, y, z, t = _IDENTITY
    for i in range(63, -1, -1):
        x, y, z, t = _add_digit(_doublings(x, y, z, 4), table, digits[i])
    return x, y, z, t


def _window(p: Point) -> list[_Cached]:
    """1·p … 8·p in cached form: the signed 4-bit window's table."""
    multiples = [p]
    for _ in range(7):
        multiples.append(_add(multiples[-1], p))
    return [_cached(m) for m in multiples]


def _doublings(x: int, y: int, z: int, n: int) -> Point:
    """n ≥ 1 doublings (dbl-2008-hwcd, a = -1) in one call: one call a digit
    rather than one a doubling, a fifth of a batch check's time. T is not
    read by a doubling, so it is made only from the last one's terms."""
    e = h = 0
    for _ in range(n):
        a = x * x
        a = (a & MASK_255) + 19 * (a >> 255)
        b = y * y
        b = (b & MASK_255) + 19 * (b >> 255)
        e = x * y << 1
        e = (e & MASK_255) + 19 * (e >> 255)
        g = b - a
        c = z * z << 1
        f = g - (c & MASK_255) - 19 * (c >> 255)
        h = -a - b
        x, y, z = e * f % P, g * h % P, f * g % P
    return x, y, z, e * h % P


def _add_digit(q: Point, table: list[_Cached], d: int) -> Point:
    """q + d·p for a digit d of p's window table (|d|·p at |d| - 1: -8..8 of
    `_window`, the odd -15..15 of `_odd_window`); for 0 the identity is
    added, the same work as any digit."""
    if d > 0:
        ypx, ymx, t2d, z2 = table[d - 1]
    elif d < 0:
        ymx, ypx, t2d, z2 = table[-d - 1]
        t2d = P - t2d
    else:
        ypx, ymx, t2d, z2 = _CACHED_IDENTITY
    x, y, z, t = q
    a = (y - x) * ymx
    a = (a & MASK_255) + 19 * (a >> 255)
    b = (y + x) * ypx
    b = (b & MASK_255) + 19 * (b >> 255)
    c = t * t2d
    c = (c & MASK_255) + 19 * (c >> 255)
    dd = z * z2
    dd = (dd & MASK_255) + 19 * (dd >> 255)
    e, f, g, h = b - a, dd - c, dd + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


# The points of bytes decoded, by their bytes: a phone reads the same bytes again (a fifth of the host's
# decodes in a hand are of bytes it decoded before, bench/facedown_bridge.py's hand, counted), and bytes
# that came with a decode hint are put here before they are read (crypto/hints.py); only bytes that
# decode. And the points of encodings made here, for their hints.
_DECODED: dict[bytes, Point] = {}
_ENCODED: dict[bytes, Point] = {}
_KEPT = 8192


def _keep(kept: dict[bytes, Point], data: bytes, point: Point) -> None:
    if len(kept) >= _KEPT:
        del kept[next(iter(kept))]  # the oldest: a hand's bytes are read within the hand
    kept[data] = point


def keep_hinted(data: bytes, root: int) -> None:
    """Decode `data` with its hint's `root` and keep the point (crypto/hints.py), unless it is kept already."""
    if data not in _DECODED:
        _keep(_DECODED, data, decode_point(data, root))


def encoded_point(data: bytes) -> Point | None:
    """The point of an encoding made here, if still kept."""
    return _ENCODED.get(data)


def _decoded(data: bytes) -> Point:
    point = _DECODED.get(data)
    if point is None:
        point = decode_point(data)
        _keep(_DECODED, data, point)
    return point


def decode_ratio(s: int) -> tuple[int, int, int, int]:
    """DECODE's u1, u2, v and w = v·u2², whose inverse square root it takes."""
    ss = s * s % P
    u1, u2 = (1 - ss) % P, (1 + ss) % P
    v = (-(D * u1 % P * u1) - u2 * u2) % P
    return u1, u2, v, v * u2 % P * u2 % P


def decode_point(data: bytes, root: int | None = None) -> Point:
    """RFC 9496 §4.3.1 DECODE; its inverse square root an exponentiation unless `root` gives it
    (crypto/hints.py: the only non-negative r with r²·w = 1; a root that is not refuses the bytes)."""
    s = int.from_bytes(data, "little")
    if s >= P or is_negative(s):
        raise InvalidEncoding("not a canonical ristretto255 encoding")
    u1, u2, v, w = decode_ratio(s)
    if root is None:
        was_square, invsqrt = sqrt_ratio_m1(1, w)
    else:
        was_square, invsqrt = root < P and not root & 1 and root * root % P * w % P == 1, root
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = field_abs(2 * s * den_x)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or is_negative(t) or y == 0:
        raise InvalidEncoding("not the encoding of a ristretto255 element")
    return x, y, 1, t


# --- the group ----------------------------------------------------------


class Element:
    """An element of ristretto255: immutable, compared and hashed by its
    canonical encoding. `a + b`, `a - b`, `-a`, `k * a` with k an int."""

    # _encoding: the canonical bytes once known. An element read from the
    # wire is encoded again for every proof's challenge and every memo that
    # names it, and each encoding costs an inverse square root (a field
    # exponentiation): the element is immutable, so its bytes are kept.
    __slots__ = ("_p", "_encoding")

    def __init__(self, point: Point, encoding: bytes | None = None) -> None:
        # Internal: callers outside this module use decode, from_uniform_bytes,
        # identity, generator and the operators.
        self._p = point
        self._encoding = encoding

    @classmethod
    def identity(cls) -> Element:
        return cls(_IDENTITY)

    @classmethod
    def generator(cls) -> Element:
        """RFC 9496 §4.4's generator: the edwards25519 base point B of
        RFC 8032 §5.1 (y = 4/5, x even)."""
        return _GENERATOR

    @classmethod
    def decode(cls, data: bytes) -> Element:
        """RFC 9496 §4.3.1 DECODE. Raises InvalidEncoding for anything but
        the 32-byte canonical encoding of an element."""
        if not isinstance(data, (bytes, bytearray)) or len(data) != 32:
            raise InvalidEncoding("a ristretto255 encoding is 32 bytes")
        data = bytes(data)
        return cls(_decoded(data), data)

    def encode(self) -> bytes:
        """RFC 9496 §4.3.2 ENCODE: the canonical 32 bytes."""
        if self._encoding is None:
            self._encoding = self._encode()
        return self._encoding

    def _encode(self) -> bytes:
        x0, y0, z0, t0 = self._p
        u1 = (z0 + y0) * (z0 - y0) % P
        u2 = x0 * y0 % P
        _, invsqrt = sqrt_ratio_m1(1, u1 * u2 % P * u2)
        den1 = invsqrt * u1 % P
        den2 = invsqrt * u2 % P
        z_inv = den1 * den2 % P * t0 % P
        if is_negative(t0 * z_inv):
            x, y, den_inv = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P, den1 * INVSQRT_A_MINUS_D % P
        else:
            x, y, den_inv = x0, y0, den2
        if is_negative(x * z_inv):
            y = -y
        data = field_abs(den_inv * (z0 - y)).to_bytes(32, "little")
        _keep(_ENCODED, data, self._p)
        return data

    @classmethod
    def from_uniform_bytes(cls, data: bytes) -> Element:
        """RFC 9496 §4.3.4 FROM_UNIFORM_BYTES: 64 uniformly random bytes (a
        hash output) to an element, with no discrete log known to anyone."""
        if not isinstance(data, (bytes, bytearray)) or len(data) != 64:
            raise ValueError("from_uniform_bytes takes 64 bytes")
        r0 = (int.from_bytes(data[:32], "little") & MASK_255) % P
        r1 = (int.from_bytes(data[32:], "little") & MASK_255) % P
        return cls(_add(_map(r0), _map(r1)))

    def edwards_encoding(self) -> bytes:
        """RFC 8032 §5.1.2's encoding of the edwards25519 point that stands
        for this element now. Not an encoding of the element (other points
        stand for it too): it exists to check the curve arithmetic against
        Ed25519's published keys."""
        x, y, z, _ = self._p
        zi = pow(z, P - 2, P)
        x, y = x * zi % P, y * zi % P
        return (y | (x & 1) << 255).to_bytes(32, "little")

    def is_identity(self) -> bool:
        x, y, _, _ = self._p
        # The identity's class holds (0, ±1) and (±√-1, 0): X·Y = 0 exactly there.
        return x * y % P == 0

    def __add__(self, other: Element) -> Element:
        if not isinstance(other, Element):
            return NotImplemented
        return Element(_add(self._p, other._p))

    def __sub__(self, other: Element) -> Element:
        if not isinstance(other, Element):
            return NotImplemented
        return Element(_add(self._p, _neg(other._p)))

    def __neg__(self) -> Element:
        return Element(_neg(self._p))

    def __mul__(self, k: int) -> Element:
        if not isinstance(k, int) or isinstance(k, bool):
            return NotImplemented
        return Element(_mul(self._p, k))

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        """RFC 9496 §4.3.3 equality: X1·Y2 = Y1·X2 or Y1·Y2 = X1·X2."""
        if not isinstance(other, Element):
            return NotImplemented
        x1, y1, _, _ = self._p
        x2, y2, _, _ = other._p
        return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0

    def __hash__(self) -> int:
        return hash(self.encode())

    def __repr__(self) -> str:
        return f"Element({self.encode().hex()!r})"


def _map(t: int) -> Point:
    """RFC 9496 §4.3.4 MAP (Elligator 2 into the ristretto255 class)."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    s_prime = -field_abs(s * t) % P
    if not was_square:
        s = s_prime
    c = P - 1 if was_square else r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    ss = s * s % P
    w2 = (1 - ss) % P
    w3 = (1 + ss) % P
    return w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P


def _base_point() -> Element:
    y = 4 * pow(5, P - 2, P) % P
    # x² = (y² - 1) / (d·y² + 1), the curve equation solved for x.
    ok, x = sqrt_ratio_m1(y * y - 1, D * y * y + 1)
    assert ok and x & 1 == 0
    return Element((x, y, 1, x * y % P))


_GENERATOR = _base_point()


class BaseTable:
    """A precomputed table for one base: k·base for any k with one addition
    a digit and no doubling. The generator's is `generator_table()`; build
    one for a base used often (a table's key) with `BaseTable(element)`.

    With digits of `width` bits (signed, as the window's), row i holds
    j·2^(width·i)·base for j = 1 … 2^(width-1) in affine form (y+x, y-x,
    2d·x·y), made affine together with one inversion. Width 4: 64 rows of
    8, built in about 600 additions, 64 additions a multiplication; a wider
    table costs more to build and less to use."""

    __slots__ = ("element", "_rows", "_width")

    def __init__(self, base: Element, width: int = 4) -> None:
        if not 2 <= width <= 8:
            raise ValueError("a table's width is 2 to 8 bits")
        self.element = base
        self._width = width
        half = 1 << (width - 1)
        points: list[Point] = []
        row_base = base._p
        for _ in range(_digit_count(width)):
            row = [row_base]
            for _ in range(half - 1):
                row.append(_add(row[-1], row_base))
            points.extend(row)
            row_base = _double(row[-1])  # 2^w·(2^(w·i)·base) = 2·(2^(w-1)·2^(w·i)·base)
        inverses = batch_inverse([p[2] for p in points])
        flat = []
        for (x, y, _, _), zi in zip(points, inverses):
            x, y = x * zi % P, y * zi % P
            flat.append(((y + x) % P, (y - x) % P, x * y % P * _D2 % P))
        self._rows = [flat[half * i : half * i + half] for i in range(len(flat) // half)]

    def multiply(self, k: int) -> Element:
        k = _scalar_for_mul(k)
        digits = _signed_digits(k, self._width, _digit_count(self._width))
        x, y, z, t = _IDENTITY
        # `_add_digit` inlined, for Z = 1: a call a digit costs Pyodide 3-8%.
        for row, d in zip(self._rows, digits):
            if d > 0:
                ypx, ymx, xy2d = row[d - 1]
            elif d < 0:
                ymx, ypx, xy2d = row[-d - 1]
                xy2d = P - xy2d
            else:
                ypx, ymx, xy2d = 1, 1, 0
            a = (y - x) * ymx
            a = (a & MASK_255) + 19 * (a >> 255)
            b = (y + x) * ypx
            b = (b & MASK_255) + 19 * (b >> 255)
            c = t * xy2d
            c = (c & MASK_255) + 19 * (c >> 255)
            dd = 2 * z
            e, f, g, h = b - a, dd - c, dd + c, b + a
            x, y, z, t = e * f % P, g * h % P, f * g % P, e * h % P
        return Element((x, y, z, t))

    def __repr__(self) -> str:
        return f"BaseTable({self.element!r})"


def _digit_count(width: int) -> int:
    """Signed digits of `width` bits for any k < 2^255: one more than its
    bits need only where the top digit could carry out (width 4: 64 digits,
    the last in [-8, 8], as `_mul` takes them)."""
    return -(-255 // width) if 255 % width else 255 // width + 1


_GENERATOR_TABLE: list[BaseTable] = []


# Every commitment, encryption and check multiplies by the generator, and
# its table is built once a process: 6-bit digits, 43 rows of 32, a third
# fewer additions a multiplication than 4 bits for 3.5 times the building.
_GENERATOR_WIDTH = 6


def generator_table() -> BaseTable:
    """The generator's table, built on first use (tens of milliseconds)."""
    if not _GENERATOR_TABLE:
        _GENERATOR_TABLE.append(BaseTable(_GENERATOR, _GENERATOR_WIDTH))
    return _GENERATOR_TABLE[0]


def base_multiple(k: int) -> Element:
    """k·G for the generator G, through its table."""
    return generator_table().multiply(k)


# From this many terms a sum is made by buckets (below): each term then
# costs about one addition a window and no table of its own.
_BUCKETS_FROM = 128


def multiscalar(pairs: Iterable[tuple[int, Element]]) -> Element:
    """Σ k_i·P_i with the doublings shared (Straus's interleaving) and each
    scalar in width-5 NAF: for two terms about 60% of the time of two
    multiplications; from 128 terms (a check after the hand) by buckets,
    Pippenger's method. The scalars are public (checks, sums of public
    weights): the digits and their zeros decide the work done."""
    listed = list(pairs)
    if len(listed) >= _BUCKETS_FROM:
        return Element(_buckets([(_scalar_for_mul(k), p._p) for k, p in listed]))
    at: dict[int, list[tuple[list[_Cached], int]]] = {}
    for k, p in listed:
        digits = _naf(_scalar_for_mul(k))
        table = _odd_window(p._p) if digits else []
        for i, d in digits:
            at.setdefault(i, []).append((table, d))
    x, y, z, t = _IDENTITY
    above = 0
    for i in sorted(at, reverse=True):
        if above:
            x, y, z, t = _doublings(x, y, z, above - i)
        for table, d in at[i]:
            x, y, z, t = _add_digit((x, y, z, t), table, d)
        above = i
    return Element(_doublings(x, y, z, above) if above else (x, y, z, t))


def _naf(k: int) -> list[tuple[int, int]]:
    """k ≥ 0 in width-5 non-adjacent form, as (bit, digit) pairs, highest
    bit last: odd digits in [-15, 15], any two at least 5 bits apart, so
    a non-zero digit about every sixth bit where radix 16 has every fourth."""
    out = []
    i = 0
    while k:
        zeros = (k & -k).bit_length() - 1
        k >>= zeros
        i += zeros
        d = k & 31
        if d > 16:
            d -= 32
        out.append((i, d))
        k = (k - d) >> 5
        i += 5
    return out


def _odd_window(p: Point) -> list[_Cached]:
    """1·p, 3·p … 15·p in cached form at the index `_add_digit` reads for
    each odd digit (d - 1); the even places, never read by a NAF digit,
    hold the identity."""
    twice = _double(p)
    odd = [p]
    for _ in range(7):
        odd.append(_add(odd[-1], twice))
    table = [_CACHED_IDENTITY] * 15
    table[::2] = [_cached(m) for m in odd]
    return table


def _buckets(terms: list[tuple[int, Point]]) -> Point:
    """Σ k_i·P_i by Pippenger's bucket method (as in Bernstein et al.,
    "Faster batch forgery identification", INDOCRYPT 2012, §4, and the
    Ed25519 batch verifiers): per window of c bits every term is added
    once, into the bucket of its digit (its negative for a negative
    digit), and the buckets are summed with two additions each as
    Σ j·B_j = Σ_j (B_m + … + B_j). For n terms about (256/c)·(n + 2^c)
    additions against Straus's 72·n. The scalars are the batch checks'
    and public; the digits and their zeros decide the work done."""
    c = 5 if len(terms) < 256 else 6 if len(terms) < 1024 else 7
    digits = [_signed_digits(k, c) for k, _ in terms]
    cached = [_cached(p) for _, p in terms]
    half = 1 << (c - 1)
    q = _IDENTITY
    for w in range(max((len(d) for d in digits), default=0) - 1, -1, -1):
        for _ in range(c):
            q = _double(q)
        buckets: list[Point | None] = [None] * (half + 1)
        for ds, (_, p), pc in zip(digits, terms, cached):
            if w >= len(ds) or not ds[w]:
                continue
            d = ds[w]
            j = d if d > 0 else -d
            b = buckets[j]
            if b is None:
                buckets[j] = p if d > 0 else _neg(p)
            elif d > 0:
                buckets[j] = _add_digit(b, [pc], 1)
            else:
                buckets[j] = _add_digit(b, [pc], -1)
        running: Point | None = None
        total: Point | None = None
        for j in range(half, 0, -1):
            b = buckets[j]
            if b is not None:
                running = b if running is None else _add(running, b)
            if running is not None:
                total = running if total is None else _add(total, running)
        if total is not None:
            q = _add(q, total)
    return q
