"""Inference with more than two players: every opponent's past plays as the trick stood when it
played them, worlds dealt from the opponents' posteriors together, and worlds that put more of
their true cards in their hands than a uniform deal does."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from briscola.bots.medium import MediumBot
from briscola.bots.search import CHAMPION, SearchBot
from briscola.bots.search_worlds import _opponent_slots, joint_posterior_worlds
from briscola.core.actions import Play
from briscola.core.cards import Card
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.play import trick_winner
from briscola.core.rules import preset
from briscola.fast.search import pimc as FS
from briscola.fast.search.inference import (
    E_BEST,
    E_BSEAT,
    E_CARD,
    E_LEAD,
    E_TN,
    E_TPTS,
    joint_worlds,
)
from helpers import medium_positions, play_bots

INFER = replace(CHAMPION.for_table(preset("three")), infer_multi=True)


def played_medium(name: str, seed: int, tricks: int) -> State:
    """A deal of the preset played by the medium rules for ``tricks`` tricks and one card."""
    state = new_game(preset(name), seed=seed)
    bots = [MediumBot(seed + s) for s in range(state.players)]
    while len(state.tricks) < tricks or not state.trick:
        assert state.turn is not None
        state = state.apply(bots[state.turn].act(observe(state, state.turn)))
    return state


def test_a_play_is_seen_as_the_trick_stood() -> None:
    state = played_medium("three", 4, 5)
    obs = observe(state, state.turn)
    rules = obs.ruleset
    plays = [t.plays for t in obs.tricks] + [obs.trick]
    for opp in range(rules.players):
        if opp == obs.seat:
            continue
        who, rows = FS.history_events(obs, opp)
        assert who == opp
        mine = [row for row in rows[::-1] if row[0] == FS.EV_PLAY]
        seen = [(trick[:i], card) for trick in plays for i, (s, card) in enumerate(trick)
                if s == opp]  # fmt: skip
        assert len(mine) == len(seen) > 0
        for row, (before, card) in zip(mine, seen, strict=True):
            assert row[E_CARD] == card.index
            assert row[E_TN] == len(before)
            if before:
                best = trick_winner(before, obs.trump, rules)
                assert row[E_LEAD] == before[0][1].index
                assert row[E_BSEAT] == best
                assert Card.from_index(int(row[E_BEST])) == dict(before)[best]
                assert row[E_TPTS] == sum(rules.points_of(c) for _, c in before)


def test_joint_worlds_deal_every_unknown_card_once() -> None:
    pool = np.arange(10, 20, dtype=np.int64)
    # two opponents of two hidden cards, each with two possible hands; the first opponent's
    # likelier hand takes the second one's, so a world may hold only one of them
    combos = np.array([[0, 1, 0], [2, 3, 0], [0, 1, 0], [4, 5, 0]], np.int64)
    starts = np.array([0, 2, 4], np.int64)
    cdf = np.array([0.9, 1.0, 0.5, 1.0])
    hpos = np.array([[0, 1, 0], [2, 3, 0]], np.int64)
    hcount = np.array([2, 2], np.int64)
    rest_pos = np.arange(4, 10, dtype=np.int64)
    worlds = np.zeros((2000, 10), np.int64)
    joint_worlds(pool, hpos, hcount, combos, starts, cdf, rest_pos, np.zeros(2, np.int64),
                 np.zeros(10, np.int64), np.uint64(7), worlds)  # fmt: skip
    assert (np.sort(worlds, axis=1) == pool).all()  # every card of the pool, once a world
    first = {tuple(sorted(r)) for r in worlds[:, :2].tolist()}
    second = {tuple(sorted(r)) for r in worlds[:, 2:4].tolist()}
    assert first == {(10, 11), (12, 13)} and second == {(10, 11), (14, 15)}
    # only a hand of its own: when one holds 10 and 11 the other holds its other hand
    first_shared = worlds[:, 0] + worlds[:, 1] == 21
    assert (worlds[first_shared, 2] + worlds[first_shared, 3] == 29).all()
    # taken in a random order, the first opponent holds them more often than the second (0.9
    # of its draws against 0.5): about 0.9 * (1 - 0.5 / 2) = 0.675 of the worlds
    assert 0.6 < first_shared.mean() < 0.75


def test_inference_finds_the_opponents_cards_in_three() -> None:
    """Against the medium rules, worlds drawn from the posteriors put more of the two
    opponents' true cards in their hands than worlds dealt uniformly."""
    rules = preset("three")
    posterior = prior = 0.0
    count = 0
    for game, state, seat, obs in medium_positions(rules, 3):
        enc = FS.encode_observation(obs)
        got = joint_posterior_worlds(FS, enc, obs, INFER, game, 400)
        assert got is not None
        worlds, _ = got
        assert (np.sort(worlds, axis=1) == np.sort(enc.pool)).all()
        for opp in range(rules.players):
            if opp != seat:
                hand_pos, _, _ = _opponent_slots(enc, opp)
                truth = [c.index for c in state.hands[opp]]
                posterior += np.isin(worlds[:, hand_pos], truth).sum(axis=1).mean()
                prior += len(hand_pos) * len(hand_pos) / len(enc.pool)
        count += 1
    assert count > 20
    assert posterior / count > 1.25 * prior / count, (posterior / count, prior / count)


