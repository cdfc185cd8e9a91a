"""A seat of a face-down table that goes to a new phone between games
(docs/PHONE_TABLE.md, "Seats that change between games"): a computer's
seat, one whose phone was lost for good, or a guest's whose phone left.

The new phone brings a long-term key of its own, so the table code changes:
every phone's key goes through the table code's round again
(core/facedown_code.py), each with a fresh nonce, every phone committed
before any shows a key or nonce, and the people compare the new code as
they did the first. A guest takes a new key only for the seats the host
named before the round (`joined`) and keeps every other seat's as it was;
a guest whose own seat is named says so. The new phone neither checks nor
files the game before: its welcome gives it the next game, which the
other phones make themselves from the game they checked, and from it on
it deals with the others. At a Rengen set the seats stay until the set
is decided (each game's loser plays the Hängeln in person); then the new
phone's welcome gives it the next set from its first game. A guest back
on a new channel meanwhile is sent the round so far, and takes again
what it took without a change."""

from __future__ import annotations

from typing import Any

from ..bots import APP_LEVELS
from ..core.facedown_code import CodeRound, commitment, new_nonce
from ..core.facedown_wire import Message
from ..core.fields import clean_name
from ..crypto import base_multiple
from .facedown_base import computer, new_identity, not_now, read_key, refuse, whole
from .facedown_guest import GuestSide
from .facedown_host import HostSide
from .facedown_save import SavedTable
from .facedown_series import read_again
from .facedown_set import SetSide
from .table import SET_KEEPS_SEATS

BETWEEN = ("ein Platz wechselt zwischen zwei Spielrunden", "a seat changes between games")
DRAW_NAMES = (
    "an einem Turniertisch spielt jeder Platz unter dem Namen der Auslosung",
    "at a tournament's table every seat plays under the name the draw gave it",
)
UNREADABLE_NAMES = ("die neuen Namen des Platzwechsels sind unlesbar", "the new names of the change of seats are unreadable")


