"""The engine's words for the cards (core/card_words.py) are the shell's
(pwa/i18n/table.js): a sentence of the engine and a line the shell draws
name a card alike, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from schraem.core.card_words import card_words
from schraem.core.cards import DECK

TABLE_WORDS = Path(__file__).resolve().parents[2] / "pwa" / "i18n" / "table.js"


def shell_words(lang: str) -> dict[str, str]:
    """The shell's `suit.*`, `rank.*` and `card.name` in `lang`."""
    text = TABLE_WORDS.read_text(encoding="utf-8")
    start = text.index(f"\n  {lang}: {{")
    block = text[start : text.index("\n  },", start)]
    return dict(re.findall(r"'((?:suit|rank)\.\w+|card\.name)': '([^']*)'", block))


def test_the_engine_names_every_card_as_the_shell_does():
    for i, lang in enumerate(("de", "en")):
        words = shell_words(lang)
        for card in DECK:
            shell = words["card.name"].format(suit=words[f"suit.{card.suit}"], rank=words[f"rank.{card.rank}"])
            assert card_words(card)[i] == shell, (
                f"{card} in {lang}: the engine says {card_words(card)[i]!r}, the shell {shell!r}: "
                "change engine/schraem/core/card_words.py and pwa/i18n/table.js together"
            )
