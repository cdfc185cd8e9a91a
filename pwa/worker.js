// Module worker hosting the Python engine. Only JSON text crosses into
// Python (schraem.bridge.handle); every failure goes back to the page as a
// reply with ok:false, so the page never has to catch a worker exception.

const PYODIDE_URL = new URL("./pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("./engine.zip", import.meta.url).href;
const ENGINE_DIR = "/engine";

function failure(kind, code, en, de) {
  return { kind, code, de: de ?? en, en };
}

async function fetchEngine() {
  const response = await fetch(ENGINE_URL);
  if (!response.ok) throw new Error(`engine.zip: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Pyodide 314 does not reject when its wasm cannot be instantiated (e.g. a
// missing pyodide.asm.wasm): it logs "wasm instantiation failed!" and waits
// forever. This turns exactly that log line into a failure.
function wasmFailure() {
  let restore;
  const failed = new Promise((_, reject) => {
    const warn = console.warn;
    console.warn = (...args) => {
      if (args[0] === "wasm instantiation failed!") reject(new Error("pyodide.asm.wasm could not be loaded"));
      warn.apply(console, args);
    };
    restore = () => { console.warn = warn; };
  });
  return { failed, restore };
}

async function boot() {
  const t0 = performance.now();
  const engineZip = fetchEngine(); // in parallel with Python's start-up
  engineZip.catch(() => {}); // reported below, when awaited; not as "unhandled"
  // A dynamic import, not a static one: a missing or broken Pyodide must
  // become an error reply, not a worker that silently never starts.
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  const wasm = wasmFailure();
  let pyodide;
  try {
    pyodide = await Promise.race([loadPyodide({ indexURL: PYODIDE_URL }), wasm.failed]);
  } finally {
    wasm.restore();
  }
  const t1 = performance.now();
  pyodide.unpackArchive(await engineZip, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const bridge = pyodide.pyimport("schraem.bridge");
  const handle = bridge.handle;
  const hello = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "hello", args: {} })));
  if (!hello.ok) throw new Error(`engine refused hello: ${JSON.stringify(hello.error)}`);
  const t2 = performance.now();
  return { handle, hello: hello.result, timings: { pyodide: t1 - t0, engine: t2 - t1, total: t2 - t0 } };
}

const engine = boot();

engine.then(
  ({ hello, timings }) => postMessage({ type: "ready", hello, timings }),
  (err) => {
    console.error("engine failed to start", err);
    postMessage({ type: "failed", error: loadError(err) });
  },
);

function loadError(err) {
  return failure("EngineUnavailable", "load_failed",
    `The game engine could not start: ${err && err.message ? err.message : err}`,
    `Die Spiel-Engine konnte nicht starten: ${err && err.message ? err.message : err}`);
}

self.addEventListener("message", async (event) => {
  const msg = event.data;
  const id = msg && typeof msg === "object" && "id" in msg ? msg.id : null;
  if (id === null || typeof msg.cmd !== "string") {
    postMessage({ id, ok: false, error: failure("InvalidAction", "bad_request",
      "A request needs an id and a cmd.", "Eine Anfrage braucht id und cmd.") });
    return;
  }
  let handle;
  try {
    ({ handle } = await engine);
  } catch (err) {
    postMessage({ id, ok: false, error: loadError(err) });
    return;
  }
  postMessage(call(handle, { id, cmd: msg.cmd, args: msg.args ?? {} }));
});

function call(handle, request) {
  let text;
  try {
    text = JSON.stringify(request);
  } catch (err) {
    return { id: request.id, ok: false, error: failure("InvalidAction", "not_json", `Request is not JSON: ${err.message}`,
      `Die Anfrage ist kein JSON: ${err.message}`) };
  }
  try {
    return JSON.parse(handle(text));
  } catch (err) {
    // The bridge promises never to raise; if it does anyway that is a bug,
    // reported like the bridge reports its own internal errors.
    return { id: request.id, ok: false, error: failure("InternalError", "bridge_raised", String(err && err.message || err),
      `Interner Fehler: ${String(err && err.message || err)}`) };
  }
}
