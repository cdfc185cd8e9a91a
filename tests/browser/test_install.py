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
