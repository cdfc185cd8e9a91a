"""What every phone at a face-down table holds (bridge/facedown_table.py):
the words of a refusal, the seats this phone plays in the hand under way
(`Local`), the table and the hand, and each phone's word on each hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeGuard

from ..bots import APP_LEVELS
from ..core.errors import Both, IllegalAction, InvalidAction
from ..core.facedown import Phone
from ..core.facedown_code import CodeRound
from ..core.facedown_game import Seat
from ..core.facedown_relay import HostRelay
from ..core.facedown_wire import Message, Verdict, renamed
from ..core.game import Game
from ..crypto import Element, decode_scalar, encode_scalar, random_scalar

ACTIONS = ("act", "play")  # the messages that carry a seat's action


def computer() -> dict[str, str]:
    """A seat the host's phone plays from now on: the app's computer player."""
    return {"kind": "bot", "level": APP_LEVELS[0]}


def refuse(de: str, en: str) -> InvalidAction:
    return InvalidAction("bad_request", detail=Both(de, en))


def not_now(de: str, en: str) -> IllegalAction:
    return IllegalAction("deal_phase", detail=Both(de, en))


def read_key(value: object, what: str) -> Element:
    try:
        return Element.decode(bytes.fromhex(value) if isinstance(value, str) else b"")
    except ValueError as e:
        raise refuse(f"{what} ist kein Schlüssel", f"{what} is not a key") from e


def read_secret(value: object) -> int:
    try:
        return decode_scalar(bytes.fromhex(value) if isinstance(value, str) else b"")
    except ValueError as e:
        raise refuse("ein Geheimnis der Sicherung ist unlesbar", "a secret in the save is unreadable") from e


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Local:
    """A seat this phone plays in the hand under way: its person's, or on
    the host's phone a computer's (`level`). `journal` is what it did, in
    order: its start, each envelope taken (by position), each action."""

    def __init__(self, st: Seat, level: str | None) -> None:
        self.st = st
        self.level = level
        self.journal: list[list[Any]] = [["start"]]
        self.awaiting = 0  # its actions sent and not yet relayed back
        self._sent: dict[int, tuple[bytes, Any]] = {}  # its messages as sent, and as read (`to_json`)

    def receive(self, env: Message) -> list[Message]:
        self.journal.append(["env", env["pos"]])
        return self.take(env)

    def take(self, env: Message) -> list[Message]:
        msg = env.get("msg") if isinstance(env, dict) else None
        if isinstance(msg, dict) and msg.get("seat") == self.st.seat and msg.get("kind") in ACTIONS:
            self.awaiting = max(0, self.awaiting - 1)
        out = self.st.receive(env)
        self.noted()
        return out

    def noted(self) -> None:
        """The fault its seat reported (`Seat.report`), in the journal once:
        a reload's replay finds again only what the envelopes show, not
        what its work ahead found."""
        v = self.st.reported
        if v is not None and not any(e[0] == "fault" for e in self.journal):
            self.journal.append(["fault", v.status, v.seat, v.de, v.en])

    def refuse(self, message: Message, why: tuple[str, str]) -> Message:
        """The relay's word, in its own seat's name, that `message` is
        refused (the host's seat only)."""
        self.journal.append(["refuse", message["seat"], message["n"], *why])
        return self.refusal(message["seat"], message["n"], why)

    def refusal(self, of: int, number: int, why: tuple[str, str]) -> Message:
        return self.st.log.seal({"kind": "refuse", "seat": self.st.seat, "of": of, "number": number, "de": why[0], "en": why[1]})

    def act(self, action: dict[str, Any]) -> list[Message]:
        out = self.st.act(action)
        self.journal.append(["act", action])
        self.awaiting += 1
        return out

    def offered(self) -> list[dict[str, Any]]:
        return [] if self.awaiting else self.st.offered()

    def to_json(self) -> dict[str, Any]:
        ph, log = self.st.phone, self.st.log
        return {
            "secret": encode_scalar(ph.secret).hex(),
            "seed": ph.seed.hex(),
            "journal": self.journal,
            "sent": [self._read(n, b) for n, b in sorted(log.sent.items())],
        }

    def _read(self, n: int, sent: bytes) -> Any:
        """Message `n` as sent, read once: every save holds them all."""
        kept = self._sent.get(n)
        if kept is None or kept[0] is not sent:
            kept = self._sent[n] = (sent, json.loads(sent))
        return kept[1]


class Remote:
    """A guest's phone as the host's relay sees it: it answers nothing here;
    every envelope goes out to every guest as a frame (`HostSide._run`, bridge/facedown_host.py)."""

    def receive(self, message: Message) -> list[Message]:
        return []


class TableBase:
    """One phone's side of a face-down table: `role` "host" or "guest",
    its `seat`, the table's seats (`kinds`: {"kind": "human"} or
    {"kind": "bot", "level"}), every seat's long-term key (`identities`,
    None while a guest's is not known), the long-term secrets this
    phone holds (`keys`: its own; on the host also the computers'), the
    nonce it drew for each of them (`nonces`) and the round that makes the
    table code of all the keys (`code_round`, core/facedown_code.py)."""

    def __init__(
        self,
        role: str,
        seat: int,
        table: str,
        record: dict[str, Any],
        kinds: list[dict[str, Any]],
        identities: list[str | None],
        keys: dict[int, int],
    ) -> None:
        self.role, self.seat, self.table = role, seat, table
        # The seat of the host's phone: seat 1 until a guest's phone takes
        # the table over (bridge/facedown_takeover.py), and how often the
        # table was taken over (`epoch`, bound into every round's name).
        self.host = 1
        self.epoch = 0
        # While a guest's phone takes the table over: the take-over's epoch,
        # the host's seat it takes over from and its own (`by`); once done,
        # what every phone shows of it (`taken`).
        self.taking: dict[str, Any] | None = None
        self.taken: dict[str, Any] | None = None
        self.before = record  # the game before the hand under way (or the next)
        self._names: tuple[dict[str, Any], list[str]] | None = None  # (that record, its players: `names`)
        self.after: dict[str, Any] | None = None  # the game after it, once checked
        self.kinds = kinds
        # Who sat where as the game under way began: a seat the computer
        # took during it (its phone lost, or the host's at a take-over) is
        # filed as its person's, as a stand-in's is at the ordinary table.
        self.started: list[dict[str, Any]] | None = None
        self.identities = identities
        self.keys = keys
        self.nonces: dict[int, bytes] = {}
        self.code_round: CodeRound | None = None
        # A table welcomed before the phones drew a table code (its save
        # kept across an app update): its keys stay as its welcome gave them.
        self.uncoded = False
        self.welcomed = role == "host"
        self.left: set[int] = set()  # seats whose phones were lost, played by the host's phone since
        # Between games, seats given to a new phone (bridge/facedown_seats.py):
        # a new table code is made (`recode`, the game it follows) and, until
        # the next hand, no other key than theirs may change.
        self.joined: set[int] = set()
        self.computers: set[int] = set()  # of them, the seats that go to the computer (on the host's phone)
        self.renamed: dict[int, str] = {}  # of them, those played under a new name from the next game on
        self.recode: int | None = None
        # On the host, the welcome it made last (the first, or after seats
        # changed hands): a guest that missed it, and waits for it while the
        # host deals on, is sent it again (`resend`).
        self.opened: dict[str, Any] | None = None
        # The keys the hand under way (or the last) was dealt with: while a
        # new table code is made, a reload takes that hand up with them.
        self.played: list[str] | None = None
        # The table's seats in the order of the hand's phones, where it is
        # not the table's own: a Rengen set's Hängeln, its two players the
        # first phones, the others after them watching (`hand_order`).
        self.order: list[int] | None = None
        self.hand: int | None = None  # the hand under way or the last one
        # The table's game ("Nochmal" deals the next to the same phones) and
        # how often the hand under way was dealt again after a void deal:
        # with the hand's number they name its protocol round (`round_name`).
        self.game = 1
        self.retry = 0
        self.finished: dict[int, dict[str, Any]] = {}  # each finished game's record, checked, by number
        self.verdicts: dict[int, dict[str, Any]] = {}
        self.locals: dict[int, Local] = {}
        self.envelopes: list[Message] = []  # this hand's, in order
        self.relay: HostRelay | None = None
        # On the host: actions held until its own engine has taken every
        # action before them, then relayed, or refused in the log.
        self.gate: list[Message] = []
        self.outbox: list[Message] = []  # the frames this request sends
        self.phone: Callable[..., Phone] = Phone  # the protocol's side of each seat it plays

    # -- the table ----------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.kinds)

    def bots(self) -> dict[int, str]:
        return {s: str(k["level"]) for s, k in enumerate(self.kinds, 1) if k.get("kind") == "bot"}

    def guests(self) -> list[int]:
        """The seats of the guests' phones: every person's but the host's (a
        table being taken over: the phone taking it over)."""
        host = self.taking["by"] if self.taking is not None else self.host
        return [s for s, k in enumerate(self.kinds, 1) if k.get("kind") != "bot" and s != host]

    def publics(self) -> list[Element]:
        """Every seat's key for the hand's protocol: exactly the keys the
        table code covers. The one exception is a seat whose phone was lost
        for good, which the host's phone plays since with a key of its own:
        no phone's cards hang on that key but the lost seat's."""
        if self.uncoded:
            return [read_key(k, f"Der Schlüssel von Platz {s}") for s, k in enumerate(self.identities, 1)]
        coded = self.code_round.keys if self.code_round is not None and self.code() is not None else None
        if coded is None:
            raise not_now("der Tischcode ist noch nicht ausgemacht", "the table code is not settled yet")
        for s, k in enumerate(self.identities, 1):
            if s not in self.left and k != coded[s - 1]:
                raise refuse(
                    f"der Gastgeber hat den Schlüssel von Platz {s} nach dem Tischcode geändert",
                    f"the host changed the key of seat {s} after the table code",
                )
        return [read_key(k, f"Der Schlüssel von Platz {s}") for s, k in enumerate(self.identities, 1)]

    def hand_publics(self) -> list[Element]:
        """The keys of the hand under way or the last one, as it was dealt,
        in the order of its phones."""
        if self.played is None:
            return self.in_hand_order(self.publics())
        return self.in_hand_order([read_key(k, f"Der Schlüssel von Platz {s}") for s, k in enumerate(self.played, 1)])

    # -- the hand's phones and the table's seats ------------------------------

    def hand_order(self, game: Game) -> list[int] | None:
        """The table's seats in the order of the phones that deal the next
        hand of `game`, where that is not the table's own (None): at a Rengen
        set's Hängeln (bridge/facedown_set.py)."""
        return None

    def phone_of(self, seat: int) -> int:
        """The phone of the hand under way that a table seat is."""
        return seat if self.order is None else self.order.index(seat) + 1

    def seat_of(self, phone: int) -> int:
        """The table seat of a phone of the hand under way."""
        return phone if self.order is None or not 1 <= phone <= len(self.order) else self.order[phone - 1]

    def seat_and_name(self, phone: int) -> tuple[int, str] | None:
        """A phone of the hand under way as a person knows it: its table seat
        (the same number, except where the hand's phones are not the
        table's seats, a Hängeln) and its player; None for a place no phone
        has."""
        names = self.table_names()
        if self.order is None:
            return (phone, names[phone - 1]) if 1 <= phone <= len(names) else None
        if not 1 <= phone <= len(self.order):
            return None
        seat = self.order[phone - 1]
        return seat, names[seat - 1]

    def seated(self, v: Verdict) -> Verdict:
        """A verdict of the protocol's (core/facedown_*.py) as this phone
        shows it. The protocol names a phone by its place among the hand's
        phones ("Platz 3"); people know each other by name, so every phone
        it names is named by its table seat and player ("Platz 3 (Carla)").
        In a Hängeln that place is another seat's number at the table (a
        watcher's is no seat of the game's): the table seat stands for it."""
        return v.renamed(self.seat_and_name)

    def seated_words(self, de: str, en: str) -> tuple[str, str]:
        """Words of the protocol's or the engine's (a refusal) as `seated`
        shows a verdict's: the engine's seats in a Hängeln are the hand's
        first phones, so they map alike."""
        return renamed(de, self.seat_and_name), renamed(en, self.seat_and_name)

    def in_hand_order(self, by_seat: list[Any]) -> list[Any]:
        """Something of every table seat, in the order of the hand's phones."""
        return list(by_seat) if self.order is None else [by_seat[s - 1] for s in self.order]

    def watchers(self) -> int | None:
        """The number of phones that deal the hand, where some only watch
        (`Seat`'s `phones`); None where every phone plays."""
        return None if self.order is None else len(self.order)

    def code(self) -> str | None:
        """The table code, once every seat's key and nonce are in: the same
        on every phone, as the people at the table see."""
        return self.code_round.code() if self.code_round is not None else None

    def names(self) -> list[str]:
        """The players of the game under way. Every state a phone answers
        names them, and reading them replays the game's record (a sixth of
        a guest's engine time, measured): kept for as long as the record is
        the same one (a new hand's is a new record, never one changed)."""
        kept = self._names
        if kept is None or kept[0] is not self.before:
            kept = self._names = (self.before, Game.from_record(self.before).names)
        return list(kept[1])

    def table_names(self) -> list[str]:
        """The table's players by its seats (a set's everyone, also while two
        of them play the Hängeln)."""
        return self.names()

    def welcome(self) -> Message | None:
        """The frame every guest gets once every phone's key is known."""
        r = self.code_round
        if any(k is None for k in self.identities) or r is None or r.code() is None:
            return None
        return {
            "type": "welcome",
            "table": self.table,
            "record": self.before,
            "seats": self.kinds,
            "identities": self.identities,
            "nonces": r.nonces,
        }

    def own(self) -> Local | None:
        return self.locals.get(self.seat)

    def round_name(self, game: int, retry: int) -> str:
        """The table's name as the protocol binds a round to it: with the
        hand's number, nothing said in one round stands in another, not in
        the next game's hand of the same number nor in a void hand dealt
        again. The first game's first deals keep the bare name."""
        if self.epoch:
            return f"{self.table}/{game}/{retry}/{self.epoch}"
        return self.table if (game, retry) == (1, 0) else f"{self.table}/{game}/{retry}"

    def void(self) -> Verdict | None:
        """The hand under way void by the dropout rule (core `Seat.void`),
        its words as `seated` shows them (in a Hängeln the lost phone's place
        is another seat's number, and a watcher's no seat of the game's)."""
        own = self.own()
        void = None if own is None else own.st.void()
        return None if void is None else self.seated(void)

    def redeal(self) -> bool:
        """Whether the last hand is void before its deck was dealt: nobody
        saw a card, and the phones still there deal it again."""
        own = self.own()
        return own is not None and own.st.void() is not None and not own.st.dealt_when_gone

    def _checked_last(self) -> dict[str, Any]:
        """The game after the last hand, once this phone checked it."""
        assert self.hand is not None
        v = self.verdict(self.hand)
        if v["status"] != "checked" or self.after is None:
            raise not_now(
                f"Spiel {self.hand} ist auf diesem Handy nicht geprüft ({v['de']}); der Tisch kann nicht weiterspielen",
                f"hand {self.hand} is not checked on this phone ({v['en']}); the table cannot play on",
            )
        return self.after

    def next_game(self) -> tuple[Game, int]:
        """The game the next hand is dealt into, and its round's retry: after
        the last hand, once this phone checked it; the same game again, with
        fresh secrets on every phone, after a hand void before its deal."""
        if self.hand is None:
            return Game.from_record(self.before), 0
        if self.redeal():
            return Game.from_record(self.before), self.retry + 1
        game = Game.from_record(self._checked_last())
        if game.game_over:
            raise not_now("die Spielrunde ist vorbei; „Nochmal“ gibt die nächste", "the game is over; 'Again' deals the next")
        return game, 0

    def next_match(self) -> Game:
        """The next game at this table ("Nochmal"), once this phone checked
        the last one to its end: the same players and marks, rules and
        stakes; its first hand dealt by the one the rules name. Every phone
        makes it from its own checked game, so none takes it on the host's
        word."""
        if self.hand is None:
            raise not_now("noch wurde kein Spiel gespielt", "no hand has been played yet")
        last = Game.from_record(self._checked_last())
        if not last.game_over:
            raise not_now("die Spielrunde läuft noch", "the game is still running")
        players = [{"name": n, "marks": m} for n, m in zip(self.names_next(last.names), last.start_marks)]
        return Game(players, last.rules, None, last.next_game_dealer() or 1, None, last.stakes)

    def names_next(self, names: list[str]) -> list[str]:
        """The players' names in the next game: a seat that changes hands
        under a new name is played under it."""
        return [self.renamed.get(s, name) for s, name in enumerate(names, 1)]

    def _file(self) -> None:
        """The game just checked to its end, kept for this phone's history:
        the record every phone replayed alike, with who sat where."""
        if self.after is None or self.game in self.finished or not Game.from_record(self.after).game_over:
            return
        players = [
            dict(p, **({"kind": "bot", "level": k["level"]} if k.get("kind") == "bot" else {}))
            for p, k in zip(self.after["players"], self.in_hand_order(self.seats_begun()))  # (a Hängeln's: its players' first)
        ]
        self.finished[self.game] = dict(self.after, players=players)

    def seats_begun(self) -> list[dict[str, Any]]:
        """The seats as the game under way began (`started`; the table's
        now in a save from before it was kept)."""
        return self.started if self.started is not None else self.kinds

    def filed(self) -> dict[str, Any] | None:
        """The current game once finished and checked, as the shell files it:
        its history id, the same on every phone (the table's name and the
        game's number), and its record."""
        record = self.finished.get(self.game)
        if record is None:
            return None
        return {"game": self.game, "id": f"game-facedown-{self.table[:24]}-{self.game}", "record": record}

    def _said(self, message: Message) -> Message:
        """A guest's message as its frame to the host: with the round it
        belongs to, so that nothing of a round ended reaches the next."""
        frame = {"type": "msg", "game": self.game, "retry": self.retry, "hand": self.hand, "msg": message}
        return dict(frame, epoch=self.epoch) if self.epoch else frame

    def _start_round(self, game: int, retry: int) -> None:
        """The round a new deal belongs to; a new game starts with no word
        on any of its hands yet, a void hand dealt again with none on it."""
        if game != self.game:
            self.verdicts = {}
            self.hand = None
        elif retry != self.retry and self.hand is not None:
            self.verdicts.pop(self.hand, None)
        self.game, self.retry = game, retry

    def _begin(self, game: Game, seats: list[int]) -> None:
        """A new hand: a fresh `Seat` for each seat this phone plays, its
        secret and seed drawn now (kept in the save this request returns,
        before the shell sends a word of it)."""
        record = game.to_record()
        if not game.specs:  # its first hand (or that hand dealt again)
            self.started = [dict(k) for k in self.kinds]
        publics = self.publics()
        self.order = self.hand_order(game)
        self.joined, self.recode, self.computers, self.renamed = set(), None, set(), {}
        self.played = [k.encode().hex() for k in publics]
        self.before = record
        self.after = None
        self.envelopes = []
        self.locals = {}
        table = self.round_name(self.game, self.retry)
        for s in seats:
            st = Seat(
                record,
                self.phone_of(s),
                table,
                identity=self.keys[s],
                identities=self.in_hand_order(publics),
                host=self.phone_of(self.host),
                phone=self.phone,
                phones=self.watchers(),
                computers=[self.phone_of(b) for b in self.bots()],
            )
            self.locals[s] = Local(st, self.bots().get(s))
        self.hand = next(iter(self.locals.values())).st.plan.hand

    def _host_relay(self) -> None:
        locals_ = self.locals
        phones: list[Any] = [locals_.get(self.seat_of(p)) or Remote() for p in range(1, self.seats + 1)]
        st = locals_[self.host].st
        own = [p for p in range(1, self.seats + 1) if self.seat_of(p) in locals_]
        self.relay = HostRelay(phones, st.plan.context, self.keys[self.host], self.hand_publics(), self.phone_of(self.host), own)

    def lost_last(self) -> int | None:
        """The seat whose phone was lost in the last hand, played on there by
        the host's phone and the hand checked, or lost before its deck was
        dealt: the one seat whose key may change before the next deal."""
        own = self.own()
        if own is None or own.st.gone is None or not (self.redeal() or (own.st.void() is None and self.after is not None)):
            return None
        lost = self.seat_of(own.st.gone[0])
        return lost if lost in self.guests() and lost != self.seat and lost not in self.joined else None

    def _settle(self) -> None:
        """Once every phone has revealed, this phone's check of the hand."""
        own = self.own()
        if own is None or self.hand is None or self.hand in self.verdicts:
            return
        st = own.st
        void = self.void()
        if void is not None:  # the dropout rule's: every phone says who left and when
            self.verdicts[self.hand] = dict(void.to_json(), hand=self.hand)
        elif st.replaced() or len(st.phone.reveals) == self.seats:
            v = self.seated(st.check())
            self.verdicts[self.hand] = dict(v.to_json(), hand=self.hand)
            if v.status == "checked" and st.replayed is not None:
                self.after = st.replayed.to_record()
                self._file()

    def verdict(self, hand: int) -> dict[str, Any]:
        """This phone's word on `hand`: checked, the first fault, or why it
        is not checked: never nothing."""
        found = self.verdicts.get(hand)
        if found is not None:
            return found
        own = self.own()
        named = next((f for f in own.st.phone.faults if f.status == "fault"), None) if own and hand == self.hand else None
        if named is not None:  # seen during the hand: said at once
            v = self.seated(named)
        elif hand != self.hand or own is None:
            v = Verdict.unchecked(f"dieses Handy hat Spiel {hand} nicht mitgespielt", f"this phone did not play hand {hand}")
        elif not own.st.revealed:
            v = Verdict.unchecked("das Spiel läuft noch", "the hand is still being played")
        else:
            waiting = ", ".join(str(self.seat_of(p)) for p in range(1, self.seats + 1) if p not in own.st.phone.reveals)
            v = Verdict.unchecked(f"Platz {waiting} hat sein Geheimnis noch nicht gezeigt", f"seat {waiting} has not shown its secret yet")
        return dict(v.to_json(), hand=hand)


def new_identity() -> int:
    """A phone's long-term key for the table, drawn with `secrets`."""
    return random_scalar()
