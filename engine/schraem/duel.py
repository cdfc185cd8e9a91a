"""Deal sets (Duell-Karten): the same deals for everyone who types the same
word — "today's deals" are the date's — played against computer players
that answer alike on every phone, and results compared hand by hand
(docs/REVIEW.md).

A set is a word; its seed is folded from the word's letters (the same in
every Python), and the set's game deals hand k from that seed exactly as
any seeded game does (`derive_seed(seed, k)`). A result names the set and
only the hands already played: nothing of a deal to come is in it.
"""
from __future__ import annotations

import unicodedata

from .cards import derive_seed
from .errors import Both, InvalidAction
from .fields import clean_name
from .game import Game

RESULT_FORMAT = "schraem-duel/1"
SET_HANDS = 8  # deals in a set
SET_RULES = "rheinland"
SET_PLAYERS = 4
BOT_LEVEL = "duel"  # no wall clock: the same answers to the same play (bots/__init__.py)
MAX_WORD = 40
_SALT = 0x5343_4852_4D44  # keeps a set's seeds apart from other seeded games


def set_word(text) -> str:
    """The set's word as everyone's phone reads it: trimmed, inner spaces
    single, case folded, accents composed alike (NFC, as player names)."""
    if not isinstance(text, str):
        raise InvalidAction("bad_request", detail=Both("das Wort der Duell-Karten ist ein Text", "a deal set's word is text"))
    word = " ".join(unicodedata.normalize("NFC", text).casefold().split())
    if not 1 <= len(word) <= MAX_WORD:
        raise InvalidAction("bad_request", detail=Both(f"das Wort der Duell-Karten hat 1 bis {MAX_WORD} Zeichen",
                                                       f"a deal set's word has 1 to {MAX_WORD} characters"))
    return word


def set_seed(word: str) -> int:
    return derive_seed(_SALT, *word.encode("utf-8"))


def set_code(word: str) -> str:
    """Six digits that tell two results of the same set apart from a typo."""
    return f"{derive_seed(set_seed(word), 0xC0DE) % 1_000_000:06d}"


def new_game(text, names) -> tuple[Game, list[dict], dict]:
    """The set's game: the person at seat 1, computer players at the other
    seats, dealt from the set's seed; with its seats and the set's facts."""
    word = set_word(text)
    if not isinstance(names, list) or len(names) != SET_PLAYERS:
        raise InvalidAction("bad_players", detail=Both(f"Duell-Karten spielen {SET_PLAYERS} Spieler", f"a deal set is played by {SET_PLAYERS} players"))
    seed = set_seed(word)
    game = Game([{"name": n} for n in names], SET_RULES, None, 1, seed)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": BOT_LEVEL} for _ in range(SET_PLAYERS - 1)]
    return game, seats, {"set": word, "hands": SET_HANDS}


def check_facts(duel, game: Game) -> dict:
    """A save's set facts, checked against its game (the set's seed, rules
    and seats)."""
    if not isinstance(duel, dict) or set(duel) != {"set", "hands"} or duel["hands"] != SET_HANDS:
        raise InvalidAction("bad_request", detail=Both("die Angaben der Duell-Karten sind unvollständig", "the deal set's facts are incomplete"))
    word = set_word(duel["set"])
    if game.seed != set_seed(word) or game.rules.preset != SET_RULES or game.n != SET_PLAYERS or game.rules.overrides():
        raise InvalidAction("bad_request", detail=Both("das Spiel ist nicht das der Duell-Karten", "the game is not the deal set's"))
    return {"set": word, "hands": SET_HANDS}


def over(game: Game, facts: dict) -> bool:
    """The set is played: its deals are used up or the game ended first."""
    return game.game_over or (len(game.specs) >= facts["hands"] and game.hand_over)


def facts_of(game: Game, facts: dict) -> dict:
    return {"set": facts["set"], "code": set_code(facts["set"]), "hands": facts["hands"],
            "played": sum(1 for _ in game.results), "over": over(game, facts)}


