"""A hand of every rule set played by taps only, on a Pixel 7 and on a
360 × 640 screen (the same page resized), with every card of the hand inside the screen — the
8-card newcomers' hand, a Tuppen long one and a Rengen Hängeln included."""

from __future__ import annotations

import json
import random

import pytest

from helpers import GAME_KEY, play_step, read_at_size, screen, seed_storage, shell_record, shot, stored, wait_shell_ready
from schraem.bridge import Bridge
from schraem.core.rules import Rules

# A Pixel 7 (412 × 915) and a small phone: one hand per rule set, checked
# at both sizes at every step by resizing the page (the cards' layout is in
# CSS pixels, so the pixel ratio does not change it).
SIZES = {"pixel7": (412, 915), "360": (360, 640)}
BOTS = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy"} for n in ("Hubert", "Gerda", "Hans")]
PEOPLE = [{"name": n} for n in ("Anne", "Hubert", "Gerda", "Hans")]


class Table:
    def __init__(self):
        self.b = Bridge()

    def __call__(self, cmd, **args):
        reply = json.loads(self.b.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    def random_step(self, st, rng):
        """One move of anyone due (people act through the harness's viewer)."""
        if st["due"]["bots"]:
            return self("bot_step", viewer=None)
        seat = st["due"]["humans"][0]
        legal = self("state", viewer=seat)["view"]["legal"]
        calm = [a for a in legal if a["type"] in ("look", "hold", "play", "discard")]
        return self("act", action=rng.choice(calm or legal), viewer=seat)


def first_hand(preset: str) -> tuple[dict, int]:
    t = Table()
    return t("new_game", players=BOTS, rules=preset, seed=5, dealer=4, viewer=1), 1


def tuppen_long_one() -> tuple[dict, int]:
    for seed in range(50):
        t, rng = Table(), random.Random(seed)
        st = t("new_game", players=PEOPLE, rules="tuppen", seed=seed, dealer=4, viewer=None)
        for _ in range(3000):
            if st["game_over"]:
                break
            if st["hand_over"]:
                st = t("next_hand", viewer=None)
                if st["view"]["hand_kind"] == "long_one":
                    seat = st["due"]["humans"][0] if st["due"]["humans"] else None
                    return t("state", viewer=seat), seat
                continue
            st = t.random_step(st, rng)
    raise AssertionError("no long one")


def rengen_hangeln() -> tuple[dict, int]:
    for seed in range(50):
        t, rng = Table(), random.Random(seed)
        st = t("new_set", players=PEOPLE, rules="rengen", seed=seed, dealer=4, viewer=None)
        for _ in range(6000):
            if st["set"]["in_hangeln"] and not st["hand_over"]:
                seat = st["due"]["humans"][0]
                return t("state", viewer=seat), seat
            if st["game_over"]:
                if st["set"]["over"]:
                    break
                st = t("next_game", viewer=None)
                continue
            if st["hand_over"]:
                st = t("next_hand", viewer=None)
                continue
            st = t.random_step(st, rng)
    raise AssertionError("no Hängeln")


CASES = {
    **{p: (lambda p=p: first_hand(p)) for p in Rules.preset_names()},
    "tuppen-long-one": tuppen_long_one,
    "rengen-hangeln": rengen_hangeln,
}

CARDS_INSIDE = """() => [...document.querySelectorAll('#table .hand button.card')].map((b) => {
  const r = b.getBoundingClientRect();
  return { card: b.dataset.card, left: r.left, right: r.right, width: r.width, height: r.height };
})"""


def cards_fit(page, case: str, hand_shot) -> int:
    """Every card inside the screen at both sizes → the number of cards."""
    count = 0
    for size, (width, height) in SIZES.items():
        cards = read_at_size(page, width, height, CARDS_INSIDE)
        count = len(cards)
        for c in cards:
            assert 0 <= c["left"] and c["right"] <= width, (case, size, c)
            assert 44 <= c["width"] and 44 <= c["height"] < height, (case, size, c)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, (case, size)
        if cards:
            hand_shot(size)
    return count


@pytest.mark.parametrize("case", list(CASES))
def test_a_hand_of_every_rule_set_by_taps_with_every_card_on_screen(warm_page, shared_site, artifacts, case):
    state, viewer = CASES[case]()
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, viewer)}, pace="fast")
    wait_shell_ready(page)
    hand_no = state["view"]["hand_no"]
    largest, shots = 0, set()

    def hand_shot(size):
        if size not in shots:
            shots.add(size)
            shot(page, artifacts, f"preset-{case}-{size}.png")

    for _ in range(400):
        where = screen(page)
        if where in ("result", "over") or stored(page)["state"]["view"]["hand_no"] != hand_no:
            break
        if where == "table":
            largest = max(largest, cards_fit(page, case, hand_shot))
        play_step(page, knock=False)
    else:
        raise AssertionError(f"{case}: the hand never ended")
    assert screen(page) in ("result", "over", "table", "sheet")
    if case in ("siwwe_schroehm_newcomer", "tuppen-long-one", "rengen-hangeln"):
        assert largest == 8, (case, largest)  # the long hands were on screen in full
    for size, (width, _) in SIZES.items():
        page.set_viewport_size({"width": width, "height": SIZES[size][1]})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, (case, size)
