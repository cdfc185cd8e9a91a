"""Signed messages and the relayed log of a hand dealt face down
(docs/FACE_DOWN.md, "Signed messages and the compared log").

Every phone signs what it sends with its long-term key (a Schnorr
signature, crypto/proofs.py) and numbers it (`n`, 1, 2, … per sender). The
host relays each message in an *envelope*: its position in the log, the
running hash of the log up to and with it (`chain`), and the host's own
signature of position and hash. A phone takes an envelope only at the next
position, with the hash it computes itself, and a message from each sender
only with the next number; a message in its own name must be one it sent.
So the host can neither alter, drop nor reorder a message without a phone
seeing it, and what it shows one phone it has signed.

Before it reveals, every phone sends its `log`: the last position it was
relayed, its hash there and the host's signature of them. Every phone
compares it with its own hash at that position: the same log, or two logs
the host signed (the host is named), or one it did not sign (the sender
is). The senders' signatures are checked after the hand, all at once
(`verify_signatures`): none decides anything during it (a request or a card
played in another phone's name opens nothing, core/facedown.py), and
checked one by one they would cost each phone a fifth of the hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..crypto import Element, KeyProof, base_multiple, sign, verify_signature, verify_signatures
from .facedown_deck import LABEL, digest, int_bytes
from .facedown_wire import Fault, Message, Verdict, fault, read_key_proof, read_whole

Envelope = dict[str, Any]


def canonical(message: Message) -> bytes:
    """The one spelling of a message that is signed and hashed."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def signed_bytes(context: bytes, message: Message) -> bytes:
    """What a sender signs: the hand's context and its message without the
    signature."""
    return digest(LABEL, b"message", context, canonical({k: v for k, v in message.items() if k != "sig"}))


def chain_start(context: bytes) -> bytes:
    return digest(LABEL, b"log", context)


def chain_next(chain: bytes, message: Message) -> bytes:
    return digest(chain, canonical(message))


def relay_bytes(context: bytes, pos: int, chain: bytes) -> bytes:
    """What the host signs of each envelope."""
    return digest(LABEL, b"relay", context, int_bytes(pos), chain)


def envelope(context: bytes, pos: int, chain: bytes, message: Message, host_secret: int) -> Envelope:
    """The host's envelope of the message at `pos`, `chain` the log's hash
    with it."""
    return {"pos": pos, "chain": chain.hex(), "msg": message, "relay": sign(host_secret, relay_bytes(context, pos, chain)).encode().hex()}


