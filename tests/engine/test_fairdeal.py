"""The commit–reveal deal of a table of phones (fairdeal.py): the seed is a
hash of every phone's revealed number, the transcript travels in the game
record, and a record whose deal does not follow from it is refused with
the hand named."""

from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest

from schraem.cli import main
from schraem.club.outbound import export_record
from schraem.core.deal import deal_pack
from schraem.core.errors import InvalidAction, RecordError
from schraem.core.fairdeal import commit_of, seed_of, transcript_seed
from schraem.core.game import Game

PLAYERS = ["Anne", "Bernd", "Carla", "Dieter"]
PHONES = (1, 2, 4)  # seat 3 is a computer player on the host


def transcript(hand: int, rng: random.Random, phones=PHONES) -> list[dict]:
    out = []
    for seat in phones:
        reveal = "%064x" % rng.getrandbits(256)
        out.append({"seat": seat, "commit": commit_of(hand, seat, reveal), "reveal": reveal})
    return out


def fair_game(hands: int = 3, seed: int = 1, rules: str = "rheinland") -> Game:
    """A game whose every hand is dealt from a transcript and played out by
    a seeded random choice among all legal actions."""
    rng = random.Random(seed)
    g = Game(PLAYERS, rules)
    for _ in range(hands):
        if g.game_over:
            break
        g.deal(fair=transcript(len(g.specs) + 1, rng))
        while not g.hand_over:
            g.do(rng.choice(g.all_legal_actions()))
    return g


def test_the_hashes_are_plain_sha256_and_do_not_change():
    """Pinned: any phone, or a person with a shell, must get the same
    numbers from the same transcript."""
    reveal = "ab" * 32
    assert commit_of(1, 2, reveal) == hashlib.sha256(f"schraem-fair/1|commit|1|2|{reveal}".encode()).hexdigest()
    text = f"schraem-fair/1|seed|3|1:{'11' * 32}|4:{'22' * 32}"
    want = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & ((1 << 53) - 1)
    assert seed_of(3, {4: "22" * 32, 1: "11" * 32}) == want
    # The same in CPython and in Pyodide (checked under Node): pinned.
    assert commit_of(1, 2, reveal) == "cc69051978345d5751c4796df4f6d78ee4629a46b4d4fe63cc928a9211b93f1b"
    assert want == 6832100041216966


def test_the_deal_follows_from_the_reveals_alone():
    rng = random.Random(7)
    fair = transcript(1, rng)
    a, b = Game(PLAYERS), Game(PLAYERS)
    ha, hb = a.deal(fair=fair), b.deal(fair=list(reversed(fair)))  # order of entries does not matter
    assert ha.cards == hb.cards and ha.stock == hb.stock
    seed, _ = transcript_seed(fair, 1, 4)
    assert a.specs[0]["seed"] == seed
    setup = ha.setup
    assert ha.cards == deal_pack(seed, list(setup.dealt), a.forehands[0], setup.cards, setup.packets)[0]
    # One changed number anywhere changes the deal.
    other = copy.deepcopy(fair)
    other[2]["reveal"] = "%064x" % (int(other[2]["reveal"], 16) ^ 1)
    other[2]["commit"] = commit_of(1, other[2]["seat"], other[2]["reveal"])
    assert Game(PLAYERS).deal(fair=other).cards != ha.cards


def test_a_record_with_transcripts_replays_and_the_cli_checks_them(tmp_path, capsys):
    g = fair_game(hands=4)
    rec = g.to_record()
    assert all("fair" in h for h in rec["hands"])
    again = Game.from_record(rec)
    assert again.to_record() == rec and [h.cards for h in again.hands] == [h.cards for h in g.hands]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["fair_deals_checked"] == list(range(1, len(rec["hands"]) + 1))


