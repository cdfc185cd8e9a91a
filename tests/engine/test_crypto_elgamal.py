"""ElGamal with a joint key, and the Schnorr and Chaum–Pedersen proofs: the
round trips, and every proof refused once any part of it or of what it is
about is changed."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from schraem.crypto import (
    ORDER,
    BaseTable,
    Ciphertext,
    Element,
    EqualLogsProof,
    InvalidEncoding,
    InvalidProof,
    InvalidScalar,
    KeyPair,
    KeyProof,
    check_key,
    check_share,
    combine,
    decrypt,
    decryption_share,
    encrypt,
    joint_key,
    proofs,
    rerandomise,
    share_with_proof,
)

CONTEXT = b"table 7, hand 3, seat 2"
G = Element.generator()


def card(n: int) -> Element:
    """A card as an element nobody knows the logarithm of."""
    return Element.from_uniform_bytes(hashlib.sha512(b"card %d" % n).digest())


@pytest.fixture(scope="module")
def phones() -> list[KeyPair]:
    return [KeyPair.generate() for _ in range(3)]


def test_a_key_pair_holds_its_public_key_and_hides_its_secret():
    pair = KeyPair.generate()
    assert pair.public == pair.secret * G and 0 < pair.secret < ORDER
    assert str(pair.secret) not in repr(pair)
    assert KeyPair.from_secret(pair.secret) == pair


def test_encrypt_then_decrypt(phones):
    pair = phones[0]
    message = card(1)
    ciphertext = encrypt(pair.public, message)
    assert decrypt(pair.secret, ciphertext) == message
    assert ciphertext.c2 != message
    assert encrypt(pair.public, message) != ciphertext, "fresh randomness each time"
    assert encrypt(pair.public, message, randomness=5) == encrypt(BaseTable(pair.public), message, randomness=5)


def test_shares_of_every_holder_open_a_card_under_the_joint_key(phones):
    key = joint_key(p.public for p in phones)
    assert key == sum((p.secret for p in phones), 0) * G
    table = BaseTable(key)
    ciphertext = encrypt(table, card(2))
    shares = [decryption_share(p.secret, ciphertext) for p in phones]
    assert combine(ciphertext, shares) == card(2)
    assert combine(ciphertext, shares[:2]) != card(2), "every holder is needed"


def test_rerandomising_keeps_the_card_and_changes_both_halves(phones):
    key = joint_key(p.public for p in phones)
    table = BaseTable(key)
    ciphertext = encrypt(key, card(3))
    again = ciphertext
    for phone in phones:  # each phone in turn, as a shuffle does
        again = rerandomise(table, again)
        assert again.c1 != ciphertext.c1 and again.c2 != ciphertext.c2
    assert combine(again, [decryption_share(p.secret, again) for p in phones]) == card(3)
    assert rerandomise(key, ciphertext, randomness=9) == rerandomise(table, ciphertext, randomness=9)
    assert rerandomise(key, ciphertext, randomness=0) == ciphertext


def test_a_ciphertext_travels_as_64_canonical_bytes(phones):
    ciphertext = encrypt(phones[0].public, card(4))
    data = ciphertext.encode()
    assert len(data) == 64 and Ciphertext.decode(data) == ciphertext
    for bad in (data[:63], data[:32] + bytes.fromhex("ff" * 31 + "7f")):
        with pytest.raises(InvalidEncoding):
            Ciphertext.decode(bad)


# --- the Schnorr proof of a key -----------------------------------------


def test_a_key_proof_verifies_and_travels(phones):
    pair = phones[1]
    proof = pair.prove(CONTEXT)
    assert check_key(pair.public, proof, CONTEXT)
    assert KeyProof.decode(proof.encode()) == proof
    assert check_key(pair.public, KeyProof.decode(proof.encode()), CONTEXT)


def test_a_key_proof_fails_when_anything_is_changed(phones):
    pair, other = phones[0], phones[1]
    proof = pair.prove(CONTEXT)
    assert not check_key(pair.public, dataclasses.replace(proof, commitment=proof.commitment + G), CONTEXT)
    assert not check_key(pair.public, dataclasses.replace(proof, response=(proof.response + 1) % ORDER), CONTEXT)
    assert not check_key(other.public, proof, CONTEXT), "another statement"
    assert not check_key(pair.public + G, proof, CONTEXT), "a shifted key"
    assert not check_key(pair.public, proof, CONTEXT + b"!"), "another context"
    assert not check_key(pair.public, proof, b""), "no context"


def test_a_key_cannot_be_proved_without_its_secret(phones):
    # A phone that wants the joint key to be its own offers X_c - Σ others;
    # it does not know that key's secret, and a proof made with any other
    # secret fails.
    others = joint_key(p.public for p in phones)
    rogue = KeyPair.generate()
    offered = rogue.public - others
    assert joint_key([*(p.public for p in phones), offered]) == rogue.public
    assert not check_key(offered, rogue.prove(CONTEXT), CONTEXT)


def test_a_proof_is_refused_as_malformed_bytes(phones):
    data = phones[0].prove(CONTEXT).encode()
    with pytest.raises(InvalidProof):
        KeyProof.decode(data[:63])
    with pytest.raises(InvalidScalar):
        KeyProof.decode(data[:32] + ORDER.to_bytes(32, "little"))
    with pytest.raises(InvalidEncoding):
        KeyProof.decode(bytes.fromhex("01" + "00" * 31) + data[32:])
    with pytest.raises(InvalidProof):
        EqualLogsProof.decode(data)


# --- the Chaum–Pedersen proof of a decryption share ---------------------


def test_a_share_with_its_proof_verifies_and_opens_the_card(phones):
    key = joint_key(p.public for p in phones)
    ciphertext = encrypt(key, card(5))
    shares = []
    for phone in phones:
        share, proof = share_with_proof(phone, ciphertext, CONTEXT)
        assert share == decryption_share(phone.secret, ciphertext)
        assert check_share(phone.public, ciphertext, share, proof, CONTEXT)
        assert EqualLogsProof.decode(proof.encode()) == proof
        shares.append(share)
    assert combine(ciphertext, shares) == card(5)


def test_a_share_proof_fails_when_anything_is_changed(phones):
    phone, other = phones[0], phones[1]
    ciphertext = encrypt(joint_key(p.public for p in phones), card(6))
    share, proof = share_with_proof(phone, ciphertext, CONTEXT)
    replace = dataclasses.replace
    assert not check_share(phone.public, ciphertext, share, replace(proof, commitment_g=proof.commitment_g + G), CONTEXT)
    assert not check_share(phone.public, ciphertext, share, replace(proof, commitment_h=proof.commitment_h + G), CONTEXT)
    assert not check_share(phone.public, ciphertext, share, replace(proof, response=(proof.response + 1) % ORDER), CONTEXT)
    assert not check_share(other.public, ciphertext, share, proof, CONTEXT), "another holder's key"
    assert not check_share(phone.public, ciphertext, share + G, proof, CONTEXT), "another share"
    other_card = replace(ciphertext, c1=ciphertext.c1 + G)
    assert not check_share(phone.public, other_card, share, proof, CONTEXT), "another card"
    assert not check_share(phone.public, ciphertext, share, proof, CONTEXT + b"!"), "another context"


def test_a_share_proof_checks_alike_against_a_key_or_its_table(phones):
    phone, other = phones[0], phones[1]
    ciphertext = encrypt(joint_key(p.public for p in phones), card(8))
    share, proof = share_with_proof(phone, ciphertext, CONTEXT)
    table, other_table = BaseTable(phone.public), BaseTable(other.public)
    assert proofs.verify_equal_logs(table, ciphertext.c1, share, proof, CONTEXT)
    assert not proofs.verify_equal_logs(other_table, ciphertext.c1, share, proof, CONTEXT)
    assert not proofs.verify_equal_logs(table, ciphertext.c1, share + G, proof, CONTEXT)
    assert not proofs.verify_equal_logs(table, ciphertext.c1, share, proof, CONTEXT + b"!")


def test_a_share_made_with_the_wrong_key_fails_its_proof(phones):
    phone, impostor = phones[0], phones[2]
    ciphertext = encrypt(joint_key(p.public for p in phones), card(7))
    share, proof = share_with_proof(impostor, ciphertext, CONTEXT)
    assert check_share(impostor.public, ciphertext, share, proof, CONTEXT)
    assert not check_share(phone.public, ciphertext, share, proof, CONTEXT)
    # Nor does a wrong share pass with a proof made for the right one.
    _, honest_proof = share_with_proof(phone, ciphertext, CONTEXT)
    assert not check_share(phone.public, ciphertext, share, honest_proof, CONTEXT)


def test_the_two_proofs_are_kept_apart():
    """A transcript names its proof's kind, so no challenge of one kind can
    stand for the other's, even over the same elements."""
    assert proofs.challenge(b"key", CONTEXT, G) != proofs.challenge(b"equal logs", CONTEXT, G)
    # Length prefixes: moving a byte between context and kind changes it.
    assert proofs.challenge(b"key", b"ab", G) != proofs.challenge(b"keya", b"b", G)
    assert 0 <= proofs.challenge(b"key", CONTEXT, G) < ORDER
