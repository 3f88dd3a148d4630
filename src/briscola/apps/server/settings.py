"""The server's settings: one :class:`Settings` holds every one of them, read once.

Each setting comes from (the first that has it) what the program gives (``briscola serve``'s
flags, or :func:`~briscola.apps.server.app.create_app`'s arguments), its ``BRISCOLA_<NAME>``
variable, or its default; :meth:`Settings.load` reads them and refuses a bad value with a
:class:`SettingsError` naming where it came from (the flag, the variable or the argument). The
table of every setting in docs/operations.md is made from this model (scripts/gen_settings.py).

>>> s = Settings.load(max_tables="7", bot_delay=0)
>>> s.max_tables, s.bot_delay, str(s.create_rate), s.limits.max_tables
(7, 0.0, '30/0.5', 7)
>>> Settings.load(create_rate="fast")
Traceback (most recent call last):
...
briscola.apps.server.settings.SettingsError: create_rate must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, e.g. 30/0.5) or off, not 'fast'
"""  # noqa: E501

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Final

from annotated_types import Ge, Le
from pydantic import BeforeValidator, Field, PrivateAttr, ValidationError
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from briscola.apps.server import MAX_TRICK_HOLD
from briscola.apps.server.limits import LOOPBACK, RATE_FORM, Limits, Rate, parse_rate

__all__ = [
    "BEGIN",
    "END",
    "FLAGS",
    "LOG_LEVELS",
    "PREFIX",
    "Settings",
    "SettingsError",
    "replace_table",
    "settings_table",
    "variable",
]

PREFIX: Final = "BRISCOLA_"
"""The prefix of every setting's variable: ``BRISCOLA_MAX_TABLES``."""

LOG_LEVELS: Final = ("critical", "error", "warning", "info", "debug", "trace")
"""uvicorn's log levels, the quietest first."""

FLAGS: Final = {
    "host": "--host",
    "port": "--port",
    "db": "--db",
    "log_level": "--log-level",
    "workers": "--workers",
    "redis": "--redis",
    "trusted_proxies": "--trusted-proxies",
    "bot_workers": "--bot-workers",
    "trick_hold": "--trick-hold",
    "max_tables": "--max-tables",
    "idle_seconds": "--idle-seconds",
}
"""The settings that ``briscola serve`` also takes as a flag: the field and its flag."""


class SettingsError(ValueError):
    """A setting's value that cannot be used: the message names the setting."""


class _Problem(ValueError):
    """What a setting's value must be (``"must be ..."``): the error's message names it."""


def _rate(value: object) -> Rate:
    if isinstance(value, Rate):
        return value
    try:
        return parse_rate(str(value))
    except ValueError:
        raise _Problem("must be " + RATE_FORM) from None


def _addresses(value: object) -> tuple[str, ...]:
    """Addresses (``10.0.0.1``) or networks (``10.0.0.0/8``), by commas, or ``none``."""
    items = value.split(",") if isinstance(value, str) else list(value)  # type: ignore[call-overload]
    clean = tuple(str(item).strip() for item in items if str(item).strip())
    if clean in ((), ("none",), ("off",)):
        return ()
    try:
        networks = [ipaddress.ip_network(item, strict=False) for item in clean]
    except ValueError:
        raise _Problem("must be IP addresses or networks separated by commas, or none") from None
    return tuple(
        str(n.network_address) if n.prefixlen == n.max_prefixlen else str(n) for n in networks
    )


def _exempt(value: object) -> tuple[str, ...] | None:
    """Like :func:`_addresses`, but single addresses only (compared as the client's text)."""
    if value is None:
        return None
    addresses = _addresses(value)
    if any("/" in a for a in addresses):
        raise _Problem("must be IP addresses separated by commas, or none")
    return addresses


def _redis(value: object) -> str | None:
    text = str(value).strip() if value is not None else ""
    if not text:
        return None
    if not text.startswith(("redis://", "rediss://", "unix://")):
        raise _Problem("must be a redis://, rediss:// or unix:// URL")
    return text


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        text = str(value).strip().lower()
        if text not in options:
            raise _Problem("must be one of " + ", ".join(options[:-1]) + " or " + options[-1])
        return text

    return check


def _level(value: object) -> str:
    from briscola.bots import bot_names

    names = tuple(bot_names())
    return _choice(names)(value)


