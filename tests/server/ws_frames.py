"""Hypothesis strategies for WebSocket frames a client might send a table: valid messages of every
type, and the same mutated (wrong types, unknown or missing fields, huge numbers, deep nesting,
lone surrogates, digits that are not ASCII, texts that are not JSON, binary frames, frames over
the limit).

A frame that needs the table's state (a legal action) holds :data:`LEGAL` where the action
goes, and :func:`Frame.render` puts one of the seat's legal actions there when it is sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from briscola.apps.server.protocol import SocketMessage, models_of, type_of

__all__ = ["LEGAL", "Frame", "frames", "hellos"]

LEGAL = "\x00legal\x00"
"""Where a frame's legal action goes (no frame holds it otherwise: JSON escapes a NUL)."""

SUITS = "cdsbx"
RANKS = "A234567FCRK1"
CLIENT_TYPES = [type_of(m) for m in models_of(SocketMessage)]
TYPES = [*CLIENT_TYPES, "hello", "pong", "state", "error", "leave"]
BARE = [t for t in TYPES if t != "resign"]
"""Types sent bare (``{"type": t}``): a bare ``resign`` would be a real one."""
SPEEDS = ["lenta", "normale", "veloce", "VELOCE", "fast", "", "lenta ", "\ud800", "x" * 20]


@dataclass(frozen=True)
class Frame:
    """One frame: its text (or bytes), who sends it (``"turn"``: the seat to act, ``"watch"``: a
    spectator, else a seat number modulo the table's), and which legal action fills
    :data:`LEGAL`."""

    content: str | bytes
    who: str | int = "turn"
    pick: int = 0

    def render(self, legal: list[str]) -> str | bytes:
        """The frame as sent: the legal action put in (a ``ping`` when there is none)."""
        if isinstance(self.content, bytes) or LEGAL not in self.content:
            return self.content
        if not legal:
            return '{"type": "ping"}'
        action = json.dumps(legal[self.pick % len(legal)])[1:-1]
        return self.content.replace(LEGAL, action)

    @property
    def legal(self) -> bool:
        """True when the frame is a plain legal action of the seat to act."""
        return (
            self.who == "turn" and self.content == '{"type": "action", "action": "' + LEGAL + '"}'
        )


def _dumps(value: Any) -> str:
    return json.dumps(value)


