// The rules page: the basic game, then for each rule set what differs, the
// house rules the app can change and the calls it made where the sources are
// unclear. Opened from the start form (at the chosen rule set) and from the
// settings, which the table reaches from its header.
import { h } from '../lib/dom.js';
import { getLang, t } from '../i18n/i18n.js';
import { BASIC, OPTIONS, PRESETS } from '../i18n/rules.js';

function list(items) {
  return h('ul', {}, items.map((text) => h('li', { text })));
}

// house: the chosen house rules, shown in the current rule set's section.
export function renderRulesPage(presetNames, current, house = null) {
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

export function renderRulesControls() {
  return [h('button', { type: 'button', class: 'big primary', dataset: { action: 'rules-close' }, text: t('rules.back') })];
}
