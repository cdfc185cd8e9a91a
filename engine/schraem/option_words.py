"""Every rule option in the plain words the house-rules editor shows
("So spielen wir"), German and English: the catalog lists them, and the
rules' refusals name an option by them, so a table reads the same words
where it changes an option and where a combination is refused."""
from __future__ import annotations

from .errors import Both

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


def quoted(name: str) -> Both:
    """An option as a refusal names it: „Höchster Wert“ / 'Highest value'."""
    de, en = LABELS[name]
    return Both(f"„{de}“", f"'{en}'")


def named(name: str) -> Both:
    """An option in words with its code, for a refusal about one option
    (the code is what a record or the command line spells)."""
    de, en = LABELS[name]
    return Both(f"„{de}“ ({name})", f"'{en}' ({name})")
