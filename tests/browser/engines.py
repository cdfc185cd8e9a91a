"""The three browser engines of phones behind one small interface, for the
cross-engine suite (test_engines.py): Chromium (Playwright, Pixel 7),
Firefox ESR (puppeteer-core over WebDriver BiDi, see puppeteer_bridge.mjs)
and WebKitGTK (W3C WebDriver, see webdriver.py).

Everything the suite does goes through `evaluate` (a JS function's source
and one JSON argument), so one scenario runs unchanged everywhere; waiting
is polling the page's own marks, each call with its own timeout."""

from __future__ import annotations

import abc
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

from browser_support import CHROMIUM_ARGS, ROOT, chromium_path
from webdriver import CALL_TIMEOUT_S, WebDriverError, WebKitDriver, webkit_missing

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = "/usr/bin/firefox-esr"
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"
# A phone-sized window; WebKitGTK's will not go narrower than 447 CSS px.
WIDTH, HEIGHT = 412, 915
# Firefox's own chatter with no network (its remote settings), not the app's.
FIREFOX_NOISE = ("RSLoader: Failed to retrieve recipes",)


def missing(engine: str) -> str | None:
    """Why `engine` cannot run on this machine, or None."""
    if engine == "chromium":
        return None  # the browser fixture fails loudly without one: every browser test needs it
    if engine == "firefox":
        if not os.path.exists(FIREFOX):
            return f"{FIREFOX} not installed (Debian package firefox-esr)"
        if shutil.which("node") is None or not PUPPETEER.is_dir():
            return "puppeteer-core not installed (npm ci)"
        return None
    return webkit_missing()


