"""Hypothesis invariants over random rulesets, deals and random play.

Cards are conserved, points add up, legal plays come from the hand, replays reproduce states,
determinizations observe back to the observation, and no observation leaks a hidden card.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.core.actions import Declare, ExchangeBriscola, Play
from briscola.core.cards import Card, Rank
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import determinize, observe
from briscola.core.record import GameRecord
from briscola.core.rules import Partnership, Ruleset
from helpers import card_value, deal_positions, random_states, rulesets, winner_of

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
CARD_TOKEN = re.compile(r"^[A2-7FCR][cdsb]$", re.IGNORECASE)


def game(rules: Ruleset, seed: int, dealer: int) -> list[State]:
    start = new_game(rules, seed=seed, dealer=dealer % rules.players)
    return list(random_states(start, random.Random(seed)))


deals = st.tuples(rulesets(), st.integers(0, 2**32), st.integers(0, 5))


def played(state: State) -> list[Card]:
    return [card for t in state.tricks for _, card in t.plays] + [card for _, card in state.trick]


# -- conservation and points -------------------------------------------------------------------


@SETTINGS
@given(deals)
def test_cards_are_conserved_and_played_once(deal: tuple[Ruleset, int, int]) -> None:
    rules, seed, dealer = deal
    states = game(rules, seed, dealer)
    deck = Counter(rules.deck())
    for state in states:
        where = Counter(played(state)) + Counter(state.stock)
        for hand in state.hands:
            where += Counter(hand)
        assert where == deck
        assert all(len(hand) <= rules.hand_size for hand in state.hands)
    final = states[-1]
    assert final.is_over
    if final.tricks:  # not a void chiamata deal
        assert Counter(played(final)) == deck
        assert len(final.tricks) == len(deck) // rules.players


@SETTINGS
@given(deals)
def test_points_add_up_and_tricks_go_to_the_right_seat(deal: tuple[Ruleset, int, int]) -> None:
    rules, seed, dealer = deal
    final = game(rules, seed, dealer)[-1]
    result = final.result()
    declared = sum(d.points for d in final.declarations)
    if not final.tricks:
        assert result.replay and sum(result.units) == 0
        return
    assert sum(result.seat_points) == rules.total_points + declared
    assert sum(result.team_points) == rules.total_points + declared
    assert final.trump is not None
    by_seat = [0] * rules.players
    for trick in final.tricks:
        assert trick.winner == winner_of(trick.plays, final.trump, rules.inversion)
        by_seat[trick.winner] += sum(card_value(c, rules.inversion) for _, c in trick.plays)
    for d in final.declarations:
        by_seat[d.seat] += d.points
    assert list(result.seat_points) == by_seat
    if rules.partnership is Partnership.CALLED:
        assert sum(result.units) == 0 and len(result.units) == rules.players
    top = max(result.team_points)
    assert result.winners == tuple(t for t, p in enumerate(result.team_points) if p == top) or (
        rules.partnership is Partnership.CALLED
    )


@SETTINGS
@given(deals)
def test_legal_actions_come_from_the_hand(deal: tuple[Ruleset, int, int]) -> None:
    rules, seed, dealer = deal
    for state in game(rules, seed, dealer):
        legal = state.legal_actions()
        if state.is_over:
            assert legal == ()
            continue
        assert state.turn is not None
        if state.phase is not Phase.PLAY:
            assert not any(isinstance(a, Play) for a in legal)
            continue
        hand = state.hands[state.turn]
        assert {a.card for a in legal if isinstance(a, Play)} == set(hand)  # no need to follow
        for action in legal:
            if isinstance(action, Declare):
                assert rules.accusi
                assert (
                    Card(action.suit, Rank.RE) in hand and Card(action.suit, Rank.CAVALLO) in hand
                )
            if isinstance(action, ExchangeBriscola):
                assert rules.exchange.value != "none" and state.stock


# -- records -----------------------------------------------------------------------------------


@SETTINGS
@given(deals, st.data())
def test_replaying_a_record_reproduces_the_state(
    deal: tuple[Ruleset, int, int], data: st.DataObject
) -> None:
    rules, seed, dealer = deal
    states = game(rules, seed, dealer)
    final = states[-1]
    record = GameRecord.from_state(final)
    assert record.replay() == final
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json()).replay() == final
    k = data.draw(st.integers(0, len(states) - 1))
    assert record.replay(k) == states[k]
    assert GameRecord.from_state(states[k]).replay() == states[k]
    assert record.states() == states


# -- observations ------------------------------------------------------------------------------


def visible_cards(state: State, seat: int) -> set[Card]:
    """Every card ``seat`` may see, from the rules reference (not from the engine's observer)."""
    rules = state.ruleset
    seen = set(state.hands[seat]) | set(played(state)) | set(rules.removed)
    if state.briscola is not None:
        seen.add(state.briscola)
    for e in state.exchanges:
        seen |= {e.gave, e.took}
    for d in state.declarations:
        seen |= {Card(d.suit, Rank.RE), Card(d.suit, Rank.CAVALLO)}
    if state.called is not None:
        seen.add(state.called)
    if rules.call_card and state.phase is Phase.CALL and state.turn == seat:
        seen |= set(rules.deck())  # the caller's moves name every card: calls, not cards seen
    for other in range(rules.players):
        if other == seat:
            continue
        partners = rules.partnership is Partnership.ALTERNATE and other % 2 == seat % 2
        end_phase = not state.stock and state.phase is Phase.PLAY
        if rules.open_hands or (rules.partners_see_hands and partners and end_phase):
            seen |= set(state.hands[other])
        if rules.partners_show_first and partners:  # shown after the deal, still held
            dealt = zip(deal_positions(rules, state.dealer), state.deck, strict=False)
            seen |= set(state.hands[other]) & {c for s, c in dealt if s == other}
        if partners and state.trump is not None:  # a partner's sign: "ho l'asso", "ho il tre"
            tre = Rank.SETTE if rules.inversion else Rank.TRE
            named = {"asso": Rank.ASSO, "tre": tre}
            for sign in state.signals:
                if sign.seat == other and sign.kind is not None and sign.kind.value in named:
                    seen.add(Card(state.trump, named[sign.kind.value]))
    return seen


def card_tokens(data: Any) -> set[Card]:
    """Every card written anywhere in JSON data (keys and values, inside texts too)."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found |= card_tokens(key) | card_tokens(value)
    elif isinstance(data, list | tuple):
        for item in data:
            found |= card_tokens(item)
    elif isinstance(data, str):
        for token in re.split(r"[\s,;:]+", data):
            if CARD_TOKEN.match(token):
                found.add(Card.parse(token))
    return found


@settings(SETTINGS, max_examples=40)
@given(deals)
def test_no_observation_leaks_a_hidden_card(deal: tuple[Ruleset, int, int]) -> None:
    rules, seed, dealer = deal
    for state in game(rules, seed, dealer):
        for seat in range(rules.players):
            obs = observe(state, seat)
            data = json.loads(json.dumps(obs.to_dict()))
            shown = card_tokens(data)
            allowed = visible_cards(state, seat)
            assert shown <= allowed, f"seat {seat} is shown {shown - allowed}"
            hidden = {c for s in range(rules.players) if s != seat for c in state.hands[s]}
            hidden |= set(state.stock[:-1] if rules.briscola_face_up else state.stock)
            assert not (shown & (hidden - allowed))
            assert set(state.hands[seat]) <= shown  # and the seat does see its own hand


@SETTINGS
@given(deals)
def test_determinize_observes_back_to_the_observation(deal: tuple[Ruleset, int, int]) -> None:
    rules, seed, dealer = deal
    rng = random.Random(seed)
    deck = Counter(rules.deck())
    for state in game(rules, seed, dealer):
        for seat in range(rules.players):
            obs = observe(state, seat)
            guess = determinize(obs, rng)
            assert observe(guess, seat) == obs
            where = Counter(played(guess)) + Counter(guess.stock)
            for hand in guess.hands:
                where += Counter(hand)
            assert where == deck
            if not guess.is_over:
                action = rng.choice(guess.legal_actions())
                guess.apply(action)  # a determinization can be played on


@SETTINGS
@given(deals, st.data())
def test_swapping_hidden_cards_does_not_change_the_observation(
    deal: tuple[Ruleset, int, int], data: st.DataObject
) -> None:
    rules, seed, dealer = deal
    n = rules.players
    for state in game(rules, seed, dealer):
        if state.is_over:
            continue
        seat = data.draw(st.integers(0, n - 1))
        allowed = visible_cards(state, seat)
        # places a hidden card can be: another seat's hand, or the stock under the briscola
        places: list[tuple[str, int, Card]] = [
            ("hand", s, c)
            for s in range(n)
            if s != seat
            for c in state.hands[s]
            if c not in allowed
        ]
        stock_top = state.stock[:-1] if rules.briscola_face_up else state.stock
        places += [("stock", i, c) for i, c in enumerate(stock_top) if c not in allowed]
        if len(places) < 2:
            continue
        a, b = data.draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))
        if a[0] == b[0] == "hand" and a[1] == b[1]:
            continue
        swapped = swap(state, a, b)
        assert swapped != state
        assert observe(swapped, seat) == observe(state, seat)


def swap(state: State, a: tuple[str, int, Card], b: tuple[str, int, Card]) -> State:
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    for (kind, where, card), (_, _, other) in ((a, b), (b, a)):
        if kind == "hand":
            hands[where][hands[where].index(card)] = other
        else:
            stock[where] = other
    return dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))
