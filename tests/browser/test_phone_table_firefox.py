"""A table of phones outside Chromium (docs/PHONE_TABLE.md): the host in
Chromium (Playwright), the guest in Firefox ESR (puppeteer-core over WebDriver
BiDi, engines.py). Firefox reads the host's invitation from its QR code with
the shipped decoder (jsQR: Firefox has no BarcodeDetector), joins with it,
the two browsers connect by a real data channel over loopback, and a whole
hand is played with the guest's seat tapped on Firefox's own table.

The same at a table dealt face down: Firefox's own engine deals, opens its
cards, plays its seat and checks the hand. Its browser killed after its
first card, it joins again with the host's new code, back in the same hand
with the same cards from its save, and after the hand says in words that
it checked it; no card its seat may not see is on its page."""

from __future__ import annotations

import pytest
from test_phone_table import HOST_STATE, _fill_setup, _step, _text_of
from test_phone_table_facedown import ALL_CARDS, SAVE, STATE, _code
from test_phone_table_reach import ROUND_TRIP, check_round_trip

from engines import FirefoxBrowser, missing
from helpers import app_url, card_names, open_app, screen, wait_idle

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]

READY = "() => document.documentElement.dataset.shell === 'ready' && document.documentElement.dataset.engine === 'ready'"
CLICK = """(sel) => { const el = document.querySelector(sel); if (!el) return false; el.click(); return true; }"""
FILL = """([sel, value]) => { const el = document.querySelector(sel); if (!el) return false;
  el.value = value; el.dispatchEvent(new Event('input', { bubbles: true })); return true; }"""
# The host's QR code (its SVG path) drawn into a canvas and read by the
# app's own jsQR.
DECODE = """async (svg) => {
  await import('./vendor/jsQR.js');
  const doc = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg');
  const modules = Number(doc.getAttribute('viewBox').split(/\\s+/)[2]);
  const scale = 6;
  const size = modules * scale;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#000';
  ctx.fill(new Path2D(doc.querySelector('path').getAttribute('d')));
  const found = self.jsQR(ctx.getImageData(0, 0, size, size).data, size, size);
  return { text: found ? found.data : null, native: 'BarcodeDetector' in self };
}"""
# One tap on Firefox's table for its own seat: answer a knock, look, play a
# card the table marks as legal.
GUEST_STEP = """() => {
  const screen = document.body.dataset.screen;
  if (screen !== 'table') return screen;
  const el = document.querySelector('[data-action="hold"]:not([disabled])')
    || document.querySelector('[data-action="look"]:not([disabled])')
    || document.querySelector('[data-card][data-legal="true"]:not([disabled])');
  if (!el) return 'wait';
  el.click();
  return 'tapped';
}"""


@pytest.fixture
def firefox(tmp_path):
    why = missing("firefox")
    if why:
        pytest.skip(f"Firefox not tested: {why}")
    browser = FirefoxBrowser(tmp_path / "firefox-profile")
    yield browser
    browser.close()


