"""What the phone keeps: the settings say how much the app
stores, ask the browser to keep it for good (navigator.storage.persist) on
a tap, and tell that an iPhone's home-screen app keeps its storage apart
from Safari."""

from __future__ import annotations

from helpers import assert_axe_clean, message, open_app, sheet_tap, shot, start_sheet, wait_preference, wait_shell_ready

# The browser's answers, fixed so the test reads exact numbers.
STORAGE_PROBE = """
window.__persistCalls = 0;
const s = navigator.storage;
s.estimate = async () => ({ usage: 2400000, quota: 100000000 });
s.persisted = async () => false;
s.persist = async () => { window.__persistCalls += 1; return true; };
"""


def test_the_settings_show_the_storage_and_ask_to_keep_it(warm_page, shared_site, artifacts):
    page = warm_page(locale="de-DE", service_workers="block")
    page.add_init_script(STORAGE_PROBE)
    open_app(page, shared_site, seed=1)
    page.locator('header [data-action="settings"]').tap()
    page.wait_for_selector(".storage-usage")
    page.wait_for_function("() => document.querySelector('.storage-usage').textContent.includes('MB')")
    assert page.locator(".storage-usage").inner_text() == "Belegt: 2,4 MB von 100 MB."
    assert page.locator(".storage-persisted").inner_text() == "Der Browser darf die Daten löschen, wenn das Handy voll ist."
    assert "Home-Bildschirm hat ihren eigenen Speicher" in page.locator(".storage-info").inner_text()
    page.locator('[data-action="storage-persist"]').tap()
    page.wait_for_function("() => document.querySelector('.storage-persisted').textContent.startsWith('✓')")
    assert page.evaluate("() => window.__persistCalls") == 1
    assert page.locator('[data-action="storage-persist"]').count() == 0
    page.locator(".storage-info").scroll_into_view_if_needed()
    shot(page, artifacts, "storage-360-de.png")
    assert_axe_clean(page, shared_site, "settings with storage")
    page.locator('[data-action="lang"]').tap()
    assert "home screen has its own storage" in page.locator(".storage-info").inner_text()


def test_the_first_game_kept_asks_once_to_keep_the_data(warm_page, shared_site):
    page = warm_page(locale="de-DE", service_workers="block")
    page.add_init_script(STORAGE_PROBE.replace("return true;", "return false;"))
    open_app(page, shared_site, seed=2)
    assert page.evaluate("() => window.__persistCalls") == 0  # nothing kept yet, nothing asked
    start_sheet(page, ["Anne", "Hubert", "Gerda"], dealer=3)
    page.wait_for_function("() => window.__persistCalls === 1")
    wait_preference(page, "hints", "persist", "declined")
    assert message(page) == ""  # the game's message line stays the game's
    assert page.locator(".persist-answer").count() == 0  # nor over the table
    # Asked once on this phone: not again at the next start; the answer is
    # with the storage in the settings, and said once on the start screen
    # (the page closed at the table before the person went there).
    page.reload()
    wait_shell_ready(page)
    sheet_tap(page, 1, "knock")
    page.locator('header [data-action="setup"]').tap()
    said = page.locator("#controls .persist-answer")
    said.wait_for(state="visible")
    assert "darf die Spiele löschen" in said.inner_text() and "Sicherung" in said.inner_text()
    said.locator('[data-action="persist-answer-seen"]').tap()
    assert said.count() == 0
    wait_preference(page, "hints", "persistSaid", True)
    page.locator('header [data-action="settings"]').tap()
    page.wait_for_function("() => document.querySelector('.storage-persisted')?.textContent.includes('abgelehnt')")
    assert page.evaluate("() => window.__persistCalls") == 0
    # Said once: not again at the next start.
    page.reload()
    wait_shell_ready(page)
    if page.evaluate("() => document.body.dataset.screen") != "start":
        page.locator('header [data-action="setup"]').tap()
    page.wait_for_selector("#controls [data-action='new-game']")
    page.wait_for_timeout(300)  # read after the start
    assert said.count() == 0
