"""The review and the hint at the four-courts decisions (review/courts.py):
exchanging a hand, challenging an exchange (Siwwe Strööm), turning its
discards (Wipperfürth) — costly choices found with the right alternative,
the same review from the same record and seed, nothing read but the
reviewed seat's views."""

import json
import random

import pytest

from schraem.bots import DETERMINISTIC
from schraem.bots.decider import Budget
from schraem.bridge import Bridge
from schraem.core.cards import DECK
from schraem.core.errors import SchraemError
from schraem.core.game import Game
from schraem.core.view import view
from schraem.review.review import Review, hint, weigh

SMALL = Budget(samples=24, nodes=30000)
# Seat 1 holds tens to sevens, seat 2 four courts, seat 3 the rest of the
# tens to sevens; seat 1 is forehand (dealer 3).
DEAL = [["10C", "9S", "8H", "7D"], ["AC", "KS", "QH", "JD"], ["10S", "9C", "8D", "7H"]]


def table(preset, actions, deal=DEAL, dealer=3, stock=None):
    game = Game(["me", "ex", "other"], preset, dealer=dealer, seed=3)
    game.deal(cards=deal, stock=stock)
    for a in actions:
        game.apply(a)
    return game


def finish(game, seed=0):
    """The hand played out by computer players."""
    while not game.hand_over:
        s = game.due()[0]
        game.apply(DETERMINISTIC["easy"](view(game, s), random.Random(seed * 1000 + len(game.logs[-1]))))
    return game


def act(seat, typ, **kw):
    return {"seat": seat, "type": typ, **kw}


def decisions(result, kind):
    return [e for hd in result["hands"] for e in hd["decisions"] if e["kind"] == kind]


def worst(result):
    w = result["worst"][0]
    return next(
        e
        for e in result["hands"][w["hand"] - 1]["decisions"]
        if (e["index"], e["kind"], e.get("target")) == (w["index"], w["kind"], w["target"])
    )


def test_keeping_four_jacks_instead_of_exchanging_them_is_the_costliest_decision():
    # Sebbe Schröhm exchanges four courts openly. Four jacks take no trick
    # against anything; four cards from the stock take the last one often.
    jacks = [["JC", "JS", "JH", "JD"], ["10C", "9S", "8H", "AD"], ["10S", "9C", "KH", "QD"]]
    game = finish(table("sebbe_schroehm", [act(1, "look"), act(1, "play", card="JC")], deal=jacks))
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    bad = worst(result)
    assert (bad["kind"], bad["chosen"], bad["best"]) == ("exchange", "keep", "exchange")
    assert bad["cost"] >= 0.12 and bad["severity"] is not None
    # Judged where the seat went on without it: its first card.
    assert bad["index"] == 2 and bad["my_cards"] == jacks[0]
    assert bad["reason"]["code"] == "exchange_missed"
    assert bad["reason"]["chance_best"] > bad["reason"]["chance_card"] + 0.1
    # The same hand exchanged: nothing to regret there.
    swapped = finish(table("sebbe_schroehm", [act(1, "look"), act(1, "exchange")], deal=jacks))
    (e,) = decisions(Review(swapped.to_record(), 1, seed=1, budget=SMALL).run(), "exchange")
    assert e["chosen"] == "exchange" == e["best"] and e["cost"] == 0 and e["reason"] is None