# -- pieces -------------------------------------------------------------------------------------
card = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
odd_digits = st.sampled_from(["²", "٣", "١٢", "𝟗", "⁴", "Ⅻ", "0x10", "-1", "+5", "1e3", " 7", "٠"])
number_text = st.one_of(
    st.integers(-10, 200).map(str),
    odd_digits,
    st.integers(7, 5000).map(lambda n: "9" * n),
)
action_text = st.one_of(
    card,
    st.builds(lambda a, b: f"{a} {b}", st.sampled_from(["declare", "bid", "call", "pass"]), card),
    st.builds(lambda n: f"bid {n}", number_text),
    st.builds(lambda s: f"declare {s}", st.sampled_from([*SUITS, "", "dd", "D"])),
    st.builds(lambda s: f"call {s}", st.sampled_from([*SUITS, "", "Ad", "7"])),
    st.sampled_from(["pass", "exchange", "PASS", "Exchange", "", " ", "Ad Ad", "ad", "AD"]),
    st.text(max_size=120),
    st.text(alphabet="Ad7cR bid", min_size=90, max_size=130),
    st.sampled_from(["\ud800", "A\udfffd", "bid \udbff", "\ud83d\ude00"]),
)
json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_value = st.recursive(
    json_scalar,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
field_name = st.one_of(
    st.sampled_from(["token", "Type", "type ", "actions", "seat", "id", "", "\ud800", "__proto__"]),
    st.text(max_size=12),
    st.text(alphabet="x", min_size=61, max_size=200),
)


# -- whole messages -----------------------------------------------------------------------------
def _valid(kind: str) -> str:
    if kind == "action":
        return '{"type": "action", "action": "' + LEGAL + '"}'
    return _dumps({"type": kind})


# a valid ``resign`` is left out: the seat's moves would then come from the computer, at its pace
valid = st.one_of(
    st.sampled_from(["action"] * 5 + ["next_deal", "sync", "ping", "rematch"]).map(_valid),
    st.sampled_from(SPEEDS).map(lambda speed: _dumps({"type": "speed", "speed": speed})),
)
actions = action_text.map(lambda a: _dumps({"type": "action", "action": a}))
unknown_field = st.builds(
    lambda kind, name, value: (
        _dumps({"type": kind, "action": "Ad", name: value})
        if kind == "action"
        else _dumps({"type": kind, name: value})
    ),
    st.sampled_from(CLIENT_TYPES),
    field_name.filter(lambda name: name not in {"type", "action"}),
    json_value,
)
wrong_type = st.one_of(
    st.builds(lambda v: _dumps({"type": v}), json_value),
    st.builds(lambda v: _dumps({"type": "action", "action": v}), json_value),
    st.builds(lambda v: _dumps({"type": "speed", "speed": v}), json_value),
    st.builds(lambda t: _dumps({"type": t}), st.sampled_from([*BARE, "ACTION", "Ping", " ping"])),
    st.sampled_from(['{"type": "action"}', '{"action": "Ad"}', "{}", '{"type": null}']),
)
huge_number = st.builds(
    lambda where, digits: where.replace("N", digits),
    st.sampled_from(
        ['{"type": "action", "action": N}', '{"type": N}', '{"type": "ping", "n": N}', "N"]
    ),
    st.one_of(
        st.integers(4000, 20_000).map(lambda n: "9" * n),
        st.sampled_from(["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "-0", "1.5e-400"]),
    ),
)
deep = st.builds(
    lambda where, depth, bracket: where.replace(
        "N", bracket * depth + {"[": "]", "{": "}"}[bracket] * depth
    ),
    st.sampled_from(['{"type": "action", "action": N}', '{"type": "ping", "x": N}', "N"]),
    st.sampled_from([30, 31, 32, 33, 100, 1000, 20_000]),
    st.sampled_from(["["]),
)
deep_objects = st.builds(
    lambda depth: '{"type": "ping", "x": ' + '{"a": ' * depth + "1" + "}" * depth + "}",
    st.sampled_from([30, 31, 32, 1000]),
)
surrogates = st.sampled_from(
    [
        '{"type": "action", "action": "\\ud800"}',
        '{"type": "\\ud800"}',
        '{"type": "ping", "\\udfff": 1}',
        '{"type": "action", "action": "bid \\udbff\\udfff"}',
        '{"type": "action", "action": "A\\ud800d"}',
        '{"type": "action", "action": "\ud800"}',  # a lone surrogate in the text itself
        '{"type": "ping", "\udc80": 1}',
        '{"type": "sync"}\ud800',
    ]
)
not_json = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        ["", " ", "null", "1", "[]", '"ping"', "{", '{"type": "ping"', "{'type': 'ping'}"]
    ),
    st.sampled_from(['{"type": "ping", "type": "action", "action": "Ad"}', '{"type": "ping"} {}']),
)
binary = st.one_of(
    valid.filter(lambda t: LEGAL not in t).map(str.encode),
    st.binary(max_size=40),
    st.sampled_from([b"\xff\xfe", b"\xc0\x80", b'{"type": "ping"}\xff', b"\xed\xa0\x80"]),
)
too_large = st.builds(
    lambda size, kind: (
        '{"type": "action", "action": "' + "x" * size + '"}'
        if kind == "text"
        else '{"type": "ping"' + " " * size + "}"
    ),
    st.sampled_from([64 * 1024, 64 * 1024 + 1, 300 * 1024]),
    st.sampled_from(["text", "space"]),
)


def frames(players: int = 6) -> st.SearchStrategy[Frame]:
    """Any frame, sent by the seat to act (mostly) or by any seat."""
    content = st.one_of(
        valid, valid, valid, actions, unknown_field, wrong_type, huge_number, deep, deep_objects,
        surrogates, not_json, binary, too_large,
    )  # fmt: skip
    who = st.one_of(st.just("turn"), st.just("turn"), st.just("watch"), st.integers(0, players - 1))
    return st.builds(Frame, content, who, st.integers(0, 40))


def hellos(token: str) -> st.SearchStrategy[str | bytes]:
    """A first frame for a socket whose seat holds ``token``: the hello, or one mutated."""
    good = _dumps({"type": "hello", "token": token})
    return st.one_of(
        st.just(good),
        st.just(good.encode()),
        st.builds(lambda v: _dumps({"type": "hello", "token": v}), json_value),
        st.builds(
            lambda n, v: _dumps({"type": "hello", "token": token, n: v}), field_name, json_value
        ),
        st.builds(
            lambda t: _dumps({"type": t, "token": token}), st.sampled_from([*TYPES, "HELLO"])
        ),
        st.sampled_from(
            [
                '{"type": "hello"}',
                '{"type": "hello", "token": ""}',
                '{"type": "hello", "token": "\\ud800"}',
                '{"type": "hello", "token": "' + token + '\ud800"}',
                '{"type": "hello", "token": "' + token[:-1] + '"}',
                '{"type": "hello", "token": "' + token + ' "}',
                '{"type": "hello", "token": "' + "A" * 5000 + '"}',
            ]
        ),
        not_json,
        huge_number,
        deep,
        st.binary(max_size=30),
    )
