"""The club evening behind the bridge: a table that plays a series of games
(optionally for a tournament ticket), its Spielliste and corrections, and
the organiser's tournament. The bridge (the one boundary) delegates its
series and tournament commands here; everything is JSON in, JSON out.

A series table's save keeps the current game as `record`, as every save
does, and the finished games of the series beside it, so a save without a
series stays what it always was."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, cast

from ..core import fields as f
from ..core.errors import Both, InvalidAction, RecordError, SchraemError
from ..core.game import Game
from ..core.stakes import GameMoney, evening
from ..core.view import view
from .correct import check_correction, correct_hand, correct_series_hand
from .outbound import Outbound
from .series import SERIES_FORMAT, SET_FORMAT, TOURNAMENT_FORMAT, RengenSet, Series, Tournament
from .spielliste import COMPUTER, CSV_WORDS, game_csv, game_list, player_stats
from .transfer import (
    RESULT_FORMAT,
    TICKET_FORMAT,
    check_result,
    check_ticket,
    import_table_result,
    table_result,
    table_ticket,
    tournament_id,
)

SERIES_SAVE_KEYS = {"length", "first_dealer", "seed", "finished", "ticket"}
SET_SAVE_KEYS = {"dealer", "seed", "seats", "finished"}
MAX_RECORDS = 10_000  # finished games the statistics take at once


def series_save(series: Series, ticket: dict | None) -> dict:
    """What a save holds besides the current game's record."""
    out: dict[str, Any] = {
        "length": series.length,
        "first_dealer": series.first_dealer,
        "seed": series.seed,
        "finished": [g.to_record() for g in series.games[:-1]],
    }
    if ticket is not None:
        out["ticket"] = ticket
    return out


def series_from_save(saved, current: Game) -> tuple[Series, dict | None]:
    """The series of a save, replayed and checked like any record."""
    if not isinstance(saved, dict) or not isinstance(saved.get("finished"), list):
        raise RecordError(
            "bad_record",
            detail=Both("die Serie im Spielstand hat keine Liste fertiger Spielrunden", "the save's series has no list of finished games"),
        )
    try:
        f.only(saved, SERIES_SAVE_KEYS, "die Serie im Spielstand", "the save's series")
        f.items(saved["finished"], "finished", "fertige Spielrunden", "finished games", 0, f.MAX_SERIES_GAMES - 1)
        seed = None if saved.get("seed") is None else f.seed(saved["seed"])
        series = Series.from_json(
            {
                "format": "schraem-series/1",
                "length": saved.get("length"),
                "first_dealer": saved.get("first_dealer", 4),
                "games": saved["finished"] + [current.to_record()],
            }
        )
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    series.seed = seed
    ticket = saved.get("ticket")
    if ticket is not None:
        check_ticket(ticket)  # a malformed ticket is refused here
    series.games[-1] = current
    return series, ticket


def new_series(names: list, rules, options, length, first_dealer, seed, ticket, stakes=None) -> Series:
    probe = Game(names, rules, options, 1, seed, stakes)  # validates names, rules, options and stakes
    if ticket is not None:
        series = check_ticket(ticket)
        if probe.names != series.names:
            raise InvalidAction(
                "bad_players",
                detail=Both("die Spieler müssen so sitzen, wie es der Tischzettel sagt", "the players must sit as the ticket says"),
            )
        if series.seed is None:
            series.seed = seed  # a ticket carries no seed: this phone deals from its own
        return series
    if length is not None:
        f.whole(length, "games", "Spielrunden", "games", 1, f.MAX_SERIES_GAMES)
    first = min(4, probe.n) if first_dealer is None else f.whole(first_dealer, "first_dealer", "erster Geber", "first dealer", 1, probe.n)
    return Series(probe.names, probe.rules, None, first, seed, length, probe.stakes)


def series_facts(series: Series) -> dict:
    """What the shell shows of the series: where it stands and the totals."""
    return {
        "number": len(series.games),
        "length": series.length,
        "over": series.over,
        "totals": series.totals(),
        "winners": series.winners(),
        "games": [{"winner": g.winner, "loser": g.loser, "scores": g.scores, "over": g.game_over} for g in series.games],
    }


