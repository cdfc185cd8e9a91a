"""The kitty (Kasse): the stakes a table agrees on before it plays, what each
finished game costs whom, and the evening's settlement.

The seeds name them: Sebbe Schröhm's Knollen paid to the winner at "an
agreed sum per Knolle"; Dedenbach's newcomers paying the loser's share into
a pot for joint meals and tours, or the loser buying a round; Tuppen's long
one deciding who buys the next round; clubs playing "für Geld". Money is
whole cents (int) throughout: a float cannot hold 0,10 € exactly, and a
settlement must balance to the cent.

Who receives what is fixed per kind, so the text of a payment can always be
stated: marks, Knollen and the buy-in go to the game's winner; a lost game
or half goes to the pot ("Kasse") or, where the table says so, to the
winner. A combination the game cannot pay (a buy-in where nobody wins) is
refused before the game starts, with the reason.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, NoReturn, Protocol

from .errors import Both, InvalidAction
from .formats import FORMATS, GameEnd, Outcome
from .rules import Rules

# One stake above this is a typo, not a pub evening (1.000 €).
MAX_CENTS = 100_000
LOSSES_TO = ("pot", "winner")
AMOUNTS = ("per_mark", "per_knolle", "per_lost_game", "per_lost_half", "buy_in")

# What a stake is called in a refusal, in both languages.
_NAMES = {
    "per_mark": Both("pro Schräm", "per mark"),
    "per_knolle": Both("pro Knolle", "per Knolle"),
    "per_lost_game": Both("pro verlorenem Spiel", "per lost game"),
    "per_lost_half": Both("pro verlorener Hälfte oder Stechen", "per lost half or play-off"),
    "buy_in": Both("Einsatz", "buy-in"),
    "loser_round": Both("Runde des Verlierers", "the loser's round"),
    "losses_to": Both("wohin Verluste gehen", "where losses go"),
}


def _refuse(field: str, de: str, en: str) -> NoReturn:
    name = _NAMES.get(field, Both(field, field))
    raise InvalidAction("bad_stakes", field=name, why=Both(de, en))


@dataclass(frozen=True)
class Stakes:
    """What one game costs, agreed before it starts. Zero means "not
    played for"; the default plays for nothing."""

    per_mark: int = 0
    per_knolle: int = 0
    per_lost_game: int = 0
    per_lost_half: int = 0
    buy_in: int = 0
    loser_round: bool = False
    losses_to: str = "pot"

    # --- the validating outer path ---------------------------------------
    @classmethod
    def make(cls, data: object, rules: Rules) -> "Stakes":
        """Stakes from JSON (None or {} for none), checked field by field and
        against the game `rules` they are to be paid under."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InvalidAction(
                "bad_stakes", field=Both("Einsätze", "stakes"), why=Both("sie müssen ein Objekt sein", "they must be an object")
            )
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                shown = key if isinstance(key, str) and len(key) <= 24 else "…"
                raise InvalidAction(
                    "bad_stakes",
                    field=Both(shown, shown),
                    why=Both(f"unbekannt (bekannt: {', '.join(sorted(known))})", f"unknown (known: {', '.join(sorted(known))})"),
                )
        for key in AMOUNTS:
            value = data.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int):
                _refuse(key, "der Betrag ist eine ganze Zahl in Cent", "the amount is a whole number of cents")
            if not 0 <= value <= MAX_CENTS:
                _refuse(key, f"der Betrag liegt zwischen 0 und {MAX_CENTS} Cent", f"the amount is between 0 and {MAX_CENTS} cents")
        if not isinstance(data.get("loser_round", False), bool):
            _refuse("loser_round", "das ist ja oder nein (true/false)", "it is yes or no (true/false)")
        if data.get("losses_to", "pot") not in LOSSES_TO:
            _refuse("losses_to", "„pot“ (die Kasse) oder „winner“ (der Sieger)", "'pot' or 'winner'")
        stakes = cls(**data)
        stakes.check(rules)
        return stakes

    def check(self, rules: Rules) -> None:
        """Refuse what a game under `rules` cannot pay (FORMATS decide who
        a game finds: a winner, a loser, both)."""
        end = FORMATS[rules.game_end]
        finds_winner = end.finds == "winner"
        finds_loser = rules.game_end != "knolle"
        if self.per_mark and not end.keeps_marks:
            _refuse("per_mark", "in diesem Spiel gibt es keine Schräm", "this game keeps no marks")
        if self.per_knolle and rules.game_end != "knolle":
            _refuse("per_knolle", "Knollen gibt es nur in Sebbe Schröhm", "only Sebbe Schröhm has Knollen")
        if self.per_lost_half and rules.game_end != "halves":
            _refuse(
                "per_lost_half",
                "Hälften und Stechen gibt es nur bei den Neulingen (Dedenbach)",
                "only the newcomers' game (Dedenbach) has halves and a play-off",
            )
        if (self.per_lost_game or self.loser_round) and not finds_loser:
            field = "per_lost_game" if self.per_lost_game else "loser_round"
            _refuse(
                field,
                "in Sebbe Schröhm verliert niemand das Spiel – es zählen die Knollen",
                "nobody loses a Sebbe Schröhm game: the Knollen count",
            )
        if self.buy_in and not finds_winner:
            _refuse(
                "buy_in",
                "der Einsatz geht an den Sieger, und dieses Spiel findet nur einen Verlierer",
                "the buy-in goes to the winner, and this game finds only a loser",
            )
        if self.losses_to == "winner" and (self.per_lost_game or self.per_lost_half) and not finds_winner:
            _refuse(
                "losses_to",
                "dieses Spiel findet keinen Sieger – Verluste gehen in die Kasse",
                "this game finds no winner: losses go to the pot",
            )

    def to_json(self) -> dict[str, Any]:
        """Only what differs from playing for nothing (like rule options)."""
        default = Stakes()
        return {k: v for k, v in asdict(self).items() if v != getattr(default, k)}

    @property
    def played_for(self) -> bool:
        return self != Stakes()


@dataclass(frozen=True)
class Payment:
    """One payment of a finished game: `payer` pays `payee` (1-based seats;
    None is the pot) `cents`, for `count` of `kind` (marks, Knollen, …)."""

    payer: int
    payee: int | None
    cents: int
    kind: str
    count: int = 1

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameMoney:
    """What one finished game costs: the payments, and who owes a round."""

    n: int
    payments: tuple[Payment, ...] = ()
    rounds: tuple[int, ...] = ()

    def net(self) -> list[int]:
        """Per seat, what it gained (+) or paid (−) in cents."""
        net = [0] * self.n
        for p in self.payments:
            net[p.payer - 1] -= p.cents
            if p.payee is not None:
                net[p.payee - 1] += p.cents
        return net

    @property
    def pot(self) -> int:
        return sum(p.cents for p in self.payments if p.payee is None)

    def to_json(self) -> dict[str, Any]:
        return {"net": self.net(), "pot": self.pot, "payments": [p.to_json() for p in self.payments], "rounds": list(self.rounds)}


class Finished(Protocol):
    """What the money of a game reads of it (`Game`, game.py): whether it
    is over and how it ended, its seats, everyone's marks at the start and
    at the end, and its format's tally (Knollen, halves)."""

    n: int
    start_marks: list[int]
    hand_marks: list[int]
    end: GameEnd

    @property
    def game_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome: ...


