// The taps and the fields by name, as the screens are (registry.js). Each
// part of the shell declares the taps (a button's data-action) and the
// fields (an input's data-field, see fieldName) it answers, and the app
// hands a tap or a field to the one part that declared its name. A name
// that carries an id or a key ("kitty:pot", "person-colour:<id>") is
// declared by what it begins with, ending in ":" ("kitty:"): a prefix,
// answering every name that begins with it.
//
// Two claims on one name stop the app as its modules load, naming both
// parts: the same name twice, a name that begins with another's prefix, or
// two prefixes one of which begins the other. No part can think it answers
// a tap another one does; a tap nobody answers is said (the app's onClick).
//
// A rarely used part's taps (rare.js) are declared with the others, by
// name, by a handler that loads its module first.

/**
 * A tap's answer: the element tapped (the one with the data-action) and
 * the click.
 * @typedef {(target: HTMLElement, event: Event) => unknown} Tap
 */

/**
 * A field's answer: the input, and whether its value is committed (its
 * change) or still being typed (an input event).
 * @typedef {(target: HTMLInputElement, committed: boolean) => unknown} Field
 */

const PREFIX = ':';

/**
 * One kind of names ('tap', 'field') and who answers them.
 * @template {Function} T
 * @param {string} kind
 */
function names(kind) {
  /** @type {Map<string, {part: string, answer: T}>} */
  const exact = new Map();
  /** @type {Map<string, {part: string, answer: T}>} */
  const prefixes = new Map();

  /** @param {string} name @param {string} part */
  function claim(name, part) {
    const taken = exact.get(name) ?? prefixes.get(name);
    if (taken) throw new Error(`the ${kind} "${name}" is declared twice: by ${taken.part} and by ${part}`);
    for (const [prefix, held] of prefixes) {
      if (name.startsWith(prefix)) throw new Error(`the ${kind} "${name}" of ${part} begins with the prefix "${prefix}" of ${held.part}`);
    }
    if (!name.endsWith(PREFIX)) return;
    for (const [other, held] of [...exact, ...prefixes]) {
      if (other.startsWith(name)) throw new Error(`the ${kind} "${other}" of ${held.part} begins with the prefix "${name}" of ${part}`);
    }
  }

  return {
    /** @param {string} part @param {Record<string, T>} answers */
    declare(part, answers) {
      for (const [name, answer] of Object.entries(answers)) {
        if (typeof answer !== 'function') throw new Error(`${part} declares the ${kind} "${name}" without an answer`);
        claim(name, part);
        (name.endsWith(PREFIX) ? prefixes : exact).set(name, { part, answer });
      }
    },
    /** @param {string} name @returns {T | null} */
    find(name) {
      const held = exact.get(name);
      if (held) return held.answer;
      for (const [prefix, { answer }] of prefixes) if (name.startsWith(prefix)) return answer;
      return null;
    },
  };
}

/** @type {ReturnType<typeof names<Tap>>} */
const taps = names('tap');
/** @type {ReturnType<typeof names<Field>>} */
const fields = names('field');

/**
 * @param {string} part who declares them (said when a name is claimed twice)
 * @param {Record<string, Tap>} answers tap name (or prefix) → its answer
 */
export function declareTaps(part, answers) {
  taps.declare(part, answers);
}

/**
 * @param {string} part who declares them (said when a name is claimed twice)
 * @param {Record<string, Field>} answers field name (or prefix) → its answer
 */
export function declareFields(part, answers) {
  fields.declare(part, answers);
}

/** @param {string} name @returns {Tap | null} the answer to the tap, if a part declared one */
export function tapHandler(name) {
  return taps.find(name);
}

/** @param {string} name @returns {Field | null} the answer to the field, if a part declared one */
export function fieldHandler(name) {
  return fields.find(name);
}

// The marks an input is a field by: its data-field names it; one marked
// by another of these is named by the mark and its value ("setting:pace",
// "import:ticket"), so that its kind is its prefix.
const MARKS = /** @type {const} */ ([['setting', 'setting:'], ['import', 'import:'], ['duelField', 'duel-field:'], ['duelFile', 'duel-file:']]);

/**
 * @param {EventTarget | null} target
 * @returns {string | null} the field's name, or null for an input that is no field
 */
export function fieldName(target) {
  const marks = /** @type {HTMLElement | null} */ (target)?.dataset;
  if (!marks) return null;
  if (marks.field) return marks.field;
  for (const [mark, prefix] of MARKS) if (marks[mark]) return prefix + marks[mark];
  return null;
}
