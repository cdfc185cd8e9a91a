"""The game review (review.py): blunders found with the right alternative,
the same review from the same record and seed, and nothing read but the
reviewed seat's views."""

import json
import random

import pytest

from schraem.bots import DETERMINISTIC
from schraem.bots.decider import Budget
from schraem.club.outbound import export_record
from schraem.core.errors import SchraemError
from schraem.core.game import Game
from schraem.core.view import view
from schraem.review.review import Review, _reason, hint, weigh

SMALL = Budget(samples=24, nodes=30000)


def two_cards(mine, yours, actions):
    """Two players, two cards each; seat 2 is forehand."""
    game = Game([{"name": "me"}, {"name": "you"}], options={"cards_per_hand": 2}, dealer=1, seed=3)
    game.deal(cards=[mine, yours])
    for a in actions:
        seat, typ, *card = a.split(":")
        game.apply({"seat": int(seat), "type": typ, **({"card": card[0]} if card else {})})
    return game


def entry(result, where):
    hand, index, kind = where["hand"], where["index"], where["kind"]
    return next(e for e in result["hands"][hand - 1]["decisions"] if e["index"] == index and e["kind"] == kind)


def test_a_hold_against_a_certain_loss_is_the_worst_decision():
    # Two jacks never take a trick led by the other: holding loses 2 where
    # passing costs 1.
    game = two_cards(
        ["JD", "JS"], ["10H", "9C"], ["2:look", "2:knock", "1:look", "1:hold", "2:play:10H", "1:play:JD", "2:play:9C", "1:play:JS"]
    )
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    worst = entry(result, result["worst"][0])
    assert (worst["kind"], worst["chosen"], worst["best"]) == ("answer", "hold", "pass")
    assert worst["cost"] == pytest.approx(0.9, abs=0.1)
    assert worst["severity"] == "blunder"
    assert worst["reason"]["code"] == "hold_weak" and worst["reason"]["chance"] < 0.1
    # Knocking on against a card already taking the last trick is no better.
    assert all(e["best"] == "play" for e in result["hands"][0]["decisions"] if e["kind"] == "knock")
    assert result["hands"][0]["marks_lost"] == 2
    assert result["tally"] == "marks"  # the shell's word for the unit: Schräm
    assert result["cost"] == pytest.approx(worst["cost"], abs=0.05)


def test_a_card_that_throws_away_the_last_trick_is_the_worst_decision():
    # Seat 2 leads a club; I hold no club. Throwing the ten of hearts keeps
    # a jack, which takes no last trick; keeping the ten takes it whenever
    # the other's last card is a heart.
    game = two_cards(["10H", "JD"], ["7C", "9H"], ["2:look", "1:look", "2:play:7C", "1:play:10H", "2:play:9H", "1:play:JD"])
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    worst = entry(result, result["worst"][0])
    assert (worst["kind"], worst["chosen"], worst["best"]) == ("card", "10H", "JD")
    assert worst["chances"]["JD"] > worst["chances"]["10H"]
    assert worst["reason"]["code"] == "keeper_thrown"
    assert worst["reason"]["keeper"] == "JD" and "10D" in worst["reason"]["beaters"]


def test_good_play_costs_nothing():
    game = two_cards(["10H", "JD"], ["7C", "9H"], ["2:look", "1:look", "2:play:7C", "1:play:JD", "2:play:9H", "1:play:10H"])
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    assert result["worst"] == []
    card = next(e for e in result["hands"][0]["decisions"] if e["kind"] == "card")
    assert card["cost"] == 0 and card["reason"] is None


def bot_game(seed: int, hands: int = 3) -> Game:
    """A seeded game of four computer players (seat 1 a weak one, so there
    is something to find)."""
    game = Game([f"P{i}" for i in range(1, 5)], seed=seed)
    for _ in range(hands):
        if game.game_over:
            break
        game.deal()
        while not game.hand_over:
            for s in game.due():
                bot = DETERMINISTIC["easy" if s == 1 else "medium"]
                a = bot(view(game, s), random.Random(seed * 1000 + len(game.logs[-1])))
                if a is not None:
                    game.apply(a)
                    break
    return game


def test_the_same_record_and_seed_give_the_same_review():
    record = bot_game(5).to_record()
    a = Review(record, 1, seed=9, budget=SMALL).run()
    b = Review(json.loads(json.dumps(record)), 1, seed=9, budget=SMALL).run()
    assert a == b
    assert a["total"] > 3 and json.loads(json.dumps(a)) == a
    # Each step is one decision: the worker reports progress between them.
    r = Review(record, 1, seed=9, budget=SMALL)
    seen = []
    while not r.finished:
        r.step()
        seen.append(len(r.done))
    assert seen == list(range(1, r.total + 1)) and r.result() == a


