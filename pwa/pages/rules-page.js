// The rules page: the basic game, then for each rule set what differs, the
// house rules the app can change and the calls it made where the sources are
// unclear. Opened from the start form (at the chosen rule set) and from the
// settings, which the table reaches from its header.
import { h } from '../lib/dom.js';
import { getLang, t } from '../i18n/i18n.js';
import { BASIC, OPTIONS, PRESETS } from '../i18n/rules.js';
import { go, m, render } from '../context/context.js';
import { declareScreens } from '../context/registry.js';
import { declareTaps } from '../context/taps.js';

// What parts above pages/ show in the section of the rule set in play (the
// evening's house rules): `opened` as the page opens (told whether from the
// start form), `draw` as it is drawn.
const extras = [];

export function declareRulesExtra(extra) {
  extras.push(extra);
}

// The rule set the page opens at: the one chosen on the start form, or the
// one in play when opened from a game (through the settings).
function rulesPreset() {
  const model = m();
  return model.rulesFrom === 'start' || !model.game ? model.setup.rules : model.game.state.view.rules;
}

function list(items) {
  return h('ul', {}, items.map((text) => h('li', { text })));
}

// house: what is shown in the current rule set's section (the chosen house rules).
function renderRulesPage(presetNames, current, house = null) {
  const lang = getLang() === 'en' ? 'en' : 'de';
  const basic = BASIC[lang];
  return h('section', { class: 'rules-page', 'aria-labelledby': 'rules-heading' },
    h('h2', { id: 'rules-heading', text: t('rules.heading') }),
    h('nav', { 'aria-label': t('rules.index') }, h('ul', { class: 'rules-index' },
      presetNames.map((p) => h('li', {}, h('a', { href: `#rules-${p}`, text: t(`preset.${p}`) }))))),
    h('section', { class: 'rules-basic', 'aria-labelledby': 'rules-basic' },
      h('h3', { id: 'rules-basic', text: basic.title }),
      basic.paragraphs.map((text) => h('p', { text }))),
    presetNames.map((p) => {
      const text = PRESETS[p]?.[lang];
      return h('section', { id: `rules-${p}`, class: `rules-preset${p === current ? ' current' : ''}`, 'aria-labelledby': `rules-${p}-h` },
        h('h3', { id: `rules-${p}-h`, text: t(`preset.${p}`) }),
        p === current ? house : null,
        text ? [h('h4', { text: t('rules.differs') }), list(text.differs),
          h('h4', { text: t('rules.decisions') }), list(text.decisions)] : h('p', { text: t('rules.asBasic') }));
    }),
    h('section', { class: 'rules-options', 'aria-labelledby': 'rules-options' },
      h('h3', { id: 'rules-options', text: t('rules.options') }),
      h('p', { text: t('rules.options.intro') }), list(OPTIONS[lang])));
}

function renderRulesControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'rules-close' }, text: t('rules.back') })];
}

declareScreens('rules', {
  rules: () => [renderRulesPage(m().hello?.presets ?? [m().setup.rules], rulesPreset(), extras.map((extra) => extra.draw())), renderRulesControls()],
});

declareTaps('rules', {
  rules: () => {
    const model = m();
    model.rulesFrom = model.route === 'settings' ? model.settingsBack : model.route;
    model.rulesBack = model.route;
    go('rules');
    for (const extra of extras) extra.opened(model.rulesFrom === 'start' || !model.game);
    // Open at the rule set in play (or chosen on the form).
    document.getElementById(`rules-${rulesPreset()}`)?.scrollIntoView({ block: 'start' });
  },
  'rules-close': () => {
    m().route = m().rulesBack ?? 'start';
    render();
  },
});
