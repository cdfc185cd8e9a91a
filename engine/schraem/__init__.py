"""Siebenschräm rules engine (pure Python, standard library only).

Its packages, each importing only its own and those before it:

    crypto < core < bots < review < club < bridge < cli

crypto is the group and the standard building blocks for dealing cards
face down (ristretto255, ElGamal, proofs of knowledge), and imports nothing
of the engine; core is the game (cards, actions, rules, hand, game, view,
the fair deal); bots are the computer players, reading a seat's view only; review weighs
decisions with the strong bot and deals the deal sets; club is the evening
(series, tournaments, Spielliste, the files that leave the phone, the move
file, which carries reviews too); bridge is the app's one boundary, JSON in
and out, with the table it plays and the phone host; cli is the command
line (tests/site/test_engine_imports.py holds the engine to this order)."""

__version__ = "0.1.0"
