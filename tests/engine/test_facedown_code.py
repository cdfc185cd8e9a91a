"""The table code (core/facedown_code.py, docs/FACE_DOWN.md "The table
code"): every phone commits to its long-term key before any key is shown,
and shows a code of all the keys that people compare at the table.

Simulated phones, each its own `Bridge`, the frames passed between them by
the test as the host's phone would relay them: honest phones show one code;
a host that gives one guest a key of its own for another guest's seat makes
the two guests' codes differ, and cannot make a key fit a commitment it did
not give; nobody shows a key before every commitment is in; the code stays
through a reload, and the hand uses exactly the keys it covers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_facedown_bridge import ask, refused

from schraem.bridge import Bridge
from schraem.core.errors import InvalidAction
from schraem.core.facedown_code import CodeRound, commitment, new_nonce, table_code
from schraem.crypto import base_multiple, random_scalar

PLAYERS = [{"name": "Anne"}, {"name": "Bernd"}, {"name": "Carla"}, {"name": "Dora", "kind": "bot", "level": "easy"}]
CODE = re.compile(r"^\d{3} \d{3}$")


def key_and_nonce() -> tuple[str, bytes]:
    return base_multiple(random_scalar()).encode().hex(), new_nonce()


class Phones:
    """A host's phone (seat 1, the computer at seat 4) and two guests'."""

    def __init__(self) -> None:
        self.host, self.guests = Bridge(), {2: Bridge(), 3: Bridge()}
        self.opened = ask(self.host, "facedown_host", players=PLAYERS)
        self.joined = {s: ask(g, "facedown_guest", seat=s) for s, g in self.guests.items()}

    def commit_all(self) -> dict[str, Any]:
        commits = None
        for s, joined in self.joined.items():
            commits = ask(self.host, "facedown_seat", seat=s, commit=joined["commit"])["commits"]
        assert commits is not None
        return commits

    def reveal_all(self, commits: dict[str, Any]) -> dict[str, Any]:
        """Every guest shows its key and nonce once it holds every
        commitment; → the host's welcome, once every reveal is in."""
        welcome = None
        for s, g in self.guests.items():
            r = ask(g, "facedown_commits", frame=commits)["reveal"]
            welcome = ask(self.host, "facedown_reveal", seat=s, identity=r["identity"], nonce=r["nonce"])["welcome"]
        assert welcome is not None
        return welcome

    def code(self, bridge: Bridge) -> str | None:
        code: str | None = ask(bridge, "facedown_state")["code"]
        return code


def honest_table() -> Phones:
    p = Phones()
    welcome = p.reveal_all(p.commit_all())
    for g in p.guests.values():
        ask(g, "facedown_welcome", frame=welcome)
    return p


def test_honest_phones_all_show_one_code_of_every_seats_key_and_nonce():
    p = honest_table()
    codes = {p.code(b) for b in (p.host, *p.guests.values())}
    assert len(codes) == 1
    code = codes.pop()
    assert code is not None and CODE.match(code), code
    # It is the hash of every seat's key and nonce in seat order, the
    # computer's (seat 4, the host's phone's) included, and nothing else.
    t = p.host.facedown
    assert t is not None and t.code_round is not None
    r = t.code_round
    assert all(r.keys) and all(r.nonces) and r.keys == t.identities
    assert table_code([k or "" for k in r.keys], [n or "" for n in r.nonces]) == code
    # A second table draws fresh nonces: another code, with the same people.
    assert p.code(honest_table().host) != code


def test_a_host_that_gives_one_guest_its_own_key_for_another_guests_seat_shows_two_codes():
    """The changed host app's attack: guest 2 is given a key the host holds
    for seat 3, so that guest 2's shares for seat 3's cards would be read
    by the host. It must commit to that key in guest 2's list before guest
    2 shows its nonce; guest 3 gets the true list. Both guests take what
    they were given (every reveal fits its commitment), and their codes
    differ: the people see it at the table."""
    p = Phones()
    true_commits = p.commit_all()
    forged_key, forged_nonce = key_and_nonce()
    forged = dict(true_commits, commits=list(true_commits["commits"]))
    forged["commits"][2] = commitment(3, forged_key, forged_nonce)
    reveals = {
        2: ask(p.guests[2], "facedown_commits", frame=forged)["reveal"],
        3: ask(p.guests[3], "facedown_commits", frame=true_commits)["reveal"],
    }
    welcome = None
    for s, r in reveals.items():
        welcome = ask(p.host, "facedown_reveal", seat=s, identity=r["identity"], nonce=r["nonce"])["welcome"]
    assert welcome is not None
    to_guest_2 = dict(welcome, identities=list(welcome["identities"]), nonces=list(welcome["nonces"]))
    to_guest_2["identities"][2], to_guest_2["nonces"][2] = forged_key, forged_nonce.hex()
    ask(p.guests[2], "facedown_welcome", frame=to_guest_2)
    ask(p.guests[3], "facedown_welcome", frame=welcome)
    assert p.guests[2].facedown is not None and p.guests[2].facedown.identities[2] == forged_key
    code_2, code_3, host = p.code(p.guests[2]), p.code(p.guests[3]), p.code(p.host)
    assert code_2 and code_3 and CODE.match(code_2) and CODE.match(code_3)
    assert code_2 != code_3
    assert host == code_3  # the host's own phone shows the true table's code


