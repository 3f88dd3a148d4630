"""Partner signals and the RL environments (issue 14, item 2): the observation vector and the
action space have no place for signs, so every environment refuses ``signals=true`` clearly, and
the fast core refuses it too."""

from __future__ import annotations

import pytest

from briscola.core.rules import RulesetError, preset
from briscola.fast.core.params import FastUnsupportedError, ruleset_params

pytestmark = pytest.mark.env


def test_the_fast_core_refuses_signals() -> None:
    with pytest.raises(FastUnsupportedError, match="cannot play the option signals=True"):
        ruleset_params(preset("pairs", signals=True))
    ruleset_params(preset("pairs"))  # without the option it plays


def test_the_environments_refuse_signals() -> None:
    from briscola.env.aec import BriscolaAECEnv
    from briscola.env.gym_env import BriscolaEnv
    from briscola.env.vector import BriscolaVectorEnv

    for make in (BriscolaAECEnv, BriscolaEnv):
        with pytest.raises(RulesetError, match="no place for partner signals"):
            make("pairs", signals=True)
    with pytest.raises(RulesetError, match="signals"):
        BriscolaVectorEnv(2, "six", signals=True)
