// Offline cache for Schräm. build.py replaces the block between the BUILD
// markers with the real file list and a hash over every file's content, so
// any change to the site yields a new cache and a new worker version.
// "integrity" holds the digests of the files whose names do not carry a
// hash of their content.
const BUILD = /*BUILD*/{ "version": "dev", "files": [], "integrity": {} }/*END BUILD*/;
const PREFIX = "schraem-";
const CACHE = PREFIX + BUILD.version;
// The engine worker's memory snapshot (pwa/bridge/worker.js) outlives releases that
// leave Pyodide and the engine as they were; the worker replaces it itself.
const SNAPSHOT_CACHE = "schraem-snapshot";

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new version waits until the player taps
  // "reload", so a running game is never swapped out underneath them.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // What the page and the engine worker have just fetched (Pyodide even
    // while it is still arriving) is taken from the HTTP cache without
    // asking the server. A name with a hash of its content in it cannot be
    // stale; any other file must match this build's digest, so a copy from
    // an earlier visit fails and is fetched again, revalidated ("no-cache").
    const take = (f, mode) => new Request(f, { cache: mode, integrity: BUILD.integrity[f] ?? "" });
    const first = await Promise.allSettled(BUILD.files.map((f) => cache.add(take(f, "force-cache"))));
    const again = BUILD.files.filter((f, i) => first[i].status === "rejected");
    await cache.addAll(again.map((f) => take(f, "no-cache")));
  })());
  // Where the browser can (Chromium's static routing), the shell's scripts
  // and styles come straight from this version's precache without starting
  // this worker's script: the first paint of a saved game waits for the
  // shell's scripts, and a fetch event each in one busy thread costs more
  // than the paint itself. A miss still goes to the network.
  if (event.addRoutes) {
    const here = new URL("./", self.location.href).pathname;
    event.waitUntil(event.addRoutes(["script", "style", "worker"].map((destination) => ({
      condition: { urlPattern: new URLPattern({ pathname: `${here}*`, baseURL: self.location.href }), requestDestination: destination },
      source: { cacheName: CACHE },
    }))).catch((err) => console.warn("no static routes", err)));
  }
});

// Marks a file carried over from the build before (see "activate").
const CARRIED = "x-schraem-carried";

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const old = names.filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== SNAPSHOT_CACHE);
    await carryOver(old);
    await Promise.all(old.map((n) => caches.delete(n)));
    // Control the first visit at once, so it works offline without a reload.
    await self.clients.claim();
  })());
});

// A tab still open on the build before (another tab took this one) loads
// its rarely used parts only when they are first needed, by names this
// build does not have. Those files of the build before go into this
// build's cache, marked, so the open tab still finds them (the static
// routes look only here) after the browser's HTTP cache let them go. Only
// one build back: a file already carried is not carried again, so the
// cache never grows by more than one build's leftovers.
async function carryOver(names) {
  const mine = new Set(BUILD.files.map((f) => new URL(f, self.location.href).href));
  const cache = await caches.open(CACHE);
  for (const name of names) {
    const before = await caches.open(name);
    for (const request of await before.keys()) {
      if (mine.has(request.url)) continue;
      const response = await before.match(request);
      if (!response || response.headers.has(CARRIED)) continue;
      const headers = new Headers(response.headers);
      headers.set(CARRIED, "1");
      await cache.put(request, new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers }));
    }
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

// Opened once per worker start: the first-paint requests (every module of
// the shell at once) do not each wait for caches.open.
let opened = null;
function precache() {
  if (!opened) opened = caches.open(CACHE);
  return opened;
}

async function respond(request) {
  const cache = await precache();
  // Every page of the app is index.html: serve it for any navigation, so a
  // reload with a query string or hash still starts offline.
  if (request.mode === "navigate") return (await cache.match("./")) ?? fetch(request);
  // An exact match is an indexed lookup; ignoreSearch makes the cache compare
  // every entry, which costs tens of milliseconds per request when the page
  // asks for all its modules at once. Only a URL with a query needs it.
  const hit = (await cache.match(request))
    ?? (new URL(request.url).search ? await cache.match(request, { ignoreSearch: true }) : undefined);
  if (hit) return hit;
  return fetch(request);
}
