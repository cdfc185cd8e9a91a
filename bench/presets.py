#!/usr/bin/env python3
"""Bot strength on every preset: the strong bot against three heuristic
bots, 4 players, duplicate deals, the finish metric of `match` (winning where
a game finds a winner, not losing where it finds a loser) with its fair share
and 95% interval over deal sets.

    python bench/presets.py [--games 50] [--seed 7] [--jobs 2] [--write] [--presets A,B]
    python bench/presets.py --ceiling sebbe_schroehm [--games 50] [--reply | --bound | --plan]
    python bench/presets.py --ladder [--games 50] [--write]
    python bench/presets.py --final-hands 300 [--players strong,bound] [--seed 7]

--ladder plays the app's levels (their deterministic twins: strong = hard
without the clock, medium, easy) and the heuristic, one of each at a table,
on every preset (section "App levels on every preset").

--ceiling puts an all-seeing card player (it reads the true deal and
solves it; heuristic bets) in the strong bot's place on the same deals: the
most card play alone can win where a game is decided by a hand without
bets (Sebbe Schröhm's final hand). With --reply it also knows how the
heuristic plays its cards and plays the best reply to that where no card
forces the last trick: the most any card player can win against these
opponents if it sees their cards. With --bound the strong bot plays, but in
every hand it sees every card once it has made its first real card choice
(bench/bots.py SeesAfterFirstChoice): an upper bound on what any bot that
does not see hidden cards can win with the strong bot's bets. With --plan
the strong bot chooses every card by the best policy against the
heuristic's card play that it could follow without seeing hidden cards
(bench/bots.py PlansAgainstModel): what a fair player gets from knowing how
these opponents play.

--final-hands plays Sebbe Schröhm's final hand alone (reached by heuristic
self-play), the tested player once in each seat, and reports its wins by
seat from the dealer; players: heuristic, strong, all_seeing, replying,
bound, plan.

`--games` deal sets, each played in all 4 rotations (50 deal sets = 200
games). Where a win target is missed, the table run also plays the
all-seeing, replying and bound players on that preset's deals (one process;
the bound costs about what the strong bot does). --write puts the table into
bench/RESULTS.md (section "Bots on every preset").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from schraem.cli.match import run_match, run_with_bots  # noqa: E402
from schraem.core.rules import Rules  # noqa: E402

SEATS = ["strong", "heuristic", "heuristic", "heuristic"]
SECTION = "## Bots on every preset"
# The targets, per finish metric.
TARGET = {"win": 0.375, "not_lose": 0.85}


def measure(games: int, seed: int, jobs: int, presets=None) -> list[dict]:
    rows = []
    for preset in presets or Rules.preset_names():
        t0 = time.perf_counter()
        out = run_match(SEATS, games, seed, rules=preset, jobs=jobs)
        b = out["bots"]["strong"]
        h = out["bots"]["heuristic"]
        rows.append(
            {
                "preset": preset,
                "finish": b["finish"],
                "rate": b["finish_rate"],
                "ci": b["finish_ci95"],
                "fair": b["fair_share"],
                "heuristic": h["finish_rate"],
                "games": out["games"],
                "score": b["score_per_game"],
                "h_score": h["score_per_game"],
                "seconds": time.perf_counter() - t0,
            }
        )
        print(
            f"{preset:26} {b['finish']:8} strong {b['finish_rate']:.3f} {b['finish_ci95']} "
            f"fair {b['fair_share']} heuristic {h['finish_rate']:.3f} ({out['games']} games, "
            f"{time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return rows


LADDER = ["strong", "medium", "easy", "heuristic"]
LADDER_SECTION = "## App levels on every preset"


def ladder(games: int, seed: int, jobs: int) -> str:
    """One of each level at a table of four, on every preset: the levels
    should keep their order everywhere."""
    lines = [
        LADDER_SECTION,
        "",
        f"`python bench/presets.py --ladder --games {games} --seed {seed}` — strong (the app's hard level without its "
        f"clock), medium, easy and heuristic, one of each at a table of four, {games} deal sets × 4 rotations = "
        f"{4 * games} games per preset on duplicate deals; the finish rate of each (fair share 25% for a win, 75% "
        "for not losing) with its 95% interval.",
        "",
        "| preset | finish | " + " | ".join(LADDER) + " | in order |",
        "| --- | --- |" + " ---: |" * len(LADDER) + " --- |",
    ]
    t0 = time.perf_counter()
    for preset in Rules.preset_names():
        out = run_match(LADDER, games, seed, rules=preset, jobs=jobs)
        rates = [out["bots"][k]["finish_rate"] for k in LADDER]
        cells = [
            f"{out['bots'][k]['finish_rate']:.1%} ({out['bots'][k]['finish_ci95'][0]:.0%}–{out['bots'][k]['finish_ci95'][1]:.0%})"
            for k in LADDER
        ]
        ordered = all(a >= b for a, b in zip(rates, rates[1:]))
        lines.append(f"| {preset} | {out['finish']} | " + " | ".join(cells) + f" | {'yes' if ordered else 'no'} |")
        print(lines[-1], flush=True)
    load = f" Load average {os.getloadavg()[0]:.1f}." if hasattr(os, "getloadavg") else ""
    lines += ["", f"{9 * 4 * games} games in {time.perf_counter() - t0:.0f} s.{load}", ""]
    return "\n".join(lines)


def ceiling(preset: str, games: int, seed: int, reply: bool = False, bound: bool = False, plan: bool = False) -> dict:
    """A card player measured against three heuristic bots on the same
    duplicate deals as `measure` (sequential: it watches the game in play),
    in the finish entry "tested": the all-seeing player (with `reply`, also
    replying to the heuristic's card play), or with `bound` the strong bot
    seeing everything after its first card choice of a hand, or with `plan`
    the strong bot playing the best fair policy against that card play."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bots import LEVELS, AllSeeing, PlansAgainstModel, SeesAfterFirstChoice, watching

    kinds = ["tested", "heuristic", "heuristic", "heuristic"]
    player = SeesAfterFirstChoice() if bound else PlansAgainstModel() if plan else AllSeeing(reply=reply)
    bots = {"tested": player, "heuristic": LEVELS["heuristic"]}
    with watching():
        return run_with_bots(kinds, games, seed, preset, bots)


FINAL_SEATS = ("dealer", "forehand", "second", "third")


def final_hands(hands: int, seed: int, players: list[str]) -> dict:
    """Sebbe Schröhm's final hand alone, the hand that decides the game:
    `hands` games of heuristic self-play up to their final hand, then each
    final hand played once with the tested player in each seat (the others
    heuristic). Wins per player, and by the tested seat counted from the
    final hand's dealer (the hands before decide who deals it)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bots import LEVELS, AllSeeing, PlansAgainstModel, SeesAfterFirstChoice, watching

    from schraem.cli.match import play_game, play_hand
    from schraem.core.cards import derive_seed
    from schraem.core.game import Game

    rules = Rules.make("sebbe_schroehm")
    makers = {
        "heuristic": lambda: LEVELS["heuristic"],
        "strong": lambda: LEVELS["strong"],
        "all_seeing": AllSeeing,
        "replying": lambda: AllSeeing(reply=True),
        "bound": SeesAfterFirstChoice,
        "plan": PlansAgainstModel,
    }
    unknown = sorted(set(players) - set(makers))
    if unknown:
        raise ValueError(f"unknown players: {', '.join(unknown)} (known: {', '.join(makers)})")
    starts = []
    for d in range(hands):
        rec = play_game(["heuristic"] * 4, seed, d, 0, rules).to_record()
        rec["hands"][-1]["actions"] = []  # the final hand, dealt, not yet played
        starts.append(rec)
    fns = {"heuristic": LEVELS["heuristic"]}
    out = {}
    for name in players:
        fns["tested"] = makers[name]()
        t0 = time.perf_counter()
        seats = {s: [0, 0] for s in FINAL_SEATS}
        with watching():
            for d, rec in enumerate(starts):
                for me in range(4):
                    g = Game.from_record(rec)
                    rel = FINAL_SEATS[(me - g.dealer) % 4]
                    kinds = ["tested" if s == me else "heuristic" for s in range(4)]
                    # Every seat may act out of turn, as in play_game where hands can be exchanged.
                    play_hand(g, kinds, fns, set(fns), lambda step, seat, _out_of_turn: derive_seed(seed, d, me, step, seat))
                    seats[rel][0] += 1
                    seats[rel][1] += g.results[-1].winner == me
        wins = sum(w for _n, w in seats.values())
        out[name] = {
            "wins": wins,
            "hands": 4 * hands,
            "rate": round(wins / (4 * hands), 4),
            "by_seat": {s: round(w / n, 4) for s, (n, w) in seats.items() if n},
            "seconds": round(time.perf_counter() - t0, 1),
        }
        print(json.dumps({name: out[name]}), flush=True)
    return out


def table(rows: list[dict], games: int, seed: int, ceilings=()) -> str:
    lines = [
        SECTION,
        "",
        f"`python bench/presets.py --games {games} --seed {seed}` — strong against three heuristic bots, 4 players, "
        f"{games} deal sets × 4 rotations = {4 * games} games per preset on duplicate deals; the finish metric of "
        "`python -m schraem match` (\"win\" where the game finds a winner, \"not_lose\" where it finds a loser), "
        "its fair share, and the 95% interval over deal sets. Targets: ≥ 37.5% wins, ≥ 85% not losing, "
        "the interval clear of the fair share.",
        "",
        "| preset | finish | strong | 95% interval | fair share | heuristic (each) | target met | final score per game, strong / heuristic |",
        "| --- | --- | ---: | --- | ---: | ---: | --- | ---: |",
    ]
    for r in rows:
        met = r["rate"] >= TARGET[r["finish"]] and r["ci"][0] > r["fair"]
        lines.append(
            f"| {r['preset']} | {r['finish']} | {r['rate']:.1%} | {r['ci'][0]:.1%}–{r['ci'][1]:.1%} | "
            f"{r['fair']:.1%} | {r['heuristic']:.1%} | {'yes' if met else 'no'} | {r['score']:+.2f} / {r['h_score']:+.2f} |"
        )
    lines += [
        "",
        "The final score is the game's own (`Game.scores`): the winner's bonus where there is one, "
        "−1 for the loser where a loser is found, the Knollen pot in Sebbe Schröhm.",
    ]
    for c in ceilings:
        a, b, f = c["all_seeing"], c["replying"], c["bound"]
        goal = TARGET["win"]
        where = (
            "below both"
            if goal <= min(a["finish_rate"], b["finish_rate"])
            else "above both"
            if goal > max(a["finish_rate"], b["finish_rate"])
            else "between the two"
        )
        fair = "above it" if goal > f["finish_ci95"][1] else "within its interval" if goal >= f["finish_ci95"][0] else "below it"
        lines += [
            "",
            f"**{c['preset']}: how far card play goes.** The game's winner is the winner of one final hand among "
            "everybody, with no bets (nobody on the hammer or at 0 may raise); the hands before it only decide the "
            "Knollen. In the strong bot's place on the same deals, an all-seeing card player (it reads the true deal; "
            f"heuristic bets) wins {a['finish_rate']:.1%} ({a['finish_ci95'][0]:.1%}–{a['finish_ci95'][1]:.1%}) "
            f"when it assumes a perfect defence, and {b['finish_rate']:.1%} "
            f"({b['finish_ci95'][0]:.1%}–{b['finish_ci95'][1]:.1%}) when it also replies to the heuristic's own "
            f"card play (`python bench/presets.py --ceiling {c['preset']} --games {games} [--reply]`). "
            f"The {goal:.1%} target is {where}. A player that sees only its own cards must choose its first card "
            "of a hand without the others' cards; the strong bot that sees every card from then on (`--bound`) "
            f"wins {f['finish_rate']:.1%} ({f['finish_ci95'][0]:.1%}–{f['finish_ci95'][1]:.1%}); no such player "
            f"with the strong bot's bets can play the final hand better: the target is {fair}.",
        ]
    load = f" Load average {os.getloadavg()[0]:.1f}." if hasattr(os, "getloadavg") else ""
    lines += ["", f"{sum(r['games'] for r in rows)} games in {sum(r['seconds'] for r in rows):.0f} s.{load}", ""]
    return "\n".join(lines)


def write(text: str, section: str = SECTION) -> None:
    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text()
    pattern = re.compile(rf"^{re.escape(section)}\n.*?(?=^## |\Z)", re.S | re.M)
    new = pattern.sub(lambda _: text + "\n", old) if pattern.search(old) else old.rstrip() + "\n\n" + text
    path.write_text(new.rstrip() + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--ceiling", metavar="PRESET", help="the all-seeing card player's finish rate on PRESET instead")
    ap.add_argument(
        "--reply", action="store_true", help="with --ceiling: the all-seeing player also knows the heuristic's card play and replies to it"
    )
    ap.add_argument(
        "--bound", action="store_true", help="with --ceiling: the strong bot, seeing every card after its first card choice in each hand"
    )
    ap.add_argument(
        "--plan",
        action="store_true",
        help="with --ceiling: the strong bot, its cards chosen by the best fair policy against the heuristic's card play",
    )
    ap.add_argument("--final-hands", type=int, metavar="N", help="Sebbe Schröhm's final hand of N games alone, by seat")
    ap.add_argument("--players", default="heuristic,strong,bound", help="with --final-hands: the players tested")
    ap.add_argument("--ladder", action="store_true", help="the app's levels and the heuristic at one table, every preset")
    ap.add_argument(
        "--presets",
        type=lambda s: s.split(","),
        metavar="A,B",
        help="only these presets (the table printed; --write is refused, it would drop the others' rows)",
    )
    args = ap.parse_args(argv)
    if args.final_hands:
        try:
            final_hands(args.final_hands, args.seed, args.players.split(","))
        except ValueError as e:
            ap.error(str(e))
        return 0
    if args.ladder:
        text = ladder(args.games, args.seed, args.jobs)
        print(text)
        if args.write:
            write(text, LADDER_SECTION)
        return 0
    if args.ceiling:
        if args.reply + args.bound + args.plan > 1:
            ap.error("--reply, --bound and --plan are different players: give one")
        out = ceiling(args.ceiling, args.games, args.seed, args.reply, args.bound, args.plan)
        b = out["bots"]["tested"]
        player = "bound" if args.bound else "plan" if args.plan else "all_seeing_reply" if args.reply else "all_seeing"
        print(
            json.dumps(
                {
                    "preset": args.ceiling,
                    "player": player,
                    "tested": {k: b[k] for k in ("finish", "finish_rate", "finish_ci95", "fair_share", "score_per_game")},
                    "heuristic": out["bots"]["heuristic"]["finish_rate"],
                    "games": out["games"],
                    "seconds": out["seconds"],
                }
            )
        )
        return 0
    if args.presets:
        unknown = sorted(set(args.presets) - set(Rules.preset_names()))
        if unknown:
            ap.error(f"unknown presets: {', '.join(unknown)}")
        if args.write:
            ap.error("--write needs every preset: the table in RESULTS.md holds them all")
    rows = measure(args.games, args.seed, args.jobs, args.presets)
    # Where the target is missed, how far card play alone could go.
    ceilings = []
    for r in rows:
        if r["finish"] == "win" and r["rate"] < TARGET["win"]:
            ceilings.append(
                {
                    "preset": r["preset"],
                    "all_seeing": ceiling(r["preset"], args.games, args.seed)["bots"]["tested"],
                    "replying": ceiling(r["preset"], args.games, args.seed, reply=True)["bots"]["tested"],
                    "bound": ceiling(r["preset"], args.games, args.seed, bound=True)["bots"]["tested"],
                }
            )
    text = table(rows, args.games, args.seed, ceilings)
    print(text)
    if args.write:
        write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
