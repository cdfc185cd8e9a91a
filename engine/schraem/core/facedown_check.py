"""The check after a hand dealt face down (core/facedown.py): every phone
recomputes, from the revealed secrets and seeds, everything it was shown of
the deal, and names the first phone whose part does not add up
(docs/FACE_DOWN.md, "The check after the hand")."""

from __future__ import annotations

import secrets

from ..crypto import ORDER, Element, base_multiple, multiscalar, verify_key, verify_keys
from .facedown import Phone
from .facedown_deck import (
    blinding,
    card_point,
    commit_of,
    composite,
    deck_pass,
    initial_deck,
    initial_spelling,
    key_table,
    remembered_pass,
    shuffle_plan,
)
from .facedown_open import answer_to
from .facedown_seal import answer_key, open_answer
from .facedown_wire import BadMessage, Fault, Verdict, context_for, fault


def verdict(phone: Phone) -> Verdict:
    """The first fault this phone saw during the hand, or else what the
    check after the hand finds (`check_hand`)."""
    named = next((v for v in phone.faults if v.status == "fault"), None)
    if named is not None:
        return named
    after = check_hand(phone)
    # A card that would not open says only that something is wrong; the
    # check after the hand says who.
    return phone.faults[0] if phone.faults and after.status != "fault" else after


# The check is a pure function of the messages a phone received, so the
# phones simulated in one process share it by their running hash, as each
# real phone does it once.
CHECKED: dict[bytes, Verdict] = {}


def check_hand(phone: Phone) -> Verdict:
    """Everything a phone was shown, recomputed from the revealed keys and
    seeds: every key against its proof and its secret, every seed against its
    commitment, every shuffle, every blinded request, every share, every card
    played against its place and its holder. The first fault in that order,
    or "unchecked" with the reason when something is missing."""
    found = CHECKED.get(phone.chain)
    if found is None:
        try:
            _check(phone)
            found = Verdict.checked()
        except Fault as f:
            found = f.verdict
        if len(CHECKED) >= 16:
            CHECKED.pop(next(iter(CHECKED)))
        CHECKED[phone.chain] = found
    return found


