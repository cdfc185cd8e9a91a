"""A fault a phone finds in the middle of a face-down hand, said to every
phone (docs/FACE_DOWN.md, "The game on every phone"): a phone that finds
one stops, and without a word the others would see only a phone gone
quiet, which the host's phone may call gone."""

from __future__ import annotations

from .facedown import Phone
from .facedown_log import Log
from .facedown_wire import Message, Verdict, fault

# The most of another phone's words on a fault that are kept.
REPORTED = 300


class FaultReports:
    """`Seat`'s reports: its own (`reported`, the verdict it said) and the
    other phones' (`reports`, their words by phone)."""

    phone: Phone
    log: Log
    revealed: bool
    reported: Verdict | None
    reports: dict[int, tuple[str, str]]

    def report(self) -> list[Message]:
        """The first fault this phone found in the hand before its reveal,
        said once to every phone, signed, with its log to compare: a
        phone that finds one stops, and the others would otherwise see it
        only as a phone that went quiet (the host's phone could call it
        gone). What the log shows, every phone checks (two logs the host
        signed name the host); the words are the reporting phone's."""
        if self.reported is not None or self.revealed or self.phone.standing_in:
            return []
        named = next((v for v in self.phone.faults if v.status == "fault"), None)
        if named is None:
            return []
        self.reported = named
        return [self.log.seal({**self.log.log_message(), "kind": "fault", "de": named.de, "en": named.en})]

    def report_again(self, verdict: Verdict) -> list[Message]:
        """A reload's replay of the fault it reported (its journal): taken
        again where the replay did not find it itself (the work ahead that
        found it is not replayed), and said again word for word."""
        if self.reported is None and verdict not in self.phone.faults:
            self.phone.faults.append(verdict)
        return self.report()

    def _on_report(self, msg: Message) -> None:
        """Another phone's report of a fault: its log compared as any phone's
        log, its words kept (the first only, and not without end)."""
        self.log.compare(msg)
        sender, de, en = int(msg["seat"]), msg.get("de"), msg.get("en")
        if not isinstance(de, str) or not isinstance(en, str):
            raise fault(sender, "meldet einen Fehler unlesbar", "reports a fault unreadably")
        self.reports.setdefault(sender, (de[:REPORTED], en[:REPORTED]))
