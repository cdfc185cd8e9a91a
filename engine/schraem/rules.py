"""Rule options and the named presets.

Every regional variant is a set of option values plus, where a rule cannot be
a number, a named choice that the core consults at one well-defined point (a
hook): who may knock how high, who leads after a passer, what a hand starts
at. The core never branches on a preset's name.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from .errors import InvalidAction

KNOCK_LIMITS = ("marks", "marks_plus_one", "none")
TWO_MARKS_THREE = ("always", "blind_only", "never")
LEAD_AFTER_PASS = ("clockwise", "highest_card")
FIRST_DEALER_NEXT_GAME = ("winner", "loser")


@dataclass(frozen=True)
class Rules:
    preset: str = "rheinland"
    min_players: int = 2
    max_players: int = 8
    start_marks: int = 7
    # The value a hand starts at, and the highest a knock can take it.
    start_value: int = 1
    max_value: int = 7
    cards_per_hand: int = 4
    # Cards each player lays away face down before the first trick.
    discard: int = 0
    knocking: bool = True
    # How high a player may knock, measured against their own marks.
    knock_limit: str = "marks"
    # Whether a player with 2 marks may knock to 3 anyway.
    two_marks_knock_three: str = "always"
    # The highest value a knock may reach before the knocker has looked;
    # start_value (or less) means no blind knocks at all.
    blind_max: int = 4
    # Rengen: a player may drop out at any moment, losing the current value.
    free_pass: bool = False
    # A player on hammer_marks at the start of a hand is knocked to 2 blind.
    hammer: bool = True
    hammer_marks: int = 1
    win_bonus: int = 7
    # Who leads when the player due to lead has passed.
    lead_after_pass: str = "clockwise"
    # Who deals the first hand of the next game at the same table.
    first_dealer_next_game: str = "winner"
    # Marks shown counting up (points against) instead of down; display only.
    count_up: bool = False
    series_games: int = 5
    tournament_series: int = 5
    # Rengen's deciding hand between the two losers of a set.
    hangeln_cards: int = 8
    hangeln_discard: int = 0

    # --- construction -------------------------------------------------
    @classmethod
    def preset_names(cls) -> list[str]:
        return list(PRESETS)

    @classmethod
    def make(cls, preset: str = "rheinland", options: dict | None = None) -> "Rules":
        if preset not in PRESETS:
            raise InvalidAction("bad_options", detail=f"unknown rules preset {preset!r} (known: {', '.join(PRESETS)})")
        base = PRESETS[preset]
        return base.with_options(options or {})

    def with_options(self, options: dict) -> "Rules":
        if not isinstance(options, dict):
            raise InvalidAction("bad_options", detail="options must be an object")
        known = {f.name: f for f in fields(self)}
        changes = {}
        for key, value in options.items():
            if key == "preset" or key not in known:
                raise InvalidAction("bad_options", detail=f"unknown option {key!r}")
            current = getattr(self, key)
            if isinstance(current, bool):
                if not isinstance(value, bool):
                    raise InvalidAction("bad_options", detail=f"{key} must be true or false")
            elif isinstance(current, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidAction("bad_options", detail=f"{key} must be a whole number")
            elif not isinstance(value, str):
                raise InvalidAction("bad_options", detail=f"{key} must be text")
            changes[key] = value
        rules = replace(self, **changes)
        rules.validate()
        return rules

    def validate(self) -> None:
        def bad(detail):
            raise InvalidAction("bad_options", detail=detail)

        if self.knock_limit not in KNOCK_LIMITS:
            bad(f"knock_limit must be one of {KNOCK_LIMITS}")
        if self.two_marks_knock_three not in TWO_MARKS_THREE:
            bad(f"two_marks_knock_three must be one of {TWO_MARKS_THREE}")
        if self.lead_after_pass not in LEAD_AFTER_PASS:
            bad(f"lead_after_pass must be one of {LEAD_AFTER_PASS}")
        if self.first_dealer_next_game not in FIRST_DEALER_NEXT_GAME:
            bad(f"first_dealer_next_game must be one of {FIRST_DEALER_NEXT_GAME}")
        if not 2 <= self.min_players <= self.max_players <= 8:
            bad("players must be between 2 and 8")
        if not 1 <= self.start_marks <= 99:
            bad("start_marks must be 1..99")
        if not 1 <= self.start_value <= self.max_value <= 99:
            bad("start_value and max_value must satisfy 1 <= start <= max")
        if not 1 <= self.cards_per_hand <= 16 or not 0 <= self.discard < self.cards_per_hand:
            bad("cards_per_hand must be 1..16 and discard fewer than that")
        if self.max_players * self.cards_per_hand > 32:
            bad("not enough cards for max_players × cards_per_hand")
        if not 1 <= self.hangeln_cards <= 16 or not 0 <= self.hangeln_discard < self.hangeln_cards:
            bad("hangeln_cards/hangeln_discard out of range")

    def overrides(self) -> dict:
        """The options that differ from this preset's defaults (for records)."""
        base = asdict(PRESETS[self.preset])
        return {k: v for k, v in asdict(self).items() if k != "preset" and base[k] != v}

    # --- hooks the core consults --------------------------------------
    def knock_allowed(self, marks: int, new_value: int, looked: bool) -> str | None:
        """None if a player with `marks` may knock to `new_value`, else the
        code of the rule that forbids it."""
        if new_value > self.max_value:
            return "knock_max"
        if not looked and new_value > self.blind_max:
            return "knock_blind"
        limit = self.knock_limit
        if limit == "none":
            return None
        ceiling = marks + (1 if limit == "marks_plus_one" else 0)
        if new_value <= ceiling:
            return None
        exception = self.two_marks_knock_three
        if marks == 2 and new_value == 3 and (exception == "always" or (exception == "blind_only" and not looked)):
            return None
        return "knock_marks"


PRESETS: dict[str, Rules] = {
    "rheinland": Rules(),
    "rengen": Rules(
        preset="rengen",
        free_pass=True,
        blind_max=3,
        two_marks_knock_three="blind_only",
        tournament_series=4,
    ),
}