def _refused(rec, hand: int, tmp_path, capsys) -> RecordError:
    with pytest.raises(RecordError) as e:
        Game.from_record(rec)
    assert e.value.hand == hand and e.value.rule == "fair_deal", (e.value.hand, e.value.rule, e.value.en)
    assert e.value.de.startswith(f"Spiel {hand}: ") and e.value.en.startswith(f"hand {hand}: ")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 1
    err = json.loads(capsys.readouterr().err)
    assert err["hand"] == hand and err["rule"] == "fair_deal"
    return e.value


def test_a_changed_reveal_is_refused_with_the_hand_named(tmp_path, capsys):
    rec = fair_game(hands=3).to_record()
    entry = rec["hands"][1]["fair"][1]
    entry["reveal"] = "%064x" % (int(entry["reveal"], 16) ^ (1 << 100))
    e = _refused(rec, 2, tmp_path, capsys)
    assert "seat 2" in e.en and "commit" in e.en


def test_a_changed_reveal_with_a_matching_commit_no_longer_gives_the_seed(tmp_path, capsys):
    """Whoever forges a whole entry cannot keep the recorded deal."""
    rec = fair_game(hands=3).to_record()
    entry = rec["hands"][2]["fair"][0]
    entry["reveal"] = "0" * 64
    entry["commit"] = commit_of(3, entry["seat"], entry["reveal"])
    e = _refused(rec, 3, tmp_path, capsys)
    assert "seed" in e.en


def test_a_changed_dealt_card_is_refused_with_the_hand_named(tmp_path, capsys):
    """The exported form writes the cards, not the seed: swapping one card
    between two seats is a legal deal that the transcript does not give."""
    g = fair_game(hands=3)
    rec = export_record(g, keep_last=True)
    assert "seed" not in rec and all("deal" in h and "fair" in h for h in rec["hands"])
    assert Game.from_record(rec).to_record()["hands"][1]["deal"] == rec["hands"][1]["deal"]
    deal = rec["hands"][1]["deal"]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]
    rec["hands"][1]["actions"] = []  # the swap must be caught at the deal, not by an illegal play
    del rec["hands"][2:]
    e = _refused(rec, 2, tmp_path, capsys)
    assert "seat 1" in e.en


def test_a_changed_stock_or_seed_is_refused(tmp_path, capsys):
    g = fair_game(hands=2)
    rec = export_record(g, keep_last=True)
    stock = rec["hands"][0]["stock"]
    stock[0], stock[1] = stock[1], stock[0]
    _refused(rec, 1, tmp_path, capsys)
    rec = g.to_record()
    rec["hands"][1]["seed"] ^= 1
    _refused(rec, 2, tmp_path, capsys)


def test_a_transcript_cannot_be_carried_to_another_hand(tmp_path, capsys):
    rec = fair_game(hands=2).to_record()
    rec["hands"][1]["fair"] = rec["hands"][0]["fair"]
    rec["hands"][1]["seed"] = rec["hands"][0]["seed"]
    _refused(rec, 2, tmp_path, capsys)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda f: f.append(dict(f[0])),  # a seat twice
        lambda f: f[0].update(seat=9),
        lambda f: f[0].update(seat=True),
        lambda f: f[0].update(reveal="XYZ"),
        lambda f: f[0].update(commit=f[0]["commit"].upper()),
        lambda f: f[0].pop("commit"),
        lambda f: f.clear(),
    ],
)
def test_malformed_transcripts_are_refused_in_both_languages(mutate):
    fair = transcript(1, random.Random(3))
    mutate(fair)
    with pytest.raises(InvalidAction) as e:
        Game(PLAYERS).deal(fair=fair)
    assert e.value.code == "fair_deal" and e.value.de.startswith("Das Geben") and e.value.en.startswith("The deal")


def test_a_fair_deal_with_real_cards_is_refused():
    with pytest.raises(InvalidAction) as e:
        Game(PLAYERS).deal(real=True, fair=transcript(1, random.Random(3)))
    assert e.value.code == "fair_deal"


def test_undo_and_replay_keep_the_transcripts():
    g = fair_game(hands=2)
    assert g.undo(1).to_record()["hands"][0]["fair"] == g.to_record()["hands"][0]["fair"]
