"""``briscola bench``: the engines' speed, the levels' think time and strength, the analysis's
time; its options checked here, the measuring in :mod:`briscola.tools.bench`.

>>> from typer.testing import CliRunner
>>> from briscola.apps.cli.commands import app
>>> CliRunner().invoke(app, ["bench", "--fast", "--think"]).exit_code
2
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from briscola.apps.cli.errors import bad
from briscola.core.rules import RulesetError, preset
from briscola.extras import require
from briscola.i18n.cli import t

__all__ = ["bench"]


def bench(
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            min=1,
            metavar="N",
        ),
    ] = None,
    preset_names_: Annotated[
        list[str] | None,
        typer.Option(
            "--preset",
            metavar="NAME",
        ),
    ] = None,
    fast: Annotated[
        bool,
        typer.Option(
            "--fast",
        ),
    ] = False,
    think: Annotated[
        bool,
        typer.Option(
            "--think",
        ),
    ] = False,
    strength: Annotated[
        bool,
        typer.Option(
            "--strength",
        ),
    ] = False,
    analysis: Annotated[
        bool,
        typer.Option(
            "--analysis",
        ),
    ] = False,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            metavar="N",
        ),
    ] = None,
    levels: Annotated[
        list[str] | None,
        typer.Option(
            "--level",
            metavar="NAME",
        ),
    ] = None,
    pairs: Annotated[
        list[str] | None,
        typer.Option(
            "--pair",
            metavar="UPPER:LOWER",
        ),
    ] = None,
    opponent: Annotated[str | None, typer.Option("--opponent", metavar="LEVEL")] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N")] = 1,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=0,
            metavar="N",
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
        ),
    ] = False,
    json_path: Annotated[
        str | None,
        typer.Option("--json", metavar="PATH"),
    ] = None,
    plot_path: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="PATH",
        ),
    ] = None,
    first_deal: Annotated[
        int | None,
        typer.Option(
            "--first-deal",
            min=0,
            metavar="N",
        ),
    ] = None,
    merge: Annotated[
        list[str] | None,
        typer.Option(
            "--merge",
            metavar="PATH",
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
        raise bad("bench_one")
    if analysis and fast + think + strength:
        raise bad("analysis_alone")
    if opponent is not None and not think:
        raise _goes_with("--opponent", "--think")
    if analysis:  # issue 15: deals per preset (default 5), the seed, JSON; --strict
        from briscola.tools.bench import analysis as analysis_bench

        met = analysis_bench.main(preset_names_, deals, seed, json_path)
        if strict and not met:
            raise typer.Exit(1)
        return
    for value, flag in ((plot_path, "--plot"), (first_deal, "--first-deal"), (merge, "--merge")):
        if value is not None and not strength:
            raise _goes_with(flag, "--strength")
    if plot_path is not None:  # said before the deals are played (briscola.extras)
        require("matplotlib", "plots")
    if merge is not None:
        _merge(
            merge,
            preset_names_,
            deals,
            pairs,
            first_deal,
            workers,
            games,
            json_path,
            plot_path,
            strict,
        )
        return
    if think or strength:
        _bench_levels(
            strength, preset_names_, deals, levels, pairs, seed, workers, games, json_path, strict,
            plot_path, first_deal or 0, opponent or "medium",
        )  # fmt: skip
        return
    for value, flag in ((deals, "--deals"), (levels, "--level"), (pairs, "--pair")):
        if value is not None:
            raise _goes_with(flag, "--think", "--strength")
    if strict:
        raise _goes_with("--strict", "--think", "--strength")
    if not fast:
        if workers is not None:
            raise _goes_with("--workers", "--fast", "--strength")
        module = importlib.import_module("briscola.tools.bench.reference")
        module.main(games=games or 500, presets=list(preset_names_ or []), json_path=json_path)
        return
    try:
        fast_bench = importlib.import_module("briscola.tools.bench.fast")
    except ImportError as exc:
        raise bad("fast_missing", "--fast", detail=exc) from None
    argv = ["--games", str(games or 1_000_000), "--workers", str(workers or 0)]
    if preset_names_:
        argv += ["--presets", ",".join(preset_names_)]
    argv += ["--json", json_path or ""]
    fast_bench.main(argv)


def _goes_with(hint: str, *flags: str) -> typer.BadParameter:
    """``hint`` refused without one of ``flags`` (``va con --think o --strength``)."""
    either = flags[0] if len(flags) == 1 else f"{', '.join(flags[:-1])} {t('or')} {flags[-1]}"
    return bad("goes_with", hint, flags=either)


def _merge(
    paths: list[str],
    presets: list[str] | None,
    deals: int | None,
    pairs: list[str] | None,
    first_deal: int | None,
    workers: int | None,
    games: int | None,
    json_path: str | None,
    plot_path: str | None,
    strict: bool,
) -> None:
    """``briscola bench --strength --merge PATH...``: pool saved reports, play nothing."""
    from briscola.tools.bench.levels import LevelsBenchError
    from briscola.tools.bench.levels.report import run_merge

    given = (
        ("--preset", presets), ("--deals", deals), ("--pair", pairs),
        ("--first-deal", first_deal), ("--workers", workers), ("--games", games),
    )  # fmt: skip
    for flag, value in given:
        if value is not None:
            raise bad("merge_plays_nothing", flag)
    try:
        rows = run_merge(paths, json_path=json_path, plot_path=plot_path)
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--merge") from None
    if strict and not all(r.met for r in rows):
        raise typer.Exit(1)


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
    first_deal: int = 0,
    opponent: str = "medium",
) -> None:
    """``briscola bench --think`` or ``--strength``: check the options, measure, report (with
    ``--think``, each level against ``opponent``)."""
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
        raise bad("counts_deals", "--games", flag=flag)
    if len(presets or []) > 1:
        raise bad("one_preset", "--preset", flag=flag)
    if deals is not None and deals < 1:
        raise bad("deals", "--deals")
    if strength and levels is not None:
        raise bad("strength_pairs", "--level")
    if not strength and pairs is not None:
        raise bad("think_levels", "--pair")
    if not strength and workers is not None:
        raise bad("think_one_core", "--workers")
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
        opponent = level_name(opponent)
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--opponent") from None
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
                first_deal=first_deal,
            )
            missed = not all(r.met for r in rows)
        else:
            report = run_think(
                names, preset_name, deals or 10, opponent=opponent, seed=seed, json_path=json_path
            )
            missed = not report.met
    except LevelsBenchError as exc:
        raise typer.BadParameter(str(exc), param_hint="--preset") from None
    if strict and missed:
        raise typer.Exit(1)