def test_a_firefox_guest_joins_a_chromium_host_and_plays_a_hand(firefox, warm_page, shared_site, page_errors):
    firefox.goto(app_url(shared_site))
    firefox.wait_for(READY, timeout=300)
    # Firefox's own offer and answer, packed into codes and read back, connect.
    check_round_trip(firefox.evaluate(ROUND_TRIP, timeout=60))
    host = warm_page(locale="de-DE", service_workers="block")
    open_app(host, shared_site, seed=53)
    _fill_setup(host, PLAYERS, dealer=None)
    host.locator('[data-action="phone-open"]').tap()
    offer = _text_of(host, "offer-2")

    # Firefox reads the invitation from the host's QR code with jsQR.
    svg = host.locator('.phone-seat[data-seat="2"] svg.qr').evaluate("e => e.outerHTML")
    read = firefox.evaluate(DECODE, svg, timeout=60)
    assert read["native"] is False  # Firefox has no BarcodeDetector: the shipped decoder did it
    assert read["text"] == offer

    assert firefox.evaluate(CLICK, '[data-action="phone-join"]')
    firefox.wait_for("() => !!document.querySelector('[data-phone-text=\"offer\"]')", timeout=30)
    assert firefox.evaluate(FILL, ['[data-phone-text="offer"]', read["text"]])
    assert firefox.evaluate(CLICK, '[data-action="phone-join-offer"]')
    answer = firefox.wait_for(
        "() => { const v = document.querySelector('[data-phone-text=\"answer\"]')?.value ?? ''; return v.length > 100 && v; }", timeout=60
    )
    assert answer.startswith("SCHRAEM-ANSWER:")
    host.fill('[data-phone-text="answer-2"]', answer)
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()

    # Connected across the two browsers: both phones deal together and show the table.
    host.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=120_000)
    firefox.wait_for("() => document.body.dataset.screen === 'table'", timeout=120)

    tapped = 0
    # The hand's end: its result, or the game's end when the hand knocked
    # up to seven took the last marks (the deal is random).
    ended = ("result", "over")
    for _ in range(3000):
        if screen(host) in ended and firefox.evaluate("() => document.body.dataset.screen") in ended:
            break
        if firefox.evaluate(GUEST_STEP) == "tapped":
            tapped += 1
        _step(host, host.evaluate(HOST_STATE)["view"])
        host.wait_for_timeout(120)
    else:
        view = host.evaluate(HOST_STATE)["view"]
        raise AssertionError(
            f"the hand did not end: host on {screen(host)!r}, Firefox on "
            f"{firefox.evaluate('() => document.body.dataset.screen')!r}, "
            f"due {view.get('turn')!r}, response {view.get('response')!r}, last actions {view['log'][-4:]}"
        )
    wait_idle(host)
    record = host.evaluate(HOST_STATE)["save"]["record"]
    hand = record["hands"][0]
    assert [e["seat"] for e in hand["fair"]] == [1, 2]  # Firefox's number went into the deal
    assert tapped and any(a["seat"] == 2 and a["type"] == "play" for a in hand["actions"])
    # Firefox checked the deal with its own engine after the hand.
    firefox.wait_for("() => document.documentElement.dataset.fairDeal === '1:1:checked'", timeout=60)
    assert not firefox.errors, firefox.errors
    assert not page_errors


FIREFOX_VIEW = "async () => (await import('./modules.js')).model.model.game?.state?.view ?? null"
# Firefox's view once its seat's first `n` cards played are in its log.
PLAYED_BACK = """async (n) => { const v = (await import('./modules.js')).model.model.game?.state?.view;
  return v && v.log.filter((a) => a.seat === 2 && a.type === 'play').length >= n ? v : null; }"""


def _seats_cards(view) -> list[str]:
    """The cards dealt to Firefox's seat: in its hand or played from it."""
    return sorted(view["my_cards"] + [a["card"] for a in view["log"] if a["seat"] == 2 and a["type"] == "play"])


def _firefox_answers(firefox, offer: str) -> str:
    """Firefox, on its join screen, takes the host's invitation pasted and
    gives its answer."""
    firefox.wait_for("() => !!document.querySelector('[data-phone-text=\"offer\"]')", timeout=30)
    assert firefox.evaluate(FILL, ['[data-phone-text="offer"]', offer])
    assert firefox.evaluate(CLICK, '[data-action="phone-join-offer"]')
    return firefox.wait_for(
        "() => { const v = document.querySelector('[data-phone-text=\"answer\"]')?.value ?? ''; return v.length > 100 && v; }", timeout=60
    )


def _host_taps(host) -> None:
    state = host.evaluate(STATE)
    if state:
        _step(host, state["view"])


