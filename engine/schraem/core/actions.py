"""Actions: the one shape shared by the API, game records and the app.

An action has two spellings. The JSON object (`to_json`/`from_json`) crosses
the bridge and fills records; the text form (`str`/`Action.parse`) is for
people, logs and tests. Text notation — fields joined by colons, no spaces:

    SEAT:TYPE                 look hold pass win exchange redeal agree refuse
    SEAT:knock[:blind]        2:knock   2:knock:blind (scoresheet only)
    SEAT:play:CARD            1:play:10H      (also discard: 1:discard:QS)
    SEAT:penalty:KIND         3:penalty:renege / lead_out_of_turn / misdeal
    SEAT:turn:TARGET#INDEX    3:turn:2#1  dealt hand: seat 2's 1st face-down discard
    SEAT:turn:TARGET:CARD     3:turn:2:7D scoresheet: the card turned up
    SEAT:challenge:TARGET     4:challenge:2
    SEAT:challenge:TARGET:CARDS  4:challenge:2:AH,KH,QS,JD (scoresheet: the
                              uncovered cards, comma-separated)

Seats, targets and indexes are 1-based decimals without leading zeros; cards
are written as `str(card)` does (10H, QS). Only this canonical spelling is
accepted, so `str(Action.parse(t)) == t` for every text that parses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeGuard, cast

from .cards import DECK, Card
from .errors import Both, InvalidAction

# Types a player writes; "penalty" and "win" only on a scoresheet hand.
TYPES = (
    "look",
    "knock",
    "hold",
    "pass",
    "play",
    "discard",
    "penalty",
    "win",
    # regional variants (docs/VARIANTS.md): four courts and pretty ones
    "exchange",
    "turn",
    "challenge",
    "redeal",
    "agree",
    "refuse",
)
PENALTY_KINDS = ("renege", "lead_out_of_turn", "misdeal")

_CARD_TEXT = {str(c): c for c in DECK}  # the text form takes canonical cards only
# The actions read from JSON, by their (seat, type, card) when the object
# holds those fields and no others: a record replays from its JSON at every
# load and undo, and the few actions of a table (seat × type × card) are
# read again and again. An Action is immutable, so one instance serves every
# reading; an object of any other shape, or refused, is read in full each time.
_READ: dict[tuple[int, str, str | None], Action] = {}
_READ_SEATS = 16  # seats beyond any table's are read in full (the cache stays small)
_NUMBER = re.compile(r"[1-9][0-9]*")
# An action's fields beyond seat and type, as `Action` takes them.
Fields = dict[str, Any]


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
    def from_json(cls, obj: object) -> "Action":
        """The action a JSON object describes; InvalidAction if malformed."""
        if isinstance(obj, Action):
            return obj
        key = _read_key(obj)
        if key is not None:
            known = _READ.get(key)
            if known is not None:
                return known
        if not isinstance(obj, dict):
            raise InvalidAction("bad_action", detail=Both("eine Aktion muss ein Objekt sein", "an action must be an object"))
        seat, typ = obj.get("seat"), obj.get("type")
        if not _is_number(seat):
            raise InvalidAction(
                "bad_action",
                detail=Both(f"der Platz muss eine Zahl ab 1 sein (nicht {seat!r})", f"seat must be a number from 1 (got {seat!r})"),
            )
        if typ not in TYPES:
            raise InvalidAction("bad_action", detail=Both(f"unbekannte Aktion {typ!r}", f"unknown action type {typ!r}"))
        shape = _SHAPES[typ]
        fields = shape.json_fields(obj, typ)
        extra = set(obj) - {"seat", "type"} - shape.allowed(obj)
        if extra:
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"unerwartete Angabe(n) {', '.join(sorted(extra))} für {typ}",
                    f"unexpected field(s) {', '.join(sorted(extra))} for {typ}",
                ),
            )
        action = cls(seat, typ, **fields)
        if key is not None:
            _READ[key] = action
        return action

    @classmethod
    def parse(cls, text: object) -> "Action":
        """The action written in the text notation (module docstring), e.g.
        `Action.parse("1:play:10H")`; InvalidAction if malformed."""
        if not isinstance(text, str):
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"eine Aktion in Textform muss Text sein (nicht {text!r})", f"an action in text form must be text (got {text!r})"
                ),
            )
        parts = text.split(":")
        if len(parts) < 2 or not _NUMBER.fullmatch(parts[0]):
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"{text!r} beginnt nicht mit Platz und Aktion, wie 2:knock",
                    f"{text!r} does not start with a seat and a type, as in 2:knock",
                ),
            )
        typ = parts[1]
        if typ not in TYPES:
            raise InvalidAction(
                "bad_action", detail=Both(f"unbekannte Aktion {typ!r} in {text!r}", f"unknown action type {typ!r} in {text!r}")
            )
        return cls(int(parts[0]), typ, **_SHAPES[typ].text_fields(parts[2:], text))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "type": self.type}
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
        return ":".join([str(self.seat), self.type, *_SHAPES[self.type].text_args(self)])


def _read_key(obj: object) -> tuple[int, str, str | None] | None:
    """The key of `_READ` for a JSON object of exactly a seat, a type and
    perhaps a card, all of the plain types JSON gives (a bool is no seat
    here: True == 1 would find seat 1's action); None for any other object."""
    if type(obj) is not dict:
        return None
    seat, typ, card = obj.get("seat"), obj.get("type"), obj.get("card")
    if type(seat) is not int or type(typ) is not str or not 1 <= seat <= _READ_SEATS:
        return None
    if card is None:
        return (seat, typ, None) if len(obj) == 2 else None
    return (seat, typ, card) if len(obj) == 3 and type(card) is str else None


def _is_number(value: object) -> TypeGuard[int]:
    """A 1-based JSON number (booleans are numbers to Python, not to JSON)."""
    return not isinstance(value, bool) and isinstance(value, int) and value >= 1


def _text_card(token: str, text: str) -> Card:
    card = _CARD_TEXT.get(token)
    if card is None:
        raise InvalidAction(
            "bad_action",
            detail=Both(
                f"{token!r} in {text!r} ist keine Karte wie 10H oder QS", f"{token!r} in {text!r} is not a card written like 10H or QS"
            ),
        )
    return card


def _text_number(token: str, what: str, text: str) -> int:
    if not _NUMBER.fullmatch(token):
        raise InvalidAction(
            "bad_action",
            detail=Both(
                f"{what} in {text!r} muss eine Zahl ab 1 sein (nicht {token!r})",
                f"{what} in {text!r} must be a number from 1 (got {token!r})",
            ),
        )
    return int(token)


def _misread(text: str, example: str) -> InvalidAction:
    return InvalidAction("bad_action", detail=Both(f"{text!r} liest sich nicht wie {example}", f"{text!r} does not read like {example}"))


def _arity(args: list[str], count: int, text: str, example: str) -> None:
    if len(args) != count:
        raise _misread(text, example)


class _Shape:
    """The fields one group of action types carries, in both spellings:
    JSON (`allowed`, `json_fields`) and text (`text_fields`, `text_args`).
    The base shape carries nothing beyond seat and type."""

    example = "2:hold"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return set()

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        return {}

    def text_fields(self, args: list[str], text: str) -> Fields:
        _arity(args, 0, text, self.example)
        return {}

    def text_args(self, action: Action) -> list[str]:
        return []


class _Knock(_Shape):
    example = "2:knock or 2:knock:blind"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return {"blind"}

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        blind = obj.get("blind", False)
        if not isinstance(blind, bool):
            raise InvalidAction("bad_action", detail=Both("blind muss true oder false sein", "blind must be true or false"))
        return {"blind": blind}

    def text_fields(self, args: list[str], text: str) -> Fields:
        if args != [] and args != ["blind"]:
            raise _misread(text, self.example)
        return {"blind": bool(args)}

    def text_args(self, action: Action) -> list[str]:
        return ["blind"] if action.blind else []


class _CardAction(_Shape):
    example = "1:play:10H"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return {"card"}

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        if "card" not in obj:
            raise InvalidAction("bad_action", detail=Both(f"{typ} braucht eine Karte", f"{typ} needs a card"))
        return {"card": Card.parse(obj["card"])}

    def text_fields(self, args: list[str], text: str) -> Fields:
        _arity(args, 1, text, self.example)
        return {"card": _text_card(args[0], text)}

    def text_args(self, action: Action) -> list[str]:
        return [str(action.card)]


class _Penalty(_Shape):
    example = "3:penalty:renege"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return {"kind"}

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        kind = obj.get("kind")
        if kind not in PENALTY_KINDS:
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"die Strafe muss eine von {', '.join(PENALTY_KINDS)} sein", f"penalty kind must be one of {', '.join(PENALTY_KINDS)}"
                ),
            )
        return {"kind": kind}

    def text_fields(self, args: list[str], text: str) -> Fields:
        _arity(args, 1, text, self.example)
        if args[0] not in PENALTY_KINDS:
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    f"die Strafe muss eine von {', '.join(PENALTY_KINDS)} sein (in {text!r})",
                    f"penalty kind must be one of {', '.join(PENALTY_KINDS)} (in {text!r})",
                ),
            )
        return {"kind": args[0]}

    def text_args(self, action: Action) -> list[str]:
        return [cast(str, action.kind)]


