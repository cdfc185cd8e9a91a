"""The game itself: cards, actions, the rules and their presets, a hand and
a game with their records, the formats that end a game, the stakes, a
seat's view, the fair deal of a table of phones and a guest's check of it,
the deal face down (facedown.py, its deck in facedown_deck.py), and the errors every refusal is made of.
Everything else builds on this; nothing here imports from outside it but
the group arithmetic beneath it (crypto)."""
