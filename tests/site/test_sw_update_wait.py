"""The update's "reload" (pwa/boot/sw-register.js), run in Node on a
clock of its own: while the new version is still activating, the page
does not reload (a reload then is served by the old version, and the
player, who asked for the new one, got the old one back after 30 s on a
busy machine); it asks again now and then, and reloads once, as soon as
the new version is active, even when no state change is announced."""

from __future__ import annotations

RUN = """
// A clock of the test's own: timers run when it is moved on.
let now = 0;
let timers = [];
let next = 1;
const cleared = new Set();
globalThis.setTimeout = (f, ms = 0) => { timers.push({ id: next, at: now + ms, f }); return next++; };
globalThis.setInterval = (f, ms) => {
  const id = next++;
  const tick = () => { f(); if (!cleared.has(id)) timers.push({ id, at: now + ms, f: tick }); };
  timers.push({ id, at: now + ms, f: tick });
  return id;
};
globalThis.clearInterval = (id) => { cleared.add(id); };
const advance = (ms) => {
  const end = now + ms;
  for (;;) {
    timers.sort((a, b) => a.at - b.at);
    const t = timers[0];
    if (!t || t.at > end) break;
    timers.shift();
    now = t.at;
    if (!cleared.has(t.id)) t.f();
  }
  now = end;
};

const asked = [];
const waiting = {
  state: 'installed',
  // No state change is ever announced: the page must look for itself.
  addEventListener() {},
  postMessage(msg) { asked.push(msg.type); },
};
const registration = { waiting, installing: null, addEventListener() {}, update: async () => {} };
globalThis.navigator = {
  languages: ['de'], language: 'de',
  serviceWorker: { controller: { postMessage() {} }, addEventListener() {}, register: async () => registration },
};
globalThis.localStorage = { getItem: () => null, setItem() {} };
globalThis.window = { addEventListener() {} };
// The offer is on screen already: nothing to draw here.
globalThis.document = { documentElement: {}, addEventListener() {}, getElementById: () => ({}) };
const reloads = [];
globalThis.location = { reload: () => reloads.push(now) };

const { registerServiceWorker, takeUpdate } = await import('./pwa/boot/sw-register.js');
await registerServiceWorker();
takeUpdate(waiting);
waiting.state = 'activating';
advance(45_000);
const whileActivating = [...reloads];
const askedWhileActivating = asked.length;
// Active, with no state change announced (the event went unheard).
waiting.state = 'activated';
advance(3_000);
const afterActive = [...reloads];
advance(60_000);
console.log(JSON.stringify({ whileActivating, askedWhileActivating, afterActive, reloads }));
process.exit(0);
"""


def test_the_update_reloads_only_once_the_new_version_is_active(node_json):
    out = node_json(RUN)
    assert out["whileActivating"] == [], "reloaded into the old version while the new one activated"
    assert out["askedWhileActivating"] >= 3, "the request to take over was not said again"
    assert len(out["afterActive"]) == 1 and 45_000 < out["afterActive"][0] <= 48_000
    assert len(out["reloads"]) == 1
