"""Every rule option in plain words, grouped, with its range: what a table's
house-rules editor ("So spielen wir") shows, so the shell draws the editor
from the engine's facts and decides no rule itself. Also the ready house
rule sets the sources describe (the formats of their tournaments).

A table's own rule set is a preset plus option values, checked by
Rules.make like any options: a combination that cannot be dealt or
finished is refused with the engine's reason before a game starts."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .errors import Both
from .option_words import CHOICE_WORDS, LABELS
from .rules import CHOICE_VALUES, PRESETS, Rules

# (group, its title, its options), in the order the editor shows them.
GROUPS: tuple[tuple[str, Both, tuple[str, ...]], ...] = (
    ("table", Both("Tisch und Karten", "Table and cards"), ("min_players", "max_players", "cards_per_hand", "cards_fit_pack", "discard")),
    ("marks", Both("Schräm", "Marks"), ("start_marks", "count_up", "marks_display", "win_bonus")),
    (
        "knocking",
        Both("Klopfen", "Knocking"),
        (
            "knocking",
            "start_value",
            "max_value",
            "knock_limit",
            "two_marks_knock_three",
            "knock_by",
            "holder_may_knock",
            "free_pass",
            "pass_loss",
            "raiser_loss",
        ),
    ),
    ("blind", Both("Blind klopfen", "Blind knocks"), ("blind_max",)),
    ("hammer", Both("Hammer", "Hammer"), ("hammer", "hammer_marks", "hammer_start_value", "hammer_announced", "hammer_answer_unseen")),
    ("four_courts", Both("Vier Bilder", "Four courts"), ("four_courts", "turn_penalty", "challenge_penalty", "pretty_ones")),
    ("lead", Both("Aufspiel nach dem Passen", "Lead after a pass"), ("lead_after_pass",)),
    ("game_end", Both("Ende der Spielrunde", "End of the game"), ("game_end", "first_dealer_next_game", "long_one_deal", "playoff_cards")),
    (
        "tournament",
        Both("Serie und Turnier", "Series and tournament"),
        ("series_games", "tournament_series", "hangeln_cards", "hangeln_discard"),
    ),
)


# Each choice option: its allowed values, and each value in words.
CHOICES: dict[str, tuple[tuple[str, ...], dict[str, Both]]] = {
    name: (allowed, CHOICE_WORDS[name]) for name, allowed in CHOICE_VALUES.items()
}

# The formats the sources describe, ready to choose: a preset, its options,
# and for a tournament the table size.
HOUSE_RULES: tuple[dict[str, Any], ...] = (
    {
        "id": "rheinland_meisterschaft",
        "de": "Rheinland-Meisterschaft: 5 Serien zu 5 Spielrunden",
        "en": "Rhineland Championship: 5 series of 5 games",
        "rules": "rheinland",
        "options": {},
        "table_size": 4,
    },
    {
        "id": "rengen_turnier",
        "de": "Rengen: 4 Serien zu 5 Spielrunden",
        "en": "Rengen: 4 series of 5 games",
        "rules": "rengen",
        "options": {},
        "table_size": 4,
    },
    {
        "id": "enzyklopaedie_turnier",
        "de": "Turnier: 3 oder 4 am Tisch, 10 Spielrunden mit 5 Schräm, 3 Tische, Punkte addiert",
        "en": "Tournament: 3 or 4 a table, 10 games from 5 marks, 3 tables, points added up",
        "rules": "rheinland",
        "options": {"start_marks": 5, "series_games": 10, "tournament_series": 3},
        "table_size": 4,
    },
    {
        "id": "marienheide_wuerfel",
        "de": "Marienheide: 5 Punkte, auf dem Würfel gezählt",
        "en": "Marienheide: 5 points kept on a die",
        "rules": "marienheide",
        "options": {},
        "table_size": 4,
    },
)


def _option(rules: Rules, name: str) -> dict[str, Any]:
    value = getattr(rules, name)
    label = LABELS[name]
    out = {"name": name, "de": label[0], "en": label[1], "value": value}
    if name in CHOICES:
        allowed, words = CHOICES[name]
        out["kind"] = "choice"
        out["choices"] = [{"value": v, "de": words[v][0], "en": words[v][1]} for v in allowed]
    elif isinstance(value, bool):
        out["kind"] = "flag"
    elif isinstance(value, int):
        out["kind"] = "number"
        out["low"], out["high"] = Rules.RANGES[name]
    else:
        out["kind"] = "text"
    return out


def catalog(rules: Rules) -> dict[str, Any]:
    """The editor's facts for a rule set: every option in its group with
    its words, kind, range or choices and current value, and what the
    preset itself says (so the editor can mark a house rule)."""
    base = PRESETS[rules.preset]
    return {
        "rules": rules.preset,
        "options": rules.overrides(),
        "groups": [
            {"id": gid, "de": title[0], "en": title[1], "options": [dict(_option(rules, n), preset=getattr(base, n)) for n in names]}
            for gid, title, names in GROUPS
        ],
    }


def house_rules() -> list[dict[str, Any]]:
    """The ready house rule sets, each checked (a typo here fails the tests
    and every start, not a table's evening)."""
    out = []
    for entry in HOUSE_RULES:
        Rules.make(entry["rules"], entry["options"])
        out.append(dict(entry, options=dict(entry["options"])))
    return out


def _every_option_listed() -> None:
    listed = [n for _, _, names in GROUPS for n in names]
    every = [f.name for f in fields(Rules) if f.name != "preset"]
    if sorted(listed) != sorted(every) or set(LABELS) != set(every):
        raise RuntimeError(f"rule_catalog out of step with Rules: {sorted(set(every) ^ set(listed) ^ set(LABELS))}")
    worded = {n: set(w) for n, w in CHOICE_WORDS.items()}
    if worded != {n: set(v) for n, v in CHOICE_VALUES.items()}:
        raise RuntimeError("option_words.CHOICE_WORDS out of step with rules.CHOICE_VALUES")


_every_option_listed()
