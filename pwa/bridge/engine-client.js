// Page side of the engine worker, after SVGOMG's WorkerMessenger: each
// request gets an id, and the reply with that id settles its promise.
// Replies are data: `call` resolves with {ok:false, error} on failure and
// never rejects, so the shell handles one shape for every outcome.

import { both } from "../i18n/i18n.js";

// The engine's interface, the same for the worker here and for the host's
// engine at a table of phones (remote-engine.js): a Session knows no other.

/**
 * A refusal or a failure: the same message in both languages (the shell
 * shows the one in use) and a code the shell and the tests tell apart.
 * The engine's refusals carry more facts (the rule, the seat…).
 * @typedef {object} EngineError
 * @property {string} kind
 * @property {string} code
 * @property {string} de
 * @property {string} en
 */

/**
 * Every answer an engine gives; never a rejection.
 * @typedef {object} Reply
 * @property {number} [id] the request's
 * @property {boolean} ok
 * @property {any} [result] what the command answers, when ok
 * @property {number} [took] ms the engine worked on it, in the worker (for the benchmarks: the page's own clock also counts its wait to read the reply)
 * @property {EngineError | null} [error] why not, when not ok (null: already said)
 * @property {any} [state] with a refusal at a table of phones: the host's newest state, drawn first
 */

/**
 * @typedef {object} Engine
 * @property {(cmd: string, args?: object, options?: CallOptions) => Promise<Reply>} call one engine command (engine/schraem/bridge/)
 * @property {Promise<Reply>} ready settles once the engine answers (result: its hello), or cannot
 * @property {boolean} [botsElsewhere] the computer players act on another phone (a guest's engine at a table of phones)
 * @property {() => any} [last] the newest state another phone sent (a guest's engine at a table of phones)
 * @property {boolean} [sendsOnAnswer] a tap reaches the other phones only once this engine has answered it (a face-down table's)
 */

/**
 * How the start went (ms since the worker began), as the worker reports it.
 * @typedef {object} Timings
 * @property {"fresh" | "snapshot"} boot
 * @property {string | null} fallback why a snapshot was not used
 * @property {number | null} snapshot its size in bytes
 * @property {number} read
 * @property {number} imported
 * @property {number} pyodide
 * @property {number} engine
 * @property {number} total
 */

/**
 * How a command's answer is kept: `keep: "facedown"`, a face-down table's
 * save is written to disk by the worker before it answers (worker.js);
 * `lazy`, not written where the answer sends nothing (more comes behind it);
 * `keep: "forget"`, the save is forgotten instead (the table left), once
 * every save asked before is written.
 * @typedef {{keep?: "facedown" | "forget", lazy?: boolean}} CallOptions
 */

/**
 * The page's request to the worker.
 * @typedef {{id: number, cmd: string, args: object} & CallOptions} WorkerRequest
 */

/**
 * What the worker posts: a reply to a request (with its id), or a note on
 * its start (a stage reached, ready with the engine's hello, failed).
 * @typedef {(Reply & {id: number, type?: undefined})
 *   | {type: "stage", stage: string}
 *   | {type: "ready", hello: any, timings: Timings}
 *   | {type: "failed", error: EngineError}} WorkerMessage
 */

/**
 * The page's engine: the worker's, with what it says about its start.
 * @typedef {Engine & {
 *   hello: any, timings: Timings | null, error: EngineError | null, stage: string | null, restarts: number, terminate: () => void,
 * }} PageEngine
 */

const DEFAULT_URL = new URL("./worker.js", import.meta.url);
// No request takes this long once the engine is up (a bot decision ~0.1 s,
// a large import a few seconds): a reply still missing then is lost, and
// the shell must not stay busy waiting for it.
const REPLY_MS = 30_000;
// Every stage of a start (Pyodide imported, the snapshot read, Python up)
// takes seconds at most once the files are on the phone; a first visit,
// before the service worker serves them, may spend minutes on a slow line
// downloading Pyodide within one stage.
const STALL_MS = 60_000;
const FIRST_VISIT_STALL_MS = 300_000;
/** @type {PageEngine | null} */
let pageEngine = null;

/** @param {string} code @param {string} detail @returns {EngineError} */
function lost(code, detail) {
  return { kind: "EngineUnavailable", code, ...both(code === "timeout" ? "engine.timeout" : "engine.tooLarge", { detail }) };
}

/** @param {string} message @returns {EngineError} */
function unavailable(message) {
  return { kind: "EngineUnavailable", code: "worker_failed", ...both("engine.unavailable", { message }) };
}

/**
 * @param {{url?: URL, markDocument?: boolean, replyMs?: number, stallMs?: number}} [options]
 * @returns {PageEngine}
 */
