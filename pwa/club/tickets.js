// Tickets and results carried from phone to phone, by file or by camera:
// a ticket starts the tournament table it names (the engine checks it
// whole first), a table's result goes into the organiser's tournament.
import { h, pickFile } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { readJsonFile } from '../files/share.js';
import { Collector, Scanner } from '../qr/qr.js';
import { asClubWork, c, clubWork, ctx, go, m, onError, refusedWith, render, session, shellError } from '../context/context.js';
import { guarded, newMeta } from '../context/guard.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { organiser } from '../context/rare.js';

const TICKET_FORMAT = 'schraem-table/1';
const RESULT_FORMAT = 'schraem-table-series/1';

// The camera's scan: its video (drawn on the scan screen), the scanner
// and the codes read so far.
let scanner = null;
let video = null;
const collector = new Collector();

// A ticket (a file, a QR code, the organiser's own) is checked completely by
// the engine before anything is asked or filed: a refused one leaves the
// running game, the history and the screen as they were.
async function startTicket(ticket) {
  if (!ticket || ticket.format !== TICKET_FORMAT) { shellError('ticket.bad'); return null; }
  const check = await session().query('check_ticket', { ticket });
  if (!check.ok) { refusedWith('ticket.refused', check.error); return null; }
  return guarded(async () => {
    const players = check.result.players.map((name) => ({ name, kind: 'human' }));
    const r = await session().tableCommand('new_series', {
      players, rules: ticket.rules, options: ticket.options ?? {}, ticket, real_cards: true, viewer: null, seed: ctx.app.nextSeed(),
    }, { fresh: true });
    if (!r.ok) { onError(r.error); return; }
    m().setup.mode = 'sheet';
    newMeta('series', check.result.players);
    ctx.app.announce(t('ticket.started', { series: ticket.series, table: ticket.table }));
    render();
  });
}

// --- scanning ---------------------------------------------------------------------------

function stopScan() {
  scanner?.stop();
  scanner = null;
}

async function startScan(purpose) {
  collector.reset();
  c().scan = { purpose, got: 0, n: 0, error: null, back: m().route };
  video = h('video', { class: 'scan-video', muted: true, playsinline: true, 'aria-label': t('scan.video') });
  go('scan');
  scanner = new Scanner(video, (text) => {
    if (!collector.add(text)) return;
    const scan = c().scan;
    if (!scan) return;
    scan.got = collector.parts.size;
    scan.n = collector.n;
    render();
    if (collector.complete) finishScan();
  });
  try {
    await scanner.start();
  } catch {
    stopScan();
    if (c().scan) { c().scan.error = t('scan.noCamera'); render(); }
  }
}

async function finishScan() {
  const scan = c().scan;
  stopScan();
  let data;
  try { data = await collector.data(); } catch { scan.error = t('scan.bad'); collector.reset(); render(); return; }
  c().scan = null;
  await handleFileData(scan.purpose, data);
}

async function handleFileData(purpose, data) {
  if (purpose === 'ticket') {
    if (data?.format !== TICKET_FORMAT) { go('start'); shellError('ticket.bad'); return; }
    await startTicket(data);
  } else {
    if (data?.format !== RESULT_FORMAT) { go('tournament'); shellError('t.result.bad'); return; }
    await (await organiser()).importResult(data);
  }
}

// A ticket (data-import="ticket") or a result ("result") from a file.
async function takeTableFile(target) {
  const kind = target.dataset.import;
  const file = target.files?.[0];
  target.value = '';
  if (!file) return;
  const r = await readJsonFile(file, undefined, kind === 'ticket' ? 'ticket' : 't.result');
  if (!r.ok) { shellError(r.key); return; }
  await handleFileData(kind, r.data);
}

// Chosen files are read as club work, until they are dealt with.
declareFields('tickets', {
  'import:ticket': (target, committed) => { if (committed) asClubWork(() => takeTableFile(target)); },
  'import:result': (target, committed) => { if (committed) asClubWork(() => takeTableFile(target)); },
});

// scan: {purpose: 'ticket' | 'result', got, n, error}
function renderScan(scan, video) {
  return h('section', { class: 'scan', 'aria-labelledby': 'scan-heading' },
    h('h2', { id: 'scan-heading', text: t(scan.purpose === 'ticket' ? 'scan.ticket' : 'scan.result') }),
    h('div', { class: 'scan-view' }, video),
    h('p', { class: 'status', 'aria-live': 'polite', text: scan.n ? t('scan.progress', { k: scan.got, n: scan.n }) : t('scan.aim') }),
    scan.error ? h('p', { class: 'notice', role: 'status', text: scan.error }) : null);
}

function renderScanControls() {
  return [h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'scan-file' }, text: t('scan.file') })),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'scan-cancel' }, text: t('scan.cancel') })];
}

declareScreens('tickets', {
  scan: () => (c().scan ? [renderScan(c().scan, video), renderScanControls()] : null),
});

// The taps of tickets and of the camera, club work until answered (context.js).
declareTaps('tickets', clubWork({
  't-play': async (target) => {
    const ticket = await (await organiser()).ticketFor(Number(target.dataset.series), Number(target.dataset.table));
    if (ticket) await startTicket(ticket);
  },
  't-scan': () => startScan('result'),
  'ticket-file': () => { pickFile(/** @type {HTMLInputElement} */ (document.getElementById('ticket-file'))); },
  'ticket-scan': () => startScan('ticket'),
  'scan-file': () => {
    const club = c();
    const purpose = club.scan?.purpose;
    stopScan();
    club.scan = null;
    go(purpose === 'ticket' ? 'start' : 'tournament');
    pickFile(/** @type {HTMLInputElement} */ (document.getElementById(purpose === 'ticket' ? 'ticket-file' : 't-import-file')));
  },
  'scan-cancel': () => {
    const club = c();
    const back = club.scan?.back ?? 'start';
    stopScan();
    club.scan = null;
    go(back);
  },
}));
