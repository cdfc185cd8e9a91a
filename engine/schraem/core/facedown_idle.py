"""What a seat at a face-down table (core/facedown_game.py `Seat`) does
while its phone is idle and the people think: the proof of the holder's
share of the card played last, and its shares of the cards of the seat
due to play (core/facedown_ahead.py); and what it showed ahead said
again, word for word, after a reload."""

from __future__ import annotations

from typing import Any

from .facedown_report import FaultReports
from .facedown_wire import Message
from .game import Game


class IdleWork(FaultReports):
    """`Seat`'s work ahead (a fault it finds there said at once,
    `FaultReports`); `Seat` supplies its phone, its log and its game."""

    standin: IdleWork | None
    revealed: bool
    inbox: list[Message]
    actions: list[dict[str, Any]]
    _ahead_done: tuple[int, int, bool] | None

    def settled(self) -> bool:
        raise NotImplementedError

    def engine(self) -> Game:
        raise NotImplementedError

    def ahead(self) -> list[Message] | None:
        """One piece of work ahead, for its seat or the lost seat it plays
        on, while the people think: the proof of the holder's share of the
        card played last (`Phone.check_opened`), else its share of a card
        of a seat due to play one now (`Phone.show_ahead`: the other seats'
        sent together once all are made, its own kept for its play). The
        next card played is one of them, and a seat that gives up before its turn
        has none made in vain. None while anything waits, once the hand is
        over or broken, or when there is nothing left to do. → what to send
        (signed; a stand-in's in the lost seat's name)."""
        if self.check_opened():
            return self.report()  # the holder's share of the card played last, checked (a fault said at once)
        if self.revealed or self.phone.faults or not self.settled():
            return None
        # Asked again with nothing new in the hand, it says so at once (the
        # shell asks after everything its engine does).
        moment = (len(self.inbox), len(self.actions), self.standin is None)
        if moment == self._ahead_done:
            return None
        game = self.engine()
        # (The hand's seats are its phones' first places: `plan.game_seats`.)
        playing = {s for s in game.due() if any(a.type == "play" for a in game.legal_actions(s))}
        for st in [st for st in (self, self.standin) if st is not None]:
            made = st.phone.show_ahead(playing)
            if made is not None:
                return [st.log.seal(m) for m in made]
        self._ahead_done = moment
        return None

    def check_opened(self) -> bool:
        """The proofs of the cards opened last (`Phone.check_opened`), its
        own phone's and the stand-in's it plays on. → whether there were any."""
        checked = self.phone.check_opened()
        return (self.standin is not None and self.standin.phone.check_opened()) or checked

    def show_early(self, places: list[int]) -> list[Message]:
        """Its shares of `places` shown ahead again, as a reload replays its
        journal: the words it said then, not worked out again."""
        kept = self.log.resent.get(len(self.log.sent) + 1)
        said = kept if kept is not None and kept.get("kind") == "shows" and kept.get("places") == places else None
        return [self.log.seal(self.phone.show_early(places, said))]
