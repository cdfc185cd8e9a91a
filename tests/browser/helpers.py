"""Steps shared by the game-shell browser tests: open the app, set up a
table through the start screen, play by tapping, read the saved game, build
saves with the project's own engine, and run axe-core."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from playwright.sync_api import Error as PlaywrightError

from browser_support import ENGINE_TIMEOUT_MS, ROOT, TEST_CHROMIUM_ARGS, chromium_path, wait_engine_ready

sys.path.insert(0, str(ROOT / "engine"))
from schraem.bridge import Bridge  # noqa: E402  (the engine the app runs, read by path)
from schraem.core.errors import MESSAGES  # noqa: E402
from schraem.core.game import Game  # noqa: E402

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHELL_FORMAT = "schraem-shell/1"
GAME_KEY = "schraem.game"
BACKUP_KEY = "schraem.game.backup"
SUIT_NAMES = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"},
    "en": {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"},
}
RANK_NAMES = {
    "de": {"10": "Zehn", "9": "Neun", "8": "Acht", "7": "Sieben", "A": "Ass", "K": "König", "Q": "Dame", "J": "Bube"},
    "en": {"10": "ten", "9": "nine", "8": "eight", "7": "seven", "A": "ace", "K": "king", "Q": "queen", "J": "jack"},
}

# Recorded in the page before any app code runs: every vibration, every
# oscillator the knock sound starts, every live-region announcement and every
# screen wake lock taken or released.
FEEDBACK_PROBE = """
window.__feedback = { vibrate: [], oscillators: 0, announced: [], wakeLocks: 0, released: 0 };
document.addEventListener('DOMContentLoaded', () => {
  const live = document.getElementById('announce');
  new MutationObserver(() => { if (live.textContent) window.__feedback.announced.push(live.textContent); })
    .observe(live, { childList: true, characterData: true, subtree: true });
});
Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: async (type) => {
  window.__feedback.wakeLocks += 1;
  if (window.__feedback.refuseWakeLock) throw new DOMException('battery saver', 'NotAllowedError');
  const sentinel = new EventTarget();
  sentinel.type = type;
  sentinel.release = async () => { window.__feedback.released += 1; sentinel.dispatchEvent(new Event('release')); };
  return sentinel;
} } });
navigator.vibrate = (pattern) => { window.__feedback.vibrate.push(pattern); return true; };
const Ctx = window.AudioContext;
if (Ctx) {
  const create = Ctx.prototype.createOscillator;
  Ctx.prototype.createOscillator = function () { window.__feedback.oscillators += 1; return create.call(this); };
  // Every audio context the app makes, and whether one ever ran.
  window.__feedback.audio = [];
  window.__feedback.audioRan = false;
  window.AudioContext = class extends Ctx {
    constructor(...args) {
      super(...args);
      window.__feedback.audio.push(this);
      this.addEventListener('statechange', () => { if (this.state === 'running') window.__feedback.audioRan = true; });
    }
  };
}
"""

# Until no audio context of the page runs (the app suspends it once a knock
# has sounded); true where one ran before.
AUDIO_ASLEEP = "() => window.__feedback.audio.every((c) => c.state !== 'running') && window.__feedback.audioRan"


def app_url(site, **params) -> str:
    params.setdefault("pace", "fast")
    return site.url + "?" + urlencode(params)


# The running engine's start: "boot" is "fresh" or "snapshot" (engine-client.js).
ENGINE_TIMINGS = "async () => (await import('./modules.js').then((m) => m.engineClient)).currentEngine().timings"

# The elements (matched by a selector) whose text is cut off by their own
# box (where they have one: not an inline element) or the box they sit in,
# or has a word split over two lines ("Ann" / "e"; a break after a hyphen,
# "Marie-" / "Luise", is no split).
NAMES_CUT = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  if (getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1) return true;
  const box = el.parentElement;
  if (box.scrollWidth > box.clientWidth + 1) return true;
  const text = el.firstChild;
  return [...text.textContent.matchAll(/[^\\s-]+/g)].some((word) => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    return range.getClientRects().length > 1;
  });
}).map((el) => el.textContent)"""