def test_a_challenge_of_a_likely_genuine_exchange_is_the_costliest_decision():
    # Holding no court, most exchanges seat 1 sees are genuine: challenging
    # puts seat 1 out of the hand with 2 where letting it stand risks 1.
    game = table("siwwe_stroeoem", [act(2, "look"), act(2, "exchange"), act(1, "look")])
    game.hints[-1].append({"seat": 1, "at": 3})  # asked for a hint first
    game.apply(act(1, "challenge", target=2))
    result = Review(finish(game).to_record(), 1, seed=1, budget=SMALL).run()
    bad = worst(result)
    assert (bad["kind"], bad["chosen"], bad["best"], bad["target"]) == ("challenge", "challenge", "accept", 2)
    assert result["worst"][0]["target"] == 2  # the shell finds the entry by it
    assert bad["hinted"] and result["hands"][0]["hints"] == 1
    assert bad["severity"] == "blunder"
    assert bad["reason"] == {"code": "challenge_wrong", "chance": bad["bluff"], "target": 2} and bad["bluff"] < 0.5
    assert result["hands"][0]["marks_lost"] == 2
    # Letting it stand is judged at seat 1's next move: its first card.
    calm = finish(table("siwwe_stroeoem", [act(2, "look"), act(2, "exchange"), act(1, "look"), act(1, "play", card="10C")]))
    (e,) = decisions(Review(calm.to_record(), 1, seed=1, budget=SMALL).run(), "challenge")
    assert (e["chosen"], e["best"], e["index"], e["reason"]) == ("accept", "accept", 4, None)


def test_turning_the_fourth_discard_after_three_courts_is_the_costliest_decision():
    # Wipperfürth: the first three turns are free; the fourth, a court as
    # the three before it were likely to say, costs its turner a mark.
    turns = [act(1, "turn", target=2, index=k) for k in (1, 2, 3, 4)]
    game = finish(table("wipperfuerth", [act(2, "look"), act(2, "exchange"), act(1, "look"), *turns]))
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    made = decisions(result, "turn")
    assert [e["chosen"] for e in made] == ["turn"] * 4
    assert [(e["best"], e["cost"]) for e in made[:3]] == [("turn", 0)] * 3
    bad = worst(result)
    assert bad is made[3] and bad["best"] == "leave" and bad["severity"] == "blunder"
    assert bad["reason"]["code"] == "turn_costly" and bad["reason"]["chance"] > 0.9
    assert bad["cost"] == pytest.approx(bad["reason"]["chance"], abs=0.05)  # the mark it costs, that often


def test_a_hint_weighs_the_four_courts_choices_at_hand():
    game = table("siwwe_stroeoem", [act(2, "look"), act(2, "exchange"), act(1, "look")])
    given = hint(view(game, 1), seed=1, budget=SMALL)
    kinds = {d["kind"]: d for d in given["decisions"]}
    assert set(kinds) == {"exchange", "challenge", "knock", "card"}
    assert kinds["challenge"]["target"] == 2 and kinds["challenge"]["best"] == "accept"
    assert set(kinds["challenge"]["choices"]) == {"accept", "challenge"}
    # A face-down exchange of a strong hand would only be found out.
    assert kinds["exchange"]["best"] == "keep" and kinds["exchange"]["caught"] > 0.5
    # Seat 3, not due, may still exchange, challenge, knock out of turn.
    game.apply(act(3, "look"))
    assert [d["kind"] for d in weigh(view(game, 3), random.Random(1), SMALL)] == ["exchange", "challenge", "interject"]
    # The bridge's hint, at a table against the computer, says the same.
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    bridge = Bridge()
    save = {"format": "schraem-save/1", "record": game.to_record(), "table": {"players": seats, "seed": 3}}
    bridge.handle(json.dumps({"id": 1, "cmd": "load", "args": {"save": save, "viewer": 1}}))
    reply = json.loads(bridge.handle(json.dumps({"id": 2, "cmd": "hint", "args": {"viewer": 1}})))
    assert reply["ok"], reply
    challenge = next(d for d in reply["result"]["hint"]["decisions"] if d["kind"] == "challenge")
    assert challenge["target"] == 2 and challenge["best"] == "accept"
    assert reply["result"]["save"]["record"]["hands"][0]["hints"] == [{"seat": 1, "at": 4}]
    # Turning in Wipperfürth, with three courts up: leave the fourth.
    game = table(
        "wipperfuerth", [act(2, "look"), act(2, "exchange"), act(1, "look"), *[act(1, "turn", target=2, index=k) for k in (1, 2, 3)]]
    )
    turn = next(d for d in hint(view(game, 1), seed=1, budget=SMALL)["decisions"] if d["kind"] == "turn")
    assert turn["best"] == "leave" and turn["face_down"] == 1 and turn["choices"]["turn"] < turn["choices"]["leave"] - 0.5


