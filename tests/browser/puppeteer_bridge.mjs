// Firefox for the Python tests: puppeteer-core over WebDriver BiDi (no
// geckodriver, no browser download), driven by one JSON request per line on
// stdin, one JSON reply per line on stdout ({id, ok, value | error}).
// Console errors and uncaught errors of the page and its workers are sent as
// {event: "error", text} lines as they happen.
//
//   node tests/browser/puppeteer_bridge.mjs FIREFOX_PATH
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2];
let browser = null;
let page = null;

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
const report = (text) => send({ event: "error", text });

function watch(p) {
  p.on("console", (m) => { if (m.type() === "error") report(`console: ${m.text()}`); });
  p.on("pageerror", (e) => report(`page: ${e.message ?? e}`));
}

const ops = {
  async launch({ profile, width, height }) {
    browser = await puppeteer.launch({
      browser: "firefox", executablePath, headless: true, userDataDir: profile,
      defaultViewport: { width, height },
      // Firefox's own remote settings: nothing to fetch on a test machine.
      extraPrefsFirefox: { "services.settings.server": "data:,#", "app.update.disabledForTesting": true },
    });
    const pages = await browser.pages();
    page = pages[0] ?? await browser.newPage();
    watch(page);
    return browser.version();
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load" });
  },
  async reload() {
    await page.reload({ waitUntil: "load" });
  },
  async evaluate({ fn, arg }) {
    return page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`);
  },
  async upload({ selector, path }) {
    const input = await page.$(selector);
    if (!input) throw new Error(`no element ${selector}`);
    await input.uploadFile(path);
  },
  async close() {
    if (browser) await browser.close();
    browser = page = null;
  },
  // The browser's process killed, as a phone's system kills an app: no
  // page is told, nothing is flushed on the way out.
  async kill() {
    const proc = browser?.process();
    if (!proc) throw new Error("no browser process to kill");
    browser = page = null;
    if (proc.exitCode !== null) return;
    const gone = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGKILL");
    await gone;
  },
};

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  const { id, op, args } = JSON.parse(line);
  try {
    send({ id, ok: true, value: (await ops[op](args ?? {})) ?? null });
  } catch (err) {
    send({ id, ok: false, error: String(err && err.stack || err) });
  }
});
lines.on("close", async () => {
  await ops.close().catch(() => {});
  process.exit(0);
});
