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


def test_every_option_the_fast_core_runs_is_varied_in_the_parity_configurations() -> None:
    """Each option whose registry entry says the fast core runs it takes a value other than its
    default in at least one configuration the parity checks play."""
    from briscola.core.options import OPTIONS

    rulesets = [config_rules(name, options) for name, options in CONFIGS]
    runs = [o for o in OPTIONS if o.fast == "runs"]
    assert runs
    untested = [o.name for o in runs if all(getattr(r, o.name) == o.default for r in rulesets)]
    assert not untested, f"no parity configuration varies {untested}"


def test_an_option_the_registry_marks_unsupported_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from briscola.fast.core import params

    monkeypatch.setitem(params._FAST, "accusi", "unsupported")
    with pytest.raises(params.FastUnsupportedError, match="accusi=True"):
        params.ruleset_params(preset("classic", accusi=True))
    params.ruleset_params(preset("classic"))  # at its default the option changes nothing


def test_every_ruleset_field_is_in_the_registry() -> None:
    """The fast core's supported-options check reads the registry: no field is left out of it."""
    import dataclasses

    from briscola.core.options import OPTIONS

    fields = {f.name for f in dataclasses.fields(Ruleset) if f.init}
    assert fields == {o.name for o in OPTIONS}
