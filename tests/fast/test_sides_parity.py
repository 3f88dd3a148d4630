"""The fast core's sides (``sides.side_of``) agree with ``Observation.sides`` state by state.

Random games of every parity configuration (every preset, every option that changes play) are
played by the reference engine and replayed action by action in the fast core; before every
action, for every seat and every other seat, the kernel's answer (with, against, unknown) must be
the observation's. The games prefer declarations and short auctions so that Briscola chiamata
reaches every case: before the call, a secret partner, a declared called card, a holder found
because nobody else holds cards, and the reveal.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from briscola.core.actions import Action, Declare, Pass
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import Partnership
from briscola.fast.core import kernel as K
from briscola.fast.core import sides as Sd
from briscola.fast.core.layout import MAX_ACTIONS, S_LEN
from briscola.fast.core.params import ruleset_params
from briscola.fast.core.parity import CONFIGS, config_label, config_rules
from briscola.fast.core.replay import encode_action

GAMES = 40  # per configuration
_ANSWER = {True: Sd.SIDE_WITH, False: Sd.SIDE_AGAINST, None: Sd.SIDE_UNKNOWN}


def choose(state: State, rng: random.Random) -> Action:
    """A random legal action, preferring declarations and passing once a bid stands."""
    legal = state.legal_actions()
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares:
        return declares[0]
    standing = state.auction.standing if state.auction is not None else None
    if state.phase is Phase.AUCTION and standing is not None and rng.random() < 0.7:
        return Pass()
    return rng.choice(legal)


def case_of(state: State, seat: int) -> str:
    """Which chiamata case ``seat``'s view of ``state`` is (for the coverage count)."""
    if state.called is None:
        return "before the call"
    if state.revealed or state.is_over:
        return "revealed"
    if seat == state.partner:
        return "holder"
    obs = observe(state, seat)
    if any(state.called in cards for _, cards in obs.known_cards):
        return "declared"
    if sum(1 for s, h in enumerate(state.hands) if s != seat and h) == 1:
        return "nobody else"
    return "secret"


def compare(state: State, P: np.ndarray, S: np.ndarray, seen: Counter[str]) -> None:
    """Every seat's sides in ``state``: the observation's and the kernel's must agree."""
    n = state.players
    for seat in range(n):
        sides = observe(state, seat).sides()
        got = [int(Sd.side_of(P, S, seat, other)) for other in range(n)]
        want = [_ANSWER[sides.of(other)] for other in range(n)]
        assert got == want, (seat, str(state))
        if state.ruleset.partnership is Partnership.CALLED:
            seen[case_of(state, seat)] += 1


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[config_label(n, o) for n, o in CONFIGS])
def test_the_kernel_knows_the_sides_the_observation_shows(
    name: str, options: dict[str, Any]
) -> None:
    rules = config_rules(name, options)
    P = ruleset_params(rules)
    S = np.zeros(S_LEN, np.int64)
    buf = np.zeros(MAX_ACTIONS, np.int64)
    rng = random.Random(len(name) * 100 + len(options))
    seen: Counter[str] = Counter()
    for game in range(GAMES):
        dealer = game % rules.players
        state = new_game(rules, seed=rng.randrange(1 << 30), dealer=dealer)
        K.load_deck(P, S, np.array([c.index for c in state.deck], np.int8))
        K.deal(P, S, dealer)
        while True:
            compare(state, P, S, seen)
            if state.is_over:
                break
            action = choose(state, rng)
            assert K.apply_code(P, S, buf, encode_action(action))
            state = state.apply(action)
    if rules.partnership is Partnership.CALLED:
        cases = {"before the call", "holder", "secret", "nobody else", "revealed"}
        if rules.accusi:
            cases.add("declared")
        assert cases <= set(seen), seen


def test_a_void_chiamata_deal_has_no_sides_in_the_kernel_either() -> None:
    rules = config_rules("chiamata", {})
    P = ruleset_params(rules)
    S = np.zeros(S_LEN, np.int64)
    buf = np.zeros(MAX_ACTIONS, np.int64)
    state = new_game(rules, seed=3)
    K.load_deck(P, S, np.array([c.index for c in state.deck], np.int8))
    K.deal(P, S, state.dealer)
    for _ in range(rules.players):
        assert K.apply_code(P, S, buf, encode_action(Pass()))
        state = state.apply(Pass())
    assert state.phase is Phase.OVER
    compare(state, P, S, Counter())