def _check(ph: Phone) -> None:
    plan, ctx, n = ph.plan, ph.context, ph.plan.seats
    for s in range(1, n + 1):
        if s not in ph.keys:
            raise Fault(Verdict.unchecked(f"von Platz {s} kam kein Schlüssel", f"no key came from seat {s}"))
    keys = [(ph.keys[s][0], context_for(ctx, "key", s), ph.keys[s][1]) for s in range(1, n + 1)]
    for s, (key, kctx, proof) in enumerate([] if verify_keys(keys) else keys, 1):
        if not verify_key(key, proof, kctx):
            raise fault(s, "sein Schlüssel kommt ohne gültigen Beweis", "its key comes without a valid proof")
    for s in range(1, n + 1):
        if s not in ph.reveals:
            raise Fault(Verdict.unchecked(f"Platz {s} hat sein Geheimnis nicht gezeigt", f"seat {s} has not shown its secret"))
        key, _, commit = ph.keys[s]
        secret, seed = ph.reveals[s]
        if base_multiple(secret) != key:
            raise fault(s, "sein gezeigtes Geheimnis passt nicht zu seinem Schlüssel", "the secret it showed does not match its key")
        if commit_of(seed, ctx, s) != commit:
            raise fault(s, "sein gezeigter Startwert passt nicht zu seiner Zusage", "the seed it showed does not match its commitment")
    for s in range(1, n + 1):
        if s not in ph.spelled:
            raise Fault(Verdict.unchecked(f"Platz {s} hat nicht gemischt", f"seat {s} has not shuffled"))
    secrets_ = {s: ph.reveals[s][0] for s in ph.reveals}
    unreadable = _open_sealed(ph, secrets_)
    # Every pass, request, share and card shown, at once: where this holds,
    # the checks below are left only what they check without the group.
    proven = _all_at_once(ph, secrets_)
    joint = ph.joint_key().encode()
    deck, spelled = initial_deck(plan.cards, ph.joint_key()), initial_spelling(plan.cards)
    for s in range(1, n + 1):
        if not proven and deck_pass(deck, spelled, joint, ph.reveals[s][1], ctx, s) != ph.deck(s):
            raise fault(s, "hat nicht mit dem Zufall gemischt, den es zugesagt hat", "did not shuffle with the randomness it committed to")
        deck, spelled = ph.deck(s), ph.spelled[s]
    owner = {p: s for s, places in enumerate(plan.dealt, 1) for p in places}
    for s, taken in ph.draws:
        owner.update((p, s) for p in taken)
    for (s, number), req in sorted(ph.requests.items()):
        if any(owner.get(p) != s for p in req.places):
            raise fault(s, "verlangt Karten, die ihm nicht gegeben sind", "asks for cards it was not dealt")
        if proven or req.blind is None:
            continue
        r = blinding(ph.reveals[s][1], ctx, s, number)
        rctx = context_for(ctx, "open", s, number)
        m, z = composite(b"open", rctx, [(deck[p].c1, b) for p, b in zip(req.places, req.points)], req.encodings)
        if base_multiple(r) != req.blind or r * m != z:
            raise fault(s, "verlangt verdeckt andere Karten als die eigenen", "asks, blinded, for other cards than its own")
    # Each seat's shares, every request at once: one composite per seat,
    # and per answer only when that fails, to say which.
    if unreadable:
        s, holder = unreadable[0]
        raise fault(
            s,
            f"hat einen falschen Anteil für die Karten von Platz {holder} geschickt",
            f"sent a wrong share for the cards of seat {holder}",
        )
    for s in range(1, n + 1):
        mine = [a for k, a in sorted(ph.answers.items()) if k[0] == s]
        if not mine or proven:
            continue
        pairs = [(b, d) for a in mine for b, d in zip(ph.requests[(a.holder, a.number)].points, a.shares)]
        encodings = [e for a in mine for e in a.encodings]
        m, z = composite(b"check shares", context_for(ctx, "check", s), pairs, encodings)
        if secrets_[s] * m != z:
            holder = next(
                a.holder for a in mine if any(secrets_[s] * b != d for b, d in zip(ph.requests[(a.holder, a.number)].points, a.shares))
            )
            raise fault(
                s,
                f"hat einen falschen Anteil für die Karten von Platz {holder} geschickt",
                f"sent a wrong share for the cards of seat {holder}",
            )
    for (s, number), req in sorted(ph.requests.items()):
        for t in range(1, n + 1):
            if t != s and (t, s, number) not in ph.answers:
                raise Fault(
                    Verdict.unchecked(
                        f"Platz {t} hat die Karten von Platz {s} nicht geöffnet", f"seat {t} did not open the cards of seat {s}"
                    )
                )
    x = sum(secrets_.values()) % ORDER
    # Every share of every card opened, against the revealed secrets, at
    # once (random weights, as crypto's batch checks): Σ over the cards of
    # (Σ_t z_t·x_t)·C1 - Σ_t z_t·D_t must vanish. Then a card is C2 minus
    # its shares, additions only; one by one only when the batch fails.
    terms = []
    for play in ph.plays if not proven else ():
        if play.card and len(play.shows) == n:
            weights = {t: secrets.randbits(128) | 1 for t in play.shows}
            terms.append((sum(z * secrets_[t] for t, z in weights.items()) % ORDER, deck[play.place].c1))
            terms.extend((ORDER - z, play.shows[t][0]) for t, z in weights.items())
    batch = not terms or multiscalar(terms).is_identity()
    for play in ph.plays:
        if owner.get(play.place) != play.seat:
            raise fault(
                play.seat,
                f"spielt {play.card} von einer Stelle, die ihm nicht gegeben ist",
                f"plays {play.card} from a place it was not dealt",
            )
        c = deck[play.place]
        if play.uncovered and not play.card:
            continue  # never opened: nothing was shown
        if batch and len(play.shows) == n:
            opened = c.c2
            for share, _ in play.shows.values():
                opened = opened - share
        else:
            opened = c.c2 - x * c.c1
        if opened != card_point(play.card):
            raise fault(
                play.seat,
                f"hat {play.card} gespielt, aber an seiner Stelle liegt eine andere Karte",
                f"played {play.card}, but another card lies at its place",
            )
        for t, (share, _) in sorted(play.shows.items()) if not batch else ():
            if secrets_[t] * c.c1 != share:
                raise fault(
                    t,
                    f"hat einen falschen Anteil für die gespielte {play.card} geschickt",
                    f"sent a wrong share for the {play.card} played",
                )
        if len(play.shows) < n:
            raise Fault(
                Verdict.unchecked(
                    f"die gespielte {play.card} wurde nicht von allen geöffnet", f"the {play.card} played was not opened by all"
                )
            )
    # Shares shown ahead of a card that was never made public (its seat
    # gave up, or the hand ended first): each against its phone's secret.
    for place, shows in sorted(ph.early.items()) if not proven else ():
        for t, (share, _) in sorted(shows.items()):
            if secrets_[t] * deck[place].c1 != share:
                raise fault(
                    t,
                    f"hat einen falschen Anteil für eine Karte von Platz {owner.get(place)} geschickt",
                    f"sent a wrong share for a card of seat {owner.get(place)}",
                )


