// The one way the shell builds DOM. Text always goes in as text nodes, so a
// player called "<img src=x onerror=…>" is shown literally and never parsed.
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'value') el.value = value;
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? (KEPT.has(child) ? standIn(child) : child) : document.createTextNode(String(child)));
  }
  return el;
}

export function replace(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c != null && c !== false));
  for (const s of standIns) if (s.parentNode && el.contains(s)) s.replaceWith(STAND_IN.get(s));
  standIns = [];
}

// --- parts kept as drawn (keeper) -----------------------------------------
// A part a screen shows unchanged since it was last drawn is the very node
// on the page. Whatever is built around it holds a stand-in for it (a
// comment), so building never takes it out of the page, and patch and
// replace put the node itself where its stand-in is; patch never changes
// it nor takes it as the pattern for another.
const KEPT = new WeakSet(); // parts shown unchanged in the drawing under way
const STAND_IN = new WeakMap(); // stand-in → its part
let standIns = []; // the stand-ins made since the last drawing
const PART = new WeakSet(); // a part drawn anew (what it shows changed)
const LIVE = new WeakMap(); // a part drawn anew → the page's node patch made look like it

function standIn(node) {
  const s = document.createComment('');
  STAND_IN.set(s, node);
  standIns.push(s);
  return s;
}

// A screen's parts kept from one drawing to the next: each round (one
// drawing of the screen) asks for its parts by a key that holds everything
// they show. A part whose key the round before asked for too is the node
// on the page, untouched, so neither building it nor comparing it costs
// anything (the past series of a 300-player tournament: 300 table cards);
// a part whose key is new is built and, drawn with patch, changes the page
// only where it differs. Parts not asked for in a round are let go.
export function keeper() {
  let last = new Map();
  let shown = [];
  return () => {
    const before = last;
    const now = new Map();
    last = now;
    for (const node of shown) KEPT.delete(node);
    shown = [];
    return (key, make) => {
      const drawn = now.has(key) ? null : before.get(key); // a node is in one place only
      const node = drawn ? LIVE.get(drawn) ?? drawn : make();
      if (drawn) { KEPT.add(node); shown.push(node); } else if (node) PART.add(node); // a part may show nothing
      now.set(key, node);
      return node;
    };
  };
}

// --- patch ----------------------------------------------------------------

// A form control is always taken new: its state (typed text, a checked
// box, a chosen option) lives in properties the browser keeps apart from
// the attributes compared here.
const TAKEN_NEW = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'VIDEO', 'CANVAS']);

function sameKind(old, fresh) {
  return old.nodeType === fresh.nodeType && old.nodeName === fresh.nodeName
    && (old.nodeType !== 1 || (!TAKEN_NEW.has(old.nodeName) && old.id === fresh.id));
}

// Except the text field being typed in, which stays: taken away, it would
// lose the keyboard's word under way, and say its change (a blur) in the
// middle of the drawing.
function typedIn(old, fresh) {
  return old === document.activeElement && (old.nodeName === 'TEXTAREA' || old.nodeName === 'INPUT')
    && old.nodeName === fresh.nodeName && old.type === fresh.type && old.id === fresh.id
    && old.getAttribute('data-field') === fresh.getAttribute('data-field');
}

// Set first, then taken away only where the page's element has more than
// the new one (then it holds one the new one does not): most elements
// compared have the same attributes, and this reads each once.
function patchAttributes(old, fresh) {
  const want = fresh.attributes;
  for (let i = 0; i < want.length; i++) {
    const { name, value } = want[i];
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old.attributes.length === want.length) return;
  for (const { name } of Array.from(old.attributes)) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
}

// The same element as far as a screen's parts go: its tag and its class.
function alike(a, b) {
  return a === b || (a.nodeType === 1 && b.nodeType === 1 && sameKind(a, b) && a.className === b.className);
}

