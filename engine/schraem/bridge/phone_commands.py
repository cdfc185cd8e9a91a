"""The bridge's commands for a table of phones once it is open (docs/BRIDGE.md,
docs/PHONE_TABLE.md): the host's stand-ins, tickets and guests' messages
(table_host.py), and a guest's own checks of what its host sent
(core/dealcheck.py).

A mixin of `Bridge` (bridge/__init__.py): the commands share its table and
its rule that a refused request leaves everything as it was (`table_new` is
with the other commands that build tables, game_commands.py)."""

from __future__ import annotations

from typing import cast

from ..core.dealcheck import check_deal
from ..core.errors import Both, InvalidAction
from ..core.fields import clean_name
from ..core.game import Game
from .table import SET_KEEPS_SEATS, Commands
from .wire import is_whole


class PhoneCommands(Commands):
    def _phone_table(self):
        t = self._table()
        if t.host is None:
            raise InvalidAction("phone_table_only")
        return t

    def cmd_table_standin(self, args):
        """`{"seat", "on", "viewer"}`: the computer plays a guest seat whose
        phone is away (`on`), or gives it back; → the host's state, to store."""
        t = self._phone_table()
        t.check_viewer(args.get("viewer"))
        t.host.stand_in(args.get("seat"), args.get("on"), t.game)
        return t.state(args.get("viewer"))

    def cmd_table_phone_seat(self, args):
        """`{"seat", "name"?, "viewer"}`: between games, a computer player's
        seat, or a guest's whose phone left, goes to a new phone from the
        next game on (its ticket is ready now, so the phone joins before the
        next game is dealt), its person playing as `name`; → the host's state."""
        t, name, seats = self._seat_change(args)
        t.host.take_phone(args.get("seat"), seats, t.game, name)
        return t.state(args.get("viewer"))

    def cmd_table_computer_seat(self, args):
        """`{"seat", "name"?, "viewer"}`: between games, a guest's seat whose
        phone left goes to the computer from the next game on (playing as
        `name`, or under the seat's); → the host's state."""
        t, name, seats = self._seat_change(args)
        t.host.to_computer(args.get("seat"), seats, t.game, name)
        return t.state(args.get("viewer"))

    def _seat_change(self, args):
        """The table whose seat may change hands now, the new name checked
        (None: the seat keeps its own), and the table's seats (a set's
        everyone's, also once its Hängeln seated two). After a series or a
        set, the change holds from the next one on (`again`)."""
        t = self._phone_table()
        t.check_viewer(args.get("viewer"))
        if t.rset is not None and t.rset.loser is None:
            raise InvalidAction("bad_request", detail=Both(*SET_KEEPS_SEATS))
        seats = cast("list[dict]", t.set_seats) if t.rset is not None else t.seats
        names = t.rset.names if t.rset is not None else t.game.names
        name = args.get("name")
        if name is None:
            return t, None, seats
        if t.ticket is not None:
            raise InvalidAction(
                "bad_request",
                detail=Both(
                    "an einem Turniertisch spielt jeder Platz unter dem Namen der Auslosung",
                    "at a tournament's table every seat plays under the name the draw gave it",
                ),
            )
        seat = args.get("seat")
        name = clean_name(name, seat if is_whole(seat) else None)
        others = [n for i, n in enumerate(t.host.names_next(names)) if i + 1 != seat]
        if name in others:
            raise InvalidAction("bad_players", detail=Both(f"„{name}“ sitzt schon am Tisch", f"'{name}' already sits at the table"))
        return t, name, seats

    def cmd_table_ticket(self, args):
        """A guest seat's join ticket (its seat and secret), for the channel
        opened for that seat only."""
        return self._phone_table().host.ticket(args.get("seat"))

    def cmd_guest(self, args):
        """A guest's message, relayed as the text it came in, with the seat
        its channel was opened for: the reply goes back to that guest only.
        With `viewer` (the host's seat in the game: in the Hängeln its
        player's, or null where it watches), a change also brings the host's
        own state and every guest's (`guests`, as `guest_states`), so the
        host stores and tells everyone without asking again."""
        t = self._phone_table()
        viewer = args.get("viewer")
        t.check_viewer(viewer)  # before anything changes
        reply, changed = t.host.guest(t, args.get("seat"), args.get("text"))
        out = {"reply": reply, "changed": changed}
        if changed and "viewer" in args:
            out["state"] = t.state(viewer)
            # The guest's own state is its reply's, made after the change: not made twice.
            result = reply.get("result")
            made = {result["seat"]: result} if reply.get("ok") and isinstance(result, dict) and "view" in result else {}
            out["guests"] = self._guest_states(made)
        return out

    def cmd_guest_state(self, args):
        """What the host sends a guest after someone else's move."""
        t = self._phone_table()
        return t.host.guest_state(t, t.host.ticket(args.get("seat"))["seat"])

    def cmd_guest_states(self, args):
        """Every guest seat's state at once (one call after each change,
        instead of one per seat): {"<seat>": guest state}."""
        return self._guest_states({})

    def _guest_states(self, made: dict) -> dict:
        t = self._phone_table()
        return {str(s): made.get(s) or t.host.guest_state(t, s) for s in sorted(t.host.secrets)}

    def cmd_check_record(self, args):
        """A guest phone's check of the finished hands its host sent (the
        guest's `record`): replaying it checks every deal against its
        commit–reveal transcript. This phone's own table is left alone."""
        game = Game.from_record(args.get("record"))
        return {"hands": len(game.specs), "fair_deals_checked": [i + 1 for i, spec in enumerate(game.specs) if "fair" in spec]}

    def cmd_check_deal(self, args):
        """A guest phone's whole check of one finished hand (core/dealcheck.py):
        the host's `record` reply, this phone's `seat`, the `hand`, the
        `commits` it kept in that hand's reveal phase (null: none) and every
        state it was sent in that hand, in order. This phone's own table is
        left alone."""
        return check_deal(args)
