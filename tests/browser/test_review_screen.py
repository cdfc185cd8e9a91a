"""Learning from the computer in the app: the game review of a
finished game with its progress bar, kept in the history; a hint during
play, written into the record; the same deals on two phones, their results
compared hand by hand."""

from __future__ import annotations

import json

import pytest

from helpers import (
    GAME_KEY,
    assert_axe_clean,
    engine_state,
    open_app,
    play_step,
    screen,
    seed_storage,
    shell_record,
    stored,
    tap,
    wait_idle,
    wait_shell_ready,
)

# Every <progress> the page ever shows, with the highest value it reached:
# the review may be quick, the bar must still have been there.
PROGRESS_PROBE = """
window.__progress = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const bar = document.querySelector('.review-progress progress');
    if (bar) window.__progress.push([Number(bar.value), Number(bar.max)]);
  }).observe(document.body, { childList: true, subtree: true, attributes: true });
});
"""


# The code on screen read back with the decoder the app ships (jsQR).
QR_TEXT = """async () => {
  await import('./vendor/jsQR.js');
  const svg = document.querySelector('svg.qr').cloneNode(true);
  svg.setAttribute('width', 600);
  svg.setAttribute('height', 600);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 600;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, 600, 600);
  return self.jsQR(ctx.getImageData(0, 0, 600, 600).data, 600, 600)?.data ?? null;
}"""


@pytest.fixture
def de_page(warm_page):
    # Blocking the service worker lets axe be served from the app's origin.
    return warm_page(locale="de-DE", service_workers="block")


def two_player_game(marks: int = 2, seed: int = 5) -> dict:
    """A fresh table: Anne against one computer player, few marks each, so
    the game ends within a hand or two."""
    return engine_state(
        "new_game",
        {
            "players": [{"name": "Anne", "marks": marks}, {"name": "Hubert", "kind": "bot", "level": "easy", "marks": marks}],
            "seed": seed,
            "dealer": 2,
            "viewer": 1,
        },
    )


def play_to(page, screens: set[str], max_steps: int = 400) -> None:
    for _ in range(max_steps):
        if screen(page) in screens:
            return
        step = play_step(page, knock=False)
        if step == "wait":
            page.wait_for_timeout(100)
    raise AssertionError(f"never reached {screens}: {screen(page)}")


def test_review_of_a_finished_game_with_progress_and_result_kept_in_history(de_page, shared_site, artifacts):
    page = de_page
    page.add_init_script(PROGRESS_PROBE)
    seed_storage(page, shared_site, {GAME_KEY: shell_record(two_player_game(), 1)})
    wait_shell_ready(page)
    play_to(page, {"over"})
    wait_idle(page)
    record = stored(page)["save"]["record"]
    button = page.locator('[data-action="review-open"]')
    assert button.inner_text() == "Spielanalyse"
    button.tap()
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    page.wait_for_selector(".review-total", timeout=120_000)
    wait_idle(page)
    page.screenshot(path=artifacts / "review.png")
    bars = page.evaluate("() => window.__progress")
    assert bars, "the progress bar was shown"
    assert all(0 <= v <= mx for v, mx in bars) and max(mx for _, mx in bars) >= 1
    # The engine's review of the same record and seed, worded on the screen.
    expected = engine_state("review_start", {"record": record, "seat": 1})  # a fresh bridge: just the count
    assert bars[-1][1] == expected["total"]
    hands = page.locator(".review-hand")
    assert hands.count() == len(record["hands"])
    assert "Spiel 1" in hands.first.inner_text()
    assert page.locator(".review-decision").count() >= 1
    total = page.locator(".review-total").inner_text()
    assert "Schräm verschenkt" in total or "gut gespielt" in total
    # The costliest decisions lead with their kind: a question takes no colon after it.
    worst = page.locator(".worst-item strong").all_inner_texts()
    assert worst and not any("?:" in w for w in worst), worst
    assert page.locator(".kept").inner_text() == "Die Spielanalyse ist beim Spiel im Verlauf gespeichert."
    assert_axe_clean(page, shared_site, "review")
    # Kept with the game in the history: its line says so, and it opens
    # again without weighing anything.
    tap(page, '[data-action="review-back"]')
    page.locator('header [data-action="setup"]').tap()
    tap(page, '[data-action="history"]')
    entry = page.locator(".history-entry").first
    assert "Analysiert" in entry.locator(".review-summary").inner_text()
    kept = page.evaluate("async () => (await (await import('./modules.js').then((m) => m.history)).entries())[0]")
    assert kept["review"]["format"] == "schraem-review/1" and kept["review"]["complete"]
    before = len(page.evaluate("() => window.__progress"))
    entry.locator('[data-action="review-open"]').tap()
    page.wait_for_selector(".review-total")
    assert len(page.evaluate("() => window.__progress")) == before


