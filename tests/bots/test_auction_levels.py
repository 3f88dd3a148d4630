"""Briscola chiamata's auction at the two lowest levels (issue 16, item 5): easy bids by a
simple count of its hand and calls its longest suit; beginner bids on a coin toss and calls at
random, so the two levels no longer hold the same auctions (they used to bid on to 120 points
together, which left the chiamata ladder's first step at 50%)."""

from __future__ import annotations

import pytest

from briscola.bots.easy import BeginnerBot, EasyBot, count_bid, count_call
from briscola.core.actions import Bid, Call, Pass
from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from helpers import act, deal

pytestmark = pytest.mark.bots

RULES = preset("chiamata")


def auction_of(state: State, bots: list[EasyBot | BeginnerBot]) -> State:
    """``state`` with its auction and call played by ``bots``."""
    while state.phase in (Phase.AUCTION, Phase.CALL):
        assert state.turn is not None
        action = bots[state.turn].act(observe(state, state.turn))
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def test_easy_passes_a_hand_without_a_suit_of_three() -> None:
    state = deal(RULES, {1: "Ac 2c Ad 2d As 2s 4b 5b"}, briscola=None, dealer=0)
    assert count_bid(observe(state, 1)) == Pass()


def test_easy_goes_as_far_as_its_count_and_no_further() -> None:
    # five denari and three carichi: 2 * (5 - 3) + 3 = 7 steps down (A 3 R C F 7 6 5: the 5)
    hand = "Ad 3d Rd Cd Fd Ac 3c 4b"
    state = deal(RULES, {1: hand}, briscola=None, dealer=4)  # seat 0 opens, seat 1 next
    assert count_bid(observe(state.apply(Pass()), 1)) == Bid(rank=Rank.ASSO)  # cheapest first
    state = act(state, Bid(rank=Rank.SEI))  # seat 0 bids the 6; seat 1 may go to the 5
    assert count_bid(observe(state, 1)) == Bid(rank=Rank.CINQUE)
    state = act(state, Bid(rank=Rank.CINQUE), Bid(rank=Rank.QUATTRO))
    state = act(state, Pass(), Pass(), Pass())  # seats 2 to 4; seat 0 bid the 4
    assert state.turn == 1
    assert count_bid(observe(state, 1)) == Pass()  # the 4 is one step beyond its count


def test_easy_calls_its_longest_suit_but_not_its_own_card() -> None:
    hand = "Ad 3d Cd Fd 7d Ac 5s 4b"
    state = deal(RULES, {1: hand}, briscola=None, dealer=0)  # seat 1 opens
    state = act(state, Bid(rank=Rank.RE), Pass(), Pass(), Pass(), Pass())
    assert state.phase is Phase.CALL and state.turn == 1
    assert count_call(observe(state, 1)) == Call(Suit.DENARI)  # the Re di denari is elsewhere
    state = deal(RULES, {1: hand}, briscola=None, dealer=0)
    state = act(state, Bid(rank=Rank.CAVALLO), Pass(), Pass(), Pass(), Pass())
    assert Card.parse("Cd") in state.hands[1]
    assert count_call(observe(state, 1)) != Call(Suit.DENARI)  # calling the Cavallo: alone


def test_easy_auctions_stay_on_the_ranks() -> None:
    contracts = []
    alone = 0
    for game in range(60):
        state = auction_of(new_game(RULES, seed=game, dealer=game % 5), [EasyBot()] * 5)
        assert state.auction is not None and state.caller is not None
        contracts.append(state.auction.contract_points)
        alone += state.partner == state.caller
    assert max(contracts) == 61  # nobody bids on points: the count stops at the 2
    assert alone <= 3  # it calls its own card only when every suit would


def test_beginner_and_easy_hold_different_auctions() -> None:
    differ = high = 0
    for game in range(60):
        start = new_game(RULES, seed=game, dealer=game % 5)
        easy = auction_of(start, [EasyBot()] * 5)
        beginner = auction_of(start, [BeginnerBot(seed=game * 5 + s) for s in range(5)])
        assert easy.auction is not None and beginner.auction is not None
        differ += (easy.caller, easy.called) != (beginner.caller, beginner.called)
        high += beginner.caller is not None and beginner.auction.contract_points > 61
    assert differ >= 30
    assert high <= 6  # a coin toss a bid seldom carries the auction onto points
