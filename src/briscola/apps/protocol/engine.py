"""The engine protocol: a computer player on stdin/stdout, one JSON line per message.

``briscola engine --level simple`` (or ``python -m briscola.apps.protocol.engine --level simple``)
reads requests and writes replies, one JSON object per line (see ``docs/protocol.md`` and the JSON
Schema ``docs/protocol.schema.json``):

=====================================  ===========================================================
request                                reply
=====================================  ===========================================================
``{"type": "hello"}``                  ``{"type": "hello", "name", "version", "protocol": 1}``
``{"type": "act", "observation": …}``  ``{"type": "action", "action": "Ad"}``
``{"type": "new_game", "seed": 7}``    ``{"type": "ready"}`` (a fresh bot, seeded)
``{"type": "quit"}``                   ``{"type": "bye"}``, then the engine exits
anything wrong                         ``{"type": "error", "message": …}``; the engine goes on
=====================================  ===========================================================

A request's ``id`` (any JSON value), when present, is copied into its reply. The observation is
exactly :meth:`Observation.to_dict` of the seat to act: the engine never sees more than that seat
may know.

>>> import io, json
>>> session = EngineSession("simple", seed=1)
>>> session.handle('{"type": "hello"}')[0]["protocol"]
1
>>> session.handle("not json")[0]["type"]
'error'
>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> request = json.dumps({"type": "act", "observation": observe(state, state.turn).to_dict()})
>>> reply, go_on = session.handle(request)
>>> reply["type"], reply["action"] in [str(a) for a in state.legal_actions()], go_on
('action', True, True)

The other way round, :class:`~briscola.apps.protocol.external.ExternalEngine` is a bot that asks any
command speaking this protocol for its moves.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Annotated, Any

import typer

from briscola import __version__
from briscola.apps.common import build_ruleset, option_argument
from briscola.apps.protocol.external import EngineError, ExternalEngine
from briscola.bots import Bot, UnknownBotError, bot_info, bot_names, make_bot
from briscola.core.codec import ObservationParseError
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset, preset_names

__all__ = [
    "PROTOCOL",
    "EngineError",
    "EngineSession",
    "ExternalEngine",
    "engine_command",
    "main",
    "ruleset_from_options",
    "serve",
]

PROTOCOL = 1
"""The protocol's version, sent in the handshake."""

_TYPES = ("hello", "act", "new_game", "quit")


class EngineSession:
    """The engine's side of the protocol, without I/O: :meth:`handle` turns one request line into
    its reply.

    ``level`` is a bot of the registry; ``seed`` seeds it (a ``new_game`` request may reseed it);
    ``default_ruleset`` is used for observations that carry no ``ruleset``.
    """

    def __init__(
        self,
        level: str,
        seed: int | None = None,
        default_ruleset: Ruleset | None = None,
        *,
        bot_factory: Callable[[str, int | None], Bot] = make_bot,
    ) -> None:
        self.level = bot_info(level).name
        self.seed = seed
        self.default_ruleset = default_ruleset
        self._factory = bot_factory
        self.bot = bot_factory(self.level, seed)

    @property
    def name(self) -> str:
        """The engine's name in the handshake."""
        return f"briscola-{self.level}"

    def handle(self, line: str) -> tuple[dict[str, Any] | None, bool]:
        """The reply to one request line (None for a blank line), and whether to go on."""
        if not line.strip():
            return None, True
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _error(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"), True
        if not isinstance(request, dict):
            return _error("a request must be a JSON object with a 'type'"), True
        reply, go_on = self._answer(request)
        if "id" in request:
            reply["id"] = request["id"]
        return reply, go_on

    def _answer(self, request: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        kind = request.get("type")
        if kind == "hello":
            return {
                "type": "hello",
                "name": self.name,
                "version": __version__,
                "protocol": PROTOCOL,
            }, True
        if kind == "quit":
            return {"type": "bye"}, False
        if kind == "new_game":
            seed = request.get("seed", self.seed)
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                return _error(f"seed must be a whole number or null, not {seed!r}"), True
            self.bot = self._factory(self.level, seed)
            return {"type": "ready"}, True
        if kind == "act":
            return self._act(request), True
        if kind is None:
            return _error("the request has no 'type'"), True
        return _error(f"unknown request type {kind!r}; requests: {', '.join(_TYPES)}"), True

    def _act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        if "observation" not in request:
            return _error("an 'act' request needs an 'observation'")
        try:
            obs = Observation.from_dict(
                request["observation"], default_ruleset=self.default_ruleset
            )
        except ObservationParseError as exc:
            return _error(f"bad observation: {exc}")
        if not obs.legal:
            return _error(
                f"seat {obs.seat} has nothing to do: the observation lists no legal action"
            )
        try:
            action = self.bot.act(obs)
        except Exception as exc:  # a bot's failure is answered, never a crash
            return _error(f"the bot failed: {type(exc).__name__}: {exc}")
        if action not in obs.legal:
            return _error(f"the bot chose {action}, which is not legal here")
        return {"type": "action", "action": str(action)}


def _error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def serve(session: EngineSession, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until ``quit`` or the end of input; 0.

    >>> import io
    >>> out = io.StringIO()
    >>> lines = io.StringIO('{"type": "hello", "id": 1}\\n{"type": "quit"}\\n')
    >>> serve(EngineSession("random"), lines, out)
    0
    >>> [json.loads(line)["type"] for line in out.getvalue().splitlines()]
    ['hello', 'bye']
    """
    while True:
        line = stdin.readline()
        if not line:
            return 0
        reply, go_on = session.handle(line)
        if reply is not None:
            try:
                stdout.write(json.dumps(reply) + "\n")
                stdout.flush()
            except BrokenPipeError:
                return 0
        if not go_on:
            return 0


def ruleset_from_options(name: str, options: list[str]) -> Ruleset:
    """The preset ``name`` with ``KEY=VALUE`` options; :class:`typer.BadParameter` otherwise.

    >>> ruleset_from_options("classic", ["inversion=true"]).inversion
    True
    """
    return build_ruleset(name, options, preset_hint="--preset")


def engine_command(
    level: Annotated[
        str,
        typer.Option("--level", metavar="NAME", help=f"The bot to play: {', '.join(bot_names())}."),
    ] = "simple",
    preset_name: Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="NAME",
            help=f"Ruleset for observations that carry none: {', '.join(preset_names())}.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        option_argument("A rule option for --preset KEY=VALUE, repeatable."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="N", help="Seed for a bot that uses chance.")
    ] = None,
) -> None:
    """Play as an engine: JSON requests on stdin, JSON replies on stdout (docs/protocol.md)."""
    try:
        bot_info(level)
    except UnknownBotError as exc:
        raise typer.BadParameter(str(exc), param_hint="--level") from None
    default = None
    if preset_name is not None or option:
        default = ruleset_from_options(preset_name or "classic", option or [])
    session = EngineSession(level, seed, default)
    raise typer.Exit(serve(session, sys.stdin, sys.stdout))


def main() -> None:
    """``python -m briscola.apps.protocol.engine``."""
    typer.run(engine_command)


if __name__ == "__main__":
    main()
