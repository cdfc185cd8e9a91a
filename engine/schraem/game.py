"""A game (Spielrunde): hands until one player has marks left.

The game is its log: the players, the rules, the first dealer and, per hand,
the deal and the actions written. Everything else (marks, dealers, the hand
in progress) is derived by replaying that log, so undo is "replay minus the
tail" and a record is the log as JSON.
"""
from __future__ import annotations

from .actions import Action
from .cards import DECK, Card, derive_seed, parse_cards, shuffled_deck
from .errors import IllegalAction, InvalidAction, RecordError, SchraemError
from .hand import Hand, HandResult, Setup
from .rules import Rules

RECORD_FORMAT = "schraem-record/1"
MAX_NAME = 40


def _clean_name(name, seat: int) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidAction("bad_players", detail=f"player {seat} needs a name")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise InvalidAction("bad_players", detail=f"name of player {seat} is longer than {MAX_NAME} characters")
    return name


def deal_pack(seed: int, active: list[bool], forehand: int, count: int, packets=()) -> tuple[list[list[Card]], list[Card]]:
    """Deal `count` cards clockwise from forehand to active seats, singly or
    in `packets` (3-2-3: three each, then two each, then three each); also
    returns the stock, the undealt rest of the pack, top first."""
    pack = shuffled_deck(seed)
    n = len(active)
    hands: list[list[Card]] = [[] for _ in range(n)]
    order = [(forehand + i) % n for i in range(n) if active[(forehand + i) % n]]
    k = 0
    for p in packets or (1,) * count:
        for s in order:
            hands[s].extend(pack[k:k + p])
            k += p
    return hands, pack[k:]


def deal_cards(seed: int, active: list[bool], forehand: int, count: int, packets=()) -> list[list[Card]]:
    """Deal `count` cards singly (or in packets), clockwise from forehand."""
    return deal_pack(seed, active, forehand, count, packets)[0]


def check_stock(stock, dealt: list[list[Card]]) -> list[Card]:
    if not isinstance(stock, list):
        raise InvalidAction("bad_deal", detail="the stock is a list of cards")
    cards = parse_cards(stock)
    seen = {c for h in dealt for c in h}
    for c in cards:
        if c in seen:
            raise InvalidAction("bad_deal", detail=f"{c} is dealt twice (stock)")
        seen.add(c)
    return cards


def default_stock(dealt: list[list[Card]]) -> list[Card]:
    """The stock of an explicit deal that names none: the undealt cards in
    pack order (♣ 10..J, ♠, ♥, ♦), so its records replay exactly."""
    seen = {c for h in dealt for c in h}
    return [c for c in DECK if c not in seen]


def next_active(active: list[bool], seat: int) -> int:
    n = len(active)
    return next((seat + k) % n for k in range(1, n + 1) if active[(seat + k) % n])


def check_deal(deal, active: list[bool], count: int) -> list[list[Card]]:
    if not isinstance(deal, list) or len(deal) != len(active):
        raise InvalidAction("bad_deal", detail=f"a deal lists the cards of all {len(active)} seats in seat order")
    hands = [parse_cards(h) for h in deal]
    seen: set[Card] = set()
    for s, h in enumerate(hands):
        want = count if active[s] else 0
        if len(h) != want:
            raise InvalidAction("bad_deal", detail=f"seat {s + 1} must get {want} cards, not {len(h)}")
        for c in h:
            if c in seen:
                raise InvalidAction("bad_deal", detail=f"{c} is dealt twice")
            seen.add(c)
    return hands


