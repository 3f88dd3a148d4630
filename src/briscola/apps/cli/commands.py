"""The ``briscola`` command: ``play`` (the terminal game), ``serve`` (the web app), ``score``
(the score keeper), ``bench``, ``analyze`` (a deal's moves rated).

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["--version"])
>>> result.exit_code, result.output.startswith("briscola ")
(0, True)
"""

from __future__ import annotations

import importlib
import math
from typing import Annotated

import typer

from briscola import __version__
from briscola.apps.common import build_ruleset, option_argument
from briscola.apps.terminal.i18n import LANGS
from briscola.bots import UnknownBotError, bot_info, bot_names
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.rules import RulesetError, preset, preset_names
from briscola.i18n.cli import ENV_VAR, LocalizedGroup

__all__ = ["app", "main"]

app = typer.Typer(
    cls=LocalizedGroup,  # usage, help and errors in the language of --lang (briscola.i18n.cli)
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
        str, typer.Option("--lang", metavar="it|en", envvar=ENV_VAR, help="Language: it or en.")
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
        option_argument(),
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
    tui: Annotated[
        bool,
        typer.Option("--tui", help="The full-screen table (keyboard play) instead of lines."),
    ] = False,
) -> None:
    """Play Briscola in the terminal against the computer."""
    from briscola.apps.terminal.game import GameOptions
    from briscola.apps.terminal.game import play as run_game

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
    if tui:
        from briscola.apps.terminal.tui import NoTerminalError, run_tui

        try:
            raise typer.Exit(run_tui(options))
        except NoTerminalError as exc:
            raise typer.BadParameter(str(exc), param_hint="--tui") from None
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
            "--preset",
            metavar="NAME",
            help="A preset to measure (repeatable; default: all; with --think or --strength one "
            "preset, default classic).",
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
    think: Annotated[
        bool,
        typer.Option(
            "--think",
            help="Time the computer players' levels: ms per move (median, p95, max) on one core, "
            "each level against medium, with the champion's target.",
        ),
    ] = False,
    strength: Annotated[
        bool,
        typer.Option(
            "--strength",
            help="Play each level against the one below it (and champion against medium) over "
            "duplicate deals in the arena; scores with 95% intervals against the bars.",
        ),
    ] = False,
    analysis: Annotated[
        bool,
        typer.Option(
            "--analysis",
            help="Time the post-game analysis of a deal (seat 0, hindsight included) and a hint "
            "at each move, at the default budget, with the bars (docs/analysis.md).",
        ),
    ] = False,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            metavar="N",
            help="With --think: deals per level (default 10); with --strength: duplicate deals "
            "per pair (default 100; the bar is judged over 2,000).",
        ),
    ] = None,
    levels: Annotated[
        list[str] | None,
        typer.Option(
            "--level",
            metavar="NAME",
            help="With --think: a level to time (repeatable; default: all).",
        ),
    ] = None,
    pairs: Annotated[
        list[str] | None,
        typer.Option(
            "--pair",
            metavar="UPPER:LOWER",
            help="With --strength: a pair to play, e.g. champion:medium (repeatable; default: "
            "the ladder).",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="With --think or --strength: the seed.")
    ] = 1,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=0,
            metavar="N",
            help="With --fast or --strength: processes (0: CPUs; default: CPUs with --fast, 1 "
            "with --strength).",
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="With --think or --strength: exit with status 1 when a target is missed.",
        ),
    ] = False,
    json_path: Annotated[
        str | None,
        typer.Option("--json", metavar="PATH", help="Also write the results as JSON here."),
    ] = None,
    plot_path: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="PATH",
            help="With --strength: also draw the scores against their bars as a PNG here.",
        ),
    ] = None,
) -> None:
    """Measure the engines' speed (games and decisions per second for each preset), or the
    computer players' think time (--think) and strength (--strength)."""
    for name in preset_names_ or []:
        try:
            preset(name)
        except RulesetError as exc:
            raise typer.BadParameter(str(exc), param_hint="--preset") from None
    if fast + think + strength > 1:
        raise typer.BadParameter("choose one of --fast, --think and --strength")
    if analysis and fast + think + strength:
        raise typer.BadParameter("--analysis goes alone: not with --fast, --think or --strength")
    if analysis:  # issue 15: deals per preset (default 5), the seed, JSON; --strict
        from briscola.tools.bench import analysis as analysis_bench

        met = analysis_bench.main(preset_names_, deals, seed, json_path)
        if strict and not met:
            raise typer.Exit(1)
        return
    if plot_path is not None and not strength:
        raise typer.BadParameter("goes with --strength", param_hint="--plot")
    if think or strength:
        _bench_levels(
            strength, preset_names_, deals, levels, pairs, seed, workers, games, json_path, strict,
            plot_path,
        )  # fmt: skip
        return
    for value, flag in ((deals, "--deals"), (levels, "--level"), (pairs, "--pair")):
        if value is not None:
            raise typer.BadParameter("goes with --think or --strength", param_hint=flag)
    if strict:
        raise typer.BadParameter("goes with --think or --strength", param_hint="--strict")
    if not fast:
        if workers is not None:
            raise typer.BadParameter("goes with --fast or --strength", param_hint="--workers")
        module = importlib.import_module("briscola.tools.bench.reference")
        module.main(games=games or 500, presets=list(preset_names_ or []), json_path=json_path)
        return
    try:
        fast_bench = importlib.import_module("briscola.tools.bench.fast")
    except ImportError as exc:
        raise typer.BadParameter(
            f"the fast core needs numba and numpy (pip install 'briscola[fast]'): {exc}",
            param_hint="--fast",
        ) from None
    argv = ["--games", str(games or 1_000_000), "--workers", str(workers or 0)]
    if preset_names_:
        argv += ["--presets", ",".join(preset_names_)]
    argv += ["--json", json_path or ""]
    fast_bench.main(argv)