def test_a_review_between_hands_is_kept_with_the_game_over_a_reload(de_page, shared_site):
    page = de_page
    page.add_init_script(PROGRESS_PROBE)
    seed_storage(page, shared_site, {GAME_KEY: shell_record(two_player_game(marks=7, seed=9), 1)})
    wait_shell_ready(page)
    play_to(page, {"result"})
    wait_idle(page)
    saved = stored(page)
    assert not saved["state"]["game_over"]  # the first hand is decided, the game goes on
    record = saved["save"]["record"]
    page.locator('[data-action="review-open"]').tap()
    page.wait_for_selector(".review-total", timeout=120_000)
    wait_idle(page)
    assert page.evaluate("() => window.__progress"), "it was weighed"
    assert page.locator(".kept").inner_text() == "Die Spielanalyse ist beim Spiel im Verlauf gespeichert."
    hands = page.locator(".review-hand").all_inner_texts()
    assert len(hands) == 1
    # Kept with the game in the history, the game filed as running.
    kept = page.evaluate("async () => (await import('./modules.js').then((m) => m.history)).entries()")
    assert len(kept) == 1 and kept[0]["status"] == "running" and kept[0]["save"]["record"] == record
    assert [h["hand"] for h in kept[0]["review"]["hands"]] == [1] and kept[0]["review"]["complete"]
    # After a reload the same review opens from there, nothing weighed again.
    page.reload()
    wait_shell_ready(page)
    assert screen(page) == "result"
    page.locator('[data-action="review-open"]').tap()
    page.wait_for_selector(".review-total")
    wait_idle(page)
    assert page.evaluate("() => window.__progress") == []
    assert page.locator(".review-hand").all_inner_texts() == hands
    # The game goes on and is filed away with its second hand: the review of
    # the first stays with it and says how far it goes.
    tap(page, '[data-action="review-back"]')
    play_step(page)
    assert screen(page) == "table" and len(stored(page)["save"]["record"]["hands"]) == 2
    page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="duel-today"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'confirm'")
    tap(page, '[data-action="confirm-yes"]')
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)
    kept = page.evaluate("async () => (await import('./modules.js').then((m) => m.history)).entries()")
    game = next(e for e in kept if e["save"]["record"]["hands"][0] == record["hands"][0])
    assert game["status"] == "interrupted" and len(game["save"]["record"]["hands"]) == 2
    assert [h["hand"] for h in game["review"]["hands"]] == [1]
    page.locator('header [data-action="setup"]').tap()
    tap(page, '[data-action="history"]')
    entry = page.locator(f'.history-entry[data-id="{game["id"]}"]')
    assert entry.locator(".review-summary").inner_text().startswith("Analysiert bis Spiel 1:")


def test_a_hint_during_play_is_shown_and_recorded(de_page, shared_site, artifacts):
    page = de_page
    seed_storage(page, shared_site, {GAME_KEY: shell_record(two_player_game(marks=7, seed=9), 1)})
    wait_shell_ready(page)
    # Off by default: no hint button at the table.
    play_to(page, {"table"})
    assert page.locator('[data-action="hint"]').count() == 0
    page.locator('header [data-action="settings"]').tap()
    page.locator('input[data-setting="hints"]').check()
    wait_idle(page)
    tap(page, '[data-action="settings-close"]')
    # Until the person is due with a choice: the hint button shows.
    for _ in range(100):
        wait_idle(page)
        if page.locator('[data-action="hint"]').count():
            break
        play_step(page, knock=False)
    else:
        raise AssertionError("the hint button never showed")
    # "Rat", not "Tipp": beside "Tippen zum Ansehen" that read as one thing.
    assert page.locator('[data-action="hint"]').inner_text().strip() == "Rat"
    assert "Tipp " not in page.locator("#screen").inner_text() + " "
    page.locator('[data-action="hint"]').tap()
    page.wait_for_selector("section.hint")
    wait_idle(page)
    assert_axe_clean(page, shared_site, "hint")
    page.screenshot(path=artifacts / "hint.png")
    text = page.locator("section.hint").inner_text()
    assert "Am besten" in text or "Karten ansehen" in text
    save = stored(page)["save"]
    hand = save["record"]["hands"][-1]
    assert hand["hints"] == [{"seat": 1, "at": len(hand["actions"])}]
    # The next move replaces the hint; the record keeps it.
    play_step(page, knock=False)
    wait_idle(page)
    after = stored(page)
    assert "hint" not in after["state"] and page.locator("section.hint").count() == 0
    assert after["save"]["record"]["hands"][len(save["record"]["hands"]) - 1]["hints"] == hand["hints"]