class EngineBrowser(abc.ABC):
    """One browser of one engine with a profile kept on disk (where the
    engine allows), one page at a time."""

    name = ""

    def __init__(self, profile: Path):
        self.profile = profile
        self.errors: list[str] = []

    @abc.abstractmethod
    def goto(self, url: str) -> None: ...

    @abc.abstractmethod
    def evaluate(self, fn: str, arg=None, timeout: float = CALL_TIMEOUT_S): ...

    @abc.abstractmethod
    def upload(self, selector: str, path: Path) -> None: ...

    def restart(self) -> None:
        """Close the browser and start it again on the same profile. WebKit's
        automation keeps no profile on disk: its restart test drives a plain
        MiniBrowser instead (webkit_restart.py)."""
        raise TypeError(f"{self.name} cannot restart on the same profile under automation")

    @abc.abstractmethod
    def close(self) -> None: ...

    def reload(self) -> None:
        self.goto(self.evaluate("() => location.href"))

    def wait_for(self, fn: str, arg=None, timeout: float = 120, poll: float = 0.1):
        """Until the JS function returns something truthy; returns it. A call
        that fails or hangs (a navigation under way) is tried again."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: {timeout:g} s waiting for {fn[:160]} (last: {last!r})")
            try:
                value = self.evaluate(fn, arg, timeout=min(CALL_TIMEOUT_S, max(left, 1)))
                if value:
                    return value
                last = value
            except Exception as e:  # noqa: BLE001 - a page between two documents
                last = e
            time.sleep(poll)


class ChromiumBrowser(EngineBrowser):
    name = "chromium"

    def __init__(self, profile: Path, playwright):
        super().__init__(profile)
        self.playwright = playwright
        self._start()

    def _start(self) -> None:
        device = {k: v for k, v in self.playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile), executable_path=chromium_path(full=True), args=CHROMIUM_ARGS, **device
        )
        self.context.on("console", self._console)
        self.context.on("weberror", lambda e: self.errors.append(f"page: {e.error}"))
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.on("worker", lambda w: w.on("console", self._console))

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, fn: str, arg=None, timeout: float = CALL_TIMEOUT_S):
        return self.page.evaluate(fn, arg)

    def upload(self, selector: str, path: Path) -> None:
        self.page.set_input_files(selector, str(path))

    def restart(self) -> None:
        self.context.close()
        self._start()

    def close(self) -> None:
        self.context.close()


class FirefoxBrowser(EngineBrowser):
    """Firefox ESR through puppeteer_bridge.mjs (one Node process per browser)."""

    name = "firefox"

    def __init__(self, profile: Path):
        super().__init__(profile)
        self._ids = 0
        self._replies: queue.Queue = queue.Queue()
        self.proc = subprocess.Popen(
            ["node", str(Path(__file__).with_name("puppeteer_bridge.mjs")), FIREFOX],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.version = self._call("launch", timeout=90, profile=str(profile), width=WIDTH, height=HEIGHT)

    def _read(self) -> None:
        for line in self.proc.stdout:
            message = json.loads(line)
            if message.get("event") == "error":
                if not any(noise in message["text"] for noise in FIREFOX_NOISE):
                    self.errors.append(message["text"])
            else:
                self._replies.put(message)
        self._replies.put({"id": None, "ok": False, "error": "the puppeteer bridge exited"})

    def _call(self, op: str, timeout: float = CALL_TIMEOUT_S, **args):
        self._ids += 1
        self.proc.stdin.write(json.dumps({"id": self._ids, "op": op, "args": args}) + "\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + timeout
        while True:
            try:
                reply = self._replies.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                raise TimeoutError(f"firefox: {op} got no answer in {timeout:g} s") from None
            if reply["id"] in (self._ids, None):
                break  # an older call's late answer is dropped
        if not reply["ok"]:
            raise RuntimeError(f"firefox: {op}: {reply['error']}")
        return reply["value"]

    def goto(self, url: str) -> None:
        self._call("goto", timeout=60, url=url)

    def reload(self) -> None:
        self._call("reload", timeout=60)

    def evaluate(self, fn: str, arg=None, timeout: float = CALL_TIMEOUT_S):
        return self._call("evaluate", timeout=timeout, fn=fn, arg=arg)

    def upload(self, selector: str, path: Path) -> None:
        self._call("upload", selector=selector, path=str(path))

    def restart(self) -> None:
        self._call("close", timeout=30)
        self._call("launch", timeout=90, profile=str(self.profile), width=WIDTH, height=HEIGHT)

    def kill_and_start(self) -> None:
        """Firefox's process killed (SIGKILL), then started again on the
        same profile."""
        self._call("kill", timeout=30)
        self._call("launch", timeout=90, profile=str(self.profile), width=WIDTH, height=HEIGHT)

    def close(self) -> None:
        try:
            self._call("close", timeout=30)
        finally:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class WebKitBrowser(EngineBrowser):
    """MiniBrowser under WebKitWebDriver. Its automation profile is kept in
    memory only, so `restart` cannot keep a save: test_engines.py restarts
    WebKit through webkit_restart.py (a browser with a profile on disk)."""

    name = "webkit"

    def __init__(self, profile: Path):
        super().__init__(profile)
        self.driver = WebKitDriver()
        try:
            self.session = self.driver.session()
            # The window as narrow as WebKitGTK allows: a phone-ish layout.
            self.session.cmd("POST", "/window/rect", {"width": WIDTH, "height": HEIGHT})
        except Exception:
            self.driver.stop()
            raise

    def goto(self, url: str) -> None:
        self._harvest()
        self.session.goto(url)
        self._hook()

    def reload(self) -> None:
        self._harvest()
        self.session.cmd("POST", "/refresh", timeout=60)
        self._hook()

    def _hook(self) -> None:
        # No console events over classic WebDriver: errors from here on are
        # collected in the page (webkit_restart.py reads MiniBrowser's own
        # console output, load included).
        self.session.wait_for(HOOK_ERRORS, timeout=60)

    def _harvest(self) -> None:
        try:
            self.errors += self.collected_errors()
        except Exception:  # noqa: BLE001 - no page yet
            pass

    def evaluate(self, fn: str, arg=None, timeout: float = CALL_TIMEOUT_S):
        return self.session.evaluate(fn, arg, timeout=timeout)

    def collected_errors(self) -> list[str]:
        """What the current page collected since its load (see HOOK_ERRORS)."""
        return self.session.evaluate("() => window.__errors || []")

    def upload(self, selector: str, path: Path) -> None:
        # The screen may be drawn again while the input is found or between
        # finding it and giving it the file (a tap just before; WebKit's
        # driver then says the node it found is stale): it is found anew.
        for attempt in range(3):
            try:
                element = self.session.cmd("POST", "/element", {"using": "css selector", "value": selector})
                element_id = next(iter(element.values()))
                self.session.cmd("POST", f"/element/{element_id}/value", {"text": str(path)})
                return
            except WebDriverError as e:
                if "stale element" not in str(e) or attempt == 2:
                    raise

    def close(self) -> None:
        self.session.close()
        self.driver.stop()


# Installed after every navigation in WebKit: console errors and uncaught
# errors of the page; a worker's uncaught error reaches the page as an error
# event on the Worker, which the app turns into a failed start.
HOOK_ERRORS = """() => {
  if (!window.__errors) {
    window.__errors = [];
    const error = console.error.bind(console);
    console.error = (...args) => { window.__errors.push('console: ' + args.map(String).join(' ')); error(...args); };
    addEventListener('error', (e) => window.__errors.push('page: ' + (e.message || e.error)));
    addEventListener('unhandledrejection', (e) => window.__errors.push('page: ' + (e.reason && e.reason.message || e.reason)));
  }
  return true;
}"""


def launch(engine: str, profile: Path, playwright=None) -> EngineBrowser:
    if engine == "chromium":
        return ChromiumBrowser(profile, playwright)
    if engine == "firefox":
        return FirefoxBrowser(profile)
    return WebKitBrowser(profile)
