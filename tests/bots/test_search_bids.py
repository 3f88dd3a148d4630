"""The chiamata auction read by the search: the caller's hand as its winning bid tells it."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from briscola.bots.medium import MediumBot
from briscola.bots.search import CHAMPION, SearchBot
from briscola.bots.search_bids import (
    N_FEATURES,
    caller_ratio,
    caller_worlds,
    category,
    hand_features,
    random_odds,
)
from briscola.bots.search_worlds import _opponent_slots
from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.fast.search import pimc as FS
from briscola.train.callers import TABLE, count_callers
from helpers import play_bots

pytest.importorskip("numba")


@pytest.mark.parametrize("called", [Card(Suit.DENARI, Rank.ASSO), Card(Suit.DENARI, Rank.TRE),
                                    Card(Suit.DENARI, Rank.DUE)])  # fmt: skip
def test_random_odds_are_those_of_random_hands(called: Card) -> None:
    """The exact odds of each feature match the features of 40,000 hands dealt at random."""
    rng = np.random.default_rng(5)
    hands = np.array([rng.permutation(40)[:8] for _ in range(40_000)], np.int64)
    seen = np.bincount(hand_features(hands, called.suit, called), minlength=N_FEATURES)
    odds = random_odds(category(called))
    assert odds.sum() == pytest.approx(1.0)
    assert np.abs(seen / len(hands) - odds).max() < 0.01
    assert (seen[odds == 0] == 0).all()


def _after_the_call(seed: int) -> State:
    state = new_game(preset("chiamata"), seed=seed)
    bots = [MediumBot(seed=s) for s in range(5)]
    while state.phase is not Phase.PLAY:
        assert state.turn is not None
        state = state.apply(bots[state.turn].act(observe(state, state.turn)))
    return state


def test_the_worlds_give_the_caller_its_trumps() -> None:
    """A defender's worlds deal every unknown card once and put the Asso of trumps in the
    caller's hand far more often than a random deal does (the medium callers hold it)."""
    share = uniform = 0.0
    games = 0
    for seed in range(12):
        state = _after_the_call(seed)
        assert state.auction is not None and state.trump is not None
        caller = state.auction.winner
        seat = next(s for s in range(5) if s != caller and state.called not in state.hands[s])
        obs = observe(state, seat)
        enc = FS.encode_observation(obs)
        asso = Card(state.trump, Rank.ASSO).index
        if asso not in enc.pool:
            continue
        got = caller_worlds(enc, obs, seed, 2000)
        assert got is not None
        worlds, weights = got
        assert len(worlds) == 2000 and (weights >= 1).all()
        assert (np.sort(worlds, axis=1) == np.sort(enc.pool)).all()
        hand_pos, _, _ = _opponent_slots(enc, caller)
        share += float(weights @ (worlds[:, hand_pos] == asso).any(axis=1)) / weights.sum()
        uniform += len(hand_pos) / len(enc.pool)
        games += 1
    assert games >= 5
    assert share / games > 0.6 > 0.3 > uniform / games


def test_nothing_to_infer_for_the_caller_or_without_a_call() -> None:
    state = _after_the_call(1)
    assert state.auction is not None
    obs = observe(state, state.auction.winner)
    assert caller_worlds(FS.encode_observation(obs), obs, 0, 10) is None
    pairs = observe(new_game(preset("pairs"), seed=1), 0)
    assert caller_worlds(FS.encode_observation(pairs), pairs, 0, 10) is None


def test_the_shipped_table_counts_callers() -> None:
    """The table in the package holds the callers of every level it names, no more auctions
    than it played, and gives the caller's likely hands a ratio above one."""
    data = json.loads(TABLE.read_text())
    for counts in data["counts"].values():
        total = int(np.array(counts).sum())
        assert 0.9 * data["deals"] <= total <= data["deals"]
    ratio = caller_ratio()
    assert ratio.shape == (3, N_FEATURES)
    assert (ratio >= 0).all() and ratio.max() > 2


def test_counting_callers_is_reproducible() -> None:
    first = count_callers("medium", deals=4, seed=3)
    assert (first == count_callers("medium", deals=4, seed=3)).all()
    assert 0 < int(first.sum()) <= 4


def test_champion_reading_the_bids_is_legal_and_reproducible() -> None:
    cfg = replace(CHAMPION, infer_bids=True, rollouts_multi=2000)
    runs = []
    for _ in range(2):
        state = new_game(preset("chiamata"), seed=4)
        seats = [SearchBot(1, cfg, "champion"), MediumBot(2), SearchBot.hard(3), MediumBot(4),
                 SearchBot(5, cfg, "champion")]  # fmt: skip
        runs.append(play_bots(state, seats).actions)
    assert runs[0] == runs[1]
