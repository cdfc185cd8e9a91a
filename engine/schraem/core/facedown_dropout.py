"""A phone lost for good during a hand dealt face down (docs/FACE_DOWN.md,
"The dropout rule"): what the phones still there can open of it, all of
them together and no fewer.

With its key, each phone of a table of three or more sends `pieces`: its
hand's secret x_i split among the other phones by Shamir's scheme
(Shamir, "How to Share a Secret", CACM 1979) with all n - 1 of them needed
(a polynomial f of degree n - 2 with f(0) = x_i, phone j's piece f(j)),
Feldman's commitments to the coefficients (Feldman, "A Practical Scheme
for Non-interactive Verifiable Secret Sharing", FOCS 1987; the first is
the phone's key X_i itself), each piece encrypted to its phone with a pad
from the Diffie–Hellman value of the two phones' long-term keys, hashed
with the hand and both seats, and its shuffle seed encrypted with a pad
from x_i (so whoever learns x_i learns the seed, and nobody else). Each
phone checks its piece against the commitments at once: a wrong piece
names its sender.

When the host says a phone is gone (`gone`) and the deck was dealt, every
phone still there shows its piece of the lost phone's secret (`recover`);
each checks every piece against the commitments, and with all of them
(Lagrange at 0) has the lost phone's secret, checked against its key, and
its seed, checked against its commitment: the hand goes on with the
lost seat's part played on the host's phone, and the check after the hand
sees everything as from the lost phone itself. With two phones nobody is
left to share with: the hand is void, and every phone says who left and
when. A phone lost before the deck was dealt leaves a hand nobody saw a
card of: it is void too, and dealt again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..crypto import ORDER, Element, base_multiple, encode_scalar, multiscalar, random_scalar
from .facedown_deck import LABEL, commit_of, digest, int_bytes
from .facedown_wire import Message, fault, read_element, read_list, read_scalar


def after_move(after: int) -> tuple[str, str]:
    """A point of a hand in words (German, English): after its n-th move,
    or, with none made yet, after the deal ("after move 0" would name a
    move nobody made)."""
    if after == 0:
        return "nach dem Geben", "after the deal"
    return f"nach Zug {after}", f"after move {after}"


def _pad(dh: Element, context: bytes, sender: int, receiver: int) -> int:
    return int.from_bytes(digest(LABEL, b"piece", context, int_bytes(sender), int_bytes(receiver), dh.encode()), "little") % ORDER


def _seed_pad(secret: int, context: bytes, seat: int) -> bytes:
    return hashlib.sha256(digest(LABEL, b"seed pad", context, int_bytes(seat), encode_scalar(secret))).digest()


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def holders(seat: int, seats: int) -> list[int]:
    """The phones that hold a piece of `seat`'s secret: all the others."""
    return [j for j in range(1, seats + 1) if j != seat]


def pieces_message(
    seat: int, seats: int, secret: int, seed: bytes, identity: int, identities: Sequence[Element], context: bytes
) -> Message:
    """Seat `seat`'s pieces: the commitments to its polynomial's
    coefficients after the first, each other phone's piece encrypted to it,
    and its seed encrypted under its secret."""
    coefficients = [secret] + [random_scalar() for _ in range(seats - 2)]
    pieces = {}
    for j in holders(seat, seats):
        value = sum(a * pow(j, k, ORDER) for k, a in enumerate(coefficients)) % ORDER
        pad = _pad(identity * identities[j - 1], context, seat, j)
        pieces[str(j)] = encode_scalar(value + pad).hex()
    return {
        "kind": "pieces",
        "seat": seat,
        "commits": [base_multiple(a).encode().hex() for a in coefficients[1:]],
        "pieces": pieces,
        "seed": _xor(seed, _seed_pad(secret, context, seat)).hex(),
    }


def piece_point(key: Element, commits: Sequence[Element], j: int) -> Element:
    """f(j)·G from the commitments, the first being the key itself."""
    return multiscalar([(1, key), *((pow(j, k, ORDER), a) for k, a in enumerate(commits, 1))])


class Pieces:
    """What one phone holds of the others' secrets, and what the phones
    still there recover of a lost one."""

    def __init__(self, seat: int, seats: int, identity: int, identities: Sequence[Element], context: bytes) -> None:
        self.seat, self.seats, self.context = seat, seats, context
        self.identity, self.identities = identity, list(identities)
        self.commits: dict[int, list[Element]] = {}
        self.sealed_seeds: dict[int, bytes] = {}
        self.mine: dict[int, int] = {}  # sender → its piece for this phone, checked
        self.shown: dict[int, dict[int, int]] = {}  # lost seat → holder → piece shown
        self.recovered: dict[int, tuple[int, bytes]] = {}  # lost seat → (secret, seed)

    def take(self, msg: Message, sender: int, key: Element) -> None:
        """A phone's pieces: its piece for this phone decrypted and checked."""
        commits = [read_element(v)[0] for v in read_list(msg.get("commits"), self.seats - 2)]
        sealed = msg.get("seed")
        pieces = msg.get("pieces")
        if not isinstance(sealed, str) or len(sealed) != 64 or not isinstance(pieces, dict):
            raise fault(sender, "hat seine Teile unlesbar geschickt", "sent its pieces malformed")
        self.commits[sender] = commits
        self.sealed_seeds[sender] = bytes.fromhex(sealed)
        pad = _pad(self.identity * self.identities[sender - 1], self.context, sender, self.seat)
        piece = (read_scalar(pieces.get(str(self.seat))) - pad) % ORDER
        if base_multiple(piece) != piece_point(key, commits, self.seat):
            raise fault(
                sender, "hat diesem Handy ein falsches Teil seines Geheimnisses geschickt", "sent this phone a wrong piece of its secret"
            )
        self.mine[sender] = piece

    def recover_message(self, lost: int) -> Message:
        """This phone's piece of the lost phone's secret, shown to all."""
        return {"kind": "recover", "seat": self.seat, "for": lost, "piece": encode_scalar(self.mine[lost]).hex()}

    def take_shown(self, msg: Message, sender: int, lost: int, key: Element, commit: str) -> None:
        """A phone's piece of the lost secret, checked; with every phone's,
        the secret and the seed, each checked against what the lost phone
        committed to."""
        piece = read_scalar(msg.get("piece"))
        if lost not in self.commits:
            raise fault(lost, "hat seine Teile nie geschickt", "never sent its pieces")
        if base_multiple(piece) != piece_point(key, self.commits[lost], sender):
            raise fault(
                sender, f"zeigt ein falsches Teil des Geheimnisses von Platz {lost}", f"shows a wrong piece of seat {lost}'s secret"
            )
        shown = self.shown.setdefault(lost, {})
        shown[sender] = piece
        if len(shown) == self.seats - 1:
            secret = interpolate(shown)
            seed = _xor(self.sealed_seeds[lost], _seed_pad(secret, self.context, lost))
            if base_multiple(secret) != key:
                raise fault(lost, "seine Teile ergeben nicht sein Geheimnis", "its pieces do not make its secret")
            if commit_of(seed, self.context, lost) != commit:
                raise fault(
                    lost, "sein verschlüsselter Startwert ist nicht der zugesagte", "its sealed seed is not the one it committed to"
                )
            self.recovered[lost] = (secret, seed)


def interpolate(pieces: dict[int, int]) -> int:
    """f(0) from f(j) at the points given (Lagrange)."""
    total = 0
    for j, value in pieces.items():
        weight = 1
        for m in pieces:
            if m != j:
                weight = weight * m * pow(m - j, -1, ORDER) % ORDER
        total = (total + value * weight) % ORDER
    return total