def _bench_levels(
    strength: bool,
    presets: list[str] | None,
    deals: int | None,
    levels: list[str] | None,
    pairs: list[str] | None,
    seed: int,
    workers: int | None,
    games: int | None,
    json_path: str | None,
    strict: bool,
    plot_path: str | None = None,
) -> None:
    """``briscola bench --think`` or ``--strength``: check the options, measure, report."""
    import os

    from briscola.tools.bench.levels import (
        LEVELS,
        LevelsBenchError,
        ladder_for,
        level_name,
        parse_pair,
        run_strength,
        run_think,
    )

    flag = "--strength" if strength else "--think"
    if games is not None:
        raise typer.BadParameter(f"{flag} counts deals: use --deals", param_hint="--games")
    if len(presets or []) > 1:
        raise typer.BadParameter(f"{flag} measures one preset", param_hint="--preset")
    if deals is not None and deals < 1:
        raise typer.BadParameter("play at least one deal", param_hint="--deals")
    if strength and levels is not None:
        raise typer.BadParameter("--strength plays pairs: use --pair", param_hint="--level")
    if not strength and pairs is not None:
        raise typer.BadParameter("--think times levels: use --level", param_hint="--pair")
    if not strength and workers is not None:
        raise typer.BadParameter("--think times every move on one core", param_hint="--workers")
    preset_name = (presets or ["classic"])[0]
    try:
        steps = ladder_for(preset_name)  # the bars: 60%/70% in two players, 55%/60% with more
        ladder = [parse_pair(p, steps) for p in pairs] if pairs else list(steps)
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--pair") from None
    try:
        names = [level_name(n) for n in levels] if levels else list(LEVELS)
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--level") from None
    try:
        if strength:
            n = workers if workers is not None else 1
            rows = run_strength(
                ladder,
                preset_name,
                deals or 100,
                seed=seed,
                workers=n or os.cpu_count() or 1,
                json_path=json_path,
                plot_path=plot_path,
            )
            missed = not all(r.met for r in rows)
        else:
            report = run_think(names, preset_name, deals or 10, seed=seed, json_path=json_path)
            missed = not report.met
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--preset") from None
    if strict and missed:
        raise typer.Exit(1)


@app.command()
def analyze(
    record: Annotated[
        str, typer.Argument(metavar="RECORD.json", help="A deal's record (briscola-record JSON).")
    ],
    seat: Annotated[int, typer.Option("--seat", metavar="N", help="The seat to analyse.")] = 0,
    json_out: Annotated[
        str | None,
        typer.Option("--json", metavar="OUT", help="Also write the analysis as JSON here."),
    ] = None,
    plot_out: Annotated[
        str | None,
        typer.Option("--plot", metavar="OUT.png", help="Draw the win-probability curve here."),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option("--budget", min=1, metavar="N", help="Worlds searched per move."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="The search's seed.")] = 0,
    lang: Annotated[
        str, typer.Option("--lang", metavar="it|en", envvar=ENV_VAR, help="Language: it or en.")
    ] = "it",
) -> None:
    """Rate every move of a seat in a deal's record, by the champion's search (docs/analysis.md)."""
    from pathlib import Path

    from rich.console import Console

    from briscola.analysis import DEFAULT_BUDGET
    from briscola.apps.terminal.analysis import AnalysisFailed, analyze_file
    from briscola.apps.terminal.i18n import t
    from briscola.tools.progress import progress_bar

    if lang not in LANGS:
        raise typer.BadParameter(f"{lang!r}: use {' or '.join(LANGS)}", param_hint="--lang")
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


