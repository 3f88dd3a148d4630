"""``briscola arena``: the command line of the arena (a Typer command function).

Mount it on the ``briscola`` app with ``app.command("arena")(arena_command)``; it also runs on its
own as ``python -m briscola.tools.arena``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from briscola.apps.common import option_argument
from briscola.apps.protocol.external import EngineError
from briscola.bots import bot_names
from briscola.core.rules import RulesetError, preset_names
from briscola.extras import require
from briscola.tools.arena.backends import BACKENDS, ArenaBackendError
from briscola.tools.arena.players import PlayerSpecError, parse_players
from briscola.tools.arena.stats import SprtConfig, SprtError
from briscola.tools.progress import progress_bar

__all__ = ["arena_command", "main"]


def arena_command(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER...",
            help=f"Players: bot levels ({', '.join(bot_names())}), 'engine:COMMAND' for an "
            "external engine (quote it), or NAME=SPEC to name one. Two or more.",
            show_default=False,
        ),
    ],
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", min=1, metavar="N", help="Deals per matchup (the most, with --sprt)."
        ),
    ] = 100,
    preset_name: Annotated[
        str,
        typer.Option("--preset", metavar="NAME", help=f"The game: {', '.join(preset_names())}."),
    ] = "classic",
    option: Annotated[
        list[str] | None,
        option_argument(),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Seed: same seed, same run.")
    ] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-j", min=1, metavar="N", help="Parallel processes.")
    ] = 1,
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            metavar="SETTINGS",
            help="Sequential test of the first player against the second, stopping early: "
            "elo0=0,elo1=20,alpha=0.05,beta=0.05.",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", metavar="DIR", help="Write results.json, results.md and PNG plots here."
        ),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            metavar="NAME",
            help="process (default) or ray (pip install 'briscola[ray]').",
        ),
    ] = "process",
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            metavar="ADDRESS",
            help="With --backend ray: a running Ray cluster (auto, HOST:6379 or ray://HOST:10001).",
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option("--timeout", metavar="SECONDS", help="An external engine's time per move."),
    ] = 30.0,
    records: Annotated[
        bool, typer.Option("--records", help="Keep every game's actions in results.json.")
    ] = False,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw PNG plots.")] = True,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")
    ] = True,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON instead of tables.")
    ] = False,
) -> None:
    """Play a duplicate tournament between bots and engines; win rates, ratings, plots."""
    from rich.console import Console

    from briscola.apps.protocol.engine import ruleset_from_options
    from briscola.tools.arena.core import ArenaError, run_arena

    try:
        specs = parse_players(players)
    except PlayerSpecError as exc:
        raise typer.BadParameter(str(exc), param_hint="PLAYER") from None
    if backend not in BACKENDS:
        raise typer.BadParameter(f"use {' or '.join(BACKENDS)}", param_hint="--backend")
    if address is not None and backend != "ray":
        raise typer.BadParameter(
            "a Ray cluster's address needs --backend ray", param_hint="--address"
        )
    try:
        config = SprtConfig.parse(sprt) if sprt is not None else None
    except SprtError as exc:
        raise typer.BadParameter(str(exc), param_hint="--sprt") from None
    # an extra that is missing is said before any deal is played (briscola.extras)
    if backend == "ray":
        require("ray", "ray")
    if out is not None and plots:
        require("matplotlib", "plots")
    rules = ruleset_from_options(preset_name, option or [])
    console = Console(stderr=True)
    bar = progress_bar(console, progress)
    try:
        with bar:
            task = bar.add_task(f"{rules.name}: {' vs '.join(s.label for s in specs)}", total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = run_arena(
                specs,
                deals=deals,
                preset=rules,
                seed=seed,
                workers=workers,
                sprt=config,
                backend=backend,
                address=address,
                timeout=timeout,
                records=records,
                progress=advance,
            )
    except (ArenaError, RulesetError) as exc:
        raise typer.BadParameter(str(exc)) from None
    except (EngineError, ArenaBackendError) as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from briscola.tools.arena.report import rich_tables

        stdout = Console()
        for renderable in rich_tables(result):
            stdout.print(renderable)
    if out is not None:
        paths = result.write(out, plots=plots)
        console.print("wrote " + ", ".join(str(p) for p in paths), highlight=False)


def main() -> None:
    """``python -m briscola.tools.arena``."""
    typer.run(arena_command)