def set_facts(rset: RengenSet) -> dict:
    """Where a Rengen set stands: its games' losers (first out), the two
    who play the Hängeln (table seats), and the set's loser once decided."""
    pair = rset.hangeln_players()
    return {
        "games": [{"winner": g.winner, "loser": g.first_eliminated(), "over": g.game_over} for g in rset.games],
        "hangeln_seats": None if pair is None else list(pair),
        "in_hangeln": rset.hangeln is not None,
        "loser": rset.loser,
        "over": rset.loser is not None,
    }


def set_save(rset: RengenSet, seats: list[dict]) -> dict:
    current = rset.hangeln or rset.games[-1]
    return {"dealer": rset.dealer, "seed": rset.seed, "seats": seats, "finished": [g.to_record() for g in rset.games if g is not current]}


def set_from_save(saved, current: Game) -> tuple[RengenSet, object]:
    """The set of a save; `current` is its game in progress (a game of the
    set or the Hängeln)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("finished"), list) or len(saved["finished"]) > 2:
        raise RecordError(
            "bad_record",
            detail=Both("der Satz im Spielstand hat keine Liste fertiger Spielrunden", "the save's set has no list of finished games"),
        )
    hangeln = len(saved["finished"]) == 2
    obj = {
        "format": "schraem-set/1",
        "games": saved["finished"] + ([] if hangeln else [current.to_record()]),
        "hangeln": current.to_record() if hangeln else None,
    }
    try:
        f.only(saved, SET_SAVE_KEYS, "der Satz im Spielstand", "the save's set")
        rset = RengenSet.from_json(obj)
        dealer = f.whole(saved.get("dealer", 1), "dealer", "Geber", "dealer", 1, len(rset.names))
        seed = None if saved.get("seed") is None else f.seed(saved["seed"])
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    rset.dealer, rset.seed = dealer, seed
    if hangeln:
        rset.hangeln = current
    else:
        rset.games[-1] = current
    return rset, saved.get("seats")


def next_in_set(rset: RengenSet) -> tuple[Game, list[int] | None]:
    """The set's next game, or the Hängeln with the table seats of its two
    players (None: the same seats as the set)."""
    if len(rset.games) < 2:
        return rset.new_game(), None
    game = rset.new_hangeln()  # refuses unless two losers are to play it
    return game, list(cast("tuple[int, int]", rset.hangeln_players()))


def spielliste(series: Series | None, game: Game, number) -> dict:
    """The list of game `number` (1-based in the series; default: the
    current game), its CSV, and the series' totals."""
    games = series.games if series is not None else [game]
    k = len(games) if number is None else number
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(games):
        raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
    g = games[k - 1]
    out = {"game": k, "games": len(games), "list": game_list(g), "csv": game_csv(g)}
    if series is not None:
        out["series"] = series_facts(series)
    return out


