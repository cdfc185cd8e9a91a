// One writer across tabs: the tab holding the Web Lock "schraem-writer"
// saves; any other tab on this phone shows the game read-only until its
// player explicitly takes over (which takes the lock from the first tab, and
// that tab turns read-only in turn). A stale tab can never overwrite a newer
// game without being told.
const LOCK = 'schraem-writer';
let writer = !('locks' in navigator); // no Web Locks: a single tab is all there is
let lost = () => {};

export function isWriter() {
  return writer;
}

// → Promise<boolean>: whether this tab is the writer now. `steal` takes the
// lock from another tab (the player chose "take over here").
/**
 * @param {{steal?: boolean, onLost?: () => void}} [options]
 * @returns {Promise<boolean>}
 */
export function claimWriter({ steal = false, onLost } = {}) {
  if (onLost) lost = onLost;
  if (!('locks' in navigator)) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return undefined;
      }
      writer = true;
      resolve(true);
      return new Promise(() => {}); // held for as long as this page lives
    }).catch(() => {
      // Another tab took over: from now on this one only shows.
      writer = false;
      lost();
    });
  });
}
