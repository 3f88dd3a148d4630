"""The RL environments: PettingZoo's api_test and seed_test, Gymnasium's check_env, the action
mask, the encoding (which must never show a card the seat cannot see) and the rewards."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from briscola.core.actions import Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import FULL_DECK, Card, Rank, Suit
from briscola.core.game import IllegalActionError, State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.env import BriscolaEnv, briscola_v0
from briscola.env.common import final_reward, outcome
from briscola.env.encoding import (
    LAYOUT,
    MAX_SEATS,
    N_ACTIONS,
    OBS_SIZE,
    action_mask,
    action_to_index,
    encode,
    field,
    index_to_action,
    layout_table,
)

PRESETS = ["classic", "three", "pairs", "six", "scoperta", "chiamata"]
# Options that bring in every kind of action: declarations, both exchanges, points auctions.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"accusi": True, "exchange": "two"}),
    ("pairs", {"accusi": True, "exchange": "seven", "inversion": True}),
    ("three", {"direction": "clockwise", "accusi": True}),
    ("chiamata", {"points_only_auction": True, "caller_leads": True}),
    ("chiamata", {"bid_multipliers": True, "cappotto_doubles": True, "inversion": True}),
]
ROOT = Path(__file__).resolve().parents[2]


def quiet(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a checker without its advice about dict observations (PettingZoo's own classic
    games, which use the same {"observation", "action_mask"} form, are exempted by name)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# -- the standard checkers ----------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_api_test(name: str) -> None:
    quiet(api_test, briscola_v0.env(preset=name), num_cycles=100)


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_pettingzoo_api_test_with_options(name: str, options: dict[str, Any]) -> None:
    quiet(api_test, briscola_v0.env(preset=name, reward="points", **options), num_cycles=100)


@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_seed_test(name: str) -> None:
    quiet(seed_test, lambda: briscola_v0.env(preset=name), num_cycles=50)


@pytest.mark.parametrize("name", PRESETS)
def test_gymnasium_check_env(name: str) -> None:
    quiet(check_env, BriscolaEnv(preset=name, seat=None))


def test_gymnasium_registered() -> None:
    env = gymnasium.make("Briscola-v0", preset="pairs", opponent="random", seat=1)
    quiet(check_env, env.unwrapped)
    obs, info = env.reset(seed=4)
    assert info["seat"] == 1 and obs["action_mask"].sum() == 3


def test_import_briscola_loads_no_rl_library() -> None:
    code = (
        "import sys, briscola\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- the action space ---------------------------------------------------------------------------
def test_action_indices_round_trip() -> None:
    actions = [index_to_action(i) for i in range(N_ACTIONS)]
    assert [action_to_index(a) for a in actions] == list(range(N_ACTIONS))
    assert len(set(actions)) == N_ACTIONS
    kinds = [type(a) for a in actions]
    assert kinds.count(Play) == 40 and kinds.count(Declare) == 4 and kinds.count(Call) == 4
    assert kinds.count(ExchangeBriscola) == 1 and kinds.count(Pass) == 1
    assert kinds.count(Bid) == 10 + 60
    assert {a.card for a in actions if isinstance(a, Play)} == set(FULL_DECK)
    assert {a.points for a in actions if isinstance(a, Bid) and a.points} == set(range(61, 121))
    assert {a.rank for a in actions if isinstance(a, Bid) and a.rank} == set(Rank)
    with pytest.raises(ValueError):
        index_to_action(N_ACTIONS)


# -- walking whole games ------------------------------------------------------------------------
def random_states(name: str, games: int, seed: int, **options: Any) -> list[State]:
    """Every state of a few random games."""
    rng = random.Random(seed)
    rules = preset(name, **options)
    out = []
    for _ in range(games):
        state = new_game(rules, seed=rng.randrange(2**32), dealer=rng.randrange(rules.players))
        out.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            out.append(state)
    return out


def cards_in(vec: np.ndarray[Any, Any], name: str, slot: int = 0) -> set[Card]:
    block = vec[field(name).slice][40 * slot : 40 * slot + 40]
    return {Card.from_index(int(i)) for i in np.flatnonzero(block)}


def hidden_from(state: State, seat: int, obs: Observation) -> set[Card]:
    """The cards whose place ``seat`` cannot know: other hands and the stock, less what shows."""
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= set(state.stock)
    for _, cards in (*obs.other_hands, *obs.known_cards):
        hidden -= set(cards)
    if obs.briscola_on_table:
        hidden.discard(state.stock[-1])
    return hidden


CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in PRESETS] + VARIANTS


@pytest.mark.parametrize(("name", "options"), CASES)
def test_masks_allow_exactly_the_legal_actions(name: str, options: dict[str, Any]) -> None:
    for state in random_states(name, 3, seed=11, **options):
        for seat in range(state.players):
            mask = action_mask(observe(state, seat).legal)
            legal = state.legal_actions() if seat == state.turn else ()
            assert mask.dtype == np.int8
            assert {index_to_action(int(i)) for i in np.flatnonzero(mask)} == set(legal)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_encoding_shows_only_what_the_seat_sees(name: str, options: dict[str, Any]) -> None:
    for state in random_states(name, 2, seed=5, **options):
        n = state.players
        for seat in range(n):
            obs = observe(state, seat)
            vec = encode(obs)
            assert vec.shape == (OBS_SIZE,) and vec.dtype == np.float32
            assert vec.min() >= 0.0 and vec.max() <= 1.0
            hidden = hidden_from(state, seat, obs)
            located = cards_in(vec, "hand") | cards_in(vec, "played") | cards_in(vec, "won_by_side")
            for r in range(MAX_SEATS):
                located |= cards_in(vec, "trick", r)
            for r in range(MAX_SEATS - 1):
                located |= cards_in(vec, "known_hands", r)
            assert not located & hidden, f"seat {seat} is shown {located & hidden}"
            # and each block says exactly what the observation says
            assert cards_in(vec, "hand") == set(obs.hand)
            step = state.ruleset.step
            for s in range(n):
                r = ((s - seat) * step) % n
                if s != seat:
                    shown = dict(obs.other_hands).get(s, ()) + dict(obs.known_cards).get(s, ())
                    assert cards_in(vec, "known_hands", r - 1) == set(shown)
                assert cards_in(vec, "trick", r) == {c for p, c in obs.trick if p == s}
            assert cards_in(vec, "played") == {c for t in obs.tricks for c in t.cards()}
            assert cards_in(vec, "briscola") == ({obs.briscola} - {None})
            assert cards_in(vec, "called") == ({obs.called} - {None})


def test_encoding_of_a_chiamata_partner_stays_secret() -> None:
    """Before the called card is played only its holder knows the sides, unless nobody else can
    hold it any more (the other seats with cards left are one) or it is a declared Re/Cavallo."""
    for state in random_states("chiamata", 3, seed=2):
        if state.called is None or state.revealed or state.is_over:
            continue
        partner = state.partner
        assert partner is not None
        for seat in range(state.players):
            obs = observe(state, seat)
            others_with_cards = [s for s in range(state.players) if s != seat and state.hands[s]]
            deduced = len(others_with_cards) == 1 or any(
                state.called in cards for _, cards in obs.known_cards
            )
            sides = obs.sides()
            if seat not in (partner, state.caller) and not deduced:
                assert sides.of(partner) is None or partner == state.caller
            vec = encode(obs)
            assert vec[field("partner_known").offset] == (seat == partner or deduced)
            assert vec[field("partner_known").offset] == (not sides.unknown)


def test_layout_is_documented() -> None:
    assert sum(f.size for f in LAYOUT) == OBS_SIZE
    assert layout_table() in (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")


# -- episodes -----------------------------------------------------------------------------------
def play_aec(env: Any, seed: int) -> tuple[State, dict[str, float], dict[str, Any]]:
    """A whole random episode; the final state, each agent's total reward and last info."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    infos: dict[str, Any] = {}
    state = env.unwrapped.state
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            infos[agent] = info
            state = env.unwrapped.state
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return state, totals, infos


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("mode", ["win", "points", "units"])
def test_rewards_agree_with_the_result(name: str, mode: str) -> None:
    env = briscola_v0.env(preset=name, reward=mode)
    for seed in range(3):
        state, totals, infos = play_aec(env, seed)
        assert state.is_over
        result = state.result()
        for agent, total in totals.items():
            seat = int(agent.split("_")[1])
            assert total == pytest.approx(final_reward(result, seat, mode))
            assert infos[agent]["outcome"] == outcome(result, seat)
            assert infos[agent]["seat_points"] == result.seat_points
        if mode == "points" and result.winners and len(set(result.teams)) == 2:
            sides = {result.teams[int(a.split("_")[1])]: t for a, t in totals.items()}
            assert sum(sides.values()) == pytest.approx(0.0)
        if mode == "units" and result.units:
            assert [totals[a] for a in env.possible_agents] == list(result.units)
        if mode == "win" and result.winners:
            # partners share the outcome; a sole winner side gets +1
            assert max(totals.values()) == (1.0 if len(result.winners) == 1 else 0.0)


