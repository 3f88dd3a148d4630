"""The server's settings, one :class:`Settings` read once, and the logging they configure.

Each setting comes from (the first that has it) what the program gives (``briscola serve``'s
flags, or :func:`~briscola.apps.server.app.create_app`'s arguments), its ``BRISCOLA_<NAME>``
variable, or its default; :meth:`Settings.load` refuses a bad value with a :class:`SettingsError`
naming where it came from, in the words :mod:`briscola.apps.cli.errors` translates. Each field's
docstring is its line of docs/operations.md's table (scripts/gen_settings.py).

>>> s = Settings.load(max_tables="7", bot_delay=0)
>>> s.max_tables, s.bot_delay, str(s.create_rate)
(7, 0.0, '30/0.5')
>>> Settings.load(create_rate="fast")
Traceback (most recent call last):
...
briscola.apps.server.settings.SettingsError: create_rate must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, e.g. 30/0.5) or off, not 'fast'

No secret reaches a log (docs/web-protocol.md says what is masked): :class:`SecretFilter`, on
every handler of :func:`log_config` (or an embedder's own handler), masks it (:func:`mask`).

>>> mask('127.0.0.1:5 - "WebSocket /ws/6b_013sZ?token=Qm9vT2hx-Zm9v_YmFyYmF6cXV4cXV1eA" 403')
'127.0.0.1:5 - "WebSocket /ws/6b_013sZ?token=***" 403'
>>> mask("GET /join/6b_013sZ/Xy12abCD HTTP/1.1")
'GET /join/6b_013sZ/*** HTTP/1.1'
>>> mask("in test_a_token_only_opens_its_own_table: WebSocketServerProtocol")
'in test_a_token_only_opens_its_own_table: WebSocketServerProtocol'
"""  # noqa: E501

from __future__ import annotations

import contextlib
import copy
import functools
import ipaddress
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final

from pydantic import BeforeValidator, Field, ValidationError
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from briscola.apps.server import MAX_TRICK_HOLD

PREFIX: Final = "BRISCOLA_"
LOG_LEVELS: Final = ("critical", "error", "warning", "info", "debug", "trace")
"""uvicorn's log levels, the quietest first."""


class SettingsError(ValueError):
    """A setting's value that cannot be used: the message names the setting."""


def _addresses(value: Any, networks: bool = True) -> tuple[str, ...] | None:
    """Addresses (``10.0.0.1``) or networks (``10.0.0.0/8``), by commas, or ``none``."""
    if value is None:  # unset (the default is validated too)
        return None
    items = value.split(",") if isinstance(value, str) else value
    clean = tuple(text for text in (str(item).strip() for item in items) if text)
    if clean in ((), ("none",), ("off",)):
        return ()
    try:
        found = [ipaddress.ip_network(item, strict=False) for item in clean]
        if not networks and any(n.num_addresses > 1 for n in found):
            raise ValueError
    except ValueError:
        what = "IP addresses or networks" if networks else "IP addresses"
        raise ValueError(f"must be {what} separated by commas, or none") from None
    return tuple(str(n.network_address) if n.num_addresses == 1 else str(n) for n in found)


@dataclass(frozen=True)
class Rate:
    """A rate limit (:mod:`.limits`): ``burst`` requests per window of ``burst / per_second``
    seconds, rounded up to a whole second; 0 burst: no limit. Written ``BURST/PER_SECOND``
    (``30/0.5``) or ``off``."""

    burst: float
    per_second: float

    def __str__(self) -> str:
        return f"{self.burst:g}/{self.per_second:g}" if self.burst > 0 else "off"


def _rate(text: str | Rate) -> Rate:
    if isinstance(text, Rate):
        return text
    burst, _, per_second = text.strip().lower().partition("/")
    if burst in ("off", "0", "none") and not per_second:
        return Rate(0.0, 0.0)
    with contextlib.suppress(ValueError):
        rate = Rate(float(burst), float(per_second))
        if 1 <= rate.burst < math.inf and 0 < rate.per_second < math.inf:
            return rate
    raise ValueError(
        "must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, e.g. 30/0.5) or off"
    )


