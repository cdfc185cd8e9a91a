"""A game (Spielrunde): hands until one player has marks left.

The game is its log: the players, the rules, the first dealer and, per hand,
the deal and the actions written. Everything else (marks, dealers, the hand
in progress) is derived by replaying that log, so undo is "replay minus the
tail" and a record is the log as JSON.
"""

from __future__ import annotations

from typing import Any, NoReturn, cast

from .actions import Action
from .courts import card_entries
from .deal import Setup, cards_for, fair_deal, next_active
from .errors import Both, IllegalAction, InvalidAction, RecordError, SchraemError
from .fairdeal import check_restarts
from .fields import clean_name
from .formats import FORMATS, GameEnd, Outcome
from .hand import Hand, HandResult
from .option_words import PRESET_TITLES
from .rules import Rules
from .stakes import GameMoney, Stakes, game_money

RECORD_FORMAT = "schraem-record/1"
# The action types that can take a seat out of the hand with a loss.
LEAVING = frozenset(("pass", "penalty", "challenge"))


def check_hints(hints: object, n: int, actions: int, h_no: int) -> list[dict[str, int]]:
    """A hand's hints as a record holds them: {"seat", "at"}, `at` the
    index in the hand's actions the hint was asked before, in order."""

    def bad(de: str, en: str) -> NoReturn:
        raise RecordError("bad_record", hand=h_no, detail=Both(de, en))

    if not isinstance(hints, list) or len(hints) > (actions + 1) * n:
        bad("die Ratschläge sind eine Liste, höchstens einer je Platz und Aktion", "hints are a list, at most one per seat and action")
    out: list[dict[str, int]] = []
    last = -1
    for x in hints:
        if not isinstance(x, dict) or set(x) != {"seat", "at"} or any(type(x[k]) is not int for k in x):
            bad("ein Rat ist {\"seat\": Platz, \"at\": Aktion}", "a hint is {\"seat\": seat, \"at\": action index}")
        if not 1 <= x["seat"] <= n or not 0 <= x["at"] <= actions or x["at"] < last or {"seat": x["seat"], "at": x["at"]} in out:
            bad("ein Rat nennt einen Platz oder eine Aktion, die es nicht gibt", "a hint names a seat or an action that does not exist")
        last = x["at"]
        out.append({"seat": x["seat"], "at": x["at"]})
    return out


