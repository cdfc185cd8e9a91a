"""Taps answered within a frame: the shell shows a legal tap's
effect from the last state before the engine has answered, and a refused
tap's reason (the engine's, carried in the state) without asking it. The
worker's messages are held back here, so anything on screen before they are
let through cannot have come from the engine's answer."""

from __future__ import annotations

from helpers import open_app, screen, start_game, stored, wait_idle

# Holds every request to the engine's worker while window.__hold is set.
HOLD_ENGINE = """
(() => {
  const send = Worker.prototype.postMessage;
  window.__held = [];
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (window.__hold && msg && msg.cmd) { window.__held.push(() => send.call(this, msg, ...rest)); return; }
    return send.call(this, msg, ...rest);
  };
  window.__release = () => { window.__hold = false; const h = window.__held; window.__held = []; h.forEach((f) => f()); };
})();
"""

PLAYERS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]


def held(page) -> int:
    return page.evaluate("() => window.__held.length")


def start(page, site, *, pace: str, dealer: int, look: bool = True):
    page.add_init_script(HOLD_ENGINE)
    open_app(page, site, seed=21, pace=pace)
    start_game(page, PLAYERS, dealer=dealer)
    wait_idle(page)
    if look and stored(page)["state"]["view"]["my_cards"] is None:
        page.locator('[data-action="look"]').tap()
        wait_idle(page)


def test_a_legal_card_leaves_the_hand_before_the_engine_answers(warm_page, shared_site, page_errors):
    page = warm_page(locale="de-DE")
    start(page, shared_site, pace="fast", dealer=4)  # Anne leads the first trick
    before = stored(page)["state"]["view"]
    assert before["turn"] == 1 and before["trick"] == []
    card = next(a["card"] for a in before["legal"] if a["type"] == "play")

    page.evaluate("() => { window.__hold = true; }")
    page.locator(f'[data-card="{card}"]').tap()
    # Drawn from the last state while the engine's answer is held back.
    page.wait_for_selector(".trick .played.pending", timeout=2_000)
    assert held(page) == 1, "the play itself went to the engine"
    assert page.locator(f'li.leaving [data-card="{card}"]').count() == 1
    assert page.locator(".trick .played.pending [role=img]").get_attribute("aria-label")
    # Not accepted yet, so not stored: the save still holds the card.
    assert card in stored(page)["state"]["view"]["my_cards"]

    page.evaluate("() => window.__release()")
    wait_idle(page)
    after = stored(page)["state"]["view"]
    assert card not in after["my_cards"]
    assert any(c["card"] == card and c["seat"] == 1 for c in after["trick"] + [c for t in after["tricks"] for c in t["cards"]])
    assert page.locator(".played.pending, li.leaving").count() == 0, "the engine's state replaced the pending one"
    assert not page_errors


