"""The host's save of a table of phones read back (docs/PHONE_TABLE.md): the
`"phone"` part TableHost.to_save writes, checked as strictly as a guest's
message before the table goes on from it."""

from __future__ import annotations

from typing import NoReturn

from ..core.errors import Both, InvalidAction, RecordError
from ..core.fairdeal import check_restarts, commit_of, host_reveal, is_hex64
from .guest_wire import ID_CHARS, why_ok
from .table_host import MAX_GAMES, TableHost
from .table_round import Round
from .wire import is_whole


def host_from_save(obj, seats: list[dict], game, seat_map: list[int] | None = None) -> TableHost:
    """A saved table of phones, checked as strictly as a guest's message:
    a damaged save must not open a seat without its secret or deal from a
    number that does not match its commit. `seats` are the table's (a
    set's everyone); `seat_map` the Hängeln's two players among them."""

    def bad(de, en) -> NoReturn:
        raise RecordError("bad_record", detail=Both(f"Tisch aus Handys: {de}", f"table of phones: {en}"))

    if (
        not isinstance(obj, dict)
        or set(obj) - {"standins", "disputes", "key", "game", "taken_over", "joining", "leaving"} != {"host", "secrets", "round"}
        or not isinstance(obj["secrets"], dict)
    ):
        bad(
            "„phone“ hat genau host, secrets, round und vielleicht key, game, standins, disputes, joining und leaving",
            "'phone' has exactly host, secrets, round and perhaps key, game, standins, disputes, joining and leaving",
        )
    try:
        guests = [int(k) for k in obj["secrets"]]
    except ValueError:
        bad("ein Platz ist eine Zahl", "a seat is a number")
    if not guests:
        bad("am Tisch sitzt kein Gast", "the table has no guest")
    joining, leaving = _changes(obj.get("joining", {})), _changes(obj.get("leaving", {}))
    host_seat = obj["host"]
    if joining is None or not all(s in guests and 1 <= s <= len(seats) for s in joining) or (joining and not game.game_over):
        bad("„joining“ nennt Plätze für neue Handys nach einer Spielrunde", "'joining' names seats for new phones after a game")
    if (
        leaving is None
        or not all(s not in guests and s != host_seat and 1 <= s <= len(seats) and seats[s - 1]["kind"] == "human" for s in leaving)
        or (leaving and not game.game_over)
    ):
        bad(
            "„leaving“ nennt Gastplätze für den Computer nach einer Spielrunde", "'leaving' names guest seats for the computer after a game"
        )
    try:
        # A computer's seat a new phone is joining is no person's seat yet.
        host = TableHost.open(
            host_seat, [s for s in guests if not (s in joining and 1 <= s <= len(seats) and seats[s - 1]["kind"] == "bot")], seats
        )
    except InvalidAction as e:
        bad(e.de, e.en)
    host.joining, host.leaving = joining, leaving
    host.seat_map = seat_map
    # A save from before the key was kept draws its numbers from a new one.
    key = obj.get("key", host.key)
    if not is_hex64(key):
        bad("der Schlüssel des Tisches ist 64 Hex-Ziffern", "the table's key is 64 hex digits")
    host.key = key
    game_no = obj.get("game", 1)
    if not is_whole(game_no) or not 1 <= game_no <= MAX_GAMES:
        bad(f"die Spielrunde am Tisch ist 1 bis {MAX_GAMES}", f"the table's game is 1 to {MAX_GAMES}")
    host.game_no = game_no
    taken = obj.get("taken_over")
    if taken is not None and (
        not isinstance(taken, dict)
        or set(taken) != {"hand", "seat"}
        or not all(is_whole(taken[k]) and taken[k] >= 1 for k in taken)
        or taken["seat"] > len(seats)
    ):
        bad("„taken_over“ nennt ein Spiel und einen Platz", "'taken_over' names a hand and a seat")
    host.taken_over = taken
    for k, v in obj["secrets"].items():
        if not isinstance(v, str) or not 16 <= len(v) <= ID_CHARS:
            bad(f"das Geheimnis von Platz {k[:12]} fehlt", f"the secret of seat {k[:12]} is missing")
        host.secrets[int(k)] = v
    standins = obj.get("standins", [])
    if (
        not isinstance(standins, list)
        or not all(is_whole(x) and x in host.secrets for x in standins)
        or len(set(standins)) != len(standins)
    ):
        bad("„standins“ ist eine Liste von Gastplätzen", "'standins' is a list of guest seats")
    host.standins = set(standins)
    disputes = obj.get("disputes", {})
    try:
        # A save from before claims had reasons lists the seats only.
        host.disputes = {int(h): [c if isinstance(c, dict) else {"seat": c, "why": None} for c in claims] for h, claims in disputes.items()}
    except (AttributeError, ValueError, TypeError):
        bad("„disputes“ ordnet Spielen Gastplätze zu", "'disputes' maps hands to guest seats")
    if not all(
        1 <= h <= len(game.specs)
        and claims
        and all(set(c) == {"seat", "why"} and c["seat"] in host.secrets and why_ok(c["why"]) for c in claims)
        and len({c["seat"] for c in claims}) == len(claims)
        for h, claims in host.disputes.items()
    ):
        bad("„disputes“ ordnet gespielten Spielen Gastplätze zu", "'disputes' maps hands played to guest seats")
    saved = obj["round"]
    if saved is None:
        return host
    if (
        not isinstance(saved, dict)
        or set(saved) - {"attempt", "restarts"} != {"hand", "commits", "reveals"}
        or saved["hand"] != len(game.specs) + 1
        or not isinstance(saved["commits"], dict)
        or not isinstance(saved["reveals"], dict)
    ):
        bad("das Geben unterwegs gehört nicht zu diesem Spiel", "the deal under way does not belong to this game")
    r = Round.__new__(Round)
    r.hand, r.seat_of = saved["hand"], host.deal_seats()
    r.phones = sorted(r.seat_of)
    r.attempt = saved.get("attempt", 0)
    try:
        r.restarts = check_restarts(saved["restarts"], r.hand, game.n) if "restarts" in saved else []
    except InvalidAction as e:
        bad(e.de, e.en)
    if not is_whole(r.attempt) or r.attempt < len(r.restarts):
        bad("die Runde des Gebens unterwegs ist eine ganze Zahl", "the round of the deal under way is a whole number")
    try:
        r.commits = {int(s): c for s, c in saved["commits"].items()}
        r.reveals = {int(s): v for s, v in saved["reveals"].items()}
    except ValueError:
        bad("ein Platz ist eine Zahl", "a seat is a number")
    if (
        not set(r.commits) <= set(r.phones)
        or not set(r.reveals) <= set(r.commits)
        or (host.host_seat in r.phones) != (host.host_seat in r.reveals)
        or not all(is_hex64(c) for c in r.commits.values())
        or any(not is_hex64(v) or commit_of(r.hand, r.seat_of[s], v) != r.commits[s] for s, v in r.reveals.items())
        or (host.host_seat in r.reveals and r.reveals[host.host_seat] != host_reveal(host.key, r.hand, r.attempt))
    ):
        bad("eine Zahl passt nicht zu ihrer Zusage", "a number does not match its commit")
    host.round = r
    return host


def _changes(obj) -> dict[int, str | None] | None:
    """A save's seats that change at the next game, each with its new name
    (or None); None where the part is damaged."""
    try:
        out = {int(s): name for s, name in obj.items()}
    except (AttributeError, ValueError, TypeError):
        return None
    if not all(name is None or (isinstance(name, str) and 0 < len(name) <= ID_CHARS) for name in out.values()):
        return None
    return out
