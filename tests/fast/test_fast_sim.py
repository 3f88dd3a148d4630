"""The batched simulator: shapes, determinism, the simple heuristic, clear errors."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("numba")

from briscola.core.game import shuffled_deck
from briscola.core.rules import PRESETS, Ruleset, preset
from briscola.fast import FastUnsupportedError, ruleset_params, simulate
from briscola.fast.core.replay import trace_games


@pytest.mark.parametrize("name", list(PRESETS))
def test_result_arrays(name: str) -> None:
    rules = preset(name)
    res = simulate(rules, 3000, seed=1, policies=("random", "simple"))
    n, sides = rules.players, rules.team_count
    assert res.n_games == 3000
    assert res.seat_points.shape == (3000, n)
    assert res.team_points.shape == (3000, sides)
    assert res.winners.shape == (3000, sides) and res.winners.dtype == np.bool_
    assert res.units.shape == res.seat_points.shape
    assert res.decisions.shape == res.replay.shape == res.dealer.shape == (3000,)
    assert (res.dealer == np.arange(3000) % n).all()
    assert res.policies == tuple(("random", "simple")[s % 2] for s in range(n))
    played = ~res.replay if name == "chiamata" else np.ones(3000, dtype=bool)
    assert (res.seat_points.sum(axis=1)[played] == rules.total_points).all()
    assert (res.decisions[played] >= len(rules.deck())).all()
    assert abs(res.win_rates().sum() + res.draw_rate() - 1) < 1e-9
    if name == "chiamata":
        assert (res.units.sum(axis=1) == 0).all()  # zero-sum settlement
        assert ((res.caller >= 0) | res.replay).all()
        assert (res.winners[played].sum(axis=1) == 1).all()
    else:
        assert (res.caller == -1).all() and not res.units.any()
        top = res.team_points.max(axis=1, keepdims=True)
        assert (res.winners == (res.team_points == top)).all()


def test_same_seed_same_games_whatever_the_chunks() -> None:
    rules = preset("pairs", accusi=True)
    a = simulate(rules, 5000, seed=11, policies=("simple", "random"))
    b = simulate(rules, 5000, seed=11, policies=("simple", "random"), chunk=777)
    c = simulate(rules, 5000, seed=12, policies=("simple", "random"))
    assert (a.seat_points == b.seat_points).all() and (a.decisions == b.decisions).all()
    assert (a.seat_points != c.seat_points).any()
    # a later slice of a run is the same games as a run of its own from that game number
    t = trace_games(rules, 10, seed=11, policies=("simple", "random"), game0=4990)
    assert (t.rows[:, :4] == a.seat_points[4990:, :4]).all()


def test_workers_give_the_same_results() -> None:
    rules = preset("classic")
    one = simulate(rules, 40_000, seed=3)
    two = simulate(rules, 40_000, seed=3, workers=2, chunk=10_000)
    assert (one.seat_points == two.seat_points).all()
    assert (one.dealer == two.dealer).all()


def test_given_decks_are_played() -> None:
    rules = preset("classic")
    decks = [shuffled_deck(rules, seed) for seed in range(200)]
    a = simulate(rules, decks=decks, policies="simple", dealer=0)
    b = simulate(rules, decks=np.array([[c.index for c in d] for d in decks]), policies="simple")
    assert a.n_games == 200
    assert (a.dealer == 0).all()
    # the simple heuristic is deterministic: same decks, same dealer, same games
    c = simulate(rules, decks=decks, policies="simple", dealer=0, seed=99)
    assert (a.seat_points == c.seat_points).all()
    assert not (a.seat_points == b.seat_points).all()  # b rotates the dealer
    with pytest.raises(ValueError, match="not an order"):
        simulate(rules, decks=[decks[0][:-1] + decks[0][:1]])
    with pytest.raises(ValueError, match="40 cards each"):
        simulate(rules, decks=[decks[0][:39]])


@pytest.mark.parametrize(
    ("name", "minimum"), [("classic", 0.75), ("three", 0.55), ("pairs", 0.75), ("six", 0.7)]
)
def test_simple_beats_random(name: str, minimum: float) -> None:
    rules = preset(name)
    res = simulate(rules, 20_000, seed=5, policies=("simple", "random"))
    if rules.team_count == 2:
        assert res.win_rates()[0] > minimum, res.win_rates()
    else:  # three players: seats 0 and 2 are simple, seat 1 random
        rates = res.win_rates()
        assert rates[1] < min(rates[0], rates[2]), rates
        assert rates[0] + rates[2] > minimum, rates


def test_simple_chiamata_callers_win_more_than_random_ones() -> None:
    rules = preset("chiamata")
    simple = simulate(rules, 20_000, seed=2, policies="simple")
    rand = simulate(rules, 20_000, seed=2, policies="random")
    won = simple.winners[:, 0][~simple.replay].mean()
    won_random = rand.winners[:, 0][~rand.replay].mean()
    assert won > won_random
    assert simple.replay.mean() < 0.5  # somebody bids in most deals


def test_unknown_option_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Future(Ruleset):
        double_trumps: bool = False

    assert ruleset_params(Future()) is not None  # at its default the option changes nothing
    with pytest.raises(FastUnsupportedError, match="double_trumps=True"):
        simulate(Future(double_trumps=True), 10)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown policy 'minimax'"):
        simulate(preset("classic"), 10, policies=("minimax",))
    with pytest.raises(ValueError, match="3 policies for 2 seats"):
        simulate(preset("classic"), 10, policies=("random", "simple", "random"))
    with pytest.raises(ValueError, match="dealer must be a seat"):
        simulate(preset("classic"), 10, dealer=2)
    with pytest.raises(ValueError, match="n_games"):
        simulate(preset("classic"))
    assert simulate("tre", 10).seat_points.shape == (10, 3)  # presets by name or alias


def test_options_reach_the_core() -> None:
    base = simulate(preset("classic"), 2000, seed=4)
    inverted = simulate(preset("classic", inversion=True), 2000, seed=4)
    assert (base.seat_points != inverted.seat_points).any()
    accusi = simulate(preset("classic", accusi=True), 2000, seed=4)
    assert accusi.seat_points.sum(axis=1).max() > 120  # declarations add points
    replay = simulate(preset("classic", tie="replay"), 20_000, seed=4)
    assert (replay.replay == (replay.team_points[:, 0] == 60)).all()
    assert replay.replay.any()


def test_numba_is_not_imported_by_the_rest_of_the_package() -> None:
    code = (
        "import sys, briscola, briscola.core.rules, briscola.core.game, briscola.core.record\n"
        "import briscola.tools.bench.reference, briscola.apps.cli.commands, briscola.fast\n"
        "import briscola.fast.core.layout, briscola.fast.core.params\n"
        "assert 'numba' not in sys.modules, 'numba imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_kernels_cache_follows_every_file_they_compile_in() -> None:
    """jitcache.DEPENDS must name, for each kernel module, every kernel or layout file of the
    fast package it imports, directly or through them: otherwise an edit there would leave a
    stale compiled kernel on disk. Every module with compiled kernels must be listed."""
    import ast
    from pathlib import Path

    from briscola.fast import jitcache

    fast = Path(jitcache.__file__).parent

    def has_kernels(path: Path) -> bool:
        source = path.read_text(encoding="utf-8")
        return any(mark in source for mark in ("@jit", "@_jit", "@_inline"))

    def compiled_in(rel: str) -> set[str]:
        """Files of the fast package (relative paths) whose code or constants ``rel``'s kernels
        may compile in."""
        tree = ast.parse((fast / rel).read_text(encoding="utf-8"))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("briscola.fast"):
                module = node.module or ""
                names.add(module)
                names.update(f"{module}.{alias.name}" for alias in node.names)
        relevant = set()
        for name in names:
            path = fast / (name.removeprefix("briscola.fast.").replace(".", "/") + ".py")
            if path.is_file() and (has_kernels(path) or path.name in ("layout.py", "jitcache.py")):
                relevant.add(str(path.relative_to(fast)))
        return relevant

    kernels = {
        str(p.relative_to(fast))[: -len(".py")] for p in fast.rglob("*.py") if has_kernels(p)
    }
    # the training package's kernels (briscola.train) are cached the same way
    train = fast.parent / "train"
    kernels |= {f"../train/{p.stem}" for p in train.glob("*.py") if has_kernels(p)}
    assert kernels == set(jitcache.DEPENDS), "every kernel module must be in jitcache.DEPENDS"
    for module, files in jitcache.DEPENDS.items():
        own = f"{module}.py"
        todo, seen = [own], set()
        while todo:
            for dep in compiled_in(todo.pop()) - seen:
                seen.add(dep)
                todo.append(dep)
        missing = (seen - {own}) - set(files)
        assert not missing, f"jitcache.DEPENDS[{module!r}] lacks {sorted(missing)}"