def _games_csv(games: list[Game], lang: str = "de") -> str:
    """The lists of several games as one CSV (a leading game column), the
    sheet a table hands in for a whole series."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    for k, g in enumerate(games, 1):
        rows = list(csv.reader(io.StringIO(game_csv(g, lang))))
        if k == 1:
            w.writerow([CSV_WORDS[lang]["game"], *rows[0]])
        for row in rows[1:]:
            w.writerow([k, *row])
    return out.getvalue()


def lists(series: Series | None, game: Game, rset: RengenSet | None = None) -> dict:
    """Every game's list at once (the Spielliste screen, its print and CSV,
    history): the lists and one CSV for them all (public facts only: no
    card anyone holds). The file to export is `export`'s (outbound.py).
    A set lists its games and then its Hängeln."""
    if series is not None:
        games = series.games
    elif rset is not None:
        games = rset.games + ([rset.hangeln] if rset.hangeln is not None else [])
    else:
        games = [game]
    out: dict[str, Any] = {
        "lists": [{"game": k, "list": game_list(g), "csv": game_csv(g)} for k, g in enumerate(games, 1)],
        "csv": _games_csv(games),
        "csv_en": _games_csv(games, "en"),
        "series": None,
        "set": None,
    }
    if series is not None:
        out["series"] = series_facts(series)
    if rset is not None:
        out["set"] = set_facts(rset)
    return out


def read_kept(obj) -> tuple[str, Game | Series | RengenSet | Tournament]:
    """A kept or received file replayed and checked, without touching the
    table in play: ("game", Game) for a record or a plain save, ("series",
    Series) also for a table's result, ("set", RengenSet), ("tournament",
    Tournament) or ("ticket", its empty Series)."""
    fmt = obj.get("format") if isinstance(obj, dict) else None
    try:
        if fmt == "schraem-save/1":
            game = Game.from_record(obj.get("record"))
            if "series" in obj:
                return "series", series_from_save(obj["series"], game)[0]
            if "set" in obj:
                return "set", set_from_save(obj["set"], game)[0]
            return "game", game
        if fmt == SERIES_FORMAT:
            return "series", Series.from_json(obj)
        if fmt == SET_FORMAT:
            return "set", RengenSet.from_json(obj)
        if fmt == RESULT_FORMAT:
            check_result(obj)
            return "series", Series.from_json(obj["result"])
        if fmt == TOURNAMENT_FORMAT:
            return "tournament", Tournament.from_json(obj)
        if fmt == TICKET_FORMAT:
            return "ticket", check_ticket(obj)
    except RecordError:
        raise
    except SchraemError as e:
        raise RecordError("bad_record", detail=Both(e.de, e.en)) from e
    # Anything else must be a game record: refused with the very words the
    # `import` command would use.
    return "game", Game.from_record(obj)


def export_of(obj, include: bool) -> dict:
    """A kept file as it may leave the phone: a game record, a save (its
    game, series or set), a series, a set, a table's result, a tournament or
    a ticket; refused (CorruptSave) if it does not replay."""
    kind, kept = read_kept(obj)
    out = Outbound(include)
    if isinstance(kept, Game):
        return out.reply(out.game(kept))
    if isinstance(kept, RengenSet):
        return out.reply(out.rset(kept))
    if isinstance(kept, Tournament):
        return out.reply(out.tournament(kept))
    if kind == "ticket":
        return out.reply({k: v for k, v in obj.items() if k != "seed"})
    series = out.series(kept)
    return out.reply({**obj, "result": series} if obj.get("format") == RESULT_FORMAT else series)


def lists_of(obj) -> dict:
    """The lists of a kept file (history, an import): a save, a game
    record, a series, a set or a table's result."""
    kind, kept = read_kept(obj)
    if isinstance(kept, Game):
        return lists(None, kept)
    if isinstance(kept, RengenSet):
        return lists(None, kept.hangeln or kept.games[-1], kept)
    if isinstance(kept, Series) and kind == "series":
        return lists(kept, kept.games[-1])
    raise RecordError(
        "bad_record",
        detail=Both("ein Turnier oder Tischzettel hat keine eigene Spielliste", "a tournament or ticket has no list of its own"),
    )


def draft(series: Series | None, game: Game, args: dict) -> Game:
    """A past hand being entered again (the correction editor): the game
    replayed up to that hand with `actions` so far, later hands left out,
    so the scoresheet controls can offer exactly what the engine allows at
    that point. Illegal actions are refused naming the action and rule."""
    games = series.games if series is not None else [game]
    number, hand_no, actions = args.get("game"), args.get("hand"), args.get("actions")
    k = len(games) if number is None else number
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(games):
        raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
    record = games[k - 1].to_record()
    hands = record["hands"]
    hand_no = check_correction(hands, hand_no, actions)
    if hands[hand_no - 1].get("deal", ()) is not None:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "nur Spiele mit echten Karten werden auf dem Zettel neu eingetragen",
                "only hands played with real cards are entered again on the sheet",
            ),
        )
    record["hands"] = hands[: hand_no - 1] + [{**hands[hand_no - 1], "actions": actions}]
    return Game.from_record(record)


def as_was(series: Series | None, game: Game, args: dict) -> list[dict]:
    """The hand being corrected as it was entered: each action with the log
    line it made (the editor's "change from here" starts from any of
    them)."""
    recorded = draft(series, game, {**args, "actions": []})
    games = series.games if series is not None else [game]
    number = args.get("game")
    hand = games[(len(games) if number is None else number) - 1].to_record()["hands"][args["hand"] - 1]
    out = []
    seen = len(view(recorded, None)["log"])
    for action in hand["actions"]:
        recorded.apply(action)
        log = view(recorded, None)["log"]
        made = [e for e in log[seen:] if not e.get("auto")]
        seen = len(log)
        out.append({"action": action, "log": made[0] if made else None})
    return out