SNAPSHOT_CACHE = "schraem-snapshot"
SNAPSHOTS = f"""async () => {{
  const cache = await caches.open('{SNAPSHOT_CACHE}');
  const out = [];
  for (const request of await cache.keys()) {{
    // A key can be listed before its 30 MB are written: size 0 until then.
    const response = await cache.match(request);
    out.push({{ url: request.url, size: response ? (await response.arrayBuffer()).byteLength : 0 }});
  }}
  return out;
}}"""


def wait_snapshot(page, timeout: float = 60.0, not_key: str | None = None) -> list[dict]:
    """Until the worker has stored exactly one snapshot (it does so after
    "ready", in the background), with all its bytes and not under `not_key`;
    returns [{url, size}]."""
    deadline = time.monotonic() + timeout
    while True:
        stored = page.evaluate(SNAPSHOTS)
        if len(stored) == 1 and stored[0]["size"] and not (not_key and stored[0]["url"].endswith(not_key)):
            return stored
        assert time.monotonic() < deadline, f"no snapshot stored within {timeout} s: {stored}"
        page.wait_for_timeout(200)


def wait_shell_ready(page) -> None:
    """The engine is up and the shell has loaded any saved game: taps work."""
    wait_engine_ready(page)
    page.wait_for_function("() => document.documentElement.dataset.shell === 'ready'")
    wait_idle(page)


def open_app(page, site, **params) -> None:
    page.goto(app_url(site, **params))
    wait_shell_ready(page)


def wait_idle(page, timeout: float = 60_000) -> None:
    """Until no engine call runs, no club work (history, files) is under
    way and, at the fast test pace, no computer player waits to act (a slow
    pace keeps them waiting on purpose)."""
    bots = "pace=fast" in page.url
    page.wait_for_function(
        "(bots) => { const d = document.documentElement.dataset;"
        " return d.busy === 'idle' && d.club !== 'busy' && (!bots || d.bots === 'idle'); }",
        arg=bots,
        timeout=timeout,
    )