def courts_game(seed: int) -> Game:
    """Two hands of Siwwe Strööm: in the first seat 2 exchanges four courts
    and seat 1 lets it stand; the rest by computer players."""
    stock = [str(c) for c in DECK if str(c) not in sum(DEAL, [])]
    random.Random(seed).shuffle(stock)
    game = table("siwwe_stroeoem", [act(2, "look"), act(2, "exchange"), act(1, "look")], stock=stock)
    finish(game, seed)
    game.deal()
    return finish(game, seed + 1)


def _never_seen(record: dict, seat: int) -> list[tuple]:
    """Per hand, the cards seat never saw: the others' cards never played
    or uncovered, and the stock (also what an exchange drew from it)."""
    game = Game.from_record(dict(record, hands=[]))
    out = []
    for h, hand in enumerate(record["hands"]):
        game.deal(cards=hand.get("deal"), seed=hand.get("seed"), stock=hand.get("stock"), fair=hand.get("fair"))
        seen = set(hand["deal"][seat - 1])
        for a in hand["actions"]:
            game.apply(a)
            v = view(game, seat)
            seen |= set(v.get("my_cards") or ())
            seen |= {c["card"] for c in v.get("trick") or ()}
            for t in v.get("tricks") or ():
                seen |= {c["card"] for c in t["cards"]}
            for e in v.get("exchanges") or ():
                seen |= {x["card"] for x in e["turned"]} | set((e.get("challenge") or {}).get("cards") or ()) | set(e.get("discards") or ())
        for s, cards in enumerate(hand["deal"]):
            out += [(h, s, c) for c in cards if c not in seen]
        out += [(h, None, c) for c in hand["stock"] if c not in seen]
    return out


def _swap(record: dict, h: int, one: tuple, two: tuple) -> dict | None:
    """The record with two cards of hand h swapped between places (a seat
    index or None: the stock), if the recorded play stays legal."""
    trial = json.loads(json.dumps(record))
    hand = trial["hands"][h]
    for (s, c), (_, new) in ((one, two), (two, one)):
        place = hand["stock"] if s is None else hand["deal"][s]
        place[place.index(c)] = new
    try:
        Game.from_record(trial)
    except SchraemError:
        return None
    return trial


def test_the_review_of_four_courts_decisions_is_repeatable_and_reads_no_hidden_card():
    from schraem.club.outbound import export_record

    game = courts_game(2)
    record = export_record(game, keep_last=True)
    base = Review(record, 1, seed=2, budget=SMALL).run()
    assert base == Review(json.loads(json.dumps(record)), 1, seed=2, budget=SMALL).run()
    assert decisions(base, "challenge") and decisions(base, "exchange")
    # Seat 2's discards lay face down: make its exchange a bluff.
    hidden = _never_seen(record, 1)
    court = next(c for h, s, c in hidden if (h, s) == (0, 1) and c in DEAL[1])
    numeral = next(c for h, s, c in hidden if h == 0 and s is None and c[:-1] in ("10", "9", "8", "7"))
    record = _swap(record, 0, (1, court), (None, numeral))
    assert record is not None
    rng = random.Random(4)
    swapped = 0
    for _ in range(300):
        hidden = _never_seen(record, 1)
        (h1, s1, c1), (h2, s2, c2) = rng.sample(hidden, 2)
        if h1 != h2 or s1 == s2:
            continue
        trial = _swap(record, h1, (s1, c1), (s2, c2))
        if trial is not None:
            record = trial
            swapped += 1
    assert swapped >= 5
    assert Review(record, 1, seed=2, budget=SMALL).run() == base
    # Seat 2 knew its discards: its exchange, a bluff now, is judged anew.
    original = export_record(game, keep_last=True)
    assert decisions(Review(record, 2, seed=2, budget=SMALL).run(), "exchange") != decisions(
        Review(original, 2, seed=2, budget=SMALL).run(), "exchange"
    )
