"""The one boundary between the app shell and the engine: JSON text in, JSON
text out (docs/BRIDGE.md). It holds the table the worker is playing and
never raises: every failure is returned as data, the state untouched, with
the request's id whenever the text names one."""

from __future__ import annotations

import json

from .. import __version__
from ..bots import APP_LEVELS
from ..club.organiser import Organiser
from ..core import rule_catalog
from ..core.errors import IllegalAction, InvalidAction, SchraemError
from ..core.rules import Rules
from ..review import duel
from ..review.review import Review
from .club_commands import ClubCommands
from .facedown_commands import FaceDownCommands
from .facedown_table import FaceDownTable
from .game_commands import GameCommands
from .phone_commands import PhoneCommands
from .review_commands import ReviewCommands
from .table import Table, restored_table, short_repr, table_mark
from .wire import MAX_DEPTH, MAX_REQUEST_CHARS, decode, encoded_reply, find_id


class Bridge(GameCommands, PhoneCommands, ClubCommands, ReviewCommands, FaceDownCommands):
    def __init__(self) -> None:
        self.table: Table | None = None
        self.organiser = Organiser()
        self.review: Review | None = None  # the game review under way (review_commands.py)
        self.facedown: FaceDownTable | None = None  # a face-down table's phone (facedown_commands.py)

    def handle(self, text: str) -> str:
        req_id = None
        table = self.table
        mark = table_mark(table)
        try:
            try:
                req = decode(text)
            except SchraemError:
                if isinstance(text, str):
                    req_id = find_id(text)
                raise
            req_id = req.get("id")
            cmd = req.get("cmd")
            args = req.get("args")
            args = {} if args is None else args
            if not isinstance(args, dict) or not isinstance(cmd, str):
                raise InvalidAction("request_shape")
            method = getattr(self, "cmd_" + cmd, None)
            if method is None:
                raise InvalidAction("unknown_command", cmd=short_repr(cmd))
            result = method(args)
            reply = {"id": req_id, "ok": True, "result": result}
        except SchraemError as e:
            self.table = table
            if table is not None and req_id is not None and isinstance(e, (IllegalAction, InvalidAction)):
                e = e.named(table.game.names)  # "Hubert is to play", not "seat 2"
            reply = {"id": req_id, "ok": False, "error": e.to_json()}
        except Exception as e:  # a bug: still answer, in plain words, so the shell can tell the user
            # The game as it was: an action written before the bug struck
            # is taken back, as the words "unchanged" promise.
            self.table = restored_table(table, mark)
            reply = {
                "id": req_id,
                "ok": False,
                "error": dict(InvalidAction("internal").to_json(), kind="InternalError", detail=repr(e)[:500]),
            }
        try:
            return encoded_reply(reply)
        except (TypeError, ValueError):  # an id JSON cannot carry back; cannot happen with a parsed one
            return json.dumps({"id": None, "ok": False, "error": dict(InvalidAction("internal").to_json(), kind="InternalError")})

    # --- commands ----------------------------------------------------------
    def cmd_hello(self, args):
        # The club facts of each preset: games per series, series per tournament.
        club_facts = {
            p: {"series_games": r.series_games, "tournament_series": r.tournament_series}
            for p, r in ((p, Rules.make(p)) for p in Rules.preset_names())
        }
        return {
            "version": __version__,
            "presets": Rules.preset_names(),
            "bot_levels": list(APP_LEVELS),
            "limits": {"request_chars": MAX_REQUEST_CHARS, "depth": MAX_DEPTH},
            "club": club_facts,
            # How many may play under each preset: the start form offers these counts only.
            "players": {p: {"min": r.min_players, "max": r.max_players} for p, r in ((p, Rules.make(p)) for p in Rules.preset_names())},
            "house_rules": rule_catalog.house_rules(),
            "duel": duel.facts(),
        }

    def cmd_rule_catalog(self, args):
        """The house-rules editor's facts for a preset and options; options
        that cannot be played together are refused with the reason."""
        return rule_catalog.catalog(Rules.make(args.get("rules", "rheinland"), args.get("options") or {}))


_bridge = Bridge()


def handle(text: str) -> str:
    return _bridge.handle(text)
