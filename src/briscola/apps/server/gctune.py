"""The garbage collector tuned for a server process (issue 12, item 7).

A server process holds a large heap that lives as long as it does (the modules, the web
framework, the compiled kernels' wrappers, the app) and makes many short-lived objects per move
(a view, a message, its events). With Python's defaults the cycle collector runs every 700 new
objects and, every hundredth run, walks the whole heap: under load it took about a sixth of the
server's CPU time (0.73 s of 4.3 s in a saturated run, a full walk 0.12 s). :func:`tune_gc`,
called once the app is built, moves everything made so far out of the collector's sight
(:func:`gc.freeze`: it is never garbage) and runs the young generation's collection every
:data:`YOUNG_THRESHOLD` new objects: cycles are still collected, each walk is small.

Only the processes of ``briscola serve`` do it (:func:`briscola.apps.server.serve` and the
``--workers`` parent set :data:`ENV`, and each process's start-up calls
:func:`tune_gc_if_asked`): an app built in a test process leaves that process's collector alone.

>>> import gc
>>> before = gc.get_threshold()
>>> tune_gc()
>>> gc.get_threshold()[0] >= YOUNG_THRESHOLD and gc.get_freeze_count() > 0
True
>>> gc.unfreeze(); gc.set_threshold(*before)
"""

from __future__ import annotations

import gc
import os

__all__ = ["ENV", "YOUNG_THRESHOLD", "tune_gc", "tune_gc_if_asked"]

ENV = "BRISCOLA_TUNE_GC"
"""Set to ``1`` by ``briscola serve``: its processes tune their collector as they start."""

YOUNG_THRESHOLD = 20_000
"""New container objects between two collections of the young generation (Python's: 700)."""


def tune_gc() -> None:
    """Freeze the heap made so far and collect the young generation less often (see the
    module's documentation). Safe to call more than once."""
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)


def tune_gc_if_asked() -> None:
    """:func:`tune_gc` in a process of ``briscola serve`` (:data:`ENV` is ``1``), else nothing."""
    if os.environ.get(ENV, "") == "1":
        tune_gc()
