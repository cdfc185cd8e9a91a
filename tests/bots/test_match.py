"""The duplicate match runner: identical deals across rotations, seeded
reproducibility, and the command line."""

import json

from schraem.cli import main
from schraem.cli.match import deal_for, play_game, rotation, run_match
from schraem.core.rules import Rules


def test_rotation_puts_every_kind_in_every_seat():
    kinds = ["strong", "heuristic", "heuristic", "heuristic"]
    seats_of_strong = {rotation(kinds, r).index("strong") for r in range(4)}
    assert seats_of_strong == {0, 1, 2, 3}


def test_deal_slices_do_not_depend_on_other_seats():
    full, _ = deal_for(5, 2, 3, [True] * 4, 4)
    part, stock = deal_for(5, 2, 3, [True, False, True, True], 4)
    assert part[1] == [] and part[0] == full[0] and part[2] == full[2] and part[3] == full[3]
    assert len(stock) == 32 - 12 and not set(stock) & {c for h in part for c in h}


def test_duplicate_deals_identical_across_rotations():
    kinds = ["heuristic", "random", "random", "heuristic"]
    rules = Rules.make("rheinland")
    games = [play_game(kinds, 42, 7, r, rules) for r in range(4)]
    # The first hand is dealt identically in every rotation.
    first = [g.to_record()["hands"][0]["deal"] for g in games]
    assert all(f == first[0] for f in first)
    # Every later hand: each seat dealt in gets the same cards as in every
    # other rotation where it is dealt in, whoever sits there.
    longest = max(len(g.specs) for g in games)
    compared = 0
    for h in range(longest):
        for seat in range(4):
            hands = [g.specs[h]["deal"][seat] for g in games if h < len(g.specs) and g.specs[h]["deal"][seat]]
            assert all(x == hands[0] for x in hands)
            compared += len(hands) > 1
    assert compared > 4
    # And the bots really did rotate.
    assert [g.names[0].split()[0] for g in games] == [rotation(kinds, r)[0] for r in range(4)]


def test_seeded_match_reproducible():
    a = run_match(["heuristic", "random", "random"], 3, seed=9)
    b = run_match(["heuristic", "random", "random"], 3, seed=9)
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    c = run_match(["heuristic", "random", "random"], 3, seed=10)
    c.pop("seconds")
    assert c != a


def test_strong_match_reproducible_and_parallel_equal():
    a = run_match(["easy", "heuristic"], 2, seed=4)
    b = run_match(["easy", "heuristic"], 2, seed=4, jobs=2)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_match_statistics_shape():
    out = run_match(["heuristic", "random", "random", "random"], 4, seed=1)
    assert out["games"] == 16 and out["deal_sets"] == 4
    h, r = out["bots"]["heuristic"], out["bots"]["random"]
    assert h["games"] == 16 and r["games"] == 48
    assert h["wins"] + r["wins"] == 16
    for b in (h, r):
        lo, hi = b["ci95"]
        assert 0 <= lo <= b["win_rate"] <= hi <= 1
        assert b["marks_per_hand"] <= 0
    # Net marks per hand are relative to the table: they cancel out (up to
    # the rounding of the figures to 4 decimals).
    total = h["net_marks_per_hand"] * h["hands"] + r["net_marks_per_hand"] * r["hands"]
    assert abs(total) <= 1e-4 * (h["hands"] + r["hands"])


def test_cli_match(capsys):
    assert main(["match", "--seats", "heuristic,random", "--games", "2", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["bots"]) == {"heuristic", "random"}
    for b in out["bots"].values():
        assert {"games", "wins", "win_rate", "ci95", "marks_per_hand"} <= set(b)


def test_cli_match_unknown_bot(capsys):
    assert main(["match", "--seats", "heuristic,nobody", "--games", "1"]) == 2


def test_one_finish_metric_for_every_preset():
    """Winning where the game finds a winner, not losing where it finds a
    loser, with the fair share of that metric and an interval."""
    finds = {p: ("win" if p not in ("siwwe_schroehm", "siwwe_schroehm_newcomer", "tuppen") else "not_lose") for p in Rules.preset_names()}
    for preset in ("rheinland", "tuppen", "siwwe_schroehm_newcomer", "sebbe_schroehm"):
        out = run_match(["random", "heuristic"], 3, seed=5, rules=preset)
        assert out["finish"] == finds[preset]
        for k, b in out["bots"].items():
            assert b["finish"] == finds[preset]
            if finds[preset] == "win":
                assert b["fair_share"] == 0.5 and b["finish_rate"] == b["win_rate"]
            else:
                assert b["fair_share"] == 0.5 and b["finish_rate"] == round(1 - b["losses"] / b["games"], 4)
            lo, hi = b["finish_ci95"]
            assert 0 <= lo <= b["finish_rate"] <= hi <= 1 or lo == hi == b["finish_rate"]
    four = run_match(["random", "random", "random", "heuristic"], 1, seed=5, rules="tuppen")
    assert all(b["fair_share"] == 0.75 for b in four["bots"].values())
