"""Deal sets (Duell-Karten): the same deals for everyone who types the same
word — "today's deals" are the date's — played against computer players
that answer alike on every phone, and results compared hand by hand
(docs/REVIEW.md).

A set is a word, a rule set (preset) and a number of deals; its seed is
folded from the word's letters (the same in every Python), and the set's
game deals hand k from that seed exactly as any seeded game does
(`derive_seed(seed, k)`). Eight Rhineland deals are the set nobody has to
agree on; another preset or count folds into the seed, so each choice is a
set of its own with a check number of its own. A result names the set and
only the hands already played: nothing of a deal to come is in it.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from functools import cache
from typing import cast

from ..core.cards import derive_seed
from ..core.errors import Both, InvalidAction
from ..core.fields import clean_name
from ..core.formats import FORMATS
from ..core.game import Game
from ..core.rules import PRESETS

RESULT_FORMAT = "schraem-duel/1"
SET_HANDS = 8  # deals in today's set
SET_RULES = "rheinland"
HAND_CHOICES = (4, 8, 12)  # what the app offers; any count up to MAX_HANDS is a set
MAX_HANDS = 16
SET_PLAYERS = 4
BOT_LEVEL = "duel"  # no wall clock: the same answers to the same play (bots/__init__.py)
MAX_WORD = 40
_SALT = 0x5343_4852_4D44  # keeps a set's seeds apart from other seeded games
# A set as text for a QR code: today's kind carries only its word, so the
# codes of older apps still start the same set.
SET_PREFIX = "SCHRAEM-DUEL"
# A result as a QR code: a JSON array after the prefix (see `pack`).
CODE_PREFIX = "SCHRAEM-DR1:"
MAX_CODE = 1200
SEAL_CHARS = 12  # hex digits of a result's checksum (48 bits: no edit fits by chance)


@cache
def presets() -> tuple[str, ...]:
    """The presets a set can be played under: those whose games count
    marks, so a hand's result is the marks it cost (the newcomers' halves
    count none)."""
    return tuple(p for p, r in PRESETS.items() if FORMATS[r.game_end].keeps_marks)


def facts() -> dict:
    """What the app offers on its start screen."""
    return {"presets": list(presets()), "hands": list(HAND_CHOICES), "default": {"rules": SET_RULES, "hands": SET_HANDS}}


def set_word(text) -> str:
    """The set's word as everyone's phone reads it: trimmed, inner spaces
    single, case folded, accents composed alike (NFC, as player names)."""
    if not isinstance(text, str):
        raise InvalidAction("bad_request", detail=Both("das Wort der Duell-Karten ist ein Text", "a deal set's word is text"))
    word = " ".join(unicodedata.normalize("NFC", text).casefold().split())
    if not 1 <= len(word) <= MAX_WORD:
        raise InvalidAction(
            "bad_request",
            detail=Both(f"das Wort der Duell-Karten hat 1 bis {MAX_WORD} Zeichen", f"a deal set's word has 1 to {MAX_WORD} characters"),
        )
    return word


def set_rules(rules) -> str:
    if rules not in presets():
        raise InvalidAction(
            "bad_request",
            detail=Both(
                f"Duell-Karten gibt es mit den Regeln {', '.join(presets())}",
                f"deal sets are played under the rules {', '.join(presets())}",
            ),
        )
    return rules


def set_hands(hands) -> int:
    if type(hands) is not int or not 1 <= hands <= MAX_HANDS:
        raise InvalidAction(
            "bad_request", detail=Both(f"Duell-Karten haben 1 bis {MAX_HANDS} Spiele", f"a deal set has 1 to {MAX_HANDS} hands")
        )
    return hands


def the_set(text, rules=SET_RULES, hands=SET_HANDS) -> dict:
    """A set's facts, checked: {"set": word, "rules": preset, "hands": deals}."""
    return {"set": set_word(text), "rules": set_rules(rules), "hands": set_hands(hands)}


def set_seed(word: str, rules: str = SET_RULES, hands: int = SET_HANDS) -> int:
    seed = derive_seed(_SALT, *word.encode("utf-8"))
    if (rules, hands) == (SET_RULES, SET_HANDS):
        return seed
    return derive_seed(seed, *rules.encode("ascii"), 0, hands)


def set_code(word: str, rules: str = SET_RULES, hands: int = SET_HANDS) -> str:
    """Six digits that tell two results of the same set apart from a typo
    (or from another preset or count of deals under the same word)."""
    return f"{derive_seed(set_seed(word, rules, hands), 0xC0DE) % 1_000_000:06d}"


