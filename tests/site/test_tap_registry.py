"""pwa/context/taps.js, run in Node: a tap or a field goes to the part that
declared its name (a prefix, ending in ":", answers every name that begins
with it), a name nobody declared has no answer, and a second claim on a
name stops the loading, naming both parts: the same name twice, a name
under another part's prefix, a prefix over another part's name, and two
prefixes one of which begins the other."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import { declareFields, declareTaps, fieldHandler, fieldName, tapHandler } from './pwa/context/taps.js';
const heard = [];
declareTaps('club', { list: (target, event) => heard.push(['list', target, event]) });
declareTaps('phone table', { 'phone-open': () => heard.push(['phone-open']) });
declareFields('kitty', { 'kitty:': (target, committed) => heard.push(['kitty', target.dataset.field, committed]), 'kitty-period': () => heard.push(['period']) });
tapHandler('list')('button', 'click');
tapHandler('phone-open')();
fieldHandler('kitty:per_mark')({ dataset: { field: 'kitty:per_mark' } }, true);
fieldHandler('kitty-period')();
const out = { heard, none: [tapHandler('nowhere'), tapHandler('kitty:pot'), fieldHandler('kitty'), fieldHandler('list')] };
const refused = (declare) => {
  try {
    declare();
    return null;
  } catch (err) {
    return err.message;
  }
};
out.twice = refused(() => declareTaps('evening', { regulars: () => {}, list: () => {} }));
out.under = refused(() => declareFields('house rules', { 'kitty:pot': () => {} }));
out.over = refused(() => declareFields('evening', { 'kitty-': () => {}, kitty: () => {} }));
out.overlapping = refused(() => declareFields('regulars', { 'kitty:per:': () => {} }));
out.prefixTwice = refused(() => declareFields('regulars', { 'kitty:': () => {} }));
out.noAnswer = refused(() => declareTaps('club', { history: null }));
out.partial = [tapHandler('regulars') !== null, tapHandler('list') !== null];
out.names = [
  fieldName({ dataset: { field: 'kitty:pot' } }), fieldName({ dataset: { setting: 'pace' } }), fieldName({ dataset: { import: 'ticket' } }),
  fieldName({ dataset: { duelField: 'hands' } }), fieldName({ dataset: { duelFile: 'true' } }), fieldName({ dataset: {} }), fieldName({}), fieldName(null),
];
console.log(JSON.stringify(out));
"""


def test_each_tap_and_field_goes_to_the_one_part_that_declared_it(node_json):
    out = node_json(RUN)
    assert out["heard"] == [["list", "button", "click"], ["phone-open"], ["kitty", "kitty:per_mark", True], ["period"]]
    # Taps and fields are names of their own; nothing answers for a
    # name nobody declared, nor for a prefix's bare stem.
    assert out["none"] == [None, None, None, None]
    assert out["twice"] == 'the tap "list" is declared twice: by club and by evening'
    assert out["under"] == 'the field "kitty:pot" of house rules begins with the prefix "kitty:" of kitty'
    # `kitty-` is no prefix (it does not end in ":"), so only `kitty` … is.
    assert out["over"] is None
    assert out["overlapping"] == 'the field "kitty:per:" of regulars begins with the prefix "kitty:" of kitty'
    assert out["prefixTwice"] == 'the field "kitty:" is declared twice: by kitty and by regulars'
    assert out["noAnswer"] == 'club declares the tap "history" without an answer'
    # The names declared before the refused one stay declared; the first
    # declaration of a name still answers it.
    assert out["partial"] == [True, True]
    assert out["names"] == ["kitty:pot", "setting:pace", "import:ticket", "duel-field:hands", "duel-file:true", None, None, None]


PREFIX_LATER = """
import { declareFields } from './pwa/context/taps.js';
declareFields('regulars', { 'person-name:p1': () => {}, 'reg-name': () => {} });
try {
  declareFields('evening', { 'person-': () => {}, 'person-name:': () => {} });
  console.log(JSON.stringify(null));
} catch (err) {
  console.log(JSON.stringify(err.message));
}
"""


def test_a_prefix_over_a_name_another_part_declared_is_refused(node_json):
    assert node_json(PREFIX_LATER) == 'the field "person-name:p1" of regulars begins with the prefix "person-name:" of evening'
