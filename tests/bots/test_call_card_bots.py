"""The bots in the auction with a called card (``call_card``): they bid up to what the hand is
worth (a strong hand higher than a weak one), call the strongest card they lack of their best
suit, and play whole deals."""

from __future__ import annotations

import pytest

from briscola.bots.auction import bid, card_to_call, points_worth
from briscola.bots.base import make_bot
from briscola.core.actions import Bid, Call, Pass
from briscola.core.cards import Card, parse_cards
from briscola.core.game import Phase, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from helpers import act, deal

RULES = preset("chiamata", call_card=True)
STRONG = "Ad 3d Rd Cd Fd Ac 3c As"  # five top denari and three carichi
FAIR = "Ad 3d Cd 6d 4c 5c 6s 7b"
WEAK = "2d 4d 5c 6c 7s 4s 5b 6b"


def test_a_strong_hand_is_worth_more_points_than_a_fair_one_and_a_weak_one_passes() -> None:
    strong, fair, weak = (points_worth(parse_cards(h), RULES) for h in (STRONG, FAIR, WEAK))
    assert strong > fair >= 61 and weak == 0
    assert strong <= 95  # never every point on the strength of one hand


@pytest.mark.parametrize(("hand", "standing", "expected"), [
    (STRONG, 80, Bid(points=81)),  # a strong hand goes on
    (FAIR, 80, Pass()),  # a fair one stops where it is worth no more
    (FAIR, None, Bid(points=61)),  # and opens at the lowest contract
    (WEAK, None, Pass()),
])  # fmt: skip
def test_the_bot_bids_the_cheapest_contract_within_the_hands_worth(
    hand: str, standing: int | None, expected: object
) -> None:
    # dealer 4: the auction opens at seat 0; seat 1 is the bot, after seat 0's bid (or pass)
    state = deal(RULES, {1: hand}, dealer=4)
    state = act(state, "pass" if standing is None else f"bid {standing}")
    assert bid(observe(state, 1)) == expected


def test_the_auction_goes_to_the_seat_whose_hand_is_worth_most() -> None:
    bots = [make_bot("medium", seed=s) for s in range(5)]
    for seed in range(12):
        state = new_game(RULES, seed=seed)
        worth = [points_worth(h, RULES) for h in state.hands]
        while state.phase is Phase.AUCTION:
            assert state.turn is not None
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        if max(worth) == 0:
            assert state.is_over  # all passed: the deal is void
            continue
        assert state.caller is not None and worth[state.caller] == max(worth)
        assert state.auction is not None
        assert 61 <= state.auction.contract_points <= worth[state.caller]


def test_the_caller_calls_the_strongest_card_it_lacks_of_its_best_suit() -> None:
    hand = parse_cards("Ad Rd Cd Fd 7d Ac 3c As")
    assert card_to_call(hand, RULES) == Card.parse("3d")
    state = act(deal(RULES, {1: hand}), "bid 70", "pass", "pass", "pass", "pass")
    action = make_bot("medium", seed=1).act(observe(state, 1))
    assert action == Call(Card.parse("3d").suit, Card.parse("3d").rank)
    assert state.apply(action).trump is Card.parse("3d").suit


@pytest.mark.parametrize("level", ["random", "easy", "simple", "medium"])
def test_every_level_plays_whole_deals(level: str) -> None:
    for seed in range(2):
        state = new_game(RULES, seed=seed, dealer=seed)
        bots = [make_bot(level, seed=s) for s in range(5)]
        while not state.is_over:
            assert state.turn is not None
            obs = observe(state, state.turn)
            action = bots[state.turn].act(obs)
            assert action in obs.legal
            state = state.apply(action)
        result = state.result()
        assert sum(result.units) == 0
        if state.called is not None:
            assert state.trump is state.called.suit


def test_the_search_plays_a_card_once_a_card_is_called() -> None:
    """The fast core refuses whole deals under call_card (its auction calls suits), but once the
    card is called play is the same: the champion searches it (hard plays the medium level's
    cards in chiamata)."""
    state = act(deal(RULES, {1: STRONG}), "bid 80", "pass", "pass", "pass", "pass", "call Rd")
    assert state.turn is not None
    obs = observe(state, state.turn)
    action = make_bot("champion", seed=3).act(obs)
    assert action in obs.legal