def set_text(s: dict) -> str:
    """The set as one line for a QR code: `SCHRAEM-DUEL:<word>` for eight
    Rhineland deals, else `SCHRAEM-DUEL/<preset>/<deals>:<word>`."""
    if (s["rules"], s["hands"]) == (SET_RULES, SET_HANDS):
        return f"{SET_PREFIX}:{s['set']}"
    return f"{SET_PREFIX}/{s['rules']}/{s['hands']}:{s['set']}"


def read_set_text(text) -> dict:
    """A set's QR text back to its facts; anything else is refused in words."""
    if not isinstance(text, str) or not text.startswith(SET_PREFIX):
        raise InvalidAction("bad_request", detail=Both("dieser QR-Code ist keine Duell-Karte", "this QR code is not a deal set"))
    head, sep, word = text[len(SET_PREFIX) :].partition(":")
    if not sep:
        raise InvalidAction(
            "bad_request", detail=Both("der QR-Code der Duell-Karten ist unvollständig", "the deal set's QR code is incomplete")
        )
    if not head:
        return the_set(word)
    parts = head.split("/")
    if len(parts) != 3 or parts[0] or not parts[2].isdigit() or len(parts[2]) > 2:
        raise InvalidAction("bad_request", detail=Both("der QR-Code der Duell-Karten ist beschädigt", "the deal set's QR code is damaged"))
    return the_set(word, parts[1], int(parts[2]))


def new_game(s: dict, names) -> tuple[Game, list[dict], dict]:
    """The set's game: the person at seat 1, computer players at the other
    seats, dealt from the set's seed; with its seats and the set's facts."""
    if not isinstance(names, list) or len(names) != SET_PLAYERS:
        raise InvalidAction(
            "bad_players", detail=Both(f"Duell-Karten spielen {SET_PLAYERS} Spieler", f"a deal set is played by {SET_PLAYERS} players")
        )
    seed = set_seed(s["set"], s["rules"], s["hands"])
    game = Game([{"name": n} for n in names], s["rules"], None, 1, seed)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": BOT_LEVEL} for _ in range(SET_PLAYERS - 1)]
    return game, seats, dict(s)


def check_facts(duel, game: Game) -> dict:
    """A save's set facts, checked against its game (the set's seed, rules
    and seats). Saves from before a set had a preset are Rhineland ones."""
    if not isinstance(duel, dict) or set(duel) - {"rules"} != {"set", "hands"}:
        raise InvalidAction(
            "bad_request", detail=Both("die Angaben der Duell-Karten sind unvollständig", "the deal set's facts are incomplete")
        )
    s = the_set(duel["set"], duel.get("rules", SET_RULES), duel["hands"])
    if (
        game.seed != set_seed(s["set"], s["rules"], s["hands"])
        or game.rules.preset != s["rules"]
        or game.n != SET_PLAYERS
        or game.rules.overrides()
    ):
        raise InvalidAction("bad_request", detail=Both("das Spiel ist nicht das der Duell-Karten", "the game is not the deal set's"))
    return s


def over(game: Game, facts: dict) -> bool:
    """The set is played: its deals are used up or the game ended first."""
    return game.game_over or (len(game.specs) >= facts["hands"] and game.hand_over)


def facts_of(game: Game, facts: dict) -> dict:
    done = over(game, facts)
    out = {
        "set": facts["set"],
        "rules": facts["rules"],
        "code": set_code(facts["set"], facts["rules"], facts["hands"]),
        "hands": facts["hands"],
        "played": sum(1 for _ in game.results),
        "over": done,
        "qr": set_text(facts),
    }
    # Once played out, what the person made of the set (as `result` says
    # it), for the set's last screen and its line in the history.
    if done:
        r = result(game, facts)
        out["total"] = {"hands": len(r["hands"]), "marks_lost": r["marks_lost"], "hints": r["hints"], **r["finish"]}
    return out


def _standing(game: Game, s: int) -> tuple:
    # The format's own ranking without its last tie-break (the seat): two
    # players level share a place.
    key = game.end.rank_key(s, game.hand_marks, game.out_order)
    return key if len(key) == 1 else key[:-1]


