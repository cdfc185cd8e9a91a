"""Nothing lost at a face-down table: a guest's tap that reached the host
survives the guest's browser killed outright right after (docs/STORAGE.md:
the engine's worker writes the save before the frame goes out). Started
again on the same profile, the guest's app finds its seat from its save,
takes the host's new code, goes on with its own move in its hand, and the
hand is played to its end and checked on both phones."""

from __future__ import annotations

import os
import shutil

import pytest
from test_phone_table import _step, _text_of
from test_phone_table_facedown import SAVE, _play_hand, _view, face_down_pair

from helpers import kill_browser, launch_profile, open_app

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")]
TABLE = "() => document.body.dataset.screen === 'table'"


def _messages(node) -> list[dict]:
    """Every message inside what a seat's save says it sent (each sealed
    in its envelope)."""
    if isinstance(node, list):
        return [m for item in node for m in _messages(item)]
    if isinstance(node, dict):
        return [node] + [m for value in node.values() for m in _messages(value)]
    return []


def _says(message: dict, action: dict) -> bool:
    """Whether a phone's message is its move: a card played goes with the
    card's place in the deck, any other move as the action itself."""
    if action["type"] == "play":
        return message.get("kind") == "play" and message.get("seat") == action["seat"] and message.get("card") == action["card"]
    return message.get("kind") == "act" and message.get("action") == action


def _moves_of(view: dict | None, seat: int) -> list[dict]:
    """The moves a seat's phone made: not those the engine adds in its name
    (the hammer's knock that follows a look), which no phone sends."""
    return [e for e in (view or {}).get("log", []) if e.get("seat") == seat and not e.get("auto")]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the browser process through /proc (Linux)")
def test_a_face_down_guests_tap_survives_its_browser_killed_right_after_it_went_out(
    playwright, warm_page, shared_site, visited_profile, tmp_path, page_errors
):
    host = warm_page(locale="de-DE", service_workers="block")
    open_app(host, shared_site, seed=37)
    profile = tmp_path / "profile"
    shutil.copytree(visited_profile, profile, symlinks=True)
    ctx = launch_profile(playwright, profile)
    guest = ctx.pages[0] if ctx.pages else ctx.new_page()
    open_app(guest, shared_site)
    face_down_pair(host, guest, PLAYERS)

    # The host (and its computer) play until Bert is due; he taps once, and
    # the moment his move is on the host's phone his browser is killed.
    for _ in range(300):
        before = len(_moves_of(_view(host), 2))
        if _step(guest, _view(guest)):
            break
        _step(host, _view(host))
        host.wait_for_timeout(80)
    else:
        raise AssertionError("Bert was never due")
    for _ in range(600):
        his = _moves_of(_view(host), 2)
        if len(his) > before:
            move = his[-1]
            break
        host.wait_for_timeout(20)
    else:
        raise AssertionError("Bert's move never reached the host")
    kill_browser(ctx, profile)

    again = launch_profile(playwright, profile)
    try:
        guest = again.pages[0] if again.pages else again.new_page()
        open_app(guest, shared_site)
        # Back from its save: it asks for the host's new code for its seat,
        # and its save holds the move it sent.
        guest.wait_for_function("() => document.body.dataset.screen === 'phone-join'", timeout=60_000)
        said = guest.evaluate(SAVE)["hand"]["seats"]["2"]["sent"]
        action = {k: v for k, v in move.items() if k in ("seat", "type", "card")}
        assert any(_says(m, action) for m in _messages(said)), said
        host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
        host.locator('[data-action="phone-codes"]').tap()
        guest.fill('[data-phone-text="offer"]', _text_of(host, "offer-2"))
        guest.locator('[data-action="phone-join-offer"]').tap()
        host.fill('[data-phone-text="answer-2"]', _text_of(guest, "answer"))
        host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
        guest.wait_for_function(TABLE, timeout=60_000)
        # Its own move is in its hand as the host has it (the host sends
        # back what it missed of the hand), and the hand goes on.
        for _ in range(600):
            if move in _moves_of(_view(guest), 2):
                break
            guest.wait_for_timeout(50)
        else:
            raise AssertionError(f"Bert's phone never got its own move back: {move}")
        _play_hand({1: host, 2: guest}, 90)
        for page in (host, guest):
            verdict = '.phone-verdict[data-game="1"][data-hand="1"]'
            page.wait_for_function(f"() => document.querySelector('{verdict}')?.dataset.fair === 'true'", timeout=30_000)
            assert page.locator(verdict).inner_text() == "✓ Spiel 1 geprüft"
    finally:
        again.close()
    assert not page_errors