def test_gym_episode_reward_agrees_with_the_result() -> None:
    for name in PRESETS:
        env = BriscolaEnv(preset=name, seat=None, reward="points", opponent="random")
        for seed in range(2):
            obs, info = env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            done = False
            total = 0.0
            while not done:
                assert np.array_equal(obs["action_mask"], env.action_masks().astype(np.int8))
                obs, reward, done, _, info = env.step(
                    int(rng.choice(np.flatnonzero(obs["action_mask"])))
                )
                total += float(reward)
            assert env.state is not None
            result = env.state.result()
            assert total == pytest.approx(final_reward(result, env.seat, "points"))
            assert info["outcome"] == outcome(result, env.seat)


def test_illegal_actions() -> None:
    env = briscola_v0.env(preset="classic")
    env.reset(seed=0)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    offender = env.agent_selection
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0 and sum(env.rewards.values()) == -1.0
    strict = briscola_v0.env(preset="classic", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    genv = BriscolaEnv(preset="classic")
    obs, _ = genv.reset(seed=0)
    _, reward, terminated, _, info = genv.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, terminated, info["outcome"]) == (-1.0, True, "illegal_action")
    with pytest.raises(RuntimeError):
        genv.step(0)


# -- reproducibility ----------------------------------------------------------------------------
def test_aec_seed_reproduces_the_deal() -> None:
    a, b = briscola_v0.env(preset="pairs"), briscola_v0.env(preset="pairs")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.unwrapped.state == b.unwrapped.state
    b.reset(seed=10)
    assert a.unwrapped.state.deck != b.unwrapped.state.deck
    assert play_aec(a, 3)[1] == play_aec(b, 3)[1]


