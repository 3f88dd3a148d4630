"""Parity checks: the fast core and the reference engine play the same games the same way.

Two directions, both on the same deck orders and the same actions:

* :func:`check_reference_games` lets the reference engine play random games, then replays each
  in the fast core, comparing the legal actions before every action, the winner of every trick and
  the result (points, sides, winners, replay, settlement);
* :func:`check_fast_games` lets the fast core play (its own random or simple policy), then
  replays each game in the reference engine, which must accept every action and reach the same
  trick winners and result.

>>> from briscola.core.rules import preset
>>> check_reference_games(preset("classic", accusi=True), 20, seed=1).ok
True
>>> check_fast_games(preset("chiamata"), 20, seed=1, policies=("simple", "random")).ok
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.core.cards import FULL_DECK
from briscola.core.game import IllegalActionError, new_game
from briscola.core.rules import Ruleset, preset
from briscola.fast.core.layout import MAX_ACTIONS, MAX_TRICKS
from briscola.fast.core.replay import (
    encode_action,
    legal_masks,
    reference_row,
    replay_games,
    trace_games,
)

__all__ = [
    "CONFIGS",
    "ParityReport",
    "check_fast_games",
    "check_reference_games",
    "config_label",
    "config_rules",
]

CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("classic", {}),
    ("classic", {"inversion": True}),
    ("classic", {"direction": "clockwise", "tie": "replay"}),
    ("classic", {"accusi": True}),
    ("classic", {"exchange": "two"}),
    ("classic", {"exchange": "seven", "accusi": True}),
    ("classic", {"hand_size": 5}),
    ("scoperta", {}),
    ("three", {}),
    ("three", {"removed": "2b", "accusi": True, "exchange": "seven", "inversion": True}),
    ("quattro", {}),
    ("quattro", {"accusi": True, "exchange": "two", "direction": "clockwise"}),
    ("pairs", {}),
    ("pairs", {"direction": "clockwise", "accusi": True, "exchange": "two"}),
    ("six", {}),
    ("six", {"inversion": True, "accusi": True, "exchange": "seven"}),
    ("chiamata", {}),
    ("chiamata", {"points_only_auction": True, "caller_leads": True}),
    ("chiamata", {"bid_multipliers": True, "cappotto_doubles": True, "accusi": True}),
    ("chiamata", {"inversion": True, "direction": "clockwise"}),
)
"""The configurations the parity checks cover: every preset, and every option that changes play."""


def config_rules(name: str, options: dict[str, Any]) -> Ruleset:
    """The ruleset of a configuration."""
    return preset(name, **options)


def config_label(name: str, options: dict[str, Any]) -> str:
    """A short name for a configuration, like ``classic-accusi=True``."""
    return name + "".join(f"-{k}={v}" for k, v in options.items())


_KEEP = 5  # failures described in a report


@dataclass
class ParityReport:
    """How many games were compared, how many differed, and the first differences."""

    label: str
    games: int = 0
    decisions: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    actions_seen: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when every game matched."""
        return self.failed == 0

    def fail(self, message: str) -> None:
        """Count a differing game and keep its description if among the first few."""
        self.failed += 1
        if len(self.failures) < _KEEP:
            self.failures.append(message)

    def merge(self, other: ParityReport) -> None:
        """Add another report's counts into this one."""
        self.games += other.games
        self.decisions += other.decisions
        self.failed += other.failed
        self.failures.extend(other.failures[: max(0, _KEEP - len(self.failures))])
        for kind, count in other.actions_seen.items():
            self.actions_seen[kind] = self.actions_seen.get(kind, 0) + count

    def __str__(self) -> str:
        status = "ok" if self.ok else f"{self.failed} FAILED"
        text = f"{self.label}: {self.games} games, {self.decisions} actions, {status}"
        return "\n  ".join([text, *self.failures])


def _count_kinds(report: ParityReport, codes: Sequence[int]) -> None:
    for code in codes:
        kind = (
            "play"
            if code < 40
            else "declare"
            if code < 44
            else "exchange"
            if code == 44
            else ("auction/call")
        )
        report.actions_seen[kind] = report.actions_seen.get(kind, 0) + 1


