"""The model of a searching bidder in Briscola chiamata (fast/search/auction.py: bid_chance,
finish_modelled), the reading of the bids heard with it (fast/search/bids.py,
``read_bids``), the auction searched on (``model_bids``) and its fit (train/bidders.py)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from briscola.bots.search import CHAMPION, CHAMPION_V1, HARD, SearchBot
from briscola.bots.search_auction import _heard, _read_deals, searched_auction
from briscola.core.actions import Pass
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.fast.core.layout import MAX_ACTIONS, PH_OVER, PH_PLAY, S_LEN, S_PHASE
from briscola.fast.core.rng import game_rng
from briscola.fast.search import auction as FA
from briscola.fast.search.bids import bid_likelihoods
from briscola.fast.search.encode import set_hand_masks
from briscola.train.bidders import bidder_rows, fit, log_likelihood
from helpers import deal

pytestmark = pytest.mark.bots

RULES = preset("chiamata")
W = np.array(FA.BIDDER)


def _chance(hand: str, seat: int = 1) -> float:
    state = deal(RULES, {seat: hand}, briscola=None, dealer=0)
    enc = FA.encode_auction(observe(state, seat))
    return float(FA.bid_chance(enc.P, enc.S, seat, 0, W))


def test_a_strong_hand_opens_more_often_than_a_weak_one() -> None:
    top = _chance("Ad 3d Rd Cd Fd 7d Ac 3c")
    weak = _chance("2d 4c 5c 6s 7s 4b 5b 6b")
    assert FA.FLOOR <= weak < top <= 1 - FA.FLOOR
    assert top > 0.9


def test_no_level_reads_the_bids_yet() -> None:
    for cfg in (CHAMPION, CHAMPION_V1, HARD):
        assert not cfg.read_bids and not cfg.model_bids


def _hard_auction_positions(games: int) -> list[tuple[State, int]]:
    """(state, seat) at the auction decisions of hard seats once another seat has called."""
    bots = [SearchBot.hard(s) for s in range(5)]
    out = []
    for game in range(games):
        state = new_game(RULES, seed=300 + game, dealer=game % 5)
        while state.phase is Phase.AUCTION:
            assert state.turn is not None and state.auction is not None
            if state.auction.calls:
                out.append((state, state.turn))
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
    return out


def test_the_calls_heard_are_likelier_from_the_real_hands_than_from_random_ones() -> None:
    logs = []
    for state, seat in _hard_auction_positions(6):
        obs = observe(state, seat)
        enc = FA.encode_auction(obs)
        heard = _heard(obs, enc)
        if heard is None:
            continue
        S0, seats, codes = heard
        real = [c.index for s in range(5) if s != seat for c in state.hands[s]]
        deals = np.random.default_rng(0).permuted(np.tile(enc.pool, (400, 1)), axis=1)
        deals = np.vstack([np.array([real]), deals])
        lik = np.zeros(len(deals))
        bid_likelihoods(
            enc.P, S0, np.zeros(S_LEN, np.int64), np.zeros(MAX_ACTIONS, np.int64), enc.slots,
            deals, seats, codes, seat, W, lik,
        )  # fmt: skip
        assert ((lik > 0) & (lik <= 1)).all()
        logs.append(np.log(lik[0]) - np.log(lik[1:]).mean())
    assert len(logs) >= 10
    assert np.mean(logs) > 1.0  # the real hands made the calls heard e-fold more likely or more
    assert np.mean(np.array(logs) > 0) > 0.7


def test_the_read_deals_give_the_seats_that_passed_weaker_hands() -> None:
    # seats 0 and 1 pass at once, which a searching bidder does with a weak hand: from seat 2's
    # view the read deals give them a weaker best suit than random deals do
    state = deal(RULES, {2: "2d 4c 5c 6s 7s 4b 5b 6b"}, briscola=None, dealer=4)
    state = state.apply(Pass()).apply(Pass())
    obs = observe(state, 2)
    enc = FA.encode_auction(obs)
    heard = _heard(obs, enc)
    assert heard is not None
    rng = np.random.default_rng(1)
    read = _read_deals(enc, 2, heard, 400, rng)
    plain = rng.permuted(np.tile(enc.pool, (400, 1)), axis=1)

    def score(deals: np.ndarray) -> float:
        """The mean best-suit score of seats 0 and 1 (in tens above 62)."""
        S = enc.S.copy()
        total = 0.0
        for row in deals:
            S[enc.slots] = row
            set_hand_masks(enc.P, S)
            total += FA.bid_features(enc.P, S, 0)[1] + FA.bid_features(enc.P, S, 1)[1]
        return total / len(deals) / 2

    assert score(read) < score(plain) - 0.3


def test_the_modelled_auction_ends_and_is_reproducible() -> None:
    state = new_game(RULES, seed=4, dealer=0)
    enc = FA.encode_auction(observe(state, state.turn))
    buf = np.zeros(MAX_ACTIONS, np.int64)
    ends = set()
    for seed in range(20):
        runs = []
        for _ in range(2):
            S = enc.S.copy()
            FA.finish_modelled(enc.P, S, buf, W, 0, np.uint64(game_rng(np.uint64(seed), 0)))
            runs.append(S.copy())
        assert (runs[0] == runs[1]).all()
        assert runs[0][S_PHASE] in (PH_PLAY, PH_OVER)
        ends.add(tuple(runs[0]))
    assert len(ends) > 1  # the model's chances, not one fixed auction


def test_the_search_with_both_settings_is_legal_and_reproducible() -> None:
    bot = replace(CHAMPION, auction_worlds=128, read_bids=True, model_bids=True)
    for game in range(4):
        state: State = new_game(RULES, seed=game, dealer=game % 5)
        while state.phase in (Phase.AUCTION, Phase.CALL):
            assert state.turn is not None
            obs = observe(state, state.turn)
            first = SearchBot(game, bot).act(obs)
            assert first == SearchBot(game, bot).act(obs)
            assert first in state.legal_actions()
            state = state.apply(first)
    plain = searched_auction(observe(new_game(RULES, seed=9), 0), 96, seed=1, model_bids=True)
    assert plain in new_game(RULES, seed=9).legal_actions()


def test_the_fit_recovers_the_weights_of_a_known_model() -> None:
    rng = np.random.default_rng(5)
    X = np.column_stack([np.ones(4000), rng.normal(size=(4000, 2))])
    w = np.array([0.5, 2.0, -1.0])
    y = (rng.random(4000) < 1 / (1 + np.exp(-X @ w))).astype(float)
    got = fit(X, y)
    assert np.abs(got - w).max() < 0.25
    assert log_likelihood(X, y, got) >= log_likelihood(X, y, w)


def test_the_shipped_weights_fit_hard_auctions_better_than_a_constant() -> None:
    X, y = bidder_rows(auctions=6, seed=77)
    base = y.mean()
    constant = base * np.log(base) + (1 - base) * np.log(1 - base)
    assert log_likelihood(X, y, W) > constant + 0.05
