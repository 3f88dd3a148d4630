"""Reading a client's WebSocket message strictly: one size limit, one nesting limit, one schema
per message type (unknown fields refused the same way for every type), and refusals that quote
at most a short excerpt of what was sent.

>>> read_message('{"type": "ping"}')
PingMessage(type='ping')
>>> read_message('{"type": "ping", "x": 1}').message
"a ping message is {'type': 'ping'}: unknown field 'x'"
>>> read_message("[" * 10_000).code
'bad_json'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from briscola.apps.server.schemas import CLIENT_TYPES, ClientMessage
from briscola.core.text import excerpt

__all__ = ["MAX_DEPTH", "MAX_FRAME", "Refusal", "read_message"]

MAX_FRAME = 64 * 1024
"""The largest message a client may send, in characters (a real one is under 100)."""

MAX_DEPTH = 32
"""The deepest nesting of a message's JSON (a real one has depth 1)."""

_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)  # type: ignore[arg-type, unused-ignore]

_SHAPES = {
    "action": {"type": "action", "action": "Ad"},
    "next_deal": {"type": "next_deal"},
    "sync": {"type": "sync"},
    "ping": {"type": "ping"},
    "resign": {"type": "resign"},
    "rematch": {"type": "rematch"},
    "speed": {"type": "speed", "speed": "veloce"},
}


@dataclass(frozen=True)
class Refusal:
    """A message refused: the error's code and a message a person understands."""

    code: str
    message: str


def _depth(text: str) -> int:
    """The deepest nesting of brackets in ``text`` outside strings (an upper bound is enough).

    >>> _depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _field_problem(err: dict[str, Any]) -> str:
    """One pydantic error in words, quoting at most an excerpt of the field's name."""
    where = ".".join(str(x) for x in err.get("loc", ())[1:])
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        return f"unknown field {excerpt(where)}"
    if kind == "missing":
        return f"missing field {excerpt(where)}"
    if kind == "string_too_long":
        return f"{excerpt(where)} is too long"
    return f"{excerpt(where)}: {err.get('msg', 'invalid')}"


def read_message(text: str) -> ClientMessage | Refusal:
    """The client message in ``text``, or why it is refused."""
    if len(text) > MAX_FRAME:
        return Refusal("too_large", f"a message is at most {MAX_FRAME} characters")
    brackets = text.count("{") + text.count("[")  # the depth is at most this: mostly no scan
    if brackets > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        return Refusal("bad_json", f"a message is nested at most {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Refusal("bad_json", "the message is not JSON")
    if not isinstance(data, dict):
        return Refusal("bad_json", "a message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        shown = excerpt(kind) if isinstance(kind, str) else type(kind).__name__
        return Refusal(
            "unknown_type", f"unknown message type {shown}: send one of {', '.join(CLIENT_TYPES)}"
        )
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(_field_problem(dict(e)) for e in exc.errors()[:3])
        return Refusal("bad_message", f"a {kind} message is {_SHAPES[kind]}: {problems}")
