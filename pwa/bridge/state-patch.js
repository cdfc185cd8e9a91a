// What changed between two states a guest phone is sent (table-relay.js on
// the host, remote-engine.js on the guest). A move changes a few fields of
// a view of some kilobytes and adds one entry to its log, so the host sends
// each guest only that, against the last state that guest's channel was
// sent. A patch is built from the seat's own two states and nothing else,
// so it can hold no card the seat's own state does not.
//
// A patch of an object or of an array of the same length:
//   {s: {key: value}, p: {key: patch}, a: {key: [items added at the end]}, d: [keys removed]}
// every part optional; {} means nothing changed.

/**
 * A patch; its values are JSON as the engine wrote it.
 * @typedef {object} Patch
 * @property {Record<string, any>} [s] keys set to a value
 * @property {Record<string, Patch>} [p] keys patched
 * @property {Record<string, any[]>} [a] items added at the end of an array
 * @property {string[]} [d] keys removed
 */

/** @param {unknown} x @returns {boolean} */
function isObject(x) {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/** @param {any} a @param {any} b @returns {boolean} */
export function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

/** @param {Patch} out @param {'s' | 'p' | 'a'} part @param {string} key @param {any} value */
function put(out, part, key, value) {
  (out[part] ??= {})[key] = value;
}

// → the patch taking `a` to `b` (both objects, or arrays of one length).
/** @param {any} a @param {any} b @returns {Patch} */
export function diff(a, b) {
  /** @type {Patch} */
  const out = {};
  for (const k of Object.keys(b)) {
    const x = a[k];
    const y = b[k];
    if (!Object.hasOwn(a, k)) put(out, 's', k, y);
    else if (same(x, y)) continue;
    else if (Array.isArray(x) && Array.isArray(y) && y.length > x.length && x.every((v, i) => same(v, y[i]))) put(out, 'a', k, y.slice(x.length));
    else if ((Array.isArray(x) && Array.isArray(y) && x.length === y.length) || (isObject(x) && isObject(y))) put(out, 'p', k, diff(x, y));
    else put(out, 's', k, y);
  }
  if (!Array.isArray(b)) {
    const gone = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
    if (gone.length) out.d = gone;
  }
  return out;
}

/** @param {Patch} patch */
export function isEmpty(patch) {
  return Object.keys(patch).length === 0;
}

// Keys a JSON text can carry that would reach an object's prototype.
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** @param {unknown} part @returns {string[]} */
function keysOf(part) {
  if (part === undefined) return [];
  if (!isObject(part)) throw new Error('bad patch');
  const keys = Object.keys(/** @type {object} */ (part));
  if (keys.some((k) => UNSAFE.has(k))) throw new Error('bad patch');
  return keys;
}

// → a new state: `a` with `patch` applied; `a` itself is left as it was.
// Throws on a patch that does not fit `a` (the caller then asks afresh).
/** @param {any} a @param {any} patch as received: checked here, part by part @returns {any} */
export function apply(a, patch) {
  if (!isObject(patch) || (!isObject(a) && !Array.isArray(a))) throw new Error('bad patch');
  const out = Array.isArray(a) ? a.slice() : { ...a };
  for (const k of keysOf(patch.s)) out[k] = patch.s[k];
  for (const k of keysOf(patch.p)) out[k] = apply(a[k], patch.p[k]);
  for (const k of keysOf(patch.a)) {
    if (!Array.isArray(a[k]) || !Array.isArray(patch.a[k])) throw new Error('bad patch');
    out[k] = a[k].concat(patch.a[k]);
  }
  if (patch.d !== undefined) {
    if (!Array.isArray(patch.d) || Array.isArray(a)) throw new Error('bad patch');
    for (const k of patch.d) delete out[k];
  }
  return out;
}
