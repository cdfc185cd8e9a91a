"""A face-down table carried on by a guest's phone once the host's phone is
gone (docs/PHONE_TABLE.md, "Tisch übernehmen" face down).

Every phone holds the hands it checked itself and the envelopes of the hand
under way as the old host signed them, so no phone needs another's word for
where the table stands. The take-over goes in two steps:

1. **Where the table stands.** The phone taking over says where it is
   (`takeover`); each guest that follows says where it is and gives the old
   host's envelopes it has beyond that (`taken`). The new host takes them
   as it took the old host's (every one signed by the old host and chained,
   so none can be made up) and sends each guest what it lacks: every phone
   ends at the same place in the old host's log.
2. **A new table code.** The old host's phone held the keys of its own seat,
   of the computers' and of the seats of phones lost before: the new host's
   phone draws new ones for them and plays them from now on, as computer
   seats. Every phone goes through the table code's round again
   (bridge/facedown_seats.py) and the people compare the new code.

The welcome says where the table goes on, and each guest checks it against
its own checked games: a hand not checked on every phone (its cards dealt
by the old host's round) is dealt again, a hand checked stands, and after a
game over the next game is dealt. The take-over's number (`epoch`) is bound
into every round's name, so nothing said before it stands after it."""

from __future__ import annotations

from typing import Any

from ..core.facedown_code import CodeRound
from ..core.facedown_wire import Message
from ..core.game import Game
from .facedown_base import TableBase, new_identity, not_now, refuse, whole
from .facedown_guest import GuestSide
from .facedown_seats import SeatSide

NO_NAMES = (
    "einen neuen Namen bekommt ein Platz zwischen zwei Spielrunden, nicht bei der Übernahme",
    "a seat takes a new name between games, not at a take-over",
)


def _position(frame: dict[str, Any]) -> tuple[int, int, int, int]:
    """Where a phone stands in the old host's log: its game, hand, the
    hand's deal and the envelopes of it taken."""
    game, hand, retry, received = frame.get("game"), frame.get("hand") or 0, frame.get("retry"), frame.get("received")
    if not (whole(game) and whole(hand) and whole(retry) and whole(received)) or min(game, hand, retry, received) < 0:
        raise refuse("die Stelle des Handys im Spiel ist unlesbar", "the phone's place in the game is unreadable")
    return game, hand, retry, received


