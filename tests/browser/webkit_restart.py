"""A save surviving a restart of WebKitGTK's browser, with the same profile
on disk, and MiniBrowser's own console output of every load.

WebKitWebDriver's MiniBrowser keeps its profile in memory, so here
MiniBrowser runs as a user starts it (profile under XDG_DATA_HOME, console
messages written to its stdout), twice. Nothing drives it from outside: a
harness page of the same origin runs the app in an iframe, takes a step,
and sends what it saw to a small HTTP sink of the test's."""

from __future__ import annotations

import http.server
import json
import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from webdriver import MINIBROWSER, Xvfb

HARNESS_HTML = """<!doctype html>
<meta charset="utf-8"><title>harness</title>
<iframe id="app" width="412" height="915"></iframe>
<script type="module" src="harness.js"></script>
"""

# step=play: a new game against the computer (the start screen's defaults)
# and the human's first step (look or a card); step=check: only the start.
# Either way: what the app shows and what it has stored.
HARNESS_JS = """
const q = new URLSearchParams(location.search);
const send = (kind, data) => fetch(q.get("sink") + kind + "?" + encodeURIComponent(JSON.stringify(data)), { mode: "no-cors" });
const frame = document.getElementById("app");
const doc = () => frame.contentDocument;
async function until(check, what, ms = Number(q.get("wait") || 180000)) {
  const end = Date.now() + ms;
  for (;;) {
    let value = null;
    try { value = await check(); } catch (err) { if (err.fatal) throw err; }
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ ...doc()?.documentElement.dataset })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
function idle() {
  const d = doc().documentElement.dataset;
  if (d.engine === "failed") throw Object.assign(new Error("engine failed to start"), { fatal: true });
  return d.engine === "ready" && d.shell === "ready" && d.busy === "idle" && d.bots === "idle" && d.club !== "busy";
}
try {
  frame.src = "app/index.html?pace=fast";
  await until(idle, "the app");
  const { readGame } = await import("./app/modules.js").then((m) => m.storage);
  const stored = async () => { const r = await readGame(); return r.status === "ok" ? r.game : null; };
  if (q.get("step") === "play") {
    doc().querySelector('[data-action="new-game"]').click();
    await until(() => doc().body.dataset.screen === "table" && idle(), "the table");
    const before = (await stored()).save.record;
    const view = (await stored()).state.view;
    const legal = view.legal.map((a) => a.type);
    if (legal.includes("look")) doc().querySelector('[data-action="look"]').click();
    else doc().querySelector(`[data-card="${view.my_cards.find((c) => view.legal.some((a) => a.card === c))}"]`).click();
    await until(async () => idle() && JSON.stringify((await stored()).save.record) !== JSON.stringify(before), "the step saved");
  }
  const game = await stored();
  send("done", { screen: doc().body.dataset.screen, record: game && game.save.record });
} catch (err) {
  send("failed", `${err}\n${err && err.stack}`);
}
"""


class Sink:
    """Collects the harness's reports (GET /kind?json) in a queue."""

    def __init__(self):
        reports = self.reports = queue.Queue()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                parts = urlsplit(self.path)
                reports.put((parts.path.strip("/"), json.loads(unquote(parts.query))))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def harness_site(dist: Path, into: Path) -> Path:
    """dist/ (linked, not copied) as app/, the harness beside it: outside
    the service worker's scope, which answers every navigation with the app."""
    into.mkdir(parents=True)
    (into / "app").symlink_to(dist)
    (into / "harness.html").write_text(HARNESS_HTML)
    (into / "harness.js").write_text(HARNESS_JS)
    return into


class MiniBrowserRuns:
    """MiniBrowser started and stopped on one profile and one display."""

    def __init__(self, profile: Path, sink: Sink):
        self.profile, self.sink = profile, sink
        profile.mkdir(parents=True, exist_ok=True)
        self.xvfb = Xvfb()
        self.console: list[str] = []

    def run(self, url: str, timeout: float = 240) -> tuple[str, object]:
        """Open `url` in a new MiniBrowser, wait for the harness's report,
        stop the browser (SIGTERM, as a phone's system ends an app)."""
        env = {
            **os.environ,
            "DISPLAY": self.xvfb.display,
            "HOME": str(self.profile),
            "XDG_DATA_HOME": str(self.profile / "data"),
            "XDG_CACHE_HOME": str(self.profile / "cache"),
            "XDG_CONFIG_HOME": str(self.profile / "config"),
        }
        out = self.profile / f"console-{len(self.console)}.txt"
        with open(out, "w") as log:
            # Line-buffered: the messages must reach the file before SIGTERM.
            proc = subprocess.Popen(
                ["stdbuf", "-oL", MINIBROWSER, "--enable-write-console-messages-to-stdout=true", url],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                report = self._report(proc, timeout, out)
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        self.console.append(out.read_text())
        return report

    def _report(self, proc, timeout: float, out: Path) -> tuple[str, object]:
        """The harness's report, or why there is none: a browser that quit
        without one fails at once with what it printed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                return self.sink.reports.get(timeout=1)
            except queue.Empty:
                if proc.poll() is not None and self.sink.reports.empty():
                    return "failed", f"MiniBrowser quit ({proc.returncode}) without a report: {out.read_text()[-2000:]}"
        return "failed", f"no report from the harness in {timeout:g} s"

    def console_errors(self) -> list[str]:
        return [line for text in self.console for line in text.splitlines() if " ERROR " in f" {line} "]

    def stop(self) -> None:
        self.xvfb.stop()