def wait_until(page, predicate: str, arg=None, timeout: float = 30_000, polling: float = 100) -> None:
    """Until the JS function `predicate` (async or not) returns something
    true on the page. `page.wait_for_function` takes the promise an async
    predicate returns for its value, which is true at once: it waits for
    nothing."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        if page.evaluate(predicate, arg):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout / 1000:.0f} s: {predicate}")
        page.wait_for_timeout(polling)


def screen(page) -> str:
    return page.evaluate("() => document.body.dataset.screen")


def stored(page) -> dict | None:
    """The game as the app stored it (IndexedDB, read through the app's own
    storage module), or None."""
    return page.evaluate(
        "async () => { const m = await import('./modules.js').then((m) => m.storage); const r = await m.readGame(); return r.status === 'ok' ? r.game : null; }"
    )


def on_the_clock_until(page, condition: str, within_s: int) -> None:
    """Until the JS function `condition` holds on the page, within
    `within_s` seconds of the page's clock (page.clock.install() before the
    app was opened; a clock is its whole context's, so never in a warm
    one): the clock runs on and is moved on a second at a time, so what the
    page waits out on its own timers (a connection's 15 s, a deal's 20 s)
    passes at once instead of in real time."""
    for _ in range(within_s):
        try:
            if page.evaluate(condition):
                return
        except PlaywrightError as e:
            # The page loaded itself again meanwhile (a stalled start's
            # retry): asked again once the new document is there.
            if "context was destroyed" not in str(e):
                raise
            page.wait_for_timeout(100)
            continue
        page.clock.fast_forward(1000)
    page.wait_for_function(condition, timeout=1000)


def until_link_failed(page, within_s: int) -> None:
    """Until a phone says its connection failed (html[data-link="failed"]),
    within `within_s` seconds of its clock (on_the_clock_until)."""
    on_the_clock_until(page, "() => document.documentElement.dataset.link === 'failed'", within_s)


def wait_preference(page, name: str, key: str, value, tries: int = 150) -> None:
    """Until the app's stored preference `name` has `key` == `value` (a
    preference is written in the background, after the tap; given 15 s, as
    a whole suite's load once kept the double-tap hint's past 5 s)."""
    for _ in range(tries):
        kept = page.evaluate("async (name) => (await import('./modules.js').then((m) => m.preferences)).readPreference(name)", name)
        if (kept or {}).get(key) == value:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"preference {name}.{key} never became {value!r}")


def backups(page) -> list[dict]:
    """The damaged saves the app kept aside, newest first."""
    return page.evaluate("async () => (await import('./modules.js').then((m) => m.storage)).readBackups()")


def message(page) -> str:
    return page.evaluate("() => { const m = document.getElementById('message'); return m.hidden ? '' : m.textContent; }")


def lang(page) -> str:
    return page.evaluate("() => document.documentElement.lang")


def engine_message(code: str, lang_: str, **params) -> str:
    de, en = MESSAGES[code]
    return (de if lang_ == "de" else en).format(code=code, **params)


def card_names(card: str) -> list[str]:
    """How a card is named on screen in either language (aria labels, log)."""
    rank, suit = card[:-1], card[-1]
    return [f"{SUIT_NAMES['de'][suit]} {RANK_NAMES['de'][rank]}", f"{RANK_NAMES['en'][rank]} of {SUIT_NAMES['en'][suit]}"]


def hand_of(save: dict, seat: int) -> list[str]:
    """The cards `seat` still holds, replayed from a saved record."""
    game = Game.from_record(save["record"])
    if game.hand is None or game.hand.cards is None:
        return []
    return [str(c) for c in game.hand.cards[seat - 1]]


def _fill_start_form(page, names, whos, rules: str | None, dealer: int | None, confirm: bool = True) -> None:
    """Seat count, names (and, where given, who plays each seat), rules and
    dealer on the start screen, then start and wait until the table is up.
    A game still running is filed into history when the app asks (unless
    `confirm` is False: then the question stays on screen)."""
    # The rules first: the count field offers only the counts they allow.
    if rules:
        page.select_option('[data-field="rules"]', rules)
    page.select_option('[data-field="count"]', str(len(names)))
    for i, name in enumerate(names):
        page.fill(f'[data-field="name"][data-seat="{i}"]', name)
        page.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        if whos is not None:
            page.select_option(f'[data-field="who"][data-seat="{i}"]', whos[i])
    # A series has no dealer field: the tournament order says who deals first.
    if dealer and page.locator('[data-field="dealer"]').count():
        page.select_option('[data-field="dealer"]', str(dealer))
    page.locator('[data-action="new-game"]').tap()
    # The start waits for the engine when it is not up yet (the app queues
    # it): as long as a start may take on a loaded machine, a stuck one made
    # again by the app included (a run once waited 30 s here and failed).
    page.wait_for_function("() => document.body.dataset.screen !== 'start'", timeout=ENGINE_TIMEOUT_MS)
    wait_idle(page)
    if confirm and screen(page) == "confirm":
        page.locator('[data-action="confirm-yes"]').tap()
        page.wait_for_function("() => document.body.dataset.screen !== 'confirm'")
        wait_idle(page)


def start_game(page, players, *, rules: str | None = None, dealer: int | None = None, confirm: bool = True) -> None:
    """Fill the start screen: players is [(name, "human" | "bot:<level>")]."""
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()
    _fill_start_form(page, [n for n, _ in players], [w for _, w in players], rules, dealer, confirm)


def tap(page, selector: str) -> None:
    page.locator(selector).first.tap()
    wait_idle(page)


def play_step(page, *, knock: bool = False) -> str:
    """One tap a sensible player would make now; returns what was tapped.
    `knock`: knock once per hand when the engine lists it as legal."""
    wait_idle(page)
    where = screen(page)
    if where == "over":
        return "over"
    if where == "result":
        tap(page, '[data-action="next-hand"]')
        return "next-hand"
    if where == "pass":
        tap(page, '[data-action="take-phone"]')
        return "take-phone"
    assert where == "table", where
    view = stored(page)["state"]["view"]
    me = view["seat"]
    legal = {(a["type"], a.get("card")) for a in view["legal"]}
    response = view["response"]
    if response and response["to_answer"] == me:
        tap(page, '[data-action="hold"]')
        return "hold"
    mine = [a for a in view["log"] if a["seat"] == me and a["type"] == "knock"]
    if knock and ("knock", None) in legal and not mine and view["my_cards"] is not None:
        tap(page, '[data-action="knock"]')
        return "knock"
    if ("look", None) in legal:
        tap(page, '[data-action="look"]')
        return "look"
    plays = [c for t, c in legal if t == "play"]
    if plays:
        first = next(c for c in view["my_cards"] if c in plays)
        tap(page, f'[data-card="{first}"]')
        return "play"
    return "wait"


def play_until_over(page, *, knock: bool = True, max_steps: int = 3000, on_step=None) -> list[str]:
    done = []
    waits = 0
    for _ in range(max_steps):
        step = play_step(page, knock=knock)
        if on_step:
            on_step(step)
        if step == "over":
            return done
        if step == "wait":
            waits += 1
            assert waits < 50, f"nothing to tap and nobody acting: {stored(page)['state']['due']}"
            page.wait_for_timeout(100)
            continue
        waits = 0
        done.append(step)
    raise AssertionError(f"game not over after {max_steps} taps")


def engine_table():
    """A fresh engine table (the app's bridge, in Python: the same code the
    app runs in Pyodide): call(cmd, **args) → the command's result."""
    bridge = Bridge()

    def call(cmd, **args):
        reply = json.loads(bridge.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    return call


def engine_state(cmd: str, args: dict) -> dict:
    """Run one bridge command on a fresh engine table and return its result."""
    return engine_table()(cmd, **args)


def shell_record(state: dict, viewer: int | None, handoff: int | None = None) -> str:
    rest = {k: v for k, v in state.items() if k not in ("save", "bot_action")}
    return json.dumps({"format": SHELL_FORMAT, "savedAt": 0, "save": state["save"], "state": rest, "viewer": viewer, "handoff": handoff})


def seed_storage(page, site, items: dict[str, str], **params) -> None:
    """Write localStorage for the app's origin, then open the app, so it
    starts on exactly that storage."""
    # DevTools writes the storage of an origin only while a document of it
    # is open, and the service worker answers every navigation with the app:
    # so the app's page is opened with scripts off (nothing of it starts, a
    # tenth of a CPU-second less than cutting a start short), written to,
    # and loaded again with scripts on.
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
        page.goto(app_url(site, **params), wait_until="commit")
        for key, value in items.items():
            cdp.send(
                "DOMStorage.setDOMStorageItem", {"storageId": {"storageKey": site.url, "isLocalStorage": True}, "key": key, "value": value}
            )
    finally:
        cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})
        cdp.detach()
    page.reload()


