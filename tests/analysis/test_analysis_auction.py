"""The analysis of Briscola chiamata's auction and call: a bad bid rated an error, no peeking at
the other hands, the medium level's bids and call compiled alike (parity), every bid, pass and
call of the seat in the analysis, its JSON and terminal table."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import jsonschema
from rich.console import Console

from briscola.analysis import analyze, evaluate, hindsight
from briscola.analysis.deal import decisions
from briscola.apps.terminal.analysis import show
from briscola.bots import auction
from briscola.core.actions import Bid, Pass, parse_action
from briscola.core.cards import Card, Rank, parse_cards
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.record import GameRecord
from briscola.core.rules import Ruleset, preset
from briscola.core.state import Phase
from briscola.fast.core import layout as L
from briscola.fast.core.replay import encode_action
from briscola.fast.search import auction as FA

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "analysis.schema.json").read_text()
)
LISCI = "2c 4c 5d 6d 7s 4s 5b 6b"  # eight cards worth no point, in four suits


def dealt(rules: Ruleset, hands: dict[int, str], dealer: int = 0, seed: int = 0) -> State:
    """A deal of ``rules`` in which the seats of ``hands`` hold those cards, the rest of the deck
    dealt from ``seed``: built as a deck order, so that its record replays."""
    fixed = {s: parse_cards(text) for s, text in hands.items()}
    taken = {c for cards in fixed.values() for c in cards}
    rest = [c for c in rules.deck() if c not in taken]
    random.Random(seed).shuffle(rest)
    n, step = rules.players, rules.step
    first = (dealer + step) % n
    deck: list[Card] = []
    for r in range(rules.hand_size):
        for i in range(n):
            seat = (first + i * step) % n
            deck.append(fixed[seat][r] if seat in fixed else rest.pop())
    return new_game(rules, deck=tuple(deck), dealer=dealer)


def test_bidding_to_take_61_with_a_hand_of_lisci_is_rated_an_error() -> None:
    # seat 1 opens the auction holding no card worth a point: bidding the 2 (61 points with a
    # partner's help, the most ambitious rank) is a lost contract nearly always; passing is not
    state = dealt(preset("chiamata"), {1: LISCI}, dealer=0)
    assert state.turn == 1 and state.phase is Phase.AUCTION
    bid = Bid(rank=Rank.DUE)
    values = {v.action: v for v in evaluate(observe(state, 1), budget=400, seed=2)}
    assert set(values) == set(state.legal_actions())
    assert values[Pass()].win - values[bid].win > 0.1  # an error: a mistake or a blunder
    assert values[bid].margin < values[Pass()].margin < 0.5
    final = state.apply(bid)
    while not final.is_over:  # the others pass, the caller calls and everybody plays
        assert final.turn is not None
        final = final.apply(final.legal_actions()[0])
    result = analyze(GameRecord.from_state(final), seat=1, budget=400, seed=2)
    move = result.moves[0]
    assert move.phase is Phase.AUCTION and move.trick == 0 and move.played == bid
    assert move.view.rating.is_error and move.view.loss > 0.1
    assert move.view.best != bid and move.hindsight is not None
    assert result.moves[1].phase is Phase.CALL  # seat 1 won the auction and called
    assert result.summary.turning_point == 0


def _swap_hidden(state: State, a: tuple[int, int], b: tuple[int, int]) -> State:
    hands = [list(h) for h in state.hands]
    hands[a[0]][a[1]], hands[b[0]][b[1]] = hands[b[0]][b[1]], hands[a[0]][a[1]]
    return replace(state, hands=tuple(tuple(h) for h in hands))


def test_no_peeking_in_the_auction_and_the_call_swapped_hidden_cards_give_the_same_ratings() -> (
    None
):
    state = new_game(preset("chiamata"), seed=21)
    state = state.apply(Bid(rank=Rank.ASSO))  # seat 1 bids; seat 2 is to speak
    seat = state.turn
    assert seat == 2
    other = _swap_hidden(state, (0, 3), (4, 5))  # two hands seat 2 cannot see
    assert other.hands != state.hands and observe(other, seat) == observe(state, seat)
    assert evaluate(observe(state, seat), 64, seed=5) == evaluate(observe(other, seat), 64, seed=5)
    # the call: the winner of the auction names the suit, the other hands swapped
    won = new_game(preset("chiamata"), seed=21)
    for action in ("bid 3", "pass", "pass", "pass", "pass"):
        won = won.apply(parse_action(action))
    assert won.phase is Phase.CALL and won.turn == 1
    swapped = _swap_hidden(won, (2, 0), (3, 7))
    assert evaluate(observe(won, 1), 64, seed=5) == evaluate(observe(swapped, 1), 64, seed=5)
    # over whole records: two deals that differ in two cards of seats 1 and 4
    deck = list(new_game(preset("chiamata"), seed=21).deck)
    deck[0], deck[3] = deck[3], deck[0]  # the first round: seat 1 gets deck[0], seat 4 deck[3]
    records = []
    for cards in (new_game(preset("chiamata"), seed=21).deck, tuple(deck)):
        deal = new_game(preset("chiamata"), deck=cards)
        for action in ("bid A", "bid 3", "pass", "pass", "pass", "pass", "call c"):
            deal = deal.apply(parse_action(action))  # seat 2 bids the 3 and calls
        records.append(GameRecord.from_state(deal))
    first, second = (analyze(r, 2, budget=64, seed=1) for r in records)
    assert [m.phase for m in first.moves] == [Phase.AUCTION, Phase.CALL]
    assert first.moves == second.moves


def _true_arrays(state: State) -> tuple[FA.Encoded, object]:
    assert state.turn is not None
    enc = FA.encode_auction(observe(state, state.turn))
    S = enc.S.copy()
    for s, hand in enumerate(state.hands):
        base = L.O_HANDS + s * L.MAX_HAND
        S[base : base + len(hand)] = sorted(c.index for c in hand)
        S[L.O_HMASK + s] = sum(1 << c.index for c in hand)
    return enc, S


def test_the_compiled_bids_and_calls_are_the_medium_levels() -> None:
    """Parity: at every auction and call decision of many deals (each seat acting now as the
    medium level, now at random), the kernel's choice is bots.auction's."""
    checked = 0
    for rules in (preset("chiamata"), preset("chiamata", points_only_auction=True)):
        for seed in range(120):
            rng = random.Random(seed)
            state = new_game(rules, seed=seed, dealer=seed % 5)
            while state.phase in (Phase.AUCTION, Phase.CALL):
                assert state.turn is not None
                obs = observe(state, state.turn)
                enc, S = _true_arrays(state)
                want = auction.routine(obs)
                assert want is not None
                assert FA.medium_auction(enc.P, S) == encode_action(want), (seed, obs.auction)
                checked += 1
                pick = rng.random() < 0.5
                state = state.apply(rng.choice(state.legal_actions()) if pick else want)
    assert checked > 1000


def test_every_bid_and_the_call_of_the_seat_are_analysed_with_hindsight() -> None:
    state = new_game(preset("chiamata"), seed=4)
    for action in ("bid A", "bid 3", "pass", "bid R", "pass", "bid C", "pass", "pass"):
        state = state.apply(parse_action(action))  # seats 1 2 3 4 0 1 2 4: seat 1 bid C
    assert state.phase is Phase.CALL and state.turn == 1
    final = state.apply(auction.call(observe(state, 1)))
    while not final.is_over:
        final = final.apply(final.legal_actions()[0])
    record = GameRecord.from_state(final)
    result = analyze(record, seat=1, budget=64, seed=3)
    phases = [m.phase for m in result.moves]
    assert phases[:3] == [Phase.AUCTION, Phase.AUCTION, Phase.CALL]
    assert phases[3:] == [Phase.PLAY] * 8
    assert [m.index for m in result.moves] == [i for i, _ in decisions(record, 1)]
    call = result.moves[2]
    assert {str(v.action) for v in call.view.values} == {"call c", "call d", "call s", "call b"}
    assert call.hindsight is not None and all(v.worlds == 1 for v in call.hindsight.values)
    data = result.to_dict()
    jsonschema.validate(data, SCHEMA)
    assert data["version"] == 2 and data["moves"][0]["phase"] == "auction"
    assert [m["trick"] for m in data["moves"][:4]] == [0, 0, 0, 1]
    out = io.StringIO()
    show(Console(file=out, width=140), result, "it")
    rows = [line for line in out.getvalue().splitlines() if "│ asta" in line]
    assert len(rows) == 2 and sum("│ chiamata" in line for line in out.getvalue().splitlines()) == 1
    english = io.StringIO()
    show(Console(file=english, width=140), result, "en")
    assert "│ auction" in english.getvalue() and "│ call " in english.getvalue()


def test_hindsight_of_a_bid_plays_the_true_deal() -> None:
    state = dealt(preset("chiamata"), {1: LISCI}, dealer=0)
    values = hindsight(state, 1)
    assert [v.action for v in values] == list(state.legal_actions())
    assert all(v.worlds == 1 and v.win in (0.0, 0.5, 1.0) for v in values)
    # every seat passing voids the deal: nobody wins or loses (a draw)
    quiet = new_game(preset("chiamata"), seed=4)
    for _ in range(4):
        quiet = quiet.apply(Pass())
    assert quiet.turn == 0
    last = next(v for v in hindsight(quiet, 0) if v.action == Pass())
    assert last.win == 0.5 and last.margin == 0


def test_an_auction_with_a_called_card_is_left_out_and_its_play_is_rated() -> None:
    """The compiled core lacks call_card's bids and calls: those are not rated, the cards are."""
    rules = preset("chiamata", call_card=True)
    rng = random.Random(6)
    state = new_game(rules, seed=6)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase is Phase.AUCTION and state.auction and state.auction.standing:
            action = Pass() if Pass() in legal else rng.choice(legal)
        else:
            action = rng.choice([a for a in legal if a != Pass()] or legal)
        state = state.apply(action)
    record = GameRecord.from_state(state)
    seat = next(s for s in range(5) if any(i for i, _ in decisions(record, s)))
    result = analyze(record, seat, budget=8, seed=1)
    assert result.moves and all(m.phase is Phase.PLAY for m in result.moves)
    jsonschema.validate(result.to_dict(), SCHEMA)
