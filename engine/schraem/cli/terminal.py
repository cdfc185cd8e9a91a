"""A game in the terminal against bots.

    python -m schraem play --seats human,heuristic,strong,strong --seed 7 --rules rheinland
    python -m schraem play --options '{"start_marks": 2}'      # a short game

You sit at the seats marked `human` and choose from the legal actions by
number (or by name: "knock", "hold", "10H" ...); bots sit everywhere else
and see only their seat's view, as in a match. Everything derives from
--seed, so a game with the same answers repeats.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from ..core.cards import derive_seed
from ..core.game import Game
from ..core.rules import Rules
from ..core.view import view
from .match import parse_seats, resolve


def cmd_play(args, inp=None, out=None) -> int:
    """A game in the terminal: you sit at the seat(s) marked `human`."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    kinds = args.seats
    for k in kinds:
        if k != "human":
            try:
                resolve(k)
            except ValueError as e:
                print(str(e), file=sys.stderr)
                return 2
    n = len(kinds)
    names = [("You" if k == "human" else k.capitalize()) + f" ({i + 1})" for i, k in enumerate(kinds)]
    game = Game(names, args.rules, args.options, dealer=n, seed=args.seed)
    rng_seed = derive_seed(args.seed, 77)
    step = 0

    def say(text=""):
        print(text, file=out, flush=True)

    while not game.game_over:
        hand = game.deal()
        say(f"\n=== Hand {len(game.specs)}: dealer {game.names[hand.dealer]}, value {hand.value} ===")
        say("Marks: " + ", ".join(f"{nm} {m}" for nm, m in zip(game.names, game.marks)))
        shown = len(hand.log)
        tricks_seen = 0
        for a, _auto, value in hand.log:
            say(f"  {game.names[a.seat - 1]}: {a.type} (value {value})")
        while not game.hand_over:
            seat = game.due()[0]
            kind = kinds[seat - 1]
            v = view(game, seat)
            if kind == "human":
                action = _ask(v, game.names, inp, say)
                if action is None:
                    say("Bye.")
                    return 0
            else:
                action = resolve(kind)(v, random.Random(derive_seed(rng_seed, step)))
            game.apply(action)
            step += 1
            for a, _auto, value in hand.log[shown:]:
                text = f"  {game.names[a.seat - 1]}: {a.type}"
                if a.card is not None:
                    text += f" {a.card}"
                if a.type == "knock":
                    text += f" (value {value})"
                say(text)
            shown = len(hand.log)
            if len(hand.tricks) > tricks_seen:
                tricks_seen = len(hand.tricks)
                say(f"  -- trick {tricks_seen} to {game.names[hand.tricks[-1][1]]}")
        say(hand_end_text(game))
    say(game_end_text(game))
    return 0


def hand_end_text(game: Game) -> str:
    """How the hand just played ended: its winner and the losses, or that
    it does not count (a fresh deal everyone agreed to, a misdeal)."""
    res = game.results[-1]
    if res.winner is None:
        if res.reason == "redeal":
            return f"Everyone agreed to a fresh deal: the hand does not count, {game.names[game.dealer]} deals again."
        return f"Misdeal: the hand does not count, {game.names[game.dealer]} deals again."
    losses = ", ".join(f"{nm} {loss}" for nm, loss in zip(game.names, res.losses) if loss)
    return f"Hand won by {game.names[res.winner]} ({res.reason}); losses: {losses or 'none'}"


def game_end_text(game: Game) -> str:
    """Who won or, where the game only finds one, who lost; and the scores."""
    winner, loser, scores = game.winner, game.loser, game.scores
    if winner is not None:
        text = f"\nGame over: {game.names[winner - 1]} wins."
    elif loser is not None:
        text = f"\nGame over: {game.names[loser - 1]} loses the game."
    else:
        text = "\nGame over."
    if scores is not None:
        text += "\nScores: " + ", ".join(f"{nm} {sc}" for nm, sc in zip(game.names, scores))
    return text


def _ask(v: dict, names, inp, say) -> dict | None:
    say(f"\n{names[v['seat'] - 1]} — value {v['value']}, your marks {v['players'][v['seat'] - 1]['marks']}")
    if v["my_cards"] is not None:
        say("  Your cards: " + " ".join(v["my_cards"]))
    if v["trick"]:
        say("  Trick: " + ", ".join(f"{names[t['seat'] - 1]} {t['card']}" + (" (dead)" if t["dead"] else "") for t in v["trick"]))
    if v["response"]:
        r = v["response"]
        say(f"  {names[r['knocker'] - 1]} knocked to {r['value']}: hold or pass?")
    if v["redeal"]:
        say(f"  {names[v['redeal']['asker'] - 1]} asks for a fresh deal: agree or refuse?")
    legal = v["legal"]
    for i, a in enumerate(legal, 1):
        say(f"  {i}) {a['type']}" + (f" {a['card']}" if "card" in a else ""))
    while True:
        say("Choose (number, or q to quit): ")
        line = inp.readline()
        if not line or line.strip().lower() in ("q", "quit"):
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        for a in legal:  # also accept "knock", "hold", "10H" ...
            if text.lower() == a["type"] or ("card" in a and text.upper() == a["card"]):
                return a
        say("  not one of the choices")


def _options(text: str) -> dict:
    try:
        options = json.loads(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(options, dict):
        raise argparse.ArgumentTypeError("a JSON object of rule options")
    return options


def add_parser(sub) -> None:
    """The `play` subcommand (called by cli.build_parser)."""
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--seats", type=parse_seats, default=parse_seats("human,heuristic,strong,strong"), help="human or a bot kind per seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="rheinland", choices=Rules.preset_names())
    p.add_argument("--options", type=_options, default={}, help='rule options as JSON, e.g. \'{"start_marks": 2}\' (docs/VARIANTS.md)')
    p.set_defaults(func=cmd_play)