RateSetting = Annotated[Rate, NoDecode, BeforeValidator(_rate)]
Addresses = Annotated[tuple[str, ...], NoDecode, BeforeValidator(_addresses)]
Seconds = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class Settings(BaseSettings):
    """Every setting of the game server (see the module; docs/operations.md lists them).

    The pacing a room reads (``bot_delay``, ``human_timeout``, ``stand_in``, ``trick_hold``,
    ``move_timeout``) and its limits (:attr:`limits`) are attributes of the same object.
    """

    model_config = SettingsConfigDict(
        env_prefix=PREFIX, env_ignore_empty=True, frozen=True, extra="forbid"
    )
    _limits: Limits | None = PrivateAttr(None)

    host: str = Field("127.0.0.1", description="the address the server listens on")
    port: int = Field(8000, ge=1, le=65535, description="the port the server listens on")
    db: str | None = Field(
        None,
        description="the database: an SQLAlchemy URL or an SQLite file (unset: ./briscola.db)",
    )
    log_level: Annotated[str, BeforeValidator(_choice(LOG_LEVELS))] = Field(
        "info",
        description="how much the server logs: " + ", ".join(LOG_LEVELS) + " (tokens masked)",
    )
    workers: int = Field(
        1, ge=1, description="server processes behind one address (see Several processes)"
    )
    redis: Annotated[str | None, BeforeValidator(_redis)] = Field(
        None,
        description="the Redis the processes share (tables, rate limits); unset: one process",
    )
    trusted_proxies: Addresses = Field(
        (),
        description=(
            "the reverse proxies whose `X-Forwarded-For` names the client (addresses or "
            "networks by commas); none: the header is ignored and the peer is the client"
        ),
    )
    bot_workers: int | None = Field(
        None,
        ge=0,
        description=(
            "processes for the computer players' searches (`briscola serve`: one per core "
            "shared among the `--workers`; `create_app`: 0, they think on the event loop)"
        ),
    )
    bot_delay: Seconds = Field(0.8, description="seconds between two computer moves")
    human_timeout: Seconds = Field(
        60.0,
        description=(
            "seconds before the stand-in plays for a disconnected person (while another "
            "person is connected)"
        ),
    )
    move_timeout: Seconds = Field(
        60.0,
        description="seconds a person has for a move at a table with friends before the stand-in",
    )
    trick_hold: Annotated[float, Field(ge=0, le=MAX_TRICK_HOLD, allow_inf_nan=False)] = Field(
        1.5, description="seconds a completed trick stays shown before a computer player leads"
    )
    stand_in: Annotated[str, BeforeValidator(_level)] = Field(
        "simple", description="the level that plays for an absent person (a bot's name)"
    )
    max_tables: int = Field(
        Limits.max_tables,
        ge=1,
        description=(
            "the most tables one process holds; past it idle ones leave memory, else a new "
            "one is refused (503 `server_full`)"
        ),
    )
    idle_seconds: Seconds = Field(
        Limits.idle_seconds,
        description="a table nobody is connected to leaves memory after this many seconds",
    )
    create_rate: RateSetting = Field(
        Limits.create, description="`POST /api/play` and `POST /api/tables` per client"
    )
    join_rate: RateSetting = Field(
        Limits.join, description="`POST /api/tables/{id}/join` per client"
    )
    guess_rate: RateSetting = Field(
        Limits.guess,
        description=(
            "wrong invitation codes, host tokens and seat tokens per client (checked before "
            "each try, charged for each wrong one)"
        ),
    )
    message_rate: RateSetting = Field(Limits.message, description="WebSocket messages per client")
    rate_exempt: Annotated[tuple[str, ...] | None, NoDecode, BeforeValidator(_exempt)] = Field(
        None,
        description=(
            "client addresses never rate-limited, by commas, or none; unset: this machine's "
            "(" + ", ".join(LOOPBACK) + ") when no proxy is trusted, else none"
        ),
    )
    tune_gc: bool = Field(
        False,
        description=(
            "the process tunes its garbage collector once started (`briscola serve` sets it; "
            "an app built in a test leaves the collector alone)"
        ),
    )

    @classmethod
    def load(cls, label: Callable[[str], str] | None = None, **given: Any) -> Settings:
        """The settings: each one ``given`` (not None), else its variable, else its default. A
        bad value raises :class:`SettingsError` naming its variable, or ``label(field)`` for a
        given one (default: the field's name; ``briscola serve`` names its flags)."""
        values = {k: v for k, v in given.items() if v is not None}
        unknown = set(values) - set(cls.model_fields)
        if unknown:
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        try:
            return cls(**values)
        except ValidationError as exc:
            raise _error(exc, values, label or str) from None

    def replace(self, **given: Any) -> Settings:
        """These settings with the ones ``given`` (not None) changed, checked again."""
        mine = {name: getattr(self, name) for name in type(self).model_fields}
        return type(self).load(**{**mine, **given})

    @property
    def limits(self) -> Limits:
        """The rate limits and caps (what :class:`~.limits.RateLimiter` counts by): the rate,
        cap and exemption settings, counted in the settings' Redis when there is one (unless
        :meth:`with_limits` gave others)."""
        if self._limits is None:
            exempt = self.rate_exempt
            if exempt is None:
                exempt = () if self.trusted_proxies else LOOPBACK
            self._limits = Limits(
                create=self.create_rate,
                join=self.join_rate,
                guess=self.guess_rate,
                message=self.message_rate,
                max_tables=self.max_tables,
                idle_seconds=self.idle_seconds,
                exempt=exempt,
                storage=self.redis,
            )
        return self._limits

    def with_limits(self, limits: Limits) -> Settings:
        """These settings with ``limits`` as their :attr:`limits`, all at once (tests give
        :meth:`Limits.unlimited`, or a Redis of their own to count in)."""
        copy = self.model_copy()
        copy._limits = limits
        return copy

    def environ(self) -> dict[str, str]:
        """The variables that make these settings again in another process (what a process
        started from this one inherits)."""
        out = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, tuple):
                value = ",".join(value) or "none"
            out[variable(name)] = str(value).lower() if isinstance(value, bool) else str(value)
        return out


