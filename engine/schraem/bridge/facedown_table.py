"""One phone at a table of phones whose cards are dealt face down
(docs/PHONE_TABLE.md, "Cards face down"; the protocol in docs/FACE_DOWN.md).

Every phone plays the hand on its own engine (a `Seat`, core/facedown_game.py)
knowing its own cards and what is face up, and no other card. The host's
phone is one of them: beside its own seat it relays every phone's message
to every phone in an envelope it signs (`HostRelay`), and it plays the
computer seats, each a `Seat` of its own that knows its cards only. A
guest's phone plays its seat and nothing else.

What crosses between the phones are *frames*, JSON only: a guest sends
`{"type": "msg", "hand", "msg"}` to the host, the host sends every guest
`{"type": "env", "hand", "env"}` (the same envelopes to all). Before the
first hand the table code's round (core/facedown_code.py): each guest's
`{"type": "commit"}`, the host's `{"type": "commits"}` of every seat's,
each guest's `{"type": "reveal"}` of its key and nonce, and once,
`{"type": "welcome", …}` with the table, its first record and every seat's
long-term key and nonce.

A phone's save holds everything it needs to go on after a reload: its
long-term key, the hand's secret and seed (drawn with `secrets` and in the
save before anything that depends on them is sent), every envelope it was
relayed and, per seat it plays, what it did in order (its *journal*) and
every message it sent as it was sent. A reload plays the journal again on a
fresh `Seat`, which says the same things again, word for word
(`Log.resent`), and goes on where it was.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, cast

from ..bots import APP_LEVELS, LEVELS, choose
from ..core.errors import IllegalAction, InvalidAction
from ..core.facedown_dropout import after_move
from ..core.game import Game
from ..core.stakes import GameMoney
from ..core.view import view
from .facedown_base import not_now, refuse
from .facedown_takeover import TakeoverSide


class FaceDownTable(TakeoverSide):
    """One phone's side of a face-down table: the host's or a guest's
    (`role`), its seat and what it plays, and what it shows."""

    # The last game's money, worked out once (game number, its money).
    _money: tuple[int, dict[str, Any] | None] = (0, None)

    def bot_step(self) -> dict[str, Any] | None:
        """One computer seat's action, if one wants to act now: decided from
        that seat's own view, which holds its cards and no other."""
        if self.relay is None:
            return None
        for s, level in self.bots().items():
            local = self.locals.get(s)
            if local is None or not local.offered():
                continue
            seen = view(local.st.engine(), local.st.viewer)
            action = choose(level if level in LEVELS else "easy", seen, random.Random(secrets.randbits(64)))
            if action is not None:
                self._post(local.act(action))
                self._run()
                return action
        return self._standin_step()

    def _standin_step(self) -> dict[str, Any] | None:
        """The lost seat's action, played on as a computer player would,
        from that seat's own view: its cards and no other's but the host's."""
        st = self.standin()
        if st is None or any(m["seat"] == st.seat for m in self.gate) or not st.offered():
            return None
        action = choose(APP_LEVELS[0], view(st.engine(), st.seat), random.Random(secrets.randbits(64)))
        if action is None:
            return None
        out = st.act(action)
        self.locals[self.host].journal.append(["standin", action])
        self._post(out)
        self._run()
        return action

    def ahead(self) -> tuple[bool, bool, bool]:
        """One piece of work ahead for a seat this phone plays in the hand
        under way (core/facedown_game.py `Seat.ahead`): the shell asks while
        the phone is idle, one at a time, so an arriving frame never waits
        long. A share of another seat's card is sent at once, as any
        message, and in the journal, so that a reload says it again word
        for word. → whether there is more to do, whether it said something
        (then stored and sent), and whether it found a fault (the proofs of
        the card played last: then drawn at once)."""
        if self.taking is not None or self.verdicts.get(self.hand or 0) is not None:
            return False, False, False
        faults = self._faults()
        if any(local.awaiting for local in self.locals.values()):
            # Its action is on its way: the host refuses a held action whose
            # phone says more before it is relayed (`take`). Asked again
            # once it is back; the last card's proofs are checked meanwhile.
            self.check_opened()
            return False, False, self._faults() > faults
        for local in self.locals.values():
            out = local.st.ahead()
            if out is None:
                continue
            local.noted()
            if out:
                if out[0]["kind"] == "shows":
                    standin = out[0]["seat"] != local.st.seat
                    local.journal.append(["standin_early" if standin else "early", out[0]["places"]])
                if self.relay is not None:
                    self._post(out)
                    self._run()
                else:
                    self.outbox += [self._said(m) for m in out]
            return True, bool(out), self._faults() > faults
        return False, False, False

    def check_opened(self) -> None:
        """The proofs of the cards opened last, checked now (before this
        phone's word on the hand is read)."""
        for local in self.locals.values():
            local.st.check_opened()

    def _faults(self) -> int:
        return sum(len(local.st.phone.faults) for local in self.locals.values())

    def act(self, action: object) -> None:
        """This phone's person's action, as its own engine takes it."""
        own = self.own()
        if self.taking is not None:
            raise not_now("der Tisch wird gerade übernommen", "the table is being taken over")
        if own is None or self.verdicts.get(self.hand or 0) is not None:
            raise not_now("es wird gerade kein Spiel gespielt", "no hand is being played")
        if own.st.viewer is None:  # a Rengen set's Hängeln of two other players
            name = self.table_names()[self.seat - 1]
            raise refuse(
                f"{name} spielt beim Hängeln nicht mit: dieses Handy sieht nur zu",
                f"{name} does not play in the Hängeln: this phone only watches",
            )
        if not isinstance(action, dict) or action.get("seat") != own.st.viewer:
            raise refuse(
                *self.seated_words(f"dieses Handy spielt nur für Platz {own.st.viewer}", f"this phone plays for seat {own.st.viewer} only")
            )
        if own.awaiting:
            raise not_now("der letzte Zug ist noch unterwegs", "the last move is still on its way")
        if not own.st.settled():
            raise not_now("die Karten werden noch geöffnet", "the cards are still being opened")
        own.st.phone.check_opened()
        if own.st.phone.faults:
            raise not_now("dieses Handy hat in diesem Spiel einen Fehler gesehen", "this phone saw a fault in this hand")
        try:
            out = own.act(action)
        except (IllegalAction, InvalidAction) as e:
            if self.order is None:
                raise
            # The engine names the Hängeln's seats, which are not the table's.
            seated = type(e)(e.code, **e.params)
            seated.de, seated.en = self.seated_words(e.de, e.en)
            raise seated from e
        if self.relay is not None:
            self._post(out)
            self._run()
        else:
            self.outbox += [self._said(m) for m in out]

    def state(self) -> dict[str, Any]:
        """What this phone shows: its own seat's view (its cards, what is
        face up), what it may do, and its word on every hand."""
        own = self.own()
        shown: dict[str, Any] | None = None
        legal: list[dict[str, Any]] = []
        phase = "waiting"
        over = False
        if own is not None:
            st = own.st
            if st.settled():
                game = st.engine()
                shown, over = st.current_view(), game.hand_over
                legal = [] if self.hand in self.verdicts else own.offered()
                phase = "checked" if self.hand in self.verdicts else "checking" if over else "playing"
            else:
                shown = st.shown[max(st.shown)] if st.shown else None
                phase = "dealing" if shown is None else "playing"
        last = self.hand
        return {
            "seat": self.seat,
            "role": self.role,
            "game": self.game,
            "hand": last,
            "phase": phase,
            "view": shown,
            "legal": legal,
            "due": shown["due"] if shown else [],
            "hand_over": over,
            "game_over": bool(shown and shown.get("game_over")),
            "verdict": self.verdict(last) if last is not None else None,
            "verdicts": [self.verdicts[h] for h in sorted(self.verdicts)],
            "joined": self.welcomed,
            # The table code of every seat's long-term key: the same on
            # every phone, as the people at the table compare it.
            "code": self.code(),
            # This phone's moves the relay refused in this hand, with its words.
            "refused": [self._refusal(r, own.st.viewer) for r in own.st.refused] if own else [],
            "received": len(self.envelopes),  # envelopes of the hand taken: `facedown_resend` goes on from the next
            # (host) Envelopes sent on that this phone's own seats have not
            # taken yet: the shell asks `facedown_settle` next.
            "settle": self.role == "host" and self.unsettled(),
            # A guest that showed its key and waits for the host's welcome
            # (the first, or after seats changed hands): `facedown_resend`
            # sends it again.
            "waits": self.role == "guest" and (not self.welcomed or self.recode is not None),
            "gone": self.gone(),
            # Faults other phones found in this hand and said to every phone
            # (each then stops): their words, this phone cannot check them.
            "reports": self.reports(),
            "left": sorted(self.left),  # seats whose phones were lost, played by the host's phone since
            # Seats going to a new phone before the next game, whose key is awaited.
            "joining": sorted(s for s in self.joined if self.identities[s - 1] is None),
            # The game, once over and checked here: what this phone files in its history.
            "filed": self.filed(),
            # The kitty, as at any table: what the game is played for and,
            # once it is over and checked here, what it cost whom.
            "stakes": dict(self.before.get("stakes", {})),
            "money": self.money(),
            # A series: where it stands and its totals, from the games this phone checked.
            "series": self.series_facts(),
            # A Rengen set: its games' losers, who plays the Hängeln (table
            # seats), the set's loser (club.set_facts), from the games this
            # phone checked; and in the Hängeln this phone's seat in it
            # (None: it watches, from no seat; else the view's seat).
            "set": self.set_facts(),
            "hangeln_seat": None if self.order is None else (self.phone_of(self.seat) if self.phone_of(self.seat) <= 2 else None),
            # The table's players by its seats: the view's are the Hängeln's
            # two there, and a seat changes hands by its table seat.
            "names": self.table_names() if self.welcomed else None,
            # A tournament's table: the ticket it plays (its result goes back to the organiser).
            "ticket": self.ticket,
            # The last hand void before its deal: the host's "next hand" deals it again.
            "redeal": self.redeal(),
            # On the host: whether its next deal ("Nächstes Spiel", "Nochmal",
            # the series' next game) is taken now; not while one is dealt.
            "deal_ready": self.may_deal(),
            # A guest's phone that took the table over from the host's that
            # was gone: while it is done (`taking`, the seats still awaited),
            # and then what every phone says of it (`taken`).
            "host": self.host,
            "taking": self.taking_facts(),
            "taken": self.taken,
        }

    def _refusal(self, refused: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        """A move of this phone's the relay refused, with the relay's words
        (the protocol's, which name the hand's phones)."""
        message = refused["message"]
        de, en = self.seated_words(refused["de"], refused["en"])
        return {"action": message.get("action") or {"seat": viewer, "type": "play", "card": message.get("card")}, "de": de, "en": en}

    def money(self) -> dict[str, Any] | None:
        """What the game over cost whom, from the record this phone checked."""
        filed = self.finished.get(self.game)
        if filed is None or not filed.get("stakes"):
            return None
        if self._money[0] != self.game:
            self._money = (self.game, cast(GameMoney, Game.from_record(filed).money).to_json())
        return self._money[1]

    def reports(self) -> list[dict[str, Any]]:
        """The faults other phones said they found in the hand under way
        (`Seat.report`), by table seat, in their words as `seated` names
        the phones; none where this phone found one itself (it says its own)."""
        own = self.own()
        if own is None or own.st.reported is not None:
            return []
        out = []
        for phone, (de, en) in sorted(own.st.reports.items()):
            de, en = self.seated_words(de, en)
            out.append({"seat": self.seat_of(phone), "de": de, "en": en})
        return out

    def gone(self) -> dict[str, Any] | None:
        """Who the host said was gone in this hand, and when: every phone
        shows it. `void`: the hand is void; `watched`: the phone only watched
        a Hängeln, which goes on between its two players, nobody playing for
        that seat; else the host's phone plays that seat on."""
        own = self.own()
        if own is None or own.st.gone is None:
            return None
        phone, after = own.st.gone
        lost = self.seat_of(phone)
        void = self.void()
        if void is not None:
            return {"seat": lost, "after": after, "void": True, "de": void.de, "en": void.en}
        name = self.table_names()[lost - 1]
        out: dict[str, Any] = {"seat": lost, "after": after, "void": False}
        if phone > own.st.plan.game_seats:
            out["watched"] = True
            then = "das Handy sah beim Hängeln nur zu", "that phone only watched the Hängeln"
        else:
            then = f"das Handy des Gastgebers spielt für Platz {lost} weiter", f"the host's phone plays on for seat {lost}"
        when = after_move(after)
        out["when"] = {"de": when[0], "en": when[1]}
        out["de"] = f"Platz {lost} ({name}) ging {when[0]}; {then[0]}"
        out["en"] = f"seat {lost} ({name}) left {when[1]}; {then[1]}"
        return out
