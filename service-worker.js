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
    await noteInstalled();
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

// A page keeps, for as long as it is open, the static routes of the worker
// that served it: its scripts come from its own build's cache (a miss goes
// to the network, where a newer build has other names), whichever worker
// took over since. So an older build's cache stays whole while an open page
// runs that build, and goes once none does. A page cannot know its build
// (the version is a hash over every file, its own included), but the worker
// that answers its navigation serves it this build: each page's build is
// noted here, in a cache of its own, as the worker's memory does not
// outlive its being stopped. Beside them, the order in which the builds
// were installed, so that a build still to come never loses its cache.
const PAGES_CACHE = "schraem-pages";
const PAGE = "__page/"; // + a page's client id → the build it runs
const INSTALLED = "__installed/"; // + a version → its place in the order of installs
const record = (kind, name) => new URL(kind + encodeURIComponent(name), self.registration.scope).href;

/** @param {Cache} pages → {version: its place in the order of installs} */
async function installed(pages) {
  const order = new Map();
  const from = record(INSTALLED, "");
  for (const request of await pages.keys()) {
    if (!request.url.startsWith(from)) continue;
    order.set(decodeURIComponent(request.url.slice(from.length)), Number(await (await pages.match(request))?.text()) || 0);
  }
  return order;
}

// Noted once this build's files are all in its cache.
async function noteInstalled() {
  const pages = await caches.open(PAGES_CACHE);
  const order = await installed(pages);
  await pages.put(record(INSTALLED, BUILD.version), new Response(String(Math.max(0, ...order.values()) + 1)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await dropUnused();
    // Control the first visit at once, so it works offline without a reload.
    await self.clients.claim();
  })());
});

// Drops the caches of older builds no open page runs (and the notes of
// pages no longer open). Nothing goes while a page runs a build not known
// (opened before workers kept the note, or a first visit before the worker
// took control): it may need any older file. Only builds installed before
// this one go: a build waiting for the player's tap keeps its cache, and so
// does a newer one should this worker be out of date already. A cache with
// no place in the order (an install that failed, or from before the order
// was kept) goes when no install is under way or waiting.
async function dropUnused() {
  const scope = self.registration.scope;
  const open = (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).filter((c) => c.url.startsWith(scope));
  const pages = await caches.open(PAGES_CACHE);
  const builds = new Set();
  let unknown = false;
  for (const client of open) {
    const page = await pages.match(record(PAGE, client.id));
    if (page) builds.add(await page.text());
    else unknown = true;
  }
  const here = new Set(open.map((c) => record(PAGE, c.id)));
  for (const request of await pages.keys()) {
    if (request.url.startsWith(record(PAGE, "")) && !here.has(request.url)) await pages.delete(request);
  }
  if (unknown) return;
  // Read in this order, so that an install finishing meanwhile is seen
  // either in the order or as waiting.
  const names = await caches.keys();
  const order = await installed(pages);
  const coming = Boolean(self.registration.installing || self.registration.waiting);
  const place = order.get(BUILD.version);
  if (place === undefined) return;
  for (const name of names) {
    if (!name.startsWith(PREFIX) || [CACHE, SNAPSHOT_CACHE, PAGES_CACHE].includes(name)) continue;
    const build = name.slice(PREFIX.length);
    const since = order.get(build);
    if (builds.has(build) || (since === undefined ? coming : since >= place)) continue;
    await caches.delete(name);
    await pages.delete(record(INSTALLED, build));
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skipWaiting") self.skipWaiting();
  // Sent by a page once it has started (pwa/boot/sw-register.js): the last
  // page of an older build may have gone meanwhile.
  if (event.data && event.data.type === "started") event.waitUntil(dropUnused());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request, event));
});

// Opened once per worker start: the first-paint requests (every module of
// the shell at once) do not each wait for caches.open.
let opened = null;
function precache() {
  if (!opened) opened = caches.open(CACHE);
  return opened;
}

/** @param {Request} request @param {FetchEvent} event */
async function respond(request, event) {
  const cache = await precache();
  // Every page of the app is index.html: serve it for any navigation, so a
  // reload with a query string or hash still starts offline. The page
  // served from here runs this build (see PAGES_CACHE); one from the
  // network may not, and stays unknown.
  if (request.mode === "navigate") {
    const page = await cache.match("./");
    if (!page) return fetch(request);
    if (event.resultingClientId) {
      event.waitUntil(caches.open(PAGES_CACHE).then((pages) => pages.put(record(PAGE, event.resultingClientId), new Response(BUILD.version))));
    }
    return page;
  }
  // An exact match is an indexed lookup; ignoreSearch makes the cache compare
  // every entry, which costs tens of milliseconds per request when the page
  // asks for all its modules at once. Only a URL with a query needs it.
  const hit = (await cache.match(request))
    ?? (new URL(request.url).search ? await cache.match(request, { ignoreSearch: true }) : undefined);
  if (hit) return hit;
  // A page without static routes (a first visit, or a browser without
  // them) that still runs an older build asks here for files only that
  // build has: its cache stays while the page is open.
  return (await caches.match(request)) ?? fetch(request);
}
