"""Step the RL environments with random legal actions and print each episode's returns.

Nothing is trained: this shows the loop a learning algorithm would drive.

    python examples/rl_random_steps.py --preset pairs --episodes 3
"""

from __future__ import annotations

import argparse

import numpy as np

from briscola.env import BriscolaEnv, briscola_v0


def pettingzoo_episode(preset: str, seed: int, reward: str) -> dict[str, float]:
    """One deal with every seat an agent playing at random; each agent's return."""
    env = briscola_v0.env(preset=preset, reward=reward)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, rew, terminated, truncated, _ = env.last()
        returns[agent] += float(rew)
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    env.close()
    return returns


def gymnasium_episode(preset: str, seed: int, reward: str, opponent: str) -> tuple[float, int]:
    """One deal for seat 0 at random against computer players; the return and the steps."""
    env = BriscolaEnv(preset=preset, opponent=opponent, reward=reward)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, rew, terminated, truncated, _ = env.step(action)
        total += float(rew)
        steps += 1
        done = terminated or truncated
    env.close()
    return total, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--reward", default="win", choices=["win", "points", "units"])
    parser.add_argument("--opponent", default="random", help="a bot name for the gym env")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for i in range(args.episodes):
        returns = pettingzoo_episode(args.preset, args.seed + i, args.reward)
        shown = " ".join(f"{a}={r:+.3f}" for a, r in returns.items())
        print(f"pettingzoo episode {i}: {shown}")
    for i in range(args.episodes):
        total, steps = gymnasium_episode(args.preset, args.seed + i, args.reward, args.opponent)
        print(f"gymnasium episode {i}: return {total:+.3f} after {steps} steps")


if __name__ == "__main__":
    main()