def check_reference_games(ruleset: Ruleset, n_games: int, seed: int = 0) -> ParityReport:
    """Reference engine plays ``n_games`` random games; the fast core replays and must agree."""
    rng = random.Random(seed)
    report = ParityReport(f"reference->fast {ruleset.name} seed={seed}")
    cards = list(ruleset.deck())
    size = len(cards)
    decks = np.zeros((n_games, size), dtype=np.int8)
    dealers = np.zeros(n_games, dtype=np.int64)
    actions = np.zeros((n_games, MAX_ACTIONS), dtype=np.int8)
    n_actions = np.zeros(n_games, dtype=np.int64)
    masks = np.zeros((n_games, MAX_ACTIONS, 2), dtype=np.int64)
    winners = np.full((n_games, MAX_TRICKS), -1, dtype=np.int8)
    rows = []
    for g in range(n_games):
        rng.shuffle(cards)
        dealer = rng.randrange(ruleset.players)
        state = new_game(ruleset, deck=cards, dealer=dealer)
        decks[g] = [c.index for c in cards]
        dealers[g] = dealer
        i = 0
        while not state.is_over:
            legal = state.legal_actions()
            masks[g, i] = legal_masks(legal)
            action = rng.choice(legal)
            actions[g, i] = encode_action(action)
            state = state.apply(action)
            i += 1
        n_actions[g] = i
        for t, trick in enumerate(state.tricks):
            winners[g, t] = trick.winner
        rows.append(reference_row(state))
        _count_kinds(report, actions[g, :i].tolist())
    report.games = n_games
    report.decisions = int(n_actions.sum())
    if not n_games:
        return report
    out = replay_games(ruleset, decks, dealers, actions, n_actions)
    for g in range(n_games):
        where = f"game {g} (dealer {dealers[g]}, deck {_deck_text(decks[g])})"
        status = int(out.status[g])
        if status != -1:
            if status < n_actions[g]:
                report.fail(f"{where}: fast core refused action {status} ({actions[g, status]})")
            else:
                report.fail(f"{where}: fast core's deal is not over after the reference's end")
            continue
        k = int(n_actions[g])
        diff = np.nonzero((out.legal[g, :k] != masks[g, :k]).any(axis=1))[0]
        if len(diff):
            report.fail(f"{where}: legal actions differ before action {int(diff[0])}")
            continue
        if not (out.trick_winners[g] == winners[g]).all():
            report.fail(
                f"{where}: trick winners {winners[g].tolist()} (reference) vs "
                f"{out.trick_winners[g].tolist()} (fast)"
            )
            continue
        if not (out.rows[g] == rows[g]).all():
            report.fail(f"{where}: result {rows[g].tolist()} (reference) vs {out.rows[g].tolist()}")
    return report


def check_fast_games(
    ruleset: Ruleset,
    n_games: int,
    seed: int = 0,
    policies: Sequence[str] = ("random",),
    game0: int = 0,
) -> ParityReport:
    """The fast core plays ``n_games`` games; the reference engine replays and must agree."""
    trace = trace_games(ruleset, n_games, seed=seed, policies=policies, game0=game0)
    report = ParityReport(f"fast->reference {ruleset.name} seed={seed} {'/'.join(policies)}")
    report.games = n_games
    report.decisions = int(trace.n_actions.sum())
    for g in range(n_games):
        deck = trace.game_deck(g)
        dealer = int(trace.dealers[g])
        where = f"game {game0 + g} (dealer {dealer}, deck {_deck_text(trace.decks[g])})"
        state = new_game(ruleset, deck=deck, dealer=dealer)
        codes = trace.actions[g, : trace.n_actions[g]].tolist()
        _count_kinds(report, codes)
        try:
            for action in trace.game_actions(g):
                state = state.apply(action)
        except IllegalActionError as exc:
            report.fail(f"{where}: reference refused {len(state.actions)}th action: {exc}")
            continue
        if not state.is_over:
            report.fail(f"{where}: reference deal not over after the fast core's actions")
            continue
        ref_winners = [t.winner for t in state.tricks]
        fast_winners = trace.trick_winners[g, : len(ref_winners)].tolist()
        if ref_winners != fast_winners or (
            len(ref_winners) < MAX_TRICKS and trace.trick_winners[g, len(ref_winners)] != -1
        ):
            report.fail(f"{where}: trick winners {ref_winners} (reference) vs {fast_winners}")
            continue
        row = reference_row(state)
        if not (row == trace.rows[g]).all():
            report.fail(f"{where}: result {row.tolist()} (reference) vs {trace.rows[g].tolist()}")
    return report


def _deck_text(deck: npt.NDArray[np.int8]) -> str:
    return " ".join(str(FULL_DECK[int(i)]) for i in deck)
