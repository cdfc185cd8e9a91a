// Registers the offline service worker and offers new versions politely:
// a waiting version is announced with a button, and the page reloads only
// after the player taps it (never in the middle of a hand on its own).
// Whoever takes the update (this tab or another one), this tab's button
// reloads it into the new version; an app left open asks for an update when
// it is back online or in front again.
import { t } from "../i18n/i18n.js";

/** @type {ServiceWorkerRegistration | null} */
let registration = null;
// The player asked for the new version: the page reloads once it is in control.
let wanted = false;
// Another version took control of this page (another tab's tap): this page
// still runs the old one, and a reload brings the new.
let switched = false;
let reloading = false;
// Whether an update check on coming to the front waits: not more than one a minute.
const CHECK_EVERY = 60_000;
let lastCheck = 0;

function reload() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

export async function registerServiceWorker({ url = "./service-worker.js" } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  const sw = navigator.serviceWorker;
  // Listened for from the start, not only after this tab's tap: another
  // tab's tap hands this page to the new version too, and a later tap here
  // must then reload at once (there is nothing left waiting to activate).
  let controlled = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    // The very first install claims the page: no old version to replace.
    if (!controlled) { controlled = true; return; }
    switched = true;
    if (wanted) reload();
    else showUpdateToast(null);
  });

  try {
    registration = await sw.register(url, { scope: "./" });
  } catch (err) {
    // Without a service worker the app still runs online; nothing to offer.
    console.warn("service worker registration failed", err);
    return null;
  }
  // A blocked registration (e.g. a test browser with service workers off)
  // may resolve to nothing rather than throw.
  if (!registration) return null;
  const reg = registration;
  // The worker keeps the files of older builds while an open page runs
  // them; a page's start is when the last old one may have gone (closed or
  // reloaded), so the worker then drops what no open page needs.
  sw.controller?.postMessage({ type: "started" });

  const offer = (/** @type {ServiceWorker} */ worker) => {
    // Only an update needs a prompt; the very first install has no old
    // version to replace (there is no controller yet).
    if (sw.controller) showUpdateToast(worker);
  };
  // The update may already be under way (or done) by the time register()
  // resolves, so look at every stage, not just future "updatefound" events.
  const track = (/** @type {ServiceWorker | null} */ worker) => {
    if (!worker) return;
    if (worker.state === "installed") offer(worker);
    else worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  };
  track(reg.waiting);
  track(reg.installing);
  reg.addEventListener("updatefound", () => track(reg.installing));
  // The browser looks for a new version only when a page is opened: an app
  // left open for days would never hear of one. It asks again when the
  // phone is back online and when the app comes back to the front.
  const check = () => {
    lastCheck = Date.now();
    reg.update().catch(() => { /* offline, or the server away: the next chance asks again */ });
  };
  window.addEventListener("online", check);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > CHECK_EVERY) check();
  });
  return reg;
}

// Takes the new version now: the waiting one is told to take over, and the
// page reloads once it is in control (so the reload is served from the new
// cache, not the old one). Where another tab already took it, or nothing
// is waiting any more, the page reloads at once.
/** @param {ServiceWorker | null} [worker] */
export function takeUpdate(worker) {
  wanted = true;
  if (switched) { reload(); return; }
  const waiting = registration?.waiting ?? (worker?.state === "installed" ? worker : null);
  if (!waiting) { reload(); return; }
  waiting.postMessage({ type: "skipWaiting" });
  // Should the switch never be announced, the page still goes to the new
  // version once it is active (or gone: another tab's took its place).
  // Never on a clock alone: while the new version activates, a reload is
  // served by the old one (on a busy phone that took more than 5 s, once
  // more than 30 s, and the page came back as the old version). The
  // browser lets it activate once the old one has nothing in hand; the
  // request is said again now and then, should the first have gone
  // unheard by a worker that was stopping.
  let asked = 0;
  const look = () => {
    if (waiting.state !== "activated" && waiting.state !== "redundant") return false;
    clearInterval(every);
    setTimeout(reload, 1000);
    return true;
  };
  waiting.addEventListener("statechange", look);
  const every = setInterval(() => {
    if (!look() && ++asked % 10 === 0) waiting.postMessage({ type: "skipWaiting" });
  }, 1000);
}

// A part of the app that cannot be loaded (its chunk gone from the server
// and from every cache: this page runs a version another tab replaced) is
// fetched in the version now on the server: the page asks for it, lets it
// take over and reloads. → false where that was tried a moment ago (the
// part is missing from the new version too): then the page stays.
const PART_RELOAD = "schraem:part-reload";
export function reloadForMissingPart() {
  try {
    if (Date.now() - (Number(sessionStorage.getItem(PART_RELOAD)) || 0) < 60_000) return false;
    sessionStorage.setItem(PART_RELOAD, String(Date.now()));
  } catch {
    return false; // no way to tell a second try from the first: no reload
  }
  (async () => {
    const reg = registration;
    try { await reg?.update(); } catch { /* offline: the reload takes what is here */ }
    const coming = reg?.installing;
    if (coming) {
      await new Promise((done) => {
        coming.addEventListener("statechange", () => { if (coming.state !== "installing") done(null); });
        setTimeout(done, 10_000);
      });
    }
    // A moment to read why the page goes away.
    setTimeout(() => takeUpdate(null), 1500);
  })();
  return true;
}

// Styled by the app's style.css (.sw-toast): the page's Content Security
// Policy refuses injected <style> elements. The offer sits in the page's
// flow under the header, so it never covers a name or a button, and
// "later" puts it away until the next start.
/** @param {ServiceWorker | null} [worker] */
export function showUpdateToast(worker) {
  if (document.getElementById("sw-update")) return;
  const box = document.createElement("div");
  box.className = "sw-toast";
  box.setAttribute("role", "status");
  const later = document.createElement("button");
  later.type = "button";
  later.className = "secondary";
  later.dataset.swLater = "true";
  later.textContent = t("update.later");
  later.addEventListener("click", () => box.remove());
  const button = document.createElement("button");
  button.type = "button";
  button.id = "sw-update";
  button.textContent = t("update.reload");
  button.addEventListener("click", () => {
    button.disabled = true;
    takeUpdate(worker);
  });
  box.append(button, later);
  const main = document.getElementById("screen");
  if (main) main.before(box);
  else document.body.append(box);
}
