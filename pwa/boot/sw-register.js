// Registers the offline service worker and offers new versions politely:
// a waiting version is announced with a button, and the page reloads only
// after the player taps it (never in the middle of a hand on its own).
import { t } from "../i18n/i18n.js";

export async function registerServiceWorker({ url = "./service-worker.js" } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  const sw = navigator.serviceWorker;

  let registration;
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

  const offer = (worker) => {
    // Only an update needs a prompt; the very first install has no old
    // version to replace (there is no controller yet).
    if (sw.controller) showUpdateToast(worker);
  };
  // The update may already be under way (or done) by the time register()
  // resolves, so look at every stage, not just future "updatefound" events.
  const track = (worker) => {
    if (!worker) return;
    if (worker.state === "installed") offer(worker);
    else worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  return registration;
}

// Styled by the app's style.css (.sw-toast): the page's Content Security
// Policy refuses injected <style> elements. The offer sits in the page's
// flow under the header, so it never covers a name or a button, and
// "later" puts it away until the next start.
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
    // The reload waits for the new worker to take control, so the reloaded
    // page is served from the new cache and not the old one.
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage({ type: "skipWaiting" });
  });
  box.append(button, later);
  const main = document.getElementById("screen");
  if (main) main.before(box);
  else document.body.append(box);
}
