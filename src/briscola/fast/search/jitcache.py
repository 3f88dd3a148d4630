"""Compiling the search kernels: one decorator, and an on-disk cache that follows its sources.

The search kernels (:mod:`~briscola.fast.search.solver`, :mod:`~briscola.fast.search.policy`,
:mod:`~briscola.fast.search.inference`, :mod:`~briscola.fast.search.pimc`) are compiled with Numba's
``cache=True``. Numba keys a cached kernel on its own source file only, but a kernel compiles in
the code of every kernel it calls and the constants it reads, from other files (the core's
:mod:`~briscola.fast.core.kernel` and :mod:`~briscola.fast.core.layout`, and the other search
modules).
:data:`DEPENDS` names those files for each search module; when one of them changes, that module's
cached kernels are dropped on import, so that they are compiled again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["DEPENDS", "F64", "I16", "I64", "drop_stale_caches", "jit"]

F = TypeVar("F", bound=Callable[..., Any])
I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]
F64 = npt.NDArray[np.float64]

_FLAGS: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}

# For each search module (a file's stem), every other file of this folder whose code or constants
# its kernels compile in, directly or through the kernels they call (and this one, for the
# flags). A module's own file is Numba's business. Keep it in step with the modules' imports.
DEPENDS: dict[str, tuple[str, ...]] = {
    "solver": ("search/jitcache.py", "core/layout.py"),
    "policy": ("search/jitcache.py", "core/kernel.py", "core/layout.py"),
    "inference": ("search/jitcache.py", "core/kernel.py", "core/layout.py", "search/policy.py"),
    "pimc": (
        "search/inference.py",
        "search/jitcache.py",
        "core/kernel.py",
        "core/layout.py",
        "search/policy.py",
        "search/solver.py",
    ),
}


def drop_stale_caches() -> None:
    """Delete the cached kernels of each module of :data:`DEPENDS` whose dependencies changed
    since they were cached (a stamp of their sources is kept next to the cache)."""
    here = Path(__file__).parent
    fast = here.parent
    try:
        sources = {name: (fast / name).read_bytes() for names in DEPENDS.values() for name in names}
        cache = here / "__pycache__"
        for module, names in DEPENDS.items():
            stamp = hashlib.sha256(b"".join(sources[name] for name in names)).hexdigest()
            mark = cache / f"{module}.deps"
            old = mark.read_text() if mark.exists() else ""
            if old != stamp:
                for stale in cache.glob(f"{module}.*.nb[ic]"):
                    stale.unlink(missing_ok=True)
                cache.mkdir(exist_ok=True)
                mark.write_text(stamp)
    except OSError:  # a read-only install: Numba then keeps its cache elsewhere, or none
        pass


drop_stale_caches()


def jit(fn: F) -> F:
    """Compile a search kernel (cached on disk, without the GIL or reference counting)."""
    return cast(F, numba.njit(**_FLAGS)(fn))