class _Targeted(_Shape):
    """turn and challenge: aimed at another seat's exchange."""

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        target = obj.get("target")
        if not _is_number(target):
            raise InvalidAction(
                "bad_action", detail=Both(f"{typ} braucht einen Zielplatz (eine Zahl ab 1)", f"{typ} needs a target seat (a number from 1)")
            )
        return {"target": target}


class _Turn(_Targeted):
    example = "3:turn:2#1 (dealt hand) or 3:turn:2:7D (scoresheet)"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return {"target", "index", "card"}

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        # A dealt hand names the face-down discard; a scoresheet hand the
        # card that was turned up.
        fields = super().json_fields(obj, typ)
        if ("index" in obj) == ("card" in obj):
            raise InvalidAction(
                "bad_action",
                detail=Both(
                    "Umdrehen braucht eine Nummer (gegebene Karten) oder die aufgedeckte Karte (Spielzettel)",
                    "turn needs either an index (dealt hand) or the card turned up (scoresheet)",
                ),
            )
        if "card" in obj:
            return {**fields, "card": Card.parse(obj["card"])}
        if not _is_number(obj["index"]):
            raise InvalidAction("bad_action", detail=Both("der Index muss eine Zahl ab 1 sein", "index must be a number from 1"))
        return {**fields, "index": obj["index"]}

    def text_fields(self, args: list[str], text: str) -> Fields:
        if len(args) == 2:
            return {"target": _text_number(args[0], "the target seat", text), "card": _text_card(args[1], text)}
        _arity(args, 1, text, self.example)
        target, hash_, index = args[0].partition("#")
        if not hash_:
            raise _misread(text, self.example)
        return {"target": _text_number(target, "the target seat", text), "index": _text_number(index, "the index", text)}

    def text_args(self, action: Action) -> list[str]:
        if action.index is not None:
            return [f"{action.target}#{action.index}"]
        return [str(action.target), str(action.card)]


