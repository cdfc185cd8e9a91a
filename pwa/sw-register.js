// Registers the offline service worker and offers new versions politely:
// a waiting version is announced with a button, and the page reloads only
// after the player taps it (never in the middle of a hand on its own).

const TEXT = {
  de: "Neue Version bereit – neu laden",
  en: "Update ready — reload",
};

export async function registerServiceWorker({ url = "./service-worker.js" } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(url, { scope: "./" });
  } catch (err) {
    // Without a service worker the app still runs online; nothing to offer.
    console.warn("service worker registration failed", err);
    return null;
  }

  const offer = (worker) => {
    // Only an update needs a prompt; the very first install has no old
    // version to replace (there is no controller yet).
    if (navigator.serviceWorker.controller) showUpdateToast(worker);
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

function showUpdateToast(worker) {
  if (document.getElementById("sw-update")) return;
  injectStyle();
  const lang = (document.documentElement.lang || "de").toLowerCase().startsWith("en") ? "en" : "de";
  const box = document.createElement("div");
  box.className = "sw-toast";
  box.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "sw-update";
  button.textContent = TEXT[lang];
  button.addEventListener("click", () => {
    button.disabled = true;
    // The reload waits for the new worker to take control, so the reloaded
    // page is served from the new cache and not the old one.
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage({ type: "skipWaiting" });
  });
  box.append(button);
  document.body.append(box);
}

function injectStyle() {
  if (document.getElementById("sw-toast-style")) return;
  const style = document.createElement("style");
  style.id = "sw-toast-style";
  style.textContent = `
.sw-toast { position: fixed; left: 0; right: 0; bottom: max(16px, env(safe-area-inset-bottom));
  display: flex; justify-content: center; pointer-events: none; z-index: 1000; }
.sw-toast button { pointer-events: auto; min-height: 48px; min-width: 48px; padding: 12px 20px;
  font: inherit; font-size: 1rem; color: #f4f1e8; background: #1f6f5c; border: 2px solid #f4f1e8;
  border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 0.5); cursor: pointer; }
.sw-toast button:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
`;
  document.head.append(style);
}