def _redis(value: object) -> str | None:
    text = str(value or "").strip()
    if text and not text.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("must be a redis://, rediss:// or unix:// URL")
    return text or None


def _one_of(names: Callable[[], Sequence[str]]) -> BeforeValidator:
    def check(value: object) -> str:
        text, known = str(value).strip().lower(), names()
        if text not in known:
            raise ValueError(f"must be one of {', '.join(known[:-1])} or {known[-1]}")
        return text

    return BeforeValidator(check)


def _bots() -> list[str]:
    from briscola.bots import bot_names

    return list(bot_names())


RateSetting = Annotated[Rate, NoDecode, BeforeValidator(_rate)]
Addresses = Annotated[tuple[str, ...], NoDecode, BeforeValidator(_addresses)]
Seconds = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class Settings(BaseSettings):
    """Every setting of the game server."""

    model_config = SettingsConfigDict(
        env_prefix=PREFIX,
        env_ignore_empty=True,
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
    )

    host: str = "127.0.0.1"
    """the address the server listens on"""
    port: int = Field(8000, ge=1, le=65535)
    """the port the server listens on"""
    db: str | None = None
    """the database: an SQLAlchemy URL or an SQLite file (unset: ./briscola.db)"""
    log_level: Annotated[str, _one_of(lambda: LOG_LEVELS)] = "info"
    """how much the server logs: critical, error, warning, info, debug, trace (tokens masked)"""
    workers: int = Field(1, ge=1)
    """server processes behind one address (see Several processes)"""
    redis: Annotated[str | None, BeforeValidator(_redis)] = None
    """the Redis the processes share (tables, rate limits); unset: one process"""
    trusted_proxies: Addresses = ()
    """the reverse proxies whose `X-Forwarded-For` names the client (addresses or networks by
    commas); none: the header is ignored and the peer is the client"""
    bot_workers: int | None = Field(None, ge=0)
    """processes for the computer players' searches (`briscola serve`: one per core shared among
    the `--workers`; `create_app`: 0, they think on the event loop)"""
    bot_delay: Seconds = 0.8
    """seconds between two computer moves"""
    human_timeout: Seconds = 60.0
    """seconds before the stand-in plays for a disconnected person (while another person is
    connected)"""
    move_timeout: Seconds = 60.0
    """seconds a person has for a move at a table with friends before the stand-in"""
    trick_hold: float = Field(1.5, ge=0, le=MAX_TRICK_HOLD, allow_inf_nan=False)
    """seconds a completed trick stays shown before a computer player leads"""
    stand_in: Annotated[str, _one_of(_bots)] = "simple"
    """the level that plays for an absent person (a bot's name)"""
    max_tables: int = Field(5000, ge=1)
    """the most tables one process holds; past it idle ones leave memory, else a new one is
    refused (503 `server_full`)"""
    idle_seconds: Seconds = 300.0
    """a table nobody is connected to leaves memory after this many seconds"""
    lobby_offer_seconds: Seconds = 20.0
    """seconds a quick match's seeker waits for people before the lobby offers computer players
    for the empty seats"""
    create_rate: RateSetting = Rate(30, 0.5)
    """`POST /api/play` and `POST /api/tables` per client"""
    join_rate: RateSetting = Rate(30, 1.0)
    """`POST /api/tables/{id}/join` per client"""
    guess_rate: RateSetting = Rate(20, 0.2)
    """wrong invitation codes, host tokens and seat tokens per client (checked before each try,
    charged for each wrong one)"""
    message_rate: RateSetting = Rate(60, 20.0)
    """WebSocket messages per client"""
    rate_exempt: Annotated[
        tuple[str, ...] | None,
        NoDecode,
        BeforeValidator(functools.partial(_addresses, networks=False)),
    ] = None
    """client addresses never rate-limited, by commas, or none; unset: this machine's (127.0.0.1,
    ::1, ::ffff:127.0.0.1) when no proxy is trusted, else none"""
    process: str | None = Field(None, max_length=100)
    """this process's name among several, in its lease rows (`--workers` names each of its
    processes; unset: made of the host, the pid and chance)"""
    tune_gc: bool = False
    """the process tunes its garbage collector once started (`briscola serve` sets it; an app
    built in a test leaves the collector alone)"""

    @classmethod
    def load(cls, label: Callable[[str], str] = str, **given: Any) -> Settings:
        """The settings: each one ``given`` (not None), else its variable, else its default. A
        bad value raises :class:`SettingsError` naming its variable, or ``label(field)`` for a
        given one (``briscola serve`` names its flags)."""
        values = {k: v for k, v in given.items() if v is not None}
        if unknown := set(values) - set(cls.model_fields):
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        try:
            return cls(**values)
        except ValidationError as exc:
            error = exc.errors()[0]
            name, value = str(error["loc"][0]), error["input"]
            where = label(name) if name in values else variable(name)
            shown = f"{value:g}" if isinstance(value, float) and value.is_integer() else repr(value)
            raise SettingsError(f"{where} {_must(error, name)}, not {shown}") from None

    def replace(self, **given: Any) -> Settings:
        """These settings with the ones ``given`` (not None) changed, checked again."""
        return type(self).load(**{**dict(self), **given})

    def environ(self) -> dict[str, str]:
        """The variables that make these settings again in another process."""
        out = {}
        for name, value in self:
            if isinstance(value, tuple):
                value = ",".join(value) or "none"
            if value is not None:
                out[variable(name)] = str(value).lower() if isinstance(value, bool) else str(value)
        return out


