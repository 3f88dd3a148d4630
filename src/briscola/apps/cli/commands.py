"""The ``briscola`` command: ``play`` (the terminal game), ``serve`` (the web app), ``score``
(the score keeper), ``bench``, ``analyze`` (a deal's moves rated), ``connect`` (a bot account
plays online).

Every word it says is in the command line's language (``--lang``, else ``$BRISCOLA_LANG``, else
Italian): the help of each command and option comes from the catalogs' ``terminal.cli.help.``
keys (:mod:`briscola.i18n.cli`; the group fills in the presets, the bots and the rule options),
our refusals from ``terminal.cli.bad.`` and other layers' errors are reworded
(:mod:`briscola.apps.cli.errors`).

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["--version"])
>>> result.exit_code, result.output.startswith("briscola ")
(0, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click.core import Context

from briscola import __version__
from briscola.apps.cli.bench import bench
from briscola.apps.cli.connect import connect
from briscola.apps.cli.errors import bad, reword
from briscola.apps.common import build_ruleset, option_argument, option_keys
from briscola.apps.server import MAX_TRICK_HOLD
from briscola.apps.terminal.i18n import LANGS
from briscola.bots import UnknownBotError, bot_info, bot_names
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.rules import preset_names
from briscola.extras import missing_extra, require
from briscola.i18n.cli import ENV_VAR, LocalizedGroup, current_lang, t

if TYPE_CHECKING:
    from briscola.apps.server.settings import Settings

__all__ = ["BriscolaGroup", "app", "main"]


class BriscolaGroup(LocalizedGroup):
    """The ``briscola`` group: the help and errors in the command line's language, the help's
    lists (presets, bots, rule options) filled in, other layers' errors reworded."""

    reword = reword

    def help_values(self) -> dict[str, object]:
        """The lists the help texts name: ``{presets}``, ``{bots}``, ``{option_keys}``,
        ``{max_hold}``."""
        return {
            "presets": ", ".join(preset_names()),
            "bots": ", ".join(bot_names()),
            "option_keys": option_keys(),
            "max_hold": f"{MAX_TRICK_HOLD:g}",
        }

    def invoke(self, ctx: Context) -> Any:
        """Run the subcommand; one whose extra is not installed says which one to install, in the
        command line's language, and ends with status 2 (:mod:`briscola.extras`)."""
        try:
            return super().invoke(ctx)
        except ImportError as exc:
            missing = missing_extra(exc)
            if missing is None:
                raise
            typer.echo(missing.text(current_lang()), err=True)
            raise typer.Exit(2) from None


