"""The ``briscola`` command: ``play`` (the terminal game), ``serve`` (the web app), ``score``
(the score keeper), ``bench``.

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["--version"])
>>> result.exit_code, result.output.startswith("briscola ")
(0, True)
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from . import __version__
from .bots import UnknownBotError, bot_info, bot_names
from .cli_common import build_ruleset
from .i18n import LANGS
from .match import MatchFormat, MatchFormatError
from .rules import RulesetError, preset, preset_names

__all__ = ["app", "main"]

app = typer.Typer(
    name="briscola",
    help="Briscola, the Italian card game: play in the terminal against the computer.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"briscola {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Briscola, the Italian card game."""


@app.command()
def play(
    preset_name: Annotated[
        str,
        typer.Argument(
            metavar="PRESET", help=f"The game: {', '.join(preset_names())} (or an alias)."
        ),
    ] = "classic",
    lang: Annotated[
        str, typer.Option("--lang", metavar="it|en", help="Language: it or en.")
    ] = "it",
    opponent: Annotated[
        str,
        typer.Option(
            "--opponent", metavar="NAME", help=f"Bot for the other seats: {', '.join(bot_names())}."
        ),
    ] = "simple",
    seat: Annotated[int, typer.Option("--seat", metavar="N", help="Your seat, from 0.")] = 0,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="N", help="Seed for a repeatable game.")
    ] = None,
    match: Annotated[
        str,
        typer.Option(
            "--match",
            metavar="FORMAT",
            help="single, best-of:N, first-to:N, points:N (e.g. points:120), deals:N.",
        ),
    ] = "single",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A rule option KEY=VALUE, repeatable: inversion=true, accusi=true, "
            "exchange=two, direction=clockwise, tie=replay, removed=2d, …",
        ),
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option("--dealer", metavar="N", help="The first dealer's seat (default: drawn)."),
    ] = None,
    auto: Annotated[
        bool, typer.Option("--auto", help="A bot plays your seat too (watch a game).")
    ] = False,
    human_bot: Annotated[
        str | None,
        typer.Option(
            "--human-bot", metavar="NAME", help="The bot that plays your seat (implies --auto)."
        ),
    ] = None,
) -> None:
    """Play Briscola in the terminal against the computer."""
    from .interactive import GameOptions
    from .interactive import play as run_game

    rules = build_ruleset(preset_name, option or [])
    if lang not in LANGS:
        raise typer.BadParameter(f"{lang!r}: use {' or '.join(LANGS)}", param_hint="--lang")
    for hint, name in (("--opponent", opponent), ("--human-bot", human_bot)):
        if name is not None:
            try:
                bot_info(name)
            except UnknownBotError as exc:
                raise typer.BadParameter(str(exc), param_hint=hint) from None
    for hint, value in (("--seat", seat), ("--dealer", dealer)):
        if value is not None and not 0 <= value < rules.players:
            raise typer.BadParameter(
                f"{value} is not a seat: {rules.name} has seats 0 to {rules.players - 1}",
                param_hint=hint,
            )
    try:
        fmt = MatchFormat.parse(match)
    except MatchFormatError as exc:
        raise typer.BadParameter(str(exc), param_hint="--match") from None
    if auto and human_bot is None:
        human_bot = opponent
    options = GameOptions(
        ruleset=rules,
        lang=lang,
        opponent=opponent,
        seat=seat,
        seed=seed,
        match=fmt,
        dealer=dealer,
        human_bot=human_bot,
    )
    raise typer.Exit(run_game(options))


@app.command()
def bench(
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            min=1,
            metavar="N",
            help="Games per preset (default: 500 for the reference engine, 1,000,000 with --fast).",
        ),
    ] = None,
    preset_names_: Annotated[
        list[str] | None,
        typer.Option(
            "--preset", metavar="NAME", help="A preset to measure (repeatable; default: all)."
        ),
    ] = None,
    fast: Annotated[
        bool,
        typer.Option(
            "--fast",
            help="Measure the compiled fast core too (one core and all cores) against the "
            "reference engine; needs the 'fast' extra.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option("--workers", min=0, metavar="N", help="With --fast: processes (0: CPUs)."),
    ] = 0,
    json_path: Annotated[
        str | None,
        typer.Option("--json", metavar="PATH", help="Also write the results as JSON here."),
    ] = None,
) -> None:
    """Measure the engines' speed: games and decisions per second for each preset."""
    for name in preset_names_ or []:
        try:
            preset(name)
        except RulesetError as exc:
            raise typer.BadParameter(str(exc), param_hint="--preset") from None
    if not fast:
        module = importlib.import_module("briscola.bench")
        module.main(games=games or 500, presets=list(preset_names_ or []), json_path=json_path)
        return
    try:
        fast_bench = importlib.import_module("briscola.fast.bench")
    except ImportError as exc:
        raise typer.BadParameter(
            f"the fast core needs numba and numpy (pip install 'briscola[fast]'): {exc}",
            param_hint="--fast",
        ) from None
    argv = ["--games", str(games or 1_000_000), "--workers", str(workers)]
    if preset_names_:
        argv += ["--presets", ",".join(preset_names_)]
    argv += ["--json", json_path or ""]
    fast_bench.main(argv)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="SQLAlchemy database URL (default: $BRISCOLA_DB, else sqlite:///briscola.db).",
        ),
    ] = None,
) -> None:
    """Start the web app: play in the browser, alone or with friends (http://HOST:PORT/)."""
    from .server import serve as run_server

    typer.echo(f"Briscola: http://{host}:{port}/  (Ctrl+C to stop)")
    run_server(host=host, port=port, db_url=db)


@app.command(
    context_settings={
        "allow_extra_args": True,
        "ignore_unknown_options": True,
        "help_option_names": [],
    }
)
def score(ctx: typer.Context) -> None:
    """Keep the score of games played with real cards (briscola score --help)."""
    # Loaded on use, so that other commands do not pay for the database layer's import.
    from .scorekeeper.cli import score_app

    command = typer.main.get_command(score_app)
    command.main(args=list(ctx.args), prog_name="briscola score", standalone_mode=True)


def _mount_tools() -> None:
    """The bot builders' commands (light to import: their heavy parts load on use)."""
    from .arena.cli import arena_command
    from .engine import engine_command

    app.command("engine")(engine_command)
    app.command("arena")(arena_command)


_mount_tools()


def main() -> None:
    """The console script's entry point."""
    app()
