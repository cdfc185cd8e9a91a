// Correcting a past hand of the Spielliste: the hand as it was entered,
// the entries made again (the engine's correct_draft checks each), what
// changes for the hands after it, and only then the correction itself. The
// card picker of a turn-up or a challenge serves the scoresheet and the
// correction alike.
import { actionFrom, toggleCard } from '../table/picker.js';
import { findSheetAction } from '../table/sheet.js';
import { c, ctx, go, m, onError, render, session } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
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

// The correction's and the picker's taps; true when handled.
export async function fixAction(action, target) {
  const d = target.dataset;
  const club = c();
  const ready = m().ready;
  switch (action) {
    case 'fix-open': if (ready) await openFix(Number(d.game), Number(d.hand)); return true;
    case 'fix-entry': {
      const a = findSheetAction(club.fix?.draft?.sheet_legal, d.seat, d.act);
      if (a && ready) await fixAppend(a);
      return true;
    }
    case 'fix-undo': if (club.fix?.actions.length) await fixSet(club.fix.actions.slice(0, -1)); return true;
    case 'fix-from': {
      const k = Number(target.dataset.index);
      if (club.fix?.asWas && k >= 0 && k < club.fix.asWas.length) await fixSet(club.fix.asWas.slice(0, k).map((x) => x.action));
      return true;
    }
    case 'fix-clear': await fixSet([]); return true;
    case 'fix-cancel': club.fix = null; go('list'); return true;
    case 'fix-preview': if (ready) await fixPreview(); return true;
    case 'fix-edit': club.fix.preview = null; m().error = null; render(); return true;
    case 'fix-confirm': if (ready) await fixConfirm(); return true;
    case 'pick-open': {
      const seat = Number(d.seat);
      const index = Number(d.index);
      club.picker = club.picker?.seat === seat && club.picker.index === index ? null : { seat, index, chosen: [] };
      render();
      return true;
    }
    case 'pick-card': {
      const tpl = pickerTemplate();
      if (tpl) club.picker = toggleCard(club.picker, tpl, d.value);
      render();
      return true;
    }
    case 'pick-done': {
      const tpl = pickerTemplate();
      if (!tpl || club.picker.chosen.length !== tpl.count) return true;
      const a = actionFrom(tpl, club.picker.chosen);
      club.picker = null;
      if (m().route === 'fix') await fixAppend(a);
      else await session().sheetAct(a);
      return true;
    }
    case 'pick-cancel': club.picker = null; render(); return true;
    default:
      return false;
  }
}
