"""A guest's side of a face-down table (bridge/facedown_table.py): the
host's welcome, each envelope it relays, the computer seats it says it
plays for a lost phone, and what to send again after a reload."""

from __future__ import annotations

import json

from ..core.facedown_code import CodeRound
from ..core.facedown_wire import Message
from ..core.game import Game
from ..crypto import base_multiple
from .facedown_base import TableBase, computer, not_now, read_key, refuse, whole


class GuestSide(TableBase):
    def committed_to(self, frame: object) -> Message:
        """The host's list of every seat's commitment to its key (the table
        code's first half, core/facedown_code.py): this phone's own must be
        at its seat, and every seat's there. → this phone's key and nonce,
        for the host: only now, once it holds every commitment."""
        if self.welcomed and self.recode is None:
            raise not_now("dieses Handy ist schon am Tisch", "this phone has joined already")
        if not isinstance(frame, dict) or frame.get("type") != "commits" or not isinstance(frame.get("commits"), list):
            raise refuse("das sind keine Zusagen der Plätze", "those are no commitments of the seats")
        commits = frame["commits"]
        if not 2 <= len(commits) <= 8 or not self.seat <= len(commits):
            raise refuse(f"Platz {self.seat} ist an diesem Tisch kein Handy", f"seat {self.seat} is no phone at this table")
        own = {self.seat: (base_multiple(self.keys[self.seat]).encode().hex(), self.nonces[self.seat])}
        r = CodeRound(len(commits), own)
        if commits[self.seat - 1] != r.commits[self.seat - 1]:
            raise refuse("der Gastgeber nennt für dieses Handy eine andere Zusage", "the host names another commitment for this phone")
        for s, c in enumerate(commits, 1):
            if c is None:
                raise refuse(
                    f"ohne die Zusage von Platz {s} zeigt dieses Handy seinen Schlüssel nicht",
                    f"without the commitment of seat {s} this phone does not show its key",
                )
            r.commit(s, c)
        if self.code_round is not None and self.code_round.committed() and self.code_round.commits != r.commits:
            raise refuse("der Gastgeber nennt andere Zusagen als zuvor", "the host names other commitments than before")
        if self.code_round is None or not self.code_round.committed():
            self.code_round = r
        key, nonce = self.code_round.reveals()[self.seat]
        return {"type": "reveal", "identity": key, "nonce": nonce}

    def welcomed_by(self, frame: object) -> None:
        """The host's welcome: the table, its first record and every seat's
        long-term key and nonce, each checked against the commitment this
        phone was given for its seat before it showed its own; its own key
        must be at its seat. The keys make the table code."""
        if not isinstance(frame, dict) or frame.get("type") != "welcome":
            raise refuse("das ist keine Einladung an den Tisch", "that is no welcome to the table")
        r = self.code_round
        if r is None or not r.committed():
            raise not_now(
                "der Gastgeber begrüßt dieses Handy, bevor es die Zusagen aller Plätze hat",
                "the host welcomes this phone before it holds every seat's commitment",
            )
        kinds, identities, table = frame.get("seats"), frame.get("identities"), frame.get("table")
        if not isinstance(table, str) or not 1 <= len(table) <= 64:
            raise refuse("der Tisch hat keinen Namen", "the table has no name")
        if not isinstance(kinds, list) or not isinstance(identities, list) or len(kinds) != len(identities):
            raise refuse("die Plätze des Tisches sind unlesbar", "the table's seats are unreadable")
        if not all(isinstance(k, dict) and k.get("kind") in ("human", "bot") for k in kinds):
            raise refuse("die Plätze des Tisches sind unlesbar", "the table's seats are unreadable")
        game = Game.from_record(frame.get("record"))
        # The host's seat: seat 1, or after a take-over the phone that took the table over.
        host, epoch = frame.get("host", 1), frame.get("epoch", 0)
        if not whole(host) or not 1 <= host <= len(kinds) or host == self.seat or kinds[host - 1].get("kind") != "human":
            raise refuse("der Platz des Gastgebers ist unlesbar", "the host's seat is unreadable")
        if not whole(epoch) or not 0 <= epoch <= 999:
            raise refuse("die Übernahmen des Tisches sind unlesbar", "the table's take-overs are unreadable")
        if len(game.names) != len(kinds) or not 1 <= self.seat <= len(kinds) or kinds[self.seat - 1].get("kind") != "human":
            raise refuse(f"Platz {self.seat} ist an diesem Tisch kein Handy", f"seat {self.seat} is no phone at this table")
        mine = base_multiple(self.keys[self.seat]).encode().hex()
        if identities[self.seat - 1] != mine:
            raise refuse("der Gastgeber nennt für dieses Handy einen anderen Schlüssel", "the host names another key for this phone")
        nonces = frame.get("nonces")
        if len(kinds) != r.seats or not isinstance(nonces, list) or len(nonces) != r.seats:
            raise refuse("der Gastgeber nennt andere Plätze als in den Zusagen", "the host names other seats than in the commitments")
        for s, k in enumerate(identities, 1):
            read_key(k, f"Der Schlüssel von Platz {s}")
        checked = CodeRound.from_json(r.to_json())  # nothing changes if a reveal is refused
        for s, (k, n) in enumerate(zip(identities, nonces), 1):
            checked.reveal(s, k, n)
        if game.hand is not None and not game.hand_over:
            raise refuse("das erste Spiel ist schon gegeben", "the first hand is dealt already")
        self.table, self.kinds, self.identities, self.before = table, kinds, identities, game.to_record()
        self.host, self.epoch = host, epoch
        self.code_round = checked
        self.welcomed = True

    def receive(self, frame: object) -> None:
        """The host's next envelope; the first of a hand starts this phone's
        seat in it."""
        if not self.welcomed:
            raise not_now("dieses Handy ist noch nicht am Tisch", "this phone has not joined the table yet")
        if not isinstance(frame, dict) or frame.get("type") != "env" or not isinstance(frame.get("env"), dict):
            raise refuse("der Gastgeber hat keinen Umschlag geschickt", "the host sent no envelope")
        env, hand = frame["env"], frame.get("hand")
        if frame.get("epoch", 0) != self.epoch:
            raise not_now(
                "dieser Umschlag kommt von einem Tisch vor oder nach einer Übernahme, nicht von diesem",
                "this envelope comes from the table before or after a take-over, not from this one",
            )
        pos = env.get("pos")
        if not whole(pos) or not whole(hand):
            raise refuse("der Umschlag hat keine Position", "the envelope has no position")
        number, retry = frame.get("game", 1), frame.get("retry", 0)
        if (number, retry, hand) != (self.game, self.retry, self.hand):
            if self.hand is not None and self.verdicts.get(self.hand) is None:
                raise not_now(
                    f"ein Umschlag von Spiel {hand}, bevor Spiel {self.hand} zu Ende geprüft ist",
                    f"an envelope of hand {hand} before hand {self.hand} is checked",
                )
            # The next round is this phone's own to say: the next hand, the
            # void hand dealt again, or "Nochmal"'s next game, each made
            # from what this phone checked; the host only starts it.
            if number == self.game + 1 and self.hand is not None:
                game, expected = self.next_match(), (number, 0)
            else:
                game, again = self.next_game()
                expected = (self.game, again)
            if (number, retry) != expected or hand != len(game.specs) + 1 or pos != 1:
                raise refuse(f"ein Umschlag von Spiel {hand}, das nicht das nächste ist", f"an envelope of hand {hand}, not the next")
            self._computers(frame.get("computers"))
            self._start_round(number, retry)
            self._begin(game, [self.seat])
            own = self.locals[self.seat]
            self.outbox += [self._said(m) for m in own.st.start()]
        if pos <= len(self.envelopes):
            return  # had already: sent again after a reconnect
        if pos != len(self.envelopes) + 1:
            raise not_now(
                f"Umschlag {len(self.envelopes) + 1} fehlt; der Gastgeber schickt ihn noch einmal",
                f"envelope {len(self.envelopes) + 1} is missing; the host sends it again",
            )
        self.envelopes.append(env)
        out = self.locals[self.seat].receive(env)
        self.outbox += [self._said(m) for m in out]
        self._settle()

    def _computers(self, given: object) -> None:
        """The host's keys for seats now played by its phone: only for the
        seat this phone saw said gone in the last hand, played on and
        checked; any other is refused, and nothing changes."""
        given = given or {}
        lost = self.lost_last()
        if not isinstance(given, dict):
            raise refuse("die Computerplätze des Gastgebers sind unlesbar", "the host's computer seats are unreadable")
        changes: dict[int, str] = {}
        for key, identity in given.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else None
            if seat is not None and seat in self.left and identity == self.identities[seat - 1]:
                continue  # told before
            if seat is None or seat != lost:
                raise refuse(
                    f"der Gastgeber will Platz {key} selbst spielen, der in keinem Spiel als gegangen galt",
                    f"the host would play seat {key} itself, which no hand said was gone",
                )
            changes[seat] = read_key(identity, f"Der Schlüssel von Platz {seat}").encode().hex()
        if lost is not None and lost not in changes and lost not in self.left:
            raise refuse(
                f"der Gastgeber sagt nicht, wer Platz {lost} spielt, dessen Handy gegangen ist",
                f"the host does not say who plays seat {lost}, whose phone is gone",
            )
        for seat, identity in changes.items():
            self.identities[seat - 1] = identity
            self.kinds[seat - 1] = computer()
            self.left.add(seat)

    def unrelayed(self) -> list[Message]:
        """Its messages the host has not relayed back yet: after a reload it
        sends them again (the host takes each once)."""
        own = self.own()
        if own is None or self.role != "guest" or self.taking is not None:
            return []  # a table being taken over: nobody relays the hand any more
        log = own.st.log
        done = log.numbers.get(own.st.seat, 0)
        return [self._said(json.loads(b)) for n, b in sorted(log.sent.items()) if n > done]
