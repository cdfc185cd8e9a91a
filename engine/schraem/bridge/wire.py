"""The wire: a request's text checked before anything parses it (its size,
its nesting, numbers JSON cannot carry), and the id found in a text that is
no request, so even a refusal answers the right caller. Used by the bridge
and by the table of phones' host for what a guest's phone sends."""

from __future__ import annotations

import json
import math
import re
from typing import Any, TypeGuard

from ..core.errors import InvalidAction, SchraemError

# Limits checked on the raw text, before any parsing: a request is at most
# this many characters and nested at most this deep. The deepest honest
# request (a save: request, args, save, record, hands, hand, actions,
# action, cards) is 9 levels; a record of hundreds of hands is well under a
# megabyte, and the app accepts files up to 5 MB (pretty-printed).
MAX_REQUEST_CHARS = 8_000_000
MAX_DEPTH = 32

# A string token, or an unterminated one running to the end: one pass over
# the text whatever it holds (possessive, and never retried from a quote
# inside a string).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_OPEN_TO_SQUARE = str.maketrans("{}", "[]")
_TOO_MANY_OPEN = "[" * (MAX_DEPTH + 1)
_SCALAR = r'(-?\d{1,20}(?:\.\d{1,20})?(?:[eE][+-]?\d{1,3})?|"[^"\\]{0,200}"|true|false|null)'
_ID_FIRST = re.compile(r'\s*\{\s*"id"\s*:\s*' + _SCALAR + r"\s*[,}]")
_ID_VALUE = re.compile(r"\s*:\s*" + _SCALAR + r"\s*[,}]")
_ID_SCAN = 100_000  # string tokens looked at when the id is not first


def _nesting_ok(text: str, max_depth: int = MAX_DEPTH) -> bool | None:
    """True if the text nests at most max_depth deep, False if deeper, None
    if its brackets do not pair up (then it is not JSON). Runs in C-speed
    string operations: strings removed, then innermost pairs peeled off
    once per level."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_OPEN_TO_SQUARE)
    if (_TOO_MANY_OPEN if max_depth == MAX_DEPTH else "[" * (max_depth + 1)) in brackets:  # the usual attack, found without peeling
        return False if brackets.count("[") == brackets.count("]") else None
    for _ in range(max_depth):
        if not brackets:
            return True
        peeled = brackets.replace("[]", "")
        if peeled == brackets:
            return None
        brackets = peeled
    if not brackets:
        return True
    return False if brackets.count("[") == brackets.count("]") else None


def _scalar(token: str):
    try:
        value = json.loads(token)
    except ValueError:
        return None
    return None if isinstance(value, float) and not math.isfinite(value) else value


def find_id(text: str):
    """The top-level "id" of a request that could not be parsed, found
    without parsing: the app always sends it first; otherwise the first
    _ID_SCAN string tokens are searched for an "id" key at depth one."""
    m = _ID_FIRST.match(text)
    if m:
        return _scalar(m.group(1))
    if not text.lstrip().startswith("{"):
        return None
    depth, pos = 0, 0
    for k, tok in enumerate(_STRING.finditer(text)):
        if k >= _ID_SCAN:
            break
        between = text[pos : tok.start()]
        depth += between.count("{") + between.count("[") - between.count("}") - between.count("]")
        pos = tok.end()
        if depth == 1 and tok.group() == '"id"':
            v = _ID_VALUE.match(text, pos)
            if v:
                return _scalar(v.group(1))
    return None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidAction("request_number", number=text[:20] + ("…" if len(text) > 20 else ""))
    return value


def _no_constant(name: str):
    raise InvalidAction("request_not_json")  # NaN, Infinity: not JSON, and JavaScript could not read them back


def decode(text, max_depth: int = MAX_DEPTH) -> dict:
    """A request's text as a dict, limits checked before parsing (a guest
    phone's message is held to a smaller depth: table_host.py)."""
    if not isinstance(text, str):
        raise InvalidAction("request_not_text")
    if len(text) > MAX_REQUEST_CHARS:
        raise InvalidAction("request_too_large", size=len(text), limit=MAX_REQUEST_CHARS)
    nesting = _nesting_ok(text, max_depth)
    if nesting is False:
        raise InvalidAction("request_too_deep")
    if nesting is None:
        raise InvalidAction("request_not_json")
    try:
        req = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except SchraemError:
        raise
    except (ValueError, RecursionError):  # ValueError also covers ints too long to read
        raise InvalidAction("request_not_json") from None
    if not isinstance(req, dict):
        raise InvalidAction("request_shape")
    return req


def is_whole(value: object) -> TypeGuard[int]:
    """A JSON whole number (True and False are ints in Python, not here)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Encoded(str):
    """A value of an answer already encoded as JSON text (a face-down
    table's save, encoded once to keep it and put into the answer as it is,
    not encoded again)."""


def encoded_reply(reply: dict[str, Any]) -> str:
    """The reply's JSON text, with each `Encoded` value of its result put in
    as it is (its own text; nothing else of the reply is searched or
    replaced, whatever its strings hold)."""
    result = reply.get("result")
    if not isinstance(result, dict) or not any(isinstance(v, Encoded) for v in result.values()):
        return json.dumps(reply, allow_nan=False)

    def value(v: Any) -> str:
        return str(v) if isinstance(v, Encoded) else json.dumps(v, allow_nan=False)

    def obj(d: dict[str, Any], each: Any) -> str:
        return "{" + ", ".join(f"{json.dumps(k)}: {each(v)}" for k, v in d.items()) + "}"

    return obj(reply, lambda v: obj(v, value) if v is result else json.dumps(v, allow_nan=False))
