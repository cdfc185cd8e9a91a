"""The app is installable: Chromium itself finds no installability error, and
the manifest's icons are what they claim to be."""

from __future__ import annotations

import json
import struct

from browser_support import TEST_CHROMIUM_ARGS, chromium_path, wait_controlled, wait_engine_ready


def test_chromium_finds_the_app_installable(playwright, site, tmp_path):
    # A persistent profile: Chromium refuses to install from incognito, and
    # every ordinary Playwright context is one.
    device = {k: v for k, v in playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium_path(), args=TEST_CHROMIUM_ARGS, **device
    )
    try:
        page = context.new_page()
        page.goto(site.url)
        wait_engine_ready(page)
        wait_controlled(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        context.close()
    assert manifest["url"] == site.url + "manifest.json"
    assert manifest["errors"] == []
    assert errors == []


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_exist_with_their_declared_sizes(dist):
    manifest = json.loads((dist / "manifest.json").read_text())
    assert manifest["name"] == "Schräm – Siebenschräm" and manifest["short_name"] == "Schräm"
    assert (manifest["start_url"], manifest["scope"], manifest["display"], manifest["lang"]) == ("./", "./", "standalone", "de")
    declared = {(i["sizes"], i.get("purpose", "any"), i["type"]) for i in manifest["icons"]}
    assert {
        ("192x192", "any", "image/png"),
        ("512x512", "any", "image/png"),
        ("512x512", "maskable", "image/png"),
        ("any", "any", "image/svg+xml"),
    } <= declared
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = _png_size(data)
            assert icon["sizes"] == f"{w}x{h}", icon
        else:
            assert data.lstrip().startswith(b"<svg"), icon


FAKE_PROMPT = """() => {
  const e = new Event('beforeinstallprompt', { cancelable: true });
  window.__prompted = 0;
  e.prompt = async () => { window.__prompted += 1; return { outcome: 'accepted' }; };
  window.dispatchEvent(e);
  return e.defaultPrevented;
}"""


def test_the_app_offers_installing_once_and_takes_no_for_an_answer(warm_page, shared_site):
    """An in-app "add to home screen" offer where the browser
    supports it, once, dismissable."""
    from helpers import open_app, wait_preference, wait_shell_ready

    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    # Where the start screen's heading and its first field, and the start
    # button, stand.
    places = """() => ['#start-heading', '.mode-choice', '[data-action="new-game"]']
      .map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top))"""
    before = page.evaluate(places)
    assert page.evaluate(FAKE_PROMPT) is True  # the browser's own banner is held back
    offer = page.locator(".install-offer")
    offer.wait_for(state="visible")
    assert "Startbildschirm" in offer.inner_text()
    # One line above the start button (at the screen's foot nobody found it;
    # on top it pushed the form 176 px down as it came): seen without
    # scrolling, and nothing on the screen moves.
    assert page.locator("#controls .install-offer").count() == 1
    box = offer.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"] and box["height"] <= 64
    assert page.evaluate(places) == before
    assert page.locator('[data-install-action="later"]').get_attribute("aria-label") == "Nicht jetzt"
    page.locator('[data-install-action="later"]').tap()
    assert offer.count() == 0
    wait_preference(page, "hints", "install", True)
    page.reload()
    wait_shell_ready(page)
    page.evaluate(FAKE_PROMPT)
    page.wait_for_timeout(300)
    assert page.locator(".install-offer").count() == 0, "offered once only"


def test_accepting_the_offer_opens_the_browsers_prompt(warm_page, shared_site):
    from helpers import open_app

    page = warm_page(locale="en-US")
    open_app(page, shared_site, seed=3)
    page.evaluate(FAKE_PROMPT)
    page.locator('[data-install-action="install"]').tap()
    page.wait_for_function("() => window.__prompted === 1")
    assert page.locator(".install-offer").count() == 0


# A browser that never lets the page ask (Safari, Firefox): no
# `onbeforeinstallprompt` at all; the user agent and the home-screen app's
# `navigator.standalone` as the test sets them for the next load.
NEVER_ASKS = """
delete window.onbeforeinstallprompt;
delete Window.prototype.onbeforeinstallprompt;
const ua = sessionStorage.getItem('test-ua');
if (ua) Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua });
if (sessionStorage.getItem('test-standalone')) Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });
"""
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"


def test_where_the_browser_never_asks_its_menu_words_are_given(warm_page, shared_site):
    """Firefox's and Safari's menu words on the install line, on an iPhone
    with Safari's seven days; never in the installed app; dismissable."""
    from helpers import open_app, tap, wait_preference, wait_shell_ready

    page = warm_page(locale="de-DE")
    page.add_init_script(NEVER_ASKS)
    open_app(page, shared_site, seed=3)
    assert page.evaluate("'onbeforeinstallprompt' in window") is False
    line = page.locator("#controls .install-offer")
    line.wait_for(state="visible")
    assert "im Browser-Menü „Installieren“ oder „Zur Startseite hinzufügen“" in line.inner_text()
    tap(page, '[data-action="lang"]')
    assert "“Install” or “Add to Home screen”" in line.inner_text()
    tap(page, '[data-action="lang"]')

    def load(**flags):
        page.evaluate(
            "(f) => { for (const [k, v] of Object.entries(f)) v ? sessionStorage.setItem(k, v) : sessionStorage.removeItem(k); }", flags
        )
        page.reload()
        wait_shell_ready(page)

    load(**{"test-ua": IPHONE, "test-standalone": "1"})
    page.wait_for_timeout(300)
    assert line.count() == 0, "the app on the home screen is installed already"
    load(**{"test-standalone": ""})
    line.wait_for(state="visible")
    text = line.inner_text()
    assert "Teilen → „Zum Home-Bildschirm“" in text and "Safari nach 7 Tagen ohne Besuch" in text
    # One line above the start button, within the screen.
    box, go = line.bounding_box(), page.locator('[data-action="new-game"]').bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= go["y"] + 1
    assert page.locator('#controls [data-install-action="later"]').get_attribute("aria-label") == "Nicht jetzt"
    page.locator('[data-install-action="later"]').tap()
    assert line.count() == 0
    wait_preference(page, "hints", "install", True)
    page.reload()
    wait_shell_ready(page)
    page.wait_for_timeout(300)
    assert line.count() == 0, "dismissed for good"
