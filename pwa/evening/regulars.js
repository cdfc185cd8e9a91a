// The regulars: people saved with a name and a colour, and groups
// ("Stammtisch") with their members in their usual seat order and their
// house rules, so a table opens its evening with one tap. A group names its
// members by id: renaming a person renames them in every group, and merging
// a typo into the right person leaves one person everywhere (the merged
// name is kept as an alias). Everything is written durably (strict commit)
// before the screen shows it.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { newId } from '../store/database.js';
import { readPreference, writePreference } from '../store/preferences.js';
import { ctx, go, m, shellError } from '../context/context.js';
import { chosenSet, houseChoices } from './house-rules.js';
import { cleanName as cleanNameBy } from './names.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';

const PREF = 'regulars';
const NAME_MAX = 40;
export const COLOURS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'];

function reg() {
  m().regulars ??= { people: [], groups: [], form: { name: '', colour: COLOURS[0], group: '', members: [] } };
  return m().regulars;
}

// The colour the next person is offered: the one fewest people wear (the
// first of those in the list), so a table of new regulars is not all red.
function nextColour(people) {
  const worn = (c) => people.filter((p) => p.colour === c).length;
  return COLOURS.reduce((best, c) => (worn(c) < worn(best) ? c : best));
}

export function validPerson(p) {
  return Boolean(p) && typeof p.id === 'string' && typeof p.name === 'string' && COLOURS.includes(p.colour);
}

export function validGroup(g) {
  return Boolean(g) && typeof g.id === 'string' && typeof g.name === 'string' && Array.isArray(g.members)
    && g.members.every((x) => typeof x === 'string');
}

export async function bootRegulars() {
  const saved = await readPreference(PREF);
  const r = reg();
  r.people = Array.isArray(saved?.people) ? saved.people.filter(validPerson) : [];
  const ids = new Set(r.people.map((p) => p.id));
  r.groups = Array.isArray(saved?.groups) ? saved.groups.filter(validGroup)
    .map((g) => ({ ...g, members: g.members.filter((x) => ids.has(x)) })) : [];
  r.form.colour = nextColour(r.people);
}

export function regularsData() {
  const r = reg();
  return { people: r.people, groups: r.groups };
}

// On disk first; only then what the screens show. → true when stored.
// `undo`: what "Rückgängig" puts back; any other change forgets it.
export async function storeRegulars(people, groups, undo = null) {
  if (!await writePreference(PREF, { people, groups })) {
    shellError('regulars.failed');
    return false;
  }
  const r = reg();
  r.people = people;
  r.groups = groups;
  r.undo = undo;
  r.merging = null;
  return true;
}

// A name as every table keeps it (names.js), or null once the refusal is shown.
function cleanName(text) {
  return cleanNameBy(text, 'regulars.noName');
}

function personOf(id) {
  return reg().people.find((p) => p.id === id);
}

async function addPerson() {
  const { form } = reg();
  const name = await cleanName(form.name);
  if (!name) return;
  const { people, groups } = reg();
  if (people.some((p) => p.name === name)) { shellError('regulars.exists', { name }); return; }
  if (await storeRegulars([...people, { id: newId(), name, colour: form.colour, aliases: [] }], groups)) {
    form.name = '';
    form.colour = nextColour(reg().people);
    ctx.app.render();
  }
}

async function renamePerson(id, typed) {
  const name = await cleanName(typed);
  const { people, groups } = reg();
  if (!name) return;
  if (people.some((p) => p.name === name && p.id !== id)) { shellError('regulars.exists', { name }); return; }
  const next = people.map((p) => (p.id === id ? { ...p, name, aliases: [...new Set([...(p.aliases ?? []), p.name])].filter((a) => a !== name) } : p));
  if (!await storeRegulars(next, groups)) return;
  ctx.app.render();
  ctx.app.announce(t('regulars.renamed', { name }));
}

