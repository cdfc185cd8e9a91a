"""Every card in words, German and English (core/card_words.py)."""

from __future__ import annotations

import pytest

from schraem.core.card_words import RANK_WORDS, SUIT_WORDS, card_words
from schraem.core.cards import DECK, RANKS, SUITS, Card
from schraem.core.errors import InvalidAction


def test_every_suit_and_rank_has_words_in_both_languages():
    assert list(SUIT_WORDS) == list(SUITS) and list(RANK_WORDS) == list(RANKS)
    for de, en in [*SUIT_WORDS.values(), *RANK_WORDS.values()]:
        assert de and en and de != en


def test_every_card_has_words_of_its_own():
    words = [card_words(c) for c in DECK]
    assert len(set(words)) == len(DECK)
    assert card_words(Card.parse("QH")) == ("Herz Dame", "queen of hearts")
    assert card_words("10c") == ("Kreuz Zehn", "ten of clubs")
    assert card_words("7D") == card_words(Card.parse("7D"))


def test_a_text_that_is_no_card_is_refused_as_card_parse_refuses_it():
    with pytest.raises(InvalidAction) as info:
        card_words("1H")
    assert info.value.code == "bad_card"
