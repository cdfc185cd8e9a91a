"""The observation of one seat: a JSON-ready dict holding nothing that seat
may not see (no other hand, no passer's face-down cards, no stock, no seed).
`seat=None` gives the public view a spectator gets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .game import Game
from .hand import Hand, HandResult

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .cards import Card


def _cards_json(trick: Iterable[tuple[int, Card]], in_hand: list[bool], dead_when_out: bool) -> list[dict[str, Any]]:
    return [{"seat": p + 1, "card": str(c), "dead": dead_when_out and not in_hand[p]} for p, c in trick]


def _exchanges(hand: Hand, s: int | None) -> list[dict[str, Any]]:
    """Four courts: who exchanged; turned or uncovered discards are public,
    the face-down ones only their owner sees."""
    courts = hand.courts
    if courts is None:
        return []
    out = []
    for t in range(hand.n):
        discards = courts.exchanged[t]
        if discards is None:
            continue
        e: dict[str, Any] = {
            "seat": t + 1,
            "turned": [{"index": i, "card": str(c), "seat": p + 1} for i, c, p in courts.turned[t]],
            "checked": courts.checked[t],
            "challenge": None,
        }
        e["face_down"] = courts.size(hand, t) - len(courts.turned[t])
        ch = courts.challenges[t]
        if ch is not None:
            e["challenge"] = {"seat": ch[0] + 1, "right": ch[1], "cards": [str(c) for c in ch[2]]}
            e["face_down"] = 0
        if s == t and not hand.real:
            e["discards"] = [str(c) for c in discards]
        out.append(e)
    return out


def _players(game: Game, hand: Hand | None) -> list[dict[str, Any]]:
    end, rules = game.end, game.rules
    marks, knollen, names, hand_marks = game.marks, game.knollen, game.names, game.hand_marks
    # What holds for every seat alike is read once: a bot builds a view at
    # every decision, and this list is a third of a view's cost.
    hammer = rules.hammer_marks if rules.hammer or rules.hammer_start_value > 0 else None
    dealt = hand is not None and not hand.void
    cards = hand.cards if hand is not None else None
    penalties = hand.courts.penalties if hand is not None and hand.courts is not None else None
    out = []
    for i in range(game.n):
        m = marks[i]
        in_hand = hand is not None and hand.in_hand[i]
        out.append(
            {
                "seat": i + 1,
                "name": names[i],
                "marks": m,
                # The marks this hand was dealt with (a passer's loss is in
                # `marks` at once; equity sums need the start).
                "marks_before_hand": hand_marks[i],
                # How the sheet reads: marks left, or points counted up (None:
                # the format keeps no marks).
                "tally": end.tally_of(m),
                "out": end.is_out(i, marks),
                "in_hand": bool(dealt and in_hand),
                "passed": hand is not None and hand.losses[i] is not None,
                "looked": bool(hand and hand.looked[i]),
                "cards_left": len(cards[i]) if cards is not None and in_hand else 0,
                "hammer": m == hammer,
                "knollen": knollen[i],
                # Out of the hand by a penalty rather than a pass (the sheet
                # must not show it as a pass); `penalty_marks`: what the seat
                # has been charged on top (a turned numeral, a wrong turn).
                "penalty": _penalty_kind(hand, i),
                "penalty_marks": penalties[i] if penalties is not None else 0,
            }
        )
    return out


def _penalty_kind(hand: Hand | None, i: int) -> str | None:
    """Why seat i (0-based) left the hand, when it was not by passing: a
    penalty's kind, or "challenge" for a lost challenge of four courts."""
    if hand is None or hand.losses[i] is None:
        return None
    for a, _, _ in hand.log:
        if a.type == "penalty" and a.seat == i + 1 and a.kind != "misdeal":
            return a.kind
    for t, ch in enumerate(hand.courts.challenges if hand.courts is not None else ()):
        if ch is not None and (t if ch[1] else ch[0]) == i:
            return "challenge"
    return None


