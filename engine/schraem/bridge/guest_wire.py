"""What a guest's phone may send the host of a table of phones, checked
before the host acts on it: the text's size and nesting, the request's
fields, its reply id, and the seat it speaks for, proven by that seat's
secret (docs/PHONE_TABLE.md). The host (table_host.py) then acts on it."""

from __future__ import annotations

import secrets

from ..core.errors import InvalidAction
from .wire import decode, find_id, is_whole

# A guest's honest messages are a few hundred characters (an action, a
# commit) nested at most four deep: {args: {action: {cards: [...]}}}.
GUEST_CHARS = 2048
GUEST_DEPTH = 5
GUEST_FIELDS = frozenset({"id", "seat", "secret", "cmd", "args"})
GUEST_COMMANDS = ("state", "commit", "reveal", "act", "record", "dispute", "lists")
# The keys of each command's args: anything else is refused by name.
GUEST_ARGS = {
    "state": (),
    "record": ("game",),
    "lists": (),
    "commit": ("hand", "round", "commit"),
    "reveal": ("hand", "round", "reveal"),
    "act": ("action",),
    "dispute": ("hand", "why"),
}
ID_CHARS = 64
# A dispute's reason as the guest's engine worded it (check_deal), per language.
WHY_CHARS = 400


def why_ok(why) -> bool:
    return why is None or (
        isinstance(why, dict)
        and set(why) == {"de", "en"}
        and all(isinstance(why[k], str) and 0 < len(why[k]) <= WHY_CHARS for k in ("de", "en"))
    )


def reply_id(value):
    """The guest's id echoed back only when it is a small number or short
    text: anything else would let a guest make the host send big replies."""
    if (is_whole(value) and abs(value) < 1 << 53) or (isinstance(value, str) and len(value) <= ID_CHARS):
        return value
    return None


def decode_guest(text) -> dict:
    if not isinstance(text, str):
        raise InvalidAction("request_not_text")
    if len(text) > GUEST_CHARS:
        raise InvalidAction("guest_too_large", size=len(text), limit=GUEST_CHARS)
    try:
        return decode(text, GUEST_DEPTH)
    except InvalidAction as e:
        err = InvalidAction("guest_too_deep") if e.code == "request_too_deep" else e
        # So the guest can tell which request failed (`guest` reads it).
        err.req_id = reply_id(find_id(text))  # type: ignore[attr-defined]  # an attribute of this refusal only
        raise err from None


def guest_seat(req: dict, bound, secrets_by_seat: dict[int, str]) -> int:
    """The seat the message speaks for: the channel's own seat, proven
    by that seat's secret."""
    for key in req:
        if key not in GUEST_FIELDS:
            raise InvalidAction("guest_field", field=repr(key)[:24])
    if not is_whole(bound) or bound not in secrets_by_seat:
        raise InvalidAction("guest_unknown")
    seat, secret = req.get("seat"), req.get("secret")
    if not is_whole(seat) or seat != bound:
        raise InvalidAction("guest_not_your_seat", seat=bound)
    # Compared as bytes: compare_digest refuses non-ASCII text, and a
    # lone surrogate from JSON must not raise.
    if not isinstance(secret, str) or not secrets.compare_digest(secret.encode("utf-8", "surrogatepass"), secrets_by_seat[bound].encode()):
        raise InvalidAction("guest_unknown")
    return seat
