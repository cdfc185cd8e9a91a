// Keep the screen on while a game runs: a phone that dims mid-hand in a pub
// gets tapped awake at the wrong moment. Browsers drop the lock whenever the
// page is hidden, so it is taken again on return.
let wanted = false;
let sentinel = null;
// Every render asks (keepAwake): while a request is under way, or after the
// browser refused one (battery saver, no permission), it is not asked again
// until the page is shown again.
let asking = false;
let refused = false;

async function acquire() {
  if (!wanted || sentinel || asking || refused || document.visibilityState !== 'visible' || !navigator.wakeLock) return;
  asking = true;
  try {
    const got = await navigator.wakeLock.request('screen');
    got.addEventListener('release', () => { if (sentinel === got) sentinel = null; });
    sentinel = got;
  } catch {
    refused = true; // the game still works
  } finally {
    asking = false;
  }
  // The game ended while the browser was asked.
  if (!wanted) keepAwake(false);
}

export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else if (sentinel) { sentinel.release().catch(() => {}); sentinel = null; }
}

document.addEventListener('visibilitychange', () => { refused = false; acquire(); });
