// The saved table, on screen before the shell's modules are in: a classic
// script first in index.html's head, so it runs with the page instead of
// after the shell's bundle is fetched and compiled. It shows the markup
// painted.js kept of the saved game's last drawn table (storage.js forgets
// it with every write of the game), inert, until app.js draws the same game
// live and takes the taps. What is kept is treated as untrusted text: only
// the expected fields, the known screens and markup without scripts, frames
// or event handlers are used.
(function () {
  'use strict';
  var FORMAT = 'schraem-painted/1';
  var SCREENS = { table: true, sheet: true };
  var DROPPED = 'script,style,link,meta,base,iframe,frame,frameset,object,embed,template,noscript';

  function fragment(html) {
    var t = document.createElement('template');
    t.innerHTML = html; // a template's content is inert: nothing in it loads or runs
    t.content.querySelectorAll(DROPPED).forEach(function (n) { n.remove(); });
    t.content.querySelectorAll('*').forEach(function (n) {
      for (var i = n.attributes.length - 1; i >= 0; i -= 1) {
        var a = n.attributes[i];
        if (/^on/i.test(a.name) || /^srcdoc$/i.test(a.name) || /^\s*javascript:/i.test(a.value)) n.removeAttribute(a.name);
      }
    });
    return t.content;
  }

  function text(v) { return typeof v === 'string'; }

  // The script runs before the parser has reached the body: the paint waits
  // for the footer (the last part it fills) to be there.
  function whenParsed(fn) {
    if (document.getElementById('controls')) { fn(); return; }
    var seen = new MutationObserver(function () {
      if (!document.getElementById('controls')) return;
      seen.disconnect();
      fn();
    });
    seen.observe(document, { childList: true, subtree: true });
  }

  function paint(p) {
    var body = document.body;
    var screen = document.getElementById('screen');
    var controls = document.getElementById('controls');
    // The shell drew first (a fast start): its screen is the live one.
    if (!body || !screen || !controls || body.dataset.screen !== 'loading') return;
    if (!p || p.format !== FORMAT || !SCREENS[p.screen] || !text(p.main) || !text(p.controls)) return;
    screen.replaceChildren(fragment(p.main));
    controls.replaceChildren(fragment(p.controls));
    (Array.isArray(p.tools) ? p.tools : []).forEach(function (t) {
      document.querySelectorAll('header .tools [data-action]').forEach(function (b) {
        if (!t || b.dataset.action !== t.action) return;
        if (text(t.html)) b.replaceChildren(fragment(t.html));
        b.hidden = t.hidden === true;
        if (text(t.label)) b.setAttribute('aria-label', t.label);
        if (t.lang === 'de' || t.lang === 'en') b.setAttribute('lang', t.lang);
      });
    });
    if (p.lang === 'de' || p.lang === 'en') document.documentElement.lang = p.lang;
    if (p.contrast === 'high' || p.contrast === 'normal') document.documentElement.dataset.contrast = p.contrast;
    if (text(p.title)) document.title = p.title;
    body.dataset.screen = p.screen;
    body.dataset.painted = 'early';
    screen.inert = true;
    controls.inert = true;
    performance.mark('schraem:saved-painted');
    // Scrolled as it was once the styles are in (they are before the first frame).
    var top = screen.querySelector('.table-top');
    if (top && typeof p.tableTop === 'number') requestAnimationFrame(function () { top.scrollTop = p.tableTop; });
  }

  var kept = null;
  try {
    kept = JSON.parse(localStorage.getItem('schraem.painted'));
  } catch (e) {
    return; // nothing readable kept (or no storage here): the shell draws the game
  }
  if (kept && kept.format === FORMAT) whenParsed(function () { paint(kept); });
}());
