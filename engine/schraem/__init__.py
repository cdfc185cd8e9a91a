"""Siebenschräm rules engine (pure Python, standard library only)."""

__version__ = "0.1.0"
