"""pwa/context/registry.js, run in Node: a screen is drawn by the part that
declared it, a screen with nothing to show (or no such screen) draws
nothing, and a name declared by two parts stops the loading, naming both."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import { declareScreens, drawScreen } from './pwa/context/registry.js';
declareScreens('club', { list: ({ ready }) => ['list', ready], fix: () => null });
declareScreens('phone', { 'phone-open': () => ['open', 'back'] });
const out = { list: drawScreen('list', { ready: true }), fix: drawScreen('fix', {}), open: drawScreen('phone-open', {}), none: drawScreen('nowhere', {}) };
try {
  declareScreens('evening', { kitty: () => null, list: () => ['other'] });
  out.twice = null;
} catch (err) {
  out.twice = err.message;
}
out.after = drawScreen('list', { ready: false });
console.log(JSON.stringify(out));
"""


def test_each_screen_is_drawn_by_the_one_part_that_declared_it(node_json):
    out = node_json(RUN)
    assert out["list"] == ["list", True]
    assert out["fix"] is None and out["none"] is None
    assert out["open"] == ["open", "back"]
    assert out["twice"] == 'the screen "list" is declared twice: by club and by evening'
    assert out["after"] == ["list", False]  # the first declaration still answers


LAZY = """
import { declareLazy, declareScreens, drawScreen } from './pwa/context/registry.js';
let loads = 0;
let release;
const module = new Promise((resolve) => { release = resolve; });
declareLazy('review', ['review', 'review-more'], () => { loads += 1; return module; });
declareLazy('broken', ['gone'], () => { loads += 10; return Promise.reject(new Error('offline')); });
const redraws = [];
const out = { before: drawScreen('review', {}, () => redraws.push('first')), again: drawScreen('review-more', {}, () => redraws.push('second')) };
try {
  declareScreens('club', { review: () => ['other'] });
  out.twice = null;
} catch (err) {
  out.twice = err.message;
}
release({ screens: { review: ({ ready }) => ['review', ready], 'review-more': () => null } });
await new Promise((resolve) => setTimeout(resolve, 0));
out.redraws = redraws;
out.after = drawScreen('review', { ready: true });
out.more = drawScreen('review-more', {});
out.gone = [drawScreen('gone', {}), drawScreen('gone', {})];
await new Promise((resolve) => setTimeout(resolve, 0));
out.goneLater = drawScreen('gone', {});
out.loads = loads;
console.log(JSON.stringify(out));
"""


def test_a_lazily_declared_screen_loads_its_module_once_and_is_drawn_again(node_json):
    out = node_json(LAZY)
    # Before its module is in, the screen has nothing to show (the app
    # shows that it is loading); once it is, the app draws it again.
    assert out["before"] is None and out["again"] is None
    assert out["redraws"] == ["first"]
    assert out["after"] == ["review", True] and out["more"] is None
    assert out["twice"] == 'the screen "review" is declared twice: by review and by club'
    # A module that cannot be loaded is asked for once, not at every draw.
    assert out["gone"] == [None, None] and out["goneLater"] is None
    assert out["loads"] == 11
