"""The progress bar of the long runs (arena, strength and think-time benches), on one console."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

__all__ = ["progress_bar"]


def progress_bar(console: Console, enabled: bool = True) -> Progress:
    """A Rich progress bar (description, bar, done of total, time left) that clears itself when
    done; ``enabled=False`` shows nothing (``--no-progress``, or output that is not a terminal).

    >>> from rich.console import Console
    >>> with progress_bar(Console(), enabled=False) as bar:
    ...     task = bar.add_task("deals", total=2)
    ...     bar.advance(task, 2)
    >>> bar.tasks[0].finished
    True
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not enabled,
    )
