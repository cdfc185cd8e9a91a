// Game record files as the shell reads and names them, before the engine
// sees them: a file name by date, the record inside a save, and how deep a
// text nests (counted without parsing, so a hostile file cannot choke it).

export function recordFileName(record) {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const rules = String(record.rules || 'schraem').replace(/[^a-z0-9_-]/gi, '');
  return `schraem-${rules}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}.json`;
}

// A record file, a save (schraem-save/1) or this shell's stored game: the
// engine is handed the record inside and says whether it replays.
export function recordOf(data) {
  if (data && typeof data === 'object') {
    if (data.format === 'schraem-shell/1') return data.save?.record ?? data;
    if (data.format === 'schraem-save/1') return data.record ?? data;
  }
  return data;
}

// How deep brackets nest in a JSON text, counted without parsing (and
// without recursion), strings skipped.
export function nestingDepth(text) {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { depth += 1; if (depth > max) max = depth; }
    else if (c === 93 || c === 125) depth -= 1;
  }
  return max;
}
