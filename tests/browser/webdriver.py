"""A small W3C WebDriver client (http.client only) and WebKitGTK's driver:
MiniBrowser started by WebKitWebDriver on its own Xvfb display.

WebKit's first script call after a navigation sometimes never answers, so
every call has its own timeout and callers wait by polling the page's own
marks (`WebDriverSession.wait_for`) instead of one long blocking call."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
CALL_TIMEOUT_S = 20


class WebDriverError(RuntimeError):
    pass


class CallTimeout(WebDriverError):
    """A WebDriver call got no answer in its time."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def webkit_missing() -> str | None:
    """Why WebKitGTK cannot be driven here, or None."""
    for tool, package in (("WebKitWebDriver", "webkit2gtk-driver"), ("Xvfb", "xvfb")):
        if shutil.which(tool) is None:
            return f"{tool} not installed (Debian package {package})"
    if not os.path.exists(MINIBROWSER):
        return f"{MINIBROWSER} not installed (Debian package libwebkit2gtk-4.1-0)"
    return None


class Xvfb:
    """A virtual X display of its own (the lowest free number, as X says)."""

    def __init__(self):
        read, write = os.pipe()
        # -noreset: by default the server resets when its last client leaves,
        # and a browser started right after another had stopped could not
        # open the display ("cannot open display: :1", seen on a loaded run).
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise WebDriverError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class WebDriverSession:
    """One browser session on a W3C WebDriver server."""

    def __init__(self, port: int, capabilities: dict, timeout: float = 60):
        self.port = port
        value = self._call("POST", "/session", {"capabilities": capabilities}, timeout=timeout)
        self.id = value["sessionId"]
        self.capabilities = value.get("capabilities", {})

    def _call(self, method: str, path: str, body: dict | None = None, timeout: float = CALL_TIMEOUT_S):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(
                method,
                path,
                body=json.dumps(body if body is not None else {}) if method == "POST" else None,
                headers={"Content-Type": "application/json"},
            )
            response = conn.getresponse()
            data = json.loads(response.read() or b"{}")
        except (socket.timeout, TimeoutError) as e:
            raise CallTimeout(f"{method} {path}: no answer in {timeout:g} s") from e
        finally:
            conn.close()
        value = data.get("value")
        if response.status != 200:
            error = value.get("error") if isinstance(value, dict) else None
            message = value.get("message") if isinstance(value, dict) else value
            raise WebDriverError(f"{method} {path}: {error}: {message}")
        return value

    def cmd(self, method: str, path: str, body: dict | None = None, timeout: float = CALL_TIMEOUT_S):
        return self._call(method, f"/session/{self.id}{path}", body, timeout)

    def goto(self, url: str, timeout: float = 60) -> None:
        self.cmd("POST", "/url", {"url": url}, timeout=timeout)

    def url(self) -> str:
        return self.cmd("GET", "/url")

    def execute(self, script: str, *args, timeout: float = CALL_TIMEOUT_S):
        """The value of a function body (`return …`), awaited if a promise."""
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)}, timeout=timeout)

    def evaluate(self, function: str, *args, timeout: float = CALL_TIMEOUT_S):
        """The value of a JS function (source text) called with `args`,
        awaited if it returns a promise (like Playwright's page.evaluate)."""
        return self.execute(f"return await ({function})(...arguments);", *args, timeout=timeout)

    def wait_for(self, function: str, *args, timeout: float = 60, poll: float = 0.1):
        """Until the JS function returns something truthy; returns it. A call
        that hangs or fails (a navigation under way) is tried again."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout:g} s waiting for {function[:120]} (last: {last})")
            try:
                value = self.evaluate(function, *args, timeout=min(CALL_TIMEOUT_S, max(left, 1)))
                if value:
                    return value
                last = value
            except WebDriverError as e:
                last = e
            time.sleep(poll)

    def close(self) -> None:
        try:
            self._call("DELETE", f"/session/{self.id}", timeout=CALL_TIMEOUT_S)
        except (WebDriverError, OSError):
            pass


class WebKitDriver:
    """WebKitWebDriver on a free port, with MiniBrowser on its own Xvfb."""

    def __init__(self):
        self.xvfb = Xvfb()
        self.port = free_port()
        env = {**os.environ, "DISPLAY": self.xvfb.display}
        self.log = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(["WebKitWebDriver", f"--port={self.port}"], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise WebDriverError("WebKitWebDriver did not start")
                time.sleep(0.05)

    def session(self, args: list[str] | None = None) -> WebDriverSession:
        caps = {
            "alwaysMatch": {
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation", *(args or [])]},
            }
        }
        return WebDriverSession(self.port, caps)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.xvfb.stop()
