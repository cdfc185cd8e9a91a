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

LABELS: dict[str, Both] = {
    "min_players": Both("Mindestens so viele Spieler", "Fewest players"),
    "max_players": Both("Höchstens so viele Spieler", "Most players"),
    "cards_per_hand": Both("Karten für jeden", "Cards each"),
    "cards_fit_pack": Both("Weniger Karten, wenn das Blatt nicht reicht", "Fewer cards when the pack runs short"),
    "discard": Both("Karten drücken vor dem ersten Stich", "Cards to discard before the first trick"),
    "start_marks": Both("Schräm zu Beginn", "Marks at the start"),
    "count_up": Both("Punkte zählen hoch (Schräm gegen sich)", "Points count up (marks against you)"),
    "marks_display": Both("So werden die Schräm angeschrieben", "How the marks are chalked"),
    "win_bonus": Both("Bonus für den Sieger der Spielrunde", "Bonus for the game's winner"),
    "knocking": Both("Es wird geklopft", "Knocking is played"),
    "start_value": Both("Ein Spiel beginnt mit dem Wert", "A hand starts at the value"),
    "max_value": Both("Höchster Wert", "Highest value"),
    "knock_limit": Both("Wie hoch darf man klopfen", "How high you may knock"),
    "two_marks_knock_three": Both("Mit 2 Schräm auf 3 klopfen", "Knocking to 3 with 2 marks"),
    "knock_by": Both("Wer darf klopfen", "Who may knock"),
    "holder_may_knock": Both("Wer gehalten hat, darf weiter erhöhen", "Whoever held may raise again"),
    "free_pass": Both("Jederzeit aussteigen (verliert den Wert)", "Drop out at any time (losing the value)"),
    "pass_loss": Both("Wer passt, verliert (0 = den alten Wert)", "A passer loses (0 = the old value)"),
    "raiser_loss": Both("Gewinnt ein Halter, verliert der Erhöher nur (0 = aus)", "If a holder wins, the raiser loses only (0 = off)"),
    "blind_max": Both("Blind klopfen bis zum Wert", "Knock blind up to the value"),
    "hammer": Both("Hammer: mit der letzten Schräm wird blind auf 2 geklopft", "Hammer: on the last mark the hand is knocked to 2 blind"),
    "hammer_marks": Both("Hammer mit so vielen Schräm", "Hammer on this many marks"),
    "hammer_start_value": Both("Sitzt einer auf dem Hammer, beginnt jedes Spiel mit (0 = aus)", "Once someone is on the hammer, every hand starts at (0 = off)"),
    "hammer_announced": Both("Der Hammer wird angesagt („Seht ihr meinen Hammer?“)", "The hammer is announced"),
    "hammer_answer_unseen": Both("Auf den Hammer antwortet man vor dem Ansehen", "The hammer is answered before looking"),
    "four_courts": Both("Vier Bilder auf der Hand", "Four court cards in hand"),
    "turn_penalty": Both("Strafe beim Umdrehen", "Penalty when turning"),
    "challenge_penalty": Both("Strafe beim Anzweifeln", "Penalty when challenging"),
    "pretty_ones": Both("„Hübschen“: alle auf dem Hammer dürfen neu geben lassen", "'Pretty ones': all on the hammer may ask for a fresh deal"),
    "lead_after_pass": Both("Passt, wer ausspielen muss, spielt aus", "If the player on lead passes, the lead goes to"),
    "game_end": Both("Die Spielrunde endet", "The game ends"),
    "first_dealer_next_game": Both("Die nächste Spielrunde gibt zuerst", "The next game is dealt first by"),
    "long_one_deal": Both("Der Lange wird gegeben (Päckchen)", "The long one is dealt (packets)"),
    "playoff_cards": Both("Karten im Stechen", "Cards in the play-off"),
    "series_games": Both("Spielrunden pro Serie", "Games per series"),
    "tournament_series": Both("Serien pro Turnier", "Series per tournament"),
    "hangeln_cards": Both("Karten beim Hängeln", "Cards in the Hängeln"),
    "hangeln_discard": Both("Drücken beim Hängeln", "Discard in the Hängeln"),
}

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
