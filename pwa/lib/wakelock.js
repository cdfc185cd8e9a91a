// Keep the screen on while a game runs: a phone that dims mid-hand in a pub
// gets tapped awake at the wrong moment. Browsers drop the lock whenever the
// page is hidden, so it is taken again on return.
let wanted = false;
let sentinel = null;

async function acquire() {
  if (!wanted || sentinel || document.visibilityState !== 'visible' || !navigator.wakeLock) return;
  try {
    sentinel = await navigator.wakeLock.request('screen');
    sentinel.addEventListener('release', () => { sentinel = null; });
  } catch {
    sentinel = null; // battery saver or no permission: the game still works
  }
}

export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else if (sentinel) { sentinel.release().catch(() => {}); sentinel = null; }
}

document.addEventListener('visibilitychange', acquire);
