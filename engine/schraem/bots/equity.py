"""What a hand's outcome is worth in the game, under the preset's own
scoring (`Scoring.of(rules)`):

- a hand's losses: passers lose what they committed (`pass_loss` where the
  preset fixes it), the others still in lose the value, except the raiser
  beaten by a holder under `raiser_loss` (Sebbe Schröhm);
- the worth of the marks after it, by how the game ends:
  - `last_standing` (the Rhineland rules and most variants, counted down or
    up): the chance to be the last one with marks, estimated as one's share
    of all marks left (the Malmuth-Harville estimate of winning a
    freeze-out; exact for two players of equal skill);
  - `first_out` and `long_ones` (Dedenbach, Tuppen: a loser is found): the
    chance not to be that loser. Going out in this hand loses the game (or,
    with several going out together, one of them does); otherwise the
    chance of being out first is estimated by the inverse of one's marks
    against everyone's;
  - `knolle` (Sebbe Schröhm): players at 0 stay in and every further point
    is a Knolle; one last hand among everybody decides the winner, who
    collects all Knollen. The final hand is a lottery from here, so each of
    my Knollen costs (1 − 1/n) of a point and each of the others' gains me
    1/n; marks above 0 only delay the Knollen (a small share term).

All worths are on the scale of a share of the marks (about 0..1), so the
bots' margins mean the same under every preset.
"""

from __future__ import annotations


def share(marks, me: int) -> float:
    total = 0
    for m in marks:
        if m > 0:
            total += m
    mine = marks[me]
    if mine <= 0 or total <= 0:
        return 0.0
    return mine / total


def _not_first_out(before, after, me: int) -> float:
    out = [i for i, (b, a) in enumerate(zip(before, after)) if b > 0 and a <= 0]
    if out:
        return 1.0 - 1.0 / len(out) if me in out else 1.0
    if after[me] <= 0:
        return 1.0  # out already: whatever else, not the first
    inv = sum(1.0 / a for a in after if a > 0)
    return 1.0 - (1.0 / after[me]) / inv


class Scoring:
    """A preset's scoring as the bots value it (see the module's text)."""

    def __init__(self, game_end: str = "last_standing", pass_loss: int = 0, raiser_loss: int = 0, start_marks: int = 7):
        self.game_end = game_end
        self.pass_loss = pass_loss
        self.raiser_loss = raiser_loss
        self.start_marks = start_marks
        self.knolle = game_end == "knolle"

    @classmethod
    def of(cls, rules) -> "Scoring":
        return cls(rules.game_end, rules.pass_loss, rules.raiser_loss, rules.start_marks)

    def pass_cost(self, old_value: int) -> int:
        """What passing in answer to a knock from `old_value` costs."""
        return self.pass_loss or old_value

    def losses(self, marks, committed, alive, winner: int, value: int, raiser: int | None = None) -> list[int]:
        """Each seat's loss when `winner` takes the hand at `value`."""
        out = []
        for i, m in enumerate(marks):
            if m <= 0 and not self.knolle:
                out.append(0)
            elif i == winner:
                out.append(0)
            elif not alive[i]:
                out.append(committed[i])
            elif self.raiser_loss and i == raiser:
                out.append(min(self.raiser_loss, value))
            else:
                out.append(value)
        return out

    def after_hand(self, marks, committed, alive, winner: int, value: int, raiser: int | None = None) -> list[int]:
        """Marks once the hand ends (never below 0)."""
        return [max(0, m - x) for m, x in zip(marks, self.losses(marks, committed, alive, winner, value, raiser))]

    def outcome(self, marks, committed, alive, winner: int, value: int, me: int, raiser: int | None = None) -> float:
        losses = self.losses(marks, committed, alive, winner, value, raiser)
        after = [max(0, m - x) for m, x in zip(marks, losses)]
        if self.game_end == "last_standing":
            return share(after, me)
        if self.knolle:
            n = len(marks)
            knollen = [max(0, x - max(0, m)) for m, x in zip(marks, losses)]
            mine = knollen[me]
            others = sum(knollen) - mine
            scale = n * self.start_marks  # a Knolle weighs like a mark of the share
            return 0.25 * share(after, me) + (others / n - mine * (1 - 1 / n)) * n / scale
        return _not_first_out(marks, after, me)

    def expected_others(self, marks, committed, alive, value: int, me: int, weights=None, raiser: int | None = None) -> float:
        """My worth when somebody other than me (still in) takes the hand:
        averaged over them, uniformly or by `weights` (seat -> weight)."""
        others = [i for i, a in enumerate(alive) if a and i != me]
        if not others:
            return self.outcome(marks, committed, alive, me, value, me, raiser)
        tot = 0.0
        wsum = 0.0
        for w in others:
            k = 1.0 if weights is None else weights.get(w, 0.0)
            if k <= 0:
                continue
            tot += k * self.outcome(marks, committed, alive, w, value, me, raiser)
            wsum += k
        if wsum <= 0:
            return sum(self.outcome(marks, committed, alive, w, value, me, raiser) for w in others) / len(others)
        return tot / wsum


# The Rhineland rules' scoring: what the heuristic bot values every preset by
# (it is the fixed yardstick of the benchmarks).
RHINELAND = Scoring()
outcome = RHINELAND.outcome
expected_others = RHINELAND.expected_others