def test_a_host_cannot_make_a_key_fit_a_commitment_it_did_not_give():
    """The host gave guest 2 the true commitments; a key of its own for seat
    3 in guest 2's welcome then fits nothing, and is refused naming seat 3,
    and a changed nonce for the host's own seat names seat 1; guest 2 is
    not at the table after either."""
    p = Phones()
    welcome = p.reveal_all(p.commit_all())
    forged_key, forged_nonce = key_and_nonce()
    bad = dict(welcome, identities=list(welcome["identities"]), nonces=list(welcome["nonces"]))
    bad["identities"][2], bad["nonces"][2] = forged_key, forged_nonce.hex()
    error = refused(p.guests[2], "facedown_welcome", frame=bad)
    assert "Platz 3: Schlüssel und Zufallszahl passen nicht zu seiner Zusage" in error["de"]
    assert "seat 3: its key and nonce do not match its commitment" in error["en"]
    # The host's own nonce, chosen after it saw the guests' (to steer the code).
    steered = dict(welcome, nonces=list(welcome["nonces"]))
    steered["nonces"][0] = new_nonce().hex()
    assert refused(p.guests[2], "facedown_welcome", frame=steered)["de"].count("Platz 1:") == 1
    assert p.code(p.guests[2]) is None and not ask(p.guests[2], "facedown_state")["joined"]
    # The true welcome is still taken, and the codes agree.
    ask(p.guests[2], "facedown_welcome", frame=welcome)
    assert p.code(p.guests[2]) == p.code(p.host)
    # A guest whose own key and nonce do not fit its commitment is refused
    # by the host, naming its seat, and changes nothing.
    q = Phones()
    commits = q.commit_all()
    r = ask(q.guests[2], "facedown_commits", frame=commits)["reveal"]
    error = refused(q.host, "facedown_reveal", seat=2, identity=r["identity"], nonce=new_nonce().hex())
    assert "Platz 2:" in error["de"]
    assert q.host.facedown is not None and q.host.facedown.identities[1] is None


def test_nobody_shows_a_key_before_every_commitment_is_in():
    p = Phones()
    # The host takes no guest's key while a seat's commitment is missing.
    ask(p.host, "facedown_seat", seat=2, commit=p.joined[2]["commit"])
    early = refused(p.host, "facedown_reveal", seat=2, identity=p.joined[2]["identity"], nonce="00" * 32)
    assert "Platz 3" in early["de"] and "seat 3" in early["en"]
    # A guest shows its key only for a list with every seat's commitment.
    host_round = p.host.facedown and p.host.facedown.code_round
    assert host_round is not None and not host_round.committed()
    partial = {"type": "commits", "commits": host_round.commits}
    error = refused(p.guests[2], "facedown_commits", frame=partial)
    assert "ohne die Zusage von Platz 3 zeigt dieses Handy seinen Schlüssel nicht" in error["de"]
    # A welcome before the commitments is refused: nothing was committed to.
    assert "Zusagen" in refused(p.guests[3], "facedown_welcome", frame={"type": "welcome"})["de"]
    # A guest's phone that joins again before the list goes out commits anew;
    # once the list is out, a seat's commitment is fixed.
    p.joined[2] = ask(Bridge(), "facedown_guest", seat=2)
    commits = p.commit_all()
    assert commits["commits"][1] == p.joined[2]["commit"]
    again = ask(Bridge(), "facedown_guest", seat=3)["commit"]
    assert "Platz 3 hat schon eine andere Zusage gegeben" in refused(p.host, "facedown_seat", seat=3, commit=again)["de"]
    # A list naming another commitment for the guest's own seat is refused.
    other = dict(commits, commits=list(commits["commits"]))
    other["commits"][1] = commitment(2, *key_and_nonce())
    assert "der Gastgeber nennt für dieses Handy eine andere Zusage" in refused(p.guests[2], "facedown_commits", frame=other)["de"]
    # The host's phone shows none of its own before every commitment is in.
    solo = CodeRound(3, {1: key_and_nonce()})
    solo.commit(2, commitment(2, *key_and_nonce()))
    with pytest.raises(InvalidAction, match="seat 3"):
        solo.reveals()
    assert solo.keys == [None, None, None]


def test_the_code_stays_through_a_reload_and_the_hand_uses_exactly_its_keys():
    p = honest_table()
    code = p.code(p.host)
    for bridge in (p.host, *p.guests.values()):
        t = bridge.facedown
        assert t is not None
        loaded = ask(Bridge(), "facedown_load", save=t.to_save())
        assert loaded["state"]["code"] == code
    # The first hand: every guest starts it with the keys the code covers.
    out = ask(p.host, "facedown_next_hand")
    first = out["send"][0]
    assert ask(p.guests[2], "facedown_state")["code"] == code
    # A key changed after the code (here on guest 3's phone, as a changed
    # host app would want it) is refused, naming the host, and changes nothing.
    g3 = p.guests[3].facedown
    assert g3 is not None
    kept = list(g3.identities)
    g3.identities[1] = key_and_nonce()[0]
    error = refused(p.guests[3], "facedown_receive", frame=first)
    assert "der Gastgeber hat den Schlüssel von Platz 2 nach dem Tischcode geändert" in error["de"]
    assert "the host changed the key of seat 2 after the table code" in error["en"]
    assert ask(p.guests[3], "facedown_state")["hand"] is None
    g3.identities[:] = kept
    ask(p.guests[3], "facedown_receive", frame=first)
    assert ask(p.guests[3], "facedown_state")["hand"] == 1