def _hand_result(game: Game, res: HandResult, marks_before: Sequence[int]) -> dict[str, Any]:
    """The result as the sheet shows it: who went out of the game in this
    hand (per the format: in Knolle nobody does), everyone's tally, and the
    marks each seat had taken off (`losses` is what each owed: a seat with
    1 mark left that owed 5 lost 1)."""
    out = res.to_json()
    out["eliminated"] = [s for s in out["eliminated"] if game.end.is_out(s - 1, list(res.marks_after))]
    out["tally_after"] = [game.end.tally_of(m) for m in res.marks_after]
    out["marks_lost"] = [b - a for b, a in zip(marks_before, res.marks_after)]
    return out


def _previous_result(game: Game) -> dict[str, Any] | None:
    k = len(game.hands) - 2  # results[k] belongs to hands[k]
    return _hand_result(game, game.results[k], game.hands[k].marks) if 0 <= k < len(game.results) else None


def _table_facts(game: Game, hand: Hand | None, seat: int | None) -> dict[str, Any]:
    """Everything but the hand in progress, with empty hand fields."""
    outcome = game.outcome
    return {
        "seat": seat,
        "rules": game.rules.preset,
        # The options changed from the preset's (public: everyone at the
        # table knows the rules played), so a bot reads the rules exactly.
        "options": game.rules.overrides(),
        "count_up": game.rules.count_up,
        "tally": game.end.tally(),
        # What a final score counts: "marks", "points" or "knollen".
        "score_basis": game.end.score_basis(),
        "marks_display": game.rules.marks_display,
        "hammer_announced": game.rules.hammer_announced,
        "game_end": game.rules.game_end,
        "phase": outcome.phase,
        "hand_kind": hand.setup.kind if hand else None,
        # Whether this hand is knocked at all (not in the newcomers' halves,
        # nor in an endgame): the table then offers no knock.
        "knocking": bool(hand and hand.knocking),
        "exchanges": [],
        "stock_left": None if hand is None or hand.stock is None else len(hand.stock),
        "redeal": None,
        "start_marks": game.rules.start_marks,
        "hand_no": len(game.specs),
        "real_cards": bool(hand and hand.real),
        "dealer": (hand.dealer if hand else game.dealer) + 1,
        "forehand": hand.forehand + 1 if hand else None,
        "value": hand.value if hand else game.rules.start_value,
        # What the hand started at (a hammer start value lifts it).
        "start_value": hand.setup.value if hand else game.rules.start_value,
        "max_value": game.rules.max_value,
        "last_knocker": None if not hand or hand.last_knocker is None else hand.last_knocker + 1,
        "players": _players(game, hand),
        "my_cards": None,
        "knock_to": None,
        "trick": [],
        "tricks": [],
        "turn": None,
        # Facts the bots and the shell read instead of re-deriving rules:
        # the seats the hand waits for now, and who leads the current (or
        # next) trick after any passer left, per the preset's lead rule.
        "due": game.due(),
        "leader": None,
        "response": None,
        "legal": [],
        "log": [],
        "hand_result": None,
        # The hand before this one, decided, as `hand_result` showed it: the
        # scoresheet deals on at once and keeps it in sight.
        "previous_result": _previous_result(game),
        "outcome": outcome.to_json(),
        "game_over": outcome.over,
        # Once over: who deals the next game's first hand (a rematch).
        "next_game_dealer": game.next_game_dealer(),
        "winner": outcome.winner,
        "loser": outcome.loser,
        "scores": None if outcome.scores is None else list(outcome.scores),
    }