// A merge is asked first, saying which name stays: the row's person
// (`from`, the typo) goes into the person chosen (`into`), whose name
// stays. Nothing is chosen beforehand.
function askMerge(from) {
  const r = reg();
  const a = personOf(from);
  const b = personOf(r.mergeTo?.[from]);
  if (!a) return;
  if (!b || b.id === a.id) { shellError('regulars.merge.pick', { name: a.name }); return; }
  r.merging = { from: a.id, into: b.id };
  ctx.app.render();
  document.querySelector('[data-action="person-merge-yes"]')?.focus();
}

// One person, in every group once, the typo's names kept as aliases; what
// was there before is kept for "Rückgängig" until the next change.
async function mergePerson(merging) {
  const r = reg();
  const a = personOf(merging?.from);
  const b = personOf(merging?.into);
  if (!a || !b || a.id === b.id) return;
  const { people, groups } = r;
  const kept = { ...b, aliases: [...new Set([...(b.aliases ?? []), ...(a.aliases ?? []), a.name])] };
  const nextPeople = people.filter((p) => p.id !== a.id).map((p) => (p.id === b.id ? kept : p));
  const nextGroups = groups.map((g) => ({ ...g, members: [...new Set(g.members.map((x) => (x === a.id ? b.id : x)))] }));
  const said = t('regulars.merged', { from: a.name, into: b.name });
  if (!await storeRegulars(nextPeople, nextGroups, { people, groups, said: { from: a.name, into: b.name } })) return;
  delete r.mergeTo?.[a.id];
  ctx.app.render();
  ctx.app.announce(said);
}

async function undoMerge() {
  const { undo } = reg();
  if (!undo) return;
  if (!await storeRegulars(undo.people, undo.groups)) return;
  ctx.app.render();
  ctx.app.announce(t('regulars.unmerged', undo.said));
}

async function colourPerson(id, colour) {
  if (!COLOURS.includes(colour)) return;
  const { people, groups } = reg();
  await storeRegulars(people.map((p) => (p.id === id ? { ...p, colour } : p)), groups);
  ctx.app.render();
}

async function addGroup() {
  const { form } = reg();
  const name = await cleanName(form.group);
  if (!name) return;
  const { people, groups } = reg();
  const members = form.members.filter((id) => people.some((p) => p.id === id));
  if (members.length < 2) { shellError('regulars.fewMembers'); return; }
  const house = chosenSet()?.key ?? null;
  if (await storeRegulars(people, [...groups, { id: newId(), name, members, house }])) {
    form.group = '';
    form.members = [];
    ctx.app.render();
  }
}

async function removeGroup(id) {
  const { people, groups } = reg();
  if (await storeRegulars(people, groups.filter((g) => g.id !== id))) ctx.app.render();
}

// One tap: the group's people in their usual seats, its house rules, dealt.
function startGroup(id) {
  const g = reg().groups.find((x) => x.id === id);
  if (!g) return;
  const names = g.members.map((x) => personOf(x)?.name).filter(Boolean);
  if (names.length < 2) { shellError('regulars.fewMembers'); return; }
  const setup = m().setup;
  setup.seats = names.map((name) => ({ name, kind: 'human' }));
  setup.dealer = names.length;
  setup.house = g.house ?? null;
  const set = chosenSet(setup);
  if (set) setup.rules = set.rules;
  ctx.app.rememberSetup();
  ctx.app.startNewGame();
}

// --- screens ------------------------------------------------------------------

function swatch(colour) {
  return h('span', { class: `swatch swatch-${colour}`, 'aria-hidden': 'true' });
}

function colourSelect(value, field, label) {
  return h('select', { dataset: { field }, 'aria-label': label },
    COLOURS.map((c) => h('option', { value: c, selected: c === value || null, text: t(`colour.${c}`) })));
}

function mergeAsk(p) {
  const into = personOf(reg().merging.into);
  return h('div', { class: 'merge-ask', role: 'group', 'aria-labelledby': `merge-ask-${p.id}` },
    h('p', { id: `merge-ask-${p.id}`, text: t('regulars.merge.ask', { from: p.name, into: into?.name ?? '' }) }),
    h('div', { class: 'tool-row' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'person-merge-no' }, text: t('regulars.merge.no') }),
      h('button', { type: 'button', class: 'primary', dataset: { action: 'person-merge-yes' }, text: t('regulars.merge.yes', { into: into?.name ?? '' }) })));
}