class TakeoverSide(SeatSide):
    # -- the phone that takes the table over ---------------------------------

    def take_over(self) -> Message:
        """This guest's phone carries the table on as its host, the host's
        phone being gone. → the frame every other guest's phone gets on its
        new channel (`takeover_frame`)."""
        if self.role != "guest" or not self.welcomed:
            raise not_now("nur ein Gast am Tisch kann ihn übernehmen", "only a guest at the table can take it over")
        # Following another phone's take-over, whose phone is gone too before
        # its welcome: this phone takes the table over itself instead.
        self._unfollow()
        if self.uncoded:
            raise not_now(
                "dieser Tisch hat keinen Tischcode und kann nicht übernommen werden",
                "this table has no table code and cannot be taken over",
            )
        self._drop_change()
        self._point()  # a table that cannot go on (a tournament's series over) is not taken over
        self.taking = {"epoch": self.epoch + 1, "from": self.host, "by": self.seat, "synced": [], "computers": sorted(self._stand_ins())}
        self.role = "host"
        return self.takeover_frame()

    def keep_out(self) -> None:
        """Not taking the table over after all (two phones tapped at once,
        or by mistake): back to a guest of the table as it was, which may
        then follow another phone's take-over. Only while no guest's phone
        follows this one: nothing of the table has changed until then."""
        t = self.taking
        if t is None or self.role != "host" or t["by"] != self.seat:
            raise not_now("dieses Handy übernimmt keinen Tisch", "this phone is taking no table over")
        if self._followed():
            raise not_now(
                "ein anderes Handy folgt dieser Übernahme schon; dieses Handy führt den Tisch weiter",
                "another phone follows this take-over already; this phone carries the table on",
            )
        self.taking = None
        self.role = "guest"

    def takeover_frame(self) -> Message:
        t = self.taking
        assert t is not None
        return {
            "type": "takeover",
            "table": self.table,
            "epoch": t["epoch"],
            "from": t["from"],
            "by": t["by"],
            "computers": t["computers"],
            **self._where(),
        }

    def _where(self) -> dict[str, Any]:
        return {"game": self.game, "retry": self.retry, "hand": self.hand, "received": len(self.envelopes)}

    def _stand_ins(self) -> set[int]:
        """The seats the old host's phone played: its own, the computers',
        and those of phones lost for good, the hand under way's too."""
        seats = {self.host, *self.bots(), *self.left}
        own = self.own()
        if own is not None and own.st.gone is not None:
            seats.add(self.seat_of(own.st.gone[0]))
        return seats

    def awaited(self) -> list[int]:
        """While the table is taken over, the guests' phones not yet at the
        new host's place in the log, nor given to the computer."""
        t = self.taking
        if t is None or self.role != "host" or t.get("recoded"):
            return []
        return [s for s in self.guests() if s not in t["synced"] and s not in t["computers"]]

    def _followed(self) -> bool:
        """Whether another phone follows this one's take-over already."""
        t = self.taking
        return t is not None and bool(t.get("synced") or t.get("recoded"))

    def taking_facts(self) -> dict[str, Any] | None:
        t = self.taking
        if t is None:
            return None
        return {"epoch": t["epoch"], "from": t["from"], "by": t["by"], "awaited": self.awaited(), "followed": self._followed()}

    def follow(self, seat: object, frame: object) -> dict[str, list[Message]]:
        """A guest's answer to the take-over (`taken`): where it stands and
        the old host's envelopes it has beyond this phone. → the frames for
        each guest's phone: what it lacks of the log. Once every guest's
        phone is at the same place, the new table code's round starts
        (`send`)."""
        t = self.taking
        if t is None or self.role != "host":
            raise not_now("dieses Handy übernimmt keinen Tisch", "this phone is taking no table over")
        if not whole(seat) or seat not in self.guests() or seat in t["computers"]:
            raise refuse(f"Platz {str(seat)[:12]} ist kein Handy eines Gastes", f"seat {str(seat)[:12]} is no guest's phone")
        given = frame if isinstance(frame, dict) else {}
        if given.get("type") != "taken" or given.get("epoch") != t["epoch"] or not isinstance(given.get("envs"), list):
            raise refuse("das ist keine Antwort auf diese Übernahme", "that is no answer to this take-over")
        theirs = _position(given)
        if t.get("recoded"):
            return {}  # said again after a reconnect: every phone was at the same place already
        round_before, taken_before = (self.game, self.retry, self.hand), len(self.envelopes)
        outbox, self.outbox = self.outbox, []
        try:
            for env in given["envs"]:
                GuestSide.receive(self, env)
        except (ValueError, TypeError) as e:
            raise refuse(
                f"das Handy von Platz {seat} ist weiter im Spiel, als dieses Handy folgen kann: es übernimmt besser selbst",
                f"the phone of seat {seat} is further in the game than this phone can follow: it had better take over itself",
            ) from e
        finally:
            self.outbox = outbox  # this phone's own answers to the old host: nobody relays them now
        new = self.envelopes if (self.game, self.retry, self.hand) != round_before else self.envelopes[taken_before:]
        to: dict[str, list[Message]] = {str(s): [self._frame(e) for e in new] for s in t["synced"] if s != seat and new}
        same = theirs[:3] == (self.game, self.hand or 0, self.retry)
        lacking = self.envelopes[theirs[3] :] if same else self.envelopes
        to[str(seat)] = [self._frame(e) for e in lacking]
        if seat not in t["synced"]:
            t["synced"] = sorted([*t["synced"], seat])
        self._recode_when_all_in()
        return to

    def _recode_when_all_in(self) -> None:
        """Once every guest's phone is at the same place: the new host's
        phone draws a key for every seat it plays from now on, and every
        guest is asked to commit to its key again for the new table code."""
        t = self.taking
        assert t is not None
        if self.awaited() or t.get("recoded"):
            return
        t["recoded"] = True
        for s in t["computers"]:
            self._change_hands(s, new_identity())
        self.outbox = [f for f in self.outbox if f.get("type") != "recode"] + [self._recode_frame()]
        if not self.guests():
            # No guest's phone left: every key is this phone's, and the table goes on at once.
            self.commits_frame()
            welcome = self.opened = self.welcome()
            assert welcome is not None
            self._taken_over(welcome)

    def _recode_frame(self) -> Message:
        frame = super()._recode_frame()
        if self.taking is not None:
            frame["takeover"] = self.taking["epoch"]
        return frame

    def computer_seat(self, seat: object, name: object = None) -> None:
        """While the table is taken over, a guest's phone that does not come
        goes to the computer too, played on this phone from now on."""
        t = self.taking
        if t is None or t.get("recoded"):
            super().computer_seat(seat, name)
            return
        seat = self._between(seat)
        if name is not None:
            raise refuse(*NO_NAMES)
        t["computers"] = sorted({*t["computers"], seat})
        self._recode_when_all_in()

    def give_seat(self, seat: object, name: object = None) -> None:
        if self.taking is not None:
            raise not_now(
                "ein neues Handy kommt nach der Übernahme an den Tisch, zwischen zwei Spielrunden",
                "a new phone joins after the take-over, between games",
            )
        super().give_seat(seat, name)

    def _between(self, seat: object) -> int:
        t = self.taking
        if t is None:
            return super()._between(seat)
        if not whole(seat) or seat not in self.guests() or seat in t["computers"]:
            raise refuse(f"Platz {str(seat)[:12]} ist kein Platz eines Gastes", f"seat {str(seat)[:12]} is no guest's seat")
        r = self.code_round
        if t.get("recoded") and r is not None and r.committed():
            raise not_now("der neue Tischcode wird schon gemacht", "the new table code is being made already")
        return seat

    def welcome(self) -> Message | None:
        """The welcome after a take-over: every seat's key and nonce, and
        where the table goes on, which every guest checks against its own."""
        t = self.taking
        if t is None or not t.get("recoded"):
            return super().welcome()
        frame = TableBase.welcome(self)
        if frame is None:
            return None
        record, number, dropped = self._point()
        frame.update(record=record, game=number, takeover=t["epoch"], host=t["by"], dropped=dropped)
        return frame

    def take_reveal(self, seat: object, identity: object, nonce: object) -> Message | None:
        welcome = super().take_reveal(seat, identity, nonce)
        if welcome is not None and self.taking is not None and welcome.get("takeover") is not None:
            self._taken_over(welcome)
        return welcome

    def resend(self, pos: object, waits: bool = False) -> list[Message]:
        """A guest back on a new channel while the table is taken over is
        sent the take-over so far: it may have missed any of it."""
        t = self.taking
        if t is None:
            return super().resend(pos, waits)
        frames = [self.takeover_frame()]
        r = self.code_round
        if t.get("recoded") and r is not None:
            frames.append(self._recode_frame())
            if r.committed():
                frames.append({"type": "commits", "commits": r.commits})
        return frames

    # -- where the table goes on ---------------------------------------------

    def _point(self) -> tuple[dict[str, Any], int, int | None]:
        """The game the next hand is dealt into, its number, and the hand
        under way if it is dealt again (not checked on this phone: the old
        host's round cannot end without the old host's phone)."""
        hand = self.hand
        if hand is not None and self.verdicts.get(hand, {}).get("status") != "checked":
            return self.before, self.game, hand
        if hand is None:
            return self.before, self.game, None
        last = self._checked_last()
        if not Game.from_record(last).game_over:
            return last, self.game, None
        following, _ = self.following()
        return following.to_record(), self.game + 1, None

    def _taken_over(self, welcome: Message) -> None:
        """The take-over done: the hand under way closed (dealt again if not
        checked), the new host's seat and epoch, and what every phone says."""
        t = self.taking
        assert t is not None
        # The welcome's place: this phone's own (the host made it; a guest checked it against its own).
        dropped, number = welcome.get("dropped"), welcome["game"]
        # The first hand dealt after the take-over: the one dealt again, the next game's first, or the next.
        first = dropped if dropped is not None else 1 if number != self.game else (self.hand or 0) + 1
        if dropped is not None:
            self.verdicts.pop(dropped, None)
            self.hand = dropped - 1 if dropped > 1 else None
            self.after = self.before if self.hand is not None else None
        # The old host's round is over on every phone: a reload must not take it up again.
        self.locals, self.envelopes, self.relay, self.gate, self.played = {}, [], None, [], None
        if self.role == "host":
            # The new code is made (as a guest's welcome ends its round): a guest
            # that missed the welcome is sent it again (`resend`).
            self.recode, self.computers = None, set()
            self.left -= self.joined
        self.host, self.epoch, self.retry = t["by"], t["epoch"], 0
        names = self.table_names()  # (a set's everyone, also in its Hängeln)
        by, old = names[t["by"] - 1], f"{t['from']}: {names[t['from'] - 1]}"
        then = (
            (f"Spiel {dropped} wird neu gegeben", f"hand {dropped} is dealt again")
            if dropped is not None
            else (f"Spielrunde {number} wird gegeben", f"game {number} is dealt")
            if number != self.game
            else (f"Spiel {first} wird gegeben", f"hand {first} is dealt")
        )
        self.taken = {
            "epoch": t["epoch"],
            "from": t["from"],
            "by": t["by"],
            "game": number,
            "hand": first,
            "dropped": dropped,
            "de": f"{by} hat den Tisch von Platz {old} übernommen: {then[0]}",
            "en": f"{by} took the table over from seat {old}: {then[1]}",
        }
        self.taking = None

    # -- a guest that follows the new host -----------------------------------

    def taken_by(self, frame: object) -> Message:
        """Another guest's phone takes the table over: this phone follows it,
        saying where it stands and giving it the old host's envelopes it has
        beyond the new host's place. → the `taken` frame for the new host."""
        if self.role != "guest" or not self.welcomed:
            raise not_now("dieses Handy ist an keinem Tisch Gast", "this phone is no guest at a table")
        given = frame if isinstance(frame, dict) else {}
        if given.get("type") != "takeover" or given.get("table") != self.table:
            raise refuse("das ist keine Übernahme dieses Tisches", "that is no take-over of this table")
        epoch, by = given.get("epoch"), given.get("by")
        t = self.taking
        if t is not None and (t["epoch"], t["by"]) != (epoch, by) and t["epoch"] == epoch:
            # The phone this one followed is gone too before its welcome:
            # another takes the table over in its place.
            self._unfollow()
            t = None
        if t is None or (t["epoch"], t["by"]) != (epoch, by):
            if epoch != self.epoch + 1 or given.get("from") != self.host or t is not None:
                raise refuse("diese Übernahme folgt nicht auf den Tisch dieses Handys", "this take-over does not follow this phone's table")
            people = [s for s, k in enumerate(self.kinds, 1) if k.get("kind") == "human" and s not in (self.host, self.seat)]
            if by not in people:
                raise refuse(f"Platz {str(by)[:12]} kann diesen Tisch nicht übernehmen", f"seat {str(by)[:12]} cannot take this table over")
        theirs = _position(given)
        self._drop_change()
        mine = (self.game, self.hand or 0, self.retry)
        ahead = self.envelopes[theirs[3] :] if mine == theirs[:3] else self.envelopes if mine > theirs[:3] else []
        answer = {"type": "taken", "epoch": epoch, **self._where(), "envs": [self._frame(e) for e in ahead]}
        self.taking = {"epoch": epoch, "from": given["from"], "by": by}
        return answer

    def recoded(self, frame: object) -> None:
        given = frame if isinstance(frame, dict) else {}
        if "takeover" not in given:
            super().recoded(frame)
            return
        t = self.taking
        if self.role != "guest" or t is None or given["takeover"] != t["epoch"]:
            raise not_now("dieses Handy folgt dieser Übernahme nicht", "this phone does not follow this take-over")
        joining, computers = given.get("joining"), given.get("computers")
        if not isinstance(joining, list) or joining != computers or not all(whole(s) and 1 <= s <= self.seats for s in joining):
            raise refuse("die Plätze für den Computer sind unlesbar", "the seats for the computer are unreadable")
        if self.seat in joining or t["by"] in joining:
            raise refuse(
                "der neue Gastgeber gibt den Platz eines Handys am Tisch dem Computer",
                "the new host gives the seat of a phone at the table to the computer",
            )
        missing = self._stand_ins() - set(joining)
        if missing:
            raise refuse(
                f"der neue Gastgeber sagt nicht, wer Platz {min(missing)} spielt, den das alte Gastgeber-Handy spielte",
                f"the new host does not say who plays seat {min(missing)}, which the old host's phone played",
            )
        if given.get("game") != self.game:
            raise refuse("die Übernahme gehört zu einer anderen Spielrunde", "the take-over belongs to another game")
        r = self.code_round
        if self.recode is not None and r is not None:
            if set(joining) != self.computers:
                raise not_now("der neue Tischcode wird schon gemacht", "the new table code is being made already")
            self.outbox.append({"type": "commit", "commit": r.commits[self.seat - 1]})  # sent again after a reconnect
            return
        # The table's code round as it was, should the new host's phone be gone before its welcome.
        t["was"] = {"code": self.code_round.to_json() if self.code_round is not None else None, "nonce": self.nonces[self.seat].hex()}
        self._commit_anew(set(joining), set(joining), {})

    def welcomed_by(self, frame: object) -> None:
        given = frame if isinstance(frame, dict) else {}
        if self.taken is not None and given.get("takeover") == self.epoch and given.get("identities") == self.identities:
            return  # the take-over's welcome, sent again after a reconnect
        super().welcomed_by(frame)

    def _drop_change(self) -> None:
        """A seat the old host's phone was giving to a new phone or the
        computer when it was lost: the change is dropped before the take-
        over (no phone's welcome took it: every seat is as in the game
        checked last), and the new host may make it again between games.
        The commitment this phone made for it is never revealed: the take-
        over's new table code has one of its own."""
        if self.taking is None and self.recode is not None:
            self.recode, self.joined, self.computers, self.renamed = None, set(), set(), {}

    def _unfollow(self) -> None:
        """No longer following a take-over whose welcome never came: the
        table's code round as it was before it (the old host's envelopes
        this phone was given on the way stay: each is the old host's)."""
        t = self.taking
        if t is None:
            return
        if self.role != "guest":
            raise not_now("dieses Handy übernimmt den Tisch schon", "this phone is taking the table over already")
        was = t.get("was")
        if was is not None:
            self.code_round = CodeRound.from_json(was["code"]) if was["code"] is not None else None
            self.nonces[self.seat] = bytes.fromhex(was["nonce"])
        self.recode, self.joined, self.computers, self.renamed = None, set(), set(), {}
        self.taking = None

    def rewelcomed_by(self, frame: object, game: int | None = None) -> None:
        """The new host's welcome: every key as for any change of seats, and
        the place the table goes on from, the same as this phone's own."""
        t = self.taking
        if t is None:
            super().rewelcomed_by(frame, game)
            return
        given = frame if isinstance(frame, dict) else {}
        if given.get("takeover") != t["epoch"] or given.get("host") != t["by"]:
            raise refuse(
                "diese Begrüßung gehört zu keiner Übernahme, der dieses Handy folgt",
                "this welcome belongs to no take-over this phone follows",
            )
        record, number, dropped = self._point()
        if given.get("record") != record or given.get("dropped") != dropped:
            raise refuse(
                f"der neue Gastgeber setzt an einer anderen Stelle fort als dieses Handy (Spielrunde {number})",
                f"the new host goes on from another place than this phone (game {number})",
            )
        super().rewelcomed_by(frame, number)
        self._taken_over(given)
