"""The bots' idea of who must act and of the move order of the current
trick is the engine's, at every decision of seeded games of every preset:
knocks out of turn, passes after knocks (Marienheide's lead after a pass
goes to the highest card of the last trick), hammer knocks, discards, fresh
deals and four courts included. The engine's order is found by playing the
trick out on a copy of the game, so the test re-derives no rule itself."""

import random

import pytest

from schraem.bots import LEVELS
from schraem.bots.common import is_due
from schraem.bots.model import Situation
from schraem.core.cards import derive_seed
from schraem.core.game import Game
from schraem.core.rules import Rules
from schraem.core.view import view

BETS = ("knock", "hold", "pass")


def copy_of(game: Game) -> Game:
    return Game.from_record(game.to_record())


def trick_order(g: Game) -> list[int]:
    """0-based seats that play to the current trick from now on, in the
    engine's order: play any legal card for whoever is due until it closes.
    Plays on `g`: hand it a copy (copy_of) of a game still wanted."""
    hand = g.hand
    tricks = len(hand.tricks)
    order = []
    while not hand.over and len(hand.tricks) == tricks:
        seat = g.due()[0]
        play = next(a for a in g.legal_actions(seat) if a.type == "play")
        order.append(seat - 1)
        g.apply(play)
    return order


def imagined_passes(game: Game, rng) -> tuple[list[bool], list[int]] | None:
    """With a knock to answer: let the answering seats pass or hold at
    random on a copy (at least two stay in) and return who is left in the
    hand and the order of the current trick then ([] when the passes closed
    it: the seats left in it had all played), or None."""
    g = copy_of(game)
    hand = g.hand
    tricks = len(hand.tricks)
    while hand.responders and not hand.over:
        s = hand.responders[0]
        legal = {a.type: a for a in g.legal_actions(s + 1)}
        typ = "pass" if rng.random() < 0.6 and hand.n_in > 2 and "pass" in legal else "hold"
        if typ not in legal:
            return None
        g.apply(legal[typ])
    if hand.over or hand.to_play() is None:
        return None
    # `g` is this function's own copy: the trick is played out on it.
    return list(hand.in_hand), [] if len(hand.tricks) > tricks else trick_order(g)


def check_seat(game: Game, seat: int, lead_truth: list[bool], order, imagined) -> int:
    """Assert the facts for one seat's view; the number of checks made."""
    v = view(game, seat)
    due = game.due()
    assert is_due(v) == (seat in due), (seat, due)
    sit = Situation(v)
    checks = 1
    if order is not None:
        assert sit.movers() == order, (seat, sit.movers(), order)
        checks += 1
    if imagined is not None:
        alive, want = imagined
        assert sit.movers(alive) == want, (seat, alive, sit.movers(alive), want)
        checks += 1
    assert [b.lead for b in sit.bets] == lead_truth, (seat, [b.lead for b in sit.bets], lead_truth)
    return checks


class Table:
    """A game under test: before every action, every seat's view is checked
    against the engine (check_seat)."""

    def __init__(self, game: Game, rng):
        self.game, self.rng = game, rng
        self.checks = self.imagined = 0

    def deal(self, **kw):
        hand = self.game.deal(**kw)
        # Whether each bet was made by the seat due to lead an empty trick,
        # traced on the engine as the actions happen (a hammer knock is
        # made at the deal, before anything else).
        self.lead_truth = [a.seat - 1 == hand.forehand for a, _auto, _v in hand.log if a.type in BETS]
        return hand

    def check(self) -> None:
        game, hand = self.game, self.game.hand
        order = trick_order(copy_of(game)) if hand.to_play() is not None else None
        imagined = imagined_passes(game, self.rng) if hand.responders else None
        for seat in range(1, game.n + 1):
            self.checks += check_seat(game, seat, self.lead_truth, order, imagined)
        self.imagined += imagined is not None

    def apply(self, action) -> None:
        hand = self.game.hand
        lead = not hand.trick and hand.leader == action["seat"] - 1
        before = len(hand.log)
        self.game.apply(action)
        self.lead_truth += [lead for a, _auto, _v in hand.log[before:] if a.type in BETS]


