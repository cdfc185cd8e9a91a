// House rules ("So spielen wir"): a rule set plus the options a table plays
// differently, edited from the engine's catalog (rule_catalog: groups,
// words, kinds, ranges, the preset's values) and checked by the engine on
// every change, saved under a name and chosen on the start form. The
// shell decides no rule: a combination the engine refuses is shown with
// its reason and cannot be saved.
import { h } from '../lib/dom.js';
import { errorText, getLang, t } from '../i18n/i18n.js';
import { newId } from '../store/database.js';
import { readPreference, writePreference } from '../store/preferences.js';
import { ctx, go, m, session, shellError } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
import { declareFields, declareTaps } from '../context/taps.js';
import { declareRulesExtra } from '../pages/rules-page.js';
import { cleanName } from './names.js';

const PREF = 'house-rules';
const NAME_MAX = 40;

function house() {
  m().house ??= { sets: [], editor: null, page: null };
  return m().house;
}

function words(x) {
  return getLang() === 'en' ? x.en : x.de;
}

export function validSet(s) {
  return Boolean(s) && typeof s.id === 'string' && typeof s.name === 'string' && typeof s.rules === 'string'
    && Boolean(s.options) && typeof s.options === 'object' && !Array.isArray(s.options);
}

// A damaged entry is passed over, never allowed to stop the start.
export async function bootHouse() {
  const saved = await readPreference(PREF);
  house().sets = Array.isArray(saved) ? saved.filter(validSet) : [];
}

export function ownSets() {
  return house().sets;
}

// Writes the whole list first (strict commit); only a list on disk becomes
// the one the screens show. → true when stored
export async function storeSets(sets) {
  if (!await writePreference(PREF, sets)) {
    shellError('house.failed');
    return false;
  }
  house().sets = sets;
  return true;
}

function readyChoices() {
  return (m().hello?.house_rules ?? []).map((r) => ({ key: `ready:${r.id}`, name: words(r), rules: r.rules, options: r.options }));
}

function ownChoices() {
  return house().sets.map((s) => ({ key: `own:${s.id}`, id: s.id, name: s.name, rules: s.rules, options: s.options }));
}

// Every set a table can choose: ours, then the ready formats.
export function houseChoices() {
  return [...ownChoices(), ...readyChoices()];
}

// The set chosen on the start form (a ready format or one of ours), or null.
export function chosenSet(setup = m().setup) {
  if (!setup.house) return null;
  return houseChoices().find((s) => s.key === setup.house) ?? null;
}

// The rules and options a table started from the form plays.
export function playedRules(setup) {
  const set = chosenSet(setup);
  return { rules: set?.rules ?? setup.rules, options: { ...set?.options } };
}

function choice(s, chosen) {
  return h('option', { value: s.key, selected: s.key === chosen || null, text: s.name });
}

// The house rule sets to choose from (ours first, then the ready formats).
function houseSelect(chosen, field) {
  const own = ownChoices();
  const fixed = readyChoices();
  return h('label', { class: 'field' }, h('span', { text: t('house.field') }),
    h('select', { dataset: { field } },
      h('option', { value: '', selected: chosen === '' || null, text: t('house.none') }),
      own.length ? h('optgroup', { label: t('house.own') }, own.map((s) => choice(s, chosen))) : null,
      fixed.length ? h('optgroup', { label: t('house.ready') }, fixed.map((s) => choice(s, chosen))) : null));
}

// The organiser's form ({rules, house, …}): its house rules, and the
// select that chooses them. → {field, options, name (null: none chosen)}
export function tournamentHouse(form) {
  const set = chosenSet(form);
  return { field: houseSelect(set?.key ?? '', 't-house'), options: set?.options ?? {}, name: set?.name ?? null };
}

export function houseStartField(setup, { ready }) {
  const chosen = chosenSet(setup)?.key ?? '';
  return h('div', { class: 'field-row' },
    houseSelect(chosen, 'house-set'),
    h('button', { type: 'button', class: 'secondary rules-link', dataset: { action: 'house-open' }, disabled: !ready,
      'aria-label': t('house.edit.label'), text: t('house.edit') }));
}

// --- the editor -------------------------------------------------------------

async function check(editor, options) {
  const r = await session().query('rule_catalog', { rules: editor.rules, options });
  if (house().editor !== editor) return;
  if (r.ok) {
    editor.catalog = r.result;
    editor.options = r.result.options;
    editor.error = null;
  } else {
    // The refused change stays on screen with the engine's reason, so the
    // table sees what it asked for; saving waits until it is playable.
    editor.options = options;
    editor.error = r.error;
  }
  ctx.app.render();
}

function openEditor() {
  const set = chosenSet();
  const editor = {
    id: set?.id ?? null, name: set?.id ? set.name : '', rules: set?.rules ?? m().setup.rules,
    options: { ...set?.options }, catalog: null, error: null,
  };
  house().editor = editor;
  go('house');
  return check(editor, editor.options);
}

