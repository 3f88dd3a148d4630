"""The network's first plies in the champion's rollouts (bots.search_net, fast.search.netplies):
each seat reads only its own view of the world, exactly as the reference encoder writes it, and
without the network's plies the rollouts value the worlds as the plain search does."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from briscola.bots.neural import kernel_tables, shipped_net_for
from briscola.bots.search import SearchBot
from briscola.bots.search_config import CHAMPION, CHAMPION_V1
from briscola.bots.search_net import NetRollouts, root_extras
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.env.encoding import action_mask, encode
from briscola.fast import env_kernels as vk
from briscola.fast.core import layout as L
from briscola.fast.core.replay import decode_action
from briscola.fast.search import netplies as NP
from briscola.fast.search import pimc as FS


def _middle_positions(deals: int) -> list[State]:
    """Positions of random play in two players with cards in the stock and tricks behind."""
    out = []
    for deal in range(deals):
        rng = random.Random(deal)
        state = new_game(preset("classic"), seed=100 + deal)
        while not state.is_over:
            if 8 <= len(state.stock) <= 30 and state.tricks and rng.random() < 0.3:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def _true_world(state: State, enc: FS.Encoded) -> np.ndarray:
    """The unknown slots of ``enc`` filled with the cards that really lie there."""
    seat = state.turn
    assert seat is not None
    other = state.hands[1 - seat]
    world = []
    hand = L.O_HANDS + (1 - seat) * L.MAX_HAND
    for slot in map(int, enc.slots):
        if hand <= slot < hand + L.MAX_HAND:
            world.append(other[slot - hand].index)
        else:  # the hidden stock, in the order it is drawn
            world.append(state.stock[slot - L.O_DECK - int(enc.S[L.S_SP])].index)
    return np.array([world], np.int64)


def test_every_ply_encodes_what_the_seat_to_act_sees() -> None:
    """In the true world, each candidate and then three more actions (through the end of a trick
    and the draws): the row's vector and legal mask are the reference encoder's for the seat to
    act, whichever seat that is."""
    tables = kernel_tables(preset("classic"))
    checked = 0
    for state in _middle_positions(12):
        seat = state.turn
        assert seat is not None
        obs = observe(state, seat)
        enc = FS.encode_observation(obs)
        nc = len(enc.actions)
        SS = np.zeros((nc, L.S_LEN), np.int64)
        EX = np.zeros((nc, vk.X_LEN), np.int64)
        buf = np.zeros(L.MAX_ACTIONS, np.int64)
        log = np.zeros(vk.LOG_LEN, np.int64)
        world = _true_world(state, enc)
        active = np.ones(nc, np.int64)
        NP.start_rows(
            enc.P, enc.S, enc.slots, world, 0, len(enc.pool), enc.cands, active, root_extras(obs),
            tables.V, SS, EX, buf, log,
        )  # fmt: skip
        truths = [state.apply(a) for a in enc.actions]
        rng = random.Random(checked)
        for _ in range(3):
            X = np.zeros((nc, 798), np.float32)
            masks = np.zeros((nc, 120), np.bool_)
            todo = np.zeros(nc, np.int64)
            NP.encode_rows(
                enc.P, SS, EX, tables.V, tables.static, 0, X, masks, buf, tables.c2i, todo
            )
            codes = np.full(nc, -1, np.int64)
            for j, truth in enumerate(truths):
                assert todo[j] == 1
                turn = truth.turn
                assert turn is not None
                view = observe(truth, turn)
                np.testing.assert_array_equal(X[j], encode(view))
                np.testing.assert_array_equal(masks[j], action_mask(view.legal).astype(bool))
                action = rng.choice(truth.legal_actions())
                codes[j] = int(tables.i2c[int(np.flatnonzero(action_mask([action]))[0])])
                assert decode_action(int(codes[j])) == action
                truths[j] = truth.apply(action)
                checked += 1
            NP.apply_rows(enc.P, SS, EX, codes, tables.V, buf, log)
    assert checked > 200


def test_without_plies_the_worlds_are_valued_as_the_plain_search_does() -> None:
    for state in _middle_positions(3)[:6]:
        obs = observe(state, state.turn)
        enc = FS.encode_observation(obs)
        nc = len(enc.actions)
        worlds = np.stack([np.random.default_rng(i).permutation(enc.pool) for i in range(16)])
        active = np.ones(nc, np.int64)
        plain = np.zeros((16, nc))
        FS.pimc_worlds(
            enc.P, enc.T, enc.S, FS.work_arrays(), enc.slots, worlds, 0, len(enc.pool), False,
            obs.seat, enc.cands, active, 2, 0, 0.25, plain,
        )  # fmt: skip
        roll = NetRollouts.for_position(obs, enc, plies=0, lam=0.25, policy=2, solve_stock=0)
        assert roll is not None
        netted = np.zeros((16, nc))
        roll(worlds, 0, active, netted)
        np.testing.assert_array_equal(netted, plain)
        roll = NetRollouts.for_position(obs, enc, plies=2, lam=0.25, policy=2, solve_stock=0)
        assert roll is not None
        with_net = np.zeros((16, nc))
        roll(worlds, 0, active, with_net)
        assert ((with_net >= -0.25) & (with_net <= 1.25)).all()


def test_only_a_ruleset_with_a_network_and_two_players() -> None:
    state = new_game(preset("classic", inversion=True), seed=1)
    obs = observe(state, state.turn)
    enc = FS.encode_observation(obs)
    assert shipped_net_for(obs.ruleset) is None
    assert NetRollouts.for_position(obs, enc, 1, 0.25, 2, 0) is None
    pairs = observe(new_game(preset("pairs"), seed=1), 0)
    assert shipped_net_for(pairs.ruleset) is not None
    assert NetRollouts.for_position(pairs, FS.encode_observation(pairs), 1, 0.25, 2, 0) is None


def test_the_champion_with_the_network_plays_legally_and_reproducibly() -> None:
    cfg = replace(CHAMPION, rollouts=600, solved_worlds=40, net_plies=2)

    def deal() -> tuple[object, ...]:  # an illegal action would raise in apply
        bots = [SearchBot(7, cfg, "champion"), SearchBot(8, CHAMPION_V1, "champion-v1")]
        state = new_game(preset("classic"), seed=11)
        while state.turn is not None:
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        return state.tricks

    first = deal()
    assert len(first) == 20 and deal() == first
