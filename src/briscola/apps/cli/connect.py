"""``briscola connect``: a bot account plays online (issue 37, part 6; docs/online.md, "Bots
online"), for one of the project's levels (``--level champion``) or for any program that speaks
the engine protocol (``--engine "COMMAND"``, docs/protocol.md).

It seeks games of one kind (``--game``) in the server's lobby with the bot account's token and
plays each match to its end, ``--games`` of them or until stopped (Ctrl+C: a game in progress is
resigned, so the person is not left waiting). What it says is in the command line's language
(``terminal.cli.connect.<key>``); the token is never written out. The token may come from
``$BRISCOLA_BOT_TOKEN`` rather than the command line (which other users of the machine can read).

>>> from typer.testing import CliRunner
>>> from briscola.apps.cli.commands import app
>>> result = CliRunner().invoke(app, ["connect", "--server", "ftp://x", "--token", "t",
...                                   "--lang", "en"])
>>> result.exit_code, "ftp://x" in result.output
(2, True)
"""

from __future__ import annotations

import asyncio
import sys
from typing import Annotated, Final

import typer

from briscola.apps.cli.errors import bad
from briscola.bots import bot_names
from briscola.i18n.cli import ENV_VAR, t

__all__ = ["TOKEN_VAR", "connect"]

TOKEN_VAR: Final = "BRISCOLA_BOT_TOKEN"
"""The variable that may hold the bot's token instead of ``--token``."""
GAMES: Final = ("classic", "three", "quattro", "pairs", "six", "chiamata")
"""The game kinds offered online (the lobby's; ``scoperta`` is not offered)."""
_EXIT: Final = {"refused": 3, "gone": 4, "engine": 5}  # other failures: 1; a bad parameter: 2


def connect(
    server: Annotated[str, typer.Option("--server", metavar="URL")],
    token: Annotated[str, typer.Option("--token", metavar="TOKEN", envvar=TOKEN_VAR)],
    level: Annotated[str | None, typer.Option("--level", metavar="NAME")] = None,
    engine: Annotated[str | None, typer.Option("--engine", metavar="COMMAND")] = None,
    game: Annotated[str, typer.Option("--game", metavar="GAME")] = "classic",
    games: Annotated[int | None, typer.Option("--games", min=1, metavar="N")] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N")] = None,
    retry_for: Annotated[float, typer.Option("--retry-for", min=0, metavar="SECONDS")] = 300.0,
    lang: Annotated[str, typer.Option("--lang", metavar="it|en", envvar=ENV_VAR)] = "it",
) -> None:
    """Play online as a bot account: one of the levels or an engine's program."""
    from briscola.apps.protocol import online
    from briscola.apps.protocol.external import EngineError, ExternalEngine

    if lang not in ("it", "en"):
        raise bad("lang", "--lang", lang=repr(lang))
    if level is not None and engine is not None:
        raise bad("connect_one", "--level, --engine")
    if level is not None and level not in bot_names():
        raise typer.BadParameter(t("connect.bad_level", level=level, levels=", ".join(bot_names())),
                                 param_hint="--level")  # fmt: skip
    if game not in GAMES:
        raise typer.BadParameter(t("connect.bad_game", game=game, games=", ".join(GAMES)),
                                 param_hint="--game")  # fmt: skip
    try:
        online.server_urls(server)
    except online.ConnectError:
        raise typer.BadParameter(t("connect.bad_url", url=server), param_hint="--server") from None
    if not token.strip():
        raise typer.BadParameter(t("connect.refused"), param_hint="--token")

    def say(key: str, **facts: object) -> None:
        typer.echo(
            t("connect." + key, **facts),
            err=key in ("retry", "dropped", "refused_move", "resigned"),
        )

    mover: online.Mover
    if engine is not None:
        try:
            external = ExternalEngine(engine)
            external.start()
        except EngineError as exc:
            typer.echo(t("connect.engine", reason=str(exc)), err=True)
            raise typer.Exit(_EXIT["engine"]) from None
        mover = online.EngineMover(external, *(() if seed is None else (seed,)))
        say("engine_ready", name=external.engine_name or engine)
    else:
        mover = online.LevelMover(level or "simple", *(() if seed is None else (seed,)))
    session = online.Session(server, token.strip(), game, games, lang, retry_for, say)
    try:
        played = asyncio.run(online.play_online(session, mover))
    except online.ConnectError as exc:
        typer.echo(t("connect." + exc.code, **exc.facts), err=True)
        raise typer.Exit(_EXIT.get(exc.code, 1)) from None
    except KeyboardInterrupt:
        typer.echo(t("connect.interrupted"), err=True)
        raise typer.Exit(130) from None
    finally:
        online.close_quietly(mover)
    say("done", n=played)
    sys.stdout.flush()
