"""What a bot knows, rebuilt from its seat's view (a dict) and nothing else.

Cards become ints (bits.py), seats are 0-based. Nothing here touches the
engine's Game or Hand: bots must decide from exactly what the app shows
their seat.
"""

from __future__ import annotations

import json

from ..core.errors import SchraemError
from ..core.rules import PRESETS, Rules
from .bits import FULL, card_int, mask_of
from .equity import Scoring

_RULES: dict[str, Rules] = {}


def rules_of(view: dict) -> Rules:
    """The rules the view's game is played by (its preset and changed
    options: public knowledge at the table), made once per rule set."""
    preset, options = view.get("rules"), view.get("options") or {}
    key = json.dumps([preset, options], sort_keys=True)
    rules = _RULES.get(key)
    if rules is None:
        try:
            rules = Rules.make(preset, options)
        except SchraemError:
            rules = (PRESETS.get(preset) if isinstance(preset, str) else None) or PRESETS["rheinland"]
        rules = _RULES[key] = rules
    return rules


class Bet:
    """One betting action from the log: who, what, the value before and
    after, and how many cards the player had played by then."""

    __slots__ = ("seat", "type", "before", "after", "auto", "played", "looked", "responding", "field", "seen", "lead")

    def __init__(self, seat, typ, before, after, auto, played, looked, responding, field, seen, lead):
        self.seat, self.type, self.before, self.after, self.auto = seat, typ, before, after, auto
        self.played, self.looked, self.responding, self.field = played, looked, responding, field
        self.seen = seen  # cards face up on the table before this action
        self.lead = lead  # whether this seat was due to lead the next trick