class _Challenge(_Targeted):
    example = "4:challenge:2 (dealt hand) or 4:challenge:2:AH,KH,QS,JD (scoresheet)"

    def allowed(self, obj: dict[str, Any]) -> set[str]:
        return {"target", "cards"} if "cards" in obj else {"target"}

    def json_fields(self, obj: dict[str, Any], typ: str) -> Fields:
        fields = super().json_fields(obj, typ)
        if "cards" not in obj:
            return fields
        if not isinstance(obj["cards"], list):
            raise InvalidAction("bad_card_list", value=repr(obj["cards"]))
        return {**fields, "cards": tuple(Card.parse(c) for c in obj["cards"])}

    def text_fields(self, args: list[str], text: str) -> Fields:
        if len(args) not in (1, 2):
            raise _misread(text, self.example)
        fields: Fields = {"target": _text_number(args[0], "the target seat", text)}
        if len(args) == 2:
            # An empty list is a field of its own ("4:challenge:2:"): JSON allows it.
            fields["cards"] = tuple(_text_card(t, text) for t in args[1].split(",")) if args[1] else ()
        return fields

    def text_args(self, action: Action) -> list[str]:
        if action.cards is None:
            return [str(action.target)]
        return [str(action.target), ",".join(str(c) for c in action.cards)]


_PLAIN = _Shape()
_SHAPES: dict[str, _Shape] = {typ: _PLAIN for typ in TYPES}
_SHAPES.update(
    {"knock": _Knock(), "play": _CardAction(), "discard": _CardAction(), "penalty": _Penalty(), "turn": _Turn(), "challenge": _Challenge()}
)
