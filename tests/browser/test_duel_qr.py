"""Deal sets by QR code (docs/REVIEW.md): two phones choose the
same word, preset and number of deals and get the same cards; phone B shows
its result as one QR code, small enough to read off a 320 px screen; phone
A reads it with its camera (Chromium's fake camera playing a video of B's
code, read by the shipped jsQR) and shows the comparison hand by hand. A
foreign, damaged or other set's code is refused in plain words with nothing
changed, and a set's own code starts the same set on another phone."""

from __future__ import annotations

import base64

from test_phone_table_scan import QR_PIXELS, SIDE, _y4m, camera_phone
from test_review_screen import QR_TEXT, play_to

from club_helpers import FAKE_CAMERA
from helpers import assert_axe_clean, engine_table, message, open_app, play_step, screen, stored, tap, wait_idle, wait_shell_ready

# How many screen pixels one module of the code on screen gets.
MODULE_PX = """() => {
  const svg = document.querySelector('.duel-qr svg.qr');
  return svg.getBoundingClientRect().width / Number(svg.getAttribute('viewBox').split(' ')[2]);
}"""

WORD, RULES, HANDS = "Stammtisch", "rengen", 4


def choose_set(page) -> None:
    page.fill("#duel-word", WORD)
    page.select_option("#duel-rules", RULES)
    page.select_option("#duel-hands", str(HANDS))
    page.locator('[data-action="duel-start"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)


def scan_with(page, text: str, action: str) -> None:
    """The stand-in camera (club_helpers.FAKE_CAMERA) reads `text` next."""
    page.evaluate("(t) => window.__qr.push(t)", text)
    tap(page, f'[data-action="{action}"]')
    page.wait_for_function("() => !document.querySelector('.qr-scan')")
    wait_idle(page)


def test_a_result_by_qr_code_is_compared_and_bad_codes_are_refused(warm_page, shared_site, playwright, tmp_path, artifacts, page_errors):
    b = warm_page(locale="de-DE", service_workers="block")
    b.set_viewport_size({"width": 320, "height": 700})
    open_app(b, shared_site)
    b.locator("#duel-hands").scroll_into_view_if_needed()
    b.screenshot(path=artifacts / "duel-start-320.png")
    # Eight Rhineland deals unless chosen otherwise: everyone's set.
    assert b.locator("#duel-rules").input_value() == "rheinland" and b.locator("#duel-hands").input_value() == "8"
    assert b.evaluate("() => document.documentElement.scrollWidth") <= 320
    choose_set(b)
    facts = {"set": "stammtisch", "rules": RULES, "hands": HANDS}
    assert stored(b)["save"]["duel"] == facts
    assert "Spiel 1 von 4" in b.locator(".duel-banner").inner_text() and "Rengen" in b.locator(".duel-banner").inner_text()
    # B knocks where it can, A does not: their hands part ways.
    while screen(b) not in ("result", "over"):
        if play_step(b, knock=True) == "wait":
            b.wait_for_timeout(100)

    # B's result as one QR code, read on a 320 px phone; the tools under the
    # hand fit it too.
    assert b.evaluate("() => document.documentElement.scrollWidth") <= 320
    assert b.locator('[data-action="duel-rscan"]').count() == 1
    # Its buttons are named by what they show (speech input finds them by it).
    for button in b.locator(".duel-tools button:visible").all():
        label, shown = button.get_attribute("aria-label"), button.inner_text().strip()
        assert label is None or shown.rstrip(" …") in label, (shown, label)
    tap(b, '[data-action="duel-rqr"]')
    assert screen(b) == "duel-qr"
    code = b.evaluate(QR_TEXT)
    assert code == engine_table()("duel_code", save=stored(b)["save"])["text"]
    assert code.startswith("SCHRAEM-DR1:") and "seed" not in code
    assert b.evaluate(MODULE_PX) >= 4, "each module at least 4 px wide"
    assert b.evaluate("() => document.documentElement.scrollWidth") <= 320
    assert_axe_clean(b, shared_site, "a result as a QR code")
    b.screenshot(path=artifacts / "duel-result-qr.png")
    video = tmp_path / "result-qr.y4m"
    _y4m(base64.b64decode(b.evaluate(QR_PIXELS, ['.duel-qr svg.qr', SIDE])), video)
    # The set's own code carries its preset and deals.
    tap(b, '[data-action="duel-back"]')
    tap(b, '[data-action="duel-qr"]')
    set_code = b.evaluate(QR_TEXT)
    assert set_code == "SCHRAEM-DUEL/rengen/4:stammtisch"
    tap(b, '[data-action="duel-back"]')

    camera, a = camera_phone(playwright, video, "de-DE")
    try:
        errors = []
        a.on("pageerror", lambda e: errors.append(str(e)))
        open_app(a, shared_site)
        a.wait_for_function("() => document.documentElement.dataset.shell === 'ready'", timeout=180_000)
        choose_set(a)
        sa, sb = stored(a)["save"], stored(b)["save"]
        assert sa["duel"] == facts and sa["record"]["hands"][0]["seed"] == sb["record"]["hands"][0]["seed"]
        play_to(a, {"result", "over"})
        assert a.evaluate("() => 'BarcodeDetector' in self") is False  # so the shipped decoder reads it
        a.locator('[data-action="duel-rscan"]').tap()
        a.wait_for_function("() => document.body.dataset.screen === 'duel-compare'", timeout=60_000)
        wait_idle(a)
        assert not a.locator(".qr-scan").count()  # the camera is put away
        mine = engine_table()("duel_result", save=stored(a)["save"])
        theirs = engine_table()("duel_result", save=stored(b)["save"])
        assert mine["hands"][0] != theirs["hands"][0]  # so each column shows whose it is
        row = a.locator('.compare-table tbody tr[data-hand="1"]')
        assert row.locator("td.mine").inner_text() == str(mine["hands"][0]["marks_lost"])
        assert row.locator("td.theirs").inner_text() == str(theirs["hands"][0]["marks_lost"])
        heading = a.locator("#compare-heading").inner_text()
        assert "stammtisch" in heading and "Rengen" in heading and "4 Spiele" in heading
        assert_axe_clean(a, shared_site, "comparison from a scanned code")
        a.screenshot(path=artifacts / "duel-compare-by-qr.png")
        assert not errors
    finally:
        camera.close()

    # Bad codes, read by a stand-in camera on B: refused in words, the game,
    # its save and the screen as they were.
    b.add_init_script(FAKE_CAMERA)
    b.reload()
    wait_shell_ready(b)
    where, before = screen(b), stored(b)["save"]
    other = engine_table()
    state = other("duel_new", set="kegelclub", players=["Bert", "C 2", "C 3", "C 4"])
    while not state["hand_over"]:
        state = other("act", viewer=1, action=state["view"]["legal"][0]) if 1 in state["due"]["humans"] else other("bot_step", viewer=1)
    bad = {
        "SCHRAEM-OFFER:abc": "kein Ergebnis von Duell-Karten",
        code[:-6]: "beschädigt oder unvollständig",
        other("duel_code")["text"]: "verschiedenen Karten",
    }
    for text, words in bad.items():
        scan_with(b, text, "duel-rscan")
        said = message(b)
        assert said.startswith("Vergleich nicht möglich") and words in said, said
        assert screen(b) == where and stored(b)["save"] == before

    # A set's code from the start screen: a foreign one is refused, the set's
    # own starts the same deals again (the set in play filed first).
    b.locator('header [data-action="setup"]').tap()
    scan_with(b, "SCHRAEM-DUEL/skat/8:kegelclub", "duel-scan")
    assert "Diese Duell-Karten gehen nicht" in message(b) and screen(b) == "start"
    assert stored(b)["save"] == before
    scan_with(b, set_code, "duel-scan")
    if screen(b) == "confirm":
        tap(b, '[data-action="confirm-yes"]')
    b.wait_for_function("() => document.body.dataset.screen === 'table'")
    again = stored(b)["save"]
    assert again["duel"] == facts and again["record"]["hands"][0]["seed"] == before["record"]["hands"][0]["seed"]
    assert len(again["record"]["hands"]) == 1
    assert not page_errors
