"""A guest phone's check of one hand at a table of phones (docs/PHONE_TABLE.md).

The host's engine deals and plays the one game; a guest only ever sees its
own seat's view. After a hand the guest asks the host for the record of the
finished hands and checks, on its own engine, that the record is the hand
it was shown:

1. the transcript: every number against its commit and the deal against
   the numbers (the record's replay does both, given-up rounds included),
   and the commits against the list the host showed this phone before it
   revealed its own number;
2. the play: the hand replayed from the record, this seat's view after
   every action compared with every state the phone was sent in that
   hand — its own cards as exchanges changed them, every public action,
   every trick and who won it, the hand's result.

The first difference is named. A phone that saw too little to judge (it
joined mid-hand, or kept no commits) is told so, never that the host
cheated. What no check here can see is in docs/PHONE_TABLE.md.
"""

from __future__ import annotations

from typing import Any, NoReturn, cast

from .errors import Both, InvalidAction, SchraemError
from .fairdeal import is_hex64
from .game import Game
from .view import view

ARGS = ("record", "seat", "hand", "commits", "states")
# More states than any hand sends (every action pushes one, and a reply
# brings one): a list far longer is not from a host.
MAX_STATES = 5000
# The parts of a view the play is compared on, in the order a difference
# is looked for (the log first: an action that differs explains the rest).
COMPARED = ("log", "my_cards", "exchanges", "trick", "tricks", "value", "hand_result")

_FIELD_WORDS = {
    "log": ("die Züge", "the actions"),
    "my_cards": ("die eigenen Karten", "this seat's own cards"),
    "exchanges": ("der Tausch", "the exchanges"),
    "trick": ("der Stich auf dem Tisch", "the trick on the table"),
    "tricks": ("die Stiche", "the tricks"),
    "value": ("der Wert des Spiels", "the hand's value"),
    "hand_result": ("das Ergebnis", "the result"),
}
_ACTION_WORDS = {
    "look": ("sieht die Karten an", "looks at the cards"),
    "knock": ("klopft", "knocks"),
    "hold": ("hält", "holds"),
    "pass": ("passt", "passes"),
    "play": ("spielt", "plays"),
    "discard": ("legt ab", "discards"),
    "exchange": ("tauscht", "exchanges"),
    "turn": ("deckt auf", "turns a card"),
    "challenge": ("fordert heraus", "challenges"),
    "redeal": ("will neu geben", "asks for a new deal"),
    "agree": ("stimmt zu", "agrees"),
    "refuse": ("lehnt ab", "refuses"),
}


def _bad_arg(key: str, de: str, en: str) -> NoReturn:
    raise InvalidAction("bad_field", field=repr(key), why=Both(de, en))


def _checked_args(args: object) -> tuple[object, int | None, int, list[tuple[int, str]] | None, list[Any]]:
    if not isinstance(args, dict):
        raise InvalidAction("request_shape")
    for key in args:
        if key not in ARGS:
            raise InvalidAction("bad_field", field=repr(key)[:24], why=Both("gibt es bei check_deal nicht", "is not one of check_deal's"))
    for key in ARGS:
        if key not in args:
            _bad_arg(key, "fehlt", "is missing")
    seat, hand, commits, states = args["seat"], args["hand"], args["commits"], args["states"]
    # seat null: the phone played no seat of this game (it watched a set's Hängeln).
    for key, value in (("seat", seat), ("hand", hand)):
        if (key, value) != ("seat", None) and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            _bad_arg(
                key,
                "ist eine ganze Zahl ab 1" + (" oder null" if key == "seat" else ""),
                "is a whole number from 1" + (" or null" if key == "seat" else ""),
            )
    if commits is not None:
        if not isinstance(commits, list) or not all(
            isinstance(c, dict) and set(c) == {"seat", "commit"} and isinstance(c["seat"], int) and is_hex64(c["commit"]) for c in commits
        ):
            _bad_arg("commits", "ist null oder eine Liste von {seat, commit}", "is null or a list of {seat, commit}")
        commits = [(c["seat"], c["commit"]) for c in commits]
    if not isinstance(states, list) or len(states) > MAX_STATES:
        _bad_arg("states", f"ist eine Liste von höchstens {MAX_STATES} Zuständen", f"is a list of at most {MAX_STATES} states")
    return args["record"], seat, hand, commits, states


