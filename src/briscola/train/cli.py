"""``briscola train``: the command line of the training (a Typer command function).

Mounted on the ``briscola`` app as ``app.command("train")(train_command)``; it needs the training
library (``pip install 'briscola[train]'``): without it the ``briscola`` command says so and ends
with status 2 (:class:`briscola.extras.MissingExtra`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from briscola.i18n import t
from briscola.tools.progress import progress_bar

__all__ = ["train_command"]


def _count(flag: str, text: str, low: int = 0) -> Any:
    """A whole-number option (``N``, at least ``low``)."""
    return typer.Option(flag, min=low, metavar="N", help=text)


def train_command(
    out: Annotated[
        Path, typer.Option("--out", "-o", metavar="DIR", help="The run's folder.")
    ] = Path("train-run"),
    preset_name: Annotated[
        str, typer.Option("--preset", metavar="NAME", help="The game (two players, or two teams).")
    ] = "classic",
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Same seed, same weights.")] = 0,
    rounds: Annotated[int, _count("--rounds", "Expert-iteration rounds.")] = 10,
    games: Annotated[int, _count("--games", "Self-play games a round.", 1)] = 200,
    budget: Annotated[int, _count("--budget", "Search rollouts a label.", 16)] = 600,
    hidden: Annotated[int, _count("--hidden", "Units of each hidden layer.", 8)] = 256,
    bc_deals: Annotated[int, _count("--bc-deals", "Warm start's deals.", 1)] = 15000,
    endgame_deals: Annotated[
        int, _count("--endgame-deals", "Deals whose stock-empty positions are solved exactly.")
    ] = 0,
    replay_from: Annotated[
        list[Path] | None,
        typer.Option(
            "--replay-from",
            metavar="DIR",
            help="An earlier run whose labelled rounds join the replay (repeatable).",
        ),
    ] = None,
    init_from: Annotated[
        Path | None,
        typer.Option(
            "--init-from",
            metavar="DIR",
            help="An earlier run whose network this run starts from (no cloning).",
        ),
    ] = None,
    mix: Annotated[
        float,
        typer.Option("--mix", min=0.0, metavar="F", help="Warm-start positions per replayed one."),
    ] = 0.3,
    infer: Annotated[
        bool, typer.Option("--infer", help="The labelling search infers from past plays.")
    ] = False,
    symmetry: Annotated[
        bool,
        typer.Option(
            "--symmetry/--no-symmetry",
            help="Learn one game for every trump suit (canonical suits).",
        ),
    ] = True,
    eval_deals: Annotated[int, _count("--eval-deals", "Curve's deals a level.")] = 200,
    eval_level: Annotated[
        list[str] | None,
        typer.Option("--eval-level", metavar="LEVEL", help="A curve's level (repeatable)."),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-j", min=1, metavar="N", help="Labelling processes.")
    ] = 1,
    resume: Annotated[
        bool, typer.Option("--resume", help="Carry on from the folder's last checkpoint.")
    ] = False,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
) -> None:
    """Train the neural level's network: behaviour cloning of medium, then expert iteration
    (docs/training.md)."""
    from rich.console import Console

    from briscola.core.rules import RulesetError
    from briscola.i18n.cli import current_lang
    from briscola.train.loop import TrainConfig, TrainError, train

    console = Console(stderr=True)
    lang = current_lang()  # the command line's (--lang, else $BRISCOLA_LANG, else Italian)
    cfg = TrainConfig(
        preset=preset_name,
        seed=seed,
        rounds=rounds,
        games=games,
        budget=budget,
        hidden=hidden,
        bc_deals=bc_deals,
        endgame_deals=endgame_deals,
        replay_from=tuple(str(p) for p in replay_from or ()),
        init_from=str(init_from) if init_from is not None else "",
        infer=infer,
        symmetry=symmetry,
        mix=mix,
        eval_deals=eval_deals,
        eval_levels=tuple(eval_level) if eval_level else ("medium", "simple"),
        workers=workers,
    )
    with progress_bar(console, enabled=not no_progress and console.is_terminal) as bar:
        tasks: dict[str, object] = {}

        def progress(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done, total=total)  # type: ignore[arg-type]

        def on_round(entry: dict[str, Any]) -> None:
            scores = ", ".join(f"{k} {100 * v['mean']:.1f}%" for k, v in entry["eval"].items())
            line = t(
                "terminal.train.round",
                lang,
                round=entry["round"],
                positions=entry["positions"],
                scores=scores or "-",
            )
            console.print(line, markup=False, highlight=False, soft_wrap=True)

        try:
            train(cfg, out, resume=resume, progress=progress, on_round=on_round)
        except (TrainError, RulesetError) as exc:
            why = (
                t("terminal.train.why." + exc.key, lang, **exc.params)
                if isinstance(exc, TrainError)
                else str(exc)
            )
            console.print(
                t("terminal.train.error", lang, error=why),
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
            raise typer.Exit(2) from None
    typer.echo(t("terminal.train.done", lang, out=out))