def _open_sealed(ph: Phone, secrets_: dict[int, int]) -> list[tuple[int, int]]:
    """Every sealed answer this phone could not read during the hand, read
    with the revealed secrets (its key from x_t·x_h·G), into its answers.
    → (sender, holder) of each that reads as no answer: a fault of its
    sender, named where the shares are checked."""
    unreadable = []
    for (t, holder, number), data in sorted(ph.sealed.items()):
        if (t, holder, number) in ph.answers:
            continue
        req = ph.requests[(holder, number)]
        dh = base_multiple(secrets_[t] * secrets_[holder] % ORDER)
        try:
            shares, proof, _ = open_answer(answer_key(dh, ph.context, t, holder, number), data, len(req.places))
        except BadMessage:
            unreadable.append((t, holder))
            continue
        ph.answers[(t, holder, number)] = answer_to(req, t, shares, proof)
    return unreadable


class _Sum:
    """Σ k_i·P_i to be checked against the identity, the weights of one
    element added before multiplying (by its encoding; an element read
    from the wire keeps its bytes)."""

    def __init__(self) -> None:
        self.terms: dict[bytes, tuple[Element, int]] = {}
        self.apart: list[tuple[int, Element]] = []  # each its own, not worth an encoding
        self.g = 0  # the generator's weight, through its table
        self.key = 0  # the joint key's, through its table

    def add(self, point: Element, weight: int) -> None:
        enc = point.encode()
        held, old = self.terms.get(enc, (point, 0))
        self.terms[enc] = (held, (old + weight) % ORDER)

    def vanishes(self, joint: Element) -> bool:
        total = base_multiple(self.g % ORDER) + key_table(joint.encode()).multiply(self.key % ORDER)
        merged = [(w, p) for p, w in self.terms.values() if w]
        return (total + multiscalar(merged + self.apart)).is_identity()


def _weight() -> int:
    return secrets.randbits(128) | 1


def _all_at_once(ph: Phone, secrets_: dict[int, int]) -> bool:
    """Whether every group equation the check makes of the passes, the
    requests, the shares and the cards shown holds, checked as one random
    linear combination (the batch verification of Bellare, Garay and
    Rabin, EUROCRYPT '98, as crypto's batch checks): each equation A = B
    weighted by its own 128-bit z from `secrets`, Σ z·(A - B) must be the
    identity; one false equation makes it so with chance about 2^-128. A
    pass is out[j] = in[π(j)] + (s_j·G, s_j·X), so out[j] - in[π(j)] is
    weighted against s_j on G and on X; a request's blinded point is r·C1
    and its R is r·G; a share is x·(its point). False, and the checks one
    by one name the phone, when this fails or something cannot be read."""
    plan, ctx, n = ph.plan, ph.context, ph.plan.seats
    total = _Sum()
    try:
        joint = ph.joint_key()
        deck, spelled = initial_deck(plan.cards, joint), initial_spelling(plan.cards)
        for s in range(1, n + 1):
            seed = ph.reveals[s][1]
            out = ph.deck(s)
            known = remembered_pass(spelled, joint.encode(), seed, ctx, s)
            if known is not None:
                # Its own pass, computed when it shuffled.
                if known != out:
                    return False
            else:
                perm, scalars = shuffle_plan(seed, ctx, s, len(deck))
                if len(out) != len(deck):
                    return False
                for c, p, k in zip(out, perm, scalars):
                    z1, z2 = _weight(), _weight()
                    total.apart += [(z1, c.c1 - deck[p].c1), (z2, c.c2 - deck[p].c2)]
                    total.g -= z1 * k
                    total.key -= z2 * k
            deck, spelled = out, ph.spelled[s]
    except (Fault, BadMessage):
        return False
    for (s, number), req in ph.requests.items():
        if req.blind is None:
            continue  # (sealed: its points are the places' C1)
        r = blinding(ph.reveals[s][1], ctx, s, number)
        z = _weight()
        total.g += z * r
        total.add(req.blind, -z)
        for p, b in zip(req.places, req.points):
            z = _weight()
            total.add(deck[p].c1, z * r)
            total.add(b, -z)
    for (t, holder, number), a in ph.answers.items():
        for b, d in zip(ph.requests[(holder, number)].points, a.shares):
            z = _weight()
            total.add(b, z * secrets_[t])
            total.add(d, -z)
    shown = [(play.place, play.shows) for play in ph.plays if play.card and len(play.shows) == n]
    for place, shows in shown + sorted(ph.early.items()):
        c1 = deck[place].c1
        for t, (d, _) in shows.items():
            z = _weight()
            total.add(c1, z * secrets_[t])
            total.add(d, -z)
    return total.vanishes(joint)
