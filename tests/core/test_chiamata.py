"""Briscola chiamata (5 players): deal, auction, call, secret partner, settlement, observation."""

from __future__ import annotations

import random

import pytest

from briscola.core.actions import Bid, Call, Pass, Play
from briscola.core.cards import Card, Rank, Suit, parse_cards
from briscola.core.chiamata import settle
from briscola.core.game import IllegalActionError, Phase, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from helpers import act, chiamata_expectation, deal, random_states, trick_card_points

RANKS_IN_BID_ORDER = [Rank.parse(x) for x in "A3RCF76542"]

# A deal (dealer 0) where seat 1 holds seven top trumps of denari and the 2 of coppe; seat 2
# plays its cards in order and keeps the Asso of coppe for last.
SOLO_HANDS = {
    1: "Ad 3d Rd Cd Fd 7d 6d 2c",
    2: "2b 4b 5b 6b 2s 4s 5s Ac",
    3: "5d 4d 2d 7b 6s 7s 3c Rc",
    4: "Ab 3b Rb Cb Fb As 3s Rs",
    0: "Cs Fs 4c 5c 6c 7c Fc Cc",
}


def c(text: str) -> Card:
    return Card.parse(text)


def play_out(state: State, rng: random.Random | None = None) -> State:
    """Finish a deal: random legal plays, or each seat's first card when no rng is given."""
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        if rng is None:
            state = state.apply(Play(state.hands[seat][0]))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_deal_eight_cards_each_and_no_briscola() -> None:
    state = new_game(preset("chiamata"), seed=4, dealer=2)
    assert [len(h) for h in state.hands] == [8] * 5
    assert sorted(x for h in state.hands for x in h) == sorted(preset("chiamata").deck())
    assert state.stock == () and state.briscola is None and state.trump is None
    assert state.phase is Phase.AUCTION
    assert state.turn == 3  # the auction opens at the dealer's right


def test_deal_order_one_card_at_a_time_from_the_dealers_right() -> None:
    rules = preset("chiamata")
    deck = rules.deck()
    state = new_game(rules, deck=deck, dealer=4)
    for i in range(5):
        seat = (4 + 1 + i) % 5
        assert state.hands[seat] == tuple(deck[i + 5 * r] for r in range(8))


def test_opening_bids_are_any_rank_or_pass() -> None:
    state = new_game(preset("chiamata"), seed=1)
    legal = state.legal_actions()
    assert set(legal) == {Pass(), *(Bid(rank=r) for r in Rank)}
    assert not any(isinstance(a, Bid) and a.points is not None for a in legal)


def test_rank_bids_must_be_strictly_lower() -> None:
    state = new_game(preset("chiamata"), seed=1, dealer=0)
    state = act(state, "bid 3")
    legal_ranks = [a.rank for a in state.legal_actions() if isinstance(a, Bid)]
    assert legal_ranks == RANKS_IN_BID_ORDER[2:]
    for higher in ("bid A", "bid 3"):
        with pytest.raises(
            IllegalActionError, match=r"does not beat the standing bid \(bid 3 by seat 1\)"
        ):
            act(state, higher)
    state = act(state, "bid F")
    legal_ranks = [a.rank for a in state.legal_actions() if isinstance(a, Bid)]
    assert legal_ranks == [Rank.SETTE, Rank.SEI, Rank.CINQUE, Rank.QUATTRO, Rank.DUE]
    with pytest.raises(IllegalActionError):
        act(state, "bid R")


def test_passes_are_final_and_passed_seats_are_skipped() -> None:
    state = new_game(preset("chiamata"), seed=1, dealer=0)
    assert state.turn == 1
    state = act(state, "bid A")
    assert state.turn == 2
    state = act(state, "pass")
    assert state.turn == 3
    state = act(state, "bid 3", "pass", "pass")  # seat 3 bids, seats 4 and 0 pass
    assert state.turn == 1 and state.phase is Phase.AUCTION
    state = act(state, "bid R")
    assert state.turn == 3  # seat 2 has passed
    state = act(state, "bid C")
    assert state.turn == 1
    state = act(state, "pass")
    # only seat 3 is left: the auction is over and seat 3 names the trump suit
    assert state.phase is Phase.CALL and state.turn == 3
    assert state.caller == 3 and state.auction is not None and state.auction.winner == 3
    assert state.auction.passed == frozenset({0, 1, 2, 4})


