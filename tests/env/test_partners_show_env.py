"""``partners_show_first`` and the RL environments: the batch environment's kernel keeps no record
of the hands as dealt, so every environment refuses the option clearly (docs/rl.md), while the fast
rules kernel, for which it changes nothing in play, accepts it."""

from __future__ import annotations

import pytest

from briscola.core.rules import RulesetError, preset
from briscola.fast.core.params import ruleset_params

pytestmark = pytest.mark.env


def test_the_environments_refuse_partners_show_first() -> None:
    from briscola.env.aec import BriscolaAECEnv
    from briscola.env.gym_env import BriscolaEnv
    from briscola.env.vector import BriscolaVectorEnv

    for make in (BriscolaAECEnv, BriscolaEnv):
        with pytest.raises(RulesetError, match="do not play partners_show_first"):
            make("pairs", partners_show_first=True)
    with pytest.raises(RulesetError, match="partners_show_first"):
        BriscolaVectorEnv(2, "six", partners_show_first=True)
    BriscolaEnv("pairs")  # without the option they play


def test_the_fast_rules_kernel_plays_it_unchanged() -> None:
    shown = ruleset_params(preset("pairs", partners_show_first=True))
    assert (shown == ruleset_params(preset("pairs"))).all()