def result(game: Game, facts: dict, seat: int = 1) -> dict:
    """What the seat made of the set so far: marks lost (under Knolle the
    Knollen too) and hints per finished hand, and its place as the format
    ranks it. Only finished hands."""
    rec = game.to_record()
    replay = Game.from_record(dict(rec, hands=[]))
    me = seat - 1
    hands = []
    for k, h in enumerate(rec["hands"], 1):
        replay.deal(seed=h["seed"])
        before = replay.hand_marks[me] - replay.end.knollen[me]
        for a in h["actions"]:
            replay.apply(a)
        if not replay.hand_over:
            break
        hands.append(
            {
                "hand": k,
                "marks_lost": before - (replay.hand_marks[me] - replay.end.knollen[me]),
                "marks": replay.hand_marks[me],
                "hints": sum(1 for x in h.get("hints", ()) if x["seat"] == seat),
            }
        )
    mine = _standing(replay, me)
    place = 1 + sum(1 for s in range(game.n) if _standing(replay, s) < mine)
    out = {
        "format": RESULT_FORMAT,
        "set": facts["set"],
        "rules": facts["rules"],
        "code": set_code(facts["set"], facts["rules"], facts["hands"]),
        "hands_in_set": facts["hands"],
        "name": game.names[me],
        "complete": over(game, facts),
        "hands": hands,
        "marks_lost": sum(h["marks_lost"] for h in hands),
        "hints": sum(h["hints"] for h in hands),
        "finish": {"marks": replay.hand_marks[me], "place": place, "of": game.n},
    }
    out["check"] = seal(out)
    return out


def seal(res: dict) -> str:
    """The checksum a result is written with (`check`)."""
    return _seal(_checked(res, ("Dein Ergebnis", "Your result"), sealed=False))


def _seal(r: dict) -> str:
    """A result's checksum: what it says, as `_checked` reads it, hashed.
    A result changed after it was written (a digit of a hand's marks, a
    name, a place) no longer fits its checksum; it tells a typo or an
    edit apart from what the app wrote, as the move file's checksum does."""
    text = json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:SEAL_CHARS]


def _checked(res, who: tuple[str, str], sealed: bool = True) -> dict:
    """A result as the app reads it, every field checked; `sealed`: its
    checksum must fit what it says (a result read back, not one being
    written)."""

    def bad(de, en):
        raise InvalidAction("bad_request", detail=Both(f"{who[0]}: {de}", f"{who[1]}: {en}"))

    if not isinstance(res, dict) or res.get("format") != RESULT_FORMAT:
        bad("das ist kein Ergebnis von Duell-Karten", "this is not a deal set's result")
    try:
        s = the_set(res.get("set"), res.get("rules", SET_RULES), res.get("hands_in_set"))
    except InvalidAction as e:
        d = cast(Both, e.params["detail"])  # every refusal of a set's facts says why
        bad(d[0], d[1])
    if res.get("code") != set_code(s["set"], s["rules"], s["hands"]):
        bad("die Prüfzahl passt nicht zu den Karten", "the check number does not fit the deal set")
    hands = res.get("hands")
    if not isinstance(hands, list) or len(hands) > s["hands"]:
        bad(f"höchstens {s['hands']} Spiele", f"at most {s['hands']} hands")
    out = []
    for k, h in enumerate(hands, 1):
        if (
            not isinstance(h, dict)
            or h.get("hand") != k
            or any(type(h.get(f)) is not int or not 0 <= h[f] <= 99 for f in ("marks_lost", "marks", "hints"))
        ):
            bad(f"Spiel {k} ist unvollständig", f"hand {k} is incomplete")
        out.append({f: h[f] for f in ("hand", "marks_lost", "marks", "hints")})
    finish = res.get("finish")
    if not isinstance(finish, dict) or any(type(finish.get(f)) is not int or not 0 <= finish[f] <= 99 for f in ("marks", "place", "of")):
        bad("die Platzierung fehlt", "the finish is missing")
    try:
        name = clean_name(res.get("name"), 1)
    except InvalidAction:
        bad("der Name fehlt oder ist kein Name", "the name is missing or not a name")
    checked = {
        "set": s["set"],
        "rules": s["rules"],
        "deals": s["hands"],
        "name": name,
        "hands": out,
        "finish": {f: finish[f] for f in ("marks", "place", "of")},
        "complete": res.get("complete") is True,
    }
    if sealed:
        seal = res.get("check")
        if not isinstance(seal, str):
            bad(
                "es hat keine Prüfsumme (von einer älteren App geschrieben oder verändert)",
                "it has no checksum (written by an older app, or changed)",
            )
        if seal != _seal(checked):
            bad(
                "es wurde verändert, seit die App es schrieb (die Prüfsumme passt nicht)",
                "it was changed since the app wrote it (its checksum does not fit)",
            )
    return checked


def _set_name(r: dict) -> str:
    return r["set"] if (r["rules"], r["deals"]) == (SET_RULES, SET_HANDS) else f"{r['set']} · {r['rules']} · {r['deals']}"