def variable(name: str) -> str:
    """The environment variable of the setting ``name``: ``BRISCOLA_MAX_TABLES``."""
    return PREFIX + name.upper()


def _must(error: Any, name: str) -> str:
    """What the setting ``name`` must be, by pydantic's ``error``."""
    if isinstance(problem := error.get("ctx", {}).get("error"), ValueError):
        return str(problem)  # our validators' words
    kind = error["type"].split("_")[0]  # int_parsing, greater_than_equal...
    if kind in ("greater", "less", "finite"):
        bounds = {type(m).__name__: m for m in Settings.model_fields[name].metadata}
        low, high = bounds["Ge"].ge, bounds.get("Le")
        return (
            f"must be at least {low:g}" if high is None else f"must be from {low:g} to {high.le:g}"
        )
    words = {"int": "a whole number", "bool": "true or false", "float": "a number"}
    return f"must be {words[kind]}" if kind in words else f"is not valid: {error['msg']}"


# -- logs: no secret in them -------------------------------------------------------------------
MASK = "***"
"""What a secret reads as in a log."""
_NAMES = "token|invite_code|key|password|secret"
"""The names under which a value is a secret (in a query string, JSON or a repr)."""
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


def mask(text: str) -> str:
    """``text`` with everything that looks like a secret replaced by ``***``."""
    text = _KEYED.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + MASK, text)
    text = _BEARER.sub(lambda m: f"{m.group(1)} {MASK}", text)
    text = _PATHS.sub(lambda m: m.group(1) + MASK, text)
    return _RUN.sub(lambda m: m.group(0) if _PLAIN.fullmatch(m.group(0)) else MASK, text)


class SecretFilter(logging.Filter):
    """Masks secrets in every record (its message, arguments, traceback); drops none. The
    message is formatted and masked whole (a secret may be the message's and an argument's
    together, ``token=%s``), but for uvicorn's access log, whose formatter reads the arguments:
    they are masked in place."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Mask ``record`` in place; keep it."""
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            record.args = tuple(mask(a) if isinstance(a, str) else a for a in record.args)
            record.msg = mask(str(record.msg))
        else:
            try:
                record.msg = mask(record.getMessage())
            except (TypeError, ValueError, KeyError):  # a bad format: written as it came
                record.msg = mask(f"{record.msg} {record.args!r}")
            record.args = ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = record.exc_text and mask(record.exc_text)
        record.stack_info = record.stack_info and mask(record.stack_info)
        return True


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration with a :class:`SecretFilter` on every handler and
    logger, and the package's records (``briscola.*``, and other libraries' warnings) written
    by the handler of the server's errors, at ``level``."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": f"{__name__}.SecretFilter"}}
    config["loggers"]["briscola"] = {"level": level.upper()}
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    for part in (*config["handlers"].values(), *config["loggers"].values(), config["root"]):
        part["filters"] = ["secrets"]
    return config