def _verdict(hand: int, fair: bool | None, why: Both | None = None) -> dict[str, Any]:
    return {"hand": hand, "fair": fair, "why": None if why is None else {"de": why[0], "en": why[1]}}


def _said(entry: object, names: list[str]) -> Both:
    """An action of the log in a few words, e.g. "Anne spielt KH"."""
    if not isinstance(entry, dict):
        return Both("nichts", "nothing")
    seat = entry.get("seat")
    if isinstance(seat, int) and 1 <= seat <= len(names):
        who = (names[seat - 1],) * 2
    else:
        who = (f"Platz {str(seat)[:12]}", f"seat {str(seat)[:12]}")
    kind = str(entry.get("type"))[:20]
    de, en = _ACTION_WORDS.get(kind, (kind, kind))
    card = f" {entry['card'][:4]}" if isinstance(entry.get("card"), str) else ""
    blind = " (blind)" if entry.get("blind") else ""
    return Both(f"{who[0]} {de}{card}{blind}", f"{who[1]} {en}{card}{blind}")


def _first_difference(shown: dict[str, Any], expected: dict[str, Any], names: list[str]) -> Both | None:
    for field in COMPARED:
        a, b = shown.get(field), expected.get(field)
        if field == "my_cards" and isinstance(a, list) and isinstance(b, list):
            a, b = sorted(map(str, a)), sorted(b)
        if a == b:
            continue
        if field == "log" and isinstance(a, list) and isinstance(b, list):
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            got = _said(a[k], names) if k < len(a) else Both("nichts", "nothing")
            want = _said(b[k], names) if k < len(b) else Both("nichts", "nothing")
            return Both(
                f"Zug {k + 1}: gezeigt wurde „{got[0]}“, die Aufzeichnung hat „{want[0]}“",
                f"action {k + 1}: this phone was shown '{got[1]}', the record has '{want[1]}'",
            )
        if field == "my_cards":
            return Both(
                f"diesem Handy wurden die Karten {', '.join(a or ['keine'])} gezeigt, laut Aufzeichnung hatte es {', '.join(b or ['keine'])}",
                f"this phone was shown the cards {', '.join(a or ['none'])}, the record gives it {', '.join(b or ['none'])}",
            )
        if field == "tricks" and isinstance(a, list) and isinstance(b, list):
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return Both(
                f"Stich {k + 1} sieht in der Aufzeichnung anders aus als auf diesem Handy",
                f"trick {k + 1} differs between the record and this phone",
            )
        if field == "hand_result":
            won = [expected.get("hand_result") or {}, shown.get("hand_result") or {}]
            w = [
                names[r["winner"] - 1]
                if isinstance(r, dict) and isinstance(r.get("winner"), int) and 1 <= r["winner"] <= len(names)
                else "?"
                for r in won
            ]
            return Both(
                f"das Ergebnis weicht ab (Gewinner laut Aufzeichnung: {w[0]}, auf diesem Handy: {w[1]})",
                f"the result differs (winner by the record: {w[0]}, on this phone: {w[1]})",
            )
        de, en = _FIELD_WORDS[field]
        return Both(
            f"{de} weichen von dem ab, was dieses Handy gezeigt bekam"
            if field in ("log", "tricks", "my_cards")
            else f"{de} weicht von dem ab, was dieses Handy gezeigt bekam",
            f"{en} differ from what this phone was shown",
        )
    return None


def _replayed_views(record: dict[str, Any], hand: int, seat: int) -> dict[int, dict[str, Any]]:
    """The hand replayed from the record: this seat's view after the deal
    and after every written action, by the number of log entries then."""
    hands = record["hands"]
    game = Game.from_record(dict(record, hands=hands[: hand - 1]))
    h = hands[hand - 1]
    game.deal(cards=h.get("deal"), seed=h.get("seed"), stock=h.get("stock"), fair=h.get("fair"), restarts=h.get("fair_restarts"))
    views = {}
    for a in [None, *h.get("actions", [])]:
        if a is not None:
            game.apply(a)
        v = view(game, seat)
        views[len(v["log"])] = v
    return views


