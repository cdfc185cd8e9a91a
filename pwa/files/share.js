// Files leave the phone only when the player says so: a download (a Blob
// behind an object URL) or the phone's share sheet where it takes files.

export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function canShareFiles() {
  try {
    return typeof navigator.canShare === 'function'
      && navigator.canShare({ files: [new File(['{}'], 'x.json', { type: 'application/json' })] });
  } catch {
    return false;
  }
}

// → 'shared' | 'cancelled' | 'downloaded'
export async function share(name, text, type = 'application/json', title = name) {
  if (canShareFiles()) {
    try {
      await navigator.share({ files: [new File([text], name, { type })], title });
      return 'shared';
    } catch (e) {
      if (e && e.name === 'AbortError') return 'cancelled';
    }
  }
  download(name, text, type);
  return 'downloaded';
}

export function stamp(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}

export function json(data) {
  return `${JSON.stringify(data, null, 2)}\n`;
}

// Reads a chosen file as JSON; → {ok, data} | {ok: false, key} (an i18n
// key). `what` names the file the person meant to choose in the refusal
// ('import': a game record; 'ticket', 't.result': a tournament's; 'duel.file': a
// deal set's result), so a file that is no JSON is not called a record.
export async function readJsonFile(file, maxBytes = 5_000_000, what = 'import') {
  if (!file) return { ok: false, key: `${what}.unreadable` };
  if (file.size > maxBytes) return { ok: false, key: `${what}.tooBig` };
  let text;
  try { text = await file.text(); } catch { return { ok: false, key: `${what}.unreadable` }; }
  try { return { ok: true, data: JSON.parse(text) }; } catch { return { ok: false, key: `${what}.notJson` }; }
}
