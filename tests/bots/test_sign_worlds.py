"""A partner's "non ho briscole" and "ho briscole alte" narrow the worlds the search levels
sample (issue 14, item 2), and only the partner's: an opponent sees that a sign was made, not
which, and its worlds stay as wide as before."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import signal_helpers
from briscola.bots.medium import MediumBot
from briscola.bots.search import limited_worlds
from briscola.bots.signs import HandLimit, hand_limits, high_trumps, without_signals
from briscola.core.actions import Play, Signal
from briscola.core.cards import Card
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.core.signals import SignalKind
from briscola.core.state import Phase

pytestmark = pytest.mark.bots

FS = pytest.importorskip("briscola.fast.search.pimc")
NESSUNA = Signal(SignalKind.NESSUNA)
ALTE = Signal(SignalKind.ALTE)


def pairs_deal(hands: str, briscola: str = "7b", **options: Any) -> State:
    """``signal_helpers.pairs_deal`` with this file's usual briscola."""
    return signal_helpers.pairs_deal(hands, briscola, **options)


def world_hands(obs: Observation, n: int, seed: int) -> list[list[frozenset[Card]]]:
    """``n`` worlds the search levels would sample for ``obs``, as every seat's hand."""
    enc = FS.encode_observation(without_signals(obs))  # as the search levels do
    given = limited_worlds(enc, obs, hand_limits(obs), seed, n)
    if given is None:  # no limits apply: the plain sampler's worlds
        rows = []
        pool = enc.pool.copy()
        x = FS.R.game_rng(np.uint64(seed), 0)
        for _ in range(n):
            x = FS.R.shuffle(pool, len(pool), x)
            rows.append(pool.copy())
        worlds = np.array(rows)
    else:
        worlds = given[0]
    deck = {c.index: c for c in obs.ruleset.deck()}
    out = []
    S = np.zeros_like(enc.S)
    for row in worlds:
        FS.load_world(enc.P, enc.S, S, enc.slots, row, len(enc.pool), False)
        out.append([
            frozenset(deck[int(S[FS.O_HANDS + s * FS.MAX_HAND + k])]
                      for k in range(int(S[FS.O_HCOUNT + s])))
            for s in range(obs.ruleset.players)
        ])  # fmt: skip
    return out


def respects(hand: frozenset[Card], limit: HandLimit, obs: Observation) -> bool:
    assert obs.trump is not None
    trumps = sum(1 for c in hand if c.suit is obs.trump)
    if limit.max_trumps is not None and trumps > limit.max_trumps:
        return False
    return not limit.high or bool(hand & high_trumps(obs.trump, obs.ruleset))


def test_nessuna_bounds_the_partner_until_it_draws() -> None:
    # South (seat 2) holds no trump (bastoni) and says so; North sees the meaning, East not
    state = pairs_deal("Rc Cd 4b|2s 4s 5s|As 6d 7d|6c 6s 7s")
    state = state.apply(Play(Card.parse("Cd"))).apply(Play(Card.parse("2s"))).apply(NESSUNA)
    assert hand_limits(observe(state, 0)) == (HandLimit(2, 0, False),)
    assert hand_limits(observe(state, 1)) == hand_limits(observe(state, 3)) == ()
    state = state.apply(Play(Card.parse("6d"))).apply(Play(Card.parse("6c")))  # all draw once
    north = observe(state, 0)
    assert hand_limits(north) == (HandLimit(2, 1, False),)  # it may have drawn one
    counts = {
        sum(1 for c in hands[2] if c.suit is north.trump) for hands in world_hands(north, 300, 1)
    }
    assert counts == {0, 1}


def test_a_partners_nessuna_leaves_no_trump_in_its_worlds_and_an_opponents_do_not_narrow() -> None:
    state = pairs_deal("Rc Cd 4b|2s 4s 5s|As 6d 7d|6c 6s 7s")
    state = state.apply(Play(Card.parse("Cd"))).apply(Play(Card.parse("2s"))).apply(NESSUNA)
    state = state.apply(Play(Card.parse("6d")))
    west = observe(state, 3)  # West, an opponent of South, to play
    assert west.signals[0].kind is None and hand_limits(west) == ()
    worlds = world_hands(west, 300, 2)
    trump = west.trump
    assert any(any(c.suit is trump for c in hands[2]) for hands in worlds)  # not narrowed
    north = observe(state, 0)  # not its turn: worlds are sampled all the same
    assert all(not any(c.suit is trump for c in hands[2]) for hands in world_hands(north, 300, 3))


def test_alte_keeps_a_high_trump_in_the_partners_worlds_until_it_plays_one() -> None:
    state = pairs_deal("Rc Cd 4b|2s 4s 5s|Fb 6d 7d|6c 6s 7s")
    state = state.apply(Play(Card.parse("Cd"))).apply(Play(Card.parse("2s"))).apply(ALTE)
    north = observe(state, 0)
    assert hand_limits(north) == (HandLimit(2, None, True),)
    high = high_trumps(Card.parse("7b").suit, north.ruleset)
    assert all(hands[2] & high for hands in world_hands(north, 300, 4))
    played = state.apply(Play(Card.parse("Fb")))
    assert hand_limits(observe(played, 0)) == ()  # its high trump may have been its only one


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_worlds_and_the_true_hands_respect_every_signs_limits_over_many_deals(name: str) -> None:
    rules = preset(name, signals=True)
    rng = random.Random(7)
    checked = 0
    for seed in range(12 if name == "pairs" else 6):
        state = new_game(rules, seed=seed)
        bots = [MediumBot(seed=s) for s in range(rules.players)]
        while state.phase is not Phase.OVER:
            assert state.turn is not None
            seat = rng.randrange(rules.players)
            obs = observe(state, seat)
            limits = hand_limits(obs)
            for limit in limits:  # the bound is sound: the partner's true hand keeps it
                assert respects(frozenset(state.hands[limit.seat]), limit, obs)
            if limits and rng.random() < 0.3:
                checked += 1
                for hands in world_hands(obs, 40, seed):
                    assert all(respects(hands[h.seat], h, obs) for h in limits)
                    assert hands[seat] == frozenset(obs.hand)
            for other in range(rules.players):  # no opponent's meaning enters its limits
                if rules.team_of(other) != rules.team_of(seat):
                    assert all(h.seat != other for h in limits)
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
    assert checked >= 5