def start_duel(page, site, word: str) -> None:
    open_app(page, site)
    page.fill("#duel-word", word)
    page.locator('[data-action="duel-start"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)


def test_the_same_deals_on_two_phones_and_their_results_compared(warm_page, shared_site, tmp_path, artifacts):
    a = warm_page(locale="de-DE", service_workers="block")
    b = warm_page(locale="en-GB", service_workers="block")
    open_app(a, shared_site)
    assert_axe_clean(a, shared_site, "start with the deal sets")
    a.locator("#duel-word").scroll_into_view_if_needed()
    a.screenshot(path=artifacts / "duel-start.png")
    for page in (a, b):
        start_duel(page, shared_site, "Stammtisch 25")
    sa, sb = stored(a)["save"], stored(b)["save"]
    assert sa["duel"] == sb["duel"] == {"set": "stammtisch 25", "rules": "rheinland", "hands": 8}
    assert sa["record"]["hands"][0]["seed"] == sb["record"]["hands"][0]["seed"]
    assert a.locator(".duel-banner").inner_text().startswith("Duell-Karten „stammtisch 25“ · Spiel 1 von 8")
    # The same cards once looked at, on both phones.
    cards = []
    for page in (a, b):
        for _ in range(50):
            mine = stored(page)["state"]["view"]["my_cards"]
            if mine is not None:
                break
            play_step(page, knock=False)
        cards.append(sorted(mine))
    assert cards[0] == cards[1]
    for page in (a, b):
        play_to(page, {"result", "over"})
    # The set as a QR code for the next friend: it reads as the set's word.
    tap(b, '[data-action="duel-qr"]')
    assert screen(b) == "duel-qr"
    assert b.evaluate(QR_TEXT) == "SCHRAEM-DUEL:stammtisch 25"
    assert_axe_clean(b, shared_site, "the deals as a QR code")
    b.screenshot(path=artifacts / "duel-qr.png")
    tap(b, '[data-action="duel-back"]')
    # Phone B's result as a file, compared on phone A hand by hand.
    with b.expect_download() as got:
        b.locator('[data-action="duel-export"]').tap()
    path = tmp_path / "friend.json"
    got.value.save_as(path)
    theirs = json.loads(path.read_text())
    assert theirs["set"] == "stammtisch 25" and [h["hand"] for h in theirs["hands"]] == [1]
    assert "seed" not in json.dumps(theirs) and "deal" not in json.dumps(theirs)
    with a.expect_file_chooser() as chooser:
        a.locator('[data-action="duel-compare"]').tap()
    chooser.value.set_files(str(path))
    a.wait_for_function("() => document.body.dataset.screen === 'duel-compare'")
    wait_idle(a)
    row = a.locator('.compare-table tbody tr[data-hand="1"]')
    assert row.locator("td.theirs").inner_text() == str(theirs["hands"][0]["marks_lost"])
    mine = engine_state("duel_result", {"save": stored(a)["save"]})
    assert row.locator("td.mine").inner_text() == str(mine["hands"][0]["marks_lost"])
    assert "stammtisch 25" in a.locator("#compare-heading").inner_text()
    assert_axe_clean(a, shared_site, "comparison")
    a.screenshot(path=artifacts / "duel-compare.png")
    tap(a, '[data-action="duel-back"]')
    assert screen(a) in ("result", "over")
