"""ristretto255 and its curve checked against the published vectors, then
the group laws as properties.

Vectors, each copied from the RFC and compared with two independent
implementations' test files:
- RFC 9496 Appendix A.1: the encodings of 0·B .. 15·B;
- RFC 9496 Appendix A.2: encodings every decoder must refuse (non-canonical
  field encodings, negative field elements, non-square x², negative x·y,
  s = -1);
- RFC 9496 Appendix A.3: FROM_UNIFORM_BYTES, the seven inputs (SHA-512 of the
  RFC's sentences about coffee) and the four inputs that differ from one
  another only beyond the field's reduction and must map to one element;
- RFC 9496 Appendix A.4: SQRT_RATIO_M1 on zero, non-square and square ratios;
- RFC 8032 §7.1: the Ed25519 public keys of TEST 1, 2, 3, 1024 and
  SHA(abc), derived as RFC 8032 §5.1.5 says: SHA-512 of the secret, the
  lower half clamped, A = a·B on edwards25519, encoded as §5.1.2 says.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schraem.crypto import hints
from schraem.crypto import ristretto as r
from schraem.crypto import scalars as scalar_codec
from schraem.crypto.ristretto import ORDER, BaseTable, Element, InvalidEncoding
from schraem.crypto.scalars import InvalidScalar

# RFC 9496 Appendix A.1.
MULTIPLES_OF_B = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
]

# RFC 9496 Appendix A.2, in its order and groups.
INVALID_ENCODINGS = [
    # Non-canonical field encodings.
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    # Negative field elements.
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    # Non-square x^2.
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    # Negative x * y value.
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    # s = -1, which causes y = 0.
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]

# RFC 9496 Appendix A.3: (the sentence whose SHA-512 is I, I, O).
FROM_UNIFORM_BYTES = [
    (
        "Ristretto is traditionally a short shot of espresso coffee",
        "5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c14d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
        "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46",
    ),
    (
        "made with the normal amount of ground coffee but extracted with",
        "f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b270102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
        "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b",
    ),
    (
        "about half the amount of water in the same amount of time",
        "8422e1bbdaab52938b81fd602effb6f89110e1e57208ad12d9ad767e2e25510c27140775f9337088b982d83d7fcf0b2fa1edffe51952cbe7365e95c86eaf325c",
        "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826",
    ),
    (
        "by using a finer grind.",
        "ac22415129b61427bf464e17baee8db65940c233b98afce8d17c57beeb7876c2150d15af1cb1fb824bbd14955f2b57d08d388aab431a391cfc33d5bafb5dbbaf",
        "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a",
    ),
    (
        "This produces a concentrated shot of coffee per volume.",
        "165d697a1ef3d5cf3c38565beefcf88c0f282b8e7dbd28544c483432f1cec7675debea8ebb4e5fe7d6f6e5db15f15587ac4d4d4a1de7191e0c1ca6664abcc413",
        "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179",
    ),
    (
        "Just pulling a normal shot short will produce a weaker shot",
        "a836e6c9a9ca9f1e8d486273ad56a78c70cf18f0ce10abb1c7172ddd605d7fd2979854f47ae1ccf204a33102095b4200e5befc0465accc263175485f0e17ea5c",
        "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628",
    ),
    (
        "and is not a Ristretto as some believe.",
        "2cdc11eaeb95daf01189417cdddbf95952993aa9cb9c640eb5058d09702c74622c9965a697a3b345ec24ee56335b556e677b30e6f90ac77d781064f866a3c982",
        "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065",
    ),
]

# RFC 9496 Appendix A.3's closing inputs, which all map to one element.
FROM_UNIFORM_BYTES_SAME = [
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff1200000000000000000000000000000000000000000000000000000000000000",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0000000000000000000000000000000000000000000000000000000000000080ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "00000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000000000000000000000000000000000000080",
]
FROM_UNIFORM_BYTES_SAME_OUTPUT = "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f"

# RFC 8032 §7.1: (test, SECRET KEY, PUBLIC KEY).
ED25519_KEYS = [
    (
        "TEST 1",
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    ),
    (
        "TEST 2",
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    ),
    (
        "TEST 3",
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
    ),
    (
        "TEST 1024",
        "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
        "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
    ),
    (
        "TEST SHA(abc)",
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
    ),
]

# RFC 9496 Appendix A.4: (u, v, was_square, r), little-endian field elements.
SQRT_RATIO_M1 = [
    (
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000000",
        True,
        "0000000000000000000000000000000000000000000000000000000000000000",
    ),
    (
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        True,
        "0000000000000000000000000000000000000000000000000000000000000000",
    ),
    (
        "0100000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000000",
        False,
        "0000000000000000000000000000000000000000000000000000000000000000",
    ),
    (
        "0200000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        False,
        "3c5ff1b5d8e4113b871bd052f9e7bcd0582804c266ffb2d4f4203eb07fdb7c54",
    ),
    (
        "0400000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        True,
        "0200000000000000000000000000000000000000000000000000000000000000",
    ),
    (
        "0100000000000000000000000000000000000000000000000000000000000000",
        "0400000000000000000000000000000000000000000000000000000000000000",
        True,
        "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f",
    ),
]

G = Element.generator()


# --- the constants ------------------------------------------------------


def test_the_constants_meet_their_definitions():
    """RFC 9496 §4.1's constants, copied as decimals, checked against what
    they are defined to be (a = -1)."""
    p, d = r.P, r.D
    assert d * 121666 % p == -121665 % p
    assert r.SQRT_M1**2 % p == p - 1
    assert r.SQRT_AD_MINUS_ONE**2 % p == (-d - 1) % p
    assert r.INVSQRT_A_MINUS_D**2 * (-1 - d) % p == 1
    assert r.ONE_MINUS_D_SQ == (1 - d * d) % p
    assert r.D_MINUS_ONE_SQ == (d - 1) ** 2 % p
    assert ORDER == 2**252 + 27742317777372353535851937790883648493


@pytest.mark.parametrize("u, v, was_square, root", SQRT_RATIO_M1)
def test_a4_sqrt_ratio_m1(u, v, was_square, root):
    u, v = (int.from_bytes(bytes.fromhex(x), "little") for x in (u, v))
    assert r.sqrt_ratio_m1(u, v) == (was_square, int.from_bytes(bytes.fromhex(root), "little"))


# --- RFC 9496 Appendix A ------------------------------------------------


def test_a1_multiples_of_the_generator():
    point = Element.identity()
    table = BaseTable(G)
    for k, expected in enumerate(MULTIPLES_OF_B):
        assert point.encode().hex() == expected, f"{k}·B by repeated addition"
        assert (k * G).encode().hex() == expected, f"{k}·B by the window"
        assert table.multiply(k).encode().hex() == expected, f"{k}·B by the table"
        decoded = Element.decode(bytes.fromhex(expected))
        assert decoded == point and decoded.encode().hex() == expected
        point = point + G
    assert r.generator_table().multiply(15).encode().hex() == MULTIPLES_OF_B[15]


def test_a1_multiples_of_the_generator_as_sums_by_buckets():
    """A sum of 130 terms or more is made by buckets: k·B as 130 multiples
    of B and of -B whose scalars add up to k mod ℓ, every kind of scalar
    among them (zero, 128 bits, full, ℓ itself, up to 2^255 - 1)."""
    rng = random.Random(9496)
    kinds = [0, 1, ORDER - 1, ORDER, 2**255 - 1, 2**128 - 1]
    for k, expected in enumerate(MULTIPLES_OF_B):
        scalars = [rng.choice(kinds + [rng.getrandbits(128), rng.randrange(ORDER)]) for _ in range(129)]
        points = [G if i % 3 else -G for i in range(129)]
        rest = (k - sum(a if p is G else -a for a, p in zip(scalars, points))) % ORDER
        assert r.multiscalar([*zip(scalars, points), (rest, G)]).encode().hex() == expected, f"{k}·B by buckets"


@pytest.mark.parametrize("encoding", INVALID_ENCODINGS)
def test_a2_invalid_encodings_are_refused(encoding):
    # Twice, and as a bytearray: a decode kept for bytes read before
    # (ristretto._decoded) keeps only what decodes.
    for data in (bytes.fromhex(encoding), bytearray.fromhex(encoding), bytes.fromhex(encoding)):
        with pytest.raises(InvalidEncoding):
            Element.decode(data)


def test_bytes_decoded_again_give_the_same_element_with_its_bytes():
    for k in (1, 2, 7, ORDER - 1):
        data = (k * G).encode()
        first, again, from_array = Element.decode(data), Element.decode(data), Element.decode(bytearray(data))
        assert first == again == from_array == k * G
        assert first.encode() == again.encode() == from_array.encode() == data
        assert type(from_array.encode()) is bytes


def test_a2_refusals_are_value_errors_and_wrong_lengths_too():
    assert issubclass(InvalidEncoding, ValueError)
    for data in (b"", bytes(31), bytes(33)):
        with pytest.raises(InvalidEncoding):
            Element.decode(data)


# --- decode hints -------------------------------------------------------


def _decoded_afresh(encodings, hint_bytes=None):
    """Each encoding's point as read with no decode kept from before: with
    the hints taken first where given."""
    r._DECODED.clear()
    if hint_bytes is not None:
        hints.take_hints(encodings, hint_bytes)
    kept = dict(r._DECODED)
    return kept, [r._decoded(e) for e in encodings]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, ORDER - 1), min_size=1, max_size=6), st.integers(0, 3))
def test_a_hinted_element_decodes_to_decodes_point_exactly(ks, how):
    # Elements made every way a phone makes them (a table's multiple, a
    # sum, a multiple of a decoded point, a difference), whichever point
    # of its class each is held as: the hint finds DECODE's root for each,
    # and the point read with it is DECODE's, coordinate for coordinate.
    made = [k * G for k in ks]
    if how == 1:
        made = [m + G for m in made]
    elif how == 2:
        made = [Element.decode(m.encode()) * 3 for m in made]
    elif how == 3:
        made = [m - (m + m) for m in made]
    made = [m for m in made if not m.is_identity()]  # (no hint: its DECODE needs no root worked out)
    encodings = [m.encode() for m in made]
    given_hints = hints.decode_hints(encodings)
    assert len(given_hints) == 32 * len(encodings) and all(given_hints[32 * i : 32 * i + 32] != bytes(32) for i in range(len(made)))
    plain = [r.decode_point(e) for e in encodings]
    kept, read = _decoded_afresh(encodings, given_hints)
    assert set(kept) == set(encodings)
    assert read == plain
    assert [Element(p) for p in read] == made


def test_a_hint_wrong_or_missing_leaves_the_element_to_be_decoded_in_full():
    good = [(k * G).encode() for k in (2, 3, 5)]
    right = hints.decode_hints(good)
    wrong = [
        bytes(32) * 3,  # none
        right[32:64] + right[:32] + right[64:],  # two swapped
        (int.from_bytes(right[:32], "little") ^ 1).to_bytes(32, "little") + right[32:],  # an odd root
        (r.P - int.from_bytes(right[:32], "little")).to_bytes(32, "little") + right[32:],  # the other root
        b"\xff" * 32 + right[32:],  # no field element
        right[:20],  # cut short
    ]
    for bad in wrong:
        kept, read = _decoded_afresh(good, bad)
        assert read == [r.decode_point(e) for e in good]
        assert good[0] not in kept
    # No hint makes bytes decode that DECODE refuses, nor refuses bytes it takes.
    refused = [bytes.fromhex(e) for e in INVALID_ENCODINGS]
    for data in refused:
        for hint in (right[:32], bytes(32), (1).to_bytes(32, "little"), (2).to_bytes(32, "little")):
            r._DECODED.clear()
            hints.take_hints([data], hint)
            assert data not in r._DECODED
            with pytest.raises(InvalidEncoding):
                Element.decode(data)


def test_bytes_kept_already_are_not_decoded_again_with_their_hint(monkeypatch):
    made = [k * G for k in (2, 3, 5)]
    encodings = [m.encode() for m in made]
    given_hints = hints.decode_hints(encodings)
    _decoded_afresh(encodings, given_hints)
    decodes = []
    ratio = r.decode_ratio
    monkeypatch.setattr(r, "decode_ratio", lambda s: decodes.append(s) or ratio(s))
    hints.take_hints(encodings, given_hints)  # the same elements in the next message
    assert decodes == []
    assert [Element.decode(e) for e in encodings] == made and decodes == []
    hints.take_hints([(7 * G).encode()], hints.decode_hints([(7 * G).encode()]))
    assert len(decodes) == 1


def test_only_elements_this_process_encoded_get_a_hint():
    identity = Element.identity().encode()
    foreign = bytes.fromhex(MULTIPLES_OF_B[5])
    r._ENCODED.clear()
    r._DECODED.clear()
    assert hints.decode_hints([foreign, identity]) == bytes(64)
    mine = (7 * G).encode()
    assert hints.decode_hints([foreign, mine])[:32] == bytes(32)


@pytest.mark.parametrize("sentence, uniform, expected", FROM_UNIFORM_BYTES, ids=[s[:20] for s, _, _ in FROM_UNIFORM_BYTES])
def test_a3_from_uniform_bytes(sentence, uniform, expected):
    assert hashlib.sha512(sentence.encode()).hexdigest() == uniform
    element = Element.from_uniform_bytes(bytes.fromhex(uniform))
    assert element.encode().hex() == expected
    assert element == Element.decode(bytes.fromhex(expected))


@pytest.mark.parametrize("uniform", FROM_UNIFORM_BYTES_SAME)
def test_a3_inputs_equal_after_reduction_map_to_one_element(uniform):
    assert Element.from_uniform_bytes(bytes.fromhex(uniform)).encode().hex() == FROM_UNIFORM_BYTES_SAME_OUTPUT


# --- RFC 8032 §7.1 ------------------------------------------------------


@pytest.mark.parametrize("name, secret, public", ED25519_KEYS, ids=[n for n, _, _ in ED25519_KEYS])
def test_rfc8032_public_keys(name, secret, public):
    h = hashlib.sha512(bytes.fromhex(secret)).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8  # clamp: clear the lowest three bits and bit 255 ...
    a |= 1 << 254  # ... and set bit 254
    assert (a * G).edwards_encoding().hex() == public
    assert r.generator_table().multiply(a).edwards_encoding().hex() == public
    assert r.multiscalar([(a - 5, G), (5, G)]).edwards_encoding().hex() == public


# --- scalars ------------------------------------------------------------


def test_scalars_encode_canonically():
    assert scalar_codec.decode_scalar(scalar_codec.encode_scalar(ORDER - 1)) == ORDER - 1
    assert scalar_codec.encode_scalar(ORDER + 3) == scalar_codec.encode_scalar(3)
    for bad in (ORDER.to_bytes(32, "little"), (2**256 - 1).to_bytes(32, "little"), bytes(31)):
        with pytest.raises(InvalidScalar):
            scalar_codec.decode_scalar(bad)
    assert scalar_codec.scalar_from_wide_bytes(b"\xff" * 64) == (2**512 - 1) % ORDER


# --- the group laws -----------------------------------------------------

scalars = st.integers(min_value=0, max_value=ORDER - 1)
# Elements from uniform bytes have no known logarithm and stand as points
# with every kind of torsion in them: equality must see through it.
elements = st.binary(min_size=64, max_size=64).map(Element.from_uniform_bytes)
FEW = settings(max_examples=12)


@FEW
@given(elements, elements, elements)
def test_addition_is_associative_and_commutative(p, q, s):
    assert (p + q) + s == p + (q + s)
    assert p + q == q + p
    assert p - p == Element.identity() and (p + Element.identity()) == p


@FEW
@given(scalars, elements, elements)
def test_multiplication_distributes_over_elements(k, p, q):
    assert k * (p + q) == k * p + k * q


@FEW
@given(scalars, scalars, elements)
def test_multiplication_distributes_over_scalars(a, b, p):
    assert (a + b) * p == a * p + b * p
    assert r.multiscalar([(a, p), (b, p)]) == (a + b) * p
    assert ((a + b) % ORDER) * p == (a + b) * p


# The batch checks' weights are 128 bits and many digits of a sum are zero:
# the sum skips them and starts at its highest digit (and a negative one,
# ℓ minus 128 bits, has as many zero digits: signed digits carry the ones).
short_weights = st.integers(min_value=1, max_value=2**128 - 1)
mixed_scalars = st.one_of(st.just(0), short_weights, short_weights.map(lambda z: ORDER - z), scalars)


@FEW
@given(st.lists(st.tuples(mixed_scalars, elements), max_size=6))
def test_a_multiscalar_sum_is_the_sum_of_its_products(terms):
    expected = Element.identity()
    for k, p in terms:
        expected = expected + k * p
    assert r.multiscalar(terms) == expected


@FEW
@given(st.integers(min_value=0, max_value=2**255 - 1))
@example(0)
@example(16)
@example(17)
@example(2**255 - 1)
@example(ORDER - 1)
def test_a_scalar_in_width_5_naf_is_itself_in_odd_digits_five_bits_apart(k):
    digits = r._naf(k)
    assert sum(d << i for i, d in digits) == k
    assert all(d % 2 == 1 and -15 <= d <= 15 for _, d in digits)
    assert all(b - a >= 5 for (a, _), (b, _) in zip(digits, digits[1:]))


def test_a_multiscalar_sum_reads_every_odd_digit_and_the_widest_scalars():
    points = [Element.from_uniform_bytes(bytes([i]) * 64) for i in range(5)]
    terms = [(2**255 - 1, points[0]), (ORDER - 1, points[1]), (1 + 2 + 4 + 8, points[2]), (17, points[3]), (2**128 - 1, points[4])]
    terms += [(d, points[d % 5]) for d in range(1, 32)]
    expected = Element.identity()
    for k, p in terms:
        expected = expected + k * p
    assert r.multiscalar(terms) == expected


@settings(max_examples=3)
@given(
    st.lists(st.tuples(mixed_scalars, st.integers(min_value=0, max_value=5)), min_size=128, max_size=300),
    st.lists(elements, min_size=6, max_size=6),
)
def test_a_sum_by_buckets_is_the_sum_of_its_products(terms, points):
    expected = Element.identity()
    for i, p in enumerate(points):
        expected = expected + sum(k for k, j in terms if j == i) * p
    assert r.multiscalar([(k, points[i]) for k, i in terms]) == expected


@FEW
@given(elements)
def test_an_element_read_keeps_the_bytes_its_arithmetic_gives(p):
    data = p.encode()
    read = Element.decode(data)
    # The kept bytes are the ones the point itself encodes to.
    assert read.encode() == data == (read + Element.identity()).encode() == (read - read + read).encode()


@FEW
@given(elements)
def test_the_order_annihilates_every_element(p):
    assert (ORDER * p).is_identity()
    assert ORDER * p == Element.identity()
    assert ((ORDER - 1) * p) == -p


@FEW
@given(elements, scalars)
def test_decode_inverts_encode(p, k):
    for e in (p, k * p, p + G):
        data = e.encode()
        assert Element.decode(data) == e
        assert Element.decode(data).encode() == data
        assert hash(Element.decode(data)) == hash(e)


@FEW
@given(scalars, elements)
def test_a_table_multiplies_as_the_window_does(k, p):
    assert r.base_multiple(k) == k * G
    assert BaseTable(p).multiply(k) == k * p


@pytest.mark.parametrize("width", [2, 3, 5, 6, 7, 8])
def test_tables_of_every_width_give_the_rfcs_multiples(width):
    """RFC 9496 A.1 through a table of each width (the generator's is 6
    bits), and the scalars at the ends of the digits' range."""
    table = BaseTable(G, width)
    for k, expected in enumerate(MULTIPLES_OF_B):
        assert table.multiply(k).encode().hex() == expected, f"{k}·B, {width}-bit table"
        assert table.multiply(ORDER + k).encode().hex() == expected
    for k in (ORDER - 1, 2**255 - 1, 2**128 - 1, (1 << 255) - (1 << 250)):
        assert table.multiply(k) == k * G
    with pytest.raises(ValueError):
        BaseTable(G, 9)


def test_identity_and_negation():
    assert Element.identity().encode() == bytes(32)
    assert Element.identity().is_identity() and not G.is_identity()
    assert (G - G).is_identity() and (0 * G).is_identity()
    assert -G + G == Element.identity()
    assert (-3) * G == -(3 * G)
    assert G != 2 * G and G.__eq__(object()) is NotImplemented
