"""Checks of single fields of the data the club commands take (tickets,
results, series, sets, tournaments, the series or set part of a save):
type, range and length, refused with the field named in German and English
before anything acts on it. The containers (club/series.py,
club/transfer.py, club/club.py) call these on their validating paths; what
they build afterwards is trusted.

Names are checked here too, for games and tournaments alike: one rule, one
length limit."""

from __future__ import annotations

import unicodedata
from typing import Any, NoReturn, TypeGuard

from .errors import Both, InvalidAction

# Seeds the shell stores must survive a trip through JavaScript numbers.
MAX_SEED = (1 << 53) - 1
MAX_NAME = 40
# A ready format's title is a sentence ("Rengen: 4 Serien zu 5 Spielrunden").
MAX_HOUSE_NAME = 100
# More than any club evening needs, small enough that no file can make the
# engine draw or replay without end.
MAX_PLAYERS = 200
# A championship's players (the Rhineland's draws about 300).
MAX_TOURNAMENT_PLAYERS = 400
MAX_SERIES_GAMES = 20
MAX_NUMBER = 1000
MAX_ID = 64
# Format characters (bidi overrides and isolates, zero-width spaces and
# joiners) and control characters make names that look alike, or empty.
_HIDDEN = frozenset(("Cc", "Cf", "Co", "Cs"))
# Letters and marks that draw nothing though they are no format characters:
# Hangul fillers, the blank Braille pattern, the combining grapheme joiner,
# Khmer inherent vowels and Mongolian variation selectors. A name of them
# looks empty, and one beside them looks like another.
_BLANK = frozenset((0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0))


_BLANK_CHARS = frozenset(map(chr, _BLANK))


def hidden_char(name: str) -> str | None:
    """The first character of `name` that cannot be seen, if any."""
    # A printable text holds no character of an "other" category (nor a
    # separator but the space): asked of the whole text at once, not of
    # every character, as 300 names of a championship are checked.
    if name.isprintable() and _BLANK_CHARS.isdisjoint(name):
        return None
    return next((c for c in name if unicodedata.category(c) in _HIDDEN or ord(c) in _BLANK), None)


def refuse(key: str, de: str, en: str, why_de: str, why_en: str) -> NoReturn:
    """A field that is not what it must be, named as the file names it
    (`key`) and in words."""
    raise InvalidAction("bad_field", field=Both(f"„{key}“ ({de})", f"'{key}' ({en})"), why=Both(why_de, why_en))


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, key: str, de: str, en: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        refuse(key, de, en, f"muss eine ganze Zahl von {low} bis {high} sein", f"must be a whole number from {low} to {high}")
    return value


def seed(value: object, key: str = "seed") -> int:
    return whole(value, key, "Startwert", "seed", 0, MAX_SEED)


def flag(value: object, key: str, de: str, en: str) -> bool:
    if not isinstance(value, bool):
        refuse(key, de, en, "muss true oder false sein", "must be true or false")
    return value


def text(value: object, key: str, de: str, en: str, longest: int = MAX_ID) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= longest:
        refuse(key, de, en, f"muss ein Text mit 1 bis {longest} Zeichen sein", f"must be a text of 1 to {longest} characters")
    return value


def obj(value: object, key: str, de: str, en: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        refuse(key, de, en, "muss ein Objekt sein", "must be an object")
    return value


def items(value: object, key: str, de: str, en: str, low: int = 0, high: int = MAX_NUMBER) -> list[Any]:
    if not isinstance(value, list) or not low <= len(value) <= high:
        refuse(key, de, en, f"muss eine Liste mit {low} bis {high} Einträgen sein", f"must be a list of {low} to {high} entries")
    return value


def only(obj: dict[str, Any], keys: set[str], what_de: str, what_en: str) -> None:
    """A file's object holds no field but `keys` (a field it does not know
    would be silently ignored, and the file checked only in part)."""
    unknown = sorted(str(k)[:20] for k in set(obj) - keys)
    if unknown:
        raise InvalidAction(
            "bad_record",
            detail=Both(f"{what_de} kennt die Angabe {', '.join(unknown)} nicht", f"{what_en} has no field {', '.join(unknown)}"),
        )


def clean_name(name: object, seat: int | None, code: str = "bad_players") -> str:
    """A player's name as every table, tournament and the regulars keep it:
    NFC, whitespace runs made one space, at most MAX_NAME characters, and
    no invisible or blank-looking characters that would make two names
    look alike or a name look empty. `seat` None: a name on its own (a
    regular's, a group's), refused as `code`."""
    if seat is None:
        needs, whose = Both("ein Name darf nicht leer sein", "a name cannot be empty"), Both("der Name", "the name")
    else:
        needs = Both(f"Spieler {seat} braucht einen Namen", f"player {seat} needs a name")
        whose = Both(f"der Name von Spieler {seat}", f"the name of player {seat}")
    if not isinstance(name, str):
        raise InvalidAction(code, detail=needs)
    name = " ".join(unicodedata.normalize("NFC", name).split())
    hidden = hidden_char(name)
    if hidden is not None:
        shown = f"U+{ord(hidden):04X}"
        raise InvalidAction(
            code,
            detail=Both(f"{whose[0]} enthält ein unsichtbares Zeichen ({shown})", f"{whose[1]} holds an invisible character ({shown})"),
        )
    if not name:
        raise InvalidAction(code, detail=needs)
    if len(name) > MAX_NAME:
        raise InvalidAction(
            code, detail=Both(f"{whose[0]} ist länger als {MAX_NAME} Zeichen", f"{whose[1]} is longer than {MAX_NAME} characters")
        )
    return name


def house_name(value: object) -> str:
    """A house rule set's name as a tournament and its tickets carry it
    ("Stammtisch Rengen", or a ready format's longer title): 1 to 100
    characters, not blank, no invisible characters; kept as written (the
    app shows it as text)."""
    name = text(value, "house", "Name der Hausregeln", "house rules' name", MAX_HOUSE_NAME)
    if not name.strip() or hidden_char(name) is not None:
        refuse("house", "Name der Hausregeln", "house rules' name", "muss lesbarer Text sein", "must be readable text")
    return name


def names(value: object, key: str = "players", low: int = 2, high: int = MAX_PLAYERS) -> list[str]:
    """A list of distinct player names (a tournament's, a ticket's)."""
    listed = items(value, key, "Spieler", "players", low, high)
    out = [clean_name(n, i) for i, n in enumerate(listed, 1)]
    if len(set(out)) != len(out):
        refuse(key, "Spieler", "players", "nennt einen Namen zweimal", "names a player twice")
    return out
