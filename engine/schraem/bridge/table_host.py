"""The host's side of a table of phones (docs/PHONE_TABLE.md).

The phone that opened the table plays the one authoritative game in its own
engine; every other phone (a guest) plays one seat of it through the host.
A guest's message reaches the engine as the very text that came over the
data channel, tagged by the host's shell with the seat that channel was
opened for. It is held to tighter limits than the bridge's own requests,
must carry the secret issued to that seat at join, may act only for that
seat, and is answered only with what that seat may see — `view(game, seat)`,
the reasons for its refused taps and who is due — never the save, a seed or
another seat's cards. Every refusal is data in German and English, and a
refused message changes nothing.

Every hand is dealt by a commit–reveal round among the phones
(core/fairdeal.py): the host's own number is derived here from the table's key,
the guests' come in their messages, and the hand is dealt when the last
number is in. A round that a phone leaves (the host gives its seat to the
computer) is given up and starts again with fresh numbers from every phone
still at the table; the given-up round stays in the hand's record.

A Rengen set's Hängeln seats two of the table's players: its game has two
seats, the table's phones keep theirs (`seat_map`, club.set_facts'
`hangeln_seats`). A phone is known by its table seat in every message; its
view, its actions and the seat its number is hashed under (the record's) are
its seat in the Hängeln, and a phone whose player does not play it watches.
"""

from __future__ import annotations

import secrets
from typing import Any, NoReturn, cast

from ..bots import APP_LEVELS
from ..club import club
from ..club.outbound import export_record
from ..core.errors import Both, IllegalAction, InvalidAction, SchraemError
from ..core.fairdeal import commit_of, is_hex64
from ..core.taps import tap_refusals
from ..core.view import view
from .guest_wire import GUEST_ARGS, GUEST_COMMANDS, WHY_CHARS, decode_guest, guest_seat, reply_id, why_ok
from .table_round import Round, not_now
from .wire import is_whole

# Games one table plays in a row: an evening, with room to spare.
MAX_GAMES = 999


def with_seats(record: dict, seats: list[dict]) -> dict:
    """Who sat where (a person, or a computer player and its level) on each
    of the record's players, as `export` writes it; replaying ignores it."""
    for player, seat in zip(record["players"], seats):
        player.update(seat)
    return record


def _whole(args: dict, key: str) -> int:
    value = args.get(key)
    if not is_whole(value):
        raise InvalidAction("guest_type", field=repr(key), kind=Both("eine ganze Zahl", "a whole number"))
    return value


