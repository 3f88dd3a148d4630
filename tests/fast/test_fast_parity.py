"""The fast core and the reference engine agree: same deck, same actions, same tricks and results.

Each configuration (a preset with options) is checked both ways on random games:
reference engine plays and the fast core replays (comparing the legal actions before every
action, every trick's winner and the result), and the fast core plays (random, and its simple
heuristic) while the reference engine replays. ``scripts/parity_million.py`` runs the same checks
on a million games.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numba")

from briscola.core.cards import parse_cards
from briscola.core.rules import Ruleset, preset
from briscola.fast.core.parity import (
    CONFIGS,
    check_fast_games,
    check_reference_games,
    config_label,
    config_rules,
)

REFERENCE_GAMES = 400  # per configuration, reference engine plays
FAST_GAMES = 400  # per configuration and policy mix, fast core plays


def _ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    return config_rules(name, options)


def _ids() -> list[str]:
    return [config_label(name, opts) for name, opts in CONFIGS]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_reference_games_replay_in_fast_core(name: str, options: dict[str, Any]) -> None:
    rules = _ruleset(name, options)
    report = check_reference_games(rules, REFERENCE_GAMES, seed=len(name) * 1000 + len(options))
    assert report.ok, str(report)
    assert report.games == REFERENCE_GAMES
    if rules.accusi and rules.players <= 4:
        assert report.actions_seen.get("declare", 0) > 0, report.actions_seen
    if rules.exchange.value != "none":
        assert report.actions_seen.get("exchange", 0) > 0, report.actions_seen


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
@pytest.mark.parametrize("policies", [("random",), ("simple", "random")], ids=["random", "mixed"])
def test_fast_games_replay_in_reference(
    name: str, options: dict[str, Any], policies: tuple[str, ...]
) -> None:
    rules = _ruleset(name, options)
    report = check_fast_games(rules, FAST_GAMES, seed=7 + len(options), policies=policies)
    assert report.ok, str(report)
    assert report.decisions >= FAST_GAMES * len(rules.deck())


def test_all_simple_chiamata_replays_in_reference() -> None:
    """Every seat on the heuristic: its auction (bids, points, void deals) and call are legal."""
    report = check_fast_games(preset("chiamata"), 300, seed=3, policies=("simple",))
    assert report.ok, str(report)
    assert report.actions_seen.get("auction/call", 0) > 0


def test_a_mismatch_is_reported() -> None:
    """The checks do see a difference: replaying a game under other rules fails."""
    from briscola.fast.core.replay import replay_games, trace_games

    trace = trace_games(preset("classic"), 50, seed=5)
    other = replay_games(
        preset("classic", inversion=True),
        trace.decks,
        trace.dealers,
        trace.actions,
        trace.n_actions,
    )
    assert (other.rows != trace.rows).any()


def test_removed_cards_are_a_deck_of_their_own() -> None:
    rules = preset("three", removed=parse_cards("2s"))
    assert check_reference_games(rules, 50, seed=9).ok
