"""The screens a new user reaches, searched for words of the other
language: in English no word that only the German texts of the app's
dictionaries use (pwa/i18n/), in German none that only the English ones
use; the game's own names (Schräm, Spielliste, Knolle, the rule sets'
places) are names. The screens: the start form with its kitty section, the
rules, the settings, the regulars, the house rules, the history, the
statistics, the tournament's form, joining a table of phones, a table
against the computer, a scoresheet before and after a hand, and its
Spielliste. Visible text, labels, placeholders and titles are searched."""

from __future__ import annotations

import re
from pathlib import Path

from club_helpers import enter, open_list
from helpers import open_app, screen, start_game, start_sheet, tap, wait_idle

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")
LITERAL = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
# Names, not words: the game's, the places' its rule sets come from, the
# players', the language buttons' and what both languages say alike.
NAMES = {
    "Schräm",
    "Spielliste",
    "Knolle",
    "Knollen",
    "Tuppen",
    "Siebenschräm",
    "Rheinland",
    "Rengen",
    "Wipperfürth",
    "Marienheide",
    "Eifel",
    "Sebbe",
    "Schröhm",
    "Siwwe",
    "Strööm",
    "Dedenbach",
    "Sibbeschröm",
    "Schrööm",
    "Eifelpoker",
    "Hängeln",
    "Anne",
    "Hubert",
    "Gerda",
    "Hans",
    "English",
    "Deutsch",
    "Computer",
    "Browser",
    "Engine",
    "Bluff",
    # Words both languages spell alike ("wer nicht will"; "Start").
    "Four",
    "Start",
    "Normal",
    "Stammtisch",
    "will",
    "JSON",
    "Hand",
}


def language_words() -> tuple[set[str], set[str]]:
    """Words of four letters or more that only the German texts of the
    app's dictionaries use, and those only the English ones use."""
    de, en = set(), set()
    for path in sorted((ROOT / "pwa" / "i18n").glob("*.js")):
        if path.name == "rules.js":
            continue  # the rules page's texts: German and English per rule set, not one dictionary each
        text = path.read_text(encoding="utf-8")
        if "\n  en: {" not in text:
            continue
        cut = text.index("\n  en: {")
        for part, words in ((text[:cut], de), (text[cut:], en)):
            for m in LITERAL.finditer(part):
                words.update(WORD.findall(m.group(1) or m.group(2) or ""))
    return de - en - NAMES, en - de - NAMES


TEXT = """() => {
  const out = [];
  const visible = (e) => e.offsetParent !== null || e === document.body;
  const walk = (n) => {
    for (const c of n.childNodes) {
      if (c.nodeType === 3) { if (c.parentElement && visible(c.parentElement) && !c.parentElement.closest('[lang]:not(html)')) out.push(c.textContent); }
      else if (c.nodeType === 1 && !['SCRIPT', 'STYLE'].includes(c.tagName)) walk(c);
    }
  };
  walk(document.body);
  for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (e.closest('[lang]:not(html)')) continue;
    for (const a of ['aria-label', 'placeholder', 'title']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  return out.join(' \\n ');
}"""


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))


def _leaks(page, markers: set[str], where: str, allowed: set[str]) -> list[str]:
    words = _words(page.evaluate(TEXT)) - allowed
    return [f"{where}: {w}" for w in sorted(markers & words)]


def _to_start(page) -> None:
    """Back to the start screen from any of the tour's screens."""
    if screen(page) == "start":
        return
    setup = page.locator('header [data-action="setup"]:visible')
    if setup.count():
        setup.tap()
    if screen(page) != "start":
        page.locator(
            '[data-action="settings-close"], [data-action="rules-close"], [data-action="house-close"], '
            '[data-action="phone-back"], [data-action="back"]'
        ).first.tap()
    page.wait_for_function("() => document.body.dataset.screen === 'start'")


def _tour(page, markers: set[str]) -> list[str]:
    found = []

    def look(where):
        wait_idle(page)
        found.extend(_leaks(page, markers, where, NAMES))

    look("start")
    page.locator(".kitty-form summary").tap()
    look("start, kitty open")
    for action in ("rules", "settings", "regulars", "house-open", "history", "stats", "tournament", "phone-join"):
        _to_start(page)
        tap(page, f'header [data-action="{action}"]' if action == "settings" else f'[data-action="{action}"]')
        # Some screens open after a read (the join screen asks the storage
        # for a seat kept): looked at, and left, once they are there.
        page.wait_for_function("() => document.body.dataset.screen !== 'start'")
        look(action)
    _to_start(page)
    # A table against the computer, a scoresheet before and after a hand,
    # and its Spielliste.
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], dealer=4)
    look("table")
    start_sheet(page, ["Anne", "Hubert", "Gerda", "Hans"], dealer=4)
    for seat, act in ((1, "knock"), (2, "pass"), (3, "hold"), (4, "hold")):
        enter(page, seat, act)
    look("scoresheet")
    enter(page, 4, "win")
    look("scoresheet after a hand")
    open_list(page)
    look("Spielliste")
    return found


def test_the_english_screens_have_no_german_words_and_the_german_no_english(warm_page, shared_site):
    german, english = language_words()
    problems = []
    for locale, markers in (("en-GB", german), ("de-DE", english)):
        page = warm_page(locale=locale)
        open_app(page, shared_site, seed=17)
        problems += [f"{locale} {p}" for p in _tour(page, markers)]
    assert not problems, "\n".join(problems)
