"""The PettingZoo AEC environment: every seat is an agent, ``player_0`` … ``player_{n-1}``.

Agents act in the engine's turn order (the auction and the call in chiamata, then the play).
Each agent observes ``{"observation": vector, "action_mask": mask}`` (see
:mod:`briscola.env.encoding`); the action is an index of the discrete action space. Rewards come
once, when the deal ends (see :mod:`briscola.env.common` for the modes), and then every agent is
terminated. Use :func:`briscola.env.briscola_v0.env` for the wrapped environment.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from briscola.core.actions import Action
from briscola.core.cards import Card, format_cards, parse_cards
from briscola.core.game import IllegalActionError, State, new_game
from briscola.core.observation import observe
from briscola.core.rules import Ruleset
from briscola.env.common import (
    ILLEGAL_MODES,
    ILLEGAL_REWARD,
    REWARD_MODES,
    check_mode,
    end_info,
    final_reward,
    make_ruleset,
)
from briscola.env.encoding import N_ACTIONS, OBS_SIZE, action_mask, encode, index_to_action

__all__ = ["BriscolaAECEnv", "observation_space"]

ObsDict = dict[str, Any]  # {"observation": float32 vector, "action_mask": int8 vector}


def observation_space() -> spaces.Dict:
    """The observation space: the encoded vector and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), dtype=np.int8),
        }
    )


def deal(
    ruleset: Ruleset,
    rng: np.random.Generator,
    dealer: int | None,
    options: dict[str, Any] | None,
) -> State:
    """A new deal: from ``options["deck"]`` (cards or their text) when given, else from ``rng``;
    the dealer is ``options["dealer"]``, else ``dealer``, else drawn from ``rng``."""
    options = options or {}
    seed = int(rng.integers(2**63))
    chosen = options.get("dealer", dealer)
    seat = int(rng.integers(ruleset.players)) if chosen is None else int(chosen)
    deck = options.get("deck")
    if deck is None:
        return new_game(ruleset, seed=seed, dealer=seat)
    if isinstance(deck, str):
        cards = parse_cards(deck)
    else:
        cards = tuple(c if isinstance(c, Card) else Card.parse(str(c)) for c in deck)
    return new_game(ruleset, deck=cards, dealer=seat)


def decode(action: int | np.integer[Any] | None) -> Action | None:
    """The engine action at an index of the action space, or None for anything else."""
    if action is None:
        return None
    try:
        return index_to_action(int(action))
    except (TypeError, ValueError):
        return None


class BriscolaAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Briscola for every seat, in PettingZoo's AEC API.

    Arguments: ``preset`` (a preset name or a :class:`~briscola.core.rules.Ruleset`), ``reward``
    (``"win"``, ``"points"`` or ``"units"``), ``illegal_action`` (``"lose"``: the deal ends with
    -1 for the offender and 0 for the others; ``"raise"``: IllegalActionError), ``dealer`` (a
    seat, or None to draw it each deal), ``render_mode`` (``"ansi"`` or ``"human"``), and any
    ruleset option as a keyword (``inversion=True``, ``accusi=True``, …).

    ``reset(seed=..., options={"deck": "...", "dealer": 0})`` can deal an exact deck.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "briscola_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str | Ruleset = "classic",
        *,
        reward: str = "win",
        illegal_action: str = "lose",
        dealer: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.ruleset = make_ruleset(preset, options)
        self.reward_mode = check_mode(reward, REWARD_MODES, "reward")
        self.illegal_action = check_mode(illegal_action, ILLEGAL_MODES, "illegal_action")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.render_mode = render_mode
        if dealer is not None and not 0 <= dealer < self.ruleset.players:
            raise ValueError(f"dealer must be a seat 0-{self.ruleset.players - 1}")
        self.dealer = dealer
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.ruleset.players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space()
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: State | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = deal(self.ruleset, self._rng, self.dealer, options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        assert self.state.turn is not None
        self.agent_selection = self.possible_agents[self.state.turn]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObsDict:
        assert self.state is not None, "call reset() first"
        obs = observe(self.state, self.agent_name_mapping[agent])
        return {"observation": encode(obs), "action_mask": action_mask(obs.legal)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None and state.turn is not None
        self._cumulative_rewards[agent] = 0.0
        move = decode(action)
        if move is None or move not in state.legal_actions():
            if self.illegal_action == "raise":
                raise IllegalActionError(f"{agent}: action {action!r} is not legal now")
            self._end_illegal(agent)
            return
        state = self.state = state.apply(move)
        if state.is_over:
            result = state.result()
            for a in self.agents:
                seat = self.agent_name_mapping[a]
                self.rewards[a] = final_reward(result, seat, self.reward_mode)
                self.terminations[a] = True
                self.infos[a] = end_info(result, seat)
        else:
            assert state.turn is not None
            self.agent_selection = self.possible_agents[state.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end_illegal(self, agent: str) -> None:
        for a in self.agents:
            self.rewards[a] = ILLEGAL_REWARD if a == agent else 0.0
            self.terminations[a] = True
            self.infos[a] = {"outcome": "illegal_action", "offender": agent}
        self._accumulate_rewards()

    def render(self) -> str | None:
        return render(self.state, self.render_mode)

    def close(self) -> None:
        pass


def render(state: State | None, mode: str | None) -> str | None:
    """What an environment's ``render()`` gives in ``mode``: nothing without a mode, the text
    printed in ``"human"`` mode, the text itself in ``"ansi"`` mode."""
    if mode is None:
        return None
    text = render_text(state)
    if mode == "human":
        print(text)
        return None
    return text


def render_text(state: State | None) -> str:
    """A spectator's text view of the deal (every hand shown): for people, never for agents."""
    if state is None:
        return "(no deal yet: call reset())"
    lines = [str(state)]
    if state.auction is not None and state.auction.calls:
        lines.append("auction: " + " ".join(f"{s}:{b}" for s, b in state.auction.calls))
    if state.called is not None:
        lines.append(f"called: {state.called} by {state.caller}")
    if state.tricks:
        last = state.tricks[-1]
        lines.append(f"last trick: {format_cards(last.cards())} -> {last.winner}")
    lines.append("points: " + " ".join(str(p) for p in state.seat_points()))
    return "\n".join(lines)
