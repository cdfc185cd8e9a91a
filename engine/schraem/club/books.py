"""The regulars' statistics and money books over the history: a person's
merged or earlier names counted as theirs, a group's games, every game
once however many copies the history holds, and what each person won or
paid over an evening or a period. JSON in, JSON out, through the bridge."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, cast

from ..core import fields as f
from ..core.errors import Both, RecordError, SchraemError
from ..core.game import Game
from ..core.stakes import GameMoney, evening
from .spielliste import COMPUTER, player_stats

MAX_RECORDS = 10_000  # finished games the statistics take at once


MAX_PEOPLE = 1_000


def _people_names(people) -> dict[str, str]:
    """alias -> the person's name, from the regulars (`[{"name", "aliases"}]`):
    a typo merged into a person, or a name before a rename, counts as that
    person. A name that is some person's own name stays theirs."""
    f.items(people, "people", "Personen", "people", 0, MAX_PEOPLE)
    own: set[str] = set()
    alias: dict[str, str] = {}
    for p in people:
        f.obj(p, "person", "Person", "person")
        own.add(f.text(p.get("name"), "name", "Name", "name", 40))
    for p in people:
        for a in f.items(p.get("aliases", []), "aliases", "frühere Namen", "aliases", 0, 100):
            if f.text(a, "alias", "früherer Name", "alias", 40) not in own:
                alias.setdefault(a, p["name"])
    return alias


def _group_game(names: list[str], bots: set[int], members: set[str], least: int = 2) -> bool:
    """A group's game: at least `least` of its members played, and every
    person at the table is a member (a computer may fill a seat)."""
    people = [n for s, n in enumerate(names, 1) if s not in bots]
    return len(people) >= least and all(n in members for n in people)


def same_game(game: Game) -> str:
    """What one game played is, however it was written down: a table keeps
    its series with the deals' seeds, the organiser's tournament the same
    games as the table sent them (each deal as its cards), and a move file
    every game without seeds. The players, rules, stakes and every action
    in order tell a game apart; a card played is in its action, so two
    games dealt differently never agree."""
    return json.dumps(
        [
            game.rules.preset,
            game.rules.overrides(),
            game.names,
            game.start_marks,
            game.first_dealer,
            game.stakes.to_json() if game.stakes.played_for else None,
            [[a.to_json() for a in log] for log in game.logs],
        ],
        sort_keys=True,
    )


def _once(games: list[Game], bots: list[set[int]], seen: set[str], seeds: list[Any]) -> tuple[list[Game], list[set[int]]]:
    """Each game once (`seen`: the games counted before), with the
    computer seats any of its copies names (the table knows who was a
    computer, the tournament's copy of its games does not). Copies agree
    on `same_game`, and on the seed where both still carry one: the
    table's record keeps it, the organiser's copy and a move file do not.
    Two scoresheet games (real cards, no card in the record) entered alike
    on two evenings have two seeds, and are two games."""
    kept: dict[str, list[list[Any]]] = {}  # same_game -> [index, seed] of each game counted here
    out_games: list[Game] = []
    out_bots: list[set[int]] = []
    earlier = set(seen)  # counted by an earlier call (the cash book's evenings before)
    for g, b, seed in zip(games, bots, seeds):
        key = same_game(g)
        match = next((k for k in kept.get(key, []) if k[1] is None or seed is None or k[1] == seed), None)
        if match is not None:
            out_bots[match[0]] |= b
            match[1] = match[1] if seed is None else seed
            continue
        if (key in earlier and seed is None) or f"{key}|{seed}" in earlier or f"{key}|-" in earlier:
            continue
        seen.update((key, f"{key}|{'-' if seed is None else seed}"))
        kept.setdefault(key, []).append([len(out_games), seed])
        out_games.append(g)
        out_bots.append(set(b))
    return out_games, out_bots


def _counted(records, people, group, least: int = 2, seen: set[str] | None = None) -> list[tuple[Game, set[int], list[str]]]:
    """The finished records replayed, each game once however often it was
    kept (a table's series and the organiser's tournament on one phone,
    before or after a move), each with its computer seats and the name
    every seat counts under (a person's aliases folded in); with `group`,
    only that group's games (at least `least` members at the table).
    `seen`: the games an earlier call counted (the cash book's earlier
    evenings)."""
    games = _history_games(records)
    # A record says which seats a computer played (the app's "kind").
    bots = [{s for s, p in enumerate(r["players"], 1) if isinstance(p, dict) and p.get("kind") == "bot"} for r in records]
    seeds = [r.get("seed") if isinstance(r, dict) else None for r in records]
    games, bots = _once(games, bots, set() if seen is None else seen, seeds)
    alias = {} if people is None else _people_names(people)
    out = [(g, b, [n if s in b else alias.get(n, n) for s, n in enumerate(g.names, 1)]) for g, b in zip(games, bots)]
    if group is None:
        return out
    members = {
        alias.get(n, n)
        for n in f.items(group, "group", "Stammtisch", "group", 1, 100)
        if isinstance(n, str) or f.refuse("group", "Stammtisch", "group", "ist eine Liste von Namen", "is a list of names")
    }
    return [x for x in out if _group_game(x[2], x[1], members, least)]


