"""Duplicate bot matches (a game in the terminal against bots: terminal.py).

    python -m schraem match --seats strong,heuristic,heuristic,heuristic --games 100 --seed 1

A match plays `--games` deal sets. A deal set is a sequence of deals (one
shuffled pack per hand number, seat i always gets the i-th slice of it), and
it is played once per rotation of the bots through the seats, so every bot
kind gets every seat's cards. Every game is complete: hands until one
player is left with marks. Everything derives from --seed, so a run repeats
exactly. Bots see only `view(game, seat)`.

Statistics per bot kind: games (seat-games: a kind sitting in 3 seats of a
game plays 3 of them), wins, win_rate (fair share = 1 / seats) with a 95%
interval computed over deal sets (the duplicate rotations of one deal set
are not independent of each other, deal sets are), and marks per hand: the
kind's own change (never positive: marks are only lost) and the net change
(its change minus the average change of the others dealt in that hand).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from ..core.cards import derive_seed, shuffled_deck
from ..core.game import Game
from ..core.rules import Rules
from ..core.view import view

MAX_HANDS = 2000


def resolve(kind: str):
    from ..bots import DETERMINISTIC

    if kind not in DETERMINISTIC:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(DETERMINISTIC)})")
    return DETERMINISTIC[kind]  # app levels without their wall clock: matches repeat


def rotation(kinds: list[str], r: int) -> list[str]:
    """The kinds by seat in rotation r: seat i holds kinds[(i - r) % n]."""
    n = len(kinds)
    return [kinds[(i - r) % n] for i in range(n)]


def deal_for(seed: int, deal_set: int, hand_no: int, dealt: list[bool], count: int) -> tuple[list[list[str]], list[str]]:
    """The cards of hand `hand_no` (0-based) of a deal set, and the stock.
    One shuffled pack per hand number; seat i gets the i-th slice of `count`
    cards (counted over the dealt seats only when the pack is too small for
    every seat), so a seat gets the same cards whichever bot sits there."""
    pack = [str(c) for c in shuffled_deck(derive_seed(seed, deal_set, hand_no))]
    n = len(dealt)
    slots = list(range(n)) if n * count <= len(pack) else [sum(dealt[:i]) for i in range(n)]
    hands = [pack[slots[i] * count : (slots[i] + 1) * count] if d else [] for i, d in enumerate(dealt)]
    used = {c for h in hands for c in h}
    return hands, [c for c in pack if c not in used]


def play_game(
    kinds: list[str],
    seed: int,
    deal_set: int,
    r: int,
    rules: Rules,
    bots: dict | None = None,
    dealer: int | None = None,
    on_decision=None,
    poll: bool = True,
) -> Game:
    """One complete game of a deal set in rotation r. `bots` maps a kind to
    a callable (view, rng) -> action; default: the registry. With `poll`,
    before each due action the bots not due are asked (clockwise after the
    due seat) whether they want to act out of turn (look, exchange, ...)."""
    n = len(kinds)
    seat_kinds = rotation(kinds, r)
    fns = {k: (bots or {}).get(k) or resolve(k) for k in set(kinds)}
    # Out-of-turn actions exist for every bot where hands can be exchanged;
    # otherwise only bots that say so (`fn.out_of_turn`) are asked.
    everyone = rules.four_courts != "none"
    polled = {k for k, fn in fns.items() if everyone or getattr(fn, "out_of_turn", False)}
    game = Game([f"{k} {i + 1}" for i, k in enumerate(seat_kinds)], rules, dealer=dealer or n)
    while not game.game_over and len(game.specs) < MAX_HANDS:
        h = len(game.specs)
        setup = game.next_setup()
        cards, stock = deal_for(seed, deal_set, h, list(setup.dealt), setup.cards)
        game.deal(cards=cards, stock=stock)
        play_hand(
            game,
            seat_kinds,
            fns,
            polled if poll else set(),
            lambda step, seat, out_of_turn: derive_seed(seed, deal_set, r, h, step, seat, *((1,) if out_of_turn else ())),
            on_decision,
        )
    return game


def play_hand(game: Game, seat_kinds: list[str], fns: dict, polled: set, seed_of, on_decision=None) -> None:
    """Play the dealt hand to its end: before each due action the seats not
    due whose kind is in `polled` are asked (clockwise after the due seat)
    whether they want to act out of turn; then the due seat acts.
    seed_of(step, seat, out_of_turn) seeds each decision's rng."""
    n = game.n
    step = 0
    while not game.hand_over:
        if step > 10_000:
            raise RuntimeError("a hand did not end")
        due = game.due()
        if not due:
            raise RuntimeError("hand waits for nobody")
        first = due[0]
        acted = False
        for k in range(1, n):
            seat = (first - 1 + k) % n + 1
            if seat in due:
                continue
            kind = seat_kinds[seat - 1]
            # Most polls find nothing to do: the view (the costly part of a
            # poll) is built only where the engine offers the seat an action.
            if kind not in polled or not game.legal_actions(seat):
                continue
            v = view(game, seat)
            if not v["legal"]:
                continue
            rng = random.Random(seed_of(step, seat, True))
            t0 = time.perf_counter()
            action = fns[kind](v, rng)
            if on_decision is not None:
                on_decision(kind, v, action, time.perf_counter() - t0)
            if action is not None:
                game.apply(action)
                acted = True
                break
        if acted:
            step += 1
            continue
        seat = first
        kind = seat_kinds[seat - 1]
        rng = random.Random(seed_of(step, seat, False))
        v = view(game, seat)
        t0 = time.perf_counter()
        action = fns[kind](v, rng)
        if on_decision is not None:
            on_decision(kind, v, action, time.perf_counter() - t0)
        if action is None:
            raise RuntimeError(f"bot {kind} at seat {seat} did not act when due")
        game.apply(action)  # validated: an illegal bot action is an error
        step += 1


