"""Compiling the kernels: the decorators, and an on-disk cache that follows every source it uses.

Every kernel of the fast package is compiled with Numba's ``cache=True``. Numba keys a cached
kernel on its own source file only, but a kernel compiles in the code of every kernel it calls and
the constants it reads, from other files (the core's :mod:`~briscola.fast.core.kernel` and
:mod:`~briscola.fast.core.layout`, the other search modules). :data:`DEPENDS` names those files
for each kernel module; when one of them changes, that module's cached kernels are dropped on
import (this module is imported by every kernel module before it compiles anything), so that
they are compiled again rather than run stale.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["DEPENDS", "F64", "I8", "I16", "I64", "drop_stale_caches", "inline", "jit", "jit_nrt"]

F = TypeVar("F", bound=Callable[..., Any])
I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]
I8 = npt.NDArray[np.int8]
F64 = npt.NDArray[np.float64]

# No kernel but the batch environment's allocates: the callers pass every array in. So the
# kernels are compiled without Numba's reference counting (``_nrt=False``), which would otherwise
# put atomic increments and decrements of the arrays' counts into the hot loop.
_FLAGS: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}

# For each kernel module (its path in this package, without ``.py``), every other file of the
# package whose code or constants its kernels compile in, directly or through the kernels they
# call (and this one, for the flags). A module's own file is Numba's business. Keep it in step
# with the modules' imports (a test checks it).
_BASE = ("jitcache.py", "core/layout.py")
_RULES = (*_BASE, "core/kernel.py")
_PLAY = (*_RULES, "core/rng.py", "core/sides.py", "core/policies.py")
# what a kernel built on the search's rollouts compiles in (pimc and everything it calls)
_SEARCH = (
    *_PLAY,
    "core/batch.py",
    "search/encode.py",
    "search/endgame.py",
    "search/inference.py",
    "search/pimc.py",
    "search/policy.py",
    "search/respond.py",
    "search/solver.py",
    "search/value.py",
)
DEPENDS: dict[str, tuple[str, ...]] = {
    "core/rng": _BASE,
    "core/kernel": _BASE,
    "core/sides": _RULES,
    "core/policies": (*_RULES, "core/rng.py", "core/sides.py"),
    "core/batch": _PLAY,
    "env_kernels": (*_PLAY, "core/batch.py"),
    "search/solver": _RULES,
    "search/policy": (*_RULES, "core/sides.py"),
    "../train/kernels": (
        *_PLAY,
        "core/batch.py",
        "env_kernels.py",
        "search/policy.py",
        "search/solver.py",
    ),
    "search/inference": (*_RULES, "core/rng.py", "core/sides.py", "search/policy.py"),
    "search/encode": (*_RULES, "core/sides.py", "search/policy.py", "search/solver.py"),
    "search/limits": (
        *_RULES,
        "core/rng.py",
        "core/sides.py",
        "search/encode.py",
        "search/policy.py",
        "search/solver.py",
    ),
    "search/endgame": _RULES,
    "search/value": (*_PLAY, "core/batch.py"),
    "search/respond": (*_PLAY, "core/batch.py", "search/policy.py", "search/value.py"),
    "search/pimc": tuple(f for f in _SEARCH if f != "search/pimc.py"),
    "search/auction": _SEARCH,
    "search/netplies": (*_SEARCH, "env_kernels.py"),
    "search/epimc": _SEARCH,
}


def drop_stale_caches() -> None:
    """Delete the cached kernels of each module of :data:`DEPENDS` whose dependencies changed
    since they were cached (a stamp of their sources is kept next to the cache)."""
    fast = Path(__file__).parent
    try:
        sources = {name: (fast / name).read_bytes() for names in DEPENDS.values() for name in names}
        for module, names in DEPENDS.items():
            folder, _, stem = module.rpartition("/")
            cache = fast / folder / "__pycache__"
            stamp = hashlib.sha256(b"".join(sources[name] for name in names)).hexdigest()
            mark = cache / f"{stem}.deps"
            old = mark.read_text() if mark.exists() else ""
            if old != stamp:
                for stale in cache.glob(f"{stem}.*.nb[ic]"):
                    stale.unlink(missing_ok=True)
                cache.mkdir(exist_ok=True)
                mark.write_text(stamp)
    except OSError:  # a read-only install: Numba then keeps its cache elsewhere, or none
        pass


drop_stale_caches()


def jit(fn: F) -> F:
    """Compile a kernel (cached on disk, without the GIL or reference counting)."""
    return cast(F, numba.njit(**_FLAGS)(fn))


def inline(fn: F) -> F:
    """Compile a small helper of a hot loop, inlined at Numba's level where it is used."""
    return cast(F, numba.njit(**_FLAGS, inline="always")(fn))


def jit_nrt(fn: F) -> F:
    """Compile a kernel that allocates arrays (with Numba's reference counting)."""
    return cast(F, numba.njit(**{**_FLAGS, "_nrt": True})(fn))