function personRow(p, people) {
  const others = people.filter((x) => x.id !== p.id);
  const chosen = reg().mergeTo?.[p.id] ?? '';
  const ready = m().ready;
  return h('li', { class: 'person' },
    h('p', { class: 'person-name' }, swatch(p.colour), h('bdi', { text: p.name }),
      p.aliases?.length ? h('span', { class: 'note', text: ` (${t('regulars.aliases', { names: p.aliases.join(', ') })})` }) : null),
    h('div', { class: 'person-tools' },
      h('input', { type: 'text', value: p.name, maxlength: NAME_MAX, autocomplete: 'off', spellcheck: 'false',
        'aria-label': t('regulars.rename.label', { name: p.name }), dataset: { field: `person-name:${p.id}` } }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'person-rename', id: p.id }, disabled: !ready, text: t('regulars.rename') }),
      others.length ? [
        h('select', { dataset: { field: `person-merge:${p.id}` }, 'aria-label': t('regulars.merge.label', { name: p.name }) },
          h('option', { value: '', selected: !chosen || null, text: t('regulars.merge.none') }),
          others.map((o) => h('option', { value: o.id, selected: chosen === o.id || null, text: o.name }))),
        h('button', { type: 'button', class: 'secondary', dataset: { action: 'person-merge', id: p.id }, text: t('regulars.merge') })] : null,
      h('div', { class: 'person-colour' }, colourSelect(p.colour, `person-colour:${p.id}`, t('regulars.colour.label', { name: p.name })))),
    reg().merging?.from === p.id ? mergeAsk(p) : null);
}

function undoNotice() {
  const { undo } = reg();
  if (!undo) return null;
  return h('div', { class: 'notice restore', role: 'status' },
    h('p', { text: t('regulars.merged.kept', undo.said) }),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'regulars-undo' }, text: t('regulars.undo') }));
}

function groupRow(g) {
  const names = g.members.map((x) => personOf(x)?.name).filter(Boolean);
  const house = houseChoices().find((s) => s.key === g.house);
  return h('li', { class: 'group' },
    h('p', { class: 'group-name' }, h('strong', {}, h('bdi', { text: g.name })), ': ', h('bdi', { text: names.join(', ') }),
      house ? h('span', { class: 'note', text: ` · ${house.name}` }) : null),
    h('div', { class: 'tool-row wrap' },
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'group-remove', id: g.id }, text: t('regulars.group.remove') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'cash-book', id: g.id }, disabled: !m().ready,
        'aria-label': t('cash.open.label', { name: g.name }), text: t('cash.open') }),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'group-stats', id: g.id }, disabled: !m().ready,
        'aria-label': t('stats.group.open.label', { name: g.name }), text: t('stats.open') }),
      h('button', { type: 'button', class: 'primary', dataset: { action: 'group-start', id: g.id }, disabled: !m().ready,
        'aria-label': t('regulars.group.start.label', { name: g.name }), text: t('regulars.group.start') })));
}