def test_a_firefox_guest_plays_face_down_survives_its_browser_killed_and_checks_the_hand(firefox, warm_page, shared_site, page_errors):
    firefox.goto(app_url(shared_site))
    firefox.wait_for(READY, timeout=300)
    host = warm_page(locale="de-DE", service_workers="block")
    open_app(host, shared_site, seed=53)
    _fill_setup(host, PLAYERS, dealer=None)
    host.locator('[data-field="phone-facedown"]').check()
    host.locator('[data-action="phone-open"]').tap()
    assert firefox.evaluate(CLICK, '[data-action="phone-join"]')
    host.fill('[data-phone-text="answer-2"]', _firefox_answers(firefox, _text_of(host, "offer-2")))
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=120_000)
    firefox.wait_for("() => document.body.dataset.screen === 'table'", timeout=120)
    # Both engines made the same table code of the phones' keys.
    code = _code(host)
    assert firefox.evaluate("() => document.querySelector('.phone-code')?.dataset.code") == code

    # Firefox plays until its first card is in the host's log, then its
    # process is killed.
    for _ in range(500):
        view = host.evaluate(STATE)["view"]
        if any(a["seat"] == 2 and a["type"] == "play" for a in view["log"]):
            break
        firefox.evaluate(GUEST_STEP)
        _host_taps(host)
        host.wait_for_timeout(120)
    else:
        raise AssertionError("Firefox's seat played no card")
    before = firefox.evaluate(FIREFOX_VIEW)
    played = [a for a in view["log"] if a["seat"] == 2 and a["type"] == "play"]
    firefox.kill_and_start()

    # Started again, the app asks for the host's new code for its seat and
    # is back in the same hand with the same cards, its card played.
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
    firefox.goto(app_url(shared_site))
    firefox.wait_for(READY, timeout=120)
    firefox.wait_for("() => document.body.dataset.screen === 'phone-join'", timeout=30)
    host.locator('[data-action="phone-codes"]').tap()
    host.fill('[data-phone-text="answer-2"]', _firefox_answers(firefox, _text_of(host, "offer-2")))
    host.locator('[data-action="phone-answer"][data-seat="2"]').tap()
    firefox.wait_for("() => document.body.dataset.screen === 'table'", timeout=60)
    # A card played is taken once the host relays it back: killed before
    # that came, the seat holds it until the host sends it again.
    after = firefox.wait_for(PLAYED_BACK, len(played), timeout=60)
    assert after["hand_no"] == 1 and _seats_cards(after) == _seats_cards(before)
    assert [a for a in after["log"] if a["seat"] == 2 and a["type"] == "play"][: len(played)] == played

    ended = ("result", "over")
    for _ in range(3000):
        if screen(host) in ended and firefox.evaluate("() => document.body.dataset.screen") in ended:
            break
        firefox.evaluate(GUEST_STEP)
        _host_taps(host)
        host.wait_for_timeout(120)
    else:
        raise AssertionError(f"the hand did not end: host on {screen(host)!r}")
    # Firefox's own check, in words on its result screen.
    firefox.wait_for("() => document.querySelector('.phone-verdict')?.dataset.fair === 'true'", timeout=60)
    assert firefox.evaluate("() => document.querySelector('.phone-verdict').innerText") == "✓ Hand 1 checked"
    # No card of another seat's hand or of the stock on Firefox's page (the
    # hand's deal read from the host's record once the host checked it too).
    host.wait_for_function("() => document.querySelector('.phone-verdict')?.dataset.fair === 'true'", timeout=60_000)
    hand = host.evaluate(SAVE)["after"]["hands"][0]
    allowed = set(hand["deal"][1]) | {a["card"] for a in hand["actions"] if a["type"] == "play"}
    page = firefox.evaluate("() => document.documentElement.outerHTML")
    assert not [card for card in ALL_CARDS - allowed if f'data-card="{card}"' in page]
    assert not [name for card in ALL_CARDS - allowed for name in card_names(card) if name in page]
    assert not firefox.errors, firefox.errors
    assert not page_errors