def check_deal(args: object) -> dict[str, Any]:
    """→ {"hand", "fair": true | false | null, "why": {de, en} | null}; with
    seat null also `"watched": true`: a phone that watched the hand (a set's
    Hängeln, which two of the table's players play) has no seat of its own
    to check it for; the phones that played it check it."""
    record, seat, hand, kept, states = _checked_args(args)
    if seat is None:
        watched = Both(
            f"Spiel {hand} ist nicht von diesem Handy zu prüfen: es hat nur zugesehen, die beiden Spieler prüfen es auf ihren Handys",
            f"hand {hand} is not this phone's to check: it only watched, and the two who played it check it on their phones",
        )
        return {**_verdict(hand, None, watched), "watched": True}
    try:
        full = Game.from_record(record)
    except SchraemError as e:
        return _verdict(
            hand, False, Both(f"die Aufzeichnung des Gastgebers geht nicht auf: {e.de}", f"the host's record does not add up: {e.en}")
        )
    names = full.names
    if not 1 <= seat <= full.n:
        _bad_arg("seat", f"ist ein Platz von 1 bis {full.n}", f"is a seat from 1 to {full.n}")
    if hand > len(full.specs) or (hand == len(full.specs) and not full.hand_over):
        return _verdict(
            hand,
            False,
            Both(
                f"die Aufzeichnung des Gastgebers enthält Spiel {hand} nicht fertig gespielt",
                f"the host's record does not hold hand {hand} played to its end",
            ),
        )
    spec = full.specs[hand - 1]
    if "fair" not in spec:
        return _verdict(
            hand,
            False,
            Both(
                f"laut Aufzeichnung wurde Spiel {hand} nicht von den Handys gegeben",
                f"by the record, hand {hand} was not dealt by the phones",
            ),
        )
    # The play: every state this phone was sent against the replayed hand.
    views = _replayed_views(cast("dict[str, Any]", record), hand, seat)  # it replayed: a record object
    final = views[max(views)]
    seen, last = 0, -1
    for state in states:
        v = state.get("view") if isinstance(state, dict) else None
        if not isinstance(v, dict) or v.get("hand_no") != hand:
            continue
        log = v.get("log")
        if not isinstance(log, list):
            return _verdict(hand, False, Both("ein Zustand vom Gastgeber hatte keine Züge", "a state from the host had no actions"))
        expected = views.get(len(log))
        if expected is None or len(log) < last:
            # Shown more actions than the record has, or fewer than before:
            # name the first action where they part.
            why = _first_difference({"log": log}, {"log": final["log"]}, names)
            if len(log) < last:
                why = Both(
                    f"der Gastgeber nahm Züge zurück: erst {last}, dann {len(log)} Züge gezeigt",
                    f"the host took actions back: this phone was shown {last}, then {len(log)} actions",
                )
            return _verdict(hand, False, why or Both("die Züge weichen ab", "the actions differ"))
        why = _first_difference(v, expected, names)
        if why is not None:
            return _verdict(hand, False, why)
        seen, last = seen + 1, len(log)
    # The transcript: the commits the host listed to this phone.
    mine = [(e["seat"], e["commit"]) for e in spec["fair"]]
    if kept is not None:
        if any(s == seat for s, _ in mine):
            if kept != mine:
                return _verdict(
                    hand,
                    False,
                    Both(
                        "die Zusagen in der Aufzeichnung sind nicht die, die der Gastgeber diesem Handy vor dem Aufdecken zeigte",
                        "the commits in the record are not those the host showed this phone before it revealed",
                    ),
                )
        elif not any(kept == [(c["seat"], c["commit"]) for c in r["commits"]] for r in spec.get("fair_restarts", ())):
            return _verdict(
                hand,
                False,
                Both(
                    "die Zusagen, die dieses Handy gezeigt bekam, stehen in keiner Runde der Aufzeichnung",
                    "the commits this phone was shown are in no round of the record",
                ),
            )
    if not seen:
        return _verdict(hand, None, Both(f"dieses Handy hat von Spiel {hand} nichts gesehen", f"this phone saw nothing of hand {hand}"))
    if kept is None:
        return _verdict(
            hand,
            None,
            Both(
                f"dieses Handy hat beim Geben von Spiel {hand} nicht mitgemacht (es war weg oder kam erst während des Spiels dazu)",
                f"this phone did not take part in dealing hand {hand} (it was away, or joined during the hand)",
            ),
        )
    if last != len(final["log"]):
        return _verdict(
            hand, None, Both(f"dieses Handy hat das Ende von Spiel {hand} nicht gesehen", f"this phone did not see the end of hand {hand}")
        )
    return _verdict(hand, True)