def run_axe(page, site) -> list[dict]:
    """axe-core served from the app's own origin, so the page's
    Content-Security-Policy stays on while it runs. Loaded once per
    document: a test that checks several screens of one document runs the
    axe it loaded for the first (half a megabyte of script, read, sent and
    compiled again at every screen before)."""
    if page.evaluate("() => typeof axe === 'object' && typeof axe.run === 'function'"):
        return _axe_violations(page)
    if not getattr(page, "schraem_axe_served", False):
        page.route("**/__axe.min.js", lambda route: route.fulfill(status=200, content_type="text/javascript", body=AXE.read_text()))
        page.schraem_axe_served = True
    page.add_script_tag(url=site.url + "__axe.min.js")
    return _axe_violations(page)


def _axe_violations(page) -> list[dict]:
    result = page.evaluate(
        "async () => { const r = await axe.run(document, { resultTypes: ['violations'] });"
        " return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary) })); }"
    )
    return result


# No script of the app reacts to a resize: reading the layout lays the page
# out at the new size, so a read waits for a frame only until the page has
# that size (at most two, as a settled layout took) instead of drawing two
# frames at every size, which was most of a fit check's cost.
def read_at_size(page, width: int, height: int, read: str, arg=None):
    """Resize the page to width × height and return the page function
    `read` called with `arg` at that size."""
    page.set_viewport_size({"width": width, "height": height})
    return page.evaluate(
        f"""async ([width, height, arg]) => {{
  // innerWidth may say the new size before the page's resize listeners ran
  // (they run with the next frame, late on a loaded machine): wait until it
  // says so, then for one frame more.
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  for (let i = 0; i < 10 && (innerWidth !== width || innerHeight !== height); i++) await frame();
  await frame();
  return ({read})(arg);
}}""",
        [width, height, arg],
    )