def correction(series: Series | None, game: Game, args: dict) -> tuple[Series | None, Game, list[dict]]:
    """Apply (or preview) a correction: the new series/game and the changes."""
    number, hand, actions = args.get("game"), args.get("hand"), args.get("actions")
    if series is None:
        if number not in (None, 1):
            raise InvalidAction("bad_request", detail=Both(f"es gibt keine Spielrunde {number!r}", f"there is no game {number!r}"))
        new, changes = correct_hand(game, hand, actions)
        return None, new, changes
    new_series_, changes = correct_series_hand(series, len(series.games) if number is None else number, hand, actions)
    return new_series_, new_series_.games[-1], changes


def result_for(series: Series | None, ticket: dict | None) -> dict:
    if series is None or ticket is None:
        raise InvalidAction(
            "bad_request",
            detail=Both(
                "nur die Serie eines Turniertischs geht an die Turnierleitung", "only a tournament table's series is sent to the organiser"
            ),
        )
    return table_result(ticket, series)


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


class Organiser:
    """The organiser's tournament: draw, tickets, results, standings.

    A step answers the organiser's screen and, to keep, what changed in the
    tournament as a patch of its saved form (`patch`, the shell's
    bridge/state-patch.js format): the shell holds the tournament it saved
    last, so 300 players' five series are not written out and sent again
    on every result read in. `new`, `load` and `state` answer the whole
    tournament (`tournament`)."""

    def __init__(self) -> None:
        self.tournament: Tournament | None = None

    def handle(self, args: dict) -> dict:
        op = args.get("op")
        if op == "new":
            t = Tournament(
                args.get("players"),
                args.get("rules", "rheinland"),
                f.obj({} if args.get("options") is None else args["options"], "options", "Regeloptionen", "rule options"),
                args.get("seed", 0),
                4,
                args.get("house"),
            )
            t.start_series()
            self.tournament = t
            return self.facts()
        if op == "load":
            self.tournament = Tournament.from_json(args.get("tournament"))
            return self.facts()
        if not isinstance(op, str):
            f.refuse("op", "Turnierschritt", "tournament operation", "muss ein Text sein", "must be a text")
        t = self._t()
        if op == "state":
            return self.facts()
        if op == "start_series":
            tables = t.start_series()
            return {**self.screen(), "patch": {"a": {"series": [[None] * len(tables)]}}}
        if op == "import":
            series = import_table_result(t, args.get("result"))
            number, k = args["result"]["series"], args["result"]["table"]
            table = {str(k - 1): series.to_json()}
            return {**self.screen(), "patch": {"p": {"series": {"p": {str(number - 1): {"s": table}}}}}}
        if op == "withdraw":
            t.withdraw(args.get("name"))
            return {**self.screen(), "patch": {"s": {"withdrawn": dict(t.withdrawn)}}}
        if op == "ticket":
            return {"ticket": table_ticket(t, args.get("series"), args.get("table"))}
        if op == "tickets":
            # Every table's ticket of a series at once, to print.
            number = f.whole(args.get("series"), "series", "Serie", "series", 1, max(1, len(t.series)))
            return {"tickets": [table_ticket(t, number, k) for k in range(1, len(t.series[number - 1]) + 1)]}
        raise InvalidAction(
            "bad_request", detail=Both(f"unbekannter Turnierschritt {op[:20]!r}", f"unknown tournament operation {op[:20]!r}")
        )

    def _t(self) -> Tournament:
        if self.tournament is None:
            raise InvalidAction("bad_request", detail=Both("es ist kein Turnier offen", "no tournament is open"))
        return self.tournament

    def screen(self) -> dict:
        """What the organiser's screen shows: the tables of every series
        drawn and the standings, without the games themselves."""
        t = self._t()
        return {
            "id": tournament_id(t),
            "seed": t.seed,
            "house": t.house,
            "series_count": t.series_count,
            "over": t.over,
            "tables": [
                [{"players": s.names, "played": bool(s.games), "over": s.over, "totals": s.totals()} for s in tables] for tables in t.series
            ],
            "standings": t.standings(),
        }

    def facts(self) -> dict:
        """The screen and the whole tournament, to save."""
        return {"tournament": self._t().to_json(), **self.screen()}
