"""Playing by tapping: a whole game against three computer players, knocks
that the others answer, looking at cards, and illegal taps explained with
the engine's own words."""

from __future__ import annotations

import re

import pytest

from helpers import (
    AUDIO_ASLEEP,
    FEEDBACK_PROBE,
    GAME_KEY,
    card_names,
    engine_message,
    engine_state,
    hand_of,
    lang,
    message,
    open_app,
    play_until_over,
    screen,
    seed_storage,
    shell_record,
    shot,
    start_game,
    stored,
    tap,
    wait_idle,
    wait_shell_ready,
    wait_until,
)

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:medium")]


@pytest.fixture
def de_page(warm_page):
    return warm_page(locale="de-DE")


def test_whole_game_against_three_computers(de_page, shared_site, artifacts, page_errors):
    page = de_page
    open_app(page, shared_site, seed=11)
    assert screen(page) == "start"
    assert lang(page) == "de", "German is the default language"
    shot(page, artifacts, "start.png")
    start_game(page, THREE_BOTS, dealer=4)
    assert screen(page) == "table"

    seen = {"results": 0, "hands": set(), "table_shot": False, "result_shot": False}

    def watch(step):
        where = screen(page)
        seen["hands"].add(stored(page)["state"]["view"]["hand_no"])
        if where == "table":
            view = stored(page)["state"]["view"]
            # Mid-hand: cards visible and at least one card in the trick.
            if not seen["table_shot"] and view["my_cards"] and view["trick"]:
                shot(page, artifacts, "table.png")
                seen["table_shot"] = True
        if where == "result":
            seen["results"] += 1
            if not seen["result_shot"]:
                shot(page, artifacts, "result.png")
                seen["result_shot"] = True

    steps = play_until_over(page, knock=True, on_step=watch)
    shot(page, artifacts, "game-over.png")

    save = stored(page)
    view = save["state"]["view"]
    assert view["game_over"] and view["winner"]
    winner = next(p for p in view["players"] if p["seat"] == view["winner"])
    score = view["scores"][view["winner"] - 1]
    heading = page.locator(".game-over h2").inner_text()
    assert winner["name"] in heading
    final = page.locator(".final-score").inner_text()
    assert winner["name"] in final and str(score) in final
    assert score == view["hand_result"]["marks_after"][view["winner"] - 1] + 7
    hands = len(save["save"]["record"]["hands"])
    assert hands >= 2 and seen["hands"] == set(range(1, hands + 1))
    # Every hand before the last ended on the result screen, and the next was dealt by tapping "next hand".
    assert steps.count("next-hand") == hands - 1 == seen["results"]
    assert {"look", "play", "knock"} <= set(steps)
    assert page_errors == []


