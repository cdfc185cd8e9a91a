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


def check_options_declared() -> None:
    """An option is declared in three places (docs/ARCHITECTURE.md, "Where
    a change belongs"); one missing stops the engine as it loads, saying
    what to add where."""
    every = [f.name for f in fields(Rules) if f.name != "preset"]
    listed = [n for _, _, names in GROUPS for n in names]
    todo = []
    for name in every:
        if name not in listed:
            todo.append(f"put {name!r} in one of the editor's groups: GROUPS in core/rule_catalog.py")
        if name not in LABELS:
            todo.append(f"give {name!r} its words, German and English: LABELS in core/option_words.py")
        value = getattr(Rules(), name)
        if isinstance(value, int) and not isinstance(value, bool) and name not in Rules.RANGES:
            todo.append(f"give the whole number {name!r} its range: Rules.RANGES in core/rules.py")
    for name in sorted({n for n in listed if listed.count(n) > 1}):
        todo.append(f"{name!r} is in more than one group: keep it in one, GROUPS in core/rule_catalog.py")
    for name in sorted((set(listed) | set(LABELS) | set(Rules.RANGES) | set(CHOICE_VALUES)) - set(every)):
        todo.append(
            f"{name!r} is no field of Rules (core/rules.py): add the field, or remove the name from GROUPS, LABELS, RANGES and CHOICE_VALUES"
        )
    for name, allowed in CHOICE_VALUES.items():
        worded = CHOICE_WORDS.get(name, {})
        if set(worded) != set(allowed):
            missing, extra = sorted(set(allowed) - set(worded)), sorted(set(worded) - set(allowed))
            todo.append(
                f"the choices of {name!r} and their words differ (no words: {missing}, words of no choice: {extra}): "
                "CHOICE_WORDS in core/option_words.py against CHOICE_VALUES in core/rules.py"
            )
    for name in sorted(set(CHOICE_WORDS) - set(CHOICE_VALUES)):
        todo.append(f"{name!r} has words for its choices but no choices: CHOICE_VALUES in core/rules.py")
    if todo:
        raise RuntimeError("a rule option is not declared everywhere:\n- " + "\n- ".join(todo))


check_options_declared()
