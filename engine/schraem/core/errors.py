"""Errors as narrow ValueError subclasses, each with a plain-words message in
German and English (the app shows them to players at the table)."""

from __future__ import annotations

# code -> (German, English). Fields in {braces} come from the raising site.
MESSAGES: dict[str, tuple[str, str]] = {
    # malformed input
    "bad_card": ("„{card}“ ist keine Karte (Beispiele: 10H, QS, 7C).", "'{card}' is not a card (e.g. 10H, QS, 7C)."),
    "bad_card_list": ("Erwartet wurde eine Liste von Karten, nicht {value}.", "Expected a list of cards, not {value}."),
    "bad_action": ("Unverständliche Aktion: {detail}.", "Malformed action: {detail}."),
    "bad_seat": ("Platz {seat} gibt es an diesem Tisch nicht.", "There is no seat {seat} at this table."),
    "bad_options": ("Ungültige Regeloption: {detail}.", "Invalid rule option: {detail}."),
    "option_unknown": ("Die Regeloption {option} gibt es nicht.", "There is no rule option {option}."),
    "option_type": ("Die Regeloption {option} muss {kind} sein.", "The rule option {option} must be {kind}."),
    "option_choice": (
        "Die Regeloption {option} kennt nur: {allowed} – nicht „{value}“.",
        "The rule option {option} is one of: {allowed} – not '{value}'.",
    ),
    "option_range": (
        "Die Regeloption {option} muss zwischen {low} und {high} liegen, nicht bei {value}.",
        "The rule option {option} must be between {low} and {high}, not {value}.",
    ),
    "options_clash": ("Diese Regeln gehen nicht zusammen: {why}.", "These rules do not work together: {why}."),
    "bad_players": ("Ungültige Spielerliste: {detail}.", "Invalid player list: {detail}."),
    "bad_name": ("Dieser Name geht nicht: {detail}.", "This name will not do: {detail}."),
    "bad_record": ("Ungültige Spielaufzeichnung: {detail}.", "Invalid game record: {detail}."),
    "bad_deal": ("Ungültiges Blatt: {detail}.", "Invalid deal: {detail}."),
    "bad_request": ("Ungültige Anfrage: {detail}.", "Invalid request: {detail}."),
    "bad_field": ("Die Angabe {field} {why}.", "The field {field} {why}."),
    # the bridge's own limits and checks (docs/BRIDGE.md); plain words, as
    # the shell may show them to whoever chose the file
    "request_not_text": ("Die Anfrage an die Spiel-Engine ist kein Text.", "The request to the game engine is not text."),
    "request_too_large": (
        "Die Daten sind zu groß für eine Spielaufzeichnung ({size} Zeichen, höchstens {limit}).",
        "The data is too large to be a game record ({size} characters, at most {limit}).",
    ),
    "request_too_deep": (
        "Die Datei ist zu tief verschachtelt, um eine Spielaufzeichnung zu sein.",
        "The file is nested too deeply to be a game record.",
    ),
    "request_not_json": ("Die Daten sind kein gültiges JSON.", "The data is not valid JSON."),
    "request_number": ("Die Daten enthalten eine Zahl, die zu groß ist: {number}.", "The data holds a number that is too large: {number}."),
    "request_shape": (
        "Eine Anfrage ist ein Objekt mit „cmd“ und „args“ als Objekt.",
        "A request is an object with 'cmd' and 'args' as an object.",
    ),
    "unknown_command": ("Den Befehl {cmd} kennt die Spiel-Engine nicht.", "The game engine has no command {cmd}."),
    "bad_flag": ("„{name}“ muss true oder false sein.", "'{name}' must be true or false."),
    "bad_seed": ("Ein Startwert (seed) ist eine ganze Zahl von 0 bis {max}.", "A seed is a whole number from 0 to {max}."),
    "bad_table": ("Der gespeicherte Tisch passt nicht zum Spiel: {why}.", "The saved table does not fit the game: {why}."),
    "bad_seat_entry": ("Platz {seat}: {why}.", "Seat {seat}: {why}."),
    "internal": (
        "Interner Fehler der Spiel-Engine – der Spielstand ist unverändert.",
        "Internal error in the game engine – the game is unchanged.",
    ),
    "no_game": ("Es ist kein Spiel geladen.", "No game is loaded."),
    "nothing_to_undo": ("Es gibt nichts zurückzunehmen.", "There is nothing to take back."),
    "undo_not_yours": (
        "Zurücknehmen kann man nur den eigenen letzten Zug – zuletzt hat {seat} gespielt.",
        "You can only take back your own last move – {seat} has played since.",
    ),
    # rules broken
    "hand_over": ("Dieses Spiel ist schon entschieden.", "This hand is already decided."),
    "game_over": ("Die Spielrunde ist vorbei.", "The game is over."),
    "no_hand": ("Es wird gerade kein Spiel gespielt – erst geben.", "No hand is being played – deal first."),
    "not_in_hand": ("{seat} spielt dieses Spiel nicht (mehr) mit.", "This hand goes on without {seat}."),
    "knock_twice": (
        "Wer zuletzt geklopft hat, darf erst wieder klopfen, wenn ein anderer geklopft hat.",
        "You knocked last: someone else must knock before you may knock again.",
    ),
    "knock_max": ("Höher als {max} kann nicht geklopft werden.", "The value cannot go above {max}."),
    "knock_marks": ("Mit {marks} Schräm darfst du nicht auf {value} klopfen.", "With {marks} marks you may not knock to {value}."),
    "knock_blind": (
        "Ohne die Karten anzusehen darfst du nur bis {max} klopfen – erst Karten ansehen.",
        "Without looking at your cards you may knock only up to {max} – look at them first.",
    ),
    "knock_during_answers": (
        "Erst müssen alle auf das Klopfen antworten (halten oder passen).",
        "Everyone must first answer the knock (hold or pass).",
    ),
    "knock_not_allowed": ("In dieser Variante darfst du jetzt nicht klopfen.", "In this variant you may not knock now."),
    "no_knocking": ("In diesem Spiel wird nicht geklopft.", "There is no knocking in this hand."),
    "not_your_answer": ("Auf das Klopfen antwortet jetzt {due}, nicht {seat}.", "The knock is answered by {due} now, not by {seat}."),
    "no_knock_to_answer": (
        "Es hat niemand geklopft – halten oder passen gibt es nur nach einem Klopfen.",
        "Nobody knocked: hold or pass only answers a knock.",
    ),
    "answer_first": ("Erst halten oder passen: {due} muss auf das Klopfen antworten.", "Hold or pass first: {due} must answer the knock."),
    "not_your_turn": ("{due} ist am Zug, nicht {seat}.", "It is {due}'s turn, not {seat}'s."),
    "card_not_held": ("Die Karte {card} hast du nicht auf der Hand.", "You do not hold {card}."),
    "must_follow": ("Du musst Farbe bedienen: {suit} wurde ausgespielt.", "You must follow suit: {suit} was led."),
    "already_looked": ("Du hast deine Karten schon angesehen.", "You have already looked at your cards."),
    "not_real_cards": (
        "Dieses Spiel wird mit echten Karten gespielt – Karten werden hier nicht gelegt.",
        "This hand is played with real cards: cards are not played here.",
    ),
    "penalty_real_only": (
        "Strafen werden nur auf dem Spielzettel (echte Karten) eingetragen – hier lässt die App falsche Züge gar nicht zu.",
        "Penalties are only entered on the scoresheet (real cards): here the app refuses wrong plays instead.",
    ),
    "win_real_only": (
        "Den Gewinner trägt man nur auf dem Spielzettel ein – hier entscheidet der letzte Stich.",
        "A winner is only entered on the scoresheet: here the last trick decides.",
    ),
    "win_during_answers": ("Erst müssen alle auf das Klopfen antworten.", "Everyone must first answer the knock."),
    "discard_first": ("Erst {count} Karten drücken.", "Discard {count} cards first."),
    "no_discard": ("Jetzt wird nicht gedrückt.", "No discarding now."),
    "exchange_not_allowed": (
        "Tauschen geht nur mit vier Bildern vor dem ersten Stich.",
        "Only a hand of four court cards may be exchanged, before the first trick.",
    ),
    "pass_needs_knock": ("Passen geht nur als Antwort auf ein Klopfen.", "You can only pass in answer to a knock."),
    "redeal_not_allowed": (
        "Neu geben („hübschen“) geht nur, wenn alle im Spiel auf dem Hammer sitzen, vor dem ersten Stich.",
        "A fresh deal ('prettier ones') needs everyone left on the hammer, before the first trick.",
    ),
    "raise_not_on_lead": (
        "In dieser Variante darf nur erhöhen, wer am Aufspiel ist.",
        "In this variant only the player on lead may raise.",
    ),
    "decline_not_allowed": (
        "Aussteigen vor dem Geben geht nur, wenn um 2 gespielt wird.",
        "Laying down before the deal is only possible when the hand is played for 2.",
    ),
    "challenge_not_allowed": ("Es gibt keinen Tausch, den man anzweifeln könnte.", "There is no exchange to challenge."),
    # regional variants (docs/VARIANTS.md)
    "exchange_once": ("Du hast in diesem Spiel schon getauscht.", "You have already exchanged in this hand."),
    "exchange_no_stock": (
        "Im Stock sind nicht mehr genug Karten zum Tauschen.",
        "There are not enough cards left in the stock to exchange.",
    ),
    "turn_not_allowed": (
        "Umdrehen geht nur bei den abgelegten Karten eines Mitspielers, der getauscht hat.",
        "You can only turn the discards of another player who exchanged.",
    ),
    "turn_done": ("Diese abgelegten Karten sind schon geprüft.", "These discards have already been checked."),
    "turn_face_down": (
        "Wähle eine der {count} verdeckt abgelegten Karten, die noch nicht umgedreht ist.",
        "Choose one of the {count} face-down discards that is not turned yet.",
    ),
    "challenge_once": ("Dieser Tausch wurde schon angezweifelt.", "This exchange has already been challenged."),
    "redeal_once": ("Du hast in diesem Spiel schon nach neuen Karten gefragt.", "You have already asked for a fresh deal in this hand."),
    "redeal_pending": (
        "Erst müssen alle zum Neugeben ja oder nein sagen – {due} ist dran.",
        "Everyone must first say yes or no to the fresh deal – {due} is next.",
    ),
    "no_redeal_question": ("Niemand hat nach neuen Karten gefragt.", "Nobody has asked for a fresh deal."),
    "not_your_redeal_answer": (
        "Zum Neugeben antwortet jetzt {due}, nicht {seat}.",
        "The fresh-deal question is answered by {due} now, not by {seat}.",
    ),
    # tournaments across phones (club/transfer.py)
    "foreign_series": ("Diese Serie gehört zu einem anderen Turnier.", "This series belongs to another tournament."),
    "duplicate_series": (
        "Serie {series}, Tisch {table} ist schon eingelesen.",
        "Series {series}, table {table} has already been imported.",
    ),
    "table_taken": (
        "Für Serie {series}, Tisch {table} ist schon ein anderes Ergebnis eingelesen.",
        "Series {series}, table {table} already has a different result.",
    ),
    "tampered": ("Die Serie ist verändert worden: {detail}.", "The series has been altered: {detail}."),
    # a table of phones (fairdeal.py, bridge/table_host.py, docs/PHONE_TABLE.md)
    "deal_phase": ("Jetzt nicht: {detail}.", "Not now: {detail}."),
    "guest_unknown": (
        "Dieses Handy ist an diesem Tisch nicht angemeldet – bitte neu beitreten.",
        "This phone has not joined this table – please join again.",
    ),
    "guest_not_your_seat": ("Dieses Handy spielt nur für {seat}.", "This phone plays only for {seat}."),
    "hangeln_watch": (
        "{seat} spielt beim Hängeln nicht mit: dieses Handy sieht nur zu.",
        "{seat} does not play in the Hängeln: this phone only watches.",
    ),
    "guest_too_large": (
        "Die Nachricht des Handys ist zu groß ({size} Zeichen, höchstens {limit}).",
        "The phone's message is too large ({size} characters, at most {limit}).",
    ),
    "guest_too_deep": ("Die Nachricht des Handys ist zu tief verschachtelt.", "The phone's message is nested too deeply."),
    "guest_field": (
        "Die Nachricht des Handys hat eine Angabe {field}, die hier nicht vorkommt.",
        "The phone's message has a field {field} that does not belong here.",
    ),
    "guest_type": (
        "Die Angabe {field} in der Nachricht des Handys muss {kind} sein.",
        "The field {field} in the phone's message must be {kind}.",
    ),
    "guest_command": (
        "Das kann nur das Handy, das den Tisch eröffnet hat ({cmd}).",
        "Only the phone that opened the table can do that ({cmd}).",
    ),
    "phone_table_only": ("Das geht nur an einem Tisch aus Handys.", "That works only at a table of phones."),
    "phone_table_no_undo": ("Am Tisch aus Handys wird nichts zurückgenommen.", "Nothing is taken back at a table of phones."),
    "fair_deal": ("Das Geben am Tisch der Handys geht nicht auf: {detail}.", "The deal at the table of phones does not add up: {detail}."),
    "hammer_answer_unseen": (
        "Auf den Hammer wird vor dem Ansehen geantwortet: erst halten oder die Karten hinlegen.",
        "The hammer is answered before looking: hold or lay your cards down first.",
    ),
    # the kitty (stakes.py)
    "bad_stakes": ("Einsatz {field}: {why}.", "Stake {field}: {why}."),
}