def test_knock_is_answered_by_the_computers(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script(FEEDBACK_PROBE)
    open_app(page, shared_site, seed=3)
    for _ in range(6):
        start_game(page, THREE_BOTS, dealer=4)  # Anne (seat 1) leads
        if not any(a["type"] == "knock" for a in stored(page)["state"]["view"]["log"]):
            break
        page.locator('header [data-action="setup"]').tap()  # a computer knocked first: deal again
    assert page.locator(".value").inner_text() == "Es geht um 1"

    # A blind knock: the cards are still face down.
    assert page.locator("[data-card]").count() == 0
    tap(page, '[data-action="knock"]')
    view = stored(page)["state"]["view"]
    knock_at = next(i for i, a in enumerate(view["log"]) if a == {"seat": 1, "type": "knock", "value": 2, "blind": True})
    answers = []
    for a in view["log"][knock_at + 1 :]:
        if a["type"] == "knock":
            break  # a later knock opens its own round
        if a["type"] in ("hold", "pass"):
            answers.append(a)
    assert sorted(a["seat"] for a in answers) == [2, 3, 4], view["log"]
    assert view["value"] >= 2
    log_text = page.locator(".log").inner_text() if screen(page) == "table" else ""
    names = {2: "Hubert", 3: "Gerda", 4: "Hans"}
    if screen(page) == "table":
        assert page.locator(".value").inner_text() == f"Es geht um {view['value']}"
        last = answers[-1]
        verb = "hält" if last["type"] == "hold" else "passt"
        assert f"{names[last['seat']]} {verb}." in log_text
        for a in answers:
            if a["type"] == "pass":  # greyed out for the rest of the hand
                assert "passed" in page.locator(f'.seat[data-seat="{a["seat"]}"]').get_attribute("class")
    else:
        assert screen(page) == "result"  # everyone passed: the knocker wins at once
        assert view["hand_result"]["winner"] == 1 and view["hand_result"]["reason"] == "others_passed"

    feedback = page.evaluate("() => window.__feedback")
    assert feedback["vibrate"], "a knock vibrates the phone"
    assert feedback["oscillators"] >= 2, "a knock sounds (two raps)"
    # Then the audio sleeps: a running context costs the phone battery all evening.
    page.wait_for_function(AUDIO_ASLEEP, timeout=10_000)
    assert len(page.evaluate("() => window.__feedback.audio")) == 1, "one audio context for every knock"
    spoken = " ".join(feedback["announced"])
    assert "Anne klopft blind auf 2." in spoken
    first = answers[0]
    assert f"{names[first['seat']]} {'hält' if first['type'] == 'hold' else 'passt'}." in spoken


def test_screen_stays_on_while_a_game_is_on(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script(FEEDBACK_PROBE)
    open_app(page, shared_site, seed=3, pace="60000")
    assert page.evaluate("() => window.__feedback.wakeLocks") == 0  # not on the start screen
    start_game(page, THREE_BOTS, dealer=4)
    page.wait_for_function("() => window.__feedback.wakeLocks === 1")
    tap(page, '[data-action="look"]')
    assert page.evaluate("() => window.__feedback.wakeLocks") == 1  # held, not taken again per frame
    page.locator('header [data-action="setup"]').tap()
    page.wait_for_function("() => window.__feedback.released === 1")
    # A browser that refuses the lock (battery saver) is asked once, not at
    # every render, and again when the page is shown again.
    page.evaluate("() => { window.__feedback.refuseWakeLock = true; window.__feedback.wakeLocks = 0; }")
    start_game(page, THREE_BOTS, dealer=4)
    tap(page, '[data-action="look"]')
    wait_idle(page)
    assert page.evaluate("() => window.__feedback.wakeLocks") == 1
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__feedback.wakeLocks === 2")


def test_double_tap_on_the_table_knocks(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=3, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)
    tap(page, '[data-action="look"]')
    # On the felt, clear of its words (text never knocks).
    trick = page.locator(".centre .trick")
    box = trick.bounding_box()
    felt = {"x": box["width"] - 4, "y": box["height"] - 4}
    trick.dblclick(position=felt)
    wait_idle(page)
    view = stored(page)["state"]["view"]
    assert {"seat": 1, "type": "knock", "value": 2} in view["log"]
    assert view["response"] and view["response"]["knocker"] == 1
    # The answer round is on screen, waiting for the computers.
    assert "Hubert muss auf das Klopfen antworten." in page.locator(".status").inner_text()

    # A single tap is no knock.
    before = len(stored(page)["state"]["view"]["log"])
    page.locator(".knock-line").tap()
    page.wait_for_timeout(500)
    wait_idle(page)
    assert len(stored(page)["state"]["view"]["log"]) == before


def test_looking_turns_the_cards_over(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=21, pace="60000")
    start_game(page, THREE_BOTS, dealer=4)
    assert page.locator("[data-card]").count() == 0
    assert stored(page)["state"]["view"]["my_cards"] is None
    backs = page.locator('[data-action="look"] .card.back')
    assert backs.count() == 4
    tap(page, '[data-action="look"]')
    save = stored(page)
    shown = [b.get_attribute("data-card") for b in page.locator("button[data-card]").all()]
    assert shown == save["state"]["view"]["my_cards"] == hand_of(save["save"], 1)
    assert len(shown) == 4
    for card in shown:  # named for screen readers: "Herz König spielen"
        assert page.get_by_role("button", name=f"{card_names(card)[0]} spielen", exact=True).count() == 1
    box = page.locator("button[data-card]").first.bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48
    assert page.locator('[data-action="look"]').count() == 0


def test_card_out_of_turn_shows_the_engines_reason(de_page, shared_site):
    page = de_page
    # Slow computers, so it is still seat 2's turn when Anne taps.
    open_app(page, shared_site, seed=5, pace="60000")
    start_game(page, THREE_BOTS, dealer=1)  # seat 2 leads
    tap(page, '[data-action="look"]')
    before = stored(page)
    card = before["state"]["view"]["my_cards"][0]
    tap(page, f'[data-card="{card}"]')
    # The players are named, not their seats.
    assert message(page) == engine_message("not_your_turn", "de", due="Hubert", seat="Anne") == "Hubert ist am Zug, nicht Anne."
    after = stored(page)
    assert after["state"]["view"]["my_cards"] == before["state"]["view"]["my_cards"]
    assert after["save"] == before["save"]
    assert page.locator("#message").is_visible()

    # The explanation follows the language switch.
    page.locator('[data-action="lang"]').tap()
    assert lang(page) == "en"
    assert message(page) == engine_message("not_your_turn", "en", due="Hubert", seat="Anne") == "It is Hubert's turn, not Anne's."


def test_the_knock_is_not_offered_where_the_engine_lists_none(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=8)
    for _ in range(6):
        start_game(page, THREE_BOTS, dealer=4)
        tap(page, '[data-action="look"]')
        tap(page, '[data-action="knock"]')
        view = stored(page)["state"]["view"]
        if screen(page) == "table" and view["last_knocker"] == 1 and view["response"] is None:
            break
        page.locator('header [data-action="setup"]').tap()  # everyone passed, or a bot knocked back: try again
    else:
        pytest.fail("no deal left Anne as the last knocker")
    # The engine lists no second knock in a row: the button keeps its
    # place but is not offered, so no tap can only bring a refusal.
    view = stored(page)["state"]["view"]
    assert not any(a["type"] == "knock" for a in view["legal"])
    knock = page.locator('[data-action="knock"]')
    assert knock.is_visible() and knock.is_disabled() and "not-now" in knock.get_attribute("class")
    # It looks not offered, not busy: only its outline is left of the gold
    # of a knock that takes a tap.
    look = knock.evaluate("(b) => { const s = getComputedStyle(b); return [s.backgroundColor, s.borderTopStyle, s.filter]; }")
    assert look == ["rgba(0, 0, 0, 0)", "dashed", "none"]
    assert message(page) == ""


def test_language_switch_on_every_screen(warm_page, shared_site):
    page = warm_page(locale="en-GB")
    open_app(page, shared_site, seed=2, pace="60000")
    assert lang(page) == "en"
    assert page.locator('[data-action="new-game"]').inner_text() == "Start the game"
    page.locator('[data-action="lang"]').tap()
    assert lang(page) == "de"
    assert page.locator('[data-action="new-game"]').inner_text() == "Spiel starten"
    start_game(page, THREE_BOTS, dealer=4)
    assert re.fullmatch(r"Es geht um \d", page.locator(".value").inner_text())
    page.locator('[data-action="lang"]').tap()
    assert re.fullmatch(r"Playing for \d", page.locator(".value").inner_text())
    assert re.fullmatch(r"Knock to \d", page.locator('[data-action="knock"]').inner_text())
    # The choice is remembered for the next visit.
    page.reload()
    assert lang(page) == "en"


def test_a_variant_action_offered_by_the_engine_can_be_tapped(de_page, shared_site):
    page = de_page
    # Wipperfürth, Anne holds four courts: the engine offers the exchange.
    save = {
        "format": "schraem-save/1",
        "record": {
            "format": "schraem-record/1",
            "rules": "wipperfuerth",
            "options": {},
            "players": [{"name": "Anne"}, {"name": "Hubert"}],
            "dealer": 2,
            "hands": [{"deal": [["AH", "KH", "QH", "JH"], ["10C", "9C", "8C", "7C"]], "actions": []}],
        },
        "table": {"players": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "seed": 1},
    }
    state = engine_state("load", {"save": save, "viewer": 1})
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    tap(page, '[data-action="look"]')
    button = page.get_by_role("button", name="Vier Bilder tauschen")
    assert button.count() == 1
    button.tap()
    wait_idle(page)
    view = stored(page)["state"]["view"]
    assert view["log"][-1]["seat"] == 1 and view["log"][-1]["type"] == "exchange"
    assert sorted(view["my_cards"]) != sorted(["AH", "KH", "QH", "JH"])
    shown = [b.get_attribute("data-card") for b in page.locator("button[data-card]").all()]
    assert shown == view["my_cards"]


def test_computers_wait_while_the_setup_screen_is_open(de_page, shared_site):
    page = de_page
    open_app(page, shared_site, seed=40, pace="300")
    start_game(page, THREE_BOTS, dealer=1)  # the computers lead
    page.locator('header [data-action="setup"]').tap()
    wait_idle(page)
    frozen = stored(page)["state"]["view"]["log"]
    page.wait_for_timeout(1500)
    assert screen(page) == "start"
    assert stored(page)["state"]["view"]["log"] == frozen
    page.locator('[data-action="continue"]').tap()
    assert screen(page) == "table"
    wait_until(
        page,
        "async (n) => { const r = await (await import('./modules.js').then((m) => m.storage)).readGame();"
        " return r.status === 'ok' && r.game.state.view.log.length > n; }",
        arg=len(frozen),
        timeout=30_000,
    )