def compare(mine, theirs) -> dict:
    """Two results of the same set, hand by hand: the marks each lost, and
    who came out ahead (fewer marks lost) in each hand both have played.
    `theirs` may be a result's QR text (`pack`)."""
    a = _checked(mine, ("Dein Ergebnis", "Your result"))
    b = _checked(unpack(theirs) if isinstance(theirs, str) else theirs, ("Das andere Ergebnis", "The other result"))
    if (a["set"], a["rules"], a["deals"]) != (b["set"], b["rules"], b["deals"]):
        x, y = _set_name(a), _set_name(b)
        raise InvalidAction(
            "bad_request",
            detail=Both(
                f"die Ergebnisse sind von verschiedenen Karten („{x}“, „{y}“)", f"the results are of different deal sets ('{x}', '{y}')"
            ),
        )
    rows = []
    for k in range(max(len(a["hands"]), len(b["hands"]))):
        ours = a["hands"][k] if k < len(a["hands"]) else None
        other = b["hands"][k] if k < len(b["hands"]) else None
        ahead = None
        if ours and other and ours["marks_lost"] != other["marks_lost"]:
            ahead = "mine" if ours["marks_lost"] < other["marks_lost"] else "theirs"
        rows.append({"hand": k + 1, "mine": ours, "theirs": other, "ahead": ahead})
    both = min(len(a["hands"]), len(b["hands"]))
    lost = [sum(h["marks_lost"] for h in r["hands"][:both]) for r in (a, b)]
    return {
        "set": a["set"],
        "rules": a["rules"],
        "hands_in_set": a["deals"],
        "names": [a["name"], b["name"]],
        "hands": rows,
        "both_played": both,
        "marks_lost": lost,
        "ahead": None if lost[0] == lost[1] else ("mine" if lost[0] < lost[1] else "theirs"),
        "hints": [sum(h["hints"] for h in r["hands"]) for r in (a, b)],
        "finish": [a["finish"], b["finish"]],
        "complete": [a["complete"], b["complete"]],
    }


# --- a result as a QR code -------------------------------------------------------
# A result is a few hundred characters of JSON: as one QR code that is too
# dense to read off a small screen. The code carries the same facts as an
# array — [word, preset, deals, check number, name, complete (0/1),
# [marks, place, of], marks lost, marks and hints of each hand in turn,
# the result's checksum] —
# about 140 characters for twelve hands (a version 7–8 code at level L:
# 45–49 modules, about 5 px each on a 320 px screen; the longest, sixteen
# deals with a word and a name of 40 umlauts, 375 bytes, a version 13 code at 4 px).


def pack(res: dict) -> str:
    r = _checked(res, ("Dein Ergebnis", "Your result"))
    f = r["finish"]
    flat = [v for h in r["hands"] for v in (h["marks_lost"], h["marks"], h["hints"])]
    body = [
        r["set"],
        r["rules"],
        r["deals"],
        set_code(r["set"], r["rules"], r["deals"]),
        r["name"],
        int(r["complete"]),
        [f["marks"], f["place"], f["of"]],
        flat,
        res["check"],
    ]
    return CODE_PREFIX + json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def unpack(text: str) -> dict:
    """A result's QR text back to a result (checked by `compare` like any
    result); foreign or damaged text is refused in plain words."""
    if not text.startswith(CODE_PREFIX):
        raise InvalidAction(
            "bad_request", detail=Both("dieser QR-Code ist kein Ergebnis von Duell-Karten", "this QR code is not a deal set's result")
        )
    damaged = InvalidAction(
        "bad_request",
        detail=Both("der QR-Code des Ergebnisses ist beschädigt oder unvollständig", "the result's QR code is damaged or incomplete"),
    )
    if len(text) > MAX_CODE:
        raise damaged
    try:
        body = json.loads(text[len(CODE_PREFIX) :])
    except ValueError:
        raise damaged from None
    if isinstance(body, list) and len(body) == 8:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "der QR-Code des Ergebnisses ist von einer älteren App: bitte beide Handys neu laden",
                "the result's QR code is from an older app: please reload both phones",
            ),
        )
    if (
        not isinstance(body, list)
        or len(body) != 9
        or not isinstance(body[6], list)
        or len(body[6]) != 3
        or not isinstance(body[7], list)
        or len(body[7]) % 3
    ):
        raise damaged
    word, rules, hands, code, name, complete, finish, flat, seal = body
    if complete not in (0, 1) or type(complete) is not int:
        raise damaged
    return {
        "format": RESULT_FORMAT,
        "set": word,
        "rules": rules,
        "hands_in_set": hands,
        "code": code,
        "name": name,
        "complete": complete == 1,
        "finish": dict(zip(("marks", "place", "of"), finish)),
        "hands": [
            {"hand": k + 1, "marks_lost": flat[3 * k], "marks": flat[3 * k + 1], "hints": flat[3 * k + 2]} for k in range(len(flat) // 3)
        ],
        "check": seal,
    }