def game_money(stakes: Stakes, game: Finished) -> GameMoney | None:
    """The payments of a finished game under `stakes`; None while it runs."""
    if not game.game_over:
        return None
    out = game.outcome
    winner, loser = out.winner, out.loser
    seats = [s for s in range(1, game.n + 1) if game.start_marks[s - 1] > 0]
    pay: list[Payment] = []

    def add(payer: int, payee: int | None, each: int, count: int, kind: str) -> None:
        if each and count and payer != payee:
            pay.append(Payment(payer, payee, each * count, kind, count))

    losses_to = winner if stakes.losses_to == "winner" else None
    for s in seats:
        if s == winner:
            continue
        lost = max(0, game.start_marks[s - 1] - game.hand_marks[s - 1])
        add(s, winner, stakes.per_mark, lost, "mark")
        if stakes.per_knolle:
            add(s, winner, stakes.per_knolle, game.end.knollen[s - 1], "knolle")
        add(s, winner, stakes.buy_in, 1, "buy_in")
    if stakes.per_lost_half:
        end = game.end
        for s0 in end.half_losers:
            add(s0 + 1, losses_to, stakes.per_lost_half, 1, "lost_half")
        if end.half == 3 and end.loser is not None:
            add(end.loser + 1, losses_to, stakes.per_lost_half, 1, "lost_playoff")
    if loser is not None:
        add(loser, losses_to, stakes.per_lost_game, 1, "lost_game")
    rounds = (loser,) if stakes.loser_round and loser is not None else ()
    return GameMoney(game.n, tuple(pay), rounds)


