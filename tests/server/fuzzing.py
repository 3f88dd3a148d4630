"""What the HTTP and WebSocket fuzzers of the game server share: how many inputs a run sends,
the checks every error answer must pass (one shape, a known code, a short message that quotes
at most an excerpt of the input), and a watch on the server's log for tracebacks.

The default run sends ``HTTP_INPUTS + WS_INPUTS`` inputs (at least 20,000); ``pytest -m slow``
runs the long one, ``SLOW_FACTOR`` times as many.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "HTTP_INPUTS",
    "MAX_MESSAGE",
    "SLOW_FACTOR",
    "WS_CODES",
    "WS_INPUTS",
    "LogWatch",
    "assert_no_echo",
    "check_ws_error",
    "texts_in",
    "watch_log",
]

HTTP_INPUTS = 4_000
"""Requests the HTTP fuzzer sends in the default run (over every operation)."""

WS_INPUTS = 16_000
"""WebSocket frames the WebSocket fuzzer sends in the default run (hellos included)."""

SLOW_FACTOR = 6
"""How many times more inputs the long (``slow``) runs send."""

MAX_MESSAGE = 500
"""The longest error message a fuzzed input may get back."""

QUOTE = 61
"""A run of this many characters of an input must never come back in an error (the server
quotes at most 60)."""

WS_CODES = frozenset(
    {
        "bad_json",
        "too_large",
        "unknown_type",
        "bad_message",
        "bad_action",
        "illegal_action",
        "not_your_turn",
        "not_started",
        "between_deals",
        "deal_not_over",
        "match_over",
        "match_not_over",
        "rematch_started",
        "bad_speed",
        "not_host",
        "not_a_person",
        "rate_limited",
        "damaged_table",
        "spectator",
    }
)
"""The WebSocket error codes of docs/web-protocol.md but ``internal`` (a server bug)."""


def texts_in(value: Any) -> Iterator[str]:
    """Every text in a JSON-like value: strings, and the keys of objects.

    >>> sorted(texts_in({"a": ["b", 1, {"c": "d"}]}))
    ['a', 'b', 'c', 'd']
    """
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts_in(key)
            yield from texts_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_in(item)


def assert_no_echo(sent: list[str], answer: str) -> None:
    """No run of more than 60 characters of any sent text is in ``answer`` (its start, middle
    and end are looked for).

    >>> assert_no_echo(["x" * 100], "'xxx…' (100 characters)")
    """
    for text in sent:
        if len(text) < QUOTE:
            continue
        middle = (len(text) - QUOTE) // 2
        for start in {0, middle, len(text) - QUOTE}:
            window = text[start : start + QUOTE]
            assert window not in answer, f"the answer quotes {len(text)} characters of the input"


def check_ws_error(reply: dict[str, Any], sent: str) -> None:
    """``reply`` is a WebSocket error in the documented shape, with a known code (never
    ``internal``) and a short message that quotes at most an excerpt of ``sent``."""
    assert set(reply) == {"type", "code", "message"}, reply
    code, message = reply["code"], reply["message"]
    assert isinstance(code, str) and code in WS_CODES, reply
    assert isinstance(message, str) and 0 < len(message) <= MAX_MESSAGE, reply
    assert_no_echo([sent], message)


class LogWatch(logging.Handler):
    """Keeps every record of ERROR or above (a traceback of the server is a bug)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def problems(self) -> list[str]:
        """What went wrong, one line per record."""
        return [f"{r.name}: {r.getMessage()}" for r in self.records]


@contextmanager
def watch_log() -> Iterator[LogWatch]:
    """Watch the ``briscola`` loggers (and the ASGI servers') for errors while in the block."""
    watch = LogWatch()
    loggers = [logging.getLogger(name) for name in ("briscola", "uvicorn", "starlette", "fastapi")]
    for logger in loggers:
        logger.addHandler(watch)
    try:
        yield watch
    finally:
        for logger in loggers:
            logger.removeHandler(watch)
