"""Where the arena's tasks run: in this process, in a pool of processes, or on Ray.

Each backend yields ``(task index, outcomes)`` as tasks finish, in any order; results do not
depend on the backend or on the number of workers, since every task is seeded on its own. Closing
the iterator early (an SPRT that has decided) cancels what has not started.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from briscola.extras import require
from briscola.tools.arena.play import GameOutcome, Setup, Task, close_engines, run_task

__all__ = ["BACKENDS", "ArenaBackendError", "run_tasks"]

BACKENDS = ("process", "ray")


class ArenaBackendError(RuntimeError):
    """A backend that cannot run (an unknown name; Ray not installed is
    :class:`~briscola.extras.MissingExtra`)."""


def _indexed(setup: Setup, index: int, task: Task) -> tuple[int, list[GameOutcome]]:
    return index, run_task(setup, task)


def run_tasks(
    setup: Setup,
    tasks: Sequence[Task],
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
) -> Iterator[tuple[int, list[GameOutcome]]]:
    """Run ``tasks``; yield each one's index and outcomes as it finishes.

    ``backend="process"`` runs in this process when ``workers`` is 1, otherwise in a pool of
    ``workers`` processes; ``backend="ray"`` uses Ray (``pip install 'briscola[ray]'``): a
    cluster of its own on this machine, or the running cluster at ``address`` (``"auto"``, a
    head's ``HOST:6379`` or ``ray://HOST:10001``), keeping ``workers`` x 4 tasks in flight.
    """
    if backend not in BACKENDS:
        raise ArenaBackendError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ArenaBackendError("an address is a Ray cluster's: use it with the ray backend")
    if backend == "ray":
        return _ray(setup, tasks, workers, address)
    if workers <= 1:
        return _local(setup, tasks)
    return _pool(setup, tasks, workers)


def _local(setup: Setup, tasks: Sequence[Task]) -> Iterator[tuple[int, list[GameOutcome]]]:
    try:
        for index, task in enumerate(tasks):
            yield index, run_task(setup, task)
    finally:
        close_engines()


def _pool(
    setup: Setup, tasks: Sequence[Task], workers: int
) -> Iterator[tuple[int, list[GameOutcome]]]:
    window = workers * 4  # tasks in flight: enough to keep busy, few to cancel
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: set[Future[tuple[int, list[GameOutcome]]]] = set()
        next_task = 0
        try:
            while next_task < len(tasks) or pending:
                while next_task < len(tasks) and len(pending) < window:
                    pending.add(pool.submit(_indexed, setup, next_task, tasks[next_task]))
                    next_task += 1
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: f.result()[0]):
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _ray(
    setup: Setup, tasks: Sequence[Task], workers: int, address: str | None
) -> Iterator[tuple[int, list[GameOutcome]]]:
    ray: Any = require("ray", "ray")
    if not ray.is_initialized() and address is not None:  # a running cluster sets its own CPUs
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    elif not ray.is_initialized():
        ray.init(
            num_cpus=max(workers, 1),
            include_dashboard=False,
            ignore_reinit_error=True,
            log_to_driver=False,
        )
    remote = ray.remote(_indexed)
    setup_ref = ray.put(setup)
    window = max(workers, 1) * 4
    pending: list[Any] = []
    next_task = 0
    try:
        while next_task < len(tasks) or pending:
            while next_task < len(tasks) and len(pending) < window:
                pending.append(remote.remote(setup_ref, next_task, tasks[next_task]))
                next_task += 1
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref)