def shot(page, artifacts: Path, name: str) -> Path:
    # At CSS pixels, not the phone's 2.6 device pixels per CSS pixel: the
    # layout to look at is the same, the PNG a seventh of the pixels and a
    # quarter of the CPU (measured 0.034 against 0.135 s a shot; a run takes
    # about 190).
    path = artifacts / name
    page.screenshot(path=path, scale="css")
    return path


# --- scoresheet (real cards), records -------------------------------------


def start_sheet(page, names, *, rules: str | None = None, dealer: int | None = None, confirm: bool = True) -> None:
    """Set up a scoresheet table (real cards) through the start screen."""
    if screen(page) != "start":
        page.locator('header [data-action="setup"]').tap()
    page.locator('[data-action="mode"][data-mode="sheet"]').tap()
    assert page.locator('[data-field="who"]').count() == 0, "a scoresheet has no computer players"
    _fill_start_form(page, list(names), None, rules, dealer, confirm)


def sheet_button(page, seat: int, act: str):
    """The scoresheet button of `seat` for one entry: act is the entry's key,
    e.g. knock, knock-blind, hold, pass, win, penalty-renege."""
    return page.locator(f'[data-action="sheet"][data-seat="{seat}"][data-act="{act}"]')


def sheet_tap(page, seat: int, act: str) -> None:
    sheet_button(page, seat, act).tap()
    wait_idle(page)


def sheet_entries(page, seat: int) -> list[str]:
    """The entry keys offered on screen for `seat` (penalties only once opened)."""
    return page.eval_on_selector_all(f'[data-action="sheet"][data-seat="{seat}"]', "els => els.map(e => e.dataset.act)")


SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, a[href]')]
  .filter(el => el.offsetParent !== null)
  .map(el => ({ el: el.dataset.action || el.dataset.card || el.dataset.field || el.id || el.tagName,
                w: el.getBoundingClientRect().width, h: el.getBoundingClientRect().height }))
  .filter(b => b.w < 48 || b.h < 48)"""


def assert_axe_clean(page, site, name: str) -> None:
    """No axe-core violation, and every visible control at least 48 x 48 px."""
    violations = run_axe(page, site)
    assert violations == [], f"{name}: {violations}"
    assert page.evaluate(SMALL_TARGETS) == [], name


def browser_pids(profile: Path) -> list[int]:
    """The Chromium browser process (not its helpers) using `profile`."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        text = [c.decode(errors="replace") for c in cmd]
        if any(str(profile) in c for c in text) and not any(c.startswith("--type=") for c in text):
            pids.append(int(entry))
    return pids


def launch_profile(playwright, profile: Path):
    """Chromium as a Pixel 7 on a profile of its own, which outlives the
    browser: killed, and started again on the same profile."""
    device = dict(playwright.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    ctx = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=TEST_CHROMIUM_ARGS, locale="de-DE", **device
    )
    ctx.set_default_timeout(60_000)
    return ctx


def kill_browser(ctx, profile: Path) -> None:
    """The browser of `profile` killed outright (SIGKILL), as a phone's
    battery or the system ends it: nothing of the page runs after."""
    pids = browser_pids(profile)
    assert pids, "no browser process found for the profile"
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    try:
        ctx.close()
    except Exception:  # the browser is gone; closing only tidies Playwright up
        pass