export function createEngine({
  url = DEFAULT_URL, markDocument = true, replyMs = REPLY_MS,
  stallMs = globalThis.navigator?.serviceWorker?.controller ? STALL_MS : FIRST_VISIT_STALL_MS,
} = {}) {
  /** @type {Map<number, (reply: Reply) => void>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {EngineError | null} */
  let dead = null;
  /** @type {Worker | null} */
  let worker = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let watchdog;
  /** @type {(reply: Reply) => void} */
  let settleReady = () => {};
  /** @type {Promise<Reply>} */
  const ready = new Promise((resolve) => { settleReady = resolve; });
  /** @type {PageEngine} */
  const engine = { call, ready, hello: null, timings: null, error: null, stage: null, restarts: 0, terminate };

  /** @param {string} value */
  const mark = (value) => {
    if (markDocument) document.documentElement.dataset.engine = value;
  };
  mark("loading");

  /** @param {EngineError} error */
  function fail(error) {
    clearTimeout(watchdog);
    dead = error;
    engine.error = error;
    mark("failed");
    settleReady({ ok: false, error });
    for (const [id, resolve] of pending) resolve({ id, ok: false, error });
    pending.clear();
  }

  // A start that stops making progress (no stage reached for stallMs) is
  // stuck, not slow: a download or a storage read that never settles, or a
  // Pyodide error it swallowed. One new worker, told to skip the snapshot,
  // gets the player a working table instead of a page that waits forever;
  // if that one sticks too, the page says so.
  function progressed() {
    clearTimeout(watchdog);
    if (engine.hello || dead) return;
    watchdog = setTimeout(() => {
      const where = engine.stage ?? "start";
      if (engine.restarts > 0) {
        fail(unavailable(`it did not start (stuck at "${where}")`));
        return;
      }
      console.warn(`engine start stuck at "${where}": starting it again without the snapshot`);
      engine.restarts += 1;
      worker?.terminate();
      spawn(true);
    }, stallMs);
  }

  /** @param {Worker} source @param {MessageEvent<WorkerMessage>} event */
  function onMessage(source, event) {
    if (source !== worker) return; // a replaced worker's last words
    const msg = event.data;
    if (msg && msg.type === "stage") {
      engine.stage = msg.stage;
      if (markDocument) document.documentElement.dataset.engineStage = msg.stage;
      progressed();
      return;
    }
    if (msg && msg.type === "ready") {
      clearTimeout(watchdog);
      engine.hello = msg.hello;
      engine.timings = msg.timings;
      mark("ready");
      settleReady({ ok: true, result: msg.hello });
      return;
    }
    if (msg && msg.type === "failed") {
      fail(msg.error);
      return;
    }
    const resolve = msg && pending.get(msg.id);
    if (!resolve) {
      console.warn("engine reply without a pending request", msg);
      return;
    }
    pending.delete(msg.id);
    resolve(msg);
  }

  /** @param {boolean} fresh */
  function spawn(fresh) {
    const target = new URL(url);
    if (fresh) target.searchParams.set("boot", "fresh");
    const w = new Worker(target, { type: "module", name: "schraem-engine" });
    worker = w;
    w.addEventListener("message", (event) => onMessage(w, event));
    // A worker script that cannot even load (404, syntax error) only shows
    // up here; turn it into the same data-shaped failure.
    w.addEventListener("error", (event) => {
      event.preventDefault();
      if (w === worker) fail(unavailable(event.message || "worker error"));
    });
    w.addEventListener("messageerror", () => { if (w === worker) fail(unavailable("unreadable message")); });
    progressed();
  }

  // The worker starts at once, on a first visit too: its downloads and the
  // service worker's precache meet in the browser's HTTP cache (the precache
  // revalidates and gets a bodiless 304), so nothing is downloaded twice.
  // Calls made before it is ready simply wait in line.
  Promise.resolve().then(() => { if (!dead) spawn(false); });

  /** @param {string} cmd @param {object} [args] @param {CallOptions} [options] @returns {Promise<Reply>} */
  function call(cmd, args = {}, options = {}) {
    const id = nextId++;
    if (dead) return Promise.resolve({ id, ok: false, error: dead });
    return new Promise((resolve) => {
      pending.set(id, resolve);
      /** @param {EngineError} error */
      const answer = (error) => {
        if (pending.delete(id)) resolve({ id, ok: false, error });
      };
      ready.then(() => {
        if (!worker || !pending.has(id)) return;
        try {
          worker.postMessage({ id, cmd, args, ...options });
        } catch (e) {
          // A request the browser cannot copy to the worker (far too deep)
          // is answered here, as data, like any refusal.
          answer(lost("unsendable", `${e?.message ?? e}`));
          return;
        }
        setTimeout(() => answer(lost("timeout", `${replyMs / 1000} s`)), replyMs);
      });
    });
  }

  function terminate() {
    worker?.terminate();
    fail(unavailable("terminated"));
  }

  if (markDocument) pageEngine = engine;
  return engine;
}

// The engine behind <html data-engine>, for code (and tests) that did not
// create it but need to talk to it.
/** @returns {PageEngine | null} */
export function currentEngine() {
  return pageEngine;
}