def _money_games(records, people, group, seen: set[str] | None = None) -> list[tuple[Game, list[str]]]:
    """The finished games played for something, each with the account of
    every seat. A computer keeps its own account ("Name
    (Computer)"), never a person's of the same name. With `group`, one
    member at the table is enough: money a member paid to a computer is
    the member's money, and the settlement counts it too, so the cash book
    and the settlement of the same games agree to the cent."""
    return [
        (g, [n + COMPUTER if s in b else n for s, n in enumerate(names, 1)])
        for g, b, names in _counted(records, people, group, least=1, seen=seen)
        if g.game_over and g.stakes.played_for
    ]


# The words of the money files, per language (the screen's own words).
_CSV_WORDS = {
    "de": {
        "head": ["Abend", "Art", "Wer", "An", "Betrag (€)", "Runden"],
        "balance": "Saldo",
        "pot": "Kasse",
        "transfer": "Zahlung",
        "pot_total": "Kasse insgesamt",
        "decimal": ",",
    },
    "en": {
        "head": ["Evening", "Line", "Who", "To", "Amount (€)", "Rounds"],
        "balance": "Balance",
        "pot": "Pot",
        "transfer": "Transfer",
        "pot_total": "Pot total",
        "decimal": ".",
    },
}


def _amount(cents: int, lang: str) -> str:
    # ASCII minus and no thousands sign: a spreadsheet reads it as a number.
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}{_CSV_WORDS[lang]['decimal']}{abs(cents) % 100:02d}"


def money_csv(sections: list[tuple[str | None, dict, int | None]]) -> dict:
    """The settlement or a cash book as a spreadsheet, one CSV per language
    ({"de", "en"}; the shell sets the separator): per section (an evening
    of a cash book, or the one settlement with date None) each person's
    balance and rounds owed, the pot, every transfer, and the pot carried
    on. Balances in the screen's order: highest first, then by name."""
    out = {}
    for lang, w in _CSV_WORDS.items():
        dated = any(date is not None for date, _, _ in sections)
        buf = io.StringIO()
        rows = csv.writer(buf, lineterminator="\r\n")
        rows.writerow(w["head"] if dated else w["head"][1:])
        for date, b, pot_total in sections:
            lines = [
                [w["balance"], n, "", _amount(c, lang), b["rounds"].get(n, 0)]
                for n, c in sorted(b["balances"].items(), key=lambda x: (-x[1], x[0]))
            ]
            if b["pot"]:
                lines.append([w["pot"], "", "", _amount(b["pot"], lang), ""])
            lines += [
                [w["transfer"], t["payer"], w["pot"] if t["payee"] is None else t["payee"], _amount(t["cents"], lang), ""]
                for t in b["transfers"]
            ]
            if pot_total is not None:
                lines.append([w["pot_total"], "", "", _amount(pot_total, lang), ""])
            for line in lines:
                rows.writerow([date, *line] if dated else line)
        out[lang] = buf.getvalue()
    return out


def stats(records, people=None, group=None) -> dict:
    """Statistics per player name over finished game records (the history
    the shell keeps). `people`: the regulars, so a person's merged and
    earlier names count as the person; `group`: a group's member names, so
    only its games count."""
    counted = _counted(records, people, group)
    return player_stats([g for g, _, _ in counted], [b for _, b, _ in counted], [n for _, _, n in counted])


MAX_EVENINGS = 1_000


def cash_book(evenings, people=None, group=None) -> dict:
    """A group's cash book: for each evening (`[{"date", "records"}]`, in
    order) its games played for something — the stakes agreed, each
    person's balance, the pot, the rounds owed, who pays whom — and the pot
    carried from evening to evening (a pot for joint meals and tours
    grows). A computer's seat keeps its own account ("Name (Computer)")."""
    f.items(evenings, "evenings", "Abende", "evenings", 0, MAX_EVENINGS)
    out, pot_total = [], 0
    seen: set[str] = set()  # a game kept twice counts on the first evening it was kept
    for ev in evenings:
        f.obj(ev, "evening", "Abend", "evening")
        date = f.text(ev.get("date"), "date", "Datum", "date", 40)
        played = _money_games(ev.get("records"), people, group, seen)
        if not played:
            continue
        books = evening([(names, cast(GameMoney, g.money)) for g, names in played])  # finished games: money is due
        pot_total += books["pot"]
        stakes = []
        for g, _ in played:
            if g.stakes.to_json() not in stakes:
                stakes.append(g.stakes.to_json())
        out.append({"date": date, "games": len(played), "stakes": stakes, **books, "pot_total": pot_total})
    return {"evenings": out, "pot_total": pot_total, "csv": money_csv([(e["date"], e, e["pot_total"]) for e in out])}


def books(records, people=None) -> dict:
    """The kitty over finished game records: each person's balance, the
    pot, the rounds owed and who pays whom (stakes.evening). `people`: the
    regulars, so a typo merged into a person pays and is paid as that
    person. Only games played for something count: a person who never
    played for money has no account in it. A computer's seat keeps its own
    account ("Name (Computer)"), as in the cash book: a computer that bears
    a person's name, or an earlier name of one, is never that person."""
    out = evening([(names, cast(GameMoney, g.money)) for g, names in _money_games(records, people, None)])  # finished games
    return {**out, "csv": money_csv([(None, out, None)])}


def _history_games(records) -> list[Game]:
    f.items(records, "records", "Aufzeichnungen", "records", 0, MAX_RECORDS)
    games = []
    for i, r in enumerate(records, 1):
        try:
            games.append(Game.from_record(r))
        except SchraemError as e:
            raise RecordError("bad_record", detail=Both(f"Eintrag {i}: {e.de}", f"history entry {i}: {e.en}")) from e
    return games
