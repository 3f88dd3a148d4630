"""A move's rating by the win probability it gave away, and a deal's accuracy.

The loss of a move is the win probability of the best action minus that of the action played
(both from the same search). The thresholds (the upper ends of each band of loss):

=================  ==============  =========
rating             Italian         loss
=================  ==============  =========
``best``           ottima          ≤ 0.02
``good``           buona           ≤ 0.05
``inaccuracy``     imprecisione    ≤ 0.10
``mistake``        errore          ≤ 0.20
``blunder``        errore grave    > 0.20
=================  ==============  =========

A move with one legal action is ``forced`` (obbligata) and counts for nothing. Accuracy is the
mean over the other moves of ``103.1668 · exp(-4.354 · loss) - 3.1669``, clamped to 0..100, and
100 for no loss (the curve lichess.org uses for chess, with the loss as a share instead of a
percentage): 100 for a best move, about 80 for a loss of 0.05, about 50 for 0.15.

>>> Rating.of(0.0).name_in("it"), Rating.of(0.07).name_in("en"), Rating.of(0.5).name_in("it")
('ottima', 'inaccuracy', 'errore grave')
>>> round(move_accuracy(0.0), 1), round(move_accuracy(0.05), 1)
(100.0, 79.8)
"""

from __future__ import annotations

import math
from enum import Enum

from briscola.i18n import t

__all__ = ["THRESHOLDS", "Rating", "move_accuracy"]


class Rating(Enum):
    """A move's rating; the value is the name in the JSON."""

    FORCED = "forced"
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, loss: float, forced: bool = False) -> Rating:
        """The rating of a move that lost ``loss`` of win probability."""
        if forced:
            return cls.FORCED
        for rating, top in THRESHOLDS:
            if loss <= top:
                return rating
        return cls.BLUNDER

    @property
    def is_error(self) -> bool:
        """A mistake or a blunder."""
        return self in (Rating.MISTAKE, Rating.BLUNDER)

    def name_in(self, lang: str) -> str:
        """The rating's name in ``lang`` (it: ottima, buona, imprecisione, errore, errore grave)."""
        return t(f"analysis.rating.{self.value}", lang)


THRESHOLDS: tuple[tuple[Rating, float], ...] = (
    (Rating.BEST, 0.02),
    (Rating.GOOD, 0.05),
    (Rating.INACCURACY, 0.10),
    (Rating.MISTAKE, 0.20),
)
"""Each rating and the largest loss it covers (a larger loss than the last is a blunder)."""


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0 to 100, from its loss of win probability (see the module)."""
    if loss <= 0:
        return 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))
