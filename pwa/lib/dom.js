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
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function replace(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c != null && c !== false));
}

// A form control is always taken new: its state (typed text, a checked
// box, a chosen option) lives in properties the browser keeps apart from
// the attributes compared here.
const TAKEN_NEW = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'VIDEO', 'CANVAS']);

function sameKind(old, fresh) {
  return old.nodeType === fresh.nodeType && old.nodeName === fresh.nodeName
    && (old.nodeType !== 1 || (!TAKEN_NEW.has(old.nodeName) && old.id === fresh.id));
}

function patchAttributes(old, fresh) {
  for (const { name } of Array.from(old.attributes)) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
}

function patchChildren(parent, wanted) {
  const have = parent.childNodes;
  for (let i = 0; i < wanted.length; i++) {
    const fresh = wanted[i];
    const old = have[i];
    if (!old) parent.append(fresh);
    else if (!sameKind(old, fresh)) parent.replaceChild(fresh, old);
    else if (old.nodeType === 1) { patchAttributes(old, fresh); patchChildren(old, [...fresh.childNodes]); }
    else if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
  }
  while (have.length > wanted.length) parent.lastChild.remove();
}

// Like replace, but only what differs from the page is changed: a screen
// drawn again after one card was played keeps every other node, so the
// browser restyles and lays out only that card's part (a phone at a table
// of phones draws each of the others' taps). The children must be new
// nodes, as h() makes them; what they hold is what the screen shows after.
export function patch(el, ...children) {
  patchChildren(el, children.flat(Infinity).filter((c) => c != null && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
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
