// Page side of the engine worker, after SVGOMG's WorkerMessenger: each
// request gets an id, and the reply with that id settles its promise.
// Replies are data: `call` resolves with {ok:false, error} on failure and
// never rejects, so the shell handles one shape for every outcome.

const DEFAULT_URL = new URL("./worker.js", import.meta.url);
// No request takes this long once the engine is up (a bot decision ~0.1 s,
// a large import a few seconds): a reply still missing then is lost, and
// the shell must not stay busy waiting for it.
const REPLY_MS = 30_000;
let pageEngine = null;

function lost(code, detail) {
  return code === "timeout" ? {
    kind: "EngineUnavailable", code,
    de: `Die Spiel-Engine hat nicht geantwortet (${detail}). Es wurde nichts geändert – bitte noch einmal versuchen.`,
    en: `The game engine did not answer (${detail}). Nothing was changed – please try again.`,
  } : {
    kind: "EngineUnavailable", code,
    de: "Diese Anfrage ist zu groß oder zu tief verschachtelt für die Spiel-Engine. Es wurde nichts geändert.",
    en: "This request is too large or too deeply nested for the game engine. Nothing was changed.",
  };
}

function unavailable(message) {
  return {
    kind: "EngineUnavailable",
    code: "worker_failed",
    de: `Die Spiel-Engine ist nicht verfügbar: ${message}`,
    en: `The game engine is unavailable: ${message}`,
  };
}

export function createEngine({ url = DEFAULT_URL, markDocument = true, replyMs = REPLY_MS } = {}) {
  const pending = new Map();
  let nextId = 1;
  let dead = null;
  let settleReady;
  const ready = new Promise((resolve) => { settleReady = resolve; });
  const engine = { call, ready, hello: null, timings: null, error: null, terminate };

  const mark = (value) => {
    if (markDocument) document.documentElement.dataset.engine = value;
  };
  mark("loading");

  function fail(error) {
    dead = error;
    engine.error = error;
    mark("failed");
    settleReady({ ok: false, error });
    for (const [id, resolve] of pending) resolve({ id, ok: false, error });
    pending.clear();
  }

  function onMessage(event) {
    const msg = event.data;
    if (msg && msg.type === "ready") {
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

  // The worker starts at once, on a first visit too: its downloads and the
  // service worker's precache meet in the browser's HTTP cache (the precache
  // revalidates and gets a bodiless 304), so nothing is downloaded twice.
  // Calls made before it runs simply wait in line.
  const started = Promise.resolve().then(() => {
    if (dead) return null;
    const worker = new Worker(url, { type: "module", name: "schraem-engine" });
    worker.addEventListener("message", onMessage);
    // A worker script that cannot even load (404, syntax error) only shows
    // up here; turn it into the same data-shaped failure.
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      fail(unavailable(event.message || "worker error"));
    });
    worker.addEventListener("messageerror", () => fail(unavailable("unreadable message")));
    return worker;
  });

  function call(cmd, args = {}) {
    const id = nextId++;
    if (dead) return Promise.resolve({ id, ok: false, error: dead });
    return new Promise((resolve) => {
      pending.set(id, resolve);
      const answer = (error) => {
        if (pending.delete(id)) resolve({ id, ok: false, error });
      };
      Promise.all([started, ready]).then(([worker]) => {
        if (!worker || !pending.has(id)) return;
        try {
          worker.postMessage({ id, cmd, args });
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
    started.then((worker) => worker?.terminate());
    fail(unavailable("terminated"));
  }

  if (markDocument) pageEngine = engine;
  return engine;
}

// The engine behind <html data-engine>, for code (and tests) that did not
// create it but need to talk to it.
export function currentEngine() {
  return pageEngine;
}