function shown(opt, value) {
  if (opt.kind === 'flag') return t(value ? 'house.yes' : 'house.no');
  if (opt.kind === 'choice') {
    const c = opt.choices.find((x) => x.value === value);
    return c ? words(c) : String(value);
  }
  return String(value);
}

function valueOf(editor, opt) {
  return opt.name in editor.options ? editor.options[opt.name] : opt.preset;
}

// The engine's reason for a refused change, where the person is looking:
// under the option just changed (the form is long, its top off screen).
function refusal(editor) {
  return h('p', { class: 'house-refused', role: 'alert', text: t('house.refused', { detail: errorText(editor.error) }) });
}

function optionRow(editor, opt) {
  const value = valueOf(editor, opt);
  const here = editor.error && editor.touched === opt.name ? refusal(editor) : null;
  const changed = value !== opt.preset;
  const data = { field: `house-opt:${opt.name}`, kind: opt.kind };
  const label = words(opt);
  const note = changed ? h('span', { class: 'house-preset', text: t('house.presetValue', { value: shown(opt, opt.preset) }) }) : null;
  const cls = `house-opt${changed ? ' changed' : ''}`;
  if (opt.kind === 'flag') {
    return h('div', { class: cls },
      h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: value === true, dataset: data }), h('span', { text: label })), note, here);
  }
  let input;
  if (opt.kind === 'choice') {
    input = h('select', { dataset: data }, opt.choices.map((c) => h('option', { value: c.value, selected: c.value === value || null, text: words(c) })));
  } else if (opt.kind === 'number') {
    input = h('input', { type: 'number', inputmode: 'numeric', min: opt.low, max: opt.high, step: 1, value: String(value), dataset: data });
  } else {
    input = h('input', { type: 'text', value: String(value), maxlength: 40, autocomplete: 'off', dataset: data });
  }
  return h('div', { class: cls }, h('label', { class: 'field' }, h('span', { text: label }), input), note, here);
}

function renderEditor(editor, presets) {
  return h('section', { class: 'house-rules', 'aria-labelledby': 'house-heading' },
    h('h2', { id: 'house-heading', text: t('house.heading') }),
    h('p', { class: 'note', text: t('house.intro') }),
    h('label', { class: 'field' }, h('span', { text: t('house.name') }),
      h('input', { type: 'text', value: editor.name, maxlength: NAME_MAX, autocomplete: 'off', spellcheck: 'false',
        placeholder: t('house.name.placeholder'), dataset: { field: 'house-name' } })),
    h('label', { class: 'field' }, h('span', { text: t('house.preset') }),
      h('select', { dataset: { field: 'house-preset' } },
        presets.map((p) => h('option', { value: p, selected: p === editor.rules || null, text: t(`preset.${p}`) })))),
    editor.error && !optionNamed(editor, editor.touched) ? refusal(editor) : null,
    editor.catalog ? editor.catalog.groups.map((g) => h('fieldset', { class: 'house-group' },
      h('legend', { text: words(g) }), g.options.map((o) => optionRow(editor, o))))
      : h('p', { class: 'loading', 'aria-busy': 'true', text: t('house.loading') }));
}

function optionNamed(editor, name) {
  return Boolean(name && editor.catalog?.groups.some((g) => g.options.some((o) => o.name === name)));
}

function renderEditorControls(editor, { ready }) {
  return [
    // Beside the greyed button: why it is greyed.
    editor.error ? h('p', { class: 'note house-blocked', role: 'status', text: t('house.blocked') }) : null,
    h('div', { class: 'tool-row' },
    h('button', { type: 'button', class: 'secondary', dataset: { action: 'house-close' }, text: t('house.back') }),
    editor.id ? h('button', { type: 'button', class: 'secondary', dataset: { action: 'house-delete' }, text: t('house.delete') }) : null),
  h('button', { type: 'button', class: 'big primary', dataset: { action: 'house-save' },
    disabled: !ready || !editor.catalog || Boolean(editor.error), text: t('house.save') })];
}

async function save() {
  const editor = house().editor;
  if (!editor?.catalog || editor.error) return;
  // The same rule as the people's and groups' names: no right-to-left,
  // invisible or blank-looking characters.
  const name = await cleanName(editor.name, 'house.noName');
  if (!name || house().editor !== editor) return;
  const id = editor.id ?? newId();
  const entry = { id, name, rules: editor.rules, options: editor.options };
  const sets = [...house().sets.filter((s) => s.id !== id), entry];
  if (!await storeSets(sets)) return;
  const setup = m().setup;
  setup.house = `own:${id}`;
  setup.rules = editor.rules;
  ctx.app.rememberSetup();
  house().editor = null;
  go('start');
  ctx.app.announce(t('house.saved', { name }));
}