class SeatSide(SetSide, HostSide, GuestSide, SavedTable):
    # -- the host -----------------------------------------------------------

    def give_seat(self, seat: object, name: object = None) -> None:
        """Between games, `seat` goes to a new phone from the next game on,
        its person playing as `name` (None: the seat's): the seat's old key
        goes (the phone that left cannot come back to it, the computer no
        longer plays it), and every guest is asked to commit to its key
        again for a new table code."""
        seat = self._between(seat)
        named = self._new_name(seat, name)
        if seat in self.joined and seat not in self.computers and named == self.renamed.get(seat):
            return  # its phone is awaited already
        self._change_hands(seat, None, named)

    def computer_seat(self, seat: object, name: object = None) -> None:
        """Between games, a guest's seat whose phone left goes to the
        computer from the next game on (playing as `name`, None: under the
        seat's), played on this phone (which then
        knows that seat's cards and no other's, as any computer seat's):
        a key of its own is drawn here for it, and every guest is asked to
        commit to its key again for a new table code, told that the seat
        goes to the computer, so that it takes a computer's key there and
        nothing else."""
        seat = self._between(seat)
        if self.kinds[seat - 1].get("kind") == "bot":
            raise refuse(f"an Platz {seat} spielt schon der Computer", f"the computer plays seat {seat} already")
        self._change_hands(seat, new_identity(), self._new_name(seat, name))

    def _new_name(self, seat: int, name: object) -> str | None:
        """The name `seat` is played under from the next game on, checked as
        any player's; None where it keeps its own (none given, or the
        same). A tournament's table plays the draw's names."""
        if name is None:
            return None
        if self.ticket is not None:
            raise refuse(*DRAW_NAMES)
        name = clean_name(name, seat)
        names = self.names_next(self.table_names())
        if name in [n for s, n in enumerate(names, 1) if s != seat]:
            raise refuse(f"„{name}“ sitzt schon am Tisch", f"'{name}' already sits at the table")
        return None if name == names[seat - 1] and seat not in self.renamed else name

    def _change_hands(self, seat: int, key: int | None, name: str | None = None) -> None:
        """`seat` from the next game on: a new phone's (`key` None, awaited)
        or the computer's, with `key` drawn here, played under `name` (None:
        the seat's); into the table code's round, a new one or the one under
        way (no key has been shown yet), and every guest told."""
        identity = None if key is None else base_multiple(key).encode().hex()
        if name is None:
            self.renamed.pop(seat, None)
        else:
            self.renamed[seat] = name
        self.keys.pop(seat, None)
        self.nonces.pop(seat, None)
        self.kinds[seat - 1] = {"kind": "human"} if key is None else computer()
        self.identities[seat - 1] = identity
        self.left.discard(seat)
        self.joined.add(seat)
        if key is None:
            self.computers.discard(seat)
        else:
            self.keys[seat] = key
            self.computers.add(seat)
        r = self.code_round
        if self.recode is None or r is None:
            self._new_code_round()
        elif identity is None:
            r.own.pop(seat, None)
            r.commits[seat - 1] = None
        else:
            nonce = self.nonces[seat] = new_nonce()
            r.own[seat] = (identity, nonce)
            r.commits[seat - 1] = commitment(seat, identity, nonce)
        self.outbox.append(self._recode_frame())

    def _between(self, seat: object) -> int:
        """`seat`, once it may change hands now: a computer's or a guest's,
        between two games (after a series, from the next series on; at a
        Rengen set only once it is decided, from the next set on; at a
        tournament's table only within its series), on the host's phone,
        and before the new table code is under way."""
        if self.role != "host":
            raise not_now("Plätze vergibt das Handy des Gastgebers", "the host's phone gives seats")
        if self.keeps_seats():
            raise not_now(*SET_KEEPS_SEATS)
        if not whole(seat) or not 1 <= seat <= self.seats or seat == self.host:
            raise refuse(
                f"Platz {str(seat)[:12]} ist kein Platz des Computers oder eines Gastes",
                f"seat {str(seat)[:12]} is no computer's or guest's seat",
            )
        if self.hand is None or self.hand not in self.verdicts or self.finished.get(self.game) is None:
            raise not_now(*BETWEEN)
        self.following()  # a next game there must be (a tournament's table plays its ticket's series only)
        r = self.code_round
        if self.recode is not None and r is not None and r.committed():
            raise not_now("erst kommen die schon eingeladenen Handys an den Tisch", "the phones invited already join the table first")
        return seat

    def _new_code_round(self) -> None:
        """A new table code: this phone's seats with fresh nonces."""
        self.recode = self.game
        self.nonces = {s: new_nonce() for s in self.keys}
        own = {s: (self.identities[s - 1] or "", n) for s, n in self.nonces.items()}
        self.code_round = CodeRound(self.seats, own)

    def _recode_frame(self) -> Message:
        frame: Message = {"type": "recode", "game": self.recode, "joining": sorted(self.joined)}
        if self.computers:
            frame["computers"] = sorted(self.computers)
        if self.renamed:
            frame["names"] = {str(s): n for s, n in sorted(self.renamed.items())}
        return frame

    def welcome(self) -> Message | None:
        """The welcome; after a seat changed hands, for the new phone the
        next game (made here as every phone makes it), its series the games
        left (the games before are not its), and the seats this phone plays
        for lost phones."""
        frame = super().welcome()
        if frame is None or self.recode is None:
            return frame
        following, another = self.following()
        frame.update(record=following.to_record(), game=self.game + 1)
        frame.pop("ticket", None)
        series = self.series()
        if another is not None:
            # The series is over: the next one is the new phone's from its first game.
            frame["series"] = {"length": another["length"], "first_dealer": following.first_dealer + 1}
            frame["again"] = another["length"]
        elif series is not None:
            # Its series begins with the next game; another after it is as long as the table's.
            frame["series"] = {"length": series.length - len(series.games), "first_dealer": following.first_dealer + 1}
            frame["again"] = series.length
        if self.left:
            frame["left"] = sorted(self.left)
        if self.epoch:
            # A table taken over: the new phone's host and the take-overs its rounds are bound to.
            frame.update(host=self.host, epoch=self.epoch)
        return frame

    def resend(self, pos: object, waits: bool = False) -> list[Message]:
        """A guest back on a new channel while seats change hands is sent the
        round so far too: it may have missed any of it."""
        frames = super().resend(pos, waits)
        r = self.code_round
        if self.recode is None or r is None:
            return frames
        frames.append(self._recode_frame())
        if r.committed():
            frames.append({"type": "commits", "commits": r.commits})
        welcome = self.welcome()
        return frames + ([welcome] if welcome is not None else [])

    # -- a guest --------------------------------------------------------------

    def recoded(self, frame: object) -> None:
        """The host's word that seats go to new phones before the next game:
        this phone commits to its key again, with a fresh nonce, for the
        new table code. At a set, only once this phone checked it decided."""
        if self.role != "guest" or not self.welcomed:
            raise not_now("dieses Handy ist noch nicht am Tisch", "this phone has not joined the table yet")
        if not isinstance(frame, dict) or frame.get("type") != "recode" or not isinstance(frame.get("joining"), list):
            raise refuse("das ist kein Platzwechsel", "that is no change of seats")
        if frame.get("game") != self.game or self.hand not in self.verdicts or self.finished.get(self.game) is None:
            raise not_now(
                "ein Platz wechselt zwischen zwei Spielrunden; dieses Handy hat die Spielrunde noch nicht zu Ende geprüft",
                "a seat changes between games; this phone has not checked the game to its end yet",
            )
        if self.keeps_seats():
            raise not_now(*SET_KEEPS_SEATS)
        joining, computers = frame["joining"], frame.get("computers", [])
        if not joining or not all(whole(s) and 1 <= s <= self.seats and s != self.host for s in joining):
            raise refuse("die Plätze des Platzwechsels sind unlesbar", "the seats that change hands are unreadable")
        if not isinstance(computers, list) or not all(s in joining for s in computers):
            raise refuse("die Plätze für den Computer sind unlesbar", "the seats for the computer are unreadable")
        if self.seat in joining:
            raise refuse(
                f"der Gastgeber gibt Platz {self.seat}, an dem dieses Handy spielt, einem anderen Handy",
                f"the host gives seat {self.seat}, which this phone plays, to another phone",
            )
        names = self._read_names(frame.get("names", {}), joining)
        r = self.code_round
        same = set(joining) == self.joined and set(computers) == self.computers and names == self.renamed
        if same and (self.recode is None or (r is not None and r.committed())):
            # Sent again after a reconnect: made already, or its commitment goes again.
            if self.recode is not None and r is not None:
                self.outbox.append({"type": "commit", "commit": r.commits[self.seat - 1]})
            return
        if self.recode is not None and r is not None and r.committed():
            raise not_now("der neue Tischcode wird schon gemacht", "the new table code is being made already")
        self._commit_anew(set(joining), set(computers), names)

    def _commit_anew(self, joining: set[int], computers: set[int], names: dict[int, str]) -> None:
        """Into the new table code's round (a new one, with a fresh nonce, or
        the one under way): this phone's commitment goes to the host."""
        r = self.code_round
        if self.recode is None or r is None:
            key = base_multiple(self.keys[self.seat]).encode().hex()
            self.nonces[self.seat] = new_nonce()
            r = self.code_round = CodeRound(self.seats, {self.seat: (key, self.nonces[self.seat])})
        self.recode, self.joined, self.computers, self.renamed = self.game, joining, computers, names
        self.outbox.append({"type": "commit", "commit": r.commits[self.seat - 1]})

    def _read_names(self, given: object, joining: list[int]) -> dict[int, str]:
        """The new names a `recode` gives: only for the seats that change
        hands, each a name as any player's, none already at the table."""
        if not isinstance(given, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) in joining for k in given):
            raise refuse(*UNREADABLE_NAMES)
        if given and self.ticket is not None:
            raise refuse(*DRAW_NAMES)
        names = {}
        for k, n in given.items():
            names[int(k)] = clean_name(n, int(k))
            if names[int(k)] != n:  # the host sends a name as it keeps it
                raise refuse(*UNREADABLE_NAMES)
        after = [names.get(s, n) for s, n in enumerate(self.table_names(), 1)]
        if len(set(after)) != len(after):
            raise refuse("der Platzwechsel gibt zwei Plätzen denselben Namen", "the change of seats gives two seats the same name")
        return names

    def welcomed_by(self, frame: object) -> None:
        """The host's welcome: at the first join, or once seats changed
        hands. A new phone that joins between games starts at the game the
        welcome names, its series with it."""
        if self.welcomed and self.recode is not None:
            self.rewelcomed_by(frame)
            return
        if self.welcomed:
            # Sent again after a reconnect: the welcome this phone took already.
            given_again = frame if isinstance(frame, dict) else {}
            if self.joined and given_again.get("game") == self.game + 1 and given_again.get("identities") == self.identities:
                return
            raise not_now("dieses Handy ist schon am Tisch", "this phone has joined already")
        given = frame if isinstance(frame, dict) else {}
        game, left = given.get("game", 1), given.get("left", [])
        if not whole(game) or not 1 <= game <= 999:
            raise refuse("die Spielrunde des Tisches ist unlesbar", "the table's game is unreadable")
        seats = given.get("seats")
        bots = {s for s, k in enumerate(seats, 1) if isinstance(k, dict) and k.get("kind") == "bot"} if isinstance(seats, list) else set()
        if not isinstance(left, list) or not all(whole(s) and s in bots for s in left):
            raise refuse("die Computerplätze des Gastgebers sind unlesbar", "the host's computer seats are unreadable")
        again = read_again(given.get("again"))
        super().welcomed_by(frame)
        self.game, self.series_start, self.left = game, game, set(left)
        self.again_length = again if self.terms is not None else None

    def rewelcomed_by(self, frame: object, game: int | None = None) -> None:
        """The welcome after seats changed hands: every seat's key and nonce
        checked against its new commitment; a new key only for the seats the
        host named before the round, every other seat's as it was."""
        r = self.code_round
        if r is None or not r.committed():
            raise not_now(
                "der Gastgeber begrüßt dieses Handy, bevor es die Zusagen aller Plätze hat",
                "the host welcomes this phone before it holds every seat's commitment",
            )
        given: dict[str, Any] = frame if isinstance(frame, dict) else {}
        kinds, identities, nonces = given.get("seats"), given.get("identities"), given.get("nonces")
        n = self.seats
        if given.get("type") != "welcome" or not all(isinstance(v, list) and len(v) == n for v in (kinds, identities, nonces)):
            raise refuse("die Plätze des Tisches sind unlesbar", "the table's seats are unreadable")
        assert isinstance(kinds, list) and isinstance(identities, list) and isinstance(nonces, list)
        # The game it deals into: the next (after a take-over, where the table goes on).
        if given.get("game") != (self.game + 1 if game is None else game):
            raise refuse("der Platzwechsel gehört zu einer anderen Spielrunde", "the change of seats belongs to another game")
        for s in range(1, n + 1):
            if s in self.computers:
                if not isinstance(kinds[s - 1], dict) or kinds[s - 1].get("kind") != "bot" or kinds[s - 1].get("level") not in APP_LEVELS:
                    raise refuse(f"an Platz {s} sitzt nicht der Computer", f"the computer does not sit at seat {s}")
            elif s in self.joined:
                if kinds[s - 1] != {"kind": "human"}:
                    raise refuse(f"an Platz {s} sitzt kein neues Handy", f"no new phone sits at seat {s}")
            elif identities[s - 1] != self.identities[s - 1] or kinds[s - 1] != self.kinds[s - 1]:
                raise refuse(
                    f"der Gastgeber nennt für Platz {s} einen anderen Schlüssel als zuvor",
                    f"the host names another key for seat {s} than before",
                )
            read_key(identities[s - 1], f"Der Schlüssel von Platz {s}")
        checked = CodeRound.from_json(r.to_json())  # nothing changes if a reveal is refused
        for s, (k, nonce) in enumerate(zip(identities, nonces), 1):
            checked.reveal(s, k, nonce)
        self.kinds, self.identities, self.code_round = [dict(k) for k in kinds], list(identities), checked
        self.left -= self.joined
        self.recode = None
        self.computers = set()