@dataclass(frozen=True)
class Transfer:
    """One payment of the settlement: `payer` gives `payee` (None: the pot)
    `cents`. Parties are whatever the balances were keyed by (names)."""

    payer: str
    payee: str | None
    cents: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def settle(balances: dict[str, int], pot: int = 0, pot_from: dict[str, int] | None = None) -> list[Transfer]:
    """Who pays whom so that every balance (+ owed to, − owes) ends at 0 and
    the pot receives `pot`: the largest debt against the largest claim
    first. Each transfer settles at least one party fully, so n parties need
    at most n−1 transfers (the fewest in general is NP-hard; this bound is
    what a table can check).

    The pot is paid first by those who lost into it (`pot_from`: name ->
    cents they lost into the pot, most first) while they still owe: a
    table expects the loser to pay the kitty, not whoever owes most. Only
    what a loser does not owe in the end (others owed him) is paid in by
    someone else."""
    if sum(balances.values()) + pot != 0:
        raise ValueError(f"balances do not add up: {sum(balances.values())} + pot {pot} != 0")
    owed: dict[str | None, int] = {k: v for k, v in balances.items() if v > 0}
    if pot:
        owed[None] = pot
    owing = {k: -v for k, v in balances.items() if v < 0}
    out = []
    pot_from = pot_from or {}
    while owing:
        # Ties broken by name, so two phones print the same settlement.
        losers = [k for k in owing if pot_from.get(k, 0) > 0]
        payee: str | None
        if None in owed and losers:
            payer = max(losers, key=lambda k: (pot_from[k], owing[k], k))
            payee = None
        else:
            payer = max(owing, key=lambda k: (owing[k], k))
            payee = max(owed, key=lambda k: (owed[k], k is not None, k or ""))
        cents = min(owing[payer], owed[payee])
        out.append(Transfer(payer, payee, cents))
        owing[payer] -= cents
        if not owing[payer]:
            del owing[payer]
        owed[payee] -= cents
        if not owed[payee]:
            del owed[payee]
    return out


def evening(games: list[tuple[list[str], GameMoney]]) -> dict[str, Any]:
    """The evening's books from its finished games (names in seat order and
    the game's money): each person's balance, the pot and who lost into it,
    the rounds owed and the settlement."""
    balances: dict[str, int] = {}
    pot = 0
    pot_from: dict[str, int] = {}
    rounds: dict[str, int] = {}
    for names, money in games:
        for name, cents in zip(names, money.net()):
            balances[name] = balances.get(name, 0) + cents
        pot += money.pot
        for p in money.payments:
            if p.payee is None:
                pot_from[names[p.payer - 1]] = pot_from.get(names[p.payer - 1], 0) + p.cents
        for seat in money.rounds:
            rounds[names[seat - 1]] = rounds.get(names[seat - 1], 0) + 1
    return {
        "balances": balances,
        "pot": pot,
        "pot_from": pot_from,
        "rounds": rounds,
        "transfers": [t.to_json() for t in settle(balances, pot, pot_from)],
    }