def trim_hints(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose actions were cut (undo) keeps the hints asked up to
    its last action; later ones go with the actions they were asked for."""
    for h in record.get("hands", []):
        if "hints" in h:
            h["hints"] = [x for x in h["hints"] if x["at"] <= len(h["actions"])]
            if not h["hints"]:
                del h["hints"]
    return record


class Game:
    def __init__(
        self,
        players: object,
        rules: str | Rules = "rheinland",
        options: dict[str, Any] | None = None,
        dealer: int = 1,
        seed: int | None = None,
        stakes: Stakes | dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules.make(rules, options)
        if isinstance(rules, Rules) and options:
            self.rules = rules.with_options(options)
        # What the table plays for (the kitty); checked against the rules
        # before a card is dealt.
        self.stakes = stakes if isinstance(stakes, Stakes) else Stakes.make(stakes, self.rules)
        self.names, self.start_marks = self._players(players)
        self.n = n = len(self.names)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 1 <= dealer <= n:
            raise InvalidAction("bad_seat", seat=dealer)
        if self.start_marks[dealer - 1] == 0:
            raise InvalidAction(
                "bad_players",
                detail=Both(f"der Geber (Platz {dealer}) hat keine Schräm mehr", f"the dealer (seat {dealer}) has no marks left"),
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InvalidAction(
                "bad_options", detail=Both("der Startwert muss eine ganze Zahl ≥ 0 sein", "seed must be a whole number ≥ 0")
            )
        self.first_dealer = dealer - 1
        self.seed = seed
        self.specs: list[dict[str, Any]] = []  # per hand: {"deal": [...] | None} or {"seed": s}
        self.logs: list[list[Action]] = []  # per hand: the actions written
        # Per hand: the hints asked for (hints.py), {"seat", "at"}: before
        # the action at index `at` of that hand's log. They change nothing in
        # play; a review says which decisions were hinted.
        self.hints: list[list[dict[str, int]]] = []
        self.results: list[HandResult] = []
        # The marks after the last decided hand; `marks` adds the losses
        # booked in the hand in progress (a passer pays at once).
        self.hand_marks = list(self.start_marks)
        # Seats in the order they reached 0 (docs/RULES.md, "first out").
        self.out_order: list[int] = []
        self._hand_out = 0  # len(out_order) when the current hand was dealt
        self.dealer = self.first_dealer
        self.hand: Hand | None = None
        self.hands: list[Hand] = []  # every hand dealt, the current one last
        self.forehands: list[int] = []
        self.end: GameEnd = FORMATS[self.rules.game_end](self)
        # A finished game's outcome, kept: it never changes (undo makes a
        # new game), and a tournament's standings ask every game for it.
        self._final: Outcome | None = None

    def _players(self, players: object) -> tuple[list[str], list[int]]:
        if not isinstance(players, list):
            raise InvalidAction("bad_players", detail=Both("die Spieler müssen eine Liste sein", "players must be a list"))
        r = self.rules
        if not r.min_players <= len(players) <= r.max_players:
            raise InvalidAction("bad_players", detail=_player_count_refused(r, len(players)))
        names, marks = [], []
        for i, p in enumerate(players, 1):
            if isinstance(p, str):
                p = {"name": p}
            # "kind"/"level" say who sat there in the app (a person, a
            # computer player): the app's business, carried along by records.
            if not isinstance(p, dict) or set(p) - {"name", "marks", "kind", "level"}:
                raise InvalidAction(
                    "bad_players",
                    detail=Both(
                        f"Spieler {i} muss {{'name': ..., 'marks': ...}} sein", f"player {i} must be {{'name': ..., 'marks': ...}}"
                    ),
                )
            if p.get("kind", "human") not in ("human", "bot") or not isinstance(p.get("level", ""), str):
                raise InvalidAction(
                    "bad_players",
                    detail=Both(
                        f"Spieler {i}: „kind“ ist human oder bot, „level“ ein Wort", f"player {i}: 'kind' is human or bot, 'level' a word"
                    ),
                )
            names.append(clean_name(p.get("name"), i))
            m = p.get("marks", r.start_marks)
            if isinstance(m, bool) or not isinstance(m, int) or m < 0 or m > 99:
                raise InvalidAction(
                    "bad_players",
                    detail=Both(
                        f"die Schräm von Spieler {i} müssen eine ganze Zahl von 0 bis 99 sein",
                        f"marks of player {i} must be a whole number 0..99",
                    ),
                )
            marks.append(m)
        if sum(1 for m in marks if m > 0) < 2:
            raise InvalidAction("bad_players", detail=Both("mindestens zwei Spieler brauchen Schräm", "at least two players need marks"))
        return names, marks

    def next_setup(self) -> Setup:
        """How the next hand will be dealt and played (for deal builders)."""
        return self.end.setup()

    # --- state -------------------------------------------------------------
    @property
    def marks(self) -> list[int]:
        """Everyone's marks now: a loss booked in the hand in progress (a
        passer's, a penalty's) counts from the moment it happened."""
        hand = self.hand
        if hand is None or hand.over or not hand.setup.scored:
            return list(self.hand_marks)
        return [max(0, m - (b or 0)) for m, b in zip(self.hand_marks, hand.losses)]

    @property
    def knollen(self) -> list[int]:
        hand = self.hand
        if hand is None or hand.over or not hand.setup.scored:
            return list(self.end.knollen)
        return self.end.knollen_now(self.hand_marks, hand.losses)

    @property
    def outcome(self) -> Outcome:
        if self._final is not None:
            return self._final
        outcome = self.end.outcome(self.marks, self.out_order)
        if outcome.over:
            self._final = outcome
        return outcome

    @property
    def game_over(self) -> bool:
        return self.end.over

    def next_game_dealer(self) -> int | None:
        """Who deals the first hand of the next game at this table (1-based),
        once this one is over: its winner or, where the preset says so, its
        loser (whichever the game found)."""
        if not self.game_over:
            return None
        o = self.outcome
        if self.rules.first_dealer_next_game == "loser":
            return o.loser or o.winner
        return o.winner or o.loser

    @property
    def money(self) -> GameMoney | None:
        """What the finished game costs whom under its stakes (None while
        it runs)."""
        return game_money(self.stakes, self)

    @property
    def winner(self) -> int | None:
        """1-based seat of the game's winner, once the game is over (None
        where the game only finds a loser)."""
        return self.outcome.winner

    @property
    def loser(self) -> int | None:
        """1-based seat of the game's loser once it is over (None where the
        game only finds a winner's pot, as Knolle)."""
        return self.outcome.loser

    @property
    def scores(self) -> list[int] | None:
        scores = self.outcome.scores
        return None if scores is None else list(scores)

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.over

    def first_eliminated(self) -> int | None:
        """1-based seat of the first player out (a Rengen set's game loser)."""
        return self.out_order[0] + 1 if self.out_order else None

    def _book_out_at_once(self, seats: list[int]) -> None:
        """Seats that just left the hand: a loss that takes a seat to 0
        puts it out at that moment, before anyone reaching 0 at the end."""
        hand = cast(Hand, self.hand)
        for s in seats:
            # Each of `seats` left the hand with its loss booked.
            if self.hand_marks[s] > 0 and self.hand_marks[s] - cast(int, hand.losses[s]) <= 0 and s not in self.out_order:
                self.out_order.append(s)

    def _book_out_at_end(self, before: list[int], res: HandResult, forehand: int) -> None:
        """Seats reaching 0 at the end of the hand: the larger loss beyond
        their marks first, then clockwise from the hand's forehand."""
        out = [s for s in range(self.n) if before[s] > 0 and res.marks_after[s] == 0 and s not in self.out_order]
        out.sort(key=lambda s: (-(res.losses[s] - before[s]), (s - forehand) % self.n))
        self.out_order.extend(out)

    # --- dealing -------------------------------------------------------------
    def deal(
        self,
        cards: object = None,
        seed: int | None = None,
        real: bool = False,
        stock: object = None,
        fair: object = None,
        restarts: object = None,
    ) -> Hand:
        """Start the next hand: explicit `cards`, a `seed`, `real` cards (the
        scoresheet), or, with none of them, the game's own seed. With
        explicit cards, `stock` may list the undealt cards top first (four
        courts draw from it; default: the rest of the pack in pack order).
        `fair` is a table of phones' commit–reveal transcript (fairdeal.py):
        the hand is dealt from the seed it gives, and a `seed` or `cards`
        given with it must be exactly what it deals; `restarts` are the
        rounds of that deal the phones gave up first (fairdeal.check_restarts)."""
        if self.game_over:
            raise IllegalAction("game_over")
        if not self.hand_over:
            raise IllegalAction("bad_request", detail=Both("das laufende Spiel ist nicht vorbei", "the current hand is not over"))
        if stock is not None and (real or cards is None):
            raise InvalidAction(
                "bad_deal",
                detail=Both("einen Stock gibt es nur bei fest vorgegebenen Karten", "a stock is only given with an explicit deal"),
            )
        setup = self.end.setup()
        fh = next_active(list(setup.dealt), self.dealer)
        if restarts is not None and fair is None:
            raise InvalidAction(
                "fair_deal",
                detail=Both("abgebrochene Runden gibt es nur beim Geben der Handys", "rounds given up belong to a deal by the phones"),
            )
        if fair is not None:
            cards, seed, stock, checked = fair_deal(setup, fh, fair, cards, seed, real, stock, len(self.specs) + 1, self.n)
            restarts = None if restarts is None else check_restarts(restarts, len(self.specs) + 1, self.n)
        spec, dealt, pack_rest = cards_for(setup, fh, cards, seed, real, stock, self.seed, len(self.specs))
        if fair is not None:
            spec["fair"] = checked
            if restarts is not None:
                spec["fair_restarts"] = restarts
        self.hand = Hand(self.rules, self.hand_marks, self.dealer, dealt, discard=self.rules.discard, setup=setup, stock=pack_rest)
        self.hands.append(self.hand)
        self.forehands.append(fh)
        self.specs.append(spec)
        self.logs.append([])
        self.hints.append([])
        self._hand_out = len(self.out_order)
        return self.hand

    # --- acting --------------------------------------------------------------
    def _action(self, action: object) -> Action:
        a = Action.from_json(action)
        if a.seat > self.n:
            raise InvalidAction("bad_seat", seat=a.seat)
        return a

    def check(self, action: object) -> Action:
        """Validate without changing anything; returns the parsed action."""
        a = self._action(action)
        if self.game_over:
            raise IllegalAction("game_over")
        if self.hand is None:
            raise IllegalAction("no_hand")
        if self.hand.over:
            raise IllegalAction("hand_over")  # docs/RULES.md: "hand already decided"
        self.hand.check(a)
        return a

    def apply(self, action: object) -> HandResult | None:
        """The validating path: parse and check `action` (JSON or Action),
        then `do` it; on any error nothing has changed. Returns the hand's
        result when this action ended the hand."""
        return self.do(self.check(action))

    def do(self, a: Action) -> HandResult | None:
        """The trusted path, like python-chess's `push` beside `push_uci`:
        `a` must be one of `legal_actions(a.seat)` (or have passed `check`);
        nothing is validated, so a wrong action corrupts the game."""
        hand = cast(Hand, self.hand)  # a legal action has a hand to be taken in
        hand.do(a)
        self.logs[-1].append(a)
        if a.type in LEAVING and hand.setup.scored:
            self._book_out_at_once([s for s, b in enumerate(hand.losses) if b is not None])
        if not hand.over:
            return None
        res = cast(HandResult, hand.result())  # a decided hand has its result
        self.results.append(res)
        self._end_hand(hand, res)
        return res

    def _end_hand(self, hand: Hand, res: HandResult) -> None:
        self.dealer = hand.next_dealer()
        if res.winner is None:
            del self.out_order[self._hand_out :]  # a void hand costs nobody anything
            return
        before = self.hand_marks
        if hand.setup.scored:
            self.hand_marks = list(res.marks_after)
            self._book_out_at_end(before, res, hand.forehand)
        self.end.after_hand(hand, res, before)

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is not int or not 1 <= seat <= self.n:  # bool is not int here
            raise InvalidAction("bad_seat", seat=seat)
        hand = self.hand
        if hand is None or hand.over or self.end.done:
            return []
        return hand.legal(seat - 1)

    def all_legal_actions(self) -> list[Action]:
        """Every seat's legal actions at once, seat by seat (the same list as
        `legal_actions(1) + legal_actions(2) + ...`): what a random playout
        chooses from, since knocks come out of turn."""
        hand = self.hand
        if hand is None or hand.over or self.end.done:
            return []
        return hand.legal_all()

    def card_entries(self, seat: int) -> list[dict[str, Any]]:
        """Scoresheet entries that need cards named (see courts.card_entries)."""
        if self.game_over or self.hand is None or self.hand.over:
            return []
        return card_entries(self.hand, seat - 1)

    def due(self) -> list[int]:
        return [] if self.hand is None else [s + 1 for s in self.hand.due()]

    # --- records -------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        players = []
        for name, m in zip(self.names, self.start_marks):
            p: dict[str, Any] = {"name": name}
            if m != self.rules.start_marks:
                p["marks"] = m
            players.append(p)
        hands = []
        for spec, log, hints in zip(self.specs, self.logs, self.hints):
            h = dict(spec)
            h["actions"] = [a.to_json() for a in log]
            if hints:
                h["hints"] = [dict(x) for x in hints]
            hands.append(h)
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": self.rules.preset,
            "options": self.rules.overrides(),
            "players": players,
            "dealer": self.first_dealer + 1,
            "hands": hands,
        }
        if self.seed is not None:
            rec["seed"] = self.seed
        if self.stakes.played_for:
            rec["stakes"] = self.stakes.to_json()
        return rec

    @classmethod
    def from_record(cls, record: object, *, trusted: bool = False) -> "Game":
        """Replay a record; any inconsistency raises RecordError naming the
        hand and the action (both counted from 1) and the rule. `trusted`:
        the record is this engine's own (`undo`'s, from `to_record`), every
        action legal where it stands, so each is done without its check
        (the trusted path: a sixth less time than a checked replay)."""
        if not isinstance(record, dict):
            raise RecordError("bad_record", detail=Both("eine Aufzeichnung ist ein JSON-Objekt", "a record is a JSON object"))
        if record.get("format") != RECORD_FORMAT:
            raise RecordError("bad_record", detail=Both(f"das Format muss {RECORD_FORMAT!r} sein", f"format must be {RECORD_FORMAT!r}"))
        unknown = set(record) - {"format", "rules", "options", "players", "dealer", "hands", "seed", "stakes"}
        if unknown:
            raise RecordError(
                "bad_record",
                detail=Both(f"unbekannte Angabe(n) {', '.join(sorted(unknown))}", f"unknown field(s) {', '.join(sorted(unknown))}"),
            )
        try:
            game = cls(
                record.get("players"),
                record.get("rules", "rheinland"),
                record.get("options") or {},
                record.get("dealer", 1),
                record.get("seed"),
                record.get("stakes"),
            )
        except SchraemError as e:
            raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
        hands = record.get("hands", [])
        if not isinstance(hands, list):
            raise RecordError("bad_record", detail=Both("die Spiele müssen eine Liste sein", "hands must be a list"))
        for h_no, h in enumerate(hands, 1):
            if (
                not isinstance(h, dict)
                or not (("deal" in h) ^ ("seed" in h))
                or set(h) - {"deal", "seed", "stock", "actions", "fair", "fair_restarts", "hints"}
            ):
                raise RecordError(
                    "bad_record",
                    hand=h_no,
                    detail=Both(
                        "ein Spiel hat entweder „deal“ oder „seed“, und „actions“", "a hand has either 'deal' or 'seed', and 'actions'"
                    ),
                )
            try:
                if "seed" in h and h["seed"] is None:
                    raise InvalidAction(
                        "bad_deal", detail=Both("der Startwert muss eine ganze Zahl ≥ 0 sein", "seed must be a whole number ≥ 0")
                    )
                game.deal(
                    cards=h.get("deal"),
                    seed=h.get("seed"),
                    real=("deal" in h and h["deal"] is None),
                    stock=h.get("stock"),
                    fair=h.get("fair"),
                    restarts=h.get("fair_restarts"),
                )
            except SchraemError as e:
                raise RecordError(e.code, hand=h_no, cause=e) from e
            actions = h.get("actions", [])
            if not isinstance(actions, list):
                raise RecordError("bad_record", hand=h_no, detail=Both("die Aktionen müssen eine Liste sein", "actions must be a list"))
            for i, a in enumerate(actions):
                try:
                    if trusted:
                        game.do(game._action(a))
                    else:
                        game.apply(a)
                except SchraemError as e:
                    raise RecordError(e.code, hand=h_no, index=i + 1, cause=e) from e
            if "hints" in h:
                game.hints[-1] = check_hints(h["hints"], game.n, len(actions), h_no)
        return game

    def replay(self) -> "Game":
        return Game.from_record(self.to_record())

    def undo(self, count: int = 1) -> "Game":
        """A new game equal to this one minus its last `count` written actions
        (a hand left with no actions is taken back too)."""
        rec = self.to_record()
        hands = rec["hands"]
        for _ in range(count):
            while hands and not hands[-1]["actions"]:
                hands.pop()
            if not hands:
                break
            hands[-1]["actions"].pop()
        return Game.from_record(trim_hints(rec), trusted=True)


def _player_count_refused(r: Rules, n: int) -> Both:
    """Why `n` players cannot play under `r`, naming the rule set as the
    start form lists it (house rules that change the count as themselves)."""
    if {"min_players", "max_players"} & set(r.overrides()):
        de, en = "Nach diesen Hausregeln", "These house rules are"
    else:
        de_title, en_title = PRESET_TITLES.get(r.preset, (r.preset, r.preset))
        de, en = f"Nach „{de_title}“", f"'{en_title}' is"
    if r.min_players == r.max_players:
        return Both(f"{de} spielen genau {r.min_players} Spieler, nicht {n}", f"{en} played by exactly {r.min_players} players, not {n}")
    return Both(
        f"{de} spielen {r.min_players} bis {r.max_players} Spieler, nicht {n}",
        f"{en} played by {r.min_players} to {r.max_players} players, not {n}",
    )