async function remove() {
  const editor = house().editor;
  if (!editor?.id) return;
  const gone = house().sets.find((s) => s.id === editor.id);
  if (!await storeSets(house().sets.filter((s) => s.id !== editor.id))) return;
  if (m().setup.house === `own:${editor.id}`) {
    m().setup.house = null;
    ctx.app.rememberSetup();
  }
  house().editor = null;
  go('start');
  ctx.app.announce(t('house.deleted', { name: gone?.name ?? '' }));
}

function typed(kind, target) {
  if (kind === 'flag') return target.checked;
  if (kind === 'number') return /^-?\d+$/.test(target.value.trim()) ? Number(target.value.trim()) : target.value;
  return target.value;
}

// --- wiring -------------------------------------------------------------------

// Another rule set chosen on a form (the start form's, the organiser's)
// is not the chosen house rules any more; the form's owner sets the rules.
export function rulesChosen(form, rules) {
  if (chosenSet(form) && chosenSet(form).rules !== rules) form.house = null;
}

// The fields of the editor; it is open while they are drawn.
function inEditor(answer) {
  return (target, committed) => {
    const editor = house().editor;
    if (editor) answer(editor, target, committed);
  };
}

declareFields('house rules', {
  'house-set': (target) => {
    const setup = m().setup;
    setup.house = target.value || null;
    const set = chosenSet(setup);
    if (set) setup.rules = set.rules;
    ctx.app.render();
    ctx.app.rememberSetup();
  },
  't-house': (target) => {
    const form = m().club?.tForm;
    if (!form) return;
    form.house = target.value || null;
    const set = chosenSet(form);
    if (set) form.rules = set.rules;
    form.games = null;
    form.series = null;
    ctx.app.render();
  },
  'house-name': inEditor((editor, target) => { editor.name = target.value; }),
  'house-preset': inEditor((editor, target, committed) => {
    if (!committed) return;
    editor.rules = target.value;
    editor.catalog = null;
    editor.touched = null;
    check(editor, {});
    ctx.app.render();
  }),
  'house-opt:': inEditor((editor, target, committed) => {
    if (!committed) return;
    const name = target.dataset.field.slice('house-opt:'.length);
    const value = typed(target.dataset.kind, target);
    const opt = editor.catalog?.groups.flatMap((g) => g.options).find((o) => o.name === name);
    const options = { ...editor.options, [name]: value };
    // Back at the preset's value is no house rule any more.
    if (opt && value === opt.preset) delete options[name];
    editor.touched = name;
    check(editor, options);
  }),
});

declareTaps('house rules', {
  'house-open': () => openEditor(),
  'house-save': () => save(),
  'house-delete': () => remove(),
  'house-close': () => {
    house().editor = null;
    go('start');
  },
});

declareScreens('house rules', {
  house: ({ ready }) => {
    const editor = house().editor;
    if (!editor) return null;
    return [renderEditor(editor, m().hello?.presets ?? [editor.rules]), renderEditorControls(editor, { ready })];
  },
});

// --- on the rules page ----------------------------------------------------------

// What the rules page shows beside the preset's text: the house rules
// chosen on the form (opened from there), or those of the game in play.
async function loadHouseForRules(fromStart) {
  const hs = house();
  hs.page = null;
  let name = null; // null: the game in play
  let ticket = false;
  let rules;
  let options;
  if (fromStart) {
    const set = chosenSet();
    if (!set) return;
    ({ rules, options } = set);
    name = set.name;
  } else {
    const save = m().game?.save;
    const record = save?.record;
    // A tournament table's house rules are named on its ticket (the engine checked it).
    name = save?.series?.ticket?.house ?? null;
    ticket = name != null;
    if (!record || (!ticket && !Object.keys(record.options ?? {}).length)) return;
    ({ rules, options } = record);
  }
  const r = await session().query('rule_catalog', { rules, options: options ?? {} });
  if (!r.ok) return;
  hs.page = { name, ticket, catalog: r.result };
  if (m().route === 'rules') ctx.app.render();
}

function houseOnRulesPage() {
  const page = house().page;
  if (!page) return null;
  const changed = page.catalog.groups.flatMap((g) => g.options).filter((o) => o.value !== o.preset);
  return h('section', { class: 'rules-house', 'aria-labelledby': 'rules-house-h' },
    h('h4', { id: 'rules-house-h', text: page.name == null ? t('house.onPage.game') : t(page.ticket ? 'house.onPage.ticket' : 'house.onPage', { name: page.name }) }),
    changed.length ? h('ul', {}, changed.map((o) => h('li', {},
      `${words(o)}: `, h('strong', { text: shown(o, o.value) }), ` (${t('house.presetValue', { value: shown(o, o.preset) })})`)))
      : h('p', { text: t('house.onPage.none') }));
}

declareRulesExtra({ opened: loadHouseForRules, draw: houseOnRulesPage });
