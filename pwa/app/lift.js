// A finger's tap on a card of the hand, on the look button or on the
// table's knock, hold or pass button acts as the finger lifts, not at the
// click the browser makes of it afterwards: on a busy phone that click is
// a further turn of the page's main thread (measured at a table of phones,
// a quarter of a core: about 20 ms after the lift), and at a table of
// phones every other phone waits for the move. The browser is told to
// make no click of it (onTouchEnd); one it makes anyway (a pen's) is no
// second tap.
//
// Only what a click would have been: one finger (or pen), pressed and
// lifted on the same button, not moved as a scroll or a swipe is (the
// browser then cancels the pointer) and not held as a long press. A mouse,
// a keyboard and a screen reader act by the click as before.

const TABLE_TAPS = 'button[data-card], button[data-action="look"], button[data-action="knock"], button[data-action="hold"], button[data-action="pass"]';
// Further than this between press and lift, and it was not a tap.
const SLOP_PX = 12;
// Held longer, a press is a long press: the browser makes no click of it.
const LONG_PRESS_MS = 500;
// The click the browser makes of a tap comes within this of its lift.
const CLICK_AFTER_MS = 1000;

/** @type {{id: number, target: Element, x: number, y: number, at: number} | null} */
let pressed = null;
/** @type {number | null} when a lift acted, until its click came */
let actedAt = null;

/** @param {PointerEvent} event */
export function onPointerDown(event) {
  // A new touch: the last tap's click, if the browser made one, came before it.
  pressed = null;
  actedAt = null;
  if (event.pointerType === 'mouse' || !event.isPrimary || event.button !== 0) return;
  const target = /** @type {Element} */ (event.target).closest?.(TABLE_TAPS);
  if (target) pressed = { id: event.pointerId, target, x: event.clientX, y: event.clientY, at: event.timeStamp };
}

export function onPointerCancel() {
  pressed = null;
}

// The press lifted as a tap: `act(event)` as the click would, with the lift.
/** @param {PointerEvent} event @param {(event: Event) => void} act */
export function onPointerUp(event, act) {
  const press = pressed;
  pressed = null;
  if (!press || event.pointerId !== press.id) return;
  const target = /** @type {Element} */ (event.target).closest?.(TABLE_TAPS);
  if (target !== press.target || event.timeStamp - press.at > LONG_PRESS_MS) return;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) return;
  act(event);
  actedAt = event.timeStamp;
}

// The touch of a tap acted on at its lift is cancelled as it ends, so the
// browser makes no mouse events and no click of it: on a phone held to a
// quarter of a core those came as four more turns of the main thread (a
// hit test and a style each) just when the engine's answer to the tap
// came back, and at a face-down table that answer goes out to every
// other phone only once the page has read it (measured: 24 ms at the
// median from the worker's answer to the page reading it, 4 ms without
// them). A pen makes no touch events: its click is still made, and
// clickOfLift below passes it over.
/** @param {TouchEvent} event */
export function onTouchEnd(event) {
  if (actedAt != null && event.cancelable) event.preventDefault();
}

// True for the click the browser makes of a tap already acted on at its
// lift: that click is not acted on again (the screen under the finger has
// changed since, and would take it as a tap on whatever is there now).
/** @param {MouseEvent} event */
export function clickOfLift(event) {
  // detail 0: a click from the keyboard or a screen reader, never a tap's.
  if (actedAt == null || event.detail === 0) return false;
  const ours = event.timeStamp - actedAt < CLICK_AFTER_MS;
  actedAt = null;
  return ours;
}
