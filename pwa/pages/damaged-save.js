// A damaged save and a game taken back from another tab: the damaged
// save's screen and its taps, and the take-over's step. `ctx` is the
// shell's: {model, session(), render, onError, announce}.
import { h } from '../lib/dom.js';
import { errorText, getLang, t } from '../i18n/i18n.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';
import { backupGame, clearGame, readBackups, readGame } from '../store/storage.js';
import { claimWriter } from '../store/tabs.js';
import { damagedFile, sendOut } from '../files/outbound.js';
import { shellError } from '../context/context.js';

let ctx = null;

export function initDamaged(shell) {
  ctx = shell;
}

// A backup leaves the phone scrubbed by the engine (outbound.js): no seed,
// no card of a hand that may be under way, none of the last viewer's hand
// (in pass-and-play another person's), no secret of a table of phones.
export async function exportDamaged(index) {
  const b = ctx.model.corrupt?.backups?.[index];
  if (!b) return;
  if (!ctx.session() || !ctx.model.ready) { shellError('export.wait'); return; }
  const out = await damagedFile(ctx.session(), b.raw);
  if (!out.ok) { ctx.onError(out.error); return; }
  const kept = Number.isFinite(b.keptAt) ? new Date(b.keptAt) : new Date();
  const file = `schraem-beschaedigt-${kept.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
  sendOut(file, out.text);
  ctx.announce(t('record.exported', { file }));
}

// A refused clear is said, and the damaged save stays on screen: otherwise
// the next start would show it again without a word.
export async function startFresh() {
  if (!await clearGame()) { shellError('storage.failedNew'); return; }
  ctx.model.corrupt = null;
  ctx.model.game = null;
  ctx.model.route = 'start';
  ctx.render();
}

export async function showCorrupt(corrupt, raw) {
  if (raw != null) await backupGame(raw, corrupt.newer ? 'newer version' : 'unreadable');
  ctx.model.corrupt = { ...corrupt, backups: await readBackups() };
  ctx.model.game = null;
  ctx.model.route = 'corrupt';
  ctx.render();
}

// Taking the game back here: the newest stored game is loaded, and the
// computer players, paused when the other tab took over, play on.
export async function takeOver() {
  if (!await claimWriter({ steal: true })) return;
  ctx.model.readOnly = false;
  const saved = await readGame();
  if (saved.status === 'ok') {
    const r = await ctx.session().load(saved.game);
    if (!r.ok) await showCorrupt({ error: r.error }, JSON.stringify(saved.game));
    else if (ctx.model.route === 'game') ctx.session().resume();
  } else if (saved.status !== 'none') {
    await showCorrupt(saved.status === 'newer' ? { newer: true } : { unreadable: true }, saved.raw);
  }
  ctx.render();
}

// A save that will not load: what went wrong, every kept copy to take away
// as a file (the last few are kept, newest first), and a fresh start.
export function renderCorrupt(detail, { newer = false, backups = [] } = {}) {
  const when = (ms) => new Date(ms).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-GB');
  return h('section', { class: 'corrupt', 'aria-labelledby': 'corrupt-heading' },
    h('h2', { id: 'corrupt-heading', text: t(newer ? 'corrupt.heading.newer' : 'corrupt.heading') }),
    h('p', { text: t(newer ? 'corrupt.body.newer' : 'corrupt.body') }),
    h('p', { class: 'detail', text: detail }),
    h('p', { text: t('corrupt.backup', { n: backups.length }) }),
    h('ul', { class: 'backups' }, backups.map((b, i) => h('li', {},
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'export-damaged', index: i },
        text: t('corrupt.export', { when: when(b.keptAt) }) })))));
}

export function renderCorruptControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'start-fresh' }, text: t('corrupt.fresh') })];
}

function corruptText(c) {
  if (c.newer) return t('corrupt.newer');
  return c.unreadable ? t('corrupt.unreadable') : errorText(c.error);
}

declareScreens('damaged save', {
  corrupt: () => (ctx?.model.corrupt ? [renderCorrupt(corruptText(ctx.model.corrupt), ctx.model.corrupt), renderCorruptControls()] : null),
});

declareTaps('damaged save', {
  'export-damaged': (target) => exportDamaged(Number(target.dataset.index)),
  'start-fresh': () => startFresh(),
});