class Situation:
    """The bot's seat's knowledge of the hand in progress."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["seat"] - 1
        players = view["players"]
        self.n = n = len(players)
        # Marks at the deal: the losses of this hand are `committed` below.
        self.marks = [p["marks_before_hand"] for p in players]
        # Dealt in this hand: still in it or passed (a seat at 0 marks may
        # still be dealt in, e.g. collecting Knollen).
        self.dealt = [bool(p["in_hand"] or p["passed"]) for p in players]
        self.alive = [p["in_hand"] for p in players]
        self.passed = [p["passed"] for p in players]
        self.looked = [p["looked"] for p in players]
        self.cards_left = [p["cards_left"] for p in players]
        self.value = view["value"]
        self.max_value = view.get("max_value", 7)
        self.last_knocker = None if view.get("last_knocker") is None else view["last_knocker"] - 1
        self.forehand = None if view.get("forehand") is None else view["forehand"] - 1
        mine = view.get("my_cards")
        self.my_cards = None if mine is None else [card_int(c) for c in mine]
        self.turn = None if view.get("turn") is None else view["turn"] - 1
        # Facts the engine states rather than rules to re-derive: the seats
        # the hand waits for, and who leads the current trick (or the next
        # one, after any passer left); None when no trick is to be played.
        self.due = [s - 1 for s in view.get("due") or []]
        self.leader = None if view.get("leader") is None else view["leader"] - 1
        # What the view cannot state: who leads after passes that have not
        # happened yet, and what outcomes are worth under this preset.
        self.rules = rules_of(view)
        self.lead_rule = self.rules.lead_after_pass
        self.scoring = Scoring.of(self.rules)
        r = view.get("response")
        self.response = r
        self.to_answer = None if r is None else r["to_answer"] - 1
        # The current trick: (seat, card, dead).
        self.trick = [(t["seat"] - 1, card_int(t["card"]), bool(t.get("dead"))) for t in view.get("trick") or []]
        self.tricks = []
        seen = 0
        voids = [0] * n  # suit bits a player is known not to hold
        played_count = [0] * n
        for t in view.get("tricks") or []:
            cards = [(c["seat"] - 1, card_int(c["card"])) for c in t["cards"]]
            self.tricks.append((cards, t["winner"] - 1))
            led = cards[0][1] >> 3
            for p, c in cards:
                seen |= 1 << c
                played_count[p] += 1
                if c >> 3 != led:
                    voids[p] |= 1 << led
        if self.trick:
            led = self.trick[0][1] >> 3
            for p, c, _ in self.trick:
                seen |= 1 << c
                played_count[p] += 1
                if c >> 3 != led:
                    voids[p] |= 1 << led
        self.seen = seen  # every card face up on the table, this hand
        # Cards out of play that no one holds and this seat knows: its own
        # exchanged discards, discards turned up or uncovered by a challenge.
        gone = 0
        for e in view.get("exchanges") or []:
            for c in (
                (e.get("discards") or [])
                + [x["card"] for x in e.get("turned") or [] if x.get("card")]
                + list((e.get("challenge") or {}).get("cards") or [])
            ):
                gone |= 1 << card_int(c)
        self.out_of_play = gone
        self.voids = voids
        self.played_count = played_count
        # The number of cards each dealt seat got.
        self.per_hand = max((self.cards_left[i] + played_count[i] for i in range(n) if self.alive[i]), default=4)
        if self.my_cards is not None:
            self.per_hand = max(self.per_hand, len(self.my_cards) + played_count[self.me])
        self.bets: list[Bet] = []
        # Marks already lost this hand (a passer's loss is booked at once).
        self.committed = [max(0, p["marks_before_hand"] - p["marks"]) for p in players]
        self.plays: list[list[int]] = [[] for _ in range(n)]  # cards each seat played, in order
        self._read_log(view.get("log") or [])

    def _read_log(self, log) -> None:
        n = self.n
        value = None
        alive = list(self.dealt)
        played = [0] * n
        looked = [False] * n
        # Who still has to answer the open knock: everyone else in the hand.
        responders: set[int] = set()
        seen = 0
        in_trick = 0  # cards in the trick not yet closed
        # Who was due to lead at each bet: the forehand, then each trick's
        # winner, and whoever led a trick did lead it (facts of the view).
        # Between them only a seat due to lead that leaves moves the lead.
        leader = self.forehand
        t_no = 0
        trick_seats: set[int] = set()
        challenged = {x["seat"] - 1: x["challenge"] for x in self.view.get("exchanges") or [] if x.get("challenge")}
        for e in log:
            s = e["seat"] - 1
            typ = e["type"]
            after = e.get("value", value)
            leaver = None
            if typ == "play":
                if in_trick == 0:
                    leader = s
                    trick_seats = set()
                trick_seats.add(s)
                played[s] += 1
                looked[s] = True
                seen |= 1 << card_int(e["card"])
                self.plays[s].append(card_int(e["card"]))
                in_trick += 1
            elif typ in ("look", "exchange"):
                looked[s] = True
            elif typ in ("knock", "hold", "pass"):
                before = after - 1 if typ == "knock" else after
                self.bets.append(
                    Bet(
                        s,
                        typ,
                        before,
                        after,
                        bool(e.get("auto")),
                        played[s],
                        looked[s],
                        s in responders,
                        sum(alive),
                        seen,
                        in_trick == 0 and leader == s,
                    )
                )
                if typ == "knock":
                    responders = {p for p in range(n) if alive[p] and p != s}
                elif typ == "hold":
                    responders.discard(s)
                else:
                    leaver = s
            elif typ == "challenge":
                c = challenged.get(e["target"] - 1)
                if c is not None:
                    leaver = e["target"] - 1 if c["right"] else s
            elif typ == "penalty" and e.get("kind") != "misdeal":
                leaver = s
            if leaver is not None:
                alive[leaver] = False
                responders.discard(leaver)
                if in_trick == 0 and leader == leaver:
                    leader = self.lead_after_pass(leaver, alive, self.tricks[t_no - 1][0] if t_no else None)
            # A trick closes once everyone in the hand has played to it and
            # no answer is pending (its cards are then all down).
            if (
                in_trick
                and not responders
                and t_no < len(self.tricks)
                and in_trick == len(self.tricks[t_no][0])
                and all(not alive[p] or p in trick_seats for p in range(n))
            ):
                leader = self.tricks[t_no][1]
                t_no += 1
                in_trick = 0
            value = after

    def others_clockwise(self, s: int) -> list[int]:
        return [(s + k) % self.n for k in range(1, self.n)]

    # --- derived -------------------------------------------------------------
    @property
    def field(self) -> list[int]:
        """Seats still in the hand."""
        return [i for i in range(self.n) if self.alive[i]]

    def hidden_count(self, s: int) -> int:
        """Cards seat s holds that this seat cannot see (passers' face-down
        cards included)."""
        if not self.dealt[s]:
            return 0
        if s == self.me and self.my_cards is not None:
            return 0
        if self.alive[s]:
            return self.cards_left[s]
        return max(0, self.per_hand - self.played_count[s])

    def unseen(self) -> int:
        m = FULL & ~self.seen & ~self.out_of_play
        if self.my_cards is not None:
            m &= ~mask_of(self.my_cards)
        return m

    def next_alive(self, s: int, alive=None) -> int:
        alive = self.alive if alive is None else alive
        for k in range(1, self.n + 1):
            p = (s + k) % self.n
            if alive[p]:
                return p
        return s

    def lead_after_pass(self, s: int, alive, last_trick) -> int:
        """Who leads once seat s, due to lead, has passed, with the seats in
        `alive` left in the hand and `last_trick` the (seat, card) plays of
        the last trick before it (None: the first trick). Marienheide: the
        holder of the highest card in it (suits ranking C S H D, as the ints
        do); else the next seat clockwise. Passes in any order end with the
        same leader, so imagined passes may be applied all at once."""
        if self.lead_rule == "highest_card" and last_trick:
            held = [(c, p) for p, c in last_trick if alive[p]]
            if held:
                return min(held)[1]
        return self.next_alive(s, alive)

    def movers(self, alive=None) -> list[int]:
        """Seats still to play to the current trick, in order, once no
        answer is pending: clockwise from the engine's leader. `alive`
        (default: the seats in the hand now) may imagine passes that have
        not happened; only then, when the leader of an empty trick is among
        them, is the lead moved here (lead_after_pass)."""
        alive = self.alive if alive is None else alive
        leader = self.leader
        if leader is None:
            return []
        if not self.trick and not alive[leader]:
            leader = self.lead_after_pass(leader, alive, self.tricks[-1][0] if self.tricks else None)
        played = {p for p, _, _ in self.trick}
        n = self.n
        order = [(leader + k) % n for k in range(n)]
        return [p for p in order if alive[p] and p not in played]
