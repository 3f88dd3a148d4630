"""The auction with a called card (``call_card``) in the RL layers and the fast core: refused
clearly where the action space (4 suit calls) or the fast core's auction cannot play it, and
searched where it can (the play phase, where nothing differs once the card is called)."""

from __future__ import annotations

import pytest

from briscola.core.actions import Call
from briscola.core.cards import Rank, Suit
from briscola.core.observation import observe
from briscola.core.rules import RulesetError, preset
from briscola.env.encoding import OBS_SIZE, action_to_index, check_ruleset, encode
from briscola.fast.core.params import FastUnsupportedError, ruleset_params
from helpers import act, deal

RULES = preset("chiamata", call_card=True)


def test_the_action_space_refuses_a_card_call_with_the_reason() -> None:
    with pytest.raises(ValueError, match=r"calls a suit \(4 calls\), not a card"):
        action_to_index(Call(Suit.DENARI, Rank.ASSO))
    assert action_to_index(Call(Suit.DENARI)) == action_to_index(Call(Suit.DENARI))
    with pytest.raises(RulesetError, match="call_card"):
        check_ruleset(RULES)
    assert check_ruleset(preset("chiamata", points_only_auction=True)).points_only_auction


def test_the_environments_refuse_the_option_when_built() -> None:
    pytest.importorskip("gymnasium")
    from briscola.env.gym_env import BriscolaEnv

    with pytest.raises(RulesetError, match="call_card"):
        BriscolaEnv("chiamata", call_card=True)


def test_the_observation_of_a_called_card_deal_still_encodes() -> None:
    state = act(deal(RULES, {}), "bid 70", "pass", "pass", "pass", "pass", "call As")
    vec = encode(observe(state, 2))
    assert vec.shape == (OBS_SIZE,)


def test_the_fast_core_refuses_whole_deals_and_runs_the_play_phase() -> None:
    with pytest.raises(FastUnsupportedError, match="call_card=True"):
        ruleset_params(RULES)
    params = ruleset_params(RULES, play_phase=True)
    assert (params == ruleset_params(preset("chiamata"))).all()  # play is the same
    pytest.importorskip("numba")
    from briscola.env.vector import BriscolaVectorEnv

    with pytest.raises(RulesetError, match="call_card"):
        BriscolaVectorEnv(4, RULES)