function renderRegulars() {
  const { people, groups, form } = reg();
  return h('section', { class: 'regulars', 'aria-labelledby': 'regulars-h' },
    h('h2', { id: 'regulars-h', text: t('regulars.heading') }),
    undoNotice(),
    h('h3', { text: t('regulars.groups') }),
    groups.length ? h('ul', { class: 'groups' }, groups.map(groupRow)) : h('p', { class: 'note', text: t('regulars.groups.empty') }),
    h('h3', { text: t('regulars.people') }),
    people.length ? h('ul', { class: 'people' }, people.map((p) => personRow(p, people))) : h('p', { class: 'note', text: t('regulars.people.empty') }),
    h('fieldset', {}, h('legend', { text: t('regulars.add') }),
      h('label', { class: 'field' }, h('span', { text: t('regulars.name') }),
        h('input', { type: 'text', value: form.name, maxlength: NAME_MAX, autocomplete: 'off', spellcheck: 'false', dataset: { field: 'reg-name' } })),
      h('label', { class: 'field' }, h('span', { text: t('regulars.colour') }), colourSelect(form.colour, 'reg-colour', null)),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'person-add' }, disabled: !m().ready, text: t('regulars.add.button') })),
    people.length >= 2 ? h('fieldset', {}, h('legend', { text: t('regulars.group.add') }),
      h('label', { class: 'field' }, h('span', { text: t('regulars.group.name') }),
        h('input', { type: 'text', value: form.group, maxlength: NAME_MAX, autocomplete: 'off', placeholder: t('house.name.placeholder'), dataset: { field: 'reg-group' } })),
      h('p', { class: 'note', text: t('regulars.group.hint') }),
      people.map((p) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', checked: form.members.includes(p.id), dataset: { field: `reg-member:${p.id}` } }),
        swatch(p.colour), h('bdi', { text: p.name }))),
      h('button', { type: 'button', class: 'secondary', dataset: { action: 'group-add' }, disabled: !m().ready, text: t('regulars.group.add.button') })) : null);
}

declareScreens('regulars', {
  regulars: () => [renderRegulars(), [h('button', { type: 'button', class: 'big primary', dataset: { action: 'regulars-close' }, text: t('house.back') })]],
});

// The start form's row: every group's one-tap start, and the way in.
export function regularsStartField({ ready }) {
  const { groups } = reg();
  return h('div', { class: 'regulars-start' },
    groups.map((g) => h('button', { type: 'button', class: 'secondary', dataset: { action: 'group-start', id: g.id }, disabled: !ready,
      'aria-label': t('regulars.group.start.label', { name: g.name }), text: `▶ ${g.name}` })),
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'regulars' }, text: t('regulars.open') }));
}

// Every change to the regulars reads the people and groups as stored and
// writes them back: one at a time, so a merge tapped while a rename is
// still being saved starts from the renamed person, not from before.
let changes = Promise.resolve();
function inLine(fn) {
  const run = changes.then(fn);
  changes = run.catch(() => {});
  return run;
}

declareTaps('regulars', {
  regulars: () => go('regulars'),
  'regulars-close': () => go('start'),
  'person-add': () => inLine(addPerson),
  'person-rename': (target) => {
    const { id } = target.dataset;
    // The name as typed now: the field may be drawn again before its turn.
    const typed = document.querySelector(`[data-field="person-name:${id}"]`)?.value;
    inLine(() => renamePerson(id, typed));
  },
  'person-merge': (target) => askMerge(target.dataset.id),
  'person-merge-yes': () => {
    // The merge as asked now: a change saved before its turn closes the question.
    const { merging } = reg();
    inLine(() => mergePerson(merging));
  },
  'person-merge-no': () => { reg().merging = null; ctx.app.render(); },
  'regulars-undo': () => inLine(undoMerge),
  'group-add': () => inLine(addGroup),
  'group-remove': (target) => {
    const { id } = target.dataset;
    inLine(() => removeGroup(id));
  },
  'group-start': (target) => startGroup(target.dataset.id),
});

declareFields('regulars', {
  'reg-name': (target) => { reg().form.name = target.value; },
  'reg-group': (target) => { reg().form.group = target.value; },
  'reg-colour': (target) => { reg().form.colour = target.value; },
  'reg-member:': (target, committed) => {
    if (!committed) return;
    const { form } = reg();
    const pid = target.dataset.field.slice('reg-member:'.length);
    form.members = target.checked ? [...form.members.filter((x) => x !== pid), pid] : form.members.filter((x) => x !== pid);
  },
  'person-colour:': (target, committed) => {
    if (!committed) return;
    const id = target.dataset.field.slice('person-colour:'.length);
    const value = target.value;
    inLine(() => colourPerson(id, value));
  },
  'person-merge:': (target, committed) => {
    const r = reg();
    r.mergeTo = { ...r.mergeTo, [target.dataset.field.slice('person-merge:'.length)]: target.value };
    if (committed && r.merging) { r.merging = null; ctx.app.render(); }
  },
  // A new name is read as typed when it is saved (person-rename).
  'person-name:': () => {},
});