app = typer.Typer(
    cls=BriscolaGroup,  # usage, help and errors in the language of --lang (briscola.i18n.cli)
    name="briscola",
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
        typer.Option("--version", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """Briscola, the Italian card game."""


@app.command()
def play(
    preset_name: Annotated[
        str,
        typer.Argument(metavar="PRESET"),
    ] = "classic",
    lang: Annotated[str, typer.Option("--lang", metavar="it|en", envvar=ENV_VAR)] = "it",
    opponent: Annotated[
        str,
        typer.Option("--opponent", metavar="NAME"),
    ] = "simple",
    seat: Annotated[int, typer.Option("--seat", metavar="N")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N")] = None,
    match: Annotated[
        str,
        typer.Option(
            "--match",
            metavar="FORMAT",
        ),
    ] = "single",
    option: Annotated[
        list[str] | None,
        option_argument(),
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option("--dealer", metavar="N"),
    ] = None,
    auto: Annotated[bool, typer.Option("--auto")] = False,
    human_bot: Annotated[
        str | None,
        typer.Option("--human-bot", metavar="NAME"),
    ] = None,
    tui: Annotated[
        bool,
        typer.Option("--tui"),
    ] = False,
    deck: Annotated[str, typer.Option("--deck", metavar="NAME")] = "progetto",
) -> None:
    """Play Briscola in the terminal against the computer."""
    from briscola.apps.terminal.game import DECKS, GameOptions
    from briscola.apps.terminal.game import play as run_game

    rules = build_ruleset(preset_name, option or [])
    if lang not in LANGS:
        raise bad("lang", "--lang", lang=repr(lang))
    if deck not in DECKS:
        raise bad("deck", "--deck", deck=repr(deck), decks=", ".join(DECKS))
    for hint, name in (("--opponent", opponent), ("--human-bot", human_bot)):
        if name is not None:
            try:
                bot_info(name)
            except UnknownBotError as exc:
                raise typer.BadParameter(str(exc), param_hint=hint) from None
    for hint, value in (("--seat", seat), ("--dealer", dealer)):
        if value is not None and not 0 <= value < rules.players:
            raise bad("seat", hint, value=value, name=rules.name, last=rules.players - 1)
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
        deck=deck,
    )
    if tui:
        from briscola.apps.terminal.tui import NoTerminalError, run_tui

        try:
            raise typer.Exit(run_tui(options))
        except NoTerminalError as exc:
            raise typer.BadParameter(str(exc), param_hint="--tui") from None
    raise typer.Exit(run_game(options))


app.command()(bench)  # its options and checks: briscola.apps.cli.bench
app.command()(connect)  # a bot account plays online: briscola.apps.cli.connect


@app.command()
def analyze(
    record: Annotated[str, typer.Argument(metavar="RECORD.json")],
    seat: Annotated[int, typer.Option("--seat", metavar="N")] = 0,
    json_out: Annotated[
        str | None,
        typer.Option("--json", metavar="OUT"),
    ] = None,
    plot_out: Annotated[
        str | None,
        typer.Option("--plot", metavar="OUT.png"),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option("--budget", min=1, metavar="N"),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N")] = 0,
    lang: Annotated[str, typer.Option("--lang", metavar="it|en", envvar=ENV_VAR)] = "it",
) -> None:
    """Rate every move of a seat in a deal's record, by the champion's search (docs/analysis.md)."""
    from pathlib import Path

    from rich.console import Console

    from briscola.analysis import DEFAULT_BUDGET
    from briscola.apps.terminal.analysis import AnalysisFailed, analyze_file
    from briscola.apps.terminal.i18n import t
    from briscola.tools.progress import progress_bar

    if lang not in LANGS:
        raise bad("lang", "--lang", lang=repr(lang))
    if plot_out is not None:  # said before the analysis runs (briscola.extras)
        require("matplotlib", "plots")
    console = Console(highlight=False)
    with progress_bar(console, enabled=console.is_terminal) as bar:
        task = bar.add_task(t("analysis.working", lang), total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            analyze_file(
                console, Path(record), seat, lang=lang, budget=budget or DEFAULT_BUDGET,
                seed=seed, json_out=None if json_out is None else Path(json_out),
                plot_out=None if plot_out is None else Path(plot_out), progress=step,
            )  # fmt: skip
        except AnalysisFailed as exc:
            bar.stop()
            typer.echo(str(exc), err=True)
            raise typer.Exit(2) from None


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(metavar="ADDRESS")] = None,
    port: Annotated[int | None, typer.Option(min=1, max=65535)] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
        ),
    ] = None,
    log_level: Annotated[
        str | None,
        typer.Option(metavar="LEVEL"),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=0,
            metavar="N",
        ),
    ] = None,
    max_tables: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
        ),
    ] = None,
    idle_seconds: Annotated[
        float | None,
        typer.Option(
            min=0,
            metavar="S",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
        ),
    ] = None,
    trick_hold: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
        ),
    ] = None,
    trusted_proxies: Annotated[
        str | None,
        typer.Option(metavar="ADDRESSES"),
    ] = None,
    print_nginx_config: Annotated[bool, typer.Option("--print-nginx-config")] = False,
) -> None:
    """Start the web app: play in the browser, alone or with friends (http://HOST:PORT/).

    Every setting is a flag or a BRISCOLA_* variable (docs/operations.md, "Settings"); the rate
    limits per client: $BRISCOLA_CREATE_RATE, _JOIN_RATE, _GUESS_RATE, _MESSAGE_RATE."""
    import os

    from briscola.apps.server import serve as run_server
    from briscola.apps.server.settings import Settings, SettingsError

    flags = {
        "host": host, "port": port, "db": db, "log_level": log_level,
        "bot_workers": bot_workers, "max_tables": max_tables, "idle_seconds": idle_seconds,
        "workers": workers, "redis": redis, "trick_hold": trick_hold,
        "trusted_proxies": trusted_proxies,
    }  # fmt: skip
    try:
        settings = Settings.load(label=lambda name: "--" + name.replace("_", "-"), **flags)
    except SettingsError as exc:
        raise typer.BadParameter(str(exc)) from None
    if settings.bot_workers is None:  # the cores shared among the processes
        settings = settings.replace(bot_workers=max(1, (os.cpu_count() or 1) // settings.workers))
    if print_nginx_config:
        return _print_nginx_config(settings.workers, settings.host, settings.port)
    typer.echo(t("serving", url=f"http://{settings.host}:{settings.port}/"))
    if settings.workers > 1:
        return _serve_workers(settings)
    run_server(settings)


def _serve_workers(settings: Settings) -> None:
    """``briscola serve --workers N``: each process is given the settings as its variables."""
    from briscola.apps.server.cluster.workers import Missing, serve_workers

    try:
        serve_workers(settings)
    except Missing as exc:
        typer.echo(reword(str(exc)), err=True)
        raise typer.Exit(1) from None


def _print_nginx_config(workers: int, host: str, port: int) -> None:
    """``briscola serve --print-nginx-config``: the ``http`` part of nginx's configuration for
    ``--workers`` processes on ports PORT+1 ... PORT+N, nginx on HOST:PORT (docs/operations.md)."""
    from briscola.apps.server.cluster.workers import nginx_site

    typer.echo(nginx_site([port + i for i in range(1, workers + 1)], host, port), nl=False)


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
    from briscola.scorekeeper.cli import score_app

    command = typer.main.get_command(score_app)
    command.main(args=list(ctx.args), prog_name="briscola score", standalone_mode=True)


def _mount_tools() -> None:
    """The bot builders' commands (light to import: their heavy parts load on use)."""
    from briscola.apps.protocol.engine import engine_command
    from briscola.tools.arena.cli import arena_command
    from briscola.train.cli import train_command

    app.command("engine")(engine_command)
    app.command("arena")(arena_command)
    app.command("train")(train_command)


_mount_tools()


def main() -> None:
    """The console script's entry point."""
    app()
