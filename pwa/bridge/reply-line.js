// The engine worker's replies (bridge/worker.js), in the order their
// requests came, and a face-down table's save kept with them. The engine
// does not wait for the disk: it handles the next request while the save
// before is written. A reply goes once its save is on disk, with two
// exceptions that lose nothing:
//
// - an envelope that says nothing, with more waiting behind it (`lazy`):
//   nothing is written for it, the next message's save holds it too;
// - what this phone only takes of what another phone already keeps (an
//   envelope the host sent, `facedown_receive`; the host's own seats
//   taking a message it relayed and kept, `facedown_settle`), when it
//   sends nothing: answered first, so the table is drawn a save sooner,
//   and written right after. Every reply after it waits for that write,
//   so nothing this phone says rests on what is not on its disk; a phone
//   killed meanwhile is sent the envelope again when it comes back
//   (`facedown_resend`), the host's own seats take it again
//   (`facedown_settle`).
//
// A save the browser refuses: every save after it is refused too (each
// holds what the refused one held), until the page has put the engine
// back to the save it kept (`facedown_load`) or begins another table.
// Where this browser gives the worker no database, the save goes to the
// page, which keeps it (bridge/facedown-engine.js).

/** What the line needs of the worker: its postMessage and the store (store/facedown-save.js).
 * @typedef {{
 *   post: (reply: any) => void, database: () => Promise<unknown>, write: (save: any) => Promise<boolean>,
 *   lastKept: () => Promise<string>, facts: (save: any) => any, clear: () => Promise<boolean>,
 * }} LineIO
 */

// What a phone takes of what another phone keeps (above).
const TAKES = new Set(['facedown_receive', 'facedown_settle']);
// What begins a table afresh: a refusal before it no longer holds.
const FRESH = new Set(['facedown_load', 'facedown_host', 'facedown_guest']);

/** @param {LineIO} io */
export function replyLine(io) {
  /** @type {Promise<unknown>} */
  let out = Promise.resolve();
  let refused = false;

  /** @param {() => unknown} then */
  function after(then) {
    out = out.then(then).catch((err) => console.error('engine reply failed', err));
    return out;
  }

  // Whether the worker has a database to keep the save in.
  async function hasDatabase() {
    try {
      return Boolean(await io.database());
    } catch {
      return false;
    }
  }

  /** @param {any} msg the request @param {any} reply the engine's answer to it */
  async function keep(msg, reply) {
    const result = reply.result;
    const { save } = result;
    if (msg.lazy === true && !result.send?.length) {
      delete result.save;
      io.post(reply);
      return;
    }
    if (!(await hasDatabase())) {
      io.post(reply);
      return;
    }
    delete result.save;
    const kept = () => ({ text: JSON.stringify(save), facts: io.facts(save) });
    if (!refused && TAKES.has(msg.cmd) && !result.send?.length) {
      result.kept = kept();
      io.post(reply);
      if (!(await io.write(save))) refused = true;
      return;
    }
    if (!refused && (await io.write(save))) {
      result.kept = kept();
    } else {
      refused = true;
      result.notKept = await io.lastKept();
    }
    io.post(reply);
  }

  return {
    after,
    /** The reply to `msg`, after every reply before it, its save kept as asked. @param {any} msg @param {any} reply */
    answer(msg, reply) {
      return after(async () => {
        if (FRESH.has(msg.cmd) && reply.ok) refused = false;
        if (msg.keep === 'facedown' && reply.ok && reply.result?.save) await keep(msg, reply);
        else io.post(reply);
      });
    },
    // The table left: its save is forgotten after every save asked before
    // (a save still being written would otherwise bring the table back).
    /** @param {unknown} id */
    forget(id) {
      return after(async () => io.post({ id, ok: await io.clear(), result: {} }));
    },
  };
}
