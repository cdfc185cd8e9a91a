"""Rule options and the named presets.

Every regional variant is a set of option values plus, where a rule cannot be
a number, a named choice that the core consults at one well-defined point (a
hook): who may knock how high, who leads after a passer, what a hand starts
at. The core never branches on a preset's name.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any, NoReturn

from .errors import Both, InvalidAction
from .option_words import choices, named, quoted

KNOCK_LIMITS = ("marks", "marks_plus_one", "none")
TWO_MARKS_THREE = ("always", "blind_only", "never")
LEAD_AFTER_PASS = ("clockwise", "highest_card")
FIRST_DEALER_NEXT_GAME = ("winner", "loser")
KNOCK_BY = ("anyone", "lead")
FOUR_COURTS = ("none", "exchange", "turn", "challenge")
GAME_END = ("last_standing", "first_out", "knolle", "long_ones", "halves")
MARKS_DISPLAY = ("strokes", "roman_xii", "die", "matches")
# Every option that is one of named values, with them.
CHOICE_VALUES = {
    "knock_limit": KNOCK_LIMITS,
    "two_marks_knock_three": TWO_MARKS_THREE,
    "knock_by": KNOCK_BY,
    "lead_after_pass": LEAD_AFTER_PASS,
    "first_dealer_next_game": FIRST_DEALER_NEXT_GAME,
    "four_courts": FOUR_COURTS,
    "game_end": GAME_END,
    "marks_display": MARKS_DISPLAY,
}


def _shown(value: object) -> str:
    """A value as an error message may quote it: short, whatever was sent."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


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

    # --- regional variants (docs/VARIANTS.md) ---------------------------
    # How the marks are chalked: ///////, a Roman XII, a die, matches.
    # Display only, like count_up.
    marks_display: str = "strokes"
    # Wipperfürth: the hammer says "Seht ihr meinen Hammer?"; display only
    # (the knock itself is the automatic hammer knock).
    hammer_announced: bool = False
    # Eifel: the hammer's opponents answer its knock before they look at
    # their cards ("they lay them down before the deal").
    hammer_answer_unseen: bool = False
    # Sebbe Schröhm: once anyone sits on hammer_marks (or below), every later
    # hand starts at this value; 0 = off.
    hammer_start_value: int = 0
    # Who may knock: anyone at any moment, or only the player on lead (about
    # to lead a trick); with holder_may_knock also whoever held the last knock.
    knock_by: str = "anyone"
    holder_may_knock: bool = False
    # What a player who passes on a knock loses: 0 = the value before the
    # knock (rule 5); n > 0 = always n.
    pass_loss: int = 0
    # Sebbe Schröhm: when a holder wins, the raiser (who made the hand's
    # last raise) loses only this much instead of the value; the holders
    # who lose still lose the value. 0 = off: every loser loses the value.
    raiser_loss: int = 0
    # Four courts: "exchange" — a hand of four court cards may be exchanged
    # for cards from the stock before the first card is played; "turn"
    # (Wipperfürth) and "challenge" (Eifel): the exchange is made face down,
    # so any hand can be exchanged, and opponents may check it.
    four_courts: str = "none"
    # turn: a numeral among the turned discards costs the exchanger this
    # much; turning the fourth, a court too, costs the turner this much.
    turn_penalty: int = 1
    # challenge: the one proved wrong leaves the hand losing this much.
    challenge_penalty: int = 2
    # Wipperfürth "pretty ones": when everyone left sits on the hammer, one
    # may ask for a fresh deal; it happens if all the others agree.
    pretty_ones: bool = False
    # How a game ends: last_standing (one player has marks left),
    # first_out (the first player at 0 has lost), knolle (players at 0 stay
    # in and collect Knollen; once all sit on the hammer one final hand
    # decides the winner), long_ones (Tuppen: players on the last mark play
    # short long ones and a long one for the loser), halves (Dedenbach
    # newcomers: no points, the last-trick winner drops out; two halves and
    # a play-off between the half losers).
    game_end: str = "last_standing"
    # Fewer than cards_per_hand when the pack does not hold that many for
    # everyone dealt in (32 // players): Dedenbach newcomers, 6 with five.
    cards_fit_pack: bool = False
    # Tuppen's long one: packets dealt to each player in turn (3-2-3 = 8).
    long_one_deal: str = "3-2-3"
    # Dedenbach newcomers: cards each in the play-off of the half losers.
    playoff_cards: int = 8

    # --- construction -------------------------------------------------
    @classmethod
    def preset_names(cls) -> list[str]:
        return list(PRESETS)

    @classmethod
    def make(cls, preset: object = "rheinland", options: object = None) -> "Rules":
        if not isinstance(preset, str) or preset not in PRESETS:
            raise InvalidAction(
                "bad_options",
                detail=Both(
                    f"unbekannte Regeln {preset!r} (bekannt: {', '.join(PRESETS)})",
                    f"unknown rules preset {preset!r} (known: {', '.join(PRESETS)})",
                ),
            )
        base = PRESETS[preset]
        return base.with_options(options or {})

    def with_options(self, options: object) -> "Rules":
        if not isinstance(options, dict):
            raise InvalidAction("bad_options", detail=Both("die Optionen müssen ein Objekt sein", "options must be an object"))
        known = {f.name: f for f in fields(self)}
        changes = {}
        for key, value in options.items():
            if key == "preset" or key not in known:
                raise InvalidAction("option_unknown", option=_shown(key))
            current = getattr(self, key)
            if isinstance(current, bool):
                if not isinstance(value, bool):
                    raise InvalidAction("option_type", option=named(key), kind=Both("true oder false", "true or false"))
            elif isinstance(current, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidAction("option_type", option=named(key), kind=Both("eine ganze Zahl", "a whole number"))
            elif not isinstance(value, str):
                raise InvalidAction("option_type", option=named(key), kind=Both("ein Text", "text"))
            changes[key] = value
        rules = replace(self, **changes)
        rules.validate()
        return rules

    # The range of every whole-number option (docs/RULES.md, "Rule options").
    # Wider values cannot be dealt, never end, or only overflow the sheet.
    RANGES = {
        "min_players": (2, 8),
        "max_players": (2, 8),
        "start_marks": (1, 99),
        "start_value": (1, 99),
        "max_value": (1, 99),
        "cards_per_hand": (1, 16),
        "discard": (0, 15),
        "blind_max": (0, 99),
        "hammer_marks": (1, 99),
        "hammer_start_value": (0, 99),
        "win_bonus": (0, 99),
        "pass_loss": (0, 99),
        "raiser_loss": (0, 99),
        "turn_penalty": (0, 99),
        "challenge_penalty": (0, 99),
        "series_games": (1, 99),
        "tournament_series": (1, 99),
        "hangeln_cards": (1, 16),
        "hangeln_discard": (0, 15),
        "playoff_cards": (1, 16),
    }

    def validate(self) -> None:
        # A refusal names every option in the words the house-rules editor
        # shows for it, never by its code.
        def clash(de: str, en: str) -> NoReturn:
            raise InvalidAction("options_clash", why=Both(de, en))

        def q(name: str, lang: str) -> str:
            return quoted(name)[0 if lang == "de" else 1]

        for name, allowed in CHOICE_VALUES.items():
            if getattr(self, name) not in allowed:
                raise InvalidAction("option_choice", option=named(name), allowed=choices(name, allowed), value=_shown(getattr(self, name)))
        for name, (low, high) in self.RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise InvalidAction("option_range", option=named(name), low=low, high=high, value=_shown(value))
        if self.min_players > self.max_players:
            clash(
                f"{q('min_players', 'de')} ({self.min_players}) ist größer als {q('max_players', 'de')} ({self.max_players})",
                f"{q('min_players', 'en')} ({self.min_players}) is greater than {q('max_players', 'en')} ({self.max_players})",
            )
        if self.start_value > self.max_value:
            clash(
                f"{q('start_value', 'de')} ({self.start_value}) ist größer als {q('max_value', 'de')} ({self.max_value})",
                f"{q('start_value', 'en')} ({self.start_value}) is greater than {q('max_value', 'en')} ({self.max_value})",
            )
        if self.hammer_start_value and not self.start_value <= self.hammer_start_value <= self.max_value:
            clash(
                f"{q('hammer_start_value', 'de')} muss 0 sein oder zwischen {q('start_value', 'de')} ({self.start_value}) und {q('max_value', 'de')} ({self.max_value}) liegen",
                f"{q('hammer_start_value', 'en')} must be 0 or between {q('start_value', 'en')} ({self.start_value}) and {q('max_value', 'en')} ({self.max_value})",
            )
        if self.max_players * self.cards_per_hand > 32 and not self.cards_fit_pack:
            clash(
                f"{self.max_players} Spieler mit je {self.cards_per_hand} Karten brauchen mehr als 32 Karten "
                f"({q('max_players', 'de')}, {q('cards_per_hand', 'de')}; {q('cards_fit_pack', 'de')} ist aus)",
                f"{self.max_players} players with {self.cards_per_hand} cards each need more than 32 cards "
                f"({q('max_players', 'en')}, {q('cards_per_hand', 'en')}; {q('cards_fit_pack', 'en')} is off)",
            )
        try:
            packets = self.long_one_packets()
        except ValueError:
            packets = ()
        if not packets or any(p < 1 for p in packets) or 2 * sum(packets) > 32:
            clash(
                f"{q('long_one_deal', 'de')}: „{_shown(self.long_one_deal)}“ ist keine Folge wie 3-2-3 mit höchstens 16 Karten",
                f"{q('long_one_deal', 'en')}: '{_shown(self.long_one_deal)}' is not packets like 3-2-3 with at most 16 cards",
            )
        # Discarding must leave a card to play in every hand the game can
        # deal: fewer cards each with more players (cards_fit_pack), the
        # play-off, the long one.
        fewest = min(((k, self.hand_cards(k)) for k in range(self.max_players, 1, -1)), key=lambda kc: kc[1])
        if self.discard >= fewest[1]:
            clash(
                f"mit {fewest[0]} Spielern bekommt jeder {fewest[1]} Karten – {q('discard', 'de')}: {self.discard} lässt keine zum Spielen",
                f"with {fewest[0]} players each gets {fewest[1]} cards – {q('discard', 'en')}: {self.discard} leaves none to play",
            )
        if self.game_end == "halves" and self.discard >= self.playoff_cards:
            clash(
                f"{q('playoff_cards', 'de')}: {self.playoff_cards} – {q('discard', 'de')}: {self.discard} lässt keine zum Spielen",
                f"{q('playoff_cards', 'en')} (the play-off): {self.playoff_cards} – {q('discard', 'en')}: {self.discard} leaves none to play",
            )
        if self.game_end == "long_ones" and self.discard >= sum(packets):
            clash(
                f"der Lange hat {sum(packets)} Karten ({q('long_one_deal', 'de')}) – {q('discard', 'de')}: {self.discard} lässt keine zum Spielen",
                f"the long one deals {sum(packets)} cards ({q('long_one_deal', 'en')}) – {q('discard', 'en')}: {self.discard} leaves none to play",
            )
        if self.hangeln_discard >= self.hangeln_cards:
            clash(
                f"{q('hangeln_discard', 'de')} ({self.hangeln_discard}) lässt von {q('hangeln_cards', 'de')} ({self.hangeln_cards}) keine zum Spielen",
                f"{q('hangeln_discard', 'en')} ({self.hangeln_discard}) leaves none of the {q('hangeln_cards', 'en')} ({self.hangeln_cards}) to play",
            )

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this preset's defaults (for records
        and every view); a fresh dict each time."""
        return dict(self._overrides)

    @cached_property
    def _overrides(self) -> dict[str, Any]:
        # Rules never change: worked out once per rule set. Every field is a
        # bool, an int or a str, so reading the fields gives what `asdict`'s
        # deep copies did, at a fraction of the cost (`asdict` twice was a
        # tenth of a short random game's).
        base = PRESETS[self.preset]
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name != "preset" and getattr(base, f.name) != v:
                out[f.name] = v
        return out

    def long_one_packets(self) -> tuple[int, ...]:
        return tuple(int(p) for p in self.long_one_deal.split("-"))

    def hand_cards(self, players: int) -> int:
        """Cards each for a hand dealt to `players` players."""
        if self.cards_fit_pack:
            return max(1, min(self.cards_per_hand, 32 // max(1, players)))
        return self.cards_per_hand

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
    # Regional variants: docs/VARIANTS.md says what each option stands for.
    "wipperfuerth": Rules(
        preset="wipperfuerth",
        knock_limit="marks_plus_one",
        hammer_announced=True,
        four_courts="turn",
        pretty_ones=True,
        marks_display="matches",
    ),
    "marienheide": Rules(
        preset="marienheide",
        max_players=5,
        start_marks=5,
        knock_limit="marks_plus_one",
        first_dealer_next_game="loser",
        lead_after_pass="highest_card",
        marks_display="die",
    ),
    "siwwe_stroeoem": Rules(
        preset="siwwe_stroeoem",
        count_up=True,
        hammer_answer_unseen=True,
        four_courts="challenge",
    ),
    "sebbe_schroehm": Rules(
        preset="sebbe_schroehm",
        marks_display="roman_xii",
        knock_by="lead",
        holder_may_knock=True,
        max_value=3,
        pass_loss=1,
        raiser_loss=1,
        hammer=False,
        hammer_start_value=2,
        four_courts="exchange",
        game_end="knolle",
    ),
    "siwwe_schroehm": Rules(
        preset="siwwe_schroehm",
        first_dealer_next_game="loser",
        min_players=4,
        max_players=4,
        count_up=True,
        knock_limit="none",
        blind_max=1,
        game_end="first_out",
    ),
    "siwwe_schroehm_newcomer": Rules(
        preset="siwwe_schroehm_newcomer",
        first_dealer_next_game="loser",
        max_players=5,
        cards_per_hand=8,
        cards_fit_pack=True,
        knocking=False,
        hammer=False,
        game_end="halves",
    ),
    "tuppen": Rules(
        preset="tuppen",
        first_dealer_next_game="loser",
        game_end="long_ones",
    ),
}