def _hidden_from(record: dict, seat: int) -> list[tuple]:
    """Per hand, the cards of the other seats that seat never saw (never
    played): (hand index, other seat index, card)."""
    out = []
    for h, hand in enumerate(record["hands"]):
        played = {a.get("card") for a in hand["actions"] if a["type"] == "play"}
        for s, cards in enumerate(hand["deal"]):
            if s != seat - 1:
                out += [(h, s, c) for c in cards if c not in played]
        out += [(h, None, c) for c in hand["stock"]]
    return out


def test_the_review_is_unchanged_when_cards_the_seat_could_not_see_are_swapped():
    game = bot_game(7, hands=4)
    record = export_record(game, keep_last=True)  # every deal as its cards and stock
    base = Review(record, 1, seed=2, budget=SMALL).run()
    rng = random.Random(4)
    hidden = _hidden_from(record, 1)
    swapped = 0
    for _ in range(200):
        (h1, s1, c1), (h2, s2, c2) = rng.sample(hidden, 2)
        if h1 != h2 or s1 == s2:
            continue
        trial = json.loads(json.dumps(record))
        hand = trial["hands"][h1]
        for s, c, new in ((s1, c1, c2), (s2, c2, c1)):
            place = hand["stock"] if s is None else hand["deal"][s]
            place[place.index(c)] = new
        try:
            Game.from_record(trial)  # the others' plays must still be legal
        except SchraemError:
            continue
        record = trial
        hidden = _hidden_from(record, 1)
        swapped += 1
    assert swapped >= 5
    assert Review(record, 1, seed=2, budget=SMALL).run() == base
    # A seat that saw those cards (they are its own) is reviewed differently.
    assert Review(record, 2, seed=2, budget=SMALL).run() != Review(export_record(game, keep_last=True), 2, seed=2, budget=SMALL).run()


def test_hints_stay_in_the_record_and_mark_the_review():
    game = two_cards(["JD", "JS"], ["10H", "9C"], ["2:look", "2:knock", "1:look"])
    game.hints[-1].append({"seat": 1, "at": 3})
    game.apply({"seat": 1, "type": "hold"})
    for a in ("2:play:10H", "1:play:JD", "2:play:9C", "1:play:JS"):
        s, t, c = a.split(":")
        game.apply({"seat": int(s), "type": t, "card": c})
    record = game.to_record()
    assert record["hands"][0]["hints"] == [{"seat": 1, "at": 3}]
    again = Game.from_record(json.loads(json.dumps(record)))
    assert again.to_record() == record
    assert export_record(bot_game(1, 1), keep_last=True).get("hands")  # still exports
    result = Review(record, 1, seed=1, budget=SMALL).run()
    hold = next(e for e in result["hands"][0]["decisions"] if e["kind"] == "answer")
    assert hold["hinted"] and result["hands"][0]["hints"] == 1
    assert not any(e["hinted"] for e in result["hands"][0]["decisions"] if e["kind"] != "answer")
    # Undo back to before the hint keeps it (it was asked), further back drops it.
    assert Game.from_record(record).undo(5).to_record()["hands"][0]["hints"] == [{"seat": 1, "at": 3}]
    assert "hints" not in Game.from_record(record).undo(6).to_record()["hands"][0]


@pytest.mark.parametrize(
    "hints",
    [
        "x",
        [{"seat": 1}],
        [{"seat": 3, "at": 0}],
        [{"seat": 1, "at": 99}],
        [{"seat": 1, "at": 2}, {"seat": 1, "at": 1}],
        [{"seat": 1, "at": 1}, {"seat": 1, "at": 1}],
        [{"seat": 1, "at": True}],
    ],
)
def test_bad_hints_are_refused(hints):
    record = two_cards(["JD", "JS"], ["10H", "9C"], ["2:look", "2:knock", "1:look"]).to_record()
    record["hands"][0]["hints"] = hints
    with pytest.raises(SchraemError) as e:
        Game.from_record(record)
    assert "hint" in e.value.en.lower() or "Tipp" in e.value.de


def test_a_hint_weighs_the_decision_at_hand_from_the_view():
    game = two_cards(["JD", "JS"], ["10H", "9C"], ["2:look", "2:knock", "1:look"])
    given = hint(view(game, 1), seed=1, budget=SMALL)
    (d,) = given["decisions"]
    assert d["kind"] == "answer" and d["best"] == "pass" and d["choices"]["pass"] == -1.0
    # Nothing to decide for a seat that is not due.
    assert weigh(view(game, 2), random.Random(1), SMALL) == []


def test_the_unit_follows_the_sheet():
    # Where points are counted up, the review says so (the shell's "Punkte").
    game = Game(["a", "b", "c"], "siwwe_stroeoem", seed=4)
    game.deal()
    while not game.hand_over:
        s = game.due()[0]
        game.apply(DETERMINISTIC["easy"](view(game, s), random.Random(len(game.logs[-1]))))
    assert Review(game.to_record(), 1, budget=SMALL).run()["tally"] == "points"


