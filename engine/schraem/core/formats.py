"""How a game (Spielrunde) goes on between hands and how it ends: one class
per game-end format, chosen by `rules.game_end`.

A format owns the hooks the game consults at fixed points — `begin` (once),
`setup` (before every deal), `after_hand` (after every decided hand) — and
turns what happened into the game's `Outcome`. It keeps only what replaying
the log derives, so undo and records need nothing extra. `game.py` and
`view.py` never ask which format is in force: a new format is one class here
plus its name in `rules.GAME_END`.

Seats are 0-based inside, 1-based in `Outcome` (as everywhere outside the
core's arrays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, cast

from .deal import Setup
from .hand import Hand, HandResult
from .rules import Rules


@dataclass(frozen=True)
class Outcome:
    """Where the game stands, as data. `winner`/`loser` are 1-based seats
    (a format may find only one of them); `scores` are set once the game is
    over; `order` is the finishing order once over, best first; `out_order`
    lists the seats in the order they reached 0 ("first out" first);
    `phase` says where a game that does not simply play on stands."""

    over: bool
    winner: int | None = None
    loser: int | None = None
    scores: tuple[int, ...] | None = None
    order: tuple[int, ...] = ()
    out_order: tuple[int, ...] = ()
    phase: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "winner": self.winner,
            "loser": self.loser,
            "scores": None if self.scores is None else list(self.scores),
            "order": list(self.order),
            "out_order": list(self.out_order),
            "phase": self.phase,
        }


def _seat(s: int | None) -> int | None:
    return None if s is None else s + 1


class Played(Protocol):
    """What a format reads of its game (`Game`, game.py): the seats, the
    rules, the marks at the start and after the last decided hand, and who
    reached 0 in which order."""

    n: int
    rules: Rules
    start_marks: list[int]
    hand_marks: list[int]
    out_order: list[int]


class GameEnd:
    """The common case: every seat with marks is dealt in, a hand costs
    marks, and the game goes on until the format says it is over."""

    keeps_marks = True
    # What a game of this format is for: finding its "winner" or its
    # "loser" (match statistics measure strength by it).
    finds = "winner"

    def __init__(self, game: Played) -> None:
        self.game = game
        self.n = game.n
        self.rules = game.rules
        self.knollen = [0] * self.n
        self.group: list[int] | None = None  # the seats playing an endgame or a half
        self.half = 0
        self.half_losers: list[int] = []
        self.final = False
        self.done = False
        self.winner: int | None = None
        self.loser: int | None = None
        self._setups: dict[tuple[tuple[bool, ...], int, bool], Setup] = {}
        self.begin()

    # --- hooks ---------------------------------------------------------
    def begin(self) -> None:
        """Once, before the first hand."""

    def setup(self) -> Setup:
        """The next hand: who is dealt in, how many cards, its start value,
        whether it is knocked and scored."""
        return self.normal_setup(tuple(m > 0 for m in self.game.hand_marks))

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        """After a decided (not void) hand; `before` are the marks it was
        dealt with, `game.hand_marks` already the marks after it."""

    @property
    def over(self) -> bool:
        return self.done

    # --- facts for the view and the outcome ------------------------------
    def tally(self) -> str | None:
        """How the sheet shows a standing: "marks" left, "points" counted
        up against a player, or None where no marks are kept."""
        if not self.keeps_marks:
            return None
        return "points" if self.rules.count_up else "marks"

    def score_basis(self) -> str | None:
        """What the final score is made of, for the words around it."""
        return self.tally()

    def tally_of(self, marks: int) -> int | None:
        kind = self.tally()
        if kind is None:
            return None
        return max(0, self.rules.start_marks - marks) if kind == "points" else marks

    def is_out(self, s: int, marks: list[int]) -> bool:
        """Whether seat s is out of the game (it is dealt no more hands)."""
        return marks[s] == 0

    def knollen_now(self, marks_before: list[int], booked: list[int | None]) -> list[int]:
        return list(self.knollen)

    def scores(self) -> list[int]:
        return [0] * self.n

    def order(self, marks: list[int], out_order: list[int]) -> list[int]:
        """Finishing order, best first: by the format's own ranking key,
        then seat order."""
        return sorted(range(self.n), key=lambda s: self.rank_key(s, marks, out_order))

    def rank_key(self, s: int, marks: list[int], out_order: list[int]) -> tuple[int, ...]:
        if s == self.winner:
            return (0,)
        if s == self.loser:
            return (3,)
        late = out_order.index(s) if s in out_order else len(out_order)
        return (1, -marks[s], -late, s)

    def phase(self) -> dict[str, Any] | None:
        if self.group is None and not self.final:
            return None
        return {
            "group": None if self.group is None else [s + 1 for s in self.group],
            "half": self.half or None,
            "half_losers": [s + 1 for s in self.half_losers],
            "final": self.final,
        }

    def outcome(self, marks: list[int], out_order: list[int]) -> Outcome:
        over = self.over
        return Outcome(
            over=over,
            winner=_seat(self.winner) if over else None,
            loser=_seat(self.loser) if over else None,
            scores=tuple(self.scores()) if over else None,
            order=tuple(s + 1 for s in self.order(marks, out_order)) if over else (),
            out_order=tuple(s + 1 for s in out_order),
            phase=self.phase(),
        )

    # --- shared pieces ---------------------------------------------------
    def normal_setup(self, dealt: tuple[bool, ...]) -> Setup:
        r = self.rules
        value = r.start_value
        if r.hammer_start_value and any(m <= r.hammer_marks for m in self.game.hand_marks):
            value = max(value, r.hammer_start_value)
        # The same few setups come back hand after hand; a frozen dataclass
        # is dear to build on every deal.
        key = (dealt, value, self.final)
        setup = self._setups.get(key)
        if setup is None:
            setup = self._setups[key] = Setup(
                dealt, r.hand_cards(sum(dealt)), value, r.knocking, r.hammer, kind="final" if self.final else "normal"
            )
        return setup

    def group_setup(self, count: int, kind: str, packets: tuple[int, ...] = ()) -> Setup:
        """An endgame or a half among `self.group`: nothing left to stake, so
        no knocking, no hammer and no marks lost."""
        group = cast("list[int]", self.group)
        dealt = tuple(s in group for s in range(self.n))
        return Setup(dealt, count, self.rules.start_value, False, False, scored=False, kind=kind, packets=packets)

    def reached_zero(self, before: list[int]) -> list[int]:
        marks = self.game.hand_marks
        return [s for s in range(self.n) if before[s] > 0 and marks[s] == 0]


class LastStanding(GameEnd):
    """Rhineland: the game ends when one player has marks left; that player
    scores the marks left plus the win bonus."""

    def begin(self) -> None:
        self._settle()

    def _settle(self) -> None:
        # Kept as a flag, not summed on demand: every legal-actions query
        # asks whether the game is over.
        self.done = sum(1 for m in self.game.hand_marks if m > 0) <= 1

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        self._settle()
        if self.done:
            marks = self.game.hand_marks
            self.winner = next((s for s in range(self.n) if marks[s] > 0), None)
            self.loser = self.game.out_order[0] if self.game.out_order else None

    def scores(self) -> list[int]:
        return [m + self.rules.win_bonus if m > 0 else 0 for m in self.game.hand_marks]


class FirstOut(GameEnd):
    """Dedenbach classic: the first player to lose the last mark has lost
    the game; nobody wins it."""

    finds = "loser"

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        if self.reached_zero(before):
            self.done, self.loser = True, self.game.out_order[0]

    def scores(self) -> list[int]:
        return [-1 if s == self.loser else 0 for s in range(self.n)]


class Knolle(GameEnd):
    """Sebbe Schröhm: a player at 0 stays in and collects a Knolle for each
    further lost point; once everyone sits on the hammer (or below), one
    final hand decides the winner, who collects all the Knollen."""

    def begin(self) -> None:
        self.final = self._all_on_hammer()

    def _all_on_hammer(self) -> bool:
        return all(m <= self.rules.hammer_marks for m in self.game.hand_marks)

    def setup(self) -> Setup:
        return self.normal_setup((True,) * self.n)

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        if hand.setup.scored:
            for s in range(self.n):
                self.knollen[s] += max(0, res.losses[s] - before[s])
        if self.final:
            self.done, self.winner = True, res.winner
        elif self._all_on_hammer():
            self.final = True

    def is_out(self, s: int, marks: list[int]) -> bool:
        return False

    def score_basis(self) -> str:
        return "knollen"

    def knollen_now(self, marks_before: list[int], booked: list[int | None]) -> list[int]:
        # A passer's loss beyond 0 is a Knolle at once, like the loss itself.
        return [k + max(0, (b or 0) - m) for k, m, b in zip(self.knollen, marks_before, booked)]

    def scores(self) -> list[int]:
        w = self.winner
        pot = sum(k for s, k in enumerate(self.knollen) if s != w)
        return [pot if s == w else -k for s, k in enumerate(self.knollen)]

    def rank_key(self, s: int, marks: list[int], out_order: list[int]) -> tuple[int, ...]:
        return (0,) if s == self.winner else (1, self.knollen[s], -marks[s], s)


class LongOnes(GameEnd):
    """Tuppen: when two or more players are one mark from out they play
    "short long ones" (the winner drops out) until two are left, who play
    the long one (8 cards, dealt 3-2-3); its loser has lost the game. A lone
    player reaching 0 has lost at once; several at once play it out."""

    finds = "loser"

    def begin(self) -> None:
        self._long_ones_due()

    def _long_ones_due(self) -> None:
        ones = [s for s in range(self.n) if self.game.hand_marks[s] == 1]
        if len(ones) >= 2:
            self.group = ones

    def setup(self) -> Setup:
        if self.group is None:
            return super().setup()
        if len(self.group) == 2:
            packets = self.rules.long_one_packets()
            return self.group_setup(sum(packets), "long_one", packets)
        return self.group_setup(self.rules.hand_cards(len(self.group)), "short_long_one")

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        if self.group is None:
            zeros = self.reached_zero(before)
            if len(zeros) == 1:
                self.done, self.loser = True, zeros[0]
            elif zeros:
                self.group = zeros  # out together: they play it out
            else:
                self._long_ones_due()
        elif len(self.group) == 2:
            self.done, self.loser = True, next(s for s in self.group if s != res.winner)
        else:
            self.group.remove(cast(int, res.winner))  # a decided hand has a winner

    def scores(self) -> list[int]:
        return [-1 if s == self.loser else 0 for s in range(self.n)]


class Halves(GameEnd):
    """Dedenbach newcomers: no knocking and no points. The winner of the
    last trick drops out until two are left; the loser of that hand lost the
    half. Two halves; the two half losers play off, and a player who lost
    both halves has lost without a play-off."""

    finds = "loser"

    keeps_marks = False

    def begin(self) -> None:
        self.half = 1
        self.group = self._everyone()

    def _everyone(self) -> list[int]:
        return [s for s in range(self.n) if self.game.start_marks[s] > 0]

    def setup(self) -> Setup:
        if self.half == 3:
            return self.group_setup(self.rules.playoff_cards, "playoff")
        return self.group_setup(self.rules.hand_cards(len(self._group())), "half")

    def _group(self) -> list[int]:
        """The seats playing the half or the play-off (from `begin` on)."""
        return cast("list[int]", self.group)

    def after_hand(self, hand: Hand, res: HandResult, before: list[int]) -> None:
        group = self._group()
        if len(group) > 2:
            group.remove(cast(int, res.winner))  # a decided hand has a winner
            return
        loser = next(s for s in group if s != res.winner)
        if self.half == 3:
            self.done, self.loser = True, loser
            return
        self.half_losers.append(loser)
        if self.half == 1:
            self.half, self.group = 2, self._everyone()
        elif self.half_losers[0] == self.half_losers[1]:
            self.done, self.loser = True, loser
        else:
            self.half, self.group = 3, sorted(self.half_losers)

    def scores(self) -> list[int]:
        return [-1 if s == self.loser else 0 for s in range(self.n)]

    def rank_key(self, s: int, marks: list[int], out_order: list[int]) -> tuple[int, ...]:
        return (2 if s == self.loser else 1 if s in self.half_losers else 0, s)


FORMATS: dict[str, type[GameEnd]] = {
    "last_standing": LastStanding,
    "first_out": FirstOut,
    "knolle": Knolle,
    "long_ones": LongOnes,
    "halves": Halves,
}