class Log:
    """One phone's side of the relayed log: its own messages signed, every
    envelope checked as it comes, the hashes kept for the comparison."""

    def __init__(self, context: bytes, seat: int, identity: int, identities: Sequence[Element], host: int) -> None:
        self.context = context
        self.seat = seat
        self.identity = identity
        self.identities = list(identities)
        # Its own key's public part: a lost phone's stand-in signs with the host's.
        self.public = base_multiple(identity)
        self.host = host
        self.chains = [chain_start(context)]  # the hash after 0, 1, … envelopes
        self.relay_sig = ""  # the host's signature of the last envelope
        self.numbers = {s: 0 for s in range(1, len(identities) + 1)}  # the last number taken from each sender
        self.sent: dict[int, bytes] = {}  # its own messages by number, canonical
        self.signed: list[tuple[int, bytes, KeyProof]] = []  # (sender, bytes, signature), for the check
        self.compared: dict[int, int] = {}  # seat → the position its log was compared at
        self.standins: set[int] = set()  # seats lost for good: the host signs for them
        # A phone that reloads says again what it said before, from its save:
        # its messages by number, as they were sent (a signature is drawn
        # anew each time, and a message sent twice in two spellings would
        # name the host).
        self.resent: dict[int, Message] = {}

    def seal(self, message: Message) -> Message:
        n = len(self.sent) + 1
        kept = self.resent.pop(n, None)
        if kept is not None:
            if kept.get("kind") != message.get("kind"):
                raise ValueError(f"message {n} was a {kept.get('kind')} before the reload, not a {message.get('kind')}")
            self.sent[n] = canonical(kept)
            return kept
        out = {**message, "n": n}
        out["sig"] = sign(self.identity, signed_bytes(self.context, out), self.public).encode().hex()
        self.sent[n] = canonical(out)
        return out

    def _host_fault(self, de: str, en: str) -> Fault:
        return fault(self.host, f"hat als Vermittler {de}", f"as the relay {en}")

    def open(self, env: object) -> Message:
        """The message of the next envelope, once position, hash and number
        hold; else the host is named."""
        if not isinstance(env, dict) or not isinstance(env.get("msg"), dict) or not isinstance(env.get("chain"), str):
            raise self._host_fault("eine unlesbare Nachricht weitergegeben", "passed on a malformed message")
        msg: Message = env["msg"]
        pos = len(self.chains)
        if env.get("pos") != pos:
            raise self._host_fault(f"Nachricht {pos} ausgelassen oder umgestellt", f"left out or moved message {pos}")
        chain = chain_next(self.chains[-1], msg)
        if env["chain"] != chain.hex():
            raise self._host_fault(f"den Verlauf bei Nachricht {pos} verändert", f"altered the log at message {pos}")
        sender, n = msg.get("seat"), msg.get("n")
        if not isinstance(sender, int) or sender not in self.numbers or not isinstance(n, int) or not isinstance(msg.get("sig"), str):
            raise self._host_fault(
                "eine Nachricht ohne Absender oder Unterschrift weitergegeben", "passed on a message without sender or signature"
            )
        if n != self.numbers[sender] + 1:
            raise self._host_fault(
                f"eine Nachricht von Platz {sender} ausgelassen oder umgestellt", f"left out or moved a message of seat {sender}"
            )
        # Once its own seat is lost for good, the host's phone speaks for it
        # (its signature is checked after the hand, as for any lost seat).
        if sender == self.seat and sender not in self.standins and self.sent.get(n) != canonical(msg):
            raise self._host_fault(
                "eine Nachricht in meinem Namen geschickt, die ich nicht schickte", "sent a message in my name I did not send"
            )
        try:
            signature = read_key_proof(msg["sig"])
        except ValueError as e:
            raise self._host_fault(
                f"eine Nachricht von Platz {sender} ohne Unterschrift weitergegeben", f"passed on an unsigned message of seat {sender}"
            ) from e
        self.numbers[sender] = n
        self.chains.append(chain)
        self.relay_sig = str(env.get("relay", ""))
        if sender != self.seat or sender in self.standins:
            self.signed.append((self.host if sender in self.standins else sender, signed_bytes(self.context, msg), signature))
        return msg

    def log_message(self) -> Message:
        """Its log to compare: the last position, the hash there, the host's
        signature of them."""
        return {"kind": "log", "seat": self.seat, "pos": len(self.chains) - 1, "chain": self.chains[-1].hex(), "relay": self.relay_sig}

    def compare(self, msg: Message) -> None:
        """Another phone's log against its own at the same position."""
        sender = int(msg["seat"])
        pos = read_whole(msg.get("pos"), 0, len(self.chains) - 1)
        chain = msg.get("chain")
        if not isinstance(chain, str) or len(chain) != 128:
            raise fault(sender, "hat einen unlesbaren Verlauf geschickt", "sent a malformed log")
        if chain != self.chains[pos].hex():
            try:
                host_signed = verify_signature(
                    self.identities[self.host - 1], relay_bytes(self.context, pos, bytes.fromhex(chain)), read_key_proof(msg.get("relay"))
                )
            except ValueError:
                host_signed = False
            if host_signed:
                raise self._host_fault(
                    f"Platz {sender} einen anderen Verlauf gezeigt als diesem Handy", f"showed seat {sender} another log than this phone"
                )
            raise fault(sender, "nennt einen Verlauf, den der Vermittler nicht unterschrieb", "claims a log the relay did not sign")
        self.compared[sender] = pos

    def uncompared(self) -> Verdict | None:
        """After the hand: every other phone's log compared."""
        for s in self.numbers:
            if s != self.seat and s not in self.compared and s not in self.standins:
                return Verdict.unchecked(f"von Platz {s} kam kein Verlauf zum Vergleich", f"no log came from seat {s} to compare")
        return None

    def forged(self) -> Verdict | None:
        """After the hand: every message signed by its sender (all at once;
        one by one only to say which was not)."""
        items = [(self.identities[s - 1], data, sig) for s, data, sig in self.signed]
        if not verify_signatures(items):
            for s, data, sig in self.signed:
                if not verify_signature(self.identities[s - 1], data, sig):
                    return Verdict.fault(
                        self.host,
                        f"hat als Vermittler eine Nachricht weitergegeben, die Platz {s} nicht unterschrieb",
                        f"as the relay passed on a message seat {s} did not sign",
                    )
        return None
