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
