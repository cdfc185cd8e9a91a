"""A face-down table's save, and the table as a save left it
(bridge/facedown_table.py, "A phone's save")."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any, Self

from ..core.errors import InvalidAction, SchraemError
from ..core.facedown import Phone
from ..core.facedown_code import CodeRound
from ..core.facedown_game import Seat
from ..core.facedown_log import chain_start
from ..core.facedown_wire import Verdict
from ..core.fields import clean_name
from ..core.game import Game
from ..crypto import ORDER, encode_scalar
from .facedown_base import Local, TableBase, read_secret, refuse

FORMAT = "schraem-facedown-table/1"
# How a save is spelled as text.
SEPARATORS = (",", ":")
# What stands for the hand's envelopes while the rest of a save is spelled
# (`save_text`): drawn anew in every run, so that no message can hold it.
ENVELOPES = f"envelopes {secrets.token_hex(16)}"
ENVELOPES_SPELLED = json.dumps(ENVELOPES)


class SavedTable(TableBase):
    # The hand's envelopes as last spelled: the list, each one's text.
    _spelled: tuple[list[Any], list[str]] | None = None

    def save_text(self) -> str:
        """`to_save` as JSON text. Late in a hand most of a save is its
        envelopes (three quarters), which never change once taken: each is
        spelled once and kept, where spelling the whole save was a fifth
        of a card played taken by a phone."""
        save = self.to_save()
        hand = save.get("hand")
        if hand is None:
            return json.dumps(save, separators=SEPARATORS)
        hand["envelopes"] = ENVELOPES
        return json.dumps(save, separators=SEPARATORS).replace(ENVELOPES_SPELLED, self._envelopes_text(), 1)

    def _envelopes_text(self) -> str:
        kept = self._spelled
        if kept is None or kept[0] is not self.envelopes or len(kept[1]) > len(self.envelopes):
            kept = self._spelled = (self.envelopes, [])
        texts = kept[1]
        texts += [json.dumps(e, separators=SEPARATORS) for e in self.envelopes[len(texts) :]]
        return "[" + ",".join(texts) + "]"

    def to_save(self) -> dict[str, Any]:
        hand = None
        if self.hand is not None:
            hand = {
                "number": self.hand,
                "envelopes": self.envelopes,
                "seats": {str(s): local.to_json() for s, local in self.locals.items()},
                "early": list(self.relay.early.values()) if self.relay is not None else [],
                "gate": self.gate,
                **({"keys": self.played} if self.played is not None else {}),
            }
        return {
            "format": FORMAT,
            "role": self.role,
            "seat": self.seat,
            "table": self.table,
            "record": self.before,
            "after": self.after,
            "seats": self.kinds,
            **({"started": self.started} if self.started is not None else {}),
            "identities": self.identities,
            "keys": {str(s): encode_scalar(k).hex() for s, k in self.keys.items()},
            "nonces": {str(s): n.hex() for s, n in self.nonces.items()},
            "code": self.code_round.to_json() if self.code_round is not None else None,
            **({"uncoded": True} if self.uncoded else {}),
            "welcomed": self.welcomed,
            "left": sorted(self.left),
            **({"joined": sorted(self.joined), "recode": self.recode} if self.joined or self.recode is not None else {}),
            **({"computers": sorted(self.computers)} if self.computers else {}),
            **({"renamed": {str(k): n for k, n in sorted(self.renamed.items())}} if self.renamed else {}),
            **({"opened": self.opened} if self.opened is not None else {}),
            "verdicts": [self.verdicts[h] for h in sorted(self.verdicts)],
            "game": self.game,
            "retry": self.retry,
            **({"host": self.host, "epoch": self.epoch} if self.epoch else {}),
            **({"taking": self.taking} if self.taking is not None else {}),
            **({"taken": self.taken} if self.taken is not None else {}),
            "finished": [self.finished[g] for g in sorted(self.finished)],
            "hand": hand,
        }

    @classmethod
    def from_save(cls, save: object, phone: Callable[..., Phone] = Phone) -> Self:
        """The table as a save left it: each seat's journal played again on
        a fresh `Seat` with its kept secret and seed, saying again what it
        said (`Log.resent`)."""
        if not isinstance(save, dict) or save.get("format") != FORMAT or save.get("role") not in ("host", "guest"):
            raise refuse("das ist keine Sicherung eines verdeckten Tisches", "that is no save of a face-down table")
        try:
            keys = {int(s): read_secret(k) for s, k in dict(save["keys"]).items()}
            t = cls(
                save["role"], int(save["seat"]), str(save["table"]), save["record"], list(save["seats"]), list(save["identities"]), keys
            )
            t.phone = phone
            t.welcomed = bool(save["welcomed"])
            t.nonces = {int(s): bytes.fromhex(n) for s, n in dict(save.get("nonces") or {}).items()}
            code = save.get("code")
            t.code_round = CodeRound.from_json(code) if code is not None else None
            # A save from before the table code has none: the table it was
            # welcomed to plays on (an app update loses no game).
            t.uncoded = bool(save.get("uncoded")) or ("code" not in save and t.welcomed)
            t.started = _started(save.get("started"), len(t.kinds))
            t.left = {int(s) for s in save.get("left", [])}
            t.joined = {int(s) for s in save.get("joined", [])}
            t.computers = {int(s) for s in save.get("computers", [])}
            t.renamed = {int(k): clean_name(n, int(k)) for k, n in dict(save.get("renamed", {})).items()}
            t.recode = None if save.get("recode") is None else int(save["recode"])
            opened = save.get("opened")
            if opened is not None and (not isinstance(opened, dict) or opened.get("type") != "welcome"):
                raise ValueError("a welcome kept that is none")
            t.opened = opened
            t.after = save.get("after")
            t.verdicts = {int(v["hand"]): dict(v) for v in save["verdicts"]}
            t.game, t.retry = int(save.get("game", 1)), int(save.get("retry", 0))
            t.host, t.epoch = int(save.get("host", 1)), int(save.get("epoch", 0))
            if t.host != 1 and not 1 <= t.host <= len(t.kinds):
                raise ValueError("a host's seat that is none")
            t.taking = None if save.get("taking") is None else dict(save["taking"])
            t.taken = None if save.get("taken") is None else dict(save["taken"])
            t.finished = {k: dict(r) for k, r in enumerate(save.get("finished", []), 1)}
            t._load_more(save)
            hand = save.get("hand")
            if hand is not None:
                t._restore(hand)
        except (KeyError, TypeError, ValueError, IndexError, SchraemError) as e:
            if isinstance(e, InvalidAction) and e.code == "bad_request":
                raise
            raise refuse(
                f"die Sicherung des verdeckten Tisches ist beschädigt ({e})", f"the save of the face-down table is damaged ({e})"
            ) from e
        return t

    def _load_more(self, save: dict[str, Any]) -> None:
        """What a save holds beyond the table before its hand is taken up
        (a Rengen set's games decide the order of the hand's phones)."""

    def _restore(self, hand: dict[str, Any]) -> None:
        self.hand = int(hand["number"])
        played = hand.get("keys")
        self.played = None if played is None else [str(k) for k in played]
        self.envelopes = list(hand["envelopes"])
        self.order = self.hand_order(Game.from_record(self.before))
        publics = self.hand_publics()
        for key, kept in dict(hand["seats"]).items():
            s = int(key)
            secret = read_secret(kept["secret"])
            if not 0 < secret < ORDER:
                raise ValueError("a secret out of range")
            st = Seat(
                self.before,
                self.phone_of(s),
                self.round_name(self.game, self.retry),
                identity=self.keys[s],
                identities=publics,
                host=self.phone_of(self.host),
                secret=secret,
                seed=bytes.fromhex(kept["seed"]),
                phone=self.phone,
                phones=self.watchers(),
                computers=[self.phone_of(b) for b in self.bots()],
            )
            st.log.resent = {int(m["n"]): m for m in kept["sent"]}
            local = self.locals[s] = Local(st, self.bots().get(s))
            for entry in kept["journal"]:
                if entry[0] == "start":
                    st.start()
                elif entry[0] == "env":
                    local.take(self.envelopes[int(entry[1]) - 1])
                elif entry[0] == "gone":
                    st.log.seal({"kind": "gone", "seat": st.seat, "who": int(entry[1])})
                elif entry[0] == "standin":
                    if st.standin is None:
                        raise ValueError("a stand-in's move before the stand-in")
                    st.standin.act(entry[1])
                elif entry[0] == "early":
                    st.show_early([int(p) for p in entry[1]])
                elif entry[0] == "standin_early":
                    if st.standin is None:
                        raise ValueError("a stand-in's share before the stand-in")
                    st.standin.show_early([int(p) for p in entry[1]])
                elif entry[0] == "fault":
                    st.report_again(Verdict(str(entry[1]), None if entry[2] is None else int(entry[2]), str(entry[3]), str(entry[4])))
                elif entry[0] == "refuse":
                    local.refusal(int(entry[1]), int(entry[2]), (str(entry[3]), str(entry[4])))
                else:
                    st.act(entry[1])
                    local.awaiting += 1
            local.journal = [list(e) for e in kept["journal"]]
        if self.role == "host" and self.locals and self.taking is None:
            # (A phone taking a table over holds the old host's hand as a guest did.)
            self._host_relay()
            relay = self.relay
            assert relay is not None
            relay.log = [json.dumps(e, separators=(",", ":")) for e in self.envelopes]
            relay.chain = bytes.fromhex(self.envelopes[-1]["chain"]) if self.envelopes else chain_start(relay.context)
            for e in self.envelopes:
                relay.numbers[e["msg"]["seat"]] = e["msg"]["n"]
                if e["msg"].get("kind") == "gone" and e["msg"]["seat"] == self.phone_of(self.seat):
                    relay.lose(int(e["msg"]["who"]))
            relay.early = {(m["seat"], m["n"]): m for m in hand.get("early", [])}
            self.gate = list(hand.get("gate", []))
            # Envelopes sent on before this phone's own seats took them
            # (kept, as everything sent): they take them at `settle`, which
            # the state asks for.
            own = self.locals.get(self.host)
            taken = max((int(e[1]) for e in own.journal if e[0] == "env"), default=0) if own is not None else len(relay.log)
            relay.pending = relay.log[taken:]


def _started(value: object, seats: int) -> list[dict[str, Any]] | None:
    """The seats as the game under way began, as a save keeps them: one
    per seat, each a person's or a computer's."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(isinstance(k, dict) and k.get("kind") in ("human", "bot") for k in value)
    ):
        raise ValueError("the seats as the game began are unreadable")
    return [dict(k) for k in value]