def test_after_a_two_bids_go_on_points() -> None:
    state = new_game(preset("chiamata"), seed=1, dealer=0)
    state = act(state, "bid 2")
    bids = [a for a in state.legal_actions() if isinstance(a, Bid)]
    assert all(b.rank is None for b in bids)
    assert [b.points for b in bids] == list(range(62, 121))  # the 2 stands for 61
    with pytest.raises(IllegalActionError):
        state.apply(Bid(points=61))
    with pytest.raises(IllegalActionError):
        act(state, "bid 4")
    state = act(state, "bid 75")
    assert [b.points for b in state.legal_actions() if isinstance(b, Bid)] == list(range(76, 121))
    state = act(state, "bid 120")
    assert state.legal_actions() == (Pass(),)


def test_points_only_auction_starts_at_61() -> None:
    state = new_game(preset("chiamata", points_only_auction=True), seed=1)
    bids = [a for a in state.legal_actions() if isinstance(a, Bid)]
    assert [b.points for b in bids] == list(range(61, 121))
    with pytest.raises(IllegalActionError, match="points only"):
        act(state, "bid A")
    state = act(state, "bid 61", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.CALL
    state = act(state, "call s")
    assert state.called == c("2s")  # a points contract calls the 2


def test_the_auction_ends_when_one_bidder_remains() -> None:
    state = new_game(preset("chiamata"), seed=1, dealer=0)
    state = act(state, "pass", "pass", "pass", "pass")
    # four passes without a bid: the last seat must still bid or pass
    assert state.phase is Phase.AUCTION and state.turn == 0
    state = act(state, "bid 6")
    assert state.phase is Phase.CALL and state.caller == 0 and state.turn == 0
    assert set(state.legal_actions()) == {Call(s) for s in Suit}
    with pytest.raises(IllegalActionError, match="must now name the trump suit"):
        act(state, "pass")


def test_everybody_passes_the_deal_is_void() -> None:
    state = new_game(preset("chiamata"), seed=1, dealer=0)
    state = act(state, *["pass"] * 5)
    assert state.is_over and state.turn is None
    result = state.result()
    assert result.replay and result.units == (0,) * 5 and result.winners == ()
    assert result.winner is None
    with pytest.raises(IllegalActionError, match="the deal is over"):
        act(state, "pass")


def test_the_call_sets_trump_and_the_called_card() -> None:
    state = deal("chiamata", hands=SOLO_HANDS, dealer=0)
    state = act(state, "bid A", "bid R", "pass", "pass", "pass", "bid C", "pass")
    # seat 1: A, seat 2: R, 3, 4, 0 pass, seat 1: C, seat 2 pass -> seat 1 calls
    assert state.phase is Phase.CALL and state.caller == 1
    state = act(state, "call b")
    assert state.trump is Suit.BASTONI and state.called == c("Cb")
    assert state.partner == 4  # seat 4 holds the Cavallo di bastoni
    assert state.team_of(1) == state.team_of(4) == 0
    assert [state.team_of(s) for s in (0, 2, 3)] == [1, 1, 1]
    assert state.phase is Phase.PLAY and state.turn == 1  # the dealer's right leads


@pytest.mark.parametrize(("caller_leads", "first"), [(False, 2), (True, 4)])
def test_first_lead_dealers_right_or_the_caller(caller_leads: bool, first: int) -> None:
    state = new_game(preset("chiamata", caller_leads=caller_leads), seed=3, dealer=1)
    assert state.turn == 2
    state = act(state, "pass", "pass", "bid A", "pass", "pass")
    assert state.caller == 4 and state.phase is Phase.CALL
    state = act(state, "call c")
    assert state.turn == first and state.leader == first


def test_contract_is_61_or_the_points_bid() -> None:
    base = new_game(preset("chiamata"), seed=1, dealer=0)
    rank_bid = act(base, "bid 5", "pass", "pass", "pass", "pass")
    assert rank_bid.auction is not None and rank_bid.auction.contract_points == 61
    two = act(base, "bid 2", "pass", "pass", "pass", "pass")
    assert two.auction is not None and two.auction.contract_points == 61
    points = act(base, "bid 2", "bid 80", "pass", "pass", "pass", "pass")
    assert points.auction is not None and points.auction.contract_points == 80
    assert points.caller == 2 and points.auction.contract_rank is Rank.DUE


def test_a_solo_caller_takes_every_trick_cappotto() -> None:
    hands = dict(SOLO_HANDS)
    hands[1] = "Ad 3d Rd Cd Fd 7d 6d 5d"
    hands[3] = "2c 4d 2d 7b 6s 7s 3c Rc"
    for doubles, units in ((False, (-1, 4, -1, -1, -1)), (True, (-2, 8, -2, -2, -2))):
        state = deal(preset("chiamata", cappotto_doubles=doubles), hands=hands, dealer=0)
        state = act(state, "bid A", "pass", "pass", "pass", "pass", "call d")
        assert state.called == c("Ad") and state.partner == 1  # alone
        final = play_out(state)
        assert all(t.winner == 1 for t in final.tricks) and len(final.tricks) == 8
        result = final.result()
        assert result.seat_points == (0, 120, 0, 0, 0)
        assert result.team_points == (120, 0) and result.winners == (0,)
        assert result.units == units and sum(result.units) == 0


def test_declarations_do_not_make_a_cappotto() -> None:
    # seat 1 plays alone, declares Re and Cavallo of trumps (+40) and loses only the last trick:
    # 98 card points + 40 is over 120, but the other side took a trick with points
    rules = preset("chiamata", accusi=True, cappotto_doubles=True)
    state = deal(rules, hands=SOLO_HANDS, dealer=0)
    state = act(state, "bid A", "pass", "pass", "pass", "pass", "call d", "declare d")
    final = play_out(state)
    assert final.tricks[-1].winner == 2
    assert trick_card_points(final) == [0, 98, 22, 0, 0]
    result = final.result()
    assert result.seat_points == (0, 138, 22, 0, 0)
    assert result.units == (-1, 4, -1, -1, -1)


def test_settlement_with_a_partner_and_bid_multipliers_with_cappotto() -> None:
    hands = dict(SOLO_HANDS)
    hands[1] = "Ad 3d Rd Cd Fd 7d 6d 5d"
    hands[3] = "2c 4d 2d 7b 6s 7s 3c Rc"
    rules = preset("chiamata", bid_multipliers=True, cappotto_doubles=True)
    state = deal(rules, hands=hands, dealer=0)
    state = act(state, "bid 2", "bid 100", "pass", "pass", "pass", "bid 101", "pass", "call d")
    assert state.caller == 1 and state.called == c("2d") and state.partner == 3
    final = play_out(state)
    result = final.result()
    assert result.team_points == (120, 0)
    # won at 101 (x5) with all 120 points (x2): caller +20, partner +10, the others -10
    assert result.units == (-10, 20, -10, 10, -10)


def test_caller_loses_when_short_of_the_points_bid() -> None:
    hands = dict(SOLO_HANDS)
    rules = preset("chiamata")
    state = deal(rules, hands=hands, dealer=0)
    state = act(state, "bid 2", "bid 100", "pass", "pass", "pass", "bid 101", "pass", "call d")
    final = play_out(state)
    side = trick_card_points(final)[1] + trick_card_points(final)[3]
    assert 61 <= side < 101
    result = final.result()
    assert result.winners == (1,)
    assert result.units == (1, -2, 1, -1, 1)


def test_settle_table() -> None:
    assert settle(True, False, caller=0, partner=2, players=5, multiplier=1) == (2, -1, 1, -1, -1)
    assert settle(False, False, caller=0, partner=2, players=5, multiplier=1) == (-2, 1, -1, 1, 1)
    assert settle(True, True, caller=3, partner=3, players=5, multiplier=1) == (-1, -1, -1, 4, -1)
    assert settle(False, True, caller=3, partner=3, players=5, multiplier=1) == (1, 1, 1, -4, 1)
    assert settle(True, False, caller=4, partner=1, players=5, multiplier=3) == (-3, 3, -3, -3, 6)


@pytest.mark.parametrize(
    ("bid", "factor"),
    [(61, 1), (70, 1), (71, 2), (80, 2), (81, 3), (90, 3), (91, 4), (100, 4), (101, 5), (120, 5)],
)
def test_bid_multipliers(bid: int, factor: int) -> None:
    rules = preset("chiamata", points_only_auction=True, bid_multipliers=True)
    state = new_game(rules, seed=bid, dealer=0)
    state = act(state, f"bid {bid}", "pass", "pass", "pass", "pass", "call c")
    final = play_out(state, random.Random(bid))
    result = final.result()
    base = 4 if final.partner == 1 else 2
    assert abs(result.units[1]) == base * factor
    assert sum(result.units) == 0
    assert result.units == chiamata_expectation(final)["units"]


def test_random_deals_settle_as_the_rules_say() -> None:
    seen = set()
    for name_options in (
        {},
        {"bid_multipliers": True, "cappotto_doubles": True},
        {"points_only_auction": True, "caller_leads": True, "inversion": True},
        {"accusi": True},
    ):
        rules = preset("chiamata", **name_options)
        for seed in range(60):
            rng = random.Random(seed)
            final = play_out(new_game(rules, seed=seed, dealer=seed % 5), rng)
            result = final.result()
            expected = chiamata_expectation(final)
            assert result.units == expected["units"]
            assert sum(result.units) == 0
            if expected["void"]:
                assert result.replay
                continue
            assert final.called == expected["called"]
            assert final.partner == expected["partner"]
            assert result.winners == ((0,) if expected["won"] else (1,))
            assert result.team_points[0] == expected["side_points"]
            assert sum(result.team_points) == sum(result.seat_points)
            seen.add((expected["won"], expected["partner"] == expected["caller"]))
    assert {(True, False), (False, False)} <= seen


def test_only_the_holder_knows_the_partner_until_the_called_card_is_played() -> None:
    checked_before = checked_after = 0
    for seed in range(30):
        rng = random.Random(seed)
        start = new_game(preset("chiamata"), seed=seed)
        for state in random_states(start, rng):
            if state.called is None:
                assert all(observe(state, s).partner is None for s in range(5))
                continue
            played = any(card == state.called for _, card in state.trick) or any(
                card == state.called for t in state.tricks for _, card in t.plays
            )
            holder = None
            if not played and not state.is_over:
                holder = next(s for s in range(5) if state.called in state.hands[s])
            for seat in range(5):
                seen = observe(state, seat).partner
                if played or state.is_over:
                    assert seen == state.partner
                    checked_after += 1
                elif seat == holder:
                    assert seen == seat
                else:
                    assert seen is None
                    checked_before += 1
    assert checked_before and checked_after


def test_the_caller_holding_the_called_card_plays_alone() -> None:
    state = deal("chiamata", hands=SOLO_HANDS, dealer=0)
    state = act(state, "bid 3", "pass", "pass", "pass", "pass", "call d")
    assert state.called == c("3d") and state.partner == 1 == state.caller
    assert observe(state, 1).partner == 1
    assert all(observe(state, s).partner is None for s in (0, 2, 3, 4))
    assert [state.team_of(s) for s in range(5)] == [1, 0, 1, 1, 1]


def test_auction_actions_are_refused_in_play_and_plays_in_the_auction() -> None:
    state = new_game(preset("chiamata"), seed=1)
    card = state.hands[state.turn or 0][0]
    with pytest.raises(IllegalActionError, match="the auction is on: bid or pass"):
        state.apply(Play(card))
    state = act(state, "bid A", "pass", "pass", "pass", "pass", "call c")
    with pytest.raises(IllegalActionError, match="not an action of the play phase"):
        act(state, "pass")
    assert parse_cards("Ac")[0] == c("Ac")
