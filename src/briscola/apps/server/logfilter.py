"""Secrets never written to a log: a logging filter that masks seat tokens, keys and codes.

A seat's token lets whoever holds it play that seat, a score sheet's key lets whoever holds it
edit the sheet, and an invite code lets anybody take a free seat. None of them may reach a log:
:class:`SecretFilter` rewrites every record it sees (its message, its arguments, its traceback) so
that what looks like one of them reads ``***``:

- a value given under a secret's name: ``token=...`` in a query string or fragment, ``"token":
  "..."`` in JSON (escaped too, as the WebSocket library's debug lines quote frames),
  ``token='...'`` in a repr, ``Authorization: Bearer ...``;
- the secret part of a path: ``/join/{table}/{code}``, ``/score/{key}``, ``/api/scores/{key}``;
- any other run of 20 or more URL-safe characters that is not a plain name (snake_case,
  kebab-case, UPPER_CASE, CamelCase or Header-Case words): ``secrets.token_urlsafe`` output,
  hashes.

>>> mask('127.0.0.1:5 - "WebSocket /ws/6b_013sZ?token=Qm9vT2hx-Zm9v_YmFyYmF6cXV4cXV1eA" 403')
'127.0.0.1:5 - "WebSocket /ws/6b_013sZ?token=***" 403'
>>> mask('< TEXT \\'{"type": "hello", "token": "abc"}\\' [37 bytes]')
'< TEXT \\'{"type": "hello", "token": "***"}\\' [37 bytes]'
>>> mask("GET /join/6b_013sZ/Xy12abCD HTTP/1.1")
'GET /join/6b_013sZ/*** HTTP/1.1'
>>> mask("in test_a_token_only_opens_its_own_table: WebSocketServerProtocol")
'in test_a_token_only_opens_its_own_table: WebSocketServerProtocol'

:func:`install` puts the filter on the handlers and loggers of a running process;
:func:`log_config` is uvicorn's logging configuration with the filter on every handler (what
``briscola serve`` runs with).
"""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["MASK", "SECRET_NAMES", "SecretFilter", "install", "log_config", "mask"]

MASK = "***"
"""What a secret reads as in a log."""

SECRET_NAMES = ("token", "invite_code", "key", "password", "secret")
"""The names under which a value is a secret (in a query string, JSON or a repr)."""

_NAMES = "|".join(SECRET_NAMES)

# name=value, name: value, "name": "value", \"name\": \"value\", 'name': 'value'
_KEYED = re.compile(
    rf"""(?ix)
    (?<![A-Za-z0-9_])(?:{_NAMES})           # the name, not the end of a longer word
    (?:\\?["'])?                            # its closing quote, maybe escaped
    \s*[=:]\s*                              # = or :
    (?:\\?["'])?                            # the value's opening quote, maybe escaped
    (?!\*\*\*|%)                            # (already masked, or a %s placeholder)
    ([^\s"'&#;,\\)}}\]]+)                   # the value
    """
)
_BEARER = re.compile(r"(?i)(?<![A-Za-z0-9_])(bearer|basic)\s+([A-Za-z0-9._~+/=-]+)")
_PATHS = re.compile(r"(/join/[^/\s?#\"']+/|/score/|/api/scores/)([^/\s?#\"'.]+)")
_RUN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])")
_PLAIN = re.compile(r"[a-z_-]+|[A-Z_-]+|_*[A-Z][a-z]+(?:-?[A-Z][a-z]+)*_*")
"""A long run that is a name (snake_case, kebab-case, UPPER_CASE, CamelCase, Header-Case)."""


def _long_run(m: re.Match[str]) -> str:
    return m.group(0) if _PLAIN.fullmatch(m.group(0)) else MASK


def mask(text: str) -> str:
    """``text`` with everything that looks like a secret replaced by ``***``."""
    text = _KEYED.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + MASK, text)
    text = _BEARER.sub(lambda m: f"{m.group(1)} {MASK}", text)
    text = _PATHS.sub(lambda m: m.group(1) + MASK, text)
    return _RUN.sub(_long_run, text)


def _mask_value(value: Any) -> Any:
    """A log argument with its secrets masked: texts are masked, other values kept as they are
    unless their text holds a secret (then they become that masked text)."""
    if isinstance(value, str):
        return mask(value)
    if isinstance(value, int | float | bool) or value is None:
        return value
    text = str(value)
    masked = mask(text)
    return value if masked == text else masked


_READS_ARGS = frozenset({"uvicorn.access"})
"""Loggers whose formatter reads a record's arguments: they must stay arguments."""


def _mask_whole(record: logging.LogRecord) -> None:
    """Mask the message as formatted (a secret the message and an argument only make together,
    such as ``token=%s`` with ``abc``): it then replaces the message and its arguments."""
    try:
        text = record.getMessage()
    except (TypeError, ValueError, KeyError):  # a bad format: logging will report it
        return
    masked = mask(text)
    if masked != text:
        record.msg, record.args = masked, ()


class SecretFilter(logging.Filter):
    """Masks secrets in every record (message, arguments, traceback); never drops a record.

    The arguments are masked one by one, so a formatter that reads them (uvicorn's access log
    does) still finds them in place.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Mask ``record`` in place; always keep it."""
        if isinstance(record.msg, str):
            record.msg = mask(record.msg)
        else:
            record.msg = _mask_value(record.msg)
        if isinstance(record.args, Mapping):
            record.args = {k: _mask_value(v) for k, v in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(_mask_value(v) for v in record.args)
        if record.args and record.name not in _READS_ARGS:
            _mask_whole(record)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        if record.stack_info:
            record.stack_info = mask(record.stack_info)
        return True


LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "briscola", "websockets")
"""The loggers :func:`install` filters (besides every handler it finds)."""


def _filtered(f: logging.Filterer, secret: SecretFilter) -> None:
    if not any(isinstance(x, SecretFilter) for x in f.filters):
        f.addFilter(secret)


def install(names: Iterable[str] = LOGGERS) -> SecretFilter:
    """Put a :class:`SecretFilter` on the root logger's handlers, on the named loggers and on
    their handlers (once: a logger or handler already filtered is left alone)."""
    secret = SecretFilter()
    loggers = [logging.getLogger(), *(logging.getLogger(n) for n in names)]
    for logger in loggers:
        _filtered(logger, secret)
        for handler in logger.handlers:
            _filtered(handler, secret)
    return secret


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's default logging configuration with a :class:`SecretFilter` on every handler and
    logger, and the package's own records (``briscola.*``, and any other library's warnings)
    written by the same handler as the server's errors, at ``level``."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": f"{__name__}.SecretFilter"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
    config["loggers"]["briscola"] = {"level": level.upper()}
    for logger in config["loggers"].values():
        logger["filters"] = ["secrets"]
    config["root"] = {"handlers": ["default"], "level": "WARNING", "filters": ["secrets"]}
    return config
