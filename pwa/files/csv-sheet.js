// The Spielliste as a spreadsheet file in the reader's language: German
// spreadsheet programs split columns at a semicolon (the comma is their
// decimal sign), English ones at a comma. The engine writes the cells; this
// only changes the separator, quoting cells that hold the new one.
import { getLang } from '../i18n/i18n.js';

// RFC 4180 rows → [[cell]]: quoted cells may hold commas, quotes ("") and line breaks.
function parse(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

export function csvForLanguage(text, lang = getLang()) {
  const sep = lang === 'de' ? ';' : ',';
  const quote = (cell) => (/[";,\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return parse(text).map((row) => row.map(quote).join(sep)).join('\r\n') + '\r\n';
}
