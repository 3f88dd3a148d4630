"""The names of the computer players at a table: Italian first names, each seat its own, so that
a table of three reads "Giulia, Marco" rather than "Sensato 1, Sensato 2" (the client shows the
level beside the name).

>>> import random
>>> names = computer_names([None, "simple", "simple", "medium"], random.Random(4))
>>> names[0], len(set(names[1:])), all(n in NAMES for n in names[1:])
('', 3, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["NAMES", "computer_names"]

NAMES = (
    "Giulia",
    "Marco",
    "Chiara",
    "Luca",
    "Sofia",
    "Matteo",
    "Elena",
    "Paolo",
    "Francesca",
    "Giorgio",
    "Anna",
    "Davide",
    "Marta",
    "Stefano",
    "Lucia",
    "Antonio",
)
"""The names the computer players take, one per seat (more than any table has seats)."""


def computer_names(levels: Sequence[str | None], rng: random.Random | None = None) -> list[str]:
    """A name for each computer seat (``levels``: a seat's level, ``None`` for a person, who gets
    ``""``): different Italian first names, drawn at random."""
    drawn = (rng or random.Random()).sample(NAMES, sum(level is not None for level in levels))
    names = iter(drawn)
    return ["" if level is None else next(names) for level in levels]
