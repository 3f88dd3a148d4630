"""The learned belief over the hidden cards (bots.belief, train.belief): the NumPy network gives
PyTorch's logits, the sampler draws hands with the exact conditional Bernoulli frequencies, the
loss is that distribution's negative log-likelihood, and the worlds keep the hard constraints."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
import torch

from briscola.bots.belief import (
    INPUT_SIZE,
    BeliefNet,
    assemble,
    belief_for,
    card_logits,
    default_belief,
    draw_hands,
    features,
    hand_marginals,
    hidden_hand,
    net_world_weights,
    net_worlds,
    to_canonical,
    unseen_cards,
)
from briscola.core.game import State, new_game
from briscola.core.observation import determinize, observe
from briscola.core.option_types import Exchange
from briscola.core.rules import preset
from briscola.fast.core import layout as L
from briscola.fast.search import pimc as FS
from briscola.train.belief import cb_nll, from_belief, to_belief, torch_module


def _positions(deals: int, rules_name: str = "classic", **options: object) -> list[State]:
    """Every position of random play with cards in the stock, over some deals."""
    out = []
    for deal in range(deals):
        rng = random.Random(deal)
        state = new_game(preset(rules_name, **options), seed=300 + deal)
        while not state.is_over:
            if state.stock:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def _random_net(seed: int = 0) -> BeliefNet:
    """A small network of random weights (the shipped one when there is one is tested too)."""
    module = torch_module(INPUT_SIZE, 32, seed)
    with torch.no_grad():
        for p in module.parameters():
            p.mul_(3.0)  # sharper than at initialization, so that the logits differ
    return to_belief(module, np.arange(INPUT_SIZE), {})


def _nets() -> list[BeliefNet]:
    shipped = default_belief("classic")
    assert shipped is not None
    return [_random_net(), shipped]


def test_numpy_logits_equal_torch_s_on_encoded_positions() -> None:
    """A few hundred encoded positions: the NumPy forward pass gives the module's logits."""
    states = _positions(8)
    assert len(states) >= 200
    obs = [observe(s, s.turn) for s in states]
    parts = [features(o) for o in obs]
    x = assemble(np.stack([p[0] for p in parts]), np.stack([p[1] for p in parts]))
    for net in _nets():
        module = from_belief(net)
        with torch.no_grad():
            expected = module(torch.from_numpy(x[:, net.cols])).numpy()
        np.testing.assert_allclose(net.logits(x), expected, atol=1e-5, rtol=1e-5)


def test_a_weights_file_round_trips_in_float16(tmp_path: object) -> None:
    net = _random_net(1)
    path = tmp_path / "b.npz"  # type: ignore[operator]
    net.save(path)
    back = BeliefNet.load(path)
    np.testing.assert_array_equal(back.cols, net.cols)
    for k, v in net.arrays.items():
        np.testing.assert_array_equal(back.arrays[k], v.astype(np.float16).astype(np.float32))


@pytest.mark.parametrize(("u", "k"), [(4, 1), (6, 2), (8, 3), (10, 3), (5, 5)])
def test_the_sampler_draws_each_hand_with_its_exact_probability(u: int, k: int) -> None:
    """Hands drawn from P(S) ∝ ∏ w_c, |S| = k, against every hand's probability enumerated."""
    rng = np.random.default_rng(u * 10 + k)
    w = np.exp(rng.normal(0, 1.2, u))
    hands = list(itertools.combinations(range(u), k))
    exact = np.array([math.prod(w[list(h)]) for h in hands])
    exact /= exact.sum()
    n = 100_000
    picks = draw_hands(w, k, n, np.random.default_rng(7))
    assert picks.shape == (n, k)
    assert (np.diff(picks, axis=1) > 0).all()  # k distinct cards, in order
    index = {h: i for i, h in enumerate(hands)}
    counts = np.bincount([index[tuple(row)] for row in picks.tolist()], minlength=len(hands))
    sigma = np.sqrt(exact * (1 - exact) / n)
    assert np.all(np.abs(counts / n - exact) <= 5 * sigma + 1e-9)
    marg = hand_marginals(w, k)
    by_enum = [sum(p for h, p in zip(hands, exact, strict=True) if c in h) for c in range(u)]
    np.testing.assert_allclose(marg, by_enum, atol=1e-12)
    assert marg.sum() == pytest.approx(k)


