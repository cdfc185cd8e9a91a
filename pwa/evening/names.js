// A name as every table keeps it, by the engine's one rule for names (no
// right-to-left, invisible or blank-looking characters, 40 at most): the
// people's, the groups' and our house rule sets' forms take names through
// it, so none of them keeps a name another refuses.
import { ctx, session, shellError } from '../context/context.js';

const NAME_MAX = 40;

// → the name as the engine keeps it, or null once the refusal is shown
// (`empty`: the words for a name left blank).
export async function cleanName(text, empty) {
  const raw = String(text ?? '');
  if (!raw.trim()) { shellError(empty); return null; }
  const r = await session().query('name', { name: raw.slice(0, 4 * NAME_MAX) });
  if (!r.ok) { ctx.app.onError(r.error); return null; }
  return r.result.name;
}