function patchChildren(parent, wanted) {
  const have = parent.childNodes;
  for (let i = 0; i < wanted.length; i++) {
    const fresh = STAND_IN.get(wanted[i]) ?? wanted[i];
    const old = have[i];
    if (old === fresh) continue;
    // Another kind of element where one stood: something shown anew before
    // what stays (a notice, a row of buttons) is put in, and something no
    // longer shown taken away, not everything after it redrawn a place on.
    const other = old && !sameKind(old, fresh) && !KEPT.has(fresh);
    const next = other && i + 1 < wanted.length ? STAND_IN.get(wanted[i + 1]) ?? wanted[i + 1] : null;
    if (next && alike(old, next)) {
      parent.insertBefore(fresh, old);
    } else if (other && !KEPT.has(old) && have[i + 1] && alike(have[i + 1], fresh)) {
      old.remove();
      i -= 1;
    } else if (!old) {
      parent.append(fresh);
    } else if (KEPT.has(fresh)) {
      // A kept part further down: what stands before it is no longer
      // shown (a notice gone), so it is taken away, not the part moved.
      if (fresh.parentNode === parent) while (have[i] && have[i] !== fresh && !KEPT.has(have[i])) have[i].remove();
      if (have[i] !== fresh) parent.insertBefore(fresh, have[i]);
    } else if (KEPT.has(old)) {
      parent.insertBefore(fresh, old); // something new shown before a kept part
    } else if (typedIn(old, fresh)) {
      patchAttributes(old, fresh);
      if (old.value !== fresh.value) old.value = fresh.value;
    } else if (!sameKind(old, fresh)) {
      parent.replaceChild(fresh, old);
    } else if (old.nodeType === 1) {
      patchAttributes(old, fresh);
      patchChildren(old, [...fresh.childNodes]);
      if (PART.has(fresh)) LIVE.set(fresh, old);
    } else if (old.nodeValue !== fresh.nodeValue) {
      old.nodeValue = fresh.nodeValue;
    }
  }
  while (have.length > wanted.length) parent.lastChild.remove();
}

// Like replace, but only what differs from the page is changed: a screen
// drawn again after one card was played keeps every other node, so the
// browser restyles and lays out only that card's part (a phone at a table
// of phones draws each of the others' taps). The children must be new
// nodes, as h() makes them, or parts of a keeper; what they hold is what
// the screen shows after.
export function patch(el, ...children) {
  patchChildren(el, children.flat(Infinity).filter((c) => c != null && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
  standIns = [];
}

// Re-rendering replaces the focused control; the new one gets the focus
// back by its selector, and a text field its caret or selection too: a
// player typing a name while the screen is drawn again (the engine coming
// up, a list read) goes on where they were, and the name they had selected
// to type over is still selected, not appended to.
export function caretOf(node) {
  return typeof node?.selectionStart === 'number' ? [node.selectionStart, node.selectionEnd, node.selectionDirection] : null;
}

export function refocus(selector, caret) {
  const node = document.querySelector(selector);
  node?.focus({ preventScroll: true });
  if (caret && typeof node?.selectionStart === 'number') node.setSelectionRange(...caret);
}

// SVG drawings (the Roman XII) need their own namespace; only attributes, no
// text and no style.
const SVG_NS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value != null && value !== false) el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) if (child) el.append(child);
  return el;
}

/**
 * Opens a file field's picker. The picker stays open while the person
 * looks for the file, and a redraw meanwhile (an answer arriving, a state
 * from another phone) replaces the field: its change then happens outside
 * the page, where the page's change listeners never hear it. So a field
 * that was replaced is put back, hidden, just long enough to say it again.
 * @param {HTMLInputElement | null | undefined} input
 */
export function pickFile(input) {
  if (!input) return;
  input.addEventListener('change', () => {
    if (input.isConnected) return;
    input.hidden = true;
    document.body.append(input);
    input.dispatchEvent(new Event('change', { bubbles: true }));
    input.remove();
  }, { once: true });
  input.click();
}
