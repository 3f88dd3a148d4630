"""Briscola chiamata in the batch environment: step by step the same observations, masks and
rewards as the PettingZoo environment on the same deals, and no observation that tells where the
called card lies before its holder may be known."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numba")
pytest.importorskip("pettingzoo")

import numpy as np

from briscola.env.aec import BriscolaAECEnv
from briscola.env.encoding import (
    BID_POINTS_BASE,
    BID_RANK_BASE,
    CALL_BASE,
    PASS_INDEX,
    field,
)
from briscola.env.vector import BriscolaVectorEnv
from briscola.fast import env_kernels as vk
from briscola.fast.core import layout as L
from briscola.fast.core.sides import called_holder_known

ALL_OPTIONS: dict[str, Any] = {
    "points_only_auction": True,
    "caller_leads": True,
    "bid_multipliers": True,
    "cappotto_doubles": True,
    "accusi": True,
}
CASES: list[tuple[dict[str, Any], str, str]] = [
    ({}, "units", "random"),
    ({}, "win", "simple"),
    (ALL_OPTIONS, "points", "random"),
    ({"direction": "clockwise", "tricks_visible": "always"}, "units", "simple"),
]

Seen = list[tuple[np.ndarray, np.ndarray]]  # one deal's (observation, mask) at each decision


def check_against_pettingzoo(
    env: BriscolaVectorEnv,
    i: int,
    deal: tuple[Any, int, int],
    seen: Seen,
    final: np.ndarray,
    reward: float,
    mode: str,
) -> list[int]:
    """Replay slot ``i``'s finished deal (``deal``: its deck, dealer and learning seat) in the
    PettingZoo env: the learning seat's observations and masks, in order, and its reward must be
    those the batch env gave. Returns the seat's actions."""
    deck, dealer, seat = deal
    aec = BriscolaAECEnv(env.ruleset, reward=mode, illegal_action="raise")
    aec.reset(options={"deck": deck, "dealer": dealer})
    me = f"player_{seat}"
    mine: list[int] = []
    for action in env.final_actions(i):
        if aec.agent_selection == me:
            got = aec.observe(me)
            obs, mask = seen[len(mine)]
            np.testing.assert_array_equal(obs, got["observation"])
            np.testing.assert_array_equal(mask, got["action_mask"] == 1)
            mine.append(action)
        aec.step(action)
    assert len(mine) == len(seen) and all(aec.terminations.values())
    np.testing.assert_array_equal(final, aec.observe(me)["observation"])
    assert reward == pytest.approx(aec.rewards[me], abs=1e-6)
    return mine


@pytest.mark.parametrize(("options", "mode", "opponent"), CASES)
def test_same_steps_as_the_pettingzoo_env(
    options: dict[str, Any], mode: str, opponent: str
) -> None:
    env = BriscolaVectorEnv(
        6, preset="chiamata", opponent=opponent, seed=13, seat=None, reward=mode, **options
    )
    obs, _ = env.reset(seed=13)
    seen: list[Seen] = [[(obs[i], env.action_masks()[i])] for i in range(env.num_envs)]
    rng = np.random.default_rng(4)
    chosen: set[int] = set()
    finished = 0
    for _ in range(60):
        masks = env.action_masks()
        deals = [env.current_deal(i)[:3] for i in range(env.num_envs)]  # before the autoreset
        obs, rew, term, _, infos = env.step([rng.choice(np.flatnonzero(m)) for m in masks])
        for i in range(env.num_envs):
            if term[i]:
                final = infos["final_observation"][i]
                mine = check_against_pettingzoo(env, i, deals[i], seen[i], final, rew[i], mode)
                chosen.update(mine)
                seen[i] = []
                finished += 1
            else:
                assert rew[i] == 0
            seen[i].append((obs[i], env.action_masks()[i]))
    assert finished >= 12
    assert PASS_INDEX in chosen and any(a >= CALL_BASE for a in chosen)
    if options.get("points_only_auction"):
        assert any(BID_POINTS_BASE <= a < CALL_BASE for a in chosen)
    else:
        assert any(BID_RANK_BASE <= a < BID_POINTS_BASE for a in chosen)


def swap_called(S: np.ndarray, holder: int, other: int, card: int) -> np.ndarray:
    """A copy of the state with the called card and ``card`` (in ``other``'s hand) swapped."""
    out = S.copy()
    called = int(S[L.S_CALLED])
    for seat, old, new in ((holder, called, card), (other, card, called)):
        base = L.O_HANDS + seat * L.MAX_HAND
        slots = [j for j in range(int(S[L.O_HCOUNT + seat])) if S[base + j] == old]
        out[base + slots[0]] = new
        out[L.O_HMASK + seat] = (int(S[L.O_HMASK + seat]) & ~(1 << old)) | (1 << new)
    out[L.S_PARTNER] = other
    return out


def hidden_swaps(env: BriscolaVectorEnv, i: int) -> list[np.ndarray]:
    """Slot ``i``'s state with the called card moved to each other seat the learning seat cannot
    tell from its holder (none once the holder may be known)."""
    S, P = env.S[i], env.P
    me, holder = int(env.EX[i, vk.X_SEAT]), int(S[L.S_PARTNER])
    if S[L.S_CALLED] < 0 or called_holder_known(P, S, me):
        return []
    out = []
    for other in range(env.ruleset.players):
        if other in (me, holder) or S[L.O_HCOUNT + other] == 0:
            continue
        base = L.O_HANDS + other * L.MAX_HAND
        hand = [int(S[base + j]) for j in range(int(S[L.O_HCOUNT + other]))]
        # a declared Re or Cavallo is a publicly known card: keep it where it is
        free = [c for c in hand if not ((S[L.S_DECLARED] >> (c // 10)) & 1 and c % 10 >= 8)]
        if free:
            out.append(swap_called(S, holder, other, free[0]))
    return out


def test_no_observation_shows_the_called_cards_holder_before_it_may_be_known() -> None:
    env = BriscolaVectorEnv(8, preset="chiamata", opponent="simple", seed=21, seat=None)
    obs, _ = env.reset(seed=21)
    rng = np.random.default_rng(2)
    partners, known = field("partners").slice, field("partner_known").offset
    checked = 0
    for _ in range(80):
        for i in range(env.num_envs):
            swaps = hidden_swaps(env, i)
            if not swaps:
                continue
            assert obs[i, known] == 0 and obs[i, partners].sum() == 1  # only the seat itself
            for S in swaps:
                out = np.zeros(vk.OBS_SIZE, np.float32)
                vk.encode_one(env.P, S, env.EX[i], env.V, env.static, out)
                np.testing.assert_array_equal(out, obs[i])
                checked += 1
        masks = env.action_masks()
        obs, *_ = env.step([rng.choice(np.flatnonzero(m)) for m in masks])
    assert checked >= 200


def test_a_deal_everybody_passes_is_void_with_reward_zero() -> None:
    env = BriscolaVectorEnv(
        8, preset="chiamata", opponent="simple", seed=5, reward="units", points_only_auction=True
    )
    env.reset(seed=5)
    voids = 0
    for _ in range(100):
        masks = env.action_masks()
        acts = np.where(masks[:, PASS_INDEX], PASS_INDEX, masks.argmax(axis=1))
        _, rew, term, _, _ = env.step(acts)
        for i in np.flatnonzero(term):
            if env.rows[i, L.R_CALLER] < 0:
                assert rew[i] == 0 and env.rows[i, L.R_REPLAY] == 1
                voids += 1
    assert voids > 0