class Both(tuple[str, str]):
    """A message field given in both languages: Both("German", "English")."""

    def __new__(cls, de: str, en: str) -> Both:
        return super().__new__(cls, (de, en))


# Params that name a player. The engine knows seats, so the message says
# "Platz 2"; the bridge, which knows the table, names the player (`named`).
PLAYER_PARAMS = ("seat", "due")
# Codes whose `seat` is a seat number the input got wrong, not a player.
_SEAT_NUMBER_CODES = frozenset({"bad_seat", "bad_seat_entry"})


def _seat_words(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return Both(f"Platz {value}", f"seat {value}")
    return value


class _Words:
    """An error's message in one language, put together when first read and
    kept on the error from then on (it overrides this class attribute): most
    refusals are caught and never shown (a legal-action check, a search over
    every action), and building both messages was most of their cost."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, err: SchraemError, owner: type | None = None) -> str:
        err._words()
        text: str = err.__dict__[self.name]
        return text


class SchraemError(ValueError):
    """Base of every error the engine raises on purpose."""

    kind = "SchraemError"
    de = _Words()
    en = _Words()

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__()

    def _words(self) -> None:
        de, en = MESSAGES.get(self.code, ("{code}", "{code}"))
        fields = {"code": self.code, **self.params}
        if self.code not in _SEAT_NUMBER_CODES:
            fields.update({k: _seat_words(self.params[k]) for k in PLAYER_PARAMS if k in self.params})
        # A message already set (a record error's, which says where) stays.
        self.__dict__.setdefault("de", de.format(**{k: v[0] if isinstance(v, Both) else v for k, v in fields.items()}))
        self.__dict__.setdefault("en", en.format(**{k: v[1] if isinstance(v, Both) else v for k, v in fields.items()}))

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.en!r})"

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "code": self.code, "de": self.de, "en": self.en}

    def named(self, names: list[str]) -> "SchraemError":
        """The same error with the players named instead of their seats."""
        if self.code in _SEAT_NUMBER_CODES:
            return self
        params = dict(self.params)
        for k in PLAYER_PARAMS:
            v = params.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= len(names):
                params[k] = names[v - 1]
        if params == self.params:
            return self
        return type(self)(self.code, **params)


class InvalidAction(SchraemError):
    """Malformed: not an action at all (bad card text, unknown type, bad seat)."""

    kind = "InvalidAction"


class IllegalAction(SchraemError):
    """Well-formed but not allowed now; `code` names the rule broken."""

    kind = "IllegalAction"


class NoGame(SchraemError):
    """The bridge was asked about a game before one was started or loaded."""

    kind = "NoGame"


class RecordError(SchraemError):
    """A game record that does not replay; says which hand and action."""

    kind = "CorruptSave"

    def __init__(
        self, code: str, hand: int | None = None, index: int | None = None, cause: SchraemError | None = None, **params: object
    ) -> None:
        # The code is usually the cause's: its message needs the cause's fields.
        super().__init__(code, **({**cause.params, **params} if cause is not None else params))
        self.hand, self.index, self.cause = hand, index, cause
        if hand is not None:
            where_de = f"Spiel {hand}" + (f", Aktion {index}" if index is not None else "")
            where_en = f"hand {hand}" + (f", action {index}" if index is not None else "")
            self.de = f"{where_de}: {cause.de if cause else self.de}"
            self.en = f"{where_en}: {cause.en if cause else self.en}"
            self.args = (self.en,)
        if cause is not None:
            self.rule = cause.code
        else:
            self.rule = code
