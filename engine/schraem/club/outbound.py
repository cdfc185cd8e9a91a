"""What leaves the phone: every file, QR code or share the app makes is
written here, so one rule holds for all of them. A file carries no seed
(a seed tells every later deal, a hand's seed the game's own) and no card a
viewer may not see: each dealt hand is written as its exact cards, and a
hand still being played on dealt cards is left out unless the person
insisted. Only the draw seed of a tournament travels: it is printed on every
list so anyone can check the seats, and no card is dealt from it."""

from __future__ import annotations

from typing import cast

from ..core.cards import Card
from ..core.game import Game
from ..core.handlers import dealt_cards
from .series import RengenSet, Series, Tournament

TICKET_FORMAT = "schraem-table/1"
RESULT_FORMAT = "schraem-table-series/1"


def running(game: Game) -> bool:
    """A hand under way on dealt cards: its deal is everyone's cards."""
    return game.hand is not None and not game.hand_over and not game.hand.real


def export_record(game: Game, keep_last: bool) -> dict:
    """The record replayed hand by hand, every dealt hand written as its
    exact cards and stock instead of a seed, without the game's seed; the
    last hand left out unless `keep_last`."""
    full = game.to_record()
    hands = full["hands"] if keep_last else full["hands"][:-1]
    replay = Game.from_record(dict(full, hands=[]))
    out = []
    for h in hands:
        if "seed" in h:
            hand = replay.deal(seed=h["seed"], fair=h.get("fair"), restarts=h.get("fair_restarts"))
            # A table of phones' transcript travels on: the importing phone
            # checks the deal against it.
            h = {
                "deal": [[str(c) for c in cards] for cards in dealt_cards(hand)],
                "stock": [str(c) for c in cast("list[Card]", hand.stock)],  # dealt from a seed: it has its stock
                "actions": h["actions"],
                **{k: h[k] for k in ("fair", "fair_restarts") if k in h},
                **({"hints": h["hints"]} if "hints" in h else {}),
            }
        else:
            replay.deal(cards=h["deal"], real=h["deal"] is None, stock=h.get("stock"), fair=h.get("fair"), restarts=h.get("fair_restarts"))
        for a in h["actions"]:
            replay.apply(a)
        out.append(h)
    record = {k: v for k, v in full.items() if k != "seed"}
    record["hands"] = out
    return record


class Outbound:
    """Writes games for a file, remembering the hand it left out (or
    included at the person's word)."""

    def __init__(self, include: bool):
        self.include = include
        self.left_out: dict | None = None
        self.revealed = False

    def game(self, game: Game, number: int = 1) -> dict:
        secret = running(game)
        if secret and not self.include:
            self.left_out = {"game": number, "hand": len(game.specs)}
        self.revealed = self.revealed or (secret and self.include)
        return export_record(game, keep_last=self.include or not secret)

    def series(self, series: Series) -> dict:
        return {**series.to_json(), "games": [self.game(g, k) for k, g in enumerate(series.games, 1)]}

    def rset(self, rset: RengenSet) -> dict:
        games = [self.game(g, k) for k, g in enumerate(rset.games, 1)]
        hangeln = None if rset.hangeln is None else self.game(rset.hangeln, len(games) + 1)
        return {**rset.to_json(), "games": games, "hangeln": hangeln}

    def tournament(self, t: Tournament) -> dict:
        return {**t.to_json(), "series": [[self.series(s) if s.games else None for s in tables] for tables in t.series]}

    def reply(self, file: dict) -> dict:
        return {
            "file": file,
            "left_out_hand": None if self.left_out is None else self.left_out["hand"],
            "left_out_game": None if self.left_out is None else self.left_out["game"],
            "includes_hidden_cards": self.revealed,
        }


def scrub(value, depth: int = 0):
    """A damaged file (one that does not replay) as it may still leave the
    phone, for a bug report or to copy marks by hand: every seed dropped,
    and the cards of the last hand of every hand list (the one that may be
    under way); finished hands keep theirs, as any export shows them."""
    if depth > 64:
        return None
    if isinstance(value, list):
        return [scrub(v, depth + 1) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: scrub(v, depth + 1) for k, v in value.items() if k != "seed"}
    hands = out.get("hands")
    if isinstance(hands, list) and hands and isinstance(hands[-1], dict) and hands[-1].get("deal") is not None:
        hands[-1] = {k: v for k, v in hands[-1].items() if k not in ("deal", "stock")}
    return out
