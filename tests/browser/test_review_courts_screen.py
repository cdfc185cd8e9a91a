"""The game review in the app at a four-courts decision: a
challenge that was likely to lose, shown and worded in German and English
from the engine's reason code."""

from __future__ import annotations

import random

import pytest

from helpers import GAME_KEY, engine_state, seed_storage, shell_record, wait_idle, wait_shell_ready
from schraem.bots import DETERMINISTIC
from schraem.core.game import Game
from schraem.core.view import view

SEATS = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
DEAL = [["10C", "9S", "8H", "7D"], ["AC", "KS", "QH", "JD"], ["10S", "9C", "8D", "7H"]]
WORDS = {
    "de-DE": ("Tausch anzweifeln?", "Gelten lassen", "Ein Bluff war der Tausch nur in"),
    "en-GB": ("Challenge the exchange?", "letting it stand", "The exchange was a bluff in only"),
}


def challenged_hand() -> dict:
    """Siwwe Strööm: Ben exchanges four courts, Anne — holding no court —
    challenges it, loses 2 and leaves; the computer plays the rest."""
    game = Game(["Anne", "Ben", "Cora"], "siwwe_stroeoem", dealer=3, seed=3)
    game.deal(cards=DEAL)
    for a in (
        {"seat": 2, "type": "look"},
        {"seat": 2, "type": "exchange"},
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "challenge", "target": 2},
    ):
        game.apply(a)
    while not game.hand_over:
        s = game.due()[0]
        game.apply(DETERMINISTIC["easy"](view(game, s), random.Random(len(game.logs[-1]))))
    save = {"format": "schraem-save/1", "record": game.to_record(), "table": {"players": SEATS, "seed": 3}}
    return engine_state("load", {"save": save, "viewer": 1})


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_a_costly_challenge_is_shown_with_its_reason(warm_page, shared_site, locale):
    page = warm_page(locale=locale, service_workers="block")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(challenged_hand(), 1)})
    wait_shell_ready(page)
    page.locator('[data-action="review-open"]').first.tap()
    page.wait_for_selector(".review-total", timeout=120_000)
    wait_idle(page)
    kind, accept, reason = WORDS[locale]
    challenge = page.locator('.review-decision[data-kind="challenge"]')
    assert challenge.count() == 1
    text = challenge.inner_text()
    assert kind in text and accept in text and reason in text
    assert "costly" in challenge.get_attribute("class")
    # Named among the costliest, and no code left unworded anywhere.
    assert reason in page.locator(".review-worst").inner_text()
    assert "review." not in page.locator("body").inner_text()


def open_challenge() -> dict:
    """Siwwe Strööm: Cora exchanges four courts; Anne looks and plays her
    first card, so Ben (a computer) is due — and Anne may still challenge."""
    game = Game(["Anne", "Ben", "Cora"], "siwwe_stroeoem", dealer=3, seed=3)
    game.deal(cards=DEAL)
    for a in (
        {"seat": 3, "type": "look"},
        {"seat": 3, "type": "exchange"},
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "play", "card": "7D"},
    ):
        game.apply(a)
    assert game.due() == [2] and any(a["type"] == "challenge" for a in view(game, 1)["legal"])
    save = {"format": "schraem-save/1", "record": game.to_record(), "table": {"players": SEATS, "seed": 3}}
    return engine_state("load", {"save": save, "viewer": 1})


def test_a_hint_at_an_open_challenge_while_another_is_due(warm_page, shared_site):
    """The Tipp is offered for a challenge open to the person while a
    computer is due, and weighs challenging against letting it stand."""
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(open_challenge(), 1)}, pace="60000")
    wait_shell_ready(page)
    page.locator('header [data-action="settings"]').tap()
    page.locator('input[data-setting="hints"]').check()
    wait_idle(page)
    page.locator('[data-action="settings-close"]').tap()
    page.locator('[data-action="hint"]').tap()
    page.wait_for_selector("section.hint", timeout=120_000)
    assert page.locator('section.hint li[data-choice="challenge"]').count() == 1
    record = page.evaluate("""async () => (await (await import('./modules.js').then((m) => m.storage)).readGame()).game.save.record""")
    assert record["hands"][-1]["hints"] == [{"seat": 1, "at": len(record["hands"][-1]["actions"])}]