def test_an_answer_without_looking_is_weighed_where_looking_is_not_allowed():
    # Siwwe Strööm: the hammer's knock is answered unseen, so the hint
    # weighs holding and passing at once instead of saying "look first".
    game = Game([{"name": "P1", "marks": 1}, {"name": "P2"}, {"name": "P3"}], "siwwe_stroeoem", seed=0)
    game.deal()
    v = view(game, 2)
    assert v["my_cards"] is None and v["response"]["to_answer"] == 2
    assert not any(a["type"] == "look" for a in v["legal"])
    (d,) = weigh(v, random.Random(1), SMALL)
    assert d["kind"] == "answer" and set(d["choices"]) == {"hold", "pass"}


def test_real_cards_and_bad_seats_are_refused():
    game = Game(["a", "b"], seed=1)
    game.deal(real=True)
    with pytest.raises(SchraemError):
        Review(game.to_record(), 1)
    with pytest.raises(SchraemError):
        Review(bot_game(3, 1).to_record(), 5)


def rengen_two_cards(mine, yours, actions, rules="rengen"):
    """As two_cards, under `rules` (Rengen: a seat may drop out at any
    moment for the hand's value)."""
    game = Game([{"name": "me"}, {"name": "you"}], rules=rules, options={"cards_per_hand": 2}, dealer=1, seed=3)
    game.deal(cards=[mine, yours])
    for a in actions:
        seat, typ, *card = a.split(":")
        game.apply({"seat": int(seat), "type": typ, **({"card": card[0]} if card else {})})
    return game


def test_a_free_pass_holding_the_sure_winner_of_the_last_trick_is_weighed():
    # Rengen: I hold both aces of the suit led... my two tens take both tricks
    # whatever is led; dropping out unasked gives the hand away.
    game = rengen_two_cards(["10H", "10S"], ["7H", "7S"], ["2:look", "1:look", "2:play:7H", "1:pass"])
    assert game.hand_over
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    drops = [e for e in result["hands"][0]["decisions"] if e["kind"] == "drop"]
    assert drops, result["hands"][0]["decisions"]
    drop = drops[-1]
    assert (drop["chosen"], drop["best"]) == ("pass", "stay")
    assert drop["cost"] >= 0.75 and drop["severity"] == "blunder"
    assert drop["reason"]["code"] == "drop_costly" and drop["reason"]["chance"] > 0.9
    assert result["hands"][0]["marks_lost"] == 1 and result["hands"][0]["cost"] >= 0.75


def test_staying_in_a_lost_hand_is_weighed_against_dropping_out():
    # Rengen at value 3: my two jacks take nothing; dropping out costs the
    # value as well, so staying is no mistake; a knock raised the stake.
    game = rengen_two_cards(["JD", "JS"], ["10H", "9C"], ["2:look", "1:look", "2:play:10H", "1:play:JD", "2:play:9C", "1:play:JS"])
    result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
    drops = [e for e in result["hands"][0]["decisions"] if e["kind"] == "drop"]
    assert drops and all(e["chosen"] == "stay" for e in drops)
    assert all(e["cost"] < 0.12 for e in drops), drops


def test_a_raise_with_a_sure_loser_under_a_capped_raiser_loss_says_why():
    """Sebbe Schröhm: a raiser beaten by a holder loses 1, not the value, so
    a knock with cards that take nothing can be right; its reason is that
    cap, not "the others pass, or you take the last trick"."""
    cards = [["JD", "JS"], ["10H", "9C"], ["8H", "8C"]]
    seen = {}
    for rules in ("sebbe_schroehm", "rheinland"):
        game = Game([{"name": n} for n in ("me", "b", "c")], rules=rules, options={"cards_per_hand": 2}, dealer=3, seed=3)
        game.deal(cards=cards)
        for seat in (1, 2, 3):
            game.apply({"seat": seat, "type": "look"})
        game.apply({"seat": 1, "type": "play", "card": "JD"})
        result = Review(game.to_record(), 1, seed=1, budget=SMALL).run()
        seen[rules] = next(e for e in result["hands"][0]["decisions"] if e["kind"] == "knock")
    sebbe, rhein = seen["sebbe_schroehm"], seen["rheinland"]
    # Beaten, the raiser loses 1 under Sebbe: the knock costs nothing more
    # than playing on; under Rhineland it costs the raised value.
    assert sebbe["raiser_loss"] == 1 and "raiser_loss" not in rhein
    assert sebbe["choices"]["knock"] >= sebbe["choices"]["play"] > rhein["choices"]["knock"]
    missed = dict(sebbe, chosen="play", best="knock", chance=0.05)
    assert _reason(missed, {})["code"] == "knock_capped" and _reason(missed, {})["raiser_loss"] == 1
    # With a real chance of the last trick the old reason stands; and where
    # nothing caps the raiser's loss, too.
    assert _reason(dict(missed, chance=0.7), {})["code"] == "knock_missed"
    assert _reason(dict(rhein, chosen="play", best="knock", chance=0.05), {})["code"] == "knock_missed"
