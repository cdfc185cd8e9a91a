"""The bridge's commands for a phone at a table of phones whose cards are
dealt face down (bridge/facedown_table.py, docs/BRIDGE.md "Cards face
down"). A mixin of `Bridge` (bridge/__init__.py).

Every command that changes the table answers `{"save", "send", "state"}`:
the shell stores `save` first and only then sends each frame of `send`
(on the host to every guest, on a guest to the host), so nothing a phone
said is ever missing from its save. A refused request leaves the table as
it was: a change made before a refusal is taken back from the save taken
before it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from ..club import club
from ..core.errors import Both, InvalidAction
from ..core.facedown import Phone
from ..core.facedown_code import CodeRound, commitment, new_nonce
from ..core.game import Game
from ..crypto import base_multiple
from .facedown_base import new_identity, not_now, refuse, whole
from .facedown_table import FaceDownTable
from .table import new_set, players_and_seats, set_asked
from .wire import Encoded


def _encoded(t: FaceDownTable) -> str:
    return t.save_text()


class FaceDownCommands:
    facedown: FaceDownTable | None
    # The table and its save as last answered (`_fd_save`).
    _fd_answered: tuple[FaceDownTable, str] | None = None
    # Each seat's side of the deal's protocol (a test plants a leaky one).
    facedown_phone: Callable[..., Phone] = Phone

    def _fd(self) -> FaceDownTable:
        if self.facedown is None:
            raise not_now("dieses Handy sitzt an keinem verdeckten Tisch", "this phone sits at no face-down table")
        return self.facedown

    def _fd_change(self, change: Callable[[FaceDownTable], Any]) -> dict[str, Any]:
        """Run `change` on the table; answer what to store, what to send and
        what to show. Anything it refuses leaves the table as it was: the
        save last answered, which the shell stored, is the table before."""
        t = self._fd()
        answered = self._fd_answered
        before = answered[1] if answered is not None and answered[0] is t else _encoded(t)
        t.outbox = []
        try:
            extra = change(t)
        except Exception:
            t.outbox = []
            if _encoded(t) != before:
                self.facedown = FaceDownTable.from_save(json.loads(before), self.facedown_phone)
                self._fd_answered = (self.facedown, before)
            raise
        return self._fd_answer(t, extra)

    def _fd_answer(self, t: FaceDownTable, extra: dict[str, Any] | None) -> dict[str, Any]:
        """A change's answer: its save, the frames it gave to send, the
        state to show, and what else the command says."""
        out = {"save": self._fd_save(t), "send": t.outbox, "state": t.state()}
        t.outbox = []
        if extra is not None:
            out.update(extra)
        return out

    def _fd_save(self, t: FaceDownTable) -> Encoded:
        """The table's save for the shell to store, encoded once: kept as the
        table before the next change, and put into the answer as it is."""
        text = Encoded(_encoded(t))
        self._fd_answered = (t, text)
        return text

    # -- joining ------------------------------------------------------------

    def cmd_facedown_host(self, args):
        """`{"players", "rules"?, "options"?, "stakes"?, "games"?, "ticket"?, "set"?, "dealer"?}`
        (as `new_game`'s, or with `games` as `new_series`'s: a series of that
        many games, or with a tournament's `ticket` as `table_new`'s: its
        series, its players in its order, or with `"set": true` as
        `table_new`'s: a Rengen set, bridge/facedown_set.py; seat 1 is this
        phone's person, every other person a guest's phone, the computers
        played here): a face-down table opened on the host's phone.
        → `{"save", "identity", "commits", "welcome", "state"}`; `identity`
        is this phone's long-term key; `commits` and `welcome` the frames for
        every guest once every guest's commitment (`facedown_seat`), then its
        key (`facedown_reveal`) is in: null until then."""
        names, kinds = players_and_seats(args.get("players"))
        if kinds[0]["kind"] != "human":
            raise InvalidAction("bad_players", detail=Both("an Platz 1 sitzt das Handy des Gastgebers", "seat 1 is the host's phone"))
        rules, options, stakes = args.get("rules", "rheinland"), args.get("options"), args.get("stakes")
        rset = set_asked(args)
        series, ticket = None, args.get("ticket")
        if rset:
            # A Rengen set, as the ordinary table opens one (bridge/table.py new_set_table): its rules
            # `rengen` unless named; every phone makes its next game and its Hängeln from the games it checked.
            game = new_set(args, names, None).new_game()
        elif "games" in args or "ticket" in args:
            # A series, as the ordinary table opens one (club.new_series): its first game dealt by the seat it
            # names; a tournament's, as its ticket says (its players in its order, its length, rules and dealer).
            series = club.new_series(names, rules, options, args.get("games"), None, None, ticket, stakes)
            game = series.new_game()
        else:
            game = Game(names, rules, options, args.get("dealer", 1), None, stakes)
        keys = {s: new_identity() for s, k in enumerate(kinds, 1) if s == 1 or k["kind"] == "bot"}
        identities = [base_multiple(keys[s]).encode().hex() if s in keys else None for s in range(1, len(kinds) + 1)]
        t = FaceDownTable("host", 1, secrets.token_hex(16), game.to_record(), kinds, identities, keys)
        t.nonces = {s: new_nonce() for s in keys}
        t.code_round = CodeRound(len(kinds), {s: (identities[s - 1] or "", n) for s, n in t.nonces.items()})
        t.phone = self.facedown_phone
        if series is not None:
            t.terms = {"length": series.length, "first_dealer": series.first_dealer}
            t.ticket = ticket
        if rset:
            t.set_start = 1
        self.facedown = t
        commits = t.commits_frame()
        return {"save": self._fd_save(t), "identity": identities[0], "commits": commits, "welcome": t.welcome(), "state": t.state()}

    def cmd_facedown_guest(self, args):
        """`{"seat"}`: this phone joins a face-down table at `seat` with a
        long-term key and a nonce of its own; → `{"save", "identity",
        "commit"}`: its key, and the commitment to key and nonce that goes to
        the host first (`facedown_seat`); the key goes only once this phone
        holds every seat's commitment (`facedown_commits`)."""
        seat = args.get("seat")
        # (Seat 1 too: after a take-over the old host's seat may go to a new phone.)
        if not whole(seat) or not 1 <= seat <= 8:
            raise refuse(f"Platz {seat!r} gibt es für einen Gast nicht", f"there is no guest seat {seat!r}")
        key = new_identity()
        t = FaceDownTable("guest", seat, "", {}, [], [], {seat: key})
        t.nonces = {seat: new_nonce()}
        t.phone = self.facedown_phone
        self.facedown = t
        identity = base_multiple(key).encode().hex()
        return {"save": self._fd_save(t), "identity": identity, "commit": commitment(seat, identity, t.nonces[seat])}

    def cmd_facedown_seat(self, args):
        """`{"seat", "commit"}` (host): a guest's commitment to its long-term
        key, as its phone gave it when it joined. → `{"save", "commits"}`:
        the frame of every seat's commitment for every guest, null until
        every guest's is in."""
        t = self._fd()
        if t.role != "host":
            raise not_now("Plätze vergibt der Gastgeber vor dem ersten Spiel", "the host gives seats before the first hand")
        return self._fd_change(lambda t: {"commits": t.take_commit(args.get("seat"), args.get("commit"))})

    def cmd_facedown_commits(self, args):
        """`{"frame"}` (guest): every seat's commitment, from the host; →
        `{"save", "reveal"}`, this phone's key and nonce for the host."""
        t = self._fd()
        if t.role != "guest":
            raise not_now("Zusagen bekommt nur ein Gast", "only a guest takes the commitments")
        return self._fd_change(lambda t: {"reveal": t.committed_to(args.get("frame"))})

    def cmd_facedown_reveal(self, args):
        """`{"seat", "identity", "nonce"}` (host): a guest's long-term key and
        nonce, checked against its commitment. → `{"save", "welcome"}` (null
        until every guest's key is in)."""
        t = self._fd()
        if t.role != "host":
            raise not_now("Plätze vergibt der Gastgeber vor dem ersten Spiel", "the host gives seats before the first hand")
        return self._fd_change(lambda t: {"welcome": t.take_reveal(args.get("seat"), args.get("identity"), args.get("nonce"))})

    def cmd_facedown_welcome(self, args):
        """`{"frame"}` (guest): the host's welcome, every seat's key and
        nonce checked against its commitment; → `{"save", "state"}`
        (`state.code`, the table code)."""
        t = self._fd()
        if t.role != "guest" or (t.welcomed and t.recode is None and not t.joined):
            raise not_now("dieses Handy ist schon am Tisch", "this phone has joined already")
        t.welcomed_by(args.get("frame"))
        return {"save": self._fd_save(t), "state": t.state()}

    # -- a seat that changes hands between games (bridge/facedown_seats.py) ---

    def cmd_facedown_phone_seat(self, args):
        """`{"seat", "name"?}` (host): between games, a computer's seat, one
        whose phone was lost, or a guest's whose phone left, goes to a new
        phone from the next game on, its person playing as `name` (none: the
        seat's); every guest gets `{"type": "recode"}` (with `names`, the
        new ones) and commits to its key again for a new table code, and the
        new phone joins at that seat as at the first join (`facedown_guest`)."""
        return self._fd_change(lambda t: t.give_seat(args.get("seat"), args.get("name")))

    def cmd_facedown_computer_seat(self, args):
        """`{"seat", "name"?}` (host): between games, a guest's seat whose
        phone left goes to the computer from the next game on, played on
        this phone (as `name`, none: under the seat's); every guest gets
        `{"type": "recode", "computers": [seat]}` and commits to its key
        again for a new table code."""
        return self._fd_change(lambda t: t.computer_seat(args.get("seat"), args.get("name")))

    def cmd_facedown_recode(self, args):
        """`{"frame"}` (guest): the host's `recode`; its `send` is this
        phone's new commitment (`{"type": "commit"}`) for the host."""
        return self._fd_change(lambda t: t.recoded(args.get("frame")))

    # -- the host's phone gone: a guest's carries the table on (bridge/facedown_takeover.py)

    def cmd_facedown_takeover(self, args):
        """(guest) This phone takes the table over, the host's phone being
        gone: it is the host from now on. → `{"save", "frame", "state"}`:
        `frame` (`{"type": "takeover"}`) is the first word to every other
        guest's phone on its new channel (`facedown_resend` gives it again)."""
        return self._fd_change(lambda t: {"frame": t.take_over()})

    def cmd_facedown_keep_out(self, args):
        """(taking the table over) Not after all: this phone is a guest of
        its table again, as before `facedown_takeover`; refused once a
        guest's phone follows it."""
        return self._fd_change(lambda t: t.keep_out())

    def cmd_facedown_taken(self, args):
        """`{"frame"}` (guest): another guest's phone takes the table over;
        → `send`: this phone's answer for it (`{"type": "taken"}`: where it
        stands, and the old host's envelopes it has beyond the new host)."""
        return self._fd_change(lambda t: {"send": [t.taken_by(args.get("frame"))]})

    def cmd_facedown_follow(self, args):
        """`{"seat", "frame"}` (the new host): a guest's `taken`. → `to`: per
        seat, the old host's envelopes that guest's phone lacks; `send`, for
        every guest, the new table code's round (`{"type": "recode",
        "takeover"}`) once every guest's phone is at the same place."""
        return self._fd_change(lambda t: {"to": t.follow(args.get("seat"), args.get("frame"))})

    # -- the hand -----------------------------------------------------------

    def cmd_facedown_next_hand(self, args):
        """(host) The next hand: once this phone checked the last one."""
        if self._fd().role != "host":
            raise not_now("das nächste Spiel gibt das Handy des Gastgebers", "the host's phone deals the next hand")
        return self._fd_change(lambda t: t.deal())

    def cmd_facedown_again(self, args):
        """(host) "Nochmal": the next game's first hand to the same phones,
        once this phone checked every hand of the game over."""
        if self._fd().role != "host":
            raise not_now("die nächste Spielrunde gibt das Handy des Gastgebers", "the host's phone deals the next game")
        return self._fd_change(lambda t: t.again())

    def cmd_facedown_relay(self, args):
        """`{"seat", "frame"}` (host): a guest's frame, from the channel of
        `seat`; what it sets off goes out to every guest."""
        if self._fd().role != "host":
            raise not_now("nur das Handy des Gastgebers gibt weiter", "only the host's phone relays")
        return self._fd_change(lambda t: t.take(args.get("seat"), args.get("frame")))

    def cmd_facedown_settle(self, args):
        """(host) After a `facedown_relay` whose state says `settle`, once its
        frames went out: this phone's own seats take what was sent on, and
        what they say goes out to every guest."""
        t = self._fd()
        if t.role != "host":
            raise not_now("nur das Handy des Gastgebers gibt weiter", "only the host's phone relays")
        if not t.unsettled():
            # Taken meanwhile (a request that ran the table): nothing changes, nothing to store.
            return {"send": [], "state": t.state()}
        return self._fd_change(lambda t: t.settle())

    def cmd_facedown_receive(self, args):
        """`{"frame"}` (guest): the host's envelope; its answers go to the
        host."""
        if self._fd().role != "guest":
            raise not_now("Umschläge bekommt nur ein Gast", "only a guest takes envelopes")
        return self._fd_change(lambda t: t.receive(args.get("frame")))

    def cmd_facedown_act(self, args):
        """`{"action"}`: this phone's person's action, as its own engine
        takes it (a refusal in the engine's words, nothing sent)."""
        return self._fd_change(lambda t: t.act(args.get("action")))

    def cmd_facedown_bot_step(self, args):
        """(host) One computer seat's action if one wants to act now;
        `bot_action` says which (null: none)."""
        if self._fd().role != "host":
            raise not_now("Computerspieler spielen auf dem Handy des Gastgebers", "computer players play on the host's phone")
        return self._fd_change(lambda t: {"bot_action": t.bot_step()})

    def cmd_facedown_gone(self, args):
        """`{"seat"}` (host): that guest's phone is gone for good this hand
        (docs/FACE_DOWN.md, "The dropout rule"); `state.gone` says who and
        when on every phone."""
        if self._fd().role != "host":
            raise not_now("dass ein Handy gegangen ist, sagt nur das Handy des Gastgebers", "only the host's phone says a phone is gone")
        return self._fd_change(lambda t: t.lose(args.get("seat")))

    def cmd_facedown_ahead(self, args):
        """While the phone is idle: one card's share worked out ahead for
        when it is played, or the shares the others showed ahead checked
        (`FaceDownTable.ahead`). `{"more"}`: whether to ask again; where
        it showed a share, also `save`, `send` and `state`, as any change
        (stored first, then sent); else nothing to store. `fault`: the
        proofs of the card played last named a phone (`state` then holds
        this phone's word on the hand, to draw at once)."""
        t = self._fd()
        more, said, fault = t.ahead()
        if not said:
            # A fault found in the proofs of the card played last: its state to draw.
            return {"more": more, "state": t.state(), "fault": True} if fault else {"more": more}
        return self._fd_answer(t, {"more": more, "fault": fault})

    def cmd_facedown_state(self, args):
        return self._fd().state()

    def cmd_facedown_verdict(self, args):
        """`{"hand"}`: this phone's word on that hand: `checked`, the first
        `fault` in words, `unchecked` with why, or `void`."""
        hand = args.get("hand")
        if not whole(hand) or hand < 1:
            raise refuse(f"Spiel {hand!r} gibt es nicht", f"there is no hand {hand!r}")
        t = self._fd()
        t.check_opened()
        return t.verdict(hand)

    def cmd_facedown_resend(self, args):
        """`{"from", "waits"}` (host): the hand's envelopes from that position
        on, for a guest that reloaded or reconnected (it says where it stands
        in `state.received`, and whether it waits for the welcome in
        `state.waits`)."""
        t = self._fd()
        if t.role != "host":
            raise not_now("nur das Handy des Gastgebers gibt weiter", "only the host's phone relays")
        return {"send": t.resend(args.get("from"), args.get("waits") is True)}

    def cmd_facedown_unrelayed(self, args):
        """(guest) What this phone said that the host has not relayed back
        yet, to send again on a new channel (the old one may have lost it;
        the host takes each message once)."""
        t = self._fd()
        if t.role != "guest":
            raise not_now("nur ein Gast schickt seine Nachrichten noch einmal", "only a guest sends its messages again")
        return {"send": t.unrelayed()}

    def cmd_facedown_load(self, args):
        """`{"save"}`: the table as this phone's save left it (after a
        reload); a guest's `send` holds what it said that the host has not
        relayed back yet, to send again."""
        t = FaceDownTable.from_save(args.get("save"), self.facedown_phone)
        self.facedown = t
        # (A host's save stored between sending envelopes on and taking them
        # here says `state.settle`: `facedown_settle` next.)
        return {"save": self._fd_save(t), "send": t.unrelayed(), "state": t.state()}

    # -- what this phone checked ---------------------------------------------

    def cmd_facedown_lists(self, args):
        """The Spielliste of what this phone checked, as `lists` answers it:
        the series' games and totals, or the last game it checked a hand of."""
        return self._fd().lists()

    def cmd_facedown_result(self, args):
        """At a tournament's table, once its series is over and checked here:
        the result for the organiser, as `table_result` answers it, from the
        games this phone checked itself."""
        return self._fd().result()

    def cmd_facedown_export(self, args):
        """The file of what this phone checked (the series, or the last game
        it checked a hand of), as `export` writes any file: `{"file",
        "left_out_hand": null, …}`; no hand this phone has not checked."""
        return self._fd().export()
