"""Every rule option in the plain words the house-rules editor shows
("So spielen wir"), German and English: the catalog lists them, and the
rules' refusals name an option by them, so a table reads the same words
where it changes an option and where a combination is refused."""

from __future__ import annotations

from .errors import Both

# The rule sets by the names the app shows them under (pwa/i18n/table.js
# `preset.*`, checked equal by tests/site/test_i18n.py): a refusal names
# the set a table chose, not its code.
PRESET_TITLES: dict[str, Both] = {
    "rheinland": Both("Rheinland (Meisterschaft)", "Rhineland (championship)"),
    "rengen": Both("Rengen (Clubregeln)", "Rengen (club rules)"),
    "wipperfuerth": Both("Wipperfürth (Schrööm)", "Wipperfürth (Schrööm)"),
    "marienheide": Both("Marienheide", "Marienheide"),
    "siwwe_stroeoem": Both("Eifel (Sibbeschröm)", "Eifel (Sibbeschröm)"),
    "sebbe_schroehm": Both("Sebbe Schröhm", "Sebbe Schröhm"),
    "siwwe_schroehm": Both("Dedenbach (klassisch)", "Dedenbach (classic)"),
    "siwwe_schroehm_newcomer": Both("Dedenbach (Einsteiger)", "Dedenbach (newcomers)"),
    "tuppen": Both("Tuppen", "Tuppen"),
}


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
    "hammer_start_value": Both(
        "Sitzt einer auf dem Hammer, beginnt jedes Spiel mit (0 = aus)", "Once someone is on the hammer, every hand starts at (0 = off)"
    ),
    "hammer_announced": Both("Der Hammer wird angesagt („Seht ihr meinen Hammer?“)", "The hammer is announced"),
    "hammer_answer_unseen": Both("Auf den Hammer antwortet man vor dem Ansehen", "The hammer is answered before looking"),
    "four_courts": Both("Vier Bilder auf der Hand", "Four court cards in hand"),
    "turn_penalty": Both("Strafe beim Umdrehen", "Penalty when turning"),
    "challenge_penalty": Both("Strafe beim Anzweifeln", "Penalty when challenging"),
    "pretty_ones": Both(
        "„Hübschen“: alle auf dem Hammer dürfen neu geben lassen", "'Pretty ones': all on the hammer may ask for a fresh deal"
    ),
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


# Each value of a choice option in the words the editor's list shows.
CHOICE_WORDS: dict[str, dict[str, Both]] = {
    "knock_limit": {
        "marks": Both("bis zu den eigenen Schräm", "up to your own marks"),
        "marks_plus_one": Both("bis eins über die eigenen Schräm", "up to one above your own marks"),
        "none": Both("ohne Grenze", "no limit"),
    },
    "two_marks_knock_three": {
        "always": Both("immer erlaubt", "always allowed"),
        "blind_only": Both("nur blind", "only blind"),
        "never": Both("nie", "never"),
    },
    "knock_by": {
        "anyone": Both("jeder, jederzeit", "anyone, at any time"),
        "lead": Both("nur wer am Aufspiel ist", "only the player on lead"),
    },
    "lead_after_pass": {
        "clockwise": Both("den nächsten im Uhrzeigersinn", "the next player clockwise"),
        "highest_card": Both(
            "wer die höchste Karte im Stich hat (♣ vor ♠ vor ♥ vor ♦)", "the highest card in the trick (♣ over ♠ over ♥ over ♦)"
        ),
    },
    "first_dealer_next_game": {"winner": Both("der Sieger", "the winner"), "loser": Both("der Verlierer", "the loser")},
    "four_courts": {
        "none": Both("kein Tausch", "no exchange"),
        "exchange": Both("dürfen getauscht werden", "may be exchanged"),
        "turn": Both("verdeckt tauschen, die anderen dürfen umdrehen", "exchanged face down, the others may turn them"),
        "challenge": Both("verdeckt tauschen, die anderen dürfen anzweifeln", "exchanged face down, the others may challenge"),
    },
    "game_end": {
        "last_standing": Both("wenn nur noch einer Schräm hat", "when only one player has marks left"),
        "first_out": Both("wenn der Erste keine Schräm mehr hat (er verliert)", "when the first player runs out (and loses)"),
        "knolle": Both(
            "Knollen: bei null weiterspielen, ein letztes Spiel entscheidet", "Knollen: play on at zero, one final hand decides"
        ),
        "long_ones": Both("mit kurzen Langen und dem Langen (Tuppen)", "with short long ones and the long one (Tuppen)"),
        "halves": Both("in zwei Hälften und einem Stechen (Neulinge)", "in two halves and a play-off (newcomers)"),
    },
    "marks_display": {
        "strokes": Both("als Striche", "as strokes"),
        "roman_xii": Both("als römische XII", "as a Roman XII"),
        "die": Both("auf dem Würfel", "on a die"),
        "matches": Both("mit Streichhölzern", "with matches"),
    },
}


def quoted(name: str) -> Both:
    """An option as a refusal names it: „Höchster Wert“ / 'Highest value'."""
    de, en = LABELS[name]
    return Both(f"„{de}“", f"'{en}'")


def named(name: str) -> Both:
    """An option in words with its code, for a refusal about one option
    (the code is what a record or the command line spells)."""
    de, en = LABELS[name]
    return Both(f"„{de}“ ({name})", f"'{en}' ({name})")


def choices(name: str, allowed: tuple[str, ...]) -> Both:
    """A choice option's values as its refusal lists them: in the editor's
    words, each with its code („ohne Grenze“ (none)), so a table reads what
    its list offers and a record's writer what to spell."""
    words = CHOICE_WORDS[name]
    return Both(", ".join(f"„{words[v][0]}“ ({v})" for v in allowed), ", ".join(f"'{words[v][1]}' ({v})" for v in allowed))