def game_stats(game: Game, seat_kinds: list[str]) -> dict:
    out = {}
    for k in set(seat_kinds):
        out[k] = {"games": 0, "wins": 0, "losses": 0, "hands": 0, "marks": 0, "net": 0.0, "score": 0}
    loser = game.loser
    scores = game.scores or [0] * game.n
    for i, k in enumerate(seat_kinds):
        out[k]["games"] += 1
        out[k]["score"] += scores[i]
        if game.winner == i + 1:
            out[k]["wins"] += 1
        if loser == i + 1:
            out[k]["losses"] += 1
    marks = list(game.start_marks)
    for res in game.results:
        dealt = [i for i in range(game.n) if marks[i] > 0 or res.losses[i] > 0 or res.winner == i]
        deltas = {i: res.marks_after[i] - marks[i] for i in dealt}
        for i in dealt:
            others = [deltas[j] for j in dealt if j != i]
            k = seat_kinds[i]
            out[k]["hands"] += 1
            out[k]["marks"] += deltas[i]
            out[k]["net"] += deltas[i] - (sum(others) / len(others) if others else 0)
        marks = list(res.marks_after)
    return out


def play_deal_set(args) -> dict:
    """All rotations of one deal set: per kind totals, and a digest of the
    games (for reproducibility checks)."""
    kinds, seed, d, rules_name, options = args
    return deal_set_totals(kinds, seed, d, Rules.make(rules_name, options))


def run_with_bots(kinds: list[str], deal_sets: int, seed: int, rules: str, bots: dict, options: dict | None = None) -> dict:
    """A match of bots given as callables (kind -> (view, rng) -> action),
    one deal set after another in this process: for benchmark bots that
    watch a clock or the game being played."""
    start = time.perf_counter()
    rules_obj = Rules.make(rules, options)
    results = [deal_set_totals(kinds, seed, d, rules_obj, bots) for d in range(deal_sets)]
    return summarize(kinds, results, seed, rules, time.perf_counter() - start, options)


def deal_set_totals(kinds: list[str], seed: int, d: int, rules: Rules, bots: dict | None = None) -> dict:
    totals: dict = {}
    winners = []
    hands = 0
    for r in range(len(kinds)):
        game = play_game(kinds, seed, d, r, rules, bots=bots)
        seat_kinds = rotation(kinds, r)
        winners.append(None if game.winner is None else seat_kinds[game.winner - 1])
        hands += len(game.results)
        for k, st in game_stats(game, seat_kinds).items():
            t = totals.setdefault(k, {"games": 0, "wins": 0, "losses": 0, "hands": 0, "marks": 0, "net": 0.0, "score": 0})
            for key in t:
                t[key] += st[key]
    return {"deal_set": d, "totals": totals, "winners": winners, "hands": hands}


def _interval(rates: list[float]) -> tuple[float, float, float]:
    """Mean and normal 95% interval of per-deal-set rates."""
    m = len(rates)
    mean = sum(rates) / m
    if m < 2:
        return mean, 0.0, 1.0
    var = sum((x - mean) ** 2 for x in rates) / (m - 1)
    half = 1.96 * math.sqrt(var / m)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def finish_metric(rules: str, options: dict | None = None) -> str:
    """ "win" where the game finds a winner, "not_lose" where it finds a loser."""
    from ..core.formats import FORMATS

    return "win" if FORMATS[Rules.make(rules, options).game_end].finds == "winner" else "not_lose"