def test_the_loss_is_the_true_hand_s_negative_log_probability() -> None:
    """cb_nll against -log P(S) enumerated over every hand of the unseen cards."""
    rng = np.random.default_rng(3)
    rows = []
    for k in (1, 2, 3):
        pool = np.zeros(40, np.bool_)
        pool[rng.choice(40, 9, replace=False)] = True
        target = np.zeros(40, np.bool_)
        target[rng.choice(np.flatnonzero(pool), k, replace=False)] = True
        rows.append((rng.normal(0, 2, 40), pool, target, k))
    z = torch.tensor(np.stack([r[0] for r in rows]), dtype=torch.float32)
    pool = torch.from_numpy(np.stack([r[1] for r in rows]))
    target = torch.from_numpy(np.stack([r[2] for r in rows]))
    got = cb_nll(z, pool, target, torch.tensor([r[3] for r in rows])).numpy()
    for i, (zi, p, t, k) in enumerate(rows):
        cards = np.flatnonzero(p)
        total = sum(math.exp(zi[list(h)].sum()) for h in itertools.combinations(cards, k))
        assert got[i] == pytest.approx(math.log(total) - zi[t].sum(), abs=1e-4)


def test_the_unseen_cards_are_the_search_s_pool_and_hold_the_opponent_s_hidden_hand() -> None:
    for state in _positions(4)[::3]:
        obs = observe(state, state.turn)
        pool = unseen_cards(obs)
        np.testing.assert_array_equal(pool, np.sort(FS.encode_observation(obs).pool))
        hidden = {c.index for c in state.hands[1 - obs.seat]} & set(pool.tolist())
        assert len(hidden) == hidden_hand(obs)


def test_the_input_reads_only_the_seat_s_observation() -> None:
    """Deals alike to the seat (its hand, the table, the history) give it the same input,
    whatever the opponent holds; its history shows the seat's and the opponent's cards."""
    differ = 0
    for state in _positions(3)[10::7]:
        obs = observe(state, state.turn)
        other = determinize(obs, random.Random(1))
        differ += set(other.hands[1 - obs.seat]) != set(state.hands[1 - obs.seat])
        a, b = features(obs), features(observe(other, obs.seat))
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
        canon = to_canonical(a[2])
        for t, trick in enumerate(obs.tricks):
            mine = [c.index for s, c in trick.plays if s == obs.seat]
            theirs = [c.index for s, c in trick.plays if s != obs.seat]
            assert a[1][t, 1:3].tolist() == [canon[mine[0]], canon[theirs[0]]]
    assert differ > 0


def test_worlds_keep_the_hard_constraints() -> None:
    """Net worlds (exchange of the seven: the briscola taken is known to be in the opponent's
    hand) deal every unseen card once, never one the seat can place, and keep the known card."""
    net = _random_net(2)
    checked = 0
    for state in _positions(30, "classic", exchange=Exchange.SEVEN):
        taker = [e for e in state.exchanges if e.took in state.hands[e.seat]]
        obs = observe(state, state.turn)
        if not taker or taker[0].seat == obs.seat or not state.stock:
            continue
        enc = FS.encode_observation(obs)
        assert taker[0].took.index not in enc.pool
        worlds = net_worlds(FS, enc, obs, net, 5, 200)
        assert (np.sort(worlds, axis=1) == np.sort(enc.pool)).all()
        opp = 1 - obs.seat
        lo = L.O_HANDS + opp * L.MAX_HAND
        known = [i for i in range(lo, lo + int(enc.S[L.O_HCOUNT + opp])) if i not in enc.slots]
        assert [int(enc.S[i]) for i in known] == [taker[0].took.index]
        mine = {c.index for c in obs.hand}
        assert not mine & set(worlds.ravel().tolist())
        weights = net_world_weights(enc, obs, net, worlds)
        assert weights.shape == (200,) and (weights > 0).all()
        checked += 1
    assert checked > 0


def test_worlds_follow_the_belief_s_marginals() -> None:
    """The opponent's cards in the worlds come as often as the belief's marginals say."""
    net = _random_net(4)
    state = _positions(1)[9]
    obs = observe(state, state.turn)
    enc = FS.encode_observation(obs)
    from briscola.bots.search_worlds import _opponent_slots

    hand_pos, _, _ = _opponent_slots(enc, 1 - obs.seat)
    worlds = net_worlds(FS, enc, obs, net, 11, 40_000)
    z = card_logits(net, obs)[enc.pool].astype(np.float64)
    marg = hand_marginals(np.exp(z - z.max()), len(hand_pos))
    freq = np.array([(worlds[:, hand_pos] == c).any(axis=1).mean() for c in enc.pool])
    np.testing.assert_allclose(freq, marg, atol=0.015)


def test_the_shipped_belief_is_small_and_trained_for_classic() -> None:
    from briscola.bots.belief import belief_path

    net = default_belief("classic")
    assert net is not None and belief_path("classic").stat().st_size < 1_500_000
    assert net.meta["preset"] == "classic" and len(net.cols) <= INPUT_SIZE
    assert net.logits(np.zeros((3, INPUT_SIZE), np.float32)).shape == (3, 40)


def test_the_shipped_belief_is_for_classic_only() -> None:
    assert belief_for(preset("pairs")) is None
    assert belief_for(preset("classic", inversion=True)) is None
    assert belief_for(preset("classic")) is default_belief("classic")
    with pytest.raises(ValueError, match="two-player"):
        features(observe(new_game(preset("pairs"), seed=1), 0))
