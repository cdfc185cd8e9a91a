// The one script that runs before any module (deferred, so it holds up
// nothing; deferred scripts run in document order). If the app has drawn nothing
// after a while (a module that never arrives, browser storage that never
// answers: both seen in test runs, at a rate no single run reproduces), the
// page loads itself again once; if that stalls too, it says so in plain words
// with a reload button instead of "loading" for ever. Nothing can be lost
// here: until the first screen is drawn the app has accepted no tap.
(function () {
  var KEY = 'schraem:boot-retry';
  var controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  // Installed, every file is local: a draw takes well under a second. A first
  // visit downloads the app first.
  var asked = Number(new URLSearchParams(location.search).get('bootlimit'));
  var limit = asked > 0 ? asked : controlled ? 15000 : 90000;
  function retried(set) {
    try {
      if (set === undefined) return sessionStorage.getItem(KEY) === '1';
      if (set) sessionStorage.setItem(KEY, '1'); else sessionStorage.removeItem(KEY);
    } catch (e) { /* no sessionStorage: no second try */ }
    return true;
  }
  setTimeout(function () {
    if (document.body.dataset.screen !== 'loading') {
      retried(false);
      return;
    }
    if (!retried()) {
      retried(true);
      location.reload();
      return;
    }
    retried(false);
    document.documentElement.dataset.boot = 'stalled';
    // Its own words: it speaks when the modules (the words of i18n/ among
    // them) never came.
    var de = document.documentElement.lang !== 'en';
    var box = document.querySelector('main .loading') || document.getElementById('screen');
    var text = document.createElement('p');
    text.setAttribute('role', 'alert');
    text.textContent = de
      ? 'Schräm lädt nicht (der Browser hat die App nicht gestartet). Bitte neu laden.'
      : 'Schräm does not load (the browser did not start the app). Please reload.';
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'big primary';
    button.dataset.action = 'reload-app';
    button.textContent = de ? 'Neu laden' : 'Reload';
    button.addEventListener('click', function () { location.reload(); });
    box.replaceChildren(text, button);
    box.removeAttribute('aria-busy');
  }, limit);
}());