def test_a_refused_tap_shows_the_engines_reason_without_asking_it(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    # Dealer 1: Hubert (a computer, slow pace) leads; Anne's card taps are refused.
    start(page, shared_site, pace="60000", dealer=1)
    state = stored(page)["state"]
    assert state["view"]["turn"] == 2
    card = state["view"]["my_cards"][0]
    reason = state["refusals"][f"play:{card}"]
    assert reason["code"] == "not_your_turn"

    page.evaluate("() => { window.__hold = true; }")
    page.locator(f'[data-card="{card}"]').tap()
    page.wait_for_function("(text) => document.getElementById('message').textContent.includes(text)", arg=reason["de"], timeout=2_000)
    assert held(page) == 0, "a refused tap is not sent to the engine"
    assert page.locator(".played.pending, li.leaving").count() == 0
    page.evaluate("() => window.__release()")
    assert screen(page) == "table"


def test_a_legal_knock_is_pressed_at_once_and_sounds_once(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    page.add_init_script("""
      window.__knocks = 0;
      const real = window.AudioContext;
      if (real) {
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (...a) { window.__knocks += 1; return start.apply(this, a); };
      }
    """)
    start(page, shared_site, pace="60000", dealer=4)
    assert any(a["type"] == "knock" for a in stored(page)["state"]["view"]["legal"])
    page.evaluate("() => { window.__hold = true; }")
    page.locator('[data-action="knock"]').tap()
    page.wait_for_selector('[data-action="knock"].pending', timeout=2_000)
    sounds_at_tap = page.evaluate("() => window.__knocks")
    assert sounds_at_tap > 0, "the knock sounded at the tap"
    page.evaluate("() => window.__release()")
    page.wait_for_function("() => document.documentElement.dataset.busy === 'idle'")
    assert stored(page)["state"]["view"]["last_knocker"] == 1
    assert page.evaluate("() => window.__knocks") == sounds_at_tap, "the engine's state did not sound the knock again"


# A finger on an element, as the browser reports it: a press and a lift
# (`dx` further on), with no click after them unless the test makes one.
FINGER = """([selector, dx]) => {
  const el = document.querySelector(selector);
  const box = el.getBoundingClientRect();
  const at = (type, x) => el.dispatchEvent(new PointerEvent(type, {
    pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, bubbles: true,
    clientX: x, clientY: box.top + box.height / 2 }));
  at('pointerdown', box.left + box.width / 2);
  at('pointerup', box.left + box.width / 2 + dx);
}"""


def test_a_fingers_tap_acts_as_it_lifts_and_its_click_is_no_second_tap(warm_page, shared_site, page_errors):
    page = warm_page(locale="de-DE")
    start(page, shared_site, pace="60000", dealer=4)  # Anne leads and may knock
    view = stored(page)["state"]["view"]
    assert any(a["type"] == "knock" for a in view["legal"])
    first, second = [a["card"] for a in view["legal"] if a["type"] == "play"][:2]
    page.evaluate("() => { window.__hold = true; }")

    # Swiped across the hand: the finger lifted 40 px from where it pressed.
    page.evaluate(FINGER, [f'[data-card="{first}"]', 40])
    page.wait_for_timeout(150)
    assert held(page) == 0 and page.locator(".played.pending").count() == 0, "a swipe is no tap"

    # Lifted where it pressed: played at the lift, before any click.
    page.evaluate(FINGER, [f'[data-card="{first}"]', 3])
    page.wait_for_selector(".trick .played.pending", timeout=2_000)
    assert held(page) == 1

    # The browser's click of that tap lands on what is under the finger
    # now (here the knock button): not taken as a knock.
    page.evaluate("""() => document.querySelector('[data-action="knock"]')
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }))""")
    page.wait_for_timeout(150)
    assert held(page) == 1, "the click after the lift was taken as a second tap"
    assert page.locator('[data-action="knock"].pending').count() == 0

    # A later click is a tap of its own again (a mouse, a keyboard): the
    # second card, out of turn now, is refused in the engine's words.
    page.evaluate("() => window.__release()")
    wait_idle(page)
    state = stored(page)["state"]
    assert not [e for e in state["view"]["log"] if e["type"] == "knock"], "the click after the lift knocked"
    assert first not in state["view"]["my_cards"] and state["view"]["turn"] == 2
    reason = state["refusals"][f"play:{second}"]
    page.evaluate("(card) => document.querySelector(`[data-card=\"${card}\"]`).click()", second)
    page.wait_for_function("(text) => document.getElementById('message').textContent.includes(text)", arg=reason["de"], timeout=2_000)
    assert not page_errors


def test_a_fingers_lift_on_the_look_button_looks_once(warm_page, shared_site, page_errors):
    """The look is asked for at the lift too (at a table of phones the
    cards come from the host, and the click is a further turn of a busy
    page); the click that follows, on the look button still there while
    the engine answers, is no second look."""
    page = warm_page(locale="de-DE")
    start(page, shared_site, pace="60000", dealer=4, look=False)
    assert stored(page)["state"]["view"]["my_cards"] is None
    page.evaluate("() => { window.__hold = true; }")
    page.evaluate(FINGER, ['[data-action="look"]', 2])
    page.wait_for_function("() => window.__held.length === 1", timeout=2_000)
    page.evaluate("""() => document.querySelector('[data-action="look"]')
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }))""")
    page.wait_for_timeout(150)
    assert held(page) == 1, "the click after the lift asked for a second look"
    page.evaluate("() => window.__release()")
    wait_idle(page)
    view = stored(page)["state"]["view"]
    assert view["my_cards"] and [e["seat"] for e in view["log"] if e["type"] == "look"] == [1]
    assert page.locator(".hand button.card").count() == len(view["my_cards"])
    assert not page_errors


# Every mouse event and click the page gets, with what it landed on.
MOUSE_LOG = """() => {
  window.__mouse = [];
  for (const type of ['mousedown', 'mouseup', 'click']) {
    document.addEventListener(type, (e) => {
      const on = e.target.closest?.('[data-card], [data-action]');
      window.__mouse.push(`${type}:${on?.dataset.card ?? on?.dataset.action ?? e.target.id ?? ''}`);
    }, true);
  }
}"""


def test_a_fingers_tap_acted_on_at_its_lift_makes_no_click_after_it(warm_page, shared_site, page_errors):
    """The browser is told to make nothing more of such a tap: its mouse
    events and click were further turns of a busy page's main thread,
    which held the engine's answer (and at a table of phones every other
    phone). A tap acted on by its click (the felt) still gets it."""
    page = warm_page(locale="de-DE")
    start(page, shared_site, pace="60000", dealer=4)  # Anne leads
    card = next(a["card"] for a in stored(page)["state"]["view"]["legal"] if a["type"] == "play")
    page.evaluate(MOUSE_LOG)

    page.locator(f'[data-card="{card}"]').tap()  # a touch, pressed and lifted
    wait_idle(page)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__mouse") == [], "the browser made mouse events of a tap acted on at its lift"
    view = stored(page)["state"]["view"]
    assert [e["card"] for e in view["log"] if e["type"] == "play"] == [card]

    page.locator("#table .centre").first.tap()
    page.wait_for_function("() => window.__mouse.some((m) => m.startsWith('click'))", timeout=2_000)
    assert not page_errors
