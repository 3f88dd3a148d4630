"""The batch environment on the fast core: shapes, the same observations and masks as the reference
engine's encoder on replayed deals (so nothing hidden is shown), autoreset, seeds and rewards."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

import numpy as np

from briscola.core.cards import Card
from briscola.core.game import IllegalActionError, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.env.common import final_reward
from briscola.env.encoding import LAYOUT, N_ACTIONS, OBS_SIZE, action_mask, encode, index_to_action
from briscola.env.vector import BriscolaVectorEnv, code_tables, vector_bench
from briscola.fast import env_kernels as vk
from briscola.fast.core.replay import decode_action

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}),
    ("classic", {"accusi": True, "exchange": "two"}),
    ("classic", {"exchange": "seven", "inversion": True}),
    ("three", {"direction": "clockwise"}),
    ("pairs", {}),
    ("pairs", {"accusi": True, "exchange": "seven", "tricks_visible": "always"}),
    ("six", {}),
    ("scoperta", {}),
    ("chiamata", {"accusi": True}),
]


def replay(env: BriscolaVectorEnv, deck: tuple[Card, ...], dealer: int, acts: list[int]) -> State:
    state = new_game(env.ruleset, deck=deck, dealer=dealer)
    for a in acts:
        action = index_to_action(a)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def test_offsets_match_the_encoding_layout() -> None:
    offsets = {f.name: f.offset for f in LAYOUT}
    assert offsets["hand"] == vk.F_HAND and offsets["known_hands"] == vk.F_KNOWN
    assert offsets["open_hands"] == vk.F_OPEN and offsets["trick"] == vk.F_TRICK
    assert offsets["played"] == vk.F_PLAYED and offsets["won_by_side"] == vk.F_WON
    assert offsets["briscola"] == vk.F_BRISCOLA and offsets["trump"] == vk.F_TRUMP
    assert offsets["briscola_on_table"] == vk.F_BON_TABLE and offsets["stock"] == vk.F_STOCK
    assert offsets["hand_counts"] == vk.F_HCOUNTS and offsets["points"] == vk.F_POINTS
    assert offsets["side_points"] == vk.F_SIDE and offsets["phase"] == vk.F_PHASE
    assert offsets["turn"] == vk.F_TURN and offsets["leader"] == vk.F_LEADER
    assert offsets["dealer"] == vk.F_DEALER and offsets["partners"] == vk.F_PARTNERS
    assert offsets["opponents"] == vk.F_OPPONENTS and offsets["tricks_visible"] == vk.F_TV
    assert offsets["declared"] == vk.F_DECLARED and offsets["exchanged"] == vk.F_EXCHANGED
    assert offsets["players"] == vk.F_RULESET and offsets["caller"] == vk.F_RULESET_END
    assert OBS_SIZE == vk.OBS_SIZE
    c2i, i2c = code_tables()
    assert all(c2i[i2c[i]] == i for i in range(N_ACTIONS))
    assert all(
        index_to_action(int(c2i[code])) == decode_action(code) for code in np.flatnonzero(c2i >= 0)
    )


def test_shapes_and_dtypes() -> None:
    env = BriscolaVectorEnv(5, preset="pairs", opponent="random", seed=3)
    obs, infos = env.reset(seed=3)
    assert obs.shape == (5, OBS_SIZE) and obs.dtype == np.float32
    masks = env.action_masks()
    assert masks.shape == (5, N_ACTIONS) and masks.dtype == np.bool_
    obs, rew, term, trunc, infos = env.step(masks.argmax(axis=1))
    assert rew.shape == (5,) and rew.dtype == np.float32
    assert term.dtype == np.bool_ and trunc.dtype == np.bool_ and not trunc.any()
    assert infos["seat"].shape == (5,)


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_same_observations_masks_and_results_as_the_reference(
    name: str, options: dict[str, Any]
) -> None:
    rng = np.random.default_rng(7)
    env = BriscolaVectorEnv(
        6, preset=name, opponent="random", seed=11, seat=None, reward="points", **options
    )
    obs, _ = env.reset(seed=11)
    finished = 0
    for _ in range(70):
        masks = env.action_masks()
        deals = [env.current_deal(i) for i in range(env.num_envs)]
        for i, (deck, dealer, seat, acts) in enumerate(deals):
            state = replay(env, deck, dealer, acts)
            assert state.turn == seat
            np.testing.assert_array_equal(obs[i], encode(observe(state, seat)))
            np.testing.assert_array_equal(masks[i], action_mask(state.legal_actions()) == 1)
        actions = random_actions(masks, rng)
        obs, rew, term, _, infos = env.step(actions)
        for i in np.flatnonzero(term):
            deck, dealer, seat, _ = deals[i]
            state = replay(env, deck, dealer, env.final_actions(i))
            assert state.is_over
            np.testing.assert_array_equal(
                infos["final_observation"][i], encode(observe(state, seat))
            )
            result = state.result()
            assert rew[i] == pytest.approx(final_reward(result, seat, "points"), abs=1e-6)
            assert tuple(infos["seat_points"][i]) == result.seat_points
            finished += 1
    assert finished >= 6


def test_win_rewards_and_many_episodes() -> None:
    env = BriscolaVectorEnv(32, preset="classic", opponent="simple", seed=5)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    total = []
    for _ in range(200):
        _, rew, term, _, _ = env.step(random_actions(env.action_masks(), rng))
        total.extend(rew[term].tolist())
        assert not rew[~term].any()
    assert len(total) > 200 and set(total) <= {-1.0, 0.0, 1.0}
    assert np.mean(total) < 0  # random play loses to the simple policy


def test_autoreset_starts_a_new_deal() -> None:
    env = BriscolaVectorEnv(3, preset="classic", opponent="simple", seed=2)
    obs, _ = env.reset(seed=2)
    done = np.zeros(3, bool)
    while not done.all():
        obs, _, term, _, infos = env.step(env.action_masks().argmax(axis=1))
        for i in np.flatnonzero(term):
            final = infos["final_observation"][i]
            assert final[vk.F_PHASE + 3] == 1  # the finished deal is over
            assert obs[i, vk.F_PHASE + 2] == 1 and obs[i, vk.F_HAND : vk.F_HAND + 40].sum() == 3
            assert env.EX[i, vk.X_DEALS] == 2
        done |= term


def test_reproducible_by_seed_and_decks_option() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = BriscolaVectorEnv(4, preset="pairs", opponent="random", seed=seed, seat=None)
        out = [env.reset(seed=seed)[0]]
        for _ in range(30):
            out.append(env.step(env.action_masks().argmax(axis=1))[0])
        return out

    a, b, c = run(9), run(9), run(10)
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    assert any((x != y).any() for x, y in zip(a, c, strict=True))

    rules = preset("classic")
    deck = [c.index for c in rules.deck()]
    env = BriscolaVectorEnv(2, preset="classic", opponent="simple")
    obs, _ = env.reset(options={"decks": [deck, deck[::-1]], "dealers": [1, 0], "seats": [0, 1]})
    for i, (d, dealer, seat) in enumerate(((deck, 1, 0), (deck[::-1], 0, 1))):
        state = replay(env, tuple(Card.from_index(x) for x in d), dealer, env.current_deal(i)[3])
        assert env.current_deal(i)[1:3] == (dealer, seat)
        np.testing.assert_array_equal(obs[i], encode(observe(state, seat)))


def test_refusals() -> None:
    with pytest.raises(ValueError, match="opponent"):
        BriscolaVectorEnv(2, opponent="sensible")
    with pytest.raises(ValueError, match="reward"):
        BriscolaVectorEnv(2, reward="money")
    env = BriscolaVectorEnv(2, preset="classic")
    with pytest.raises(RuntimeError):
        env.step([0, 0])
    env.reset(seed=0)
    illegal = (~env.action_masks()).argmax(axis=1)
    before = env.S.copy()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert (before == env.S).all()


def test_bench_runs() -> None:
    assert vector_bench(16, 20) > 0
