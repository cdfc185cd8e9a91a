// Module worker hosting the Python engine. Only JSON text crosses into
// Python (schraem.bridge.handle); every failure goes back to the page as a
// reply with ok:false, so the page never has to catch a worker exception.
//
// Start-up: a fresh Pyodide takes seconds, most of it spent setting Python up.
// So the first start, right after importing the engine and before any game
// exists, copies the interpreter's memory into Cache Storage, and every later
// start restores that copy instead (a Pyodide memory snapshot). The snapshot
// is only used by the build that made it: build.py writes BOOT.key, a hash
// over Pyodide, the standard library, the engine and this file. Anything odd
// about a snapshot means a normal start, which makes a new one.
//
// Its messages are engine-client.js's WorkerRequest and WorkerMessage.

import { database } from "../store/database.js";
import { clearFaceDownSave, lastFaceDownKept, saveFacts, writeFaceDownSave } from "../store/facedown-save.js";
import { replyLine } from "./reply-line.js";

/** @typedef {import('./engine-client.js').EngineError} EngineError */
/** @typedef {import('./engine-client.js').Reply} Reply */
/** @typedef {import('./engine-client.js').Timings} Timings */
/** @typedef {import('./engine-client.js').WorkerMessage} WorkerMessage */
/** Pyodide's interpreter, as its own module gives it (not typed here). @typedef {any} Pyodide */
/** @typedef {(options: object) => Promise<Pyodide>} LoadPyodide */
/**
 * The engine in this worker: the bridge's one entry (JSON text in, JSON
 * text out), its hello and how the start went.
 * @typedef {{handle: (text: string) => string, hello: any, timings?: Timings}} Bridge
 */

const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("../engine.zip", import.meta.url).href;
const ENGINE_DIR = "/engine";
/** @type {{key: string | null}} */
const BOOT = /*BUILD*/{ "key": null }/*END BUILD*/;
// Not the service worker's cache: that one is replaced with every release,
// while a snapshot stays good for as long as BOOT.key does. service-worker.js
// leaves a cache of this name alone.
const SNAPSHOT_CACHE = "schraem-snapshot";
const SNAPSHOT_URL = new URL("../snapshot/", import.meta.url).href + BOOT.key;
// Set by the page when it starts a second worker after a first start got
// stuck: this one must not trust the snapshot.
const FRESH_ONLY = new URL(import.meta.url).searchParams.get("boot") === "fresh";

// The page restarts a start that stops reaching stages (engine-client.js).
/** @param {string} name */
function stage(name) {
  postMessage({ type: "stage", stage: name });
}

// Its own words, in English and German where it has them: the worker does
// not load the page's dictionaries (i18n/), which would hold up the start.
/** @param {string} kind @param {string} code @param {string} en @param {string} [de] @returns {EngineError} */
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
  /** @type {() => void} */
  let restore = () => {};
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

/** @param {LoadPyodide} loadPyodide @param {object} options @returns {Promise<Pyodide>} */
async function startPyodide(loadPyodide, options) {
  const wasm = wasmFailure();
  try {
    return await Promise.race([loadPyodide({ indexURL: PYODIDE_URL, ...options }), wasm.failed]);
  } finally {
    wasm.restore();
  }
}

// → { bytes, written: the length it was stored with (0: not known) }, or null.
/** @returns {Promise<{bytes: Uint8Array, written: number} | null>} */
async function readSnapshot() {
  if (!BOOT.key) return null; // an unbuilt worker: nothing to match a snapshot against
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(SNAPSHOT_URL);
    if (!hit) return null;
    return { bytes: new Uint8Array(await hit.arrayBuffer()), written: Number(hit.headers.get("Content-Length")) || 0 };
  } catch (err) {
    console.warn("snapshot unreadable", err);
    return null;
  }
}

// One snapshot per origin: writing one drops every other, so a release with a
// new engine does not leave 30 MB behind.
/** @param {Uint8Array<ArrayBuffer>} bytes */
async function writeSnapshot(bytes) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  await Promise.all((await cache.keys()).filter((r) => r.url !== SNAPSHOT_URL).map((r) => cache.delete(r)));
  await cache.put(SNAPSHOT_URL, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.length) },
  }));
}

async function dropSnapshot() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (err) {
    console.warn("snapshot could not be dropped", err);
  }
}

// The engine's files, in the same place on every start: a restored
// interpreter remembers the imports but not the file system, and anything
// imported later (or a traceback's source line) comes from here.
/** @param {Pyodide} pyodide @param {Uint8Array} zip */
function installEngine(pyodide, zip) {
  pyodide.unpackArchive(zip, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
}

/** @param {Pyodide} pyodide @returns {Bridge} */
function connect(pyodide) {
  const handle = pyodide.pyimport("schraem.bridge").handle;
  const hello = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "hello", args: {} })));
  if (!hello.ok) throw new Error(`engine refused hello: ${JSON.stringify(hello.error)}`);
  return { handle, hello: hello.result };
}