def test_champion_with_inference_is_legal_and_reproducible() -> None:
    rules = preset("three")
    runs = []
    for _ in range(2):
        state = new_game(rules, seed=3)
        bots = [SearchBot(1, INFER, "champion"), MediumBot(2), SearchBot.hard(3)]
        runs.append(play_bots(state, bots).actions)
    assert runs[0] == runs[1]


def open_world(state: State, seat: int) -> tuple[object, np.ndarray]:
    """The fast core's arrays for ``state`` seen by ``seat`` (the stock empty), every hidden
    card put where it really is."""
    from briscola.fast.core import layout as L

    enc = FS.encode_observation(observe(state, seat))
    unknown = {int(slot) for slot in enc.slots}
    world = np.zeros(len(enc.slots), np.int64)
    for s, hand in enumerate(state.hands):
        base = L.O_HANDS + s * L.MAX_HAND
        placed = {int(enc.S[base + k]) for k in range(len(hand)) if base + k not in unknown}
        hidden = iter(c.index for c in hand if c.index not in placed)  # known cards are placed
        for i, slot in enumerate(enc.slots):
            if base <= slot < base + len(hand):
                world[i] = next(hidden)
    S = np.zeros(L.S_LEN, np.int64)
    FS.load_world(enc.P, enc.S, S, enc.slots, world, len(world), False)
    return enc, S


def shares(state: State, seat: int, lam: float) -> float:
    """The share of the other seats ``seat`` beat, each with its margin (``world_value``'s)."""
    points = state.seat_points()
    total = sum(state.ruleset.points_of(c) for c in state.ruleset.deck())
    others = [s for s in range(state.players) if s != seat]
    value = 0.0
    for s in others:
        diff = points[seat] - points[s]
        value += (1.0 if diff > 0 else 0.5 if diff == 0 else 0.0) + lam * diff / total
    return value / len(others)


def test_best_response_is_the_best_order_against_the_medium_rules() -> None:
    import itertools

    from briscola.fast.core import layout as L
    from briscola.fast.search.respond import best_response

    rules = preset("three")
    checked = 0
    for seed in range(12):
        state = new_game(rules, seed=seed)
        rng = np.random.default_rng(seed)
        cards = 3 if seed % 2 else 2
        # the last two or three tricks, from a trick's start or in the middle of one
        while (
            state.stock
            or max(len(h) for h in state.hands) > cards
            or (seed % 3 and not state.trick)
        ):
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.integers(len(legal)))])
        assert state.turn is not None
        me = state.turn
        best = -1.0
        for order in itertools.permutations(state.hands[me]):
            line = list(order)
            s = state
            bots = {p: MediumBot(p) for p in range(rules.players)}
            while not s.is_over:
                assert s.turn is not None
                if s.turn == me:
                    s = s.apply(Play(line.pop(0)))
                else:
                    s = s.apply(bots[s.turn].act(observe(s, s.turn)))
            best = max(best, shares(s, me, INFER.lam))
        enc, S = open_world(state, me)
        work = FS.work_arrays()
        value = best_response(enc.P, S, enc.T, work[2], work[5], work[3], me, INFER.lam, True)
        assert value == pytest.approx(best), seed
        assert S[L.S_PHASE] == L.PH_OVER  # the deal finished along that line
        checked += 1
    assert checked == 12
