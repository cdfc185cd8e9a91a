"""A seat's cards opened for it alone (core/facedown.py `Phone`): every
other phone's shares of its places, which only the holder can read though
the host relays them, and the holder's own share, which nobody else has.

Two forms, the table's agreed by the keys (`SEALED` said with each):
- sealed: the seat asks for its places; each other phone answers with its
  shares x_i·C1 and one proof for them, sealed to the holder
  (core/facedown_seal.py). The same shares are the ones that open the cards
  when they are played: once the holder is due, each phone shows its
  answer's key instead of working its shares out again (`shows` with a
  "key"), one multiplication a card and phone in all.
- blinded (every hand of an app from before the sealed form, and a table
  where a phone does not speak it): the seat asks with its places' C1
  blinded, r·C1, and a proof; each phone answers x_i·(r·C1) in the clear,
  and works x_i·C1 out again to show it ahead.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..crypto import ORDER, Element, EqualLogsProof, KeyProof, multiscalar, prove_equal_logs, verify_equal_logs
from .facedown_ahead import PublicCards, Shown
from .facedown_deck import blinding, c1_encoding, cards_by_encoding, composite, composite_base, paired_with_c1
from .facedown_seal import SEALED, answer_key, open_answer, read_key, read_sealed, seal_answer
from .facedown_wire import (
    Answer,
    BadMessage,
    Fault,
    Message,
    Request,
    Verdict,
    context_for,
    fault,
    open_request,
    read_element,
    read_list,
    read_logs_proof,
    read_places,
    read_whole,
    with_hints,
)


class Openings(PublicCards):
    """`Phone`'s requests for its cards and its answers to the others'."""

    secret: int
    seed: bytes
    public: Element
    context: bytes
    keys: dict[int, tuple[Element, KeyProof, str]]
    requests: dict[tuple[int, int], Request]
    answers: dict[tuple[int, int, int], Answer]
    blinds: dict[int, int]
    forms: dict[int, int]  # seat → the form it said with its key
    sealed: dict[tuple[int, int, int], bytes]  # (sender, holder, request) → a sealed answer as it travelled
    _dhs: dict[int, Element]
    _own_shares: dict[int, Element]  # its place → its share x·C1, made as it opened its card (for the proof of its play)

    def blinding(self, number: int) -> int:
        return blinding(self.seed, self.context, self.seat, number)

    def share(self, point: Element) -> Element:
        return self.secret * point

    def sealing(self) -> bool:
        """Whether the hand's answers go sealed: every phone said with its key
        that it speaks that form (a hand of an app from before it did not)."""
        return len(self.forms) == self.plan.seats and min(self.forms.values()) >= SEALED

    def request(self, places: Sequence[int]) -> Message:
        """Ask the others for the shares of `places` (its own)."""
        number = len(self.blinds) + 1
        if self.sealing():
            self.blinds[number] = 1  # (nothing blinded: the answers come sealed)
            return {"kind": "open", "seat": self.seat, "request": number, "places": list(places)}
        r = self.blinds[number] = self.blinding(number)
        return open_request(self.final_deck(), places, r, self.context, self.seat, number)

    def sealed_request(self, sender: int, number: int, places: list[int]) -> Request:
        """A request of the sealed form as read: its points are the places'
        C1 themselves (a blinded one's with r = 1)."""
        final = self.spelled[self.plan.seats]
        deck = self.final_deck()
        encodings = paired_with_c1(final, places, [c1_encoding(final, p) for p in places])
        return Request(sender, number, places, None, [deck[p].c1 for p in places], encodings, None)

    def _shares_for(self, req: Request) -> tuple[list[Element], list[bytes], EqualLogsProof]:
        """Its shares of the request's points and one proof for them all."""
        shares = [self.share(b) for b in req.points]
        encodings = [e for b, s in zip(req.encodings[1::2], shares) for e in (b, s.encode())]
        ctx = context_for(self.context, "shares", self.seat, req.seat, req.number)
        m = composite_base(b"shares", ctx, req.points, encodings)
        return shares, encodings, prove_equal_logs(self.secret, m, ctx, self.public)[1]

    def _answer(self, req: Request) -> Message:
        shares, encodings, proof = self._shares_for(req)
        msg: Message = {"kind": "shares", "seat": self.seat, "for": req.seat, "request": req.number}
        if req.blind is None:
            sealed = seal_answer(self._answer_key(self.seat, req.seat, req.number), shares, proof)
            return {**msg, "sealed": sealed.hex()}
        said = [encodings[2 * j + 1].hex() for j in range(len(shares))]
        return with_hints({**msg, "shares": said, "proof": proof.encode().hex()})

    def _dh(self, other: int) -> Element:
        """x·X of this phone's secret and another's key for the hand."""
        dh = self._dhs.get(other)
        if dh is None:
            dh = self._dhs[other] = self.secret * self.keys[other][0]
        return dh

    def _answer_key(self, sender: int, holder: int, number: int) -> bytes:
        return answer_key(self._dh(holder if sender == self.seat else sender), self.context, sender, holder, number)

    def _on_answer(self, msg: Message, sender: int) -> None:
        holder = read_whole(msg.get("for"), 1, self.plan.seats)
        number = read_whole(msg.get("request"), 1, 64)
        req = self.requests.get((holder, number))
        said = (sender, holder, number)
        if req is None or sender == holder or said in self.answers or said in self.sealed:
            raise BadMessage("shares for no request")
        if ("sealed" in msg) != (req.blind is None):
            raise BadMessage("an answer in the other form than its request")
        if req.blind is None:
            data = self.sealed[said] = read_sealed(msg.get("sealed"), len(req.places))
            if holder != self.seat:
                return  # (for the holder alone; every phone opens it when its key is shown, or after the hand)
            shares, proof, _ = open_answer(self._answer_key(sender, holder, number), data, len(req.places))
        else:
            shares = [read_element(v) for v in read_list(msg.get("shares"), len(req.places))]
            proof = read_logs_proof(msg.get("proof"))
        self.answers[said] = answer_to(req, sender, shares, proof)
        if holder == self.seat and sum(1 for k in self.answers if k[1:] == (holder, number)) == self.plan.seats - 1:
            self._open(req)

    def _answer_valid(self, a: Answer, req: Request) -> bool:
        ctx = context_for(self.context, "shares", a.seat, a.holder, a.number)
        m, z = composite(b"shares", ctx, list(zip(req.points, a.shares)), a.encodings)
        return verify_equal_logs(self.keys[a.seat][0], m, z, a.proof, ctx)

    def _open(self, req: Request) -> None:
        """Decode its own cards (the others' shares unblinded first where
        they answered a blinded request). The proofs of the shares are
        checked only when a card does not come out: a wrong share turns the
        card into a random element, which is no card but with chance 32/ℓ,
        and the proofs then say whose share it was."""
        answers = [a for k, a in self.answers.items() if k[1:] == (self.seat, req.number)]
        r_inv = pow(self.blinds[req.number], -1, ORDER)
        deck = self.final_deck()
        lookup = cards_by_encoding(self.plan.cards)
        opened: dict[int, str] = {}
        for j, p in enumerate(req.places):
            others = Element.identity()
            for a in answers:
                others = others + a.shares[j]
            if r_inv == 1:
                own = self._own_shares[p] = self.secret * deck[p].c1
                point = deck[p].c2 - (others + own)
            else:
                point = deck[p].c2 - multiscalar([(r_inv, others), (self.secret, deck[p].c1)])
            card = lookup.get(point.encode())
            if card is None or card in self.cards.values() or card in opened.values():
                for a in sorted(answers, key=lambda a: a.seat):
                    if not self._answer_valid(a, req):
                        raise fault(a.seat, "hat einen falschen Anteil für meine Karten geschickt", "sent a wrong share for my cards")
                raise Fault(
                    Verdict.unchecked(
                        "eine eigene Karte ließ sich nicht öffnen; das Mischen wird nach dem Spiel geprüft",
                        "a card of mine would not open; the shuffles are checked after the hand",
                    )
                )
            opened[p] = card
        self.cards.update(opened)

    # -- its shares shown by its answers' keys --------------------------------

    def _shown_by_key(self, seats: Collection[int], due: Sequence[int]) -> Message | None:
        """A seat's cards whose shares this phone sealed to it, shown first
        by the answer's key: no work."""
        for s in sorted(seats):
            theirs = [p for p in due if self.owner.get(p) == s != self.seat]
            if theirs and self._sealed_cover(theirs) is not None:
                return self.show_early(theirs)
        return None

    def show_early(self, places: Sequence[int], said: Message | None = None) -> Message:
        """`PublicCards.show_early`, or the key of the sealed answer that
        carried exactly those shares (said again alike after a reload)."""
        if said is None or "key" in said:
            unsealed = self._unseal_shows(places)
            if unsealed is not None:
                return unsealed
            said = None
        return super().show_early(places, said)

    def _sealed_cover(self, places: Sequence[int]) -> tuple[int, int] | None:
        """The request (holder, number) whose places are exactly `places`,
        answered sealed by this phone (its answer back from the relay)."""
        for (holder, number), req in self.requests.items():
            if req.blind is None and req.places == list(places) and (self.seat, holder, number) in self.sealed:
                return holder, number
        return None

    def _unseal_shows(self, places: Sequence[int]) -> Message | None:
        """Its shares of `places` shown by the key of the answer that carried
        them, where one did (nothing to work out); None where none did."""
        found = self._sealed_cover(places)
        if found is None:
            return None
        holder, number = found
        key = self._answer_key(self.seat, holder, number)
        shares, _, said = open_answer(key, self.sealed[(self.seat, holder, number)], len(places))
        for p in places:
            self._ahead.pop(p, None)
        self._shown.update(places)
        self._made_shows([e.hex() for _, e in shares], said)
        return {"kind": "shows", "seat": self.seat, "places": list(places), "for": holder, "request": number, "key": key.hex()}

    def _on_unseal(self, msg: Message, sender: int) -> None:
        """Another phone's (or its own) shares of a seat's cards, shown by the
        key of its sealed answer: each share as shown ahead, their proof the
        answer's (checked where a card of them does not open as named)."""
        holder = read_whole(msg.get("for"), 1, self.plan.seats)
        number = read_whole(msg.get("request"), 1, 64)
        places = read_places(msg.get("places"), len(self.plan.cards))
        req, data = self.requests.get((holder, number)), self.sealed.get((sender, holder, number))
        if req is None or data is None or req.places != places:
            raise BadMessage("a key for no sealed answer")
        shares, proof, said = open_answer(read_key(msg.get("key")), data, len(places))
        ctx = context_for(self.context, "shares", sender, holder, number)
        shown = Shown(sender, places, [s for s, _ in shares], [e for _, e in shares], proof, said, b"shares", ctx)
        self.answers.setdefault((sender, holder, number), answer_to(req, sender, shares, proof))
        for place, share in zip(places, shown.shares):
            self._on_show(place, share, shown, sender)


def answer_to(req: Request, sender: int, shares: Sequence[tuple[Element, bytes]], proof: EqualLogsProof) -> Answer:
    """`sender`'s answer to `req` as read: its shares (each with its bytes)
    paired with the request's points, as the composite takes them."""
    encodings = [e for b, (_, enc) in zip(req.encodings[1::2], shares) for e in (b, enc)]
    return Answer(sender, req.seat, req.number, [s for s, _ in shares], encodings, proof)