def summarize(kinds: list[str], results: list[dict], seed: int, rules: str, seconds: float, options: dict | None = None) -> dict:
    n = len(kinds)
    finish = finish_metric(rules, options)
    bots = {}
    for k in dict.fromkeys(kinds):
        games = sum(r["totals"][k]["games"] for r in results)
        wins = sum(r["totals"][k]["wins"] for r in results)
        losses = sum(r["totals"][k]["losses"] for r in results)
        hands = sum(r["totals"][k]["hands"] for r in results)
        marks = sum(r["totals"][k]["marks"] for r in results)
        net = sum(r["totals"][k]["net"] for r in results)
        rates = [r["totals"][k]["wins"] / r["totals"][k]["games"] for r in results]
        _, lo, hi = _interval(rates)
        # One measure of strength for every preset: winning where a game
        # finds a winner, not losing where it finds a loser.
        if finish == "win":
            finished, fair = wins, 1 / n
            finish_rates = rates
        else:
            finished, fair = games - losses, (n - 1) / n
            finish_rates = [1 - r["totals"][k]["losses"] / r["totals"][k]["games"] for r in results]
        _, f_lo, f_hi = _interval(finish_rates)
        bots[k] = {
            "seats": kinds.count(k),
            "games": games,
            "wins": wins,
            "win_rate": round(wins / games, 4) if games else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "losses": losses,
            "finish": finish,
            "finish_rate": round(finished / games, 4) if games else None,
            "fair_share": round(fair, 4),
            "finish_ci95": [round(f_lo, 4), round(f_hi, 4)],
            "hands": hands,
            "marks_per_hand": round(marks / hands, 4) if hands else None,
            "net_marks_per_hand": round(net / hands, 4) if hands else None,
            # The game's own final score (Game.scores: e.g. the Knollen pot
            # of Sebbe Schröhm), per game.
            "score_per_game": round(sum(r["totals"][k]["score"] for r in results) / games, 4) if games else None,
        }
    return {
        "seats": kinds,
        "rules": rules,
        "seed": seed,
        "deal_sets": len(results),
        "rotations": n,
        "games": len(results) * n,
        "hands": sum(r["hands"] for r in results),
        "bots": bots,
        "finish": finish,
        "ci_method": "95% normal interval of the per-deal-set rate (each deal set played in every rotation)",
        "seconds": round(seconds, 1),
    }


def run_match(
    kinds: list[str], deal_sets: int, seed: int, rules: str = "rheinland", options: dict | None = None, jobs: int = 1, progress=None
) -> dict:
    Rules.make(rules, options)  # validate early
    for k in kinds:
        resolve(k)
    start = time.perf_counter()
    tasks = [(kinds, seed, d, rules, options or {}) for d in range(deal_sets)]
    results = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for res in pool.imap(play_deal_set, tasks):
                results.append(res)
                if progress:
                    progress(len(results), deal_sets)
    else:
        for t in tasks:
            results.append(play_deal_set(t))
            if progress:
                progress(len(results), deal_sets)
    out = summarize(kinds, results, seed, rules, time.perf_counter() - start, options)
    out["winners"] = [r["winners"] for r in results] if deal_sets <= 50 else None
    if out["winners"] is None:
        del out["winners"]
    return out


# --- command line ---------------------------------------------------------------
def parse_seats(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not 2 <= len(kinds) <= 8:
        raise argparse.ArgumentTypeError("2 to 8 seats, comma separated")
    return kinds


def cmd_match(args) -> int:
    try:
        for k in args.seats:
            resolve(k)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2

    def progress(done, total):
        if args.progress:
            print(f"{done}/{total} deal sets", file=sys.stderr, flush=True)

    out = run_match(args.seats, args.games, args.seed, args.rules, None, args.jobs, progress)
    print(json.dumps(out, indent=None if args.compact else 2))
    return 0


def add_parser(sub) -> None:
    """The `match` subcommand (called by cli.build_parser)."""
    m = sub.add_parser("match", help="duplicate bot match: every deal set played in every seat rotation")
    m.add_argument(
        "--seats", type=parse_seats, default=parse_seats("strong,heuristic,heuristic,heuristic"), help="bot kind per seat, comma separated"
    )
    m.add_argument("--games", type=int, default=20, help="deal sets; each is played once per seat rotation")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--rules", default="rheinland", choices=Rules.preset_names())
    m.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    m.add_argument("--progress", action="store_true", help="report progress on stderr")
    m.add_argument("--compact", action="store_true", help="one-line JSON")
    m.set_defaults(func=cmd_match)