class Game:
    def __init__(self, players, rules: str | Rules = "rheinland", options: dict | None = None, dealer: int = 1, seed: int | None = None):
        self.rules = rules if isinstance(rules, Rules) else Rules.make(rules, options)
        if isinstance(rules, Rules) and options:
            self.rules = rules.with_options(options)
        if not isinstance(players, list):
            raise InvalidAction("bad_players", detail="players must be a list")
        n = len(players)
        if not self.rules.min_players <= n <= self.rules.max_players:
            raise InvalidAction("bad_players", detail=f"{self.rules.preset} is played by {self.rules.min_players} to {self.rules.max_players} players, not {n}")
        self.names: list[str] = []
        self.start_marks: list[int] = []
        for i, p in enumerate(players, 1):
            if isinstance(p, str):
                p = {"name": p}
            if not isinstance(p, dict) or set(p) - {"name", "marks"}:
                raise InvalidAction("bad_players", detail=f"player {i} must be {{'name': ..., 'marks': ...}}")
            self.names.append(_clean_name(p.get("name"), i))
            m = p.get("marks", self.rules.start_marks)
            if isinstance(m, bool) or not isinstance(m, int) or m < 0 or m > 99:
                raise InvalidAction("bad_players", detail=f"marks of player {i} must be a whole number 0..99")
            self.start_marks.append(m)
        if sum(1 for m in self.start_marks if m > 0) < 2:
            raise InvalidAction("bad_players", detail="at least two players need marks")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 1 <= dealer <= n:
            raise InvalidAction("bad_seat", seat=dealer)
        if self.start_marks[dealer - 1] == 0:
            raise InvalidAction("bad_players", detail=f"the dealer (seat {dealer}) has no marks left")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InvalidAction("bad_options", detail="seed must be a whole number ≥ 0")
        self.n = n
        self.first_dealer = dealer - 1
        self.seed = seed
        self.specs: list[dict] = []  # per hand: {"deal": [...] | None} or {"seed": s}
        self.logs: list[list[Action]] = []  # per hand: the actions written
        self.results: list[HandResult] = []
        self.marks = list(self.start_marks)
        self.dealer = self.first_dealer
        self.hand: Hand | None = None
        self.forehands: list[int] = []
        # How the game goes on and ends (rules.game_end), derived like
        # everything else by replaying the log: Knollen, the group playing an
        # endgame or a half (0-based seats), the half losers, the Knolle final.
        self.knollen = [0] * n
        self.group: list[int] | None = None
        self.half = 0
        self.half_losers: list[int] = []
        self.final = False
        self._over = False
        self._winner: int | None = None
        self._loser: int | None = None
        self._begin()

    # --- how the game goes on: the hooks consulted between hands -----------
    def _begin(self) -> None:
        fmt = self.rules.game_end
        if fmt == "halves":
            self.half = 1
            self.group = [s for s in range(self.n) if self.start_marks[s] > 0]
        elif fmt == "long_ones":
            self._long_ones_due()
        elif fmt == "knolle":
            self.final = all(m <= self.rules.hammer_marks for m in self.marks)

    def _long_ones_due(self) -> None:
        """Tuppen: two or more players one mark from out play the endgame."""
        ones = [s for s in range(self.n) if self.marks[s] == 1]
        if len(ones) >= 2:
            self.group = ones

    def next_setup(self) -> Setup:
        """How the next hand will be dealt and played (for deal builders)."""
        return self._setup()

    def _setup(self) -> Setup:
        """The next hand: who is dealt in, how many cards, its start value,
        whether it is knocked and scored (see rules.game_end)."""
        r = self.rules
        if self.group is not None:
            k = len(self.group)
            dealt = tuple(s in self.group for s in range(self.n))
            packets: tuple[int, ...] = ()
            if r.game_end == "long_ones" and k == 2:
                packets = r.long_one_packets()
                count, kind = sum(packets), "long_one"
            elif r.game_end == "long_ones":
                count, kind = r.hand_cards(k), "short_long_one"
            elif self.half == 3:
                count, kind = r.playoff_cards, "playoff"
            else:
                count, kind = r.hand_cards(k), "half"
            # Nothing left to stake: no knocking, no hammer, no marks lost.
            return Setup(dealt, count, r.start_value, False, False, scored=False, kind=kind, packets=packets)
        if r.game_end == "knolle":
            dealt = (True,) * self.n  # a player at 0 stays in for Knollen
        else:
            dealt = tuple(m > 0 for m in self.marks)
        value = r.start_value
        if r.hammer_start_value and any(m <= r.hammer_marks for m in self.marks):
            value = max(value, r.hammer_start_value)
        return Setup(dealt, r.hand_cards(sum(dealt)), value, r.knocking, r.hammer, kind="final" if self.final else "normal")

    def _after_hand(self, hand: Hand, res: HandResult) -> None:
        before = self.marks
        self.dealer = hand.next_dealer()
        if res.winner is None:
            return  # void: nothing changes but (pretty ones) the dealer
        if hand.setup.scored:
            if self.rules.game_end == "knolle":
                for s in range(self.n):
                    self.knollen[s] += max(0, res.losses[s] - before[s])
            self.marks = list(res.marks_after)
        fmt = self.rules.game_end
        if fmt == "first_out":
            if any(before[s] > 0 and self.marks[s] == 0 for s in range(self.n)):
                self._over, self._loser = True, self.first_eliminated() - 1
        elif fmt == "knolle":
            if self.final:
                self._over, self._winner = True, res.winner
            elif all(m <= self.rules.hammer_marks for m in self.marks):
                self.final = True
        elif fmt == "long_ones":
            if self.group is None:
                zeros = [s for s in range(self.n) if before[s] > 0 and self.marks[s] == 0]
                if len(zeros) == 1:
                    self._over, self._loser = True, zeros[0]
                elif zeros:
                    self.group = zeros  # out together: they play it out
                else:
                    self._long_ones_due()
            elif len(self.group) == 2:
                self._over, self._loser = True, next(s for s in self.group if s != res.winner)
            else:
                self.group.remove(res.winner)
        elif fmt == "halves":
            if len(self.group) > 2:
                self.group.remove(res.winner)
                return
            loser = next(s for s in self.group if s != res.winner)
            if self.half == 3:
                self._over, self._loser = True, loser
                return
            self.half_losers.append(loser)
            if self.half == 1:
                self.half, self.group = 2, [s for s in range(self.n) if self.start_marks[s] > 0]
            elif self.half_losers[0] == self.half_losers[1]:
                self._over, self._loser = True, loser
            else:
                self.half, self.group = 3, sorted(self.half_losers)

    # --- state -------------------------------------------------------------
    @property
    def game_over(self) -> bool:
        if self.rules.game_end == "last_standing":
            return sum(1 for m in self.marks if m > 0) <= 1
        return self._over

    @property
    def winner(self) -> int | None:
        """1-based seat of the game's winner, once the game is over (None
        where the game only finds a loser)."""
        if not self.game_over:
            return None
        if self.rules.game_end == "last_standing":
            return next((i + 1 for i, m in enumerate(self.marks) if m > 0), None)
        return None if self._winner is None else self._winner + 1

    @property
    def loser(self) -> int | None:
        """1-based seat of the game's loser once it is over: the first player
        out, or the loser of the long one / the play-off; None for Knolle."""
        if not self.game_over:
            return None
        if self._loser is not None:
            return self._loser + 1
        return self.first_eliminated() if self.rules.game_end == "last_standing" else None

    @property
    def scores(self) -> list[int] | None:
        """Once over: last_standing — the winner's marks + win_bonus, others
        0; knolle — the winner collects everyone's Knollen (others: minus
        their Knollen); games that find a loser — the loser -1, others 0."""
        if not self.game_over:
            return None
        fmt = self.rules.game_end
        if fmt == "last_standing":
            return [m + self.rules.win_bonus if m > 0 else 0 for m in self.marks]
        if fmt == "knolle":
            w = self._winner
            pot = sum(k for i, k in enumerate(self.knollen) if i != w)
            return [pot if i == w else -k for i, k in enumerate(self.knollen)]
        return [-1 if i == self._loser else 0 for i in range(self.n)]

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.over

    def first_eliminated(self) -> int | None:
        """1-based seat of the first player out (a Rengen set's game loser).
        Several out in the same hand: the one who lost the most beyond zero,
        then the first of them clockwise from that hand's forehand."""
        marks = list(self.start_marks)
        for res, fh in zip(self.results, self.forehands):
            out = [s for s in range(self.n) if marks[s] > 0 and res.marks_after[s] == 0]
            if out:
                out.sort(key=lambda s: (-(res.losses[s] - marks[s]), (s - fh) % self.n))
                return out[0] + 1
            marks = list(res.marks_after)
        return None

    # --- dealing -------------------------------------------------------------
    def deal(self, cards=None, seed: int | None = None, real: bool = False, stock=None) -> Hand:
        """Start the next hand: explicit `cards`, a `seed`, `real` cards (the
        scoresheet), or, with none of them, the game's own seed. With
        explicit cards, `stock` may list the undealt cards top first (four
        courts draw from it; default: the rest of the pack in pack order)."""
        if self.game_over:
            raise IllegalAction("game_over")
        if not self.hand_over:
            raise IllegalAction("bad_request", detail="the current hand is not over")
        setup = self._setup()
        active = list(setup.dealt)
        count = setup.cards
        fh = next_active(active, self.dealer)
        pack_rest = None
        if stock is not None and (real or cards is None):
            raise InvalidAction("bad_deal", detail="a stock is only given with an explicit deal")
        if real:
            spec, dealt = {"deal": None}, None
        elif cards is not None:
            dealt = check_deal(cards, active, count)
            spec = {"deal": [[str(c) for c in h] for h in dealt]}
            if stock is not None:
                pack_rest = check_stock(stock, dealt)
                spec["stock"] = [str(c) for c in pack_rest]
            else:
                pack_rest = default_stock(dealt)
        else:
            if seed is None:
                if self.seed is None:
                    raise IllegalAction("bad_request", detail="no cards, no seed and no game seed to deal from")
                seed = derive_seed(self.seed, len(self.specs))
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise InvalidAction("bad_deal", detail="seed must be a whole number ≥ 0")
            dealt, pack_rest = deal_pack(seed, active, fh, count, setup.packets)
            spec = {"seed": seed}
        self.hand = Hand(self.rules, self.marks, self.dealer, dealt, discard=self.rules.discard, setup=setup, stock=pack_rest)
        self.forehands.append(fh)
        self.specs.append(spec)
        self.logs.append([])
        return self.hand

    # --- acting --------------------------------------------------------------
    def _action(self, action) -> Action:
        a = Action.from_json(action)
        if a.seat > self.n:
            raise InvalidAction("bad_seat", seat=a.seat)
        return a

    def check(self, action) -> Action:
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

    def apply(self, action) -> HandResult | None:
        """Validate and apply; on any error nothing has changed. Returns the
        hand's result when this action ended the hand."""
        a = self.check(action)
        return self._do(a)

    def _do(self, a: Action) -> HandResult | None:
        """The trusted path: `a` must be legal now."""
        hand = self.hand
        hand.do(a)
        self.logs[-1].append(a)
        if hand.over:
            res = hand.result()
            self.results.append(res)
            self._after_hand(hand, res)
            return res
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.n:
            raise InvalidAction("bad_seat", seat=seat)
        if self.game_over or self.hand is None or self.hand.over:
            return []
        return self.hand.legal(seat - 1)

    def due(self) -> list[int]:
        return [] if self.hand is None else [s + 1 for s in self.hand.due()]

    # --- records -------------------------------------------------------------
    def to_record(self) -> dict:
        players = []
        for name, m in zip(self.names, self.start_marks):
            p = {"name": name}
            if m != self.rules.start_marks:
                p["marks"] = m
            players.append(p)
        hands = []
        for spec, log in zip(self.specs, self.logs):
            h = dict(spec)
            h["actions"] = [a.to_json() for a in log]
            hands.append(h)
        rec = {"format": RECORD_FORMAT, "rules": self.rules.preset, "options": self.rules.overrides(), "players": players, "dealer": self.first_dealer + 1, "hands": hands}
        if self.seed is not None:
            rec["seed"] = self.seed
        return rec

    @classmethod
    def from_record(cls, record) -> "Game":
        """Replay a record; any inconsistency raises RecordError naming the
        hand (1-based), the action (0-based) and the rule."""
        if not isinstance(record, dict):
            raise RecordError("bad_record", detail="a record is a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError("bad_record", detail=f"format must be {RECORD_FORMAT!r}")
        unknown = set(record) - {"format", "rules", "options", "players", "dealer", "hands", "seed"}
        if unknown:
            raise RecordError("bad_record", detail=f"unknown field(s) {', '.join(sorted(unknown))}")
        try:
            game = cls(record.get("players"), record.get("rules", "rheinland"), record.get("options") or {}, record.get("dealer", 1), record.get("seed"))
        except SchraemError as e:
            raise RecordError("bad_record", detail=e.en) from e
        hands = record.get("hands", [])
        if not isinstance(hands, list):
            raise RecordError("bad_record", detail="hands must be a list")
        for h_no, h in enumerate(hands, 1):
            if not isinstance(h, dict) or not (("deal" in h) ^ ("seed" in h)) or set(h) - {"deal", "seed", "stock", "actions"}:
                raise RecordError("bad_record", hand=h_no, detail="a hand has either 'deal' or 'seed', and 'actions'")
            try:
                if "seed" in h and h["seed"] is None:
                    raise InvalidAction("bad_deal", detail="seed must be a whole number ≥ 0")
                game.deal(cards=h.get("deal"), seed=h.get("seed"), real=("deal" in h and h["deal"] is None), stock=h.get("stock"))
            except SchraemError as e:
                raise RecordError(e.code, hand=h_no, cause=e) from e
            actions = h.get("actions", [])
            if not isinstance(actions, list):
                raise RecordError("bad_record", hand=h_no, detail="actions must be a list")
            for i, a in enumerate(actions):
                try:
                    game.apply(a)
                except SchraemError as e:
                    raise RecordError(e.code, hand=h_no, index=i, cause=e) from e
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
        return Game.from_record(rec)