class TableHost:
    """The guests' seats with their secrets and the deal under way."""

    def __init__(self, host_seat: int, guests: list[int]):
        self.host_seat = host_seat
        self.secrets = {s: secrets.token_urlsafe(18) for s in guests}
        # The host's numbers come from this key (fairdeal.host_reveal): kept
        # in the save from the table's opening, so no reload draws afresh.
        self.key = secrets.token_hex(32)
        self.round: Round | None = None
        # Guest seats whose phone is away and which the host gave to the
        # computer until the phone is back: no phone of the deal then.
        self.standins: set[int] = set()
        # Finished hands a guest's phone found falsely dealt (its check
        # failed): hand -> each claim, {"seat", "why"} in the words of that
        # phone's check. Every phone is told, as a claim, and checks itself.
        self.disputes: dict[int, list[dict]] = {}
        # The table plays one game after another with the same phones: the
        # guests keep their deals and checks per game and hand.
        self.game_no = 1
        # The game before this one, as a guest checking its last hand may
        # still ask for it once the next game has begun (not kept in the
        # save: after a reload that check says it cannot be made).
        self.previous: dict | None = None
        # A guest that carried the table on when the host's phone was gone:
        # {"hand": the hand dealt again, "seat": the host's seat before}.
        self.taken_over: dict | None = None
        # Computer players' seats a new phone takes from the next game on
        # (`take_phone`), each with the name its person plays under then
        # (None: the seat's): their secrets are drawn, so the phone joins
        # between games, while the finished game keeps its computer player.
        self.joining: dict[int, str | None] = {}
        # Guest seats the computer takes from the next game on (`to_computer`),
        # each with the name it plays under then (None: the seat's): their
        # phones left, so their secrets are gone already.
        self.leaving: dict[int, str | None] = {}
        # A Rengen set's Hängeln: its game's seat k is the table's seat
        # seat_map[k - 1]; None where the game seats are the table's.
        self.seat_map: list[int] | None = None

    @classmethod
    def open(cls, host_seat, guests, seats: list[dict]) -> "TableHost":
        """Checked: the host sits at a seat of its own, and every guest seat
        is a person's seat other than the host's, named once."""
        n = len(seats)
        if not is_whole(host_seat) or not 1 <= host_seat <= n:
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "das eröffnende Handy braucht einen eigenen Platz („viewer“)",
                    "the phone opening the table needs a seat of its own ('viewer')",
                ),
            )
        if not isinstance(guests, list) or not all(is_whole(s) and 1 <= s <= n for s in guests) or len(set(guests)) != len(guests):
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    f"„guests“ ist eine Liste verschiedener Plätze von 1 bis {n}", f"'guests' is a list of different seats from 1 to {n}"
                ),
            )
        if host_seat in guests:
            raise InvalidAction(
                "bad_request",
                detail=Both("der Platz des eröffnenden Handys ist kein Gastplatz", "the opening phone's seat is not a guest's seat"),
            )
        if any(seats[s - 1]["kind"] != "human" for s in [host_seat, *guests]):
            raise InvalidAction(
                "bad_request",
                detail=Both("an Handys sitzen Menschen, keine Computerspieler", "phones are held by people, not computer players"),
            )
        return cls(host_seat, sorted(guests))

    # --- the host's save ---------------------------------------------------
    def to_save(self) -> dict:
        """Everything needed to go on after the host reloads: the seats, their
        secrets and the deal under way, with the host's own number. It is
        kept in the host's save only; no export and no guest ever gets it
        (club/outbound.py rebuilds files from the game, a guest gets `guest_state`)."""
        r = self.round
        out: dict[str, Any] = {
            "host": self.host_seat,
            "key": self.key,
            "secrets": {str(s): v for s, v in sorted(self.secrets.items())},
            "round": None,
        }
        if self.game_no > 1:
            out["game"] = self.game_no
        if self.taken_over is not None:
            out["taken_over"] = dict(self.taken_over)
        if self.joining:
            out["joining"] = {str(s): name for s, name in sorted(self.joining.items())}
        if self.leaving:
            out["leaving"] = {str(s): name for s, name in sorted(self.leaving.items())}
        if self.standins:
            out["standins"] = sorted(self.standins)
        if self.disputes:
            out["disputes"] = {str(h): claims for h, claims in sorted(self.disputes.items())}
        if r is not None:
            out["round"] = {
                "hand": r.hand,
                "commits": {str(s): c for s, c in sorted(r.commits.items())},
                "reveals": {str(s): v for s, v in sorted(r.reveals.items())},
            }
            if r.attempt or r.restarts:
                out["round"].update(attempt=r.attempt, restarts=r.restarts)
        return out

    # --- the table's seats and the game's --------------------------------------
    def table_seat(self, seat: int) -> int:
        """The table's seat of the game's `seat`."""
        return seat if self.seat_map is None else self.seat_map[seat - 1]

    def game_seat(self, seat: int) -> int | None:
        """The game's seat the table's `seat` plays, or None: it watches."""
        if self.seat_map is None:
            return seat
        return self.seat_map.index(seat) + 1 if seat in self.seat_map else None

    def deal_seats(self) -> dict[int, int]:
        """The phones that deal (table seats), each with the game's seat its
        number is for. At a full table: the host's and every guest's not
        given to the computer. In the Hängeln: the phones of its players;
        the host's also where a computer plays in it (for the first such
        seat), so a computer's seat is dealt for by the host's phone."""
        if self.seat_map is None:
            return {s: s for s in [self.host_seat, *(s for s in self.secrets if s not in self.standins)]}
        out: dict[int, int] = {}
        computers = []
        for k, seat in enumerate(self.seat_map, 1):
            if seat == self.host_seat or (seat in self.secrets and seat not in self.standins):
                out[seat] = k
            else:
                computers.append(k)
        if computers and self.host_seat not in out:
            out[self.host_seat] = computers[0]
        return out

    @property
    def phones(self) -> list[int]:
        """The phones that deal, by their table seats."""
        return sorted(self.deal_seats())

    @staticmethod
    def watching(seat: int) -> NoReturn:
        """A guest's command for a seat that does not play the Hängeln
        (named by the table's names: the seat is the table's)."""
        raise IllegalAction("hangeln_watch", seat=seat)

    def stand_in(self, seat, on, game) -> None:
        """The computer takes a guest seat whose phone is away or silent
        (`on`), or gives it back. A seat leaving the deal under way gives its
        round up: every phone still at the table draws a fresh number (the
        host's next one is derived too), and the given-up round goes into
        the hand's record, so leaving can never choose between two deals
        unseen. A seat given back joins while the phones commit (no commit
        has been shown then); once numbers are being revealed it waits
        until the cards are dealt."""
        self.ticket(seat)  # a guest's seat
        if not isinstance(on, bool):
            raise InvalidAction("bad_request", detail=Both("„on“ ist true oder false", "'on' is true or false"))
        if (seat in self.standins) == on:
            return
        r = self.round
        if not on and r is not None and r.phase == "reveal":
            not_now("erst werden die Karten fertig gegeben", "the cards are being dealt; try again once they are")
        if on:
            self.standins.add(seat)
        else:
            self.standins.discard(seat)
        if r is None:
            return
        if on and seat in r.phones:
            restarts = [*r.restarts, r.given_up([seat])]
            r = self.round = Round(r.hand, self.deal_seats(), self.host_seat, self.key, r.attempt + 1, restarts)
        else:
            self._reseat(r)
        self._deal_when_complete(game, r.reveals)

    def _reseat(self, r: Round) -> None:
        """The phones of a round still committing, once a seat is given
        back: its phone joins; in the Hängeln the host's phone leaves it, or
        stands in for another computer's seat, where that phone's player is
        back (no commit has been shown yet, so the host's may change)."""
        r.seat_of = self.deal_seats()
        r.phones = sorted(r.seat_of)
        for p in [p for p in r.commits if p not in r.seat_of]:
            del r.commits[p]
            r.reveals.pop(p, None)
        r.host_number(self.host_seat, self.key)

    def next_game(self, finished, seats: list[dict]) -> "TableHost":
        """The same phones at the same seats for the next game, once
        `finished` is over: the seats keep their secrets (no phone joins
        again) and the computer its stand-ins; the key is new, since the
        finished game's record shows every number the old key gave, and
        a guest knowing the host's number before it commits could choose
        its own. This table is left as it was until the bridge takes the new one."""
        if not finished.game_over:
            raise InvalidAction("bad_request", detail=Both("die Spielrunde läuft noch", "the game is still running"))
        if self.game_no >= MAX_GAMES:
            not_now(f"ein Tisch spielt höchstens {MAX_GAMES} Spielrunden", f"a table plays at most {MAX_GAMES} games")
        nxt = TableHost(self.host_seat, [])
        nxt.secrets = dict(self.secrets)
        nxt.standins = set(self.standins)
        nxt.game_no = self.game_no + 1
        nxt.previous = with_seats(export_record(finished, keep_last=True), seats)
        return nxt

    def take_phone(self, seat, seats: list[dict], game, name: str | None = None) -> None:
        """Between games, a seat goes to a new phone from the next game on
        (its person playing as `name`, checked by the caller): a computer
        player's, or a guest's whose phone left. Its secret is drawn now, so
        the phone can join before the next game is dealt; a guest seat's old
        secret goes with it, so the phone that left cannot come back to it."""
        self._between_games(game)
        if seat in self.leaving:
            del self.leaving[seat]  # a phone after all, where the computer was to play
        elif not self._seat_of(seat, seats) or (seats[seat - 1]["kind"] != "bot") != (seat in self.secrets):
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    f"Platz {str(seat)[:12]} ist kein Platz des Computers oder eines Gastes",
                    f"seat {str(seat)[:12]} is no computer's or guest's seat",
                ),
            )
        self.secrets[seat] = secrets.token_urlsafe(18)
        self.standins.discard(seat)
        self.joining[seat] = name

    def to_computer(self, seat, seats: list[dict], game, name: str | None = None) -> None:
        """Between games, a guest's seat goes to the computer from the next
        game on (playing as `name`, checked by the caller; None: the seat's):
        its phone left, so its secret goes now and nobody answers for it."""
        self._between_games(game)
        if not self._seat_of(seat, seats) or seat not in self.secrets or seat in self.leaving:
            raise InvalidAction(
                "bad_request", detail=Both(f"Platz {str(seat)[:12]} ist kein Gastplatz", f"seat {str(seat)[:12]} is not a guest's seat")
            )
        if seats[seat - 1]["kind"] == "bot":
            del self.secrets[seat]  # the computer's seat it was, no phone came for it
            self.joining.pop(seat, None)
            return
        if len(self.secrets) == 1:
            not_now(
                "dann bliebe kein Gast am Tisch: ein Spiel gegen den Computer beginnt auf dem Startbildschirm",
                "then no guest would be left at the table: a game against the computer starts from the start screen",
            )
        del self.secrets[seat]
        self.joining.pop(seat, None)
        self.standins.discard(seat)
        self.leaving[seat] = name

    def _between_games(self, game) -> None:
        if not game.game_over:
            not_now("ein Platz wechselt zwischen zwei Spielrunden", "a seat changes between games")

    def _seat_of(self, seat, seats: list[dict]) -> bool:
        """Whether `seat` is a seat of the table other than the host's."""
        return is_whole(seat) and 1 <= seat <= len(seats) and seat != self.host_seat

    def names_next(self, names: list[str]) -> list[str]:
        """The players' names in the next game: a new phone's person's, or the
        computer's, at its seat."""
        changed = {**self.joining, **self.leaving}
        return [changed.get(i + 1) or name for i, name in enumerate(names)]

    def seats_next(self, seats: list[dict]) -> list[dict]:
        """Who sits where in the next game: a person at every seat a phone
        took, the computer at every seat handed to it."""
        return [
            {"kind": "human"} if i + 1 in self.joining else {"kind": "bot", "level": APP_LEVELS[0]} if i + 1 in self.leaving else seat
            for i, seat in enumerate(seats)
        ]

    def ticket(self, seat) -> dict:
        """What the host's shell hands the guest phone joining at `seat`."""
        if seat not in self.secrets or not is_whole(seat):
            raise InvalidAction(
                "bad_request", detail=Both(f"Platz {str(seat)[:12]} ist kein Gastplatz", f"seat {str(seat)[:12]} is not a guest's seat")
            )
        return {"seat": seat, "secret": self.secrets[seat]}

    def facts(self, game, names: list[str]) -> dict:
        """For the host's own screen (no secrets: those go out by `ticket`).
        Its seats are the table's, `names` the table's names by them."""
        return {
            "host": self.host_seat,
            "names": names,
            "game": self.game_no,
            "taken_over": self.taken_over,
            "guests": sorted(self.secrets),
            "joining": sorted(self.joining),
            "leaving": sorted(self.leaving),
            "standins": sorted(self.standins),
            "disputes": self.dispute_list(),
            "deal": None if self.round is None else self.round.facts(self.table_seat),
            "restarts": self.restarts(game),
        }

    def dispute_list(self) -> list[dict]:
        return [{"hand": h, "seats": [c["seat"] for c in claims], "claims": claims} for h, claims in sorted(self.disputes.items())]

    def restarts(self, game) -> list[dict]:
        """Why the deal of the hand in play (or being dealt) started again:
        the seats that left each given-up round. Every phone shows it."""
        if self.round is not None:
            return [{"hand": self.round.hand, "left": sorted(map(self.table_seat, r["left"]))} for r in self.round.restarts]
        if not game.specs:
            return []
        return [{"hand": len(game.specs), "left": sorted(map(self.table_seat, r["left"]))} for r in game.specs[-1].get("fair_restarts", ())]

    # --- the deal ------------------------------------------------------------
    def begin(self, game) -> None:
        """Open the commit–reveal round for the next hand (in place of
        dealing it from a seed); with no guest it deals at once."""
        if game.game_over:
            raise IllegalAction("game_over")
        if not game.hand_over:
            raise IllegalAction("bad_request", detail=Both("das laufende Spiel ist nicht vorbei", "the current hand is not over"))
        if self.round is not None:
            # Opening it again would let the host throw away a deal it has
            # seen the numbers of.
            not_now("das Geben läuft schon", "the deal is already under way")
        self.round = Round(len(game.specs) + 1, self.deal_seats(), self.host_seat, self.key)
        self._deal_when_complete(game, self.round.reveals)

    def _deal_when_complete(self, game, reveals: dict[int, str]) -> None:
        r = cast(Round, self.round)  # asked while a round is open
        if len(reveals) == len(r.phones):
            game.deal(fair=r.transcript(reveals), restarts=r.restarts or None)  # first: a refusal leaves the round as it was
            self.round = None
        else:
            r.reveals = reveals

    def _round_for(self, seat: int, args: dict) -> Round:
        hand, attempt = _whole(args, "hand"), _whole(args, "round")
        r = self.round
        if r is None:
            not_now("es wird gerade nicht gegeben", "no deal is under way")
        if seat not in r.phones:
            if self.game_seat(seat) is None:
                self.watching(seat)
            not_now(
                "der Computer spielt diesen Platz, bis der Gastgeber ihn zurückgibt",
                "the computer plays this seat until the host gives it back",
            )
        if hand != r.hand:
            not_now(f"gegeben wird Spiel {r.hand}", f"hand {r.hand} is being dealt")
        if attempt != r.attempt:
            not_now(f"das Geben hat neu begonnen, jetzt gilt Runde {r.attempt}", f"the deal started again, round {r.attempt} counts now")
        return r

    # --- a guest's message -----------------------------------------------------
    def guest(self, table, bound, text) -> tuple[dict, bool]:
        """The reply to a guest's message, and whether the game or the deal
        changed (the host's shell then tells every phone)."""
        req_id = None
        try:
            try:
                req = decode_guest(text)
            except InvalidAction as e:
                req_id = getattr(e, "req_id", None)
                raise
            req_id = reply_id(req.get("id"))
            seat = guest_seat(req, bound, self.secrets)
            cmd = req.get("cmd")
            args = req.get("args", {})
            if not isinstance(args, dict) or not isinstance(cmd, str):
                raise InvalidAction("request_shape")
            if cmd not in GUEST_COMMANDS:
                raise InvalidAction("guest_command", cmd=repr(cmd)[:24])
            for key in args:
                if key not in GUEST_ARGS[cmd]:
                    raise InvalidAction("guest_field", field=repr(key)[:24])
            changed = getattr(self, "_guest_" + cmd)(table, seat, args)
            if cmd == "record":
                result = self.guest_record(table, args)
            elif cmd == "lists":
                # The Spielliste of the table: public facts only (club.lists).
                result = club.lists(table.series, table.game, table.rset)
            else:
                result = self.guest_state(table, seat)
            return {"id": req_id, "ok": True, "result": result}, changed
        except SchraemError as e:
            # A seat that watches the Hängeln is the table's; any other is the game's.
            names = table.names() if e.code == "hangeln_watch" else table.game.names
            return {"id": req_id, "ok": False, "error": e.named(names).to_json()}, False

    def _guest_state(self, table, seat: int, args: dict) -> bool:
        return False

    def _guest_record(self, table, seat: int, args: dict) -> bool:
        return False

    def _guest_lists(self, table, seat: int, args: dict) -> bool:
        return False

    def _guest_commit(self, table, seat: int, args: dict) -> bool:
        r = self._round_for(seat, args)
        if r.phase != "commit":
            not_now("alle Handys haben schon zugesagt", "every phone has already committed")
        if seat in r.commits:
            not_now("dieses Handy hat schon zugesagt", "this phone has already committed")
        commit = args.get("commit")
        if not is_hex64(commit):
            raise InvalidAction(
                "fair_deal", detail=Both("eine Zusage ist 64 Hex-Ziffern (0-9, a-f)", "a commit is 64 hex digits (0-9, a-f)")
            )
        r.commits[seat] = commit
        return True

    def _guest_reveal(self, table, seat: int, args: dict) -> bool:
        r = self._round_for(seat, args)
        if r.phase != "reveal":
            not_now(
                "Zahlen werden erst offengelegt, wenn alle Handys zugesagt haben",
                "numbers are revealed only once every phone has committed",
            )
        if seat in r.reveals:
            not_now("dieses Handy hat seine Zahl schon offengelegt", "this phone has already revealed its number")
        reveal = args.get("reveal")
        if not is_hex64(reveal) or commit_of(r.hand, r.seat_of[seat], reveal) != r.commits[seat]:
            raise InvalidAction(
                "fair_deal", detail=Both("die Zahl passt nicht zur Zusage dieses Handys", "the number does not match this phone's commit")
            )
        self._deal_when_complete(table.game, {**r.reveals, seat: reveal})
        return True

    def _guest_dispute(self, table, seat: int, args: dict) -> bool:
        """The guest's phone found a finished hand falsely dealt: its claim,
        with the reason its check gave, noted for every phone to see (the
        host decides nothing about it; every other guest checks itself)."""
        g = table.game
        if self.game_seat(seat) is None:
            self.watching(seat)  # it saw no cards of the Hängeln: nothing of its own to claim
        finished = len(g.specs) if g.hand_over else len(g.specs) - 1
        hand = _whole(args, "hand")
        if not 1 <= hand <= finished:
            raise InvalidAction(
                "fair_deal",
                detail=Both(
                    f"gemeldet werden kann ein fertiges Spiel (1 bis {finished})", f"only a finished hand can be reported (1 to {finished})"
                ),
            )
        why = args.get("why")
        if not why_ok(why):
            raise InvalidAction(
                "guest_type",
                field="'why'",
                kind=Both(
                    f"null oder {{de, en}} mit je höchstens {WHY_CHARS} Zeichen",
                    f"null or {{de, en}} of at most {WHY_CHARS} characters each",
                ),
            )
        claims = self.disputes.setdefault(hand, [])
        if any(c["seat"] == seat for c in claims):
            return False
        claims.append({"seat": seat, "why": None if why is None else {"de": why["de"], "en": why["en"]}})
        return True

    def _guest_act(self, table, seat: int, args: dict) -> bool:
        action = args.get("action")
        if not isinstance(action, dict):
            raise InvalidAction("guest_type", field="'action'", kind=Both("ein Objekt", "an object"))
        own = self.game_seat(seat)
        if own is None:
            self.watching(seat)
        if action.get("seat") != own or not is_whole(action.get("seat")):
            raise InvalidAction("guest_not_your_seat", seat=own)
        if seat in self.standins:
            not_now(
                "der Computer spielt diesen Platz, bis der Gastgeber ihn zurückgibt",
                "the computer plays this seat until the host gives it back",
            )
        if self.round is not None:
            not_now("erst wird gegeben", "the cards are being dealt")
        table.game.apply(action)
        return True

    # --- what a guest gets back --------------------------------------------
    def guest_state(self, table, seat: int) -> dict:
        """Everything a guest's phone is sent about the game: its seat's
        view and nothing the seat may not see."""
        g = table.game
        due = g.due()
        bots = table.bots()
        # In the Hängeln the phone's player has a seat of its game, or none:
        # the phone then watches (the public view, no cards).
        own = self.game_seat(seat)
        deal = None
        if self.round is not None:
            deal = self.round.facts(self.table_seat)
            if seat in self.round.seat_of:
                # The seat this phone's number is hashed under (the record's).
                deal["seat"] = self.round.seat_of[seat]
        return {
            "seat": seat,
            "host": self.host_seat,
            "game": self.game_no,
            "taken_over": self.taken_over,
            # A new phone at this seat from the next game on: the finished
            # game was another's (a computer's or a person's who left), none
            # of it this phone's to check or keep.
            "joining": seat in self.joining,
            "names": table.names(),
            "view": view(g, own),
            "refusals": tap_refusals(g, own),
            "due": {"humans": [s for s in due if s not in bots], "bots": [s for s in due if s in bots]},
            "standins": sorted(self.standins),
            "disputes": self.dispute_list(),
            "restarts": self.restarts(g),
            "forced": [],
            "hand_over": g.hand_over,
            "game_over": g.game_over,
            "deal": deal,
            # Where the series stands, what the table plays for and, once
            # the game is over, what it cost whom: the same for every seat.
            "series": None if table.series is None else club.series_facts(table.series),
            # Where a Rengen set stands: its games' losers, the Hängeln's two
            # players at the table (`hangeln_seats`), the set's loser.
            "set": None if table.rset is None else club.set_facts(table.rset),
            "stakes": g.stakes.to_json(),
            "money": g.money.to_json() if g.game_over and g.stakes.played_for and g.money is not None else None,
        }

    def guest_record(self, table, args: dict) -> dict:
        """The finished hands of this game (or, with `game`, of the game
        before it) as a record without any seed, each with its transcript,
        so a guest can check every deal (the hand in play is left out: its
        deal would show everyone's cards), and who sat where, as `export`
        writes it: a guest keeps the finished game in its own history."""
        asked = args.get("game", self.game_no)
        if not is_whole(asked):
            raise InvalidAction("guest_type", field="'game'", kind=Both("eine ganze Zahl", "a whole number"))
        if asked == self.game_no:
            g = table.game
            return with_seats(export_record(g, keep_last=g.hand_over), table.seats)
        if asked == self.game_no - 1 and self.previous is not None:
            return self.previous
        not_now(
            f"dieses Handy hat Spielrunde {asked} nicht mehr (es spielt Runde {self.game_no})",
            f"this phone no longer has game {asked} (it plays game {self.game_no})",
        )
