"""The value of a finished deal with every seat for itself (``world_value``'s ``pairwise``): the
share of the other seats beaten, each pairwise win (a draw ½) with its margin, against the win over
the best of them; team games and two players do not change with it."""

from __future__ import annotations

import numpy as np
import pytest

from briscola.core.rules import preset
from briscola.fast.core import layout as L
from briscola.fast.core.params import ruleset_params
from briscola.fast.search.pimc import world_value

pytestmark = pytest.mark.bots

LAM = 0.25


def value(name: str, points: list[int], me: int, pairwise: bool) -> float:
    P = ruleset_params(preset(name))
    S = np.zeros(L.S_LEN, np.int64)
    for seat, p in enumerate(points):
        S[L.O_PTS + seat] = p
    return float(world_value(P, S, np.zeros(L.R_LEN, np.int16), me, 0, LAM, pairwise))


def test_second_of_three_beats_one_of_the_two() -> None:
    # 45 points against 60 and 15 (115 in the deck of three, a 2 taken out)
    total = int(ruleset_params(preset("three"))[L.P_TOTAL])
    best_other = value("three", [45, 60, 15], 0, pairwise=False)
    assert best_other == pytest.approx(0.0 + LAM * (45 - 60) / total)  # lost to the best
    pairwise = value("three", [45, 60, 15], 0, pairwise=True)
    assert pairwise == pytest.approx((0 + 1) / 2 + LAM * ((45 - 60) + (45 - 15)) / 2 / total)


def test_first_and_last_and_a_draw() -> None:
    total = int(ruleset_params(preset("three"))[L.P_TOTAL])
    assert value("three", [70, 30, 15], 0, pairwise=True) == pytest.approx(
        1 + LAM * (40 + 55) / 2 / total
    )
    assert value("three", [70, 30, 15], 2, pairwise=True) == pytest.approx(
        0 + LAM * (-55 - 15) / 2 / total
    )
    drawn = value("three", [50, 50, 15], 0, pairwise=True)
    assert drawn == pytest.approx((0.5 + 1) / 2 + LAM * (0 + 35) / 2 / total)
    four = value("quattro", [40, 40, 20, 20], 2, pairwise=True)  # four each for themselves
    assert four == pytest.approx((0 + 0 + 0.5) / 3 + LAM * (-20 - 20 + 0) / 3 / 120)


@pytest.mark.parametrize("name", ["classic", "pairs", "six"])
def test_two_sides_value_alike_either_way(name: str) -> None:
    seats = preset(name).players
    points = [30 + 7 * s for s in range(seats)]
    points[0] += 120 - sum(points)
    for me in range(seats):
        assert value(name, points, me, True) == value(name, points, me, False)
