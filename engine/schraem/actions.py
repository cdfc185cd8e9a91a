"""Actions: the one shape shared by the API, game records and the app."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import InvalidAction

# Types a player writes; "penalty" and "win" only on a scoresheet hand.
TYPES = ("look", "knock", "hold", "pass", "play", "discard", "penalty", "win")
PENALTY_KINDS = ("renege", "lead_out_of_turn", "misdeal")


@dataclass(frozen=True, slots=True)
class Action:
    seat: int  # 1-based, as everywhere outside the core's arrays
    type: str
    card: Card | None = None
    blind: bool = False  # scoresheet knocks only: made without looking
    kind: str | None = None  # penalty kind

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
        card = kind = None
        blind = False
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
        return cls(seat, typ, card, blind, kind)

    def to_json(self) -> dict:
        out = {"seat": self.seat, "type": self.type}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.blind:
            out["blind"] = True
        if self.kind is not None:
            out["kind"] = self.kind
        return out

    def __str__(self) -> str:
        extra = str(self.card) if self.card else (self.kind or ("blind" if self.blind else ""))
        return f"{self.seat}:{self.type}" + (f":{extra}" if extra else "")