def play(preset: str, seed: int, max_hands: int = 12) -> Table:
    """A seeded game with heuristic and random bots; now and then someone
    not due acts, most often between tricks: a knock out of turn, which the
    seat due to lead must answer (and may pass: the lead moves on)."""
    rules = Rules.make(preset)
    rng = random.Random(seed)
    n = rng.randint(rules.min_players, min(rules.max_players, 5))
    kinds = [rng.choice(["heuristic", "random"]) for _ in range(n)]
    game = Game([f"p{i}" for i in range(n)], rules, dealer=rng.randrange(n) + 1, seed=derive_seed(seed, 5))
    table = Table(game, rng)
    while not game.game_over and len(game.specs) < max_hands:
        hand = table.deal()
        step = 0
        while not game.hand_over:
            step += 1
            table.check()
            due = game.due()
            seat, action = due[0], None
            between = not hand.trick and bool(hand.tricks)
            if rng.random() < (0.6 if between else 0.1):
                offered = {s: view(game, s)["legal"] for s in range(1, n + 1) if s not in due}
                others = [s for s, legal in offered.items() if legal]
                knockers = [s for s in others if any(a["type"] == "knock" for a in offered[s])]
                if knockers or others:
                    seat = rng.choice(knockers or others)
                    legal = offered[seat]
                    action = next((a for a in legal if a["type"] == "knock"), None) or rng.choice(legal)
            elif between and hand.responders and hand.leader == seat - 1:
                answers = [a for a in view(game, seat)["legal"] if a["type"] in ("hold", "pass")]
                action = rng.choice(answers) if answers else None
            if action is None:
                v = view(game, seat)
                action = LEVELS[kinds[seat - 1]](v, random.Random(derive_seed(seed, len(game.specs), step))) or rng.choice(v["legal"])
            table.apply(action)
    return table


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_bots_read_who_acts_and_the_trick_order_from_the_engine(preset, scale):
    checks = imagined = 0
    for g in range(scale(5)):
        table = play(preset, derive_seed(31, g, len(preset)))
        checks += table.checks
        imagined += table.imagined
    assert checks > 200
    if Rules.make(preset).knocking:
        assert imagined > 0


def test_marienheide_lead_after_a_pass_is_the_highest_card():
    """Seat 3 wins the first trick, is knocked at and passes: the lead goes
    to the highest card of that trick left in the hand (the ace of clubs
    outranks the ten of spades for this purpose), not clockwise."""
    game = Game(["a", "b", "c", "d"], "marienheide", dealer=4)
    game.deal(cards=[["AC", "8H", "9D", "7S"], ["10S", "KD", "QH", "JD"], ["10C", "9C", "KH", "QS"], ["KC", "8S", "7D", "JH"]])
    for seat, card in ((1, "AC"), (2, "10S"), (3, "10C"), (4, "KC")):
        game.apply({"seat": seat, "type": "play", "card": card})
    assert game.hand.tricks[-1][1] == 2
    game.apply({"seat": 1, "type": "knock"})  # out of turn: seat 3 leads
    v = view(game, 2)
    alive = [True, True, False, True]
    assert Situation(v).movers(alive) == [0, 1, 3]  # imagined: seat 3 passes
    for seat, answer in ((2, "hold"), (3, "pass"), (4, "hold")):
        game.apply({"seat": seat, "type": answer})
    v = view(game, 2)
    assert v["leader"] == 1
    sit = Situation(v)
    assert sit.movers() == [0, 1, 3]
    assert [(b.seat, b.type, b.lead) for b in sit.bets] == [(0, "knock", False), (1, "hold", False), (2, "pass", True), (3, "hold", False)]


def test_marienheide_passes_after_knocks(scale):
    """Seeded Marienheide hands of four or five: the first trick is played,
    then someone not on lead knocks and the seat due to lead passes (the
    others answer at random); the hand is played out by heuristic bots,
    every view checked at every step. Most of these leads do not go to the
    next seat clockwise."""
    moved = not_clockwise = 0
    for g in range(scale(40)):
        rng = random.Random(derive_seed(77, g))
        n = rng.choice([4, 5])
        game = Game([f"p{i}" for i in range(n)], "marienheide", dealer=rng.randrange(n) + 1, seed=derive_seed(77, g, 1))
        table = Table(game, rng)
        hand = table.deal()
        while not hand.tricks:
            table.check()
            seat = game.due()[0]
            table.apply(rng.choice([a.to_json() for a in game.legal_actions(seat) if a.type == "play"]))
        if hand.over:
            continue
        leader = hand.leader
        knocker = rng.choice([s for s in range(n) if s != leader and hand.in_hand[s]])
        table.check()
        table.apply({"seat": knocker + 1, "type": "knock"})
        while hand.responders:
            table.check()
            s = hand.responders[0]
            table.apply({"seat": s + 1, "type": "pass" if s == leader or rng.random() < 0.3 else "hold"})
        if hand.over:
            continue
        moved += 1
        not_clockwise += hand.leader != hand.next_in(leader)
        while not hand.over:
            table.check()
            seat = game.due()[0]
            table.apply(LEVELS["heuristic"](view(game, seat), random.Random(table.checks)))
    assert moved >= scale(40) // 2 and not_clockwise >= moved // 3, (moved, not_clockwise)