def variable(name: str) -> str:
    """The environment variable of the setting ``name``: ``BRISCOLA_MAX_TABLES``."""
    return PREFIX + name.upper()


def _bounds(name: str) -> tuple[float | None, float | None]:
    """The least and the most a numeric setting may be."""
    low = high = None
    for meta in Settings.model_fields[name].metadata:
        if isinstance(meta, Ge):
            low = meta.ge
        elif isinstance(meta, Le):
            high = meta.le
    return low, high  # type: ignore[return-value]


def _show(value: object) -> str:
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return f"{value:g}"
    return repr(value)


def _what(error: Mapping[str, Any], name: str) -> str:
    """What the setting ``name`` must be, by the kind of ``error``."""
    kind = error["type"]
    if kind == "value_error" and isinstance(error.get("ctx", {}).get("error"), _Problem):
        return str(error["ctx"]["error"])
    if kind.startswith("int_"):
        return "must be a whole number"
    if kind.startswith("bool_"):
        return "must be true or false"
    if kind in ("greater_than_equal", "less_than_equal", "finite_number"):
        low, high = _bounds(name)
        if high is not None:
            return f"must be from {low:g} to {high:g}"
        return f"must be at least {low:g}"
    if kind.startswith("float_"):
        return "must be a number"
    return "is not valid: " + str(error["msg"])


def _error(
    exc: ValidationError, given: Mapping[str, Any], label: Callable[[str], str]
) -> SettingsError:
    """The first of the errors, naming the setting as it was set."""
    error = exc.errors()[0]
    name = str(error["loc"][0])
    where = label(name) if name in given else variable(name)
    return SettingsError(f"{where} {_what(error, name)}, not {_show(error['input'])}")


BEGIN: Final = "<!-- settings:begin (generated by scripts/gen_settings.py from settings.py) -->"
"""The line before the settings' table in docs/operations.md."""
END: Final = "<!-- settings:end -->"
"""The line after it."""


def _default(value: object) -> str:
    if value is None:
        return "unset"
    if value == ():
        return "none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, float):
        return f"`{value:g}`"
    return f"`{value}`"


def settings_table() -> str:
    """The Markdown table of every setting: its flag, its variable, its default, its meaning.

    >>> print(settings_table().splitlines()[2])
    | `--host` | `BRISCOLA_HOST` | `127.0.0.1` | the address the server listens on |
    """
    rows = ["| flag | variable | default | meaning |", "|---|---|---|---|"]
    for name, field in Settings.model_fields.items():
        flag = f"`{FLAGS[name]}`" if name in FLAGS else ""
        meaning = field.description or ""
        rows.append(f"| {flag} | `{variable(name)}` | {_default(field.default)} | {meaning} |")
    return "\n".join(rows)


def replace_table(text: str) -> str:
    """``text`` (docs/operations.md) with what lies between :data:`BEGIN` and :data:`END`
    replaced by :func:`settings_table`."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"no {BEGIN!r} ... {END!r} block")
    return f"{text[: start + len(BEGIN)]}\n{settings_table()}\n{text[end:]}"