def result(game: Game, facts: dict, seat: int = 1) -> dict:
    """What the seat made of the set so far: marks lost and hints per
    finished hand, and its place by marks. Only finished hands."""
    rec = game.to_record()
    replay = Game.from_record(dict(rec, hands=[]))
    hands = []
    for k, h in enumerate(rec["hands"], 1):
        replay.deal(seed=h["seed"])
        before = replay.hand_marks[seat - 1]
        for a in h["actions"]:
            replay.apply(a)
        if not replay.hand_over:
            break
        hands.append({"hand": k, "marks_lost": before - replay.hand_marks[seat - 1], "marks": replay.hand_marks[seat - 1],
                      "hints": sum(1 for x in h.get("hints", ()) if x["seat"] == seat)})
    marks = replay.hand_marks
    me = seat - 1
    # Out first is last: a seat at 0 is placed by when it went out.
    if me in replay.out_order:
        place = game.n - replay.out_order.index(me)
    else:
        place = 1 + sum(1 for s, m in enumerate(marks) if m > marks[me] and s not in replay.out_order)
    return {"format": RESULT_FORMAT, "set": facts["set"], "code": set_code(facts["set"]), "hands_in_set": facts["hands"],
            "name": game.names[seat - 1], "complete": over(game, facts), "hands": hands,
            "marks_lost": sum(h["marks_lost"] for h in hands), "hints": sum(h["hints"] for h in hands),
            "finish": {"marks": marks[me], "place": place, "of": game.n}}


def _checked(res, who: str) -> dict:
    def bad(de, en):
        raise InvalidAction("bad_request", detail=Both(f"{who[0]}: {de}", f"{who[1]}: {en}"))

    if not isinstance(res, dict) or res.get("format") != RESULT_FORMAT:
        bad("das ist kein Ergebnis von Duell-Karten", "this is not a deal set's result")
    word = set_word(res.get("set"))
    if res.get("code") != set_code(word):
        bad("die Prüfzahl passt nicht zum Wort der Karten", "the check number does not fit the set's word")
    hands = res.get("hands")
    if not isinstance(hands, list) or len(hands) > SET_HANDS:
        bad(f"höchstens {SET_HANDS} Spiele", f"at most {SET_HANDS} hands")
    out = []
    for k, h in enumerate(hands, 1):
        if not isinstance(h, dict) or h.get("hand") != k or any(type(h.get(f)) is not int or not 0 <= h[f] <= 99 for f in ("marks_lost", "marks", "hints")):
            bad(f"Spiel {k} ist unvollständig", f"hand {k} is incomplete")
        out.append({f: h[f] for f in ("hand", "marks_lost", "marks", "hints")})
    finish = res.get("finish")
    if not isinstance(finish, dict) or any(type(finish.get(f)) is not int for f in ("marks", "place", "of")):
        bad("die Platzierung fehlt", "the finish is missing")
    return {"set": word, "name": clean_name(res.get("name"), 1), "hands": out, "finish": {f: finish[f] for f in ("marks", "place", "of")},
            "complete": res.get("complete") is True}


def compare(mine, theirs) -> dict:
    """Two results of the same set, hand by hand: the marks each lost, and
    who came out ahead (fewer marks lost) in each hand both have played."""
    a = _checked(mine, ("Dein Ergebnis", "Your result"))
    b = _checked(theirs, ("Das andere Ergebnis", "The other result"))
    if a["set"] != b["set"]:
        raise InvalidAction("bad_request", detail=Both(f"die Ergebnisse sind von verschiedenen Karten („{a['set']}“, „{b['set']}“)",
                                                       f"the results are of different deal sets ('{a['set']}', '{b['set']}')"))
    rows = []
    for k in range(max(len(a["hands"]), len(b["hands"]))):
        x = a["hands"][k] if k < len(a["hands"]) else None
        y = b["hands"][k] if k < len(b["hands"]) else None
        ahead = None
        if x and y and x["marks_lost"] != y["marks_lost"]:
            ahead = "mine" if x["marks_lost"] < y["marks_lost"] else "theirs"
        rows.append({"hand": k + 1, "mine": x, "theirs": y, "ahead": ahead})
    both = min(len(a["hands"]), len(b["hands"]))
    lost = [sum(h["marks_lost"] for h in r["hands"][:both]) for r in (a, b)]
    return {"set": a["set"], "names": [a["name"], b["name"]], "hands": rows, "both_played": both,
            "marks_lost": lost, "ahead": None if lost[0] == lost[1] else ("mine" if lost[0] < lost[1] else "theirs"),
            "hints": [sum(h["hints"] for h in r["hands"]) for r in (a, b)],
            "finish": [a["finish"], b["finish"]], "complete": [a["complete"], b["complete"]]}