// Pyodide keeps its options for the whole session; handed over as a thenable
// that lets go once read, the snapshot's 30 MB are not pinned by them.
/** @param {Uint8Array | null} bytes */
function handOver(bytes) {
  return {
    /** @param {(bytes: Uint8Array | null) => void} resolve */
    // oxlint-disable-next-line unicorn/no-thenable -- a thenable is the point
    then(resolve) {
      const b = bytes;
      bytes = null;
      resolve(b);
    },
  };
}

/** @param {LoadPyodide} loadPyodide @param {Uint8Array} snapshot @param {Promise<Uint8Array>} engineZip @param {Record<string, number>} marks */
async function restore(loadPyodide, snapshot, engineZip, marks) {
  const pyodide = await startPyodide(loadPyodide, { _loadSnapshot: handOver(snapshot) });
  marks.pyodide = performance.now();
  stage("engine");
  installEngine(pyodide, await engineZip);
  // Every restore starts from the same memory, random generator included.
  pyodide.runPython("import random; random.seed()");
  const engine = connect(pyodide);
  marks.engine = performance.now();
  return engine;
}

/**
 * @param {LoadPyodide} loadPyodide @param {Promise<Uint8Array>} engineZip @param {Record<string, number>} marks
 * @returns {Promise<{engine: Bridge, snapshot: Uint8Array<ArrayBuffer> | null}>}
 */
async function freshStart(loadPyodide, engineZip, marks) {
  const pyodide = await startPyodide(loadPyodide, { _makeSnapshot: BOOT.key !== null });
  marks.pyodide = performance.now();
  stage("engine");
  installEngine(pyodide, await engineZip);
  const engine = connect(pyodide);
  marks.engine = performance.now();
  // Now, before the first request: a snapshot must not hold a game, and
  // Pyodide cannot restore one taken after the memory has grown much.
  let snapshot = null;
  if (BOOT.key !== null) {
    try {
      snapshot = pyodide.makeMemorySnapshot();
    } catch (err) {
      console.warn("no snapshot this time", err);
    }
  }
  return { engine, snapshot };
}

// Resolves to the engine and, after a fresh start, the snapshot to store
// (kept apart so the engine does not hold on to 30 MB once it is written).
/** @returns {Promise<{engine: Bridge, snapshot: Uint8Array<ArrayBuffer> | null}>} */
async function boot() {
  /** @type {Record<string, number>} */
  const marks = { start: performance.now() };
  // What the page sees as engine.timings (ms): Pyodide up, engine imported
  // and answering, and how the start went.
  /** @type {(kind: "fresh" | "snapshot", fallback: string | null, snapshot: number) => Timings} */
  const timings = (kind, fallback, snapshot) => ({
    boot: kind, fallback, snapshot, read: marks.read - marks.start, imported: marks.imported - marks.start,
    pyodide: marks.pyodide - marks.start, engine: marks.engine - marks.pyodide, total: marks.engine - marks.start,
  });
  stage("import");
  const engineZip = fetchEngine(); // in parallel with Python's start-up
  engineZip.catch(() => {}); // reported below, when awaited; not as "unhandled"
  // Not awaited: if Cache Storage is what got stuck, this start must not wait on it.
  if (FRESH_ONLY) dropSnapshot();
  const stored = (FRESH_ONLY ? Promise.resolve(null) : readSnapshot())
    .then((b) => { marks.read = performance.now(); return b; });
  // A dynamic import, not a static one: a missing or broken Pyodide must
  // become an error reply, not a worker that silently never starts.
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  marks.imported = performance.now();
  stage("snapshot");
  const snapshot = await stored;
  let fallback = FRESH_ONLY ? "the page asked for a fresh start" : null;
  if (snapshot) {
    try {
      const size = snapshot.bytes.length;
      // A copy shorter than it was written never reaches Pyodide: restoring
      // part of a memory image need not fail cleanly (Chromium's headless
      // shell crashed the whole tab on it, and a tab that crashes on its
      // start crashes on every reload).
      if (snapshot.written && snapshot.written !== size) throw new Error(`snapshot incomplete: ${size} of ${snapshot.written} bytes`);
      stage("restore");
      const engine = await restore(loadPyodide, snapshot.bytes, engineZip, marks);
      engine.timings = timings("snapshot", null, size);
      return { engine, snapshot: null };
    } catch (err) {
      // Most often "Snapshot build id mismatch" or a damaged copy.
      console.warn("snapshot not usable, starting afresh", err);
      fallback = String(err && err.message || err).split("\n")[0];
      await dropSnapshot();
    }
  }
  stage("python");
  const started = await freshStart(loadPyodide, engineZip, marks);
  started.engine.timings = timings("fresh", fallback, started.snapshot ? started.snapshot.length : 0);
  return started;
}

