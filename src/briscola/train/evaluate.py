"""The learning curve's measure: a network against a level on a fixed set of duplicate deals.

:func:`duplicate_score` plays the arena's deals (:func:`briscola.tools.arena.play.deal_deck`: the
same deck orders for the same seed) twice each, seats swapped, the network (as
:class:`~briscola.bots.neural.NeuralBot`) against a registry level, a win counting 1 and a draw
½, and gives the mean score per deal with its 95% interval (:func:`briscola.tools.arena.mean_ci`),
as ``briscola arena neural LEVEL`` counts it. :func:`plot_curve` draws the scores over rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from briscola.bots import make_bot
from briscola.bots.neural import NeuralBot, PolicyValueNet
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import Ruleset
from briscola.tools.arena.play import deal_deck, derive_seed
from briscola.tools.arena.stats import Estimate, mean_ci

__all__ = ["duplicate_score", "plot_curve"]


def duplicate_score(
    net: PolicyValueNet, level: str, rules: Ruleset, deals: int, seed: int
) -> Estimate:
    """The network's mean score against ``level`` over ``deals`` duplicate deals (two sides:
    two players, or two teams, the network playing every seat of its side)."""
    per_deal = []
    seats = range(rules.players)
    for d in range(deals):
        deck = deal_deck(rules, seed, d)
        dealer = d % rules.players
        score = 0.0
        for me in (0, 1):
            bots = [
                NeuralBot(derive_seed(seed, "bot", d, s), net)
                if rules.team_of(s) == me
                else make_bot(level, derive_seed(seed, "bot", d, s))
                for s in seats
            ]
            state = new_game(rules, deck=deck, dealer=dealer)
            while not state.is_over:
                assert state.turn is not None
                state = state.apply(bots[state.turn].act(observe(state, state.turn)))
            winners = state.result().winners
            score += 0.5 if len(winners) > 1 else float(winners[0] == me)
        per_deal.append(score / 2)
    return mean_ci(per_deal)


def plot_curve(
    log: Sequence[dict[str, Any]], levels: Sequence[str], path: Path, preset_name: str = "classic"
) -> Path:
    """Draw each level's score (with its 95% interval) over the rounds of ``log`` into ``path``
    (a PNG; needs matplotlib, the ``plots`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    for level in levels:
        pts = [(e["round"], e["eval"][level]) for e in log if level in e.get("eval", {})]
        if not pts:
            continue
        xs = [r for r, _ in pts]
        ys = [100 * v["mean"] for _, v in pts]
        err = [100 * (v["high"] - v["mean"]) for _, v in pts]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=f"neural vs {level}")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("round (0: the warm start, or the network the run starts from)")
    ax.set_ylabel("score % (duplicate deals, 95% interval)")
    ax.set_title(f"briscola train: the neural level's learning curve ({preset_name})")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
