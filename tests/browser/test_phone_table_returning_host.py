"""A phone that finished a game before (an ordinary game against the
computer, or a deal set) opens a table of phones with a computer player:
the computer plays its turns there as on a fresh phone. The phone's last
game is written to its storage as the app keeps it; the person opens the
app on its result and taps "Neues Spiel", as every returning user does."""

from __future__ import annotations

import random
import time

import pytest
from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join, _step

from helpers import GAME_KEY, engine_table, open_app, screen, seed_storage, shell_record, tap, wait_shell_ready
from schraem.bots import choose

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")]
OPPONENTS = [{"name": n, "kind": "bot", "level": "easy"} for n in ("Jupp", "Trud", "Kätt")]


def _finished(kind: str) -> str:
    """A game played to its end in the engine, seat 1 a person, as the app
    stores it: an ordinary game, or a deal set of four deals."""
    call = engine_table()
    if kind == "game":
        st = call("new_game", players=[{"name": "Anne", "kind": "human"}, *OPPONENTS], seed=5, viewer=1)
    else:
        st = call("duel_new", set="Stammtisch", hands=4, players=["Anne", "Jupp", "Trud", "Kätt"])
    rng = random.Random(1)
    for _ in range(20_000):
        if st["game_over"] or (st.get("duel") or {}).get("over"):
            return shell_record(st, 1)
        if st["hand_over"]:
            st = call("next_hand", viewer=1)
            continue
        action = choose("easy", st["view"], rng) if 1 in st["due"]["humans"] else None
        st = call("act", action=action, viewer=1) if action else call("bot_step", viewer=1)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("kind", ["game", "deal set"])
def test_a_host_that_finished_a_game_before_has_its_computer_player_move(kind, warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guest = warm_page(locale="en-GB", service_workers="block")
    guest.add_init_script(RECEIVED_PROBE)
    seed_storage(host, shared_site, {GAME_KEY: _finished(kind)})
    wait_shell_ready(host)
    assert screen(host) in ("result", "over"), screen(host)
    open_app(guest, shared_site)

    tap(host, '[data-action="setup"]')
    _fill_setup(host, PLAYERS, dealer="3")
    host.locator('[data-action="phone-open"]').tap()
    _join(guest, host, 2, False, shared_site)
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # Anne and Bert play their own seats; Gerda, the computer, must move
    # when it is her turn (on a returning phone she waited for good).
    def gerda_moved() -> bool:
        actions = host.evaluate(HOST_STATE)["save"]["record"]["hands"][-1]["actions"]
        return any(a["seat"] == 3 and a["type"] == "play" for a in actions)

    deadline = time.monotonic() + 60
    while not gerda_moved():
        assert time.monotonic() < deadline, host.evaluate(HOST_STATE)["due"]
        tapped = _step(guest, _guest_view(guest)) or _step(host, host.evaluate(HOST_STATE)["view"])
        host.wait_for_timeout(150 if tapped else 100)
    assert not page_errors