// Pyodide does not always reject when its start fails: an error thrown
// inside it can end up only as an unhandled rejection while the start waits
// forever. While `start` runs, such an error is its failure (the same idea
// as wasmFailure, for errors that surface nowhere else).
/**
 * @template T
 * @param {Promise<T>} start
 * @returns {Promise<T>}
 */
function failOnCrash(start) {
  /** @type {(event: any) => void} */
  let onCrash = () => {};
  const crashed = new Promise((_, reject) => {
    onCrash = (event) => reject(event.reason ?? event.error ?? new Error(event.message));
  });
  self.addEventListener("unhandledrejection", onCrash);
  self.addEventListener("error", onCrash);
  return Promise.race([start, crashed]).finally(() => {
    self.removeEventListener("unhandledrejection", onCrash);
    self.removeEventListener("error", onCrash);
  });
}

const booted = failOnCrash(boot());
const engine = booted.then(({ engine }) => engine);

booted.then(
  (started) => {
    postMessage({ type: "ready", hello: started.engine.hello, timings: started.engine.timings });
    // Stored after "ready": the page need not wait for 30 MB to be written.
    const { snapshot } = started;
    started.snapshot = null;
    if (snapshot) writeSnapshot(snapshot).catch((err) => console.warn("snapshot not stored", err));
  },
  (err) => {
    console.error("engine failed to start", err);
    postMessage({ type: "failed", error: loadError(err) });
  },
);

/** @param {any} err */
function loadError(err) {
  return failure("EngineUnavailable", "load_failed",
    `The game engine could not start (${err && err.message ? err.message : err}). Please reload the app.`,
    `Die Spiel-Engine konnte nicht starten (Fehler: ${err && err.message ? err.message : err}). Bitte die App neu laden.`);
}

// Requests are handled one at a time, in the order they came, and their
// replies go in that order too, each with its face-down save kept as
// bridge/reply-line.js says. The engine does not wait for the disk: it
// handles the next request while the save before is written, as a phone's
// messages come in a burst while the cards are dealt.
//
// A face-down table's save (about 100 kB late in a hand) is written to disk
// here, not on the page: the page's main thread, which draws the table and
// answers taps, then neither copies nor compares it. The reply carries the
// save as text instead (copied as one string, read on the page only where
// it needs the whole), a few facts the page's screens read, and whether it
// was kept (phone/facedown.js, store/facedown-save.js).
/** @type {Promise<void>} */
let line = Promise.resolve();
const replies = replyLine({
  post: (reply) => postMessage(reply),
  database,
  write: writeFaceDownSave,
  lastKept: lastFaceDownKept,
  facts: saveFacts,
  clear: clearFaceDownSave,
});
self.addEventListener("message", (event) => {
  line = line.then(() => serve(event.data)).catch((err) => console.error("engine request failed", err));
});

/** @param {any} msg */
async function serve(msg) {
  const id = msg && typeof msg === "object" && "id" in msg ? msg.id : null;
  if (id === null || typeof msg.cmd !== "string") {
    replies.after(() => postMessage({ id, ok: false, error: failure("InvalidAction", "bad_request",
      "A request needs an id and a cmd.", "Eine Anfrage braucht id und cmd.") }));
    return;
  }
  if (msg.keep === "forget") {
    replies.forget(id);
    return;
  }
  let handle;
  try {
    ({ handle } = await engine);
  } catch (err) {
    replies.after(() => postMessage({ id, ok: false, error: loadError(err) }));
    return;
  }
  replies.answer(msg, call(handle, { id, cmd: msg.cmd, args: msg.args ?? {} }));
}

/** @param {Bridge["handle"]} handle @param {{id: number, cmd: string, args: object}} request @returns {Reply} */
function call(handle, request) {
  let text;
  try {
    text = JSON.stringify(request);
  } catch (err) {
    return { id: request.id, ok: false, error: failure("InvalidAction", "not_json", `Request is not JSON: ${err.message}`,
      `Die Anfrage ist kein JSON: ${err.message}`) };
  }
  try {
    const started = performance.now();
    const reply = JSON.parse(handle(text));
    reply.took = performance.now() - started;
    return reply;
  } catch (err) {
    // The bridge promises never to raise; if it does anyway that is a bug,
    // reported like the bridge reports its own internal errors.
    return { id: request.id, ok: false, error: failure("InternalError", "bridge_raised", String(err && err.message || err),
      `Interner Fehler: ${String(err && err.message || err)}`) };
  }
}
