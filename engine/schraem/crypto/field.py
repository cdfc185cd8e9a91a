"""The field GF(p), p = 2^255 - 19, of edwards25519 and ristretto255 (RFC 9496
§4.1-§4.2): its constants, the sign and square-root helpers the element's
encoding needs, and inverting many values at once."""

from __future__ import annotations

from typing import Sequence

P = 2**255 - 19

D = -121665 * pow(121666, -1, P) % P
# RFC 9496 §4.1's constants, as published (tests check each against its
# definition, so a slip in copying would show).
SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952

# 2^255 ≡ 19 (mod p): a product t is the same residue as its low 255 bits
# plus 19 times the rest, `(t & MASK_255) + 19 * (t >> 255)`, a few bits over
# p, for a shift and a mask where `% p` divides. The point formulas fold
# their products so and reduce only their results fully: a multiplication
# by a variable base a tenth (Pyodide) to a fifth (CPython) faster,
# bench/RESULTS.md "The field folded, the sums in NAF".
MASK_255 = (1 << 255) - 1


def is_negative(x: int) -> bool:
    """RFC 9496 §4.1 IS_NEGATIVE: the least significant bit of x mod p."""
    return x % P & 1 == 1


def field_abs(x: int) -> int:
    """RFC 9496 §4.1 CT_ABS: x or -x, whichever is non-negative."""
    x %= P
    return P - x if x & 1 else x


def sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """RFC 9496 §4.2 SQRT_RATIO_M1: (True, the non-negative √(u/v)) when
    u/v is a square, else (False, the non-negative √(SQRT_M1·u/v)); (True, 0)
    for u = 0 and (False, 0) for v = 0, u ≠ 0."""
    u %= P
    v %= P
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, (P - 5) // 8, P) % P
    check = v * r % P * r % P
    correct_sign = check == u
    flipped_sign = check == -u % P
    flipped_sign_i = check == -u * SQRT_M1 % P
    if flipped_sign or flipped_sign_i:
        r = r * SQRT_M1 % P
    return correct_sign or flipped_sign, field_abs(r)


def batch_inverse(values: Sequence[int]) -> list[int]:
    """Every value's inverse mod p with one exponentiation (Montgomery's
    trick); the values are all non-zero."""
    prefix = []
    acc = 1
    for v in values:
        prefix.append(acc)
        acc = acc * v % P
    inv = pow(acc, P - 2, P)
    out = [0] * len(values)
    for i in range(len(values) - 1, -1, -1):
        out[i] = inv * prefix[i] % P
        inv = inv * values[i] % P
    return out