def _hand_facts(out: dict[str, Any], hand: Hand, s: int | None) -> None:
    """The hand in progress as seat s (0-based, None: a spectator) sees it."""
    if s is not None and hand.cards is not None and hand.looked[s] and hand.dealt[s] and (hand.in_hand[s] or hand.over):
        out["my_cards"] = [str(c) for c in hand.cards[s]]
    out["trick"] = _cards_json(hand.trick, hand.in_hand, True)
    out["tricks"] = [{"cards": _cards_json(t, hand.in_hand, False), "winner": w + 1} for t, w in hand.tricks]
    t = hand.to_play()
    out["turn"] = None if t is None else t + 1
    if not hand.over and not hand.real:
        out["leader"] = (hand.trick[0][0] if hand.trick else hand.leader) + 1
    # What a knock now would make the hand worth (the knock button says it),
    # None where the hand is not knocked or already at its top.
    out["knock_to"] = hand.value + 1 if hand.knocking and hand.value < hand.rules.max_value else None
    if hand.responders:
        to_answer = hand.responders[0]
        out["response"] = {
            "knocker": cast(int, hand.round_knocker) + 1,  # a knock opened the answers
            "value": hand.value,
            "to_answer": to_answer + 1,
            "answers": [{"seat": p + 1, "answer": a} for p, a in hand.answers],
            # The stakes of the answer, per the preset: a pass costs the value
            # before the knock (or the preset's fixed pass loss); holding and
            # losing costs the stake the hand is now played for.
            "pass_loses": hand.rules.pass_loss or hand.round_old,
            "hold_risks": hand.stake(to_answer),
        }
    pretty = hand.pretty_ones
    if pretty is not None and (pretty.waiting or pretty.answers):
        out["redeal"] = {
            "asker": cast(int, pretty.asker) + 1,  # someone asked for the fresh deal
            "to_answer": pretty.waiting[0] + 1 if pretty.waiting else None,
            "answers": [{"seat": p + 1, "answer": a} for p, a in pretty.answers],
        }
    out["exchanges"] = _exchanges(hand, s)


def _log(hand: Hand, seat: int | None) -> list[dict[str, Any]]:
    """The hand's actions as seat `seat` may read them."""
    log = []
    turned: dict[tuple[int, int], Card] | None = None  # read at the first turn: most hands have none
    costs = iter(hand.courts.turn_costs if hand.courts is not None else ())
    for k, (a, auto, value) in enumerate(hand.log):
        entry = a.to_json()
        if k in hand.blind_knocks:
            entry["blind"] = True  # knocked before looking: the table saw it
        if a.type == "turn":
            if turned is None:
                turned = {(t, i): c for t in range(hand.n) for i, c, _ in hand.turned[t] if i is not None}
            if a.index is not None:
                entry["card"] = str(turned[(cast(int, a.target) - 1, a.index)])  # turned up for all to see
            # Who paid for the turn, and how much: the exchanger for a
            # numeral, the turner when the last discard is a court too.
            payer, cost = next(costs)
            entry["charged"] = None if payer is None else payer + 1
            entry["cost"] = cost
        if a.type == "discard" and a.seat != seat:
            entry.pop("card")  # discards go face down
        entry["value"] = value
        if auto:
            entry["auto"] = True
        log.append(entry)
    return log


def view(game: Game, seat: int | None) -> dict[str, Any]:
    hand = game.hand
    s = None if seat is None else seat - 1
    out = _table_facts(game, hand, seat)
    if hand is None:
        return out
    _hand_facts(out, hand, s)
    if seat is not None:
        legal = [a.to_json() for a in game.legal_actions(seat)]
        if hand.cards is not None and not hand.looked[seat - 1]:
            # A seat that has not looked is offered nothing that depends on
            # its unseen cards: plays and discards name them, and an open
            # exchange is only legal with four courts. It looks first (the
            # engine still accepts a play or an exchange, which implies
            # looking).
            open_exchange = game.rules.four_courts == "exchange"
            legal = [a for a in legal if "card" not in a and not (open_exchange and a["type"] == "exchange")]
        out["legal"] = legal
    out["log"] = _log(hand, seat)
    res = hand.result()
    if res is not None:
        out["hand_result"] = _hand_result(game, res, hand.marks)
    return out
