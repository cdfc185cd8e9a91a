"""The cards in words, German and English, as the shell says them
(pwa/i18n/table.js: `suit.*`, `rank.*`, `card.name`): „Kreuz Zehn“ /
'ten of clubs'. An engine reply that names a card in a sentence takes its
words from here; tests/site/test_card_words_agree.py keeps the two in step."""

from __future__ import annotations

from .cards import Card
from .errors import Both

SUIT_WORDS: dict[str, Both] = {
    "C": Both("Kreuz", "clubs"),
    "S": Both("Pik", "spades"),
    "H": Both("Herz", "hearts"),
    "D": Both("Karo", "diamonds"),
}

RANK_WORDS: dict[str, Both] = {
    "10": Both("Zehn", "ten"),
    "9": Both("Neun", "nine"),
    "8": Both("Acht", "eight"),
    "7": Both("Sieben", "seven"),
    "A": Both("Ass", "ace"),
    "K": Both("König", "king"),
    "Q": Both("Dame", "queen"),
    "J": Both("Bube", "jack"),
}


def card_words(card: Card | str) -> Both:
    """A card in words: Both("Herz Dame", "queen of hearts"). A card's text
    ("QH") is read as Card.parse reads it, refused the same way."""
    c = card if isinstance(card, Card) else Card.parse(card)
    suit, rank = SUIT_WORDS[c.suit], RANK_WORDS[c.rank]
    return Both(f"{suit[0]} {rank[0]}", f"{rank[1]} of {suit[1]}")
