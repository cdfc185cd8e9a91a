"""The bridge's commands for learning from the computer (docs/BRIDGE.md,
docs/REVIEW.md): the game review made a decision at a time, the hint for
the decision at hand (written into the record), and deal sets.

A mixin of `Bridge` (bridge/__init__.py): the commands share its table and
its rule that a refused request leaves everything as it was."""

from __future__ import annotations

from ..bots.decider import Budget
from ..core.errors import Both, IllegalAction, InvalidAction
from ..core.game import Game
from ..core.view import view
from ..review import duel
from ..review.review import REVIEW_BUDGET, Review, hint
from .table import Commands, Table

MAX_STEPS = 8  # decisions one review_step may weigh (the worker asks again for the next)
MAX_SAMPLES = 400


def _int(args: dict, name: str, default: int, low: int, high: int) -> int:
    value = args.get(name, default)
    if type(value) is not int or not low <= value <= high:
        raise InvalidAction(
            "bad_request",
            detail=Both(f"„{name}“ ist eine ganze Zahl von {low} bis {high}", f"'{name}' is a whole number from {low} to {high}"),
        )
    return value


class ReviewCommands(Commands):
    # --- the game review ---------------------------------------------------
    def cmd_review_start(self, args):
        """Begin the review of `seat`'s decisions in `record` (default: the
        game in play, as far as it went); nothing is weighed yet. `seed` makes it repeatable, `samples` sets its thinking."""
        record = args.get("record")
        if record is None:
            record = self._table().game.to_record()
        seed = _int(args, "seed", 0, 0, 2**53 - 1)
        samples = _int(args, "samples", REVIEW_BUDGET.samples, 1, MAX_SAMPLES)
        budget = Budget(samples=samples, nodes=REVIEW_BUDGET.nodes * max(1, samples // REVIEW_BUDGET.samples))
        unit = args.get("unit", "marks")
        self.review = Review(record, args.get("seat"), seed, budget, unit if isinstance(unit, str) else "")
        return {"total": self.review.total, "weighed": 0, "done": self.review.finished}

    def cmd_review_step(self, args):
        """Weigh the next `count` decisions (1..8) of the review under way:
        its progress, and once it is done, its result."""
        r = self.review
        if r is None:
            raise IllegalAction("bad_request", detail=Both("es läuft keine Spielanalyse", "no review is under way"))
        count = _int(args, "count", 1, 1, MAX_STEPS)
        for _ in range(count):
            if r.finished:
                break
            r.step()
        out = {"total": r.total, "weighed": len(r.done), "done": r.finished}
        if r.finished:
            out["result"] = r.result()
            self.review = None
        return out

    def cmd_review_cancel(self, args):
        had = self.review is not None
        self.review = None
        return {"cancelled": had}

    # --- the hint ------------------------------------------------------------
    def cmd_hint(self, args):
        """The estimate for `viewer`'s decision at hand, at a table against
        the computer; the hint is written into the game's record (a review
        says which decisions were hinted). Returns the hint and the state."""
        t = self._table()
        viewer = args.get("viewer")
        t.check_viewer(viewer)
        g = t.game
        if viewer is None or t.real_cards or t.host is not None or not t.bots() or t.seats[viewer - 1]["kind"] != "human":
            raise IllegalAction(
                "bad_request",
                detail=Both(
                    "Einen Rat des Computers gibt es nur beim Spiel gegen den Computer, für den eigenen Platz",
                    "hints are given only in a game against the computer, for your own seat",
                ),
            )
        if g.hand_over:
            raise IllegalAction("hand_over")
        h = len(g.specs) - 1
        at = len(g.logs[-1])
        given = hint(view(g, viewer), seed=t.seed ^ (h * 1009 + at))
        if not given["decisions"]:
            raise IllegalAction(
                "bad_request", detail=Both("gerade gibt es für dich nichts zu entscheiden", "there is nothing for you to decide now")
            )
        entry = {"seat": viewer, "at": at}
        if entry not in g.hints[-1]:
            g.hints[-1].append(entry)
        state = t.state(viewer)
        state["hint"] = given
        return state

    # --- deal sets (Duell-Karten) --------------------------------------------
    def cmd_duel_new(self, args):
        """A game on a deal set: `set` the word (today's: the date), `rules`
        and `hands` the preset and number of deals (default: eight Rhineland
        deals), or `scanned` a set's QR text instead; `players` the four
        names (the person first)."""
        game, seats, facts = duel.new_game(self._duel_set(args), args.get("players"))
        table = Table(game, seats, game.seed)
        table.duel = facts
        table.deal()
        return self._take(table, 1)

    @staticmethod
    def _duel_set(args) -> dict:
        scanned = args.get("scanned")
        if scanned is not None:
            return duel.read_set_text(scanned)
        return duel.the_set(args.get("set"), args.get("rules", duel.SET_RULES), args.get("hands", duel.SET_HANDS))

    def cmd_duel_set(self, args):
        """A set checked before anything is replaced (`set`, `rules`,
        `hands`, or `scanned`, as for duel_new): its facts, check number and
        QR text; nothing else changes."""
        s = self._duel_set(args)
        return {**s, "code": duel.set_code(s["set"], s["rules"], s["hands"]), "qr": duel.set_text(s)}

    def _duel_result(self, args) -> dict:
        save = args.get("save")
        if save is not None:
            if not isinstance(save, dict) or "duel" not in save:
                raise InvalidAction("bad_request", detail=Both("das ist kein Spielstand von Duell-Karten", "this is not a deal set's save"))
            game = Game.from_record(save.get("record"))
            return duel.result(game, duel.check_facts(save["duel"], game))
        t = self._table()
        if t.duel is None:
            raise IllegalAction(
                "bad_request", detail=Both("an diesem Tisch laufen keine Duell-Karten", "this table does not play a deal set")
            )
        return duel.result(t.game, t.duel)

    def cmd_duel_result(self, args):
        """The result of the deal set in play, or of a kept `save` of one
        (only hands already played)."""
        return self._duel_result(args)

    def cmd_duel_code(self, args):
        """The same result as the short text of one QR code (`duel.pack`)."""
        return {"text": duel.pack(self._duel_result(args))}

    def cmd_duel_compare(self, args):
        """Two results of the same deal set, hand by hand; `theirs` may be
        the text of a result's QR code."""
        return duel.compare(args.get("mine"), args.get("theirs"))
