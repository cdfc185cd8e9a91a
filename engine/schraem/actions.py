"""Actions: the one shape shared by the API, game records and the app."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import InvalidAction

# Types a player writes; "penalty" and "win" only on a scoresheet hand.
TYPES = ("look", "knock", "hold", "pass", "play", "discard", "penalty", "win",
         # regional variants (docs/VARIANTS.md): four courts and pretty ones
         "exchange", "turn", "challenge", "redeal", "agree", "refuse")
PENALTY_KINDS = ("renege", "lead_out_of_turn", "misdeal")


@dataclass(frozen=True, slots=True)
class Action:
    seat: int  # 1-based, as everywhere outside the core's arrays
    type: str
    card: Card | None = None
    blind: bool = False  # scoresheet knocks only: made without looking
    kind: str | None = None  # penalty kind
    target: int | None = None  # turn/challenge: the seat whose exchange is checked
    index: int | None = None  # turn on a dealt hand: which face-down discard (1-based)
    cards: tuple[Card, ...] | None = None  # challenge on a scoresheet hand: the uncovered cards

    @classmethod
    def from_json(cls, obj) -> "Action":
        if isinstance(obj, Action):
            return obj
        if not isinstance(obj, dict):
            raise InvalidAction("bad_action", detail="an action must be an object")
        seat, typ = obj.get("seat"), obj.get("type")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
            raise InvalidAction("bad_action", detail=f"seat must be a number from 1 (got {seat!r})")
        if typ not in TYPES:
            raise InvalidAction("bad_action", detail=f"unknown action type {typ!r}")
        allowed = {"seat", "type"}
        card = kind = target = index = cards = None
        blind = False
        if typ in ("turn", "challenge"):
            allowed.add("target")
            target = obj.get("target")
            if isinstance(target, bool) or not isinstance(target, int) or target < 1:
                raise InvalidAction("bad_action", detail=f"{typ} needs a target seat (a number from 1)")
        if typ == "turn":
            # A dealt hand names the face-down discard; a scoresheet hand the
            # card that was turned up.
            allowed |= {"index", "card"}
            if ("index" in obj) == ("card" in obj):
                raise InvalidAction("bad_action", detail="turn needs either an index (dealt hand) or the card turned up (scoresheet)")
            if "index" in obj:
                index = obj["index"]
                if isinstance(index, bool) or not isinstance(index, int) or index < 1:
                    raise InvalidAction("bad_action", detail="index must be a number from 1")
            else:
                card = Card.parse(obj["card"])
        if typ == "challenge" and "cards" in obj:
            allowed.add("cards")
            if not isinstance(obj["cards"], list):
                raise InvalidAction("bad_card_list", value=repr(obj["cards"]))
            cards = tuple(Card.parse(c) for c in obj["cards"])
        if typ in ("play", "discard"):
            allowed.add("card")
            if "card" not in obj:
                raise InvalidAction("bad_action", detail=f"{typ} needs a card")
            card = Card.parse(obj["card"])
        if typ == "knock":
            allowed.add("blind")
            blind = obj.get("blind", False)
            if not isinstance(blind, bool):
                raise InvalidAction("bad_action", detail="blind must be true or false")
        if typ == "penalty":
            allowed.add("kind")
            kind = obj.get("kind")
            if kind not in PENALTY_KINDS:
                raise InvalidAction("bad_action", detail=f"penalty kind must be one of {', '.join(PENALTY_KINDS)}")
        extra = set(obj) - allowed
        if extra:
            raise InvalidAction("bad_action", detail=f"unexpected field(s) {', '.join(sorted(extra))} for {typ}")
        return cls(seat, typ, card, blind, kind, target, index, cards)

    def to_json(self) -> dict:
        out = {"seat": self.seat, "type": self.type}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.blind:
            out["blind"] = True
        if self.kind is not None:
            out["kind"] = self.kind
        if self.target is not None:
            out["target"] = self.target
        if self.index is not None:
            out["index"] = self.index
        if self.cards is not None:
            out["cards"] = [str(c) for c in self.cards]
        return out

    def __str__(self) -> str:
        extra = str(self.card) if self.card else (self.kind or ("blind" if self.blind else ""))
        if self.target is not None:
            extra = f"{self.target}" + (f"#{self.index}" if self.index else "") + (f":{extra}" if extra else "")
        return f"{self.seat}:{self.type}" + (f":{extra}" if extra else "")
