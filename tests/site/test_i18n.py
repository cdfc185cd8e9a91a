"""The app names why every hand ended, in German and in English: each
reason the engine gives a hand result (screens.js shows
`result.reason.<reason>`) has a text in both languages of the dictionaries in pwa/i18n/."""

from __future__ import annotations

import re
from pathlib import Path

from schraem.core.game import Game
from schraem.core.option_words import PRESET_TITLES
from schraem.core.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


def strings(lang: str) -> set[str]:
    """The keys of the app's dictionary in `lang`, from every part's words."""
    keys: set[str] = set()
    for path in (ROOT / "pwa" / "i18n").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        if f"\n  {lang}: {{" not in text or "_STRINGS = {" not in text:
            continue
        start = text.index(f"\n  {lang}: {{")
        end = text.index("\n  },", start)
        keys |= set(re.findall(r"'([\w.]+)':", text[start:end]))
    return keys


def reason(game: Game, actions) -> str:
    for a in actions:
        res = game.apply(a)
    return res.reason


def every_reason() -> set[str]:
    out = set()
    # The last trick: one card each.
    g = Game(["a", "b"], options={"cards_per_hand": 1}, dealer=2)
    g.deal(cards=[["10H"], ["JH"]])
    out.add(reason(g, [{"seat": 1, "type": "play", "card": "10H"}, {"seat": 2, "type": "play", "card": "JH"}]))
    # Everyone else passed.
    g = Game(["a", "b"], dealer=2, seed=1)
    g.deal()
    out.add(reason(g, [{"seat": 1, "type": "knock"}, {"seat": 2, "type": "pass"}]))
    # A fresh deal everyone agreed to (Wipperfürth's pretty ones).
    g = Game(["a", "b"], "wipperfuerth", {"start_marks": 1}, dealer=2, seed=1)
    g.deal()
    while g.hand.responders:  # the hammer's knock is answered first
        g.apply({"seat": g.due()[0], "type": "hold"})
    asker = g.due()[0]
    out.add(reason(g, [{"seat": asker, "type": "redeal"}, {"seat": 3 - asker, "type": "agree"}]))
    # On a scoresheet: a win entered, a misdeal.
    g = Game(["a", "b"], dealer=2)
    g.deal(real=True)
    out.add(reason(g, [{"seat": 1, "type": "win"}]))
    g.deal(real=True)
    out.add(reason(g, [{"seat": 1, "type": "penalty", "kind": "misdeal"}]))
    return out


def test_every_hand_end_reason_is_translated():
    reasons = every_reason()
    assert reasons == {"last_trick", "others_passed", "redeal", "declared", "void"}
    for lang in ("de", "en"):
        missing = {r for r in reasons if f"result.reason.{r}" not in strings(lang)}
        assert not missing, (lang, missing)


def test_the_shell_words_every_four_courts_kind_choice_and_reason_in_both_languages():
    # Here, not among the engine tests: those run inside Pyodide too, where
    # the shell's files are not at hand.
    from schraem.review.courts import KINDS, REASONS

    text = (ROOT / "pwa" / "i18n" / "review.js").read_text(encoding="utf-8")
    keys = [f"review.kind.{k}" for k in KINDS] + [f"review.choice.{c}" for pair in KINDS.values() for c in pair]
    keys += [f"review.reason.{code}" for code in REASONS]
    for key in keys:
        assert text.count(f"'{key}':") == 2, key  # German and English


def test_the_shell_words_every_review_kind_choice_and_reason_in_both_languages():
    from schraem.review import review

    text = (ROOT / "pwa" / "i18n" / "review.js").read_text(encoding="utf-8")
    keys = [f"review.kind.{k}" for k in review.KINDS] + [f"review.choice.{c}" for c in review.CHOICES]
    keys += [f"review.reason.{code}" for code in review.REASONS]
    for key in keys:
        assert text.count(f"'{key}':") == 2, key  # German and English


# Every part's dictionary as Node reads it: {part: {de: {key: text}, en: {...}}}.
DICTIONARIES = """
import { readdirSync } from 'node:fs';
const out = {};
for (const file of readdirSync('pwa/i18n').filter((f) => f.endsWith('.js') && !['i18n.js', 'rules.js'].includes(f))) {
  const words = Object.values(await import(`./pwa/i18n/${file}`))[0];
  out[file] = { de: words.de, en: words.en };
}
console.log(JSON.stringify(out));
"""


def test_every_word_is_in_both_languages_with_the_same_blanks(node_json):
    """A key only one language has shows the key itself to the other; a
    blank ({name}) only one side fills leaves a brace on screen. English's
    singulars (`.one`, read by tn) have no German twin: German says the
    number in the plural form there too."""
    parts = node_json(DICTIONARIES)
    assert len(parts) >= 8, sorted(parts)
    blanks = lambda text: sorted(re.findall(r"\{(\w+)\}", text)) if isinstance(text, str) else None  # noqa: E731
    for part, words in parts.items():
        de, en = words["de"], words["en"]
        assert sorted(set(de) - set(en)) == [], f"{part}: German only"
        assert sorted(k for k in set(en) - set(de) if not k.endswith(".one")) == [], f"{part}: English only"
        assert [k for k in de if blanks(de[k]) != blanks(en[k])] == [], f"{part}: blanks differ"


def words(lang: str) -> dict[str, str]:
    """The app's dictionary in `lang`, for keys whose text is one plain string."""
    out: dict[str, str] = {}
    for path in (ROOT / "pwa" / "i18n").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        if f"\n  {lang}: {{" not in text or "_STRINGS = {" not in text:
            continue
        start = text.index(f"\n  {lang}: {{")
        end = text.index("\n  },", start)
        out |= dict(re.findall(r"'([\w.]+)': '([^'\\]*)'", text[start:end]))
    return out


def test_the_engine_names_each_rule_set_as_the_app_lists_it():
    de, en = words("de"), words("en")
    for preset in Rules.preset_names():
        assert PRESET_TITLES[preset] == (de[f"preset.{preset}"], en[f"preset.{preset}"]), preset
