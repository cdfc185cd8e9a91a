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
from .series import RengenSet, Series, seated
from .tournament import Tournament

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
        # Who sat where in each game travels with it, where the table knew it.
        return {**series.to_json(), "games": [seated(self.game(g, k), series.seats_of(k)) for k, g in enumerate(series.games, 1)]}

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


# Keys whose value is secret wherever a damaged file holds them: a seed
# tells every deal, and a table host's "phone" part (its seats' secrets,
# its key, the round's reveals) tells every seat's cards of the hand being
# dealt or played.
SECRET_KEYS = frozenset({"seed", "phone", "secret", "secrets", "reveals"})


def scrub(value, depth: int = 0):
    """A damaged file (one that does not replay) as it may still leave the
    phone, for a bug report or to copy marks by hand: every seed and a
    host's table secrets dropped, the cards of the last hand of every hand
    list (the one that may be under way) and of the last hand a save's
    steps add; finished hands keep theirs, as any export shows them. A
    screen's view keeps what the whole table saw: whoever held the phone
    last may be another person than the one who reads the file."""
    if depth > 64:
        return None
    if isinstance(value, list):
        return [scrub(v, depth + 1) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: scrub(v, depth + 1) for k, v in value.items() if k not in SECRET_KEYS}
    hands = out.get("hands")
    if isinstance(hands, list) and hands and isinstance(hands[-1], dict):
        hands[-1] = _without_deal(hands[-1])
    steps = out.get("steps")
    if isinstance(steps, list):
        added = [i for i, s in enumerate(steps) if isinstance(s, dict) and s.get("op") == "hand" and isinstance(s.get("hand"), dict)]
        if added:
            steps[added[-1]] = {**steps[added[-1]], "hand": _without_deal(steps[added[-1]]["hand"])}
        # The actions after it are the running hand's (or the base's last hand's).
        for i in range(added[-1] + 1 if added else 0, len(steps)):
            if isinstance(steps[i], dict) and isinstance(steps[i].get("action"), dict):
                steps[i] = {**steps[i], "action": _face_down(steps[i]["action"])}
    if "my_cards" in out:
        _public_view(out)
    if "refusals" in out:
        out["refusals"] = {}  # keyed by the viewer's cards
    return out


def _without_deal(hand: dict) -> dict:
    """A hand that may be under way: no deal, no stock, and its discards
    face down as the table saw them."""
    out = {k: v for k, v in hand.items() if k != "stock" and not (k == "deal" and v is not None)}
    if isinstance(out.get("actions"), list):
        out["actions"] = [_face_down(a) for a in out["actions"]]
    return out


def _face_down(action):
    """A discard without its card (it went face down); any other action as it is."""
    if isinstance(action, dict) and action.get("type") == "discard":
        return {k: v for k, v in action.items() if k != "card"}
    return action


def _public_view(view: dict) -> None:
    """A viewer's view (core/view.py) cut to what every seat saw: no own
    cards, no legal moves (they name them), no face-down discards."""
    view["my_cards"] = None
    view["legal"] = []
    if isinstance(view.get("exchanges"), list):
        view["exchanges"] = [{k: v for k, v in e.items() if k != "discards"} if isinstance(e, dict) else e for e in view["exchanges"]]
    if isinstance(view.get("log"), list):
        view["log"] = [_face_down(e) for e in view["log"]]
