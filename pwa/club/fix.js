// Correcting a past hand of the Spielliste: the hand as it was entered,
// the entries made again (the engine's correct_draft checks each), what
// changes for the hands after it, and only then the correction itself. The
// card picker of a turn-up or a challenge serves the scoresheet and the
// correction alike.
import { actionFrom, toggleCard } from '../table/picker.js';
import { findSheetAction } from '../table/sheet.js';
import { c, clubWork, ctx, go, m, onError, render, session } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';
import { changesText, lineEvents, renderFix, renderFixControls } from './spielliste.js';
import { openList } from './lists.js';

// --- correcting a past hand ---------------------------------------------------------

async function draft(fix) {
  const r = await session().query('correct_draft', { game: fix.series ? fix.game : undefined, hand: fix.hand, actions: fix.actions });
  if (!r.ok) { onError(r.error); return false; }
  fix.draft = r.result;
  return true;
}

async function openFix(game, hand) {
  const data = c().lists;
  const entry = data.lists.find((e) => e.game === game);
  const line = entry?.list.lines.find((l) => l.hand === hand);
  if (!line) return;
  const fix = { game, hand, series: data.series != null, before: lineEvents(line, entry.list.players), actions: [], draft: null, preview: null };
  c().fix = fix;
  c().picker = null;
  m().penaltyFor = null;
  if (!await draft(fix)) return;
  fix.asWas = fix.draft.as_was ?? [];
  go('fix');
}

async function fixAppend(action) {
  const fix = c().fix;
  const next = { ...fix, actions: [...fix.actions, action] };
  if (await draft(next)) { c().fix = next; m().error = null; }
  m().penaltyFor = null;
  render();
}

async function fixSet(actions) {
  const fix = { ...c().fix, actions, preview: null };
  if (await draft(fix)) c().fix = fix;
  render();
}

function fixArgs(fix) {
  return { game: fix.series ? fix.game : undefined, hand: fix.hand, actions: fix.actions };
}

async function fixPreview() {
  const fix = c().fix;
  const r = await session().query('correct', fixArgs(fix));
  if (!r.ok) { onError(r.error); return; } // a later hand made illegal: the engine names it
  fix.preview = r.result;
  render();
  // The changes come below what the hand was and is now: brought to the
  // top of the screen, so their rows are not left under the buttons.
  document.querySelector('.fix-preview')?.scrollIntoView({ block: 'start' });
}

async function fixConfirm() {
  const fix = c().fix;
  const r = await session().tableCommand('correct', { ...fixArgs(fix), confirm: true, viewer: m().game?.viewer ?? null }, { corrected: true });
  if (!r.ok) { onError(r.error); return; }
  c().fix = null;
  ctx.app.announce(changesText('fix.done', r.result.changes.length));
  await openList();
}

// --- the card picker (turn-up, challenge) ----------------------------------------

function pickerCards() {
  return m().route === 'fix' ? c().fix?.draft?.sheet_cards : m().game?.state.sheet_cards;
}

function pickerTemplate() {
  const p = c().picker;
  return p ? pickerCards()?.[String(p.seat)]?.[p.index] ?? null : null;
}

declareScreens('correction', {
  fix: ({ ready }) => {
    const club = c();
    return club.fix ? [renderFix(club.fix, { ready, penaltyFor: m().penaltyFor, picker: club.picker }), renderFixControls(club.fix, { ready })] : null;
  },
});

// The correction's and the picker's taps, club work until answered (context.js).
declareTaps('correction', clubWork({
  'fix-open': async (target) => { if (m().ready) await openFix(Number(target.dataset.game), Number(target.dataset.hand)); },
  'fix-entry': async (target) => {
    const a = findSheetAction(c().fix?.draft?.sheet_legal, target.dataset.seat, target.dataset.act);
    if (a && m().ready) await fixAppend(a);
  },
  'fix-undo': async () => {
    const { fix } = c();
    if (fix?.actions.length) await fixSet(fix.actions.slice(0, -1));
  },
  'fix-from': async (target) => {
    const { fix } = c();
    const k = Number(target.dataset.index);
    if (fix?.asWas && k >= 0 && k < fix.asWas.length) await fixSet(fix.asWas.slice(0, k).map((x) => x.action));
  },
  'fix-clear': () => fixSet([]),
  'fix-cancel': () => { c().fix = null; go('list'); },
  'fix-preview': async () => { if (m().ready) await fixPreview(); },
  'fix-edit': () => { c().fix.preview = null; m().error = null; render(); },
  'fix-confirm': async () => { if (m().ready) await fixConfirm(); },
  'pick-open': (target) => {
    const club = c();
    const seat = Number(target.dataset.seat);
    const index = Number(target.dataset.index);
    club.picker = club.picker?.seat === seat && club.picker.index === index ? null : { seat, index, chosen: [] };
    render();
  },
  'pick-card': (target) => {
    const club = c();
    const tpl = pickerTemplate();
    if (tpl) club.picker = toggleCard(club.picker, tpl, target.dataset.value);
    render();
  },
  'pick-done': async () => {
    const club = c();
    const tpl = pickerTemplate();
    if (!tpl || club.picker.chosen.length !== tpl.count) return;
    const a = actionFrom(tpl, club.picker.chosen);
    club.picker = null;
    if (m().route === 'fix') await fixAppend(a);
    else await session().sheetAct(a);
  },
  'pick-cancel': () => { c().picker = null; render(); },
}));