MAX_TRICK_HOLD = 30.0
"""The longest hold ``serve --trick-hold`` accepts, in seconds."""


def _hold_seconds(value: float | None) -> float | None:
    """``--trick-hold``'s value, refused unless it is a number of seconds from 0 to 30."""
    if value is not None and not (math.isfinite(value) and 0 <= value <= MAX_TRICK_HOLD):
        raise typer.BadParameter(
            f"a number of seconds from 0 to {MAX_TRICK_HOLD:g} is needed, not {value:g}"
        )
    return value


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
    log_level: Annotated[
        str,
        typer.Option(
            help="How much the server logs: critical, error, warning, info, debug or trace "
            "(tokens and keys are masked at every level).",
        ),
    ] = "info",
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=0,
            metavar="N",
            help="Processes for the computer players' searches (default $BRISCOLA_BOT_WORKERS, "
            "else one per core; 0: they think in the server's own process).",
        ),
    ] = None,
    max_tables: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="The most tables held in memory (default $BRISCOLA_MAX_TABLES, else 5000); "
            "past it idle ones leave memory, else new ones are refused (503 server_full).",
        ),
    ] = None,
    idle_seconds: Annotated[
        float | None,
        typer.Option(
            min=0,
            metavar="S",
            help="A table nobody is connected to leaves memory after S seconds (default "
            "$BRISCOLA_IDLE_SECONDS, else 300); it stays stored and loads on the next visit.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="Server processes on the same port, sharing the tables through the database "
            "and Redis (a local redis-server is started unless --redis is given).",
        ),
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="The Redis shared with the other processes, here or on other machines on the "
            "same database (default $BRISCOLA_REDIS; none: this process serves alone).",
        ),
    ] = None,
    trick_hold: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            callback=_hold_seconds,
            help="How long a completed trick stays on the table before a computer player leads "
            f"again, 0 to {MAX_TRICK_HOLD:g} (default $BRISCOLA_TRICK_HOLD, else 1.5).",
        ),
    ] = None,
) -> None:
    """Start the web app: play in the browser, alone or with friends (http://HOST:PORT/).

    Rate limits per client: $BRISCOLA_CREATE_RATE, _JOIN_RATE, _GUESS_RATE, _MESSAGE_RATE
    (BURST/PER_SECOND or off; docs/operations.md)."""
    import os

    from briscola.apps.server import serve as run_server
    from briscola.apps.server.limits import Limits

    try:
        limits = Limits.from_env(max_tables=max_tables, idle_seconds=idle_seconds)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if bot_workers is None and not os.environ.get("BRISCOLA_BOT_WORKERS", "").strip():
        bot_workers = max(1, (os.cpu_count() or 1) // workers)  # else create_app reads it
    if redis:
        os.environ["BRISCOLA_REDIS"] = redis  # create_app joins the others (cluster.py)
    if trick_hold is not None and workers > 1:
        os.environ["BRISCOLA_TRICK_HOLD"] = str(trick_hold)  # each process's create_app reads it

    if log_level not in ("critical", "error", "warning", "info", "debug", "trace"):
        raise typer.BadParameter(f"unknown level {log_level!r}", param_hint="--log-level")
    typer.echo(f"Briscola: http://{host}:{port}/  (Ctrl+C to stop)")
    if workers > 1:
        caps = (limits.max_tables, limits.idle_seconds)
        return _serve_workers(workers, host, port, db, log_level, bot_workers, caps)
    run_server(
        host=host,
        port=port,
        db_url=db,
        log_level=log_level,
        bot_workers=bot_workers,
        limits=limits,
        trick_hold=trick_hold,
    )


def _serve_workers(
    workers: int,
    host: str,
    port: int,
    db: str | None,
    log_level: str,
    bot_workers: int | None,
    caps: tuple[int, float],
) -> None:
    """``briscola serve --workers N``: the options reach each process by its environment."""
    import os

    from briscola.apps.server import WS_MAX_SIZE
    from briscola.apps.server.logfilter import log_config
    from briscola.apps.server.workers import RedisMissing, serve_workers

    if bot_workers is not None:
        os.environ["BRISCOLA_BOT_WORKERS"] = str(bot_workers)
    os.environ["BRISCOLA_MAX_TABLES"], os.environ["BRISCOLA_IDLE_SECONDS"] = map(str, caps)
    try:
        serve_workers(
            workers,
            host=host,
            port=port,
            db_url=db,
            redis_url=os.environ.get("BRISCOLA_REDIS"),
            log_config=log_config(log_level),
            log_level=log_level,
            ws_max_size=WS_MAX_SIZE,
        )
    except RedisMissing as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None


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