def test_gym_seed_reproduces_the_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = BriscolaEnv(preset="pairs", opponent="random", seat=None)
        obs, _ = env.reset(seed=seed)
        trace: list[Any] = [obs["observation"].tobytes()]
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, reward, done, _, _ = env.step(action)
            trace += [obs["observation"].tobytes(), reward]
        return trace

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_reset_with_an_explicit_deck() -> None:
    deck = " ".join(str(c) for c in FULL_DECK)
    env = briscola_v0.env(preset="classic")
    env.reset(options={"deck": deck, "dealer": 1})
    state = env.unwrapped.state
    assert state.deck == FULL_DECK and state.dealer == 1
    genv = BriscolaEnv(preset="classic", seat=0)
    genv.reset(options={"deck": list(FULL_DECK), "dealer": 1})
    assert genv.state is not None and genv.state.deck == FULL_DECK


def test_render_ansi() -> None:
    env = briscola_v0.env(preset="chiamata", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "chiamata" in text
    genv = BriscolaEnv(preset="classic", render_mode="ansi")
    genv.reset(seed=1)
    assert "briscola=" in str(genv.render())


def test_opponent_specs() -> None:
    class First:
        def act(self, obs: Observation) -> Any:
            return obs.legal[0]

    for spec in ("random", First(), lambda seed: First()):
        env = BriscolaEnv(preset="three", opponent=spec)
        obs, _ = env.reset(seed=1)
        assert obs["action_mask"].sum() > 0
    with pytest.raises(ValueError):
        BriscolaEnv(preset="classic", reward="money")


def test_suits_follow_card_order() -> None:
    assert [Card.from_index(i * 10).suit for i in range(4)] == list(Suit)
