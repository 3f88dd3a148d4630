"""Briscola chiamata "a punti con carta chiamata" (the ``call_card`` option), from the rules
reference: "bids are on points only (61…120, each higher), and the winner calls any one card
(rank and suit); its suit is trump" (one source: "si dichiara a quanti punti ci si impegna ad
arrivare e si chiama una carta"). The called card's holder is the caller's secret partner; if
the caller holds it, they play alone; the caller's side needs the points bid."""

from __future__ import annotations

import random

import pytest

from briscola.core.actions import Bid, Call, Pass, Play, parse_action
from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import IllegalActionError, Phase, State
from briscola.core.observation import Observation, determinize, observe
from briscola.core.record import GameRecord
from briscola.core.rules import RulesetError, preset
from helpers import act, deal

RULES = preset("chiamata", call_card=True)
# dealer 0: the auction opens at seat 1
HANDS = {
    1: "Ad 3d Rd Cd Fd 7d 6d 2c",
    2: "2b 4b 5b 6b 2s 4s 5s Ac",
    3: "5d 4d 2d 7b 6s 7s 3c Rc",
    4: "Ab 3b Rb Cb Fb As 3s Rs",
    0: "Cs Fs 4c 5c 6c 7c Fc Cc",
}


def c(text: str) -> Card:
    return Card.parse(text)


def won_by_seat_1(points: int = 75) -> State:
    """Seat 1 bids ``points``, everybody else passes: seat 1 is to call."""
    return act(deal(RULES, HANDS), f"bid {points}", "pass", "pass", "pass", "pass")


def test_bids_are_on_points_only_from_the_first_each_higher() -> None:
    state = deal(RULES, HANDS)
    legal = state.legal_actions()
    assert legal[0] == Pass()
    assert [a.points for a in legal[1:] if isinstance(a, Bid)] == list(range(61, 121))
    assert not any(isinstance(a, Bid) and a.rank is not None for a in legal)
    with pytest.raises(IllegalActionError, match="points only"):
        state.apply(Bid(rank=Rank.ASSO))
    state = act(state, "bid 70")
    assert next(a for a in state.legal_actions() if isinstance(a, Bid)) == Bid(points=71)
    with pytest.raises(IllegalActionError, match="does not beat"):
        state.apply(Bid(points=70))


def test_the_winner_calls_any_card_by_rank_and_suit() -> None:
    state = won_by_seat_1()
    assert state.phase is Phase.CALL and state.turn == 1
    calls = state.legal_actions()
    assert len(calls) == 40 and all(isinstance(a, Call) and a.rank is not None for a in calls)
    with pytest.raises(IllegalActionError, match="call a card by rank and suit"):
        state.apply(Call(Suit.DENARI))  # a suit alone is not a call here
    state = act(state, "call Ab")
    assert state.trump is Suit.BASTONI  # its suit is trump
    assert state.called == c("Ab") and state.partner == 4  # its holder is the partner
    assert state.phase is Phase.PLAY and state.turn == 1  # the dealer's right leads
    assert state.auction is not None and state.auction.contract_points == 75


def test_calling_a_card_of_ones_own_means_playing_alone() -> None:
    state = act(won_by_seat_1(), "call Ad")
    assert state.partner == state.caller == 1
    assert [state.team_of(s) for s in range(5)] == [1, 0, 1, 1, 1]


def test_the_callers_side_needs_the_points_bid() -> None:
    state = act(won_by_seat_1(100), "call Ab")
    while not state.is_over:
        assert state.turn is not None
        state = state.apply(Play(state.hands[state.turn][0]))
    result = state.result()
    side = result.team_points[0]
    assert (0 in result.winners) == (side >= 100)
    units = result.units
    assert sum(units) == 0 and units[1] == (2 if side >= 100 else -2)


def test_a_suit_call_is_refused_and_a_card_call_is_refused_without_the_option() -> None:
    plain = act(deal("chiamata", HANDS), "bid A", "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="name the trump suit"):
        plain.apply(Call(Suit.DENARI, Rank.TRE))
    assert act(plain, "call d").called == c("Ad")


def test_the_option_belongs_to_briscola_chiamata() -> None:
    with pytest.raises(RulesetError, match="call_card is an option of Briscola chiamata"):
        preset("pairs", call_card=True)


def test_card_calls_in_text_round_trip() -> None:
    ace = Call(Suit.DENARI, Rank.ASSO)
    assert str(ace) == "call Ad" and parse_action("call Ad") == ace
    assert parse_action("chiamo 7s") == Call(Suit.SPADE, Rank.SETTE)
    assert parse_action("call d") == Call(Suit.DENARI) and Call(Suit.DENARI).card is None


def test_every_seat_sees_the_called_card_and_the_observation_round_trips() -> None:
    state = act(won_by_seat_1(), "call Ab", "Ad")
    for seat in range(5):
        obs = observe(state, seat)
        assert obs.called == c("Ab") and obs.trump is Suit.BASTONI
        assert Observation.from_dict(obs.to_dict()) == obs
        assert observe(determinize(obs, random.Random(seat)), seat) == obs
    assert observe(state, 4).partner == 4 and observe(state, 2).partner is None


def test_a_whole_deal_records_and_replays() -> None:
    rng = random.Random(7)
    state = act(won_by_seat_1(), "call Rs")
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.from_state(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record and again.replay() == state
    assert "call Rs" in record.to_json()
