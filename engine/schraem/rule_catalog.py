"""Every rule option in plain words, grouped, with its range: what a table's
house-rules editor ("So spielen wir") shows, so the shell draws the editor
from the engine's facts and decides no rule itself. Also the ready house
rule sets the sources describe (the formats of their tournaments).

A table's own rule set is a preset plus option values, checked by
Rules.make like any options: a combination that cannot be dealt or
finished is refused with the engine's reason before a game starts."""
from __future__ import annotations

from dataclasses import fields

from .errors import Both
from .option_words import LABELS
from .rules import (FIRST_DEALER_NEXT_GAME, FOUR_COURTS, GAME_END, KNOCK_BY, KNOCK_LIMITS, LEAD_AFTER_PASS, MARKS_DISPLAY,
                    PRESETS, TWO_MARKS_THREE, Rules)

# (group, its title, its options), in the order the editor shows them.
GROUPS: tuple[tuple[str, Both, tuple[str, ...]], ...] = (
    ("table", Both("Tisch und Karten", "Table and cards"),
     ("min_players", "max_players", "cards_per_hand", "cards_fit_pack", "discard")),
    ("marks", Both("Schräm", "Marks"),
     ("start_marks", "count_up", "marks_display", "win_bonus")),
    ("knocking", Both("Klopfen", "Knocking"),
     ("knocking", "start_value", "max_value", "knock_limit", "two_marks_knock_three", "knock_by", "holder_may_knock",
      "free_pass", "pass_loss", "raiser_loss")),
    ("blind", Both("Blind klopfen", "Blind knocks"), ("blind_max",)),
    ("hammer", Both("Hammer", "Hammer"),
     ("hammer", "hammer_marks", "hammer_start_value", "hammer_announced", "hammer_answer_unseen")),
    ("four_courts", Both("Vier Bilder", "Four courts"),
     ("four_courts", "turn_penalty", "challenge_penalty", "pretty_ones")),
    ("lead", Both("Aufspiel nach dem Passen", "Lead after a pass"), ("lead_after_pass",)),
    ("game_end", Both("Ende der Spielrunde", "End of the game"),
     ("game_end", "first_dealer_next_game", "long_one_deal", "playoff_cards")),
    ("tournament", Both("Serie und Turnier", "Series and tournament"),
     ("series_games", "tournament_series", "hangeln_cards", "hangeln_discard")),
)


CHOICES: dict[str, tuple[tuple[str, ...], dict[str, Both]]] = {
    "knock_limit": (KNOCK_LIMITS, {
        "marks": Both("bis zu den eigenen Schräm", "up to your own marks"),
        "marks_plus_one": Both("bis eins über die eigenen Schräm", "up to one above your own marks"),
        "none": Both("ohne Grenze", "no limit")}),
    "two_marks_knock_three": (TWO_MARKS_THREE, {
        "always": Both("immer erlaubt", "always allowed"),
        "blind_only": Both("nur blind", "only blind"),
        "never": Both("nie", "never")}),
    "knock_by": (KNOCK_BY, {
        "anyone": Both("jeder, jederzeit", "anyone, at any time"),
        "lead": Both("nur wer am Aufspiel ist", "only the player on lead")}),
    "lead_after_pass": (LEAD_AFTER_PASS, {
        "clockwise": Both("den nächsten im Uhrzeigersinn", "the next player clockwise"),
        "highest_card": Both("wer die höchste Karte im Stich hat (♣ vor ♠ vor ♥ vor ♦)", "the highest card in the trick (♣ over ♠ over ♥ over ♦)")}),
    "first_dealer_next_game": (FIRST_DEALER_NEXT_GAME, {
        "winner": Both("der Sieger", "the winner"),
        "loser": Both("der Verlierer", "the loser")}),
    "four_courts": (FOUR_COURTS, {
        "none": Both("kein Tausch", "no exchange"),
        "exchange": Both("dürfen getauscht werden", "may be exchanged"),
        "turn": Both("verdeckt tauschen, die anderen dürfen umdrehen", "exchanged face down, the others may turn them"),
        "challenge": Both("verdeckt tauschen, die anderen dürfen anzweifeln", "exchanged face down, the others may challenge")}),
    "game_end": (GAME_END, {
        "last_standing": Both("wenn nur noch einer Schräm hat", "when only one player has marks left"),
        "first_out": Both("wenn der Erste keine Schräm mehr hat (er verliert)", "when the first player runs out (and loses)"),
        "knolle": Both("Knollen: bei null weiterspielen, ein letztes Spiel entscheidet", "Knollen: play on at zero, one final hand decides"),
        "long_ones": Both("mit kurzen Langen und dem Langen (Tuppen)", "with short long ones and the long one (Tuppen)"),
        "halves": Both("in zwei Hälften und einem Stechen (Neulinge)", "in two halves and a play-off (newcomers)")}),
    "marks_display": (MARKS_DISPLAY, {
        "strokes": Both("als Striche", "as strokes"),
        "roman_xii": Both("als römische XII", "as a Roman XII"),
        "die": Both("auf dem Würfel", "on a die"),
        "matches": Both("mit Streichhölzern", "with matches")}),
}

# The formats the sources describe, ready to choose: a preset, its options,
# and for a tournament the table size.
HOUSE_RULES: tuple[dict, ...] = (
    {"id": "rheinland_meisterschaft", "de": "Rheinland-Meisterschaft: 5 Serien zu 5 Spielrunden",
     "en": "Rhineland Championship: 5 series of 5 games", "rules": "rheinland", "options": {}, "table_size": 4},
    {"id": "rengen_turnier", "de": "Rengen: 4 Serien zu 5 Spielrunden", "en": "Rengen: 4 series of 5 games",
     "rules": "rengen", "options": {}, "table_size": 4},
    {"id": "enzyklopaedie_turnier", "de": "Turnier: 3 oder 4 am Tisch, 10 Spielrunden mit 5 Schräm, 3 Tische, Punkte addiert",
     "en": "Tournament: 3 or 4 a table, 10 games from 5 marks, 3 tables, points added up", "rules": "rheinland",
     "options": {"start_marks": 5, "series_games": 10, "tournament_series": 3}, "table_size": 4},
    {"id": "marienheide_wuerfel", "de": "Marienheide: 5 Punkte, auf dem Würfel gezählt", "en": "Marienheide: 5 points kept on a die",
     "rules": "marienheide", "options": {}, "table_size": 4},
)


def _option(rules: Rules, name: str) -> dict:
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


def catalog(rules: Rules) -> dict:
    """The editor's facts for a rule set: every option in its group with
    its words, kind, range or choices and current value, and what the
    preset itself says (so the editor can mark a house rule)."""
    base = PRESETS[rules.preset]
    return {
        "rules": rules.preset,
        "options": rules.overrides(),
        "groups": [{"id": gid, "de": title[0], "en": title[1],
                    "options": [dict(_option(rules, n), preset=getattr(base, n)) for n in names]}
                   for gid, title, names in GROUPS],
    }


def house_rules() -> list[dict]:
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


_every_option_listed()
