"""Steps shared by the club-evening browser tests: series and lists on the
scoresheet, the correction editor, files in and out, the organiser's
tournament, and a stand-in camera for the QR scanner."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import screen, stored, tap, wait_idle


def sheet_marks(page, where: str = ".sheet-seat") -> list[int]:
    """Every seat's marks as drawn (read from the chalk's accessible name)."""
    labels = page.locator(f"{where} .chalk").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return [int(re.match(r"(\d+)", label).group(1)) for label in labels]


def result_losses(page) -> list[str]:
    """The marks lost in the hand just decided: on the result screen, or
    folded on top of the next scoresheet hand (unfolded here)."""
    folded = page.locator(".last-hand:not([open]) summary")
    if folded.count():
        folded.tap()
    return page.locator(".results tbody tr .lost").all_inner_texts()


def badges(page, seat: int, where: str = ".sheet-seat") -> list[str]:
    return page.locator(f'{where}[data-seat="{seat}"] .badge').all_inner_texts()


def enter(page, seat: int, act: str) -> None:
    """One scoresheet entry (or, in the correction editor, one new entry)."""
    action = "fix-entry" if screen(page) == "fix" else "sheet"
    page.locator(f'[data-action="{action}"][data-seat="{seat}"][data-act="{act}"]').tap()
    wait_idle(page)


def penalty(page, seat: int, kind: str) -> None:
    page.locator(f'[data-action="penalty-menu"][data-seat="{seat}"]').tap()
    enter(page, seat, f"penalty-{kind}")


def choose_format(page, fmt: str, games: int | None = None) -> None:
    page.select_option('[data-field="format"]', fmt)
    if games is not None:
        page.select_option('[data-field="series-games"]', str(games))


def open_list(page) -> None:
    tap(page, 'header [data-action="list"]')
    page.wait_for_selector("table.list")
    wait_idle(page)


def list_marks(page, game: int, hand: int) -> list[str]:
    row = page.locator(f'tr.hand-main[data-game="{game}"][data-hand="{hand}"] td.marks')
    return row.all_inner_texts()


def play_sheet_to_the_end(page, entry, steps: int = 400) -> None:
    """Enter on the scoresheet what `entry(state)` says, a (seat, act) at a
    time, the next hand begun after each result, until the game is over."""
    for _ in range(steps):
        wait_idle(page)
        where = screen(page)
        if where == "over":
            return
        if where == "result":
            tap(page, '[data-action="next-hand"]')
            continue
        assert where == "sheet", where
        enter(page, *entry(stored(page)["state"]))
    raise AssertionError("the game did not end")


def finish_fast(page) -> None:
    """End the game on the scoresheet in as few hands as the rules allow:
    knock the hand up to 7 in turn, everyone holds, the first seat in wins.
    Reads only what the engine offers (sheet_legal)."""

    def entry(state):
        legal, view = state["sheet_legal"], state["view"]
        if view["response"]:
            return view["response"]["to_answer"], "hold"
        knockers = [int(s) for s, acts in legal.items() if any(a["type"] == "knock" and not a.get("blind") for a in acts)]
        if knockers and view["value"] < 7:
            return knockers[0], "knock"
        return next(int(s) for s, acts in legal.items() if any(a["type"] == "win" for a in acts)), "win"

    play_sheet_to_the_end(page, entry)


def download(page, selector: str, folder: Path, name: str | None = None) -> Path:
    """Tap a control that saves a file and return where it was saved."""
    with page.expect_download() as info:
        page.locator(selector).first.tap()
    d = info.value
    path = folder / (name or d.suggested_filename)
    d.save_as(path)
    return path


def choose_file(page, input_id: str, path: Path) -> None:
    page.set_input_files(f"#{input_id}", str(path))
    wait_idle(page)


# A camera and a BarcodeDetector for browsers that have none (headless
# Chromium): the "camera" is a canvas stream, and the detector returns the
# texts a test pushes into window.__qr, one per frame, as a phone would see
# them one after another.
FAKE_CAMERA = """
window.__qr = [];
window.BarcodeDetector = class {
  constructor(opts) { this.formats = opts && opts.formats; }
  static async getSupportedFormats() { return ['qr_code']; }
  async detect() { const t = window.__qr.shift(); return t ? [{ rawValue: t, format: 'qr_code' }] : []; }
};
if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {}, configurable: true });
navigator.mediaDevices.getUserMedia = async () => {
  const c = document.createElement('canvas'); c.width = 64; c.height = 64;
  c.getContext('2d').fillRect(0, 0, 64, 64);
  return c.captureStream(5);
};
"""


def codes_for(page, data: dict) -> list[str]:
    """The QR texts the app makes for `data` (its own encoder)."""
    return page.evaluate("async (d) => (await import('./modules.js').then((m) => m.qr)).encodeCodes(d)", data)


def read_json(path: Path) -> dict:
    return json.loads(path.read_text())
